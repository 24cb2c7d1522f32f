"""Count the escalators (sequence canastas, RULES.md §3.5) bots lay in self-play deals.

Plays ``--deals`` deals of a variant (default ``escalator``) with four copies of one bot, each deal a
fresh game seeded from ``(seed, i)``, and prints the sequence canastas on the table at the end of
the deals, per 100 deals, with the canastas of ranks for comparison.

Usage (from the repository root)::

    PYTHONPATH=src python benchmarks/escalator_runs.py --deals 100 [--bot heuristic] [--variant escalator]

Figures (docs/variants/escalator.md, "Bots"): before the heuristic player collected runs, about 0
escalators per 100 heuristic deals.
"""

from __future__ import annotations

import argparse
import sys

from canasta.agents.base import make_agent
from canasta.engine.game import Game
from canasta.play.match import play_deal
from canasta.play.simulate import derive_seed
from canasta.rules.fields import Rules


def count_escalators(variant: str, bot: str, deals: int, seed: int) -> tuple[int, int]:
    """Play ``deals`` first deals of games of ``variant`` (a variant string) with ``bot`` at every seat.

    Returns:
        (sequence canastas, canastas of other melds) on the table at the ends of the deals, summed.
    """
    rules = Rules.parse(variant)
    seqs = others = 0
    for i in range(deals):
        game = Game(rules, seed=derive_seed(seed, i))
        game.new_deal()
        agents = [make_agent(bot, seed=derive_seed(seed, i, s)) for s in range(rules.players)]
        deal = play_deal(game, agents)
        seqs += sum(deal.seq_canastas)
        others += sum(deal.canastas) - sum(deal.seq_canastas)
    return seqs, others


def main(argv: list[str] | None = None) -> int:
    """Command line: print the counts (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--variant", default="escalator")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    seqs, others = count_escalators(a.variant, a.bot, a.deals, a.seed)
    print(f"{a.variant}, {a.bot}, {a.deals} deals: {seqs} sequence canastas "
          f"({100 * seqs / a.deals:.1f} per 100 deals), {others} other canastas")
    return 0


if __name__ == "__main__":
    sys.exit(main())
