"""The cards a seat cannot place (:class:`Unseen`) and the hypergeometric chance of holding some of them."""

from __future__ import annotations

import math
from functools import lru_cache

from mypy_extensions import mypyc_attr

from canasta.agents.memory import UNKNOWN, CardMemory
from canasta.cards.deck import IS_RED_THREE, THREE
from canasta.engine.deal import PlayerView


@lru_cache(maxsize=65536)
def p_at_least(total: int, good: int, draws: int, k: int) -> float:
    """Hypergeometric chance of at least ``k`` good cards in ``draws`` cards from ``total`` with ``good`` good ones.

    >>> round(p_at_least(52, 4, 11, 2), 3)  # a pair of one rank in an 11-card hand of one pack
    0.193
    """
    if k <= 0:
        return 1.0
    if draws <= 0 or good <= 0 or total <= 0:
        return 0.0
    draws = min(draws, total)
    good = min(good, total)
    ways = math.comb(total, draws)
    below = sum(math.comb(good, i) * math.comb(total - good, draws - i) for i in range(min(k, draws + 1)))
    return max(0.0, 1.0 - below / ways)


@mypyc_attr(native_class=False)  # compiled: a Python class, so that it pickles and copies as in the pure build
class Unseen:
    """Cards the owner of a view cannot place, by rank, computed once per decision.

    Attributes:
        by_rank: unseen copies per rank index (13 = joker): not in the own hand, not melded,
            not known in the pile or in another hand, not a red three on the table.
        total: unseen cards in all (stock, unknown pile cards, unknown parts of other hands).
    """

    __slots__ = ("by_rank", "total")

    def __init__(self, view: PlayerView, memory: CardMemory):
        rules = view.rules
        by_rank = [4 * rules.packs] * 13 + [rules.jokers]
        by_rank[THREE] = 2 * rules.packs  # black threes only: red threes are always on the table
        for card in view.hand:
            by_rank[card >> 2] -= 1
        for melds in view.melds:
            for meld in melds:
                for card in meld.cards:
                    by_rank[card >> 2] -= 1
        for card in memory.pile:
            if card != UNKNOWN and not IS_RED_THREE[card]:
                by_rank[card >> 2] -= 1
        for card in memory.pending:
            if card != UNKNOWN and not IS_RED_THREE[card]:
                by_rank[card >> 2] -= 1
        for removed in view.black_threes_removed:
            for card in removed:
                by_rank[card >> 2] -= 1
        totals = memory.known_total
        for seat, known in enumerate(memory.known):
            if seat == view.seat or not totals[seat]:
                continue
            for card in range(53):
                if known[card]:
                    by_rank[card >> 2] -= known[card]
        self.by_rank = [max(0, count) for count in by_rank]
        self.total = sum(self.by_rank)
