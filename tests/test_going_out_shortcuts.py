"""The shortcuts of the going-out bounds agree with the slow code they replaced (issue #17, engine speed).

``out_bounds._stuck`` (cards no move of the turn can meld, the search's first exact "no") asks, for each
loose card only, whether a window of ``sequence_min`` ranks around it could become a sequence, and stops counting
once the count passes what the caller allows; it used to work out every window of every suit first and count every
card. ``sequence_plans.out_reach`` (going out planned with up to two sequence moves) keeps the answer of each
hand and set of sequences it reaches, so that two orders of the same moves are searched once. Both are checked
here against their first versions on the play-phase positions of seeded random deals. The search's exact "no"
(``out_bounds.out_hopeless``) got sharper bounds since (a packet due, runs of sequences, full sequences, wild cards
counted once): where they refuse a hand that the first version let through, the exhaustive oracle must find no
going out.
"""

from __future__ import annotations

import pytest

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.cards.sequences import LANE, LANE_MASK
from canasta.engine.constraints import out_bounds, sequence_plans
from canasta.engine.constraints.bounds import may_meld_out
from canasta.engine.constraints.going_out_search import (
    FULL_CARDS,
    SEARCH_CARDS,
    _planning_clone,
    contract_short,
    plannable,
    search_moves,
)
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.deal import P_PLAY
from canasta.engine.extra_cards import extra_cards_due
from canasta.engine.movegen.sequences import REACH_DEPTH
from canasta.engine.state import DealState
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, MELD, SEQ_TARGET, WILD_TARGET
from oracles.going_out import can_go_out_after_yes
from speed_states import states


def _seq_placeable_every_window(d: DealState, side: int, hand: list[int], gaps_ok: int,
                                full_too: bool = False, rank: int = -1) -> list[int]:
    """Per suit, as bits, the ranks in a window of ``sequence_min`` ranks that the hand or the side's sequences
    fill but for ``gaps_ok`` ranks (the first version: every window of every suit). The sequences full to
    ``sequence_max`` (``sequence_out_max`` where larger) take no card and are left out, and so are those holding
    rank ``rank`` (a card of that rank joins none of them), but with ``full_too`` (the cover as first written)."""
    smin = d.rules.sequence_min
    longest = max(d.rules.sequence_max, d.rules.sequence_out_max)
    cover = [0, 0, 0, 0]
    for m in d.seqs[side]:
        if not full_too and (m.size >= longest or m.span[1] <= rank <= m.span[2]):
            continue
        suit, lo, hi = m.span
        cover[suit] |= (1 << (hi + 1)) - (1 << lo)
    bits = d.natural_bits[d.turn]
    for suit in range(4):
        cover[suit] |= ((bits >> (LANE * suit)) & LANE_MASK) << FOUR
    out = [0, 0, 0, 0]
    for suit in range(4):
        have = cover[suit]
        if not have:
            continue
        for a in range(FOUR, ACE - smin + 2):
            window = (1 << (a + smin)) - (1 << a)
            if smin - (have & window).bit_count() <= gaps_ok:
                out[suit] |= window
    return out


def _placeable_now(d: DealState, side: int, hand: list[int], suit: int, r: int, gaps_ok: int) -> bool:
    """Whether a card of rank ``r`` of ``suit`` may join a sequence this turn, every window worked out (the rule as
    it stands): a window of ``sequence_min`` ranks that the hand and the side's sequences fill (those full, or
    holding rank ``r``, left out), or fill but for ``gaps_ok`` ranks where it holds a rank of such a sequence
    (a wild card added beside it); or a window of ``min_naturals`` + 1 ranks (a new sequence with a wild card)
    that the hand fills but for ``gaps_ok`` ranks."""
    rules = d.rules
    smin = rules.sequence_min
    longest = max(rules.sequence_max, rules.sequence_out_max)
    seqs = 0
    for m in d.seqs[side]:
        s, lo, hi = m.span
        if s == suit and m.size < longest and not lo <= r <= hi:
            seqs |= (1 << (hi + 1)) - (1 << lo)
    held = sum(1 << rank for rank in range(FOUR, ACE + 1) if hand[rank * 4 + suit])
    have = held | seqs
    for a in range(FOUR, ACE - smin + 2):
        window = (1 << (a + smin)) - (1 << a)
        if window >> r & 1:
            missing = smin - (have & window).bit_count()
            if missing == 0 or (missing <= gaps_ok and seqs & window):
                return True
    least = max(smin, rules.min_naturals + 1)
    for a in range(FOUR, ACE - least + 2):
        window = (1 << (a + least)) - (1 << a)
        if window >> r & 1 and least - (held & window).bit_count() <= gaps_ok:
            return True
    return False


