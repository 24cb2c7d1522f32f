"""Scoring rules that look at a meld's kind: a sequence, a meld of one rank (with or without wild cards) or a
meld of wild cards, in every variant that has sequences (issue #13, defect 4).

A meld of one rank holding a two or a joker (``QH QS QD 2D``) and a meld of wild cards hold cards of several
ranks, but they are not sequences (same suit, ranks in a row, RULES.md §3.2): the short-sequence penalty of
Brazilian (§3.2 "a sequence of fewer than 5 cards at the end -1000" [H, R]; S0 "unfinished ladder") charges
only a sequence, the sequence-canasta bonus pays only a sequence, and so on. Checked on score sheets through
the score keeper (``canasta score --json``) and on played deals (the engine's score), which share one scoring
function (DESIGN.md).

Card values (§1.1): joker 50, 2 and A 20, K..8 10, 7..4 5.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.cli.main import app
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, result_json, score_sheet
from canasta.rules.fields import Rules
from helpers import make_deal, play

SEQUENCE_VARIANTS = ["samba", "bolivia", "brazilian", "hollywood", "italian", "chilean", "escalator"]
"""Every preset whose rules have ``sequences`` (grep of rules.py; Mexican and Pennies from Heaven have none)."""


def test_the_list_holds_every_preset_with_sequences() -> None:
    from canasta.rules.fields import preset_names

    assert sorted(n for n in preset_names() if Rules.preset(n).sequences) == sorted(SEQUENCE_VARIANTS)


def scored(variant: str, *deals: dict[str, Any]) -> dict[str, Any]:
    """The ``canasta score --json`` output of a sheet of these deals."""
    return result_json(score_sheet(parse_sheet({"variant": variant, "deals": list(deals)})))


def cli_scored(tmp_path: Path, variant: str, *deals: dict[str, Any]) -> dict[str, Any]:
    """The same, through the command line itself."""
    f = tmp_path / "sheet.json"
    f.write_text(json.dumps({"variant": variant, "deals": list(deals)}))
    res = CliRunner().invoke(app, ["score", str(f), "--json"])
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.output)
    return out


SEQ7 = ["4H", "5H", "6H", "7H", "8H", "9H", "TH"]  # natural sequence canasta: 5 x 4 + 10 x 3 = 50
QUEENS_MIXED = ["QC", "QD", "QH", "QS", "QC", "QD", "2C"]  # mixed canasta of queens, one wild card: 60 + 20 = 80
SHORT_SEQ = ["5S", "6S", "7S"]  # a sequence of 3 (15)
LONGER_SEQ = ["8D", "9D", "TD", "JD", "QD"]  # a sequence of 5 (50): not short in Brazilian
SEQUENCE_BONUS = {"samba": 1500, "bolivia": 1500, "brazilian": 1500, "hollywood": 1500, "italian": 1500,
                  "chilean": 1500, "escalator": 500}
"""Natural sequence canasta (§3.2: Samba 1500 [H, S0, S4]; Hollywood natural 1500 [S4]; Chilean 1500 [S0];
escalator 500 [S4 l.55-69])."""


def _group_with_wild(variant: str) -> list[str]:
    """A meld of kings holding a two, not a canasta: 2 naturals + 1 wild (Hollywood needs 3 naturals)."""
    return ["KH", "KS", "KD", "2D"] if variant == "hollywood" else ["KH", "KS", "2D"]


@pytest.mark.parametrize("variant", SEQUENCE_VARIANTS)
def test_each_kind_of_meld_is_scored_as_its_kind(variant: str) -> None:
    group = _group_with_wild(variant)
    melds = [SEQ7, QUEENS_MIXED, group] + ([] if variant == "escalator" else [SHORT_SEQ])  # escalators: 7 only
    out = scored(variant, {"A": {"melds": melds}, "B": {}})["deals"][0]["A"]
    bd = out["breakdown"]
    assert (bd["natural_canastas"], bd["mixed_canastas"], bd["wild_canastas"], bd["sequence_canastas"]) == (0, 1, 0, 1)
    assert bd["canastas"] == SEQUENCE_BONUS[variant] + 300  # the sequence's bonus, and the mixed canasta's 300
    short = 1000 if variant == "brazilian" else 0  # Brazilian: the 3-card sequence only, never a meld of a rank
    assert bd["penalties"] == -short
    group_value = 50 if variant == "hollywood" else 40
    assert bd["melded_cards"] == 50 + 80 + group_value + (0 if variant == "escalator" else 15)


@pytest.mark.parametrize("variant", ["bolivia", "brazilian", "hollywood", "chilean", "escalator"])
def test_a_meld_of_wild_cards_is_no_sequence(variant: str) -> None:
    """Melds of wild cards (``wild_melds``): ``2H 2S JK`` scores its 90 and is never a short sequence."""
    seq = [] if variant == "escalator" else [LONGER_SEQ]  # escalators are laid down whole (7 cards)
    out = scored(variant, {"A": {"melds": [["2H", "2S", "JK"], *seq]}, "B": {}})["deals"][0]["A"]
    bd = out["breakdown"]
    assert bd["penalties"] == 0
    assert bd["melded_cards"] == 90 + (50 if seq else 0)
    assert bd["sequence_canastas"] == 0 and bd["wild_canastas"] == 0


def test_brazilian_short_sequence_penalty_only_for_sequences(tmp_path: Path) -> None:
    """The sheet of issue #13: a meld of queens with a two (``QH QS QD 2D``), a meld of wild cards, a 4-card
    sequence (charged) and a 5-card one (not charged); the other side's kings with a joker (not charged)."""
    deal = {
        "A": {"melds": [["QH", "QS", "QD", "2D"], ["2C", "2H", "JK"], ["4C", "5C", "6C", "7C"], LONGER_SEQ],
              "hand": ["9S"]},
        "B": {"melds": [["KH", "KS", "KD", "JK"]], "hand": []},
    }
    # A: queens 30 + 20 = 50; wild meld 20 + 20 + 50 = 90; 4C-7C 20, short: -1000; 8D-QD 50; hand -10;
    #    no canasta.  50 + 90 + 20 + 50 - 10 - 1000 = -800
    # B: kings with a joker 30 + 50 = 80, not a sequence: no penalty.  80
    for out in (scored("brazilian", deal), cli_scored(tmp_path, "brazilian", deal)):
        a, b = out["deals"][0]["A"], out["deals"][0]["B"]
        assert a["score"] == -800 and a["breakdown"]["penalties"] == -1000
        assert b["score"] == 80 and b["breakdown"]["penalties"] == 0
        assert out["totals"] == {"A": -800, "B": 80}


