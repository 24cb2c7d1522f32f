"""Scripted deals for the ``hollywood`` preset (RULES.md §3.2 Hollywood column; R, S0 l.387-399, S4 l.85;
docs/variants/hollywood.md).

Hollywood is Samba except: every meld holds at least 3 natural cards; a sequence may hold one wild
card (written ``JK=5H`` or in its place, ``meld 4H JK 6H 7H``); a sequence canasta with a wild card
scores 1000 (natural 1500); melds of wild cards are allowed, a wild canasta 2000; no meld passes 7
cards; the pile is always taken with a natural pair matching the top card, and a two or a joker on top
with a pair of the same wild card; only a black three blocks it. Seat 0 plays first; seats 0 and 2
are side 0.
"""

from __future__ import annotations

import pytest

from canasta.agents.base import make_agent
from canasta.cards.sequences import layout_in_order, layout_str, sequence_layouts, wild_sequence_problem
from canasta.engine.deal import IllegalMove
from canasta.engine.movegen.wild_sequences import meld_hole
from canasta.formats.score_sheet import parse_sheet, score_sheet
from canasta.moves.actions import ACTIONS, N_ACTIONS, WILD_SEQ_MELD_BASE, action_of
from canasta.moves.notation import SEQ_TARGET, SEQ_WILD, TAKE, TAKE_PAIR, TAKE_SEQ_WILD, WILD_TARGET, Move, MoveError
from canasta.rules.fields import Rules, RulesError, describe
from canasta.scoring.deal_score import score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import classify_meld
from canasta.scoring.sides import SideResult
from helpers import cards, legal_strs, make_deal, melds_of, melds_shown, play

HOLLY = Rules.preset("hollywood")
KINGS7 = "KC KD KH KS KC KD KH"
MIXED7 = "4D 5D JK 7D 8D 9D TD"  # a sequence canasta with a joker standing for 6D: 1000 + 95
NATSEQ7 = "4S 5S 6S 7S 8S 9S TS"  # 1500 + 50


def _seq(deal, side: int):  # noqa: ANN001, ANN202 - test helper
    return [m for m in deal.melds[side] if m.target == SEQ_TARGET]


# ------------------------------------------------------------------ the preset

def test_preset_fields_and_description() -> None:
    r = Rules.parse("hollywood")
    assert r == HOLLY and r.spec() == "hollywood" and Rules.parse(r.spec()) == r
    assert (r.packs, r.jokers, r.hand_size, r.draw, r.target) == (3, 6, 15, 2, 10000)  # as Samba
    assert (r.canastas_to_go_out, r.going_out_bonus, r.concealed_bonus) == (2, 200, 0)
    assert r.min_naturals == 3 and r.wild_limit == 2 and r.canasta_max == 7
    assert r.sequences and r.sequence_wild_max == 1
    assert (r.sequence_canasta_bonus, r.mixed_sequence_canasta_bonus) == (1500, 1000)
    assert r.wild_melds and r.wild_canasta_bonus == 2000 and r.wild_pair_takes_wild
    assert Rules.parse("hollywood(sequence_canasta_bonus=2000)").sequence_canasta_bonus == 2000  # R's figure
    text = describe(r)
    assert "at most 1 wild card standing for a card of the run" in text and "(1000 with a wild card)" in text
    assert "two twos for a two, two jokers for a joker" in text and "Only a black three on top blocks" in text
    assert "at least 3 naturals" in text and "a wild canasta scores 2000" in text


def test_bad_options_are_refused() -> None:
    with pytest.raises(RulesError, match="sequence_wild_max is 0 or 1"):
        Rules.parse("hollywood(sequence_wild_max=2)")
    with pytest.raises(RulesError, match="needs sequences=true"):
        Rules.parse("classic(sequence_wild_max=1)")
    with pytest.raises(RulesError, match="needs wild_melds=true"):
        Rules.parse("samba(wild_pair_takes_wild=true)")


# ------------------------------------------------------------------ notation and ids

@pytest.mark.parametrize("text", [
    "meld 4H JK=5H 6H 7H", "meld 4H 5H 6H 2C=7H", "add 8H to 4H-7H/5H", "add 2C=8H to 4H-7H",
    "add 2D=8H 9H to 4H-7H", "add JK=QS to 8S-JS", "take to 4H-7H/5H",
])
def test_wild_sequence_notation_round_trips(text: str) -> None:
    m = Move.parse(text)
    assert str(m) == text and Move.parse(str(m)) == m
    assert action_of(m) >= WILD_SEQ_MELD_BASE


