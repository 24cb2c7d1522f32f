"""The Agent protocol and the registry of computer players by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine import PlayerView


class Agent(Protocol):
    """A computer player.

    ``select`` receives the seat's view (or None when ``needs_view`` is False,
    which spares building it) and the ids of the legal moves, and returns one of
    those ids. Agents never see the full state.
    """

    name: str
    needs_view: bool

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id from ``legal`` (never empty)."""
        ...


class RandomAgent:
    """Uniform choice among the legal moves, from its own seeded generator."""

    needs_view = False

    def __init__(self, seed: int | None = None):
        self.name = "random"
        self.rng = random.Random(seed)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        return legal[int(self.rng.random() * len(legal))]


_REGISTRY: dict[str, Callable[[int | None], Agent]] = {"random": RandomAgent}


def register(name: str, factory: Callable[[int | None], Agent]) -> None:
    """Add an agent factory under ``name`` (a factory takes a seed)."""
    _REGISTRY[name] = factory


def agent_names() -> list[str]:
    """Names accepted by :func:`make_agent`."""
    from . import heuristic  # noqa: F401  (registers itself)

    return sorted(_REGISTRY)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build the agent named ``spec`` (e.g. ``random``, ``heuristic``) with ``seed``.

    Raises:
        ValueError: unknown name; the message lists the known ones.
    """
    names = agent_names()
    key = spec.strip().lower()
    if key not in _REGISTRY:
        raise ValueError(f"unknown bot '{spec}'; bots are: {', '.join(names)}")
    return _REGISTRY[key](seed)
