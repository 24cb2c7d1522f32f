"""Whole games between bots (canasta.play.match), simulations (canasta.play.simulate) and ``canasta simulate``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from canasta.agents import make_agent
from canasta.cli.main import app
from canasta.cli.sim_cmd import parse_bots
from canasta.engine.deal import Deal, PlayerView
from canasta.moves.notation import Move
from canasta.play.match import play_game
from canasta.play.simulate import derive_seed, side_labels, side_order, simulate
from canasta.rules.fields import Rules

SHORT = "classic(target=1000)"

VARIANTS = ["classic(target=1000)", "classic(players=2,target=1000)", "classic(players=3,target=1000)",
            "classic(players=6,target=1000)", "classic(players=6,teams=3,target=1000)"]


# ----------------------------------------------------------------- play_game

@pytest.mark.parametrize("variant", VARIANTS)
def test_play_game_finishes_every_player_count(variant: str) -> None:
    """Deals to the target (RULES.md §1.12), invariants checked after every move."""
    rules = Rules.parse(variant)
    agents = [make_agent("heuristic" if s % 2 == 0 else "random", s) for s in range(rules.players)]
    seen: list[tuple[int, str]] = []

    def on_move(deal: Deal, seat: int, move: Move) -> None:
        seen.append((seat, str(move)))

    game = play_game(rules, agents, seed=3, first_dealer=1, on_move=on_move, check=True, max_deals=60)
    assert game.over and game.winner is not None
    assert game.totals[game.winner] >= rules.target
    assert game.totals[game.winner] == max(game.totals)
    logged = [m for log in game.logs for m in log.moves]
    assert [m for _, m in seen] == logged
    assert game.logs[0].dealer == 1


def test_play_game_is_reproducible() -> None:
    rules = Rules.parse(SHORT)

    def agents() -> list:
        return [make_agent("heuristic", 0), make_agent("random", 1), make_agent("heuristic", 2),
                make_agent("random", 3)]

    a = play_game(rules, agents(), seed=9)
    b = play_game(rules, agents(), seed=9)
    assert [log.moves for log in a.logs] == [log.moves for log in b.logs]
    assert a.totals == b.totals


def test_play_game_guards_against_runaway_games() -> None:
    rules = Rules.parse("classic(target=100000)")
    agents = [make_agent("random", s) for s in range(4)]
    with pytest.raises(RuntimeError, match="did not end after 1 deals"):
        play_game(rules, agents, seed=1, max_deals=1)


def test_play_game_needs_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="4 agents"):
        play_game(Rules.parse("classic"), [make_agent("random", 0)] * 3, seed=1)


class _Cheat:
    """An agent that answers a move id that is never legal."""

    name = "cheat"
    needs_view = False

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        return 10**6


def test_play_game_names_an_agent_that_plays_an_illegal_move() -> None:
    agents = [_Cheat()] + [make_agent("random", s) for s in range(1, 4)]
    with pytest.raises(RuntimeError, match="bot 'cheat' at seat"):
        play_game(Rules.parse("classic"), agents, seed=1, first_dealer=3)


# ------------------------------------------------------------------ simulate

def test_side_labels_tell_repeats_apart() -> None:
    assert side_labels(["random", "random"]) == ["random", "random#2"]
    assert side_labels(["heuristic", "random", "heuristic"]) == ["heuristic", "random", "heuristic#2"]


def test_derive_seed_is_stable() -> None:
    assert derive_seed(0, 1) == derive_seed(0, 1)
    assert derive_seed(0, 1) != derive_seed(1, 0)
    assert 0 <= derive_seed(5, 7) < 2**62


def test_simulate_same_result_for_any_number_of_jobs() -> None:
    rules = Rules.parse(SHORT)
    one = simulate(6, rules, ["heuristic", "random"], seed=4, jobs=1)
    two = simulate(6, rules, ["heuristic", "random"], seed=4, jobs=2)
    assert one.summaries == two.summaries
    a, b = one.to_json(), two.to_json()
    for key in ("seconds", "games_per_second", "jobs"):
        del a[key], b[key]
    assert a == b
    other = simulate(6, rules, ["heuristic", "random"], seed=5)
    assert other.summaries != one.summaries


def test_simulate_rotates_bots_and_dealers_and_plays_in_duplicate() -> None:
    rules = Rules.parse(SHORT)
    res = simulate(4, rules, ["heuristic", "random"], seed=1)
    g = res.summaries
    assert [s.index for s in g] == [0, 1, 2, 3]
    assert g[0].players == ("heuristic", "random") and g[1].players == ("random", "heuristic")
    assert g[0].seed == g[1].seed != g[2].seed == g[3].seed  # duplicate pairs share the cards
    assert [s.first_dealer for s in g] == [0, 0, 1, 1]


def test_three_sides_meet_in_every_order() -> None:
    """With 3 sides all 6 orders are played (who discards to whom changes too), on the same cards."""
    rules = Rules.parse("classic(players=3,target=1000)")
    res = simulate(6, rules, ["heuristic", "random", "random"], seed=1)
    assert len({s.players for s in res.summaries}) == 6
    assert len({s.seed for s in res.summaries}) == 1
    assert side_order(3, 6) == side_order(3, 0) == (0, 1, 2)


def test_simulate_counts_repeated_specs_apart() -> None:
    res = simulate(4, Rules.parse(SHORT), ["random", "random"], seed=2)
    assert set(res.wins) == {"random", "random#2"}
    assert sum(res.wins.values()) == 4
    assert res.win_rate["random"] == res.wins["random"] / 4
    assert res.deals_per_game >= 1


def test_simulate_json_keys() -> None:
    rules = Rules.parse("classic(players=3,target=1000)")
    res = simulate(2, rules, ["heuristic", "random", "random"], seed=3)
    d = res.to_json()
    for key in ("games", "games_per_second", "wins", "win_rate", "mean_deal_score", "deals_per_game",
                "canastas_per_deal", "variant", "seed"):
        assert key in d
    assert d["games"] == 2 and d["variant"] == "classic(players=3,target=1000)"
    assert set(d["wins"]) == {"heuristic", "random", "random#2"}
    json.dumps(d)


def test_simulate_refuses_bad_arguments() -> None:
    rules = Rules.parse("classic")
    with pytest.raises(ValueError, match="one bot spec per side"):
        simulate(1, rules, ["heuristic"], seed=0)
    with pytest.raises(ValueError, match="bots are"):
        simulate(1, rules, ["heuristic", "nobody"], seed=0)
    with pytest.raises(ValueError, match="jobs"):
        simulate(1, rules, ["heuristic", "random"], seed=0, jobs=0)


def test_simulate_saves_replayable_records(tmp_path: Path) -> None:
    from canasta.formats import records
    out = tmp_path / "recs"
    res = simulate(2, Rules.parse(SHORT), ["heuristic", "random"], seed=6, records_dir=out)
    files = sorted(p.name for p in out.iterdir())
    assert files == ["game-0001.json", "game-0002.json"]
    for i, name in enumerate(files):
        rec = records.load_record(out / name)
        replay = records.replay_record(rec)
        assert list(replay.totals) == list(res.summaries[i].totals)
        assert rec["seats"][0]["bot"] == res.summaries[i].players[0]


# ----------------------------------------------------------------------- CLI

def test_cli_simulate_json() -> None:
    res = CliRunner().invoke(app, ["simulate", "-n", "2", "-v", SHORT, "--json", "--seed", "3"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["games"] == 2 and d["seed"] == 3
    assert set(d["wins"]) == {"heuristic", "random"}
    assert "games_per_second" in d


def test_cli_simulate_table() -> None:
    res = CliRunner().invoke(app, ["simulate", "-n", "2", "-v", SHORT, "--bots", "random,random"])
    assert res.exit_code == 0, res.output
    assert "Win rate" in res.stdout and "random#2" in res.stdout and "deals per game" in res.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["-v", "clasic"], "unknown variant"),
        (["-v", "classic(players=7)"], "players"),
        (["--bots", "heuristic,wizard"], "unknown bot 'wizard'; bots are: "),
        (["--bots", "heuristic,random,random"], "2 sides"),
        (["-v", "classic(players=3)", "--bots", "heuristic,random,easy,hard"], "3 sides"),
        (["-n", "0"], "at least 1"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_cli_simulate_refuses_bad_options(args: list[str], message: str) -> None:
    res = CliRunner().invoke(app, ["simulate", "-n", "1", *args] if "-n" not in args else ["simulate", *args])
    assert res.exit_code == 2
    assert "error:" in res.stderr and message in res.stderr
    assert "Traceback" not in res.output


@pytest.mark.parametrize("variant", ["classic(players=3,cutthroat=true)", "classic(players=6,teams=3)"])
def test_cli_simulate_fewer_bots_than_sides_the_last_plays_the_rest(variant: str) -> None:
    """Issue #3: `canasta simulate -n 3 --bots heuristic,random` succeeds for every preset, three sides too:
    heuristic against two random players."""
    rules = Rules.parse(variant)
    assert parse_bots("heuristic,random", rules) == ["heuristic", "random", "random"]
    assert parse_bots("hard", rules) == ["hard", "hard", "hard"]
    res = CliRunner().invoke(app, ["simulate", "-n", "3", "-v", variant, "--bots", "heuristic,random", "--json"])
    assert res.exit_code == 0, res.output
    assert sorted(json.loads(res.output)["bots"]) == ["heuristic", "random", "random#2"]
