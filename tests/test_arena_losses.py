"""benchmarks/arena_losses.py: the summary over every play says where a bot's margin comes from."""

from __future__ import annotations

import pytest

from canasta.rules.fields import Rules
from helpers import benchmark_module


def test_the_lead_per_item_adds_up_to_the_margin_and_the_side_that_went_out_has_its_bonus() -> None:
    losses = benchmark_module("arena_losses")
    rules = Rules.preset("classic")
    plays = [p for index in range(3) for p in losses.play_shuffle(rules, ("hard", "random"), 5, index)]
    for p in plays:
        lead = losses.lead_by_item([p], rules.teams)
        assert sum(v for k, v in lead.items() if not losses.is_count(k)) == pytest.approx(p["margin"], abs=0.1)
        who = losses.who_went_out(p, rules)
        if who != "nobody":
            side = p["a_sides"][0] if who == "A" else 1 - p["a_sides"][0]
            assert p["breakdowns"][side]["going_out"] > 0
    mean = losses.lead_by_item(plays, rules.teams)
    assert sum(v for k, v in mean.items() if not losses.is_count(k)) == pytest.approx(
        sum(p["margin"] for p in plays) / len(plays), abs=0.5)


def test_the_summary_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert benchmark_module("arena_losses").main(["hard", "random", "--deals", "1", "--seed", "2", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "every play: went out" in err and "A's lead per item" in err
