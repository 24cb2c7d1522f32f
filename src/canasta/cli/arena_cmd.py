"""``canasta arena``: a duplicate tournament between bots, with intervals, Elo and an optional chart.

The figures come from :func:`canasta.play.arena.run_arena` (see that module for the
duplicate format and the statistics). This module reads the options, refuses
bad ones with one clear line (exit status 2), shows a progress bar on stderr,
and prints tables, or one JSON object with ``--json``; ``--plot FILE.png``
saves a chart (matplotlib, the optional extra ``bots``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from canasta.cli.common import fail
from canasta.play.arena import ArenaResult, run_arena
from canasta.rules.fields import Rules, RulesError

DEFAULT_DEALS = 100
"""Shuffles per pair when neither --deals nor --games is given."""


def _ci(lo: float, hi: float, fmt: str) -> str:
    if lo != lo or hi != hi:
        return "n/a"
    return f"[{format(lo, fmt)}, {format(hi, fmt)}]"


def pair_table(result: ArenaResult) -> Table:
    """A Rich table: per pair, A's win rate, mean margin and shuffle win rate with their 95% intervals."""
    unit = result.unit
    table = Table(title=f"{result.variant}: {result.shuffles} shuffles per pair, each {unit} played in "
                        f"duplicate (seed {result.seed})")
    table.add_column("A")
    table.add_column("B")
    table.add_column("Plays", justify="right")
    table.add_column(f"A's {unit} win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column(f"A's mean margin per {unit}", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Shuffles A won", justify="right")
    table.add_column("95% CI", justify="right")
    for p in result.pairs:
        table.add_row(p.a, p.b, str(p.plays), f"{p.win_rate:.1%}", _ci(p.win_low * 100, p.win_high * 100, ".1f"),
                      f"{p.margin:+.0f}", _ci(p.margin_low, p.margin_high, "+.0f"),
                      f"{p.shuffle_rate:.1%}", _ci(p.shuffle_low * 100, p.shuffle_high * 100, ".1f"))
    return table


def field_table(result: ArenaResult) -> Table:
    """A Rich table: each bot against the field (win rate, margin, Elo with 3+ bots, decision time)."""
    elo = len(result.labels) >= 3
    table = Table(title="Against the field" + (" and Elo (Bradley–Terry, mean 1500)" if elo else ""))
    table.add_column("Bot")
    table.add_column("Win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Mean margin", justify="right")
    if elo:
        table.add_column("Elo", justify="right")
        table.add_column("95% CI", justify="right")
    table.add_column("ms/decision", justify="right")
    rows = sorted(result.labels, key=lambda lb: -result.bots[lb].win_rate)
    for lb in rows:
        b = result.bots[lb]
        row = [lb, f"{b.win_rate:.1%}", _ci(b.win_low * 100, b.win_high * 100, ".1f"), f"{b.margin:+.0f}"]
        if elo:
            row += [f"{b.elo:.0f}", _ci(b.elo_low, b.elo_high, ".0f")]
        row.append("n/a" if math.isnan(b.decision_ms_median) else f"{b.decision_ms_median:.3f}")
        table.add_row(*row)
    return table


def save_plot(result: ArenaResult, path: Path) -> None:
    """Save a PNG chart: Elo with intervals for three bots or more, else win rates against the field.

    Raises:
        RuntimeError: matplotlib is not installed (the message says how to install it).
        OSError: the file cannot be written.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise RuntimeError('--plot needs matplotlib: pip install "matplotlib>=3.8" (the extra canasta[bots])') from e
    labels = result.labels
    bots = [result.bots[lb] for lb in labels]
    if len(labels) >= 3:
        values = [b.elo for b in bots]
        lows = [b.elo - b.elo_low if b.elo_low == b.elo_low else 0.0 for b in bots]
        highs = [b.elo_high - b.elo if b.elo_high == b.elo_high else 0.0 for b in bots]
        ylabel = "Elo (mean 1500), 95% interval"
    else:
        values = [b.win_rate * 100 for b in bots]
        lows = [(b.win_rate - b.win_low) * 100 for b in bots]
        highs = [(b.win_high - b.win_rate) * 100 for b in bots]
        ylabel = f"{result.unit} win rate against the field (%), 95% interval"
    fig, ax = plt.subplots(figsize=(max(4.0, 1.4 * len(labels) + 1.5), 4.0))
    if len(labels) >= 3:  # ratings have no zero: points with their intervals
        ax.errorbar(labels, values, yerr=[lows, highs], fmt="o", capsize=6, color="#4a7fb5")
        ax.axhline(1500, color="grey", linewidth=0.8, linestyle="--")
    else:
        ax.bar(labels, values, yerr=[lows, highs], capsize=6, color="#4a7fb5")
    ax.set_ylabel(ylabel)
    ax.set_title(f"canasta arena: {result.variant}, {result.shuffles} shuffles per pair (seed {result.seed})",
                 fontsize=9)
    if len(labels) < 3:
        ax.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=110)
    plt.close(fig)


def run_arena_cmd(bots: list[str], variant: str, deals: int | None, games: int | None, seed: int, jobs: int,
                  backend: str, address: str | None, json_out: bool, plot: Path | None) -> None:
    """Run ``canasta arena`` (see the module docstring); exits with status 2 on bad options."""
    try:
        rules = Rules.parse(variant)
    except RulesError as e:
        fail(str(e))
        return
    if len(bots) < 2:
        fail("give at least two bots, e.g. canasta arena hard medium")
    if deals is not None and games is not None:
        fail("give --deals N or --games N, not both")
    unit = "game" if games is not None else "deal"
    n = games if games is not None else (deals if deals is not None else DEFAULT_DEALS)
    if n < 1:
        fail(f"--{'games' if unit == 'game' else 'deals'} must be at least 1, not {n}")
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {jobs}")
    if backend not in ("local", "ray"):
        fail(f"--backend must be local or ray, not '{backend}'")
    if plot is not None and plot.suffix.lower() != ".png":
        fail(f"--plot saves a PNG chart: give a file name ending in .png, not '{plot}'")
    if backend == "ray":
        from canasta.play.arena_ray import ray_available

        if not ray_available():
            fail('--backend ray needs Ray: pip install "ray>=2.9" (the extra canasta[ray]), or use --backend local')
    err = Console(stderr=True)
    try:
        if err.is_terminal:
            with Progress(TextColumn("arena"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                          console=err, transient=True) as bar:
                task = bar.add_task("shuffles", total=n * len(bots) * (len(bots) - 1) // 2)
                result = run_arena(rules, bots, n, seed=seed, unit=unit, jobs=jobs, backend=backend,
                                   address=address, progress=lambda done, total: bar.update(task, completed=done))
        else:
            result = run_arena(rules, bots, n, seed=seed, unit=unit, jobs=jobs, backend=backend, address=address)
    except ValueError as e:
        fail(str(e))
        return
    except RuntimeError as e:
        fail(str(e))
        return
    if plot is not None:
        try:
            save_plot(result, plot)
        except (RuntimeError, OSError) as e:
            fail(str(e))
            return
    if json_out:
        print(json.dumps(result.to_json()))
        return
    out = Console()
    out.print(pair_table(result))
    out.print(field_table(result))
    out.print(f"{result.seconds:.1f} s on {jobs} job{'s' if jobs != 1 else ''} ({backend} backend). "
              "Margins are in points; intervals are 95% (see docs/bots.md).")
    if plot is not None:
        out.print(f"Chart saved to {plot}.")
