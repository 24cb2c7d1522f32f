"""The score keeper's quick entry by counts (canasta.formats.score_quick; docs/formats.md "Quick entry"): Hand and
Foot scored by books and counts as at the table, checked against RULES_AMERICAN.md §C.2 (HF-1, HF-2, HF-3) through
``canasta score --json``, and against the full-card scoring of random engine deals."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.cards.deck import card_str, is_red_three
from canasta.cli.main import app
from canasta.engine.deal import Deal
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import hand_value
from canasta.scoring.sides import SideResult

HF2 = ("hand-and-foot(red3_hand_penalty=0,wild_melds=true,wild_canasta_bonus=1500,"
       "going_out_canastas=natural/natural/mixed/mixed/wild,canastas_to_go_out=5)")
"""HF-2's options: red threes laid out for a bonus, wild books of 1500, the contract 2 clean, 2 dirty, 1 wild."""


def score_json(tmp_path: Path, sheet: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    res = CliRunner().invoke(app, ["score", "--json", str(path)])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)  # type: ignore[no-any-return]


def quick(**fields: Any) -> dict[str, Any]:
    return {"mode": "quick", **fields}


def test_hf1_by_books_and_counts(tmp_path: Path) -> None:
    """HF-1: A went out with 2 clean and 2 dirty books, 400 melded, 20 left; B 1 clean, 1 dirty, 215 melded,
    170 left (B1's hand and foot, B2's hand) and a red three in B1's foot."""
    out = score_json(tmp_path, {"variant": "hand-and-foot", "deals": [{
        "A": quick(natural_canastas=2, mixed_canastas=2, meld_points=400, hand_points=20, went_out=True),
        "B": quick(natural_canastas=1, mixed_canastas=1, meld_points=215, hand_points=20 + 125 + 25,
                   red_threes_held=1)}]})
    assert out["deals"][0]["A"]["score"] == 2080 and out["deals"][0]["B"]["score"] == 345
    assert out["deals"][0]["A"]["breakdown"]["canastas"] == 1600
    assert out["deals"][0]["B"]["breakdown"]["hand_cards"] == -670


def test_hf2_red_threes_laid_out_and_a_wild_book(tmp_path: Path) -> None:
    out = score_json(tmp_path, {"variant": HF2, "deals": [{
        "A": quick(natural_canastas=2, mixed_canastas=2, wild_canastas=1, red_threes=3, meld_points=610,
                   hand_points=20, went_out=True),
        "B": quick(natural_canastas=1, red_threes=1, meld_points=70 + 35 + 15, hand_points=10 + 90 + 70)}]})
    assert out["deals"][0]["A"]["score"] == 4090 and out["deals"][0]["B"]["score"] == 550


def test_hf3_nobody_goes_out_and_a_side_never_went_down(tmp_path: Path) -> None:
    """HF-3's card counts (its 13-card hands and five-point scale only change the counts, entered as such)."""
    out = score_json(tmp_path, {"variant": "hand-and-foot", "deals": [{
        "A": quick(natural_canastas=1, mixed_canastas=1, meld_points=35 + 120 + 15, hand_points=10 + 20 + 160,
                   red_threes_held=1),
        "B": quick(hand_points=40 + 80 + 90, red_threes_held=1)}]})
    assert out["deals"][0]["A"]["score"] == 280 and out["deals"][0]["B"]["score"] == -710
    assert out["deals"][0]["A"]["breakdown"]["going_out"] == 0 == out["deals"][0]["B"]["breakdown"]["going_out"]


def test_quick_and_card_entries_mix_in_one_sheet(tmp_path: Path) -> None:
    """HF-1 with side A by its cards and side B by counts: the same scores."""
    a = {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["8H", "8S", "8D", "8C", "8H", "8S", "8D"],
                   ["QH", "QS", "QD", "QC", "QH", "2C", "2D"], ["6H", "6S", "6D", "6C", "JK", "2H", "2S"],
                   ["AH", "AS", "AD"]], "hand": ["9H", "4C", "3S"], "went_out": True, "mode": "melds"}
    out = score_json(tmp_path, {"variant": "hand-and-foot", "deals": [{
        "A": a, "B": quick(natural_canastas=1, mixed_canastas=1, meld_points=215, hand_points=170,
                           red_threes_held=1)}]})
    assert (out["deals"][0]["A"]["score"], out["deals"][0]["B"]["score"]) == (2080, 345)


@pytest.mark.parametrize(("side", "message"), [
    (quick(natural_canastas=1, mixed_canastas=1, went_out=True), "going out needs 4"),
    (quick(natural_canastas=4, went_out=True), "without a mixed canasta"),
    (quick(natural_canastas="2"), "'natural_canastas' must be a whole number from 0 to 50, not the text '2'"),
    (quick(hand_points=-5), "'hand_points' must be a whole number from 0 to 100000, not -5"),
    (quick(red_threes=1), "red threes laid out, but in hand-and-foot they stay in the hand"),
    (quick(books=2), "unknown field 'books' in a quick entry"),
    ({"mode": "fast"}, "'mode' is 'melds' (the default) or 'quick', not 'fast'"),
])
def test_bad_quick_entries_are_refused_in_one_line(side: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoreSheetError) as e:
        score_sheet(parse_sheet({"variant": "hand-and-foot", "deals": [{"A": side, "B": quick()}]}))
    assert message in str(e.value) and "\n" not in str(e.value) and str(e.value).startswith("deal 1")


def test_red_threes_held_only_where_they_stay_in_hands() -> None:
    with pytest.raises(ScoreSheetError, match="red threes are laid out: give them in 'red_threes'"):
        parse_sheet({"variant": "classic", "deals": [{"NS": quick(red_threes_held=1), "EW": quick()}]})


def _counts_of(rules: Rules, side: SideResult, breakdown: dict[str, int]) -> dict[str, Any]:
    """The quick entry a scorer would write for ``side`` (its cards known)."""
    held = [c for c in side.hand if not (rules.red3_hand_penalty and is_red_three(c))]
    return quick(natural_canastas=breakdown["natural_canastas"], mixed_canastas=breakdown["mixed_canastas"],
                 wild_canastas=breakdown["wild_canastas"], red_threes=len(side.red_threes),
                 red_threes_held=len(side.hand) - len(held), melded=bool(side.melds),
                 meld_points=breakdown["melded_cards"], hand_points=hand_value(rules, held),
                 went_out=side.went_out, concealed=side.concealed)


@pytest.mark.parametrize("variant", ["hand-and-foot", "classic"])
def test_quick_entry_scores_as_the_cards_of_random_deals(variant: str) -> None:
    """Random deals played to their end: each side written by counts scores what its cards score."""
    rules = Rules.parse(variant)
    for seed in range(3):
        deal, rng = Deal(rules, seed=seed), random.Random(seed)
        while not deal.over:
            deal.apply(rng.choice(deal.legal_moves()))
        results, scores = deal.side_results(), deal.score()
        cards = {f"S{k}": {"melds": [[card_str(c) for c in m] for m in r.melds],
                           "red_threes": [card_str(c) for c in r.red_threes], "hand": [card_str(c) for c in r.hand],
                           "went_out": r.went_out, "concealed": r.concealed} for k, r in enumerate(results)}
        counts = {f"S{k}": _counts_of(rules, r, scores[k].breakdown) for k, r in enumerate(results)}
        by_cards = score_sheet(parse_sheet({"variant": variant, "deals": [cards]}))
        by_counts = score_sheet(parse_sheet({"variant": variant, "deals": [counts]}))
        assert by_counts.totals == by_cards.totals == {f"S{k}": s.total for k, s in enumerate(scores)}
