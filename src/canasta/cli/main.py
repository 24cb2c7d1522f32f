"""The ``canasta`` command (Typer). Each sub-command lives in its own module; this file wires them.

Sub-commands: play (terminal game), rules (the rules in force), replay (check a
game record), score (score keeper), simulate (bot games), arena (bot tournaments),
bench (engine speed).
Errors that a user caused (a bad variant, an unreadable file) are printed as one
clear line on stderr with exit code 2, never as a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import typer

from canasta.cli.common import fail

app = typer.Typer(
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=True,
    help="Canasta: play in the terminal, keep score, replay records, simulate bots, benchmark the engine.",
)


def version() -> str:
    """The installed package's version (``canasta.__version__`` when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("canasta")
    except PackageNotFoundError:
        from canasta import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        from canasta.build_info import build_words

        typer.echo(f"canasta {version()} ({build_words()})")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    show_version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                      help="Print the version and exit."),
) -> None:
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


@app.command()
def rules(
    variant: str = typer.Option("classic", "--variant", "-v", help="Variant string, e.g. classic(players=2)."),
    options: bool = typer.Option(False, "--options", help="List every option name and its value."),
) -> None:
    """Print the rules in force for a variant, readable by a person."""
    from canasta.rules.fields import Rules, RulesError, preset_names

    try:
        r = Rules.parse(variant)
    except RulesError as e:
        fail(str(e))
        return
    typer.echo(r.describe())
    if options:
        from canasta.cli.rules_cmd import option_table

        typer.echo("")
        typer.echo(option_table(r))
    else:
        typer.echo(f"\nPresets: {', '.join(preset_names())}. Options: canasta rules --options")


@app.command()
def play(
    variant: str | None = typer.Option(None, "--variant", "-v",
                                       help="Variant string, e.g. classic(players=2) (default classic)."),
    players: int | None = typer.Option(None, "--players",
                                       help="Number of players (sets the variant's players option)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the shuffles (a reproducible game)."),
    bots: str = typer.Option("heuristic", "--bots",
                             help="Bot for the other seats, or one per seat separated by commas."),
    record: Path | None = typer.Option(None, "--record", help="Save the game record (JSON) to this file."),
    resume: str | None = typer.Option(None, "--resume", help="Resume a saved game: FILE (saved with 'save'), "
                                      "or without FILE the last unfinished game (saved by itself)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Rule option NAME=VALUE (repeatable)."),
    seat: int = typer.Option(1, "--seat", help="Your seat, 1-based."),
    coach: bool = typer.Option(False, "--coach", help="Warn before a move that throws points away."),
    no_undo: bool = typer.Option(False, "--no-undo", help="Refuse 'undo' (taking back a meld before the "
                                 "discard) at this table."),
    plain: bool = typer.Option(False, "--plain", help="Line by line instead of the full-screen table "
                               "(screen readers, logs); automatic when not at a terminal."),
) -> None:
    """Play Canasta in the terminal against computer players (you and a bot partner against two bots by default)."""
    from canasta.cli.play import LAST, run_play

    resumed = None if resume is None else LAST if resume in ("", RESUME_LAST) else Path(resume)
    run_play(variant=variant, players=players, seed=seed, bots=bots, record=record, resume=resumed,
             options=option, seat=seat, coach=coach, undo=not no_undo, plain=plain)


