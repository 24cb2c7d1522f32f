"""Whole games without an error, the conservation invariant checked after every move.

Issue 2 ("How it will be checked"): 1,000 random and 200 heuristic games per player count.
Those runs are marked ``slow`` (they still run in CI) and split into chunks of games,
parametrized by player configuration and chunk, so ``pytest -n 2`` spreads them over cores.
A small smoke run of the same loop stays in the fast suite.

Each game is a :class:`canasta.engine.game.Game` played to its preset's target; after every move
the deal's ``check_invariants()`` runs (every card in exactly one place, counts in step),
and at the end of each deal every meld is checked against the rules and the deal is scored.
"""

from __future__ import annotations

import random

import pytest

from canasta.agents import agent_names, make_agent
from canasta.agents.base import Agent
from canasta.engine.game import Game
from canasta.rules.fields import Rules
from helpers import check_melds

CONFIGS = ["classic", "classic(players=2)", "classic(players=3)", "classic(players=6)",
           "classic(players=6,teams=3)"]
RANDOM_GAMES = 1000
RANDOM_CHUNK = 250
HEURISTIC_GAMES = 200
HEURISTIC_CHUNK = 50
MAX_DEALS = 400
"""A game that has not reached its target after this many deals is reported as stuck."""


def play_checked_game(rules: Rules, seed: int, agents: list[Agent] | None = None) -> Game:
    """Play one game to the target, checking the invariants after every move.

    ``agents`` (one per seat) choose the moves; without them a seeded uniform random choice
    among the legal moves is made. Returns the finished game.

    Raises:
        AssertionError: an invariant broke, a deal offered no move, or the game did not end.
    """
    game = Game(rules, seed=seed, first_dealer=seed % rules.players)
    rng = random.Random(seed)
    while not game.over:
        assert len(game.logs) < MAX_DEALS, f"game {seed} of {rules.spec()} did not end"
        deal = game.new_deal()
        deal.check_invariants()
        while not deal.over:
            legal = deal.legal_actions()
            assert legal, f"deal {len(game.logs)} of game {seed}: no legal move"
            if agents is None:
                action = legal[rng.randrange(len(legal))]
            else:
                agent = agents[deal.to_act]
                view = deal.view(deal.to_act) if agent.needs_view else None
                action = agent.select(view, legal)
                assert action in legal, f"{agent.name} chose an illegal move {action}"
            game.apply_action(action)
            deal.check_invariants()
        check_melds(deal)
        game.finish_deal()
    assert game.winner is not None and max(game.totals) >= rules.target
    return game


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(total, start + size)) for start in range(0, total, size)]


def test_smoke_random_games_every_config() -> None:
    for spec in CONFIGS:
        rules = Rules.parse(spec)
        for seed in range(2):
            play_checked_game(rules, 10_000 + seed)


@pytest.mark.slow
@pytest.mark.parametrize("spec", CONFIGS)
@pytest.mark.parametrize(("start", "stop"), _chunks(RANDOM_GAMES, RANDOM_CHUNK))
def test_random_games(spec: str, start: int, stop: int) -> None:
    rules = Rules.parse(spec)
    for seed in range(start, stop):
        play_checked_game(rules, seed)


def _heuristic_available() -> bool:
    return "heuristic" in agent_names()


@pytest.mark.slow
@pytest.mark.skipif(not _heuristic_available(),
                    reason="the heuristic bot is not registered yet (src/canasta/agents/heuristic.py)")
@pytest.mark.parametrize("spec", CONFIGS)
@pytest.mark.parametrize(("start", "stop"), _chunks(HEURISTIC_GAMES, HEURISTIC_CHUNK))
def test_heuristic_games(spec: str, start: int, stop: int) -> None:
    rules = Rules.parse(spec)
    for seed in range(start, stop):
        agents = [make_agent("heuristic", seed * 10 + s) for s in range(rules.players)]
        play_checked_game(rules, seed, agents)