def test_a_wild_card_in_its_place_is_read_as_standing_for_that_card() -> None:
    assert Move.parse("meld 4H JK 6H 7H") == Move.parse("meld 4H JK=5H 6H 7H")
    assert Move.parse("meld 4H 5H 6H 2C") == Move.parse("meld 4H 5H 6H 2C=7H")
    assert layout_in_order(cards("4H JK 6H"), 1)[0] == ((2, 2, 4), (3,))
    assert layout_in_order(cards("JK 4H 5H"), 1)[0] is None  # it would stand for a three
    assert layout_str(((2, 2, 4), (3,)), cards("JK")) == "4H JK 6H"
    assert sequence_layouts(cards("9H TH JK"), 1) == [((2, 7, 9), (9,)), ((2, 6, 8), (6,))]
    gaps = wild_sequence_problem(cards("4H 7H JK"), 1)
    assert gaps is not None and gaps.code == "sequence_gaps_unfilled" and gaps.params == {"gaps": 2, "n": 1}
    assert "2 gaps" in gaps.text
    assert wild_sequence_problem(cards("4H JK 6H"), 1) is None


@pytest.mark.parametrize("text,message", [
    ("meld 4H JK=5H 2C=6H 7H", "at most 1 wild card"),
    ("add JK=8H to 4H-7H/5H", "at most 1 wild card"),
    ("add 8H JK to 4H-7H", "say which card"),
    ("meld 4H JK=9H 6H 7H", "without a gap"),
    ("take to 4H-7H/5S", "after '/'"),
    ("meld 4H KH=5H 6H", "only a wild card"),
])
def test_bad_wild_sequence_notation_is_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        action_of(Move.parse(text))


def test_wild_sequence_ids_are_appended_after_the_sequence_blocks() -> None:
    assert WILD_SEQ_MELD_BASE == 5774 and N_ACTIONS == 13396
    assert ACTIONS[5773][1] == SEQ_TARGET  # the last id before is unchanged (a long sequence addition)
    assert ACTIONS[WILD_SEQ_MELD_BASE][1] == SEQ_WILD
    assert ACTIONS[action_of(Move.parse("take to 4H-7H/5H"))][1] == TAKE_SEQ_WILD
    ids = {action_of(Move.parse(t)) for t in ("meld 4H JK=5H 6H 7H", "meld 4H 2C=5H 6H 7H", "add 8H to 4H-7H/5H",
                                              "add 8H to 4H-7H/6H", "add JK=8H to 4H-7H", "add 2S=8H to 4H-7H")}
    assert len(ids) == 6


# ------------------------------------------------------------------ melds

def test_a_sequence_with_one_wild_card_and_three_naturals() -> None:
    d = make_deal(HOLLY, ["4H 6H 7H JK 2C AC AD AH QC QD 9C 9D 8C 8H 5S"], stock="KH KS")
    play(d, "draw")
    legal = legal_strs(d)
    assert "meld 4H JK=5H 6H 7H" in legal and "meld 4H 2C=5H 6H 7H" in legal
    assert "meld 6H 7H JK=8H" not in legal  # two naturals only: a meld needs 3 (§3.2 Hollywood)
    with pytest.raises(IllegalMove, match="at least 3 natural cards"):
        d.apply("meld 6H 7H JK=8H")
    play(d, "meld 4H JK 6H 7H")  # the joker in its place: 5H
    seq = _seq(d, 0)[0]
    assert seq.span == (2, 2, 5) and seq.wild == 1 and meld_hole(seq) == cards("5H")[0] >> 2
    assert d.opened[0]  # 5 + 50 + 5 + 5 = 65 >= 50
    legal = legal_strs(d)
    assert "add 8H to 4H-7H/5H" in legal and "add 2C=8H to 4H-7H/5H" not in legal
    with pytest.raises(IllegalMove, match="at most 1 wild card"):
        d.apply("add 2C=8H to 4H-7H/5H")
    with pytest.raises(IllegalMove, match="is named 4H-7H/5H"):
        d.apply("add 8H to 4H-7H")


