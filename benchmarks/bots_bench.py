"""Benchmark (not a test): the ``hard`` bot's deals per second, the expert bot's rollouts per second, and a digest
of the hard bot's moves, on fixed seeds, one core.

* **hard deals/s**: four ``hard`` bots play ``--deals`` deals of each preset (game seed ``k`` for deal ``k``,
  through ``canasta.play.match.play_deal``, the arena's loop: the bots' observe hooks are called after every
  move); CPU seconds (``time.process_time``), best of ``--rounds``.
* **expert rollouts/s**: ``expert(iterations=40)`` (the ISMCTS player) at seat 0 against ``hard`` bots over
  ``--expert-deals`` classic deals; rollouts (iterations) counted and timed around the search
  (``canasta.agents.ismcts.agent.search``, the searched decisions only).
* **digest** (``--digest``): SHA-256 of every move of those hard deals (preset, deal, seat, move) and of the
  expert's moves: equal digests from two commits mean the bots made the same moves.

Runs against whichever ``canasta`` is importable, so two commits compare in one session::

    PYTHONPATH=/tmp/old/src python benchmarks/bots_bench.py --json > old.json
    PYTHONPATH=src python benchmarks/bots_bench.py --json > new.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
from typing import Any

from canasta import Game, Rules
from canasta.agents.registry import make_agent
from canasta.play.match import play_deal

PRESETS = ["classic", "italian", "hollywood", "samba", "classic(players=2)"]


def hard_deals(spec: str, deals: int, digest: Any) -> float:
    """CPU seconds for ``deals`` deals of four hard bots (moves fed to ``digest``)."""
    rules = Rules.parse(spec)
    played: list[list[tuple[int, Any]]] = []
    start = time.process_time()
    for k in range(deals):
        game = Game(rules, seed=k)
        game.new_deal()
        agents = [make_agent("hard", seat) for seat in range(rules.players)]
        moves: list[tuple[int, Any]] = []
        play_deal(game, agents, on_move=lambda deal, seat, move, moves=moves: moves.append((seat, move)))
        played.append(moves)
    seconds = time.process_time() - start
    for k, moves in enumerate(played):  # written out after the clock stopped
        digest.update(f"{spec}/{k}/{' '.join(f'{seat}:{move}' for seat, move in moves)}\n".encode())
    return seconds


def expert_rollouts(deals: int, digest: Any) -> tuple[int, float]:
    """(rollouts, CPU seconds spent in the expert's searches) over ``deals`` classic deals.

    ``expert`` is the ISMCTS player (:mod:`canasta.agents.ismcts`): its searches are counted and timed around
    ``canasta.agents.ismcts.agent.search`` (which returns the iterations run, one rollout each)."""
    from canasta.agents.ismcts import agent as ismcts_agent

    counted = {"rollouts": 0, "seconds": 0.0}
    search = ismcts_agent.search

    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = time.process_time()
        root, iterations = search(*args, **kwargs)
        counted["seconds"] += time.process_time() - t0
        counted["rollouts"] += iterations
        return root, iterations

    ismcts_agent.search = timed  # type: ignore[assignment]
    try:
        rules = Rules.preset("classic")
        for k in range(deals):
            game = Game(rules, seed=100 + k)
            game.new_deal()
            agents = [make_agent("expert(iterations=40)", 0)] + [make_agent("hard", s) for s in range(1, 4)]
            moves: list[str] = []
            play_deal(game, agents, on_move=lambda deal, seat, move, moves=moves: moves.append(f"{seat}:{move}"))
            digest.update(f"expert/{k}/{' '.join(moves)}\n".encode())
    finally:
        ismcts_agent.search = search  # type: ignore[assignment]
    return counted["rollouts"], counted["seconds"]


def main() -> None:
    """Parse the options, pin one core, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=30, help="hard deals per preset (default 30)")
    ap.add_argument("--rounds", type=int, default=1, help="repeats of the hard deals; the best counts")
    ap.add_argument("--presets", nargs="+", default=PRESETS)
    ap.add_argument("--expert-deals", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    out: dict[str, Any] = {"hard_deals_per_s": {}}
    digest = hashlib.sha256()
    for spec in args.presets:
        best = float("inf")
        for r in range(args.rounds):
            seconds = hard_deals(spec, args.deals, digest if r == 0 else hashlib.sha256())
            best = min(best, seconds)
        out["hard_deals_per_s"][spec] = round(args.deals / best, 2)
    if args.expert_deals:
        rollouts, seconds = expert_rollouts(args.expert_deals, digest)
        out["expert_rollouts"] = rollouts
        out["expert_rollouts_per_s"] = round(rollouts / seconds, 1) if seconds else None
    out["digest"] = digest.hexdigest()
    if args.json:
        print(json.dumps(out))
        return
    for spec, rate in out["hard_deals_per_s"].items():
        print(f"hard, {spec}: {rate} deals/s")
    if "expert_rollouts" in out:
        print(f"expert(iterations=40): {out['expert_rollouts']} rollouts, {out['expert_rollouts_per_s']} rollouts/s")
    print(f"digest {out['digest']}")


if __name__ == "__main__":
    main()
