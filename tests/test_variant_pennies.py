"""Scripted deals for the ``pennies-from-heaven`` preset (RULES.md §3.5; S4 l.91;
docs/variants/pennies-from-heaven.md).

Six players in two sides of three (seats 0, 2, 4 are side 0), 4 packs + 8 jokers (216 cards), 13
cards dealt plus a face-down packet of 11 per player, taken once the side has completed its first
canasta; draw 2, discard 1; sevens may not be discarded until each side has a canasta of sevens,
and never as the last card; no meld holds more than 7 cards; wild melds allowed (wild canasta
1000); a sevens canasta scores 1500; going out needs a canasta of sevens, a wild canasta, a natural
and a mixed canasta (four different canastas); red threes 100 each, all 8 of one side 1000, negative
for a side without a canasta of sevens; game to 20,000.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from canasta.cards.deck import deck_counts
from canasta.engine.deal import Deal, IllegalMove
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, legal_strs, play, snapshot, stacked_deck

PEN = Rules.preset("pennies-from-heaven")
PACKET_FILL = (2, 3, 4, 6, 7, 8, 9, 10, 11, 12)  # ranks 4 5 6 8 9 T J Q K A (no sevens, no wild cards)


def pennies_deal(hands: Sequence[str | None], packets: Sequence[str | None] = (), upcard: str = "5C",
                 stock: str | None = None, scores: Sequence[int] | None = None) -> Deal:
    """A deal with ``hands`` and face-down ``packets`` (seat k = k-th player, seat 0 first), the
    missing cards padded with naturals, the sides' cumulative ``scores`` (points, for the minimum); checked."""
    n, size = PEN.players, PEN.extra_cards
    left = deck_counts(PEN.packs, PEN.jokers)
    named = [cards(p) for p in packets] + [[] for _ in range(n - len(packets))]
    for spec in list(hands) + [upcard, stock] + list(packets):
        for c in cards(spec):
            left[c] -= 1
    full = []
    for k, p in enumerate(named):
        p = list(p)
        i = k
        while len(p) < size:
            rank = PACKET_FILL[i % len(PACKET_FILL)]
            i += 1
            for s in range(4):
                c = rank * 4 + s
                if left[c] > 0:
                    left[c] -= 1
                    p.append(c)
                    break
        full.append(p)
    between = [full[k][i] for i in range(size) for k in range(n)]
    deck = stacked_deck(PEN, list(hands), upcard=between + cards(upcard), stock=stock, dealer=n - 1)
    d = Deal(PEN, dealer=n - 1, seed=0, deck=deck, scores=list(scores) if scores is not None else None)
    d.check_invariants()
    assert [sorted(p) for p in d.packets] == [sorted(p) for p in full]
    return d


def test_preset_fields() -> None:
    r = Rules.parse("pennies-from-heaven")
    assert r == PEN and r.deck_size == 216 and (r.players, r.teams, r.team_size) == (6, 2, 3)
    assert (r.hand_size, r.draw, r.extra_cards, r.extra_cards_from, r.extra_cards_when) == (
        13, 2, 11, "packet", "first_canasta")
    assert (r.canasta_max, r.wild_melds, r.wild_canasta_bonus, r.target) == (7, True, 1000, 20000)
    assert r.rank_canasta_bonuses == (("7", 1500),) and r.discard_blocked_rank == "7"
    assert r.going_out_canastas == ("7", "wild", "natural", "mixed") and r.canastas_to_go_out == 4
    with pytest.raises(RulesError, match="played by 6 players in 2 sides"):
        Rules.parse("pennies-from-heaven(players=4)")
    with pytest.raises(RulesError, match="kinds of canasta"):
        Rules.parse("pennies-from-heaven(going_out_canastas=7/pure)")
    with pytest.raises(RulesError, match="packets of 20"):
        Rules.parse("pennies-from-heaven(extra_cards=20)")


def test_packets_are_dealt_face_down_and_counted() -> None:
    d = Deal(PEN, seed=3)
    assert [len(p) for p in d.packets] == [11] * 6 and d.hand_sizes == [13] * 6
    v = d.view(0)
    assert v.packet_sizes == (11,) * 6 and len(v.hand) == 13  # sizes only: packets stay face down
    fields = [getattr(v, f.name) for f in dataclasses.fields(v)]  # (a compiled view has no __dict__)
    assert not any(isinstance(x, list) and x in d.packets for x in fields)
    clone = d.clone()
    assert clone.packets == d.packets and clone.packets[0] is not d.packets[0]
    d.packets[1].pop()
    with pytest.raises(AssertionError, match="conservation"):
        d.check_invariants()


# ------------------------------------------------------------------ packets

SEVENS = "7C 7D 7H 7S 7C 7D 7H"
SEAT0 = SEVENS + " KC KD KH KS KC KD"
PACKET0 = "JK JK JK JK 2C 2D 2H QC QD QH 9S"
SEAT2 = "QS QS QC QD 4C 4D 4H 5C 5D 5H 6C 6D 6H"
PACKET2 = "8C 8D 8H JH 9C 9D 9H TC TD TH JC"


