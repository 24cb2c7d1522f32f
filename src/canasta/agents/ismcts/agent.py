"""The ``expert`` player: information-set search over the stages of its turn (:mod:`canasta.agents.ismcts`).

At a decision that offers a real choice (drawing or taking when a take is on offer, the turn's meld plan
against holding the cards back, the discard, asking and answering "may I go out?", RULES.md §1.4, §1.7, §1.9)
it runs :func:`~canasta.agents.ismcts.search.search` and plays the best option found: every option is played
in the same sampled worlds, and ``hard``'s choice is kept unless another option's paired difference from it
beats ``bias`` points plus ``z`` standard errors, so that the noise of a few rollouts does not overrule the
policy. Other decisions are ``hard``'s, at once.

When the search keeps ``hard``'s meld at the turn's first play decision (its meld plan), the rest of the plan
is played as ``hard`` plays it, without search, and the discard that ends the turn is searched on its own.

Determinism: each search's worlds come from a generator seeded by the seed and the position
(:func:`canasta.agents.expert.position_seed`), so with ``iterations`` the same position gives the same move.
Hints, explanations and warnings are the flat expert's (:class:`~canasta.agents.expert.ExpertAgent`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from canasta.agents.expert import ExpertAgent, position_seed
from canasta.agents.hard import HardAgent
from canasta.agents.ismcts.opponents import OpponentModel
from canasta.agents.ismcts.search import DEFAULT_INFER, DEFAULT_MIX, Settings, search
from canasta.agents.ismcts.stages import END, ENDING, PLAN, root_stage
from canasta.agents.ismcts.tree import Node
from canasta.agents.memory import PublicState
from canasta.agents.protocol import without_layout
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import Move


class IsmctsAgent(ExpertAgent):
    """Information-set search player (see the module docstring); the options are the flat expert's.

    Args:
        seed: seeds the sampled worlds (with the position).
        ms: time budget per searched decision, milliseconds (default 200 when no budget is given).
        iterations: rollouts per searched decision instead (deterministic).
        candidates: discards searched (the best by ``hard``'s ranking), 1..12.
        bias, z: what another option must gain over ``hard``'s (points, and standard errors of the paired
            difference).
        pile: other discards are searched only from a pile of at least this many cards.
        explore: UCB exploration constant below the root (0 to 10; margins in units of 1,000 points).
        depth: tree nodes per path, 1 to 4 (1: the root's options, then ``hard``; more: the seat's next
            options of the turn are searched by UCB too).
        horizon: turns a rollout plays after the searched option before its position is scored by the leaf
            estimate (:mod:`canasta.agents.ismcts.leaf`); 0: rollouts play to the end of the deal; default (None)
            the rule set's (:func:`~canasta.agents.ismcts.search.rollout_horizon`): 4 (one round at four seats:
            in classic a cut rollout costs about a sixth of a full one, and 110 of them decided better than 20
            full ones, docs/bots.md), 0 in modern-american (there cut rollouts judged worse at more CPU), 8 in
            romanian-tiles (judged better than 4).
        mix: share of the sampled worlds (0 to 1) whose rollouts play the other sides' seats with the heuristic
            (``medium``) instead of ``hard`` (:attr:`~canasta.agents.ismcts.search.Settings.mix`); with ``infer``
            the share before any evidence.
        infer: 1: the share follows the other sides' discards seen so far (:mod:`~canasta.agents.ismcts.opponents`,
            where the game loop calls ``observe``/``observe_public``); 0: it stays ``mix``.

    Raises:
        ValueError: both budgets given, or an option out of range.
    """

    def __init__(self, seed: int | None = None, ms: float | None = None, iterations: int | None = None,
                 candidates: int = 3, bias: float = 0.0, z: float = 1.0, pile: int = 8, explore: float = 0.7,
                 depth: int = 1, horizon: int | None = None, mix: float = DEFAULT_MIX, infer: int = DEFAULT_INFER):
        super().__init__(seed, ms=ms, iterations=iterations, candidates=candidates, bias=bias, z=z, pile=pile)
        if not 0 <= explore <= 10:
            raise ValueError(f"explore must be 0 to 10, not {explore}")
        if not isinstance(depth, int) or not 1 <= depth <= 4:
            raise ValueError(f"depth must be a whole number from 1 to 4, not {depth}")
        self.explore = float(explore)
        if horizon is not None and (not isinstance(horizon, int) or not 0 <= horizon <= 1000):
            raise ValueError(f"horizon must be a whole number of turns from 0 to 1000, not {horizon}")
        if not 0 <= mix <= 1:
            raise ValueError(f"mix must be 0 to 1, not {mix}")
        if infer not in (0, 1):
            raise ValueError(f"infer must be 0 or 1, not {infer}")
        self.settings = Settings(self.iterations, self.ms, self.explore, candidates, pile, depth, horizon,
                                 float(mix))
        self.opponents = OpponentModel(seed, float(mix)) if infer else None
        """The inferred opponent model (None: the share stays ``mix``)."""
        self._agents: list[HardAgent] = []
        self._plan_turn: tuple[int, int] | None = None
        self.iterations_run = 0
        """Rollouts of the last search (0: the decision was not searched)."""
        self.tree: Node | None = None
        """The root of the last search (None: the decision was not searched)."""

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        """Record a public event (the Agent ``observe`` hook); a discard of another side weighs the opponent
        model first."""
        if self.opponents is not None:
            self.opponents.before(self.memory, seat, move)
        super().observe(view, seat, move)
        if self.opponents is not None:
            self.opponents.view = view

    def observe_public(self, facts: PublicState, own_view: Callable[[], PlayerView], seat: int,
                       move: Move | None) -> None:
        """Record a public event from the public facts after it (the Agent ``observe_public`` hook); as
        :meth:`observe`."""
        if self.opponents is not None:
            self.opponents.before(self.memory, seat, move)
        super().observe_public(facts, own_view, seat, move)
        if self.opponents is not None:
            self.opponents.view = own_view()

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal``: ``hard``'s choice, or the best option after search.

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        start = time.perf_counter()
        self.iterations_run = 0
        self.tree = None
        begun = self._begin(view, legal)
        if isinstance(begun, int):
            return begun
        view, choice = begun
        legal = without_layout(legal)  # holding on to the three kept for the Straight (MAC A.3)
        turn = (view.turn_number, view.seat)
        planned = view.phase == "play" and self._plan_turn == turn
        if planned and DECODED_ACTIONS[choice].kind not in ENDING:
            return choice  # the meld plan kept this turn goes on
        stage = root_stage(view.phase, {DECODED_ACTIONS[a].kind for a in legal}, planned)
        if stage == PLAN:
            self._plan_turn = turn
        if stage == END:
            return choice
        rng = random.Random(position_seed(self.seed, view, legal))
        settings = self.settings
        if self.opponents is not None:
            settings = replace(settings, mix=self.opponents.share())
        root, self.iterations_run = search(view, list(legal), self.memory, stage, rng, settings, self._agents, start)
        self.tree = root
        if not root.children:
            return choice
        self.decisions += 1
        self.last = {key: (child.mean, child.visits) for key, child in root.children.items() if child.visits}
        best = root.pick(root.default if root.default is not None else choice, self.z, self.bias)
        if best is None or best.key is None or best.key not in legal:
            return choice
        return best.key
