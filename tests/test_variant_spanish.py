"""Scripted deals for the ``spanish`` preset: seed 001 (S1), RULES.md §3.3 b; docs/variants/spanish.md.

Differences from classic tested here: red threes positive only with a canasta; counter-clockwise
play; the last stock card a red three (may meld, not discard); the stock running out (forced
take, S1 l.124-128); Canastrón (5 canastas) 500 and Canasta de canastas (7) 2000; four black
threes melded when going out +500; the concealed going out ("abatir") scale 1000/500/500/200;
the minimum waived by a concealed going out even after taking the pile; asking to go out when
unable (-100); one player holding four black threes at the end (-500).
Seat 0 plays first; seats 0 and 2 are side 0, seats 1 and 3 side 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from canasta.cli.main import app
from canasta.engine.deal import P_ANSWER, P_PLAY, IllegalMove
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, draw_discard, draw_until, hand_str, legal_strs, make_deal, play, snapshot
from test_rules_stock_end import near_end

SPANISH = Rules.preset("spanish")
CLASSIC = Rules.preset("classic")
KINGS = "KC KD KH KS KC KD KH"


def test_preset_fields() -> None:
    r = Rules.parse("spanish")
    assert r == SPANISH and r.spec() == "spanish"
    assert r.red3_negative_if == "no_canasta" and r.direction == "counterclockwise"
    assert r.stock_end == "forced_take" and r.last_red3_may_meld
    assert r.canasta_count_bonuses == ((5, 500), (7, 2000)) and not r.canasta_count_bonus_cumulative
    assert r.concealed_scale == (1000, 500, 500, 200) and r.concealed_waives_minimum_with_pile
    assert (r.black3_all_melded_bonus, r.black3_all_in_hand_penalty, r.ask_fail_penalty) == (500, 500, 100)
    assert not r.ask_requires_going_out
    assert (r.hand_size, r.target, r.min_meld(1500)) == (11, 5000, 90)
    assert Rules.parse("spanish(players=6)").players == 6


# ------------------------------------------------------------------ scoring

def test_red_threes_count_only_with_a_canasta() -> None:
    melds_only = SideResult(melds=[cards("KC KD KH")], red_threes=cards("3H 3D"))
    assert score_side(SPANISH, melds_only).breakdown["red_threes"] == -200
    assert score_side(CLASSIC, melds_only).breakdown["red_threes"] == 200
    canasta = SideResult(melds=[cards(KINGS)], red_threes=cards("3H 3D 3H 3D"))
    assert score_side(SPANISH, canasta).breakdown["red_threes"] == 800


def _canastas(n: int) -> list[list[int]]:
    ranks = "456789TJQKA"
    return [cards(" ".join(f"{ranks[k]}{s}" for s in "CDHSCDH")) for k in range(n)]


@pytest.mark.parametrize(("n", "premium"), [(4, 0), (5, 500), (6, 500), (7, 2000), (8, 2000)])
def test_canastron_and_canasta_de_canastas(n: int, premium: int) -> None:
    s = score_side(SPANISH, SideResult(melds=_canastas(n)))
    assert s.breakdown["premiums"] == premium
    assert s.breakdown["canastas"] == 500 * n  # each canasta keeps its own bonus and cards
    assert s.total == premium + 500 * n + s.breakdown["melded_cards"]
    assert "premiums" not in score_side(CLASSIC, SideResult(melds=_canastas(n))).breakdown


def test_canasta_count_premiums_cumulative_option() -> None:
    r = Rules.parse("spanish(canasta_count_bonus_cumulative=true)")
    assert score_side(r, SideResult(melds=_canastas(7))).breakdown["premiums"] == 2500
    r = Rules.parse("spanish(canasta_count_bonuses=none)")
    assert score_side(r, SideResult(melds=_canastas(7))).breakdown["premiums"] == 0


def test_four_black_threes_melded_when_going_out_earn_500() -> None:
    d = make_deal(SPANISH, [KINGS + " 3C 3C 3S 3S"], stock="9C")
    play(d, "draw", "meld " + KINGS, "meld 3C 3C 3S 3S", "discard 9C")
    assert d.over and d.out_seat == 0
    b = d.score()[0].breakdown
    assert b["premiums"] == 500
    assert b["melded_cards"] == 70 + 20  # black threes also count 5 each (S1 l.188)
    three = score_side(SPANISH, SideResult(melds=[cards(KINGS), cards("3C 3S 3C")], went_out=True))
    assert three.breakdown["premiums"] == 0


# ------------------------------------------------------- concealed going out

def test_concealed_first_turn_alone_1000_replacing_the_100() -> None:
    d = make_deal(SPANISH, [KINGS + " QC QD QH QS"], stock="9C")
    play(d, "draw", "meld " + KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.over and d.concealed and d.concealed_kind() == "first_turn"
    b = d.score()[0].breakdown
    assert b["going_out"] + b["concealed"] == 1000
    assert d.side_results()[0].concealed_kind == "first_turn"


def test_concealed_later_alone_500() -> None:
    d = make_deal(SPANISH, [KINGS + " QC QD QH QS"], stock="5C 4C 4D 4H 9C")
    play(d, "draw", "discard 5C")
    draw_discard(d, 3)
    play(d, "draw", "meld " + KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.over and d.concealed_kind() == "later"
    b = d.score()[0].breakdown
    assert b["going_out"] + b["concealed"] == 500


def test_concealed_later_using_the_partners_melds_200_and_not_concealed_in_classic() -> None:
    hands = [KINGS + " QC 9C 9D 8C", "", "QD QH QS AC AD AH"]
    for rules, total in ((SPANISH, 200), (CLASSIC, 100)):
        d = make_deal(rules, hands, stock="5C 4C 4D 4H 9H")
        play(d, "draw", "discard 5C")
        play(d, "draw", "discard 4C")
        play(d, "draw", "meld QD QH QS", "meld AC AD AH", "discard 4D")  # the partner opens
        play(d, "draw", "discard 4H")
        play(d, "draw", "meld " + KINGS, "add QC", "meld 9C 9D 9H", "discard 8C")
        assert d.over and d.out_seat == 0
        b = d.score()[0].breakdown
        assert b["going_out"] + b["concealed"] == total
        if rules is SPANISH:
            assert d.concealed_kind() == "later_with_partner"
        else:
            assert not d.concealed


def test_concealed_first_turn_using_the_partners_melds_500() -> None:
    hands = ["QD QH QS AC AD AH", "", KINGS + " QC 9C 9D 8C"]
    d = make_deal(SPANISH, hands, stock="5C 4C 9H")
    play(d, "draw", "meld QD QH QS", "meld AC AD AH", "discard 5C")  # seat 0 opens
    play(d, "draw", "discard 4C")
    play(d, "draw", "meld " + KINGS, "add QC", "meld 9C 9D 9H", "discard 8C")  # seat 2's first turn
    assert d.over and d.out_seat == 2 and d.concealed_kind() == "first_turn_with_partner"
    b = d.score()[0].breakdown
    assert b["going_out"] + b["concealed"] == 500


def test_concealed_waives_the_minimum_even_after_taking_the_pile() -> None:
    # side 0 at 1500 needs 90; fives and fours make 55, but seat 0 goes out concealed (S1 l.80-81)
    hand = "5C 5D 5H 5S 5C 5D 4C 4D 4H 4S 9C"
    d = make_deal(SPANISH, [hand], upcard="5S", scores=[1500, 0])
    assert d.minimum[0] == 90
    assert "take 5C 5C" in legal_strs(d)
    play(d, "take 5C 5C", "add 5D 5D 5H 5S", "meld 4C 4D 4H 4S", "discard 9C")
    assert d.over and d.out_seat == 0 and d.concealed_kind() == "first_turn"
    c = make_deal(CLASSIC, [hand], upcard="5S", scores=[1500, 0])
    assert "take 5C 5C" not in legal_strs(c)


# ------------------------------------------------------------ asking to go out

def test_asking_when_unable_costs_100_and_play_goes_on() -> None:
    d = make_deal(SPANISH, ["KC KD KH QC QD QH 9C 9D 8C 8D 7C"], stock="5C")
    play(d, "draw")
    assert not d.can_go_out_now()
    assert "ask" in legal_strs(d)
    assert "ask" not in legal_strs(play(make_deal(CLASSIC, ["KC KD KH QC QD QH 9C 9D 8C 8D 7C"],
                                                  stock="5C"), "draw"))
    play(d, "ask")
    assert d.phase == P_ANSWER and d.to_act == 2
    play(d, "yes")
    assert d.phase == P_PLAY and d.to_act == 0 and d.answer == 0
    assert d.ask_failed == [1, 0] and d.view(0).asks_failed == (1, 0)
    with pytest.raises(IllegalMove, match="already asked"):
        d.apply("ask")
    play(d, "meld KC KD KH", "meld QC QD QH", "discard 5C")  # he plays on normally
    assert d.turn == 1 and not d.over
    b = score_side(SPANISH, d.side_results()[0]).breakdown
    assert b["penalties"] == -100


def test_asking_answered_no_costs_nothing() -> None:
    d = make_deal(SPANISH, ["KC KD KH QC QD QH 9C 9D 8C 8D 7C"], stock="5C")
    play(d, "draw", "ask", "no")
    assert d.answer == -1 and d.ask_failed == [0, 0]
    play(d, "discard 5C")
    assert score_side(SPANISH, d.side_results()[0]).breakdown["penalties"] == 0


def test_asking_when_able_binds_as_in_classic() -> None:
    d = make_deal(SPANISH, [KINGS + " QC QD QH QS"], stock="9C")
    play(d, "draw", "ask", "yes")
    assert d.answer == 1 and d.ask_failed == [0, 0]
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="partner said yes"):
        d.apply("discard 9C")
    assert snapshot(d) == before
    play(d, "meld " + KINGS, "meld QC QD QH QS", "discard 9C")
    assert d.over


# ----------------------------------------------------------- black threes held

def test_one_player_holding_four_black_threes_loses_500() -> None:
    d = make_deal(SPANISH, [KINGS + " QC QD QH QS", "3C 3C 3S 3S"], stock="9C")
    play(d, "draw", "meld " + KINGS, "meld QC QD QH QS", "discard 9C")
    r1 = d.side_results()[1]
    assert r1.four_black_threes_held
    b = d.score()[1].breakdown
    assert b["penalties"] == -500
    assert b["hand_cards"] <= -20  # the black threes also count 5 each in the hand
    # two in each partner's hand is not "holding all four"
    d = make_deal(SPANISH, [KINGS + " QC QD QH QS", "3C 3S", "", "3C 3S"], stock="9C")
    play(d, "draw", "meld " + KINGS, "meld QC QD QH QS", "discard 9C")
    assert not d.side_results()[1].four_black_threes_held
    assert d.score()[1].breakdown["penalties"] == 0


# ------------------------------------------------------------- stock running out

def test_stock_end_forced_take_and_last_red_three() -> None:
    d = near_end(SPANISH, bottom="QS", seat3="KS")
    assert d.turn == 2
    draw_discard(d)  # seat 2 draws QS, the last card, and discards it
    assert d.turn == 3 and d.stock_out and legal_strs(d) == {"take"}  # "deberá tomar el pozo forzosamente"
    d = near_end(SPANISH, bottom="8S")
    draw_discard(d)
    assert d.over and d.out_seat == -1  # "Si no pudiese tomar el pozo, el juego termina"
    assert d.side_results()[0].four_black_threes_held  # seat 2 of near_end holds 3C 3C 3S 3S
    d = near_end(SPANISH, bottom="3H", red3="3D 3D 3H")
    play(d, "draw")
    assert not d.over and "pass" in legal_strs(d)  # S1 l.162-163: meld, no discard
    assert not any(m.startswith("discard") for m in legal_strs(d))
    play(d, "pass")
    assert d.over


# ----------------------------------------------------------------- score keeper

def _sheet(ns: dict[str, object], ew: dict[str, object] | None = None) -> dict[str, object]:
    return {"variant": "spanish", "deals": [{"NS": ns, "EW": ew or {"hand": ["9S"]}}]}


def test_score_sheet_concealed_kinds() -> None:
    base = {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["QH", "QS", "QD"]], "went_out": True,
            "concealed": True}
    for kind, premium in (("first_turn", 1000), ("first_turn_with_partner", 500), ("later", 500),
                          ("later_with_partner", 200)):
        res = score_sheet(parse_sheet(_sheet({**base, "concealed_kind": kind})))
        assert res.deals[0]["NS"].total == 500 + 70 + 30 + premium
    with pytest.raises(ScoreSheetError, match="give concealed_kind"):
        score_sheet(parse_sheet(_sheet(base)))
    with pytest.raises(ScoreSheetError, match="'concealed_kind' must be one of"):
        parse_sheet(_sheet({**base, "concealed_kind": "de mano"}))
    classic = {"variant": "classic", "deals": [{"NS": {**base, "concealed_kind": "later_with_partner"},
                                                  "EW": {}}]}
    with pytest.raises(ScoreSheetError, match="may not add to the partner's melds"):
        score_sheet(parse_sheet(classic))


def test_score_sheet_penalties_and_premiums(tmp_path: Path) -> None:
    five = [[f"{r}{s}" for s in "CDHSCDH"] for r in "45678"]  # five natural canastas: 2500, cards 210
    ns = {"melds": five, "went_out": True, "ask_failed": 1}
    ew = {"hand": ["3C", "3S", "3C", "3S"], "four_black_threes_held": True}
    res = score_sheet(parse_sheet(_sheet(ns, ew)))
    assert res.deals[0]["NS"].breakdown["premiums"] == 500  # Canastrón
    assert res.deals[0]["NS"].breakdown["penalties"] == -100
    assert res.deals[0]["NS"].total == 2500 + 500 + 210 + 100 - 100
    assert res.deals[0]["EW"].total == -20 - 500
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(_sheet(ns, ew)))
    out = CliRunner().invoke(app, ["score", str(path), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["totals"] == {"NS": 3210, "EW": -520}
    with pytest.raises(ScoreSheetError, match="hand shows 2 black three"):
        score_sheet(parse_sheet(_sheet(ns, {"hand": ["3C", "3S"], "four_black_threes_held": True})))
    with pytest.raises(ScoreSheetError, match="'ask_failed' must be"):
        parse_sheet(_sheet({**ns, "ask_failed": -1}))
    melded = {"melds": [*five[:1], ["3C", "3S", "3C", "3S"]], "went_out": True}
    assert score_sheet(parse_sheet(_sheet(melded))).deals[0]["NS"].breakdown["premiums"] == 500


def test_counterclockwise_is_only_the_seating() -> None:
    """Seats are numbered in the order of play, so the turn order of the engine is the same."""
    a = make_deal(SPANISH, [], stock="5C 5D 5H 5S")
    b = make_deal(CLASSIC, [], stock="5C 5D 5H 5S")
    for d in (a, b):
        draw_discard(d, 3)
    assert a.turn == b.turn == 3 and hand_str(a, 0) == hand_str(b, 0)


def test_last_red_three_black_threes_melded_only_to_go_out() -> None:
    """With last_red3_may_meld (S1) the player may meld but not discard: black threes (§1.8) may
    then be melded only if that empties his hand (they are melded only to go out)."""
    d = make_deal(SPANISH, ["KC KD KH AC AD AH", "QC QD QH QS 2C 2C JK 2D 2D 2H 2H",
                            "JK JK JK 2S 2S 3D 3D 3H", "3C 3C 3S 3S 5C 5D 5H 6C 6D 6H 7C"],
                  stock="8C 8D 8H 9C 9D 9H 9S", bottom="3H")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 9C")
    play(d, "draw", "meld QC QD QH QS 2C 2C JK", "discard 9D")  # side 1 has its canasta
    draw_discard(d)
    play(d, "draw", "meld 5C 5D 5H", "meld 6C 6D 6H", "discard 9S")
    draw_until(d, 1)
    assert d.turn == 3 and hand_str(d, 3) == "3C 3C 3S 3S 7C"
    play(d, "draw")  # the last card, 3H
    assert d.no_discard and d.canastas[1] == 1
    assert not any(m.startswith("meld 3") for m in legal_strs(d))  # it would leave 7C in his hand
    with pytest.raises(IllegalMove):
        d.apply("meld 3C 3C 3S 3S")
    play(d, "pass")
    assert d.over and d.score()[1].breakdown["penalties"] == -500  # he holds all four black threes


# --- RULES.md §3 coverage (audit) ---

def test_red_threes_count_only_with_a_canasta_in_a_played_deal() -> None:
    """§3.3 b Red 3s: "positive only if the side has completed a canasta" (classic: with any meld)."""
    for rules, side1 in ((SPANISH, -100), (CLASSIC, 100)):
        d = make_deal(rules, [KINGS + " 9C 9D 9H 9S", "3H QC QD QH AC AD AH"], stock="6C 5C 5D 5H 5S 4S")
        play(d, "draw", "discard 5C")
        play(d, "draw", "meld QC QD QH", "meld AC AD AH", "discard 5D")  # side 1 melds, no canasta
        draw_discard(d, 2)
        play(d, "draw", "meld " + KINGS, "meld 9C 9D 9H 9S", "discard 4S")
        assert d.over and d.out_seat == 0
        assert d.score()[1].breakdown["red_threes"] == side1
