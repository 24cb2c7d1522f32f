"""Rendering of a PlayerView for terminal play (canasta.cli.display).

The screen must show everything a player may know (melds, canastas natural or
mixed, red threes, the pile's top, frozen reason and stop marker, counts and
scores) and nothing more: no card of another hand.
"""

from __future__ import annotations

import dataclasses
import io

from rich.console import Console, RenderableType

from canasta.cards.deck import card_str, parse_card, parse_cards
from canasta.cli.display import (
    TableInfo,
    hand_groups,
    render_deal_scores,
    render_hand,
    render_moves,
    render_players,
    render_totals,
    render_view,
    seat_names,
    side_names,
)
from canasta.engine.deal import Deal, MeldView
from canasta.rules.fields import Rules
from helpers import make_deal, stacked_deck

CLASSIC = Rules.preset("classic")
KINGS = [card for card in range(52) if card >> 2 == 11]
KING_TEXTS = ["KC", "KD", "KH", "KS", "K♣", "K♦", "K♥", "K♠"]


def text_of(renderable: RenderableType, width: int = 100) -> str:
    """What ``renderable`` prints, without colours."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, highlight=False).print(renderable)
    return buf.getvalue()


def info(rules: Rules = CLASSIC, human: int = 0, log: tuple[str, ...] = ()) -> TableInfo:
    return TableInfo(seat_names(rules, human), human, 1, log)


# ------------------------------------------------------------------ names

def test_seat_names_four_players_follow_the_direction():
    assert seat_names(CLASSIC, 0) == ("You", "West", "North", "East")
    assert seat_names(CLASSIC, 2) == ("North", "East", "You", "West")
    ccw = Rules.preset("classic", direction="counterclockwise")
    assert seat_names(ccw, 0) == ("You", "East", "North", "West")


def test_seat_names_other_counts_are_generic():
    three = Rules.preset("classic", players=3)
    assert seat_names(three, 1) == ("Seat 1", "You", "Seat 3")
    six = Rules.preset("classic", players=6, teams=3)
    names = seat_names(six, 0)
    assert names[0] == "You" and names[5] == "Seat 6"
    assert side_names(six, names) == ("You & Seat 4", "Seat 2 & Seat 5", "Seat 3 & Seat 6")


# ------------------------------------------------------------------ hidden information

def test_view_never_shows_another_hand():
    # the person (seat 0) holds no king; the three others hold all eight kings
    others = ["KC KD KH", "KS KC KD", "KH KS"]
    deal = make_deal(CLASSIC, ["4C 5D 6H 7S 8C 9D TH JS QC AD AH", *others], upcard="9C")
    assert not any(c in KINGS for c in deal.view(0).hand)
    assert all(sum(deal.hands[s][k] for k in KINGS) > 0 for s in (1, 2, 3))
    out = text_of(render_view(deal.view(0), info()))
    for king in KING_TEXTS:
        assert king not in out
    for c in deal.view(0).hand:
        assert card_str(c) in out
    # the same deal seen from seat 1 shows its kings: the check above can fail
    out1 = text_of(render_view(deal.view(1), info(human=1)))
    assert "KC" in out1


def test_counts_scores_and_minimums_are_shown():
    deal = Deal(CLASSIC, dealer=0, scores=[1600, -20], seed=5)
    out = text_of(render_view(deal.view(0), info()))
    assert "1600" in out and "-20" in out
    assert "needs 90" in out and "needs 15" in out
    assert f"Stock: {len(deal.stock)} cards" in out
    assert "North (partner)" in out and "You (D)" in out
    for seat in range(4):
        assert str(deal.hand_sizes[seat]) in out


# ------------------------------------------------------------------ pile

def test_frozen_pile_shows_its_reason():
    deal = make_deal(CLASSIC, [], upcard="2C 7H")
    view = deal.view(0)
    assert view.frozen_reason
    out = text_of(render_view(view, info()))
    assert "FROZEN" in out
    assert "2C is in the pile" in out
    assert "7♥ on top, 2 cards" in out


def test_unopened_side_sees_the_pile_frozen_for_it():
    deal = make_deal(CLASSIC, [], upcard="7H")
    out = text_of(render_view(deal.view(0), info()))
    assert "frozen for your side until it makes its initial meld" in out


def test_black_three_on_top_shows_the_stop_marker():
    deal = make_deal(CLASSIC, ["3C"], upcard="7H")
    deal.apply("draw")
    deal.apply("discard 3C")
    view = deal.view(1)
    assert view.stopped
    out = text_of(render_view(view, info(human=1)))
    assert "STOP" in out and "black three" in out
    out0 = text_of(render_view(dataclasses.replace(view, stopped=False), info(human=1)))
    assert "STOP" not in out0


def test_visible_pile_variant_lists_the_whole_pile():
    rules = Rules.preset("classic", pile_visible=True)
    deal = make_deal(rules, [], upcard="2C 7H")
    out = text_of(render_view(deal.view(0), info(rules)))
    assert "Whole pile" in out and "2♣ 7♥" in out


# ------------------------------------------------------------------ melds and red threes

def test_canastas_are_marked_natural_or_mixed_with_size():
    deal = Deal(CLASSIC, dealer=0, seed=1)
    natural = MeldView(11, tuple(parse_cards("KC KC KD KD KH KH KS")), True, True)
    mixed = MeldView(10, tuple(parse_cards("QC QC QD QD QH 2C JK 2D")), True, False)
    small = MeldView(5, tuple(parse_cards("7C 7D 2H")), False, False)
    view = dataclasses.replace(deal.view(0), melds=((natural, small), (mixed,)))
    out = text_of(render_view(view, info()))
    assert "K: ★ natural canasta (7)" in out
    assert "Q: ☆ mixed canasta (8, 3 wild)" in out
    assert "7: 7♣ 7♦ 2♥ (3)" in out
    assert "You & North" in out and "West & East" in out


def test_melds_wrap_between_melds_not_inside():
    deal = Deal(CLASSIC, dealer=0, seed=1)
    melds = tuple(MeldView(r, tuple(parse_cards(" ".join(f"{'456789TJQKA'[r - 2]}{s}" for s in "CDH"))),
                           False, True) for r in range(2, 13))
    view = dataclasses.replace(deal.view(0), melds=(melds, ()))
    out = text_of(render_view(view, info()), width=60)
    for r in "456789TJQKA":
        assert f"{r}: {r}♣ {r}♦ {r}♥ (3)" in out


def test_red_threes_are_shown_per_player():
    deal = make_deal(CLASSIC, ["", "3H"], upcard="7C", stock="8C")
    assert deal.red3[1] == [parse_card("3H")]
    out = text_of(render_view(deal.view(0), info()))
    west = next(line for line in out.splitlines() if "West" in line and "Cards" not in line)
    assert "3♥" in west


# ------------------------------------------------------------------ hand

def test_hand_is_grouped_by_rank_with_black_threes_and_wild_cards_apart():
    hand = parse_cards("JK 2C KH 4S 3C KS 4D 3S")
    groups = hand_groups(hand)
    assert [label for label, _ in groups] == ["4", "K", "black 3", "wild"]
    assert [card_str(c) for c in groups[-1][1]] == ["2C", "JK"]
    out = text_of(render_hand(hand))
    assert "4♦ 4♠" in out and "4D 4S" in out  # symbols over the notation to type
    assert "K♥ K♠" in out and "KH KS" in out
    assert "black 3" in out and "wild" in out


# ------------------------------------------------------------------ status

def test_status_shows_initial_meld_progress_and_pile_set_aside():
    deal = make_deal(CLASSIC, ["KC KD 2D QC QD"], upcard="2C KH")
    deal.apply("take KC KD")  # 30 points: the rest of the pile waits until 50 are melded
    view = deal.view(0)
    assert view.pending_pile == 1 and view.melded_this_turn == 30
    out = text_of(render_view(view, info()))
    assert "Your turn: play" in out
    assert "Initial meld: 30 melded this turn, 50 needed" in out
    assert "The pile (1 card) is set aside" in out


def test_status_names_the_canasta_an_initial_meld_needs_on_top_of_the_count():
    brazilian = Rules.preset("brazilian")
    for score, need in ((7500, "120 needed, with a canasta."), (9500, "120 needed, with a natural canasta."),
                        (3000, "120 needed.")):
        deal = make_deal(brazilian, ["KC KD KH AC AD AH AS QC QD QH JC JD JH 9C 9D"], stock="5S 6S",
                         scores=[score, 0])
        deal.apply("draw")
        out = text_of(render_view(deal.view(0), info(brazilian)))
        assert f"Initial meld: 0 melded this turn, {need}" in out
    tiles = Rules.preset("romanian-tiles")
    deal = make_deal(tiles, ["KC KD KH AC AD AH AS QC QD QH JC JD JH 9C"], stock="5S 6S", scores=[5000, 0])
    assert deal.view(0).phase == "play"  # the first player of the tile game starts with a tile more, no draw
    later = dataclasses.replace(deal.view(0), turn_number=9)  # past the first round (no melding in it)
    out = text_of(render_view(later, info(tiles)))
    assert "Initial meld: 0 melded this turn, a canasta needed, or a meld of wild cards." in out


def test_status_of_a_question_from_the_partner():
    deal = Deal(CLASSIC, dealer=0, seed=1)
    view = dataclasses.replace(deal.view(0), phase="answer", to_act=0, turn=2, asked=True)
    out = text_of(render_view(view, info()))
    assert "Your partner North asks: may I go out? (yes/no)" in out


def test_log_lines_are_shown():
    deal = Deal(CLASSIC, dealer=0, seed=1)
    out = text_of(render_view(deal.view(0), info(log=("West (bot): meld 7H 7S 7C",))))
    assert "Since your last move" in out and "West (bot): meld 7H 7S 7C" in out


# ------------------------------------------------------------------ scores

def test_deal_score_table_has_every_item_and_totals():
    deck = stacked_deck(CLASSIC, [])
    deal = Deal(CLASSIC, dealer=3, deck=deck)
    while not deal.over:
        deal.apply_action(deal.legal_actions()[-1])
    scores = deal.score()
    totals = [s.total + 100 for s in scores]
    out = text_of(render_deal_scores(("You & North", "West & East"), scores, totals, CLASSIC))
    for label in ("Canastas (natural / mixed)", "Canasta bonuses", "Red threes", "Going out",
                  "Melded cards", "Cards left in hand", "Deal total", "Game total", "Next initial meld"):
        assert label in out
    for s in scores:
        assert str(s.total) in out and str(s.total + 100) in out


def test_totals_and_moves_tables():
    out = text_of(render_totals(CLASSIC, ("You & North", "West & East"), [1500, 200], 3))
    assert "after 3 deals" in out and "1500" in out and "90" in out and "50" in out
    out = text_of(render_moves(["draw", "take KH KS"]))
    assert "1. draw" in out and "2. take KH KS" in out


# ------------------------------------------------------------------ issue 18: accuracy and fit

def test_stop_marker_only_while_the_player_to_draw_is_stopped():
    deal = make_deal(CLASSIC, ["3C"], upcard="7H")
    deal.apply("draw")
    deal.apply("discard 3C")
    assert "STOP" in text_of(render_view(deal.view(1), info(human=1)))
    deal.apply("draw")  # seat 1 drew: the black three no longer stops anything
    view = deal.view(1)
    assert view.stopped and view.phase == "play"
    assert "STOP" not in text_of(render_view(view, info(human=1)))


def test_no_frozen_marker_over_an_empty_pile():
    deal = make_deal(CLASSIC, [], upcard="7H")
    view = dataclasses.replace(deal.view(0), pile_top=None, pile_size=0)
    assert view.frozen_reason
    out = text_of(render_view(view, info()))
    assert "FROZEN" not in out and "Discard pile: empty" in out


def test_going_out_requirement_per_side():
    deal = Deal(CLASSIC, dealer=0, seed=5)
    out = text_of(render_view(deal.view(0), info()))
    assert out.count("canastas 0 of 1 to go out") == 2
    two = Rules.preset("classic", players=2)
    out2 = text_of(render_view(Deal(two, dealer=0, seed=5).view(0), info(two)))
    assert "canastas 0 of 2 to go out" in out2
    samba = Rules.preset("samba")
    out3 = text_of(render_view(Deal(samba, dealer=0, seed=5).view(0), info(samba)))
    assert "canastas 0 of 2 to go out" in out3


def test_going_out_requirement_in_words_for_special_needs():
    from canasta.cli.display import going_out_text
    from canasta.rules.fields import preset_names

    seen = {}
    for name in ("bolivia", "mexican", "pennies-from-heaven", "escalator"):
        assert name in preset_names()
        rules = Rules.preset(name)
        deal = Deal(rules, dealer=0, seed=1)
        seen[name] = going_out_text(deal.view(deal.to_act), 0).plain
    assert "sequence canastas 0 of 1" in seen["bolivia"]
    assert "red threes" in seen["mexican"]
    assert seen["escalator"] == "nobody goes out in this variant"
    assert "to go out, among them a canasta of 7s" in seen["pennies-from-heaven"]


def test_a_side_with_its_canastas_may_go_out():
    from canasta.cli.display import going_out_text

    deal = Deal(CLASSIC, dealer=0, seed=5)
    canasta = MeldView(11, tuple(parse_cards("KC KD KH KS KC KD KH")), True, True)
    view = dataclasses.replace(deal.view(0), melds=((canasta,), ()))
    assert going_out_text(view, 0).plain == "canastas 1 of 1: may go out"


def test_compact_table_fits_80_columns_and_few_lines():
    from canasta.cli.display import render_table

    deal = Deal(CLASSIC, dealer=0, seed=5)
    out = text_of(render_table(deal.view(1), info(human=1), compact=True, hint=False), width=80)
    lines = out.rstrip("\n").split("\n")
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert len(lines) <= 14
    assert "initial meld needs 50" in out and "Your hand" in out
    full = text_of(render_view(deal.view(1), info(human=1)), width=80)
    assert max(len(line.rstrip()) for line in full.split("\n")) <= 80


def test_the_tile_game_calls_its_bonus_threes_red_and_yellow():
    tiles = Rules.preset("romanian-tiles")
    deal = Deal(tiles, dealer=0, seed=3)
    players = text_of(render_players(deal.view(0), info(tiles)), width=120)
    assert "Red & yellow 3s" in players and "Red threes" not in players
    assert "Red threes" in text_of(render_players(Deal(CLASSIC, dealer=0, seed=3).view(0), info()), width=120)


def test_a_hand_by_suit_shows_the_runs_of_each_suit():
    hand = parse_cards("5H 4H 6H KS KH 2C JK 3S 7D")
    assert [label for label, _ in hand_groups(hand)] == ["4", "5", "6", "7", "K", "black 3", "wild"]
    groups = hand_groups(hand, by_suit=True)
    assert [label for label, _ in groups] == ["diamonds", "hearts", "spades", "black 3", "wild"]
    assert [card_str(c) for c in groups[1][1]] == ["4H", "5H", "6H", "KH"]  # ranks ascending within the suit
    assert "hearts" in text_of(render_hand(hand, by_suit=True))
