"""The shortcuts of the going-out bounds agree with the slow code they replaced (issue #17, engine speed).

``going_out_search._stuck`` (cards no move of the turn can meld, the search's first exact "no") asks, for each
loose card only, whether a window of ``sequence_min`` ranks around it could become a sequence, and stops counting
once the count passes what the caller allows; it used to work out every window of every suit first and count every
card. ``sequence_plans.out_reach`` (going out planned with up to two sequence moves) keeps the answer of each
hand and set of sequences it reaches, so that two orders of the same moves are searched once. Both are checked
here against their first versions on the play-phase positions of seeded random deals.
"""

from __future__ import annotations

import pytest

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.cards.sequences import LANE, LANE_MASK
from canasta.engine.constraints import going_out_search, sequence_plans
from canasta.engine.constraints.bounds import may_meld_out
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.deal import P_PLAY
from canasta.engine.movegen.sequences import REACH_DEPTH
from canasta.engine.state import DealState
from canasta.moves.notation import SEQ_TARGET
from speed_states import states


def _seq_placeable_every_window(d: DealState, side: int, hand: list[int], gaps_ok: int) -> list[int]:
    """Per suit, as bits, the ranks in a window of ``sequence_min`` ranks that the hand or the side's sequences
    fill but for ``gaps_ok`` ranks (the first version: every window of every suit)."""
    smin = d.rules.sequence_min
    cover = [0, 0, 0, 0]
    for m in d.seqs[side]:
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


def _stuck_first_version(d: DealState, seat: int, side: int) -> int:
    """``going_out_search._stuck`` as first written (every card counted, every window worked out)."""
    hand, rank_counts = d.hands[seat], d.rank_counts[seat]
    rules = d.rules
    b3 = rank_counts[THREE]
    stuck = (b3 if b3 != 4 else 0) if rules.black3_set_leaves_play else (b3 if b3 < 3 or not rules.black3_meld else 0)
    if stuck and rules.black3_foot_book and b3 >= 4 and not d.packets[seat]:
        stuck = 0
    limits = d.meld_limits
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    placeable = None
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c:
            continue
        mi = d.meld_index[side][r]
        if mi >= 0 and d.melds[side][mi].size < rules.meld_cap:
            continue
        if c >= max(limits.min_nat, 3) or (c >= limits.min_nat and limits.pair_wild_at(r) and wilds):
            continue
        if rules.sequences and placeable is None:
            placeable = _seq_placeable_every_window(d, side, hand, rules.sequence_wild_max if wilds else 0)
        for suit in range(4):
            k = hand[r * 4 + suit]
            if k and not (placeable is not None and placeable[suit] >> r & 1):
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
            assert going_out_search._stuck(deal, seat, side, hand, rank_counts, 99) == want
            for most in (0, 1):
                got = going_out_search._stuck(deal, seat, side, hand, rank_counts, most)
                assert (got > most) == (want > most), (most, got, want)
            checked += 1
            some += 0 < want <= 1
    assert checked > 100 and some > 5


def _out_reach_every_order(deal: DealState, hand: list[int], rank_counts: list[int],
                           melds_by_rank: dict[int, list[int]], canastas: int, seq_done: int, depth: int,
                           spans: list[tuple[int, int, int]], top: bool) -> bool:
    """``sequence_plans.out_reach`` as first written (every order of the sequence moves searched; discard allowed)."""
    side = deal.side_of[deal.turn]
    need = deal._out_need(side, seq_done)
    if sum(rank_counts) == 0:
        return canastas >= need
    if sequence_plans._stuck(deal, hand, rank_counts, melds_by_rank, spans) > 1:
        return False
    if top and canastas + sequence_plans._canasta_bound(deal, hand, rank_counts, melds_by_rank, spans) < \
            deal.rules.canastas_to_go_out:
        return False
    if need < 10**6 and may_meld_out(rank_counts, melds_by_rank, deal.meld_limits, need - canastas, True) and \
            can_meld_out(rank_counts, melds_by_rank, deal.meld_limits, canastas, need, allow_discard=True):
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
                                    depth - 1, nxt, False)
        sequence_plans._shift(hand, rank_counts, cards, 1)
        if ok:
            return True
    return False


@pytest.mark.parametrize("spec", ["hollywood", "brazilian", "samba", "chilean"])
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
