"""The state of a game in the terminal (:class:`SessionState`): who sits where, the bots, the
adviser, the log of moves, where the game is saved; and drawing the person's table.

One of the parts of ``canasta play`` (see :mod:`canasta.cli.play`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from canasta.agents import Agent
from canasta.agents.base import observers
from canasta.agents.expert import ExpertAgent
from canasta.cli.completion import LineReader
from canasta.cli.display import (
    TableInfo,
    log_text,
    render_view,
    seat_names,
    side_names,
)
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.formats.savegame import (
    SeatInfo,
)

ADVISER_ITERATIONS = 120
"""Rollouts per searched decision of the adviser behind ``hint`` and ``--coach`` (deterministic)."""


class SessionState:
    """What a game in the terminal holds: the game, the seats, the bots and the adviser, the person's
    console and reader, the log of moves not yet shown, the save files; and drawing the table.

    The other parts of a session (:mod:`canasta.cli.session_saving`, :mod:`canasta.cli.session_history`,
    :mod:`canasta.cli.session_commands`, :mod:`canasta.cli.session_end`, :mod:`canasta.cli.session`) build on
    it, each on the one before. Arguments: see :class:`canasta.cli.session.PlaySession`.
    """

    def __init__(self, game: Game, human: int, agents: dict[int, Agent], console: Console,
                 reader: LineReader, seats: list[SeatInfo], record: Path | None = None,
                 coach: bool = False, adviser_seed: int | None = None, autosave: Path | None = None,
                 undo: bool = True):
        rules = game.rules
        if set(agents) != set(range(rules.players)) - {human}:
            raise ValueError("agents must cover every seat but the person's")
        self.game = game
        self.rules = rules
        self.human = human
        self.agents = agents
        self.console = console
        self.raw_reader: LineReader = reader
        self.reader: LineReader = reader
        self.seats = seats
        self.record = record
        self.names = seat_names(rules, human)
        self.sides = side_names(rules, self.names)
        self.log: list[str] = []
        self.shown: list[str] = []
        self.saved: tuple[Path, int] | None = None
        self.coach = coach
        self.adviser = ExpertAgent(adviser_seed, iterations=ADVISER_ITERATIONS)
        self.autosave_path = autosave
        self.autosave_error: str | None = None
        self.dead_end_report: str | None = None  # why the game could not go on (canasta.play.dead_end), if so
        self.autosaved = -1
        self.undo_allowed = undo
        self.by_suit = rules.sequences  # sequences are of one suit: their variants show the hand by suit
        self.use_reader(reader)

    @property
    def _observers(self) -> list[tuple[int, Callable[..., None]]]:
        """The bots and the adviser (at the person's seat) that follow the deal's public events."""
        watchers: dict[int, Agent] = dict(self.deal_agents)
        if self.me >= 0:
            watchers[self.me] = self.adviser
        return observers(watchers)

    # Seats of the deal being played. Where a player sits out (5 players, §3.1, canasta.engine.seating) the deal's
    # seats are not the table's: the deal seat of table seat t is game.seating.deal_seat(t).

    @property
    def me(self) -> int:
        """The person's seat in the current deal, or -1 while he sits it out."""
        return self.game.seating.deal_seat(self.human)

    @property
    def deal_names(self) -> tuple[str, ...]:
        """The names of the current deal's seats."""
        return tuple(self.names[table_seat] for table_seat in self.game.seating.seats)

    @property
    def deal_agents(self) -> dict[int, Agent]:
        """The bots of the current deal, by deal seat (none for the player sitting out)."""
        return {deal_seat: self.agents[table_seat] for deal_seat, table_seat in enumerate(self.game.seating.seats)
                if table_seat != self.human}

    def _sitting_out_note(self) -> str:
        """Who sits this deal out (5 players), or ''."""
        out = self.game.seating.sitting_out
        if out < 0:
            return ""
        if out == self.human:
            return "You sit out this deal: the others play it, and you may not advise."
        return f"{self.names[out]} sits out this deal (and may not advise)."

    def use_reader(self, reader: LineReader) -> None:
        """Read the person's lines from ``reader`` from now on (the saving session guards it)."""
        self.raw_reader = reader
        self.reader = reader

    @property
    def deal(self) -> Deal:
        """The deal being played. Raises RuntimeError before the first deal."""
        if self.game.deal is None:
            raise RuntimeError("no deal yet")
        return self.game.deal

    def _moves_played(self) -> int:
        return sum(len(log.moves) for log in self.game.logs) + len(self.game.logs)

    def _deals_scored(self) -> int:
        return sum(1 for log in self.game.logs if log.scores)

    def who(self, seat: int) -> str:
        """Name of deal seat ``seat`` in the log: "You" or "West (bot)"."""
        return "You" if seat == self.me else f"{self.deal_names[seat]} (bot)"

    def error(self, message: str) -> None:
        """Print a message about something the person typed."""
        self.console.print(Text(message, style="bold red"))

    # ------------------------------------------------------------- screen

    def render(self, again: bool = False) -> None:
        """Draw the person's view; the log since the last drawing is shown once (``again`` repeats it)."""
        if not again:
            self.shown = self.log
            self.log = []
        screen = getattr(self.reader, "screen", None)
        if screen is not None:  # the full-screen table (cli/screen.py): redrawn in place
            info = TableInfo(self.deal_names, max(self.me, 0), len(self.game.logs), (), self._sitting_out_note(),
                             by_suit=self.by_suit)
            screen.show(self.deal.view(self.me) if self.me >= 0 else None, info, () if again else self.shown)
            return
        if self.reader.interactive and self.console.is_terminal:
            self.console.clear()
        if self.me < 0:  # sitting this deal out (5 players): the public log only
            self.console.print(log_text(self.shown))
            return
        info = TableInfo(self.deal_names, self.me, len(self.game.logs), tuple(self.shown),
                         self._sitting_out_note(), by_suit=self.by_suit)
        self.console.print(render_view(self.deal.view(self.me), info))
