"""``canasta play``: a person plays Canasta in the terminal against computer players.

This module sets a game up (new, or resumed from a saved file) and hands it to a
:class:`~canasta.cli.session.PlaySession`, full screen (:mod:`canasta.cli.screen`) or line by line.
The parts with one job each:

* the session drives the game, in layers: :mod:`canasta.cli.session` (the turn loop, the bots'
  turns, asking the bots (:func:`canasta.agents.make_agent`) for their moves),
  :mod:`canasta.cli.session_commands` (reading the person's lines: moves, commands, hints, the
  coach), :mod:`canasta.cli.session_history` (log lines, history, scores, undo),
  :mod:`canasta.cli.session_end` (the end of a deal and of the game),
  :mod:`canasta.cli.session_saving` (autosave, save, leaving), :mod:`canasta.cli.session_state`
  (the state and drawing the table); moves go through :meth:`Game.apply` so that they are logged;
* :mod:`canasta.cli.display` draws the person's :class:`~canasta.engine.deal.PlayerView`
  (and only that) with Rich;
* :mod:`canasta.cli.completion` reads lines (prompt_toolkit at a terminal, plain
  lines otherwise, scripted lines in tests).

An adviser (the ``expert`` player with
:data:`~canasta.cli.session_state.ADVISER_ITERATIONS` rollouts per
decision) follows the deal from the person's seat, seeing only what that seat
sees: ``hint`` shows the move with the best simulated average and why (the
wording: :func:`canasta.agents.expert.advice_text`), and with ``--coach`` it
warns before a move that throws points away (a discard the next player can
take the pile with, a wild card thrown away, a pile worth taking left behind)
and asks whether to play it anyway.

Rules: RULES.md §1.4 (a turn), §1.9 (asking the partner "may I go out?"),
§1.11-§1.12 (scoring each deal, the game to the target), §3.1 (player counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer
from rich.console import Console

from canasta.agents.base import make_seat_agents
from canasta.cli.completion import LineReader, Prompt, terminal_or_stream
from canasta.cli.display import render_totals, seat_names, side_names
from canasta.cli.session import PlaySession
from canasta.engine.game import Game
from canasta.formats.savegame import (
    SavedGame,
    SaveError,
    SeatInfo,
    games_dir,
    last_game,
    load_game,
    new_autosave_path,
)
from canasta.rules.fields import Rules, RulesError

DEFAULT_BOT = "heuristic"


# ------------------------------------------------------------------ setup

def build_rules(variant: str, players: int | None, options: Sequence[str]) -> Rules:
    """The rules of ``variant`` with ``options`` ("NAME=VALUE") and ``players`` merged in.

    Raises:
        RulesError: bad variant string, unknown option or value, impossible combination.
    """
    base = Rules.parse(variant)
    opts = dict(base.options)
    for text in options:
        if "=" not in text:
            raise RulesError(f"option '{text}' has no value: write NAME=VALUE, e.g. target=3000")
        name, value = text.split("=", 1)
        opts[name.strip().lower().replace("-", "_")] = value.strip()
    if players is not None:
        opts["players"] = str(players)
    return Rules.preset(base.name, **opts)


def bot_specs(bots: str, rules: Rules, human: int) -> dict[int, str]:
    """The bot spec of every seat but ``human``'s: one spec for all, or one per seat in order of play
    from the person's left (seats human+1, human+2, ...).

    Raises:
        ValueError: empty spec, or a list whose length is neither 1 nor players - 1.
    """
    specs = [spec.strip() for spec in bots.split(",")]
    others = [(human + step) % rules.players for step in range(1, rules.players)]
    if any(not spec for spec in specs):
        raise ValueError(f"--bots '{bots}' has an empty name; write e.g. heuristic, "
                         "or random,heuristic,random")
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise ValueError(f"--bots lists {len(specs)} bots; give one for every other seat or exactly "
                         f"{len(others)} (one per other seat, in order of play from your left)")
    return dict(zip(others, specs, strict=True))


def new_session(variant: str, players: int | None, seed: int | None, bots: str, options: Sequence[str],
                seat: int, console: Console, reader: LineReader, record: Path | None = None,
                coach: bool = False, undo: bool = True, autosave: bool = True) -> PlaySession:
    """A session for a new game: the person at ``seat`` (1-based), bots elsewhere.

    With ``autosave`` the game is saved as it is played to a new file of
    :func:`canasta.formats.savegame.games_dir`; ``undo`` allows the ``undo`` command.

    Raises:
        RulesError: bad variant or option. ValueError: bad seat or bot list.
    """
    rules = build_rules(variant, players, options)
    if not 1 <= seat <= rules.players:
        raise ValueError(f"--seat must be 1 to {rules.players} for {rules.players} players, not {seat}")
    human = seat - 1
    specs = bot_specs(bots, rules, human)
    agents = make_seat_agents(specs, seed)
    names = seat_names(rules, human)
    seats = [SeatInfo(names[seat], "human", None) if seat == human else SeatInfo(names[seat], "bot", specs[seat])
             for seat in range(rules.players)]
    return PlaySession(Game(rules, seed=seed), human, agents, console, reader, seats, record, coach=coach,
                       adviser_seed=seed, autosave=new_autosave_path(seed) if autosave else None, undo=undo)


def resumed_session(saved: SavedGame, seat: int, bots: str, seed: int | None, console: Console,
                    reader: LineReader, record: Path | None = None, coach: bool = False,
                    undo: bool = True, autosave: Path | None = None) -> PlaySession:
    """A session continuing a saved game: the person at the saved human seat (else ``seat``), the saved bots.

    Seats saved without a bot spec get ``bots`` (one spec). The game goes on being saved to
    ``autosave`` (None: not saved by itself). Raises ValueError: bad seat or bot.
    """
    rules = saved.game.rules
    human = saved.human if saved.human is not None else seat - 1
    if not 0 <= human < rules.players:
        raise ValueError(f"--seat must be 1 to {rules.players}, not {seat}")
    fallback = bot_specs(bots, rules, human)
    specs = {seat: (saved.seats[seat].bot or fallback[seat]) for seat in fallback}
    agents = make_seat_agents(specs, seed if seed is not None else saved.game.seed)
    names = seat_names(rules, human)
    seats = [SeatInfo(names[seat], "human", None) if seat == human else SeatInfo(names[seat], "bot", specs[seat])
             for seat in range(rules.players)]
    return PlaySession(saved.game, human, agents, console, reader, seats, record, coach=coach,
                       adviser_seed=seed if seed is not None else saved.game.seed, autosave=autosave, undo=undo)


LAST = Path("")
"""``resume=LAST`` (``canasta play --resume`` without a file): the last unfinished autosaved game."""


def _contradiction(saved: SavedGame, variant: str | None, players: int | None, options: Sequence[str]) -> str | None:
    """Why ``--variant``/``--players``/``--option`` contradict the resumed game's rules, or None."""
    if variant is None and players is None and not options:
        return None
    rules = saved.game.rules
    try:
        asked = build_rules(variant or rules.spec(), players, options)
    except RulesError as e:
        return str(e)
    if asked.spec() == rules.spec():
        return None
    return (f"the saved game is played with {rules.spec()}, not {asked.spec()}: leave out --variant, --players "
            "and --option to resume it (a resumed game keeps its rules)")


