"""Melds of twos (Italian Canasta, RULES.md §3.2 [R, S0, S4 l.83]).

Where ``Rules.twos_melds`` is set, twos may form a meld of their own (target 2, ``moves`` target
0): twos are its natural cards, jokers its wild cards (at most ``wild_limit``, as in any meld).
Seven twos make a natural canasta of twos, twos with jokers a mixed one. While a side's meld of
twos is not yet a canasta, the side may not use twos as wild cards in its other melds.

**Decision** (docs/variants/italian.md): a side melds twos only after its initial meld, which is
made of natural cards (``min_meld_naturals_only``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .cards import JOKER_RANK, TWO
from .moves import ADD, GROUP_WILD_COMBOS, MAX_NATURALS, MELD, group_action

if TYPE_CHECKING:
    from .engine import Deal

_JOKER_ONLY = frozenset(j for t, j in GROUP_WILD_COMBOS if t == 0)
"""Joker counts a meld id can carry with no two as a wild card."""

TwosCandidate = tuple[int, int, int, int, int, int, int]
"""(action id, target TWO, twos, 0, jokers, cards left in hand after it, the side's canastas after it)."""


def twos_reserved(deal: Deal, side: int) -> bool:
    """Whether ``side`` has a meld of twos that is not yet a canasta (its twos are then no wild cards)."""
    mi = deal.mt[side][TWO]
    return mi >= 0 and len(deal.melds[side][mi].cards) < 7


def twos_candidates(deal: Deal, held: int) -> Iterator[TwosCandidate]:
    """Melds and additions of twos (and jokers) the turn's player could make, by shape only.

    Args:
        deal: the deal, in the play phase of a side that has made its initial meld.
        held: cards the player holds (counting a pile set aside that will join his hand).

    Yields:
        :data:`TwosCandidate` tuples; the caller checks going out where fewer than 2 cards stay.
    """
    seat = deal.turn
    side = deal.side_of[seat]
    rc = deal.rc[seat]
    lim = deal.lim
    rules = deal.rules
    mi = deal.mt[side][TWO]
    m = deal.melds[side][mi] if mi >= 0 else None
    nat0, wild0, size0 = (m.nat, m.wild, m.size) if m is not None else (0, 0, 0)
    room = rules.meld_cap - size0
    kind = ADD if m is not None else MELD
    first = 0 if m is not None else rules.min_naturals
    for n in range(first, min(rc[TWO], MAX_NATURALS) + 1):
        for j in range(min(rc[JOKER_RANK], 3) + 1):
            k = n + j
            if k == 0 or k > room or (m is None and k < 3) or j not in _JOKER_ONLY:
                continue
            if j and wild0 + j > lim.capacity(nat0 + n, 0):
                continue
            grows = size0 < 7 <= size0 + k
            cn = deal.canastas[side] + (1 if grows else 0)
            yield (group_action(kind, TWO, n, 0, j), TWO, n, 0, j, held - k, cn)
