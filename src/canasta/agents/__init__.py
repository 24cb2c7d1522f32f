"""Computer players. Every agent sees only a seat's :class:`~canasta.engine.PlayerView`.

Build one by spec with :func:`make_agent` (``random``, ``heuristic``).
"""

from .base import Agent, make_agent, agent_names

__all__ = ["Agent", "agent_names", "make_agent"]
