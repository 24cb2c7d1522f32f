"""The options of RULES.md §2 that apply to classic: each one changes behaviour in a scripted deal.

Options tested elsewhere: ``one_card_pile_rule`` (test_rules_vectors, vector 5),
``stock_end`` and ``last_red3_may_meld`` (test_rules_stock_end), ``tie`` and ``target``
also in test_rules_scoring. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.rules.fields import Rules, RulesError, option_names
from canasta.scoring.bonuses import hand_value
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from canasta.scoring.winner import winner
from helpers import cards, draw_discard, legal_strs, make_deal, play, snapshot

CLASSIC = Rules.preset("classic")
SEVEN_KINGS = "KC KD KH KS KC KD KH"
OPEN = "KC KD KH AC AD AH"


def rules(**options: object) -> Rules:
    """Classic with ``options``."""
    return Rules.preset("classic", **options)


def opened(r: Rules, extra: str, stock: str, others: int = 3) -> Deal:
    """Seat 0 opens with K K K + A A A and discards the 4S it draws; then ``others`` seats
    draw the next stock cards and discard them."""
    d = make_deal(r, [OPEN + " " + extra], stock="4S " + stock)
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(d, others)
    return d


def test_every_option_is_known_to_the_parser() -> None:
    expected = {
        "no_wild_majority", "pile_take_modes", "own_canasta_rank_blocks_pile", "one_card_pile_rule",
        "black3_freezes", "upcard_black3_turns", "stock_end", "last_red3_may_meld", "red3_negative_if",
        "concealed_bonus", "concealed_allows_pile_take", "concealed_waives_minimum_with_pile",
        "black3_hand_penalty", "min_meld_table", "hand_size", "target", "direction", "card_values",
        "wild_canasta", "special_canastas", "pile_visible", "tie",
    }
    assert expected <= set(option_names())
    with pytest.raises(RulesError, match="unknown option 'wild_majority'"):
        Rules.parse("classic(wild_majority=true)")
    with pytest.raises(RulesError, match="stock_end takes one of forced_take, reshuffle, end"):
        Rules.parse("classic(stock_end=later)")


def test_no_wild_majority() -> None:
    for r, ok in ((CLASSIC, True), (rules(no_wild_majority=True), False)):
        d = make_deal(r, ["KC KD 2C 2D JK AC AD AH"], stock="9S")
        play(d, "draw")
        assert ("meld KC KD 2C 2D JK" in legal_strs(d)) is ok


def test_pile_take_modes_natural_pair_only() -> None:
    d = opened(CLASSIC, "QC QD 2C", "9C 8D QS")
    assert {"take QC QD", "take QC 2C"} <= legal_strs(d)
    d = opened(rules(pile_take_modes="natural_pair"), "QC QD 2C", "9C 8D QS")
    assert legal_strs(d) == {"draw", "take QC QD"}
    with pytest.raises(IllegalMove, match="not allowed in this variant"):
        d.apply("take QC 2C")
    d = opened(rules(pile_take_modes="natural_pair"), "", "9C 8D KS")
    assert legal_strs(d) == {"draw"}  # adding the top card to the kings is not a way here


def test_own_canasta_rank_blocks_pile() -> None:
    def deal(r: Rules) -> Deal:
        d = make_deal(r, [SEVEN_KINGS + " AC AD AH"], stock="4S 9C 9D KS")
        play(d, "draw", "meld " + SEVEN_KINGS, "meld AC AD AH", "discard 4S")
        return draw_discard(d, 3)

    assert "take" in legal_strs(deal(CLASSIC))
    d = deal(rules(own_canasta_rank_blocks_pile=True))
    assert legal_strs(d) == {"draw"}
    with pytest.raises(IllegalMove, match="canasta of kings"):
        d.apply("take")


def test_black3_freezes() -> None:
    def deal(r: Rules) -> Deal:
        return opened(r, "9C 2C", "3S 8H 9S")  # seat 1 discards 3S, seats 2 and 3 cover it

    d = deal(CLASSIC)
    assert not d.frozen and "take 9C 2C" in legal_strs(d)
    d = deal(rules(black3_freezes=True))
    assert d.frozen and "3S" in d.view(0).frozen_reason
    assert "take 9C 2C" not in legal_strs(d)


def test_upcard_black3_turns() -> None:
    d = make_deal(CLASSIC, [], upcard="3S 9H")
    assert d.pile[-1] == cards("9H")[0]
    d = make_deal(rules(upcard_black3_turns=False), ["9C 9D AC AD AH"], upcard="3S")
    assert d.pile == cards("3S") and not d.frozen
    assert d.view(0).stopped and legal_strs(d) == {"draw"}


def test_red3_negative_if() -> None:
    melds_no_canasta = SideResult(melds=[cards("KC KD KH")], red_threes=cards("3H 3D"))
    assert score_side(CLASSIC, melds_no_canasta).breakdown["red_threes"] == 200
    r = rules(red3_negative_if="no_canasta")
    assert score_side(r, melds_no_canasta).breakdown["red_threes"] == -200
    with_canasta = SideResult(melds=[cards(SEVEN_KINGS)], red_threes=cards("3H"))
    assert score_side(r, with_canasta).breakdown["red_threes"] == 100
    r = rules(red3_negative_if="lost_hand")
    assert score_side(r, with_canasta).breakdown["red_threes"] == -100
    with_canasta.went_out = True
    assert score_side(r, with_canasta).breakdown["red_threes"] == 100


def _concealed_deal(r: Rules) -> Deal:
    d = make_deal(r, [SEVEN_KINGS + " QC QD QH 2C"], stock="QS")
    return play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C")


def test_concealed_bonus() -> None:
    assert _concealed_deal(CLASSIC).score()[0].breakdown["concealed"] == 100
    assert _concealed_deal(rules(concealed_bonus=200)).score()[0].breakdown["concealed"] == 200


def _out_after_taking(r: Rules) -> Deal:
    d = make_deal(r, ["KC KD KH KS KC KD QC QD QH 2C 9C"], upcard="KS")
    return play(d, "take KC KD", "add KH KS KC KD", "meld QC QD QH 2C", "discard 9C")


def test_concealed_allows_pile_take() -> None:
    d = _out_after_taking(CLASSIC)
    assert d.over and d.concealed
    d = _out_after_taking(rules(concealed_allows_pile_take=False))
    assert d.over and not d.concealed and d.score()[0].breakdown["concealed"] == 0


def test_concealed_waives_minimum_with_pile() -> None:
    # side 0 at 1500 needs 90: 7 fours and 4 fives are 55 points
    hand = ["4C 4D 4S 4C 4D 4S 5C 5D 5H 5S 6S"]
    d = make_deal(CLASSIC, hand, upcard="4H", scores=[1500, 0])
    assert legal_strs(d) == {"draw"}
    d = make_deal(rules(concealed_waives_minimum_with_pile=True), hand, upcard="4H", scores=[1500, 0])
    assert legal_strs(d) == {"draw", "take 4C 4C"}
    play(d, "take 4C 4D")
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="must go out concealed"):
        d.apply("discard 6S")
    assert snapshot(d) == before
    play(d, "add 4S 4C 4D 4S", "meld 5C 5D 5H 5S", "discard 6S")
    assert d.over and d.concealed and d.out_seat == 0


def test_black3_hand_penalty() -> None:
    assert hand_value(CLASSIC, cards("3S")) == 5
    assert hand_value(rules(black3_hand_penalty=100), cards("3S 3C")) == 200


def test_min_meld_table() -> None:
    hand = ["KC KD KH QC QD QH 5C 5D 5H 9S TS"]  # 75 points
    d = make_deal(CLASSIC, hand, stock="JS", scores=[1500, 0])
    play(d, "draw")
    with pytest.raises(IllegalMove, match="initial meld of 90"):
        d.apply("meld KC KD KH")
    r = rules(min_meld_table="s4_7000")
    assert r.min_meld(1500) == 70 and r.min_meld(5000) == 120
    d = make_deal(r, hand, stock="JS", scores=[1500, 0])
    play(d, "draw", "meld KC KD KH", "meld QC QD QH", "meld 5C 5D 5H", "discard JS")
    assert d.opened[0]
    custom = Rules.parse("classic(min_meld_table=10/0:40/1000:60)")
    assert [custom.min_meld(s) for s in (-5, 0, 999, 1000)] == [10, 40, 40, 60]


def test_hand_size() -> None:
    d = Deal(rules(hand_size=12), seed=1)
    assert d.hand_sizes == [12, 12, 12, 12]
    assert len(d.stock) == 108 - 48 - len(d.pile) - sum(len(r) for r in d.red3)


def test_target() -> None:
    assert winner(CLASSIC, {"0": 1000, "1": 0}) is None
    assert winner(rules(target=1000), {"0": 1000, "1": 0}) == "0"


def test_direction_only_renames_seats() -> None:
    """Engine convention: seats are numbered in the direction of play, so counterclockwise
    play deals and plays exactly like clockwise; only the description differs."""
    r = rules(direction="counterclockwise")
    assert "counterclockwise" in r.describe() and "counterclockwise" not in CLASSIC.describe()
    a, b = Deal(CLASSIC, seed=7), Deal(r, seed=7)
    assert a.hands == b.hands and a.stock == b.stock and a.turn == b.turn


def test_card_values_alternate() -> None:
    r = rules(card_values="alternate")
    assert r.card_values[cards("9S")[0]] == 5 and CLASSIC.card_values[cards("9S")[0]] == 10
    hand = ["9C 9D 9H TC TD TH 4S 5S 6S 7S JS"]
    d = make_deal(CLASSIC, hand, stock="QS")
    play(d, "draw", "meld 9C 9D 9H", "meld TC TD TH", "discard QS")  # 30 + 30 = 60
    d = make_deal(r, hand, stock="QS")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="initial meld of 50"):
        d.apply("meld 9C 9D 9H")  # 15 + 30 = 45


def test_wild_canasta() -> None:
    hand = ["2C 2D JK 2H 2S JK 2C KC KD KH 9S"]
    d = make_deal(CLASSIC, hand, stock="QS")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="wild cards only are not allowed"):
        d.apply("meld 2C 2D JK")
    d = make_deal(rules(wild_canasta=True), hand, stock="QS")
    play(d, "draw", "meld 2C 2C 2D 2H 2S JK JK", "meld KC KD KH")
    assert d.canastas[0] == 1
    play(d, "discard QS")
    s = score_side(d.rules, SideResult(melds=[cards("2C 2C 2D 2H 2S JK JK")]))
    assert s.breakdown["canastas"] == 2000 and s.breakdown["wild_canastas"] == 1


def test_special_canastas() -> None:
    r = rules(special_canastas=True)
    assert r.wild_melds
    twos = SideResult(melds=[cards("2C 2C 2D 2D 2H 2H 2S")])
    assert score_side(r, twos).breakdown["canastas"] == 3000
    aces = SideResult(melds=[cards("AC AD AH AS AC AD AH")])
    assert score_side(r, aces).breakdown["canastas"] == 1500
    assert score_side(CLASSIC, aces).breakdown["canastas"] == 500
    mixed_aces = SideResult(melds=[cards("AC AD AH AS AC 2D JK")])
    assert score_side(r, mixed_aces).breakdown["canastas"] == 700


def test_pile_visible() -> None:
    d = make_deal(CLASSIC, [], upcard="2C 9H")
    assert d.view(0).pile_cards is None
    d = make_deal(rules(pile_visible=True), [], upcard="2C 9H")
    assert d.view(0).pile_cards == tuple(cards("2C 9H"))


def test_tie() -> None:
    assert winner(CLASSIC, {"0": 5000, "1": 5000}) is None
    assert winner(rules(tie="shared"), {"0": 5000, "1": 5000}) == "0"
