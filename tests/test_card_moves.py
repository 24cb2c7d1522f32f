"""The card-moving functions of :mod:`canasta.engine.state` and the id arithmetic of the rank-meld caches.

* ``give_card`` / ``take_card`` / ``draw_cards`` (module functions, so that the compiled core calls them directly
  rather than through a method look-up on a Python ``Deal``) keep a hand's counts by card type, by rank and its
  size in step, and ``natural_bits`` exactly where the deal keeps them (a ``SeqState``: variants with sequences);
* ``rank_melds._rank_shift`` (an arithmetic shift) gives what ``group_action`` gives for every rank and kind.
"""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import ACE, N_TYPES
from canasta.cards.sequences import held_bits
from canasta.engine.deal import Deal, SeqDeal
from canasta.engine.movegen.rank_melds import _rank_shift
from canasta.engine.state import SeqState, draw_cards, give_card, take_card
from canasta.moves.actions import group_action
from canasta.moves.notation import ADD, MELD
from canasta.rules.fields import Rules


def _counts_agree(deal: Deal) -> None:
    for seat, hand in enumerate(deal.hands):
        ranks = [0] * len(deal.rank_counts[seat])
        for card in range(N_TYPES):
            ranks[card >> 2] += hand[card]
        assert deal.rank_counts[seat] == ranks
        assert deal.hand_sizes[seat] == sum(hand)


@pytest.mark.parametrize("preset", ["classic", "samba", "hollywood"])
def test_card_moves_keep_the_counts_and_the_bits(preset: str) -> None:
    deal = Deal(Rules.parse(preset), seed=3)
    keeps_bits = isinstance(deal, SeqState)
    assert keeps_bits == deal.rules.sequences == isinstance(deal, SeqDeal)
    rng = random.Random(5)
    for _ in range(300):
        seat = rng.randrange(deal.n)
        held = [c for c in range(N_TYPES) if deal.hands[seat][c]]
        if held and rng.random() < 0.5:
            take_card(deal, seat, rng.choice(held))
        else:
            give_card(deal, seat, rng.randrange(N_TYPES))
        _counts_agree(deal)
        if keeps_bits:
            assert deal.natural_bits == [held_bits(h) for h in deal.hands]
    if not keeps_bits:
        assert deal.natural_bits == [0] * deal.n  # kept only where sequences are played


def test_take_card_refuses_a_card_not_held_and_changes_nothing() -> None:
    deal = Deal(Rules.parse("samba"), seed=1)
    seat = deal.turn
    card = next(c for c in range(N_TYPES) if not deal.hands[seat][c])
    before = ([list(h) for h in deal.hands], [list(r) for r in deal.rank_counts], list(deal.hand_sizes),
              list(deal.natural_bits))
    with pytest.raises(AssertionError):
        take_card(deal, seat, card)
    assert before == ([list(h) for h in deal.hands], [list(r) for r in deal.rank_counts], list(deal.hand_sizes),
                      list(deal.natural_bits))


def test_draw_cards_moves_stock_cards_into_the_hand() -> None:
    deal = Deal(Rules.parse("samba"), seed=2)
    seat = deal.turn
    stock, size = len(deal.stock), deal.hand_sizes[seat]
    red = len(deal.red3[seat])
    draw_cards(deal, seat, 2)
    laid = len(deal.red3[seat]) - red  # red threes drawn are laid out and replaced (RULES.md §1.3)
    assert deal.hand_sizes[seat] == size + 2
    assert len(deal.stock) == stock - 2 - laid
    assert deal.natural_bits == [held_bits(h) for h in deal.hands]
    _counts_agree(deal)


@pytest.mark.parametrize("kind", [MELD, ADD])
def test_rank_shift_is_what_group_action_gives(kind: int) -> None:
    for r in range(ACE + 1):
        assert _rank_shift(kind, r) == group_action(kind, r, 0, 0, 0) - group_action(kind, 0, 0, 0, 0)
        for n, t, j in ((3, 0, 0), (2, 1, 0), (4, 1, 2)):
            assert group_action(kind, 0, n, t, j) + _rank_shift(kind, r) == group_action(kind, r, n, t, j)
