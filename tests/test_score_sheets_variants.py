"""Hand-computed score sheets for every preset, through the score keeper (``canasta score --json``).

Each sheet is a deal as people would type it at a real table (docs/formats.md §2); the expected
numbers were computed by hand from RULES.md §1.11, §3 and the preset's page (docs/variants/), the
arithmetic written beside them. They go through ``parse_sheet`` → ``score_sheet`` → ``result_json``,
the path of ``canasta score FILE --json`` (one sheet also through the command line itself).

Card values (RULES.md §1.1): joker 50, 2 and A 20, K..8 10, 7..4 5, black three 5 (in a hand: the
variant's ``black3_hand_penalty``). Tiles (§3.4): ace 25, 2 20, joly 50, 4-6 5, 7-13 10.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.cli.main import app
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, result_json, score_sheet


def scored(variant: str, *deals: dict[str, Any]) -> dict[str, Any]:
    """The ``canasta score --json`` output of a sheet of these deals."""
    return result_json(score_sheet(parse_sheet({"variant": variant, "deals": list(deals)})))


def refusal(variant: str, *deals: dict[str, Any]) -> str:
    with pytest.raises(ScoreSheetError) as info:
        score_sheet(parse_sheet({"variant": variant, "deals": list(deals)}))
    return str(info.value)


def check(side: dict[str, Any], score: int, **items: int) -> None:
    """The side's deal score and the breakdown items named; the point items add up to the score."""
    bd = side["breakdown"]
    assert {k: bd[k] for k in items} == items
    assert side["score"] == score
    assert sum(v for k, v in bd.items() if not k.endswith("_canastas")) == score


# ---------------------------------------------------------------------------------- classic

def test_classic_two_players_needs_two_canastas() -> None:
    deal = {
        "Ann": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["9H", "9S", "9D", "9C", "9H", "2C", "JK"],
                          ["4H", "4S", "4D"]],
                "red_threes": ["3H", "3D", "3H", "3D"], "went_out": True, "concealed": True},
        "Bob": {"melds": [["AH", "AS", "AD"]], "hand": ["JK", "3C", "3S", "7H"]},
    }
    # Ann: natural kings 500 + 70; mixed nines 300 + 5x10 + 20 + 50 = 420; fours 15; all four red threes 800;
    #      going out 100 + concealed 100.  570 + 420 + 15 + 800 + 200 = 2005
    # Bob: aces 60; hand JK 50 + 3C 5 + 3S 5 + 7H 5 = -65.  60 - 65 = -5 (next minimum: below 0 -> 15)
    out = scored("classic(players=2)", deal)
    check(out["deals"][0]["Ann"], 2005, canastas=800, red_threes=800, going_out=100, concealed=100,
          melded_cards=205)
    check(out["deals"][0]["Bob"], -5, melded_cards=60, hand_cards=-65)
    assert out["next_minimum"] == {"Ann": 90, "Bob": 15}
    one = {"Ann": {**deal["Ann"], "melds": deal["Ann"]["melds"][:1]}, "Bob": deal["Bob"]}
    assert refusal("classic(players=2)", one) == ("deal 1, side Ann went out with 1 canasta(s); going out "
                                                  "needs 2 (§1.9)")


def test_classic_three_players_each_alone() -> None:
    deal = {
        "Ann": {"melds": [["QH", "QS", "QD", "QC", "QH", "QS", "QD"], ["5H", "5S", "5D", "2C"]],
                "red_threes": ["3H"], "went_out": True},
        "Bob": {"red_threes": ["3D", "3H"], "hand": ["AS", "AC", "8D"]},
        "Cy": {"melds": [["JH", "JS", "JD", "JC", "2D", "2H"]], "hand": ["3C"]},
    }
    # Ann: natural queens 500 + 70; 5H 5S 5D 2C 15 + 20 = 35; one red three 100; going out 100.  805
    # Bob: no meld, so his two red threes count -200; hand AS 20 + AC 20 + 8D 10 = -50.  -250
    # Cy: six jacks and twos (not a canasta) 40 + 40 = 80; hand 3C -5.  75
    out = scored("classic(players=3)", deal)
    check(out["deals"][0]["Ann"], 805, canastas=500, red_threes=100, going_out=100, melded_cards=105)
    check(out["deals"][0]["Bob"], -250, red_threes=-200, hand_cards=-50)
    check(out["deals"][0]["Cy"], 75, melded_cards=80, hand_cards=-5)
    assert out["next_minimum"] == {"Ann": 50, "Bob": 15, "Cy": 50}


def test_cutthroat_partnership_scores_together_red_threes_apart() -> None:
    deal = {
        "Ann": {"melds": [["AH", "AS", "AD", "JK"]], "red_threes": ["3D"], "hand": ["9C", "9D"],
                "lone_hand": True},
        "Bob": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "red_threes": ["3H", "3D"],
                "went_out": True},
        "Cy": {"melds": [["8H", "8S", "8D", "8C", "8H", "2C", "2D"]], "red_threes": ["3H"], "hand": ["7C", "3S"]},
    }
    # Ann (lone hand): aces 60 + JK 50 = 110; red three 100; hand 9C 9D -20.  190
    # Bob + Cy (partnership): natural kings 500 + 70; mixed eights 300 + 50 + 40 = 390; going out 100;
    #      hands 7C 5 + 3S 5 = -10.  570 + 390 + 100 - 10 = 1050
    #      Bob 1050 + his two red threes 200 = 1250; Cy 1050 + his one red three 100 = 1150
    out = scored("classic(players=3,cutthroat=true)", deal)
    check(out["deals"][0]["Ann"], 190, red_threes=100, melded_cards=110, hand_cards=-20)
    check(out["deals"][0]["Bob"], 1250, canastas=800, red_threes=200, going_out=100, hand_cards=-10)
    check(out["deals"][0]["Cy"], 1150, canastas=800, red_threes=100, going_out=100, hand_cards=-10)


