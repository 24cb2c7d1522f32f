"""``canasta bench``: engine throughput on one core, random and heuristic players.

The measurements are :func:`canasta.play.bench.run_benchmarks`; this module prints
them as a table, or as one JSON object with ``--json``
(``{"random": {"steps_per_second": .., "deals_per_second": ..}, "heuristic": {...}, "variant": ..,
"build": "compiled" or "pure"}``: which build ran, canasta.build_info).
"""

from __future__ import annotations

import json
import math
from typing import Any

from rich.console import Console
from rich.table import Table

from canasta.cli.common import fail
from canasta.play.bench import run_benchmarks
from canasta.rules.fields import Rules, RulesError


def bench_table(figures: dict[str, Any]) -> Table:
    """A Rich table of the figures returned by :func:`canasta.play.bench.run_benchmarks`."""
    table = Table(title=f"Engine throughput on one core: {figures['variant']} ({figures.get('build', '?')} build)")
    table.add_column("Players")
    table.add_column("Steps/s", justify="right")
    table.add_column("Deals/s", justify="right")
    table.add_column("Steps", justify="right")
    table.add_column("Deals", justify="right")
    table.add_column("Setup ms", justify="right")
    table.add_column("Decision ms", justify="right")
    for name in ("random", "heuristic"):
        f = figures[name]
        dec = f.get("decision_ms_median")
        shown = "-" if dec is None else f"{dec:.3f}"
        table.add_row(name, f"{f['steps_per_second']:,.0f}", f"{f['deals_per_second']:,.1f}", str(f["steps"]),
                      str(f["deals"]), f"{f['deal_setup_ms']:.3f}", shown)
    return table


def run_bench(variant: str, seconds: float, json_out: bool, warmup: float = 1.0) -> None:
    """Run ``canasta bench`` (see the module docstring); exits with status 2 on bad options."""
    try:
        rules = Rules.parse(variant)
    except RulesError as e:
        fail(str(e))
        return
    if not (seconds > 0 and math.isfinite(seconds)):
        fail(f"--seconds must be a positive number, not {seconds}")
    if not (warmup >= 0 and math.isfinite(warmup)):
        fail(f"--warmup must be 0 or a positive number of seconds, not {warmup}")
    figures = run_benchmarks(rules, seconds, warmup)
    if json_out:
        print(json.dumps(figures))
        return
    out = Console()
    out.print(bench_table(figures))
    mean = figures["heuristic"]["decision_ms_mean"]
    out.print("A step is one move applied, legal-move generation included (for the heuristic, also the "
              "view and the choice); dealing (Setup ms per deal) is timed apart. Deals/s counts whole deals. "
              f"Decision ms: median time of one heuristic decision (mean {mean:.3f}). Each measurement follows "
              f"{figures['warmup_seconds']:g} s of untimed play on other deals (--warmup).")
