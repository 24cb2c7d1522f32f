"""Compare the engine's "may I go out?" with the exhaustive oracle on random positions per preset.

Usage: PYTHONPATH=src:tests python scripts/oracle_going_out.py [N per preset] [preset ...]
Prints each disagreement (preset, seed, position) and a summary per preset.
"""
from __future__ import annotations

import sys
import time

from oracles.compare import compare_position
from oracles.positions import PRESETS, positions


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    presets = sys.argv[2:] or list(PRESETS)
    for p in presets:
        t0 = time.time()
        stats: dict[str, int] = {}
        for k, d in enumerate(positions(p, n, seed=int(__import__("os").environ.get("SEED", "0")))):
            for problem in compare_position(d, stats):
                print(f"{p} #{k}: {problem}", flush=True)
        print(f"== {p}: {stats} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    main()
