"""What the bots know about sequence melds (RULES.md §3.2, Samba family).

Shared by the heuristic (medium) player and the easy/hard levels: reading a
sequence move id, scoring it, and how much a card in hand is worth to the
side's sequences when choosing a discard. Everything is read from the view and
the move ids; nothing here touches a deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACE, FOUR, JOKER
from ..engine import PlayerView
from ..moves import ACTIONS, ADD, MELD, SEQ_TARGET, SEQ_WILD, TAKE, TAKE_SEQ, TAKE_SEQ_WILD
from ..sequences import span_cards, span_decode

SEQ_KEEP_RUN = 15.0
"""Discard cost of a card that has a neighbour of its suit in hand (a sequence in the making)."""
SEQ_KEEP_EXTEND = 25.0
"""Discard cost of a card that extends one of the side's unfinished sequences."""


def is_seq_action(action: int) -> bool:
    """A sequence meld, an addition to a sequence, or taking the pile to a sequence (with or without a
    wild card in it, Hollywood)."""
    kind, arg = ACTIONS[action][0], ACTIONS[action][1]
    return (kind in (MELD, ADD) and arg in (SEQ_TARGET, SEQ_WILD)) or (kind == TAKE and arg in (TAKE_SEQ,
                                                                                                TAKE_SEQ_WILD))


def seq_action_cards(action: int) -> tuple[tuple[int, ...], int, int]:
    """For a sequence MELD/ADD id: (cards it takes from the hand, size before, size after); a wild card
    it uses is given as a joker for a joker and as the two of clubs for a two."""
    kind, arg, suit, a, b = ACTIONS[action]
    if arg == SEQ_WILD:
        from ..wildseq import wild_seq_key_span

        (s, lo, hi), size0, size1, hole = wild_seq_key_span(action)
        wk = b & 3
        wild = (JOKER,) if wk == 2 else (0,) if wk == 1 else ()
        if kind == MELD:
            return tuple(c for c in span_cards((s, lo, hi)) if c >> 2 != hole) + wild, 0, size1
        na, nb = span_decode(b >> 2)
        new = tuple(c for c in span_cards((s, na, nb)) if not lo <= c >> 2 <= hi and (not wk or c >> 2 != hole))
        return new + wild, size0, size1
    if kind == MELD:
        cards = span_cards((suit, a, b))
        return cards, 0, len(cards)
    (lo, hi), (na, nb) = span_decode(a), span_decode(b)
    cards = tuple(c for c in span_cards((suit, na, nb)) if not lo <= c >> 2 <= hi)
    return cards, hi - lo + 1, nb - na + 1


def seq_points(cards: Sequence[int], values: Sequence[int]) -> int:
    """Card values in points of ``cards``."""
    return sum(values[c] for c in cards)


def seq_keep_cost(view: PlayerView, card: int) -> float:
    """Extra cost of discarding ``card`` because the side's sequences want it (0 without sequences)."""
    if not view.rules.sequences or card == JOKER or not FOUR <= card >> 2 <= ACE:
        return 0.0
    suit, r = card & 3, card >> 2
    cost = 0.0
    for m in view.melds[view.side]:
        sp = m.span
        if sp is not None and sp[0] == suit and len(m.cards) < view.rules.sequence_max \
                and r in (sp[1] - 1, sp[2] + 1):
            cost += SEQ_KEEP_EXTEND
    hand = view.hand
    if (r > FOUR and (r - 1) * 4 + suit in hand) or (r < ACE and (r + 1) * 4 + suit in hand):
        cost += SEQ_KEEP_RUN
    return cost
