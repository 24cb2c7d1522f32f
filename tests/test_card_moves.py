"""The card-moving functions of :mod:`canasta.engine.state` and the id arithmetic of the rank-meld caches.

* ``give_card`` / ``take_card`` / ``draw_cards`` (module functions, so that the compiled core calls them directly
  rather than through a method look-up on a Python ``Deal``) keep a hand's counts by card type, by rank and its
  size in step, and ``natural_bits`` exactly where the deal keeps them (a ``SeqState``: variants with sequences);
* ``rank_melds._rank_shift`` (an arithmetic shift) gives what ``group_action`` gives for every rank and kind;
* the int keys of the option caches in the compiled core (``rank_melds.KEY_BITS``, ``add_hit``, ``meld_hit``)
  hold every count the largest deck allows, so two different counts never share a key, and read the same options
  (the legal-move digests check the moves on both builds);
* ``DealState.legal_actions`` and ``DealState.apply_action`` (the compiled core's ``Deal`` uses them, through
  ``state.ENGINE_CALLS``) give what the engine's functions give, and refuse an illegal id the same way.
"""

from __future__ import annotations

import random

import pytest

from canasta.build_info import build
from canasta.cards.deck import ACE, N_TYPES
from canasta.cards.sequences import held_bits
from canasta.engine.apply import play_legal_action
from canasta.engine.deal import Deal, IllegalMove, SeqDeal
from canasta.engine.movegen.rank_melds import (
    KEY_BITS,
    _rank_shift,
    add_hit,
    add_options,
    meld_hit,
    meld_options,
    options_cache,
)
from canasta.engine.movegen.turn_moves import COMPILED, legal_actions
from canasta.engine.state import DealState, SeqState, draw_cards, give_card, take_card
from canasta.moves.actions import group_action
from canasta.moves.notation import ADD, MELD
from canasta.rules.fields import Rules
from canasta.rules.tables import MAX_PACKS


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


def test_option_keys_hold_every_count() -> None:
    # a rank's cards (4 a pack), the wild cards (6 a pack), a room of naturals and 3 wild cards: below 2 ** KEY_BITS
    assert max(4 * MAX_PACKS + 3, 6 * MAX_PACKS) < 2**KEY_BITS
    assert COMPILED == (build() == "compiled")


@pytest.mark.parametrize("preset", ["classic", "samba"])
def test_deal_state_entry_points_are_the_engine(preset: str) -> None:
    rules = Rules.parse(preset)
    deal, twin = Deal(rules, seed=3), Deal(rules, seed=3)
    if COMPILED:  # the compiled methods themselves, no Python wrapper
        assert Deal.legal_actions is DealState.legal_actions and Deal.apply_action is DealState.apply_action
    rng = random.Random(3)
    while not deal.over:
        legal = DealState.legal_actions(deal)
        assert legal == legal_actions(twin)
        with pytest.raises(IllegalMove, match="not a move id"):
            DealState.apply_action(deal, -1)
        a = legal[rng.randrange(len(legal))]
        assert DealState.apply_action(deal, a) == play_legal_action(twin, a)
    assert deal.score() == twin.score()


@pytest.mark.parametrize("preset", ["classic", "cuban", "modern-american"])
def test_int_keyed_reads_give_the_options(preset: str) -> None:
    from canasta.engine.state import Meld

    limits = Deal(Rules.parse(preset), seed=1).meld_limits
    cache = options_cache(limits)
    for r in (4, 9, ACE):
        for most_nat in range(0, 5):
            for t, j in ((0, 0), (1, 2), (3, 3)):
                assert meld_hit(cache, limits, r, most_nat, t, j) == meld_options(cache, limits, r, most_nat, t, j)
                for nat, wild in ((2, 0), (3, 1), (5, 2)):
                    meld = Meld(r, 0, 0)
                    meld.nat, meld.wild = nat, wild
                    for room in range(1, most_nat + 4):
                        assert add_hit(cache, limits, r, most_nat, room, meld, t, j) == add_options(
                            cache, limits, r, most_nat, room, nat, wild, t, j)
