"""Scripted deals for the ``cuban`` preset (RULES.md §3.2 Cuban column; R, S0, S4; docs/variants/cuban.md).

Cuban is classic except: 13 cards dealt; the pile is always frozen; no meld holds more than 7
cards; melds of 3+ wild cards, wild canastas 4000 (seven twos), 3000 (four jokers and three
twos), 2000 (others); red threes 100/300/500/1000, negative without a canasta; no black three
discarded in a player's first turn; black threes in a taken pile leave play and score 5 each,
100 for all four; going out +100 with no concealed bonus; minimum 150 from 5000; game to 7500.
Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import cards, draw_discard, legal_strs, make_deal, play, snapshot

CUBAN = Rules.preset("cuban")
OPEN = "KC KD KH AC AD AH"  # 90: opens side 0


def test_preset_fields() -> None:
    r = Rules.parse("cuban")
    assert r == CUBAN and r.spec() == "cuban"
    assert (r.packs, r.jokers, r.hand_size, r.draw, r.target) == (2, 4, 13, 1, 7500)
    assert (r.canasta_max, r.canastas_to_go_out, r.going_out_bonus, r.concealed_bonus) == (7, 1, 100, 0)
    assert r.pile_always_frozen and r.wild_melds and r.black3_no_discard_first_round
    assert [r.min_meld(s) for s in (-5, 0, 1500, 3000, 4995, 5000, 7000)] == [15, 50, 90, 120, 120, 150, 150]
    d = Deal(r, seed=1)
    assert all(size == 13 for size in d.hand_sizes) or any(d.red3)
    with pytest.raises(RulesError, match="cuban is played by 4 players"):
        Rules.parse("cuban(players=6)")
    assert Rules.parse("cuban(players=4,hand_size=15)").hand_size == 15  # S4's 15 as an option


def test_minimum_150_from_5000() -> None:
    d = make_deal(CUBAN, [OPEN + " QC QD QH"], stock="5S", scores=[5000, 0])
    assert d.minimum == [150, 50]
    play(d, "draw")
    with pytest.raises(IllegalMove, match="initial meld of 150"):
        d.apply("meld KC KD KH")  # 30 + 60 + 30 = 120 at most
    assert not any(m.startswith("meld") for m in legal_strs(d))


def test_pile_always_frozen() -> None:
    d = make_deal(CUBAN, [OPEN + " QC JK QD QH"], stock="4S 9C 8D QS")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(d, 3)
    assert d.pile[-1] == cards("QS")[0] and "always frozen" in d.frozen_reason(0)
    legal = legal_strs(d)
    assert "take QC JK" not in legal and "take QC QD" in legal


def test_wild_card_on_top_cannot_be_taken() -> None:
    d = make_deal(CUBAN, [OPEN + " 2C 2D"], stock="4S 9C 8D 2H")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(d, 3)
    assert not any(m.startswith("take") for m in legal_strs(d))


# --------------------------------------------------------------- 7-card cap

def test_no_card_may_be_added_to_a_seven_card_meld() -> None:
    kings = "KC KD KH KS KC KD KH"
    d = make_deal(CUBAN, [kings + " KS AC AD AH 9C 9D"], stock="5S")  # 13 cards
    play(d, "draw")
    with pytest.raises(IllegalMove, match="at most 7 cards"):
        d.apply("meld " + kings + " KS")
    play(d, "meld " + kings)
    assert d.canastas[0] == 1
    assert "add KS" not in legal_strs(d)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="at most 7 cards"):
        d.apply("add KS")
    assert snapshot(d) == before


def _queens(meld: str, pair: str) -> Deal:
    """Side 0 opens with a meld of queens; three turns later QD tops the pile."""
    d = make_deal(CUBAN, [meld + " " + pair + " AC AD AH"], stock="4S 9C 8D QD")
    play(d, "draw", "meld " + meld, "meld AC AD AH", "discard 4S")
    return draw_discard(d, 3)


def test_pile_not_taken_when_the_meld_would_pass_seven() -> None:
    d = _queens("QC QD QH QS QC", "QH QS")  # 5 + 2 + the top card = 8
    assert d.pile[-1] == cards("QD")[0]
    assert not any(m.startswith("take") for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="more than 7 cards"):
        d.apply("take QH QS")
    d = _queens("QC QD QH QS", "QH QS")  # 4 + 2 + 1 = 7: a canasta
    play(d, "take QH QS")
    assert d.canastas[0] == 1


def test_wild_melds_capped_at_seven() -> None:
    d = make_deal(CUBAN, ["2C 2D 2H 2S 2C 2D 2H 2S 9C 9D 9H"], stock="5S")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="at most 7 cards"):
        d.apply("meld 2C 2C 2D 2D 2H 2H 2S 2S")
    play(d, "meld 2C 2C 2D 2D 2H 2H 2S")
    assert d.canastas[0] == 1 and "add 2S to W" not in legal_strs(d)


@pytest.mark.parametrize(("meld", "bonus"), [
    ("2C 2D 2H 2S 2C 2D 2H", 4000),
    ("JK JK JK JK 2C 2D 2H", 3000),
    ("JK JK JK 2S 2C 2D 2H", 2000),
    ("JK 2S 2C 2D 2H 2C 2D", 2000),
    ("KC KD KH KS KC KD KH", 500),
    ("KC KD KH KS KC KD JK", 300),
])
def test_canasta_bonuses(meld: str, bonus: int) -> None:
    assert score_side(CUBAN, SideResult(melds=[cards(meld)])).breakdown["canastas"] == bonus


def test_score_refuses_an_eight_card_meld() -> None:
    with pytest.raises(ScoringError, match="at most 7"):
        score_side(CUBAN, SideResult(melds=[cards("KC KD KH KS KC KD KH KS")]))


# --------------------------------------------------------------- red threes

@pytest.mark.parametrize(("reds", "total"), [("3H", 100), ("3H 3D", 300), ("3H 3D 3H", 500),
                                             ("3H 3D 3H 3D", 1000)])
def test_red_threes(reds: str, total: int) -> None:
    with_canasta = SideResult(melds=[cards("KC KD KH KS KC KD KH")], red_threes=cards(reds))
    assert score_side(CUBAN, with_canasta).breakdown["red_threes"] == total
    melds_only = SideResult(melds=[cards("KC KD KH")], red_threes=cards(reds))
    assert score_side(CUBAN, melds_only).breakdown["red_threes"] == -total


# -------------------------------------------------------------- black threes

def test_no_black_three_discarded_in_the_first_round() -> None:
    d = make_deal(CUBAN, ["3C 9C"], stock="5S 4C 4D 4H 6S")
    play(d, "draw")
    assert "discard 3C" not in legal_strs(d) and "discard 9C" in legal_strs(d)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="black threes may not be discarded in your first turn"):
        d.apply("discard 3C")
    assert snapshot(d) == before
    play(d, "discard 5S")
    draw_discard(d, 3)
    play(d, "draw")
    assert "discard 3C" in legal_strs(d)  # his second turn
    play(d, "discard 3C")
    classic = make_deal(Rules.preset("classic"), ["3C 9C"], stock="5S")
    assert "discard 3C" in legal_strs(play(classic, "draw"))


def test_black_threes_may_be_discarded_in_the_first_round_by_a_player_holding_nothing_else() -> None:
    d = make_deal(CUBAN, ["KC KD KH QC QD QH JC JD JH 9C 9D 9H 3C"], stock="3S")
    play(d, "draw", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "meld 9C 9D 9H")
    assert legal_strs(d) >= {"discard 3C", "discard 3S"}
    play(d, "discard 3S")
    assert not d.over and d.turn == 1


def test_black_threes_in_a_taken_pile_leave_play_and_score_5_each() -> None:
    d = make_deal(CUBAN, [OPEN + " 7D 7H"], upcard="3C 3S 7C")
    assert d.pile == cards("3C 3S 7C")
    play(d, "take 7D 7H")  # 15 so far: the rest of the pile (3C 3S) is set aside
    assert d.view(0).pending_pile == 2
    play(d, "meld KC KD KH", "meld AC AD AH")  # 105: opened, the pile joins the hand
    assert d.black3_removed[0] == cards("3C 3S")
    assert d.hands[0][cards("3C")[0]] == 0 and d.hands[0][cards("3S")[0]] == 0
    assert d.view(1).black_threes_removed == ((cards("3C")[0], cards("3S")[0]), (), (), ())
    d.check_invariants()
    assert d.side_results()[0].black_threes_removed == cards("3C 3S")
    assert score_side(CUBAN, d.side_results()[0]).breakdown["black_threes"] == 10
    clone = d.clone()
    assert clone.black3_removed == d.black3_removed and clone.black3_removed[0] is not d.black3_removed[0]


def test_all_four_black_threes_removed_score_100() -> None:
    assert score_side(CUBAN, SideResult(black_threes_removed=cards("3C 3S 3C"))).breakdown["black_threes"] == 15
    assert score_side(CUBAN, SideResult(black_threes_removed=cards("3C 3S 3C 3S"))).breakdown["black_threes"] == 100


def test_going_out_100_and_no_concealed_bonus() -> None:
    kings = "KC KD KH KS KC KD KH"
    d = make_deal(CUBAN, [kings + " QC QD QH QS 9C 9D"], stock="9H")
    play(d, "draw", "meld " + kings, "meld QC QD QH QS", "meld 9C 9D 9H")
    assert d.over and d.concealed
    b = d.score()[0].breakdown
    assert (b["going_out"], b["concealed"]) == (100, 0)


# -------------------------------------------------------------- score keeper

def test_score_sheet() -> None:
    sheet = {"variant": "cuban", "deals": [{
        "NS": {"melds": [["2C", "2D", "2H", "2S", "2C", "2D", "2H"], ["KH", "KS", "KD"]],
               "red_threes": ["3H", "3D"], "black_threes_removed": ["3C", "3S"], "went_out": True},
        "EW": {"melds": [["QH", "QS", "QD"]], "red_threes": ["3H"], "hand": ["3C", "9S"],
               "black_threes_removed": ["3S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns, ew = res.deals[0]["NS"], res.deals[0]["EW"]
    assert ns.total == 4000 + 140 + 30 + 300 + 10 + 100
    assert ns.breakdown["black_threes"] == 10
    assert ew.total == 30 - 100 + 5 - 5 - 10
    sheet["deals"][0]["EW"]["black_threes_removed"] = ["3S", "3S"]  # a third 3S
    with pytest.raises(ScoreSheetError, match="3S appears 3 times"):
        parse_sheet(sheet)
    sheet["deals"][0]["EW"]["black_threes_removed"] = ["9S"]
    with pytest.raises(ScoreSheetError, match="9S listed among black_threes_removed is not a black three"):
        score_sheet(parse_sheet(sheet))
    classic = {"variant": "classic", "deals": [{"NS": {"black_threes_removed": ["3C"]}, "EW": {}}]}
    with pytest.raises(ScoreSheetError, match="only for variants where black threes"):
        score_sheet(parse_sheet(classic))


def test_pile_cards_that_never_join_the_hand_do_not_count_as_cards_kept() -> None:
    """A red three (and in Cuban a black three) set aside with the pile is not a card the player
    will hold: the engine must not let him meld down to one card counting on it (he would be
    left with no legal move). Classic deal: side 0 needs 120; the pile is 3H (turned up) and 7C."""
    d = make_deal(Rules.preset("classic"), ["7D 7H KC KD KH KS AC AD AH AS 9C"], upcard="3H 7C",
                  scores=[3000, 0])
    play(d, "take 7D 7H")
    assert "meld KC KD KH KS" not in legal_strs(d)  # then AAAA would leave only 9C (+ the red three)
    play(d, "meld KC KD KH", "meld AC AD AH AS")
    assert d.opened[0] and d.red3[0] == cards("3H") and legal_strs(d) >= {"discard 9C", "discard KS"}
    c = make_deal(CUBAN, ["7D 7H KC KD KH KS AC AD AH AS 9C"], upcard="3C 3S 7C", scores=[3000, 0])
    play(c, "take 7D 7H")
    assert c.view(0).pending_pile == 2 and c.cards_to_keep() == 2  # neither black three will join the hand


# --- RULES.md §3 coverage (audit) ---

KINGS7 = "KC KD KH KS KC KD KH"
OUT13 = KINGS7 + " QC QD QH QS 9C 9D"  # 13 cards: a canasta of kings, then out with queens and nines


def _out(d: Deal) -> None:
    play(d, "draw", "meld " + KINGS7, "meld QC QD QH QS", "meld 9C 9D 9H")


def test_a_deal_of_108_cards_13_each_and_one_card_drawn() -> None:
    """§3.2 Cuban "Cards / dealt: 108; 13", "Draw: 1"."""
    d = make_deal(CUBAN, [OUT13], stock="9H")
    assert sum(d.card_census()) == 108 and d.hand_sizes == [13] * 4
    play(d, "draw")
    assert d.hand_sizes[0] == 14


def test_a_meld_of_three_wild_cards() -> None:
    """§3.2 Cuban wild melds: "3+ allowed"."""
    d = make_deal(CUBAN, ["2C 2D JK 9C 9D 9H"], stock="5S")
    play(d, "draw")
    assert "meld 2C 2D JK" in legal_strs(d)
    play(d, "meld 2C 2D JK")
    assert d.opened[0]


def test_red_threes_in_a_played_deal() -> None:
    """§3.2 Cuban red threes: "totals 100 / 300 / 500 / 1000 for 1/2/3/4; positive only with >=1 canasta"."""
    d = make_deal(CUBAN, [OUT13, None, "3D 3H 3D 3H"], stock="5C 5D 6C 6D 9H")
    _out(d)
    assert d.over and d.score()[0].breakdown["red_threes"] == 1000
    e = make_deal(CUBAN, [OUT13, "3D 3H"], stock="5C 5D 9H")
    _out(e)
    assert e.over and e.score()[1].breakdown["red_threes"] == -300  # side 1 has no canasta


def test_game_to_7500() -> None:
    """§3.2 Cuban target 7500."""
    from helpers import check_target

    check_target(CUBAN, _out, hands=[OUT13], stock="9H")
