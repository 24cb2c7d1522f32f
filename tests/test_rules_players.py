"""Player counts of RULES.md §3.1: 2, 3 and 6 players (two teams of three, three teams of two).

``make_deal`` puts the dealer before seat 0, so ``hands[k]`` is seat k and seat 0 plays first.
"""

from __future__ import annotations

import pytest

from canasta.cards.deck import deck_counts
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_side
from canasta.scoring.sides import SideResult
from helpers import cards, draw_until, legal_strs, make_deal, play

TWO = Rules.preset("classic", players=2)
THREE = Rules.preset("classic", players=3)
SIX2 = Rules.preset("classic", players=6)
SIX3 = Rules.preset("classic", players=6, teams=3)
SEVEN_KINGS = "KC KD KH KS KC KD KH"
SEVEN_QUEENS = "QC QD QH QS QC QD QH"


# ---------------------------------------------------------------------------- 2 players

def test_two_players_deal_15_and_draw_2() -> None:
    assert (TWO.hand_size, TWO.draw, TWO.canastas_to_go_out, TWO.teams, TWO.target) == (15, 2, 2, 2, 5000)
    d = make_deal(TWO, [], stock="9C 9D 9H")
    assert d.hand_sizes == [15, 15] and d.turn == 0
    play(d, "draw")
    assert d.hand_sizes[0] == 17
    assert d.stock[-1] == cards("9H")[0]


def test_two_players_need_two_canastas_to_go_out() -> None:
    d = make_deal(TWO, [SEVEN_KINGS + " AC AD AH 5C 5D 5H 5S 6C"], stock="6D 6H")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld AC AD AH", "meld 5C 5D 5H 5S")
    assert d.hand_sizes[0] == 3 and not d.can_go_out_now()
    with pytest.raises(IllegalMove, match="2 canastas"):
        d.apply("meld 6C 6D 6H")
    d = make_deal(TWO, [SEVEN_KINGS + " " + SEVEN_QUEENS + " 9C"], stock="9D 9H")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld " + SEVEN_QUEENS, "meld 9C 9D 9H")
    assert d.over and d.out_seat == 0 and d.concealed
    assert d.score()[0].breakdown["canastas"] == 1000


def test_two_players_take_the_pile_instead_of_drawing() -> None:
    d = make_deal(TWO, ["9C 9D AC AD AH"], upcard="9H")
    stock = len(d.stock)
    play(d, "take 9C 9D", "meld AC AD AH")
    assert len(d.stock) == stock and d.hand_sizes[0] == 15 - 2 - 3
    assert "draw" not in legal_strs(d)


def test_two_players_have_no_partner_to_ask() -> None:
    d = make_deal(TWO, [SEVEN_KINGS + " " + SEVEN_QUEENS + " 9C"], stock="9D 9H")
    play(d, "draw")
    assert d.can_go_out_now() and "ask" not in legal_strs(d)
    with pytest.raises(IllegalMove, match="no partner"):
        d.apply("ask")


def test_two_players_a_single_last_stock_card_is_a_full_draw() -> None:
    d = make_deal(TWO, [])
    draw_until(d, 1)
    assert len(d.stock) == 1  # this stacked deck leaves an odd count for two-card draws
    seat = d.turn
    before = d.hand_sizes[seat] + len(d.red3[seat])
    play(d, "draw")
    assert d.hand_sizes[seat] + len(d.red3[seat]) == before + 1 and d.stock == []
    assert d.phase == 1 or d.over


# ---------------------------------------------------------------------------- 3 players

def test_three_players_deal_13_individual_sides_target_7500() -> None:
    assert (THREE.hand_size, THREE.draw, THREE.teams, THREE.team_size, THREE.target) == (13, 1, 3, 1, 7500)
    d = make_deal(THREE, [])
    assert d.hand_sizes == [13, 13, 13] and [THREE.side_of(s) for s in range(3)] == [0, 1, 2]
    assert len(d.melds) == 3 and d.teams == 3


def test_three_players_minimum_and_red_threes_are_each_players_own() -> None:
    d = make_deal(THREE, ["3D 5C 5D 5H", "3H 3D"], scores=[-5, 1500, 3000])
    assert d.minimum == [15, 90, 120]
    assert [len(r) for r in d.red3] == [1, 2, 0]
    play(d, "draw", "meld 5C 5D 5H")  # seat 0 below zero: 15 is enough
    d.check_invariants()
    s = score_side(THREE, SideResult(melds=[cards("KC KD KH")], red_threes=cards("3H 3D")))
    assert s.breakdown["red_threes"] == 200


def test_three_players_cannot_ask() -> None:
    d = make_deal(THREE, [SEVEN_KINGS + " QC QD QH 9C 9D 9H"], stock="QS")
    play(d, "draw")
    assert "ask" not in legal_strs(d)


# ---------------------------------------------------------------------------- 6 players

@pytest.mark.parametrize("r", [SIX2, SIX3], ids=["two_teams", "three_teams"])
def test_six_players_deck_deal_and_canastas(r: Rules) -> None:
    assert r.deck_size == 162 and sum(deck_counts(r.packs, r.jokers)) == 162
    assert (r.hand_size, r.draw, r.canastas_to_go_out) == (13, 1, 2)
    d = Deal(r, seed=3)
    assert d.hand_sizes == [13] * 6
    d.check_invariants()


def test_six_players_sides() -> None:
    assert [SIX2.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]  # A B A B A B
    assert [SIX3.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]  # A B C A B C
    assert (SIX2.target, SIX3.target) == (10000, 7500)
    assert SIX2.min_meld(7500) == 150 and SIX2.min_meld(7495) == 120
    assert SIX3.min_meld(7500) == 120


