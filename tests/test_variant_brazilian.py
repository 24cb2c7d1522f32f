"""Scripted deals for the ``brazilian`` preset (RULES.md §3.2 Brazilian column; H, R, S0 l.265-303, S4 l.89;
docs/variants/brazilian.md).

Brazilian is Bolivia (tests/test_variant_bolivia.py) except: a wild canasta 2000; any 2 canastas go out,
and only after asking the partner and being told yes; the pile is not taken for an initial meld; from 7000
the initial meld must include a canasta completed that turn (a natural one from 9000; 200 points from 8000
to 8995); when going out a sequence may be extended at both ends past 7 cards; a sequence of fewer than 5
cards at the end costs 1000; red threes 100 each up to 4, 1000 for 5, 1200 for 6, positive with a canasta;
game to 10,000. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import IllegalMove
from canasta.rules.fields import Rules, RulesError, describe
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, legal_strs, make_deal, play

BRAZILIAN = Rules.preset("brazilian")
SEQ7 = "4D 5D 6D 7D 8D 9D TD"
KINGS7 = "KC KD KH KS KC KD KH"


def test_preset_fields() -> None:
    r = Rules.parse("brazilian")
    assert r == BRAZILIAN and r.spec() == "brazilian"
    assert (r.packs, r.hand_size, r.draw, r.target, r.wild_canasta_bonus) == (3, 15, 2, 10000, 2000)
    assert (r.canastas_to_go_out, r.sequence_canastas_to_go_out, r.going_out_bonus) == (2, 0, 200)
    assert r.no_pile_for_initial_meld and r.must_ask_to_go_out and r.sequence_out_max == 11
    assert (r.short_sequence_penalty, r.short_sequence_below) == (1000, 5)
    assert [r.min_meld(s) for s in (-5, 0, 1500, 3000, 7000, 8000, 8995, 9000)] == [15, 50, 90, 120, 120, 200,
                                                                                     200, 120]
    assert [r.opening_requirement(s) for s in (6995, 7000, 8995, 9000)] == ["", "canasta", "canasta",
                                                                           "natural_canasta"]
    assert "must also include a canasta" in describe(r)
    assert Rules.parse("brazilian(min_meld_canasta_from=none)").min_meld_canasta_from == ()
    with pytest.raises(RulesError, match="needs no_pile_for_initial_meld"):
        Rules.parse("samba(min_meld_canasta_from=7000:canasta)")
    with pytest.raises(RulesError, match="SCORE:REQUIREMENT"):
        Rules.parse("brazilian(min_meld_canasta_from=7000:mixed)")


def test_the_pile_is_not_taken_for_an_initial_meld() -> None:
    d = make_deal(BRAZILIAN, ["QC QD 5C 5D 9C 9D 8C 8D 6C 6D 4C 4D TC TD JC", None,
                              "QS QH KC KD KH AC AD AH"], stock="KS AS  KH AH")
    play(d, "draw", "discard KS")
    play(d, "draw", "discard KH")
    assert d.turn == 2 and not any(m.startswith("take") for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="cannot be taken for it"):
        d.apply("take KC KD")


def test_from_7000_the_initial_meld_includes_a_canasta() -> None:
    hand = "KC KD KH KS KC KD KH AC AD AH AS QC QD QH JC"
    d = make_deal(BRAZILIAN, [hand], stock="5S 6S", scores=[7500, 0])
    play(d, "draw", "meld AC AD AH AS", "meld QC QD QH", "meld KC KD KH")
    assert d.open_total == 140 and not d.opened[0]
    with pytest.raises(IllegalMove, match="must include a canasta"):
        d.apply("discard JC")
    play(d, "add KS KC KD KH")
    assert d.opened[0] and "discard JC" in legal_strs(d)
    # without seven cards of a rank (or a sequence of seven) nothing may be started at 7500
    e = make_deal(BRAZILIAN, ["KC KD KH AC AD AH AS QC QD QH JC JD JH 9C 9D"], stock="5S 6S", scores=[7500, 0])
    play(e, "draw")
    assert not any(m.startswith("meld") for m in legal_strs(e))
    with pytest.raises(IllegalMove, match="and a canasta"):
        e.apply("meld AC AD AH AS")
    f = make_deal(BRAZILIAN, ["KC KD KH AC AD AH AS QC QD QH JC JD JH 9C 9D"], stock="5S 6S")
    play(f, "draw")
    assert "meld AC AD AH AS" in legal_strs(f)  # at 0 the same hand opens


def test_from_9000_a_natural_canasta() -> None:
    hand = "KC KD KH KS KC 2C 2D AC AD AH AS QC QD QH JC"
    d = make_deal(BRAZILIAN, [hand], stock="5S 6S", scores=[9500, 0])
    play(d, "draw")
    assert "meld KC KC KD KH KS 2C 2D" not in legal_strs(d)  # a mixed canasta does not open
    e = make_deal(BRAZILIAN, [hand], stock="5S 6S", scores=[8500, 0])
    play(e, "draw", "meld KC KD KH KS KC 2C 2D")
    assert not e.opened[0] and e.open_total == 90  # 200 needed from 8000
    play(e, "meld AC AD AH AS", "meld QC QD QH")
    assert e.opened[0] and e.open_total == 200


def test_going_out_only_when_told_yes() -> None:
    d = make_deal(BRAZILIAN, [SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7)
    assert d.canastas[0] == 2 and "meld AC AD AH" not in legal_strs(d)
    with pytest.raises(IllegalMove, match="after asking your partner"):
        d.apply("meld AC AD AH")
    play(d, "ask", "yes", "meld AC AD AH")
    assert d.over and d.out_seat == 0


def test_a_sequence_is_extended_past_seven_only_when_going_out() -> None:
    d = make_deal(BRAZILIAN, [SEQ7 + " " + KINGS7 + " JD"], stock="QD AC")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7)
    assert not any(m.startswith("add JD") for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="only in the move that goes out"):
        d.apply("add JD QD to 4D-TD")
    play(d, "ask", "yes")
    legal = legal_strs(d)
    # after the binding yes this is the going-out turn: the sequence may pass seven cards at any point of it
    # that keeps going out possible (issue #13), so JD alone (then QD, discard AC) is legal too
    assert "add JD QD to 4D-TD" in legal and "add JD to 4D-TD" in legal
    play(d, "add JD QD to 4D-TD", "discard AC")
    assert d.over and d.out_seat == 0
    s = d.score()[0].breakdown
    assert s["canastas"] == 1500 + 500 and s["melded_cards"] == 70 + 70


def test_scoring() -> None:
    short = SideResult(melds=[cards(KINGS7), cards("4S 5S 6S 7S"), cards("8H 9H TH JH QH")])
    s = score_side(BRAZILIAN, short)
    assert s.breakdown["penalties"] == -1000
    six = cards("3D 3D 3D 3H 3H 3H")
    assert score_side(BRAZILIAN, SideResult(melds=[cards(KINGS7)], red_threes=six)).breakdown["red_threes"] == 1200
    assert score_side(BRAZILIAN, SideResult(melds=[cards("KC KD KH")], red_threes=six[:2])).breakdown[
        "red_threes"] == -200
    long = SideResult(melds=[cards("4D 5D 6D 7D 8D 9D TD JD QD"), cards(KINGS7)], went_out=True)
    assert score_side(BRAZILIAN, long).breakdown["canastas"] == 2000


def test_a_going_out_through_a_sequence_can_be_asked_for() -> None:
    d = make_deal(BRAZILIAN, [SEQ7 + " " + KINGS7 + " 4H"], stock="5H 6H")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7)
    legal = legal_strs(d)
    assert "ask" in legal and "meld 4H 5H 6H" not in legal  # only a sequence empties the hand
    play(d, "ask", "yes")
    assert legal_strs(d) == {"meld 4H 5H 6H"}
    play(d, "meld 4H 5H 6H")
    assert d.over and d.out_seat == 0


def test_a_yes_when_he_cannot_go_out_is_void() -> None:
    d = make_deal(BRAZILIAN, [KINGS7 + " AC AD AH QC QD QH 9C 5S"], stock="4D 6H")
    play(d, "draw", "meld " + KINGS7)
    assert d.opened[0] and "ask" in legal_strs(d)  # he may always ask (1 canasta: he cannot go out)
    play(d, "ask", "yes")
    assert d.answer == 0 and d.asked and "ask" not in legal_strs(d)
    play(d, "discard 5S")
    assert d.turn == 1 and not d.over


def test_the_opening_plan_counts_the_wild_cards_its_canasta_takes() -> None:
    """Regression (found by the slow smoke test): at 8260 a side needs 200 points and a canasta. With five
    queens, two eights and five wild cards (at most 2 in a meld) 180 is the most: the wild cards that
    complete the queens' canasta leave no room for the last two, so no meld may be started."""
    hand = "QC QC QD QD QH 2C 8H 8H JK 2H 2S 2S 3C 5S 6S"
    d = make_deal(BRAZILIAN, [hand], stock="7C 9S", scores=[8260, 0])
    play(d, "draw")
    assert not any(m.startswith(("meld", "add")) for m in legal_strs(d))
    e = make_deal(BRAZILIAN, [hand], stock="7C 9S", scores=[7500, 0])  # 120 and a canasta: possible
    play(e, "draw", "meld QC QC QD QD QH", "add 2C 2S to Q")
    assert not e.opened[0] and e.canastas[0] == 1 and e.open_total == 90
    play(e, "meld 8H 8H JK")
    assert e.opened[0] and e.open_total == 160


