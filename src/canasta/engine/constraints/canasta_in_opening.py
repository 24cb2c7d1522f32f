"""An initial meld that must include a canasta (Brazilian, RULES.md §3.2 minimum-count column).

Where ``Rules.min_meld_canasta_from`` asks for it (from a side's cumulative score,
read by ``Rules.opening_requirement``) and a canasta does not waive the minimum count
(``opening_canasta_waives_minimum`` false; where it does, the canasta replaces the
count: :mod:`canasta.engine.constraints.initial_meld`), a side's initial meld is complete only when its melds of
the turn reach the minimum count *and* include a canasta completed that turn (any canasta, or a
natural one: no wild card; a sequence canasta is natural, a canasta of wild
cards is not). :class:`canasta.engine.deal.Deal` offers a move of an unopened side
only while such an opening stays reachable this turn; :func:`canasta_reachable`
answers that from an explicit plan (one canasta to complete, then the most
points of the rest), so a "yes" is always a real way to open; it may miss
openings that need the canasta's rank for other melds as well.

Kinds: :data:`ANY_CANASTA` (1) and :data:`NATURAL_CANASTA` (2); 0 = no canasta needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, TWO
from canasta.cards.sequences import extensions_in_hand, span_cards, spans_in_hand
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.moves.notation import SEQ_TARGET, WILD_TARGET

if TYPE_CHECKING:
    from canasta.engine.state import DealState
    from canasta.rules.fields import Rules

ANY_CANASTA: Final = 1
NATURAL_CANASTA: Final = 2
KIND_WORDS: Final = ("", "a canasta", "a natural canasta")
KIND_OF_REQUIREMENT = {"": 0, "canasta": ANY_CANASTA, "natural_canasta": NATURAL_CANASTA}
"""Kind for each value of ``Rules.opening_requirement``."""


def required_kind(rules: Rules, score: int) -> int:
    """The canasta (0 none, 1 any, 2 natural) the initial meld of a side at cumulative ``score`` (points)
    needs on top of the minimum count: the row of ``min_meld_canasta_from`` reached, unless a canasta
    waives the count (``opening_canasta_waives_minimum``), then 0 (§3.2 Brazilian)."""
    if not rules.min_meld_canasta_from or rules.opening_canasta_waives_minimum:
        return 0
    return KIND_OF_REQUIREMENT[rules.opening_requirement(score)]


def canasta_kind(target: int, size: int, wild: int) -> int:
    """The kind of canasta a meld of ``target`` (a rank, ``WILD_TARGET`` or ``SEQ_TARGET``) with ``size`` cards,
    ``wild`` of them wild, is: 2 natural (a sequence is), 1 mixed or of wild cards, 0 none (under 7 cards)."""
    if size < 7:
        return 0
    return NATURAL_CANASTA if wild == 0 and target != WILD_TARGET else ANY_CANASTA


def turn_canasta_kind(deal: DealState, side: int, skip: object = None) -> int:
    """The best canasta ``side`` completed with melds started this turn: 2 natural (or a sequence),
    1 mixed or of wild cards, 0 none. Only melds made in this turn count (they are the opening).
    ``skip``: a meld left out (the one a move adds to, whose kind after the move the caller knows)."""
    best = 0
    for m in deal.turn_new:
        if m is not skip and deal.side_of[m.creator] == side and m.is_canasta:
            best = max(best, canasta_kind(m.target, 7, m.wild))
    return best


def canasta_reachable(deal: DealState, hand: list[int], rank_counts: list[int], this_turn: dict[int, list[int]],
                      spans: list[tuple[int, int, int]], keep: int, need: int, kind: int) -> bool:
    """Whether a canasta of ``kind`` can still be completed this turn and the initial meld reach
    ``need`` more points, keeping ``keep`` cards.

    ``hand``/``rank_counts``: the hand by card type and by rank; ``this_turn``: the turn's melds of a rank
    (and of wild cards, key 13) as ``[naturals, wild cards]``; ``spans``: the turn's sequences.
    """
    limits = deal.meld_limits
    total = sum(rank_counts)
    wild_have = rank_counts[TWO] + rank_counts[JOKER_RANK]
    vals = deal.values
    plans: list[tuple[list[int], int, int, int, int]] = []  # (cards by rank used, points, meld key, +nat, +wild)
    for r in range(FOUR, ACE + 1):
        nat0, wild0 = this_turn.get(r, (0, 0))
        size0 = nat0 + wild0
        missing = 7 - size0
        if missing <= 0:
            continue
        if kind == NATURAL_CANASTA:
            if wild0 == 0 and rank_counts[r] >= missing and (size0 or missing >= 3):
                use = [0] * 14
                use[r] = missing
                plans.append((use, missing * limits.rank_values[r], r, missing, 0))
            continue
        n = min(rank_counts[r], missing)
        w = missing - n
        if nat0 + n < limits.min_nat or (size0 == 0 and n + w < 3) or w > wild_have:
            continue
        if w > limits.join_capacity(nat0, wild0, n, r):
            continue
        use = [0] * 14
        use[r] = n
        t = min(w, rank_counts[TWO])
        use[TWO] = t
        use[JOKER_RANK] = w - t
        values = limits.rank_values
        plans.append((use, n * values[r] + t * values[TWO] + (w - t) * values[JOKER_RANK], r, n, w))
    if kind == ANY_CANASTA and limits.wild_melds:
        nat0, wild0 = this_turn.get(WILD_TARGET, (0, 0))
        missing = 7 - wild0
        if 0 < missing <= wild_have and (wild0 or missing >= limits.wild_min) and wild0 + missing <= limits.wild_max:
            t = min(missing, rank_counts[TWO])
            use = [0] * 14
            use[TWO] = t
            use[JOKER_RANK] = missing - t
            values = limits.rank_values
            plans.append((use, t * values[TWO] + (missing - t) * values[JOKER_RANK], WILD_TARGET, 0, missing))
    seq_cards: list[tuple[int, ...]] = []
    if deal.rules.sequences:
        seq_cards.extend(span_cards(sp) for sp in spans_in_hand(hand, 7, 7))
        for sp in spans:
            for a, b in extensions_in_hand(hand, sp, 7):
                if b - a + 1 == 7:
                    seq_cards.append(tuple(c for c in span_cards((sp[0], a, b)) if not sp[1] <= c >> 2 <= sp[2]))
    for cards in seq_cards:
        use = [0] * 14
        for c in cards:
            use[c >> 2] += 1
        plans.append((use, sum(vals[c] for c in cards), SEQ_TARGET, 0, 0))
    for use, pts, key, more_nat, more_wild in plans:
        used = sum(use)
        if total - used < keep:
            continue
        rest = [a - b for a, b in zip(rank_counts, use, strict=True)]
        left = need - pts
        if left <= 0:
            return True
        melds_by_rank = {k: v[:] for k, v in this_turn.items() if k != SEQ_TARGET}
        if key != SEQ_TARGET:  # the canasta as the plan leaves it: it takes no more wild cards than allowed
            cur = melds_by_rank.setdefault(key, [0, 0])
            cur[0] += more_nat
            cur[1] += more_wild
        if best_meld_value(rest, melds_by_rank, limits, keep) >= left:
            return True
    return False
