"""The ``hard`` bot plays the moves pinned in tests/data/hard_move_digests.json (tests/hard_digests.py): seeded
deals of four hard bots, every move hashed. A change that makes the bot faster must keep them (issue 17: same
play, same arena results); one meant to change its play rewrites the file and says so."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from typing import Any

import pytest

from canasta.agents.registry import make_agent
from canasta.engine.game import Game
from canasta.play.match import play_deal
from canasta.rules.fields import Rules
from hard_digests import SPECS, golden, spec_digest


@pytest.mark.parametrize("spec", SPECS)
def test_hard_bot_plays_the_pinned_moves(spec: str) -> None:
    want = golden()[spec]
    got = spec_digest(spec)
    assert got["moves"] == want["moves"], f"{spec}: {got['moves']} moves, pinned {want['moves']}"
    assert got["sha256"] == want["sha256"], f"{spec}: the hard bots' moves differ from the pinned ones"


class _Twin:
    """A hard bot that, at each of its decisions, checks that a pickled copy and a deep copy of it choose what it
    chooses (its classes are compiled in the compiled build: they must copy as Python classes)."""

    needs_view = True
    needs_view_when_forced = False

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.observe_public = agent.observe_public
        self.checked = 0

    def select(self, view: Any, legal: Sequence[int]) -> int:
        self.checked += 1
        pickled = pickle.loads(pickle.dumps(self.agent)).select(view, legal)
        copied = copy.deepcopy(self.agent).select(view, legal)
        chosen: int = self.agent.select(view, legal)
        assert pickled == copied == chosen
        return chosen


def test_hard_bot_pickled_mid_deal_chooses_the_same() -> None:
    rules = Rules.preset("classic")
    game = Game(rules, seed=5)
    game.new_deal()
    twins = [_Twin(make_agent("hard", seat)) for seat in range(rules.players)]
    play_deal(game, twins)  # type: ignore[arg-type]
    assert min(twin.checked for twin in twins) > 0 and sum(twin.checked for twin in twins) >= 20
    assert type(twins[0].agent).__name__ == "HardAgent"