def test_brazilian_a_sheet_without_sequences_has_no_penalty(tmp_path: Path) -> None:
    deal = {"A": {"melds": [["QH", "QS", "QD", "2D"], ["AH", "AS", "JK"], ["2C", "2S", "2H", "JK"]]},
            "B": {"melds": [["5H", "5S", "JK", "2C"]]}}
    # A: 30 + 20 = 50; 40 + 50 = 90; 60 + 50 = 110: 250, no penalty.  B: 10 + 70 = 80
    out = cli_scored(tmp_path, "brazilian", deal)
    assert out["totals"] == {"A": 250, "B": 80}
    assert out["deals"][0]["A"]["breakdown"]["penalties"] == 0


def test_chilean_leaves_unfinished_sequences_unpenalised() -> None:
    """Chilean: unfinished sequences are not penalised [S0]; a meld of a rank with a two is a meld."""
    out = scored("chilean", {"A": {"melds": [SHORT_SEQ, ["QH", "QS", "2D"]]}, "B": {}})["deals"][0]["A"]
    assert out["breakdown"]["penalties"] == 0 and out["score"] == 15 + 40


def test_hollywood_mixed_sequence_is_a_sequence_a_meld_with_a_joker_is_not() -> None:
    """Hollywood: a sequence canasta with one wild card 1000, natural 1500 [R, S0, S4]; a meld of queens with
    a joker (3 naturals) is a mixed canasta of queens (300), not a mixed sequence."""
    seq_wild = ["4H", "5H", "JK", "7H", "8H", "9H", "TH"]  # 5 x 4 + 10 x 2 + 50 = 90
    queens = ["QC", "QD", "QH", "QS", "QC", "QD", "JK"]  # 60 + 50 = 110
    out = scored("hollywood", {"A": {"melds": [seq_wild, queens, SEQ7], "went_out": True}, "B": {}})
    bd = out["deals"][0]["A"]["breakdown"]
    assert bd["canastas"] == 1000 + 300 + 1500
    assert (bd["sequence_canastas"], bd["mixed_sequence_canastas"], bd["mixed_canastas"]) == (2, 1, 1)


