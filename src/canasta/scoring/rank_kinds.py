"""Scoring by rank and by kind of canasta: canastas and cards left in hand of a given rank, and a red-three
set paid only with a kind of canasta.

Read from :class:`~canasta.rules.fields.Rules` fields by :mod:`canasta.scoring.deal_score` (the one scoring function):

* ``rank_canasta_bonuses`` / ``rank_canasta_mixed_bonuses``: the bonus of a canasta of a rank, natural
  and mixed (Mexican §3.2, Pennies §3.5; the escalator game's sevens 1500 / 1000, S4 l.63-65);
* ``rank_hand_penalties``: points lost for each card of a rank left in a hand (escalator: a seven -500,
  S4 l.69);
* ``red3_set_needs_canasta``: the top entry of ``red3_values`` is paid only to a side with one of these
  kinds of canasta (escalator: six red threes 2000 after a Bolivia, an escalator or a natural canasta of
  sevens, S4 l.55).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.cards.deck import JOKER, RANKS

if TYPE_CHECKING:
    from canasta.rules.fields import Rules


def rank_canasta_bonus(rules: Rules, rank: int, natural: bool) -> int | None:
    """Bonus in points of a natural (``natural``) or mixed canasta of rank index ``rank`` (0 = 2 .. 12 = A)
    where a rank field sets one, else None (the usual bonus applies)."""
    if not natural:
        for r, points in rules.rank_canasta_mixed_bonuses:
            if RANKS.index(r) == rank:
                return points
    for r, points in rules.rank_canasta_bonuses:
        if RANKS.index(r) == rank:
            return points
    return None


def rank_hand_penalty(rules: Rules, card: int) -> int | None:
    """Points (positive) that ``card`` left in a hand costs by ``rank_hand_penalties``, else None."""
    if card == JOKER:
        return None
    for r, points in rules.rank_hand_penalties:
        if RANKS.index(r) == card >> 2:
            return points
    return None


def kind_matches(token: str, kind: str, rank: int) -> bool:
    """Whether a canasta of ``kind`` (natural, mixed, wild, sequence) and rank index ``rank`` (-1 for
    wild canastas and sequences) is of the kind ``token`` of ``red3_set_needs_canasta``: a kind, a rank
    letter (any canasta of it) or ``natural-R`` / ``mixed-R``."""
    want, _, r = token.partition("-")
    if r:
        return kind == want and rank == RANKS.index(r)
    if token in ("natural", "mixed", "wild", "sequence"):
        return kind == token
    return kind in ("natural", "mixed") and rank == RANKS.index(token)


def red3_bonus(rules: Rules, count: int, kinds: Sequence[tuple[str, int]]) -> int:
    """Bonus in points (before any sign) of ``count`` red threes laid out by a side whose canastas are
    ``kinds`` ((kind, rank index) pairs): ``Rules.red3_bonus``, except that the full set (the top entry
    of ``red3_values`` or more) pays ``red3_values[1]`` a red three when the side has none of the
    canastas ``red3_set_needs_canasta`` names (§3.5, S4 l.55)."""
    need = rules.red3_set_needs_canasta
    if need and count >= len(rules.red3_values) - 1 and not any(
            kind_matches(t, k, r) for t in need for k, r in kinds):
        return count * rules.red3_values[1]
    return rules.red3_bonus(count)