def test_cutthroat_lone_hand_went_out_partners_never_melded() -> None:
    deal = {
        "Ann": {"red_threes": ["3H", "3D"], "hand": ["AH", "KH"]},
        "Bob": {"hand": ["JK", "3C"]},
        "Cy": {"melds": [["TH", "TS", "TD", "TC", "TH", "TS", "TD"], ["6H", "6S", "6D", "6C", "6H", "6S", "JK"]],
               "went_out": True, "concealed": True, "lone_hand": True},
    }
    # Cy (lone hand, went out before anyone took the pile): natural tens 500 + 70; mixed sixes 300 + 30 + 50
    #      = 380; going out 100 + concealed 100.  570 + 380 + 200 = 1150
    # Ann + Bob: no meld; hands AH 20 + KH 10 + JK 50 + 3C 5 = -85.
    #      Ann -85 and his two red threes negative (the partnership has no meld) -200 = -285; Bob -85
    out = scored("classic(players=3,cutthroat=true)", deal)
    check(out["deals"][0]["Cy"], 1150, canastas=800, going_out=100, concealed=100, melded_cards=150)
    check(out["deals"][0]["Ann"], -285, red_threes=-200, hand_cards=-85)
    check(out["deals"][0]["Bob"], -85, red_threes=0, hand_cards=-85)


def test_cutthroat_combined_meld_of_two_partners() -> None:
    deal = {
        "Ann": {"lone_hand": True, "hand": ["5C"]},
        "Bob": {"melds": [["QH", "QS", "QD", "QC", "2C", "2D", "2H", "2S", "JK", "JK"],
                          ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "went_out": True},
        "Cy": {},
    }
    # Bob's queens (Q Q 2 2 JK) and Cy's (Q Q 2 2 JK) combined when the alliance formed: 4 naturals, 6 wild
    # cards: a mixed canasta 300 + 40 + 4 x 20 + 2 x 50 = 520; natural kings 570; going out 100.
    # Bob and Cy 1190; Ann: hand 5C -5
    out = scored("classic(players=3,cutthroat=true)", deal)
    check(out["deals"][0]["Bob"], 1190, canastas=800, melded_cards=290, going_out=100)
    check(out["deals"][0]["Cy"], 1190)
    check(out["deals"][0]["Ann"], -5)
    assert "has 6 wild cards; at most 3 are allowed (§1.5)" in refusal("classic(players=3)", {
        "Ann": {}, "Bob": deal["Bob"], "Cy": {}})


def test_classic_five_players_side_of_three() -> None:
    deal = {
        "Three": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "red_threes": ["3H", "3D", "3H", "3D"],
                  "went_out": True},
        "Two": {"melds": [["5H", "5S", "5D"]], "hand": ["2C"]},
    }
    # Three: natural kings 570; all four red threes 800; going out 100.  1470
    # Two: fives 15; hand 2C -20.  -5
    out = scored("classic(players=5)", deal)
    check(out["deals"][0]["Three"], 1470, canastas=500, red_threes=800, going_out=100, melded_cards=70)
    check(out["deals"][0]["Two"], -5, melded_cards=15, hand_cards=-20)


def test_classic_six_players_two_teams_red_three_table() -> None:
    deal1 = {
        "A": {"melds": [["AH", "AS", "AD", "AC", "AH", "AS", "AD"], ["7H", "7S", "7D", "7C", "7H", "7S", "2C"]],
              "red_threes": ["3H", "3H", "3H", "3D", "3D"], "went_out": True},
        "B": {"red_threes": ["3D"], "hand": ["JK", "JK", "3C", "3S", "3C"]},
    }
    # A: natural aces 500 + 140; mixed sevens 300 + 30 + 20 = 350; five red threes 1000 (§3.1); going out 100.
    #    640 + 350 + 1000 + 100 = 2090
    # B: no meld: one red three -100; hand JK JK 100 + three black threes 15 = -115.  -215
    deal2 = {
        "A": {"melds": [["9H", "9S", "9D"]], "red_threes": ["3H", "3H", "3H", "3D", "3D", "3D"]},
        "B": {"melds": [["QH", "QS", "QD", "QC", "QH", "QS", "QD"], ["QC", "QH", "2S"]], "went_out": True},
    }
    # A: nines 30; all six red threes 1200.  1230
    # B: one meld per rank: the queens are one meld of 10 cards with a two, a mixed canasta 300 + 90 + 20 = 410;
    #    going out 100 ... but the sheet wrote the queens as two melds (refused, see below)
    out = scored("classic(players=6)", deal1)
    check(out["deals"][0]["A"], 2090, canastas=800, red_threes=1000, going_out=100, melded_cards=190)
    check(out["deals"][0]["B"], -215, red_threes=-100, hand_cards=-115)
    assert "two melds of Qs" in refusal("classic(players=6)", deal2)
    deal2["B"]["melds"] = [["QH", "QS", "QD", "QC", "QH", "QS", "QD", "QC", "QH", "2S"],
                           ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]]
    # B: mixed queens 300 + 90 + 20 = 410; natural kings 570; going out 100.  1080
    out = scored("classic(players=6)", deal1, deal2)
    check(out["deals"][1]["A"], 1230, red_threes=1200, melded_cards=30)
    check(out["deals"][1]["B"], 1080, canastas=800, going_out=100)
    assert out["totals"] == {"A": 3320, "B": 865}
    assert out["next_minimum"] == {"A": 120, "B": 50}


def test_classic_six_players_three_teams() -> None:
    deal = {
        "A": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]],
              "red_threes": ["3H", "3H", "3H", "3D", "3D"], "went_out": True},
        "B": {"melds": [["4H", "4S", "4D", "2C"]], "red_threes": ["3D"], "hand": ["5C"]},
        "C": {"hand": ["AH", "3S"]},
    }
    # A: natural kings 570, natural nines 570; five red threes 1000; going out 100.  2240
    # B: 4H 4S 4D 2C 15 + 20 = 35; red three 100; hand 5C -5.  130
    # C: no meld; hand AH 20 + 3S 5 = -25.  -25
    out = scored("classic(players=6,teams=3)", deal)
    check(out["deals"][0]["A"], 2240, canastas=1000, natural_canastas=2, red_threes=1000, going_out=100)
    check(out["deals"][0]["B"], 130, red_threes=100, melded_cards=35, hand_cards=-5)
    check(out["deals"][0]["C"], -25, hand_cards=-25)


