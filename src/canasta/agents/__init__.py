"""Computer players. Every agent sees only a seat's :class:`~canasta.engine.deal.PlayerView`.

Build one by spec with :func:`make_agent`: ``random``, ``heuristic``, the levels
``easy``, ``medium`` (the heuristic), ``hard`` (:mod:`canasta.agents.levels`) and the
search player ``expert`` with a budget, e.g. ``expert(ms=200)`` or
``expert(iterations=20)`` (information-set search, :mod:`canasta.agents.ismcts`; the first, flat
search is ``expert-v1``, :mod:`canasta.agents.expert`); the levels named for the player ``beginner``,
``casual``, ``club`` and ``expert`` (:data:`canasta.agents.levels.PLAYER_LEVELS`).

The modules: :mod:`~canasta.agents.protocol` (what an agent is, the ``observe`` hook),
:mod:`~canasta.agents.registry` (the table of bots by spec name, spec parsing, seating),
the players (:mod:`~canasta.agents.random_player`, :mod:`~canasta.agents.heuristic` with its
:mod:`~canasta.agents.heuristic_weights`, :mod:`~canasta.agents.position` and
:mod:`~canasta.agents.opening`, :mod:`~canasta.agents.levels` with :mod:`~canasta.agents.level_weights`,
:mod:`~canasta.agents.hard_play`, :mod:`~canasta.agents.hard` and :mod:`~canasta.agents.unseen`,
:mod:`~canasta.agents.expert`, :mod:`~canasta.agents.ismcts`), what they know of a variant
(:mod:`~canasta.agents.goals`,
:mod:`~canasta.agents.seqbot`, :mod:`~canasta.agents.red_threes`), card memory
(:mod:`~canasta.agents.memory`) and the sampled worlds of the search (:mod:`~canasta.agents.determinize`).
Agents may import :mod:`canasta.engine`, :mod:`canasta.moves`, :mod:`canasta.rules`, :mod:`canasta.scoring` and
:mod:`canasta.cards`, never :mod:`canasta.play` or the front ends.
"""

from canasta.agents.protocol import Agent
from canasta.agents.registry import agent_names, make_agent

__all__ = ["Agent", "agent_names", "make_agent"]
