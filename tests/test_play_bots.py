"""Terminal play seats its bots with the shared helper, and a resumed game replays the deal to them."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from canasta.agents.base import make_seat_agents, seat_seed
from canasta.agents.levels import HardAgent
from canasta.cli.completion import Prompt, ScriptedReader
from canasta.cli.play import new_session, resumed_session
from canasta.formats.savegame import load_game


def quiet_console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None, highlight=False)


def test_seat_agents_are_seeded_per_seat() -> None:
    a = make_seat_agents({1: "random", 2: "random"}, 7)
    assert a[1].rng.random() == make_seat_agents({1: "random"}, 7)[1].rng.random()  # type: ignore[attr-defined]
    assert seat_seed(7, 1) != seat_seed(7, 2) and seat_seed(None, 1) is None
    b = make_seat_agents({1: "no-such-bot"}, 7, fallback="random")
    assert b[1].name == "random"


def test_resumed_bots_remember_the_deal_in_progress(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    count = [0]

    def strategy(p: Prompt) -> str | None:
        count[0] += 1
        if count[0] <= 12:
            return "1"  # the first legal move
        if count[0] == 13:
            return f"save {path}"
        return None

    session = new_session("classic", None, 5, "hard", ("target=300",), 1, quiet_console(),
                          ScriptedReader(strategy, quiet_console()))
    assert session.run() is False
    moves = session.game.logs[-1].moves
    assert len(moves) > 12 and not session.deal.over
    saved = load_game(path)
    resumed = resumed_session(saved, 1, "hard", None, quiet_console(), ScriptedReader(lambda p: None, quiet_console()))
    resumed._catch_up()
    for seat in (1, 2, 3):
        a, b = session.agents[seat], resumed.agents[seat]
        assert isinstance(a, HardAgent) and isinstance(b, HardAgent)
        assert b.memory.exact, "the resumed bot did not observe the deal's moves"
        assert b.memory.discards == a.memory.discards and b.memory.pile == a.memory.pile
        assert b.memory.known == a.memory.known
    assert resumed.adviser.memory.discards == session.adviser.memory.discards
