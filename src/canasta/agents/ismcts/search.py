"""The information-set search loop: sample a world, play every root option in it, descend, roll out, back up.

One world (single-observer ISMCTS over grouped actions, with common random numbers at the root):

1. a world is sampled from the seat's view and memory (:func:`~canasta.agents.ismcts.sampler.sample_world`),
   with a seed for whatever the deal draws at random later (a reshuffled stock);
2. every option of the root stage (:mod:`~canasta.agents.ismcts.stages`) is played in its own copy of that
   world (the same hidden cards, the same stock order): one *iteration* each. Options whose paired difference
   from ``hard``'s option is clearly negative (below zero by :data:`RACE_Z` standard errors over at least
   :data:`RACE_WORLDS` worlds) are dropped from later worlds, so that the budget goes to the contenders;
3. below the root option, down to ``depth`` nodes in all, the node of the sequence chosen so far picks among the
   options legal in this world by UCB (:meth:`~canasta.agents.ismcts.tree.Node.choose`); past that depth,
   and for a stage with one option, ``hard`` plays;
4. the deal is played to its end with ``hard`` at every seat, and its margin for the seat's side
   (points, RULES.md §1.11) is added to every node on the path and kept per world at the root's child
   (:attr:`~canasta.agents.ismcts.tree.Node.samples`), for the paired choice of
   :meth:`~canasta.agents.ismcts.tree.Node.pick`.

Budgets: ``iterations`` (rollouts; deterministic: the worlds come from ``rng`` alone) or ``ms`` (wall clock;
a rollout is not started when the mean rollout so far would end past the deadline, and one still running
at 1.1 times the budget is dropped).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from canasta.agents.expert import margin
from canasta.agents.hard import HardAgent
from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.ismcts.leaf import leaf_margin
from canasta.agents.ismcts.sampler import sample_world
from canasta.agents.ismcts.stages import END, World, advance, options
from canasta.agents.ismcts.tree import Node, paired
from canasta.agents.memory import CardMemory
from canasta.engine.deal import Deal, PlayerView

RACE_Z = 2.0
"""Standard errors below zero at which a root option's paired difference from ``hard``'s drops it."""
RACE_WORLDS = 4
"""Worlds an option is played in at least before it can be dropped."""
DEFAULT_HORIZON = 4
"""Turns a rollout plays before the leaf estimate scores it, where neither the settings nor
:data:`PRESET_HORIZONS` say otherwise."""
DEFAULT_MIX = 0.0
"""The expert's default :attr:`Settings.mix` (with inference: the share before any evidence)."""
DEFAULT_INFER = 0
"""1: by default the expert infers the share from the other sides' discards (``ismcts.opponents``)."""
PRESET_HORIZONS: dict[str, int] = {"modern-american": 0, "romanian-tiles": 8}
"""Preset name -> its default horizon, where the judge (``benchmarks/expert_judge.py``, docs/bots.md) found another
better. modern-american: full rollouts (there 110 cut rollouts cost more CPU than 20 full ones and judged worse);
romanian-tiles: 8 turns (its leaf estimate is poor; 110 rollouts of 8 turns judged about three times better than of
4, on the positions chosen from and on held-out ones, at well under 200 ms)."""


@dataclass(frozen=True)
class Settings:
    """How one search runs.

    Attributes:
        iterations: iterations per search (None: use ``ms``).
        ms: wall-clock budget per search, milliseconds (None: use ``iterations``).
        explore: UCB exploration constant (margins counted in units of 1,000 points).
        depth: tree nodes per path (1: the root's options only, ``hard`` plays on; 2 or more: the seat's
            next options of the turn are searched by UCB as well).
        candidates: discards searched at the discard stage (the best by ``hard``'s ranking).
        pile: discards other than ``hard``'s are searched only from a pile of at least this many cards.
        horizon: turns played after the searched option before the rollout is cut and its position scored by
            :func:`~canasta.agents.ismcts.leaf.leaf_margin` (0: every rollout is played to the end of the deal;
            None: the rule set's default, :func:`rollout_horizon`).
        mix: share of the sampled worlds (0 to 1) in which the other sides' seats are played by the heuristic
            (``medium``) in the rollouts instead of ``hard``: the search does not know who it plays, and a mix of
            the two models plays better against either than one of them alone (docs/bots.md, fifth round).
    """

    iterations: int | None
    ms: float | None
    explore: float = 0.7
    candidates: int = 3
    pile: int = 8
    depth: int = 1
    horizon: int | None = 0
    mix: float = 0.0


def rollout_horizon(settings: Settings, preset: str) -> int:
    """The horizon (turns; 0: full rollouts) a search with ``settings`` uses in the rule set named ``preset``: the
    settings' own, else the preset's (:data:`PRESET_HORIZONS`), else :data:`DEFAULT_HORIZON`."""
    if settings.horizon is not None:
        return settings.horizon
    return PRESET_HORIZONS.get(preset, DEFAULT_HORIZON)


