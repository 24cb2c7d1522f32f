"""The dowry: face-down cards put under the upcard at the deal, taken with the pile.

One mechanism for two variants, read from ``Rules.dowry``:

- ``rank`` (Italian Canasta, RULES.md §3.2 "Italian dowry" [R, S0 l.345-347, S4 l.83]): after the red
  threes are replaced, the upcard is turned and N face-down cards from the stock go under it, N the
  upcard's rank (4..10 their number, J = 11, Q = 12, K = 13; S4: ace and joker 20).
- ``number`` (Romanian tiles, the "surpriza" of §3.4 [S2 l.42-43, S3 l.39]): N is the number printed
  on the upcard's tile (ace 1, 2..10, jack 11, queen 12, king 13, joly 0).

The first player to take the discard pile takes them with it. The cards are kept apart from the pile
(``Deal.dowry``, in the order they left the stock) so that nobody sees them: a view shows only their
number (``PlayerView.dowry_size``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.cards.deck import JOKER

if TYPE_CHECKING:
    from canasta.engine.state import DealState
    from canasta.rules.fields import Rules

DOWRY_BY_RANK: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 20)
"""``dowry=rank``: cards in the dowry by the upcard's rank index (2, 3, 4..10 their number, J 11,
Q 12, K 13, A 20, joker 20 [S4 l.83]). A 2, a joker or a three never ends the turning of the upcard in
the presets (§1.2), so their entries only serve options such as ``upcard_black3_turns=false``."""

DOWRY_BY_NUMBER: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 0)
"""``dowry=number``: cards in the dowry by the upcard's rank index, the number on its tile (ace 1, 2..10,
J 11, Q 12, K 13, joly 0) [S2 l.42-43 "tot atatea carti cat indica numarul"]."""

DOWRY_TABLES: dict[str, tuple[int, ...]] = {"rank": DOWRY_BY_RANK, "number": DOWRY_BY_NUMBER}
"""The size table of each ``Rules.dowry`` value other than ``none``."""

def dowry_size(rules: Rules, upcard: int) -> int:
    """Number of face-down cards put under ``upcard`` (a card type); 0 where ``rules.dowry`` is none."""
    table = DOWRY_TABLES.get(rules.dowry)
    if table is None:
        return 0
    return table[13 if upcard == JOKER else upcard >> 2]


def dowry_cards(rules: Rules, stock: list[int], upcard: int) -> list[int]:
    """Take the dowry under ``upcard`` off the top of ``stock`` (its last element): ``dowry_size``
    cards, fewer if the stock runs short (S2 l.42-43). Returns them in the order taken; ``stock``
    loses them."""
    n = min(dowry_size(rules, upcard), len(stock))
    return [stock.pop() for _ in range(n)]


def lay_dowry(deal: DealState) -> None:
    """Put the dowry face down under the upcard of ``deal`` (nothing if the pile is empty)."""
    if deal.pile:
        deal.dowry = dowry_cards(deal.rules, deal.stock, deal.pile[-1])


def take_dowry(deal: DealState, rest: list[int]) -> list[int]:
    """The cards below a taken pile's top card: the dowry (if still there) and then ``rest``."""
    if not deal.dowry:
        return rest
    cards = deal.dowry + rest
    deal.dowry = []
    return cards
