"""The arena's unit of work: one shuffle of one pair of bots, played in duplicate.

A :class:`Task` holds everything a worker needs; :func:`run_task` plays it and returns a
:class:`ShuffleResult`. Both backends of the arena play the same tasks with this function:
the local one (:func:`canasta.play.arena.run_local`, in this process or a pool) and the Ray
one (:mod:`canasta.play.arena_ray`). The format of the duplicate plays is described in
:mod:`canasta.play.arena`. May import the agents, the engine and :mod:`canasta.play.match`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from canasta.agents.base import Agent, make_agent
from canasta.engine.game import Game
from canasta.play.match import play_deal, play_game
from canasta.play.simulate import derive_seed
from canasta.rules.fields import Rules

Progress = Callable[[int, int], None]
"""Callback ``progress(tasks_done, tasks_total)``; a task is one shuffle of one pair."""


# ---------------------------------------------------------------- playing


@dataclass(frozen=True)
class Task:
    """One shuffle of one pair: everything a worker needs to play its duplicate plays.

    Attributes:
        variant: the rules' variant string. a, b: the two bot specs. pair: index of the pair.
        index: the shuffle's number. seed: the tournament seed. unit: "deal" or "game".
    """

    variant: str
    a: str
    b: str
    pair: int
    index: int
    seed: int
    unit: str


@dataclass(frozen=True)
class PlayResult:
    """One play of a shuffle.

    Attributes:
        a_sides: the sides A played. scores: each side's points (the deal's score, or the
            game's final total). margin: A's mean side score minus B's, in points.
        win: 1 if A's margin is positive, 0.5 if zero, else 0.
    """

    a_sides: tuple[int, ...]
    scores: tuple[int, ...]
    margin: float
    win: float


@dataclass(frozen=True)
class ShuffleResult:
    """The duplicate plays of one shuffle for one pair, and decision times.

    Attributes:
        pair, index: which task. plays: its plays in order.
        times_a, times_b: seconds of every ``select`` call of A and of B (not part of the
            reproducible result; they depend on the machine).
    """

    pair: int
    index: int
    plays: tuple[PlayResult, ...]
    times_a: tuple[float, ...] = field(default=(), compare=False, repr=False)
    times_b: tuple[float, ...] = field(default=(), compare=False, repr=False)

    @property
    def margin(self) -> float:
        """A's mean margin over the plays, in points."""
        return sum(play.margin for play in self.plays) / len(self.plays)

    @property
    def win(self) -> float:
        """A's share of the plays won (ties half)."""
        return sum(play.win for play in self.plays) / len(self.plays)

    @property
    def shuffle_win(self) -> float:
        """1 if A's mean margin over the plays is positive, 0.5 if zero, else 0 (duplicate scoring)."""
        margin = self.margin
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def assignments(teams: int) -> list[tuple[int, ...]]:
    """Which bot plays each side in the duplicate plays of a shuffle: 0 = A, 1 = B.

    Two sides: ``[(0, 1), (1, 0)]``. ``k >= 3`` sides: A alone on each side, then B alone on each side.
    """
    if teams == 2:
        return [(0, 1), (1, 0)]
    alone_a = [tuple(0 if side == alone else 1 for side in range(teams)) for alone in range(teams)]
    alone_b = [tuple(1 if side == alone else 0 for side in range(teams)) for alone in range(teams)]
    return alone_a + alone_b


class _Timed:
    """Wraps an agent and records the seconds of each ``select`` call."""

    def __init__(self, agent: Agent, sink: list[float]):
        self.agent = agent
        self.name = agent.name
        self.needs_view = agent.needs_view
        self.needs_view_when_forced = getattr(agent, "needs_view_when_forced", True)
        self.sink = sink
        observe = getattr(agent, "observe", None)
        if callable(observe):
            self.observe = observe
        public = getattr(agent, "observe_public", None)
        if callable(public):
            self.observe_public = public

    def select(self, view: Any, legal: Sequence[int]) -> int:
        start = time.perf_counter()
        action = self.agent.select(view, legal)
        self.sink.append(time.perf_counter() - start)
        return action


_RULES_CACHE: dict[str, Rules] = {}


def _rules(variant: str) -> Rules:
    rules = _RULES_CACHE.get(variant)
    if rules is None:
        rules = _RULES_CACHE[variant] = Rules.parse(variant)
    return rules


def play_margin(scores: Sequence[int], a_sides: Sequence[int]) -> float:
    """A's margin in one play: mean score of A's sides minus mean score of the other sides (points)."""
    scores_a = [scores[side] for side in a_sides]
    scores_b = [scores[side] for side in range(len(scores)) if side not in a_sides]
    return sum(scores_a) / len(scores_a) - sum(scores_b) / len(scores_b)


def run_task(task: Task) -> ShuffleResult:
    """Play the duplicate plays of one shuffle for one pair (see :mod:`canasta.play.arena`).

    Raises:
        RuntimeError: a bot chose an illegal move or a runaway deal (from :mod:`canasta.play.match`).
    """
    rules = _rules(task.variant)
    players, teams = rules.players, rules.teams
    shuffle_seed = derive_seed(task.seed, task.index)
    dealer = task.index % players
    plays = []
    times: tuple[list[float], list[float]] = ([], [])
    specs = (task.a, task.b)
    for play_index, assign in enumerate(assignments(teams)):
        agents: list[Agent] = []
        for seat in range(players):
            who = assign[seat % teams]
            agent = make_agent(specs[who], derive_seed(task.seed, task.index, play_index, seat))
            agents.append(_Timed(agent, times[who]))  # type: ignore[arg-type]
        if task.unit == "game":
            game = play_game(rules, agents, shuffle_seed, first_dealer=dealer)
            scores = tuple(game.totals)
        else:
            game = Game(rules, seed=shuffle_seed, first_dealer=dealer)
            game.new_deal()
            play_deal(game, agents)
            scores = tuple(side_score.total for side_score in game.finish_deal())
        a_sides = tuple(side for side in range(teams) if assign[side] == 0)
        margin = play_margin(scores, a_sides)
        win = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        plays.append(PlayResult(a_sides, scores, margin, win))
    return ShuffleResult(task.pair, task.index, tuple(plays), tuple(times[0]), tuple(times[1]))


def run_chunk(tasks: Sequence[Task]) -> list[ShuffleResult]:
    """Play several tasks one after the other (the unit of work of a worker process)."""
    return [run_task(task) for task in tasks]
