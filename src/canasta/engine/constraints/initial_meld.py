"""When an initial meld is made: the minimum count and the opening rules beyond it.

Classic Canasta (RULES.md §1.6) asks only a minimum count. The tile game (§3.4, seed 002
l.79-82 and 128-132) adds: below a score the initial meld may hold no wild card
(``Rules.min_meld_no_wild_below``); an initial meld holding a complete canasta or a meld of wild
cards needs no count at all (``opening_canasta_waives_minimum``, ``opening_wild_meld_waives_minimum``).
From the scores of ``Rules.min_meld_canasta_from`` (one reading: ``Rules.opening_requirement``) the
initial meld must hold a canasta made in that turn (``canasta`` or ``natural_canasta``): where a
canasta waives the count it replaces the count (tile game: from 5000), otherwise it comes on top of
the count (Brazilian §3.2: from 7000, natural from 9000).

The engine offers only melds that keep the initial meld reachable (``initial_meld_special_case`` where
the canasta replaces the count, :mod:`canasta.engine.constraints.canasta_in_opening` where it comes on top of it); this
module answers the other question: do the melds made so far this turn open the side?
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from canasta.cards.deck import JOKER_RANK, TWO
from canasta.rules.fields import Rules

WILD_TARGET: Final = 13
"""Target of a meld of wild cards (``canasta.moves.notation.WILD_TARGET``)."""


def opening_met(rules: Rules, score: int, open_total: int, minimum: int,
                new_melds: Iterable[tuple[int, int, int]]) -> bool:
    """Whether the melds a player made this turn are his side's initial meld.

    Args:
        rules: the variant.
        score: the side's cumulative score at the start of the deal (points).
        open_total: card values melded this turn (points; §1.6).
        minimum: the side's minimum count (points).
        new_melds: this turn's new melds as (target rank, wild cards, cards).

    Returns:
        True if a canasta that opens by itself is among them (``opening_canasta_waives_minimum``: any
        canasta, or from the scores of ``min_meld_canasta_from`` the canasta asked), or a meld of wild
        cards where ``opening_wild_meld_waives_minimum``; otherwise, unless the canasta replaces the
        count, if ``open_total`` reaches ``minimum`` and the melds hold the canasta asked, if any.
    """
    melds = list(new_melds)
    req = rules.opening_requirement(score)
    if any(meld_opens(rules, req, target, wild, size >= 7) for target, wild, size in melds):
        return True
    if req and (rules.opening_canasta_waives_minimum
                or not any(size >= 7 and canasta_fits(req, target, wild) for target, wild, size in melds)):
        return False
    return open_total >= minimum


def canasta_fits(req: str, target: int, wild: int) -> bool:
    """Whether a canasta of ``target`` (rank index, ``WILD_TARGET``) with ``wild`` wild cards is the
    canasta ``req`` asks for (``Rules.opening_requirement``): any for ``canasta``, one without wild
    cards for ``natural_canasta`` (a canasta of wild cards is not natural); anything for ''."""
    return req != "natural_canasta" or (wild == 0 and target != WILD_TARGET)


def count_requirement(rules: Rules, score: int) -> str:
    """The canasta that replaces the minimum count for a side at cumulative ``score`` (points):
    ``Rules.opening_requirement`` where ``opening_canasta_waives_minimum``, else '' (the count applies,
    with any canasta asked on top of it: :func:`canasta.engine.constraints.canasta_in_opening.required_kind`)."""
    return rules.opening_requirement(score) if rules.opening_canasta_waives_minimum else ""


def meld_opens(rules: Rules, req: str, target: int, wild: int, canasta: bool) -> bool:
    """Whether one meld is the initial meld by itself, whatever the count (§3.4, S2 l.79-82, 129-132).

    Args:
        rules: the variant.
        req: the canasta the side's score requires (``Rules.opening_requirement``: '' for none).
        target: the meld's target rank index (``WILD_TARGET`` for a meld of wild cards).
        wild: wild cards in the meld.
        canasta: the meld is (or becomes with this move) a canasta.

    Returns:
        True, where ``opening_canasta_waives_minimum``, for a canasta that ``req`` accepts (any canasta
        for '' and ``canasta``, a natural one for ``natural_canasta``), or a meld of wild cards where
        ``opening_wild_meld_waives_minimum``. Where the canasta does not waive the count, no meld opens
        by itself (the canasta of ``req`` comes on top of the count).
    """
    if canasta and rules.opening_canasta_waives_minimum and canasta_fits(req, target, wild):
        return True
    return target == WILD_TARGET and rules.opening_wild_meld_waives_minimum


def shape_verdict(rules: Rules, score: int, target: int, wild_in_move: int, wild_after: int,
                  makes_canasta: bool) -> bool | None:
    """The shape rules of §3.4 (S2 l.79-82, 128-132) for one meld or addition of an unopened side at cumulative
    ``score`` (points): True where the move opens the side by itself (:func:`meld_opens`; ``wild_after``: wild cards
    in its meld after it, ``makes_canasta``: it completes a canasta), False where they refuse it (only the canasta
    asked where that canasta replaces the count; a move with ``wild_in_move`` wild cards where the opening allows
    none), None where they leave it to the count."""
    req = rules.opening_requirement(score)
    if meld_opens(rules, req, target, wild_after, makes_canasta):
        return True
    if req and rules.opening_canasta_waives_minimum:
        return False
    if wild_in_move and not rules.opening_allows_wild(score):
        return False
    return None


def wild_meld_opens_later(rules: Rules, rank_counts: list[int], keep: int) -> bool:
    """Where a meld of wild cards makes the initial meld by itself whatever the count (``wild_melds`` with
    ``opening_wild_meld_waives_minimum``, the tile game §3.4, S2 l.129-132), whether the hand ``rank_counts`` (by
    rank index, after a move of this turn or a take) can still lay one down (``wild_meld_min`` wild cards) keeping
    ``keep`` cards (the cards to keep less those of the pile that join the hand), as the move generation offers it.
    Else False.

    >>> from canasta.rules.fields import Rules
    >>> hand = [2] + [0] * 7 + [1, 1, 0, 0, 0, 1]  # two twos, a ten, a jack, a joker (rank index 13)
    >>> wild_meld_opens_later(Rules.preset("romanian-tiles"), hand, 2)
    True
    >>> wild_meld_opens_later(Rules.preset("romanian-tiles"), hand, 3)  # a card too few kept
    False
    >>> wild_meld_opens_later(Rules.preset("classic"), hand, 2)  # no meld of wild cards there
    False
    """
    if not (rules.opening_wild_meld_waives_minimum and rules.wild_melds):
        return False
    start = rules.wild_meld_min
    return rank_counts[TWO] + rank_counts[JOKER_RANK] >= start and sum(rank_counts) - start >= keep


def added_requirement(rules: Rules, score: int) -> str:
    """The canasta a side at cumulative ``score`` (points) needs on top of the minimum count, completed in
    the turn of its initial meld: ``canasta``, ``natural_canasta`` (``min_meld_canasta_from`` where the
    canasta does not waive the count: Brazilian §3.2, from 7000 and 9000), or '' (none, or the canasta
    replaces the count: :func:`count_requirement`)."""
    return "" if rules.opening_canasta_waives_minimum else rules.opening_requirement(score)


def opening_need(rules: Rules, score: int, minimum: int) -> str:
    """What a side at cumulative ``score`` needs for its initial meld, in words for people
    (``90 needed``; ``50 needed without wild cards, or a canasta``; ``a canasta needed``; with a canasta
    on top of the count, Brazilian §3.2: ``120 needed, with a canasta``, ``120 needed, with a natural
    canasta``)."""
    req = count_requirement(rules, score)
    if req:
        text = f"a {req.replace('_', ' ')} needed"
    else:
        text = f"{minimum} needed"
        if not rules.opening_allows_wild(score):
            text += " without wild cards"
        added = added_requirement(rules, score)
        if added:
            text += f", with a {added.replace('_', ' ')}"
        if rules.opening_canasta_waives_minimum:
            text += ", or a canasta"
    if rules.opening_wild_meld_waives_minimum:
        text += ", or a meld of wild cards"
    return text
