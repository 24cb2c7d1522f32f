"""The one field ``min_meld_canasta_from`` for "from a score on, the initial meld must hold a canasta"
(RULES.md §3.2 Brazilian, §3.4 Romanian tiles; docs/variants/README.md).

The tile game lets that canasta replace the minimum count (``opening_canasta_waives_minimum``); Brazilian asks
it on top of the count (the field false, with ``no_pile_for_initial_meld``). The presets' own behaviour is in
tests/test_variant_brazilian.py and tests/test_variant_romanian_tiles.py; here: the shared reading.
"""

from __future__ import annotations

import pytest

from canasta.engine.constraints.canasta_in_opening import required_kind
from canasta.engine.constraints.initial_meld import (
    added_requirement,
    count_requirement,
    meld_opens,
    opening_met,
    opening_need,
)
from canasta.moves.notation import WILD_TARGET
from canasta.rules.fields import Rules, RulesError
from helpers import make_deal, play

BRAZILIAN = Rules.preset("brazilian")
TILES = Rules.preset("romanian-tiles")
KING = 11
HAND = "KC KD KH KS KC KD KH AC AD AH AS QC QD QH JC"


def test_one_field_two_presets() -> None:
    assert BRAZILIAN.min_meld_canasta_from == ((7000, "canasta"), (9000, "natural_canasta"))
    assert TILES.min_meld_canasta_from == ((5000, "canasta"),)
    assert BRAZILIAN.spec() == "brazilian" and Rules.parse(BRAZILIAN.spec()) == BRAZILIAN
    # on top of the count (Brazilian) or instead of it (tiles): the same lookup, read by the other field
    assert [required_kind(BRAZILIAN, s) for s in (6995, 7000, 9000)] == [0, 1, 2]
    assert [count_requirement(BRAZILIAN, s) for s in (6995, 7000, 9000)] == ["", "", ""]
    assert [required_kind(TILES, s) for s in (4995, 5000)] == [0, 0]
    assert [count_requirement(TILES, s) for s in (4995, 5000)] == ["", "canasta"]


def test_a_canasta_on_top_of_the_count_needs_the_pile_closed_and_wild_cards_allowed() -> None:
    with pytest.raises(RulesError, match="needs no_pile_for_initial_meld"):
        Rules.parse("romanian-tiles(opening_canasta_waives_minimum=false)")
    with pytest.raises(RulesError, match="min_meld_no_wild_below at most"):
        Rules.parse("brazilian(min_meld_no_wild_below=8000)")
    r = Rules.parse("romanian-tiles(opening_canasta_waives_minimum=false,no_pile_for_initial_meld=true)")
    assert required_kind(r, 5000) == 1 and count_requirement(r, 5000) == ""


def test_opening_met_reads_the_waiver() -> None:
    kings = (KING, 0, 7)
    mixed = (KING, 1, 7)
    # on top of the count: the count and the canasta asked
    assert not opening_met(BRAZILIAN, 7000, 200, 120, [(KING, 0, 3)])
    assert not opening_met(BRAZILIAN, 7000, 100, 120, [kings])
    assert opening_met(BRAZILIAN, 7000, 120, 120, [kings])
    assert not opening_met(BRAZILIAN, 9000, 150, 120, [mixed])
    assert opening_met(BRAZILIAN, 9000, 150, 120, [mixed, kings])
    assert not meld_opens(BRAZILIAN, "canasta", KING, 0, True)
    # instead of the count: the canasta alone, and nothing else
    assert opening_met(TILES, 5000, 70, 120, [kings])
    assert not opening_met(TILES, 5000, 500, 120, [(KING, 0, 6)])
    assert meld_opens(TILES, "", WILD_TARGET, 7, False)  # a meld of wild cards waives the count


def test_brazilian_with_the_waiver_opens_with_the_canasta_alone() -> None:
    plain = make_deal(BRAZILIAN, [HAND], stock="5S 6S", scores=[7500, 0])
    play(plain, "draw", "meld KC KD KH KS KC KD KH")
    assert plain.open_total == 70 and not plain.opened[0]  # 120 needed besides the canasta
    # (the waiver with Brazilian's sequences is refused: the opening plans with sequences do not know it,
    # docs/variants/README.md "Options across variants")
    waived = make_deal("brazilian(opening_canasta_waives_minimum=true,sequences=false)", [HAND], stock="5S 6S",
                       scores=[7500, 0])
    play(waived, "draw", "meld KC KD KH KS KC KD KH")
    assert waived.opened[0]


def test_the_needed_line_names_the_canasta_on_top_of_the_count_or_instead_of_it() -> None:
    assert [added_requirement(BRAZILIAN, s) for s in (6995, 7000, 9000)] == ["", "canasta", "natural_canasta"]
    assert [added_requirement(TILES, s) for s in (4995, 5000)] == ["", ""]
    assert opening_need(BRAZILIAN, 6995, 120) == "120 needed"
    assert opening_need(BRAZILIAN, 7000, 120) == "120 needed, with a canasta"
    assert opening_need(BRAZILIAN, 8000, 200) == "200 needed, with a canasta"
    assert opening_need(BRAZILIAN, 9000, 120) == "120 needed, with a natural canasta"
    assert opening_need(TILES, 5000, 120).startswith("a canasta needed")  # the canasta replaces the count
    assert "canasta" not in opening_need(TILES, 3000, 120).split(",")[0]
