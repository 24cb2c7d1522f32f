"""The levels named for the player (beginner, casual, club, expert): registered, offered, ordered by strength."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from canasta.agents import make_agent
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.levels import PLAYER_LEVELS, EasyAgent, HardAgent, MediumAgent
from canasta.agents.registry import agent_names, bot_options, check_spec, make_seat_agents
from canasta.cli.session import BOT_LEVELS as TERMINAL_LEVELS
from canasta.play.arena import run_arena
from canasta.rules.fields import Rules
from canasta.web.tables import BOT_LEVELS, BOT_SPECS, OFFERED_BOTS

WEB = Path(__file__).resolve().parents[1] / "src" / "canasta" / "web"


def test_the_levels_are_the_bots_under_the_players_names() -> None:
    assert list(PLAYER_LEVELS) == ["beginner", "casual", "club", "expert"]
    kinds = {"beginner": EasyAgent, "casual": MediumAgent, "club": HardAgent, "expert": IsmctsAgent}
    for level, spec in PLAYER_LEVELS.items():
        assert level in agent_names()
        check_spec(spec)
        agent = make_agent(level, 3)
        assert isinstance(agent, kinds[level])
        if level != "expert":
            assert agent.name == level and bot_options(level) == []
    with pytest.raises(ValueError, match="no option"):
        make_agent("club(ms=3)")


def test_a_level_plays_as_its_bot() -> None:
    """The same seed and position give the same move from a level and from the bot it names."""
    from canasta.engine.deal import Deal

    moves = 0
    for level in ("beginner", "casual", "club"):
        play = Deal(Rules.preset("classic"), seed=9)
        a, b = make_agent(level, 4), make_agent(PLAYER_LEVELS[level], 4)
        for _ in range(40):
            if play.over:
                break
            seat = play.to_act
            legal = play.legal_actions()
            view = play.view(seat)
            move = a.select(view, legal) if len(legal) > 1 else legal[0]
            assert move == (b.select(view, legal) if len(legal) > 1 else legal[0])
            play.apply_action(move)
            moves += 1
    assert moves > 60


def test_the_terminal_and_the_browser_offer_the_levels() -> None:
    for level in PLAYER_LEVELS:
        assert level in BOT_LEVELS and level in TERMINAL_LEVELS
        make_agent(BOT_SPECS[level], 1)
    assert make_seat_agents({1: "club", 2: "beginner"}, seed=5)[1].name == "club"
    lobby = (WEB / "static" / "lobby.js").read_text()
    offered = re.search(r"let BOTS = \[([^\]]*)\]", lobby)  # the lobby's list until the server's arrives
    assert offered is not None
    names = [name.strip().strip('"') for name in offered.group(1).split(",")]
    assert names == list(OFFERED_BOTS)  # the same as the server's (/api/meta "bots")
    assert names[:4] == list(PLAYER_LEVELS) and all(name in BOT_LEVELS for name in names)
    for lang in ("en", "es", "ro"):
        words = json.loads((WEB / "locales" / f"{lang}.json").read_text())
        assert all(f"lobby.bot_{name}" in words for name in names)


@pytest.mark.slow
def test_each_heuristic_level_beats_the_one_below() -> None:
    """A small duplicate round robin (fixed seed): beginner < casual < club in Elo, margins above zero."""
    res = run_arena(Rules.preset("classic"), ["beginner", "casual", "club"], n=40, seed=3)
    elo = [res.bots[level].elo for level in ("beginner", "casual", "club")]
    assert elo == sorted(elo)
    for pair in res.pairs:  # a is the weaker level of each pair
        assert pair.margin < 0
