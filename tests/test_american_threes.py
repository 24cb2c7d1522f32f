"""Modern American Canasta's three kept back for the Straight (RULES_AMERICAN.md A.3 [P, T], A.11;
docs/variants/modern-american.md): while his side has not melded a player keeps the first three he receives, never
melds nor discards it, and lays it out (replaced) once his side has melded; the Straight is then laid down.
Scripted deals with stacked decks."""

from __future__ import annotations

import pytest

from canasta.cards.deck import parse_cards
from canasta.engine.explain import explain_refusal
from canasta.moves.actions import DECLARE_ID
from canasta.moves.notation import Move
from canasta.rules.errors import RulesError
from canasta.rules.fields import Rules
from helpers import hand, is_legal, make_deal, play
from helpers import mac_rules as mac

STRAIGHT13 = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"  # with a joker drawn: the Straight (3000)
OPENER = "AC AD AH KC KD KH QC QD QH JC JD JH 9C"


def threes(deal_hand: list[int]) -> list[int]:
    return [c for c in deal_hand if c >> 2 == 1]


def test_one_dealt_three_is_kept_the_others_laid_out() -> None:
    d = make_deal(mac(), ["3S 3H 3C"], upcard="", stock="3D 8S 8H 8D")
    assert threes(hand(d, 0)) == parse_cards("3C")  # the first (clubs, diamonds, hearts, spades) stays
    assert sorted(d.red3[0]) == sorted(parse_cards("3S 3H 3D"))  # the replacement 3D laid out: one is held
    assert d.hand_sizes[0] == 13


def test_a_drawn_three_is_kept_as_the_card_drawn() -> None:
    d = make_deal(mac(), [], upcard="", stock="3S 5H")
    play(d, "draw")
    assert d.red3[0] == [] and parse_cards("3S")[0] in hand(d, 0) and d.hand_sizes[0] == 14


def test_the_three_is_never_discarded() -> None:
    d = make_deal(mac(), ["3S"], upcard="", stock="8S 5H")
    play(d, "draw")
    assert not is_legal(d, "discard 3S")
    why = explain_refusal(d, Move.parse("discard 3S"))
    assert why.code == "three_no_discard" and "Straight" in why.text


def test_the_straight_is_laid_down() -> None:
    d = make_deal(mac(), [STRAIGHT13], upcard="", stock="JK 9S")
    play(d, "draw")
    assert d.legal_actions()[-1] == DECLARE_ID
    play(d, "declare")
    assert d.score()[0].total == 3000
    off = make_deal(mac(straight_three="false"), [STRAIGHT13], upcard="", stock="8D JK 9S")
    play(off, "draw")  # the 3C was laid out and replaced by 8D: the JK drawn makes no Straight
    assert DECLARE_ID not in off.legal_actions()


def test_the_opener_lays_his_three_out_at_once() -> None:
    d = make_deal(mac(), [OPENER.replace("9C", "3D")], upcard="", stock="6S 8D 4C 4D 4H 4S")
    assert threes(hand(d, 0)) == parse_cards("3D")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH")
    assert threes(hand(d, 0)) == parse_cards("3D")  # 150 with the jacks still to come: not opened yet
    play(d, "meld JC JD JH")
    assert d.opened[0] and threes(hand(d, 0)) == [] and d.red3[0] == parse_cards("3D")
    assert parse_cards("8D")[0] in hand(d, 0)  # replaced from the stock
    play(d, "discard 6S")
    d.check_invariants()


def test_the_partner_lays_his_three_out_at_his_next_turn() -> None:
    d = make_deal(mac(), [OPENER, None, "3H"], upcard="", stock="6S 4C 4D 4H 4S 7C 9D 5S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    assert d.opened[0] and threes(hand(d, 2)) == parse_cards("3H")  # kept while it is not his turn
    play(d, "draw", "discard 7C")
    assert d.turn == 2 and threes(hand(d, 2)) == [] and d.red3[2] == parse_cards("3H")
    assert parse_cards("9D")[0] in hand(d, 2)  # the replacement, before his draw
    play(d, "draw")
    assert parse_cards("5S")[0] in hand(d, 2)


def test_no_three_kept_without_the_straight() -> None:
    d = make_deal(mac(special_hands="none"), ["3S 3H 3C"], upcard="", stock="3D 8S 8H 8D")
    assert threes(hand(d, 0)) == [] and len(d.red3[0]) == 4
    with pytest.raises(RulesError, match="straight_three"):
        Rules.preset("classic", straight_three=True)
