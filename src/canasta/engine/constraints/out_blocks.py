"""Melds that forbid going out while incomplete (Modern American Canasta, RULES_AMERICAN.md A.9 [CLA via E, CC]).

Where ``Rules.incomplete_blocks_going_out``, a side may not go out while it holds an incomplete meld that the
scoring would penalise as incomplete (A.12): a natural meld of aces (``incomplete_aces_penalty``), a meld of
sevens (``incomplete_sevens_penalty``) or a meld of wild cards (``incomplete_wild_penalty``). Such a meld may be
completed in the very turn the side goes out. :func:`side_blocked` answers for the side's melds as they stand
(the engine then asks for an unreachable number of canastas), :func:`blocked_after` for the melds after a meld,
an addition or a pile take that would leave the player fewer than two cards.

:func:`wild_meld_open` serves the neighbouring rule of A.6 (``wild_meld_first``): while the side's meld of wild
cards is incomplete, no wild card joins another meld.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import ACE
from canasta.moves.notation import WILD_TARGET

if TYPE_CHECKING:
    from canasta.engine.state import DealState
    from canasta.rules.fields import Rules

SEVEN: Final = 5
"""Rank index of the sevens (0 = two)."""
CANASTA: Final = 7
"""Cards of a complete meld."""


def kind_blocks(rules: Rules, target: int, wild: int) -> bool:
    """Whether an incomplete meld of ``target`` (rank index, ``WILD_TARGET``) holding ``wild`` wild cards keeps
    its side from going out: one the scoring penalises as incomplete (A.9, A.12)."""
    if target == WILD_TARGET:
        return rules.incomplete_wild_penalty > 0
    if target == ACE:
        return wild == 0 and rules.incomplete_aces_penalty > 0
    return target == SEVEN and rules.incomplete_sevens_penalty > 0


def side_blocked(state: DealState, side: int, skip: int = -1) -> bool:
    """Whether ``side`` holds an incomplete meld that forbids going out (melds of target ``skip`` left out)."""
    rules = state.rules
    for m in state.melds[side]:
        if m.target != skip and len(m.cards) < CANASTA and kind_blocks(rules, m.target, m.wild):
            return True
    return False


def blocked_after(state: DealState, side: int, target: int, cards: int, wild: int) -> bool:
    """Whether ``side`` may not go out after ``cards`` cards, ``wild`` of them wild cards, join its meld of
    ``target`` (a new meld where it has none): an incomplete meld of the kinds of :func:`kind_blocks` is left,
    the one of ``target`` counted as it will be. False where the rule is off."""
    if not state.rules.incomplete_blocks_going_out:
        return False
    if side_blocked(state, side, target):
        return True
    mi = state.meld_index[side][target]
    size, w = cards, wild
    if mi >= 0:
        m = state.melds[side][mi]
        size += len(m.cards)
        w += m.wild
    return size < CANASTA and kind_blocks(state.rules, target, w)


def wild_meld_open(state: DealState, side: int) -> bool:
    """Whether ``side`` holds a meld of wild cards that is not yet complete (MAC A.6: while it is, the side puts
    no wild card into another meld, ``wild_meld_first``)."""
    mi = state.meld_index[side][WILD_TARGET]
    return mi >= 0 and len(state.melds[side][mi].cards) < CANASTA