def _first_turn(last_draw: str = "8S", packet2: str = PACKET2) -> Deal:
    """Seat 0 melds a natural canasta of sevens (his packet joins his hand), a mixed canasta of
    kings, a wild canasta and three queens; seat 1 draws and discards; seat 2 starts his turn."""
    d = pennies_deal([SEAT0, None, SEAT2], [PACKET0, None, packet2],
                     stock="2S 9D 4S 5S JD " + last_draw)
    play(d, "draw")
    assert d.packets[0]
    play(d, "meld " + SEVENS)
    assert d.canastas[0] == 1 and not d.packets[0] and d.hand_sizes[0] == 8 + 11  # packet taken at once
    assert d.packets[2] and d.packets[4]  # partners: at the start of their next turns
    play(d, "meld KC KC KD KD KH KS 2S", "meld JK JK JK JK 2C 2D 2H", "meld QC QD QH")
    assert d.opened[0] and d.canastas[0] == 3
    play(d, "discard 9S")
    play(d, "draw", "discard 4S")  # seat 1
    assert d.turn == 2 and not d.packets[2] and d.hand_sizes[2] == 13 + 11  # seat 2 took his packet
    assert d.packets[1] and d.packets[4]
    return d


def test_going_out_needs_the_four_kinds_and_the_last_meld_may_complete_them() -> None:
    d = _first_turn()
    play(d, "draw")
    assert "ask" not in legal_strs(d)  # no natural canasta yet (the sevens count as sevens)
    play(d, "meld 4C 4D 4H", "meld 5C 5D 5H", "meld 6C 6D 6H", "meld 8C 8D 8H 8S", "meld 9C 9D 9H",
         "meld TC TD TH", "meld JC JD JH")
    assert d.hand_sizes[2] == 4
    play(d, "add QC QD QS QS")  # a natural canasta of queens: the fourth kind, and out
    assert d.over and d.out_seat == 2
    sc = d.score()[0]
    assert sc.breakdown["canastas"] == 1500 + 300 + 1000 + 500 and sc.breakdown["going_out"] == 100


def test_no_seven_as_the_last_card() -> None:
    d = _first_turn(last_draw="7S", packet2="8C 8D 8H JH 9C 9D 9H TC TD TH JC")
    play(d, "draw", "meld 4C 4D 4H", "meld 5C 5D 5H", "meld 6C 6D 6H", "meld 8C 8D 8H", "meld 9C 9D 9H",
         "meld TC TD TH", "meld JC JD JH")
    assert d.hand_sizes[2] == 5
    before = snapshot(d)
    with pytest.raises(IllegalMove):
        d.apply("add QC QD QS QS")  # would leave 7S to discard
    assert snapshot(d) == before
    assert "discard 7S" not in legal_strs(d)  # side 1 has no canasta of sevens


def test_red_threes_in_a_packet_are_laid_out_and_replaced() -> None:
    d = pennies_deal([SEVENS + " KC KD KH AC AD AH"], ["3H 3D"], stock="9C 9D TC TD")
    play(d, "draw")
    stock = len(d.stock)
    play(d, "meld " + SEVENS)
    assert sorted(d.red3[0]) == cards("3D 3H") and d.hand_sizes[0] == 8 + 11 and len(d.stock) == stock - 2


# ------------------------------------------------------------------ sevens

def test_sevens_not_discarded_until_each_side_has_a_canasta_of_sevens() -> None:
    d = pennies_deal([SEVENS + " 7S KC KD KH AC AD", SEVENS + " QC QD QH AC AD AH", "7S"],
                     stock="9C 9D TC TD JC JD")
    play(d, "draw", "meld " + SEVENS)
    assert "add 7S" not in legal_strs(d)  # 7 cards at most
    assert "discard 7S" not in legal_strs(d)
    before = snapshot(d)
    with pytest.raises(IllegalMove, match="until every side has a canasta of sevens"):
        d.apply("discard 7S")
    assert snapshot(d) == before
    play(d, "meld KC KD KH", "discard 9C")
    play(d, "draw", "meld " + SEVENS, "meld QC QD QH", "discard TC")  # seat 1: side 1's sevens
    play(d, "draw")
    assert "discard 7S" in legal_strs(d)


# ------------------------------------------------------------------ scoring

@pytest.mark.parametrize(("meld", "bonus"), [
    (SEVENS, 1500), ("7C 7D 7H 7S 7C 7D JK", 1500), ("JK JK 2C 2D 2H 2S JK", 1000),
    ("KC KD KH KS KC KD KH", 500), ("KC KD KH KS KC KD 2H", 300),
])
def test_canasta_bonuses(meld: str, bonus: int) -> None:
    assert score_side(PEN, SideResult(melds=[cards(meld)])).breakdown["canastas"] == bonus


