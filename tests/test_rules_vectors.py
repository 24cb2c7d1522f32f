"""The validation vectors of RULES.md §4, each checked exactly as written there.

Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.rules.fields import Rules
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import classify_meld
from helpers import cards, draw_discard, legal_strs, make_deal, melds_of, play, snapshot

CLASSIC = Rules.preset("classic")
NWM = Rules.parse("classic(no_wild_majority=true)")


# ---------------------------------------------------------------- vector 1: wild limits

def _meld_deal(rules: Rules) -> Deal:
    d = make_deal(rules, ["KC KD 2C 2D JK JS AC AD AH KH KS"], stock="2H")
    return play(d, "draw")


def test_vector1_kk22jk_legal_by_default() -> None:
    d = _meld_deal(CLASSIC)
    play(d, "meld KC KD 2C 2D JK")
    assert melds_of(d, 0)["K"] == sorted(cards("KC KD 2C 2D JK"))
    assert classify_meld(CLASSIC, cards("KC KD 2C 2D JK")).wilds == 3


def test_vector1_kk22jk_illegal_with_no_wild_majority() -> None:
    d = _meld_deal(NWM)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="outnumber"):
        d.apply("meld KC KD 2C 2D JK")
    assert snapshot(d) == before
    with pytest.raises(ScoringError, match="more wild cards than naturals"):
        classify_meld(NWM, cards("KC KD 2C 2D JK"))
    play(d, "meld KC KD 2C 2D")  # two of each is not a majority


@pytest.mark.parametrize("rules", [CLASSIC, NWM])
def test_vector1_k22_always_illegal(rules: Rules) -> None:
    d = _meld_deal(rules)
    with pytest.raises(IllegalMove, match="at least 2 natural"):
        d.apply("meld KC 2C 2D")
    with pytest.raises(ScoringError, match="1 natural"):
        classify_meld(rules, cards("KC 2C 2D"))


@pytest.mark.parametrize("rules", [CLASSIC, NWM])
def test_vector1_kkkk222jk_always_illegal(rules: Rules) -> None:
    d = make_deal(rules, ["KC KD KH KS 2C 2D 2H JK AC AD AH"], stock="9S")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="wild cards"):
        d.apply("meld KC KD KH KS 2C 2D 2H JK")
    with pytest.raises(ScoringError, match="4 wild cards"):
        classify_meld(rules, cards("KC KD KH KS 2C 2D 2H JK"))
    # nor by adding a fourth wild card to a meld that holds three
    play(d, "meld KC KD KH KS 2C 2D 2H")
    with pytest.raises(IllegalMove, match="at most 3 wild"):
        d.apply("add JK to K")


# ------------------------------------------------------------- vector 2: minimum count

def _pile_k_for_1625(hand: str) -> Deal:
    """Side 0 at 1625 (needs 90); the pile holds A A A under a K when seat 0 is to play."""
    d = make_deal(CLASSIC, [hand, None, None, None], stock="AC AD AH KS", scores=[1625, 0])
    draw_discard(d, 4)
    assert d.turn == 0 and d.pile[-1] == cards("KS")[0] and d.minimum[0] == 90
    return d


def test_vector2_top_k_with_kk_plus_aajk_gives_120_legal() -> None:
    d = _pile_k_for_1625("KC KD AS AC JK 5D")
    assert "take KC KD" in legal_strs(d)
    play(d, "take KC KD")
    assert d.open_total == 30 and not d.opened[0]
    play(d, "meld AS AC JK")
    assert d.open_total == 120 and d.opened[0]
    assert d.pile == [] and d.view(0).pending_pile == 0


def test_vector2_kkk_plus_992_gives_70_illegal_even_with_aces_lower_in_the_pile() -> None:
    d = _pile_k_for_1625("KC KD 9S 9H 2C 5D")
    before = snapshot(d)
    assert legal_strs(d) == {"draw"}
    with pytest.raises(IllegalMove, match="initial meld of 90 points \\(pile cards below the top do not count"):
        d.apply("take KC KD")
    assert snapshot(d) == before


@pytest.mark.parametrize(("score", "minimum"), [(-5, 15), (1495, 50), (3000, 120)])
def test_vector2_minimums(score: int, minimum: int) -> None:
    assert CLASSIC.min_meld(score) == minimum
    assert make_deal(CLASSIC, [], scores=[0, score]).minimum[1] == minimum


# --------------------------------------------------------------- vector 3: frozen pile

def _frozen_sevens(hand: str) -> Deal:
    """Side 0 has a meld of 7s; a wild card in the pile freezes it; a 7 is on top."""
    d = make_deal(CLASSIC, ["7D 7H 7S AC AD AH " + hand], upcard="9C", stock="4S 2C 8D 7C")
    play(d, "draw", "meld 7D 7H 7S", "meld AC AD AH", "discard 4S")
    draw_discard(d, 3)  # 2C (freezes), 8D, 7C
    assert d.frozen and d.pile[-1] == cards("7C")[0] and d.turn == 0
    return d


def test_vector3_frozen_pile_not_taken_with_seven_and_joker() -> None:
    d = _frozen_sevens("7S JK")
    assert not any(m.kind == 1 for m in d.legal_moves())
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="frozen for everyone.*natural pair of sevens"):
        d.apply("take 7S JK")
    with pytest.raises(IllegalMove, match="frozen for everyone.*natural pair of sevens"):
        d.apply("take")  # nor by adding the top card to the meld of 7s
    assert snapshot(d) == before


def test_vector3_frozen_pile_taken_with_seven_seven() -> None:
    d = _frozen_sevens("7S 7D")
    play(d, "take 7D 7S")
    assert len(melds_of(d, 0)["7"]) == 6 and not d.frozen


# ----------------------------------------------------------- vector 4: black three on top

def test_vector4_black_three_on_top_cannot_be_taken_even_with_two_black_threes() -> None:
    d = make_deal(CLASSIC, [None, "3C 3S"], stock="3S")
    play(d, "draw", "discard 3S")
    assert d.turn == 1 and d.view(1).stopped
    assert legal_strs(d) == {"draw"}
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="black three \\(3S\\) stops the pile"):
        d.apply("take 3C 3S")
    assert snapshot(d) == before


# ---------------------------------------------------------------- vector 5: one-card rule

def _one_card_vs_one_card(rules: Rules) -> Deal:
    """Seat 0 (side 0, a canasta of kings) holds 1 card; seat 3 leaves a 1-card pile: a K."""
    d = make_deal(
        rules,
        ["KC KD KH KS KC KD KH AC AD AH QC", None, None, "9C 9D AS AC AH KS"],
        stock="5S 4D 9H",
    )
    play(d, "draw", "meld KC KD KH KS KC KD KH", "meld AC AD AH", "discard 5S")
    draw_discard(d, 2)  # seats 1 and 2 discard 4D and 9H
    play(d, "take 9C 9D", "meld AS AC AH", "discard KS")  # seat 3
    assert d.turn == 0 and d.hand_sizes[0] == 1 and d.pile == cards("KS")
    return d


def test_vector5_one_card_hand_cannot_take_a_one_card_pile() -> None:
    d = _one_card_vs_one_card(CLASSIC)
    assert legal_strs(d) == {"draw"}
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="you hold one card and the pile has one card"):
        d.apply("take")
    assert snapshot(d) == before


def test_vector5_without_the_rule_the_pile_may_be_taken() -> None:
    d = _one_card_vs_one_card(Rules.parse("classic(one_card_pile_rule=false)"))
    assert legal_strs(d) == {"draw", "take"}
    play(d, "take", "discard QC")
    assert d.over and d.out_seat == 0