def _stuck_first_version(d: DealState, seat: int, side: int, full_too: bool = False) -> int:
    """``out_bounds._stuck`` as first written (every card counted, every window worked out), with the sequences
    placing a card as the rule stands (:func:`_placeable_now`), but with ``full_too`` (the first cover: every
    sequence, any window of ``sequence_min`` ranks with up to ``sequence_wild_max`` gaps)."""
    hand, rank_counts = d.hands[seat], d.rank_counts[seat]
    rules = d.rules
    b3 = rank_counts[THREE]
    stuck = (b3 if b3 != 4 else 0) if rules.black3_set_leaves_play else (b3 if b3 < 3 or not rules.black3_meld else 0)
    if stuck and rules.black3_foot_book and b3 >= 4 and not d.packets[seat]:
        stuck = 0
    limits = d.meld_limits
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    for r in range(FOUR, ACE + 1):
        placeable = None
        c = rank_counts[r]
        if not c:
            continue
        mi = d.meld_index[side][r]
        if mi >= 0 and d.melds[side][mi].size < rules.meld_cap:
            continue
        if c >= max(limits.min_nat, 3) or (c >= limits.min_nat and limits.pair_wild_at(r) and wilds):
            continue
        gaps_ok = rules.sequence_wild_max if wilds else 0
        if rules.sequences and full_too:
            placeable = _seq_placeable_every_window(d, side, hand, gaps_ok, full_too, r)
        for suit in range(4):
            k = hand[r * 4 + suit]
            if not k:
                continue
            if rules.sequences and not full_too:
                stuck += 0 if _placeable_now(d, side, hand, suit, r, gaps_ok) else k
            elif not (placeable is not None and placeable[suit] >> r & 1):
                stuck += k
    return stuck


@pytest.mark.parametrize("spec", ["hollywood", "italian", "samba", "bolivia", "classic", "romanian-tiles"])
def test_stuck_cards_are_counted_as_before(spec: str) -> None:
    checked = some = 0
    for deal in states(spec, 10, eager=False):
        seat = deal.turn
        if deal.phase == P_PLAY and not deal.pending:
            side = deal.side_of[seat]
            want = _stuck_first_version(deal, seat, side)
            hand, rank_counts = deal.hands[seat], deal.rank_counts[seat]
            assert out_bounds._stuck(deal, seat, side, hand, rank_counts, 99) == want
            for most in (0, 1):
                got = out_bounds._stuck(deal, seat, side, hand, rank_counts, most)
                assert (got > most) == (want > most), (most, got, want)
            checked += 1
            some += 0 < want <= 1
    assert checked > 100 and some > 5


def _out_reach_every_order(deal: DealState, hand: list[int], rank_counts: list[int],
                           melds_by_rank: dict[int, list[int]], canastas: int, seq_done: int, depth: int,
                           spans: list[tuple[int, int, int]], top: bool, allow_discard: bool = True) -> bool:
    """``sequence_plans.out_reach`` as first written (every order of the sequence moves searched, no bound on the
    moves left)."""
    side = deal.side_of[deal.turn]
    need = deal._out_need(side, seq_done)
    if sum(rank_counts) == 0:
        return canastas >= need
    if sequence_plans._stuck(deal, hand, rank_counts, melds_by_rank, spans) > (1 if allow_discard else 0):
        return False
    if top and canastas + sequence_plans._canasta_bound(deal, hand, rank_counts, melds_by_rank, spans) < \
            deal.rules.canastas_to_go_out:
        return False
    if need < 10**6 and may_meld_out(rank_counts, melds_by_rank, deal.meld_limits, need - canastas, allow_discard) \
            and can_meld_out(rank_counts, melds_by_rank, deal.meld_limits, canastas, need, allow_discard=allow_discard):
        return True
    if depth <= 0:
        return False
    for cards, i, done, after in sequence_plans._seq_options(deal, side, hand, spans):
        sequence_plans._shift(hand, rank_counts, cards, -1)
        nxt = spans[:]
        if i < 0:
            nxt.append(after)
        else:
            nxt[i] = after
        ok = _out_reach_every_order(deal, hand, rank_counts, melds_by_rank, canastas + done, seq_done + done,
                                    depth - 1, nxt, False, allow_discard)
        sequence_plans._shift(hand, rank_counts, cards, 1)
        if ok:
            return True
    return False


