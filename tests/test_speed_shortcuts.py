"""The shortcuts of the fast move generation agree with the exact code they stand in for (issue #3, speed).

* ``canasta.engine.constraints.bounds``: quick bounds checked against the exact plans of
``canasta.engine.constraints.meld_plans`` on random
  hands and melds (a bound may never contradict the plan), and shown to decide some cases (not vacuous);
* ``canasta.engine.movegen.rank_melds``: the melds and additions of a rank, by counts;
* ``canasta.cards.sequences`` / ``canasta.engine.movegen.wild_sequences``: sequences found from the cached rows of a
hand, and the
  rank a sequence's wild card stands for;
* ``canasta.engine.movegen.sequences.seq_play_ids``: the ids of the sequence moves, the same as those of
  ``seq_play_candidates`` in seeded random deals;
* ``can_meld_out`` with one card no meld can take tries only that card as the discard: same answers as
  trying every discard.
* the naturals plan after a candidate of an unopened side worked out from the plan before it
  (``engine.InitialMeldCheck.naturals_reach_after``); the ids of new sequences of suits D, H, S shifted from
  those of clubs; the ids of additions with a wild card; natural additions found without a cache key;
  additions skipped without a card or room; the moves of fixed ids and the cards picked for a meld.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from canasta.build_info import is_compiled
from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER, JOKER_RANK, N_TYPES, THREE, TWO
from canasta.cards.sequences import ROW_BYTES, extensions_in_hand, row_extensions, row_lane, span_code, spans_in_hand
from canasta.engine.constraints import sequence_plans
from canasta.engine.constraints.bounds import loose_cards_fit, may_meld_out, naturals_reach
from canasta.engine.constraints.going_out import canastas_needed_now_and_with_a_sequence
from canasta.engine.constraints.initial_meld_reach import InitialMeldCheck
from canasta.engine.constraints.meld_limits import MeldLimits
from canasta.engine.constraints.meld_plans import (
    _all_meldable,
    _split_meldable,
    best_meld_value,
    can_meld_out,
)
from canasta.engine.constraints.sequence_plans import out_reach
from canasta.engine.deal import FIXED_MOVES, P_PLAY, Deal, IllegalMove
from canasta.engine.movegen import sequences as seqplay
from canasta.engine.movegen.rank_melds import add_options, meld_options, options_cache, wild_meld_options
from canasta.engine.movegen.sequences import new_sequence_ids, seq_play_candidates, seq_play_ids, sequence_ids_of
from canasta.engine.movegen.wild_sequences import meld_hole, new_wild_melds, wild_addition_ids, wild_additions
from canasta.engine.state import Meld
from canasta.moves.actions import (
    ACTION_INDEX,
    ACTIONS,
    GROUP_WILD_COMBOS,
    WILD_MELD_COMBOS,
    group_action,
    seq_add_action,
)
from canasta.moves.notation import (
    ADD,
    ASK,
    DECLARE,
    DISCARD,
    DRAW,
    LAYOUT,
    MELD,
    NO,
    PASS,
    SEQ_TARGET,
    SEQ_WILD,
    TAKE,
    WILD_TARGET,
    YES,
    Move,
)
from canasta.rules.fields import Rules, preset_names
from speed_states import counts_after

SPECS = ["classic", "italian", "hollywood", "samba", "cuban", "brazilian"]


def _limits(spec: str) -> MeldLimits:
    return Deal(Rules.parse(spec), seed=1).meld_limits


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


def _random_positions(spec: str, salt: str = "", count: int = 3000) -> Iterator[
        tuple[MeldLimits, random.Random, list[int], dict[int, list[int]]]]:
    """``count`` times: the limits of ``spec``, the generator (seeded by ``spec + salt``, for the test's own
    draws) and a :func:`_random_position` drawn from it."""
    lim = _limits(spec)
    rng = random.Random(spec + salt)
    for _ in range(count):
        rc, ex = _random_position(rng, lim.wild_melds)
        yield lim, rng, rc, ex


@pytest.mark.parametrize("spec", SPECS)
def test_going_out_bounds_never_contradict_the_plan(spec: str) -> None:
    decided = 0
    for lim, rng, rc, ex in _random_positions(spec):
        canastas = rng.randint(0, 3)
        need = rng.randint(0, 4)
        allow = rng.random() < 0.8
        exact = can_meld_out(rc, ex, lim, canastas, need, allow_discard=allow)
        targets = [-1] * 14
        for t in ex:
            targets[t] = 0
        if not loose_cards_fit(rc, targets, lim, allow):
            assert not exact, (rc, ex)
            decided += 1
        if not may_meld_out(rc, ex, lim, need - canastas, allow):
            assert not exact, (rc, ex, canastas, need, allow)
            decided += 1
    assert decided > 100


@pytest.mark.parametrize("spec", SPECS)
def test_naturals_plan_never_promises_more_than_the_plan(spec: str) -> None:
    decided = 0
    for lim, rng, rc, ex in _random_positions(spec, "n"):
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


@pytest.mark.parametrize("spec", ["classic", "italian", "cuban", "classic(no_wild_majority=true)"])
def test_group_options_are_the_melds_the_rules_allow(spec: str) -> None:
    lim = _limits(spec)
    cache = options_cache(lim)
    for r in (FOUR, 9, ACE):
        for twos in range(4):
            for jokers in range(4):
                for most_nat in range(6):
                    most_k, opts, ids = meld_options(cache, lim, r, most_nat, twos, jokers)
                    assert opts == _expected_melds(lim, r, most_nat, twos, jokers)
                    assert ids == [x[0] for x in opts]  # what move generation extends with, once opened
                    assert most_k == max((x[2] + x[3] + x[4] for x in opts), default=0)
                    for nat, wild in ((2, 0), (3, 1), (5, 2), (6, 0), (1, 0), (9, 1), (14, 3)):
                        room = min(lim.max_size, 30) - nat - wild
                        add_k, adds, ids = add_options(cache, lim, r, min(most_nat, room), room, nat, wild, twos,
                                                       jokers)
                        assert adds == _expected_adds(lim, r, min(most_nat, room), room, nat, wild, twos, jokers)
                        assert ids == [x[0] for x in adds]
                        assert add_k == max((x[2] + x[3] + x[4] for x in adds), default=0)


def test_wild_meld_options_are_the_moves_the_rules_allow() -> None:
    lim = _limits("hollywood")
    cache = options_cache(lim)
    for existing in (False, True):
        kind = ADD if existing else MELD
        for twos in range(14):
            for jokers in range(10):
                for room in range(9):
                    most_k, opts, ids = wild_meld_options(cache, existing, twos, jokers, room, 3)
                    assert ids == [x[0] for x in opts]
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


def _Seq(span: tuple[int, int, int], cards: list[int]) -> Meld:  # noqa: N802 - reads as the stand-in it was
    """A sequence meld holding ``cards`` (a real Meld: the compiled core takes nothing else)."""
    m = Meld(SEQ_TARGET, 0, 0)
    m.span = span
    m.cards = cards
    m.wild = sum(1 for c in cards if IS_WILD[c])
    m.nat = len(cards) - m.wild
    return m


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


@pytest.mark.parametrize("spec", SPECS)
def test_one_lone_card_is_the_only_discard_tried(spec: str) -> None:
    lone_cases = 0
    for lim, rng, rc, ex in _random_positions(spec, "d"):
        canastas, need = rng.randint(0, 3), rng.randint(0, 4)
        allow = rng.random() < 0.8
        every = [None] + ([r for r in range(14) if rc[r]] if allow else [])
        want = (canastas >= need) if sum(rc) == 0 else any(
            _all_meldable([c - (1 if r == d else 0) for r, c in enumerate(rc)], ex, lim, canastas, need)
            for d in every)
        assert can_meld_out(rc, ex, lim, canastas, need, allow_discard=allow) == want, (rc, ex, canastas, need)
        lone = (rc[THREE] if rc[THREE] < 3 else 0) + sum(
            rc[r] for r in range(FOUR, ACE + 1) if rc[r] and rc[r] < lim.min_nat and r not in ex)
        lone_cases += lone == 1 and allow and want
    assert lone_cases > 5


def _split_meldable_every_plan(rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits,
                               canastas: int, need: int, start: int) -> bool:
    """``meld_plans._split_meldable`` as first written: every split tried, none skipped (the slow rule)."""
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    for r in range(start, ACE + 1):
        e = melds_by_rank.get(r)
        c = rank_counts[r]
        if e is None or c < 2 or e[0] + e[1] >= 7:
            continue
        size = e[0] + e[1]
        for k in range(0, min(c - 2, 7 - size) + 1):
            fill = 7 - size - k
            if (fill > wilds or fill > limits.join_capacity(e[0], e[1], k, r) or size + k + fill > limits.max_size
                    or (fill + e[1] > 0 and size + k + fill > limits.mixed_max)):
                continue
            work = list(rank_counts)
            work[r] -= k
            twos = min(fill, work[TWO])
            work[TWO] -= twos
            work[JOKER_RANK] -= fill - twos
            rest = {t: v for t, v in melds_by_rank.items() if t != r}
            if (_all_meldable(work, rest, limits, canastas + 1, need)
                    or _split_meldable_every_plan(work, rest, limits, canastas + 1, need, r + 1)):
                return True
    return False


@pytest.mark.parametrize("spec", ["hollywood", "samba", "bolivia", "hand-and-foot", "samba(canasta_max=0)"])
def test_split_plans_skip_only_plans_that_fail(spec: str) -> None:
    """``_split_meldable`` (a meld filled to a canasta, its rank's other naturals beside it: several_melds_per_rank)
    skips the splits whose plans fail whatever follows; it answers as trying every split, on random hands and melds
    whose melds of ranks hold room for the hand's naturals or overflow it."""
    lim = _limits(spec)
    assert lim.several
    rng = random.Random(spec + "split")
    found = skipped = 0
    for _ in range(4000):
        rc = [0] * 14
        ex: dict[int, list[int]] = {}
        for r in rng.sample(range(FOUR, ACE + 1), rng.randint(1, 5)):
            nat = rng.randint(3, 6)
            ex[r] = [nat, rng.randint(0, min(2, 6 - nat))]
            rc[r] = rng.randint(0, 6)
        for _ in range(rng.randint(0, 8)):
            rc[rng.choice([TWO, JOKER_RANK, TWO, JOKER_RANK, THREE] + list(range(FOUR, ACE + 1)))] += 1
        canastas, need = rng.randint(0, 2), rng.randint(1, 4)
        start = rng.choice([FOUR, FOUR, FOUR, rng.randint(FOUR, ACE)])
        want = _split_meldable_every_plan(rc, ex, lim, canastas, need, start)
        assert _split_meldable(rc, ex, lim, canastas, need, start) == want, (rc, ex, canastas, need, start)
        found += want
        skipped += not want
    assert found > 100 and skipped > 100
    # (deals of the preset, where the rank plans run at every move: tests/test_legal_pin.py and the digests)


@pytest.mark.parametrize("spec", ["italian", "hollywood", "samba", "brazilian", "bolivia"])
def test_sequence_ids_are_those_of_the_candidates(spec: str) -> None:
    rules = Rules.parse(spec)
    rng = random.Random(spec)
    checked = small = 0
    for k in range(12):
        deal = Deal(rules, dealer=k % rules.deal_players, seed=k)
        while not deal.over:
            seat = deal.turn
            if deal.phase == P_PLAY:
                side = deal.side_of[seat]
                size = deal.hand_sizes[seat]
                pend = deal._to_hand(deal.pending)
                for allow_out in (True, False):
                    needs = canastas_needed_now_and_with_a_sequence(deal, side)
                    want = [c[0] for c in seq_play_candidates(deal, seat, side, size, pend, allow_out, needs)]
                    assert seq_play_ids(deal, seat, side, size, pend, allow_out, needs) == want
                checked += 1
                small += size + pend < 9
            legal = deal.legal_actions()
            deal.apply_action(legal[int(rng.random() * len(legal))])
    assert checked > 200 and small > 10


def test_new_sequences_with_a_wild_card_match_a_direct_search() -> None:
    rng = random.Random(7)
    for _ in range(300):
        row = bytes(rng.random() < 0.5 for _ in range(ACE - FOUR + 1))
        suit = rng.randrange(4)
        for least, top in ((3, 7), (4, 7), (4, 5)):
            want = []
            for lo in range(FOUR, ACE + 1):
                for hi in range(lo + 2, ACE + 1):
                    if not least <= hi - lo + 1 <= top:
                        continue
                    lacking = [r for r in range(lo, hi + 1) if not row[r - FOUR]]
                    for hole in range(lo, hi + 1):
                        if lacking and lacking != [hole]:
                            continue
                        nat = tuple(r * 4 + suit for r in range(lo, hi + 1) if r != hole)
                        want.append((hi - lo + 1, tuple(
                            (ACTION_INDEX[(MELD, SEQ_WILD, suit, span_code(lo, hi), hole * 4 + wk)], nat + (wild,))
                            for wk, wild in ((1, TWO * 4), (2, JOKER)))))
            assert new_wild_melds(suit, row, least, top) == want


@pytest.mark.skipif(is_compiled("canasta.engine.constraints.sequence_plans"),
                    reason="a compiled module calls its own functions directly, past a patch: the pure build runs it")
def test_the_canasta_bound_of_going_out_plans_never_changes_their_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seqplay.out_reach`` (going out planned with sequences, Brazilian) first drops hands whose canastas
    cannot reach the count (``_canasta_bound``); without that bound it must answer the same."""
    rules = Rules.parse("brazilian")
    rng = random.Random(11)
    positions = []
    for k in range(30):
        deal = Deal(rules, dealer=k % rules.deal_players, seed=k)
        while not deal.over:
            seat = deal.turn
            side = deal.side_of[seat]
            if deal.phase == P_PLAY and deal.opened[side]:
                positions.append(deal.clone())
            legal = deal.legal_actions()
            pool = [a for a in legal if ACTIONS[a][0] in (MELD, ADD)] if rng.random() < 0.7 else []
            deal.apply_action((pool or legal)[int(rng.random() * len(pool or legal))])

    def answers() -> list[bool]:
        return [out_reach(d, d.hands[d.turn][:], d.rank_counts[d.turn][:], d.melds_by_rank(d.side_of[d.turn]),
                          d.canastas[d.side_of[d.turn]], 0, True) for d in positions]

    pruned = answers()
    decided = sum(1 for d in positions if d.canastas[d.side_of[d.turn]] + sequence_plans._canasta_bound(
        d, d.hands[d.turn], d.rank_counts[d.turn], d.melds_by_rank(d.side_of[d.turn]),
        [m.span for m in d.melds[d.side_of[d.turn]] if m.target == SEQ_TARGET]) < rules.canastas_to_go_out)
    assert decided > 100  # the bound does drop hands: the comparison below is not vacuous
    monkeypatch.setattr(sequence_plans, "_canasta_bound", lambda *args: 99)
    assert answers() == pruned
    assert len(positions) > 300 and any(pruned) and not all(pruned)


def test_wild_additions_match_a_direct_search() -> None:
    rng = random.Random(9)
    for _ in range(400):
        suit = rng.randrange(4)
        lo = rng.randint(FOUR, ACE - 2)
        hi = rng.randint(lo + 2, min(ACE, lo + 6))
        hole = rng.choice([-1, -1, rng.randint(lo, hi)])
        row = bytes(rng.random() < 0.5 for _ in range(ACE - FOUR + 1))
        want = []
        for a in range(max(FOUR, hi - 6), lo + 1):
            for b in range(hi, min(ACE, a + 6) + 1):
                if (a, b) == (lo, hi):
                    continue
                added = [r for r in range(a, b + 1) if not lo <= r <= hi]
                lacking = [r for r in added if not row[r - FOUR]]
                if hole >= 0:  # naturals only, every one held
                    if not lacking:
                        act = ACTION_INDEX[(ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + hole, span_code(a, b) * 4)]
                        want.append((b - a + 1, ((act, tuple(r * 4 + suit for r in added)),)))
                    continue
                for h in added:  # a wild card for rank h, the other added ranks held
                    if lacking and lacking != [h]:
                        continue
                    nat = tuple(r * 4 + suit for r in added if r != h)
                    want.append((b - a + 1, tuple(
                        (ACTION_INDEX[(ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + h, span_code(a, b) * 4 + wk)],
                         nat + (wild,)) for wk, wild in ((1, TWO * 4), (2, JOKER)))))
        lane = row_lane(row)
        assert ROW_BYTES[lane] == row
        assert wild_additions(suit, lo, hi, hole, lane, 7) == want, (suit, lo, hi, hole, row)
        for kinds in ((1, 2), (1,), (2,)):  # the ids alone, per wild kind the hand holds (seq_play_ids)
            ids = [o[1][0][0] for o in want] if hole >= 0 else [o[1][wk - 1][0] for o in want for wk in kinds]
            assert wild_addition_ids(suit, lo, hi, hole, lane, 7, kinds) == ids


def test_natural_additions_match_the_extensions_of_the_row() -> None:
    """``seqplay._natural_additions`` answers at once (no cache key) where the row holds neither rank next
    to the sequence: the same as every extension the row allows."""
    rng = random.Random(5)
    empty = 0
    for _ in range(800):
        suit = rng.randrange(4)
        lo = rng.randint(FOUR, ACE - 2)
        hi = rng.randint(lo + 2, min(ACE, lo + 5))
        row = bytes(rng.random() < 0.5 for _ in range(ACE - FOUR + 1))
        sp = (suit, lo, hi)
        want = [(b - a + 1, tuple(r * 4 + suit for r in range(a, b + 1) if not lo <= r <= hi), seq_add_action(sp, a, b))
                for a, b in row_extensions(sp, row, 7)]
        assert seqplay._natural_additions(sp, row_lane(row), 7) == want, (sp, row)
        empty += not want
    assert empty > 100


def test_sequence_ids_of_every_suit_are_those_worked_out_for_it() -> None:
    """``new_sequence_ids`` shifts the ids of clubs to the other suits (``SUIT_SHIFTS``): the same ids as
    worked out for each suit, for every row and every shape of sequence the presets use."""
    confs = {(r.sequence_min, r.sequence_max, max(r.sequence_min, r.min_naturals + 1) if r.sequence_wild_max else 0)
             for r in (Rules.parse(p) for p in preset_names()) if r.sequences}
    assert len(confs) >= 3
    for bits in range(1 << (ACE - FOUR + 1)):
        row = bytes((bits >> i) & 1 for i in range(ACE - FOUR + 1))
        for conf in confs:
            for suit in (1, 2, 3):
                assert new_sequence_ids(suit, row, *conf) == sequence_ids_of(suit, row, *conf), (suit, row, conf)


@pytest.mark.parametrize("spec", ["italian", "hollywood", "classic", "samba"])
def test_the_naturals_plan_after_a_candidate_is_that_of_the_counts_after_it(spec: str) -> None:
    """``InitialMeldCheck.naturals_reach_after`` (from the plan before any candidate) answers as
    ``naturals_reach`` on the rank counts and this turn's melds after the candidate."""
    rules = Rules.parse(spec)
    rng = random.Random(spec)
    checked = 0
    for k in range(16):
        deal = Deal(rules, dealer=k % rules.deal_players, seed=k)
        while not deal.over:
            side = deal.side_of[deal.turn]
            if deal.phase == P_PLAY and not deal.opened[side]:
                check = InitialMeldCheck(deal, side, deal.melds_by_rank(side))
                for a in deal.legal_actions():
                    kind, target, n, t, j = ACTIONS[a]
                    if kind not in (MELD, ADD) or not (FOUR <= target <= ACE or target == WILD_TARGET):
                        continue
                    rc, turn = counts_after(deal, check, (a, target, n, t, j))
                    for need in (-5, 10, 30, 50, 90, 150):
                        assert (check.naturals_reach_after((a, target, n, t, j), need)
                                == naturals_reach(rc, turn, deal.meld_limits, check.keep, need)), (a, need)
                    checked += 1
            legal = deal.legal_actions()
            deal.apply_action(legal[int(rng.random() * len(legal))])
    assert checked > 50


@pytest.mark.parametrize("spec", ["classic", "italian", "hollywood"])
def test_additions_need_a_card_and_room(spec: str) -> None:
    """Move generation skips a meld's additions when the hand holds neither a natural of the rank nor a
    wild card, or the meld has no room (``canasta_max``): the options are empty there."""
    lim = _limits(spec)
    cache = options_cache(lim)
    for r in (FOUR, 9, ACE):
        for nat, wild in ((3, 0), (4, 2), (7, 0), (6, 1)):
            assert add_options(cache, lim, r, 0, 5, nat, wild, 0, 0)[1] == []
            for room in (0, -1):
                assert add_options(cache, lim, r, room, room, nat, wild, 3, 3)[1] == []
            for most_nat in range(5):  # a room past most_nat + 3 cards holds any addition: one cache entry
                for room in range(most_nat + 4, most_nat + 12):
                    assert (add_options(cache, lim, r, most_nat, room, nat, wild, 3, 2)
                            == add_options(cache, lim, r, most_nat, most_nat + 3, nat, wild, 3, 2))


def test_moves_of_fixed_ids_are_those_the_id_names() -> None:
    for a, (kind, arg, _, _, _) in enumerate(ACTIONS):
        if kind in (DRAW, ASK, YES, NO, PASS, DECLARE, LAYOUT):
            assert FIXED_MOVES[a] == Move(kind)
        elif kind == DISCARD:
            assert FIXED_MOVES[a] == Move(DISCARD, (arg,))
        else:
            assert FIXED_MOVES[a] is None


def test_cards_picked_for_a_meld_are_the_first_suits_held() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        hand = [rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(N_TYPES)]
        rank = rng.randrange(ACE + 1)
        count = rng.randint(0, 5)
        want: list[int] = []
        for suit in ((0, 3) if rank == THREE else (0, 1, 2, 3)):
            c = rank * 4 + suit
            want += [c] * min(hand[c], count - len(want))
        if len(want) < count:
            with pytest.raises(IllegalMove):
                Deal._pick(hand, rank, count)
        else:
            assert Deal._pick(hand, rank, count) == tuple(want)


def test_moves_kept_by_id_and_cards_are_the_moves_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """``move_for_action`` hands out a move it made before for the same id and cards: equal to the move made
    afresh (kind, cards, target), one object, and the store is emptied when it holds ``MOVES_KEPT``."""
    from canasta.engine.movegen import move_cards

    rng = random.Random(5)
    seen = 0
    for seed in range(6):
        deal = Deal(Rules.parse("classic"), seed=seed)
        while not deal.over:
            legal = deal.legal_actions()
            for a in legal:
                move = deal.move_for_action(a)
                if FIXED_MOVES[a] is None:
                    kind, arg, *_ = ACTIONS[a]
                    target = -1 if kind == TAKE else arg
                    assert move == Move(kind, move.cards, target) and deal.move_for_action(a) is move
                    seen += 1
            deal.apply_action(legal[rng.randrange(len(legal))])
    assert seen > 100
    if not is_compiled(move_cards.__name__):  # a compiled module reads its own constant, not the patched one
        monkeypatch.setattr(move_cards, "MOVES_KEPT", len(move_cards._MOVES))
        made = Move(MELD, (16, 17, 18), FOUR)  # three fours, suits C, D, H, under an id no move has (-1)
        assert move_cards._move(-1, MELD, (16, 17, 18), FOUR) == made
        assert len(move_cards._MOVES) == 1
