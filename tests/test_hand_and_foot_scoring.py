"""Hand and Foot scoring: the worked examples HF-1, HF-2 and HF-3 of RULES_AMERICAN.md §C.2, through the one
scoring function (:func:`canasta.scoring.deal_score.score_deal`), with the numbers of the spec; and what the
score keeper refuses in Hand and Foot (B.6, B.7, B.10)."""

from __future__ import annotations

import pytest

from canasta.cards.deck import parse_cards
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult


def _melds(*texts: str) -> list[list[int]]:
    return [parse_cards(t) for t in texts]


def test_hf1_all_defaults() -> None:
    """HF-1: A went out with 2 clean and 2 dirty books (2,080); B holds an unplayed foot with a red three (345)."""
    rules = Rules.preset("hand-and-foot")
    a = SideResult(
        melds=_melds("KH KS KD KC KH KS KD", "8H 8S 8D 8C 8H 8S 8D", "QH QS QD QC QH 2C 2D",
                     "6H 6S 6D 6C JK 2C 2D", "AH AS AD"),
        hand=parse_cards("9H 4C 3S"),  # A2, in his foot
        went_out=True,
    )
    b = SideResult(
        melds=_melds("5H 5S 5D 5C 5H 5S 5D", "JH JS JD JC JH JK 2S", "7H 7S 7D 7C", "TH TS 2H"),
        hand=parse_cards("QH 9S")  # B1's hand
        + parse_cards("JK AH KH KS 6H 5H 5S 4D 3C 8H 3H")  # B1's unplayed foot: 125 and a red three
        + parse_cards("2D 7S"),  # B2, in his foot
    )
    got = score_deal(rules, {"A": a, "B": b})
    assert got["A"].total == 2080
    assert got["B"].total == 345
    assert got["A"].breakdown["canastas"] == 2 * 500 + 2 * 300
    assert got["A"].breakdown["going_out"] == 100
    assert got["A"].breakdown["melded_cards"] == 400
    assert got["B"].breakdown["hand_cards"] == -(20 + 125 + 500 + 25)


def test_hf2_red_three_bonus_wild_books() -> None:
    """HF-2: red threes laid out (+100 each), a wild book (1,500), going out with 2 clean, 2 dirty, 1 wild."""
    rules = Rules.parse("hand-and-foot(red3_hand_penalty=0,wild_melds=true,"
                        "wild_canasta_bonus=1500,going_out_canastas=natural/natural/mixed/mixed/wild,"
                        "canastas_to_go_out=5)")
    a = SideResult(
        melds=_melds("AH AS AD AC AH AS AD", "TH TS TD TC TH TS TD", "9H 9S 9D 9C 9H 2C 2D",
                     "5H 5S 5D 5C JK JK 2S", "2H 2S 2D 2C 2H 2S JK"),
        red_threes=parse_cards("3H 3D 3H"),
        hand=parse_cards("KH QH"),
        went_out=True,
    )
    b = SideResult(
        melds=_melds("JH JS JD JC JH JS JD", "6H 6S 6D 2C", "4H 4S 4D"),
        red_threes=parse_cards("3D"),
        hand=parse_cards("7H 3C") + parse_cards("KH KS QD JC TH 9S 8D 6C 5H 4S 4D") + parse_cards("AH JK"),
    )
    got = score_deal(rules, {"A": a, "B": b})
    assert got["A"].total == 4090
    assert got["B"].total == 550
    assert got["A"].breakdown["red_threes"] == 300
    assert got["A"].breakdown["wild_canastas"] == 1


