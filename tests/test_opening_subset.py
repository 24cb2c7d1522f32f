"""The opening plan's cheapest subset (:func:`canasta.agents.opening._cheapest_subset`) computes every subset's sums
from a smaller subset's (issue 17: the hard bot faster, same play); it must choose exactly what a pass over the
groups of every subset chooses (the form it had, kept here as the reference), on random groups and hands."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from canasta.agents.heuristic import DEFAULT_WEIGHTS
from canasta.agents.opening import MOST_GROUPS, OpeningGroup, _cheapest_subset
from canasta.cards.deck import JOKER_RANK, TWO
from canasta.moves.notation import ADD, MELD


def _reference(pos: Any, weights: Any, groups: list[OpeningGroup], need: int,
               max_used: int) -> tuple[float, int, int, int] | None:
    twos, jokers = pos.rank_counts[TWO], pos.rank_counts[JOKER_RANK]
    two_value, joker_value = pos.facts.rank_values[TWO], pos.facts.rank_values[JOKER_RANK]
    best_key: tuple[float, int] | None = None
    best = (0, 0, 0)
    for mask in range(1, 1 << len(groups)):
        value = naturals = needed = room = 0
        for i, group in enumerate(groups):
            if mask >> i & 1:
                value += group.value
                naturals += group.naturals
                needed += group.wild_needed
                room += group.wild_room
        if naturals + needed > max_used:
            continue
        for two_count in range(min(twos, room) + 1):
            for joker_count in range(min(jokers, room - two_count) + 1):
                if two_count + joker_count < needed:
                    continue
                cards = naturals + two_count + joker_count
                if cards > max_used or value + two_count * two_value + joker_count * joker_value < need:
                    continue
                key = (two_count * weights.two_cost + joker_count * weights.joker_cost, cards)
                if best_key is None or key < best_key:
                    best_key, best = key, (mask, two_count, joker_count)
                break
    if best_key is None:
        return None
    return best_key[0], best[0], best[1], best[2]


def test_cheapest_subset_chooses_as_the_pass_over_every_subset() -> None:
    rng = random.Random(17)
    found = 0
    for _ in range(600):
        rank_counts = [0] * 14
        rank_counts[TWO] = rng.randrange(0, 5)
        rank_counts[JOKER_RANK] = rng.randrange(0, 3)
        facts = SimpleNamespace(rank_values=[20] + [5] * 5 + [10] * 6 + [20, 50])
        pos = SimpleNamespace(rank_counts=rank_counts, facts=facts)
        groups = []
        for _ in range(rng.randrange(0, MOST_GROUPS + 1)):
            naturals = rng.randrange(1, 6)
            needed = max(0, 3 - naturals) if rng.random() < 0.8 else 0
            groups.append(OpeningGroup(naturals * rng.choice((5, 10, 20)), rng.randrange(2, 13),
                                       rng.choice((MELD, ADD)), naturals, needed, rng.randrange(needed, 4)))
        groups.sort(reverse=True)
        need = rng.choice((15, 50, 90, 120, 150))
        max_used = rng.randrange(3, 16)
        got = _cheapest_subset(pos, DEFAULT_WEIGHTS, groups, need, max_used)  # type: ignore[arg-type]
        assert got == _reference(pos, DEFAULT_WEIGHTS, groups, need, max_used)
        found += got is not None
    assert 100 < found < 550  # both outcomes were tried often
