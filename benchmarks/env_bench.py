"""Benchmark (not a test): environment steps per CPU-second with random masked agents, next to OpenSpiel.

Every configuration plays random legal moves (an agent that picks uniformly among the legal ids the
environment gives it: ``legal_ids()`` / ``info["legal_ids"]``, the ones set in the ``action_mask``; one
configuration reads the mask itself) and counts moves; the configurations take turns, a slice of
``--seconds`` CPU time each, for ``--rounds`` rounds, so that a change in the machine's load falls on all of
them alike. Figures are moves (steps of any seat) per CPU-second of this process (``time.process_time``):

* ``engine``: the bare engine (``Deal.legal_actions`` / ``apply_action``), no observation;
* ``aec raw``: ``canasta_v0.raw_env``, PettingZoo's loop (``agent_iter``, ``last()`` builds the acting
  agent's observation and mask every step), the move drawn from ``legal_ids()``;
* ``aec raw, mask``: the same, the move drawn from the mask of ``last()``'s observation read as booleans
  (``obs["action_mask"].view(np.bool_).nonzero()[0]``); ``aec raw, mask int8``: from
  ``np.flatnonzero(obs["action_mask"])``, which NumPy 2 runs about ten times slower on int8 (the agent's cost);
  ``aec wrapped, mask``: ``canasta_v0.env`` with the boolean read (peers.py's loop);
* ``aec wrapped``: ``canasta_v0.env`` (PettingZoo's standard wrappers);
* ``gym``: ``CanastaGymEnv``, a learner at seat 0 against random bots (every seat's moves counted; the
  learner's steps per second are printed too);
* ``vector N``: ``CanastaVectorEnv`` with N sub-environments (``copy=False``), per move and per learner step;
* ``gin_rummy pyspiel +obs``: OpenSpiel's C++ Gin Rummy driven from Python, random legal actions, calling
  ``state.observation_tensor()`` at every decision; ``gin_rummy pyspiel`` without the tensor. Its moves
  count every transition, chance nodes (each card dealt or drawn from the stock) included, as the figures
  of issue 17 did (the larger count, so the comparison is the harder one); its "learner steps" column counts
  the players' decisions only. Only where pyspiel is installed.
* ``--rlcard``: RLCard's ``gin-rummy`` too, directly (where rlcard is installed).

Run::

    python benchmarks/env_bench.py                       # 1 s slices, 3 rounds, classic 2 players
    python benchmarks/env_bench.py --variant classic --seconds 2 --rounds 5 --json

The ratios compare each configuration with ``gin_rummy pyspiel +obs`` and the vector environment with the
single ones, per move and per learner step. The build (pure Python or compiled) is printed: figures of the
two builds are not comparable.
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
from canasta.env.vector import CanastaVectorEnv

Runner = Callable[[float], tuple[int, int]]
"""``run(cpu_seconds) -> (moves, learner steps)``: play for that much CPU time, continuing where it stopped."""


def build() -> str:
    """``compiled``, ``pure`` or ``mixed``: :func:`canasta.build_info.build`."""
    from canasta.build_info import build as which

    return which()


def _until(seconds: float, body: Callable[[], tuple[int, int]]) -> tuple[int, int]:
    moves = steps = 0
    end = time.process_time() + seconds
    while time.process_time() < end:
        m, s = body()
        moves += m
        steps += s
    return moves, steps


def engine_runner(variant: str) -> Runner:
    """The bare engine, random legal ids, one deal per call of the body."""
    rules = Rules.parse(variant)
    rng = random.Random(0)
    seed = [0]

    def body() -> tuple[int, int]:
        seed[0] += 1
        deal = Deal(rules, seed=seed[0])
        n = 0
        while not deal.over:
            legal = deal.legal_actions()
            deal.apply_action(legal[int(rng.random() * len(legal))])
            n += 1
        return n, n

    return lambda s: _until(s, body)


PICKS = ("ids", "mask", "mask-int8")
"""How :func:`random_episode`'s agent finds the legal ids: ``ids`` asks ``env.legal_ids(agent)``; ``mask`` reads
the ``action_mask`` as booleans (``mask.view(np.bool_).nonzero()``, about 3 µs for 13,394 entries);
``mask-int8`` calls ``np.flatnonzero(mask)`` on the int8 mask, which NumPy 2 scans about ten times slower
(about 25 µs here, more than the environment's own step): a cost of the agent, shown for comparison."""


def random_episode(env: Any, seed: int, rng: random.Random, pick: str = "mask") -> int:
    """One episode of a PettingZoo AEC environment from ``reset(seed=seed)``, each move drawn uniformly by
    ``rng`` among the legal ids, found as ``pick`` says (:data:`PICKS`); returns the number of moves."""
    env.reset(seed=seed)
    n = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if pick == "ids":
            ids = env.legal_ids(agent)
            env.step(ids[int(rng.random() * len(ids))])
        else:
            mask = obs["action_mask"]
            legal = mask.view(np.bool_).nonzero()[0] if pick == "mask" else np.flatnonzero(mask)
            env.step(int(legal[int(rng.random() * len(legal))]))
        n += 1
    return n


def aec_runner(env: Any, pick: str = "ids") -> Runner:
    """A PettingZoo AEC environment, one episode per call of the body."""
    rng = random.Random(0)
    seed = [0]

    def body() -> tuple[int, int]:
        seed[0] += 1
        n = random_episode(env, seed[0], rng, pick)
        return n, n

    return lambda s: _until(s, body)


def gym_runner(variant: str) -> Runner:
    """``CanastaGymEnv`` against random bots, one episode per call of the body; moves of every seat."""
    env = CanastaGymEnv(variant=variant, seat=0, opponents="random")
    rng = random.Random(0)
    seed = [0]

    def body() -> tuple[int, int]:
        seed[0] += 1
        _, info = env.reset(seed=seed[0])
        steps = 0
        while True:
            legal = info["legal_ids"]
            _, _, term, trunc, info = env.step(legal[int(rng.random() * len(legal))])
            steps += 1
            if term or trunc:
                return env.raw._steps, steps

    return lambda s: _until(s, body)


def vector_runner(variant: str, n: int) -> Runner:
    """``CanastaVectorEnv`` of ``n`` sub-environments, random legal ids; moves of every seat."""
    envs = CanastaVectorEnv(n, variant=variant, opponents="random", copy=False)
    envs.reset(seed=0)
    rng = random.Random(0)
    raws = [e.raw for e in envs.envs]
    deals = getattr(envs, "_deals", None)  # the compiled step's deals (vec9), which count their moves

    def counts() -> list[int]:
        return [d.steps for d in deals] if deals else [r._steps for r in raws]

    def body() -> tuple[int, int]:
        # sub-environments this step resets (their count starts anew); _autoreset: before issue 17's last changes
        again = envs._again if hasattr(envs, "_again") else envs._autoreset
        before = counts()
        total = sum(before)
        if any(again):
            total -= sum(c for c, a in zip(before, again, strict=True) if a)
        acts = [ids[int(rng.random() * len(ids))] if ids else 0 for ids in envs.legal_ids()]
        envs.step(acts)
        return sum(counts()) - total, n

    return lambda s: _until(s, body)


def pyspiel_runner(observe: bool) -> Runner | None:
    """OpenSpiel's gin_rummy from Python, random legal actions (with ``observation_tensor()`` at every
    decision when ``observe``); None where pyspiel is missing."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)

    def body() -> tuple[int, int]:
        state = game.new_initial_state()
        n = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                chance += 1
                continue
            if observe:
                state.observation_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            n += 1
        return n + chance, n

    return lambda s: _until(s, body)


def rlcard_episode(env: Any, rng: random.Random) -> int:
    """One episode of an RLCard environment from ``reset()``, each action drawn uniformly by ``rng`` from the
    state's legal actions; returns the number of actions."""
    state, _ = env.reset()
    n = 0
    while not env.is_over():
        legal = list(state["legal_actions"])
        state, _ = env.step(legal[int(rng.random() * len(legal))])
        n += 1
    return n


def rlcard_runner() -> Runner | None:
    """RLCard's gin-rummy environment directly; None where rlcard is missing."""
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(0)

    def body() -> tuple[int, int]:
        n = rlcard_episode(env, rng)
        return n, n

    return lambda s: _until(s, body)


def main() -> None:
    """Command line: --variant, --seconds per slice, --rounds, --vector N, --rlcard, --json."""
    ap = argparse.ArgumentParser(description="Environment moves per CPU-second with random masked agents.")
    ap.add_argument("--variant", default="classic(players=2)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per configuration and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--vector", type=int, default=16, help="sub-environments of the vector environment")
    ap.add_argument("--rlcard", action="store_true", help="also RLCard's gin-rummy")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    a = ap.parse_args()
    v = a.variant
    runners: dict[str, Runner] = {
        "engine": engine_runner(v),
        "aec raw": aec_runner(canasta_v0.raw_env(variant=v)),
        "aec raw, mask": aec_runner(canasta_v0.raw_env(variant=v), pick="mask"),
        "aec raw, mask int8": aec_runner(canasta_v0.raw_env(variant=v), pick="mask-int8"),
        "aec wrapped, mask": aec_runner(canasta_v0.env(variant=v), pick="mask"),
        "aec wrapped": aec_runner(canasta_v0.env(variant=v)),
        "gym": gym_runner(v),
        f"vector {a.vector}": vector_runner(v, a.vector),
    }
    for name, r in (("gin_rummy pyspiel +obs", pyspiel_runner(True)), ("gin_rummy pyspiel", pyspiel_runner(False)),
                    ("gin-rummy rlcard", rlcard_runner() if a.rlcard else None)):
        if r is not None:
            runners[name] = r
    totals = {name: [0, 0, 0.0] for name in runners}
    for _ in range(a.rounds):
        for name, run in runners.items():
            t0 = time.process_time()
            moves, steps = run(a.seconds)
            t = totals[name]
            t[0] += moves
            t[1] += steps
            t[2] += time.process_time() - t0
    results = {name: {"moves_per_cpu_s": m / c, "learner_steps_per_cpu_s": s / c}
               for name, (m, s, c) in totals.items()}
    ref = results.get("gin_rummy pyspiel +obs")
    vec = results[f"vector {a.vector}"]
    ratios = {
        "aec raw / pyspiel +obs": results["aec raw"]["moves_per_cpu_s"] / ref["moves_per_cpu_s"] if ref else None,
        "aec wrapped / aec raw": results["aec wrapped"]["moves_per_cpu_s"] / results["aec raw"]["moves_per_cpu_s"],
        "aec raw / engine": results["aec raw"]["moves_per_cpu_s"] / results["engine"]["moves_per_cpu_s"],
        "vector / aec raw, per move": vec["moves_per_cpu_s"] / results["aec raw"]["moves_per_cpu_s"],
        "vector / gym, per move": vec["moves_per_cpu_s"] / results["gym"]["moves_per_cpu_s"],
        "vector / gym, per learner step":
            vec["learner_steps_per_cpu_s"] / results["gym"]["learner_steps_per_cpu_s"],
    }
    if a.json:
        print(json.dumps({"variant": v, "build": build(), "seconds": a.seconds, "rounds": a.rounds,
                          "results": results, "ratios": ratios}, indent=2))
        return
    print(f"variant {v}, build {build()}, {a.rounds} rounds of {a.seconds} CPU-s each, interleaved")
    print(f"{'configuration':28} {'moves/CPU-s':>12} {'learner steps/CPU-s':>20} {'x pyspiel +obs':>15}")
    for name, r in results.items():
        x = f"{r['moves_per_cpu_s'] / ref['moves_per_cpu_s']:.2f}" if ref else "-"
        print(f"{name:28} {r['moves_per_cpu_s']:12.0f} {r['learner_steps_per_cpu_s']:20.0f} {x:>15}")
    for name, x in ratios.items():
        print(f"{name:34} {'-' if x is None else f'{x:.2f}'}")


if __name__ == "__main__":
    main()