def test_classic_one_meld_per_rank() -> None:
    deal = {
        "NS": {"melds": [["KH", "KS", "KD"], ["KC", "KH", "KS", "KD"]], "hand": ["5C"]},
        "EW": {},
    }
    # split, the kings would miss the natural canasta (500) that one meld of 7 kings is
    msg = refusal("classic", deal)
    assert msg == ("deal 1, side NS: two melds of Ks [KH KS KD] and [KC KH KS KD]; a side has one meld of each "
                   "rank (§1.5): write them as one meld")
    # where a side may have several melds of a rank (Samba), all but one of them must be canastas
    samba = {"A": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["KC", "KH", "KS"], ["KD", "KC", "2C"]]},
             "B": {}}
    assert refusal("classic", {"A": {"melds": [["4H", "5H", "6H"]]}, "B": {}}) == (
        "deal 1, side A: meld [4H 5H 6H] mixes ranks; a meld is of one rank (§1.5): classic has no sequences")
    assert refusal("samba", samba) == (
        "deal 1, side A: two melds of Ks [KC KH KS] and [KD KC 2C]; a side starts another meld of a rank only once "
        "its meld of it is a canasta (§3.2): write them as one meld")
    assert "two melds of wild cards" in refusal("uruguay", {"A": {"melds": [["2C", "2D", "JK"], ["2H", "2S", "JK"]]},
                                                            "B": {}})


# ---------------------------------------------------------------------------------- samba family

SAMBA_DEAL: dict[str, Any] = {
    "A": {"melds": [["4D", "5D", "6D", "7D", "8D", "9D", "TD"], ["KC", "KD", "KH", "KS", "KC", "KD", "KH"],
                    ["KS", "KC", "KD"], ["QC", "QD", "QH", "QS", "QC", "2C", "JK"]],
          "red_threes": ["3H", "3D", "3H"], "went_out": True, "concealed": True},
    "B": {"melds": [["5S", "6S", "7S"], ["AH", "AD", "AC"]], "red_threes": ["3D", "3H"], "hand": ["JK", "3C", "7H"]},
}
# A: sequence canasta 4D-TD 1500 + 4x5 + 3x10 = 1550; natural kings 500 + 70; a second meld of kings (the first
#    is a canasta) 30; mixed queens 300 + 50 + 20 + 50 = 420; three red threes 300 (3 canastas >= 2);
#    going out 200; concealed: no bonus in Samba.  1550 + 570 + 30 + 420 + 300 + 200 = 3070
# B: sequence 5S-7S 15; aces 60; two red threes, fewer than 2 canastas: -200; hand JK 50 + 3C 5 + 7H 5 = -60.
#    15 + 60 - 200 - 60 = -185


def test_samba_sequence_canasta_second_meld_of_a_rank() -> None:
    out = scored("samba", SAMBA_DEAL)
    check(out["deals"][0]["A"], 3070, canastas=2300, sequence_canastas=1, natural_canastas=1, mixed_canastas=1,
          red_threes=300, going_out=200, concealed=0, melded_cards=270)
    check(out["deals"][0]["B"], -185, red_threes=-200, melded_cards=75, hand_cards=-60)


def test_samba_six_red_threes_with_one_canasta_count_against() -> None:
    deal = {
        "A": {"melds": [["8C", "8D", "8H", "8S", "8C", "8D", "8H"], ["4S", "5S", "6S", "7S", "8S"]],
              "red_threes": ["3H", "3H", "3H", "3D", "3D", "3D"], "hand": ["9C"]},
        "B": {"melds": [["JH", "JS", "JD", "JC", "JH", "JS", "JD"], ["5H", "6H", "7H", "8H", "9H", "TH", "JH"]],
              "went_out": True},
    }
    # A: natural eights 500 + 70; sequence 4S-8S 20 + 10 = 30 ... 4S 5S 6S 7S 5 each = 20, 8S 10: 30;
    #    all six red threes 1000, negative with 1 canasta: -1000; hand 9C -10.  570 + 30 - 1000 - 10 = -410
    # B: natural jacks 570; sequence canasta 5H-JH 1500 + 15 + 40 = 1555; going out 200.  2325
    out = scored("samba", deal)
    check(out["deals"][0]["A"], -410, red_threes=-1000, melded_cards=100, hand_cards=-10)
    check(out["deals"][0]["B"], 2325, canastas=2000, sequence_canastas=1, going_out=200)


@pytest.mark.parametrize(("meld", "message"), [
    (["KH", "KS", "2C", "2D", "JK"], "has 3 wild cards; at most 2 are allowed (§1.5)"),
    (["4H", "5H", "2C", "7H"], "mixes ranks but is no sequence"),
    (["4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH"], "is a sequence of 8 cards; sequences hold 3 to 7 cards"),
    (["2C", "2D", "JK"], "is made only of wild cards, which these rules forbid"),
])
def test_samba_refusals(meld: list[str], message: str) -> None:
    assert message in refusal("samba", {"A": {"melds": [meld]}, "B": {}})


