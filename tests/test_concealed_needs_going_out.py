"""Defect 7 (issue #13): ``concealed`` requires ``went_out`` for every side shape and every variant.

The score keeper used to accept ``"concealed": true`` on the partner of the cutthroat alliance who did
not go out: the partnership's flags were combined first, so both partners got the concealed bonus.
The flags are now checked on each entry as given (``canasta.scoring.deal_score.score_deal``), before any
combination, and refused in one line naming the side (RULES.md §1.9).
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.rules.fields import Rules, preset_names

KINGS = ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]
EIGHTS = ["8H", "8S", "8D", "8C", "8H", "2C", "2D"]
NINES = ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]


def refusal(variant: str, deal: dict[str, Any]) -> str:
    with pytest.raises(ScoreSheetError) as info:
        score_sheet(parse_sheet({"variant": variant, "deals": [deal]}))
    return str(info.value)


def test_cutthroat_partner_who_did_not_go_out_cannot_be_concealed() -> None:
    """The reported case: Bob went out (not concealed), his partner Cy says concealed -> refused, naming Cy."""
    deal = {
        "Ann": {"melds": [["AH", "AS", "AD"]], "hand": ["9C"], "lone_hand": True},
        "Bob": {"melds": [KINGS], "went_out": True},
        "Cy": {"melds": [EIGHTS], "concealed": True},
    }
    message = refusal("classic(players=3,cutthroat=true)", deal)
    assert message == ("deal 1, side Cy: concealed is set but went_out is not; only the player who went out "
                       "can go out concealed (§1.9)")


def test_cutthroat_partner_who_went_out_concealed_still_scores_it() -> None:
    deal = {
        "Ann": {"melds": [["AH", "AS", "AD"]], "hand": ["9C"], "lone_hand": True},
        "Bob": {"melds": [KINGS, EIGHTS], "went_out": True, "concealed": True},
        "Cy": {},
    }
    result = score_sheet(parse_sheet({"variant": "classic(players=3,cutthroat=true)", "deals": [deal]}))
    assert result.deals[0]["Bob"].breakdown["concealed"] == 100
    assert result.deals[0]["Cy"].breakdown["concealed"] == 100  # the partnership's bonus, shared as before


def test_cutthroat_lone_hand_concealed_without_going_out_is_refused() -> None:
    deal = {"Ann": {"melds": [KINGS], "lone_hand": True, "concealed": True},
            "Bob": {"melds": [EIGHTS], "went_out": True}, "Cy": {}}
    assert "side Ann: concealed is set but went_out is not" in refusal("classic(players=3,cutthroat=true)", deal)


def test_concealed_kind_without_concealed_is_refused_on_the_partner() -> None:
    deal = {"Ann": {"lone_hand": True},
            "Bob": {"melds": [KINGS, EIGHTS], "went_out": True, "concealed": True, "concealed_kind": "later"},
            "Cy": {"concealed_kind": "first_turn"}}
    assert "side Cy: concealed_kind is set but concealed is not" in refusal(
        "spanish(players=3,cutthroat=true)", deal)


SHAPES = [
    ("classic", ["NS", "EW"]),
    ("classic(players=2)", ["Ann", "Bob"]),
    ("classic(players=3)", ["Ann", "Bob", "Cy"]),
    ("classic(players=5)", ["A", "B"]),
    ("classic(players=6)", ["A", "B"]),
    ("classic(players=6,teams=3)", ["A", "B", "C"]),
]


@pytest.mark.parametrize("variant, sides", SHAPES)
@pytest.mark.parametrize("culprit", [0, -1])
def test_every_side_shape_refuses_concealed_without_going_out(variant: str, sides: list[str], culprit: int) -> None:
    """Partnerships of 2 and 3, 2/3/5/6 players: the side marked concealed that did not go out is named."""
    deal: dict[str, Any] = {s: {} for s in sides}
    name = sides[culprit]
    deal[name] = {"melds": [NINES], "concealed": True}
    other = sides[culprit + 1]
    deal[other] = {"melds": [EIGHTS, KINGS], "went_out": True}
    assert f"side {name}: concealed is set but went_out is not" in refusal(variant, deal)


@pytest.mark.parametrize("variant", preset_names())
def test_every_variant_refuses_concealed_without_going_out(variant: str) -> None:
    rules = Rules.parse(variant)
    sides = [f"S{i + 1}" for i in range(rules.teams)]
    deal: dict[str, Any] = {s: {} for s in sides}
    deal[sides[-1]] = {"concealed": True}
    assert f"side {sides[-1]}: concealed is set but went_out is not" in refusal(variant, deal)
