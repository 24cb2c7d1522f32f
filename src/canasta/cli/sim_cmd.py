"""``canasta simulate``: play N games between bots and print win rates, scores and speed.

The figures come from :func:`canasta.play.simulate.simulate`; this module reads the
command's options, refuses bad ones with a clear message (exit status 2),
shows a progress bar on stderr when it is a terminal, and prints a table, or
one JSON object on stdout with ``--json``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from canasta.agents.registry import check_spec
from canasta.cli.main import fail
from canasta.play.simulate import SimResult, simulate
from canasta.rules.fields import Rules, RulesError


def parse_bots(bots: str, rules: Rules) -> list[str]:
    """Read ``--bots``: one bot spec per side, separated by commas. Fewer specs than sides: the last one
    plays the remaining sides (``heuristic,random`` in a game of three sides is heuristic against two
    random players).

    Raises:
        ValueError: an unknown bot (the message lists the known ones), an empty spec, or more specs than
            ``rules`` has sides.
    """
    specs = [b.strip() for b in re.split(r",(?![^()]*\))", bots)]  # commas inside (...) belong to a spec
    if any(not s for s in specs):
        raise ValueError(f"--bots '{bots}' has an empty name; write one bot per side, e.g. heuristic,random")
    for s in specs:
        check_spec(s)  # unknown bot or option: the message lists what is allowed
    if len(specs) > rules.teams:
        example = ",".join((["heuristic"] + ["random"] * rules.teams)[: rules.teams])
        raise ValueError(
            f"{rules.spec()} has {rules.teams} sides, so --bots takes at most {rules.teams} bots separated by "
            f"commas (one per side, e.g. {example}; fewer: the last plays the remaining sides), not {len(specs)}"
        )
    return specs + [specs[-1]] * (rules.teams - len(specs))


def result_table(result: SimResult) -> Table:
    """A Rich table of the per-bot figures of ``result``."""
    table = Table(title=f"{result.games} games of {result.variant} (seed {result.seed})")
    table.add_column("Bot")
    table.add_column("Games won", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("Mean deal score", justify="right")
    table.add_column("Canastas per deal", justify="right")
    for lb in result.labels:
        table.add_row(lb, str(result.wins[lb]), f"{result.win_rate[lb]:.1%}",
                      f"{result.mean_deal_score[lb]:.0f}", f"{result.canastas_per_deal[lb]:.2f}")
    return table


def run_simulate(n: int, variant: str, bots: str, seed: int, jobs: int, records: Path | None,
                 json_out: bool) -> None:
    """Run ``canasta simulate`` (see the module docstring); exits with status 2 on bad options."""
    try:
        rules = Rules.parse(variant)
    except RulesError as e:
        fail(str(e))
        return
    try:
        specs = parse_bots(bots, rules)
    except ValueError as e:
        fail(str(e))
        return
    if n < 1:
        fail(f"-n must be at least 1 game, not {n}")
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {jobs}")
    if records is not None and records.exists() and not records.is_dir():
        fail(f"--records {records} is a file; give a directory to save one record per game in")
    err = Console(stderr=True)
    out = Console()
    try:
        if err.is_terminal:
            with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                          console=err, transient=True) as bar:
                task = bar.add_task("games", total=n)
                result = simulate(n, rules, specs, seed, jobs=jobs, records_dir=records,
                                  progress=lambda done, total: bar.update(task, completed=done))
        else:
            result = simulate(n, rules, specs, seed, jobs=jobs, records_dir=records)
    except (RuntimeError, OSError) as e:
        fail(str(e))
        return
    if json_out:
        print(json.dumps(result.to_json()))
        return
    out.print(result_table(result))
    out.print(f"{result.deals_per_game:.2f} deals per game; {result.games_per_second:.1f} games/s "
              f"({result.seconds:.1f} s, {jobs} job{'s' if jobs != 1 else ''}).")
    if records is not None:
        out.print(f"Records saved in {records}/ (game-0001.json ...).")