def test_bolivia_escalera_bolivia_black_threes() -> None:
    deal = {
        "A": {"melds": [["5H", "6H", "7H", "8H", "9H", "TH", "JH"], ["2C", "2D", "2H", "2S", "JK", "JK", "2C"],
                        ["3C", "3S", "3C"]],
              "red_threes": ["3H"], "went_out": True},
        "B": {"melds": [["KC", "KD", "KH", "2S"]], "red_threes": ["3D", "3D"], "hand": ["3S", "3C", "AS"]},
    }
    # A: escalera 5H-JH 1500 + 15 + 40 = 1555; Bolivia (7 wild cards) 2500 + 5x20 + 2x50 = 2700; black threes
    #    melded going out 15; red three 100 (2 canastas); going out 200.  1555 + 2700 + 15 + 100 + 200 = 4570
    # B: KC KD KH 2S 50; two red threes with no canasta -200; hand 3S 3C -100 each, AS -20: -220.  -370
    out = scored("bolivia", deal)
    check(out["deals"][0]["A"], 4570, canastas=4000, wild_canastas=1, sequence_canastas=1, red_threes=100,
          going_out=200, melded_cards=270)
    check(out["deals"][0]["B"], -370, red_threes=-200, melded_cards=50, hand_cards=-220)
    no_escalera = {"A": {**deal["A"], "melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"], deal["A"]["melds"][1]]},
                   "B": {}}
    assert refusal("bolivia", no_escalera) == ("deal 1, side A went out with 0 sequence canasta(s); going out "
                                               "needs 1 (§3.2)")


def test_brazilian_long_sequence_short_sequences_wild_canasta() -> None:
    deal = {
        "A": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"],
                        ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
                        ["5C", "6C", "7C"], ["8H", "9H", "TH", "JH", "QH"]],
              "red_threes": ["3H", "3H", "3H", "3D", "3D"], "went_out": True},
        "B": {"melds": [["2C", "2D", "2H", "2S", "JK", "JK", "JK"], ["4D", "5D", "6D", "7D"]],
              "red_threes": ["3D"], "hand": ["7D", "3S"]},
    }
    # A: natural kings 570; sequence 4S-AS extended to 11 cards when going out: 1500 + 4x5 + 6x10 + 20 = 1600;
    #    5C-7C 15 and short (fewer than 5 cards): -1000; 8H-QH 50, not short; five red threes 1000 (a canasta);
    #    going out 200.  570 + 1600 + 15 + 50 + 1000 + 200 - 1000 = 2435
    # B: wild canasta 2000 + 4x20 + 3x50 = 2230; 4D-7D 20, short: -1000; red three 100 (a canasta);
    #    hand 7D 5 + 3S 100 = -105.  2230 + 20 + 100 - 105 - 1000 = 1245
    out = scored("brazilian", deal)
    check(out["deals"][0]["A"], 2435, canastas=2000, sequence_canastas=1, red_threes=1000, going_out=200,
          melded_cards=235, penalties=-1000)
    check(out["deals"][0]["B"], 1245, canastas=2000, wild_canastas=1, red_threes=100, hand_cards=-105,
          penalties=-1000)
    # only the side that went out may have extended a sequence past 7 cards
    not_out = {"A": {"melds": [deal["A"]["melds"][1]]}, "B": {}}
    assert refusal("brazilian", not_out) == (
        "deal 1, side A: meld [4S 5S 6S 7S 8S 9S TS JS QS KS AS] is a sequence of 11 cards; a sequence holds "
        "at most 7 cards, more (up to 11) only when extended by the player going out (§3.2)")


def test_brazilian_red_threes_negative_without_canasta() -> None:
    deal = {"A": {"melds": [["AH", "AS", "AD", "AC", "2C", "2D"]], "red_threes": ["3H"], "hand": ["4C"]},
            "B": {}}
    # A: aces 80 + twos 40 = 120 (6 cards, no canasta); red three -100; hand -5.  15
    check(scored("brazilian", deal)["deals"][0]["A"], 15, red_threes=-100, melded_cards=120, hand_cards=-5)


def test_chilean_sequence_canasta_wild_canasta_unfinished_sequence() -> None:
    deal = {
        "A": {"melds": [["8C", "9C", "TC", "JC", "QC", "KC", "AC"], ["2C", "JK", "2D"]],
              "red_threes": ["3H", "3D", "3H", "3D", "3H"], "went_out": True, "concealed": True},
        "B": {"melds": [["2H", "2S", "2H", "2S", "JK", "JK", "JK"], ["4H", "5H", "6H"]],
              "red_threes": ["3D"], "hand": ["4D", "5D", "6D"]},
    }
    # A: sequence canasta 8C-AC 1500 + 60 + 20 = 1580 (one canasta goes out); wild meld 2C JK 2D 90;
    #    five red threes 1000 (162 cards, §3.1 table); going out 100 + concealed 100.  2870
    # B: wild canasta 2000 + 80 + 150 = 2230; unfinished sequence 4H-6H scores its 15, no penalty;
    #    red three 100; hand -15.  2330
    out = scored("chilean", deal)
    check(out["deals"][0]["A"], 2870, canastas=1500, sequence_canastas=1, red_threes=1000, going_out=100,
          concealed=100, melded_cards=170)
    check(out["deals"][0]["B"], 2330, canastas=2000, wild_canastas=1, red_threes=100, melded_cards=245,
          hand_cards=-15, penalties=0)


