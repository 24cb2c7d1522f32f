"""Scripted deals for RULES.md §1.1 (cards and values), §1.2 (deal, upcard) and §1.3 (red threes).

Also checks the stacked-deck builder of ``helpers.py`` that every rule test relies on.
"""

from __future__ import annotations

import pytest

from canasta.cards.deck import JOKER, deck_counts, parse_card
from canasta.engine.deal import Deal, IllegalMove
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import hand_value
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, hand, hand_str, make_deal, play, same_cards, stacked_deck

CLASSIC = Rules.preset("classic")


# ------------------------------------------------------------------ helpers themselves

def test_stacked_deck_is_a_full_deck_and_deals_the_named_hands() -> None:
    deck = stacked_deck(CLASSIC, ["KH KS KD", "QH"], upcard="9C", stock="AS AH", dealer=2)
    assert sorted(deck) == sorted(c for c, k in enumerate(deck_counts(2, 4)) for _ in range(k))
    d = Deal(CLASSIC, dealer=2, deck=deck)
    assert {parse_card(c) for c in ("KH", "KS", "KD")} <= set(hand(d, 3))
    assert parse_card("QH") in hand(d, 0)
    assert d.pile == cards("9C")
    assert d.stock[-2:] == cards("AH AS")  # AS on top


def test_stacked_deck_refuses_cards_the_deck_does_not_hold() -> None:
    with pytest.raises(ValueError, match="more often than the deck holds"):
        stacked_deck(CLASSIC, ["KH KH KH"])
    with pytest.raises(ValueError, match="cards"):
        stacked_deck(CLASSIC, ["4C 5C 6C 7C 8C 9C TC JC QC KC AC 4D"])


# ------------------------------------------------------------------------- §1.1 cards

def test_deck_has_108_cards_with_12_wild_cards() -> None:
    counts = deck_counts(CLASSIC.packs, CLASSIC.jokers)
    assert sum(counts) == 108 == CLASSIC.deck_size
    wild = counts[JOKER] + sum(counts[0:4])
    assert wild == 12


@pytest.mark.parametrize(
    ("card", "value"),
    [("JK", 50), ("2C", 20), ("AS", 20), ("KH", 10), ("QD", 10), ("JC", 10), ("TS", 10), ("9H", 10),
     ("8C", 10), ("7D", 5), ("6H", 5), ("5S", 5), ("4C", 5), ("3S", 5), ("3C", 5)],
)
def test_card_values(card: str, value: int) -> None:
    c = parse_card(card)
    assert CLASSIC.card_values[c] == value
    assert hand_value(CLASSIC, [c]) == value  # a card left in a hand costs its value


def test_red_threes_have_no_card_value_only_a_bonus() -> None:
    side = SideResult(melds=[cards("KH KS KD")], red_threes=cards("3H"), hand=[])
    s = score_side(CLASSIC, side)
    assert s.breakdown["melded_cards"] == 30
    assert s.breakdown["red_threes"] == 100
    assert s.total == 130


# --------------------------------------------------------------------- §1.2 the deal

def test_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    deck = list(range(0, 52)) * 2 + [JOKER] * 4
    deck = [c for c in deck if c not in (5, 6)] + [5, 6] * 2  # red threes at the bottom
    d = Deal(CLASSIC, dealer=2, deck=deck)
    # seat 3 (left of dealer 2) receives deck[0], deck[4], ...; seat 0 deck[1], ...
    assert hand(d, 3) == sorted(deck[0:44:4])
    assert hand(d, 0) == sorted(deck[1:44:4])
    assert hand(d, 2) == sorted(deck[3:44:4])
    assert d.hand_sizes == [11, 11, 11, 11]
    assert d.turn == 3 == d.to_act  # the player on the dealer's left plays first
    assert d.pile == [deck[44]]
    assert len(d.stock) == 108 - 44 - 1


def test_upcard_wild_cards_and_threes_are_covered_and_freeze_the_pile() -> None:
    d = make_deal(CLASSIC, [], upcard="2D 3S JK 3H 9H")
    assert d.pile == cards("2D 3S JK 3H 9H")
    assert d.frozen
    v = d.view(0)
    assert v.pile_top == parse_card("9H") and v.pile_size == 5 and v.pile_frozen
    assert "frozen for everyone" in v.frozen_reason


def test_upcard_black_three_is_covered_without_freezing() -> None:
    d = make_deal(CLASSIC, [], upcard="3S 9H")
    assert d.pile == cards("3S 9H")
    assert not d.frozen


