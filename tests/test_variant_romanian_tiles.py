"""Scripted deals for the ``romanian-tiles`` preset (RULES.md §3.4; seeds 002 and 003;
docs/variants/romanian-tiles.md).

The tile game: 106 tiles (2 packs and 2 jolys), 14 tiles each and 15 to the first player, who
starts by discarding; the surpriza under the upcard; no melding or taking in the first round;
the initial meld 50 without wild cards / 90 / 120 / a canasta, or any complete canasta or meld
of wild cards; the pile taken with a natural pair only; after a partner's initial meld a take
in the same round needs a canasta; a black three stops the next player; a joly discard blocks
the pile a full round; ace canastas 1000/500, joker canasta 2000; beyond seven a flat 50; the
penalties; two canastas to go out; the stock's end ends the deal; 10,000 and going out to win.

Seat 0 plays first; seats 0 and 2 are side 0. The first player's 15th tile is the first card of
``upcard`` below (see :func:`tiles_deal`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from io import StringIO

import pytest
from rich.console import Console

from canasta.cards.deck import JOKER
from canasta.cards.tiles import tile_name, tile_number
from canasta.cli.display import TableInfo, render_view, seat_names
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.dowry import dowry_cards
from canasta.engine.game import Game
from canasta.formats.score_sheet import ScoreSheetError, parse_sheet, score_sheet
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import DISCARD, DRAW
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from canasta.scoring.winner import winner
from helpers import cards, draw_discard, legal_strs, make_deal, play

TILES = Rules.preset("romanian-tiles")


def tiles_deal(hands: list[str], extra: str = "4S", upcard: str = "AS", surprise: str = "6S",
               stock: str = "", scores: list[int] | None = None, rules: Rules = TILES) -> Deal:
    """A tiles deal: ``hands`` of 14, ``extra`` the first player's 15th tile, then the upcard
    (with any wild cards turned before it), then the surpriza (as many tiles as the upcard's
    number), then the stock top first."""
    n = tile_number(cards(upcard)[-1])
    assert len(cards(surprise)) == n, "give exactly the surpriza's tiles"
    return make_deal(rules, hands, upcard=f"{extra} {upcard}", stock=f"{surprise} {stock}".strip(),
                     scores=scores)


def first_round(d: Deal, discard: str = "4S") -> Deal:
    """The first round: seat 0 discards ``discard``; the others draw and discard what they drew."""
    play(d, f"discard {discard}")
    return draw_discard(d, d.n - 1)


def takes(d: Deal) -> set[str]:
    return {m for m in legal_strs(d) if m.startswith("take")}


# ------------------------------------------------------------------ set and deal

def test_preset_fields() -> None:
    r = Rules.parse("romanian-tiles")
    assert r == TILES and r.spec() == "romanian-tiles" and Rules.parse(r.spec()) == r
    assert (r.packs, r.jokers, r.deck_size, r.hand_size, r.draw, r.target) == (2, 2, 106, 14, 1, 10000)
    assert r.direction == "counterclockwise" and r.canastas_to_go_out == 2 and r.concealed_bonus == 0
    vals = {c: r.card_values[cards(c)[0]] for c in ("AH", "2C", "JK", "4D", "6S", "7C", "KH")}
    assert vals == {"AH": 25, "2C": 20, "JK": 50, "4D": 5, "6S": 5, "7C": 10, "KH": 10}
    assert [r.min_meld(s) for s in (-500, 0, 1495, 1500, 2995, 3000, 6000)] == [50, 50, 50, 90, 90, 120, 120]
    assert [r.opening_requirement(s) for s in (4995, 5000)] == ["", "canasta"]
    assert not r.opening_allows_wild(1495) and r.opening_allows_wild(1500)
    assert Rules.parse("romanian-tiles(players=2)").teams == 2
    with pytest.raises(RulesError, match="2, 3 or 4 players"):
        Rules.parse("romanian-tiles(players=6)")
    with pytest.raises(RulesError, match="SCORE:REQUIREMENT"):
        Rules.parse("romanian-tiles(min_meld_canasta_from=5000:two_canastas)")


def test_tile_names() -> None:
    assert [tile_name(cards(c)[0]) for c in ("7H", "7D", "7S", "7C", "AH", "KS", "JK")] == [
        "red 7", "yellow 7", "black 7", "blue 7", "red 1", "black 13", "joly"]


def test_fifteen_to_the_first_player_who_discards_without_drawing() -> None:
    d = tiles_deal([])
    assert d.hand_sizes == [15, 14, 14, 14] and d.turn == 0 and d.phase == 1
    legal = legal_strs(d)
    assert "draw" not in legal and legal and all(m.startswith("discard") for m in legal)
    with pytest.raises(IllegalMove, match="already drawn"):
        d.apply("draw")
    play(d, "discard 4S")
    assert d.turn == 1 and "draw" in legal_strs(d)


# ------------------------------------------------------------------ surpriza

@pytest.mark.parametrize(("upcard", "n"), [("AS", 1), ("7H", 7), ("KC", 13)])
def test_surpriza_is_the_upcards_number_of_tiles(upcard: str, n: int) -> None:
    sur = " ".join(["5C", "5D", "5H", "5S", "6C", "6D", "6H", "8C", "8D", "8H", "9C", "9D", "9H"][:n])
    d = tiles_deal([], upcard=upcard, surprise=sur)
    assert sorted(d.dowry) == sorted(cards(sur)) and d.pile == cards(upcard)
    v = d.view(1)
    assert v.dowry_size == n and v.pile_size == 1 and not hasattr(v, "dowry")


def test_wild_upcard_turns_another_and_stays_in_the_pile() -> None:
    d = tiles_deal([], upcard="2C JK 4H", surprise="5C 5D 5H 5S")
    assert d.pile == cards("2C JK 4H") and len(d.dowry) == 4


def test_surpriza_cards_helper_takes_from_the_top() -> None:
    stock = cards("9C 8C 7C")
    assert dowry_cards(TILES, stock, cards("2C")[0]) == cards("7C 8C") and stock == cards("9C")
    assert dowry_cards(TILES, stock, JOKER) == []


def test_the_taker_gets_the_pile_and_the_surpriza() -> None:
    d = tiles_deal(["KH", "KC KD AC AD AH"], upcard="AS", surprise="6S", stock="5C 5D 5H 8S")
    first_round(d)
    play(d, "draw", "discard KH")  # seat 0, turn 5
    assert d.view(1).dowry_size == 1 and d.pile_size == 6
    play(d, "take KC KD")
    assert d.pending and d.hand_sizes[1] == 12  # set aside until the initial meld (30 so far)
    play(d, "meld AC AD AH")
    assert d.opened[1] and d.dowry == [] and d.pending == [] and d.hand_sizes[1] == 9 + 5 + 1
    assert d.hands[1][cards("6S")[0]] >= 1


# ------------------------------------------------------------------ first round

def test_no_melding_and_no_taking_in_the_first_round() -> None:
    d = tiles_deal(["KC KD KH AC AD AH", "9C 9D QC QD QH"], extra="9H", stock="5C 5D 5H 8S")
    assert not any(m.startswith("meld") for m in legal_strs(d))
    play(d, "discard 9H")
    assert "take 9C 9D" not in takes(d) and takes(d) == set()  # 9 9 9 + Q Q Q = 60 would open
    play(d, "draw")
    assert not any(m.startswith("meld") for m in legal_strs(d))
    play(d, "discard 5C")
    draw_discard(d, 2)
    play(d, "draw")  # turn 5: seat 0 may now open
    assert "meld KC KD KH" in legal_strs(d)


# ------------------------------------------------------------------ initial meld

def opening_turn(hand: str, score: int, draw: str = "8S") -> Deal:
    d = tiles_deal([hand], stock=f"4C 4D 4H {draw}", scores=[score, 0])
    first_round(d)
    return play(d, "draw")


def test_under_1500_fifty_without_wild_cards() -> None:
    d = opening_turn("KC KD KH QC QD QH 2C JK", 0)
    assert d.minimum == [50, 50]
    legal = legal_strs(d)
    assert "meld KC KD KH" in legal and "meld KC KD KH 2C" not in legal
    with pytest.raises(IllegalMove):
        d.apply("meld KC KD KH 2C")
    play(d, "meld KC KD KH")
    assert not d.opened[0] and not any(m.startswith("discard") for m in legal_strs(d))
    assert not any(m.startswith("add") and ("2C" in m or "JK" in m) for m in legal_strs(d))
    play(d, "meld QC QD QH")
    assert d.opened[0] and any(m.startswith("add") and "2C" in m for m in legal_strs(d))


def test_under_1500_the_wild_cards_cannot_make_up_the_count() -> None:
    d = opening_turn("KC KD KH 9C 9D 2C JK", 0)  # 30 + 20 without wild cards: unreachable
    assert not any(m.startswith("meld K") or m.startswith("meld 9") for m in legal_strs(d))


def test_from_1500_ninety_with_wild_cards() -> None:
    d = opening_turn("KC KD KH AC AD 2C", 1500)
    assert d.minimum == [90, 50]
    assert "meld AC AD 2C" in legal_strs(d)
    play(d, "meld AC AD 2C", "meld KC KD KH")  # 70 + 30
    assert d.opened[0]


def test_from_3000_a_hundred_and_twenty() -> None:
    d = opening_turn("KC KD KH AC AD 2C", 3000)  # 100 at most
    assert d.minimum[0] == 120
    assert not any(m.startswith("meld K") or m.startswith("meld A") for m in legal_strs(d))


def test_from_5000_only_a_canasta_opens() -> None:
    d = opening_turn("AC AD AH AS AC AD 2C KC KD KH", 5000)
    legal = legal_strs(d)
    assert "meld AC AD AH" not in legal and "meld KC KD KH" not in legal
    assert "meld AC AC AD AD AH AS 2C" in legal
    play(d, "meld AC AC AD AD AH AS 2C")
    assert d.opened[0] and d.canastas[0] == 1


def test_a_complete_canasta_opens_whatever_the_count() -> None:
    d = opening_turn("5C 5C 5D 5D 5H 5H 5S", 3000)  # 35 < 120
    play(d, "meld 5C 5C 5D 5D 5H 5H 5S")
    assert d.opened[0] and "discard 8S" in legal_strs(d)


def test_a_meld_of_wild_cards_opens_whatever_the_count() -> None:
    d = opening_turn("2C 2D JK", 0)
    assert "meld 2C 2D JK" in legal_strs(d)
    play(d, "meld 2C 2D JK")
    assert d.opened[0]


def test_a_meld_of_wild_cards_may_follow_natural_melds_and_open() -> None:
    """Under 1500 the initial meld holds no wild card, but a meld of wild cards opens whatever the count (S2
    l.128-132): K K K (30 of the 50) is offered where 2C 2D JK can follow it, and the two open together (the
    initial-meld oracle, run after the first round, found it refused)."""
    d = opening_turn("KC KD KH 9C 2C 2D JK", 0)
    assert "meld KC KD KH" in legal_strs(d)
    play(d, "meld KC KD KH")
    assert not d.opened[0] and "meld 2C 2D JK" in legal_strs(d)
    play(d, "meld 2C 2D JK")
    assert d.opened[0]


def test_a_canasta_completed_later_in_the_turn_opens() -> None:
    """A canasta opens whatever the count (S2 l.131-132), also one completed by a later move of the turn: 5 5 5 (15
    of the 50) is offered where 5 5 and the two jokers make it a canasta, and that addition (wild cards in a move
    that opens) opens the side."""
    d = opening_turn("5C 5C 5D 5D 5H JK JK 9C", 0)
    assert "meld 5C 5C 5D" in legal_strs(d)
    play(d, "meld 5C 5C 5D")
    assert "add 5D 5H JK JK" in legal_strs(d)
    play(d, "add 5D 5H JK JK")
    assert d.opened[0] and d.canastas[0] == 1


def test_taking_the_pile_where_a_meld_of_wild_cards_opens_after_it() -> None:
    """K K with the KH on the pile makes 30 of the 50; a meld of wild cards, which opens whatever the count, can
    follow: the take is offered (the take oracle found it refused in the tile game)."""
    d = tiles_deal(["KH", "KC KD 9C 2C 2D JK"], stock="5C 5D 5H 8S")
    first_round(d)
    play(d, "draw", "discard KH")
    assert "take KC KD" in takes(d)
    play(d, "take KC KD", "meld 2C 2D JK")
    assert d.opened[1] and not d.pending


def test_taking_the_pile_to_open_without_wild_cards() -> None:
    d = tiles_deal(["KH", "KC KD QC QD QH 2C"], stock="5C 5D 5H 8S")
    first_round(d)
    play(d, "draw", "discard KH")
    assert "take KC KD" in takes(d)  # 30 + Q Q Q 30 = 60
    d2 = tiles_deal(["KH", "KC KD QC QD 2C"], stock="5C 5D 5H 8S")
    first_round(d2)
    play(d2, "draw", "discard KH")
    assert takes(d2) == set()  # 30 + Q Q 2 would need the two


# ------------------------------------------------------------------ the pile

def opened_side0(hand0: str, hand2: str = "", hand1: str = "", stock: str = "") -> Deal:
    """Seat 0 opens in turn 5 with K K K + A A A (105) and discards 8S."""
    d = tiles_deal(["KC KD KH AC AD AH " + hand0, hand1, hand2], stock=f"5C 5D 5H 8S {stock}".strip())
    first_round(d)
    return play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 8S")


def test_pile_is_taken_with_a_natural_pair_only() -> None:
    d = opened_side0("", hand2="QD 2C", stock="4C 4D 4H 6C KS 7C 7D 7H QS")
    draw_discard(d, 4)  # turns 6-9
    play(d, "draw", "discard KS")  # seat 1, turn 10: a king, and side 0 has a meld of kings
    assert d.turn == 2 and "take" not in takes(d)  # no adding the top card to a meld
    draw_discard(d, 3)  # turns 11-13
    play(d, "draw", "discard QS")  # seat 1, turn 14
    assert "take QD 2C" not in takes(d)  # no natural and wild card


def test_partner_takes_in_the_same_round_only_with_a_canasta() -> None:
    six = "QC QC QD QD QH QH"
    d = opened_side0("", hand2=six, stock="QS")
    play(d, "draw", "discard QS")  # seat 1, turn 6
    assert "take QC QC" in takes(d)
    play(d, "take QC QC")
    assert d.must_canasta == cards("QC")[0] >> 2 and d.pending
    legal = legal_strs(d)
    assert not any(m.startswith("discard") for m in legal)
    assert all(m.startswith("add") for m in legal) and "add QD QD QH QH" in legal
    play(d, "add QD QD QH QH")
    assert d.must_canasta == -1 and not d.pending and d.canastas[0] == 1
    assert any(m.startswith("discard") for m in legal_strs(d))


def test_partner_without_six_cannot_take_in_the_same_round_but_can_later() -> None:
    d = opened_side0("", hand2="QC QD 9C 9D", stock="QS 4C 4D 4H 9S")
    play(d, "draw", "discard QS")  # seat 1, turn 6
    assert takes(d) == set()
    play(d, "draw", "discard 4C")  # seat 2
    draw_discard(d, 2)  # seats 3, 0
    play(d, "draw", "discard 9S")  # seat 1, turn 10
    assert "take 9C 9D" in takes(d)  # the next round: a pair is enough


def test_black_three_stops_the_next_player() -> None:
    d = opened_side0("3S", hand1="3C 3S")
    draw_discard(d, 3)  # turns 6-8
    play(d, "draw", "discard 3S")  # seat 0, turn 9
    assert takes(d) == set() and d.view(1).stopped
    with pytest.raises(IllegalMove, match="black three"):
        d.apply("take 3C 3S")


def test_a_joly_discard_blocks_the_pile_a_full_round() -> None:
    d = tiles_deal(["JK", "7S 7S KC KD KH QC QD QH", "8C 8D AC AD AH"], stock="5C 5D 5H 9S 8S 4C 4D 7H")
    first_round(d)
    play(d, "draw", "discard JK")  # turn 5
    assert d.blocked_until == 9
    play(d, "draw", "discard 8S")  # seat 1, turn 6
    assert takes(d) == set()
    c = d.clone()
    c.blocked_until = 0
    c._legal = None
    assert "take 8C 8D" in takes(c)  # without the joly the pair would take it
    assert d.view(2).pile_blocked_until == 9
    draw_discard(d, 3)  # turns 7-9
    assert d.turn == 1 and d.turn_no == 10 and d.pile[-1] == cards("7H")[0]
    assert "take 7S 7S" in takes(d)  # the round is over: the pile is free again


# ------------------------------------------------------------------ end of the deal

def test_the_stock_running_out_ends_the_deal() -> None:
    d = tiles_deal([])
    first_round(d)
    while not d.over:
        draw_discard(d)
    assert d.stock == [] and d.out_seat == -1
    s = d.score()
    assert all(x.breakdown["going_out"] == 0 for x in s)


# ------------------------------------------------------------------ scoring

def side(melds: Sequence[str] = (), hand: str = "", reds: str = "", out: bool = False) -> SideResult:
    """A side's result from card texts (one string per meld)."""
    return SideResult(melds=[cards(m) for m in melds], hand=cards(hand), red_threes=cards(reds), went_out=out)


