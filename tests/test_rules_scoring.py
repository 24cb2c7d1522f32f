"""Scoring through the engine (RULES.md §1.11) and the end of the game (§1.12).

Deals are played to their end with stacked decks, then scored with ``Deal.score()``;
the game end is checked with ``canasta.scoring.deal_score.winner`` and ``canasta.engine.game.Game``.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from canasta.scoring.winner import winner
from helpers import cards, hand, make_deal, play, stacked_deck

CLASSIC = Rules.preset("classic")
SEVEN_KINGS = "KC KD KH KS KC KD KH"


def _hand_points(d: Deal, seats: tuple[int, ...]) -> int:
    from canasta.scoring.bonuses import hand_value

    return sum(hand_value(CLASSIC, hand(d, s)) for s in seats)


def test_score_of_a_deal_bonuses_plus_melds_minus_hands() -> None:
    # seat 0 goes out concealed: 7 kings (natural canasta) + Q Q Q Q 2C; two red threes dealt
    d = make_deal(
        CLASSIC,
        [SEVEN_KINGS + " QC QD QH 3D", "3H 5C 5D 5H"],
        stock="2C 9S QS",  # replacements: 2C for seat 0, 9S for seat 1; then seat 0 draws QS
    )
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C")
    assert d.over and d.concealed
    s0, s1 = d.score()
    assert s0.breakdown == {
        "canastas": 500, "natural_canastas": 1, "mixed_canastas": 0, "wild_canastas": 0,
        "red_threes": 100, "going_out": 100, "concealed": 100, "melded_cards": 70 + 60,
        "hand_cards": -_hand_points(d, (2,)), "penalties": 0,
    }
    assert s0.total == 500 + 100 + 100 + 100 + 130 - _hand_points(d, (2,))
    # side 1 has no meld: its red three counts against it
    assert s1.breakdown["red_threes"] == -100
    assert s1.breakdown["melded_cards"] == 0
    assert s1.total == -100 - _hand_points(d, (1, 3))


def test_canasta_card_values_count_in_addition_to_the_bonus() -> None:
    s = score_side(CLASSIC, SideResult(melds=[cards(SEVEN_KINGS)]))
    assert s.total == 500 + 70
    s = score_side(CLASSIC, SideResult(melds=[cards("KC KD KH KS KC 2C JK")]))
    assert s.total == 300 + 50 + 20 + 50


def test_side_with_melds_but_no_canasta_scores_them_positive() -> None:
    s = score_side(CLASSIC, SideResult(melds=[cards("KC KD KH")], red_threes=cards("3H"), hand=cards("5C")))
    assert s.total == 30 + 100 - 5


@pytest.mark.parametrize(("n", "bonus"), [(1, 100), (2, 200), (3, 300), (4, 800)])
def test_red_three_bonus(n: int, bonus: int) -> None:
    r3 = cards("3D 3H 3D 3H")[:n]
    assert score_side(CLASSIC, SideResult(melds=[cards("KC KD KH")], red_threes=r3)).breakdown[
        "red_threes"] == bonus
    assert score_side(CLASSIC, SideResult(red_threes=r3)).breakdown["red_threes"] == -bonus


def test_all_four_red_threes_in_a_deal_score_800() -> None:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " 3D 3H QC 2C", None, "3D 3H"], stock="QD QH 4C 4D QS")
    # seat 0 gets QD QH as replacements, seat 2 gets 4C 4D; seat 0 draws QS
    play(d, "draw", "meld " + SEVEN_KINGS)
    play(d, "meld QC QD QH QS 2C")
    assert d.over
    assert d.score()[0].breakdown["red_threes"] == 800


def test_deal_ended_by_the_stock_has_no_going_out_bonus_and_scores_both_sides() -> None:
    d = Deal(CLASSIC, seed=3)
    import random

    rng = random.Random(0)
    while not d.over:
        d.apply_action(rng.choice(d.legal_actions()))
    scored = d.score()
    assert len(scored) == 2
    if d.out_seat < 0:
        assert all(s.breakdown["going_out"] == 0 for s in scored)
    else:
        assert scored[d.out_seat % 2].breakdown["going_out"] == 100


def test_score_refused_before_the_deal_is_over() -> None:
    d = make_deal(CLASSIC, [])
    with pytest.raises(RuntimeError, match="not over"):
        d.score()


# ----------------------------------------------------------------- §1.12 end of the game

def test_winner_needs_the_target() -> None:
    assert winner(CLASSIC, {"0": 4995, "1": 3000}) is None
    assert winner(CLASSIC, {"0": 5000, "1": 3000}) == "0"
    assert winner(CLASSIC, {"0": 5100, "1": 5200}) == "1"  # both reach it: the higher wins
    assert winner(CLASSIC, {"0": -200, "1": 4000}) is None  # scores may be negative


def test_tie_on_top_plays_another_deal() -> None:
    assert winner(CLASSIC, {"0": 5200, "1": 5200}) is None
    assert winner(Rules.parse("classic(tie=shared)"), {"0": 5200, "1": 5200}) == "0"


def _quick_out_deck(rules: Rules, dealer: int) -> list[int]:
    """Seat dealer+1 goes out concealed at once (the deck of test_concealed_... above)."""
    return stacked_deck(rules, [SEVEN_KINGS + " QC QD QH 2C"], stock="QS", dealer=dealer)


def test_game_totals_dealer_rotation_and_end() -> None:
    g = Game(CLASSIC, seed=5)
    g.totals = [4000, 4900]
    d = g.new_deal(deck=_quick_out_deck(CLASSIC, 0))
    assert d.dealer == 0 and d.turn == 1 and d.minimum == [120, 120]
    g.apply("draw")
    g.apply("meld " + SEVEN_KINGS)
    g.apply("meld QC QD QH QS 2C")
    scored = g.finish_deal()
    gained = scored[1].total
    assert gained > 100 and g.totals == [4000 + scored[0].total, 4900 + gained]
    assert g.over and g.winner == 1
    assert g.dealer == 1  # the deal rotates to the left
    assert g.logs[-1].moves == ["draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C"]
    assert g.logs[-1].out_seat == 1
    with pytest.raises(RuntimeError, match="game is over"):
        g.new_deal()


def test_game_not_over_below_the_target_and_the_last_deal_is_played_out() -> None:
    g = Game(CLASSIC, seed=5)
    d = g.new_deal(deck=_quick_out_deck(CLASSIC, 0))
    with pytest.raises(RuntimeError, match="not over"):
        g.new_deal()
    with pytest.raises(RuntimeError, match="not over"):
        g.finish_deal()
    for m in ("draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C"):
        g.apply(m)
    assert d.over
    g.finish_deal()
    assert not g.over and g.winner is None and g.dealer == 1


def test_game_tie_on_top_goes_on() -> None:
    g = Game(CLASSIC, seed=5)
    d = g.new_deal(deck=_quick_out_deck(CLASSIC, 0))
    for m in ("draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C"):
        g.apply(m)
    s = d.score()
    # totals such that both sides land on the same total at or above the target
    g.totals = [6000 - s[0].total, 6000 - s[1].total]
    g.finish_deal()
    assert g.totals == [6000, 6000] and not g.over and g.winner is None
    g2 = Game(Rules.parse("classic(tie=shared)"), seed=5)
    d2 = g2.new_deal(deck=_quick_out_deck(g2.rules, 0))
    for m in ("draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C"):
        g2.apply(m)
    s2 = d2.score()
    g2.totals = [6000 - s2[0].total, 6000 - s2[1].total]
    g2.finish_deal()
    assert g2.over and g2.winner == 0


def test_game_plays_to_the_target_with_random_moves() -> None:
    import random

    rules = Rules.parse("classic(target=1000)")
    g = Game(rules, seed=11)
    rng = random.Random(11)
    deals = 0
    while not g.over and deals < 200:
        d = g.new_deal()
        while not d.over:
            g.apply_action(rng.choice(d.legal_actions()))
        g.finish_deal()
        deals += 1
    assert g.over and g.winner is not None
    assert max(g.totals) >= 1000 and g.totals[g.winner] == max(g.totals)
    assert len(g.logs) == deals
