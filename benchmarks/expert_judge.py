"""How good are the expert's searched decisions? Judge each against many full rollouts.

1. Plays ``--deals`` deals (seeds ``--first``, ``--first + 1``, ...; default from 0), ``expert(iterations=20)`` at
   seats 0 and 2 against ``--opponent`` (default ``hard``), and keeps every position the expert searched (its
   view, legal moves, card memory and stage).
2. The judge: every option of each kept position is played in common worlds (``3 × --judge`` full rollouts, the
   opponents played by ``--opponent``, the searching side by ``hard``; no racing); an option's *true gain* is its
   mean paired difference from ``hard``'s option (points).
3. Each setting given (``iterations:horizon[:z[:model]]``) searches every position with its own generator and plays
   what :meth:`Node.pick` picks; ``model`` is who plays the opponents in its rollouts: ``hard`` (default, as the
   expert does) or ``opp`` (``--opponent``: the search told who it plays); ``mix`` the share of worlds whose
   rollouts play the opponents with ``medium`` (:attr:`Settings.mix`; 0 by default). Printed: the summed true gain
   of its picks over the positions (higher is better; ``hard`` alone scores 0), overrides of ``hard`` and how many of
   them gained, and the CPU per search.

    PYTHONPATH=src python benchmarks/expert_judge.py --deals 4 --judge 120 20:0 60:2 80:3
    PYTHONPATH=src python benchmarks/expert_judge.py --opponent medium --deals 3 --judge 50 110:4 110:4:1:opp
    PYTHONPATH=src python benchmarks/expert_judge.py --opponent medium --deals 3 --judge 40 110:4 110:4:1:hard:0.5
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


def collect(rules: Rules, deals: int, opponent: str = "hard", first: int = 0) -> list[Position]:
    """The positions ``expert(iterations=20)`` searched in ``deals`` deals (seeds from ``first``) against
    ``opponent``."""
    kept: list[Position] = []
    real = agent_mod.search

    def spy(view: Any, legal: list[int], memory: Any, stage: int, *args: Any) -> Any:
        kept.append((view, list(legal), memory.copy(), stage))
        return real(view, legal, memory, stage, *args)

    agent_mod.search = spy  # type: ignore[assignment]
    try:
        for seed in range(first, first + deals):
            game = Game(rules, seed=seed)
            game.new_deal()
            agents = [IsmctsAgent(seed, iterations=20) if seat % 2 == 0 else make_agent(opponent, seat)
                      for seat in range(rules.players)]
            play_deal(game, agents)
    finally:
        agent_mod.search = real  # type: ignore[assignment]
    return kept


def players(view: Any, opponent: str) -> list[Any]:
    """Rollout players of a search from ``view``: ``hard`` at the searching side's seats, ``opponent`` elsewhere."""
    return [HardAgent(None) if (seat - view.seat) % 2 == 0 else make_agent(opponent, seat)
            for seat in range(view.rules.players)]


def judge(position: Position, worlds: int, opponent: str = "hard") -> dict[int, float]:
    """Option -> true gain over ``hard``'s option (0 for it), from ``worlds`` common worlds of full rollouts with
    ``opponent`` at the other side's seats."""
    view, legal, memory, stage = position
    race = search_mod.RACE_Z
    search_mod.RACE_Z = 1e9  # no racing: every option in every world
    try:
        settings = Settings(iterations=worlds * 3, ms=None)
        root, _ = search(view, legal, memory.copy(), stage, random.Random(12345), settings, players(view, opponent))
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
    parser.add_argument("settings", nargs="+", help="iterations:horizon[:z[:model[:mix]]]")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--judge", type=int, default=120)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--first", type=int, default=0, help="seed of the first deal (held-out positions: another)")
    parser.add_argument("--opponent", default="hard", help="the other side's bot (spec), in play and in the judge")
    args = parser.parse_args()
    rules = Rules.preset(args.variant)
    positions = collect(rules, args.deals, args.opponent, args.first)
    begun = time.process_time()
    truths = [judge(position, args.judge, args.opponent) for position in positions]
    print(f"{len(positions)} positions, judged in {time.process_time() - begun:.0f} s CPU; "
          f"best possible summed gain {sum(max(t.values(), default=0) for t in truths):.0f}")
    for text in args.settings:
        parts = text.split(":")
        iterations, horizon = int(parts[0]), int(parts[1])
        z = float(parts[2]) if len(parts) > 2 else 1.0
        model = args.opponent if len(parts) > 3 and parts[3] == "opp" else "hard"
        mix = float(parts[4]) if len(parts) > 4 else 0.0
        settings = replace(Settings(iterations=iterations, ms=None), horizon=horizon, mix=mix)
        total, overrides, good, cpu = 0.0, 0, 0, []
        for index, (position, truth) in enumerate(zip(positions, truths, strict=True)):
            view, legal, memory, stage = position
            start = time.process_time()
            root, _ = search(view, legal, memory.copy(), stage, random.Random(index), settings, players(view, model))
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
