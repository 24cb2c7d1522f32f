"""Sequence melds: cards of one suit in unbroken rank order (RULES.md §3.2).

Samba, Bolivia, Brazilian, Chilean and Hollywood allow, besides the melds of one
rank, *sequence melds* ("escaleras", "scări", "ladders"): 3 to 7 natural cards of
one suit with consecutive ranks, four low and ace high (twos and threes are never
naturals of a sequence, and in these presets no wild card joins one). Seven cards
make a *sequence canasta* (Samba's "samba", 1500), which takes no more cards.
Which variants have them, and their sizes and bonuses, are
:class:`~canasta.rules.Rules` fields (``sequences``, ``sequence_min``,
``sequence_max``, ``sequence_canasta_bonus``, ``short_sequence_penalty``).

A sequence is described by its *span* ``(suit, low, high)``: suit index 0..3
(C, D, H, S) and the rank indices (:data:`canasta.cards.FOUR` .. ``ACE``) of its
lowest and highest card. This module is pure geometry on card types; the engine
(:mod:`canasta.engine`) applies the rules, :mod:`canasta.moves` names the moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .cards import ACE, FOUR, IS_WILD, JOKER, RANKS, SUITS, card_str

SEQ_MIN = 3
"""Fewest cards of any sequence meld the move table can name."""
SEQ_MAX = 7
"""Most cards of any sequence meld the move table can name (a sequence canasta)."""

Span = tuple[int, int, int]
"""(suit 0..3, lowest rank index, highest rank index) of a sequence."""


def span_cards(span: Span) -> tuple[int, ...]:
    """The card types of a natural sequence, lowest first."""
    suit, lo, hi = span
    return tuple(r * 4 + suit for r in range(lo, hi + 1))


def span_ends(span: Sequence[int]) -> tuple[int, int]:
    """The lowest and highest card types of the sequence ``span`` = (suit, low, high)."""
    suit, lo, hi = span
    return lo * 4 + suit, hi * 4 + suit


def span_str(span: Span) -> str:
    """A sequence as text, lowest and highest card: ``4H-6H`` (the notation of ``add 7H to 4H-6H``)."""
    suit, lo, hi = span
    return f"{RANKS[lo]}{SUITS[suit]}-{RANKS[hi]}{SUITS[suit]}"


def span_code(lo: int, hi: int) -> int:
    """One integer for a rank range (``lo * 16 + hi``), used inside move-id keys."""
    return lo * 16 + hi


def span_decode(code: int) -> tuple[int, int]:
    """The (low, high) rank indices of a :func:`span_code`."""
    return code >> 4, code & 15


def sequence_problem(cards: Sequence[int]) -> str:
    """Why ``cards`` are not one natural sequence, in a player's words ('' if they are one).

    A sequence here is 1 card or more of one suit, ranks 4..A, all different and
    consecutive once sorted (the length limits are the rules', checked elsewhere).
    """
    if not cards:
        return "a sequence needs cards"
    if any(IS_WILD[c] for c in cards):
        return "no wild card may join a sequence in this variant (§3.2)"
    ranks = sorted(c >> 2 for c in cards)
    if ranks[0] < FOUR:
        return "twos and threes are not part of sequences: a sequence runs from 4 (low) to A (high) (§3.2)"
    if len({c & 3 for c in cards}) > 1:
        return "a sequence is of one suit (§3.2)"
    if len(set(ranks)) != len(ranks):
        return "a sequence holds each rank once (§3.2)"
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return "the cards of a sequence must follow each other without a gap (§3.2)"
    return ""


def span_of(cards: Sequence[int]) -> Span | None:
    """The span of ``cards`` if they form one natural sequence (any length), else None."""
    if sequence_problem(cards):
        return None
    ranks = [c >> 2 for c in cards]
    return (cards[0] & 3, min(ranks), max(ranks))


def extension_problem(span: Span, cards: Sequence[int], max_len: int) -> str:
    """Why ``cards`` cannot extend the sequence ``span`` ('' if they can).

    The cards must be of its suit and, with the sequence, form one unbroken
    sequence of at most ``max_len`` cards.
    """
    if not cards:
        return "name the cards to add"
    suit, lo, hi = span
    if hi - lo + 1 >= max_len:
        return f"{span_str(span)} is a full sequence canasta: it takes no more cards (§3.2)"
    bad = sequence_problem(list(cards) + list(span_cards(span)))
    if bad:
        if any(not IS_WILD[c] and c != JOKER and (c & 3) != suit for c in cards):
            return f"{span_str(span)} is a sequence of {'♣♦♥♠'[suit]}: add cards of that suit (§3.2)"
        return bad
    if hi - lo + 1 + len(cards) > max_len:
        return f"a sequence holds at most {max_len} cards; {span_str(span)} cannot take {len(cards)} more (§3.2)"
    return ""


def extended(span: Span, cards: Sequence[int]) -> Span:
    """The span of ``span`` after adding ``cards`` (assumed valid, see :func:`extension_problem`)."""
    suit, lo, hi = span
    ranks = [c >> 2 for c in cards]
    return (suit, min([lo] + ranks), max([hi] + ranks))


def held_runs(hand: Sequence[int], suit: int) -> Iterator[tuple[int, int]]:
    """Maximal runs ``(low, high)`` of ranks 4..A of ``suit`` that ``hand`` (counts by card type) holds."""
    r = FOUR
    while r <= ACE:
        if hand[r * 4 + suit]:
            lo = r
            while r + 1 <= ACE and hand[(r + 1) * 4 + suit]:
                r += 1
            yield lo, r
        r += 1


def spans_in_hand(hand: Sequence[int], min_len: int, max_len: int) -> list[Span]:
    """Every natural sequence of ``min_len``..``max_len`` cards that ``hand`` (counts by card type) can meld."""
    out: list[Span] = []
    most_gaps = ACE - FOUR + 1 - min_len
    for suit in range(4):
        row = hand[FOUR * 4 + suit:ACE * 4 + 4:4]  # counts of 4..A of the suit
        if row.count(0) > most_gaps:
            continue  # fewer cards of the suit than a sequence needs
        run = 0
        for r, held in enumerate(row, FOUR):
            if held:
                run += 1
                if r < ACE:
                    continue
                r += 1
            if run >= min_len:
                a, b = r - run, r - 1
                for lo in range(a, b - min_len + 2):
                    for hi in range(lo + min_len - 1, min(b, lo + max_len - 1) + 1):
                        out.append((suit, lo, hi))
            run = 0
    return out


def extensions_in_hand(hand: Sequence[int], span: Span, max_len: int) -> Iterator[tuple[int, int]]:
    """Every new range ``(low, high)`` the sequence ``span`` can reach with cards of ``hand``.

    The cards added are the ranks of the new range outside the old one; the new
    range holds at most ``max_len`` cards and differs from the old one.
    """
    suit, lo, hi = span
    down = lo
    while down - 1 >= FOUR and hand[(down - 1) * 4 + suit]:
        down -= 1
    up = hi
    while up + 1 <= ACE and hand[(up + 1) * 4 + suit]:
        up += 1
    for a in range(lo, down - 1, -1):
        for b in range(hi, up + 1):
            if (a, b) != (lo, hi) and b - a + 1 <= max_len:
                yield a, b


def sequence_value(span: Span, values: Sequence[int]) -> int:
    """Card values in points of a natural sequence (``values`` per card type)."""
    return sum(values[c] for c in span_cards(span))


def describe_cards(cards: Sequence[int]) -> str:
    """Cards as text separated by spaces (for messages)."""
    return " ".join(card_str(c) for c in cards)
