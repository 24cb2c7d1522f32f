"""What the bots know about sequence melds (RULES.md §3.2, Samba family; §3.5 escalator).

Shared by the heuristic (medium) player and the easy/hard levels: reading a
sequence move id, scoring it, and how much a card in hand is worth to the
side's sequences when choosing a discard. Everything is read from the view and
the move ids; nothing here touches a deal.

Where a sequence starts short (``sequence_min`` 3, Samba) it grows on the table, and a card is
worth keeping when it extends one (:func:`seq_keep_cost`). Where it must be laid down long (the
escalator's 7 cards, ``sequence_min=7``), the whole run is collected in the hand first:
:func:`run_keep_costs` finds, for each suit, the window of ``sequence_min`` consecutive ranks of
which the hand holds most, and prices its cards so that the player discards them last, keeps them
out of melds of a rank (:func:`picked_cards` tells which cards a meld id takes) and lays the
escalator when it is complete.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards.deck import ACE, FOUR, JOKER
from canasta.cards.sequences import span_cards, span_decode
from canasta.engine.deal import PlayerView
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, MELD, SEQ_TARGET, SEQ_WILD, TAKE, TAKE_SEQ, TAKE_SEQ_WILD
from canasta.rules.fields import Rules
from canasta.scoring.rank_kinds import rank_hand_penalty

SEQ_KEEP_RUN = 15.0
"""Discard cost of a card that has a neighbour of its suit in hand (a sequence in the making)."""
SEQ_KEEP_EXTEND = 25.0
"""Discard cost of a card that extends one of the side's unfinished sequences."""
RUN_TABLE_MIN = 3
"""Longest ``sequence_min`` for which sequences are built on the table (a neighbour pair and a third
card start one); above it the run is collected in the hand (:func:`run_keep_costs`)."""
RUN_HELD_MIN = 3
"""Fewest different cards of a suit's best window the hand must hold before the player collects it."""
RUN_DRAWS = 2.0
"""Cards a player sees per card he draws from the stock (taken piles bring more)."""
RUN_SHARE = 1.0
"""Share of a run's expected worth (chance to complete it times its canasta bonus and cards) put on
each of its cards in hand."""


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
        from canasta.engine.movegen.wild_sequences import wild_seq_key_span

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


def run_keep_costs(view: PlayerView) -> dict[int, float]:
    """What each card of the runs the hand is collecting is worth keeping (heuristic points).

    Only where sequences are laid down long (``sequence_min`` above :data:`RUN_TABLE_MIN`: the
    escalator's whole 7 cards, §3.5). For each suit, every window of ``sequence_min`` consecutive
    ranks (4 to ace) of which the hand holds at least :data:`RUN_HELD_MIN` different cards is priced
    by the chance ``P`` of drawing its ``m`` missing cards before the stock ends (each one
    ``1 - (1 - copies / unseen) ** draws`` with the player's own draws still to come, ``P`` the
    product): worth ``P * (sequence_canasta_bonus + its cards' values)``, less ``(1 - P)`` times
    what the held cards cost if they stay in hand (their values, or ``rank_hand_penalties``: the
    escalator's −500 seven). The best window of the suit, if worth anything, gives each of its held
    cards ``RUN_SHARE`` times that worth.

    Returns:
        card type -> value (empty without such sequences or runs). Only the last copy of a card in
        hand carries it (a second copy is free to discard or meld): see :func:`run_loss`.
    """
    rules = view.rules
    size = rules.sequence_min
    if not rules.sequences or size <= RUN_TABLE_MIN:
        return {}
    held: list[set[int]] = [set(), set(), set(), set()]
    for c in view.hand:
        if c != JOKER and FOUR <= c >> 2 <= ACE:
            held[c & 3].add(c >> 2)
    if max(len(h) for h in held) < RUN_HELD_MIN:
        return {}
    unseen = view.stock_size + sum(view.hand_sizes) - len(view.hand) + max(0, view.pile_size - 1)
    draws = RUN_DRAWS * view.stock_size / rules.players  # the player's own draws still to come
    copies = rules.packs
    p_card = 1.0 - (1.0 - copies / unseen) ** draws if unseen > copies else (1.0 if draws else 0.0)
    vals = rules.card_values
    out: dict[int, float] = {}
    for suit, ranks in enumerate(held):
        if len(ranks) < RUN_HELD_MIN:
            continue
        best, best_lo = 0.0, -1
        for lo in range(FOUR, ACE - size + 2):
            have = [r for r in range(lo, lo + size) if r in ranks]
            if len(have) < RUN_HELD_MIN:
                continue
            chance = p_card ** (size - len(have))
            gain = rules.sequence_canasta_bonus + sum(vals[r * 4 + suit] for r in range(lo, lo + size))
            stuck = sum(_hand_cost(rules, r * 4 + suit) for r in have)
            worth = chance * gain - (1.0 - chance) * stuck
            if worth > best:
                best, best_lo = worth, lo
        for r in range(best_lo, best_lo + size) if best_lo >= 0 else ():
            if r in ranks:
                out[r * 4 + suit] = RUN_SHARE * best
    return out


def _hand_cost(rules: Rules, card: int) -> int:
    """Points ``card`` costs if it stays in a hand at the end of the deal (``rank_hand_penalties``
    or its value)."""
    pen = rank_hand_penalty(rules, card)
    return rules.card_values[card] if pen is None else pen


def picked_cards(hand: Sequence[int], rank: int, count: int) -> list[int]:
    """The naturals of ``rank`` a meld or take id with ``count`` of them takes from ``hand``: the
    engine picks them by suit, clubs first (``Deal._pick``); fewer if the hand holds fewer."""
    out: list[int] = []
    for suit in range(4):
        c = rank * 4 + suit
        k = min(hand.count(c), count - len(out))
        out.extend([c] * k)
        if len(out) == count:
            break
    return out


def run_loss(hand: Sequence[int], runs: dict[int, float], cards: Sequence[int]) -> float:
    """Keep value (:func:`run_keep_costs`) lost by giving up ``cards`` from ``hand``: the value of each
    card of a run of which no copy stays in hand."""
    if not runs:
        return 0.0
    loss = 0.0
    for c in set(cards):
        v = runs.get(c)
        if v and cards.count(c) >= hand.count(c):
            loss += v
    return loss