@pytest.mark.parametrize(("reds", "sevens", "points"), [
    ("3H", True, 100), ("3H 3D 3H 3D 3H 3D 3H", True, 700), ("3H 3D 3H 3D 3H 3D 3H 3D", True, 1000),
    ("3H 3D 3H 3D 3H 3D 3H 3D", False, -1000), ("3H 3D", False, -200),
])
def test_red_threes(reds: str, sevens: bool, points: int) -> None:
    melds = [cards(SEVENS if sevens else "KC KD KH KS KC KD KH")]
    assert score_side(PEN, SideResult(melds=melds, red_threes=cards(reds))).breakdown["red_threes"] == points


def test_score_sheet() -> None:
    four = [SEVENS.split(), "JK JK 2C 2D 2H 2S JK".split(), "KC KD KH KS KC KD KH".split(),
            "QC QD QH QS QC QD 2H".split()]
    sheet = {"variant": "pennies-from-heaven", "deals": [{
        "A": {"melds": four, "red_threes": ["3H"], "went_out": True},
        "B": {"melds": [["QH", "QS", "QD"]], "red_threes": ["3D"], "hand": ["9S"]},
    }]}
    res = score_sheet(parse_sheet(sheet))
    a, b = res.deals[0]["A"], res.deals[0]["B"]
    assert a.breakdown["canastas"] == 1500 + 1000 + 500 + 300 and a.breakdown["red_threes"] == 100
    assert b.total == 30 - 100 - 10
    sheet["deals"][0]["A"]["melds"] = four[:3]
    with pytest.raises(ScoreSheetError, match="went out"):
        score_sheet(parse_sheet(sheet))


def test_display_shows_the_packets() -> None:
    from canasta.cli.display import render_view
    from test_display import info, text_of

    d = pennies_deal([SEVENS + " KC KD KH AC AD AH"], stock="9C 9D")
    play(d, "draw")
    out = text_of(render_view(d.view(0), info(PEN)), width=120)
    assert out.count("+11 packet") == 6 and "Packet: 11 cards face down, yours after its first canasta" in out
    play(d, "meld " + SEVENS)
    out = text_of(render_view(d.view(0), info(PEN)), width=120)
    assert out.count("+11 packet") == 5 and "Packet:" not in out


# --- RULES.md §3 coverage (audit) ---

def test_game_to_20000() -> None:
    """§3.5 Pennies from Heaven: "game 20,000" (the going-out deal of the packets test above)."""
    from helpers import check_target

    deck = _first_turn().deck

    def out(d: Deal) -> None:
        play(d, "draw", "meld " + SEVENS, "meld KC KC KD KD KH KS 2S",
             "meld JK JK JK JK 2C 2D 2H", "meld QC QD QH", "discard 9S", "draw", "discard 4S", "draw",
             "meld 4C 4D 4H", "meld 5C 5D 5H", "meld 6C 6D 6H", "meld 8C 8D 8H 8S", "meld 9C 9D 9H",
             "meld TC TD TH", "meld JC JD JH", "add QC QD QS QS")

    check_target(PEN, out, deck=deck)


def test_a_deal_of_216_cards() -> None:
    """§3.5 Pennies from Heaven: "4 packs + 8 jokers" (13 + 11 cards: the packets tests)."""
    d = _first_turn()
    assert sum(d.card_census()) == 216 and d.card_census()[cards("JK")[0]] == 8


def test_a_take_whose_canasta_brings_the_packet_may_make_the_initial_meld() -> None:
    # §3.5: the packet joins the hand as soon as the side completes its first canasta, in the same turn, so its cards
    # count toward the initial meld of that turn. Side 1 needs 90: the kings it can take and meld are worth 70, and
    # the canasta they make brings eleven aces. The take was refused before (the plans of the hand alone fell short).
    d = pennies_deal(["4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KH", "KC KD KS KC KD KS 4H 5H 6H 8H 9H TH JC"],
                     [None, "AC AD AH AS AC AD AH AS AC AD AH"], stock="JD QD", scores=[0, 1500])
    assert d.minimum == [50, 90]
    play(d, "draw", "discard KH")
    assert "take KC KC" in legal_strs(d)
    play(d, "take KC KC", "add KD KD KS KS")
    assert d.canastas[1] == 1 and not d.packets[1] and not d.opened[1]  # the packet came with the canasta
    play(d, "meld AC AC AD AD AH AH AS")
    assert d.opened[1]
    # with a packet that makes no meld (pairs at most) the same take stays refused
    e = pennies_deal(["4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KH", "KC KD KS KC KD KS 4H 5H 6H 8H 9H TH JC"],
                     [None, "4S 5S 6S 8S 9S TS JS QS QH AS 7S"], stock="JD QD", scores=[0, 1500])
    play(e, "draw", "discard KH")
    assert legal_strs(e) == {"draw"}