def test_a_yes_counts_a_meld_that_only_a_wild_card_completes() -> None:
    """Going out is planned with sequences here (``out_reach``); its quick bound on the canastas the hand
    could complete once skipped a meld of six kings with no king in hand, which the joker completes."""
    d = make_deal(BRAZILIAN, [SEQ7 + " KC KD KH KS KC KD JK 5H"], stock="5S 5D")
    play(d, "draw", "meld " + SEQ7, "meld KC KD KH KS KC KD")
    assert d.canastas[0] == 1 and d.can_go_out_now()
    play(d, "ask", "yes")
    assert d.answer == 1 and d.ask_failed == [0, 0]
    play(d, "add JK to K", "meld 5D 5H 5S")
    assert d.over and d.out_seat == 0 and d.canastas[0] == 2


def test_a_yes_counts_two_sequence_canastas_of_the_same_cards() -> None:
    """With three packs the hand may hold the same seven cards twice: two sequence canastas (the bound
    once counted one per suit)."""
    h7 = "4H 5H 6H 7H 8H 9H TH"
    d = make_deal(BRAZILIAN, [h7 + " " + h7 + " QS", None, "AC AD AH KC KD KH"],
                  stock="5S 5D 8C 8S QD QH 9C 9D 5C 9S")
    play(d, "draw", "discard QS", "draw", "discard 8C", "draw", "meld AC AD AH", "meld KC KD KH", "discard QD",
         "draw", "discard 9C", "draw")
    assert d.turn == 0 and d.opened[0] and d.canastas[0] == 0 and d.can_go_out_now()
    play(d, "ask", "yes")
    assert d.answer == 1 and d.ask_failed == [0, 0]
    play(d, "meld " + h7, "meld " + h7, "meld 5C 5D 5S", "discard 9S")
    assert d.over and d.out_seat == 0 and d.canastas[0] == 2


