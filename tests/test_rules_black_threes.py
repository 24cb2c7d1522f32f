"""Scripted deals for RULES.md §1.8: black threes.

Seat 0 plays first; seats 0 and 2 are side 0. ``SEVEN_KINGS`` makes a natural canasta.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import IllegalMove
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import hand_value
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, draw_discard, hand, legal_strs, make_deal, melds_of, play, snapshot

CLASSIC = Rules.preset("classic")
SEVEN_KINGS = "KC KD KH KS KC KD KH"


def test_black_three_stops_only_the_next_player_and_does_not_freeze() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH"], stock="4S 3S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    play(d, "draw", "discard 3S")  # seat 1 stops seat 2
    v = d.view(2)
    assert v.stopped and not v.pile_frozen and not v.pile_frozen_for_me
    assert v.frozen_reason == ""
    assert legal_strs(d) == {"draw"}


def test_covered_black_three_no_longer_stops_the_pile() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH", None, None, "9C 9D QC QD QH"], stock="4S 3S 9H")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    play(d, "draw", "discard 3S")  # seat 1
    play(d, "draw", "discard 9H")  # seat 2 (side 0) covers it
    assert d.turn == 3 and d.pile[-2:] == cards("3S 9H")
    assert "take 9C 9D" in legal_strs(d)  # 9 9 9 + Q Q Q = 60 opens side 1
    play(d, "take 9C 9D", "meld QC QD QH")
    assert d.hands[3][cards("3S")[0]] == 1  # the black three came into the hand with the pile


def test_black_threes_melded_only_when_going_out() -> None:
    # K x7 (canasta), 3C 3C 3S 3S; draws 9D
    d = make_deal(CLASSIC, [SEVEN_KINGS + " 3C 3C 3S 3S"], stock="9D 5S")
    play(d, "draw", "meld " + SEVEN_KINGS)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="black threes may be melded only when you go out"):
        d.apply("meld 3C 3C 3S")  # would leave 3S 9D: not going out
    assert snapshot(d) == before
    assert "meld 3C 3C 3S 3S" in legal_strs(d)
    play(d, "meld 3C 3C 3S 3S", "discard 9D")
    assert d.over and d.out_seat == 0
    assert melds_of(d, 0)["3"] == sorted(cards("3C 3C 3S 3S"))
    s = d.score()[0]
    assert s.breakdown["melded_cards"] == 70 + 20  # black threes melded at 5 each


def test_black_threes_are_never_melded_with_wild_cards_or_as_a_pair() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " 3C 3S 2C QC"], stock="QD")
    play(d, "draw", "meld " + SEVEN_KINGS)
    for text in ("meld 3C 3S 2C", "meld 3C 3S"):
        with pytest.raises(IllegalMove, match="black threes"):
            d.apply(text)


def test_going_out_by_discarding_a_single_black_three() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 3S"], stock="QS")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS")
    assert legal_strs(d) >= {"discard 3S"}
    play(d, "discard 3S")
    assert d.over and d.out_seat == 0 and d.pile[-1] == cards("3S")[0]


def test_two_black_threes_left_cannot_go_out() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 3S"], stock="3C")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH")
    assert d.hand_sizes[0] == 2 and not d.can_go_out_now()
    with pytest.raises(IllegalMove, match="black threes"):
        d.apply("meld 3C 3S")
    play(d, "discard 3S")  # he must keep the other one
    assert not d.over and d.hand_sizes[0] == 1


def test_black_three_left_in_a_hand_costs_5() -> None:
    s = score_side(CLASSIC, SideResult(melds=[cards("KC KD KH")], hand=cards("3S 3C")))
    assert s.breakdown["hand_cards"] == -10
    # through a deal: seat 1 holds 3C when seat 0 goes out
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 2C", "3C 4D 4H 5D 5H 6D 6H 7D 7H 8D 8H"], stock="QS")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C")
    assert d.over
    # seat 1: 3C = 5; 4 4 5 5 6 6 7 7 = 40; 8 8 = 20; plus whatever seat 3 holds
    assert d.score()[1].breakdown["hand_cards"] == -(5 + 40 + 20) - hand_value(CLASSIC, hand(d, 3))


def test_black_three_discard_then_next_player_draws() -> None:
    d = make_deal(CLASSIC, [], stock="3C 9S")
    play(d, "draw", "discard 3C")
    assert d.view(1).stopped
    draw_discard(d)
    assert not d.view(2).stopped