def test_hollywood_mixed_sequence_wild_canasta_three_naturals() -> None:
    deal = {
        "A": {"melds": [["4D", "5D", "JK", "7D", "8D", "9D", "TD"], ["5S", "6S", "7S", "8S", "9S", "TS", "JS"]],
              "red_threes": ["3H"], "went_out": True},
        "B": {"melds": [["2H", "2S", "2H", "2S", "2C", "JK", "JK"], ["QH", "QS", "QD", "2D"]],
              "red_threes": ["3D", "3D"], "hand": ["3C", "AS"]},
    }
    # A: mixed sequence canasta (JK for 6D) 1000 + 4D 5D 7D 15 + 50 + 8D 9D TD 30 = 1095; natural sequence
    #    canasta 5S-JS 1500 + 15 + 40 = 1555; red three 100 (2 canastas); going out 200.  2950
    # B: wild canasta 2000 + 5x20 + 2x50 = 2200; QH QS QD 2D 50; two red threes, 1 canasta: -200;
    #    hand 3C 5 + AS 20 = -25.  2200 + 50 - 200 - 25 = 2025
    out = scored("hollywood", deal)
    check(out["deals"][0]["A"], 2950, canastas=2500, sequence_canastas=2, mixed_sequence_canastas=1,
          red_threes=100, going_out=200, melded_cards=150)
    check(out["deals"][0]["B"], 2025, canastas=2000, wild_canastas=1, red_threes=-200, hand_cards=-25)
    assert "has 2 natural card(s); a meld needs at least 3" in refusal(
        "hollywood", {"A": {"melds": [["KH", "KS", "2C", "2D"]]}, "B": {}})
    assert "has 8 cards; a meld holds at most 7" in refusal(
        "hollywood", {"A": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD", "KC"]]}, "B": {}})


def test_italian_premiums_and_canastas_of_twos() -> None:
    deal = {
        "A": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"], ["QC", "QD", "QH", "QS", "QC", "QD", "QH"],
                        ["JC", "JD", "JH", "JS", "JC", "JD", "JH"], ["TC", "TD", "TH", "TS", "TC", "TD", "TH"],
                        ["4H", "5H", "6H", "7H", "8H", "9H", "TH"], ["2C", "2D", "2H", "2S", "2C", "2D", "2H"]],
              "red_threes": ["3H", "3D", "3H", "3D"], "went_out": True},
        "B": {"melds": [["2S", "2C", "2D", "2H", "2S", "JK", "JK"], ["AH", "AS", "AD", "AC", "AH", "AS", "JK"]],
              "red_threes": ["3D", "3H"], "hand": ["9C", "3S"]},
    }
    # A: four natural canastas 4 x (500 + 70) = 2280; sequence canasta 4H-TH 1500 + 20 + 30 = 1550 (natural);
    #    5 natural canastas: premiums 1000 (5 canastas) + 1000 (all 5 natural) = 2000; seven twos, side went out:
    #    3000 + 140 (not counted in the premiums); four red threes 4 x 200 = 800; going out 300.
    #    2280 + 1550 + 2000 + 3140 + 800 + 300 = 10070
    # B: twos with jokers, side did not go out: card values only 5 x 20 + 2 x 50 = 200; mixed aces 300 + 120 + 50
    #    = 470; the canasta of twos does not count, so 1 canasta < 2: two red threes -200; hand 9C 10 + 3S 5.
    #    200 + 470 - 200 - 15 = 455
    out = scored("italian", deal)
    check(out["deals"][0]["A"], 10070, canastas=6500, premiums=2000, wild_canastas=1, sequence_canastas=1,
          red_threes=800, going_out=300, melded_cards=470)
    check(out["deals"][0]["B"], 455, canastas=300, premiums=0, wild_canastas=1, red_threes=-200,
          melded_cards=370, hand_cards=-15)


def test_italian_refusals() -> None:
    assert "has 3 wild cards; at most 2 are allowed" in refusal(
        "italian", {"A": {"melds": [["KH", "KS", "2C", "2D", "JK"]]}, "B": {}})
    assert refusal("italian", {"A": {"melds": [["JK", "JK", "JK"]]}, "B": {}}) == (
        "deal 1, side A: meld [JK JK JK] is made only of wild cards, which these rules forbid (§1.5); a meld of "
        "twos needs at least 2 twos (§3.2)")
    assert "has 3 jokers; a meld of twos takes at most 2" in refusal(
        "italian", {"A": {"melds": [["2C", "2D", "JK", "JK", "JK"]]}, "B": {}})


# ---------------------------------------------------------------------------------- Cuban, Mexican, Uruguay, Free

