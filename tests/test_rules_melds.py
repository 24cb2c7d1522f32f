"""Scripted deals for RULES.md §1.4 (a turn) and §1.5 (melds and canastas).

Seat 0 plays first in every deal here (``make_deal`` puts the dealer before it);
seats 0 and 2 form side 0, seats 1 and 3 side 1.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import P_DRAW, P_PLAY, Deal, IllegalMove
from canasta.rules.fields import Rules
from helpers import cards, draw_discard, legal_strs, make_deal, melds_of, play, snapshot

CLASSIC = Rules.preset("classic")


# ------------------------------------------------------------------------ §1.4 a turn

def test_a_turn_is_draw_or_take_then_melds_then_one_discard() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH"], stock="9S")
    assert d.phase == P_DRAW and legal_strs(d) == {"draw"}  # the upcard 7C cannot be taken
    for text in ("meld KC KD KH", "discard KC", "add KC", "ask", "pass"):
        with pytest.raises(IllegalMove, match="first draw"):
            d.apply(text)
    play(d, "draw")
    assert d.phase == P_PLAY
    with pytest.raises(IllegalMove, match="already drawn"):
        d.apply("draw")
    with pytest.raises(IllegalMove, match="already drawn"):
        d.apply("take")
    play(d, "meld KC KD KH", "meld AC AD AH", "discard 9S")
    assert d.turn == 1 and d.phase == P_DRAW
    assert d.pile[-1] == cards("9S")[0]


def test_add_only_to_own_sides_melds_and_both_sides_may_meld_a_rank() -> None:
    d = make_deal(
        CLASSIC,
        ["KC KD KH AC AD AH", "KS QC QD QH 5D", "KS"],
        stock="9S 9C 9D",
    )
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 9S")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="no meld of kings"):
        d.apply("add KS")  # seat 1 may not lay off on side 0's kings
    play(d, "discard 9C")
    play(d, "draw", "add KS")  # seat 2, partner of seat 0, may
    assert melds_of(d, 0)["K"] == sorted(cards("KC KD KH KS"))
    assert d.melds[0][0].creator == 0


def test_both_sides_may_meld_the_same_rank() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH", "KS KC KD AS AC AD"], stock="9S 9C")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 9S")
    play(d, "draw", "meld KS KC KD", "meld AS AC AD", "discard 9C")
    assert set(melds_of(d, 0)) == {"K", "A"} == set(melds_of(d, 1))


def test_a_side_without_a_canasta_must_keep_a_card_after_discarding() -> None:
    d = make_deal(CLASSIC, ["KC KD KH KS KC QC QD QH AC AD AH"], stock="9S")
    play(d, "draw", "meld KC KD KH KS KC", "meld QC QD QH")
    assert d.hand_sizes[0] == 4  # A A A 9
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="keep a card to discard"):
        d.apply("meld AC AD AH")
    assert snapshot(d) == before
    play(d, "discard 9S")
    assert d.hand_sizes[0] == 3 and not d.over


# ---------------------------------------------------------------------- §1.5 melds

def _opened() -> Deal:
    """Seat 0 has drawn; side 0 will open with kings (30) + aces (60)."""
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH QC QD 2C 2D JK"], stock="4S")
    return play(d, "draw")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("meld KC KD", "at least 3 cards"),
        ("meld 2C 2D JK", "wild cards only"),
        ("meld KC KD QC", "one rank"),
        ("meld KC 2C JK", "at least 2 natural"),
        ("meld QC QD 2C 2D JK JK", "too many cards or wild cards"),
    ],
)
def test_meld_shapes_refused(text: str, why: str) -> None:
    d = _opened()
    before = snapshot(d)
    with pytest.raises(IllegalMove, match=why):
        d.apply(text)
    assert snapshot(d) == before


def test_no_sequences_and_suits_do_not_matter() -> None:
    d = make_deal(CLASSIC, ["4H 5H 6H 7H KC KD KH AC AD AH"], stock="8H")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="one rank"):
        d.apply("meld 4H 5H 6H")
    play(d, "meld KC KD KH")  # three suits, one rank
    assert melds_of(d, 0) == {"K": sorted(cards("KC KD KH"))}


def test_one_meld_per_rank_more_cards_are_added() -> None:
    d = make_deal(CLASSIC, ["KC KD KH KS KC KD AC AD AH"], stock="4S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    with pytest.raises(IllegalMove, match="already has a meld of kings.*add"):
        d.apply("meld KS KC KD")
    play(d, "add KS KC KD")
    assert len(d.melds[0]) == 2 and len(melds_of(d, 0)["K"]) == 6


def test_natural_canasta_then_mixed_when_a_wild_card_is_added() -> None:
    d = make_deal(CLASSIC, ["KC KD KH KS KC KD KH 2C QC QD QH"], stock="4S")
    play(d, "draw", "meld KC KD KH KS KC KD KH")
    v = d.view(0).melds[0][0]
    assert v.canasta and v.natural and d.canastas[0] == 1
    play(d, "add 2C to K")
    v = d.view(1).melds[0][0]
    assert v.canasta and not v.natural and len(v.cards) == 8
    assert d.canastas[0] == 1  # still one canasta


def test_mixed_canasta_has_at_least_four_naturals() -> None:
    d = make_deal(CLASSIC, ["KC KD KH 2C 2D JK KS AC AD AH 2H"], stock="4S")
    play(d, "draw", "meld KC KD KH 2C 2D JK")
    with pytest.raises(IllegalMove, match="at most 3 wild"):
        d.apply("add 2H to K")
    play(d, "add KS")
    v = d.view(0).melds[0][0]
    assert v.canasta and not v.natural and d.canastas[0] == 1


def test_melded_cards_stay_on_the_table() -> None:
    d = make_deal(CLASSIC, ["KC KD KH 2C AC AD AH"], stock="4S")
    play(d, "draw", "meld KC KD KH 2C", "meld AC AD AH", "discard 4S")
    melded = sorted(cards("KC KD KH 2C"))
    draw_discard(d, 4)  # a round of draws and discards changes nothing on the table
    assert melds_of(d, 0)["K"] == melded
