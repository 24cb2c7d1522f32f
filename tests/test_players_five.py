"""Five players, three against two: ``classic(players=5)`` (RULES.md §3.1, docs/variants/classic-5.md).

Every deal is an ordinary 4-player partnership deal; the side of three (table seats 0, 2, 4) sends
one player out in turn (4, 0, 2, ...), the side of two is seats 1 and 3 (:mod:`canasta.engine.seating`).
"""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from canasta.agents import make_agent
from canasta.cli.completion import Prompt
from canasta.cli.main import app
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.engine.seating import seating
from canasta.env.config import resolve_rules
from canasta.formats.records import record_from_game, replay_record
from canasta.formats.score_sheet import parse_sheet, score_sheet
from canasta.play.match import play_deal, play_game
from canasta.rules.fields import Rules, RulesError
from helpers import check_melds, stacked_deck, whole_games

VARIANT = "classic(players=5)"
FIVE = Rules.parse(VARIANT)
RUNNER = CliRunner()


def test_rules_of_five_players() -> None:
    assert (FIVE.players, FIVE.teams, FIVE.sitting_out, FIVE.deal_players, FIVE.team_size) == (5, 2, 1, 4, 2)
    assert (FIVE.hand_size, FIVE.draw, FIVE.canastas_to_go_out, FIVE.target, FIVE.deck_size) == (11, 1, 1, 5000, 108)
    assert FIVE.min_meld_table == Rules.parse("classic").min_meld_table
    assert Rules.parse(FIVE.spec()) == FIVE
    deal = FIVE.deal_rules()
    assert deal.players == 4 and deal.sitting_out == 0 and deal.teams == 2 and deal.spec() == VARIANT
    assert [FIVE.side_of(s) for s in range(5)] == [0, 1, 0, 1, 0]