def test_hf3_stock_ran_out_thirteen_cards_alternate_scale() -> None:
    """HF-3: nobody went out; 4-9 count 5 (``card_values=alternate``, the spec's four_to_nine_five)."""
    rules = Rules.parse("hand-and-foot(hand_size=13,extra_cards=13,card_values=alternate)")
    a = SideResult(
        melds=_melds("9H 9S 9D 9C 9H 9S 9D", "KH KS KD KC KH 2C JK", "8H 8S 8D"),
        hand=parse_cards("3H TH")  # A1, in his foot
        + parse_cards("QH QS")  # A2's hand
        + parse_cards("JK 2D AH AS KD 9C 8C 7D 6H 5S 4C 3C 3S"),  # A2's unplayed foot: 160
    )
    b = SideResult(
        hand=parse_cards("AH KS 9D 4C")
        + parse_cards("JH JS TH TS 8H 8S 7H 7S 6H 6S 5H 5S 3D")  # 80 and a red three
        + parse_cards("2H 2S JK"),
    )
    got = score_deal(rules, {"A": a, "B": b})
    assert got["A"].total == 280
    assert got["B"].total == -710
    assert got["A"].breakdown["going_out"] == got["B"].breakdown["going_out"] == 0


@pytest.mark.parametrize("meld, ok", [
    ("QH QS 2C", True), ("QH QS 2C 2D", False), ("6H 6S 6D 6C 2C 2D JK", True), ("5H 5S 5D 2C 2D 2S", False),
])
def test_default_wild_limit_b16_1(meld: str, ok: bool) -> None:
    """B.16 check 1: naturals always outnumber wild cards, at most 3 (``naturals_exceed_wilds``, wild_limit 3)."""
    rules = Rules.preset("hand-and-foot")
    side = SideResult(melds=_melds(meld))
    if ok:
        score_deal(rules, {"A": side, "B": SideResult()})
    else:
        with pytest.raises(ScoringError, match="wild cards"):
            score_deal(rules, {"A": side, "B": SideResult()})


def test_score_keeper_refusals() -> None:
    """Going out without the contract, a book of 8 cards, laid-out red threes and melded black threes are
    refused in the default rules (B.6, B.7, B.10)."""
    rules = Rules.preset("hand-and-foot")
    with pytest.raises(ScoringError, match="went out"):
        score_deal(rules, {"A": SideResult(melds=_melds("KH KS KD KC KH KS KD"), went_out=True), "B": SideResult()})
    with pytest.raises(ScoringError, match="at most 7"):
        score_deal(rules, {"A": SideResult(melds=_melds("KH KS KD KC KH KS KD KC")), "B": SideResult()})
    with pytest.raises(ScoringError, match="stay in the hand"):
        score_deal(rules, {"A": SideResult(red_threes=parse_cards("3H")), "B": SideResult()})
    with pytest.raises(ScoringError, match="never"):
        score_deal(rules, {"A": SideResult(melds=_melds("3C 3S 3C")), "B": SideResult()})


def test_score_sheet_four_rounds_then_the_highest_total() -> None:
    """``canasta score``'s sheet: HF-1 four times; the next minimum follows the round (90, 120, 150), the game
    ends after the fourth deal with the highest total, and a fifth deal is refused."""
    from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet

    a = {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["8H", "8S", "8D", "8C", "8H", "8S", "8D"],
                   ["QH", "QS", "QD", "QC", "QH", "2C", "2D"], ["6H", "6S", "6D", "6C", "JK", "2C", "2D"],
                   ["AH", "AS", "AD"]],
         "hand": ["9H", "4C", "3S"], "went_out": True}
    b = {"melds": [["5H", "5S", "5D", "5C", "5H", "5S", "5D"], ["JH", "JS", "JD", "JC", "JH", "JK", "2S"],
                   ["7H", "7S", "7D", "7C"], ["TH", "TS", "2H"]],
         "hand": ["QH", "9S", "JK", "AH", "KH", "KS", "6H", "5H", "5S", "4D", "3C", "8H", "3H", "2D", "7S"]}
    deal = {"A": a, "B": b}
    result = score_sheet(parse_sheet({"variant": "hand-and-foot", "deals": [deal] * 3}))
    assert result.totals == {"A": 3 * 2080, "B": 3 * 345} and result.winner is None
    assert result.next_minimum == {"A": 150, "B": 150}
    result = score_sheet(parse_sheet({"variant": "hand-and-foot", "deals": [deal] * 4}))
    assert result.winner == "A" and result.totals["A"] == 4 * 2080
    with pytest.raises(ScoreSheetError, match="ended after deal 4"):
        score_sheet(parse_sheet({"variant": "hand-and-foot", "deals": [deal] * 5}))