@pytest.mark.parametrize("spec", ["hollywood", "brazilian", "samba", "chilean", "italian", "bolivia"])
def test_sequence_plans_answer_as_every_order(spec: str) -> None:
    answers = []
    for deal in states(spec, 12):  # an eager player: hands go down
        seat = deal.turn
        side = deal.side_of[seat]
        if deal.phase == P_PLAY and deal.opened[side] and not deal.pending:
            args = (deal.hands[seat][:], deal.rank_counts[seat][:], deal.melds_by_rank(side), deal.canastas[side])
            got = sequence_plans.out_reach(deal, *args, 0, True)
            spans = [m.span for m in deal.melds[side] if m.target == SEQ_TARGET]
            assert got == _out_reach_every_order(deal, *args, 0, REACH_DEPTH, spans, True)
            answers.append(got)
    assert len(answers) > 200 and any(answers) and not all(answers)


@pytest.mark.parametrize("spec", ["hollywood", "italian", "samba", "bolivia", "brazilian", "chilean"])
def test_sequence_moves_fall_short_only_where_no_plan_goes_out(spec: str) -> None:
    """``sequence_plans._moves_fall_short`` (presets9: the naturals that sequences must take so that every rank
    may meld, covered by the windows of the moves left) says no only where the plan as first written, searching
    every order of the sequence moves, finds no going out: at every depth of moves left, with and without the
    discard, on the play-phase positions of random and of eager players."""
    refused = checked = deep = 0
    for eager in (False, True):
        for deal in states(spec, 8, eager=eager):
            seat = deal.turn
            side = deal.side_of[seat]
            if deal.phase != P_PLAY or not deal.opened[side] or deal.pending:
                continue
            hand, rank_counts = deal.hands[seat][:], deal.rank_counts[seat][:]
            melds_by_rank = deal.melds_by_rank(side)
            spans = [m.span for m in deal.melds[side] if m.target == SEQ_TARGET]
            for depth in range(REACH_DEPTH + 1):
                for discard in (True, False):
                    if not sequence_plans._moves_fall_short(deal, rank_counts, melds_by_rank, depth, discard):
                        continue
                    refused += 1
                    deep += depth == REACH_DEPTH and discard
                    assert not _out_reach_every_order(deal, hand, rank_counts, melds_by_rank, deal.canastas[side], 0,
                                                      depth, spans, False, discard)
                    assert hand == deal.hands[seat] and rank_counts == deal.rank_counts[seat]
            checked += 1
    assert checked > 100 and refused > checked and deep > 20, (checked, refused, deep)


def test_windows_needed_is_the_fewest_cover() -> None:
    """The greedy cover of ``_windows_needed`` against every placing of up to two windows (ranks 4..A)."""
    import itertools
    import random

    rng = random.Random(9)
    windows = [(a, b) for a in range(FOUR, ACE + 1) for b in range(a, ACE + 1)]
    for _ in range(200):
        longest = rng.choice((3, 5, 7, 11))
        needs = [0] * (ACE + 1)
        for r in rng.sample(range(FOUR, ACE + 1), rng.randint(1, 4)):
            needs[r] = rng.randint(1, 2)
        fits = [w for w in windows if w[1] - w[0] + 1 <= longest]
        fewest = 3
        for k in range(3):
            if any(all(sum(a <= r <= b for a, b in ws) >= needs[r] for r in range(FOUR, ACE + 1))
                   for ws in itertools.combinations_with_replacement(fits, k)):
                fewest = k
                break
        assert min(sequence_plans._windows_needed(needs, longest, 2), 3) == fewest, (needs, longest)


