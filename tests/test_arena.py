"""The arena (``canasta arena``): duplicate pairing, interval and Elo maths, reproducibility, the CLI."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from canasta.cli.main import app
from canasta.play.arena import (
    bradley_terry_elo,
    make_tasks,
    mean_ci,
    pair_list,
    run_arena,
    summarise,
    wilson,
)
from canasta.play.arena_tasks import PlayResult, ShuffleResult, Task, assignments, play_margin, run_task
from canasta.rules.fields import Rules

CLASSIC = Rules.preset("classic")


# ------------------------------------------------------------------ the format


def test_two_sides_are_swapped_between_the_two_plays() -> None:
    assert assignments(2) == [(0, 1), (1, 0)]


def test_three_sides_put_each_bot_alone_on_each_side() -> None:
    plays = assignments(3)
    assert len(plays) == 6
    assert plays[:3] == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    assert plays[3:] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    for side in range(3):  # each bot plays each side's cards equally often
        assert sum(1 for p in plays if p[side] == 0) == 3


def test_margin_is_mean_of_own_sides_minus_mean_of_the_others() -> None:
    assert play_margin((500, 200), (0,)) == 300
    assert play_margin((500, 200), (1,)) == -300
    assert play_margin((600, 300, 0), (0,)) == 450
    assert play_margin((600, 300, 0), (1, 2)) == -450


def test_duplicate_plays_deal_the_same_cards() -> None:
    task = Task(CLASSIC.spec(), "random", "heuristic", 0, 3, 42, "deal")
    res = run_task(task)
    assert [p.a_sides for p in res.plays] == [(0,), (1,)]
    # same shuffle, bots swapped: re-playing gives the same scores (no hidden state)
    again = run_task(task)
    assert again == res
    for p in res.plays:
        assert p.win == (1.0 if p.margin > 0 else 0.5 if p.margin == 0 else 0.0)


def test_tasks_cover_every_pair_and_shuffle_in_a_fixed_order() -> None:
    tasks = make_tasks(CLASSIC, ["a", "b", "c"], 2, 7, "deal")
    assert [(t.pair, t.index, t.a, t.b) for t in tasks] == [
        (0, 0, "a", "b"), (0, 1, "a", "b"), (1, 0, "a", "c"), (1, 1, "a", "c"), (2, 0, "b", "c"), (2, 1, "b", "c")]
    assert pair_list(3) == [(0, 1), (0, 2), (1, 2)]


# ------------------------------------------------------------------ statistics


def test_mean_interval_on_known_values() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    half = 1.959963984540054 * 1.2909944487358056 / 2
    assert lo == pytest.approx(2.5 - half) and hi == pytest.approx(2.5 + half)
    m, lo, hi = mean_ci([5.0])
    assert m == 5.0 and math.isnan(lo) and math.isnan(hi)
    with pytest.raises(ValueError):
        mean_ci([])


def test_wilson_interval_on_known_values() -> None:
    p, lo, hi = wilson(5, 10)
    assert p == 0.5
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    p, lo, hi = wilson(10, 10)
    assert p == 1.0 and hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    p, lo, hi = wilson(0, 10)
    assert lo == pytest.approx(0.0) and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(2.5, 5)[0] == 0.5  # ties count half
    with pytest.raises(ValueError):
        wilson(3, 0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_bradley_terry_equal_results_give_equal_ratings() -> None:
    wins = [[0, 50, 50], [50, 0, 50], [50, 50, 0]]
    plays = [[0, 100, 100], [100, 0, 100], [100, 100, 0]]
    elo = bradley_terry_elo(wins, plays)
    for r, lo, hi in elo:
        assert r == pytest.approx(1500, abs=1e-6)
        assert lo < r < hi


def test_bradley_terry_orders_and_scales_like_elo() -> None:
    # a beats b 3:1 (odds 3 -> 400*log10(3) = 190.8 Elo), b beats c 3:1, a beats c 9:1
    wins = [[0, 75, 90], [25, 0, 75], [10, 25, 0]]
    plays = [[0, 100, 100], [100, 0, 100], [100, 100, 0]]
    (a, alo, ahi), (b, _, _), (c, _, _) = bradley_terry_elo(wins, plays, prior=0.0)
    assert a > b > c
    assert (a + b + c) / 3 == pytest.approx(1500)
    assert a - b == pytest.approx(400 * math.log10(3), abs=1.0)
    assert b - c == pytest.approx(400 * math.log10(3), abs=1.0)
    assert alo < a < ahi


def test_a_clean_sweep_stays_finite() -> None:
    elo = bradley_terry_elo([[0, 10, 10], [0, 0, 5], [0, 5, 0]], [[0, 10, 10], [10, 0, 10], [10, 10, 0]])
    assert all(math.isfinite(r) for r, _, _ in elo)
    assert elo[0][0] > elo[1][0]


def test_summary_pairs_field_and_elo_from_shuffles() -> None:
    res = run_arena(CLASSIC, ["random", "heuristic", "random"], 2, seed=5)
    assert res.labels == ["random", "heuristic", "random#2"]
    assert len(res.pairs) == 3 and all(p.shuffles == 2 and p.plays == 4 for p in res.pairs)
    again = summarise(res.variant, res.seed, res.unit, res.shuffles, res.specs, res.results)
    assert again.pairs == res.pairs
    for lb in res.labels:
        b = res.bots[lb]
        assert b.plays == 8 and 0 <= b.win_low <= b.win_rate <= b.win_high <= 1
        assert math.isfinite(b.elo)
    # the pair's figures add up with the field's
    h = res.bots["heuristic"]
    assert h.wins == pytest.approx(res.pairs[0].plays - res.pairs[0].wins + res.pairs[2].wins)
    data = res.to_json()
    assert set(data["bots"]) == {"random", "heuristic", "random#2"}
    assert {"win_rate", "win_rate_ci", "elo", "elo_ci", "mean_margin", "margin_ci"} <= set(data["bots"]["heuristic"])
    json.dumps(data)


# ------------------------------------------------------------------ reproducibility


def test_same_results_for_one_and_two_jobs() -> None:
    one = run_arena(CLASSIC, ["heuristic", "random"], 6, seed=9, jobs=1)
    two = run_arena(CLASSIC, ["heuristic", "random"], 6, seed=9, jobs=2)
    assert one.results == two.results
    strip = {"seconds", "jobs"}
    a = {k: v for k, v in one.to_json().items() if k not in strip}
    b = {k: v for k, v in two.to_json().items() if k not in strip}
    for d in (a, b):
        for bot in d["bots"].values():
            bot.pop("decision_ms_median")
            bot.pop("decision_ms_mean")
    assert a == b


def test_three_sided_variant_and_whole_games() -> None:
    three = run_arena(Rules.parse("classic(players=3)"), ["heuristic", "random"], 1, seed=2)
    assert three.pairs[0].plays == 6
    games = run_arena(Rules.parse("classic(players=2,target=1500)"), ["heuristic", "random"], 1, seed=2,
                      unit="game")
    assert games.unit == "game" and games.pairs[0].plays == 2


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="two bots"):
        run_arena(CLASSIC, ["random"], 1)
    with pytest.raises(ValueError, match="unknown bot"):
        run_arena(CLASSIC, ["random", "nobody"], 1)
    with pytest.raises(ValueError, match="at least 1"):
        run_arena(CLASSIC, ["random", "random"], 0)
    with pytest.raises(ValueError, match="backend"):
        run_arena(CLASSIC, ["random", "random"], 1, backend="cloud")


@pytest.mark.slow
def test_ray_backend_gives_the_local_results() -> None:
    pytest.importorskip("ray")
    local = run_arena(CLASSIC, ["heuristic", "random"], 4, seed=3)
    remote = run_arena(CLASSIC, ["heuristic", "random"], 4, seed=3, backend="ray", jobs=2)
    assert remote.results == local.results
    assert [p.to_json() for p in remote.pairs] == [p.to_json() for p in local.pairs]


# ------------------------------------------------------------------ the command


def test_cli_json_has_each_bots_win_rate_and_interval() -> None:
    r = CliRunner().invoke(app, ["arena", "heuristic", "random", "--deals", "3", "--seed", "4", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["unit"] == "deal" and data["shuffles"] == 3
    for name in ("heuristic", "random"):
        bot = data["bots"][name]
        lo, hi = bot["win_rate_ci"]
        assert 0 <= lo <= bot["win_rate"] <= hi <= 1
    assert data["pairs"][0]["a"] == "heuristic"


def test_cli_tables_and_plot(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "elo.png"
    r = CliRunner().invoke(app, ["arena", "random", "heuristic", "easy", "--deals", "1", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    assert "Elo" in r.stdout and "95% CI" in r.stdout and "heuristic" in r.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [
    (["random"], "at least two bots"),
    (["random", "zorro"], "unknown bot"),
    (["random", "random", "--deals", "1", "--games", "1"], "not both"),
    (["random", "random", "--deals", "0"], "at least 1"),
    (["random", "random", "--jobs", "0"], "--jobs"),
    (["random", "random", "--backend", "cloud"], "local or ray"),
    (["random", "random", "--variant", "nonsense"], "nonsense"),
    (["random", "random", "--plot", "chart.jpg"], ".png"),
    (["random", "expert(speed=3)"], "no option 'speed'"),
])
def test_cli_refuses_bad_arguments(args, message) -> None:
    r = CliRunner().invoke(app, ["arena", *args])
    assert r.exit_code == 2
    assert message in r.output
    assert "Traceback" not in r.output


def test_shuffle_win_rate_is_the_duplicate_score_of_each_shuffle() -> None:
    """A wins a shuffle when the same cards were worth more to it over both plays, whatever each play's winner."""
    def shuffle(index: int, m0: float, m1: float) -> ShuffleResult:
        plays = tuple(PlayResult((k,), (0, 0), m, 1.0 if m > 0 else 0.5 if m == 0 else 0.0)
                      for k, m in enumerate((m0, m1)))
        return ShuffleResult(0, index, plays)

    results = [shuffle(0, 900, -300), shuffle(1, -500, -200), shuffle(2, 100, -100), shuffle(3, 40, 60)]
    assert [r.shuffle_win for r in results] == [1.0, 0.0, 0.5, 1.0]
    res = summarise("classic", 1, "deal", 4, ["hard", "random"], results)
    (p,) = res.pairs
    assert p.wins == 4.0 and p.win_rate == 0.5  # per play: 1 + 0 + 1 + 2 of 8
    assert p.shuffle_wins == 2.5 and p.shuffle_rate == pytest.approx(2.5 / 4)
    assert 0 <= p.shuffle_low <= p.shuffle_rate <= p.shuffle_high <= 1
    data = p.to_json()
    assert data["shuffle_win_rate"] == pytest.approx(0.625) and len(data["shuffle_win_rate_ci"]) == 2
