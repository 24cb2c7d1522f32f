"""Benchmark (not a test): two commits side by side in one run, interleaved, on one core.

For each variant, plays the same fixed workload with each commit's engine, alternating old and new, and keeps
the best of the repeats (the least disturbed run): random players over ``--deals`` deals of fixed seeds, and
four heuristic players over a tenth as many. Then it runs ``canasta bench`` (steps per second) for each commit,
alternating likewise, and reports medians. The fixed workloads are the precise figure (same deals, best of
N); ``canasta bench`` is the figure users see, and on a shared machine it moves by several percent between
runs of one commit.

Each commit is checked out into a temporary git worktree and run with ``PYTHONPATH`` pointing at its
``src``, with this checkout's Python (so both use the same interpreter and packages).

Run::

    python benchmarks/compare_commits.py HEAD~1 HEAD
    python benchmarks/compare_commits.py 1dbdd55 main --variants classic italian hollywood --rounds 3

Prints one table per measurement with the ratio new/old (above 1: the new commit is faster for steps per
second, slower for milliseconds).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOAD = r"""
import random, sys, time
from canasta import Deal, Game, Rules
try:
    from canasta.agents.registry import make_agent
except ImportError:  # commits before the layout of issue 14
    from canasta.agents.base import make_agent
try:
    from canasta.play.match import play_deal
except ImportError:
    from canasta.match import play_deal
rules = Rules.preset(sys.argv[1])
deals, repeats, kind = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

def random_play():
    start = time.perf_counter()
    for seed in range(1000, 1000 + deals):
        deal, rng = Deal(rules, seed=seed), random.Random(seed)
        while not deal.over:
            legal = deal.legal_actions()
            deal.apply_action(legal[rng.randrange(len(legal))])
    return time.perf_counter() - start

def heuristic_play():
    start = time.perf_counter()
    for seed in range(max(1, deals // 10)):
        game = Game(rules, seed=seed)
        game.new_deal()
        play_deal(game, [make_agent("heuristic", seed=seed + s) for s in range(rules.players)])
    return time.perf_counter() - start

run = random_play if kind == "random" else heuristic_play
run()  # untimed: imports done on first use and the engine's caches, as in a long session
print(min(run() for _ in range(repeats)) * 1000)
"""


def _run(src: Path, args: list[str], core: str) -> str:
    """Run ``python args`` with ``src`` first on the path, pinned to ``core`` where ``taskset`` exists."""
    env = dict(os.environ, PYTHONPATH=str(src))
    pin = ["taskset", "-c", core] if _has_taskset() else []
    done = subprocess.run([*pin, sys.executable, *args], env=env, capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    if done.returncode != 0:
        raise SystemExit(f"a run failed with {src}: {done.stderr.strip().splitlines()[-1:]}")
    return done.stdout


def _has_taskset() -> bool:
    return subprocess.run(["sh", "-c", "command -v taskset"], capture_output=True).returncode == 0


def _table(title: str, unit: str, rows: list[tuple[str, float, float]], higher_is_better: bool) -> str:
    lines = [title, f"| variant | old {unit} | new {unit} | new/old |", "|---|---|---|---|"]
    for variant, old, new in rows:
        ratio = new / old if old else float("nan")
        lines.append(f"| {variant} | {old:,.1f} | {new:,.1f} | {ratio:.3f} |")
    lines.append("(higher is faster)" if higher_is_better else "(lower is faster)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the commit to compare against (e.g. HEAD~1)")
    parser.add_argument("new", help="the commit measured (e.g. HEAD)")
    parser.add_argument("--variants", nargs="+", default=["classic", "italian", "hollywood"])
    parser.add_argument("--deals", type=int, default=300, help="deals of random play per workload run")
    parser.add_argument("--repeats", type=int, default=7, help="runs per workload, the best kept")
    parser.add_argument("--rounds", type=int, default=3, help="old/new alternations")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per canasta bench measurement")
    parser.add_argument("--core", default="1", help="the CPU core to pin the runs to")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {}
        for name in ("old", "new"):
            path = Path(tmp) / name
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path),
                            getattr(args, name)], check=True)
            trees[name] = path / "src"
        try:
            figures = _measure(args, trees)
        finally:
            for name in trees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(Path(tmp) / name)],
                               check=False)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for kind in ("random", "heuristic"):
        rows = [(v, figures[v][f"{kind}_ms"]["old"], figures[v][f"{kind}_ms"]["new"]) for v in args.variants]
        print(_table(f"\nFixed workload, {kind} players (ms, best of {args.repeats})", "ms", rows, False))
    for kind in ("random", "heuristic"):
        rows = [(v, figures[v][f"bench_{kind}"]["old"], figures[v][f"bench_{kind}"]["new"]) for v in args.variants]
        print(_table(f"\ncanasta bench, {kind} players (steps/s, median of {args.rounds})", "steps/s", rows, True))


def _measure(args: argparse.Namespace, trees: dict[str, Path]) -> dict[str, dict[str, dict[str, float]]]:
    """Every measurement, old and new alternating: {variant: {measure: {"old": x, "new": y}}}."""
    samples: dict[str, dict[str, dict[str, list[float]]]] = {}
    for _ in range(args.rounds):
        for variant in args.variants:
            found = samples.setdefault(variant, {})
            for name, src in trees.items():
                for kind in ("random", "heuristic"):
                    out = _run(src, ["-c", WORKLOAD, variant, str(args.deals), str(args.repeats), kind], args.core)
                    found.setdefault(f"{kind}_ms", {}).setdefault(name, []).append(float(out))
                bench = json.loads(_run(src, ["-m", "canasta", "bench", "--variant", variant, "--seconds",
                                              str(args.seconds), "--json"], args.core))
                for kind in ("random", "heuristic"):
                    found.setdefault(f"bench_{kind}", {}).setdefault(name, []).append(bench[kind]["steps_per_second"])
    result: dict[str, dict[str, dict[str, float]]] = {}
    for variant, measures in samples.items():
        result[variant] = {}
        for measure, by_name in measures.items():
            pick = min if measure.endswith("_ms") else statistics.median
            result[variant][measure] = {name: pick(values) for name, values in by_name.items()}
    return result


if __name__ == "__main__":
    main()
