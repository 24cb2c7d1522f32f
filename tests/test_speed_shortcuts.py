"""The shortcuts of the fast move generation agree with the exact code they stand in for (issue #3, speed).

* ``canasta.reach``: quick bounds checked against the exact plans of ``canasta.feasibility`` on random
  hands and melds (a bound may never contradict the plan), and shown to decide some cases (not vacuous);
* ``canasta.groupmoves``: the melds and additions of a rank, by counts;
* ``canasta.sequences`` / ``canasta.wildseq``: sequences found from the cached rows of a hand, and the
  rank a sequence's wild card stands for.
"""

from __future__ import annotations

import random

import pytest

from canasta.cards import ACE, FOUR, IS_WILD, JOKER, JOKER_RANK, THREE, TWO
from canasta.engine import Deal
from canasta.feasibility import MeldLimits, best_meld_value, can_meld_out
from canasta.groupmoves import add_options, meld_options, options_cache, wild_meld_options
from canasta.moves import ACTION_INDEX, ADD, GROUP_WILD_COMBOS, MELD, WILD_MELD_COMBOS, WILD_TARGET, group_action
from canasta.reach import lone_cards_fit, may_meld_out, naturals_reach
from canasta.rules import Rules
from canasta.sequences import extensions_in_hand, spans_in_hand
from canasta.wildseq import meld_hole

SPECS = ["classic", "italian", "hollywood", "samba", "cuban", "brazilian"]


def _limits(spec: str) -> MeldLimits:
    return Deal(Rules.parse(spec), seed=1).lim


def _random_position(rng: random.Random, wild_melds: bool) -> tuple[list[int], dict[int, list[int]]]:
    """Rank counts of a hand (no red threes) and the side's melds as feasibility reads them."""
    rc = [0] * 14
    for _ in range(rng.randint(0, 14)):
        r = rng.choice([TWO, THREE, JOKER_RANK] + list(range(FOUR, ACE + 1)) * 3)
        rc[r] += 1
    ex: dict[int, list[int]] = {}
    for r in rng.sample(range(FOUR, ACE + 1), rng.randint(0, 5)):
        nat = rng.randint(2, 7)
        ex[r] = [nat, rng.randint(0, min(2, nat))]
    if wild_melds and rng.random() < 0.3:
        ex[WILD_TARGET] = [0, rng.randint(3, 7)]
    return rc, ex


@pytest.mark.parametrize("spec", SPECS)
def test_going_out_bounds_never_contradict_the_plan(spec: str) -> None:
    lim = _limits(spec)
    rng = random.Random(spec)
    decided = 0
    for _ in range(3000):
        rc, ex = _random_position(rng, lim.wild_melds)
        canastas = rng.randint(0, 3)
        need = rng.randint(0, 4)
        allow = rng.random() < 0.8
        exact = can_meld_out(rc, ex, lim, canastas, need, allow_discard=allow)
        targets = [-1] * 14
        for t in ex:
            targets[t] = 0
        if not lone_cards_fit(rc, targets, lim.min_nat, allow):
            assert not exact, (rc, ex)
            decided += 1
        if not may_meld_out(rc, ex, lim, need - canastas, allow):
            assert not exact, (rc, ex, canastas, need, allow)
            decided += 1
    assert decided > 100


@pytest.mark.parametrize("spec", SPECS)
def test_naturals_plan_never_promises_more_than_the_plan(spec: str) -> None:
    lim = _limits(spec)
    rng = random.Random(spec + "n")
    decided = 0
    for _ in range(3000):
        rc, ex = _random_position(rng, lim.wild_melds)
        keep = rng.randint(0, 2)
        need = rng.randint(-10, 150)
        if naturals_reach(rc, ex, lim, keep, need):
            assert best_meld_value(rc, ex, lim, keep) >= need, (rc, ex, keep, need)
            decided += 1
    assert decided > 100


def _expected_adds(lim: MeldLimits, r: int, most_nat: int, room: int, nat: int, wild: int,
                   twos: int, jokers: int) -> list[tuple[int, int, int, int, int]]:
    """The additions as RULES.md §1.5 states them: n naturals and t twos and j jokers, something added,
    within the room of the meld and the wild cards it may hold."""
    return [(group_action(ADD, r, n, t, j), r, n, t, j)
            for n in range(most_nat + 1) for t, j in GROUP_WILD_COMBOS
            if t <= twos and j <= jokers and 0 < n + t + j <= room
            and (t + j == 0 or wild + t + j <= lim.capacity(nat + n, 0))]


