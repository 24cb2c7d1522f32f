"""Every preset of ``canasta.rules.fields.preset_names()`` works end to end (DESIGN.md, "Tests").

Fast: ``canasta rules`` and ``canasta simulate`` run; random deals keep every engine invariant
after every move (conservation, counts, meld limits), clones agree, and each finished deal scores
with the shared scoring function; a recorded game replays to the same totals.
Slow (``-m slow``): 300 random and 100 heuristic whole games per preset with invariant checks.
"""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from canasta.agents import make_agent
from canasta.cli.main import app
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.engine.special_hands import special_hand_wins
from canasta.formats.records import record_from_game, replay_record
from canasta.play.match import play_deal, play_game
from canasta.rules.fields import Rules, RulesError, preset_names
from helpers import check_melds

PRESETS = preset_names()
RUNNER = CliRunner()


def test_the_variants_of_issue_3_are_registered() -> None:
    assert {"classic", "uruguay", "free-canasta", "spanish", "cuban", "romanian-tiles"} <= set(PRESETS)
    assert {"mexican", "pennies-from-heaven", "italian"} <= set(PRESETS)
    assert {"samba", "bolivia", "brazilian", "chilean"} <= set(PRESETS)
    assert {"escalator"} <= set(PRESETS)
    assert "hollywood" in PRESETS


@pytest.mark.parametrize("variant", PRESETS)
def test_rules_command(variant: str) -> None:
    out = RUNNER.invoke(app, ["rules", "--variant", variant])
    assert out.exit_code == 0, out.output
    assert f"Variant: {variant}" in out.output
    opts = RUNNER.invoke(app, ["rules", "--variant", variant, "--options"])
    assert opts.exit_code == 0, opts.output


@pytest.mark.parametrize("variant", PRESETS)
def test_every_option_text_rebuilds_the_same_rules(variant: str) -> None:
    r = Rules.parse(variant)
    assert Rules.parse(r.spec()) == r
    assert Rules.parse(f"canasta(variant={variant})") == r


@pytest.mark.parametrize("variant", PRESETS)
def test_simulate_command(variant: str) -> None:
    bots = ",".join(["heuristic", "random", "random"][: Rules.parse(variant).teams])
    out = RUNNER.invoke(app, ["simulate", "-n", "3", "--bots", bots, "--variant", variant, "--seed", "3"])
    assert out.exit_code == 0, out.output


@pytest.mark.parametrize("variant", PRESETS)
def test_random_deals_keep_the_invariants(variant: str) -> None:
    rules = Rules.parse(variant)
    rng = random.Random(7)
    for k in range(30):
        d = Deal(rules, dealer=k % rules.players, seed=1000 + k)
        d.check_invariants()
        while not d.over:
            legal = d.legal_actions()
            assert legal, f"{variant} deal {k}: no legal move in phase {d.phase}"
            if rng.random() < 0.05:
                assert d.clone().legal_actions() == legal
            d.apply_action(rng.choice(legal))
            d.check_invariants()
            check_melds(d)
        scores = d.score()
        assert len(scores) == rules.teams
        for s in scores:
            assert s.total == sum(v for key, v in s.breakdown.items() if not key.endswith("_canastas"))


@pytest.mark.parametrize("variant", PRESETS)
def test_a_recorded_game_replays(variant: str) -> None:
    rules = Rules.parse(variant)
    agents = [make_agent("heuristic" if s % 2 else "random", seed=s) for s in range(rules.players)]
    game = play_game(rules, agents, seed=11, check=True)
    assert game.over and game.winner is not None
    record = record_from_game(game)
    assert record["rules"] == variant
    result = replay_record(record)
    assert result.totals == game.totals and result.winner == game.winner


def _whole_games(variant: str, bot: str, n: int) -> None:
    rules = Rules.parse(variant)
    for g in range(n):
        agents = [make_agent(bot, seed=g * 10 + s) for s in range(rules.players)]
        if bot == "random" and (rules.win_requires_going_out or rules.incomplete_blocks_going_out):
            # random players almost never make the canastas to go out (or complete the melds that block it, MAC
            # A.9), and the penalties of such variants (romanian-tiles, modern-american) drive their totals down:
            # play ten whole deals instead
            game = Game(rules, seed=g)
            for _ in range(10):
                game.new_deal()
                deal = play_deal(game, agents, check=True)
                assert deal.over
                game.finish_deal()
            assert len(game.logs) == 10
            continue
        game = play_game(rules, agents, seed=g, check=True)
        assert game.over, f"{variant} game {g} with {bot} did not end"
        if rules.rounds:  # a game of so many deals (Hand and Foot): the highest total wins, whatever it is
            assert len(game.logs) >= rules.rounds
        elif game.deal is not None and special_hand_wins(game.deal) >= 0:  # a Dream Hand wins at once (MAC A.13)
            assert game.winner == special_hand_wins(game.deal)
        else:
            assert max(game.totals) >= rules.target


@pytest.mark.slow
@pytest.mark.parametrize("variant", PRESETS)
def test_300_random_games(variant: str) -> None:
    _whole_games(variant, "random", 300)


@pytest.mark.slow
@pytest.mark.parametrize("variant", PRESETS)
def test_100_heuristic_games(variant: str) -> None:
    _whole_games(variant, "heuristic", 100)


@pytest.mark.parametrize(("text", "message"), [
    ("spanish(canasta_count_bonuses=5-500)", "CANASTAS:BONUS pairs"),
    ("spanish(canasta_count_bonuses=7:2000/5:500)", "must ascend"),
    ("spanish(concealed_scale=1000/500)", "four bonuses"),
    ("spanish(concealed_scale=a/b/c/d)", "concealed_scale takes four bonuses"),
    ("cuban(canasta_max=5)", "at least 7"),
    ("uruguay(wild_meld_min=2)", "wild_meld_min must be at least 3"),
    ("uruguay(wild_meld_max=5,wild_meld_min=6)", "below wild_meld_min"),
    ("free-canasta(mixed_canasta_bonus_by_wilds=lots)", "bonuses for 1, 2, 3 wild cards"),
    ("cuban(black3_removed_values=5/10)", "must start with 0"),
    ("spanish(ask_fail_penalty=-1)", "0 or more"),
    ("cuban(players=2)", "cuban is played by 4 players"),
    ("mexican(rank_canasta_bonuses=7)", "RANK:POINTS pairs"),
    ("mexican(pile_blocking_rank=Z)", "a rank 4..10, J, Q, K or A"),
    ("mexican(extra_cards=-1)", "numbers of cards, 0 or more"),
    ("pennies-from-heaven(going_out_canastas=7/pure)", "kinds of canasta"),
    ("italian(dowry=maybe)", "dowry takes one of none, rank"),
    ("klondike", "known variants: .*classic, cuban, .*free-canasta, .*spanish, uruguay"),
])
def test_bad_variant_options_are_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.parse(text)
    out = RUNNER.invoke(app, ["rules", "--variant", text])
    assert out.exit_code == 2 and "Traceback" not in out.output


def test_table_options_round_trip() -> None:
    r = Rules.parse("classic(canasta_count_bonuses=3:100/6:900,concealed_scale=9/8/7/6,"
                    "mixed_canasta_bonus_by_wilds=none,black3_removed_values=0/1/2)")
    assert r.canasta_count_bonuses == ((3, 100), (6, 900)) and r.concealed_scale == (9, 8, 7, 6)
    assert r.mixed_canasta_bonus_by_wilds == () and r.black3_removed_bonus(4) == 4
    assert Rules.parse(r.spec()) == r
