"""``best_meld_value`` (the most points a hand can still meld, keeping some cards: RULES.md §1.6, MAC A.6-A.7)
against an exhaustive search over every choice of melds, on random hands of every preset that has no sequences.

The oracle below tries, rank by rank, every number of naturals melded and every number of wild cards joining that
meld (within the per-meld limits of :class:`~canasta.engine.constraints.meld_limits.MeldLimits`: its capacity, its
room, the pair a wild card makes a meld), then every size of a meld of wild cards; the wild cards used are the
most valuable ones (a meld's limits never depend on which wild card it holds). It keeps, per number of wild cards
used and per number of cards left (capped at ``keep``), the most points: so it is exact and needs no plan.

The greedy plan once made every pair a meld with a wild card before it looked at a meld of wild cards: in Modern
American, after JC JD JD JS, the hand 2C 2S 5S 5S ... JK was planned as 5 5 2 plus a joker (80) rather than
2C 2S JK (90), the initial meld of 125 looked out of reach, and no move was legal (the web's CI, 2026-11-27).
"""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.meld_limits import WILD, MeldLimits
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules
from oracles.positions import PRESETS

NEG = -(10**9)


def _rank_options(limits: MeldLimits, r: int, c: int, e: list[int] | None) -> list[tuple[int, int, int, int]]:
    """Every way to meld ``c`` naturals of rank ``r`` (with the side's meld ``e`` of it, or none): (naturals
    melded, fewest wild cards, most wild cards, cards left)."""
    if e is not None:
        out = []
        for n in range(0, min(c, max(0, limits.meld_room(e[0], e[1]))) + 1):
            out.append((n, 0, limits.join_capacity(e[0], e[1], n, r), c - n))
        return out
    out = [(0, 0, 0, c)]
    for n in range(max(1, limits.min_nat), min(c, limits.max_size) + 1):
        most = limits.capacity(n, 0, r)
        fewest = max(0, 3 - n)
        if n == 2 and not limits.pair_wild_at(r):
            continue
        if fewest <= most:
            out.append((n, fewest, most, c - n))
    return out


def exhaustive_best(rank_counts: list[int], melds: dict[int, list[int]], limits: MeldLimits, keep: int) -> int:
    """The most card points meldable from ``rank_counts`` into new melds or ``melds``, leaving at least ``keep``
    cards; -1 where no choice leaves them."""
    values = limits.rank_values
    wilds = sorted([values[JOKER_RANK]] * rank_counts[JOKER_RANK] + [values[TWO]] * rank_counts[TWO], reverse=True)
    w = len(wilds)
    # table[(wild cards used, cards left capped at keep)] = most points of naturals
    table = {(0, min(keep, rank_counts[THREE])): 0}
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c and r not in melds:
            continue
        nxt: dict[tuple[int, int], int] = {}
        for (used, left), pts in table.items():
            for n, fewest, most, rest in _rank_options(limits, r, c, melds.get(r)):
                for k in range(fewest, min(most, w - used) + 1):
                    key = (used + k, min(keep, left + rest))
                    val = pts + n * values[r]
                    if nxt.get(key, NEG) < val:
                        nxt[key] = val
        table = nxt
    e = melds.get(WILD)
    size = e[0] + e[1] if e is not None else 0
    first = limits.wild_first and e is not None and size < 7  # the meld of wild cards is completed first (A.6)
    best = -1
    for (used, left), pts in table.items():
        sizes = []
        if limits.wild_melds:
            if e is not None:
                sizes = list(range(0, min(w, max(0, limits.wild_max - size)) + 1))
            else:
                sizes = [0] + list(range(limits.wild_min, min(w, limits.wild_max) + 1))
        else:
            sizes = [0]
        for k in sizes:
            total = used + k
            if total > w or (first and used and size + k < 7):
                continue
            if min(keep, left + w - total) < keep:
                continue
            best = max(best, pts + sum(wilds[:total]))
    return best


def _limits(preset: str) -> list[MeldLimits]:
    d = Deal(Rules.parse(preset), seed=0)
    lim = d.meld_limits
    out = [lim.before, lim.after]
    out += [x.clean_rank(r) for x in (lim.before, lim.after) for r in (FOUR, 9, ACE)]
    return out


def _random_case(rng: random.Random, limits: MeldLimits) -> tuple[list[int], dict[int, list[int]], int]:
    rc = [0] * 14
    for r in range(FOUR, ACE + 1):
        rc[r] = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
    rc[TWO] = rng.choice((0, 0, 1, 1, 2, 3, 4))
    rc[JOKER_RANK] = rng.choice((0, 0, 1, 1, 2))
    rc[THREE] = rng.choice((0, 0, 0, 1))
    melds: dict[int, list[int]] = {}
    for r in rng.sample(range(FOUR, ACE + 1), rng.randrange(3)):
        nat = rng.randrange(max(3, limits.min_nat), 7)
        melds[r] = [nat, min(limits.capacity(nat, 0, r), rng.choice((0, 0, 1)))]
    if limits.wild_melds and rng.random() < 0.25:
        melds[WILD] = [0, rng.randrange(limits.wild_min, min(limits.wild_max, 7) + 1)]
    return rc, melds, rng.choice((0, 1, 1, 2))


NO_SEQUENCES = [p for p in (*PRESETS, "modern-american")
                if not Rules.parse(p).sequences and not Rules.parse(p).several_melds_per_rank]
"""Presets whose melds are of one rank, one meld per rank (the plans here know no sequence)."""


def test_the_pair_gives_way_to_a_meld_of_wild_cards() -> None:
    """The case that was refused: a meld of 2 2 JK (90) beats 5 5 2 with the joker on it (80)."""
    limits = Deal(Rules.parse("modern-american"), seed=0).meld_limits.before.clean_rank(9)
    rc = [0] * 14
    rc[TWO], rc[JOKER_RANK] = 2, 1
    for r, n in ((5 - 2, 2), (6 - 2, 1), (9 - 2, 1), (10 - 2, 1), (12 - 2, 1), (ACE, 1)):
        rc[r] += n
    assert best_meld_value(rc, {9: [4, 0]}, limits, 1) == exhaustive_best(rc, {9: [4, 0]}, limits, 1) == 90


def test_wild_cards_fill_a_capped_meld_before_naturals() -> None:
    """Cuban's melds stop at 7 cards (``canasta_max``, §3.2): on four kings, one king and two twos (50) beat three
    kings (30), the twos having no other meld. The quick plan put the kings first and called it the best."""
    limits = Deal(Rules.parse("cuban"), seed=0).meld_limits.before
    king = 13 - 2
    rc = [0] * 14
    rc[king], rc[TWO], rc[5 - 2] = 3, 2, 1
    assert best_meld_value(rc, {king: [4, 0]}, limits, 1) == exhaustive_best(rc, {king: [4, 0]}, limits, 1) == 50


@pytest.mark.parametrize("preset", NO_SEQUENCES)
def test_best_meld_value_is_the_exhaustive_best(preset: str) -> None:
    """400 random hands (with melds of the side, wild cards, a kept card or two) per limits of the preset."""
    rng = random.Random(f"plans/{preset}")
    for limits in _limits(preset):
        for _ in range(400):
            rc, melds, keep = _random_case(rng, limits)
            want = exhaustive_best(rc, melds, limits, keep)
            got = best_meld_value(rc, melds, limits, keep)
            assert got == want, (preset, rc, melds, keep, got, want)
