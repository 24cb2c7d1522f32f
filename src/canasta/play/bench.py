"""Engine throughput on one core (``canasta bench``), DESIGN.md "How to keep it fast".

Two figures for each kind of player, measured in this process only:

* **steps per second**: a step is one move applied, with the legal-move
  generation for the player to act included (and, for the heuristic player,
  building the seat's view and choosing). Shuffling and dealing is not a step:
  it is timed apart and left out.
* **deals per second**: whole deals, from the shuffle and deal to scoring.

The random player is measured on :class:`~canasta.engine.deal.Deal` directly
(``legal = deal.legal_actions(); deal.apply_action(choice)``), without a game
log. For the heuristic player the median time of one decision (view plus
choice) is reported too, in milliseconds.

**Warm-up.** The engine keeps caches of what depends on few counts (the melds a
number of cards allows, the sequences of a suit's row of cards: groupmoves.py,
seqplay.py); a fresh process fills them during its first few hundred deals, which
costs the sequence variants up to a tenth of a 3-second measurement. Like pyperf's
warm-up runs, each measurement is therefore preceded by ``warmup`` seconds of the
same play on deals of other seeds (:data:`WARMUP_SEED`), neither timed nor
counted: the figures are those of a long run. ``warmup=0`` measures a cold start.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from canasta.agents.heuristic import HeuristicAgent
from canasta.build_info import build
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules

WARMUP_SEED = 1_000_003
"""Added to the seeds of warm-up deals, so that they are never the deals then timed."""


@dataclass(frozen=True)
class BenchFigures:
    """What one measurement found.

    Attributes:
        steps: moves applied. step_seconds: time spent in steps, in seconds.
        deals: deals played. deal_seconds: time of the whole deals (deal construction,
            steps and scoring), in seconds. setup_seconds: time of deal construction alone.
        decision_ms_median: median time of one decision (view and choice) in
            milliseconds, None for the random player. decision_ms_mean: their mean.
    """

    steps: int
    step_seconds: float
    deals: int
    deal_seconds: float
    setup_seconds: float
    decision_ms_median: float | None = None
    decision_ms_mean: float | None = None

    @property
    def steps_per_second(self) -> float:
        """Moves applied per second (legal-move generation included, dealing excluded)."""
        return self.steps / self.step_seconds if self.step_seconds > 0 else 0.0

    @property
    def deals_per_second(self) -> float:
        """Whole deals per second (shuffle, deal, play and scoring)."""
        return self.deals / self.deal_seconds if self.deal_seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict."""
        d: dict[str, Any] = {
            "steps_per_second": self.steps_per_second,
            "deals_per_second": self.deals_per_second,
            "steps": self.steps,
            "deals": self.deals,
            "deal_setup_ms": 1000 * self.setup_seconds / self.deals if self.deals else 0.0,
        }
        if self.decision_ms_median is not None:
            d["decision_ms_median"] = self.decision_ms_median
            d["decision_ms_mean"] = self.decision_ms_mean
        return d


def _time_deals(rules: Rules, seconds: float, seed: int, player: Callable[[int], Callable[[Deal], int]],
                warmup: float = 0.0) -> BenchFigures:
    """Deal and play deals for about ``seconds`` (at least one deal) with ``player(seed)`` (a function that
    plays one deal to its end and returns its steps), timing the shuffle and deal apart from the steps;
    first, for about ``warmup`` seconds, deals of other seeds are played untimed by ``player(WARMUP_SEED +
    seed)`` (see the module docstring), so the timed deals are played as without warm-up."""
    clock = time.perf_counter
    if warmup > 0:
        play = player(WARMUP_SEED + seed)
        end = clock() + warmup
        k = 0
        while clock() < end:
            play(Deal(rules, dealer=k % rules.deal_players, seed=WARMUP_SEED + seed + k))
            k += 1
    play = player(seed)
    steps = deals = 0
    step_t = deal_t = setup_t = 0.0
    end = clock() + seconds
    while deals == 0 or clock() < end:
        t0 = clock()
        deal = Deal(rules, dealer=deals % rules.deal_players, seed=seed + deals)
        t1 = clock()
        n = play(deal)
        t2 = clock()
        deal.score()
        t3 = clock()
        steps += n
        deals += 1
        setup_t += t1 - t0
        step_t += t2 - t1
        deal_t += t3 - t0
    return BenchFigures(steps, step_t, deals, deal_t, setup_t)


def play_random(deal: Deal, rng: random.Random) -> int:
    """Play ``deal`` to its end with uniformly random legal moves drawn from ``rng``; return the moves made."""
    n = 0
    while not deal.over:
        legal = deal.legal_actions()
        deal.apply_action(legal[int(rng.random() * len(legal))])
        n += 1
    return n


def bench_random(rules: Rules, seconds: float, seed: int = 0, warmup: float = 0.0) -> BenchFigures:
    """Play deals between uniformly random players for about ``seconds`` (at least one deal), after
    ``warmup`` seconds of untimed play (module docstring)."""

    def player(s: int) -> Callable[[Deal], int]:
        rng = random.Random(s)
        return lambda deal: play_random(deal, rng)

    return _time_deals(rules, seconds, seed, player, warmup)


def bench_heuristic(rules: Rules, seconds: float, seed: int = 0, warmup: float = 0.0) -> BenchFigures:
    """Play deals between heuristic players for about ``seconds`` (at least one deal), after ``warmup``
    seconds of untimed play (module docstring); only the timed decisions make the median."""
    clock = time.perf_counter
    decisions: list[float] = []  # of the timed deals

    def player(s: int) -> Callable[[Deal], int]:
        agents = [HeuristicAgent(s + k) for k in range(rules.players)]
        times = decisions if s == seed else []

        def play(deal: Deal) -> int:
            n = 0
            while not deal.over:
                seat = deal.to_act
                legal = deal.legal_actions()
                d0 = clock()
                action = agents[seat].select(deal.view(seat), legal)
                times.append(clock() - d0)
                deal.apply_action(action)
                n += 1
            return n

        return play

    fig = _time_deals(rules, seconds, seed, player, warmup)
    median = 1000 * statistics.median(decisions) if decisions else 0.0
    mean = 1000 * statistics.fmean(decisions) if decisions else 0.0
    return dataclasses.replace(fig, decision_ms_median=median, decision_ms_mean=mean)


def run_benchmarks(rules: Rules, seconds: float, warmup: float = 1.0) -> dict[str, Any]:
    """Both measurements, about ``seconds`` each, each after ``warmup`` seconds of untimed play.

    Returns ``{"random": {...}, "heuristic": {...}, "variant": ..., "seconds": ..., "warmup_seconds": ...,
    "build": ...}`` (see :meth:`BenchFigures.to_json`; ``build`` is ``"compiled"`` or ``"pure"``,
    :func:`canasta.build_info.build`).

    Raises:
        ValueError: ``seconds`` is not positive, or ``warmup`` is negative.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, not {seconds}")
    if not warmup >= 0:
        raise ValueError(f"warmup must be 0 or more seconds, not {warmup}")
    return {
        "random": bench_random(rules, seconds, warmup=warmup).to_json(),
        "heuristic": bench_heuristic(rules, seconds, warmup=warmup).to_json(),
        "variant": rules.spec(),
        "seconds": seconds,
        "warmup_seconds": warmup,
        "build": build(),
    }
