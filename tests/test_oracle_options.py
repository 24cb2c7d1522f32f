"""Every true/false option of every preset, turned one at a time, against the oracles (slow).

Guarantee: with any single true/false rule option turned from its preset's value (every one the rules accept; a
pair the engine refuses, :class:`canasta.rules.errors.RulesError`, is skipped), the initial meld agrees with the
exhaustive search of ``oracles.compare.compare_opening`` (first turns and turns right after an unopened take),
"may I go out?" with ``oracles.compare.compare_position``, and no turn leaves the player to act without a legal move
(``oracles.dead_ends.dead_end``). The presets' own values are covered by ``test_oracle_opening``,
``test_oracle_going_out`` and ``test_oracle_dead_ends``; these sweeps found the option errors of 2026-11-27 and
2026-11-28 (escalator's black threes with ``going_out_allowed``, the sequence take owed a canasta, ...), kept here
so that none comes back.
"""

from __future__ import annotations

import dataclasses

import pytest

from canasta.rules.errors import RulesError
from canasta.rules.fields import Rules
from oracles.compare import compare_opening, compare_position
from oracles.dead_ends import dead_ends_in
from oracles.positions import OPENING_PRESETS, first_turns, pending_turns, positions


def option_specs(preset: str) -> list[str]:
    """``preset(field=value)`` for every true/false field of its rules turned, where the rules accept it.

    >>> "classic(sequences=true)" in option_specs("classic")
    True
    >>> "classic(players=2,sequences=true)" in option_specs("classic(players=2)")
    True
    """
    base = Rules.parse(preset)
    specs = []
    for field in dataclasses.fields(Rules):
        value = getattr(base, field.name)
        if not isinstance(value, bool):
            continue
        option = f"{field.name}={'false' if value else 'true'}"
        spec = f"{preset[:-1]},{option})" if preset.endswith(")") else f"{preset}({option})"
        try:
            Rules.parse(spec)
        except RulesError:
            continue  # a pair the engine refuses, in one line
        specs.append(spec)
    return specs


def _problems(spec: str, count: int, seed: int) -> list[str]:
    stats: dict[str, int] = {}
    found: list[str] = []
    for d in first_turns(spec, count, seed=seed):
        found += compare_opening(d, stats)
    for d in pending_turns(spec, max(1, count // 4), seed=seed):
        found += compare_opening(d, stats)
    if Rules.parse(spec).going_out_allowed:
        for d in positions(spec, count, seed=seed):
            found += compare_position(d, stats)
    found += dead_ends_in(spec, 8, seed + 1)  # 8 late hands, 2 after a take, 2 mid-turn
    return found


@pytest.mark.slow
@pytest.mark.parametrize("preset", OPENING_PRESETS)
def test_every_option_turned_agrees_with_the_oracles(preset: str) -> None:
    assert option_specs(preset)
    problems = {spec: got[:2] for spec in option_specs(preset) if (got := _problems(spec, 16, seed=7))}
    assert problems == {}