def test_cuban_wild_canastas_red_threes_black_threes_removed() -> None:
    deal1 = {
        "A": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"], ["JK", "JK", "JK", "JK", "2C", "2D", "2H"]],
              "red_threes": ["3H", "3D"], "black_threes_removed": ["3C", "3S", "3C", "3S"],
              "went_out": True, "concealed": True},
        "B": {"melds": [["QC", "QD", "QH", "2S"]], "red_threes": ["3H"], "hand": ["AS", "5D"]},
    }
    # A: natural kings 570; four jokers and three twos 3000 + 200 + 60 = 3260; two red threes 300 (Cuban table);
    #    all four black threes removed 100; going out 100; concealed: no bonus.  570 + 3260 + 300 + 100 + 100 = 4330
    # B: QC QD QH 2S 50; one red three, no canasta: -100; hand -25.  -75
    deal2 = {
        "A": {"melds": [["AH", "AS", "AD", "AC", "2S", "JK", "JK"]], "hand": ["JK", "3S", "7C"]},
        "B": {"melds": [["2C", "2D", "2H", "2S", "2C", "2D", "2H"]], "red_threes": ["3H", "3D", "3H", "3D"],
              "black_threes_removed": ["3C"], "went_out": True},
    }
    # A: mixed aces 300 + 80 + 20 + 100 = 500; hand JK 50 + 3S 5 + 7C 5 = -60.  440
    # B: seven twos 4000 + 140; all four red threes 1000 (a canasta); one black three removed 5; going out 100.
    #    4140 + 1000 + 5 + 100 = 5245
    deal3 = {"A": {"melds": [["JK", "JK", "JK", "2C", "2D", "2H", "2S"]], "went_out": True}, "B": {}}
    # A: another wild canasta 2000 + 150 + 80 = 2230; going out 100.  2330
    out = scored("cuban", deal1, deal2, deal3)
    check(out["deals"][0]["A"], 4330, canastas=3500, wild_canastas=1, red_threes=300, black_threes=100,
          going_out=100, concealed=0)
    check(out["deals"][0]["B"], -75, red_threes=-100, black_threes=0)
    check(out["deals"][1]["A"], 440, canastas=300, hand_cards=-60)
    check(out["deals"][1]["B"], 5245, canastas=4000, red_threes=1000, black_threes=5)
    check(out["deals"][2]["A"], 2330, canastas=2000)
    # totals A 4330 + 440 + 2330 = 7100, B -75 + 5245 = 5170: nobody at 7500; 150 from 5000 (Cuban)
    assert out["totals"] == {"A": 7100, "B": 5170}
    assert out["next_minimum"] == {"A": 150, "B": 150}
    assert out["winner"] is None
    assert "has 8 cards; a meld holds at most 7" in refusal(
        "cuban", {"A": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD", "KC"]]}, "B": {}})
    assert "black_threes_removed is only for variants where black threes leave play" in refusal(
        "classic", {"A": {"black_threes_removed": ["3C"]}, "B": {}})


def test_mexican_sevens_canasta_and_red_threes_to_go_out() -> None:
    deal = {
        "A": {"melds": [["7C", "7D", "7H", "7S", "7C", "7D", "2C"], ["KC", "KD", "KH", "KS", "KC", "KD", "KH"]],
              "red_threes": ["3H", "3D"], "went_out": True},
        "B": {"melds": [["AH", "AS", "AD", "AC", "AH", "AS", "AD"]], "red_threes": ["3H", "3D", "3H", "3D"],
              "hand": ["7C", "3S"]},
    }
    # A: mixed canasta of sevens 1000 + 30 + 20 = 1050; natural kings 570; two red threes 200; going out 100.  1920
    # B: natural aces 500 + 140; four red threes 800; hand 7C 5 + 3S 5 = -10.  1430
    out = scored("mexican", deal)
    check(out["deals"][0]["A"], 1920, canastas=1500, red_threes=200, going_out=100, melded_cards=120)
    check(out["deals"][0]["B"], 1430, canastas=500, red_threes=800, hand_cards=-10)
    short = {"A": {**deal["A"], "red_threes": ["3H"]}, "B": deal["B"]}
    assert refusal("mexican", short) == "deal 1, side A went out with 1 red three(s); going out needs 2 (§3.2)"
    five = {"A": {"melds": [["9H", "9S", "9D"]], "red_threes": ["3H", "3H", "3H", "3D", "3D"]}, "B": {}}
    # five red threes with 162 cards: 800 + 100 = 900; nines 30.  930
    check(scored("mexican", five)["deals"][0]["A"], 930, red_threes=900)


def test_uruguay_wild_canasta() -> None:
    deal = {
        "A": {"melds": [["2C", "2D", "2H", "2S", "JK", "JK", "JK"], ["9C", "9D", "9H"]],
              "red_threes": ["3H", "3D"], "went_out": True, "concealed": True},
        "B": {"melds": [["JK", "2C", "2D"]], "red_threes": ["3H"], "hand": ["3S"]},
    }
    # A: wild canasta 2000 + 80 + 150 = 2230; nines 30; two red threes 200; going out 100 + concealed 100.  2660
    # B: meld of wild cards 90 (not a canasta); red three 100 (B melded); hand 3S -5.  185
    out = scored("uruguay", deal)
    check(out["deals"][0]["A"], 2660, canastas=2000, wild_canastas=1, red_threes=200, going_out=100, concealed=100)
    check(out["deals"][0]["B"], 185, red_threes=100, melded_cards=90, hand_cards=-5)
    assert "has 8 wild cards; a meld of wild cards holds at most 7" in refusal(
        "uruguay", {"A": {"melds": [["2C", "2D", "2H", "2S", "JK", "JK", "JK", "JK"]]}, "B": {}})


def test_free_canasta_mixed_by_wild_cards_and_free_canasta() -> None:
    deal1 = {
        "A": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "2C"], ["QC", "QD", "QH", "QS", "QC", "2D", "JK"],
                        ["JC", "JD", "JH", "2H", "2S", "JK"]],
              "red_threes": ["3H"], "went_out": True},
        "B": {"melds": [["8C", "8D", "8H", "8S", "2C", "2D", "JK"]], "red_threes": ["3D"], "hand": ["4C"]},
    }
    # A: mixed kings, 1 wild card: 400 + 60 + 20 = 480; mixed queens, 2 wild cards: 300 + 50 + 20 + 50 = 420;
    #    JC JD JH 2H 2S JK (6 cards) 30 + 40 + 50 = 120; red three 100; going out 100.  1220
    # B: mixed eights, 3 wild cards: 200 + 40 + 40 + 50 = 330; red three 100; hand -5.  425
    deal2 = {
        "A": {"melds": [["2C", "2D", "2H", "2S", "2C", "2D", "JK"], ["5C", "5D", "5H", "5S", "5C", "5D", "5H"]],
              "went_out": True},
        "B": {},
    }
    # A: free canasta 1000 + 120 + 50 = 1170; natural fives 500 + 35 = 535; going out 100.  1805
    out = scored("free-canasta", deal1, deal2)
    check(out["deals"][0]["A"], 1220, canastas=700, mixed_canastas=2, melded_cards=320)
    check(out["deals"][0]["B"], 425, canastas=200, melded_cards=130)
    check(out["deals"][1]["A"], 1805, canastas=1500, wild_canastas=1, natural_canastas=1)
    assert out["totals"] == {"A": 3025, "B": 425}


# ---------------------------------------------------------------------------------- Spanish

