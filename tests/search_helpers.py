"""Shared set-up of the search players' tests (``test_expert.py``, ``test_ismcts.py``): a seeded deal played by an
expert spec against ``hard``, and a ``hard`` player that checks sampled worlds at each of its decisions."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta.agents import make_agent
from canasta.agents.hard import HardAgent
from canasta.agents.memory import CardMemory
from canasta.engine.deal import PlayerView
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.play.match import play_deal
from canasta.rules.fields import Rules


def deal_moves(spec: str, seed: int = 2) -> list[str]:
    """The moves of one classic deal (``seed``) with ``spec`` (seeded 7) at seats 0 and 2, ``hard`` at 1 and 3."""
    game = Game(Rules.preset("classic"), seed=seed)
    game.new_deal()
    agents = [make_agent(spec, 7) if s % 2 == 0 else make_agent("hard", s) for s in range(4)]
    play_deal(game, agents, check=True)
    return game.logs[-1].moves


class WorldChecker:
    """A ``hard`` player that, before each of its decisions, calls ``check(view, memory, legal)`` (which samples
    worlds and checks them) and appends to ``checks`` what it returns (None: nothing is appended)."""

    def __init__(self, seat: int, checks: list[int],
                 check: Callable[[PlayerView, CardMemory, Sequence[int], int], int | None]):
        self.agent = HardAgent(seat)
        self.name = "checker"
        self.needs_view = True
        self.checks = checks
        self.check = check

    def observe(self, view: PlayerView, seat: int, move: Move | None) -> None:
        self.agent.observe(view, seat, move)

    def select(self, view: PlayerView, legal: Sequence[int]) -> int:
        memory = self.agent.memory
        memory.sync(view)
        found = self.check(view, memory, legal, len(self.checks))
        if found is not None:
            self.checks.append(found)
        return self.agent.select(view, legal)
