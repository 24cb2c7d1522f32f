"""The vectorised environment's step, compiled: one learner move and the bots' moves after it, straight on the core.

:class:`LearnerDeal` drives one sub-environment of :class:`~canasta.env.vector.CanastaVectorEnv` between
resets: the engine's deal, the :class:`~canasta.env.observation.PublicMemory`, the
:class:`~canasta.env.tracker.ObservationTracker` and the :class:`~canasta.env.tracker.MaskTracker` of a
:class:`~canasta.env.gym_wrapper.CanastaGymEnv` that has just been reset (the reset, rare, stays the Gymnasium
environment's), and its bots. A step does what ``CanastaGymEnv.step`` does through the PettingZoo environment
(``raw_env._play`` / ``_advance`` / ``_end_of_deal`` and the wrapper's ``_play_bots``), move for move and with the
same rewards, end and observations, without the AEC protocol: no reward, termination or info dictionaries per
move, no observation dict, no copies. :func:`step_all` steps every sub-environment in one call; the caller
gathers the observations (:meth:`ObservationTracker.ready` brings each learner's table vector up to date).

It takes the episodes whose protocol is the simple one: ``episode="deal"``, nobody sitting out, no rendering
(:func:`drivable`); the vectorised environment steps the others through their ``CanastaGymEnv``.
The equivalence, step by step, is ``tests/test_env_vector.py``.

Rules: RULES.md §1.11 (the deal's scoring); the rewards are :func:`canasta.env.config.side_rewards`.
"""

from __future__ import annotations

from typing import Any, cast

from canasta.engine.apply import play_legal_action
from canasta.engine.movegen.turn_moves import legal_actions
from canasta.engine.results import score
from canasta.engine.state import DealState
from canasta.engine.view import build_view
from canasta.env.config import side_rewards
from canasta.env.observation import PublicMemory
from canasta.env.tracker import MaskTracker, ObservationTracker
from canasta.errors import IllegalMove
from canasta.moves.notation import Move

__all__ = ["LearnerDeal", "drivable", "step_all"]

RUNNING, TERMINATED, TRUNCATED = 0, 1, 2
"""A sub-environment's episode after a step: going on, ended (terminated), cut at ``max_steps`` (truncated)."""


def drivable(env: Any) -> bool:
    """Whether :class:`LearnerDeal` can step ``env`` (a :class:`~canasta.env.gym_wrapper.CanastaGymEnv`): an
    episode of one deal, every seat playing it, no rendering."""
    raw = env.raw
    return bool(raw.config.episode == "deal" and not raw.rules.sitting_out and raw.render_mode is None)