def test_spanish_premiums_concealed_scale_penalties() -> None:
    five = [[r + s for s in "CDHSCDH"] for r in "KJT9"] + [["QC", "QD", "QH", "QS", "QC", "QD", "2C"]]
    deal1 = {
        "A": {"melds": [*five, ["3C", "3S", "3C", "3S"]], "red_threes": ["3H", "3D"],
              "went_out": True, "concealed": True, "concealed_kind": "later_with_partner"},
        "B": {"melds": [["AH", "AS", "AD"]], "red_threes": ["3H"], "hand": ["8C", "8D"], "ask_failed": 1,
              "penalties": 50},
    }
    # A: four natural canastas 4 x 500 + 4 x 70 = 2280; mixed queens 300 + 60 + 20 = 380; four black threes
    #    melded going out 20 and premium 500; Canastrón (5 canastas) 500; two red threes 200 (a canasta);
    #    concealed "en el curso del juego" using the partner's melds: 200 = going out 100 + concealed 100.
    #    2280 + 380 + 20 + 1000 + 200 + 200 = 4080
    # B: aces 60; red three without a canasta -100; asked and could not go out -100; entered penalty -50;
    #    hand -20.  60 - 100 - 150 - 20 = -210
    deal2 = {
        "A": {"hand": ["3C", "3S", "3C", "3S"], "four_black_threes_held": True},
        "B": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"]], "went_out": True, "concealed": True,
              "concealed_kind": "first_turn"},
    }
    # A: hand 4 x 5 = -20; four black threes held -500.  -520
    # B: natural kings 570; concealed "de mano" alone 1000 = going out 100 + concealed 900.  1570
    seven = [[r + s for s in "CDHSCDH"] for r in "KQJT987"]
    deal3 = {"A": {"melds": seven, "went_out": True}, "B": {}}
    # A: seven natural canastas 7 x 500 + 6 x 70 + 35 = 3955; Canasta de canastas 2000 (not also Canastrón,
    #    decision on docs/variants/spanish.md); going out 100.  6055
    out = scored("spanish", deal1, deal2, deal3)
    check(out["deals"][0]["A"], 4080, canastas=2300, premiums=1000, red_threes=200, going_out=100, concealed=100,
          melded_cards=380)
    check(out["deals"][0]["B"], -210, red_threes=-100, penalties=-150, hand_cards=-20)
    check(out["deals"][1]["A"], -520, hand_cards=-20, penalties=-500)
    check(out["deals"][1]["B"], 1570, going_out=100, concealed=900)
    check(out["deals"][2]["A"], 6055, canastas=3500, premiums=2000, melded_cards=455)
    # A: 4080 - 520 + 6055 = 9615 >= 5000 wins; B: -210 + 1570 = 1360
    assert out["totals"] == {"A": 9615, "B": 1360}
    assert out["winner"] == "A"


# ---------------------------------------------------------------------------------- escalator, pennies

def test_escalator_sevens_escalator_six_red_threes_black_three_set() -> None:
    deal1 = {
        "A": {"melds": [["4H", "5H", "6H", "7H", "8H", "9H", "TH"], ["7C", "7D", "7S", "7C", "7D", "7S", "7C"],
                        ["3C", "3S", "3C"]],
              "red_threes": ["3H", "3H", "3H", "3D", "3D", "3D"], "hand": ["7H", "9C"]},
        "B": {"melds": [["2C", "2D", "2H", "2S", "JK", "JK", "2C"]], "hand": ["3S", "3C"]},
    }
    # A: escalator 500 + 20 + 30 = 550; natural canasta of sevens 1500 + 35 = 1535; a set of black threes (no
    #    going out in this game) 15; all six red threes with an escalator 2000; hand: a seven -500, 9C -10.
    #    550 + 1535 + 15 + 2000 - 510 = 3590
    # B: Bolivia 2000 + 5 x 20 + 2 x 50 = 2200; hand two black threes -200 each.  1800
    deal2 = {
        "A": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"]], "red_threes": ["3H", "3H", "3H", "3D", "3D", "3D"],
              "hand": ["7C"]},
        "B": {"melds": [["7H", "7S", "7D", "7C", "7H", "7S", "2C"]], "hand": ["AS"]},
    }
    # A: natural kings 570; six red threes without a Bolivia, an escalator or natural sevens: 6 x 100 = 600;
    #    a seven in hand -500.  670
    # B: mixed canasta of sevens 1000 + 30 + 20 = 1050; hand AS -20.  1030
    out = scored("escalator", deal1, deal2)
    check(out["deals"][0]["A"], 3590, canastas=2000, sequence_canastas=1, red_threes=2000, going_out=0,
          melded_cards=100, hand_cards=-510)
    check(out["deals"][0]["B"], 1800, canastas=2000, wild_canastas=1, hand_cards=-400)
    check(out["deals"][1]["A"], 670, red_threes=600, hand_cards=-500)
    check(out["deals"][1]["B"], 1030, canastas=1000, mixed_canastas=1)
    assert "nobody goes out in this variant" in refusal("escalator", {**deal2, "B": {**deal2["B"], "went_out": True}})
    assert "is a sequence of 5 cards; sequences hold 7 to 7 cards" in refusal(
        "escalator", {"A": {"melds": [["4H", "5H", "6H", "7H", "8H"]]}, "B": {}})


def test_pennies_from_heaven_four_kinds_and_red_threes() -> None:
    deal1 = {
        "A": {"melds": [["7C", "7D", "7H", "7S", "7C", "7D", "7H"], ["JK", "JK", "2C", "2D", "2H", "2S", "2C"],
                        ["KC", "KD", "KH", "KS", "KC", "KD", "KH"], ["QC", "QD", "QH", "QS", "QC", "2D", "JK"]],
              "red_threes": ["3H", "3H", "3H", "3H", "3D", "3D", "3D", "3D"], "went_out": True},
        "B": {"melds": [["AH", "AS", "AD", "AC", "AH", "AS", "AD"]], "hand": ["7S", "3C"]},
    }
    # A: canasta of sevens 1500 + 35 = 1535; wild canasta 1000 + 2 x 50 + 5 x 20 = 1200; natural kings 570;
    #    mixed queens 300 + 50 + 20 + 50 = 420; all eight red threes 1000 (a canasta of sevens); going out 100.
    #    1535 + 1200 + 570 + 420 + 1000 + 100 = 4825
    # B: natural aces 640; hand 7S 5 + 3C 5 = -10.  630
    deal2 = {
        "A": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"]], "red_threes": ["3H", "3D", "3H"]},
        "B": {"melds": [["7C", "7D", "7H", "7S", "7C", "2C", "JK"]], "red_threes": ["3D"]},
    }
    # A: natural kings 570; three red threes without a canasta of sevens: -300.  270
    # B: mixed canasta of sevens 1500 + 25 + 20 + 50 = 1595; red three 100.  1695
    out = scored("pennies-from-heaven", deal1, deal2)
    check(out["deals"][0]["A"], 4825, canastas=3300, wild_canastas=1, red_threes=1000, going_out=100)
    check(out["deals"][0]["B"], 630, canastas=500, hand_cards=-10)
    check(out["deals"][1]["A"], 270, red_threes=-300)
    check(out["deals"][1]["B"], 1695, canastas=1500, mixed_canastas=1, red_threes=100)
    no_wild = {"A": {**deal1["A"], "melds": [m for k, m in enumerate(deal1["A"]["melds"]) if k != 1]}, "B": {}}
    assert refusal("pennies-from-heaven", no_wild) == ("deal 1, side A went out with 3 canasta(s); going out "
                                                       "needs 4 (§1.9)")


