"""``canasta bench``: the figures exist and are positive (no timing assertions)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from canasta.cli.main import app
from canasta.play.bench import bench_random, run_benchmarks
from canasta.rules.fields import Rules


def test_run_benchmarks_gives_positive_figures() -> None:
    figs = run_benchmarks(Rules.parse("classic(players=2)"), 0.01)
    assert figs["variant"] == "classic(players=2)"
    for name in ("random", "heuristic"):
        assert figs[name]["steps_per_second"] > 0
        assert figs[name]["deals_per_second"] > 0
        assert figs[name]["deals"] >= 1 and figs[name]["steps"] > 0
    assert figs["heuristic"]["decision_ms_median"] > 0


def test_bench_counts_steps_apart_from_dealing() -> None:
    f = bench_random(Rules.parse("classic"), 0.01)
    assert f.setup_seconds > 0
    assert f.deal_seconds >= f.step_seconds + f.setup_seconds


def test_run_benchmarks_refuses_nonpositive_seconds() -> None:
    with pytest.raises(ValueError, match="positive"):
        run_benchmarks(Rules.parse("classic"), 0)
    with pytest.raises(ValueError, match="warmup"):
        run_benchmarks(Rules.parse("classic"), 0.01, warmup=-1)


def test_warm_up_deals_are_not_counted() -> None:
    """The warm-up plays deals of other seeds, untimed: the timed deals and their steps are those of a run
    without warm-up (the same seeds from the same random player)."""
    rules = Rules.parse("classic(players=2)")
    cold = bench_random(rules, 0.0)  # one deal
    warm = bench_random(rules, 0.0, warmup=0.05)
    assert cold.deals == warm.deals == 1 and cold.steps == warm.steps
    figs = run_benchmarks(rules, 0.01, warmup=0.01)
    assert figs["warmup_seconds"] == 0.01


def test_cli_bench_json() -> None:
    res = CliRunner().invoke(app, ["bench", "--seconds", "0.01", "--warmup", "0.01", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["variant"] == "classic"
    assert d["random"]["steps_per_second"] > 0 and d["heuristic"]["deals_per_second"] > 0
    from canasta.build_info import build

    assert d["build"] == build() and d["build"] in ("compiled", "pure")  # which build ran (issue 17)


def test_cli_bench_table_and_errors() -> None:
    res = CliRunner().invoke(app, ["bench", "--seconds", "0.01", "--warmup", "0"])
    assert res.exit_code == 0, res.output
    assert "Steps/s" in res.stdout and "heuristic" in res.stdout
    bad = CliRunner().invoke(app, ["bench", "--seconds", "0"])
    assert bad.exit_code == 2 and "--seconds" in bad.stderr
    bad = CliRunner().invoke(app, ["bench", "--seconds", "0.01", "--warmup", "-1"])
    assert bad.exit_code == 2 and "--warmup" in bad.stderr
    bad = CliRunner().invoke(app, ["bench", "-v", "nope"])
    assert bad.exit_code == 2 and "unknown variant" in bad.stderr
