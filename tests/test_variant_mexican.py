"""Scripted deals for the ``mexican`` preset (RULES.md §3.2 Mexican column; R, S0 l.401-413, S4 l.75;
docs/variants/mexican.md).

Mexican is classic except: 162 cards (3 packs, 6 jokers), 13 dealt, draw 1; when a side completes
its initial meld, the player who made it draws 13 more cards from the stock (once per side); a 7
on top of the pile stops everyone taking it; a canasta of sevens, natural or mixed, scores 1000;
going out needs 2 canastas and 2 red threes laid out. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import IllegalMove
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, draw_discard, legal_strs, make_deal, play, snapshot

MEX = Rules.preset("mexican")
OPEN = "KC KD KH AC AD AH"  # 90: opens side 0 (minimum 50)
EXTRA = "4C 4D 4H 5C 5D 5H 6C 6D 6H 8C 8D 8H 9C"  # 13 cards the melder draws


def test_preset_fields() -> None:
    r = Rules.parse("mexican")
    assert r == MEX and r.spec() == "mexican" and r.deck_size == 162
    assert (r.packs, r.jokers, r.hand_size, r.draw, r.target) == (3, 6, 13, 1, 5000)
    assert (r.extra_cards, r.extra_cards_from, r.extra_cards_when) == (13, "stock", "initial_meld")
    assert r.pile_blocking_rank == "7" and r.rank_canasta_bonuses == (("7", 1000),)
    assert (r.canastas_to_go_out, r.red3_to_go_out, r.wild_melds) == (2, 2, False)
    with pytest.raises(RulesError, match="mexican is played by 4 players"):
        Rules.parse("mexican(players=6)")
    assert Rules.parse("mexican(hand_size=15)").hand_size == 15  # S4's 15 as an option
    with pytest.raises(RulesError, match="rank 4..10"):
        Rules.parse("mexican(pile_blocking_rank=3)")


# ---------------------------------------------------------- 13 extra cards

def test_the_melder_draws_13_cards_after_the_initial_meld() -> None:
    d = make_deal(MEX, [OPEN + " QC QD", None, "JC JD JH"], stock="TC " + EXTRA)
    play(d, "draw", "meld KC KD KH")
    assert d.hand_sizes[0] == 11 and not d.opened[0]  # 30 of 50: not yet
    play(d, "meld AC AD AH")
    assert d.opened[0] and d.extra_done == [True, False]
    assert d.hand_sizes[0] == 8 + 13 and all(d.hands[0][c] for c in cards(EXTRA))
    assert d.view(1).extra_cards_done == (True, False)
    play(d, "discard 9C")
    draw_discard(d, 1)
    play(d, "draw", "meld JC JD JH")  # the partner's melds bring no more cards: once per side
    assert d.hand_sizes[2] == 13 + 1 - 3 and d.extra_done == [True, False]


def test_red_threes_among_the_extra_cards_are_laid_out_and_replaced() -> None:
    d = make_deal(MEX, [OPEN + " QC QD"], stock="JC 3H " + EXTRA + " TC")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    assert d.red3[0] == cards("3H") and d.hand_sizes[0] == 8 + 13
    assert all(d.hands[0][c] for c in cards(EXTRA)) and d.stock[-1] == cards("TC")[0]


def test_taking_the_pile_for_the_initial_meld_brings_the_extra_cards() -> None:
    d = make_deal(MEX, ["KC KD AC AD AH QC QD"], upcard="KH", stock="JC")
    play(d, "take KC KD")  # 30 + the pile below (nothing) ...
    assert not d.opened[0] and d.hand_sizes[0] == 11
    play(d, "meld AC AD AH")  # 90: opened, 13 cards drawn
    assert d.opened[0] and d.hand_sizes[0] == 8 + 13 and len(d.stock) == 162 - 52 - 1 - 13


def test_nobody_goes_out_before_the_extra_cards() -> None:
    """A hand that could meld out in one turn still receives 13 cards when its meld opens the side."""
    eights = "8C 8C 8D 8D 8H 8H 8S"
    d = make_deal(MEX, [eights + " 9C 9D 9H 9S 9C 9D"], stock="9H")
    play(d, "draw")
    assert f"meld {eights}" in legal_strs(d)
    play(d, "meld " + eights)
    assert not d.over and d.hand_sizes[0] == 7 + 13


# ------------------------------------------------------------- the pile

def test_a_seven_on_top_blocks_the_pile() -> None:
    d = make_deal(MEX, ["7D 7H " + OPEN], upcard="7C")
    assert not any(m.startswith("take") for m in legal_strs(d))
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="sevens block the pile"):
        d.apply("take 7D 7H")
    assert snapshot(d) == before
    classic = make_deal(Rules.preset("classic"), ["7D 7H " + OPEN], upcard="7C")
    assert "take 7D 7H" in legal_strs(classic)


def test_sevens_discards_are_safe_from_the_heuristic_players_point_of_view() -> None:
    from canasta.agents.heuristic import DEFAULT_WEIGHTS, HeuristicAgent, Position, RulesFacts

    d = make_deal(MEX, ["7D 9H " + OPEN], upcard="5C", stock="QS")
    play(d, "draw")
    agent = HeuristicAgent()
    pos = Position(d.view(0), RulesFacts(MEX), DEFAULT_WEIGHTS)
    assert agent._discard_cost(pos, cards("7D")[0]) == DEFAULT_WEIGHTS.stop_rank


# -------------------------------------------------------------- canastas

@pytest.mark.parametrize(("meld", "bonus"), [
    ("7C 7D 7H 7S 7C 7D 7H", 1000),
    ("7C 7D 7H 7S 7C JK 2D", 1000),
    ("KC KD KH KS KC KD KH", 500),
    ("KC KD KH KS KC KD JK", 300),
])
def test_canasta_bonuses(meld: str, bonus: int) -> None:
    assert score_side(MEX, SideResult(melds=[cards(meld)])).breakdown["canastas"] == bonus


# -------------------------------------------------------------- going out

KINGS = "KC KD KH KS KC KD KH"
ACES = "AC AD AH AS AC AD AH"
NINES = "9C 9D 9H 9S 9C 9D 9H"


def _two_canastas(reds: str, tail: str) -> object:
    """Seat 0 melds a canasta of kings (his side's initial meld), draws 13 cards (red threes
    ``reds`` among them, laid out and replaced), melds a canasta of aces and one of nines."""
    d = make_deal(MEX, [KINGS + " AC AD AH AS AC AD"], stock="AH " + reds + " " + NINES + " " + tail)
    play(d, "draw", "meld " + KINGS)
    assert d.hand_sizes[0] == 7 + 13 and d.red3[0] == cards(reds)
    play(d, "meld " + ACES, "meld " + NINES)
    assert d.canastas[0] == 3
    return d


def test_going_out_needs_two_red_threes() -> None:
    d = _two_canastas("3H", "QC QD QH JC JD JH")  # draws 3H + 13: ... JH and the replacement
    left = legal_strs(d)
    assert "ask" not in left and "meld QC QD QH" in left
    play(d, "meld QC QD QH")
    assert "meld JC JD JH" not in legal_strs(d)  # would leave one card to discard: going out
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="needs 2 red threes laid out to go out; it has 1"):
        d.apply("meld JC JD JH")
    assert snapshot(d) == before


def test_going_out_with_two_red_threes() -> None:
    d = _two_canastas("3H 3D", "QC QD QH JC JD JH")
    assert "ask" in legal_strs(d)
    play(d, "meld QC QD QH", "meld JC JD JH")
    assert d.over and d.out_seat == 0
    b = d.score()[0].breakdown
    assert b["canastas"] == 3 * 500 and b["red_threes"] == 200 and b["going_out"] == 100


# ------------------------------------------------------------ score keeper

def test_score_sheet() -> None:
    sheet = {"variant": "mexican", "deals": [{
        "NS": {"melds": [["7C", "7D", "7H", "7S", "7C", "JK", "7D"], ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]],
               "red_threes": ["3H", "3D"], "went_out": True},
        "EW": {"melds": [["QH", "QS", "QD"]], "red_threes": ["3H"], "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns, ew = res.deals[0]["NS"], res.deals[0]["EW"]
    assert ns.total == 1000 + 500 + (30 + 50) + 70 + 200 + 100
    assert ew.total == 30 + 100 - 10
    sheet["deals"][0]["NS"]["red_threes"] = ["3H"]
    with pytest.raises(ScoreSheetError, match="going out needs 2"):
        score_sheet(parse_sheet(sheet))


def test_display_shows_the_extra_cards_and_the_blocking_seven() -> None:
    from canasta.cli.display import render_view
    from test_display import info, text_of

    d = make_deal(MEX, ["7D 7H " + OPEN], upcard="7C")
    out = text_of(render_view(d.view(0), info(MEX)))
    assert "BLOCKED: a 7 is on top" in out
    assert "after its initial meld your side's melder draws 13 cards from the stock" in out
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    out = text_of(render_view(d.view(0), info(MEX)))
    assert "melder draws" not in out and "21" in out


# --- RULES.md §3 coverage (audit) ---

def test_a_canasta_of_sevens_scores_1000_from_a_played_deal() -> None:
    """§3.2 Mexican canastas: "sevens canasta 1000 [R, S4]" (decision, docs/variants/mexican.md), scored
    from the melds of a played deal (the sevens and three aces open the side: 35 + 60)."""
    d = make_deal(MEX, ["7C 7D 7H 7S 7C 7D 7H AC AD AH QC QD 9C"], stock="5S " + EXTRA)
    play(d, "draw", "meld 7C 7D 7H 7S 7C 7D 7H", "meld AC AD AH")
    assert d.opened[0] and d.canastas[0] == 1
    b = score_side(MEX, d.side_results()[0]).breakdown
    assert b["canastas"] == 1000 and b["melded_cards"] == 35 + 60
