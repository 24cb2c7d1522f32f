"""A Gymnasium single-agent view of Canasta: one seat learns, computer players take the others.

Usage::

    from canasta.env.gym_wrapper import CanastaGymEnv

    env = CanastaGymEnv(variant="classic(players=2)", seat=0, opponents="random")
    obs, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The learner's partner (in a partnership game) is one of the computer players.
Observations are the learner's observation dicts of :mod:`canasta.env.canasta_v0`;
the reward is the learner's side's reward (by default its deal score minus the
best other side's, in points). ``action_masks()`` returns the current mask (the
method MaskablePPO of sb3-contrib looks for). The environment is also
registered with Gymnasium as ``canasta/Canasta-v0``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from canasta.agents import Agent, make_agent
from canasta.agents.registry import agent_factory
from canasta.env.canasta_v0 import raw_env
from canasta.env.config import EnvConfigError
from canasta.moves.actions import N_ACTIONS
from canasta.rules.fields import Rules

__all__ = ["CanastaGymEnv"]


class CanastaGymEnv(gymnasium.Env):
    """Canasta for one learning seat, the other seats played by bots.

    Args:
        variant: as for :class:`~canasta.env.canasta_v0.raw_env`.
        seat: the learner's seat (0-based).
        opponents: bot spec for every other seat (``"random"``, ``"heuristic"``,
            any name of :func:`canasta.agents.agent_names`), or a list with one spec
            per other seat in seat order (the partner included).
        illegal: as for the raw environment, but ``"penalize"`` by default: an
            illegal id is refused with ``illegal_reward`` and the learner moves again
            (so agents that do not use the mask, and ``check_env``, can run).
        render_mode: None, ``"ansi"`` or ``"human"``.
        **kwargs: other environment options and rule options of the raw environment.

    Raises:
        EnvConfigError: a bad variant, option, seat or bot.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: str | Rules = "classic",
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        illegal: str = "penalize",
        render_mode: str | None = None,
        **kwargs: Any,
    ):
        self.raw = raw_env(variant, render_mode=render_mode, illegal=illegal, **kwargs)
        rules = self.raw.rules
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise EnvConfigError(f"seat must be 0..{rules.players - 1}, not {seat!r}")
        self.seat = seat
        self.agent = self.raw.possible_agents[seat]
        others = [s for s in range(rules.players) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise EnvConfigError(
                f"opponents must be one bot spec or a list of {len(others)} (one per other seat), "
                f"not {len(specs)}"
            )
        makers = []
        for spec in specs:
            try:
                make_agent(spec, 0)
                makers.append(agent_factory(spec))  # the spec parsed once, not at every reset
            except ValueError as e:
                raise EnvConfigError(str(e)) from None
        self._specs = dict(zip(others, specs, strict=True))
        self._makers = dict(zip(others, makers, strict=True))
        self._bots: dict[int, Agent] = {}
        self._carried = 0.0  # the learner's rewards earned before his first move (a deal he sat out)
        self.render_mode = render_mode
        self.observation_space = self.raw.observation_space(self.agent)
        self.action_space = self.raw.action_space(self.agent)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new episode and play the bots up to the learner's first move.

        ``seed`` makes the episode (deal and bots) reproducible; ``options`` are
        those of the raw environment's ``reset``.

        Returns:
            (observation dict, info dict).
        """
        self._reset_core(seed, options)
        return self.raw.observe(self.agent), {"legal_ids": self.raw.legal_ids(self.agent)}

    def _reset_core(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """:meth:`reset` without its observation and info (the vectorised environment's reset, which gathers
        the observations of all its sub-environments itself)."""
        super().reset(seed=seed)
        for _ in range(100):  # a deal that ends before the learner's first move is dealt again
            seeds = self.np_random.integers(0, 2**62, size=1 + len(self._specs))
            self.raw.reset(seed=int(seeds[0]), options=options)
            self._bots = {s: make(int(sd)) for (s, make), sd in zip(self._makers.items(), seeds[1:], strict=True)}
            self._carried = self._play_bots()
            if not self._done():
                break

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` (a move id), then the bots until the learner moves again.

        Returns:
            (observation, reward, terminated, truncated, info); the reward sums the
            learner's rewards since its previous move (the first step's, those since ``reset``:
            with 5 players, a deal the learner sat out before his first move).

        Raises:
            RuntimeError: the episode is over (call reset()).
            IllegalMove: illegal id with ``illegal="raise"``.
        """
        reward, terminated, truncated = self._step_core(action)
        raw = self.raw
        info = raw.infos.get(self.agent)
        info = {k: (v[:] if isinstance(v, list) else v) for k, v in info.items()} if info else {}
        info["legal_ids"] = raw.legal_ids(self.agent)
        return raw.observe(self.agent), reward, terminated, truncated, info

    def _step_core(self, action: Any) -> tuple[float, bool, bool]:
        """Play the learner's ``action`` and the bots' moves up to the learner's next move (or the end):
        (reward, terminated, truncated) as :meth:`step` returns them (the vectorised environment's step)."""
        raw = self.raw
        if raw.deal is None or self._done():
            raise RuntimeError("the episode is over: call reset()")
        raw._play(action, False)  # the bots move next: the mask is set when the learner's turn comes
        reward = float(raw.rewards.get(self.agent, 0.0)) + self._carried
        self._carried = 0.0
        reward += self._play_bots()
        return reward, bool(raw.terminations.get(self.agent, False)), bool(raw.truncations.get(self.agent, False))

    def _done(self) -> bool:
        raw = self.raw
        return bool(raw.terminations.get(self.agent, True) or raw.truncations.get(self.agent, True))

    def _play_bots(self) -> float:
        """Step the bots until the learner is to act or the episode ends; return the learner's rewards."""
        raw = self.raw
        reward = 0.0
        agent = self.agent
        bots = self._bots
        seats = raw._seats
        # (raw._ended: the episode ended, every agent terminated or truncated, as :meth:`_done` reads it)
        while not raw._ended and raw.agent_selection != agent:
            deal = raw.deal
            assert deal is not None
            s = deal.to_act  # a deal seat; the bot is that of the table seat playing it (5 players)
            bot = bots[seats[s]]
            legal = deal.legal_actions()
            raw._advance(s, bot.select(deal.view(s) if bot.needs_view else None, legal), False)
            if raw._paid:
                reward += float(raw.rewards.get(agent, 0.0))
            seats = raw._seats  # (a new deal of a game seats the table anew)
        return reward

    def legal_ids(self) -> list[int]:
        """The learner's legal move ids now (the ones of its ``action_mask``, in the engine's order); [] when
        the episode is over. Also in ``info["legal_ids"]`` after ``reset`` and ``step``."""
        return self.raw.legal_ids(self.agent)

    def action_masks(self) -> np.ndarray:
        """The learner's current action mask (bool array of N_ACTIONS), for MaskablePPO."""
        if self.raw.deal is None or self._done():
            return np.zeros(N_ACTIONS, dtype=bool)
        return self.raw.observe(self.agent)["action_mask"].astype(bool)

    def render(self) -> str | None:  # type: ignore[override]
        """The table as a spectator sees it (see the raw environment's ``render``)."""
        return self.raw.render()

    def close(self) -> None:
        """Nothing to release."""


gymnasium.register(id="canasta/Canasta-v0", entry_point="canasta.env.gym_wrapper:CanastaGymEnv",
                   disable_env_checker=False)
