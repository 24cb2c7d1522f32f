"""When an initial meld is made, with the opening rules of the Romanian tile game.

Classic Canasta (RULES.md §1.6) asks only a minimum count. The tile game (§3.4, seed 002
l.79-82 and 128-132) adds: below a score the initial meld may hold no wild card
(``Rules.min_meld_no_wild_below``); from a score it must hold a canasta instead of a count
(``Rules.min_meld_canasta_from``, rows ``canasta`` or ``natural_canasta`` that a Brazilian
table may reuse); and an initial meld holding a complete canasta or a meld of wild cards needs
no count at all (``opening_canasta_waives_minimum``, ``opening_wild_meld_waives_minimum``).

The engine offers only melds that keep the initial meld reachable (``Deal._opening_special``);
this module answers the other question: do the melds made so far this turn open the side?
"""

from __future__ import annotations

from collections.abc import Iterable

from .rules import Rules

WILD_TARGET = 13
"""Target of a meld of wild cards (``canasta.moves.WILD_TARGET``)."""


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
        True if a canasta that the variant accepts is among them (required from the scores of
        ``min_meld_canasta_from``; otherwise where ``opening_canasta_waives_minimum``), or a meld
        of wild cards where ``opening_wild_meld_waives_minimum``, or, where no canasta is
        required, ``open_total`` reaches ``minimum``.
    """
    req = rules.opening_requirement(score)
    if any(meld_opens(rules, req, target, wild, size >= 7) for target, wild, size in new_melds):
        return True
    if req:
        return False
    return open_total >= minimum


def meld_opens(rules: Rules, req: str, target: int, wild: int, canasta: bool) -> bool:
    """Whether one meld is the initial meld by itself, whatever the count (§3.4, S2 l.79-82, 129-132).

    Args:
        rules: the variant.
        req: the canasta the side's score requires (``Rules.opening_requirement``: '' for none).
        target: the meld's target rank index (``WILD_TARGET`` for a meld of wild cards).
        wild: wild cards in the meld.
        canasta: the meld is (or becomes with this move) a canasta.

    Returns:
        True for a canasta that ``req`` accepts (any canasta for ``canasta``, a natural one for
        ``natural_canasta``; with no requirement, any canasta where ``opening_canasta_waives_minimum``),
        or a meld of wild cards where ``opening_wild_meld_waives_minimum``.
    """
    if canasta:
        natural = wild == 0 and target != WILD_TARGET
        if req == "canasta" or (req == "natural_canasta" and natural) or (
                not req and rules.opening_canasta_waives_minimum):
            return True
    return target == WILD_TARGET and rules.opening_wild_meld_waives_minimum


def opening_need(rules: Rules, score: int, minimum: int) -> str:
    """What a side at cumulative ``score`` needs for its initial meld, in words for people
    (``90 needed``; ``50 needed, no wild cards, or a canasta``; ``a canasta needed``)."""
    req = rules.opening_requirement(score)
    if req:
        text = f"a {req.replace('_', ' ')} needed"
    else:
        text = f"{minimum} needed"
        if not rules.opening_allows_wild(score):
            text += " without wild cards"
        if rules.opening_canasta_waives_minimum:
            text += ", or a canasta"
    if rules.opening_wild_meld_waives_minimum:
        text += ", or a meld of wild cards"
    return text
