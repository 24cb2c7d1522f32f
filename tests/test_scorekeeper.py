"""Score keeper: hand-computed score sheets (RULES.md §1.11, §1.6, §1.12, §3.1) and every refusal.

Card values (§1.1): joker 50, 2 and A 20, K..8 10, 7..4 5, black three 5.
Bonuses (§1.11): natural canasta 500, mixed 300, going out 100, concealed +100,
red threes 100 each / 800 for all four (negative for a side with no meld).
6 players (§3.1): red threes 1-4 100 each, 5 = 1000, 6 = 1200.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.agents import make_agent
from canasta.cards.deck import card_str
from canasta.cli.main import app
from canasta.engine.deal import Deal
from canasta.formats.score_sheet import (
    ScoreSheetError,
    parse_sheet,
    result_json,
    score_file,
    score_sheet,
)
from canasta.rules.fields import Rules

DESIGN_DEAL: dict[str, Any] = {
    # the example of DESIGN.md, "Score keeper input"
    "NS": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["5H", "5S", "5D"]],
           "red_threes": ["3H", "3D"], "hand": ["AS", "7D"],
           "went_out": True, "concealed": False},
    "EW": {"melds": [["QH", "QS", "QD", "QC", "2C", "2D", "2H"]],
           "red_threes": ["3H"], "hand": ["9S", "4C"]},
}
# NS: natural canasta of kings 500 + 7 x 10 = 70; fives 3 x 5 = 15; two red threes 200 (NS has melds);
#     going out 100; hand AS 20 + 7D 5 = -25.  500 + 70 + 15 + 200 + 100 - 25 = 860
# EW: mixed canasta of queens 300 + 4 x 10 + 3 twos x 20 = 100; one red three 100; hand 9S 10 + 4C 5 = -15.
#     300 + 100 + 100 - 15 = 485

SECOND_DEAL: dict[str, Any] = {
    "NS": {"red_threes": ["3H", "3D"], "hand": ["JK", "2C", "AH", "3C"]},
    "EW": {"melds": [["7H", "7S", "7D", "7C", "7H", "7S", "7D"], ["AS", "AD", "AC"],
                     ["QH", "QS", "QD", "QC", "QH", "2S", "JK"]],
           "red_threes": ["3H"], "hand": [], "went_out": True, "concealed": True},
}
# NS: no meld, so two red threes count -200; hand JK 50 + 2C 20 + AH 20 + 3C 5 = -95.  -200 - 95 = -295
# EW: natural canasta of sevens 500 + 35; aces 60; mixed canasta of queens 300 + 5 x 10 + 20 + 50 = 120;
#     one red three 100; going out 100; concealed 100.  800 + 215 + 100 + 100 + 100 = 1315
# Totals: NS 860 - 295 = 565 (next minimum 50); EW 485 + 1315 = 1800 (next minimum 90).


def sheet(*deals: dict[str, Any], variant: str = "classic") -> dict[str, Any]:
    return {"variant": variant, "deals": [copy.deepcopy(d) for d in deals]}


def scored(data: dict[str, Any]) -> dict[str, Any]:
    return result_json(score_sheet(parse_sheet(data)))


def refusal(data: Any) -> str:
    with pytest.raises(ScoreSheetError) as info:
        score_sheet(parse_sheet(data))
    return str(info.value)


# ---------------------------------------------------------------- scores computed by hand

def test_design_example() -> None:
    out = scored(sheet(DESIGN_DEAL))
    ns, ew = out["deals"][0]["NS"], out["deals"][0]["EW"]
    assert ns["score"] == 860 and ew["score"] == 485
    assert ns["breakdown"] == {"canastas": 500, "natural_canastas": 1, "mixed_canastas": 0,
                               "wild_canastas": 0, "red_threes": 200, "going_out": 100, "concealed": 0,
                               "melded_cards": 85, "hand_cards": -25, "penalties": 0}
    assert ew["breakdown"]["canastas"] == 300 and ew["breakdown"]["mixed_canastas"] == 1
    assert ew["breakdown"]["melded_cards"] == 100 and ew["breakdown"]["red_threes"] == 100
    assert out["totals"] == {"NS": 860, "EW": 485}
    assert out["next_minimum"] == {"NS": 50, "EW": 50}
    assert out["winner"] is None


def test_two_deals_running_totals_negative_red_threes_concealed() -> None:
    out = scored(sheet(DESIGN_DEAL, SECOND_DEAL))
    ns, ew = out["deals"][1]["NS"], out["deals"][1]["EW"]
    assert ns["score"] == -295
    assert ns["breakdown"]["red_threes"] == -200 and ns["breakdown"]["hand_cards"] == -95
    assert ew["score"] == 1315
    assert ew["breakdown"]["concealed"] == 100 and ew["breakdown"]["going_out"] == 100
    assert ew["breakdown"]["canastas"] == 800 and ew["breakdown"]["melded_cards"] == 215
    assert out["totals"] == {"NS": 565, "EW": 1800}
    assert out["next_minimum"] == {"NS": 50, "EW": 90}
    assert list(out["totals"]) == ["NS", "EW"]


def test_four_red_threes_and_minimum_table() -> None:
    big = {
        "NS": {"melds": [["AH", "AS", "AD", "AC", "AH", "AS", "AD"],
                         ["KH", "KS", "KD", "KC", "KH", "KS", "KD"],
                         ["QH", "QS", "QD", "QC", "QH", "QS", "QD"],
                         ["JH", "JS", "JD", "JC", "JH", "JS", "JD"]],
               "red_threes": ["3H", "3H", "3D", "3D"], "went_out": True, "concealed": True},
        "EW": {"hand": ["5C"]},
    }
    # NS: aces 500 + 7 x 20 = 640; kings, queens, jacks 500 + 70 = 570 each; all four red threes 800;
    #     going out 100 + concealed 100.  640 + 3 x 570 + 800 + 200 = 3350 -> next minimum 120
    # EW: no meld, no red three, hand 5C -5 -> total -5 -> next minimum 15
    out = scored(sheet(big))
    assert out["deals"][0]["NS"]["breakdown"]["red_threes"] == 800
    assert out["deals"][0]["NS"]["score"] == 3350 and out["deals"][0]["EW"]["score"] == -5
    assert out["next_minimum"] == {"NS": 120, "EW": 15}


def test_four_red_threes_without_a_meld_count_minus_800() -> None:
    deal = {"NS": {"red_threes": ["3H", "3H", "3D", "3D"], "hand": ["4C", "4D"]},
            "EW": {"melds": [["6H", "6S", "6D"]]}}
    # NS: -800 - 10 = -810.  EW: 6s 15.
    out = scored(sheet(deal))
    assert out["deals"][0]["NS"]["score"] == -810 and out["deals"][0]["EW"]["score"] == 15


def test_penalties_subtract() -> None:
    deal = {"NS": {"melds": [["8H", "8S", "8D"]], "penalties": 100},
            "EW": {"melds": [["9H", "9S", "9D", "9C", "9H", "9S", "2D"]], "hand": ["4C", "4D"]}}
    # NS: 8s 30 - 100 = -70.  EW: mixed canasta 300 + 60 + 20 = 380, hand -10 -> 370.
    out = scored(sheet(deal))
    assert out["deals"][0]["NS"]["score"] == -70 and out["deals"][0]["NS"]["breakdown"]["penalties"] == -100
    assert out["deals"][0]["EW"]["score"] == 370


def test_winner_at_target_and_game_end() -> None:
    out = scored(sheet(DESIGN_DEAL, SECOND_DEAL, variant="classic(target=1000)"))
    assert out["winner"] == "EW"
    msg = refusal(sheet(DESIGN_DEAL, SECOND_DEAL, DESIGN_DEAL, variant="classic(target=1000)"))
    assert msg == ("deal 3: the game ended after deal 2, won by EW with 1800 (target 1000); start a new "
                   "score sheet for a new game")


def test_tie_on_top() -> None:
    deal = {"NS": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]]},
            "EW": {"melds": [["QH", "QS", "QD", "QC", "QH", "QS", "QD"]]}}
    # both sides: natural canasta 500 + 70 = 570, at or above a target of 500
    assert scored(sheet(deal, variant="classic(target=500)"))["winner"] is None
    assert scored(sheet(deal, variant="classic(target=500,tie=shared)"))["winner"] == "NS"


def test_six_players_red_three_table() -> None:
    deal = {
        "A": {"melds": [["8H", "8H", "8H", "8S", "8S", "8S", "8D"], ["9C", "9C", "9D"]],
              "red_threes": ["3H", "3H", "3H", "3D", "3D"], "hand": ["4C"]},
        "B": {"melds": [["TC", "TC", "TD"]], "red_threes": ["3D"]},
    }
    # classic(players=6): 162 cards (three 8H are allowed), red threes 5 = 1000, 1 = 100.
    # A: natural canasta of eights 500 + 70; nines 30; 1000; hand -5 -> 1595.  B: tens 30 + 100 -> 130.
    out = scored(sheet(deal, variant="classic(players=6)"))
    assert out["deals"][0]["A"]["score"] == 1595 and out["deals"][0]["B"]["score"] == 130
    six = {"A": {"melds": [["5C", "5C", "5D"]], "red_threes": ["3H", "3H", "3H", "3D", "3D", "3D"]},
           "B": {"hand": ["KS"]}}
    # A: 15 + 1200 (all six) = 1215.  B: -10.
    out = scored(sheet(six, variant="classic(players=6)"))
    assert out["deals"][0]["A"]["score"] == 1215 and out["deals"][0]["B"]["score"] == -10
    four = {"A": {"melds": [["5C", "5C", "5D"]], "red_threes": ["3H", "3H", "3D", "3D"]}, "B": {}}
    # with 6 players four red threes are 4 x 100 = 400, not the 800 of the 4-player game
    assert scored(sheet(four, variant="classic(players=6)"))["deals"][0]["A"]["score"] == 415
    three_teams = {"A": {"red_threes": ["3H", "3H", "3H", "3D", "3D"]}, "B": {}, "C": {"hand": ["JK"]}}
    # classic(players=6,teams=3): three sides; A has no meld: -1000.  C: -50.
    out = scored(sheet(three_teams, variant="classic(players=6,teams=3)"))
    assert [out["deals"][0][s]["score"] for s in "ABC"] == [-1000, 0, -50]
    assert out["next_minimum"] == {"A": 15, "B": 50, "C": 15}


def test_score_keeper_agrees_with_the_engine() -> None:
    """A deal played by the engine and the same table typed into the score keeper give the same numbers."""
    for players, seed in ((4, 1), (2, 2), (3, 3), (6, 4)):
        rules = Rules.preset("classic", players=players)
        deal = Deal(rules, seed=seed)
        agent = make_agent("random", seed)
        while not deal.over:
            deal.apply_action(agent.select(None, deal.legal_actions()))
        entry = {}
        for side, r in enumerate(deal.side_results()):
            entry[f"side{side}"] = {
                "melds": [[card_str(c) for c in m] for m in r.melds],
                "red_threes": [card_str(c) for c in r.red_threes],
                "hand": [card_str(c) for c in r.hand],
                "went_out": r.went_out, "concealed": r.concealed,
            }
        out = scored({"variant": rules.spec(), "deals": [entry]})
        engine = deal.score()
        for side in range(rules.teams):
            assert out["deals"][0][f"side{side}"]["score"] == engine[side].total
            assert out["deals"][0][f"side{side}"]["breakdown"] == engine[side].breakdown


# ---------------------------------------------------------------- refusals

def with_side(side: str, **fields: Any) -> dict[str, Any]:
    deal = copy.deepcopy(DESIGN_DEAL)
    deal[side].update(fields)
    return sheet(deal)


@pytest.mark.parametrize("data,message", [
    ({"variant": "klondike", "deals": []}, "unknown variant 'klondike'; known variants: "),
    ({"variant": "classic(foo=1)", "deals": []}, "unknown option 'foo' for variant classic"),
    (with_side("NS", hand=["AS", "9X"]), "deal 1, side NS, hand: '9X' is not a card: write rank then suit"),
    (with_side("EW", melds=[["QH", "QS", "QX"]]), "deal 1, side EW, meld 1: 'QX' is not a card"),
    (with_side("EW", hand=["KH"]),
     "deal 1: KH appears 3 times (NS melds 2, EW hand 1) but the deck of classic holds 2 (§1.1)"),
    (with_side("EW", red_threes=["3H", "3H"]),
     "deal 1: 3H appears 3 times (NS red_threes 1, EW red_threes 2) but the deck of classic holds 2"),
    (with_side("EW", melds=[["QH", "QS"]]), "deal 1, side EW: meld [QH QS] has fewer than 3 cards"),
    (with_side("EW", melds=[["QH", "QS", "JD"]]),
     "deal 1, side EW: meld [QH QS JD] mixes ranks; a meld is of one rank (§1.5)"),
    (with_side("EW", melds=[["QH", "QS", "2C", "2D", "2H", "JK"]]),
     "deal 1, side EW: meld [QH QS 2C 2D 2H JK] has 4 wild cards; at most 3 are allowed (§1.5)"),
    (with_side("EW", melds=[["QH", "2C", "2D"]]),
     "deal 1, side EW: meld [QH 2C 2D] has 1 natural card(s); a meld needs at least 2 (§1.5)"),
    (with_side("EW", melds=[["2C", "2D", "JK"]]),
     "deal 1, side EW: meld [2C 2D JK] is made only of wild cards, which these rules forbid (§1.5)"),
    (with_side("EW", melds=[["QH", "QS", "QD", "QC", "2C", "2D", "2H"], ["3C", "3S", "3C"]]),
     "deal 1, side EW: meld [3C 3S 3C]: black threes are melded only by the player going out (§1.8)"),
    (with_side("EW", went_out=True),
     "deal 1, sides NS and EW both went out; only one player goes out in a deal"),
    (with_side("EW", concealed=True), "deal 1, side EW: concealed is set but went_out is not"),
    (with_side("NS", melds=[["5H", "5S", "5D"]]),
     "deal 1, side NS went out with 0 canasta(s); going out needs 1 (§1.9)"),
    (with_side("NS", hand=["3D"]),
     "deal 1, side NS: a red three in the hand; red threes are laid out (§1.3)"),
    (with_side("NS", red_threes=["3C"]), "deal 1, side NS: 3C listed among red threes is not a red three"),
    (with_side("NS", meld=[]), "deal 1, side NS: unknown field 'meld'; the allowed fields are melds, "
                                "red_threes, hand, went_out, concealed, penalties"),
    (with_side("NS", went_out="yes"),
     "deal 1, side NS: 'went_out' must be true or false, not the text 'yes'"),
    (with_side("NS", melds="KH KS KD"),
     "deal 1, side NS: 'melds' must be a list of melds, each a list of cards, not the text 'KH KS KD'"),
    (with_side("NS", hand="AS 7D"), "deal 1, side NS, hand must be a list of cards such as"),
    (with_side("NS", hand=["AS", 7]),
     "deal 1, side NS, hand: a card is written as text such as \"KH\", not a whole"),
    (with_side("NS", penalties=-5),
     "deal 1, side NS: 'penalties' must be a whole number of points to subtract (0 or more), not -5"),
    (with_side("NS", penalties="10"), "'penalties' must be a whole number of points to subtract (0 or more), "
                                       "not the text '10'"),
    (sheet({"NS": {}, "EW": {}, "X": {}}),
     "deal 1 names 3 side(s) (NS, EW, X) but classic is played by 2 sides: give one entry per side"),
    (sheet({"NS": {}}, variant="classic(players=3)"),
     "deal 1 names 1 side(s) (NS) but classic(players=3) is played by 3 sides"),
    (sheet(DESIGN_DEAL, {"NS": {}, "WE": {}}),
     "deal 2 names the sides NS, WE but deal 1 named NS, EW; every deal must name the same sides"),
    (sheet({"NS": [], "EW": {}}), "deal 1, side NS must be an object with fields melds, red_threes"),
    ({"variant": "classic", "deals": [[]]}, "deal 1 must be an object mapping each side's name to its cards"),
    ({"variant": "classic", "deals": {}}, "'deals' must be a list of deals, not an object"),
    ({"variant": 5, "deals": []},
     "'variant' must be a variant string such as \"classic\", not a whole number"),
    ({"deals": []}, "the score sheet has no 'variant' field"),
    ({"variant": "classic", "deals": [], "notes": "x"},
     "unknown field 'notes' in the score sheet; its fields are variant, deals"),
    ([], "a score sheet is a JSON object"),
])
def test_refusals(data: Any, message: str) -> None:
    assert message in refusal(data)


def test_deal_number_in_later_deal() -> None:
    bad = copy.deepcopy(SECOND_DEAL)
    bad["EW"]["melds"][1] = ["AS", "AD"]
    assert refusal(sheet(DESIGN_DEAL, bad)) == "deal 2, side EW: meld [AS AD] has fewer than 3 cards"


def test_empty_sheet() -> None:
    assert scored({"variant": "classic", "deals": []}) == {"deals": [], "totals": {}, "next_minimum": {},
                                                           "winner": None}


def test_files(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet(DESIGN_DEAL)), encoding="utf-8")
    assert score_file(path).totals == {"NS": 860, "EW": 485}
    path.write_text('{"variant": "classic", "deals": [}', encoding="utf-8")
    with pytest.raises(ScoreSheetError, match="sheet.json is not valid JSON: .* at line 1, column 34"):
        score_file(path)
    with pytest.raises(ScoreSheetError, match="cannot read .*nothere.json"):
        score_file(tmp_path / "nothere.json")


# ---------------------------------------------------------------- command line

def test_cli_json_shape(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet(DESIGN_DEAL, SECOND_DEAL)), encoding="utf-8")
    res = CliRunner().invoke(app, ["score", str(path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert list(out) == ["deals", "totals", "next_minimum", "winner"]
    assert len(out["deals"]) == 2
    for deal in out["deals"]:
        assert list(deal) == ["NS", "EW"]
        for side in deal.values():
            assert list(side) == ["score", "breakdown"]
            points = [v for k, v in side["breakdown"].items() if not k.endswith("_canastas")]
            assert sum(points) == side["score"]
    assert out["totals"] == {"NS": 565, "EW": 1800}
    assert out["next_minimum"] == {"NS": 50, "EW": 90}
    assert out["winner"] is None


def test_cli_table(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    data = sheet(DESIGN_DEAL, SECOND_DEAL, variant="classic(target=1000)")
    path.write_text(json.dumps(data), encoding="utf-8")
    res = CliRunner().invoke(app, ["score", str(path)])
    assert res.exit_code == 0, res.output
    text = res.stdout
    for word in ("Canasta bonuses", "Red threes", "Going out", "Concealed", "Melded cards", "Cards left in hand",
                 "Deal score", "Total", "860", "-295", "1315", "1800"):
        assert word in text
    assert "NS: 565 points; next initial meld needs 50" in text
    assert "Winner: EW with 1800 points." in text


def test_cli_error(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(with_side("EW", went_out=True)), encoding="utf-8")
    res = CliRunner().invoke(app, ["score", str(path)])
    assert res.exit_code == 2
    assert res.stderr == "error: deal 1, sides NS and EW both went out; only one player goes out in a deal\n"
    assert res.stdout == ""
