"""Scripted deals for the ``chilean`` preset (RULES.md §3.2 Chilean column; S0 l.305-317, S4 l.79, R;
docs/variants/chilean.md).

Chilean is classic except: 162 cards (3 packs, 6 jokers); sequence melds of 3-7 cards of one suit
(a sequence canasta 1500 plus its cards); melds of wild cards (a wild canasta 2000); one canasta of
any kind goes out; red threes by the 162-card table (100 each up to 4, 1000 for 5, 1200 for 6).
Unfinished sequences cost nothing. Seat 0 plays first; seats 0 and 2 are side 0.
"""

from __future__ import annotations

from canasta.moves.notation import SEQ_TARGET
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
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


# --- RULES.md §3 coverage (audit) ---

WILD7 = "2C 2D 2H 2S JK JK 2C"


def test_a_deal_of_162_cards() -> None:
    """§3.2 Chilean "Cards: 162 [S0, S4]" (11 cards dealt to 4 players: docs/variants/chilean.md)."""
    d = make_deal(CHILEAN, [WILD7 + " AC AD AH AS"], stock="KC")
    assert sum(d.card_census()) == 162 and d.hand_sizes == [11] * 4


def test_wild_canasta_2000_and_six_red_threes_in_a_played_deal() -> None:
    """§3.2 Chilean: "Wild melds: yes; wild canasta 2000"; red threes of 162 cards (1200 for 6, §3.1)."""
    d = make_deal(CHILEAN, [WILD7 + " AC AD AH AS", None, "3D 3D 3D 3H 3H 3H"], stock="5C 5D 5H 6C 6D 6H KC")
    play(d, "draw")
    assert "meld 2C 2C JK" in legal_strs(d)  # a meld of three wild cards may be started
    play(d, "meld " + WILD7, "meld AC AD AH AS", "discard KC")
    assert d.over and d.out_seat == 0
    b = d.score()[0].breakdown
    assert b["canastas"] == 2000 and b["wild_canastas"] == 1 and b["red_threes"] == 1200


def test_an_unfinished_sequence_costs_nothing_in_a_played_deal() -> None:
    """§3.2 Chilean going out: "unfinished sequences not penalised" [S0]."""
    d = make_deal(CHILEAN, ["4D 5D 6D 7D 8D 9D TD AC AD AH 5C", "8S 9S TS JS QS"], stock="AS 5H")
    play(d, "draw", "discard 5C")
    play(d, "draw", "meld 8S 9S TS JS QS", "discard 5H")  # side 1 opens with a sequence of 5 (50)
    assert d.melds[1][0].target == SEQ_TARGET and d.melds[1][0].size == 5
    from helpers import draw_discard

    draw_discard(d, 2)
    play(d, "draw")
    play(d, "meld 4D 5D 6D 7D 8D 9D TD", "meld AC AD AH AS")
    discard = next(m for m in legal_strs(d) if m.startswith("discard"))
    play(d, discard)
    assert d.over and d.out_seat == 0
    b = d.score()[1].breakdown
    assert b.get("penalties", 0) == 0 and b["melded_cards"] == 50
