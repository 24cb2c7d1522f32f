"""The agents' public names as they were first published here, for code outside the project.

The :class:`Agent` protocol and its helpers live in :mod:`canasta.agents.protocol`, the table of bots by
spec name in :mod:`canasta.agents.registry`; this module re-exports both (inside the project, import them
from there).
"""

from canasta.agents.protocol import Agent, Factory, observe_all, observers, view_or_forced
from canasta.agents.random_player import RandomAgent
from canasta.agents.registry import (
    agent_names,
    bot_options,
    check_spec,
    make_agent,
    make_seat_agents,
    parse_spec,
    register,
    seat_seed,
)

__all__ = [
    "Agent", "Factory", "RandomAgent", "agent_names", "bot_options", "check_spec", "make_agent", "make_seat_agents",
    "observe_all", "observers", "parse_spec", "register", "seat_seed", "view_or_forced",
]
