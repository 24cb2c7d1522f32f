"""The information-set search loop: sample a world, descend the tree by UCB, roll out with ``hard``, back up.

One iteration (single-observer ISMCTS over grouped actions):

1. a world is sampled from the seat's view and memory (:func:`~canasta.agents.ismcts.sampler.sample_world`);
2. from the root, each stage of the seat's turn (:mod:`~canasta.agents.ismcts.stages`) offers the options
   legal in this world; the tree node of the sequence chosen so far picks one
   (:meth:`~canasta.agents.ismcts.tree.Node.choose`); a stage with one option is played without a node;
   the descent stops at the first node never visited, or when the turn is over;
3. the deal is played to its end with ``hard`` at every seat, and its margin for the seat's side
   (points, RULES.md §1.11) is added to every node on the path.

Budgets: ``iterations`` (deterministic: the worlds come from ``rng`` alone) or ``ms`` (wall clock; an
iteration is not started when the mean iteration so far would end past the deadline, and one still running
at 1.1 times the budget is dropped).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from canasta.agents.expert import margin
from canasta.agents.hard import HardAgent
from canasta.agents.ismcts.sampler import sample_world
from canasta.agents.ismcts.stages import END, World, advance, options
from canasta.agents.ismcts.tree import Node
from canasta.agents.memory import CardMemory
from canasta.engine.deal import PlayerView


@dataclass(frozen=True)
class Settings:
    """How one search runs.

    Attributes:
        iterations: iterations per search (None: use ``ms``).
        ms: wall-clock budget per search, milliseconds (None: use ``iterations``).
        explore: UCB exploration constant (margins counted in units of 1,000 points).
        candidates: discards searched at the discard stage (the best by ``hard``'s ranking).
        pile: discards other than ``hard``'s are searched only from a pile of at least this many cards.
    """

    iterations: int | None
    ms: float | None
    explore: float = 0.7
    candidates: int = 3
    pile: int = 8


def search(view: PlayerView, legal: list[int], memory: CardMemory, stage: int, rng: random.Random,
           settings: Settings, agents: list[HardAgent], start: float | None = None) -> tuple[Node, int]:
    """Search the seat's decision in ``stage`` from ``view``; return the root and the iterations run.

    ``agents`` are reused rollout players (one per seat, extended here if short; their memory is replaced).
    ``start`` is when the decision began (:func:`time.perf_counter`; default now): with ``ms``, no iteration
    starts when the mean iteration so far would end past ``start + ms``, and an iteration still running
    at ``start + 1.1·ms`` is dropped, so that a decision stays within about 1.1 times its budget.
    The search stops at once, with no iteration run, when the first world offers no choice (the root has no
    child), and early when no world fits the view and memory.
    """
    root = Node()
    begun = time.perf_counter()
    start = begun if start is None else start
    deadline = start + settings.ms / 1000.0 if settings.ms is not None else None
    stop = start + 1.1 * settings.ms / 1000.0 if settings.ms is not None else None
    most = settings.iterations if settings.iterations is not None else 1 << 30
    while len(agents) < view.rules.players:
        agents.append(HardAgent(None))
    done = 0
    while done < most:
        if deadline is not None:
            now = time.perf_counter()
            if now + ((now - begun) / done if done else 0.0) > deadline:
                break
        deal = sample_world(view, memory, rng, legal)
        if deal is None:
            break
        copy = memory.copy()
        copy.exact = True
        world = World(deal, view.seat, copy, agents)
        path = [root]
        node, now_stage = root, stage
        while now_stage != END:
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
        if not root.children:  # the first world offered no choice: nothing to search
            break
        if not world.rollout(stop):
            break
        value = margin(world.deal, view.seat)
        for visited in path:
            visited.update(value)
        done += 1
    return root, done
