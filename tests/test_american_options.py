"""Modern American Canasta's named options beyond the defaults (RULES_AMERICAN.md A.7, A.15;
docs/variants/modern-american.md): ``min_meld_mode=by_hand_number`` (the ACS tournament's minimums by deal),
``opening_requires=clean_triple_or_wild_meld`` (pagat's meld of wild cards in place of the Clean Triple), ``splash``
(a canasta from the hand opens with no minimum, pagat)."""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.rules.errors import RulesError
from helpers import is_legal, make_deal, play, stacked_deck
from helpers import mac_rules as mac


def test_minimum_by_hand_number_ignores_the_scores() -> None:
    rules = mac(min_meld_mode="by_hand_number")
    assert [rules.min_meld(score, k) for score, k in ((-500, 0), (6000, 0), (0, 1), (0, 2), (9000, 5))] == [
        125, 125, 155, 180, 180]
    assert [mac().min_meld(0, k) for k in range(3)] == [125, 125, 125]  # by_score: the deal's number aside


@pytest.mark.parametrize(("number", "minimum"), [(0, 125), (1, 155), (2, 180), (3, 180)])
def test_each_deal_gets_its_minimum_whatever_the_scores(number: int, minimum: int) -> None:
    rules = mac(min_meld_mode="by_hand_number")
    deck = stacked_deck(rules, [], upcard="", dealer=3)
    deal = Deal(rules, dealer=3, scores=[6000, -300], seed=0, deck=deck, deal_number=number)
    assert deal.minimum == [minimum, minimum]
    game = Game(rules, seed=1)
    game.logs = [None] * number  # type: ignore[list-item]  # the deals played before (only their count matters)
    assert game.minimums() == [minimum, minimum]


def test_an_opening_below_the_hand_minimum_is_refused() -> None:
    opener = "AC AD AH KC KD KH QC QD QH 9C 9D 9H 5S"  # 60 + 30 + 30 + 30 = 150, 5S and TC kept
    rules = mac(min_meld_mode="by_hand_number")
    first = Deal(rules, dealer=3, seed=0, deck=stacked_deck(rules, [opener], upcard="", stock="TC", dealer=3))
    second = Deal(rules, dealer=3, seed=0, deck=stacked_deck(rules, [opener], upcard="", stock="TC", dealer=3),
                  deal_number=1)
    melds = ("meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld 9C 9D 9H")
    play(first, "draw", *melds)
    assert first.opened[0]
    play(second, "draw")
    assert not is_legal(second, melds[0])  # 150 and 5S, TC to keep: 155 out of reach


def test_by_hand_number_and_round_minimums_do_not_mix() -> None:
    with pytest.raises(RulesError, match="use one"):
        mac(min_meld_mode="by_hand_number", round_minimums="50/90")
    with pytest.raises(RulesError, match="by_hand_number"):
        mac(min_meld_mode="by_round")


WILD_OPENER = "JK JK 2C 2D KC KD QC QD 9C 9D 8C 8D 6C"  # 140 in wild cards, pairs of naturals, no clean triple


def test_a_meld_of_wild_cards_opens_in_place_of_the_clean_triple() -> None:
    d = make_deal(mac(opening_requires="clean_triple_or_wild_meld"), [WILD_OPENER], upcard="", stock="5C 4C")
    play(d, "draw", "meld JK JK 2C 2D", "discard 5C")
    assert d.opened[0]
    strict = make_deal(mac(), [WILD_OPENER], upcard="", stock="5C 4C")  # the League's Clean Triple (default)
    play(strict, "draw")
    assert not is_legal(strict, "meld JK JK 2C 2D")


def test_the_count_without_either_does_not_open() -> None:
    rules = mac(opening_requires="clean_triple_or_wild_meld")
    d = make_deal(rules, ["AC AD 2D 2H QC QD JK KC KD KH 5C 6C 9C"], upcard="", stock="9D")
    play(d, "draw", "meld AC AD 2D 2H", "meld QC QD JK")  # 80 + 70: the count, no clean triple, no wild meld
    assert d.open_total >= 125 and not d.opened[0]
    why = explain_refusal(d, Move.parse("discard 9D"))
    assert why.code == "initial_meld_needs_clean_triple_or_wild_meld" and "wild cards" in why.text
    play(d, "meld KC KD KH", "discard 9D")
    assert d.opened[0]


def test_a_meld_of_wild_cards_needs_three() -> None:
    rules = mac(opening_requires="clean_triple_or_wild_meld")
    d = make_deal(rules, ["JK 2C AC AD KC KD QC QD 9C 9D 8C 8D 6C"], upcard="", stock="5C 4C")
    play(d, "draw")
    assert not is_legal(d, "meld JK 2C")  # two wild cards make no meld, nor an opening
    with pytest.raises(RulesError, match="wild_melds"):
        mac(opening_requires="clean_triple_or_wild_meld", wild_melds="false", wild_meld_first="false")


SPLASH = "KC KD KH KS KC KD KH 5C 6C 9C 8D 4H 4S"  # seven kings (70): far from 125


def test_the_splash_opens_with_a_natural_canasta_from_the_hand() -> None:
    d = make_deal(mac(splash="true"), [SPLASH], upcard="", stock="9D 4C")
    play(d, "draw", "meld KC KD KH KS KC KD KH")
    assert d.opened[0] and d.canastas[0] == 1
    play(d, "discard 9D")
    assert len(d.packets[0]) == 4  # an opening from the hand: the talon follows
    off = make_deal(mac(), [SPLASH], upcard="", stock="9D 4C")  # splash=false, the spec's default
    play(off, "draw")
    assert not is_legal(off, "meld KC KD KH KS KC KD KH")


def test_the_splash_is_one_meld_of_seven_not_a_count() -> None:
    d = make_deal(mac(splash="true"), [SPLASH], upcard="", stock="9D 4C")
    play(d, "draw")
    assert not is_legal(d, "meld KC KD KH")  # three kings are no Splash, and 125 is out of reach
    assert not is_legal(d, "meld KC KD KH KS KC KD")  # nor six


def test_a_wild_canasta_splashes_only_where_wild_cards_may_stand_for_the_triple() -> None:
    wild = "JK 2C 2D 2H 2S 2C 5C 6C 9C 8D 4H 4S TC"  # with 2D drawn: seven wild cards, 170 < 180 at 5000
    pagat = {"opening_requires": "clean_triple_or_wild_meld"}
    d = make_deal(mac(splash="true", **pagat), [wild], upcard="", stock="2D 4C", scores=[5000, 0])
    play(d, "draw", "meld JK 2C 2D 2H 2S 2C 2D")
    assert d.minimum[0] == 180 and d.opened[0]
    for rules in (mac(**pagat), mac(splash="true")):  # no Splash; a Splash that needs a Clean Triple
        other = make_deal(rules, [wild], upcard="", stock="2D 4C", scores=[5000, 0])
        play(other, "draw")
        assert not is_legal(other, "meld JK 2C 2D 2H 2S 2C 2D")
