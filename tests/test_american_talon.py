"""Modern American Canasta's talon when the opener melds down to one card (RULES_AMERICAN.md A.2 [HB, T];
docs/variants/modern-american.md): with a talon due he may meld all but one card and discard it, his hand empty
until the talon joins it at his next turn; without a talon due he keeps a card; ``talon_source=predealt`` (piles dealt
in advance, claimed in order of opening [POC, MS]). Scripted deals, stacked decks."""

from __future__ import annotations

import pytest

from canasta.cards.deck import parse_cards
from canasta.rules.errors import RulesError
from helpers import draw_discard, hand, is_legal, make_deal, play
from helpers import mac_rules as mac

OPENER = "AC AD AH KC KD KH QC QD QH JC JD JH JS"  # 60 + 30 + 30 + 40 = 160 in 13 cards, 6S drawn
MELDS = ("meld AC AD AH", "meld KC KD KH", "meld QC QD QH")
STOCK = "6S 4C 4D 4H 4S 7C 7D 7H 5C"


def test_the_opener_melds_down_to_one_card_with_a_talon_due() -> None:
    d = make_deal(mac(), [OPENER], upcard="", stock=STOCK)
    play(d, "draw", *MELDS, "meld JC JD JH JS")
    assert d.hand_sizes[0] == 1 and d.opened[0]
    assert [str(m) for m in d.legal_moves()] == ["discard 6S"]
    play(d, "discard 6S")
    assert not d.over and d.out_seat == -1  # not going out: the side has no canasta
    assert d.hand_sizes[0] == 0 and d.packets[0] == parse_cards("4C 4D 4H 4S")
    for _ in range(3):
        draw_discard(d)
    assert d.turn == 0 and hand(d, 0) == parse_cards("4C 4D 4H 4S")  # the talon joined his empty hand
    play(d, "draw")
    assert d.hand_sizes[0] == 5


def test_without_a_talon_due_he_keeps_a_card() -> None:
    d = make_deal(mac(turn_card_from_bottom="60"), [OPENER], upcard="", stock=STOCK)  # the turn card is gone
    play(d, "draw", *MELDS)
    assert not is_legal(d, "meld JC JD JH JS")
    assert is_legal(d, "meld JC JD JH")
    d = make_deal(mac(talon_sizes="0/3"), [OPENER], upcard="", stock=STOCK)  # no talon for the first side
    play(d, "draw", *MELDS)
    assert not is_legal(d, "meld JC JD JH JS")


def test_the_count_plan_knows_the_talon() -> None:
    # 125 only with all four nines: 13 cards melded, the drawn 5C discarded, nothing kept (the talon follows)
    held = "KC KD KH QC QD QH JC JD JH 9C 9D 9H 9S"
    d = make_deal(mac(), [held], upcard="", stock="5C " + STOCK[3:])
    play(d, "draw")
    assert is_legal(d, "meld KC KD KH")
    play(d, "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "meld 9C 9D 9H 9S", "discard 5C")
    assert d.opened[0] and d.hand_sizes[0] == 0 and len(d.packets[0]) == 4
    gone = make_deal(mac(turn_card_from_bottom="60"), [held], upcard="", stock="5C " + STOCK[3:])
    play(gone, "draw")
    assert not is_legal(gone, "meld KC KD KH")  # without the talon 120 is the most he can meld and keep a card


PREDEALT = "4C 4D 4H 4S 5C 5D 5H"  # the piles of 4 and 3, dealt from the stock after the hands


def test_predealt_talons_are_claimed_in_order_of_opening() -> None:
    rules = mac(talon_source="predealt")
    first = "AC AD AH KC KD KH QC QD QH JC JD JH 9C"
    d = make_deal(rules, [first, first.replace("C", "S").replace("9S", "9D")], upcard="",
                  stock=PREDEALT + " 6S 6H 8C 8D")
    assert d.talons == [parse_cards("4C 4D 4H 4S"), parse_cards("5C 5D 5H")]
    play(d, "draw")
    assert parse_cards("6S")[0] in hand(d, 0)  # the draw comes after the piles
    play(d, "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    assert d.packets[0] == parse_cards("4C 4D 4H 4S") and d.talons[0] == []
    play(d, "draw", "meld AS AD AH", "meld KS KD KH", "meld QS QD QH", "meld JS JD JH", "discard 6H")
    assert d.packets[1] == parse_cards("5C 5D 5H") and d.talons == [[], []]
    d.check_invariants()


def test_an_unclaimed_pile_stays_out_once_the_turn_card_is_drawn() -> None:
    d = make_deal(mac(talon_source="predealt", turn_card_from_bottom="60"), [OPENER], upcard="",
                  stock=PREDEALT + " 6S")
    play(d, "draw", *MELDS, "meld JC JD JH", "discard 6S")
    assert d.opened[0] and d.packets[0] == [] and len(d.talons[0]) == 4  # out of play, counted by the census
    d.check_invariants()


def test_predealt_needs_talon_sizes() -> None:
    with pytest.raises(RulesError, match="talon_sizes"):
        mac(talon_source="predealt", talon_sizes="")
