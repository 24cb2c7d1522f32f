"""The oracles of issue 7 for Modern American Canasta as far as the engine plays it (docs/variants/modern-american.md):
going out and the initial meld agree with the exhaustive single-turn searches (tests/oracles) on seeded random
positions of the modern-american rules (no upcard, talons, threes laid out, SWAD)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from canasta.engine.deal import P_PLAY, Deal
from canasta.rules.fields import Rules
from canasta.rules.presets import UNREGISTERED_PRESETS
from oracles.compare import compare_opening, compare_position
from oracles.positions import _choose


def mac(courtesy: bool = False) -> Rules:
    """The modern-american rules, with HB's courtesy (``special_hand_courtesy``, A.11) where ``courtesy``."""
    return UNREGISTERED_PRESETS["modern-american"](Rules(), {"special_hand_courtesy": "true"} if courtesy else {})


def mac_positions(count: int, seed: int, max_cards: int = 7, courtesy: bool = False) -> Iterator[Deal]:
    """Play-phase positions of small hands, as oracles.positions.positions makes them for a registered preset."""
    rules = mac(courtesy)
    rng = random.Random(f"modern-american/{seed}")
    made = 0
    while made < count:
        d = Deal(rules, dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
        while not d.over and made < count:
            acts = d.legal_actions()
            if d.phase == P_PLAY and d.actor == d.turn:
                near = d.canastas[d.side_of[d.turn]] >= 1
                if d.hand_sizes[d.turn] + len(d.pending) <= max_cards and rng.random() < (0.5 if near else 0.1):
                    made += 1
                    yield d.clone()
            d.apply_action(_choose(d, acts, rng))


@pytest.mark.parametrize("courtesy", [False, True])
def test_going_out_oracle_agrees(courtesy: bool) -> None:
    stats: dict[str, int] = {}
    problems = [p for d in mac_positions(120, seed=1, courtesy=courtesy) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 120 and stats["out"] > 0


@pytest.mark.parametrize("courtesy", [False, True])
def test_initial_meld_oracle_agrees(courtesy: bool) -> None:
    stats: dict[str, int] = {}
    rng = random.Random("first/modern-american")
    problems: list[str] = []
    for _ in range(40):
        scores = [rng.choice((0, 3000, 5000)) for _ in range(2)]
        d = Deal(mac(courtesy), dealer=rng.randrange(4), seed=rng.randrange(1 << 30), scores=scores)
        while not d.over and not (d.phase == P_PLAY and d.actor == d.turn):
            d.apply_action(d.legal_actions()[0])
        problems += compare_opening(d, stats)
    assert not problems, problems[:3]
    assert stats["open_checked"] == 40


def test_discards_agree_with_the_rule_card_by_card() -> None:
    """The discards the engine offers (constraints/discards.py ``allowed_discards``, with its quick path where the
    pile is not empty) are exactly those :func:`discard_problem` allows card by card (A.3, A.5), on every
    play-phase position of seeded random MAC deals, both with SWAD and pagat's reading."""
    from canasta.cards.deck import N_TYPES
    from canasta.engine.constraints.discards import allowed_discards, discard_problem
    from canasta.moves.actions import DISCARD_BASE

    checked = 0
    for reading in ("swad", "aces_sevens"):
        rules = Rules.parse(f"modern-american(empty_pile_forbidden={reading})")
        rng = random.Random(reading)
        for _ in range(25):
            d = Deal(rules, dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
            while not d.over:
                if d.phase == P_PLAY:
                    seat = d.turn
                    ids = [DISCARD_BASE + c for c in range(N_TYPES) if d.hands[seat][c]]
                    slow = [a for a in ids if not discard_problem(d, seat, a - DISCARD_BASE)]
                    assert allowed_discards(d, seat, ids) == slow, (d.hands[seat], d.pile_size)
                    checked += 1
                d.apply_action(rng.choice(d.legal_actions()))
    assert checked > 1000


def test_initial_meld_oracle_agrees_after_laying_out_the_kept_three() -> None:
    """The first player lays out the three he holds back for the Straight ('layout', A.3: its replacement changes
    his hand) and draws: the engine's initial-meld answers still agree with the exhaustive search."""
    from canasta.moves.actions import LAYOUT_ID

    stats: dict[str, int] = {}
    rng = random.Random("layout/modern-american")
    problems: list[str] = []
    checked = 0
    while checked < 25:
        d = Deal(mac(), dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
        if LAYOUT_ID not in d.legal_actions():
            continue
        while LAYOUT_ID in d.legal_actions():
            d.apply_action(LAYOUT_ID)
        d.apply_action(d.legal_actions()[0])  # the draw
        if d.phase != P_PLAY or d.over:
            continue
        d.check_invariants()
        problems += compare_opening(d, stats)
        checked += 1
    assert not problems, problems[:3]
    assert stats["open_checked"] == 25
