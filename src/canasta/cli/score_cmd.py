"""``canasta score FILE [--json]``: the score keeper for deals played at a real table.

Reads a score sheet (``docs/formats.md``, "Score keeper"), scores every deal with
the engine's scoring function (:mod:`canasta.formats.score_sheet`) and prints a table per
deal and side, the running totals, each side's minimum count for the next deal and
the winner; ``--json`` prints the result object instead. A bad sheet prints one
``error: ...`` line and exits with status 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from canasta.cli.common import fail
from canasta.cli.display_american import game_goes_on, game_length
from canasta.formats.score_sheet import ScoreSheetError, SheetResult, result_json, score_file
from canasta.scoring.sides import BREAKDOWN_ITEMS


def score_table(result: SheetResult) -> Table:
    """A Rich table, one column per side: each deal's breakdown (points), the deal's score and the total.

    Optional rows (concealed, premiums, penalties, ...) appear in a deal only where some side has them.
    """
    table = Table(title=f"Score sheet: {result.rules.spec()} ({game_length(result.rules)})")
    table.add_column("Deal", justify="right")
    table.add_column("")
    for side in result.sides:
        table.add_column(side, justify="right")
    for n, (deal, running) in enumerate(zip(result.deals, result.running, strict=True), 1):
        first = True
        for key, label, optional in BREAKDOWN_ITEMS:
            values = [deal[side].breakdown.get(key, 0) for side in result.sides]
            if optional and not any(values):
                continue
            table.add_row(str(n) if first else "", label, *(str(v) for v in values))
            first = False
        table.add_row("", "Deal score", *(str(deal[side].total) for side in result.sides), style="bold")
        table.add_row("", "Total", *(str(running[side]) for side in result.sides), style="bold",
                      end_section=True)
    return table


def summary_lines(result: SheetResult) -> list[str]:
    """Lines for people: each side's total and next minimum count, then the winner (or who leads)."""
    lines = [f"{side}: {result.totals[side]} points; next initial meld needs {result.next_minimum[side]}"
             for side in result.sides]
    if result.winner is not None:
        lines.append(f"Winner: {result.winner} with {result.totals[result.winner]} points.")
    else:
        lines.append(game_goes_on(result.rules, len(result.deals)))
    return lines


def run_score(file: Path, json_out: bool) -> None:
    """Score the sheet in ``file``; print a table (or the JSON object with ``json_out``).

    Errors in the sheet end with ``fail(message)`` (status 2): the message names the
    deal, the side, the meld and the rule.
    """
    try:
        result = score_file(file)
    except ScoreSheetError as e:
        fail(str(e))
        return
    if json_out:
        typer.echo(json.dumps(result_json(result), indent=2))
        return
    console = Console(markup=False)  # names come from the file: '[/x]' is text, not markup
    console.print(score_table(result))
    for line in summary_lines(result):
        console.print(line, highlight=False)
