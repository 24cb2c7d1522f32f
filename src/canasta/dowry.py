"""The dowry: face-down cards put under the upcard at the deal (Italian Canasta).

RULES.md §3.2, "Italian dowry" [R, S0, S4 l.83]: after the red threes are replaced, the upcard is
turned and N face-down cards from the stock go under it, N the upcard's rank (J = 11, Q = 12,
K = 13; S4: ace and joker 20). The first player to take the discard pile takes them with it.

Read from ``Rules.dowry`` (``none`` | ``rank``). The cards are kept apart from the pile
(``Deal.dowry``, bottom first) so that nobody sees them: a view shows only their number
(``PlayerView.dowry_size``). The Romanian tiles' "surpriza" (§3.4) is the same mechanism; this
module is kept small so the two can share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import JOKER

if TYPE_CHECKING:
    from .engine import Deal
    from .rules import Rules

DOWRY_BY_RANK: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 20)
"""Cards in the dowry by the upcard's rank index (2, 3, 4..10 their number, J 11, Q 12, K 13, A 20,
joker 20 [S4 l.83]). A 2, a joker or a three never ends the turning of the upcard in the presets
(§1.2), so their entries only serve options such as ``upcard_black3_turns=false``."""


def dowry_size(rules: Rules, upcard: int) -> int:
    """Number of face-down cards put under ``upcard`` (0 where ``rules.dowry`` is none)."""
    if rules.dowry == "none":
        return 0
    return DOWRY_BY_RANK[13 if upcard == JOKER else upcard >> 2]


def lay_dowry(deal: Deal) -> None:
    """Put the dowry under the upcard: cards from the top of the stock, face down (fewer if the
    stock is short)."""
    if not deal.pile:
        return
    n = min(dowry_size(deal.rules, deal.pile[-1]), len(deal.stock))
    for _ in range(n):
        deal.dowry.append(deal.stock.pop())


def take_dowry(deal: Deal, rest: list[int]) -> list[int]:
    """The cards below a taken pile's top card: the dowry (if still there) and then ``rest``."""
    if not deal.dowry:
        return rest
    cards = deal.dowry + rest
    deal.dowry = []
    return cards
