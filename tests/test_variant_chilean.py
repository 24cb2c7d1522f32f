"""Scripted deals for the ``chilean`` preset (RULES.md §3.2 Chilean column; S0 l.305-317, S4 l.79, R;
docs/variants/chilean.md).

Chilean is classic except: 162 cards (3 packs, 6 jokers); sequence melds of 3-7 cards of one suit
(a sequence canasta 1500 plus its cards); melds of wild cards (a wild canasta 2000); one canasta of
any kind goes out; red threes by the 162-card table (100 each up to 4, 1000 for 5, 1200 for 6).
Unfinished sequences cost nothing. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

from canasta.moves import SEQ_TARGET
from canasta.rules import Rules
from canasta.scoring import SideResult, score_side
from helpers import cards, legal_strs, make_deal, play

CHILEAN = Rules.preset("chilean")


def test_preset_fields() -> None:
    r = Rules.parse("chilean")
    assert r == CHILEAN and r.spec() == "chilean"
    assert (r.packs, r.jokers, r.deck_size, r.hand_size, r.draw, r.target) == (3, 6, 162, 11, 1, 5000)
    assert r.sequences and r.wild_melds and not r.several_melds_per_rank
    assert (r.sequence_canasta_bonus, r.wild_canasta_bonus, r.canastas_to_go_out) == (1500, 2000, 1)
    assert r.sequence_canastas_to_go_out == 0 and r.pile_add_below == 0
    assert [r.red3_bonus(k) for k in range(7)] == [0, 100, 200, 300, 400, 1000, 1200]
    assert Rules.parse("chilean(players=6)").hand_size == 13


def test_a_sequence_canasta_alone_goes_out() -> None:
    d = make_deal(CHILEAN, ["4D 5D 6D 7D 8D 9D TD AC AD AH AS"], stock="KC")
    play(d, "draw", "meld 4D 5D 6D 7D 8D 9D TD", "meld AC AD AH AS")
    assert d.canastas[0] == 1 and "discard KC" in legal_strs(d)
    play(d, "discard KC")
    assert d.over and d.out_seat == 0
    s = d.score()[0].breakdown
    assert s["canastas"] == 1500 and s["sequence_canastas"] == 1 and s["going_out"] == 100


def test_the_top_card_may_join_a_sequence_of_an_open_pile() -> None:
    d = make_deal(CHILEAN, ["4H 5H 6H AC AD AH KC KD QC QD JC", "7H 9S 9D 8S 8D 6S 6D 5S 5D 4S 4D"],
                  stock="TS  TD  JS")
    play(d, "draw", "meld 4H 5H 6H", "meld AC AD AH", "discard TS")
    play(d, "draw", "discard 7H")
    assert "take to 4H-6H" in legal_strs(d)
    play(d, "take to 4H-6H")
    seq = next(m for m in d.melds[0] if m.target == SEQ_TARGET)
    assert seq.span == (2, 2, 5)


def test_scoring() -> None:
    side = SideResult(melds=[cards("2C 2D 2H JK 2S 2C 2D"), cards("8S 9S TS")], red_threes=cards("3D 3D 3H 3H 3D 3H"))
    s = score_side(CHILEAN, side).breakdown
    assert s["canastas"] == 2000 and s["red_threes"] == 1200 and s["melded_cards"] == 170 + 30
    # an unfinished sequence is scored by its cards only, never penalised
    assert score_side(CHILEAN, SideResult(melds=[cards("8S 9S TS")])).total == 30
