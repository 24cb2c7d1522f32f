"""Scripted deals for the ``bolivia`` preset (RULES.md §3.2 Bolivia column; H, S0 l.253-263, S4 l.87;
docs/variants/bolivia.md).

Bolivia is Samba (tests/test_variant_samba.py) except: melds of 3 or more wild cards, seven of them a
"Bolivia" worth 2500 plus the cards; going out needs 2 canastas, at least one of them an escalera
(a sequence canasta, 1500); a black three left in a hand costs 100; minimum 150 from 7000; game to
15,000. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.moves.notation import WILD_TARGET
from canasta.rules.fields import Rules, describe
from canasta.scoring.deal_score import score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import cards, legal_strs, make_deal, play

BOLIVIA = Rules.preset("bolivia")
SEQ7 = "4D 5D 6D 7D 8D 9D TD"
KINGS7 = "KC KD KH KS KC KD KH"
QUEENS7 = "QC QD QH QS QC QD QH"
WILD7 = ["2C", "2D", "2H", "2S", "JK", "JK", "2C"]


def test_preset_fields() -> None:
    r = Rules.parse("bolivia")
    assert r == BOLIVIA and r.spec() == "bolivia"
    assert (r.packs, r.jokers, r.hand_size, r.draw, r.target) == (3, 6, 15, 2, 15000)
    assert r.sequences and r.several_melds_per_rank and r.wild_melds and r.wild_meld_min == 3
    assert (r.wild_canasta_bonus, r.sequence_canasta_bonus, r.black3_hand_penalty) == (2500, 1500, 100)
    assert (r.canastas_to_go_out, r.sequence_canastas_to_go_out, r.going_out_bonus) == (2, 1, 200)
    assert [r.min_meld(s) for s in (-5, 0, 1500, 3000, 6995, 7000)] == [15, 50, 90, 120, 120, 150]
    assert "(1 of them a sequence canasta)" in describe(r) and "2500" in describe(r)


def test_melds_of_wild_cards() -> None:
    d = make_deal(BOLIVIA, ["2C 2D JK AC AD AH KC KD KH QC QD 9C 9D 8C 8D"], stock="5S 6S")
    play(d, "draw", "meld AC AD AH")
    assert "meld 2C 2D JK" in legal_strs(d)
    play(d, "meld 2C 2D JK")
    wild = next(m for m in d.melds[0] if m.target == WILD_TARGET)
    assert wild.size == 3
    info = score_side(BOLIVIA, SideResult(melds=[cards(WILD7)])).breakdown
    assert info["canastas"] == 2500 and info["wild_canastas"] == 1 and info["melded_cards"] == 5 * 20 + 100


def test_going_out_needs_an_escalera() -> None:
    # two canastas of a rank are not enough
    d = make_deal(BOLIVIA, [KINGS7 + " " + QUEENS7 + " AC"], stock="AD AH")
    play(d, "draw", "meld " + KINGS7, "meld " + QUEENS7)
    assert d.canastas[0] == 2 and "meld AC AD AH" not in legal_strs(d)
    with pytest.raises(IllegalMove, match="1 of them a sequence canasta"):
        d.apply("meld AC AD AH")
    # a sequence canasta and a canasta of a rank are
    e = make_deal(BOLIVIA, [SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")
    play(e, "draw", "meld " + SEQ7, "meld " + KINGS7, "meld AC AD AH")
    assert e.over and e.out_seat == 0 and e.score()[0].breakdown["going_out"] == 200


def test_completing_the_escalera_in_the_going_out_turn() -> None:
    d = make_deal(BOLIVIA, ["4D 5D 6D 7D 8D 9D " + KINGS7 + " AC QC"], stock="TD AD")
    play(d, "draw", "meld " + KINGS7, "meld 4D 5D 6D 7D 8D 9D")
    assert "add TD to 4D-9D" in legal_strs(d)
    play(d, "add TD to 4D-9D")
    assert d.canastas[0] == 2 and d.side_may_go_out(0)


def test_black_threes_cost_100_in_hand() -> None:
    s = score_side(BOLIVIA, SideResult(melds=[cards("KC KD KH")], hand=cards("3C 3S")))
    assert s.breakdown["hand_cards"] == -200


def test_score_sheet_refuses_going_out_without_an_escalera() -> None:
    sheet = {"variant": "bolivia", "deals": [{
        "NS": {"melds": [KINGS7.split(), QUEENS7.split()], "went_out": True},
        "EW": {"melds": [WILD7, SEQ7.split()], "hand": ["3C"]},
    }]}
    with pytest.raises(ScoreSheetError, match="sequence canasta"):
        score_sheet(parse_sheet(sheet))
    sheet["deals"][0]["NS"] = {"melds": [KINGS7.split(), SEQ7.split()], "went_out": True}
    res = score_sheet(parse_sheet(sheet))
    assert res.deals[0]["NS"].total == 500 + 1500 + 70 + 50 + 200
    assert res.deals[0]["EW"].total == 2500 + 1500 + 200 + 50 - 100
    with pytest.raises(ScoringError, match="sequence canasta"):
        score_side(BOLIVIA, SideResult(melds=[cards(KINGS7), cards(QUEENS7)], went_out=True))



def test_a_pile_topped_by_a_wild_card_cannot_be_taken() -> None:
    """RULES.md §3.2 Bolivia, taking the pile: "a pile topped by a wild card can't be taken" [H], not even with
    a pair of wild cards by a side that may meld wild cards; once a natural lies on it, a natural pair takes it."""
    d = make_deal(BOLIVIA, ["AC AD AH 2C 5C 6C 7C 8C 9C TC JC QC 4H 4S 9H",
                            "2D 2H JK QD QH QS 5D 6D 7D 8D 9D TD JD KC KD",
                            "AS AS AD 6S 6S 8S 8H 8H 3C 3D 5H 5H TH TH 7H",
                            "4C 4D KS KS QC QC JH JH TS TS 9S 9S 7S 7S 6H"],
                  stock="5S 6S 3S 3S KH KH 3H 3H", upcard="9D")
    play(d, "draw", "meld AC AD AH", "discard 2C")
    assert d.pile[-1] == cards("2C")[0]
    assert not [m for m in legal_strs(d) if m.startswith("take")]  # a pair of wild cards in hand: still no
    with pytest.raises(IllegalMove):
        d.apply("take 2D 2H")
    play(d, "draw", "meld 2D 2H JK", "discard 9D")  # seat 1 opens with wild cards, buries the two under a nine
    play(d, "draw", "add AS AS AD", "discard 7H")
    assert "take 7S 7S" in legal_strs(d)  # the natural on top: a natural pair takes the frozen pile
    play(d, "take 7S 7S")
    assert sum(d.hands[3]) == 15 - 2 + 3  # the pair melds with the 7H; the upcard, the two and the nine join the hand


# --- RULES.md §3 coverage (audit) ---

def _out(d: Deal) -> None:
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7, "meld AC AD AH")


def test_black_threes_left_in_a_hand_cost_100_in_a_played_deal() -> None:
    """§3.2 Bolivia penalties: "black 3 left in the hand -100" (Samba, as classic: -5)."""
    hands = [SEQ7 + " " + KINGS7 + " AC", "3C 3S"]
    lost = {}
    for spec in ("bolivia", "samba"):
        d = make_deal(spec, hands, stock="AD AH")
        _out(d)
        assert d.over and d.side_results()[1].hand.count(cards("3C")[0]) == 1
        lost[spec] = d.score()[1].breakdown["hand_cards"]
    assert lost["bolivia"] - lost["samba"] == -2 * (100 - 5)


def test_game_to_15000() -> None:
    """§3.2 Bolivia target 15,000."""
    from helpers import check_target

    check_target(BOLIVIA, _out, hands=[SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")