@pytest.mark.parametrize(("text", "message"), [
    ("classic(sitting_out=1)", "sitting_out=1 is for 5 players"),
    ("classic(players=5,sitting_out=2)", "sitting_out=1 is for 5 players"),
    ("classic(players=5,teams=3)", "teams=3 is only for 6 players"),
    ("classic(players=7)", "2, 3, 4, 5 or 6 players"),
])
def test_bad_five_player_options_are_refused(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.parse(text)


def test_rules_command_says_who_sits_out() -> None:
    out = RUNNER.invoke(app, ["rules", "--variant", VARIANT])
    assert out.exit_code == 0, out.output
    assert "sits out" in out.output and "4 play each deal" in out.output


def test_the_side_of_three_sends_one_player_out_in_turn() -> None:
    plan = [seating(FIVE, k, 0) for k in range(6)]
    assert [p.sitting_out for p in plan] == [4, 0, 2, 4, 0, 2]
    assert [p.seats for p in plan[:3]] == [(0, 1, 2, 3), (2, 1, 4, 3), (4, 1, 0, 3)]
    for p in plan:
        assert p.sitting_out not in p.seats and sorted(p.seats + (p.sitting_out,)) == [0, 1, 2, 3, 4]
        assert [FIVE.side_of(t) for t in p.seats] == [0, 1, 0, 1]  # deal side = table side
        assert p.deal_seat(p.sitting_out) == -1
    assert [p.dealer for p in plan] == [0, 1, 2, 3, 0, 1]  # the deal passes left among the four
    classic = seating(Rules.parse("classic"), 5, 2)
    assert classic.seats == (0, 1, 2, 3) and classic.dealer == 3 and classic.sitting_out == -1


def test_each_deal_is_a_four_player_deal_and_the_game_maps_seats() -> None:
    game = Game(FIVE, seed=1)
    assert game.dealer == 0
    # deal 1: seat 4 sits out; the dealer (table seat 0) deals, table seat 1 plays first and goes out
    kings = "KC KD KH KS KC KD KH"
    deck = stacked_deck(FIVE.deal_rules(), [kings + " 5C 5D 5H 9S"], stock="5S", dealer=0)
    d = game.new_deal(deck=deck)
    assert isinstance(d, Deal) and d.n == 4 and d.rules.players == 4 and d.hand_sizes == [11, 11, 11, 11]
    assert game.seating.sitting_out == 4 and game.table_seat(d.turn) == 1
    for m in ("draw", "meld " + kings, "meld 5C 5D 5H 5S", "discard 9S"):
        game.apply(m)
    assert d.over and d.out_seat == 1
    scores = game.finish_deal()
    assert len(scores) == 2 and game.logs[0].out_seat == 1 and game.totals[1] == scores[1].total
    # deal 2: seat 0 sits out; deal seats are table seats 2, 1, 4, 3 and the deal passes to deal seat 1
    assert game.next_seating.sitting_out == 0 and game.dealer == 1
    d2 = game.new_deal()
    assert game.seating.seats == (2, 1, 4, 3) and d2.dealer == 1 and game.table_seat(d2.turn) == 4
    assert game.logs[1].dealer == 1


def test_the_player_sitting_out_never_moves_nor_sees_the_deal() -> None:
    game = Game(FIVE, seed=4)
    agents = [make_agent("random", seed=s) for s in range(5)]
    moved: set[int] = set()
    while not game.over:
        game.new_deal()
        out = game.seating.sitting_out

        def on_move(deal: Deal, seat: int, move: object, out: int = out) -> None:
            table = game.table_seat(seat)
            assert table != out
            moved.add(table)

        play_deal(game, agents, on_move=on_move, check=True)
        game.finish_deal()
        log = game.logs[-1]
        assert log.out_seat == -1 or log.out_seat in game.seating.seats
    assert moved == {0, 1, 2, 3, 4} and len(game.logs) >= 3


def test_random_deals_keep_the_invariants() -> None:
    rng = random.Random(7)
    for k in range(30):
        d = Deal(FIVE, dealer=k % 4, seed=1000 + k)  # a Deal of the 5-player rules is a 4-seat deal
        assert d.n == 4
        while not d.over:
            legal = d.legal_actions()
            assert legal
            d.apply_action(rng.choice(legal))
            d.check_invariants()
            check_melds(d)
        assert len(d.score()) == 2


def test_a_recorded_game_replays() -> None:
    agents = [make_agent("heuristic" if s % 2 else "easy", seed=s) for s in range(5)]
    game = play_game(FIVE, agents, seed=11, check=True)
    assert game.over and game.winner is not None
    record = record_from_game(game)
    assert record["rules"] == VARIANT and len(record["seats"]) == 5
    assert [d["dealer"] for d in record["deals"][:4]] == [0, 1, 0, 3]
    result = replay_record(record)
    assert result.totals == game.totals and result.winner == game.winner


def test_simulate_command_maps_bots_to_sides() -> None:
    out = RUNNER.invoke(app, ["simulate", "-n", "3", "--bots", "heuristic,random", "--variant", VARIANT])
    assert out.exit_code == 0, out.output
    assert "heuristic" in out.output and "random" in out.output


def test_score_keeper_scores_the_two_sides() -> None:
    sheet = parse_sheet({"variant": VARIANT, "deals": [
        {"Three": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"]], "went_out": True},
         "Two": {"hand": ["5C"]}}]})
    res = score_sheet(sheet)
    assert res.totals == {"Three": 500 + 70 + 100, "Two": -5}


def test_canasta_play_shows_who_sits_out_and_plays_on_while_the_person_sits_out() -> None:
    from test_play import first_legal, make_session

    def strategy(prompt: Prompt) -> str | None:  # play deal 1, sit out deal 2, leave in deal 3
        return None if len(session.game.logs) >= 3 else first_legal(prompt)

    session, buf = make_session(strategy, options=("target=100000",), variant=VARIANT)
    assert session.run() is False
    out = buf.getvalue()
    assert "Seat 5 sits out this deal (and may not advise)." in out  # deal 1: seat index 4
    assert "You sit out this deal: the others play it, and you may not advise." in out  # deal 2
    assert len(session.game.logs) == 3 and [log.dealer for log in session.game.logs] == [0, 1, 0]
    assert len(session.game.logs[1].moves) > 0  # the deal the person sat out was played by the bots


def test_the_web_and_the_environment_seat_five() -> None:
    from canasta.web.tables import create_table

    table, _writes = create_table(VARIANT, [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 4)
    assert table.rules == FIVE  # the web seats five (tests/web/test_variants.py)
    assert resolve_rules(VARIANT, {}) == FIVE  # so does the environment (tests/test_env_five.py)


@pytest.mark.slow
def test_300_random_games() -> None:
    whole_games(FIVE, "random", 300)


@pytest.mark.slow
def test_100_heuristic_games() -> None:
    whole_games(FIVE, "heuristic", 100)


def test_a_saved_game_resumes_in_the_middle_of_a_deal(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path

    from canasta.formats.savegame import SeatInfo, load_game, save_game

    game = Game(FIVE, seed=9)
    rng = random.Random(2)
    for _ in range(2):  # deal 1 to its end, then deal 2 (seat index 0 sits out) half-way
        deal = game.new_deal()
        while not deal.over and (len(game.logs) == 1 or len(game.logs[-1].moves) < 30):
            game.apply_action(rng.choice(deal.legal_actions()))
        if deal.over:
            game.finish_deal()
    path = Path(str(tmp_path)) / "five.json"
    save_game(path, game, [SeatInfo(f"P{i}", "bot", "random") for i in range(5)])
    saved = load_game(path)
    back = saved.game
    assert back.totals == game.totals and back.seating == game.seating and back.seating.sitting_out == 0
    assert back.deal is not None and game.deal is not None
    assert back.deal.view(0).hand == game.deal.view(0).hand and back.logs[-1].moves == game.logs[-1].moves