def test_a_wild_card_added_to_a_natural_sequence_and_naturals_to_a_mixed_one() -> None:
    d = make_deal(HOLLY, ["4H 5H 6H 8H 9H 2C AC AD AH QC QD QS 9C 9D 8C"], stock="KH KS")
    play(d, "draw", "meld 4H 5H 6H", "meld AC AD AH")
    legal = legal_strs(d)
    assert "add 2C=7H 8H 9H to 4H-6H" in legal and "add 8H 2C=7H to 4H-6H" not in legal  # one spelling
    play(d, "add 2C=7H 8H to 4H-6H")
    seq = _seq(d, 0)[0]
    assert seq.span == (2, 2, 6) and seq.wild == 1 and meld_hole(seq) == cards("7H")[0] >> 2
    play(d, "add 9H to 4H-8H/7H")
    assert seq.span == (2, 2, 7) and seq.size == 6


def test_a_mixed_sequence_canasta_scores_1000_and_takes_no_more_cards() -> None:
    d = make_deal(HOLLY, ["4D 5D JK 7D 8D 9D TD JD " + "KC KD KH KS KC KD KH"], stock="AC AD")
    play(d, "draw", "meld 4D 5D JK 7D 8D 9D TD")
    assert d.canastas[0] == 1 and d.seq_canastas[0] == 1
    assert not any(m.startswith("add JD") for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="takes no more cards"):
        d.apply("add JD to 4D-TD/6D")
    play(d, "meld " + KINGS7, "discard JD")
    assert d.turn == 1


