"""Benchmark (not a test): environment steps per second with random masked agents.

Measures, for each configuration, how many moves per second a loop of random
agents that pick uniformly among the legal moves (read from the ``action_mask``)
gets through, and how many episodes per second:

* ``engine``: the bare engine (``Deal.legal_actions`` / ``apply_action``), no observation;
* ``canasta_v0.env``: the PettingZoo AEC environment with its wrappers (``last()`` builds
  the acting agent's observation every step);
* ``canasta_v0.raw_env``: the same without wrappers;
* ``CanastaGymEnv``: the Gymnasium wrapper, one learner against random bots (all moves counted);
* Gin Rummy, for comparison, where RLCard is installed (``pip install rlcard``): RLCard's
  ``gin-rummy`` environment directly, and wrapped in PettingZoo's ``RLCardBase`` AEC adapter
  (PettingZoo removed its own ``gin_rummy`` environment; this is the adapter it used).

Run::

    python benchmarks/env_bench.py                 # 3 s per measurement
    python benchmarks/env_bench.py --seconds 1 --json

Figures depend on the machine and its load; on a shared machine run it twice.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from canasta import Deal, Rules
from canasta.env import canasta_v0
from canasta.env.gym_wrapper import CanastaGymEnv
from canasta.play.bench import play_random

Result = dict[str, Any]


def _timed(name: str, seconds: float, episode: Callable[[int], int]) -> Result:
    """Run ``episode(seed) -> moves`` until ``seconds`` have passed; steps/s and episodes/s."""
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += episode(episodes)
        episodes += 1
    elapsed = time.perf_counter() - start
    return {"name": name, "steps_per_s": steps / elapsed, "episodes_per_s": episodes / elapsed,
            "steps_per_episode": steps / max(1, episodes)}


def bench_engine(variant: str, seconds: float) -> Result:
    """The bare engine with random moves."""
    rules = Rules.parse(variant)
    rng = random.Random(0)

    def episode(seed: int) -> int:
        return play_random(Deal(rules, seed=seed), rng)

    return _timed(f"engine {variant}", seconds, episode)


def bench_aec(label: str, env: Any, seconds: float) -> Result:
    """A PettingZoo AEC environment with random masked agents (the mask read from ``last()``)."""
    rng = random.Random(0)

    def episode(seed: int) -> int:
        env.reset(seed=seed)
        n = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
        return n

    return _timed(label, seconds, episode)


def bench_gym(variant: str, seconds: float) -> Result:
    """The Gymnasium wrapper: a random masked learner at seat 0, random bots elsewhere (all moves counted)."""
    env = CanastaGymEnv(variant=variant, seat=0, opponents="random")
    rng = random.Random(0)

    def episode(seed: int) -> int:
        obs, _ = env.reset(seed=seed)
        while True:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(legal[int(rng.random() * len(legal))]))
            if term or trunc:
                return env.raw._steps  # moves of every seat in this deal

    return _timed(f"CanastaGymEnv {variant}", seconds, episode)


def bench_gin_rummy(seconds: float) -> list[Result]:
    """RLCard's Gin Rummy, directly and through PettingZoo's RLCard adapter; [] if RLCard is missing."""
    try:
        import rlcard
    except ImportError:
        return []
    out: list[Result] = []
    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(0)

    def episode(seed: int) -> int:
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            n += 1
        return n

    out.append(_timed("gin-rummy rlcard (direct)", seconds, episode))
    try:
        from pettingzoo.classic.rlcard_envs.rlcard_base import RLCardBase
    except ImportError:
        return out

    class GinRummyAEC(RLCardBase):  # what PettingZoo's gin_rummy_v4 was built on
        metadata = {"name": "gin_rummy_bench", "render_modes": [], "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__("gin-rummy", 2, (5, 52))
            self.render_mode = None

    out.append(bench_aec("gin-rummy PettingZoo RLCardBase (AEC)", GinRummyAEC(), seconds))
    return out


def main() -> None:
    """Command line: --seconds per measurement, --json."""
    ap = argparse.ArgumentParser(description="Environment steps/s with random masked agents.")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    a = ap.parse_args()
    s = a.seconds
    results: list[Result] = []
    for variant in ("classic(players=2)", "classic"):
        results.append(bench_engine(variant, s))
        results.append(bench_aec(f"canasta_v0.env {variant}", canasta_v0.env(variant=variant), s))
        results.append(bench_aec(f"canasta_v0.raw_env {variant}", canasta_v0.raw_env(variant=variant), s))
        results.append(bench_gym(variant, s))
    gin = bench_gin_rummy(s)
    results.extend(gin)
    if a.json:
        print(json.dumps({"results": results, "gin_rummy_available": bool(gin)}, indent=2))
        return
    print(f"{'configuration':52} {'steps/s':>10} {'episodes/s':>11} {'steps/episode':>14}")
    for r in results:
        print(f"{r['name']:52} {r['steps_per_s']:10.0f} {r['episodes_per_s']:11.1f} "
              f"{r['steps_per_episode']:14.1f}")
    if not gin:
        print("Gin Rummy: RLCard is not installed (pip install rlcard) -- no comparison.")


if __name__ == "__main__":
    main()
