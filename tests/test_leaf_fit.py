"""benchmarks/leaf_fit.py: the positions it fits the expert's leaf on, against ``hard`` or other opponents."""

from __future__ import annotations

from canasta.agents.ismcts.leaf import FEATURES
from canasta.rules.fields import Rules
from helpers import benchmark_module


def test_a_deal_is_logged_at_every_turn_with_the_chosen_opponents() -> None:
    fit = benchmark_module("leaf_fit")
    rules = Rules.preset("classic")
    rows, finals, left = fit.log_deal(rules, 3)
    assert rows and len(rows) == len(finals) == len(left)
    assert all(len(row) == 2 * len(FEATURES) for row in rows)
    assert len(set(finals)) == 1 and left == sorted(left, reverse=True)  # one margin per deal; turns left count down
    other, other_finals, _ = fit.log_deal(rules, 3, "random")
    assert other[0] == rows[0]  # the same deal, before anyone has played
    assert (other, other_finals) != (rows, finals)  # then the other side plays as `random`, not as `hard`
