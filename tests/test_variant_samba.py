"""Scripted deals for the ``samba`` preset (RULES.md §3.2 Samba column; H, S0 l.213-251, S4 l.81;
docs/variants/samba.md).

Samba is classic except: 162 cards (3 packs, 6 jokers); 15 cards dealt, draw 2; sequence melds
of 3-7 cards of one suit, 7 = a sequence canasta ("samba") of 1500 that takes no more cards; at
most 2 wild cards in a meld of a rank; a second meld of a rank once the first is a canasta; the
pile is taken with a natural pair, or (unfrozen) by adding its top card to a meld or sequence of
fewer than 7 cards, never with a natural and a wild card; red threes 100 each, all six 1000,
negative without 2 canastas; going out needs 2 canastas, +200, no concealed bonus; minimum 160
from 7000; game to 10,000. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.formats.score_sheet import parse_sheet, score_sheet
from canasta.moves.notation import SEQ_TARGET
from canasta.rules.fields import Rules, RulesError, describe
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, legal_strs, make_deal, melds_shown, play

SAMBA = Rules.preset("samba")
SEQ7 = "4D 5D 6D 7D 8D 9D TD"  # 50 points, a sequence canasta
KINGS7 = "KC KD KH KS KC KD KH"


def test_preset_fields() -> None:
    r = Rules.parse("samba")
    assert r == SAMBA and r.spec() == "samba"
    assert (r.packs, r.jokers, r.deck_size, r.hand_size, r.draw, r.target) == (3, 6, 162, 15, 2, 10000)
    assert (r.wild_limit, r.canastas_to_go_out, r.going_out_bonus, r.concealed_bonus) == (2, 2, 200, 0)
    assert r.sequences and r.several_melds_per_rank and (r.sequence_min, r.sequence_max) == (3, 7)
    assert r.sequence_canasta_bonus == 1500 and r.pile_add_below == 7
    assert r.pile_take_modes == frozenset({"natural_pair", "add_to_meld"})
    assert [r.min_meld(s) for s in (-5, 0, 1500, 3000, 6995, 7000)] == [15, 50, 90, 120, 120, 160]
    assert Rules.parse("samba(min_meld_table=samba_s0)").min_meld(7000) == 150
    six = Rules.parse("samba(players=6)")
    assert (six.players, six.teams, six.hand_size, six.deck_size) == (6, 2, 15, 162)
    with pytest.raises(RulesError, match="samba is played by 4 or 6 players"):
        Rules.parse("samba(players=3)")
    with pytest.raises(RulesError, match="teams=2 only"):
        Rules.parse("samba(players=6,teams=3)")
    d = Deal(r, seed=3)
    assert sum(d.hand_sizes) + sum(len(x) for x in d.red3) >= 60
    text = describe(r)
    assert "Sequences: 3 to 7" in text and "1500" in text and "fewer than 7 cards (or to one of its sequences)" in text
    assert "negative if the side has fewer than 2 canastas" in text


def test_draw_two_cards() -> None:
    d = make_deal(SAMBA, [], stock="5S 6S")
    play(d, "draw")
    assert d.hand_sizes[0] == 17 and d.hands[0][cards("5S")[0]] >= 1 and d.hands[0][cards("6S")[0]] >= 1


def test_at_most_two_wild_cards_in_a_meld_of_a_rank() -> None:
    d = make_deal(SAMBA, ["KC KD KH 2C 2D JK AC AD AH QC QD QH 9C 9D 9H"], stock="5S 6S")
    play(d, "draw")
    legal = legal_strs(d)
    assert "meld KC KD 2C 2D" in legal and "meld KC KD KH 2C 2D JK" not in legal
    with pytest.raises(IllegalMove, match="at most 2 wild cards"):
        d.apply("meld KC KD KH 2C 2D JK")


def test_a_second_meld_of_a_rank_once_the_first_is_a_canasta() -> None:
    d = make_deal(SAMBA, ["KC KD KH KS KC KD KH KS KC KD AC AD AH QC QD"], stock="5S 6S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH")
    assert "meld KS KC KD" not in legal_strs(d)
    with pytest.raises(IllegalMove, match="once it is a canasta"):
        d.apply("meld KS KC KD")
    play(d, "add KS KC KD KH")
    assert d.canastas[0] == 1 and "meld KC KD KS" in legal_strs(d)
    play(d, "meld KS KC KD")
    kings = [m for m in d.melds[0] if m.target == cards("KC")[0] >> 2]
    assert [m.size for m in kings] == [7, 3]


def test_an_unfrozen_pile_is_never_taken_with_a_natural_and_a_wild_card() -> None:
    d = make_deal(SAMBA, ["KC KD KH AC AD AH 9C 9D 8C 8D 6C 6D 5C 5D 4C", None,
                          "TS JK 2C 9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H"],
                  stock="QC QD  TC TD  QS JH")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard QC")
    play(d, "draw", "discard TC")
    assert d.turn == 2 and not d.pile_frozen_for(0)
    legal = legal_strs(d)
    assert not any(m.startswith("take") for m in legal)
    with pytest.raises(IllegalMove, match="not allowed in this variant"):
        d.apply("take TS JK")


def test_take_by_adding_the_top_card_to_a_meld_of_fewer_than_seven() -> None:
    hand0 = "KC KD KH KS KC KD KH AC AD AH 9C 9D 8C 8D 6C"
    # seat 0 makes a canasta of kings; seat 1 discards a king: side 0 (seat 2) may not add it
    d = make_deal(SAMBA, [hand0, "KS 4S 5S 6S 7S 8S 9S TS JS QS 4H 5H 6H 7H 8H",
                          "KS 5C 5D 9H 9S 8H 8S 6D 6H 6S 4C 4D TC TD JC"],
                  stock="QC QD  7C 7D  QH JH")
    play(d, "draw", "meld KC KD KH KS KC KD KH", "meld AC AD AH", "discard QC")
    play(d, "draw", "discard KS")
    assert d.pile[-1] == cards("KS")[0] and d.turn == 2
    legal = legal_strs(d)
    assert "take" not in legal
    with pytest.raises(IllegalMove, match="fewer than 7"):
        d.apply("take")
    # a meld of fewer than 7 cards takes it: start over with a meld of 3 kings
    e = make_deal(SAMBA, ["KC KD KH AC AD AH 9C 9D 8C 8D 6C 6D 5C 5D 4C",
                          "KS 4S 5S 6S 7S 8S 9S TS JS QS 4H 5H 6H 7H 8H",
                          "QS 5H 9H 9S 8H 8S 6H 6S 4D 4H TC TD JC JD QH"],
                  stock="QC QD  7C 7D  QH JH")
    play(e, "draw", "meld KC KD KH", "meld AC AD AH", "discard QC")
    play(e, "draw", "discard KS")
    assert "take" in legal_strs(e)
    play(e, "take")
    kings = next(m for m in e.melds[0] if m.target == cards("KS")[0] >> 2)
    assert kings.size == 4


def test_the_top_card_extends_a_sequence_but_never_starts_one() -> None:
    hand0 = "4H 5H 6H AC AD AH QC QD 9C 9D 8C 8D 6C 6D 5C"
    d = make_deal(SAMBA, [hand0, "7H 4S 5S 6S 7S 8S 9S TS JS QS KS 4D 5D 6D 7D",
                          "8H 9H 9S 8S 5H 6S 4D 4C TC TD JC JD QH KC KD"],
                  stock="KH KS  7C 7D  QS JH")
    play(d, "draw", "meld 4H 5H 6H", "meld AC AD AH", "discard KH")
    play(d, "draw", "discard 7H")
    legal = legal_strs(d)
    assert "take to 4H-6H" in legal  # seat 2 adds 7H to his partner's sequence
    # the top card may not start a sequence with 8H 9H from the hand (no such take exists)
    assert not any(m.startswith("take 7H") or m.startswith("take 8H") for m in legal)
    play(d, "take to 4H-6H")
    seq = next(m for m in d.melds[0] if m.target == SEQ_TARGET)
    assert seq.span == (2, 2, 5) and d.drew == 2


def test_going_out_needs_two_canastas_a_sequence_canasta_counts() -> None:
    d = make_deal(SAMBA, [SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7)
    assert d.canastas[0] == 2
    play(d, "meld AC AD AH")
    assert d.over and d.out_seat == 0
    s = d.score()[0]
    assert s.breakdown["going_out"] == 200 and s.breakdown["concealed"] == 0  # no concealed bonus
    assert s.breakdown["canastas"] == 1500 + 500 and s.breakdown["sequence_canastas"] == 1
    # with one canasta only, melding the last cards is refused
    e = make_deal(SAMBA, [KINGS7 + " AC QC QD QH JC JD JH 9C"], stock="AD AH")
    play(e, "draw", "meld " + KINGS7, "meld QC QD QH", "meld JC JD JH")
    assert "meld AC AD AH" not in legal_strs(e)
    with pytest.raises(IllegalMove, match="needs 2 canastas"):
        e.apply("meld AC AD AH")


def test_red_threes() -> None:
    two = [cards(SEQ7), cards(KINGS7)]
    six = cards("3D 3D 3D 3H 3H 3H")
    assert score_side(SAMBA, SideResult(melds=two, red_threes=six)).breakdown["red_threes"] == 1000
    assert score_side(SAMBA, SideResult(melds=two, red_threes=six[:5])).breakdown["red_threes"] == 500
    one = [cards(KINGS7)]
    assert score_side(SAMBA, SideResult(melds=one, red_threes=six)).breakdown["red_threes"] == -1000
    assert score_side(SAMBA, SideResult(melds=[], red_threes=six[:3])).breakdown["red_threes"] == -300


def test_score_sheet_recognises_sequences() -> None:
    sheet = {"variant": "samba", "deals": [{
        "NS": {"melds": [SEQ7.split(), KINGS7.split(), ["5S", "6S", "7S"]], "red_threes": ["3H", "3D"],
               "went_out": True},
        "EW": {"melds": [["QH", "QS", "QD", "2C"], ["8C", "9C", "TC", "JC"]], "red_threes": ["3H"],
               "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns, ew = res.deals[0]["NS"], res.deals[0]["EW"]
    assert ns.total == 1500 + 500 + 50 + 70 + 15 + 200 + 200
    assert ns.breakdown["sequence_canastas"] == 1
    assert ew.total == -100 + 50 + 40 - 10


def test_display_shows_sequences() -> None:
    d = make_deal(SAMBA, [SEQ7 + " 4S 5S 6S AC AD AH 9C 9D"], stock="5H 6H")
    play(d, "draw", "meld " + SEQ7, "meld 4S 5S 6S")
    out = melds_shown(d)
    assert "4♦-T♦: ★ sequence canasta (7)" in out
    assert "4♠-6♠: 4♠ 5♠ 6♠ (3, sequence)" in out


def test_going_out_through_a_sequence_needs_no_asking() -> None:
    """A hand that can go out only through a sequence goes out without asking, and is offered "may I go
    out?" too (issue #13: the question is offered exactly when going out is possible this turn)."""
    d = make_deal(SAMBA, [SEQ7 + " " + KINGS7 + " 4H"], stock="5H 6H")
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7)
    legal = legal_strs(d)
    assert "ask" in legal and "meld 4H 5H 6H" in legal
    play(d, "meld 4H 5H 6H")
    assert d.over and d.out_seat == 0


