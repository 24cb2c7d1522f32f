"""Scripted deals for the ``free-canasta`` preset (RULES.md §3.5, S4 line 53; docs/variants/free-canasta.md).

Free Canasta is classic plus: a canasta of wild cards ("free cards") 1000; a mixed canasta
scores by its wild cards: 1 wild 400, 2 wilds 300, 3 wilds 200. Decision: a meld of wild cards
is started with 3 cards like any meld (option ``wild_meld_min=7``: laid down 7 at once).
Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import IllegalMove
from canasta.formats.score_sheet import parse_sheet, score_sheet
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import cards, check_melds, draw_discard, legal_strs, make_deal, melds_of, play, snapshot

FREE = Rules.preset("free-canasta")
CLASSIC = Rules.preset("classic")


def test_preset_fields() -> None:
    r = Rules.parse("free-canasta")
    assert r == FREE and r.spec() == "free-canasta"
    assert r.wild_melds and r.wild_canasta_bonus == 1000 and r.wild_meld_min == 3 and r.wild_meld_cap > 7
    assert r.mixed_canasta_bonus_by_wilds == (400, 300, 200)
    assert r.pile_always_frozen is False and r.natural_canasta_bonus == 500
    assert Rules.parse("free-canasta(players=2)").hand_size == 15


@pytest.mark.parametrize(("meld", "bonus"), [
    ("KC KD KH KS KC KD KH", 500),
    ("KC KD KH KS KC KD 2C", 400),
    ("KC KD KH KS KC 2C JK", 300),
    ("KC KD KH KS 2C 2D JK", 200),
    ("KC KD KH KS KC KD KH KS 2C", 400),  # a canasta that grew keeps its count of wild cards
])
def test_canasta_bonus_by_wild_cards(meld: str, bonus: int) -> None:
    s = score_side(FREE, SideResult(melds=[cards(meld)]))
    assert s.breakdown["canastas"] == bonus
    classic = score_side(CLASSIC, SideResult(melds=[cards(meld)])).breakdown["canastas"]
    assert classic == (500 if bonus == 500 else 300)


def test_free_canasta_of_wild_cards_scores_1000() -> None:
    s = score_side(FREE, SideResult(melds=[cards("2C 2D 2H 2S JK JK 2C")]))
    assert s.breakdown["canastas"] == 1000 and s.breakdown["wild_canastas"] == 1
    s = score_side(FREE, SideResult(melds=[cards("2C 2D 2H 2S JK JK 2C 2D")]))  # no upper limit
    assert s.breakdown["canastas"] == 1000


def test_engine_scores_mixed_canastas_by_wild_cards() -> None:
    # seat 0 goes out with a mixed canasta of 1 wild card (400) and a wild meld of 3
    d = make_deal(FREE, ["KC KD KH KS KC KD 2C 2D 2H JK 9C"], stock="9D")
    play(d, "draw", "meld KC KD KH KS KC KD 2C", "meld 2D 2H JK")
    assert d.canastas[0] == 1 and melds_of(d, 0)["W"] == sorted(cards("2D 2H JK"))
    play(d, "discard 9C")
    assert not d.over  # 9D left
    b = score_side(FREE, d.side_results()[0]).breakdown
    assert b["canastas"] == 400 and b["wild_canastas"] == 0 and b["mixed_canastas"] == 1


def test_wild_meld_started_with_three_cards_and_grown_to_a_free_canasta() -> None:
    d = make_deal(FREE, ["2C 2D JK 2H 2S 2C JK 9C 9D 5C 6C"], stock="6D 4C 4D 4H 7C")
    play(d, "draw", "meld 2C 2D JK", "discard 6C")  # 90: the initial meld
    assert d.opened[0] and d.canastas[0] == 0
    draw_discard(d, 3)
    play(d, "draw", "add 2C 2H 2S JK to W")
    assert len(melds_of(d, 0)["W"]) == 7 and d.canastas[0] == 1
    check_melds(d)


def test_option_wild_meld_min_seven_lays_the_free_canasta_down_at_once() -> None:
    r = Rules.parse("free-canasta(wild_meld_min=7)")
    hand = "2C 2D 2H 2S JK JK 2C 9C 9D 9H 9S"
    d = make_deal(r, [hand], stock="5C")
    play(d, "draw")
    assert "meld 2C 2D JK" not in legal_strs(d)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="at least 7 cards at once"):
        d.apply("meld 2C 2D JK")
    assert snapshot(d) == before
    play(d, "meld 2C 2C 2D 2H 2S JK JK")
    assert d.canastas[0] == 1
    with pytest.raises(ScoringError, match="at least 7"):
        score_side(r, SideResult(melds=[cards("2C 2D JK")]))


def test_score_sheet() -> None:
    sheet = {"variant": "free-canasta", "deals": [{
        "NS": {"melds": [["2C", "2D", "2H", "2S", "JK", "JK", "2C"], ["QH", "QS", "QD", "QC", "QH", "QS", "2D"]],
               "went_out": True},
        "EW": {"melds": [["KH", "KS", "KD", "KC", "2H", "2S", "JK"]], "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns, ew = res.deals[0]["NS"], res.deals[0]["EW"]
    assert ns.breakdown["canastas"] == 1000 + 400
    assert ns.total == 1400 + (5 * 20 + 100) + (60 + 20) + 100
    assert ew.breakdown["canastas"] == 200
    assert ew.total == 200 + 40 + 40 + 50 - 10


# --- RULES.md §3 coverage (audit) ---

@pytest.mark.parametrize(("meld", "bonus"), [
    ("2C 2D 2H 2S JK JK 2C", 1000), ("KC KD KH KS KC 2C JK", 300), ("KC KD KH KS 2C 2D JK", 200),
])
def test_canasta_bonuses_in_a_played_deal(meld: str, bonus: int) -> None:
    """§3.5 Free Canasta: "wild canasta 1000; mixed canasta 400/300/200 with 1/2/3 wild cards", from the
    melds of a played deal that goes out (a canasta and four aces)."""
    d = make_deal(FREE, [meld + " AC AD AH AS"], stock="9C")
    play(d, "draw", "meld " + meld, "meld AC AD AH AS", "discard 9C")
    assert d.over and d.out_seat == 0
    b = d.score()[0].breakdown
    assert b["canastas"] == bonus
