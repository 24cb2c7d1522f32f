"""The ``expert`` player: information-set search over the stages of its turn (:mod:`canasta.agents.ismcts`).

At a decision that offers a real choice (drawing or taking when a take is on offer, the turn's meld plan,
the discard, asking and answering "may I go out?", RULES.md §1.4, §1.7, §1.9) it runs
:func:`~canasta.agents.ismcts.search.search` and plays the best option found; it keeps ``hard``'s choice
unless another option's mean margin beats it by more than ``bias`` points plus ``z`` standard errors, so
that the noise of a few rollouts does not overrule the policy. Other decisions are ``hard``'s, at once.

A plan chosen at the turn's first play decision is carried through the turn: with ``PLAN_HARD`` the player
melds as ``hard`` and, when ``hard`` would discard, plays the discard the search preferred under that plan;
with ``PLAN_HOLD`` it discards at once.

Determinism: each search's worlds come from a generator seeded by the seed and the position
(:func:`canasta.agents.expert.position_seed`), so with ``iterations`` the same position gives the same move.
Hints, explanations and warnings are the flat expert's (:class:`~canasta.agents.expert.ExpertAgent`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from canasta.agents.expert import ExpertAgent, position_seed
from canasta.agents.hard import HardAgent
from canasta.agents.ismcts.search import Settings, search
from canasta.agents.ismcts.stages import DISCARD_STAGE, END, ENDING, PLAN, PLAN_HOLD, root_stage
from canasta.agents.ismcts.tree import Node
from canasta.agents.protocol import view_or_forced
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECODED_ACTIONS


class IsmctsAgent(ExpertAgent):
    """Information-set search player (see the module docstring); the options are the flat expert's.

    Args:
        seed: seeds the sampled worlds (with the position).
        ms: time budget per searched decision, milliseconds (default 200 when no budget is given).
        iterations: iterations per searched decision instead (deterministic).
        candidates: discards searched (the best by ``hard``'s ranking), 1..12.
        bias, z: what another option must gain over ``hard``'s (points, and standard errors).
        pile: other discards are searched only from a pile of at least this many cards.
        explore: UCB exploration constant (0 to 10; margins in units of 1,000 points).

    Raises:
        ValueError: both budgets given, or an option out of range.
    """

    def __init__(self, seed: int | None = None, ms: float | None = None, iterations: int | None = None,
                 candidates: int = 3, bias: float = 0.0, z: float = 1.0, pile: int = 8, explore: float = 0.7):
        super().__init__(seed, ms=ms, iterations=iterations, candidates=candidates, bias=bias, z=z, pile=pile)
        if not 0 <= explore <= 10:
            raise ValueError(f"explore must be 0 to 10, not {explore}")
        self.explore = float(explore)
        self.settings = Settings(self.iterations, self.ms, self.explore, candidates, pile)
        self._agents: list[HardAgent] = []
        self._plan_turn: tuple[int, int] | None = None
        self._planned: int | None = None
        self.iterations_run = 0
        """Iterations of the last search (0: the decision was not searched)."""
        self.tree: Node | None = None
        """The root of the last search (None: the decision was not searched)."""

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal``: ``hard``'s choice, or the best option after search.

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        checked = view_or_forced(view, legal, "the expert")
        if isinstance(checked, int):
            return checked
        view = checked
        start = time.perf_counter()
        choice = self.policy.select(view, legal)
        self.last = {}
        self.iterations_run = 0
        self.tree = None
        turn = (view.turn_number, view.seat)
        planned = view.phase == "play" and self._plan_turn == turn
        ending = DECODED_ACTIONS[choice].kind in ENDING
        if view.phase == "play" and planned:
            if not ending:
                return choice
            if self._planned is not None:
                action, self._planned = self._planned, None
                return action if action in legal else choice
        stage = root_stage(view.phase, {DECODED_ACTIONS[a].kind for a in legal}, planned)
        if view.phase == "play":
            if not planned:  # the plan is chosen now
                self._plan_turn, self._planned = turn, None
            if ending and stage == PLAN:
                stage = DISCARD_STAGE
        if stage == END:
            return choice
        rng = random.Random(position_seed(self.seed, view, legal))
        root, self.iterations_run = search(view, list(legal), self.memory, stage, rng, self.settings, self._agents,
                                           start)
        self.tree = root
        if not root.children:
            return choice
        self.decisions += 1
        self.last = {key: (child.mean, child.visits) for key, child in root.children.items()
                     if key >= 0 and child.visits}
        return self._decide(root, stage, choice, legal)

    def _decide(self, root: Node, stage: int, choice: int, legal: Sequence[int]) -> int:
        """The move to play now from a searched ``root`` of ``stage`` (and the discard planned for later)."""
        default = root.default if root.default is not None else choice
        best = root.pick(default, self.z, self.bias)
        if best is None or best.key is None:
            return choice
        if stage != PLAN:
            return best.key if best.key in legal else choice
        under = best.pick(best.default, self.z, self.bias) if best.default is not None else None
        planned = under.key if under is not None else None
        if best.key == PLAN_HOLD:
            return planned if planned is not None and planned in legal else choice
        self._planned = planned
        return choice