# --- RULES.md §3 coverage (audit) ---

def test_a_short_sequence_costs_1000_in_a_played_deal() -> None:
    """§3.2 Brazilian penalties: "a sequence of fewer than 5 cards at the end -1000"."""
    d = make_deal(BRAZILIAN, [SEQ7 + " " + KINGS7 + " 4H"], stock="5H 6H")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7, "ask", "yes", "meld 4H 5H 6H")
    assert d.over and d.score()[0].breakdown["penalties"] == -1000
    e = make_deal(BRAZILIAN, [SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")
    play(e, "draw", "meld " + SEQ7, "meld " + KINGS7, "ask", "yes", "meld AC AD AH")
    assert e.over and e.score()[0].breakdown["penalties"] == 0


def test_six_red_threes_1200_in_a_played_deal() -> None:
    """§3.2 Brazilian red threes: "1-4: 100 each; 5 = 1000; 6 = 1200; positive if the side has >=1 canasta"."""
    d = make_deal(BRAZILIAN, [SEQ7 + " " + KINGS7 + " AC", None, "3D 3D 3D 3H 3H 3H"],
                  stock="5C 5D 5H 6C 6D 6H AD AH")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7, "ask", "yes", "meld AC AD AH")
    assert d.over and len(d.red3[2]) == 6 and d.score()[0].breakdown["red_threes"] == 1200


def test_wild_canasta_2000_in_a_played_deal() -> None:
    """§3.2 Brazilian: "wild canasta 2000" (Bolivia: 2500)."""
    wild7 = "2C 2D 2H 2S JK JK 2C"
    for rules, bonus in ((BRAZILIAN, 2000), (Rules.preset("bolivia"), 2500)):
        d = make_deal(rules, [wild7 + " " + KINGS7 + " AC"], stock="AD AH")
        play(d, "draw", "meld " + wild7, "meld " + KINGS7)
        assert d.canastas[0] == 2
        b = score_side(rules, d.side_results()[0]).breakdown
        assert b["canastas"] == bonus + 500 and b["wild_canastas"] == 1


def test_game_to_10000() -> None:
    """§3.2 Brazilian target 10,000."""
    from canasta.engine.deal import Deal
    from helpers import check_target

    def out(d: Deal) -> None:
        play(d, "draw", "meld " + SEQ7, "meld " + KINGS7, "ask", "yes", "meld AC AD AH")

    check_target(BRAZILIAN, out, hands=[SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")


def test_a_wild_card_added_to_the_only_natural_canasta_of_the_opening_is_refused() -> None:
    # Brazilian game 444 (random players): at 9755 the seat had the natural canasta of sevens and 105 points; the
    # engine let it add a joker to the sevens, the canasta turned mixed, and no move was left (no natural canasta
    # could be made any more). The move is refused; the joker on the kings opens.
    hand = "7C 7D 7D 7H 7H 7S 7S KD KD JK JK 4H 5C 9D"
    d = make_deal(BRAZILIAN, [hand], stock="8S 6S", scores=[9755, 0])
    play(d, "draw", "meld 7C 7D 7D 7H 7H 7S 7S", "meld KD KD JK")
    assert d.open_total == 105 and not d.opened[0]
    legal = legal_strs(d)
    assert "add JK to 7" not in legal and "add JK to K" in legal
    with pytest.raises(IllegalMove, match="a natural canasta"):
        d.apply("add JK to 7")
    assert d.open_total == 105 and d.melds[0][0].wild == 0  # nothing changed
    play(d, "add JK to K")
    assert d.opened[0] and d.open_total == 155
    # with a second natural canasta still to come (seven aces), the sevens may take the joker
    e = make_deal(BRAZILIAN, ["7C 7D 7D 7H 7H 7S 7S AC AC AD AD AH AH AS JK"], stock="8S 6S", scores=[9755, 0])
    play(e, "draw", "meld 7C 7D 7D 7H 7H 7S 7S")
    assert "add JK to 7" in legal_strs(e)
    play(e, "add JK to 7", "meld AC AC AD AD AH AH AS")
    assert e.opened[0]


def test_black_threes_melded_early_leave_none_behind() -> None:
    # Brazilian game 626 (random players): told yes, the player held six black threes; the engine offered the meld
    # of three of them, after which the other three could never be melded (a side lays out its black threes once,
    # §1.8), so the going out was lost, the deal ran on and ended with black threes melded by a player who never
    # went out. Only the meld of all six keeps the going out.
    from canasta.moves.notation import SEQ_TARGET
    from oracles.build import position
    from oracles.going_out import can_go_out, relaxed

    d = position(BRAZILIAN, "3C 3C 3C 3S 3S 3S AC AD AH QD",
                 melds=[(SEQ_TARGET, SEQ7), (11, KINGS7)])
    seat = d.turn
    for move in ("ask", "yes", "meld AC AD AH"):  # a built position (its other cards are not a deck): no play()
        d.apply(move)
    assert legal_strs(d) == {"meld 3C 3C 3C 3S 3S 3S"}
    after = d.clone()
    after.__class__ = relaxed(type(d))  # the "can he still go out?" filters off: the meld is played
    after.planning = True
    after._legal = None
    after.apply("meld 3C 3C 3C")
    after.__class__ = type(d)
    after.planning = False
    after._legal = None
    assert not can_go_out(after)  # the exhaustive search agrees: nothing goes out after it
    d.apply("meld 3C 3C 3C 3S 3S 3S")
    d.apply("discard QD")
    assert d.over and d.out_seat == seat


def test_a_natural_sequence_started_short_may_grow_into_the_canasta_of_the_opening() -> None:
    # From 9000 (§3.2) the natural canasta may be a sequence grown to seven cards in the opening turn. The plan of
    # the canasta extended only the sequences already on the table, so every short start was refused (the opening
    # oracle found it: tests/test_oracle_opening.py, scored first turns).
    hand = "5C 6C 7C 8C 9C TC JC KC KH KS 2D JK 4H 9H QH"
    d = make_deal(BRAZILIAN, [hand], stock="5D 6D", scores=[9100, 0])
    play(d, "draw")
    assert "meld 5C 6C 7C" in legal_strs(d)
    play(d, "meld 5C 6C 7C", "add 8C 9C TC JC to 5C-7C", "meld KC KH KS 2D JK")
    assert d.opened[0] and d.open_total == 155
