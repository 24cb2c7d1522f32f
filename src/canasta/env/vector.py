"""N Canasta environments stepped in one call: a Gymnasium ``VectorEnv`` for training.

Usage::

    from canasta.env.vector import CanastaVectorEnv

    envs = CanastaVectorEnv(8, variant="classic(players=2)", opponents="random")
    obs, info = envs.reset(seed=0)                        # obs["observation"]: (8, 355) float32
    for _ in range(1000):                                 # obs["action_mask"]: (8, 13396) int8
        actions = [ids[rng.randrange(len(ids))] for ids in envs.legal_ids()]
        obs, rewards, terminated, truncated, info = envs.step(actions)

Each sub-environment is a :class:`~canasta.env.gym_wrapper.CanastaGymEnv`: one learning seat, the other
seats played by bots. That is the form that fits Canasta's turns: who moves next depends on the move (a turn
is a draw, any number of melds and a discard; "may I go out?" is answered by the partner), so PettingZoo's
parallel API, where every agent acts at every step, does not fit, and a vector of AEC environments would
return observations of whichever seat is to act. With the bots inside, every sub-environment is always
waiting for its learner, and one call steps all of them by one learner move (and the bots' moves after it).
Self-play fits the same way with ``opponents`` set to a bot of the policy being trained (any
:class:`~canasta.agents.Agent`).

A step does not go through the sub-environments' PettingZoo and Gymnasium layers: the compiled loop of
:mod:`canasta.env.vector_core` plays each learner's move and its bots' moves straight on the engine's deal, the
public memory, the observation tracker and the mask (the same moves, rewards and observations as
``CanastaGymEnv.step``, ``tests/test_env_vector.py``); episodes of a whole game and tables where a player
sits out are stepped through their ``CanastaGymEnv``. Every tracker keeps its table vector in a row of one
batch array, and one NumPy gather writes every learner's observation into its row of the batch of
observations; each mask is kept entry by entry in its row of the batch mask. :meth:`step` returns them
(copies, unless ``copy=False``). Resets go through ``CanastaGymEnv.reset``. Sub-environments reset themselves:
Gymnasium's next-step autoreset (``metadata["autoreset_mode"]``), i.e. the step after one that ended an
episode resets that sub-environment, ignores its action and returns reward 0, not terminated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from canasta.env.canasta_v0 import _action_id
from canasta.env.gym_wrapper import CanastaGymEnv
from canasta.env.tracker import MaskTracker, ObservationTracker
from canasta.env.vector_core import LearnerDeal, drivable, step_all
from canasta.moves.actions import N_ACTIONS
from canasta.rules.fields import Rules

__all__ = ["CanastaVectorEnv"]


class CanastaVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[type-arg]
    """``num_envs`` Canasta environments, one learning seat each, stepped together (module docstring).

    Args:
        num_envs: number of sub-environments (at least 1).
        variant, seat, opponents, illegal, **kwargs: as for :class:`~canasta.env.gym_wrapper.CanastaGymEnv`
            (the same for every sub-environment).
        copy: return copies of the batch arrays (True, Gymnasium's default) or the arrays themselves,
            overwritten by the next call (False: faster; keep what you need).

    Raises:
        EnvConfigError: a bad variant, option, seat or bot (as CanastaGymEnv), or ``num_envs`` < 1.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int, variant: str | Rules = "classic", seat: int = 0,
                 opponents: str | Sequence[str] = "random", illegal: str = "penalize", copy: bool = True,
                 **kwargs: Any):
        from canasta.env.config import EnvConfigError
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise EnvConfigError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        self.envs = [CanastaGymEnv(variant, seat=seat, opponents=opponents, illegal=illegal, **kwargs)
                     for _ in range(num_envs)]
        self.num_envs = num_envs
        self.copy = copy
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = first.raw.layout.size
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, N_ACTIONS), dtype=np.int8)
        for i, e in enumerate(self.envs):
            e.raw._masks = MaskTracker(self._masks[i])  # the sub-environment keeps its mask in our row
        self._rows = [self._obs[i] for i in range(num_envs)]  # each sub-environment's row, made once
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._again = [False] * num_envs  # reset at the next step (next-step autoreset)
        self._deals: list[LearnerDeal] = []
        if drivable(first):  # stepped by the compiled core; every table vector a row of one batch
            width = first.raw._tracker.size
            self._tables = np.zeros((num_envs, width), dtype=np.float32)
            for i, e in enumerate(self.envs):
                e.raw._tracker = ObservationTracker(e.raw.layout, self._tables[i])
            self._deals = [LearnerDeal(e) for e in self.envs]
            self._gather = np.zeros((num_envs, size), dtype=np.intp)  # obs.flat[k] = tables.flat[gather.flat[k]]

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Reset every sub-environment: ``seed`` an int (sub-environment ``i`` gets ``seed + i``), a list of
        one seed (or None) per sub-environment, or None; ``options`` as for the raw environment's reset.

        Returns:
            ({"observation": (N, size) float32, "action_mask": (N, 13396) int8}, {}).

        Raises:
            ValueError: a list of seeds whose length is not ``num_envs``.
        """
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset(seed=...) needs one seed per sub-environment ({self.num_envs}), "
                                 f"not {len(seeds)}")
        for i, e in enumerate(self.envs):
            e._reset_core(seeds[i], options)
            if self._deals:
                self._deals[i].attach()
            else:
                self._observe(e, self._rows[i])
        self._again = [False] * self.num_envs
        if self._deals:
            n = self.num_envs
            moved: list[int] = []
            step_all(self._deals, [0] * n, [True] * n, [0.0] * n, [False] * n, [False] * n, moved)
            self._gather_observations(moved)
        return self._out(), {}

    def _gather_observations(self, moved: list[int]) -> None:
        """Gather every learner's observation from its table vector into its row, in one NumPy call; first
        make the gather of the learners in ``moved`` (a new deal, sides changed)."""
        width = self._tables.shape[1]
        for i in moved:
            d = self._deals[i]
            self._gather[i] = d.tracker.perm(d.seat, d.gather_side) + i * width
        np.take(self._tables.reshape(-1), self._gather.reshape(-1), out=self._obs.reshape(-1), mode="clip")

    @staticmethod
    def _observe(e: CanastaGymEnv, row: np.ndarray) -> None:
        """Write sub-environment ``e``'s observation into ``row`` and bring its mask row up to date."""
        raw = e.raw
        if raw._stale:  # the bots' moves left the mask behind: bring its row up to date
            raw._sync_mask()
        seat = raw._deal_seat[e.seat]
        if seat < 0:
            row[:] = 0.0
        else:
            raw._tracker.observe(seat, row)

    def _out(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._obs, "action_mask": self._masks}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Play one learner move in every sub-environment (``actions[i]``, a move id, for sub-environment
        ``i``), and the bots' moves after it; a sub-environment whose episode ended at the previous step is
        reset instead (its action ignored).

        Returns:
            (observations, rewards (N,) float64, terminated (N,) bool, truncated (N,) bool, infos). At the end
            of a deal ``infos`` holds ``deal_scores`` (object array, with Gymnasium's ``_deal_scores`` mask).

        Raises:
            ValueError: not one action per sub-environment.
            IllegalMove: an illegal id with ``illegal="raise"``.
        """
        acts = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
        if len(acts) != self.num_envs:
            raise ValueError(f"step() needs one action per sub-environment ({self.num_envs}), not {len(acts)}")
        if self._deals:
            return self._step_core(acts)
        again, rows, observe = self._again, self._rows, self._observe
        n = self.num_envs
        rewards = [0.0] * n
        terminated = [False] * n
        truncated = [False] * n
        infos: dict[str, Any] = {}
        for i, e in enumerate(self.envs):
            if again[i]:
                e._reset_core()
                again[i] = False
            else:
                r, te, tr = e._step_core(acts[i])
                rewards[i] = r
                if te or tr:
                    terminated[i] = te
                    truncated[i] = tr
                    again[i] = True
                    scores = e.raw.infos.get(e.agent, {}).get("deal_scores")
                    if scores is not None:
                        infos = self._add_info(infos, {"deal_scores": list(scores)}, i)
            observe(e, rows[i])
        return self._result(rewards, terminated, truncated, infos)

    def _step_core(self, acts: list[Any]) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray,
                                                    dict[str, Any]]:
        """:meth:`step` through the compiled core (:mod:`canasta.env.vector_core`)."""
        n = self.num_envs
        skip = self._again
        if True in skip:
            for i in range(n):
                if skip[i]:
                    self.envs[i]._reset_core()
                    self._deals[i].attach()
            self._again = [False] * n
        acts = [a if type(a) is int else _action_id(a) for a in acts]
        rewards = [0.0] * n
        terminated = [False] * n
        truncated = [False] * n
        moved: list[int] = []
        ended = step_all(self._deals, acts, skip, rewards, terminated, truncated, moved)
        self._gather_observations(moved)
        infos: dict[str, Any] = {}
        for i in ended:
            self._again[i] = True
            scores = self._deals[i].scores
            if scores is not None:
                infos = self._add_info(infos, {"deal_scores": scores[:]}, i)
        return self._result(rewards, terminated, truncated, infos)

    def _result(self, rewards: list[float], terminated: list[bool], truncated: list[bool],
                infos: dict[str, Any]) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray,
                                                dict[str, Any]]:
        """What :meth:`step` returns: the batches, from one list per field (one conversion each, rather than one
        NumPy store per sub-environment), copied."""
        self._rewards[:] = rewards
        self._terminated[:] = terminated
        self._truncated[:] = truncated
        return self._out(), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(), infos

    def legal_ids(self) -> list[list[int]]:
        """Each sub-environment's legal move ids (the ones of its mask row; [] for one whose episode ended,
        reset at the next step)."""
        # (after reset and step each mask row is up to date, and empty where the episode ended: its ids are the list)
        if self._deals:
            return [list(d.masks.legal) for d in self._deals]
        return [e.raw.legal_ids(e.agent) if e.raw._stale else list(e.raw._masks.legal) for e in self.envs]

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
