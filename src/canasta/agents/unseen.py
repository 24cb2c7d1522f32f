"""The cards a seat cannot place (:class:`Unseen`) and the hypergeometric chance of holding some of them."""

from __future__ import annotations

import math
from functools import lru_cache

from canasta.agents.memory import UNKNOWN, CardMemory
from canasta.cards.deck import IS_RED_THREE, THREE
from canasta.engine.deal import PlayerView


@lru_cache(maxsize=65536)
def p_at_least(total: int, good: int, draws: int, k: int) -> float:
    """Hypergeometric chance of at least ``k`` good cards in ``draws`` cards from ``total`` with ``good`` good ones."""
    if k <= 0:
        return 1.0
    if draws <= 0 or good <= 0 or total <= 0:
        return 0.0
    draws = min(draws, total)
    good = min(good, total)
    den = math.comb(total, draws)
    below = sum(math.comb(good, i) * math.comb(total - good, draws - i) for i in range(min(k, draws + 1)))
    return max(0.0, 1.0 - below / den)


class Unseen:
    """Cards the owner of a view cannot place, by rank, computed once per decision.

    Attributes:
        by_rank: unseen copies per rank index (13 = joker): not in the own hand, not melded,
            not known in the pile or in another hand, not a red three on the table.
        total: unseen cards in all (stock, unknown pile cards, unknown parts of other hands).
    """

    __slots__ = ("by_rank", "total")

    def __init__(self, view: PlayerView, mem: CardMemory):
        rules = view.rules
        counts = [4 * rules.packs] * 13 + [rules.jokers]
        counts[THREE] = 2 * rules.packs  # black threes only: red threes are always on the table
        by = counts
        for c in view.hand:
            by[c >> 2] -= 1
        for melds in view.melds:
            for m in melds:
                for c in m.cards:
                    by[c >> 2] -= 1
        for c in mem.pile:
            if c != UNKNOWN and not IS_RED_THREE[c]:
                by[c >> 2] -= 1
        for c in mem.pending:
            if c != UNKNOWN and not IS_RED_THREE[c]:
                by[c >> 2] -= 1
        for removed in view.black_threes_removed:
            for c in removed:
                by[c >> 2] -= 1
        for s, k in enumerate(mem.known):
            if s == view.seat:
                continue
            for c in range(53):
                if k[c]:
                    by[c >> 2] -= k[c]
        self.by_rank = [max(0, x) for x in by]
        self.total = sum(self.by_rank)

