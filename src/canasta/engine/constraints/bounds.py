"""Quick bounds on what a hand can still meld, to skip exact plans whose answer they already know.

The plans of :mod:`canasta.engine.constraints.meld_plans` are exact but cost a search over discards and wild cards;
the engine asks some of them at every move (may the player ask "may I go out?", RULES.md §1.9; does a
meld keep the initial meld reachable, §1.6). A bound computed in one pass over the ranks answers many
of those questions first: :func:`loose_cards_fit` and :func:`may_meld_out` say "no" only where
``can_meld_out`` says no, :func:`naturals_reach` says "yes" only where ``best_meld_value`` reaches the
points (``engine._OpeningCheck`` adds the pairs of :func:`pair_takes_wild` to it); otherwise the engine
asks the plan. The answers are the same, only sooner
(tests/test_speed_shortcuts.py checks them against the plans).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.meld_limits import MeldLimits
from canasta.moves.notation import WILD_TARGET

if TYPE_CHECKING:
    from canasta.rules.fields import Rules


def loose_cards_fit(
    rank_counts: list[int], targets: Sequence[int], limits: MeldLimits, allow_discard: bool = True
) -> bool:
    """Whether the hand's loose cards (counts ``rc`` by rank index), where the side has no meld of their rank
    (``targets``: the side's meld index per target, -1 for none, as ``Deal.meld_index``), leave melding it out
    possible: its lone cards (black threes short of three, naturals of a rank fewer than ``min_naturals``)
    fit in its one discard (none where not ``allow_discard``), and each pair that one wild card makes a
    meld (``lim.pair_wild``) has a wild card of the hand. No lone card can join a meld, and a pair
    melds only with a wild card (a discard would leave a lone card), so a hand failing either cannot go out:
    the first checks of :func:`canasta.engine.constraints.meld_plans.can_meld_out` and :func:`may_meld_out`, read from
    ``targets`` without building their dict of melds."""
    most = 1 if allow_discard else 0
    lone = rank_counts[THREE] if rank_counts[THREE] < 3 or not limits.threes else 0
    if lone > most:
        return False
    min_nat = limits.min_nat
    pairs = limits.pair_wild
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if c and c < 3 and targets[r] < 0:
            if c < min_nat:
                lone += c
                if lone > most:
                    return False
            elif c == 2 and pairs and limits.pair_wild_at(r):
                wilds -= 1
                if wilds < 0:
                    return False
    return True


def may_meld_out(
    rank_counts: list[int],
    melds_by_rank: dict[int, list[int]],
    limits: MeldLimits,
    more: int,
    allow_discard: bool = True,
) -> bool:
    """Whether melding every card of ``rc`` (counts by rank index; all, or all but one discarded where
    ``allow_discard``) might be possible while completing ``more`` canastas: False only when it surely
    is not.

    ``ex`` maps a target (rank index 4..A, or ``WILD_TARGET``) to ``[naturals, wild cards]`` of the
    side's melds, as for :func:`canasta.engine.constraints.meld_plans.can_meld_out`, whose plans this bounds:

    * lone cards (black threes short of three, naturals of a rank too few for a meld with no meld of
      their rank to join) can only be the one discard (the first check of ``can_meld_out``);
    * a pair of a rank with no meld becomes a meld only with a wild card (§1.5), and a discard cannot
      help (it would leave a lone card); so the hand needs a wild card per such pair;
    * each meld not yet a canasta (of a rank, existing or new; or the meld of wild cards where
      ``lim.wild_melds``) lacks ``7 - its cards - the hand's naturals of its rank`` cards that only the
      wild cards left can fill, one each: a meld lacking nothing counts at once, then the smallest gaps
      while the wild cards last. Fewer than ``more`` canastas so made means no plan makes ``more``.

    A discard only takes cards away, so the bound holds for every discard.
    """
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    gaps: list[int] = []
    done = 0
    min_nat = limits.min_nat
    lone = 1 if allow_discard else 0  # lone cards the hand may still hold (the discard)
    if 0 < rank_counts[THREE] and (rank_counts[THREE] < 3 or not limits.threes):
        lone -= rank_counts[THREE]
        if lone < 0:
            return False
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        e = melds_by_rank.get(r)
        if e is None:
            if not c:
                continue
            if c < min_nat:
                lone -= c
                if lone < 0:
                    return False
                continue
            if c >= 3:
                gap = 7 - c
            elif c == 2 and limits.pair_wild_at(r):
                wilds -= 1  # the pair's own wild card
                if wilds < 0:
                    return False
                gap = 6 - c
            else:
                continue  # a lone card: it can only be the discard
        else:
            size = e[0] + e[1]
            if size >= 7:
                continue  # a canasta already, counted in the side's canastas
            gap = 7 - size - c
        if gap <= 0:
            done += 1
        else:
            gaps.append(gap)
    if done >= more:
        return True
    if limits.wild_melds and wilds > 0:
        e = melds_by_rank.get(WILD_TARGET)
        size = e[0] + e[1] if e is not None else 0
        if size < 7:
            gaps.append(7 - size)
    more -= done
    if len(gaps) < more:
        return False
    gaps.sort()
    return sum(gaps[:more]) <= wilds


def naturals_reach(
    rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, keep: int, need: int
) -> bool:
    """Whether melding only naturals already makes ``need`` points while keeping ``keep`` cards: each
    rank's naturals join its meld in ``ex`` (as room allows), or form a new meld where they are 3 or
    more (``min_naturals``); wild cards, pairs and lone cards stay in hand (RULES.md §1.5, §1.6).

    True means :func:`canasta.engine.constraints.meld_plans.best_meld_value` is at least ``need`` too (its plan melds
    all
    of these and more, and where it must keep more cards it keeps the ones this plan keeps), so it
    need not be asked; False says nothing.
    """
    rank_values = limits.rank_values
    maxs = limits.max_size
    min_nat = limits.min_nat
    value = 0
    melded = 0
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c:
            continue
        e = melds_by_rank.get(r)
        if e is not None:
            room = limits.meld_room(e[0], e[1])
            if c > room:
                c = room if room > 0 else 0
        elif c < 3 or c < min_nat:
            continue
        elif c > maxs:
            c = maxs
        value += c * rank_values[r]
        melded += c
    return value >= need and sum(rank_counts) - melded >= keep


def pair_takes_wild(c: int, limits: MeldLimits, rank: int = -1) -> bool:
    """Whether ``c`` naturals of a rank with no meld are a pair that one wild card makes a meld (§1.5): too
    few for a meld of naturals, enough naturals (``min_naturals``) and room for the wild card. These are the
    pairs the plan of :func:`canasta.engine.constraints.meld_plans.best_meld_value` melds with a wild card each, best
    first,
    while wild cards last."""
    return c == 2 and (limits.pair_wild_at(rank) if rank >= 0 else limits.pair_wild)


def naturals_melded(c: int, meld: list[int] | None, max_size: int, least: int, mixed_max: int = -1) -> int:
    """How many of ``c`` naturals of one rank the plan of :func:`naturals_reach` melds: as many as the
    room of ``meld`` (``[naturals, wild cards]`` of the meld they join, None for none; ``max_size``:
    ``MeldLimits.max_size``; ``mixed_max``: ``MeldLimits.mixed_max`` for a meld holding a wild card) takes, else
    all of them (up to ``max_size``) if they are ``least`` or more (``max(3, min_naturals)``), else none."""
    if c <= 0:
        return 0
    if meld is not None:
        room = (mixed_max if meld[1] and mixed_max >= 0 else max_size) - meld[0] - meld[1]
        return c if c <= room else (room if room > 0 else 0)
    if c < least:
        return 0
    return c if c <= max_size else max_size


def needs_search(rules: Rules) -> bool:
    """Whether going out in this variant depends on more than rank counts (module docstring)."""
    return bool(rules.sequences or rules.twos_melds or rules.discard_blocked_rank or rules.black3_set_leaves_play
                or rules.incomplete_blocks_going_out or rules.black3_foot_book)
