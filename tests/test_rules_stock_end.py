"""Scripted deals for RULES.md §1.10: the stock runs out.

To play a deal down to its last stock card quickly, the wild cards and threes are dealt
to seats 1 and 3 (side 1), so the stock holds only naturals and every draw-and-discard
turn (``draw_discard``) leaves the pile unfrozen. Side 0 (seats 0, 2) opens with kings
and aces on seat 0's first turn; side 1 opens with queens on seat 1's first turn.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import P_DRAW, P_PLAY, Deal, IllegalMove
from canasta.moves.actions import DISCARD_BASE, DRAW_ID
from canasta.rules.fields import Rules
from helpers import cards, draw_discard, draw_until, hand_str, legal_strs, make_deal, play, snapshot

CLASSIC = Rules.preset("classic")
SEAT1 = "2C 2C 2D 2D 2H 2H JK JK QC QD QH"
SEAT2 = "3C 3C 3S 3S"
SEAT3 = "JK JK 2S 2S"


def near_end(rules: Rules = CLASSIC, seat0: str = "", seat2: str = "", seat3: str = "",
             bottom: str = "", red3: str = "3D 3D 3H 3H", left: int = 1) -> Deal:
    """Both sides open, then draw-and-discard turns until ``left`` stock cards are left."""
    d = make_deal(
        rules,
        ["KC KD KH AC AD AH " + seat0, SEAT1, SEAT2 + " " + seat2, " ".join([SEAT3, red3, seat3])],
        stock=["4C", "4D", "4H", "4S"][: len(cards(red3))] + ["9C", "9D"],
        bottom=bottom,
    )
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 9C")
    play(d, "draw", "meld QC QD QH 2C 2C JK", "discard 9D")
    draw_until(d, left)
    assert not d.frozen and len(d.stock) == left
    return d


def test_last_card_a_red_three_ends_the_deal_without_melding() -> None:
    d = near_end(bottom="3H", red3="3D 3D 3H")
    seat = d.turn
    play(d, "draw")
    assert d.over and d.out_seat == -1
    assert d.red3[seat][-1] == cards("3H")[0]
    scores = d.score()
    assert all(s.breakdown["going_out"] == 0 for s in scores)


def test_last_card_a_red_three_may_meld_but_not_discard_with_the_option() -> None:
    rules = Rules.parse("classic(last_red3_may_meld=true)")
    d = near_end(rules, bottom="3H", red3="3D 3D 3H")
    play(d, "draw")
    assert not d.over
    moves = legal_strs(d)
    assert "pass" in moves and not any(m.startswith("discard") for m in moves)
    with pytest.raises(IllegalMove, match="not discard"):
        d.apply("discard " + hand_str(d, d.turn).split()[0])
    play(d, "pass")
    assert d.over and d.out_seat == -1


def test_player_drawing_the_last_card_melds_and_discards_as_usual() -> None:
    d = near_end(bottom="KS")
    _last_card_to(d, 2)
    play(d, "draw")
    assert not d.over and len(d.stock) == 0
    assert "discard KS" in legal_strs(d)
    play(d, "add KS")  # side 0 has kings
    assert d.phase == P_PLAY


def _last_card_to(d: Deal, seat: int) -> None:
    assert d.turn == seat, f"the last card goes to seat {d.turn}; adjust the script"


def test_forced_take_when_the_top_card_fits_a_meld_then_the_deal_goes_on() -> None:
    d = near_end(bottom="QS", seat3="KS")
    _last_card_to(d, 2)
    draw_discard(d)  # seat 2 draws the last card, QS, and discards it
    assert d.turn == 3 and d.phase == P_DRAW and d.stock_out
    assert legal_strs(d) == {"take"}  # side 1 has queens and may not pass
    assert d.forced_to_take()
    with pytest.raises(IllegalMove, match="must take the pile"):
        d.apply("pass")
    with pytest.raises(IllegalMove, match="stock is gone"):
        d.apply("draw")
    play(d, "take")
    assert d.pile == [] and len(d.melds[1][0].cards) == 7
    play(d, "discard KS")
    assert d.turn == 0 and not d.over
    assert legal_strs(d) == {"take"}  # side 0 has kings: forced too
    play(d, "take")
    assert len(d.melds[0][0].cards) == 4


def test_may_take_with_a_pair_or_pass_and_passing_ends_the_deal() -> None:
    d = near_end(bottom="9S", seat3="9C 9D")
    _last_card_to(d, 2)
    draw_discard(d)
    assert d.turn == 3 and not d.forced_to_take()
    assert legal_strs(d) == {"take 9C 9D", "take 9C 2S", "take 9C JK", "pass"}
    play(d, "pass")
    assert d.over and d.out_seat == -1
    assert all(s.breakdown["going_out"] == 0 for s in d.score())


def test_deal_ends_when_the_next_player_cannot_take() -> None:
    d = near_end(bottom="8S")
    _last_card_to(d, 2)
    draw_discard(d)
    assert d.over and d.out_seat == -1


def test_stock_end_mode_end_stops_after_the_last_discard() -> None:
    d = near_end(Rules.parse("classic(stock_end=end)"), bottom="QS")
    _last_card_to(d, 2)
    draw_discard(d)
    assert d.over  # seat 3 would have been forced to take under forced_take


def test_stock_end_mode_reshuffle_makes_a_new_stock_from_the_pile() -> None:
    d = near_end(Rules.parse("classic(stock_end=reshuffle)"), bottom="QS")
    draw_discard(d)
    assert not d.over and d.reshuffles == 1
    assert len(d.stock) > 0 and d.pile and len(d.stock) + len(d.pile) > 50
    d.check_invariants()
    assert "draw" in legal_strs(d)


def test_one_card_rule_is_lifted_when_the_stock_is_gone() -> None:
    """Engine convention (S1): with the stock gone a one-card hand may take a one-card pile."""
    d = make_deal(
        CLASSIC,
        ["KC KD KH KS KC KD KH AC AD AH", SEAT1, SEAT2, " ".join([SEAT3, "3D 3D 3H 3H KS"])],
        stock="4C 4D 4H 4S 9C 9D",
        bottom="QS",
    )
    play(d, "draw", "meld KC KD KH KS KC KD KH", "meld AC AD AH", "discard 9C")
    assert d.hand_sizes[0] == 1  # seat 0 keeps one card from now on
    play(d, "draw", "meld QC QD QH 2C 2C JK", "discard 9D")
    draw_until(d, 1)
    _last_card_to(d, 2)
    draw_discard(d)  # seat 2 discards the last card, QS; seat 3 must take it
    play(d, "take", "discard KS")
    assert d.turn == 0 and d.hand_sizes[0] == 1 and len(d.pile) == 1
    assert legal_strs(d) == {"take"}  # one card against a one-card pile, but the stock is gone
    last = hand_str(d, 0)
    play(d, "take", f"discard {last}")
    assert d.over and d.out_seat == 0
    assert d.score()[0].breakdown["going_out"] == 100


def test_reshuffle_that_leaves_nothing_to_draw_ends_the_deal() -> None:
    """The pile holds only wild cards and threes: turning the new upcard uses every card."""
    d = near_end(Rules.parse("classic(stock_end=reshuffle)"), bottom="QS 9S 8S", left=3)
    assert d.turn == 0
    draw_discard(d)  # seat 0 draws and discards QS
    play(d, "take", "discard 2D")  # seat 1 adds QS to its queens, takes the pile
    play(d, "draw", "discard 3S")  # seat 2
    play(d, "draw", "discard 2S")  # seat 3 draws the last card
    assert d.over and d.out_seat == -1 and d.reshuffles == 1
    assert d.stock == [] and sorted(d.pile) == sorted(cards("2D 3S 2S"))
    d.check_invariants()


def test_reshuffle_is_the_same_with_the_deck_order_given() -> None:
    """Deal(seed=s, deck=...) draws the same reshuffle as Deal(seed=s): records replay exactly."""
    r = Rules.parse("classic(stock_end=reshuffle)")
    a = Deal(r, seed=5)
    b = Deal(r, seed=5, deck=list(a.deck))
    for _ in range(400):  # draw and discard the first card the id order gives
        if a.over or a.reshuffles:
            break
        legal = a.legal_actions()
        act = DRAW_ID if DRAW_ID in legal else min(x for x in legal if x >= DISCARD_BASE)
        a.apply_action(act)
        b.apply_action(act)
    assert a.reshuffles == 1
    assert snapshot(a) == snapshot(b)