def test_canasta_bonuses_aces_and_jokers() -> None:
    s = score_side(TILES, side(["AC AC AD AD AH AH AS", "4C 4D 2C"], out=False))
    assert s.breakdown["canastas"] == 1000  # natural aces; 4 4 2 is only a meld
    s = score_side(TILES, side(["AC AC AD AD AH 2C JK"]))
    assert s.breakdown["canastas"] == 500
    s = score_side(TILES, side(["2C 2C 2D 2D 2H JK JK"]))
    assert s.breakdown["canastas"] == 2000 and s.breakdown["melded_cards"] == 5 * 20 + 2 * 50
    s = score_side(TILES, side(["KC KC KD KD KH KH KS", "QC QC QD QD QH QH 2S"]))
    assert s.breakdown["canastas"] == 500 + 300


def test_cards_beyond_seven_score_a_flat_fifty() -> None:
    s = score_side(TILES, side(["KC KC KD KD KH KH KS KS 2C 2D"]))  # 10 cards, 2 wild
    assert s.breakdown["melded_cards"] == (20 + 20 + 5 * 10) + 50
    s = score_side(TILES, side(["KC KC KD KD KH KH KS"]))
    assert s.breakdown["melded_cards"] == 70


def test_going_out_bonus_and_red_threes() -> None:
    s = score_side(TILES, side(["KC KC KD KD KH KH KS", "QC QC QD QD QH QH QS"], reds="3H 3H 3D 3D",
                               out=True))
    assert s.breakdown["going_out"] == 100 and s.breakdown["concealed"] == 0
    assert s.breakdown["red_threes"] == 800 and s.total == 800 + 1000 + 140 + 100
    assert score_side(TILES, side(reds="3H", hand="KC")).breakdown["red_threes"] == 100  # never negative


