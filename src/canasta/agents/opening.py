"""The heuristic's plan for the initial meld (RULES.md §1.6): the cheapest melds that reach the minimum."""

from __future__ import annotations

from canasta.agents.heuristic_weights import HeuristicWeights
from canasta.agents.position import Position
from canasta.cards.deck import ACE, FOUR, JOKER_RANK, TWO
from canasta.moves.notation import (
    ADD,
    MELD,
)

Step = tuple[int, int, int, int, int]
"""A meld or addition: (kind, target, naturals, twos, jokers), as in ``ACTIONS``."""


def opening_plan(pos: Position, w: HeuristicWeights) -> tuple[float, list[Step]] | None:
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
    f = pos.f
    rc = pos.rank_counts
    lim = f.meld_limits
    rv = f.rank_values
    need = view.minimums[view.side] - view.melded_this_turn
    if need <= 0:
        return 0.0, []
    max_used = pos.size - max(0, 2 - view.pending_pile)
    # (value, rank, kind, naturals, wild cards required, room for wild cards)
    groups: list[tuple[int, int, int, int, int, int]] = []
    for r in range(FOUR, ACE + 1):
        c = rc[r]
        if not c:
            continue
        e = pos.ex.get(r)
        if e is not None:
            groups.append((c * rv[r], r, ADD, c, 0, lim.capacity(e[0] + c, e[1])))
        elif c >= lim.min_nat:
            req = max(0, 3 - c)
            cap = lim.capacity(c, 0)
            if cap >= req:
                groups.append((c * rv[r], r, MELD, c, req, cap))
    groups.sort(reverse=True)
    del groups[8:]
    twos, jokers = rc[TWO], rc[JOKER_RANK]
    v2, vj = rv[TWO], rv[JOKER_RANK]
    best_key: tuple[float, int] | None = None
    best: tuple[int, int, int] = (0, 0, 0)
    for mask in range(1, 1 << len(groups)):
        value = nat = req = cap = 0
        for i, g in enumerate(groups):
            if mask >> i & 1:
                value += g[0]
                nat += g[3]
                req += g[4]
                cap += g[5]
        if nat + req > max_used:
            continue
        for t in range(min(twos, cap) + 1):
            for j in range(min(jokers, cap - t) + 1):
                if t + j < req:
                    continue
                if nat + t + j > max_used or value + t * v2 + j * vj < need:
                    continue
                key = (t * w.two_cost + j * w.joker_cost, nat + t + j)
                if best_key is None or key < best_key:
                    best_key, best = key, (mask, t, j)
                break  # more jokers only cost more
    if best_key is None:
        return None
    mask, t_left, j_left = best
    chosen = [g for i, g in enumerate(groups) if mask >> i & 1]
    wild_of = []
    for g in chosen:  # the wild cards a pair needs: twos first
        t = min(g[4], t_left)
        t_left -= t
        j = g[4] - t
        j_left -= j
        wild_of.append([t, j])
    for k, g in enumerate(chosen):  # extra wild cards where there is room
        room = g[5] - sum(wild_of[k])
        t = min(room, t_left)
        j = min(room - t, j_left)
        t_left -= t
        j_left -= j
        wild_of[k][0] += t
        wild_of[k][1] += j
    steps = [(g[2], g[1], g[3], wt[0], wt[1]) for g, wt in zip(chosen, wild_of, strict=True)]
    return best_key[0], steps

