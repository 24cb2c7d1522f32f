"""Compare the engine's initial-meld filter with the exhaustive oracle on random positions per preset.

Usage: PYTHONPATH=src:tests python scripts/oracle_opening.py [N per preset] [preset ...]
"""
from __future__ import annotations

import os
import sys
import time

from oracles.compare import compare_opening
from oracles.positions import OPENING_PRESETS, first_turns


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for p in sys.argv[2:] or list(OPENING_PRESETS):
        t0 = time.time()
        stats: dict[str, int] = {}
        for k, d in enumerate(first_turns(p, n, seed=int(os.environ.get("SEED", "0")))):
            for problem in compare_opening(d, stats):
                print(f"{p} #{k}: {problem}", flush=True)
        print(f"== {p}: {stats} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    main()
