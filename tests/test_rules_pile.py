"""Scripted deals for RULES.md §1.7: taking the discard pile, frozen piles, the one-card rule.

Seat 0 plays first; seats 0 and 2 are side 0. Most deals start with side 0 opening on
seat 0's first turn; then seats 1-3 draw and discard (the helper discards the card just
drawn), so the stock decides the pile.
"""

from __future__ import annotations

import pytest

from canasta.cards.deck import parse_card
from canasta.engine.deal import Deal, IllegalMove
from canasta.rules.fields import Rules
from helpers import cards, draw_discard, hand_str, legal_strs, make_deal, melds_of, play, snapshot

CLASSIC = Rules.preset("classic")
OPEN = "KC KD KH AC AD AH"  # side 0 opens with 90


def opened(extra: str, stock: str, rules: Rules = CLASSIC, upcard: str = "7C", others: int = 3) -> Deal:
    """Seat 0 opens with K K K + A A A and discards the 4S it draws; ``others`` seats then draw
    the next stock cards and discard them. ``stock`` lists those cards, then more."""
    d = make_deal(rules, [OPEN + " " + extra], upcard=upcard, stock="4S " + stock)
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(d, others)
    return d


def test_the_whole_pile_is_taken_and_the_top_card_is_melded_at_once() -> None:
    d = opened("QC QD", "9C 8D QS")  # pile: 7C 4S 9C 8D QS
    assert d.turn == 0
    size = d.hand_sizes[0]
    play(d, "take QC QD")
    assert melds_of(d, 0)["Q"] == sorted(cards("QC QD QS"))
    assert d.pile == []
    assert d.hand_sizes[0] == size - 2 + 4  # 7C 4S 9C 8D came into the hand
    for c in cards("7C 4S 9C 8D"):
        assert d.hands[0][c] >= 1


@pytest.mark.parametrize("mode", ["take QC QD", "take QC 2C", "take QC JK"])
def test_unfrozen_pile_taken_with_a_pair_or_a_natural_and_a_wild_card(mode: str) -> None:
    d = opened("QC QD 2C JK", "9C 8D QS")
    assert {"take QC QD", "take QC 2C", "take QC JK"} <= legal_strs(d)
    play(d, mode)
    assert len(melds_of(d, 0)["Q"]) == 3


def test_unfrozen_pile_taken_by_adding_the_top_card_to_a_meld_even_a_canasta() -> None:
    d = opened("", "9C 8D KS")
    assert "take" in legal_strs(d)
    play(d, "take")
    assert melds_of(d, 0)["K"] == sorted(cards("KC KD KH KS"))
    assert d.pile == []


def test_pile_topped_by_a_wild_card_can_never_be_taken() -> None:
    d = opened("", "9C 8D 2C", others=3)
    assert d.pile[-1] == parse_card("2C") and d.frozen
    assert legal_strs(d) == {"draw"}
    with pytest.raises(IllegalMove, match="wild card \\(2C\\) is on top"):
        d.apply("take 2D 2H")  # even with a pair of them
    d = opened("", "9C 8D JK")
    with pytest.raises(IllegalMove, match="wild card \\(JK\\) is on top"):
        d.apply("take")


def test_pile_frozen_for_a_side_that_has_not_melded() -> None:
    d = make_deal(CLASSIC, ["QC 2C AC AD AH", None, None, None], stock="9C 8D 5H QS")
    draw_discard(d, 4)
    assert not d.frozen and d.view(0).pile_frozen_for_me
    assert "initial meld" in d.view(0).frozen_reason
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="frozen for your side until it makes its initial meld.*natural pair"):
        d.apply("take QC 2C")
    assert snapshot(d) == before


def test_frozen_pile_taken_with_a_natural_pair_merges_into_an_existing_meld() -> None:
    # a two discarded by seat 2 freezes the pile for everyone; seat 0 has a meld of kings
    d = opened("KS KC", "9C 2C KD")
    assert d.frozen and d.pile[-1] == parse_card("KD")
    assert "take" not in legal_strs(d)  # cannot just add the top card
    assert legal_strs(d) == {"draw", "take KC KS"}
    play(d, "take KC KS")
    assert len(d.melds[0]) == 2 and len(melds_of(d, 0)["K"]) == 6
    assert not d.frozen  # the freeze lasts until the pile is taken
    assert d.hands[0][parse_card("2C")] == 1


def test_discarded_wild_card_freezes_the_pile_for_everyone() -> None:
    d = opened("", "9C 8D 2C")
    v = d.view(1)
    assert v.pile_frozen and v.pile_frozen_for_me and "2C" in v.frozen_reason


def test_a_side_cannot_take_the_pile_to_lay_off_on_the_opponents_meld() -> None:
    d = make_deal(CLASSIC, [OPEN + " KS"], stock="4S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard KS")
    assert d.turn == 1 and legal_strs(d) == {"draw"}
    with pytest.raises(IllegalMove, match="kings"):
        d.apply("take")


def test_top_card_must_go_to_a_meld_a_take_with_wrong_cards_is_refused() -> None:
    d = opened("QC QD JC JD", "9C 8D QS")
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="must match its top card"):
        d.apply("take JC JD")
    assert snapshot(d) == before


def test_taken_pile_gives_its_cards_to_the_hand_only_once_the_minimum_is_reached() -> None:
    d = make_deal(CLASSIC, ["QC QD AC AD AH", None, None, None], stock="9C 8D 5H QS")
    draw_discard(d, 4)
    play(d, "take QC QD")  # 30 of 50: the rest of the pile waits
    assert d.view(0).pending_pile == 4 and not d.opened[0]
    with pytest.raises(IllegalMove, match="initial meld"):
        d.apply(f"discard {hand_str(d, 0).split()[0]}")
    play(d, "meld AC AD AH")
    assert d.opened[0] and d.view(0).pending_pile == 0 and d.pile == []
