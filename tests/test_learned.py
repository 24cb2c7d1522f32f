"""The ``learned`` player: shipped weights read with NumPy alone, legal moves in every preset, determinism, the
feature encoder, bad input, and (slow, with PyTorch) a few steps of the training script."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from canasta.agents.learned.agent import LearnedAgent, load_net
from canasta.agents.learned.features import MOVE_SIZE, STATE_SIZE, move_features, state_features
from canasta.agents.learned.model import PARAMETERS, WEIGHTS_PATH, PolicyValueNet
from canasta.agents.memory import CardMemory
from canasta.agents.registry import agent_names, make_agent
from canasta.engine.game import Game
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import DISCARD
from canasta.play.match import play_deal
from canasta.rules.fields import Rules
from helpers import table_specs

ROOT = Path(__file__).resolve().parents[1]
SPECS = table_specs(["", "players=2", "players=3", "players=5", "players=6", "players=6,teams=3"])


def _random_position(spec: str, seed: int) -> tuple[Game, list[int]]:
    """A deal of ``spec`` after a random number of random legal moves (not over), and its legal ids."""
    rng = random.Random(seed)
    game = Game(Rules.parse(spec), seed=seed)
    deal = game.new_deal()
    for _ in range(rng.randrange(0, 120)):
        legal = deal.legal_actions()
        deal.apply_action(rng.choice(legal))
        if deal.over:
            game = Game(Rules.parse(spec), seed=seed + 1000)
            deal = game.new_deal()
    return game, list(deal.legal_actions())


def test_shipped_weights_are_small_and_registered() -> None:
    assert WEIGHTS_PATH.is_file() and WEIGHTS_PATH.stat().st_size < 500_000
    net = load_net()
    assert net.w1.shape == (STATE_SIZE, net.w1.shape[1]) and net.wa.shape[0] == MOVE_SIZE
    assert "learned" in agent_names()
    assert make_agent("learned", 3).name == "learned"


def test_plays_with_numpy_only_no_torch() -> None:
    """A fresh interpreter plays a whole deal with the shipped weights and never imports torch."""
    code = (
        "import sys\n"
        "from canasta.agents.registry import make_agent\n"
        "from canasta.engine.game import Game\n"
        "from canasta.play.match import play_deal\n"
        "from canasta.rules.fields import Rules\n"
        "game = Game(Rules.parse('classic'), seed=5); game.new_deal()\n"
        "play_deal(game, [make_agent('learned', s) if s % 2 == 0 else make_agent('hard', s) for s in range(4)])\n"
        "assert game.deal.over\n"
        "print('torch' in sys.modules, 'numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert out.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("spec", SPECS)
def test_legal_moves_on_random_positions_of_every_preset(spec: str) -> None:
    """From positions reached by random play (its memory rebuilt from the view alone), it picks a legal id."""
    for seed in range(3):
        game, legal = _random_position(spec, seed)
        deal = game.deal
        assert deal is not None
        agent = LearnedAgent(seed)
        view = deal.view(deal.to_act)
        assert agent.select(view, legal) in legal


@pytest.mark.parametrize("spec", ["classic", "classic(players=2)", "samba", "hollywood", "italian"])
def test_plays_a_whole_deal_against_hard(spec: str) -> None:
    """A whole deal with the observe hooks: the game loop refuses any illegal id (a RuntimeError)."""
    rules = Rules.parse(spec)
    game = Game(rules, seed=11)
    game.new_deal()
    agents = [make_agent("learned" if seat % 2 == 0 else "hard", seat) for seat in range(rules.players)]
    deal = play_deal(game, agents, check=True)
    assert deal.over


def _moves(spec: str, temperature: float, seed: int) -> list[str]:
    rules = Rules.parse(spec)
    game = Game(rules, seed=4)
    game.new_deal()
    log: list[str] = []
    agents = [LearnedAgent(seed * 10 + seat, temperature=temperature) for seat in range(rules.players)]
    play_deal(game, agents, on_move=lambda _deal, seat, move: log.append(f"{seat}:{move}"))
    return log


def test_value_is_a_margin_in_points() -> None:
    game, _legal = _random_position("classic", 9)
    deal = game.deal
    assert deal is not None
    agent = LearnedAgent(1)
    value = agent.value(deal.view(deal.to_act))
    assert np.isfinite(value) and abs(value) <= 10_000  # the net's unit is 1000 points, trained on margins of ±4000
    assert value == 1000.0 * agent.net.value(state_features(deal.view(deal.to_act), agent.memory)[0])


def test_deterministic_for_a_seed() -> None:
    assert _moves("classic", 0.0, 1) == _moves("classic", 0.0, 1) == _moves("classic", 0.0, 2)
    sampled = _moves("classic", 1.0, 1)
    assert sampled == _moves("classic", 1.0, 1)
    assert sampled != _moves("classic", 1.0, 2)  # a sampling player follows its seed


def test_feature_encoder_shapes_and_meaning() -> None:
    game, legal = _random_position("classic", 7)
    deal = game.deal
    assert deal is not None
    view = deal.view(deal.to_act)
    memory = CardMemory()
    memory.sync(view)
    state, reading = state_features(view, memory)
    moves = move_features(reading, legal)
    assert state.shape == (STATE_SIZE,) and state.dtype == np.float32
    assert moves.shape == (len(legal), MOVE_SIZE) and moves.dtype == np.float32
    assert np.isfinite(state).all() and np.isfinite(moves).all()
    assert abs(float(state[:14].sum()) * 4 - len(view.hand)) < 1e-4  # the hand's counts by rank
    for row, action in zip(moves, legal, strict=True):
        decoded = DECODED_ACTIONS[action]
        assert row[decoded.kind] == 1.0 and row[:9].sum() == 1.0
        if decoded.kind == DISCARD:
            assert row[15 + (decoded.card >> 2)] == 1.0
            assert row[29] == sum(1 for card in view.hand if card >> 2 == decoded.card >> 2) / 4


def test_bad_input_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="temperature"):
        make_agent("learned(temperature=-1)")
    with pytest.raises(ValueError, match="no option"):
        make_agent("learned(depth=2)")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a weights file")
    with pytest.raises(ValueError, match="cannot read"):
        PolicyValueNet.load(bad)
    other = tmp_path / "other.npz"
    arrays = dict(np.load(WEIGHTS_PATH))
    arrays["version"] = np.asarray(999)
    np.savez(other, **arrays)
    with pytest.raises(ValueError, match="version 999"):
        PolicyValueNet.load(other)
    with pytest.raises(ValueError, match="lack"):
        PolicyValueNet({name: arrays[name] for name in PARAMETERS[:-1]})
    with pytest.raises(ValueError, match="needs the seat's view"):
        LearnedAgent(1).select(None, [1, 2])


@pytest.mark.slow
def test_training_smoke(tmp_path: Path) -> None:
    """A few deals and steps of scripts/train_learned.py: it writes weights the NumPy player reads."""
    pytest.importorskip("torch")
    pytest.importorskip("matplotlib")
    config = tmp_path / "tiny.toml"
    config.write_text(
        '[run]\nseed = 3\nthreads = 1\nout = "weights.npz"\nlog_dir = "logs"\n'
        '[data]\nheldout = 0.25\npresets = [{spec = "classic", deals = 4}, {spec = "samba", deals = 1}]\n'
        "[model]\nhidden = 16\nmove_hidden = 8\n"
        "[train]\nepochs = 2\nbatch = 32\nlr = 0.01\nvalue_coef = 0.5\neval_every = 2\n")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import train_learned
    finally:
        sys.path.pop(0)
    weights, logs = tmp_path / "weights.npz", tmp_path / "logs"
    assert train_learned.main(["--config", str(config), "--out", str(weights), "--log-dir", str(logs)]) == 0
    assert (logs / "learning_curve.png").stat().st_size > 0
    assert (logs / "learning_curve.csv").read_text().startswith("decisions_seen")
    net = PolicyValueNet.load(weights)
    assert net.w1.shape == (STATE_SIZE, 16)
    rules = Rules.parse("classic")
    game = Game(rules, seed=2)
    game.new_deal()
    assert play_deal(game, [LearnedAgent(seat, net=net) for seat in range(4)]).over
