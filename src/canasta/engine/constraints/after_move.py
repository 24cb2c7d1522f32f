"""A hand and a side's melds after a move candidate: the counts the constraints of the initial meld and of going out
plan on.
"""

from __future__ import annotations

from canasta.cards.deck import (
    JOKER_RANK,
    THREE,
    TWO,
)
from canasta.engine.constraints.canasta_in_opening import (
    required_kind,
    turn_canasta_kind,
)
from canasta.engine.state import (
    Candidate,
    DealState,
    side_melds,
)
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import MELD, WILD_TARGET


def _joined(cur: list[int] | None, n: int, w: int) -> list[int]:
    """``[naturals, wild cards]`` of a meld (``cur``, None for a new one) after ``n`` naturals and ``w``
    wild cards join it (the form of :mod:`canasta.engine.constraints.meld_plans`'s melds)."""
    return [n, w] if cur is None else [cur[0] + n, cur[1] + w]


def _rc_after_group(rank_counts: list[int], candidate: Candidate) -> list[int]:
    """A copy of the hand's counts by rank ``rc`` after candidate ``candidate`` (a meld or addition: id, target,
    naturals, twos, jokers) leaves the hand; the naturals of the meld of wild cards are twos
    (:func:`rank_counts_after` does the same for cards named one by one)."""
    _, r, n, t, j = candidate
    out = rank_counts[:]
    out[r if r != WILD_TARGET else TWO] -= n
    out[TWO] -= t
    out[JOKER_RANK] -= j
    return out


def counts_after_candidate(state: DealState, candidate: Candidate, side_ex: dict[int, list[int]] | None = None
) -> tuple[list[int], dict[int, list[int]], int, int]:
    """Counts, melds, canastas and points after candidate meld/add ``candidate`` (without applying it);
    ``side_ex``: :meth:`melds_by_rank` of the side where the caller has it (copied, not changed)."""
    _, r, n, t, j = candidate
    seat = state.turn
    side = state.side_of[seat]
    rank_counts = _rc_after_group(state.rank_counts[seat], candidate)
    melds_by_rank = side_melds(state, side) if side_ex is None else dict(side_ex)
    if r == TWO:  # the meld of twos stays out of the plans (feasibility.py knows ranks 4..A)
        mi = state.meld_index[side][TWO]
        before = state.melds[side][mi].size if mi >= 0 else 0
        grows = before < 7 <= before + n + j and state.rules.wild_canastas_count
        return rank_counts, melds_by_rank, state.canastas[side] + (1 if grows else 0), 0
    cur = melds_by_rank.get(r)
    if cur is not None and ACTIONS[candidate[0]][0] == MELD:  # a new meld beside canastas of the rank (§3.2)
        cur = None
    before = (cur[0] + cur[1]) if cur else 0
    melds_by_rank[r] = _joined(cur, n, t + j)
    cn = state.canastas[side] + (1 if before < 7 <= before + n + t + j else 0)
    pts = (
        state.rank_values[r if r != WILD_TARGET else TWO] * n
        + state.rank_values[TWO] * t
        + state.rank_values[JOKER_RANK] * j
    )
    return rank_counts, melds_by_rank, cn, pts


def rank_counts_after(state: DealState, used: tuple[int, ...]) -> list[int]:
    """Rank counts of the turn's player's hand without the cards ``used``."""
    rank_counts = state.rank_counts[state.turn][:]
    for c in used:
        rank_counts[c >> 2] -= 1
    return rank_counts


def canastas_missing_for_initial_meld(state: DealState, side: int, made: int = 0, joined: int = -1) -> int:
    """The kind of canasta (1 any, 2 natural) the side's initial meld still lacks, with a move that
    completes one of kind ``made``; 0 if none is needed or it is there (``min_meld_canasta_from`` on top
    of the count, :func:`canasta.engine.constraints.canasta_in_opening.required_kind`, §3.2).

    ``joined``: the target (rank, or the meld of wild cards) of the meld the move adds to, -1 for none; that
    meld counts as the move leaves it (``made``), not as it was: a wild card added to the turn's only
    natural canasta leaves it mixed, and the natural canasta is then missing again."""
    req = required_kind(state.rules, state.scores[side])
    if not req:
        return 0
    skip = None
    if joined >= 0:
        mi = state.meld_index[side][joined]
        skip = state.melds[side][mi] if mi >= 0 else None
    if max(made, turn_canasta_kind(state, side, skip)) >= req:
        return 0
    return req


def joined_target(candidate: Candidate) -> int:
    """The target of the meld candidate ``candidate`` adds to (an addition), -1 for a new meld: the ``joined`` of
    :func:`canastas_missing_for_initial_meld`."""
    return -1 if ACTIONS[candidate[0]][0] == MELD else candidate[1]


def turn_melds(state: DealState) -> dict[int, list[int]]:
    """The melds of this turn of the player's side by target, as ``[naturals, wild cards]``, the dead ranks shown full
    (:meth:`~canasta.engine.state.DealState.mark_dead`, MAC A.6) and black threes left out (they count nothing toward
    the initial meld): what the plans of the initial meld start from (RULES.md §1.6)."""
    return state.mark_dead({m.target: [m.nat, m.wild] for m in state.turn_new if m.target != THREE})
