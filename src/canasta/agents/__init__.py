"""Computer players. Every agent sees only a seat's :class:`~canasta.engine.deal.PlayerView`.

Build one by spec with :func:`make_agent`: ``random``, ``heuristic``, the levels
``easy``, ``medium`` (the heuristic), ``hard`` (:mod:`canasta.agents.levels`) and the
search player ``expert`` with a budget, e.g. ``expert(ms=200)`` or
``expert(iterations=500)`` (:mod:`canasta.agents.expert`).
"""

from canasta.agents.base import Agent, agent_names, make_agent

__all__ = ["Agent", "agent_names", "make_agent"]