def test_never_opened_loses_twice_the_rack() -> None:
    s = score_side(TILES, side(hand="KC QC 5D AH"))
    assert s.breakdown["hand_cards"] == -2 * (10 + 10 + 5 + 25) and s.total == -100


def test_opened_without_canasta_loses_melds_and_rack() -> None:
    s = score_side(TILES, side(["KC KD KH", "AC AD 2C"], hand="5C 5D"))
    assert s.breakdown["melded_cards"] == -(30 + 70) and s.breakdown["hand_cards"] == -10
    assert s.total == -110


def test_black_threes_on_the_rack() -> None:
    s = score_side(TILES, side(["KC KC KD KD KH KH KS"], hand="3S 3C"))
    assert s.breakdown["hand_cards"] == -200
    s = score_side(TILES, side(["KC KC KD KD KH KH KS"], hand="3S 3C 3S 3C"))
    assert s.breakdown["hand_cards"] == -1600


def test_engine_and_score_keeper_agree() -> None:
    sheet = {"variant": "romanian-tiles", "deals": [{
        "Us": {"melds": [["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"], ["AC", "AD", "AH", "AS", "AC",
                                                                          "AD", "2C"]],
               "red_threes": ["3H"], "hand": [], "went_out": True},
        "Them": {"melds": [], "hand": ["3S", "QC", "JK"], "red_threes": ["3D"]}}]}
    res = score_sheet(parse_sheet(sheet))
    us, them = res.deals[0]["Us"], res.deals[0]["Them"]
    assert us.total == 500 + 500 + (70 + 50) + (6 * 25 + 20) + 100 + 100  # kings 8: 7 x 10 + flat 50
    assert them.total == 100 - 2 * (100 + 10 + 50)
    assert res.winner is None
    bad = {"variant": "romanian-tiles", "deals": [{"Us": {"melds": [["KC", "KD", "2C", "2D", "JK", "JK"]]},
                                                   "Them": {}}]}
    with pytest.raises(ScoreSheetError, match="at most 3"):
        score_sheet(parse_sheet(bad))


