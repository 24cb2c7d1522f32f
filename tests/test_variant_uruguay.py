"""Scripted deals for the ``uruguay`` preset (RULES.md §3.3 a; docs/variants/uruguay.md).

Uruguay Canasta is classic except: 3 to 7 wild cards (twos and jokers mixed freely) may form
a meld, a wild canasta scores 2000, and the pile is always frozen (natural pair only).
Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.moves.notation import WILD_TARGET
from canasta.rules.fields import Rules, RulesError
from helpers import cards, check_melds, draw_discard, legal_strs, make_deal, melds_of, play, snapshot

URUGUAY = Rules.preset("uruguay")
CLASSIC = Rules.preset("classic")
OPEN = "KC KD KH AC AD AH"  # 90: opens side 0


def test_preset_fields_and_round_trip() -> None:
    r = Rules.parse("uruguay")
    assert r == URUGUAY and r.name == "uruguay" and r.spec() == "uruguay"
    assert r.wild_melds and r.wild_meld_min == 3 and r.wild_meld_max == 7 and r.wild_canasta_bonus == 2000
    assert r.pile_always_frozen and r.canasta_max == 0
    # everything else is classic
    assert (r.hand_size, r.draw, r.target, r.concealed_bonus) == (11, 1, 5000, 100)
    six = Rules.parse("uruguay(players=6,teams=3)")
    assert (six.packs, six.hand_size, six.pile_always_frozen) == (3, 13, True)
    assert Rules.parse("uruguay(wild_meld_max=0)").wild_meld_cap > 7
    with pytest.raises(RulesError, match="uruguay is played by 2, 3, 4, 5 or 6 players"):
        Rules.parse("uruguay(players=7)")


def test_three_wild_cards_form_a_meld_twos_and_jokers_mixed() -> None:
    d = make_deal(URUGUAY, ["2C 2D JK 9C 9D 9H"], stock="5S")
    play(d, "draw")
    assert "meld 2C 2D JK" in legal_strs(d)
    play(d, "meld 2C 2D JK")  # 90 points: the initial meld
    assert d.opened[0] and melds_of(d, 0)["W"] == sorted(cards("2C 2D JK"))
    check_melds(d)


def test_two_wild_cards_are_not_a_meld() -> None:
    d = make_deal(URUGUAY, ["2C JK 9C 9D 9H"], stock="5S")
    play(d, "draw")
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="meld of wild cards needs at least 3 cards"):
        d.apply("meld 2C JK")
    assert snapshot(d) == before


def test_a_wild_meld_holds_at_most_seven_cards() -> None:
    seven = "2C 2D 2H 2S JK JK 2C"
    d = make_deal(URUGUAY, [seven + " JK 9C 9D 9H"], stock="5S")
    play(d, "draw")
    with pytest.raises(IllegalMove, match="at most 7 cards"):
        d.apply("meld " + seven + " JK")
    play(d, "meld " + seven)  # a wild canasta
    assert d.canastas[0] == 1
    assert not any(m.kind == 3 and m.target == WILD_TARGET for m in d.legal_moves())  # no 'add ... to W'
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="at most 7 cards"):
        d.apply("add JK to W")
    assert snapshot(d) == before
    # in classic with wild canastas allowed, the same meld may grow
    d = make_deal(Rules.parse("classic(wild_canasta=true)"), [seven + " JK 9C 9D 9H"], stock="5S")
    play(d, "draw", "meld " + seven, "add JK to W")
    assert len(melds_of(d, 0)["W"]) == 8


def test_wild_canasta_scores_2000() -> None:
    seven = "2C 2D 2H 2S JK JK 2C"  # five twos and two jokers: 100 + 100 points
    d = make_deal(URUGUAY, [seven + " 9C 9D 9H 9S"], stock="5C")
    play(d, "draw", "meld " + seven, "meld 9C 9D 9H 9S", "discard 5C")
    assert d.over and d.out_seat == 0 and d.concealed
    b = d.score()[0].breakdown
    assert b["canastas"] == 2000 and b["wild_canastas"] == 1
    assert b["melded_cards"] == 200 + 40
    assert (b["going_out"], b["concealed"]) == (100, 100)
    assert d.score()[0].total == 2000 + 240 + 200 + b["hand_cards"]  # the partner's cards


def test_pile_is_always_frozen_natural_pair_only() -> None:
    # side 0 opens; the pile holds no wild card, its top is a 7 and side 0 has a meld of 7s
    d = make_deal(URUGUAY, [OPEN + " 7C 7D 7H 7S JK"], stock="4S 9C 8D 7S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "meld 7C 7D 7H", "discard 4S")
    draw_discard(d, 3)
    assert d.pile[-1] == cards("7S")[0] and not any(c in cards("2C JK") for c in d.pile)
    assert d.frozen and d.view(0).pile_frozen and d.view(0).pile_frozen_for_me
    assert "always frozen" in d.frozen_reason(0)
    legal = legal_strs(d)
    assert "take" not in legal and "take 7S JK" not in legal
    with pytest.raises(IllegalMove, match="always frozen: you need a natural pair"):
        d.apply("take")


def test_pile_always_frozen_a_natural_pair_takes_it() -> None:
    d = make_deal(URUGUAY, [OPEN + " QC QD"], stock="4S 9C 8D QS")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(d, 3)
    assert "take QC QD" in legal_strs(d)
    play(d, "take QC QD")
    assert d.frozen  # still frozen for everyone after it was taken
    # the same position in classic: the pile is not frozen once taken
    c = make_deal(CLASSIC, [OPEN + " QC QD"], stock="4S 9C 8D QS")
    play(c, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(c, 3)
    play(c, "take QC QD")
    assert not c.frozen


def test_classic_takes_with_a_natural_and_a_wild_card_where_uruguay_cannot() -> None:
    def setup(rules: Rules) -> Deal:
        d = make_deal(rules, [OPEN + " QC JK"], stock="4S 9C 8D QS")
        play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
        return draw_discard(d, 3)

    assert "take QC JK" in legal_strs(setup(CLASSIC))
    assert "take QC JK" not in legal_strs(setup(URUGUAY))


def test_score_sheet_wild_melds() -> None:
    sheet = {"variant": "uruguay", "deals": [{
        "NS": {"melds": [["2C", "2D", "2H", "2S", "JK", "JK", "2C"], ["KH", "KS", "KD"]],
               "hand": ["5C"], "went_out": True},
        "EW": {"melds": [["2D", "2H", "JK"]], "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns = res.deals[0]["NS"]
    assert ns.breakdown["canastas"] == 2000
    assert ns.total == 2000 + (5 * 20 + 2 * 50) + 30 + 100 - 5
    assert res.deals[0]["EW"].total == 20 + 20 + 50 - 10
    sheet["deals"][0]["NS"] = {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "went_out": True}
    sheet["deals"][0]["EW"]["melds"] = [["2D", "2H", "JK", "JK", "2S", "2S", "2H", "2D"]]
    with pytest.raises(ScoreSheetError, match="holds at most 7"):
        score_sheet(parse_sheet(sheet))
    sheet["variant"] = "classic"
    with pytest.raises(ScoreSheetError, match="only of wild cards"):
        score_sheet(parse_sheet(sheet))