# ------------------------------------------------ the sharper exact "no"s of the search (issue #17, presets8)


def _reachable_canastas_first_version(d: DealState, side: int, hand: list[int], rank_counts: list[int]) -> int:
    """``out_bounds._reachable_canastas`` as first written: every wild card counted for every meld, and the
    naturals of a suit for every sequence whatever their ranks."""
    rules = d.rules
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    seq_wild = wilds if rules.sequence_wild_max else 0
    count = 0
    distinct, cards = out_bounds._suit_counts(hand)
    for m in d.melds[side]:
        size, t = m.size, m.target
        if size >= 7:
            continue
        if t == SEQ_TARGET:
            count += size + distinct[m.span[0]] + seq_wild >= 7
        elif t in (WILD_TARGET, TWO):
            count += size + wilds >= 7
        elif FOUR <= t <= ACE and size + rank_counts[t] + wilds >= 7:
            count += 1 + (rank_counts[t] + wilds >= 14 - size)
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        mi = d.meld_index[side][r]
        if c and not (mi >= 0 and d.melds[side][mi].size < 7) and c + wilds >= 7:
            count += 1 + (c + wilds >= 14)
    if rules.sequences:
        count += sum((cards[s] + seq_wild) // 7 for s in range(4) if distinct[s] + seq_wild >= 7)
    if rules.wild_melds and d.meld_index[side][WILD_TARGET] < 0 and wilds >= 7:
        count += 1
    return count


def _reachable_seq_canastas_first_version(d: DealState, side: int, hand: list[int], rank_counts: list[int]) -> int:
    """``out_bounds._reachable_seq_canastas`` as first written (the naturals of a suit, whatever their ranks)."""
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK] if d.rules.sequence_wild_max else 0
    distinct, cards = out_bounds._suit_counts(hand)
    count = sum(1 for m in d.seqs[side] if m.size < 7 and m.size + distinct[m.span[0]] + wilds >= 7)
    return count + sum((cards[s] + wilds) // 7 for s in range(4) if distinct[s] + wilds >= 7)


def _stuck_every_sequence(d: DealState, seat: int, side: int) -> int:
    """:func:`_stuck_first_version` with the first cover: every sequence of the side, full ones too."""
    return _stuck_first_version(d, seat, side, full_too=True)


def _hopeless_first_version(d: DealState, seat: int, side: int) -> bool:
    """``out_bounds._hopeless`` before the sharper bounds (for hands with no pile set aside): no bound where
    extra cards are due, the bounds above, the rest as it stands."""
    rules = d.rules
    if rules.extra_cards and extra_cards_due(d, seat):
        return False
    hand, rank_counts = d.hands[seat], d.rank_counts[seat]
    if _stuck_every_sequence(d, seat, side) > (0 if d.no_discard else 1):
        return True
    book = rules.black3_foot_book and rank_counts[THREE] >= 4 and not d.packets[seat]
    if d.canastas[side] + _reachable_canastas_first_version(d, side, hand, rank_counts) + book < \
            rules.canastas_to_go_out:
        return True
    if rules.incomplete_blocks_going_out and not rank_counts[THREE] and \
            out_bounds._blocked_this_turn(d, side, rank_counts):
        return True
    want = rules.sequence_canastas_to_go_out
    if want and d.seq_canastas[side] + _reachable_seq_canastas_first_version(d, side, hand, rank_counts) < want:
        return True
    missing = rules.canastas_to_go_out - d.canastas[side]
    if missing > 0:
        cards = d.hand_sizes[seat]
        for gap in sorted(7 - m.size for m in d.melds[side] if m.size < 7 and m.target != THREE):
            if missing <= 0 or gap > cards:
                break
            cards -= gap
            missing -= 1
        if missing > cards // 7:
            return True
    if not rules.sequences and not rules.twos_melds and not book and not rules.several_melds_per_rank:
        return not can_meld_out(rank_counts, d.melds_by_rank(side), d.meld_limits, d.canastas[side],
                                rules.canastas_to_go_out, allow_discard=not d.no_discard)
    return False


SHARPER = {"pennies-from-heaven": (6, 20), "bolivia": (30, 10), "italian": (40, 4), "hollywood": (14, 10),
           "samba": (14, 5)}
"""Per preset: random deals walked, and how many of their positions at least the sharper bounds must refuse
that the first version did not (so that the comparison with the oracle is not vacuous)."""


@pytest.mark.parametrize("spec", sorted(SHARPER))
def test_sharper_bounds_refuse_only_hands_that_cannot_go_out(spec: str) -> None:
    """The search's exact "no" (``out_bounds.out_hopeless``) got sharper: a packet due at the first canasta
    (Pennies from Heaven: also the wild cards its kinds of canasta need), sequences as runs of consecutive ranks
    where no wild card joins them, no card placed beside a full sequence nor in a sequence holding its rank, each
    wild card counted for one canasta only. It may only refuse more hands than its first version where the
    exhaustive oracle (tests/oracles/going_out.py, after a modelled yes) finds no going out; and every hand the
    first version refused, it refuses too."""
    deals, least = SHARPER[spec]
    sharper = 0
    for deal in states(spec, deals):
        seat = deal.turn
        side = deal.side_of[seat]
        if deal.phase != P_PLAY or deal.pending or deal.hand_sizes[seat] > SEARCH_CARDS:
            continue
        now = out_bounds.out_hopeless(deal, seat, side)
        before = _hopeless_first_version(deal, seat, side)
        assert now or not before
        if now and not before:
            sharper += 1
            assert not can_go_out_after_yes(deal)
    assert sharper >= least, sharper


def test_seq_placeable_counts_the_missing_ranks_as_before() -> None:
    """``out_bounds._seq_placeable`` (presets10: the window's missing ranks tested as bits where 0 or 1 may be
    missing, counted only beyond) against the count as first written: some window of ``smin`` ranks within 4..A
    holding rank ``r`` lacks at most ``gaps_ok`` ranks of ``have`` and touches ``touch``; every lane of 4..A."""
    import random

    def oracle(have: int, r: int, smin: int, gaps_ok: int, touch: int) -> bool:
        return bool(have) and any(
            smin - sum(1 for q in range(a, a + smin) if have >> q & 1) <= gaps_ok
            and any(touch >> q & 1 for q in range(a, a + smin))
            for a in range(FOUR, ACE - smin + 2) if a <= r < a + smin)

    rng = random.Random(10)
    for lane in range(1 << (ACE - FOUR + 1)):
        have = lane << FOUR
        for smin in (3, 5, 7):
            gaps_ok = rng.randint(0, 2)
            touch = rng.choice((-1, rng.getrandbits(11) << FOUR))
            r = rng.randint(FOUR, ACE)
            assert out_bounds._seq_placeable(have, r, smin, gaps_ok, touch) == oracle(have, r, smin, gaps_ok, touch)


@pytest.mark.parametrize("spec", ["italian", "samba", "hollywood", "brazilian", "bolivia", "chilean"])
def test_the_long_hand_search_sees_its_moves_without_the_melds_of_ranks(spec: str) -> None:
    """In a long hand whose melds of ranks the rank plan finishes, the going-out search asks the move generation
    for its moves without the melds and additions of a rank (``search_moves``, ``play_actions(ranks=False)``):
    exactly the legal moves less those, in the same order and after the same filters, so that the search is the
    same (its answers are pinned by the legal-move digests)."""
    compared = 0
    for deal in states(spec, 40):
        if deal.phase != P_PLAY or deal.over:
            continue
        seat = deal.turn
        side = deal.side_of[seat]
        c = _planning_clone(deal)
        if c.phase != P_PLAY or not c.opened[side] or c.hand_sizes[seat] + c._to_hand(c.pending) <= FULL_CARDS:
            continue
        if not plannable(c, seat, side) or contract_short(c):
            continue
        every = [a for a in c._copy(False).legal_actions()
                 if not (ACTIONS[a][0] in (MELD, ADD) and FOUR <= ACTIONS[a][1] <= ACE)]
        assert search_moves(c, side, False) == every, (spec, str(c.hands[seat]))
        compared += 1
    assert compared >= 30, compared