def test_the_game_needs_ten_thousand_and_going_out() -> None:
    assert winner(TILES, {"0": 10500, "1": 3000}) is None
    assert winner(TILES, {"0": 10500, "1": 3000}, went_out="1") is None
    assert winner(TILES, {"0": 10500, "1": 3000}, went_out="0") == "0"
    assert winner(TILES, {"0": 10500, "1": 11000}, went_out="0") == "0"


# ------------------------------------------------------------------ display

def test_play_and_rules_show_the_tiles() -> None:
    d = tiles_deal(["7H 7D JK"], upcard="KC", surprise="5C 5D 5H 5S 6C 6D 6H 8C 8D 8H 9C 9D 9H")
    buf = StringIO()
    Console(file=buf, width=120, color_system=None).print(
        render_view(d.view(0), TableInfo(seat_names(TILES, 0), 0, 1, ())))
    out = buf.getvalue()
    assert "red 7" in out and "yellow 7" in out and "joly" in out and "(blue 13)" in out
    assert "SURPRIZA: 13 face-down cards under the pile" in out and "First round" in out
    text = TILES.describe()
    for needle in ("Surpriza", "First round", "Below 1500", "From 5000", "joly", "beyond its seven",
                   "x2", "-1600", "goes out"):
        assert needle in text, needle


