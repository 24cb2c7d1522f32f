"""The heuristic's plan for the initial meld (RULES.md §1.6): the cheapest melds that reach the minimum."""

from __future__ import annotations

from typing import NamedTuple

from canasta.agents.heuristic_weights import HeuristicWeights
from canasta.agents.position import Position
from canasta.cards.deck import ACE, FOUR, JOKER_RANK, TWO
from canasta.moves.notation import ADD, MELD

Step = tuple[int, int, int, int, int]
"""A meld or addition: (kind, target, naturals, twos, jokers), as in ``ACTIONS`` (``group_action`` builds its id)."""

MOST_GROUPS = 8
"""Ranks the plan considers at most (the most valuable): it tries every subset of them."""


class OpeningGroup(NamedTuple):
    """All the naturals of one rank in the hand, as a meld or an addition towards the initial meld.

    Groups sort by value first (then rank), the order the plan keeps the most valuable ones in.
    """

    value: int
    """Points of the naturals (towards the minimum count)."""
    rank: int
    """Rank index (4 .. ace)."""
    kind: int
    """MELD (a new meld) or ADD (to a meld made earlier this turn)."""
    naturals: int
    """Naturals of the rank in the hand (all of them are melded)."""
    wild_needed: int
    """Wild cards a new meld needs (a pair needs one)."""
    wild_room: int
    """Wild cards the meld can take at most."""


CHARGED_MELD_FROM = 5
"""Cards of a rank whose incomplete meld is charged (MAC natural aces, sevens) the hand must hold to start a meld
of it in the initial meld (RulesFacts.incomplete_penalties; elsewhere no rank is charged)."""


def _opening_groups(pos: Position) -> list[OpeningGroup]:
    """The ranks of the hand that can join the initial meld, most valuable first (at most :data:`MOST_GROUPS`)."""
    limits = pos.facts.meld_limits
    rank_values = pos.facts.rank_values
    penalties = pos.facts.incomplete_penalties
    groups: list[OpeningGroup] = []
    for rank in range(FOUR, ACE + 1):
        count = pos.rank_counts[rank]
        if not count:
            continue
        existing = pos.extendable.get(rank)
        if existing is not None:
            room = limits.join_capacity(existing[0], existing[1], count)
            groups.append(OpeningGroup(count * rank_values[rank], rank, ADD, count, 0, room))
        elif rank in penalties and count < CHARGED_MELD_FROM:
            continue  # an incomplete meld of it would block going out and cost its penalty (MAC A.9, A.12)
        elif count >= limits.min_nat:
            needed = max(0, 3 - count)
            room = limits.capacity(count, 0)
            if room >= needed:
                groups.append(OpeningGroup(count * rank_values[rank], rank, MELD, count, needed, room))
    groups.sort(reverse=True)
    del groups[MOST_GROUPS:]
    return groups


def _cheapest_subset(pos: Position, weights: HeuristicWeights, groups: list[OpeningGroup], need: int,
                     max_used: int) -> tuple[float, int, int, int] | None:
    """The cheapest (cost, subset mask, twos, jokers) of ``groups`` that reaches ``need`` points with at most
    ``max_used`` cards: least wild-card cost, then fewest cards; None when no subset does."""
    twos, jokers = pos.rank_counts[TWO], pos.rank_counts[JOKER_RANK]
    two_value, joker_value = pos.facts.rank_values[TWO], pos.facts.rank_values[JOKER_RANK]
    best_key: tuple[float, int] | None = None
    best = (0, 0, 0)
    for mask in range(1, 1 << len(groups)):
        value = naturals = needed = room = 0
        for i, group in enumerate(groups):
            if mask >> i & 1:
                value += group.value
                naturals += group.naturals
                needed += group.wild_needed
                room += group.wild_room
        if naturals + needed > max_used:
            continue
        for two_count in range(min(twos, room) + 1):
            for joker_count in range(min(jokers, room - two_count) + 1):
                if two_count + joker_count < needed:
                    continue
                cards = naturals + two_count + joker_count
                if cards > max_used or value + two_count * two_value + joker_count * joker_value < need:
                    continue
                key = (two_count * weights.two_cost + joker_count * weights.joker_cost, cards)
                if best_key is None or key < best_key:
                    best_key, best = key, (mask, two_count, joker_count)
                break  # more jokers only cost more
    if best_key is None:
        return None
    return best_key[0], best[0], best[1], best[2]


def _share_wild_cards(chosen: list[OpeningGroup], twos: int, jokers: int) -> list[Step]:
    """The steps melding ``chosen`` with ``twos`` and ``jokers`` shared out: first the wild cards each pair
    needs (twos first), then the rest where there is room."""
    wild_of = []
    for group in chosen:
        two_count = min(group.wild_needed, twos)
        twos -= two_count
        joker_count = group.wild_needed - two_count
        jokers -= joker_count
        wild_of.append([two_count, joker_count])
    for k, group in enumerate(chosen):
        room = group.wild_room - sum(wild_of[k])
        two_count = min(room, twos)
        joker_count = min(room - two_count, jokers)
        twos -= two_count
        jokers -= joker_count
        wild_of[k][0] += two_count
        wild_of[k][1] += joker_count
    return [(group.kind, group.rank, group.naturals, wild[0], wild[1])
            for group, wild in zip(chosen, wild_of, strict=True)]


def opening_plan(pos: Position, weights: HeuristicWeights) -> tuple[float, list[Step]] | None:
    """The cheapest melds that reach the side's initial meld this turn (RULES.md §1.6).

    Cheapest means: least wild-card cost (``two_cost``, ``joker_cost``), then fewest
    cards, so the minimum is just reached. Each rank of which the hand holds a
    natural pair or more is melded whole (a pair with a wild card); melds already
    made this turn can take more cards. At least two cards (counting a pile set
    aside) stay in the hand, as the engine requires (§1.4).

    Returns:
        (cost, steps) or None when the minimum cannot be reached this turn.
    """
    view = pos.view
    need = view.minimums[view.side] - view.melded_this_turn
    if need <= 0:
        return 0.0, []
    max_used = pos.size - max(0, 2 - view.pending_pile)
    groups = _opening_groups(pos)
    found = _cheapest_subset(pos, weights, groups, need, max_used)
    if found is None:
        return None
    cost, mask, twos, jokers = found
    chosen = [group for i, group in enumerate(groups) if mask >> i & 1]
    return cost, _share_wild_cards(chosen, twos, jokers)