def test_bolivia_going_out_needs_a_sequence_canasta_not_a_meld_with_a_wild_card() -> None:
    """Bolivia: 2 canastas, at least one an escalera [H]; a canasta of queens with a two is no escalera."""
    wild7 = ["2C", "2D", "2H", "2S", "JK", "JK", "2C"]
    with pytest.raises(ScoreSheetError, match="sequence canasta"):
        scored("bolivia", {"A": {"melds": [QUEENS_MIXED, wild7], "went_out": True}, "B": {}})
    out = scored("bolivia", {"A": {"melds": [QUEENS_MIXED, SEQ7], "went_out": True}, "B": {}})
    assert out["deals"][0]["A"]["breakdown"]["sequence_canastas"] == 1


def test_escalator_six_red_threes_need_a_wild_sequence_or_natural_sevens_canasta() -> None:
    """Escalator (§3.5, S4 l.55): six red threes 2000 with a Bolivia, an escalator or a natural canasta of
    sevens; with only a mixed canasta (a meld of a rank holding a two) 100 each."""
    reds = ["3H", "3D", "3H", "3D", "3H", "3D"]
    mixed = scored("escalator", {"A": {"melds": [QUEENS_MIXED], "red_threes": reds}, "B": {}})
    assert mixed["deals"][0]["A"]["breakdown"]["red_threes"] == 600
    esc = scored("escalator", {"A": {"melds": [SEQ7], "red_threes": reds}, "B": {}})
    assert esc["deals"][0]["A"]["breakdown"]["red_threes"] == 2000


def test_italian_a_meld_of_twos_is_not_a_sequence_and_its_canasta_does_not_go_out() -> None:
    """Italian: twos may form their own meld; a canasta of twos does not count for going out [R, S0, S4]."""
    twos7 = ["2C", "2D", "2H", "2S", "2C", "2D", "2H"]
    with pytest.raises(ScoreSheetError, match="canasta"):
        scored("italian", {"A": {"melds": [twos7, SEQ7], "went_out": True}, "B": {}})
    out = scored("italian", {"A": {"melds": [["2C", "2D", "JK"], SHORT_SEQ]}, "B": {}})
    bd = out["deals"][0]["A"]["breakdown"]
    assert bd["penalties"] == 0 and bd["melded_cards"] == 90 + 15


# ------------------------------------------------------------------ played deals (the engine's score)

BRAZILIAN = Rules.preset("brazilian")
SEQ7_D = "4D 5D 6D 7D 8D 9D TD"
KINGS7 = "KC KD KH KS KC KD KH"


@pytest.mark.parametrize(("last", "stock", "meld", "penalty"), [
    ("QH", "QS 2D", "meld QH QS 2D", 0),  # a meld of queens holding a two: no sequence
    ("2C", "2D JK", "meld 2C 2D JK", 0),  # a meld of wild cards: no sequence
    ("4H", "5H 6H", "meld 4H 5H 6H", 1000),  # a 3-card sequence: charged
])
def test_brazilian_played_deal_charges_only_short_sequences(last: str, stock: str, meld: str, penalty: int) -> None:
    d = make_deal(BRAZILIAN, [SEQ7_D + " " + KINGS7 + " " + last], stock=stock)
    play(d, "draw", "meld " + SEQ7_D, "meld " + KINGS7, "ask", "yes", meld)
    assert d.over
    assert d.score()[0].breakdown["penalties"] == -penalty