def test_refusals_say_why() -> None:
    d = tiles_deal(["KC KD KH"], extra="9H")
    with pytest.raises(IllegalMove, match="first round"):
        d.apply("meld KC KD KH")
    play(d, "discard 9H", "draw")
    d2 = tiles_deal(["JK", "", "8C 8D AC AD AH"], stock="5C 5D 5H 9S 8S")
    first_round(d2)
    play(d2, "draw", "discard JK", "draw", "discard 8S")
    with pytest.raises(IllegalMove, match="joly was discarded"):
        d2.apply("take 8C 8D")
    d3 = opened_side0("", hand2="QC QD", stock="QS")
    play(d3, "draw", "discard QS")
    with pytest.raises(IllegalMove, match="partner made your side's initial meld"):
        d3.apply("take QC QD")


def test_from_5000_the_pile_opens_only_with_a_canasta() -> None:
    def turn6(hand1: str, score: int) -> Deal:
        d = tiles_deal(["QS", hand1], stock="5C 5D 5H 8S", scores=[0, score])
        first_round(d)
        return play(d, "draw", "discard QS")  # seat 0, turn 5; seat 1 to play

    assert "take QC QC" in takes(turn6("QC QC KC KD KH", 0))  # 30 + 30: the count
    assert takes(turn6("QC QC KC KD KH", 5000)) == set()  # no canasta possible
    d = turn6("QC QC QD QD QH 2C KC KD KH", 5000)
    play(d, "take QC QC")
    legal = legal_strs(d)
    assert "meld KC KD KH" not in legal and not any(m.startswith("discard") for m in legal)
    assert "add QD QD QH 2C" in legal
    play(d, "add QD QD QH 2C")
    assert d.opened[1] and d.canastas[1] == 1 and not d.pending


