"""How good are the expert's searched decisions? Judge each against many full rollouts.

1. Plays ``--deals`` deals (seeds 0..), ``expert(iterations=20)`` at seats 0 and 2 against ``hard``, and keeps every
   position the expert searched (its view, legal moves, card memory and stage).
2. The judge: every option of each kept position is played in common worlds (``3 × --judge`` full rollouts; no
   racing); an option's *true gain* is its mean paired difference from ``hard``'s option (points).
3. Each setting given (``iterations:horizon[:z]``) searches every position with its own generator and plays what
   :meth:`Node.pick` picks; printed: the summed true gain of its picks over the positions (higher is better;
   ``hard`` alone scores 0), overrides of ``hard`` and how many of them gained, and the CPU per search.

    PYTHONPATH=src python benchmarks/expert_judge.py --deals 4 --judge 120 20:0 60:2 80:3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from typing import Any

import canasta.agents.ismcts.agent as agent_mod
import canasta.agents.ismcts.search as search_mod
from canasta.agents.base import make_agent
from canasta.agents.hard import HardAgent
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.ismcts.search import Settings, search
from canasta.agents.ismcts.tree import paired
from canasta.engine.game import Game
from canasta.play.match import play_deal
from canasta.rules.fields import Rules

Position = tuple[Any, list[int], Any, int]


def collect(rules: Rules, deals: int) -> list[Position]:
    """The positions ``expert(iterations=20)`` searched in ``deals`` deals against ``hard``."""
    kept: list[Position] = []
    real = agent_mod.search

    def spy(view: Any, legal: list[int], memory: Any, stage: int, *args: Any) -> Any:
        kept.append((view, list(legal), memory.copy(), stage))
        return real(view, legal, memory, stage, *args)

    agent_mod.search = spy  # type: ignore[assignment]
    try:
        for seed in range(deals):
            game = Game(rules, seed=seed)
            game.new_deal()
            agents = [IsmctsAgent(seed, iterations=20) if seat % 2 == 0 else make_agent("hard", seat)
                      for seat in range(rules.players)]
            play_deal(game, agents)
    finally:
        agent_mod.search = real  # type: ignore[assignment]
    return kept


def judge(position: Position, worlds: int) -> dict[int, float]:
    """Option -> true gain over ``hard``'s option (0 for it), from ``worlds`` common worlds of full rollouts."""
    view, legal, memory, stage = position
    race = search_mod.RACE_Z
    search_mod.RACE_Z = 1e9  # no racing: every option in every world
    try:
        settings = Settings(iterations=worlds * 3, ms=None)
        root, _ = search(view, legal, memory.copy(), stage, random.Random(12345), settings, [])
    finally:
        search_mod.RACE_Z = race
    if root.default is None:
        return {}
    base = root.children[root.default]
    gains = {root.default: 0.0}
    for key, child in root.children.items():
        if child is not base:
            gain = paired(child, base)
            gains[key] = gain[0] if gain else 0.0
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("settings", nargs="+", help="iterations:horizon[:z]")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--judge", type=int, default=120)
    parser.add_argument("--variant", default="classic")
    args = parser.parse_args()
    rules = Rules.preset(args.variant)
    positions = collect(rules, args.deals)
    begun = time.process_time()
    truths = [judge(position, args.judge) for position in positions]
    print(f"{len(positions)} positions, judged in {time.process_time() - begun:.0f} s CPU; "
          f"best possible summed gain {sum(max(t.values(), default=0) for t in truths):.0f}")
    agents: list[HardAgent] = []
    for text in args.settings:
        parts = text.split(":")
        iterations, horizon = int(parts[0]), int(parts[1])
        z = float(parts[2]) if len(parts) > 2 else 1.0
        settings = replace(Settings(iterations=iterations, ms=None), horizon=horizon)
        total, overrides, good, cpu = 0.0, 0, 0, []
        for index, (position, truth) in enumerate(zip(positions, truths, strict=True)):
            view, legal, memory, stage = position
            start = time.process_time()
            root, _ = search(view, legal, memory.copy(), stage, random.Random(index), settings, agents)
            cpu.append(time.process_time() - start)
            if root.default is None:
                continue
            best = root.pick(root.default, z)
            key = best.key if best is not None else root.default
            gain = truth.get(key, 0.0) if key is not None else 0.0
            total += gain
            if key != root.default:
                overrides += 1
                good += gain > 0
        print(f"{text}: summed true gain {total:+.0f}, overrides {overrides} ({good} gained), "
              f"CPU per search median {1000 * statistics.median(cpu):.0f} ms")


if __name__ == "__main__":
    main()
