"""Decision time of ``expert(ms=200)`` (its default rollouts) and of ``hard``: deals of ``--variant`` (default
classic), the expert at seats 0 and 2.

    PYTHONPATH=src python benchmarks/expert_time.py --deals 2
    PYTHONPATH=src python benchmarks/expert_time.py --deals 1 --variant romanian-tiles
"""

from __future__ import annotations

import argparse
import statistics
import time

from canasta.agents.hard import HardAgent
from canasta.agents.ismcts import IsmctsAgent
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--ms", type=float, default=200.0)
    parser.add_argument("--variant", default="classic")
    args = parser.parse_args()
    rules = Rules.preset(args.variant)
    walls: list[float] = []
    runs: list[int] = []
    hard_walls: list[float] = []
    for seed in range(args.deals):
        deal = Deal(rules, seed=seed)
        hard = [HardAgent(s) for s in range(rules.players)]
        experts = {0: IsmctsAgent(seed, ms=args.ms), 2: IsmctsAgent(seed + 9, ms=args.ms)}
        while not deal.over:
            seat = deal.to_act
            legal = deal.legal_actions()
            begun = time.perf_counter()
            if len(legal) == 1:
                action = legal[0]
            elif seat in experts:
                action = experts[seat].select(deal.view(seat), legal)
                if experts[seat].iterations_run:
                    walls.append(1000 * (time.perf_counter() - begun))
                    runs.append(experts[seat].iterations_run)
            else:
                action = hard[seat].select(deal.view(seat), legal)
                hard_walls.append(1000 * (time.perf_counter() - begun))
            deal.apply_action(action)
    limit = 1.2 * args.ms
    print(f"expert(ms={args.ms:g}): {len(walls)} searched decisions, wall ms median {statistics.median(walls):.0f}, "
          f"max {max(walls):.0f}, over {limit:g} ms: {sum(wall > limit for wall in walls)}; rollouts median "
          f"{statistics.median(runs):.0f} (min {min(runs)}, max {max(runs)})")
    print(f"hard: {len(hard_walls)} decisions, median {statistics.median(hard_walls):.3f} ms")


if __name__ == "__main__":
    main()