# ---------------------------------------------------------------------------------- Romanian tiles

def test_romanian_tiles_aces_beyond_seven_no_canasta() -> None:
    deal1 = {
        "A": {"melds": [["AH", "AS", "AD", "AC", "AH", "AS", "AD"],
                        ["KC", "KD", "KH", "KS", "KC", "KD", "KH", "2C", "JK"]],
              "red_threes": ["3H", "3D"], "went_out": True},
        "B": {"melds": [["QC", "QD", "QH", "2D"]], "red_threes": ["3H"], "hand": ["3C", "9D"]},
    }
    # A: natural ace canasta 1000 + 7 x 25 = 1175; mixed kings of 9 tiles: the seven highest JK 50 + 2C 20 +
    #    five kings 50 = 120, the two beyond seven 50 in all: 170, bonus 300: 470; two red threes 200; going out
    #    100.  1175 + 470 + 200 + 100 = 1945
    # B: opened without a canasta: melds count against, -(30 + 20) = -50; hand black three -100, 9D -10;
    #    red three stays positive 100.  -50 - 110 + 100 = -60
    deal2 = {
        "A": {"melds": [["JK", "JK", "2C", "2D", "2H", "2S", "2C"], ["AH", "AS", "AD", "AC", "2D", "2H", "2S"]],
              "went_out": True},
        "B": {"red_threes": ["3D"], "hand": ["3C", "3S", "3C", "3S", "5H"]},
    }
    # A: joly canasta 2000 + 100 + 100 = 2200; mixed aces 500 + 100 + 60 = 660; going out 100.  2960
    # B: never opened: the rack counts twice: all four black threes 1600 + 5H 5 = 1605, x 2 = -3210;
    #    red three 100.  -3110
    out = scored("romanian-tiles", deal1, deal2)
    check(out["deals"][0]["A"], 1945, canastas=1300, red_threes=200, going_out=100, melded_cards=345)
    check(out["deals"][0]["B"], -60, melded_cards=-50, hand_cards=-110, red_threes=100)
    check(out["deals"][1]["A"], 2960, canastas=2500, wild_canastas=1, melded_cards=360)
    check(out["deals"][1]["B"], -3110, hand_cards=-3210, red_threes=100)


def test_romanian_tiles_black_threes_out_of_play_and_the_win() -> None:
    deal = {
        "A": {"black_threes_removed": ["3C", "3S", "3C", "3S"], "hand": ["KH"]},
        "B": {"melds": [["KC", "KD", "KS", "KC", "KD", "KS", "KH"], ["QC", "QD", "QH", "QS", "QC", "QD", "QH"]],
              "went_out": True},
    }
    # A: the four black threes out of play score 0; no meld: never opened, the rack twice: -20.  -20
    # B: two natural canastas 2 x 570 = 1140; going out 100.  1240
    out = scored("romanian-tiles(target=1000)", deal)
    check(out["deals"][0]["A"], -20, hand_cards=-20)
    check(out["deals"][0]["B"], 1240)
    assert out["winner"] == "B"
    # the side at the target must have gone out in the last deal (§3.4, S2 l.53-56)
    deal2 = {
        "A": {"melds": [["4C", "4D", "4H", "4S", "4C", "4D", "2C"], ["5C", "5D", "5H", "5S", "5C", "5D", "2D"]],
              "went_out": True},
        "B": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"], ["QC", "QD", "QH", "QS", "QC", "QD", "QH"],
                        ["AH", "AS", "AD", "AC", "AH", "AS", "AD"]]},
    }
    # A: two mixed canastas 2 x (300 + 30 + 20) = 700; going out 100.  800
    # B: natural kings 570, queens 570, aces 1175.  2315: at the target 2000, but B did not go out: no winner
    out = scored("romanian-tiles(target=2000)", deal2)
    assert out["totals"] == {"A": 800, "B": 2315}
    assert out["winner"] is None


# ---------------------------------------------------------------------------------- command line

def test_cli_scores_a_variant_sheet(tmp_path: Path) -> None:
    path = tmp_path / "samba.json"
    path.write_text(json.dumps({"variant": "samba", "deals": [SAMBA_DEAL]}), encoding="utf-8")
    res = CliRunner().invoke(app, ["score", str(path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["totals"] == {"A": 3070, "B": -185}
    assert out["deals"][0]["A"]["breakdown"]["sequence_canastas"] == 1


def test_web_quick_entry_stand_ins_are_one_meld_per_rank() -> None:
    from canasta.rules.fields import Rules
    from canasta.web.sheet import SheetError, score_entry

    rules = Rules.parse("mexican")
    quick = {"mode": "quick", "natural_canastas": 2, "mixed_canastas": 1, "red_threes": 2, "went_out": True,
             "meld_points": 250}
    # three canastas of plain ranks (never sevens): 500 + 500 + 300; two red threes 200; going out 100;
    # cards 250.  1850
    out = score_entry(rules, ["A", "B"], {"A": quick, "B": {"mode": "quick"}})
    assert out["A"]["score"] == 1850
    with pytest.raises(SheetError, match="at most 9 canastas can be entered quickly in mexican"):
        score_entry(rules, ["A", "B"], {"A": dict(quick, natural_canastas=10), "B": {"mode": "quick"}})