def test_going_out_needs_two_canastas() -> None:
    one = {"variant": "romanian-tiles", "deals": [{
        "Us": {"melds": [["KC", "KC", "KD", "KD", "KH", "KH", "KS"]], "went_out": True}, "Them": {}}]}
    with pytest.raises(ScoreSheetError, match="going out needs 2"):
        score_sheet(parse_sheet(one))


def test_a_game_at_the_target_goes_on_until_the_side_goes_out() -> None:
    game = Game(TILES, seed=5)
    game.totals = [20000, 0]
    deal = game.new_deal()
    rng = random.Random(1)
    while not deal.over:  # nobody goes out: discards only, until the stock runs out
        legal = [a for a in deal.legal_actions() if ACTIONS[a][0] in (DRAW, DISCARD)]
        deal.apply_action(rng.choice(legal))
    game.finish_deal()
    assert deal.out_seat == -1 and not game.over and game.winner is None


def test_four_black_threes_leave_play_and_are_never_melded() -> None:
    d = opened_side0("3C 3C 3S")
    draw_discard(d, 3)  # turns 6-8
    play(d, "draw")  # seat 0, turn 9: three black threes only
    assert not any("3C" in m and m.startswith("meld") for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="never melded"):
        d.apply("meld 3C 3C 3S")
    d = tiles_deal(["3C 3C 3S 3S"], stock="4C 4D 4H 8S")
    assert "meld 3C 3C 3S 3S" not in legal_strs(d)  # first round
    first_round(d)
    play(d, "draw")
    assert "meld 3C 3C 3S 3S" in legal_strs(d)  # not opened: allowed all the same
    play(d, "meld 3C 3C 3S 3S")
    assert d.black3_removed[0] == cards("3C 3C 3S 3S") and d.melds[0] == [] and d.hand_sizes[0] == 11
    s = score_side(TILES, SideResult(hand=cards("KC"), black_threes_removed=cards("3C 3C 3S 3S")))
    assert s.total == -20  # out of play: 0; the side never melded: the king twice


