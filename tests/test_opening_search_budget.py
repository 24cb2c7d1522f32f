"""The exact initial-meld search with sequences never leaves a player without a move (RULES.md §1.6, §3.2).

:func:`canasta.engine.constraints.initial_meld_search.opening_reachable` gives up past a budget of states and then
refuses the move. A move it allowed had a path to the minimum behind it; the search keeps the turn's answers, so
after the move the path's next move is still allowed however small the budget. Found (2026-11-28) in a Hollywood
game: after an unopened side took the pile with a pair of queens, the search from the new position went past its
budget at its first candidate and every move was refused.

The game of the CI replays on both builds; the tiny budgets, a module constant that a compiled module reads inline
past a patch, on the pure build only.
"""

from __future__ import annotations

import random

import pytest

from canasta.agents import make_agent
from canasta.build_info import is_compiled
from canasta.engine.constraints import initial_meld_search
from canasta.engine.deal import Deal
from canasta.moves.actions import action_of
from canasta.moves.notation import Move
from canasta.play.match import play_game
from canasta.rules.fields import Rules
from helpers import make_deal
from oracles.positions import _choose

DEALS = 6
SEQUENCE_PRESETS = ("hollywood", "italian", "chilean", "samba", "bolivia", "hollywood(players=6)")


@pytest.mark.skipif(is_compiled("canasta.engine.constraints.initial_meld_search"),
                    reason="the budget is read inline by the compiled module: the pure build runs this test")
@pytest.mark.parametrize("preset", SEQUENCE_PRESETS)
@pytest.mark.parametrize("budget", [3, 12])
def test_a_tiny_budget_leaves_no_dead_end(preset: str, budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(initial_meld_search, "SEARCH_BUDGET", budget)
    rules = Rules.parse(preset)
    rng = random.Random(f"budget/{preset}/{budget}")
    for k in range(DEALS):
        d = Deal(rules, dealer=k % rules.players, seed=rng.randrange(1 << 30))
        while not d.over:
            d.apply_action(_choose(d, d.legal_actions(), rng))  # takes and melds first, as people play
            d.check_invariants()  # fails where the player to act has no legal move


def test_the_hollywood_game_of_the_ci_goes_on() -> None:
    """``test_variants_smoke``'s 232nd random game of Hollywood: in its sixth deal the second side had not opened
    (160 to make), its player at the fourth seat took the pile with QH QH and the search from the new position
    went past its budget, so no move was left (the random player got an empty list). 5C 5C 5C, three more
    fives, TC TH TS, 4D 5D 2D 7D and 5S 2S 7S 8S make the minimum."""
    rules = Rules.parse("hollywood")
    agents = [make_agent("random", seed=2320 + s) for s in range(rules.players)]
    game = play_game(rules, agents, seed=232, check=True)
    assert game.over


@pytest.mark.skipif(is_compiled("canasta.engine.constraints.initial_meld_search"),
                    reason="the budget is read inline by the compiled module: the pure build runs this test")
def test_the_search_reaches_the_first_canasta_and_its_cards_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Escalator (§3.5): the first canasta brings the top 11 stock cards, which may make up the initial meld of the
    same turn. 120 to make with wild cards counting nothing (``min_meld_naturals_only``): the hand's naturals make
    95 at most, so only the queens' canasta and its cards (four kings and three aces, 100) open. Where a first
    canasta brings cards the search tries the moves that leave the biggest meld first, so it finds that path in 3
    states; in the order of the move ids it melded the fours, fives and sixes first and, on a budget of 5 states,
    gave up and refused the queens. Found by the opening oracle in escalator with ``min_meld_naturals_only``
    (2026-11-29, the position of the sweep's game 208): an unopened player with 24 cards and 120 to make through a
    first canasta was offered four melds of fives and none of the queens that make the canasta: the search of the
    first move went past its budget, and the position's later moves were then refused with it (38 moves that keep
    the minimum reachable; none now, the search finding each path within the budget of 400)."""
    monkeypatch.setattr(initial_meld_search, "SEARCH_BUDGET", 5)
    d = make_deal("escalator(min_meld_naturals_only=true)",
                  ["QC QC QD QS QS JK JK 4C 4D 4H 5C 5D 5H 6C 6D"], upcard="7C",
                  stock="6H 8C KC KD KH KS AC AD AH 9C 9D 9H TC", scores=[3000, 0])
    d.apply("draw")  # (no legal moves asked yet: the search below is the first of the position)
    assert d.minimum[0] == 120
    assert initial_meld_search.opening_reachable(d, action_of(Move.parse("meld QC QC QD")))
