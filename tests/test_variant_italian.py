"""Scripted deals for the ``italian`` preset (RULES.md §3.2 Italian column and dowry note; R, S0, S4 l.83;
docs/variants/italian.md).

Italian is Samba-based (162 cards, 15 dealt, draw 2, at most 2 wild cards in a meld, going out with 2
canastas) without Samba's sequences for now, and: red threes replaced before the upcard; a dowry of N
face-down cards under the upcard (N = its rank, J 11, Q 12, K 13, A 20) for the first taker; the pile always
frozen; twos may form their own meld (jokers as its wild cards), and while it is unfinished the side's twos
are no wild cards elsewhere; a canasta of twos counts neither for going out nor for premiums; going out +300;
red threes 100 each up to 3, 200 each from 4; seven twos 3000 and twos with jokers 2000, both only for the
side going out; 5 canastas 1000, 5 natural 2000, 10 canastas 2000 more; minimum 50/90/120/160/180/200 (15
below zero) in natural cards only; game to 12,000. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.cards.deck import JOKER
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.dowry import DOWRY_BY_RANK, dowry_size
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.moves.notation import TWO
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import cards, draw_discard, legal_strs, make_deal, play, snapshot

IT = Rules.preset("italian")
OPEN = "KC KD KH AC AD AH"  # 90 in natural cards: opens side 0 (minimum 50)
DOWRY4 = "5S 5H 6S 6H"  # the dowry under a 4 turned up: the first 4 cards of the stock


def test_preset_fields() -> None:
    r = Rules.parse("italian")
    assert r == IT and r.deck_size == 162 and r.spec() == "italian"
    assert (r.hand_size, r.draw, r.wild_limit, r.canastas_to_go_out, r.target) == (15, 2, 2, 2, 12000)
    assert (r.going_out_bonus, r.concealed_bonus, r.pile_always_frozen) == (300, 0, True)
    assert [r.min_meld(s) for s in (-5, 0, 1500, 3000, 5000, 7500, 10000)] == [15, 50, 90, 120, 160, 180, 200]
    with pytest.raises(RulesError, match="italian is played by 4 players"):
        Rules.parse("italian(players=6)")
    with pytest.raises(RulesError, match="dowry takes one of none, rank"):
        Rules.parse("italian(dowry=yes)")
    assert Rules.parse("classic(dowry=rank)").dowry == "rank"


# ------------------------------------------------------ red threes, dowry

def test_red_threes_are_replaced_before_the_upcard() -> None:
    d = make_deal(IT, ["3H " + OPEN], upcard="JK 5C")
    assert d.red3[0] == cards("3H") and d.hands[0][JOKER] == 1  # the joker replaced it
    assert d.pile == cards("5C") and len(d.dowry) == 5
    c = make_deal(Rules.preset("classic"), ["3H " + OPEN], upcard="9S", stock="JK")
    assert c.pile == cards("9S") and c.hands[0][JOKER] == 1  # classic: after the upcard


@pytest.mark.parametrize(("upcard", "n"), [("4C", 4), ("9S", 9), ("TD", 10), ("JH", 11), ("QS", 12),
                                           ("KC", 13), ("AD", 20)])
def test_the_dowry_is_the_upcards_rank(upcard: str, n: int) -> None:
    d = make_deal(IT, [], upcard=upcard)
    assert len(d.dowry) == n and d.pile == cards(upcard)
    assert len(d.stock) == 162 - 60 - 1 - n
    v = d.view(1)
    assert v.dowry_size == n and v.pile_size == 1 and v.pile_cards is None


def test_dowry_sizes_of_wild_cards_and_threes() -> None:
    assert DOWRY_BY_RANK[TWO] == 2 and DOWRY_BY_RANK[1] == 3 and dowry_size(IT, JOKER) == 20
    assert dowry_size(Rules.preset("classic"), cards("KC")[0]) == 0


def test_the_first_taker_gets_the_dowry() -> None:
    d = make_deal(IT, ["KC KD AC AD AH"], upcard="KH")
    dowry = sorted(d.dowry)
    play(d, "take KC KD")  # 30 of 50 in naturals: the rest of the pile (the dowry) waits
    assert d.dowry == [] and sorted(d.pending) == dowry and d.view(1).dowry_size == 0
    play(d, "meld AC AD AH")  # 90: opened, the dowry joins the hand
    assert d.opened[0] and d.pending == [] and d.hand_sizes[0] == 15 - 5 + 13
    d.check_invariants()
    clone = d.clone()
    assert clone.dowry == d.dowry


# ------------------------------------------------------ initial meld, pile

def test_only_natural_cards_count_towards_the_minimum() -> None:
    hand = "KC KD 2C QC QD JK 4S 5H 6D 8C 9H TS"
    d = make_deal(IT, [hand])
    play(d, "draw")
    melds = [m.split()[1:] for m in legal_strs(d) if m.startswith("meld")]
    assert melds and all(c[0] != "2" and c != "JK" for m in melds for c in m)  # only natural melds open
    assert "meld KC KD 2C" not in legal_strs(d)  # 40 in naturals at most with the groups
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="initial meld of 50"):
        d.apply("meld KC KD 2C")
    assert snapshot(d) == before
    classic = make_deal(Rules.preset("classic", hand_size=15), [hand])
    play(classic, "draw")
    assert "meld KC KD 2C" in legal_strs(classic)  # 20 + 20 + 20 + 20 + 50 counts there


def test_at_most_two_wild_cards_in_a_meld() -> None:
    d = make_deal(IT, [OPEN + " QC QD 2C 2D JK"])
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    assert "meld QC QD 2C 2D" in legal_strs(d)
    with pytest.raises(IllegalMove, match="at most 2 wild cards"):
        d.apply("meld QC QD 2C 2D JK")


def test_the_pile_is_always_frozen() -> None:
    d = make_deal(IT, [OPEN + " QC JK QD"], upcard="4C", stock=DOWRY4 + " 4S 9C 8D 8H 6C 6D QS KS")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4S")
    draw_discard(d, 3)
    assert d.pile[-1] == cards("QS")[0] and "always frozen" in d.frozen_reason(0)
    legal = legal_strs(d)
    assert "take QC JK" not in legal and "take QC QD" in legal


# ------------------------------------------------------------ twos melds

def _opened(extra: str) -> Deal:
    d = make_deal(IT, [OPEN + " " + extra])
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    return d


def test_twos_form_their_own_meld_and_are_reserved_until_its_canasta() -> None:
    d = _opened("2C 2D 2H 2S QC QD JK")
    assert "meld 2C 2D 2H to 2" in legal_strs(d) and "meld QC QD 2C" in legal_strs(d)
    play(d, "meld 2C 2D 2H")
    m = d.melds[0][d.meld_index[0][TWO]]
    assert (m.target, m.nat, m.wild) == (TWO, 3, 0)
    legal = legal_strs(d)
    assert "meld QC QD 2S" not in legal and "add 2S to K" not in legal  # reserved for the twos meld
    assert "meld QC QD JK" in legal and "add 2S to 2" in legal and "add JK to 2" in legal
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="meld of twos is not yet a canasta"):
        d.apply("add 2S to K")
    assert snapshot(d) == before
    play(d, "add 2S JK to 2")
    assert (m.nat, m.wild) == (4, 1) and not d.view(1).melds[0][-1].natural
    with pytest.raises(ScoringError, match="at most 2"):
        score_side(IT, SideResult(melds=[cards("2C 2D 2H JK JK JK")]))


def test_twos_usable_again_once_their_canasta_is_made() -> None:
    d = _opened("2C 2D 2H 2S 2C 2D 2H 2S QC")
    play(d, "meld 2C 2C 2D 2D 2H 2H 2S")
    assert d.canastas[0] == 1
    assert "add 2S to K" in legal_strs(d)


def test_no_twos_meld_before_the_initial_meld() -> None:
    d = make_deal(IT, ["2C 2D 2H " + OPEN])
    play(d, "draw")
    assert "meld 2C 2D 2H to 2" not in legal_strs(d)
    with pytest.raises(IllegalMove, match="only after its initial meld"):
        d.apply("meld 2C 2D 2H")


def test_a_canasta_of_twos_does_not_count_for_going_out() -> None:
    kings = "KC KD KH KS KC KD KH"
    d = make_deal(IT, [kings + " 2C 2D 2H 2S 2C 2D 2H QC"], upcard="4C", stock=DOWRY4 + " QD QH")
    play(d, "draw", "meld " + kings, "meld 2C 2C 2D 2D 2H 2H 2S")
    assert d.canastas[0] == 2
    assert "meld QC QD QH" not in legal_strs(d)  # would leave one card: going out with 1 canasta that counts
    assert "ask" not in legal_strs(d)


# --------------------------------------------------------------- scoring

def test_twos_canastas_score_only_for_the_side_going_out() -> None:
    seven = cards("2C 2D 2H 2S 2C 2D 2H")
    mixed = cards("2C 2D 2H 2S 2C JK JK")
    nat = [cards("KC KD KH KS KC KD KH"), cards("QC QD QH QS QC QD QH")]
    out = score_side(IT, SideResult(melds=nat + [seven], went_out=True)).breakdown
    assert out["canastas"] == 1000 + 3000 and out["going_out"] == 300
    assert score_side(IT, SideResult(melds=nat + [mixed], went_out=True)).breakdown["canastas"] == 3000
    stay = score_side(IT, SideResult(melds=nat + [seven]))
    assert stay.breakdown["canastas"] == 1000 and stay.breakdown["melded_cards"] == 70 + 70 + 140


def test_premiums_for_five_and_ten_canastas() -> None:
    def canasta(rank: str, wild: bool) -> list[int]:
        return cards(" ".join([f"{rank}C"] * (6 if wild else 7)) + (" JK" if wild else ""))

    ranks = "456789TJQK"
    five_nat = [canasta(r, False) for r in ranks[:5]]
    four_one = [canasta(r, False) for r in ranks[:4]] + [canasta("9", True)]
    ten = [canasta(r, False) for r in ranks]
    assert score_side(IT, SideResult(melds=five_nat)).breakdown["premiums"] == 2000
    assert score_side(IT, SideResult(melds=four_one)).breakdown["premiums"] == 1000
    assert score_side(IT, SideResult(melds=ten)).breakdown["premiums"] == 2000 + 2000
    with_twos = [canasta(r, False) for r in ranks[:4]] + [cards("2C 2D 2H 2S 2C 2D 2H")]
    assert score_side(IT, SideResult(melds=with_twos, went_out=True)).breakdown["premiums"] == 0


@pytest.mark.parametrize(("reds", "total"), [("3H", 100), ("3H 3D 3H", 300), ("3H 3D 3H 3D", 800),
                                             ("3H 3D 3H 3D 3H 3D", 1200)])
def test_red_threes(reds: str, total: int) -> None:
    two = [cards("KC KD KH KS KC KD KH"), cards("QC QD QH QS QC QD QH")]
    assert score_side(IT, SideResult(melds=two, red_threes=cards(reds))).breakdown["red_threes"] == total
    one = two[:1] + [cards("2C 2D 2H 2S 2C 2D 2H")]  # the twos canasta does not count
    assert score_side(IT, SideResult(melds=one, red_threes=cards(reds))).breakdown["red_threes"] == -total


def test_score_sheet() -> None:
    sheet = {"variant": "italian", "deals": [{
        "NS": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"], ["QC", "QD", "QH", "QS", "QC", "QD", "JK"],
                         ["2C", "2D", "2H"]], "red_threes": ["3H"], "went_out": True},
        "EW": {"melds": [["9H", "9S", "9D"]], "hand": ["2S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns, ew = res.deals[0]["NS"], res.deals[0]["EW"]
    assert ns.total == 500 + 300 + 70 + 110 + 60 + 100 + 300
    assert ew.total == 30 - 20
    sheet["deals"][0]["NS"]["melds"][0] = ["2C", "2D", "2H", "2S", "2C", "2D", "2H"]
    with pytest.raises(ScoreSheetError, match="going out needs 2"):
        score_sheet(parse_sheet(sheet))


def test_display_shows_the_dowry() -> None:
    from canasta.cli.display import render_view
    from test_display import info, text_of

    d = make_deal(IT, [], upcard="KC")
    out = text_of(render_view(d.view(0), info(IT)))
    assert "DOWRY: 13 face-down cards under the pile" in out


# ------------------------------------------------------ Samba's sequences (RULES.md §3.2 "as Samba")

SEQ7 = "4D 5D 6D 7D 8D 9D TD"  # 50 points in naturals, a sequence canasta
KINGS7 = "KC KD KH KS KC KD KH"


def test_sequences_as_in_samba_count_for_going_out() -> None:
    assert IT.sequences and IT.several_melds_per_rank and IT.sequence_canasta_bonus == 1500
    d = make_deal(IT, [SEQ7 + " " + KINGS7 + " AC"], upcard="4C", stock=DOWRY4 + " AD AH")
    play(d, "draw", "meld 4D 5D 6D", "add 7D 8D 9D TD to 4D-6D", "meld " + KINGS7)
    assert d.canastas[0] == 2 and d.opened[0]
    play(d, "meld AC AD AH")
    assert d.over and d.out_seat == 0
    s = d.score()[0]
    assert s.breakdown["going_out"] == 300 and s.breakdown["sequence_canastas"] == 1
    assert s.breakdown["canastas"] == 1500 + 500


def test_a_second_canasta_of_a_rank() -> None:
    d = make_deal(IT, ["KC KD KH KS KC KD KH KS KC KD AC AD AH QC QD"], upcard="4C", stock=DOWRY4 + " 5S 6S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    assert "meld KS KC KD" not in legal_strs(d)
    play(d, "add KS KC KD KH")
    play(d, "meld KS KC KD")
    assert [m.size for m in d.melds[0] if m.target == cards("KC")[0] >> 2] == [7, 3]


def test_the_score_sheet_scores_an_italian_sequence_canasta() -> None:
    sheet = {"variant": "italian", "deals": [{
        "NS": {"melds": [SEQ7.split(), KINGS7.split()], "red_threes": ["3H"], "went_out": True},
        "EW": {"melds": [["QH", "QS", "QD"]], "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    assert res.deals[0]["NS"].total == 1500 + 500 + 50 + 70 + 100 + 300
    assert res.deals[0]["NS"].breakdown["sequence_canastas"] == 1


# --- RULES.md §3 coverage (audit) ---

# 17 cards (15 + the draw) whose best initial meld in natural cards is 150: AAAA (80), KKKK (40), QQQ (30)
OPENS_150 = "AC AD AH AS KC KD KH KS QC QD QH 5D 6C 8S 9H"


@pytest.mark.parametrize(("score", "needed", "opens"), [(4995, 120, True), (5000, 160, False)])
def test_minimum_count_table(score: int, needed: int, opens: bool) -> None:
    """§3.2 Italian minimum count: "3000-4995: 120; 5000-7495: 160; 7500-9995: 180; >=10,000: 200"."""
    d = make_deal(IT, [OPENS_150], upcard="4C", stock=DOWRY4 + " TC JD", scores=[score, 0])
    assert d.minimum[0] == needed
    play(d, "draw")
    assert ("meld AC AD AH AS" in legal_strs(d)) == opens
    if opens:
        play(d, "meld AC AD AH AS", "meld KC KD KH KS")
        assert d.opened[0]
    else:
        with pytest.raises(IllegalMove, match=f"initial meld of {needed}"):
            d.apply("meld AC AD AH AS")
    e = make_deal(IT, [], upcard="4C", stock=DOWRY4, scores=[7500, 10000])
    assert e.minimum == [180, 200]


SEQ_KINGS_OUT = SEQ7 + " " + KINGS7 + " AC"


def _out(d: Deal) -> None:
    play(d, "draw", "meld 4D 5D 6D", "add 7D 8D 9D TD to 4D-6D", "meld " + KINGS7, "meld AC AD AH")


def test_red_threes_in_a_played_deal_200_each_from_four() -> None:
    """§3.2 Italian red threes: "1-3: 100 each; >=4: 200 each", positive with 2 canastas."""
    # Italian replaces the red threes before turning the upcard: the four replacements come first
    d = make_deal(IT, [SEQ_KINGS_OUT, None, "3D 3H 3D 3H"], upcard="5C 5D 6C 6D 4C", stock=DOWRY4 + " AD AH")
    assert len(d.red3[2]) == 4
    _out(d)
    assert d.over and d.score()[0].breakdown["red_threes"] == 800


def test_game_to_12000() -> None:
    """§3.2 Italian target 12,000."""
    from helpers import check_target

    check_target(IT, _out, hands=[SEQ_KINGS_OUT], upcard="4C", stock=DOWRY4 + " AD AH")