class _Clock:
    """The budget of one search: rollouts counted, and the wall-clock deadline of ``ms``."""

    __slots__ = ("most", "done", "begun", "deadline", "stop")

    def __init__(self, settings: Settings, start: float | None):
        self.begun = time.perf_counter()
        start = self.begun if start is None else start
        self.deadline = start + settings.ms / 1000.0 if settings.ms is not None else None
        self.stop = start + 1.1 * settings.ms / 1000.0 if settings.ms is not None else None
        self.most = settings.iterations if settings.iterations is not None else 1 << 30
        self.done = 0

    def more(self) -> bool:
        """Whether another rollout may start."""
        if self.done >= self.most:
            return False
        if self.deadline is None:
            return True
        now = time.perf_counter()
        return now + ((now - self.begun) / self.done if self.done else 0.0) <= self.deadline


def search(view: PlayerView, legal: list[int], memory: CardMemory, stage: int, rng: random.Random,
           settings: Settings, agents: list[HardAgent], start: float | None = None) -> tuple[Node, int]:
    """Search the seat's decision in ``stage`` from ``view``; return the root and the iterations (rollouts) run.

    ``agents`` are reused rollout players (one per seat, extended here if short; their memory is replaced).
    ``start`` is when the decision began (:func:`time.perf_counter`; default now): with ``ms``, no rollout
    starts when the mean rollout so far would end past ``start + ms``, and one still running at
    ``start + 1.1·ms`` is dropped, so that a decision stays within about 1.1 times its budget.
    The search stops at once, with no iteration run, when the first world offers no choice (one option at
    the root), and early when no world fits the view and memory or every other option was dropped.
    """
    root = Node()
    clock = _Clock(settings, start)
    while len(agents) < view.rules.players:
        agents.append(HardAgent(None))
    light = [HeuristicAgent(None) for _ in agents] if settings.mix > 0 else []
    dropped: set[int] = set()
    worlds = 0
    while clock.more():
        deal = sample_world(view, memory, rng, legal)
        if deal is None:
            break
        world_seed = rng.getrandbits(62)
        players: list[HeuristicAgent] = list(agents)
        if settings.mix > 0 and rng.random() < settings.mix:
            players = _mixed_players(deal, view.seat, agents, light)
        keys = options(_world(deal, world_seed, view.seat, memory, players), stage, settings.candidates,
                       settings.pile)
        if len(keys) < 2 and not root.children:  # the first world offered no choice: nothing to search
            break
        for key in keys:
            root.children.setdefault(key, Node(key)).available += 1
        if root.default is None:
            root.default = keys[0]
        playing = [key for key in keys if key not in dropped]
        if len(playing) < 2 and keys[0] in playing:  # every other option is dropped: hard's option stands
            break
        for key in playing:
            if not clock.more():
                break
            value = _iterate(root, key, stage, _world(deal, world_seed, view.seat, memory, players), settings,
                             clock.stop)
            if value is None:
                return root, clock.done
            root.children[key].samples[worlds] = value
            clock.done += 1
        worlds += 1
        _race(root, dropped)
    return root, clock.done


def _mixed_players(deal: Deal, seat: int, agents: list[HardAgent], light: list[HeuristicAgent]
                   ) -> list[HeuristicAgent]:
    """The rollout players of a world of the mix (:attr:`Settings.mix`): ``agents`` (``hard``) at the seats of
    ``seat``'s side, ``light`` (the heuristic, ``medium``: deterministic, no card memory) at every other seat."""
    own = deal.side_of[seat]
    return [agent if deal.side_of[other] == own else light[other] for other, agent in enumerate(agents)]


def _world(deal: Deal, world_seed: int, seat: int, memory: CardMemory, agents: list[HeuristicAgent]) -> World:
    """A fresh copy of the sampled ``deal`` to play one option in (its own generator from ``world_seed``, an
    exact copy of the seat's memory)."""
    copy = memory.copy()
    copy.exact = True
    return World(deal.clone(rng=random.Random(world_seed)), seat, copy, agents)


def _iterate(root: Node, key: int, stage: int, world: World, settings: Settings, stop: float | None) -> float | None:
    """Play root option ``key`` in ``world``, descend below it by UCB (``settings.depth``), roll out, back up.

    Returns the margin (points), or None if the rollout ran past ``stop`` (nothing is backed up then).
    """
    options(world, stage, settings.candidates, settings.pile)  # hard's view of the stage, as in every copy
    node = root.children[key]
    path = [root, node]
    horizon = rollout_horizon(settings, world.deal.rules.name)
    until = world.deal.turn_no + horizon if horizon else None
    now_stage = advance(world, stage, key)
    while now_stage != END and len(path) <= settings.depth:
        keys = options(world, now_stage, settings.candidates, settings.pile)
        if not keys:
            break
        if len(keys) == 1:
            now_stage = advance(world, now_stage, keys[0])
            continue
        node, new = node.choose(keys, settings.explore)
        path.append(node)
        now_stage = advance(world, now_stage, node.key if node.key is not None else keys[0])
        if new:
            break
    if not world.rollout(stop, until):
        return None
    value = margin(world.deal, world.seat) if world.deal.over else leaf_margin(world.deal, world.seat)
    for visited in path:
        visited.update(value)
    return value


def _race(root: Node, dropped: set[int]) -> None:
    """Drop the root options whose paired difference from the default option is clearly negative."""
    base = root.children.get(root.default) if root.default is not None else None
    if base is None:
        return
    for key, child in root.children.items():
        if child is base or key in dropped or len(child.samples) < RACE_WORLDS:
            continue
        gain = paired(child, base)
        if gain is not None and gain[0] + RACE_Z * gain[1] < 0:
            dropped.add(key)
