"""``Deal.score()`` agrees with the reference scorer (tests/reference_scorer.py, written from RULES.md) on finished
random deals of every preset the reference covers (issue #13).

The deals are played by a random player that prefers melding, taking the pile and going out, so that
canastas of every kind, red threes, going out and concealed going out all occur. The fast test plays a few
dozen deals per preset; the slow one more.
"""

from __future__ import annotations

import random

import pytest

from canasta.engine.deal import Deal
from canasta.moves.actions import ASK_ID, YES_ID
from canasta.moves.notation import ADD, MELD, TAKE, WILD_TARGET
from canasta.rules.fields import Rules
from reference_scorer import REFERENCE, SideEnd, Variant, reference_scores, reference_side

SPECS = [*sorted(REFERENCE), "classic(players=3,cutthroat=true)"]


def _pick(deal: Deal, rng: random.Random) -> int:
    """A random legal id, with a taste for melds (of wild cards first), the pile, asking and "yes"."""
    legal = deal.legal_actions()
    if YES_ID in legal:
        return YES_ID
    if ASK_ID in legal and rng.random() < 0.7:
        return ASK_ID
    moves = deal.legal_moves()
    melds = [a for a, m in zip(legal, moves, strict=True) if m.kind in (MELD, ADD)]
    wild = [a for a, m in zip(legal, moves, strict=True) if m.kind in (MELD, ADD) and m.target == WILD_TARGET]
    if wild and rng.random() < 0.7:  # else wild cards mostly go into melds of ranks: few wild canastas
        return rng.choice(wild)
    if melds and rng.random() < 0.9:
        return rng.choice(melds)
    takes = [a for a, m in zip(legal, moves, strict=True) if m.kind == TAKE]
    if takes and rng.random() < 0.8:
        return rng.choice(takes)
    return rng.choice(legal)


def finished_deal(spec: str, seed: int) -> Deal:
    rules = Rules.parse(spec)
    rng = random.Random(seed)
    deal = Deal(rules, seed=seed, scores=[rng.choice((-50, 0, 1500, 3000, 7500))
                                          for _ in range(rules.deal_rules().teams)])
    while not deal.over:
        deal.apply_action(_pick(deal, rng))
    return deal


def _check(spec: str, seeds: range) -> None:
    outs = canastas = 0
    for seed in seeds:
        deal = finished_deal(spec, seed)
        engine = [s.total for s in deal.score()]
        assert engine == reference_scores(spec, deal), (
            f"{spec} seed {seed}: engine {engine}, reference {reference_scores(spec, deal)}; "
            f"{[s.breakdown for s in deal.score()]}")
        outs += deal.out_seat >= 0
        canastas += sum(deal.canastas)
    assert canastas > len(seeds)  # the deals reach what scoring is about
    assert outs > 0 or spec in ("bolivia", "escalator", "pennies-from-heaven")  # going out rare or none (§3.5)


@pytest.mark.parametrize("spec", SPECS)
def test_deal_scores_match_the_reference(spec: str) -> None:
    _check(spec, range(30))


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
def test_deal_scores_match_the_reference_many(spec: str) -> None:
    _check(spec, range(30, 230))


def test_the_reference_itself_on_a_hand_computed_side() -> None:
    """§1.11 by hand: a natural canasta of kings (500 + 70), a mixed one of fives with two twos (300 + 25 + 40),
    a meld of aces (60), 2 red threes (200), going out concealed (100 + 100), a nine and a black three left
    (-10 - 5): 1380."""
    kings = [4 * 11 + s % 4 for s in range(7)]
    fives = [4 * 3 + s % 4 for s in range(5)] + [0, 1]
    aces = [48, 49, 50]
    side = SideEnd(melds=[("group", kings), ("group", fives), ("group", aces)], red_threes=2,
                   hand=[4 * 7, 4 * 1 + 0], went_out=True, concealed=True)
    assert reference_side(Variant(), side) == 570 + 365 + 60 + 200 + 200 - 15
    assert reference_side(Variant(), SideEnd(red_threes=4)) == -800  # no meld: red threes count against (§1.11)
