"""PettingZoo's two standard wrappers, with what they check unchanged and their cost taken away.

``canasta_v0.env()`` wraps the raw environment in PettingZoo's ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``, as PettingZoo's classic games are. Those read every attribute of the environment
through ``__getattr__`` (a chain of Python calls per wrapper) and check each action with
``Discrete.contains``; in a loop of random moves that halved the steps per second. The subclasses here
are the same wrappers (``isinstance`` holds, the same errors and assertions), with the attributes read in
the loop (``agents``, ``agent_selection``, ``terminations``, ``truncations``, ``rewards``, ``infos``) and
the calls ``last``, ``observe``, ``legal_ids`` going straight to the raw environment, and a move id given
as a Python int checked against the action space's range directly.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from canasta.moves.actions import N_ACTIONS

__all__ = ["BoundsChecked", "OrderEnforced"]

_ATTRS = ("agents", "agent_selection", "terminations", "truncations", "rewards", "infos")


class _Direct:
    """Attributes and calls read straight from the raw environment ``self._raw``."""

    _raw: Any
    _ready: bool = True  # OrderEnforced: reset() was called (an instance attribute from then on)

    def _get(self, name: str) -> Any:
        if self._ready:
            return getattr(self._raw, name)
        raise AttributeError(f"{name} cannot be accessed before reset")

    def _bind(self) -> None:
        """Once calls are allowed: ``last``, ``observe`` and ``legal_ids`` are the raw environment's own."""
        raw = self._raw
        self.last = raw.last  # type: ignore[method-assign]
        self.observe = raw.observe
        self.legal_ids = raw.legal_ids  # type: ignore[method-assign]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``raw_env.last`` (see PettingZoo's ``AECEnv.last``)."""
        if not self._ready:
            EnvLogger.error_observe_before_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self._raw.last(observe)
        return result

    def legal_ids(self, agent: str | None = None) -> list[int]:
        """``raw_env.legal_ids``: the legal move ids of ``agent`` (default: the one to act)."""
        ids: list[int] = self._get("legal_ids")(agent)
        return ids


def _prop(name: str) -> property:
    return property(lambda self: self._get(name), doc=f"The raw environment's ``{name}``.")


class BoundsChecked(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``: an action outside ``Discrete(N_ACTIONS)`` (that is not the
    None of a dead step) is an AssertionError."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped
        self._bind()

    def step(self, action: Any) -> None:
        """Assert that ``action`` is in the action space, then step."""
        if type(action) is int and 0 <= action < N_ACTIONS:  # what Discrete(N_ACTIONS).contains says of it
            self.env.step(action)
        else:
            super().step(action)

    def observe(self, agent: str) -> Any:
        """``raw_env.observe``."""
        return self._raw.observe(agent)


class OrderEnforced(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``: calls before ``reset()`` are refused."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped
        self._ready = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Reset; from then on every call is allowed."""
        super().reset(seed=seed, options=options)
        if not self._ready:
            self._ready = True
            self._bind()

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """PettingZoo's order-enforcing ``agent_iter`` (after ``reset()``), its checks unchanged."""
        if not self._ready:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)

    def step(self, action: Any) -> None:
        """Step (after ``reset()``; PettingZoo's errors and warnings otherwise). A move id given as a Python
        int in range goes straight to the raw environment (what the bounds wrapper would let through)."""
        if self._ready and type(action) is int and 0 <= action < N_ACTIONS and self._raw.agents:
            self._has_updated = True
            self._raw.step(action)
        else:
            super().step(action)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator (``step()`` or ``reset()`` between two agents), reading the agents
    from the raw environment."""

    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        agent: str = raw.agent_selection
        return agent


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


for _name in _ATTRS:
    setattr(BoundsChecked, _name, _prop(_name))
    setattr(OrderEnforced, _name, _prop(_name))