def test_score_keeper_takes_black_threes_out_of_play() -> None:
    sheet = {"variant": "romanian-tiles", "deals": [{
        "Us": {"melds": [["KC", "KD", "KH"]], "hand": ["5C"], "black_threes_removed": ["3C", "3C", "3S", "3S"]},
        "Them": {"melds": [["QC", "QD", "QH"]], "hand": []}}]}
    res = score_sheet(parse_sheet(sheet))
    assert res.deals[0]["Us"].total == -30 - 5  # no canasta: melds negative; the threes score 0
    assert res.deals[0]["Them"].total == -30


def test_after_a_joly_only_the_next_player_takes_with_a_joker_canasta() -> None:
    d = tiles_deal(["JK", "2C 2C 2D 2D 2H JK KC"], stock="5C 5D 5H 9S 8S")
    first_round(d)
    play(d, "draw", "discard JK")  # seat 0, turn 5
    assert takes(d) == {"take 2C 2C", "take JK 2C"}
    play(d, "take JK 2C")
    assert d.opened[1] and d.must_canasta == 13 and d.pending  # a meld of wild cards opens; pile waits
    legal = legal_strs(d)
    assert not any(m.startswith("discard") for m in legal) and legal == {"add 2C 2D 2D 2H to W"}
    play(d, "add 2C 2D 2D 2H to W")
    assert d.canastas[1] == 1 and not d.pending and d.must_canasta == -1
    s = score_side(TILES, SideResult(melds=[d.melds[1][0].cards], went_out=False))
    assert s.breakdown["canastas"] == 2000


def test_after_a_joly_a_hand_short_of_a_joker_canasta_cannot_take() -> None:
    d = tiles_deal(["JK", "2C 2C 2D 2D 2H KC"], stock="5C 5D 5H 9S 8S")  # 5 wild + the joly = 6
    first_round(d)
    play(d, "draw", "discard JK")
    assert takes(d) == set()


# --- RULES.md §3 coverage (audit) ---

def test_a_deal_of_106_tiles() -> None:
    """§3.4 Set: "106 tiles: numbers 1-13 in 4 colours, x2, plus 2 joly"."""
    d = tiles_deal([])
    census = d.card_census()
    assert sum(census) == 106 and census[JOKER] == 2 and all(census[c] == 2 for c in range(52))
