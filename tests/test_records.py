"""Game records: write, load, replay with every move and score checked; tampered records refused.

Games are played here with a tiny local loop (Game + random agents), not with
canasta.play.match, so that these tests depend only on the core and the records module.
Golden records (tests/golden/*.json) are replayed by :func:`test_golden_records_replay`;
``python tests/test_records.py`` regenerates them (only when the rules change on purpose).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from canasta.agents import make_agent
from canasta.cli.main import app
from canasta.engine.game import Game
from canasta.formats.records import (
    RecordError,
    dumps_record,
    load_record,
    record_from_game,
    replay_record,
    write_record,
)
from canasta.rules.fields import Rules

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES = {
    # file name: (variant, game seed); every golden has at least two deals
    "classic4_seed3.json": ("classic(target=1500)", 3),
    "classic2_seed3.json": ("classic(players=2,target=1500)", 3),
    "classic6x3_seed5.json": ("classic(players=6,teams=3,target=1500)", 5),
}
MULTI_DEAL = ("classic(target=1500)", 3)
"""A game of three deals (the second one ends with a player going out)."""


def seats_for(rules: Rules) -> list[dict[str, Any]]:
    return [{"name": f"Bot {i + 1}", "kind": "bot", "bot": "random"} for i in range(rules.players)]


def play_random(spec: str, seed: int, stop_after: int | None = None) -> tuple[Game, list[Any]]:
    """Play a game with random agents (agent seeds ``seed*10+seat``), or only ``stop_after`` moves.

    Returns the game and the agents (to go on playing a stopped game).
    """
    rules = Rules.parse(spec)
    game = Game(rules, seed=seed)
    agents = [make_agent("random", seed * 10 + s) for s in range(rules.players)]
    continue_random(game, agents, stop_after)
    return game, agents


def continue_random(game: Game, agents: list[Any], stop_after: int | None = None) -> None:
    """Go on playing ``game`` with ``agents`` to its end (or for ``stop_after`` more moves)."""
    done = 0
    while not game.over:
        if game.deal is None or game.deal.over:
            if game.deal is not None and game.logs[-1].scores == []:
                game.finish_deal()
                continue
            game.new_deal()
        deal = game.deal
        assert deal is not None
        while not deal.over:
            if stop_after is not None and done >= stop_after:
                return
            game.apply_action(agents[deal.to_act].select(None, deal.legal_actions()))
            done += 1
        game.finish_deal()


@pytest.fixture(scope="module")
def multi() -> dict[str, Any]:
    game, _ = play_random(*MULTI_DEAL)
    assert len(game.logs) >= 3
    return record_from_game(game, seats_for(game.rules))


def refused(record: dict[str, Any], **kw: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay_record(record, **kw)
    return info.value


# ---------------------------------------------------------------- round trips

@pytest.mark.parametrize("spec,seed", [
    ("classic(target=1500)", 1),
    ("classic(players=2,target=1500)", 3),
    ("classic(players=3,target=1500)", 1),
    ("classic(players=6,target=1500)", 9),
    ("classic(players=6,teams=3,target=1500)", 5),
])
def test_record_write_load_replay(tmp_path: Path, spec: str, seed: int) -> None:
    game, _ = play_random(spec, seed)
    rec = record_from_game(game, seats_for(game.rules))
    assert rec["complete"] is True and rec["winner"] == game.winner
    path = tmp_path / "game.json"
    write_record(path, rec)
    loaded = load_record(path)
    assert loaded == rec
    res = replay_record(loaded)
    assert res.totals == game.totals
    assert res.winner == game.winner is not None
    assert res.deals == len(game.logs)
    assert res.complete and not res.in_progress
    # the rebuilt game gives the same record, byte for byte
    again = tmp_path / "again.json"
    write_record(again, record_from_game(res.game, loaded["seats"]))
    assert again.read_bytes() == path.read_bytes()


def test_same_game_same_bytes() -> None:
    a, _ = play_random("classic(players=2,target=1500)", 8)
    b, _ = play_random("classic(players=2,target=1500)", 8)
    assert dumps_record(record_from_game(a)) == dumps_record(record_from_game(b))
    c, _ = play_random("classic(players=2,target=1500)", 9)
    assert dumps_record(record_from_game(a)) != dumps_record(record_from_game(c))


def test_key_order_is_canonical(multi: dict[str, Any]) -> None:
    shuffled = dict(reversed(list(multi.items())))
    shuffled["deals"] = [dict(reversed(list(d.items()))) for d in multi["deals"]]
    assert dumps_record(shuffled) == dumps_record(multi)
    assert list(json.loads(dumps_record(shuffled))) == list(multi)


def test_written_record_is_readable_json(multi: dict[str, Any]) -> None:
    text = dumps_record(multi)
    assert json.loads(text) == multi
    lines = text.splitlines()
    assert lines[1] == '  "format": "canasta-record",'
    assert '        "draw",' in lines  # one move per line
    assert max(len(ln) for ln in lines) <= 110


def test_deck_optional_seed_shuffles(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    for d in rec["deals"]:
        del d["deck"]
    assert replay_record(rec).totals == multi["totals"]


def test_stored_deck_wins_over_seed(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["deals"][0]["seed"] += 1  # a reshuffle seed only: the stored deck decides the deal
    assert replay_record(rec).totals == multi["totals"]
    del rec["deals"][0]["deck"]  # now the (wrong) seed shuffles another deal
    err = refused(rec)
    assert err.deal == 1


# ---------------------------------------------------------------- saved games

def test_saved_game_mid_deal_resumes_identically(tmp_path: Path) -> None:
    full, _ = play_random(*MULTI_DEAL)
    cut = len(full.logs[0].moves) + 40  # inside deal 2
    part, agents = play_random(*MULTI_DEAL, stop_after=cut)
    rec = record_from_game(part, seats_for(part.rules))
    assert rec["complete"] is False and rec["deals"][-1]["result"] is None
    path = tmp_path / "saved.json"
    write_record(path, rec)

    err = refused(load_record(path))
    assert "deal 2: the record ends in this deal after move 40" in str(err)

    res = replay_record(load_record(path), allow_incomplete=True)
    assert res.in_progress and not res.complete and res.deals == 2
    deal = res.game.deal
    assert deal is not None and not deal.over
    assert part.deal is not None
    for seat in range(part.rules.players):
        assert deal.view(seat) == part.deal.view(seat)
    assert deal.stock == part.deal.stock
    # go on with the same agents: the rebuilt game draws the same seeds for later deals
    continue_random(res.game, agents)
    assert dumps_record(record_from_game(res.game, seats_for(part.rules))) == dumps_record(
        record_from_game(full, seats_for(full.rules)))


def test_saved_between_deals() -> None:
    full, _ = play_random(*MULTI_DEAL)
    rules = full.rules
    game = Game(rules, seed=MULTI_DEAL[1])
    agents = [make_agent("random", MULTI_DEAL[1] * 10 + s) for s in range(rules.players)]
    deal = game.new_deal()
    while not deal.over:
        game.apply_action(agents[deal.to_act].select(None, deal.legal_actions()))
    game.finish_deal()
    res = replay_record(record_from_game(game))  # no deal in progress: allowed without the flag
    assert not res.in_progress and not res.complete
    assert res.game.new_deal().seed == full.logs[1].seed


def test_deal_over_but_not_scored() -> None:
    g = Game(Rules.parse(MULTI_DEAL[0]), seed=1)
    agent = make_agent("random", 1)
    deal = g.new_deal()
    while not deal.over:
        g.apply_action(agent.select(None, deal.legal_actions()))
    rec = record_from_game(g)  # finish_deal not called yet
    assert rec["deals"][0]["result"] is None
    assert "deal 1: the record ends with this deal over but not scored" in str(refused(rec))
    res = replay_record(rec, allow_incomplete=True)
    assert res.in_progress and res.game.deal is not None and res.game.deal.over
    res.game.finish_deal()
    assert res.game.logs[0].scores == [s.total for s in deal.score()]


def test_complete_flag_refuses_truncation(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    last = rec["deals"][-1]
    last["moves"] = last["moves"][:-5]
    last["result"] = None
    err = refused(rec, allow_incomplete=True)
    assert f"deal {len(rec['deals'])}:" in str(err)
    assert "says the game is complete" in str(err)


def test_deal_stopping_early_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    n = len(rec["deals"][0]["moves"])
    rec["deals"][0]["moves"] = rec["deals"][0]["moves"][:-3]
    assert str(refused(rec)) == (f"deal 1: the moves end after move {n - 3} but the deal is not over, "
                                 "although the record stores its result")
    rec["deals"][0]["result"] = None
    assert str(refused(rec, allow_incomplete=True)) == (f"deal 1: the deal is not over after move {n - 3}, "
                                                        "but deal 2 follows")


# ---------------------------------------------------------------- tampering

def _move_index(moves: list[str], want: str, start: int = 2) -> int:
    """0-based index of the first move from ``start`` on that is ``want`` followed by a discard."""
    for i in range(start, len(moves) - 1):
        if moves[i] == want and moves[i + 1].startswith("discard"):
            return i
    raise AssertionError("no such move")


def test_illegal_move_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    i = _move_index(rec["deals"][1]["moves"], "draw")
    rec["deals"][1]["moves"][i] = "meld 4H 4S 4D"
    err = refused(rec)
    assert (err.deal, err.move) == (2, i + 1)
    assert str(err) == (f"deal 2, move {i + 1} ('meld 4H 4S 4D'): first draw from the stock ('draw') "
                        "or take the discard pile ('take ...')")


def test_garbled_move_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["deals"][1]["moves"][4] = "drawww"
    err = refused(rec)
    assert str(err).startswith("deal 2, move 5 ('drawww'): 'drawww' is not a move: moves are: draw")
    rec["deals"][1]["moves"][4] = "discard 9X"
    assert "'9X' is not a card" in str(refused(rec))


def test_removed_move_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    moves = rec["deals"][1]["moves"]
    i = _move_index(moves, "draw")
    del moves[i]  # the player to act now meets a discard before drawing
    err = refused(rec)
    assert (err.deal, err.move) == (2, i + 1)
    assert "first draw from the stock" in str(err)


def test_out_of_turn_answer_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["deals"][0]["moves"].insert(1, "yes")
    err = refused(rec)
    assert str(err) == "deal 1, move 2 ('yes'): nobody asked to go out"


def test_extra_move_after_the_deal_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    n = len(rec["deals"][0]["moves"])
    rec["deals"][0]["moves"].append("draw")
    assert str(refused(rec)) == f"deal 1, move {n + 1} ('draw'): the deal is over"


def test_changed_score_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    scores = rec["deals"][1]["result"]["scores"]
    true = list(scores)
    scores[0] += 10
    err = refused(rec)
    assert str(err) == (f"deal 2: the record's scores are [{true[0] + 10}, {true[1]}] but the engine scores "
                        f"[{true[0]}, {true[1]}]")


def test_changed_breakdown_out_seat_totals_winner_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["deals"][0]["result"]["breakdowns"][1]["hand_cards"] -= 5
    assert "deal 1: side index 1's breakdown: the record has hand_cards" in str(refused(rec))
    rec = copy.deepcopy(multi)
    rec["deals"][0]["result"]["out_seat"] = 3 if multi["deals"][0]["result"]["out_seat"] != 3 else 2
    assert "deal 1: the record says seat index" in str(refused(rec))
    rec = copy.deepcopy(multi)
    rec["totals"][0] += 1
    assert "the record's totals are" in str(refused(rec))
    rec = copy.deepcopy(multi)
    rec["winner"] = 1 - multi["winner"]
    assert "as winner but the engine finds side index" in str(refused(rec))
    rec = copy.deepcopy(multi)
    rec["complete"] = False
    assert "says the game is not complete" in str(refused(rec))


def test_deals_after_the_end_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["deals"].append(copy.deepcopy(rec["deals"][-1]))
    err = refused(rec)
    assert err.deal == len(multi["deals"]) + 1 and "the game ended after deal" in str(err)


def test_wrong_dealer_and_bad_deck_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["deals"][1]["dealer"] = 3
    assert str(refused(rec)) == ("deal 2: the record says the dealer is seat index 3, but the deal passes "
                                 "to seat index 1")
    rec = copy.deepcopy(multi)
    rec["deals"][1]["deck"][4] = "ZZ"
    assert str(refused(rec)).startswith("deal 2: card 5 of the deck: 'ZZ' is not a card")
    rec = copy.deepcopy(multi)
    rec["deals"][1]["deck"][4] = rec["deals"][1]["deck"][5]
    assert str(refused(rec)).startswith("deal 2: the deck: the deck must hold exactly the 108 cards")


def test_rules_and_seats_refused(multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    rec["rules"] = "klondike"
    assert str(refused(rec)).startswith("rules: unknown variant 'klondike'")
    rec = copy.deepcopy(multi)
    rec["seats"] = rec["seats"][:3]
    assert str(refused(rec)) == "the record has 3 seats but classic(target=1500) has 4 players"
    rec = copy.deepcopy(multi)
    rec["first_dealer"] = 4
    assert "'first_dealer' must be a seat index 0..3" in str(refused(rec))
    rec = copy.deepcopy(multi)
    rec["seats"][2]["kind"] = "robot"
    assert str(refused(rec)) == "seat 3: 'kind' must be one of human, bot, not 'robot'"


@pytest.mark.parametrize("change,message", [
    (lambda r: r.update(version=2), "record version 2 is not supported; this program reads version 1"),
    (lambda r: r.update(format="chess-pgn"), "not a canasta game record"),
    (lambda r: r.pop("totals"), "the record has no field 'totals'"),
    (lambda r: r.update(extra=1), "the record has an unknown field 'extra'; its fields are: format"),
    (lambda r: r.update(seed="x"), "'seed' must be a whole number or null, not the text 'x'"),
    (lambda r: r.update(complete="yes"), "'complete' must be true or false, not the text 'yes'"),
    (lambda r: r["deals"][1].update(moves="draw"),
     "deal 2: 'moves' must be a list of moves in text, not the text 'draw'"),
    (lambda r: r["deals"][1]["moves"].__setitem__(2, 7),
     "deal 2, move 3 (7): a move must be text such as \"draw\", not a whole number"),
    (lambda r: r["deals"][0].pop("seed"), "deal 1: the deal has no field 'seed'"),
    (lambda r: r["deals"][0].update(seed=True), "deal 1: 'seed' must be a whole number, not true/false"),
    (lambda r: r["deals"][0]["result"].update(scores=[1, "2"]), "deal 1: 'result.scores' must be a list"),
    (lambda r: r.update(deals={}), "'deals' must be a list of deals, not an object"),
])
def test_malformed_records_refused(tmp_path: Path, multi: dict[str, Any], change: Any, message: str) -> None:
    rec = copy.deepcopy(multi)
    change(rec)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert message in str(info.value)
    assert message in str(refused(rec))


def test_unreadable_files_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "canasta-record", "version": 1,,}', encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad.json is not valid JSON: Expecting .* at line 1, column 43"):
        load_record(bad)
    with pytest.raises(RecordError, match="cannot read .*missing.json"):
        load_record(tmp_path / "missing.json")
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordError, match="a game record must be a JSON object, not a list"):
        load_record(bad)


def test_write_errors_and_no_leftovers(tmp_path: Path, multi: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    write_record(path, multi)
    write_record(path, multi)  # replaces the file
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    with pytest.raises(RecordError, match="cannot write .*nodir.*game.json"):
        write_record(tmp_path / "nodir" / "game.json", multi)


def test_record_from_game_checks_seats() -> None:
    game = Game(Rules.parse("classic(players=2)"), seed=1)
    with pytest.raises(RecordError, match="3 seats given but classic\\(players=2\\) has 2 players"):
        record_from_game(game, [{"name": "a", "kind": "bot", "bot": None}] * 3)
    with pytest.raises(RecordError, match="seat 2: 'name' must be text"):
        record_from_game(game, [{"name": "a", "kind": "human"}, {"name": 5, "kind": "bot"}])


MOVE_TEXTS = st.one_of(
    st.sampled_from(
        ["draw", "take", "take KH KS", "meld 7H 7S 7D", "add 2C to K", "add JK", "discard 7S", "ask", "yes",
         "no", "pass", "meld", "discard", "take KH", "add 2C", "meld 2C 2D JK", "", "  ",
         "meld KH KH KH KH KH KH KH KH KH KH KH KH KH KH", "add 2C 2D 2H 2S JK to 7", "discard 3H",
         "meld 3C 3S 3C", "add 2C to 3", "add 2C to W", "take 2C JK", "take 3C 3S"]),
    st.text(alphabet="drawmeltkisconpuyADKQJT9876543HSC2 ", max_size=24),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=st.integers(0, 2), pos=st.integers(0, 10_000), text=MOVE_TEXTS)
def test_any_tampering_gives_a_record_error(multi: dict[str, Any], deal: int, pos: int, text: str) -> None:
    """Replacing any move by any text either still replays or raises RecordError, never anything else."""
    rec = copy.deepcopy(multi)
    moves = rec["deals"][deal]["moves"]
    moves[pos % len(moves)] = text
    try:
        replay_record(rec)
    except RecordError as e:
        assert e.deal is not None
        assert str(e).startswith(f"deal {e.deal}")


# ---------------------------------------------------------------- command line

def test_cli_replay_table_and_json(tmp_path: Path, multi: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    write_record(path, multi)
    runner = CliRunner()
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 0, res.output
    assert "Bot 1 & Bot 3" in res.stdout and "Winner:" in res.stdout
    res = runner.invoke(app, ["replay", str(path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert set(out) == {"rules", "sides", "deals", "totals", "winner", "complete", "in_progress"}
    assert out["totals"] == multi["totals"] and out["winner"] == multi["winner"]
    assert [d["scores"] for d in out["deals"]] == [d["result"]["scores"] for d in multi["deals"]]
    assert out["sides"] == ["Bot 1 & Bot 3", "Bot 2 & Bot 4"]


def test_cli_replay_refuses_with_deal_and_move(tmp_path: Path, multi: dict[str, Any]) -> None:
    rec = copy.deepcopy(multi)
    i = _move_index(rec["deals"][1]["moves"], "draw")
    rec["deals"][1]["moves"][i] = "meld KH KS"
    path = tmp_path / "bad.json"
    write_record(path, rec)
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 2
    assert res.stderr.startswith(f"error: deal 2, move {i + 1} ('meld KH KS'): ")
    assert "Traceback" not in res.output


def test_cli_replay_saved_game(tmp_path: Path) -> None:
    part, _ = play_random(*MULTI_DEAL, stop_after=30)
    path = tmp_path / "saved.json"
    write_record(path, record_from_game(part))
    res = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["in_progress"] is True and out["deals"][0]["scores"] is None and out["deals"][0]["moves"] == 30


# ---------------------------------------------------------------- golden records

def make_golden(name: str) -> dict[str, Any]:
    """The golden record ``name`` as the current engine plays it."""
    spec, seed = GOLDEN_GAMES[name]
    game, _ = play_random(spec, seed)
    return record_from_game(game, seats_for(game.rules))


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_records_replay(name: str) -> None:
    rec = load_record(GOLDEN / name)
    assert rec["rules"] == GOLDEN_GAMES[name][0]
    assert all(d["deck"] for d in rec["deals"]) and len(rec["deals"]) >= 2
    res = replay_record(rec)
    assert res.complete and res.totals == rec["totals"] and res.winner == rec["winner"]
    text = (GOLDEN / name).read_text(encoding="utf-8")
    assert dumps_record(record_from_game(res.game, rec["seats"])) == text


def test_every_golden_file_is_listed() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.json")) == sorted(GOLDEN_GAMES)


if __name__ == "__main__":  # regenerate the golden records (only after a deliberate rules change)
    for golden_name in GOLDEN_GAMES:
        write_record(GOLDEN / golden_name, make_golden(golden_name))
        print("wrote", GOLDEN / golden_name)
