"""Scripted deals for RULES.md §1.9: going out, asking the partner, concealed going out.

Seat 0 plays first; seats 0 and 2 are side 0 (partners), seats 1 and 3 side 1.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import P_ANSWER, P_PLAY, Deal, IllegalMove
from canasta.rules.fields import Rules
from helpers import draw_discard, legal_strs, make_deal, play, snapshot

CLASSIC = Rules.preset("classic")
SEVEN_KINGS = "KC KD KH KS KC KD KH"


def test_going_out_needs_a_canasta() -> None:
    # K K K, Q Q Q, A A A, 5 5 + a drawn 5: everything meldable, but no canasta
    d = make_deal(CLASSIC, ["KC KD KH QC QD QH AC AD AH 5C 5D"], stock="5H")
    play(d, "draw", "meld KC KD KH", "meld QC QD QH", "meld AC AD AH")
    assert not d.can_go_out_now()
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="keep a card to discard.*1 canasta"):
        d.apply("meld 5C 5D 5H")
    assert snapshot(d) == before
    play(d, "discard 5H")
    assert not d.over


def test_canasta_completed_in_the_same_turn_allows_going_out_by_melding_everything() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 2C"], stock="QS")
    play(d, "draw")
    assert d.can_go_out_now()
    play(d, "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C")
    assert d.over and d.out_seat == 0 and d.hand_sizes[0] == 0
    assert len(d.pile) == 1  # only the upcard: going out by melding skips the discard


def test_going_out_by_discarding_the_last_card() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 9C"], stock="QS")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.over and d.out_seat == 0
    s = d.score()
    assert s[0].breakdown["going_out"] == 100 and s[1].breakdown["going_out"] == 0


def test_deal_ends_at_once_when_a_player_goes_out() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 9C"], stock="QS")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.legal_actions() == []
    with pytest.raises(IllegalMove, match="deal is over"):
        d.apply("draw")


# -------------------------------------------------------------- may I go out?

def _can_go_out() -> Deal:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 9C"], stock="QS")
    return play(d, "draw")


def test_ask_is_answered_by_the_partner() -> None:
    d = _can_go_out()
    assert "ask" in legal_strs(d)
    play(d, "ask")
    assert d.phase == P_ANSWER and d.to_act == 2 and d.turn == 0
    assert legal_strs(d) == {"yes", "no"}
    with pytest.raises(IllegalMove, match="must first answer"):
        d.apply("meld " + SEVEN_KINGS)
    play(d, "yes")
    assert d.phase == P_PLAY and d.to_act == 0 and d.view(0).answer == 1


def test_yes_binds_the_player_to_go_out() -> None:
    d = play(_can_go_out(), "ask", "yes")
    assert not any(m.kind == 4 for m in d.legal_moves())  # no discard that keeps cards
    with pytest.raises(IllegalMove, match="partner said yes: you must go out"):
        d.apply("discard 9C")
    with pytest.raises(IllegalMove, match="already asked"):
        d.apply("ask")
    # melds that keep going out possible are allowed; the deal ends with him out
    play(d, "meld " + SEVEN_KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.over and d.out_seat == 0


def test_no_forbids_going_out_this_turn() -> None:
    d = play(_can_go_out(), "ask", "no")
    play(d, "meld " + SEVEN_KINGS)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="partner said no"):
        d.apply("meld QC QD QH QS")  # would leave one card to discard: going out
    assert snapshot(d) == before
    play(d, "meld QC QD QH", "discard 9C")
    assert not d.over and d.hand_sizes[0] == 1


def test_the_answer_binds_only_that_turn() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 9C"], stock="QS 9S 9H 9D 8C")
    play(d, "draw", "ask", "no", "meld " + SEVEN_KINGS, "meld QC QD QH")
    assert d.hand_sizes[0] == 2
    play(d, "discard 9C")
    draw_discard(d, 3)
    play(d, "draw")  # seat 0 holds QS 8C; may ask again, and may go out unasked
    v = d.view(0)
    assert d.turn == 0 and v.answer == 0 and not v.asked
    play(d, "add QS", "discard 8C")
    assert d.over and d.out_seat == 0


def test_ask_only_when_he_can_go_out() -> None:
    d = make_deal(CLASSIC, ["KC KD KH QC QD QH AC AD AH 5C 5D"], stock="9H")
    play(d, "draw")
    assert "ask" not in legal_strs(d)
    with pytest.raises(IllegalMove, match="canasta to go out; ask only when you can go out"):
        d.apply("ask")


def test_nobody_asked_yes_is_refused() -> None:
    d = _can_go_out()
    with pytest.raises(IllegalMove, match="nobody asked"):
        d.apply("yes")


# ------------------------------------------------------------ concealed going out

def test_concealed_going_out_scores_100_extra() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 2C"], stock="QS")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C")
    assert d.concealed
    b = d.score()[0].breakdown
    assert b["going_out"] == 100 and b["concealed"] == 100
    assert b["canastas"] == 500


def test_concealed_going_out_waives_the_minimum_when_drawing() -> None:
    # side 0 at 1500 needs 90; 7 fours + 4 fives = 55 points, but he goes out concealed
    d = make_deal(CLASSIC, ["4C 4D 4H 4S 4C 4D 4H 5C 5D 5H 6S"], stock="5S", scores=[1500, 0])
    play(d, "draw", "meld 4C 4D 4H 4S 4C 4D 4H", "meld 5C 5D 5H 5S")
    assert legal_strs(d) == {"discard 6S"}
    play(d, "discard 6S")
    assert d.over and d.concealed and d.out_seat == 0
    assert d.score()[0].breakdown["concealed"] == 100


def test_without_going_out_the_minimum_still_applies() -> None:
    # same side at 1500 but the hand cannot be melded out: the fours may not be melded
    d = make_deal(CLASSIC, ["4C 4D 4H 4S 4C 4D 4H 5C 6D 7H 8S"], stock="9S", scores=[1500, 0])
    play(d, "draw")
    with pytest.raises(IllegalMove, match="initial meld of 90"):
        d.apply("meld 4C 4D 4H 4S 4C 4D 4H")


def test_not_concealed_when_he_melded_on_an_earlier_turn() -> None:
    d = make_deal(CLASSIC, ["AC AD AH KC KD KH KS KC KD QC 2C"], stock="4S 9C 9D 9H JK")
    play(d, "draw", "meld AC AD AH", "discard 4S")  # opens with 60
    draw_discard(d, 3)
    play(d, "draw", "meld KC KD KH KS KC KD 2C JK", "discard QC")  # a new canasta, all cards
    assert d.over and d.out_seat == 0 and not d.concealed
    b = d.score()[0].breakdown
    assert b["concealed"] == 0 and b["going_out"] == 100


def test_not_concealed_if_he_adds_to_his_partners_melds() -> None:
    # seat 2 (partner) melds aces first; seat 0 then goes out in one turn but lays off an ace
    d = make_deal(
        CLASSIC,
        [SEVEN_KINGS + " QC QD QH AS", None, "AC AD AH 5C 5D 5H"],
        stock="4S 9C 9D 9H QS",
    )
    play(d, "draw", "discard 4S")
    draw_discard(d, 1)
    play(d, "draw", "meld AC AD AH", "discard 9D")  # seat 2 opens with 60... need 50: ok
    draw_discard(d, 1)
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS", "add AS")
    assert d.over and d.out_seat == 0 and not d.concealed


def test_concealed_allowed_when_partner_has_melded() -> None:
    d = make_deal(
        CLASSIC,
        [SEVEN_KINGS + " QC QD QH 9C", None, "AC AD AH 5C 5D 5H"],
        stock="4S 9H 9D 8H QS",
    )
    play(d, "draw", "discard 4S")
    draw_discard(d, 1)
    play(d, "draw", "meld AC AD AH", "discard 9D")
    draw_discard(d, 1)
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.over and d.concealed