# --- RULES.md §3 coverage (audit) ---

def test_a_deal_of_162_cards_15_each() -> None:
    """§3.2 "All use 162 cards"; Samba "Dealt / draw: 15": every card of the deal is counted somewhere."""
    d = make_deal(SAMBA, [SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")
    assert sum(d.card_census()) == 162 and d.hand_sizes == [15] * 4
    play(d, "draw")
    assert sum(d.card_census()) == 162 and d.hand_sizes[0] == 17


def test_no_meld_of_wild_cards() -> None:
    """§3.2 Samba, wild cards in a group meld: "no wild-only melds"."""
    d = make_deal(SAMBA, ["2C 2D JK AC AD AH KC KD KH QC QD 9C 9D 8C 8D"], stock="5S 6S")
    play(d, "draw", "meld AC AD AH")
    assert not any(m.startswith("meld 2C") or m.startswith("meld JK") for m in legal_strs(d))
    with pytest.raises(IllegalMove):
        d.apply("meld 2C 2D JK")


def test_sequences_hold_no_wild_card_and_the_ace_is_only_high() -> None:
    """§3.2 Samba, sequences: "3-7 cards of one suit, 4 low / A high, no wild cards"."""
    d = make_deal(SAMBA, ["QH KH AH 4H 5H 2C 7H JK AC AD 9C 9D 8C 8D 6S"], stock="5S 6S")
    play(d, "draw")
    legal = legal_strs(d)
    assert "meld QH KH AH" in legal  # the ace ends a sequence high
    assert "meld 4H 5H 2C" not in legal and "meld 5H JK 7H" not in legal
    for bad in ("meld KH AH 4H", "meld 4H 5H 2C", "meld 5H JK 7H"):
        with pytest.raises(IllegalMove):
            d.apply(bad)


def test_a_samba_takes_no_more_cards() -> None:
    """§3.2 Samba: a 7-card sequence "cannot be extended" (neither by a card from the hand nor by the pile)."""
    d = make_deal(SAMBA, [SEQ7 + " JD KC KD KH AC AD AH QC"], stock="5S 6S")
    play(d, "draw", "meld " + SEQ7, "meld KC KD KH")
    assert not any("4D-TD" in m for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="full sequence canasta"):
        d.apply("add JD to 4D-TD")


# a 17-card hand (15 + the draw) whose best initial meld is exactly 150: AAAA 2C (100) + KKK 2D (50)
OPENS_150 = "AC AD AH AS KC KD KH 2C 2D 4S 6H 8C TD QS 9H"


@pytest.mark.parametrize(("spec", "score", "needed", "opens"), [
    ("samba", 6995, 120, True), ("samba", 7000, 160, False), ("hollywood", 7000, 160, False),
    ("samba(min_meld_table=samba_s0)", 7000, 150, True), ("bolivia", 7000, 150, True),
])
def test_minimum_count_from_7000(spec: str, score: int, needed: int, opens: bool) -> None:
    """§3.2 minimum count: Samba (and Hollywood, "Samba") 160 from 7000 [H], S0's 150 as an option;
    Bolivia 150 from 7000 [H]."""
    d = make_deal(spec, [OPENS_150], stock="5C 7D", scores=[score, 0])
    assert d.minimum[0] == needed
    play(d, "draw")
    assert ("meld AC AD AH AS 2C" in legal_strs(d)) == opens
    if opens:
        play(d, "meld AC AD AH AS 2C", "meld KC KD KH 2D")
        assert d.opened[0] and d.open_total == 150
    else:
        with pytest.raises(IllegalMove, match=f"initial meld of {needed}"):
            d.apply("meld AC AD AH AS 2C")


def test_red_threes_in_a_played_deal_all_six_1000() -> None:
    """§3.2 Samba red threes: "100 each; all 6 = 1000", scored from a played deal."""
    d = make_deal(SAMBA, [SEQ7 + " " + KINGS7 + " AC", None, "3D 3D 3D 3H 3H 3H"],
                  stock="5C 5D 5H 6C 6D 6H AD AH")
    assert len(d.red3[2]) == 6
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7, "meld AC AD AH")
    assert d.over and d.score()[0].breakdown["red_threes"] == 1000


def _samba_out(d: Deal) -> None:
    play(d, "draw", "meld " + SEQ7, "meld " + KINGS7, "meld AC AD AH")


@pytest.mark.parametrize("spec", ["samba", "hollywood"])
def test_game_to_10000(spec: str) -> None:
    """§3.2 Target: Samba 10,000, Hollywood 10,000."""
    from helpers import check_target

    check_target(spec, _samba_out, hands=[SEQ7 + " " + KINGS7 + " AC"], stock="AD AH")


def test_a_move_typed_with_other_suits_is_refused_where_they_strand_the_player() -> None:
    """A move id names counts, not suits; the engine's choice (6D for one six) keeps the initial meld reachable, but a
    player may type other suits. ``add 6S`` would break 5S 6S 7S, which the 50 need, and leave no legal move (the
    exhaustive dead-end search of whole turns found it after a take, 2026-11-28): it is refused in one line that
    names the move allowed, and the deal is unchanged."""
    d = make_deal(SAMBA, ["4C 4C 4S 5S 6C 6D 6D 6H 6S 7S 9C QH KC KC AS"], stock="9D TH")
    play(d, "draw", "meld 6C 6D 6H")  # 15 of the 50: 6D, 4C 4C 4S and 5S 6S 7S make the rest
    assert "add 6D" in legal_strs(d)
    before = (list(d.hands[0]), d.open_total, [m.size for m in d.melds[0]])
    with pytest.raises(IllegalMove, match="add 6S would leave you no legal move this turn.*add 6D is allowed"):
        d.apply("add 6S")
    assert (list(d.hands[0]), d.open_total, [m.size for m in d.melds[0]]) == before
    play(d, "add 6D", "meld 4C 4C 4S", "meld 5S 6S 7S")
    assert d.opened[0] and d.open_total == 50
