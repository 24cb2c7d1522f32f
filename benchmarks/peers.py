"""Benchmark (not a test): this engine beside other card-game engines driven from Python, in one run.

Every workload plays whole games with uniformly random legal moves, from Python, and counts **steps**: the moves
players make (in OpenSpiel, chance outcomes such as the deal and the stock's draws are applied in the loop but
not counted; in this engine the shuffle and the deal are inside the loop too). The workloads:

* ``canasta random classic``: this engine, ``Deal(classic)`` then ``legal_actions`` / ``apply_action`` to the
  end (what ``canasta bench`` times). **Every ratio is to this one.**
* ``canasta env classic (masked)``: this engine's PettingZoo environment (``canasta_v0.env``), the action read
  from the ``action_mask`` of ``last()``'s observation at every step, as booleans
  (``mask.view(np.bool_).nonzero()``: ``np.flatnonzero`` on the int8 mask costs NumPy 2 about 25 µs, more than
  the environment's step; ``env_bench.py`` shows both); ``(legal ids)``: the same loop, the action drawn from
  ``env.legal_ids(agent)`` (when ``canasta.env`` and its packages are installed).
* ``openspiel gin_rummy``: OpenSpiel's C++ Gin Rummy through pyspiel (``legal_actions``, ``apply_action``).
* ``openspiel gin_rummy + observation``: the same, plus ``observation_tensor(player)`` at every decision (what a
  learner reads).
* ``rlcard gin-rummy``: RLCard's Gin Rummy (``env.reset`` / ``env.step``, which builds the next player's state,
  its observation, at every step).

Absent packages are skipped (reported as such). The run is pinned to one core (``os.sched_setaffinity``) and
every figure is per CPU-second (``time.process_time``) so other processes on the machine count less; the
workloads are **interleaved**: each round runs every workload for ``--seconds`` CPU-seconds, in an order that
rotates from round to round, and the figure of a workload is the median of its rounds (``best`` is also
given). Ratios are medians of the per-round ratios to this engine's random classic in the same round, so a
machine that slows down during the run moves both sides of each ratio alike.

Run::

    python benchmarks/peers.py                      # 5 rounds of 2 s per workload
    python benchmarks/peers.py --rounds 3 --seconds 1 --json

docs/bench.md says how to read the output.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from canasta import Deal, Rules
from canasta.play.bench import play_random

Episode = Callable[[int], int]
"""Plays one game from ``seed`` with random moves; returns the steps it took."""

BASE = "canasta random classic"


def canasta_random(variant: str = "classic") -> Episode:
    """This engine, random legal moves (``canasta.play.bench.play_random``, the loop of ``canasta bench``)."""
    rules = Rules.parse(variant)
    rng = random.Random(0)

    def episode(seed: int) -> int:
        return play_random(Deal(rules, seed=seed), rng)

    return episode


def canasta_env(variant: str = "classic", pick: str = "mask") -> Episode | str:
    """This engine's PettingZoo AEC environment, random masked actions (the legal ids found as ``pick`` says:
    ``env_bench.PICKS``); a reason string if unavailable."""
    try:
        from env_bench import random_episode  # the sibling benchmark's episode loop

        from canasta.env import canasta_v0
    except ImportError as error:
        return f"canasta.env not importable ({error})"
    env = canasta_v0.env(variant=variant)
    rng = random.Random(0)
    return lambda seed: random_episode(env, seed, rng, pick)


def openspiel_gin_rummy(observation: bool) -> Episode | str:
    """OpenSpiel's ``gin_rummy`` through pyspiel; with ``observation``, the acting player's observation tensor is
    read at every decision. A reason string if pyspiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return "pyspiel not installed (pip install open_spiel)"
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)

    def episode(seed: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()  # uniform in gin_rummy: the deal and the stock's draws
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            if observation:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            n += 1
        return n

    return episode


def rlcard_gin_rummy() -> Episode | str:
    """RLCard's ``gin-rummy``; a reason string if rlcard is missing."""
    try:
        import rlcard
        from env_bench import rlcard_episode  # the sibling benchmark's episode loop
    except ImportError:
        return "rlcard not installed (pip install rlcard)"
    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(0)

    return lambda seed: rlcard_episode(env, rng)


def workloads() -> tuple[dict[str, Episode], dict[str, str]]:
    """The workloads available here by name (this engine's random classic first), and those skipped with why."""
    found: dict[str, Episode | str] = {
        BASE: canasta_random(),
        "canasta env classic (masked)": canasta_env(),
        "canasta env classic (legal ids)": canasta_env(pick="ids"),
        "openspiel gin_rummy": openspiel_gin_rummy(False),
        "openspiel gin_rummy + observation": openspiel_gin_rummy(True),
        "rlcard gin-rummy": rlcard_gin_rummy(),
    }
    ready = {name: ep for name, ep in found.items() if not isinstance(ep, str)}
    skipped = {name: ep for name, ep in found.items() if isinstance(ep, str)}
    return ready, skipped


def run_for(episode: Episode, seconds: float, first_seed: int) -> tuple[int, float]:
    """Whole games from ``first_seed`` on until ``seconds`` CPU-seconds have passed: (steps, CPU seconds)."""
    steps = 0
    seed = first_seed
    start = time.process_time()
    while True:
        steps += episode(seed)
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return steps, elapsed


def pin_one_core() -> int | None:
    """Pin this process to one core (the lowest it may use); that core, or None where it cannot."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def measure(ready: dict[str, Episode], rounds: int, seconds: float) -> dict[str, Any]:
    """Interleaved rounds (see the module docstring); per workload its per-round steps/s and ratios to
    :data:`BASE`."""
    names = list(ready)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for name in names:  # warm-up: imports, caches, the first games
        run_for(ready[name], min(0.3, seconds), 10_000)
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            steps, elapsed = run_for(ready[name], seconds, 1 + r * 100_000)
            rates[name].append(steps / elapsed)
    base = rates[BASE]
    out: dict[str, Any] = {}
    for name in names:
        ratios = [rate / b for rate, b in zip(rates[name], base, strict=True)]
        out[name] = {"steps_per_cpu_s": round(statistics.median(rates[name])),
                     "best_steps_per_cpu_s": round(max(rates[name])),
                     "rounds": [round(x) for x in rates[name]],
                     "ratio_to_canasta_random_classic": round(statistics.median(ratios), 3),
                     "canasta_random_classic_per_this": round(statistics.median(1 / x for x in ratios), 3)}
    return out


def build_of_engine() -> str:
    """``compiled``, ``pure`` or ``mixed``: :func:`canasta.build_info.build` (which modules are compiled extensions;
    ``canasta.engine.deal`` is left in Python in both builds, so it cannot tell)."""
    from canasta.build_info import build

    return build()


def main() -> None:
    """Command line: --rounds, --seconds, --json."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU-seconds per workload per round (default 2)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        sys.exit("peers: --rounds must be 1 or more and --seconds above 0")
    core = pin_one_core()
    ready, skipped = workloads()
    results = measure(ready, args.rounds, args.seconds)
    report = {"python": sys.version.split()[0], "core": core, "rounds": args.rounds, "seconds": args.seconds,
              "engine_build": build_of_engine(), "unit": "steps per CPU-second", "base": BASE,
              "workloads": results, "skipped": skipped}
    if args.json:
        print(json.dumps(report))
        return
    print(f"one core ({core}), {args.rounds} rounds x {args.seconds:g} CPU-s per workload, Python {report['python']}, "
          f"engine build: {report['engine_build']}")
    print(f"{'workload':38} {'steps/CPU-s':>12} {'best':>10} {'x ours':>8} {'ours x':>8}")
    for name, r in results.items():
        print(f"{name:38} {r['steps_per_cpu_s']:>12,} {r['best_steps_per_cpu_s']:>10,} "
              f"{r['ratio_to_canasta_random_classic']:>8.3f} {r['canasta_random_classic_per_this']:>8.3f}")
    for name, why in skipped.items():
        print(f"{name:38} skipped: {why}")


if __name__ == "__main__":
    main()