@app.command()
def replay(
    file: Path = typer.Argument(..., help="Game record (JSON) to replay."),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Replay a game record through the engine, check every move and the stored result, print the scores."""
    from canasta.cli.replay_cmd import run_replay

    run_replay(file, json_out)


@app.command()
def score(
    file: Path = typer.Argument(..., help="Score sheet (JSON, the score keeper input format)."),
    json_out: bool = typer.Option(False, "--json", help="Print the result object as JSON."),
) -> None:
    """Score deals played at a real table (score keeper)."""
    from canasta.cli.score_cmd import run_score

    run_score(file, json_out)


@app.command()
def simulate(
    n: int = typer.Option(100, "-n", help="Number of games."),
    variant: str = typer.Option("classic", "--variant", "-v"),
    bots: str = typer.Option("heuristic,random", "--bots",
                             help="One bot spec per side, comma-separated; with fewer, the last plays the "
                                  "remaining sides."),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", help="Worker processes."),
    records: Path | None = typer.Option(None, "--records", help="Directory to save one record per game."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Play N games between bots and report win rates, scores and speed."""
    from canasta.cli.sim_cmd import run_simulate

    run_simulate(n=n, variant=variant, bots=bots, seed=seed, jobs=jobs, records=records, json_out=json_out)


@app.command()
def arena(
    bots: list[str] = typer.Argument(..., help="Two bot specs or more, e.g. hard medium 'expert(ms=200)'."),
    variant: str = typer.Option("classic", "--variant", "-v"),
    deals: int | None = typer.Option(None, "--deals", help="Shuffles per pair, each deal played in duplicate "
                                     "(default 100)."),
    games: int | None = typer.Option(None, "--games", help="Whole games per pair instead, each in duplicate."),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", help="Worker processes (or Ray CPUs)."),
    backend: str = typer.Option("local", "--backend", help="local or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (default: a local Ray)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    plot: Path | None = typer.Option(None, "--plot", help="Save a PNG chart of the ratings or win rates."),
) -> None:
    """Duplicate tournament between bots: win rates and margins with 95% intervals, Elo for 3+ bots."""
    from canasta.cli.arena_cmd import run_arena_cmd

    run_arena_cmd(bots=bots, variant=variant, deals=deals, games=games, seed=seed, jobs=jobs, backend=backend,
                  address=address, json_out=json_out, plot=plot)


@app.command()
def bench(
    variant: str = typer.Option("classic", "--variant", "-v"),
    seconds: float = typer.Option(3.0, "--seconds", help="Time per measurement."),
    warmup: float = typer.Option(1.0, "--warmup", help="Untimed play before each measurement, in seconds "
                                 "(fills the engine's caches; 0 measures a cold start)."),
    json_out: bool = typer.Option(False, "--json"),
) -> None:
    """Measure engine throughput on one core: steps/s and deals/s, random and heuristic players."""
    from canasta.cli.bench_cmd import run_bench

    run_bench(variant=variant, seconds=seconds, json_out=json_out, warmup=warmup)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="TCP port."),
    database: str | None = typer.Option(None, "--database", help="SQLite file (default canasta.db) or a "
                                           "database URL such as postgresql+psycopg://user@host/canasta."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a browser."),
    allow_origin: list[str] = typer.Option([], "--allow-origin", help="An origin (https://cards.example) whose "
                                           "pages may use this server besides its own (repeatable)."),
    messages_per_second: float = typer.Option(20.0, "--messages-per-second", help="Websocket messages a "
                                              "connection may send per second before it is closed (0: no limit)."),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help="Server processes on this machine, each "
                                "owning a shard of the tables (docs/web.md, 'Scale out')."),
    redis: str | None = typer.Option(None, "--redis", help="Redis shared with other servers (redis://host:6379/0):"
                                     " each table is owned by the server holding its lease (docs/web.md)."),
    advertise: str | None = typer.Option(None, "--advertise", help="With --redis: HOST:PORT at which the other "
                                         "servers reach this one (default: --host:--port)."),
    lease_ttl: float = typer.Option(10.0, "--lease-ttl", help="With --redis: seconds a table's lease lasts "
                                    "without renewal (a dead server's tables move after this)."),
) -> None:
    """Play in the browser: lobby, tables with friends and bots, score keeper (web server)."""
    from canasta.cli.serve_cmd import run_serve

    run_serve(host=host, port=port, database=database, no_browser=no_browser, allow_origins=tuple(allow_origin),
              messages_per_second=messages_per_second, workers=workers, redis=redis, advertise=advertise,
              lease_ttl=lease_ttl)


RESUME_LAST = ":last"
"""What ``--resume`` given without a file stands for on the command line (the last unfinished game)."""


def resume_without_file(argv: Sequence[str]) -> list[str]:
    """``argv`` with a ``--resume`` that has no file (last, or followed by another option) given the value
    :data:`RESUME_LAST`: Typer options cannot take an optional value themselves."""
    out = list(argv)
    for i, arg in enumerate(out):
        if arg == "--":
            break
        if arg == "--resume" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out[i] = f"--resume={RESUME_LAST}"
    return out


def main() -> None:
    """Entry point of the ``canasta`` console script."""
    app(args=resume_without_file(sys.argv[1:]))
