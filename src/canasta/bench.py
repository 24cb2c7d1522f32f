"""Engine throughput on one core (``canasta bench``), DESIGN.md "How to keep it fast".

Two figures for each kind of player, measured in this process only:

* **steps per second**: a step is one move applied, with the legal-move
  generation for the player to act included (and, for the heuristic player,
  building the seat's view and choosing). Shuffling and dealing is not a step:
  it is timed apart and left out.
* **deals per second**: whole deals, from the shuffle and deal to scoring.

The random player is measured on :class:`~canasta.engine.Deal` directly
(``legal = deal.legal_actions(); deal.apply_action(choice)``), without a game
log. For the heuristic player the median time of one decision (view plus
choice) is reported too, in milliseconds.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .agents.heuristic import HeuristicAgent
from .engine import Deal
from .rules import Rules


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


def _time_deals(rules: Rules, seconds: float, seed: int, play: Callable[[Deal], int]) -> BenchFigures:
    """Deal and play deals with ``play`` (which plays one deal to its end and returns its steps) for about
    ``seconds`` (at least one deal), timing the shuffle and deal apart from the steps."""
    clock = time.perf_counter
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


def bench_random(rules: Rules, seconds: float, seed: int = 0) -> BenchFigures:
    """Play deals between uniformly random players for about ``seconds`` (at least one deal)."""
    rng = random.Random(seed)
    return _time_deals(rules, seconds, seed, lambda deal: play_random(deal, rng))


def bench_heuristic(rules: Rules, seconds: float, seed: int = 0) -> BenchFigures:
    """Play deals between heuristic players for about ``seconds`` (at least one deal)."""
    clock = time.perf_counter
    agents = [HeuristicAgent(seed + s) for s in range(rules.players)]
    decisions: list[float] = []

    def play(deal: Deal) -> int:
        n = 0
        while not deal.over:
            seat = deal.to_act
            legal = deal.legal_actions()
            d0 = clock()
            action = agents[seat].select(deal.view(seat), legal)
            decisions.append(clock() - d0)
            deal.apply_action(action)
            n += 1
        return n

    fig = _time_deals(rules, seconds, seed, play)
    median = 1000 * statistics.median(decisions) if decisions else 0.0
    mean = 1000 * statistics.fmean(decisions) if decisions else 0.0
    return dataclasses.replace(fig, decision_ms_median=median, decision_ms_mean=mean)


def run_benchmarks(rules: Rules, seconds: float) -> dict[str, Any]:
    """Both measurements, about ``seconds`` each.

    Returns ``{"random": {...}, "heuristic": {...}, "variant": ..., "seconds": ...}``
    (see :meth:`BenchFigures.to_json`).

    Raises:
        ValueError: ``seconds`` is not positive.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, not {seconds}")
    return {
        "random": bench_random(rules, seconds).to_json(),
        "heuristic": bench_heuristic(rules, seconds).to_json(),
        "variant": rules.spec(),
        "seconds": seconds,
    }
