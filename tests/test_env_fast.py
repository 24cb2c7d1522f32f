"""Oracle tests of the environment's incremental observation and mask (canasta.env.tracker).

The observation kept up to date move by move must equal, for every seat after every move, the one built from
scratch from that seat's ``PlayerView`` and the public memory (:func:`canasta.env.observation.build_observation`,
the slow reference); the mask kept entry by entry must equal the mask of ``deal.legal_moves()`` (the moves as
the engine lists them, turned into ids) and the legal ids list its ones. Random games of every preset (deal
and game episodes, every table size each preset accepts, five players included).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from canasta.env import canasta_v0  # noqa: E402
from canasta.env.observation import build_action_mask, build_observation  # noqa: E402
from canasta.moves.actions import N_ACTIONS, action_of  # noqa: E402
from canasta.rules.fields import Rules, RulesError  # noqa: E402
from helpers import table_specs  # noqa: E402

SPECS = table_specs(("", "players=2", "players=3", "players=3,cutthroat=true", "players=5", "players=6,teams=3"))


def _slow_mask(env: Any) -> np.ndarray:
    """The mask from scratch: the engine's legal moves (``legal_moves``), each turned into its id."""
    deal = env.deal
    return build_action_mask([action_of(m) for m in deal.legal_moves()])


def _check_seats(env: Any, agents: list[str]) -> None:
    deal = env.deal
    for agent in agents:
        seat = env._deal_seat[env._seat_of[agent]]
        got = env.observe(agent)["observation"]
        if seat < 0:
            assert not got.any()
            continue
        want = build_observation(deal.view(seat), env._memory, env.layout)
        if not np.array_equal(got, want):
            bad = np.flatnonzero(got != want)
            names = sorted({b.name for b in env.layout.blocks for i in bad if b.offset <= i < b.offset + b.size})
            raise AssertionError(f"{env.rules.spec()} seat {seat}: blocks {names} differ at {bad[:10]}")


def _run(spec: str, seed: int, episode: str = "deal", steps: int = 400) -> int:
    env = canasta_v0.raw_env(variant=spec, episode=episode, max_steps=steps)
    env.reset(seed=seed)
    rng = random.Random(seed)
    n = 0
    for agent in env.agent_iter(steps * 2):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert not obs["action_mask"].any() and env.legal_ids(agent) == []
            env.step(None)
            continue
        # every seat after some moves, only the one to act after others (what is not looked at lags behind)
        _check_seats(env, env.possible_agents if rng.random() < 0.3 else [agent])
        mask = obs["action_mask"]
        assert np.array_equal(mask, _slow_mask(env))
        legal = env.legal_ids(agent)
        assert sorted(legal) == [int(i) for i in np.flatnonzero(mask)] and len(set(legal)) == len(legal)
        env.step(legal[rng.randrange(len(legal))])
        n += 1
    return n


@pytest.mark.parametrize("spec", SPECS)
def test_incremental_observation_and_mask_equal_the_slow_ones(spec: str) -> None:
    assert sum(_run(spec, seed) for seed in (1, 2)) > 20


@pytest.mark.parametrize("spec", ["classic", "samba", "hollywood", "classic(players=5)",
                                  "classic(players=3,cutthroat=true)"])
def test_incremental_observation_over_a_game_episode(spec: str) -> None:
    try:
        Rules.parse(spec)
    except RulesError:
        pytest.skip(f"no preset {spec}")
    assert _run(spec, 7, episode="game", steps=900) > 300


def test_legal_ids_are_a_copy_and_empty_for_a_waiting_agent() -> None:
    env = canasta_v0.raw_env(variant="classic(players=2)")
    env.reset(seed=3)
    actor = env.agent_selection
    other = next(a for a in env.possible_agents if a != actor)
    ids = env.legal_ids()
    mask = env.observe(actor)["action_mask"]
    assert sorted(ids) == sorted(env.legal_ids(actor)) == [int(i) for i in np.flatnonzero(mask)]
    assert env.legal_ids(other) == [] and not env.observe(other)["action_mask"].any()
    ids.clear()
    assert env.legal_ids() != []
    assert all(0 <= i < N_ACTIONS for i in env.legal_ids())
