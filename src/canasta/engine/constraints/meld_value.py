"""The most points a hand can still meld, exactly, where the quick plan of
:func:`canasta.engine.constraints.meld_plans.best_meld_value` cannot vouch for its own answer.

The quick plan melds every natural it can, makes the best pairs melds with one wild card each and places the
other wild cards where there is room. That is the most any plan melds when it places every wild card and cuts no
natural (the bound it checks); otherwise a choice may pay more: keeping a wild card from a pair so that three wild
cards make a meld of their own (MAC A.6: 2C 2S JK, 90, against 5S 5S 2C with the joker on it, 80), or a wild card
in place of a natural in a meld that a ``canasta_max`` caps (Cuban §3.2, MAC A.7: a 20-point two where a 10 would
stand). :func:`best_by_ranks` tries every choice, rank by rank, keeping per number of wild cards joined to melds and
per number of cards left (up to the cards to keep) the most points; the wild cards a plan melds are always its
most valuable ones, since no meld's limits depend on which wild card it holds.

The rules read are those of :class:`~canasta.engine.constraints.meld_limits.MeldLimits` (a meld's room and the wild
cards it takes, the pair a wild card makes a meld, melds of wild cards, the meld of wild cards completed first);
its answers are checked against an exhaustive search in tests/test_meld_plans_oracle.py.
"""

from __future__ import annotations

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.meld_limits import WILD, MeldLimits, new_meld_ok


def rank_choices(limits: MeldLimits, rank: int, count: int, meld: list[int] | None) -> list[tuple[int, int, int]]:
    """Every way to meld ``count`` naturals of ``rank`` (rank index 4..12), with the side's meld of it
    ``meld`` (``[naturals, wild cards]``) or none: (naturals melded, fewest wild cards with them, most wild
    cards with them). A new meld is one of :func:`~canasta.engine.constraints.meld_limits.new_meld_ok` (§1.5)."""
    if meld is not None:
        room = limits.meld_room(meld[0], meld[1])
        return [(n, 0, limits.join_capacity(meld[0], meld[1], n, rank)) for n in range(min(count, max(0, room)) + 1)]
    out = [(0, 0, 0)]
    for n in range(2, count + 1):
        fewest = 1 if n == 2 else 0  # a pair takes one wild card to be a meld
        if new_meld_ok(limits, rank, n, fewest):
            most = limits.capacity(n, 0, rank)
            if fewest <= most:
                out.append((n, fewest, most))
    return out


def best_by_ranks(rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits,
                  keep: int) -> int:
    """The most card points meldable from the hand ``rank_counts`` (counts by rank index, 0 = two .. 13 = joker)
    into new melds or the side's melds ``melds_by_rank`` (target to ``[naturals, wild cards]``), leaving at least
    ``keep`` cards; -1 where no choice leaves them. Threes never join a meld here (they stay in the hand)."""
    keep = keep if keep > 0 else 0
    width = keep + 1
    values = limits.rank_values
    wilds = sorted([values[JOKER_RANK]] * rank_counts[JOKER_RANK] + [values[TWO]] * rank_counts[TWO], reverse=True)
    w = len(wilds)
    # best[used * width + left]: most points of naturals with ``used`` wild cards in melds of ranks and ``left``
    # cards left (at most keep), -1 where no choice gets there
    best = [-1] * ((w + 1) * width)
    best[min(keep, rank_counts[THREE])] = 0
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        meld = melds_by_rank.get(r)
        if not c and meld is None:
            continue
        choices = rank_choices(limits, r, c, meld)
        after = [-1] * len(best)
        for used in range(w + 1):
            for left in range(width):
                pts = best[used * width + left]
                if pts < 0:
                    continue
                for n, fewest, most in choices:
                    now = left + c - n
                    i = (used + fewest) * width + (now if now < keep else keep)
                    val = pts + n * values[r]
                    for _ in range(fewest, (most if most < w - used else w - used) + 1):
                        if after[i] < val:
                            after[i] = val
                        i += width
        best = after
    return _with_wild_meld(best, width, wilds, melds_by_rank, limits, keep)


def _with_wild_meld(best: list[int], width: int, wilds: list[int], melds_by_rank: dict[int, list[int]],
                    limits: MeldLimits, keep: int) -> int:
    """:func:`best_by_ranks`'s answer from its table ``best``: the wild cards not joined to melds of ranks go
    to the side's meld of wild cards where the variant allows one (a new one of ``wild_min`` cards or more, at
    most ``wild_max``), completed first where ``wild_first`` (MAC A.6); the rest stay in the hand."""
    w = len(wilds)
    prefix = [0] * (w + 1)
    for i, v in enumerate(wilds):
        prefix[i + 1] = prefix[i] + v
    meld = melds_by_rank.get(WILD)
    size = meld[0] + meld[1] if meld is not None else 0
    sizes = [0]
    if limits.wild_melds:  # the sizes the meld of wild cards may take (no more than the wild cards held)
        if meld is not None:
            sizes = list(range(min(w, max(0, limits.wild_max - size)) + 1))
        else:
            sizes += list(range(limits.wild_min, min(w, limits.wild_max) + 1))
    first = limits.wild_first and meld is not None and size < 7
    answer = -1
    for used in range(w + 1):
        for left in range(width):
            pts = best[used * width + left]
            if pts < 0:
                continue
            for k in sizes:
                total = used + k
                if total > w:
                    break
                if first and used and size + k < 7:
                    continue  # a wild card elsewhere before the meld of wild cards is complete
                if left + w - total < keep:
                    continue
                if pts + prefix[total] > answer:
                    answer = pts + prefix[total]
    return answer
