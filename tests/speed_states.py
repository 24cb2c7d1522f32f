"""Positions and candidates shared by the tests of the speed shortcuts (tests/test_speed_*.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, TWO
from canasta.engine.constraints.initial_meld_reach import InitialMeldCheck
from canasta.engine.deal import P_PLAY, Deal
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, MELD, WILD_TARGET
from canasta.rules.fields import Rules

Candidate = tuple[int, int, int, int, int]
"""(action id, target, naturals, twos, jokers) of a meld or an addition."""


def states(spec: str, deals: int, eager: bool = True) -> Iterator[Deal]:
    """Positions of seeded random deals of ``spec``: each state before a move (do not change it). An eager
    player melds three times in four where he can, so that sequences, big melds and going out are reached."""
    rules = Rules.parse(spec)
    rng = random.Random(spec)
    for k in range(deals):
        deal = Deal(rules, dealer=k % rules.deal_players, seed=k)
        while not deal.over:
            yield deal
            legal = deal.legal_actions()
            melds = [a for a in legal if ACTIONS[a][0] in (MELD, ADD)]
            pick = melds if eager and melds and rng.random() < 0.75 else legal
            deal.apply_action(pick[int(rng.random() * len(pick))])


def shape_candidates(deal: Deal) -> list[Candidate]:
    """Every meld or addition of a rank 4..A or of wild cards the hand's counts allow by shape, legal or
    not (so that refused ones are checked too)."""
    rc = deal.rank_counts[deal.turn]
    out = []
    for a, (kind, target, n, t, j) in enumerate(ACTIONS):
        if (kind in (MELD, ADD) and (FOUR <= target <= ACE or target == WILD_TARGET)
                and n <= rc[target if target != WILD_TARGET else TWO] and t <= rc[TWO] and j <= rc[JOKER_RANK]
                and n + t + j > 0):
            out.append((a, target, n, t, j))
    return out


def counts_after(deal: Deal, check: InitialMeldCheck, x: Candidate) -> tuple[list[int], dict[int, list[int]]]:
    """The hand's counts by rank and this turn's melds (``check.base_turn``) after the candidate ``x``."""
    _, target, n, t, j = x
    rc = deal.rank_counts[deal.turn][:]
    rc[target if target != WILD_TARGET else TWO] -= n
    rc[TWO] -= t
    rc[JOKER_RANK] -= j
    turn = dict(check.base_turn)
    cur = turn.get(target)
    turn[target] = [n, t + j] if cur is None else [cur[0] + n, cur[1] + t + j]
    return rc, turn


def unopened_states(spec: str, deals: int) -> Iterator[tuple[Deal, int]]:
    """The states of :func:`states` where the player to move has drawn and his side has not made its initial
    meld, with that side."""
    for deal in states(spec, deals):
        side = deal.side_of[deal.turn]
        if deal.phase == P_PLAY and not deal.opened[side]:
            yield deal, side
