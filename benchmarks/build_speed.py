"""Benchmark (not a test): the compiled core against the pure-Python build, in one run, alternating.

Each build is a Python with the package installed (scripts/test.sh makes both: ``.venv``, compiled, editable,
and ``.venv-pure``, ``CANASTA_PURE=1``, not editable). For each round, each build plays in a fresh process the
same fixed workload for every preset: random players over ``--deals`` deals of fixed seeds (dealing excluded;
before that, deals of other seeds warm the engine's caches, untimed). The builds alternate round by round and
the best round of each (the least disturbed) is kept; the table gives steps per second and compiled/pure.

Run (the build of each Python is checked: compiled must report "compiled", pure "pure")::

    .venv/bin/python benchmarks/build_speed.py
    .venv/bin/python benchmarks/build_speed.py --rounds 5 --deals 200 --presets classic samba

On a busy machine ``--cpu`` times each deal in CPU time of the process (``time.process_time``) instead of wall
time. Without the two venvs, ``--compiled-src`` and ``--pure-src`` run this Python with ``PYTHONPATH`` set to a
source tree each (one built in place with ``python setup.py build_ext --inplace``, one holding no ``.so``)::

    python benchmarks/build_speed.py --cpu --compiled-src src --pure-src /tmp/pure/src --presets classic
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOAD = r"""
import json, random, sys, time
from canasta.build_info import build
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules



def play(rules, base, deals, clock):
    # a function: its names are local (module-level code reads and writes every name in a dictionary)
    steps, spent = 0, 0.0
    for k in range(deals):
        deal = Deal(rules, dealer=k % rules.deal_players, seed=base + k)
        rng = random.Random(base + k)
        t0 = clock()
        while not deal.over:
            legal = deal.legal_actions()
            deal.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        spent += clock() - t0
    return steps, spent


deals, presets = int(sys.argv[1]), sys.argv[3:]
out = {"build": build(), "steps_per_second": {}}
clock = time.process_time if sys.argv[2] == "cpu" else time.perf_counter
for name in presets:
    rules = Rules.parse(name)
    play(rules, 1_000_003, max(1, deals // 4), clock)  # warm-up: other seeds, untimed
    steps, spent = play(rules, 0, deals, clock)
    out["steps_per_second"][name] = steps / spent
print(json.dumps(out))
"""


def run(python: str, deals: int, presets: list[str], cpu: bool = False, src: str = "") -> dict[str, object]:
    """One round of the workload with ``python`` (cwd: /, so that only the installed package is seen, or the
    source tree ``src`` where given), timed in CPU time where ``cpu``."""
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve())) if src else None
    res = subprocess.run([python, "-c", WORKLOAD, str(deals), "cpu" if cpu else "wall", *presets],
                         capture_output=True, text=True, cwd="/", check=False, env=env)
    if res.returncode != 0:
        raise SystemExit(f"{python} failed:\n{res.stderr}")
    data: dict[str, object] = json.loads(res.stdout)
    return data


def main() -> None:
    from canasta.rules.presets import preset_names

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", default=str(ROOT / ".venv" / "bin" / "python"))
    parser.add_argument("--pure", default=str(ROOT / ".venv-pure" / "bin" / "python"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=60, help="timed deals per preset and round")
    parser.add_argument("--presets", nargs="*", default=preset_names())
    parser.add_argument("--cpu", action="store_true", help="time in CPU time of the process (a busy machine)")
    parser.add_argument("--compiled-src", default="", help="run this Python on this source tree (compiled)")
    parser.add_argument("--pure-src", default="", help="run this Python on this source tree (no .so files)")
    args = parser.parse_args()
    for kind in ("compiled", "pure"):
        if getattr(args, f"{kind}_src"):
            setattr(args, kind, sys.executable)
    best: dict[str, dict[str, float]] = {"compiled": {}, "pure": {}}
    for r in range(args.rounds):
        for kind in ("compiled", "pure") if r % 2 == 0 else ("pure", "compiled"):
            data = run(getattr(args, kind), args.deals, args.presets, args.cpu, getattr(args, f"{kind}_src"))
            if data["build"] != kind:
                raise SystemExit(f"the {kind} Python runs the {data['build']} build: install it (scripts/test.sh)")
            for name, sps in data["steps_per_second"].items():  # type: ignore[attr-defined]
                best[kind][name] = max(best[kind].get(name, 0.0), sps)
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    classic = best["compiled"].get("classic")
    print(f"{'preset':22} {'compiled':>10} {'pure':>10} {'ratio':>6} {'/classic':>8}   (random steps/s, best of "
          f"{args.rounds} rounds of {args.deals} deals{', CPU time' if args.cpu else ''})")
    for name in args.presets:
        c, p = best["compiled"][name], best["pure"][name]
        rel = f"{c / classic:8.2f}" if classic else ""
        print(f"{name:22} {c:10,.0f} {p:10,.0f} {c / p:6.2f} {rel}")


if __name__ == "__main__":
    main()