def run_play(variant: str | None = None, players: int | None = None, seed: int | None = None,
             bots: str = DEFAULT_BOT, record: Path | None = None, resume: Path | None = None,
             options: Sequence[str] = (), seat: int = 1, coach: bool = False, undo: bool = True,
             plain: bool = False, *,
             console: Console | None = None, reader: LineReader | None = None) -> None:
    """The ``canasta play`` command: set up the game (new or resumed) and play it.

    Args:
        variant: variant string (``classic(players=2)``); players: sets players=;
        seed: seed of the shuffles and the bots; bots: one bot spec or one per other seat;
        record: write the game record there after every deal; resume: a saved game to continue
        (:data:`LAST`: the last unfinished game autosaved); a variant, players or options that
        contradict the saved game's rules are refused;
        options: extra "NAME=VALUE" rule options; seat: the person's seat, 1-based;
        coach: warn before a move that throws points away; undo: the table allows ``undo``.
        plain: line by line even at a terminal (screen readers); else a terminal gets the full-screen
            table (:mod:`canasta.cli.screen`) and anything else (pipes, tests) plain lines.
        console, reader: where to draw and read (tests); default the terminal, or stdin/stdout.

    User errors (bad variant, bot, seat, unreadable saved game) go to :func:`canasta.cli.common.fail`
    (message, exit status 2).

    Raises:
        typer.Exit: status 2 for those errors; status 1 after a game that could not go on (the engine offered no
            legal move: :func:`_exit_after_dead_end`).
    """
    from canasta.cli.common import fail
    from canasta.cli.screen import TableScreen, screen_possible

    full_screen = not plain and console is None and reader is None and screen_possible()
    console = console or Console(highlight=False)
    reader = reader or (NoReader() if full_screen else terminal_or_stream(console))
    try:
        if resume is not None:
            if resume == LAST:
                found = last_game()
                if found is None:
                    fail(f"no unfinished game is saved in {games_dir()}: start one with 'canasta play'")
                    return
                resume = found
            saved = load_game(resume)
            problem = _contradiction(saved, variant, players, options)
            if problem is not None:
                fail(problem)
                return
            if saved.game.over:
                console.print(f"The game saved in {resume} is already over.")
                sides = side_names(saved.game.rules, seat_names(saved.game.rules, saved.human or 0))
                console.print(render_totals(saved.game.rules, sides, saved.game.totals,
                                            len(saved.game.logs)))
                return
            in_games = resume.resolve().parent == games_dir().resolve()
            autosave = resume if in_games else new_autosave_path(saved.game.seed)
            session = resumed_session(saved, seat, bots, seed, console, reader, record, coach=coach, undo=undo,
                                      autosave=autosave)
            session.log.append(f"Resuming the game saved in {resume}.")
        else:
            session = new_session(variant or "classic", players, seed, bots, options, seat, console, reader,
                                  record, coach=coach, undo=undo)
    except (RulesError, ValueError, SaveError) as e:
        fail(str(e))
        return
    if full_screen:
        try:
            screen = TableScreen()
        except Exception:  # prompt_toolkit cannot drive this terminal: the plain lines
            screen = None
        if screen is not None:
            screen.run(session, after=console)
            _exit_after_dead_end(session)
            return
        session.use_reader(terminal_or_stream(console))
    session.run()
    _exit_after_dead_end(session)


def _exit_after_dead_end(session: PlaySession) -> None:
    """Exit with status 1 where the game stopped because the engine offered no legal move (an error of the
    program, reported on the screen and saved: :mod:`canasta.play.dead_end`), so that scripts see it.

    Raises:
        typer.Exit: with exit code 1, after a dead end only.
    """
    if session.dead_end_report is not None:
        raise typer.Exit(1)


class NoReader:
    """Stands for the full screen's reader while the session is set up (nothing is read then)."""

    interactive = True

    def read(self, prompt: Prompt) -> str:
        """Never reads: raises EOFError."""
        raise EOFError
