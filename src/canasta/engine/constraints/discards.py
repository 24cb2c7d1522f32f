"""Modern American Canasta's discard restrictions (RULES_AMERICAN.md A.5), read from the fields
``empty_pile_forbidden`` and ``wild_discard_forced_only``:

* SWAD [CLA]: sevens, wild cards and aces may not be discarded onto an empty pile (the first turn of a deal, or
  after the pile was taken); pagat's reading (``aces_sevens``) names only aces and sevens, "unless these are the
  only natural cards you have" [P];
* a wild card is discarded only by a player going out or whose hand is all wild cards [CLA, P].

The last card of a player going out is free of both (A.9). A player left with only forbidden cards is never stuck
(the engine offers a discard in every position): T's fallback, an ace or a seven first, then a wild card (A.5,
**UNCLEAR** in the spec; docs/variants/modern-american.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER_RANK, THREE, TWO
from canasta.moves.actions import DISCARD_BASE

if TYPE_CHECKING:
    from canasta.engine.state import DealState

SEVEN: Final = 5
"""Rank index of the sevens (``RANKS = "23456789TJQKA"``)."""


def _ace_or_seven(card: int) -> bool:
    return not IS_WILD[card] and (card >> 2 == ACE or card >> 2 == SEVEN)


def discard_problem(state: DealState, seat: int, card: int, dead: int = -1) -> str:
    """Why the rules of A.5 forbid ``seat`` to discard ``card`` now, as a reason code ('' where they do not; the
    words are :func:`canasta.engine.explain.explain_refusal`'s): checked against the other cards he holds, so
    that a player holding only forbidden cards may still discard. Codes: ``three_no_discard``,
    ``wild_discard_only_going_out``,
    ``empty_pile_no_wild``, ``empty_pile_no_dead_rank``, ``empty_pile_no_ace_seven``,
    ``empty_pile_ace_seven_last``. ``dead``: the dead ranks (:meth:`DealState.dead_mask`) where the caller has them,
    -1 to read them here."""
    rules = state.rules
    size = state.hand_sizes[seat]
    rc = state.rank_counts[seat]
    if rc[THREE] and rules.threes_by_colour and card >> 2 == THREE:
        return "three_no_discard"  # the three kept for the Straight (A.3, A.5)
    if size <= 1:
        return ""  # going out: any card but a three (A.9)
    wilds = rc[TWO] + rc[JOKER_RANK]
    naturals = size - wilds - rc[THREE]  # a three held (kept for the Straight, A.3) is never discarded
    others = naturals - rc[ACE] - rc[SEVEN]  # naturals that are neither aces nor sevens (pagat's reading)
    if rules.wild_discard_forced_only and IS_WILD[card] and naturals:
        return "wild_discard_only_going_out"
    mode = rules.empty_pile_forbidden
    if mode == "none" or state.pile:
        return ""
    if mode == "swad":
        if IS_WILD[card]:
            return "empty_pile_no_wild" if naturals else ""
        if dead < 0:
            dead = state.dead_mask()
        dead_held = sum(rc[r] for r in range(FOUR, ACE + 1) if dead >> r & 1) if dead else 0
        live_as = (0 if dead >> ACE & 1 else rc[ACE]) + (0 if dead >> SEVEN & 1 else rc[SEVEN])
        rest = naturals - live_as - dead_held  # the naturals SWAD leaves free
        if dead >> (card >> 2) & 1:
            return "empty_pile_no_dead_rank" if rest or live_as else ""
        if _ace_or_seven(card) and rest:
            return "empty_pile_no_ace_seven"
        return ""
    if _ace_or_seven(card) and others:
        return "empty_pile_ace_seven_last"
    return ""


def allowed_discards(state: DealState, seat: int, acts: list[int]) -> list[int]:
    """Of the discard move ids ``acts``, those :func:`discard_problem` allows (never all refused: each rule yields
    where the hand holds nothing else)."""
    rc = state.rank_counts[seat]
    size = state.hand_sizes[seat]
    if state.pile and size > 1:  # the usual case: the rules of the empty pile do not apply (as discard_problem)
        rules = state.rules
        no_three = rc[THREE] and rules.threes_by_colour  # "three_no_discard"
        no_wild = rules.wild_discard_forced_only and size > rc[TWO] + rc[JOKER_RANK] + rc[THREE]  # a natural held
        if not (no_three or no_wild):
            return acts
        return [a for a in acts if not ((no_three and (a - DISCARD_BASE) >> 2 == THREE)
                                        or (no_wild and IS_WILD[a - DISCARD_BASE]))]
    dead = state.dead_mask()  # once for the hand
    return [a for a in acts if not discard_problem(state, seat, a - DISCARD_BASE, dead)]
