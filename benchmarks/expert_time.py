"""Decision time of expert(ms=200) with its default cut rollouts, and of hard: two classic deals, seats 0 and 2.

    PYTHONPATH=src python benchmarks/expert_time.py
"""
import time, statistics
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.hard import HardAgent
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules
rules = Rules.preset("classic")
walls, its, hwalls = [], [], []
for seed in range(2):
    deal = Deal(rules, seed=seed)
    hard = [HardAgent(s) for s in range(4)]
    agents = {0: IsmctsAgent(seed, ms=200), 2: IsmctsAgent(seed + 9, ms=200)}
    while not deal.over:
        seat = deal.to_act; legal = deal.legal_actions()
        if seat in agents and len(legal) > 1:
            t = time.perf_counter(); a = agents[seat].select(deal.view(seat), legal); dt = time.perf_counter() - t
            if agents[seat].iterations_run:
                walls.append(1000 * dt); its.append(agents[seat].iterations_run)
        elif len(legal) > 1:
            t = time.perf_counter(); a = hard[seat].select(deal.view(seat), legal); hwalls.append(1000 * (time.perf_counter() - t))
        else:
            a = legal[0]
        deal.apply_action(a)
print(f"expert(ms=200): {len(walls)} searched decisions, wall ms median {statistics.median(walls):.0f}, max {max(walls):.0f}, over 240 ms: {sum(w > 240 for w in walls)}; iterations median {statistics.median(its):.0f} (min {min(its)}, max {max(its)})")
print(f"hard: {len(hwalls)} decisions, median {statistics.median(hwalls):.3f} ms")