class LearnerDeal:
    """One sub-environment's deal, stepped for its learner (module docstring).

    Args:
        env: the :class:`~canasta.env.gym_wrapper.CanastaGymEnv` it drives (:func:`drivable`); call
            :meth:`attach` after each of its resets (before, :attr:`deal` and :attr:`memory` are not set).
    """

    deal: DealState
    memory: PublicMemory
    tracker: ObservationTracker
    masks: MaskTracker

    def __init__(self, env: Any):
        raw = env.raw
        cfg = raw.config
        self.env = env
        self.agent: str = env.agent
        self.config: Any = cfg
        self.side: int = raw.rules.side_of(env.seat)
        self.max_steps: int = cfg.max_steps
        self.illegal: str = cfg.illegal
        self.illegal_reward: float = float(cfg.illegal_reward)
        self.pile_visible: bool = raw.rules.deal_rules().pile_visible
        self.tracker = raw._tracker
        self.masks = raw._masks
        self.seat = 0
        self.bots: list[Any] = []
        self.views: list[bool] = []
        self.steps = 0
        self.totals: list[int] = []
        self.carried = 0.0
        self.state = TERMINATED
        self.scores: list[int] | None = None
        self.gather_side = -1
        """The side whose permutation gathers the learner's observation (:meth:`ObservationTracker.perm`)."""

    def attach(self) -> None:
        """Take over the environment just reset: its deal, memory, trackers, step count and bots."""
        env = self.env
        raw = env.raw
        if raw._stale:
            raw._sync_mask()
        self.deal = raw.deal
        self.memory = raw._memory
        self.tracker = raw._tracker
        self.masks = raw._masks
        self.seat = raw._deal_seat[env.seat]
        seats = raw._seats
        bots: dict[int, Any] = env._bots
        self.bots = [bots.get(seats[s]) for s in range(len(seats))]
        self.views = [b is not None and bool(b.needs_view) for b in self.bots]
        self.steps = raw._steps
        self.totals = list(raw._totals)
        self.carried = float(env._carried)
        self.state = RUNNING if not raw._ended else (TRUNCATED if raw.truncations.get(self.agent) else TERMINATED)
        self.scores = None
        self.gather_side = -1  # (the gather of its observation is to be made: step_all)

    def play(self, action: int) -> float:
        """Play the learner's move id ``action``, then the bots' moves up to the learner's next move or the end
        of the episode (:attr:`state`; :attr:`scores` holds the deal's scores if it ended): the learner's
        reward. An illegal id is refused with ``illegal_reward`` (and ends the episode under ``terminate``).

        Raises:
            IllegalMove: an illegal id with ``illegal="raise"`` (nothing changes).
        """
        deal = self.deal
        seat = self.seat
        move = play_legal_action(deal, action)
        if move is None:
            return self._illegal(action)
        reward = self.carried + self._follow(seat, move)
        self.carried = 0.0
        bots, views = self.bots, self.views
        while self.state == RUNNING and deal.actor != seat:
            s = deal.actor
            legal = legal_actions(deal)
            bot = bots[s]
            a = int(bot.select(build_view(deal, s) if views[s] else None, legal))
            bot_move = play_legal_action(deal, a)
            if bot_move is None:
                bot_move = cast(Any, deal).apply_action(a)  # raises IllegalMove with the reason, as the AEC env
            reward += self._follow(s, bot_move)
        if self.state == RUNNING:
            self.masks.set(legal_actions(deal))
        else:
            self.masks.clear()
        return reward

    def _illegal(self, action: int) -> float:
        """The learner's id ``action`` is not legal: raise, or its penalty (the episode ends under ``terminate``)."""
        if self.illegal == "raise":
            try:
                cast(Any, self.deal).apply_action(action)  # raises with the reason
            except IllegalMove as e:
                raise IllegalMove(f"{self.agent} (seat {self.seat}): move id {action} is not legal now: {e}") from None
        if self.illegal == "terminate":
            self.state = TERMINATED
            self.masks.clear()
        reward = self.illegal_reward + self.carried
        self.carried = 0.0
        return reward

    def _follow(self, seat: int, move: Move) -> float:
        """Follow ``move``, just played by deal seat ``seat``: the public memory, the tracker, the step count, the
        end of the deal (its rewards) or of the episode (``max_steps``). The learner's reward of the move."""
        deal = self.deal
        pile = deal.pile
        self.memory.after_move(seat, move, pile[-1] if pile else None, len(pile), pending=len(deal.pending),
                               pile_cards=pile if self.pile_visible else None)
        self.tracker.after_move(seat, move)
        self.steps += 1
        if deal.over:
            scores = [s.total for s in score(deal)]
            self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
            cfg = self.config
            self.scores = scores
            self.state = TERMINATED
            return float(side_rewards(cfg, scores if cfg.reward == "deal" else self.totals)[self.side])
        if self.steps >= self.max_steps:
            self.state = TRUNCATED
        return 0.0


def step_all(deals: list[LearnerDeal], actions: list[int], skip: list[bool], rewards: list[float],
             terminated: list[bool], truncated: list[bool], moved: list[int]) -> list[int]:
    """Step every learner deal whose ``skip`` entry is false with its ``actions`` entry (:meth:`LearnerDeal.play`),
    writing its reward and end into ``rewards``, ``terminated`` and ``truncated``, and bring every learner's
    table vector up to date for its observation (:meth:`ObservationTracker.ready`); the indices of the learners
    whose gather changed (a new deal, or sides that changed, §3.1) are appended to ``moved``.

    Returns:
        The indices of the deals whose episode ended at this step.
    """
    ended: list[int] = []
    for i in range(len(deals)):
        d = deals[i]
        if not skip[i]:
            rewards[i] = d.play(actions[i])
            state = d.state
            if state != RUNNING:
                terminated[i] = state == TERMINATED
                truncated[i] = state == TRUNCATED
                ended.append(i)
        d.tracker.ready(d.seat)
        side = d.deal.side_of[d.seat]
        if side != d.gather_side:
            d.gather_side = side
            moved.append(i)
    return ended
