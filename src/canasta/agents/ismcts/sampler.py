"""Hidden cards for one search iteration: a world consistent with everything the seat knows.

:func:`sample_world` deals the cards the seat cannot see at random (through
:func:`canasta.agents.determinize.sample_deal`), keeping every public fact of the seat's view (own hand,
melds, red threes, pile top and size, hand sizes, the turn's state) and what its
:class:`~canasta.agents.memory.CardMemory` holds: the pile cards it saw, and the cards an opponent or the
partner picked up with the pile and has not melded or discarded since (RULES.md §1.7), which stay in that
hand. :func:`world_problems` checks a world against the view and the memory (the tests use it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta.agents.determinize import DeterminizeError, sample_deal
from canasta.agents.memory import CardMemory, clip_known
from canasta.cards.deck import N_TYPES, deck_counts
from canasta.engine.deal import Deal, PlayerView


def sample_world(view: PlayerView, memory: CardMemory, rng: random.Random,
                 legal: Sequence[int] | None = None) -> Deal | None:
    """A deal consistent with ``view`` and ``memory``, hidden cards drawn from ``rng``; None if none fits.

    None means the view and the memory do not fit together, or (when the partner asked "may I go out?",
    §1.9) no hand with which he can go out was found: the caller then decides without search.
    """
    try:
        return sample_deal(view, memory, rng, legal)
    except DeterminizeError:
        return None


def known_held(view: PlayerView, memory: CardMemory, seat: int) -> list[int]:
    """Counts per card type the memory places in ``seat``'s hand (picked up with the pile, not yet
    melded or discarded), clipped to its hand size; zeros for the view's own seat."""
    if seat == view.seat or seat >= len(memory.known):
        return [0] * N_TYPES
    known = memory.known[seat][:]
    clip_known(known, view.hand_sizes[seat])
    return known


def world_problems(world: Deal, view: PlayerView, memory: CardMemory) -> list[str]:
    """What in ``world`` contradicts ``view`` or ``memory`` (empty: the world fits).

    Checked: the own hand is the view's; every hand has the size the view shows; each hand holds the
    cards the memory knows it holds; no card type appears in the deal more often than the deck holds it.
    """
    problems: list[str] = []
    seat = view.seat
    own = [0] * N_TYPES
    for card in view.hand:
        own[card] += 1
    if list(world.hands[seat]) != own:
        problems.append("the seat's own hand differs from its view")
    for s in range(world.n):
        size = sum(world.hands[s])
        if size != view.hand_sizes[s]:
            problems.append(f"seat {s} holds {size} cards, the view shows {view.hand_sizes[s]}")
        held = known_held(view, memory, s)
        if any(world.hands[s][c] < held[c] for c in range(N_TYPES)):
            problems.append(f"seat {s} lacks a card the memory knows it holds")
    deck = deck_counts(view.rules.packs, view.rules.jokers)
    placed = [0] * N_TYPES
    for s in range(world.n):
        for c in range(N_TYPES):
            placed[c] += world.hands[s][c]
    for melds in world.view(seat).melds:
        for meld in melds:
            for card in meld.cards:
                placed[card] += 1
    for card in list(world.pile) + list(world.stock):
        placed[card] += 1
    if any(placed[c] > deck[c] for c in range(N_TYPES)):
        problems.append("a card appears more often than the deck holds it")
    return problems
