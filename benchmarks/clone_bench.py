"""Benchmark (not a test): microseconds per ``Deal.clone()`` on mid-deal states of seeded random deals.

The states are those of random play (every legal move equally likely) between the 10th and the 60th move of
each deal (the middle of a classic deal), of ``--deals`` deals of fixed seeds. For each state the clone is
timed ``--repeat`` times in a row; the figure is the median over states of the best per state (CPU time, one
core pinned when the platform allows it).

Run::

    python benchmarks/clone_bench.py                 # classic, 20 deals
    python benchmarks/clone_bench.py --spec italian --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from canasta import Deal, Rules


def mid_deal_states(spec: str, deals: int) -> list[Deal]:
    """Copies of the states between move 10 and move 60 of ``deals`` random deals of ``spec`` (seeds 0..)."""
    rules = Rules.parse(spec)
    out: list[Deal] = []
    for seed in range(deals):
        rng = random.Random(seed)
        deal = Deal(rules, seed=seed)
        moves = 0
        while not deal.over and moves < 60:
            if moves >= 10:
                out.append(deal.clone())
            legal = deal.legal_actions()
            deal.apply_action(legal[int(rng.random() * len(legal))])
            moves += 1
    return out


def time_clones(states: list[Deal], repeat: int) -> list[float]:
    """The best of ``repeat`` batches of 100 clones per state, in microseconds per clone."""
    best = []
    for deal in states:
        times = []
        for _ in range(repeat):
            t0 = time.process_time()
            for _ in range(100):
                deal.clone()
            times.append((time.process_time() - t0) / 100 * 1e6)
        best.append(min(times))
    return best


def main() -> None:
    """Parse the options, pin one core, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="classic")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    states = mid_deal_states(args.spec, args.deals)
    us = time_clones(states, args.repeat)
    result = {"spec": args.spec, "states": len(states), "clone_us_median": round(statistics.median(us), 2),
              "clone_us_mean": round(statistics.fmean(us), 2), "clone_us_p90": round(sorted(us)[len(us) * 9 // 10], 2)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.spec}: {result['states']} mid-deal states, clone() median {result['clone_us_median']} us, "
              f"mean {result['clone_us_mean']} us, p90 {result['clone_us_p90']} us")


if __name__ == "__main__":
    main()
