"""``canasta replay FILE [--json]``: replay a game record through the engine and print the scores.

Every move is checked for the player to act and every stored score, total and
winner is compared with the engine's (:func:`canasta.formats.records.replay_record`). A
saved game (a record that stops inside its last deal) replays too and is shown as
in progress. A bad record prints one line such as
``error: deal 2, move 17 ('meld KH KS'): a meld needs at least 3 cards (§1.5)``
and exits with status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from canasta.cli.common import fail
from canasta.cli.display_american import game_goes_on
from canasta.formats.records import RecordError, ReplayResult, load_record, replay_record


def side_names(record: dict[str, Any], teams: int) -> list[str]:
    """Each side's name made of its players' names, e.g. ``"Ann & Cy"``.

    Seat ``s`` plays for side ``s % teams`` (RULES.md §1.2: partners sit apart).
    """
    seats = record["seats"]
    return [" & ".join(str(seats[s]["name"]) for s in range(side, len(seats), teams))
            for side in range(teams)]


def replay_json(record: dict[str, Any], res: ReplayResult) -> dict[str, Any]:
    """The replay result as the JSON object of ``canasta replay --json`` (``docs/formats.md``)."""
    game = res.game
    deals = []
    for n, log in enumerate(game.logs, 1):
        scored = bool(log.scores)
        deals.append({"deal": n, "dealer": log.dealer, "moves": len(log.moves),
                      "scores": list(log.scores) if scored else None,
                      "out_seat": log.out_seat if scored else None})
    return {
        "rules": game.rules.spec(),
        "sides": side_names(record, game.rules.teams),
        "deals": deals,
        "totals": list(res.totals),
        "winner": res.winner,
        "complete": res.complete,
        "in_progress": res.in_progress,
    }


def replay_table(record: dict[str, Any], res: ReplayResult) -> Table:
    """A Rich table: one row per deal with each side's score, who went out, and the totals."""
    game = res.game
    seats = record["seats"]
    names = side_names(record, game.rules.teams)
    table = Table(title=f"Replay: {game.rules.spec()} (game to {game.rules.target})")
    table.add_column("Deal", justify="right")
    table.add_column("Moves", justify="right")
    table.add_column("Went out")
    for name in names:
        table.add_column(name, justify="right")
    for n, log in enumerate(game.logs, 1):
        if not log.scores:
            table.add_row(str(n), str(len(log.moves)), "in progress", *("" for _ in names))
            continue
        out = str(seats[log.out_seat]["name"]) if log.out_seat >= 0 else "nobody"
        table.add_row(str(n), str(len(log.moves)), out, *(str(s) for s in log.scores))
    table.add_section()
    table.add_row("Total", "", "", *(str(t) for t in res.totals), style="bold")
    return table


def run_replay(file: Path, json_out: bool) -> None:
    """Replay the record in ``file``; print per-deal scores, totals and winner (or JSON with ``json_out``).

    A record refused by :func:`canasta.formats.records.load_record` or
    :func:`canasta.formats.records.replay_record` ends with ``fail(message)`` (status 2).
    """
    try:
        record = load_record(file)
        res = replay_record(record, allow_incomplete=True)
    except RecordError as e:
        fail(str(e))
        return
    if json_out:
        typer.echo(json.dumps(replay_json(record, res), indent=2))
        return
    console = Console(markup=False)  # names come from the file: '[/x]' is text, not markup
    console.print(replay_table(record, res))
    names = side_names(record, res.game.rules.teams)
    if res.winner is not None:
        console.print(f"Winner: {names[res.winner]} with {res.totals[res.winner]} points. "
                      f"All {res.deals} deal(s) replayed; every move and score checked.", highlight=False)
    elif res.in_progress:
        console.print(f"Saved game: deal {res.deals} is in progress. Every move so far checked.",
                      highlight=False)
    else:
        console.print(f"{game_goes_on(res.game.rules, res.deals)} Every move and score checked.", highlight=False)