def _expected_melds(lim: MeldLimits, r: int, most_nat: int, twos: int,
                    jokers: int) -> list[tuple[int, int, int, int, int]]:
    return [(group_action(MELD, r, n, t, j), r, n, t, j)
            for n in range(lim.min_nat, most_nat + 1) for t, j in GROUP_WILD_COMBOS
            if t <= twos and j <= jokers and 3 <= n + t + j <= lim.max_size and t + j <= lim.capacity(n, 0)]


@pytest.mark.parametrize("spec", ["classic", "italian", "cuban"])
def test_group_options_are_the_melds_the_rules_allow(spec: str) -> None:
    lim = _limits(spec)
    cache = options_cache(lim)
    for r in (FOUR, 9, ACE):
        for twos in range(4):
            for jokers in range(4):
                for most_nat in range(6):
                    most_k, opts = meld_options(cache, lim, r, most_nat, twos, jokers)
                    assert opts == _expected_melds(lim, r, most_nat, twos, jokers)
                    assert most_k == max((x[2] + x[3] + x[4] for x in opts), default=0)
                    for nat, wild in ((2, 0), (3, 1), (5, 2), (6, 0)):
                        room = min(lim.max_size, 30) - nat - wild
                        add_k, adds = add_options(cache, lim, r, min(most_nat, room), room, nat, wild, twos, jokers)
                        assert adds == _expected_adds(lim, r, min(most_nat, room), room, nat, wild, twos, jokers)
                        assert add_k == max((x[2] + x[3] + x[4] for x in adds), default=0)


def test_wild_meld_options_are_the_moves_the_rules_allow() -> None:
    lim = _limits("hollywood")
    cache = options_cache(lim)
    for existing in (False, True):
        kind = ADD if existing else MELD
        for twos in range(14):
            for jokers in range(10):
                for room in range(9):
                    most_k, opts = wild_meld_options(cache, existing, twos, jokers, room, 3)
                    want = [(ACTION_INDEX[(kind, WILD_TARGET, 0, t, j)], WILD_TARGET, 0, t, j)
                            for t, j in WILD_MELD_COMBOS
                            if t <= twos and j <= jokers and t + j <= room and (existing or t + j >= 3)]
                    assert opts == want
                    assert most_k == max((x[3] + x[4] for x in opts), default=0)


def test_sequences_from_rows_match_a_direct_search() -> None:
    rng = random.Random(3)
    for _ in range(400):
        hand = [0] * 53
        for _ in range(rng.randint(0, 20)):
            hand[rng.randrange(FOUR * 4, ACE * 4 + 4)] += 1
        for lo_len, hi_len in ((3, 7), (3, 5), (4, 7)):
            want = [(s, lo, hi) for s in range(4) for lo in range(FOUR, ACE + 1)
                    for hi in range(lo + lo_len - 1, min(ACE, lo + hi_len - 1) + 1)
                    if all(hand[r * 4 + s] for r in range(lo, hi + 1))]
            assert spans_in_hand(hand, lo_len, hi_len) == want
        for span in ((0, 6, 8), (2, FOUR, 6), (3, 10, ACE)):
            suit, lo, hi = span
            want_ext = [(a, b) for a in range(lo, FOUR - 1, -1) for b in range(hi, ACE + 1)
                        if (a, b) != (lo, hi) and b - a + 1 <= 9
                        and all(hand[r * 4 + suit] for r in list(range(a, lo)) + list(range(hi + 1, b + 1)))]
            assert extensions_in_hand(hand, span, 9) == want_ext


class _Seq:
    def __init__(self, span: tuple[int, int, int], cards: list[int]) -> None:
        self.span = span
        self.cards = cards
        self.wild = sum(1 for c in cards if IS_WILD[c])


def test_meld_hole_is_the_rank_the_naturals_lack() -> None:
    rng = random.Random(5)
    for suit in range(4):
        for lo in range(FOUR, ACE - 1):
            for hi in range(lo + 2, min(ACE, lo + 10) + 1):
                for hole in range(lo, hi + 1):
                    for wild in (0, 1, 2, 3, JOKER):
                        cards = [r * 4 + suit for r in range(lo, hi + 1) if r != hole] + [wild]
                        rng.shuffle(cards)
                        assert meld_hole(_Seq((suit, lo, hi), cards)) == hole
    assert meld_hole(_Seq((1, 5, 7), [21, 25, 29])) == -1
