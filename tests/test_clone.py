"""Cheap clones (issue #17): the generator copied on first use, Meld objects copied on write, in both directions.

The clone of a deal shares its random generator and its Meld objects with the original until one of the two
changes them (``DealState.rng``, ``apply.meld_cards``); these tests pin that the two deals still behave as
independent deep copies: the same future draws, the same states after the same moves, and moves on either one
never seen by the other. (tests/test_state_purity.py checks moves on a clone against the original.)
"""

from __future__ import annotations

import random

import pytest

from canasta.engine.deal import Deal
from canasta.rules.fields import Rules
from state_snapshot import full_state, shared_mutables, state_diff


def _advance(deal: Deal, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if deal.over:
            return
        legal = deal.legal_actions()
        deal.apply_action(legal[int(rng.random() * len(legal))])


def _deep_generator(deal: Deal) -> random.Random:
    """A generator in the state of ``deal``'s (what a deep copy would hold)."""
    r = random.Random(0)
    r.setstate(deal.rng.getstate())
    return r


@pytest.mark.parametrize("first", ["clone", "original", "grandchild"])
def test_clone_and_original_draw_what_deep_copies_would(first: str) -> None:
    deal = Deal(Rules.parse("classic"), seed=3)
    _advance(deal, random.Random(1), 20)
    ref = _deep_generator(deal)
    expected = [ref.random() for _ in range(6)]
    twin = deal.clone()
    grandchild = twin.clone()
    order = {"clone": [twin, deal, grandchild], "original": [deal, grandchild, twin],
             "grandchild": [grandchild, twin, deal]}[first]
    for d in order:
        assert [d.rng.random() for _ in range(3)] == expected[:3]
    for d in reversed(order):
        assert [d.rng.random() for _ in range(3)] == expected[3:]
    assert len({id(d.rng) for d in order}) == 3


def test_a_supplied_generator_is_the_clone_s_own() -> None:
    deal = Deal(Rules.parse("classic"), seed=5)
    _advance(deal, random.Random(2), 15)
    expected = _deep_generator(deal).random()
    mine = random.Random(42)
    twin = deal.clone(rng=mine)
    assert twin.rng is mine
    twin.rng.random()
    assert deal.rng.random() == expected


def test_reshuffles_after_a_clone_agree_with_a_deep_copy() -> None:
    """The stock runs out and the pile is reshuffled (stock_end=reshuffle, §1.10) after the clone: the
    original, the clone and a clone given a deep copy of the generator play the same moves to the same end."""
    rules = Rules.parse("classic(players=2,stock_end=reshuffle)")
    reshuffled = 0
    for seed in range(6):
        deal = Deal(rules, seed=seed)
        _advance(deal, random.Random(seed), 30)
        deals = [deal, deal.clone(), deal.clone(rng=_deep_generator(deal))]
        picks = [random.Random(seed + 100) for _ in deals]
        while not deals[0].over:
            for d, pick in zip(deals, picks, strict=True):
                legal = d.legal_actions()
                d.apply_action(legal[int(pick.random() * len(legal))])
        states = [full_state(d) for d in deals]
        assert states[1] == states[0], state_diff(states[0], states[1])
        assert states[2] == states[0], state_diff(states[0], states[2])
        reshuffled += deals[0].reshuffles
    assert reshuffled > 0  # the draws were used


@pytest.mark.parametrize("spec", ["classic", "italian", "hollywood", "samba", "classic(players=3,cutthroat=true)"])
def test_moves_on_the_original_leave_its_clones_unchanged(spec: str) -> None:
    """Copy on write both ways: the original changing a meld it shares with a clone copies it first."""
    rules = Rules.parse(spec)
    for seed in range(2):
        deal = Deal(rules, seed=seed)
        rng = random.Random(seed)
        while not deal.over:
            twin = deal.clone()
            snapshot = full_state(twin)
            assert shared_mutables(deal, twin) == []
            _advance(deal, rng, 3)
            after = full_state(twin)
            assert after == snapshot, f"{spec} seed {seed}: the original changed {state_diff(snapshot, after)}"
            twin.check_invariants()
