"""The shortcuts of the fifth speed pass agree with the full computation they stand in for (issue #3, speed).

* the initial-meld plan of a candidate with the pairs a wild card each makes melds
  (``InitialMeldCheck.pairs_reach_after``): "yes" only where ``best_meld_value`` reaches the points, "no"
  (where wild cards count nothing towards the minimum) only where it does not;
* sequence moves are not looked for where the hand holds no run of a suit, no wild card may fill a gap
  and the side has no sequence (``Deal.seqs``, ``sequences.bits_runs``): there are none;
  ``bits_runs`` finds a run exactly where a suit's row holds one, the rows read from ``held_bits`` are those
  of ``suit_rows``, and ``Deal._holds_sequence`` (read from them) says what ``spans_in_hand`` says.

Legal moves as a whole are pinned by tests/test_legal_pin.py.
"""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import JOKER_RANK, TWO
from canasta.cards.sequences import LANE, LANE_MASK, ROW_BYTES, bits_runs, held_bits, spans_in_hand, suit_rows
from canasta.engine.constraints.going_out import canastas_needed_now_and_with_a_sequence
from canasta.engine.constraints.initial_meld_reach import InitialMeldCheck, holds_natural_sequence
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.engine.deal import P_PLAY
from canasta.engine.movegen.sequences import seq_play_candidates, seq_play_ids
from canasta.moves.notation import SEQ_TARGET
from canasta.rules.fields import Rules
from speed_states import counts_after, shape_candidates, states, unopened_states

SPECS = ["italian", "samba", "hollywood", "classic"]


@pytest.mark.parametrize("spec", SPECS)
def test_the_plan_with_pairs_never_contradicts_the_full_plan(spec: str) -> None:
    """Wherever ``pairs_reach_after`` answers, ``best_meld_value`` of the counts and this turn's melds
    after the candidate gives the same answer; it answers "no" only where wild cards count nothing."""
    yes = no = 0
    for deal, side in unopened_states(spec, 24):
        check = InitialMeldCheck(deal, side, deal.melds_by_rank(side))
        zero = deal.rank_values[TWO] == 0 and deal.rank_values[JOKER_RANK] == 0
        assert check.zero_wilds == zero
        for x in shape_candidates(deal)[::2]:
            rc, turn = counts_after(deal, check, x)
            best = best_meld_value(rc, turn, deal.meld_limits, check.keep)
            for need in (5, 20, 40, 50, 70, 90, 120, 160):
                got = check.pairs_reach_after(x, need)
                if got is True:
                    assert best >= need, (x, need, best)
                    yes += 1
                elif got is False:
                    assert zero and best < need, (x, need, best)
                    no += 1
    assert yes > 100
    if spec == "italian":
        assert no > 100


@pytest.mark.parametrize("spec", SPECS)
def test_bits_runs_finds_the_runs_of_each_suit(spec: str) -> None:
    rules = Rules.parse(spec)
    rng = random.Random(spec)
    for _ in range(3000):
        hand = [0] * 53
        for _ in range(rng.randint(0, 22)):
            hand[rng.randrange(53)] += rng.randint(1, 3)
        bits = held_bits(hand)
        assert [ROW_BYTES[bits >> LANE * suit & LANE_MASK] for suit in range(4)] == suit_rows(hand)
        for length in (3, 4, 5, 7, rules.sequence_min):
            starts = bits_runs(bits, length)
            for suit, row in enumerate(suit_rows(hand)):
                lane = starts >> LANE * suit & LANE_MASK
                assert starts >> LANE * suit & ~LANE_MASK & 0xFFFF == 0  # nothing between the lanes
                assert bool(lane) == (b"\x01" * length in row), (hand, length, suit)


@pytest.mark.parametrize("spec", ["italian", "samba", "hollywood", "bolivia", "brazilian"])
def test_no_sequence_moves_without_a_run_a_wild_card_or_a_sequence(spec: str) -> None:
    """``Deal.seqs`` (kept between moves) lists the side's sequence melds and the seat's ``nb`` its
    naturals; where the hand holds no run and no wild card may fill a gap, the sequence moves come from the
    side's sequences alone (none without one); ``_holds_sequence`` says what ``spans_in_hand`` says."""
    checked = empty = 0
    for deal in states(spec, 16):
        if deal.phase != P_PLAY:
            continue
        seat, side = deal.turn, deal.side_of[deal.turn]
        rules = deal.rules
        seqs = deal.seqs[side]
        for s in range(deal.teams):
            assert deal.seqs[s] == [m for m in deal.melds[s] if m.target == SEQ_TARGET]
        hand = deal.hands[seat]
        assert deal.natural_bits == [held_bits(h) for h in deal.hands]
        spans = spans_in_hand(hand, rules.sequence_min, rules.sequence_max)
        assert holds_natural_sequence(deal) == bool(spans)
        wild = rules.sequence_wild_max > 0 and (deal.rank_counts[seat][TWO] or deal.rank_counts[seat][JOKER_RANK])
        if spans or wild or seqs:
            continue
        pend = deal._to_hand(deal.pending) if deal.pending else 0
        for allow_out in (True, False):
            needs = canastas_needed_now_and_with_a_sequence(deal, side)
            assert seq_play_candidates(deal, seat, side, deal.hand_sizes[seat], pend, allow_out, needs) == []
            assert seq_play_ids(deal, seat, side, deal.hand_sizes[seat], pend, allow_out, needs) == []
        assert not any(m.target == SEQ_TARGET for m in deal.melds[side])
        checked += 1
        empty += 1
    assert checked > 50 and empty > 50