@pytest.mark.parametrize(("n", "bonus"), [(4, 400), (5, 1000), (6, 1200)])
def test_six_players_red_three_table(n: int, bonus: int) -> None:
    r3 = cards("3D 3H 3D 3H 3D 3H")[:n]
    for r in (SIX2, SIX3):
        s = score_side(r, SideResult(melds=[cards("KC KD KH")], red_threes=r3))
        assert s.breakdown["red_threes"] == bonus


def test_six_players_need_two_canastas_and_partner_answers() -> None:
    d = make_deal(SIX2, [SEVEN_KINGS + " QC QD QH AC AD AH"], stock="AS")
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH")
    with pytest.raises(IllegalMove, match="2 canastas"):
        d.apply("meld AC AD AH AS")
    d = make_deal(SIX2, [SEVEN_KINGS + " " + SEVEN_QUEENS[:-3]], stock="QH")
    # seat 0 holds 7 kings + 6 queens, draws the 7th queen: two canastas
    play(d, "draw")
    assert "ask" in legal_strs(d)
    play(d, "ask")
    assert d.to_act == 2  # the next partner of side A answers
    play(d, "yes", "meld " + SEVEN_KINGS, "meld " + SEVEN_QUEENS)
    assert d.over and d.out_seat == 0


def test_six_players_three_teams_partner_sits_three_seats_away() -> None:
    d = make_deal(SIX3, [SEVEN_KINGS + " " + SEVEN_QUEENS[:-3]], stock="QH")
    play(d, "draw", "ask")
    assert d.to_act == 3


def test_six_players_red_threes_in_a_deal() -> None:
    d = make_deal(SIX2, ["3D 3H", None, "3D 3H", None, "3D"])
    assert sum(len(d.red3[s]) for s in (0, 2, 4)) == 5
    d.check_invariants()


@pytest.mark.parametrize("spec", ["classic(players=2)", "classic(players=3)", "classic(players=6)",
                                  "classic(players=6,teams=3)"])
def test_game_rotates_the_dealer_over_all_seats(spec: str) -> None:
    r = Rules.parse(spec)
    g = Game(r, seed=2)
    import random

    rng = random.Random(2)
    for k in range(r.players + 1):
        d = g.new_deal()
        assert d.dealer == k % r.players and d.turn == (k + 1) % r.players
        while not d.over:
            g.apply_action(rng.choice(d.legal_actions()))
        g.finish_deal()
        if g.over:
            break


# --- RULES.md §3 coverage (audit) ---

def _out_alone(d: Deal) -> None:
    play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS", "meld 9C 9D 9H")


def _out_asking(d: Deal) -> None:
    play(d, "draw", "ask", "yes", "meld " + SEVEN_KINGS, "meld " + SEVEN_QUEENS)


@pytest.mark.parametrize(("r", "script", "hand", "stock"), [
    (THREE, _out_alone, SEVEN_KINGS + " QC QD QH 9C 9D 9H", "QS"),
    (SIX2, _out_asking, SEVEN_KINGS + " " + SEVEN_QUEENS[:-3], "QH"),
    (SIX3, _out_asking, SEVEN_KINGS + " " + SEVEN_QUEENS[:-3], "QH"),
], ids=["three_7500", "six_two_teams_10000", "six_three_teams_7500"])
def test_game_targets(r: Rules, script: object, hand: str, stock: str) -> None:
    """§3.1 Target: 3 players 7500; 6 players in 2 teams 10,000, in 3 teams 7500."""
    from helpers import check_target

    check_target(r, script, hands=[hand], stock=stock)


def test_six_players_two_teams_minimum_150_from_7500() -> None:
    """§3.1 6 players (2 teams) minimum count: "150 from 7500" (3 teams: classic, 120)."""
    hand = "AC AD AH AS KC KD KH QC QD QH 5S 7D 9H"  # 80 + 30 + 30 = 140 at most
    for r, score, needed, opens in ((SIX2, 7500, 150, False), (SIX2, 7495, 120, True), (SIX3, 7500, 120, True)):
        d = make_deal(r, [hand], stock="JC", scores=[score] + [0] * (r.teams - 1))
        assert d.minimum[0] == needed
        play(d, "draw")
        assert ("meld AC AD AH AS" in legal_strs(d)) == opens
        if not opens:
            with pytest.raises(IllegalMove, match="initial meld of 150"):
                d.apply("meld AC AD AH AS")


def test_six_players_six_red_threes_1200_in_a_played_deal() -> None:
    """§3.1 6 players red threes: "1-4: 100 each; 5: 1000; 6: 1200 total"."""
    d = make_deal(SIX2, [SEVEN_KINGS + " " + SEVEN_QUEENS[:-3], None, "3D 3H 3D", None, "3H 3D 3H"],
                  stock="5C 5D 5H 6C 6D 6H QH")
    assert sum(len(d.red3[s]) for s in (0, 2, 4)) == 6
    _out_asking(d)
    assert d.over and d.score()[0].breakdown["red_threes"] == 1200


def test_three_players_red_threes_scored_per_player_in_a_played_deal() -> None:
    """§3.1 3 players red threes: "scored per player, not shared"."""
    d = make_deal(THREE, [SEVEN_KINGS + " QC QD QH 9C 9D 9H", "3D", "3H 3D"], stock="5C 6C 7C QS")
    _out_alone(d)
    s = d.score()
    assert d.over and [x.breakdown["red_threes"] for x in s] == [0, -100, -200]  # no meld: negative