def test_upcard_red_three_freezes_the_pile() -> None:
    d = make_deal(CLASSIC, [], upcard="3D 9H")
    assert d.frozen
    assert "3D" in d.view(0).frozen_reason


def test_upcard_red_three_stays_in_the_pile_and_taker_lays_it_out_without_replacement() -> None:
    # first player: 9 9 takes the frozen pile (natural pair), A A A makes the minimum
    d = make_deal(CLASSIC, ["9C 9D AC AD AH 4S 5S 6S 7S 8S TS"], upcard="3H 9H", stock="KC")
    assert d.red3 == [[], [], [], []]  # the upcard red three is nobody's yet
    stock_before = d.stock[:]
    play(d, "take 9C 9D")  # 30 points: the rest of the pile waits for the initial meld
    assert d.pending == cards("3H") and d.red3[0] == []
    play(d, "meld AC AD AH")
    assert d.red3[0] == cards("3H")
    assert d.stock == stock_before  # no replacement card
    assert d.pile == [] and d.hand_sizes[0] == 6
    assert parse_card("3H") not in hand(d, 0)


def test_first_player_after_the_deal_rotates_with_the_dealer() -> None:
    for dealer in range(4):
        d = Deal(CLASSIC, dealer=dealer, seed=dealer)
        assert d.turn == (dealer + 1) % 4


# ---------------------------------------------------------------------- §1.3 red threes

def test_red_threes_dealt_are_laid_out_and_replaced_seat_by_seat() -> None:
    # seat 0 (first) holds 3D and 3H; seat 2 holds 3H; replacements come from the stock in order
    d = make_deal(CLASSIC, ["3D 3H KC", None, "3H QC"], stock="AC AD AH")
    assert same_cards(d.red3[0], "3D 3H")
    assert same_cards(d.red3[2], "3H")
    assert d.hand_sizes == [11, 11, 11, 11]
    assert parse_card("AC") in hand(d, 0) and parse_card("AD") in hand(d, 0)
    assert parse_card("AH") in hand(d, 2)
    assert d.view(1).red_threes[0] == tuple(d.red3[0])  # everyone sees them


def test_red_three_replacement_that_is_a_red_three_is_replaced_too() -> None:
    d = make_deal(CLASSIC, ["3D"], stock="3H 3D AS")
    assert same_cards(d.red3[0], "3D 3H 3D")
    assert parse_card("AS") in hand(d, 0)
    assert d.hand_sizes[0] == 11


def test_red_three_drawn_from_the_stock_is_laid_out_and_replaced() -> None:
    d = make_deal(CLASSIC, ["KC"], stock="3H QS")
    before = d.hand_sizes[0]
    play(d, "draw")
    assert d.red3[0] == cards("3H")
    assert parse_card("QS") in hand(d, 0)
    assert d.hand_sizes[0] == before + 1


def test_red_threes_in_a_taken_pile_are_laid_out_without_replacement() -> None:
    # the pile: red three turned as upcard under a 9, then two discards; seat 2 takes it with 8 8
    d = make_deal(CLASSIC, [None, None, "8D 8H AC AD AH"], upcard="3D 9H", stock="8C 8S QS")
    play(d, "draw", "discard 8C", "draw", "discard 8S")
    stock_before = d.stock[:]
    play(d, "take 8D 8H", "meld AC AD AH")
    assert d.red3[2] == cards("3D")
    assert d.stock == stock_before
    assert d.hands[2][parse_card("9H")] >= 1 and d.hands[2][parse_card("8C")] >= 1
    assert d.pile == []


def test_red_threes_are_never_melded_or_discarded() -> None:
    d = make_deal(CLASSIC, ["3D 3H KC KD KH KS"], stock="AS AH AD")
    play(d, "draw")
    assert all(not d.hands[0][c] for c in cards("3D 3H"))
    with pytest.raises(IllegalMove, match="do not hold 3D"):
        d.apply("discard 3D")
    with pytest.raises(IllegalMove, match="do not hold|red threes"):
        d.apply("meld KC KD 3H")
    assert "3" not in hand_str(d, 0)


def test_red_three_bonus_does_not_count_toward_the_initial_meld() -> None:
    # two red threes (200 bonus) and K K K (30 points): 30 < 50, so the meld is refused
    d = make_deal(CLASSIC, ["3D 3H KC KD KH 5S 6S 7S 8S 9S TS"], stock="4C 4D 4H")
    play(d, "draw")
    assert len(d.red3[0]) == 2
    with pytest.raises(IllegalMove, match="initial meld of 50"):
        d.apply("meld KC KD KH")
