"""The game's winner: the end of a game from the sides' cumulative scores (RULES.md §1.12, §3.4)."""

from __future__ import annotations

from collections.abc import Mapping

from canasta.rules.fields import Rules


def winner(rules: Rules, totals: Mapping[str, int], went_out: str | None = None, deals: int = 0,
           dream_hand: str | None = None) -> str | None:
    """The side that has won the game with these cumulative ``totals``, or None.

    A game ends at the end of a deal in which a side reaches ``rules.target``;
    the highest total wins (RULES.md §1.12). A tie on top gives None (another
    deal is played) unless ``rules.tie == "shared"``, where the first tied side
    in order is reported. Where ``rules.win_requires_going_out`` (§3.4, S2 l.53-56)
    the game ends only when ``went_out``, the side that went out in the last deal,
    is at or above the target, and that side wins. Where ``rules.rounds`` is set (Hand and Foot,
    RULES_AMERICAN.md B.13) the game ends after that many ``deals`` played, whatever the totals: the highest
    total wins (a tie as above; totals may be negative). ``dream_hand``, the side one of whose players laid down a
    Dream Hand in the last deal (Modern American Canasta), wins at once whatever the totals (RULES_AMERICAN.md
    A.13 [CLA]).
    """
    if dream_hand is not None:
        return dream_hand
    if rules.rounds:
        if deals < rules.rounds or not totals:
            return None
        top = max(totals.values())
        tied = [n for n, t in totals.items() if t == top]
        return None if len(tied) > 1 and rules.tie == "another_deal" else tied[0]
    if rules.win_requires_going_out:
        return went_out if went_out is not None and totals.get(went_out, 0) >= rules.target else None
    if not totals or max(totals.values()) < rules.target:
        return None
    best = max(totals.values())
    leaders = [n for n, t in totals.items() if t == best]
    if len(leaders) > 1 and rules.tie == "another_deal":
        return None
    return leaders[0]
