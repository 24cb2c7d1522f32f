"""Scripted deals for RULES.md §1.6: the initial meld and its minimum count.

Seat 0 plays first; seats 0 and 2 are side 0. ``scores`` passed to the deal are the
sides' cumulative scores at the start of the deal, which set their minimums.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import IllegalMove
from canasta.engine.game import Game
from canasta.rules.fields import Rules
from helpers import draw_discard, legal_strs, make_deal, play, snapshot

CLASSIC = Rules.preset("classic")


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5, 15), (-1000, 15), (0, 50), (1495, 50), (1500, 90), (1625, 90), (2995, 90), (3000, 120),
     (9000, 120)],
)
def test_minimum_by_cumulative_score(score: int, minimum: int) -> None:
    assert CLASSIC.min_meld(score) == minimum
    d = make_deal(CLASSIC, [], scores=[score, 0])
    assert d.view(0).minimums == (minimum, 50)


def test_game_minimums_follow_the_totals() -> None:
    g = Game(CLASSIC, seed=1)
    g.totals = [-5, 1625]
    assert g.minimums() == [15, 90]
    d = g.new_deal()
    assert d.minimum == [15, 90]


def test_side_below_zero_opens_with_15() -> None:
    d = make_deal(CLASSIC, ["5C 5D 5H"], stock="9S", scores=[-5, 0])
    play(d, "draw", "meld 5C 5D 5H", "discard 9S")
    assert d.opened[0]


def test_side_at_1625_needs_90_and_80_is_not_enough() -> None:
    hand = ["KC KD KH QC QD QH 5C 5D 5H 9S TS"]
    d = make_deal(CLASSIC, hand, stock="JS", scores=[1625, 0])
    play(d, "draw")
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="initial meld of 90"):
        d.apply("meld KC KD KH")  # 30 + 30 + 15 = 75 at most
    assert snapshot(d) == before
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH 9S TS"], stock="JS", scores=[1625, 0])
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard JS")
    assert d.opened[0]


def test_side_at_3000_needs_120() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH QC QD QH 9S"], stock="JS", scores=[3000, 0])
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    with pytest.raises(IllegalMove, match="count 90.*needs 120"):
        d.apply("discard JS")
    play(d, "meld QC QD QH", "discard JS")
    assert d.opened[0]


def test_several_melds_in_one_turn_add_up() -> None:
    d = make_deal(CLASSIC, ["KC KD KH QC QD QH"], stock="9S")
    play(d, "draw", "meld KC KD KH")
    assert d.view(0).melded_this_turn == 30 and not d.opened[0]
    with pytest.raises(IllegalMove, match="count 30; your side's initial meld needs 50"):
        d.apply("discard 9S")
    play(d, "meld QC QD QH")
    assert d.opened[0]
    play(d, "discard 9S")


def test_canasta_bonus_does_not_count_toward_the_minimum() -> None:
    # seven fours are a natural canasta (500 bonus) but only 35 points of cards
    d = make_deal(CLASSIC, ["4C 4D 4H 4S 4C 4D 4H 6S 7S 8S 9S"], stock="TS")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="initial meld of 50"):
        d.apply("meld 4C 4D 4H 4S 4C 4D 4H")
    assert not any(m.kind == 2 for m in d.legal_moves())


def test_partner_plays_without_minimum_after_the_side_opened() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH", None, "5C 5D 5H"], stock="9S 9C 9D")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 9S")
    draw_discard(d)
    play(d, "draw", "meld 5C 5D 5H", "discard 9D")  # 15 points: no minimum any more
    assert len(d.melds[0]) == 3


def test_opponents_minimum_is_their_own() -> None:
    d = make_deal(CLASSIC, ["KC KD KH AC AD AH", "5C 5D 5H"], stock="9S 9C")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 9S")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="initial meld of 50"):
        d.apply("meld 5C 5D 5H")


def test_pile_cards_below_the_top_do_not_count() -> None:
    # the pile holds A A A under a K; K K from the hand makes 30 with the top card: not 50
    d = make_deal(CLASSIC, ["KC KD 9S TS", None, None, None], stock="AC AD AH KS")
    draw_discard(d, 4)  # seats 0-3 draw A, A, A, K and discard them
    assert d.pile[-1] == 44 + 3  # KS on top
    with pytest.raises(IllegalMove, match="initial meld of 50 points \\(pile cards below the top do not count"):
        d.apply("take KC KD")


def test_minimum_reached_only_by_melding_out_after_taking_the_pile() -> None:
    """At 3000 (120 needed) the top K + K K (30), four more kings (40) and Q Q Q 2C (50) make
    exactly 120 only if every card but the last is melded: taking the pile to go out is legal."""
    d = make_deal(CLASSIC, ["KC KD KH KS KC KD QC QD QH 2C 9C"], upcard="KS", scores=[3000, 0])
    assert "take KC KC" in legal_strs(d)
    play(d, "take KC KD", "add KC KD KH KS", "meld QC QD QH 2C")
    assert d.opened[0] and d.open_total == 120
    play(d, "discard 9C")
    assert d.over and d.out_seat == 0


def test_minimum_not_reached_even_by_melding_out() -> None:
    d = make_deal(CLASSIC, ["KC KD KH KS KC KD QC QD QH 5C 9C"], upcard="KS", scores=[3000, 0])
    assert legal_strs(d) == {"draw"}  # 30 + 40 + 30 + ... at most 110 with a card to discard