def test_scoring_and_the_score_keeper_read_a_wild_card_in_a_sequence() -> None:
    info = classify_meld(HOLLY, cards(MIXED7))
    assert info.kind == "sequence" and info.canasta and not info.natural and info.wilds == 1
    with pytest.raises(ScoringError, match="at least 3"):
        classify_meld(HOLLY, cards("4D 5D JK"))
    with pytest.raises(ScoringError, match="no wild card"):
        classify_meld(Rules.preset("samba"), cards(MIXED7))
    s = score_side(HOLLY, SideResult(melds=[cards(MIXED7), cards(NATSEQ7)], went_out=True))
    assert s.breakdown["canastas"] == 1000 + 1500
    assert s.breakdown["sequence_canastas"] == 2 and s.breakdown["mixed_sequence_canastas"] == 1
    assert s.total == 2500 + (95 + 50) + 200
    sheet = {"variant": "hollywood", "deals": [{
        "NS": {"melds": [MIXED7.split(), KINGS7.split(), ["2C", "2D", "JK"]], "red_threes": ["3H"],
               "went_out": True},
        "EW": {"melds": [["QH", "QS", "QD", "2C"], ["8C", "9C", "2S", "JC"]], "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    ns, ew = res.deals[0]["NS"], res.deals[0]["EW"]
    assert ns.total == 1000 + 95 + 500 + 70 + 90 + 100 + 200
    assert ew.total == 50 + 50 - 10  # 8C 9C 2S=TC JC: a sequence with a two


def test_every_meld_of_a_rank_needs_three_naturals() -> None:
    d = make_deal(HOLLY, ["KC KD 2C 2D AC AD AH QC QD QH 9C 9D 8C 8D 5S"], stock="KH KS")
    play(d, "draw")
    legal = legal_strs(d)
    assert "meld KC KD 2C" not in legal and "meld KC KD KH 2C" in legal and "meld KC KD KH 2C 2D" in legal
    with pytest.raises(IllegalMove, match="at least 3"):
        d.apply("meld KC KD 2C")


def test_no_meld_passes_seven_cards() -> None:
    d = make_deal(HOLLY, [KINGS7 + " KS AC AD AH QC QD QH 9C"], stock="5S 6S")
    play(d, "draw", "meld " + KINGS7)
    assert not any(m.startswith("add KS") for m in legal_strs(d))
    with pytest.raises(IllegalMove):
        d.apply("add KS")


def test_wild_canasta_scores_2000() -> None:
    s = score_side(HOLLY, SideResult(melds=[cards("2C 2D 2H 2S JK JK JK"), cards(KINGS7)], went_out=True))
    assert s.breakdown["canastas"] == 2000 + 500 and s.breakdown["wild_canastas"] == 1


# ------------------------------------------------------------------ the pile

def _pile_deal(top: str, hand2: str):  # noqa: ANN202 - test helper
    """Side 0 opens; seat 1 discards ``top``; seat 2 (side 0) holds ``hand2``."""
    d = make_deal(HOLLY, ["KC KD KH AC AD AH 9C 9D 8C 8D 6C 6D 5C 5D 4C",
                          top + " 4S 5S 6S 7S 8S 9S TS JS QS 4H 5H 6H 7H 8H", hand2],
                  stock="QC QD  TC TD  QS JH")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard QC")
    play(d, "draw", f"discard {top}")
    assert d.turn == 2 and d.pile[-1] == cards(top)[0]
    return d


def test_a_two_on_top_is_taken_with_a_pair_of_twos() -> None:
    d = _pile_deal("2H", "2C 2D JK 9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H")
    legal = legal_strs(d)
    assert "take 2C 2D" in legal and not any(m.startswith("take JK") for m in legal)
    with pytest.raises(IllegalMove, match="two twos"):
        d.apply("take 2C JK")
    pile = len(d.pile)
    play(d, "take 2C 2D")
    wild = d.melds[0][d.meld_index[0][WILD_TARGET]]
    assert wild.size == 3 and wild.wild == 3 and d.hand_sizes[2] == 15 - 2 + pile - 1 and not d.frozen


def test_a_joker_on_top_is_taken_with_a_pair_of_jokers() -> None:
    d = _pile_deal("JK", "JK JK 2C 9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H")
    legal = legal_strs(d)
    assert "take JK JK" in legal and not any(m.startswith("take 2C") for m in legal)
    play(d, "take JK JK")
    assert d.melds[0][d.meld_index[0][WILD_TARGET]].cards == cards("JK JK JK")


def test_samba_still_refuses_a_wild_card_on_top() -> None:
    d = make_deal("samba", ["KC KD KH AC AD AH 9C 9D 8C 8D 6C 6D 5C 5D 4C",
                            "2H 4S 5S 6S 7S 8S 9S TS JS QS 4H 5H 6H 7H 8H",
                            "2C 2D JK 9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H"],
                  stock="QC QD  TC TD  QS JH")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard QC", "draw", "discard 2H")
    assert not any(m.startswith("take") for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="cannot be taken"):
        d.apply("take 2C 2D")


def test_a_black_three_still_blocks_and_a_natural_pair_takes_a_frozen_pile() -> None:
    d = _pile_deal("3S", "3C 3S 9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H JK")
    assert not any(m.startswith("take") for m in legal_strs(d))
    e = _pile_deal("2H", "9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H QS TC TD")  # a frozen pile now
    play(e, "draw", "discard QS")
    play(e, "draw", "discard TS")
    assert e.pile_frozen_for(0) and e.pile[-1] == cards("TS")[0] and e.turn == 0
    assert "take" not in legal_strs(e)  # frozen: no adding the top card
    f = _pile_deal("TS", "TC TD 9H 9S 8H 8S 6H 6S 4D 4H JC JD QH 5H 2C")
    assert "take TC TD" in legal_strs(f)


def test_take_to_a_sequence_holding_a_wild_card() -> None:
    d = make_deal(HOLLY, ["4H JK 6H 7H AC AD AH 9C 9D 8C 8D 6C 6D 5C 5D",
                          "8H 4S 5S 6S 7S 8S 9S TS JS QS KS 4D 5D 6D 7D"],
                  stock="KH KS  7C 7D  QS JH")
    play(d, "draw", "meld 4H JK=5H 6H 7H", "meld AC AD AH", "discard KH")
    play(d, "draw", "discard 8H")
    assert "take to 4H-7H/5H" in legal_strs(d)
    play(d, "take to 4H-7H/5H")
    assert _seq(d, 0)[0].span == (2, 2, 6)


def test_display_shows_a_wild_card_in_its_place_and_the_mixed_canasta() -> None:
    d = make_deal(HOLLY, [MIXED7 + " 4S 2C 6S 7S AC AD AH"], stock="5H 6H")
    play(d, "draw", "meld " + MIXED7, "meld 4S 2C=5S 6S 7S")
    out = melds_shown(d)
    assert "4♦-T♦: ☆ mixed sequence canasta (7, 1 wild)" in out
    assert "4♠-7♠: 4♠ 2♣ 6♠ 7♠ (4, sequence, 1 wild)" in out


@pytest.mark.parametrize("bot", ["heuristic", "hard"])
@pytest.mark.parametrize(("wild", "pair"), [("2H", "2C 2D"), ("JK", "JK JK")])
def test_bots_take_a_wild_card_with_a_pair_of_it(bot: str, wild: str, pair: str) -> None:
    """A two (a joker) alone in the pile and a pair of them in hand: the take puts the three into the side's
    meld of wild cards (towards a 2000 wild canasta) and gains a wild card. It pays even with no other
    card in the pile; the bots took it only when other pile cards paid for the pair."""
    hands = [f"KC KD KH AC AD AH 9C 9D 5S 6S 8C 4D {wild} JD TD",
             f"QC QD QH JC JH JS {pair} 4S 5H 6D 8S TC TH 7S",
             "4C 5C 6C 7C 8D 9S TS KS AS 5D 6H 8H QS JC 7D",
             "4H 5H 6S 7D 8H 9H TD KS AS 4S 6D 7S 8S QD 9S"]
    d = make_deal(HOLLY, hands, stock="5D 6D 7H 8H 4C 4C 5C 5C 6C 6C 7H 7H 8C 8C")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 4D",  # both sides open
         "draw", "meld QC QD QH", "meld JC JH JS", "discard 4S",
         "draw", "discard 5D", "draw", "discard 9H",
         "take 9C 9D", f"discard {wild}")  # the pile is now the wild card alone
    assert d.turn == 1 and d.pile == cards(wild) and legal_strs(d) == {"draw", f"take {pair}"}
    choice = make_agent(bot, seed=1).select(d.view(1), d.legal_actions())
    assert ACTIONS[choice][:2] == (TAKE, TAKE_PAIR)
    d.apply_action(choice)
    assert sorted(melds_of(d, 1)["W"]) == sorted(cards(f"{pair} {wild}"))


# --- RULES.md §3 coverage (audit) ---

def test_wild_and_natural_sequence_canastas_in_a_played_deal() -> None:
    """§3.2 Hollywood: "wild canasta 2000 [S0 only]"; a natural sequence canasta 1500 [S4], scored from the
    melds of a played deal."""
    wild7 = "2C 2D 2H 2S JK JK JK"
    d = make_deal(HOLLY, [wild7 + " 4D 5D 6D 7D 8D 9D TD AC"], stock="AD AH")
    play(d, "draw", "meld " + wild7, "meld 4D 5D 6D 7D 8D 9D TD", "meld AC AD AH")
    assert d.over and d.out_seat == 0
    b = d.score()[0].breakdown
    assert b["canastas"] == 2000 + 1500 and b["wild_canastas"] == 1 and b["sequence_canastas"] == 1


def test_may_ask_to_go_out_with_a_new_meld_beside_a_full_canasta() -> None:
    # seat 2 lays down canastas of kings and queens (7 cards each: full in Hollywood); seat 0 then holds
    # three more kings, which can only start a new meld of kings (§3.2: another meld once the rank's melds
    # are canastas), and the rest of its hand melds out: it may ask "may I go out?" and go out
    deal = make_deal(
        "hollywood",
        ["KC KD KH JC JD JH JS TC TD TH TS 9C 9D 9H 4S",
         "4C 5D 6H 7S 8C 9D TH JS QC QS AH 4D 5H 6S 7C",
         "KC KD KH KS KC KD KH QC QD QH QS QC QD QH 5H",
         "4H 5C 6D 7H 8D 9S TC JH QS KS AC 4C 5D 6H 7S"],
        upcard="8S", stock="8C 8D 6C 6D 7C 7D AD AS 8H 5C")
    play(deal, "draw", "discard 4S", "draw", "discard 4C", "draw",
         "meld KC KD KH KS KC KD KH", "meld QC QD QH QS QC QD QH", "discard 5H", "draw", "discard 4H", "draw")
    assert sorted(deal.view(0).hand) == sorted(cards("KC KD KH JC JD JH JS TC TD TH TS 9C 9D 9H 8C 8D 8H 5C"))
    assert deal.can_go_out_now()
    assert "ask" in [str(deal.move_for_action_safe(a)) for a in deal.legal_actions()]
    hard = make_agent("hard", 0)  # the bots' going-out plan sees it too
    hard.memory.sync(deal.view(0))  # type: ignore[attr-defined]
    assert hard.position(deal.view(0)).can_out()  # type: ignore[attr-defined]
    play(deal, "meld KC KD KH", "meld JC JD JH JS", "meld TC TD TH TS", "meld 9C 9D 9H", "meld 8C 8D 8H",
         "discard 5C")
    assert deal.over and deal.out_seat == 0
