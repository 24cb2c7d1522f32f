"""Sequence melds: cards of one suit in unbroken rank order (RULES.md §3.2).

Samba, Bolivia, Brazilian, Chilean and Hollywood allow, besides the melds of one
rank, *sequence melds* ("escaleras", "scări", "ladders"): 3 to 7 natural cards of
one suit with consecutive ranks, four low and ace high (twos and threes are never
naturals of a sequence; only Hollywood lets one wild card in, ``sequence_wild_max``,
see the end of this module and :mod:`canasta.engine.movegen.wild_sequences`). Seven cards
make a *sequence canasta* (Samba's "samba", 1500), which takes no more cards.
Which variants have them, and their sizes and bonuses, are
:class:`~canasta.rules.fields.Rules` fields (``sequences``, ``sequence_min``,
``sequence_max``, ``sequence_canasta_bonus``, ``short_sequence_penalty``).

A sequence is described by its *span* ``(suit, low, high)``: suit index 0..3
(C, D, H, S) and the rank indices (:data:`canasta.cards.deck.FOUR` .. ``ACE``) of its
lowest and highest card. This module is pure geometry on card types; the engine
(:mod:`canasta.engine.deal`) applies the rules, :mod:`canasta.moves.notation` names the moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER, N_TYPES, RANKS, SUITS, card_str
from canasta.util.refusal import Refusal, refusal

SEQ_MIN: Final = 3
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


NO_WILD = "no wild card may join a sequence in this variant (§3.2)"
TWOS_THREES = "twos and threes are not part of sequences: a sequence runs from 4 (low) to A (high) (§3.2)"
GAP = "the cards of a sequence must follow each other without a gap (§3.2)"


def sequence_problem(cards: Sequence[int]) -> Refusal | None:
    """Why ``cards`` are not one natural sequence, as a refusal with its reason code (None if they are one).

    A sequence here is 1 card or more of one suit, ranks 4..A, all different and
    consecutive once sorted (the length limits are the rules', checked elsewhere).

    >>> print(sequence_problem([16 + 2, 24 + 2]))
    the cards of a sequence must follow each other without a gap (§3.2)
    """
    if not cards:
        return refusal("sequence_no_cards", "a sequence needs cards")
    if any(IS_WILD[c] for c in cards):
        return refusal("sequence_no_wild", NO_WILD)
    bad = naturals_problem(cards)
    if bad:
        return bad
    ranks = sorted(c >> 2 for c in cards)
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return refusal("sequence_gap", GAP)
    return None


def span_of(cards: Sequence[int]) -> Span | None:
    """The span of ``cards`` if they form one natural sequence (any length), else None."""
    if sequence_problem(cards):
        return None
    ranks = [c >> 2 for c in cards]
    return (cards[0] & 3, min(ranks), max(ranks))


def extension_problem(span: Span, cards: Sequence[int], max_len: int) -> Refusal | None:
    """Why ``cards`` cannot extend the sequence ``span`` (None if they can).

    The cards must be of its suit and, with the sequence, form one unbroken
    sequence of at most ``max_len`` cards.
    """
    if not cards:
        return refusal("sequence_name_cards", "name the cards to add")
    suit, lo, hi = span
    name = span_str(span)
    if hi - lo + 1 >= max_len:
        return refusal("sequence_full", f"{name} is a full sequence canasta: it takes no more cards (§3.2)", span=name)
    bad = sequence_problem(list(cards) + list(span_cards(span)))
    if bad:
        if any(not IS_WILD[c] and c != JOKER and (c & 3) != suit for c in cards):
            return refusal("sequence_wrong_suit", f"{name} is a sequence of {'♣♦♥♠'[suit]}: add cards of that suit "
                                                  "(§3.2)", span=name, suit=SUITS[suit])
        return bad
    if hi - lo + 1 + len(cards) > max_len:
        return refusal("sequence_too_many", f"a sequence holds at most {max_len} cards; {name} cannot take "
                                            f"{len(cards)} more (§3.2)", max=max_len, span=name, n=len(cards))
    return None


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


_PRESENT: Final = bytes([0] + [1] * 255)
"""``bytes.translate`` table: a count of cards to 1 if any is held, else 0."""


def suit_rows(hand: Sequence[int]) -> list[bytes]:
    """Per suit, which naturals 4..A ``hand`` (counts by card type) holds, as 11 bytes of 0/1 (4 first):
    the part of a hand that sequences depend on, small enough to key caches with (where a deal keeps the
    hand's :func:`held_bits`, :data:`ROW_BYTES` gives the same rows from it)."""
    row = bytes(hand[FOUR * 4:(ACE + 1) * 4]).translate(_PRESENT)
    return [row[0::4], row[1::4], row[2::4], row[3::4]]


LANE: Final = 16
"""Bits per suit in a hand's :func:`held_bits`: suit ``s`` holds bits ``16 * s`` (rank 4) to ``16 * s + 10`` (ace)."""
LANE_MASK: Final = (1 << (ACE - FOUR + 1)) - 1
"""The 11 bits of one suit's lane, shifted down to bit 0."""
NAT_BIT: Final[tuple[int, ...]] = tuple(1 << (LANE * (c & 3) + (c >> 2) - FOUR) if FOUR <= c >> 2 <= ACE else 0
                                 for c in range(N_TYPES))
"""Per card type, its bit in :func:`held_bits` (0 for twos, threes and jokers, which no natural sequence holds)."""
ROW_BYTES: Final[tuple[bytes, ...]] = tuple(bytes((k >> i) & 1 for i in range(ACE - FOUR + 1))
                                            for k in range(LANE_MASK + 1))
"""The :func:`suit_rows` row of each lane value: ``ROW_BYTES[(bits >> 16 * suit) & LANE_MASK]`` is suit ``suit``'s
row (the same objects every time, so their hashes, as cache keys, are worked out once)."""


def held_bits(hand: Sequence[int]) -> int:
    """Which naturals 4..A ``hand`` (counts by card type) holds, as one int of four 16-bit lanes, one per suit
    (:data:`NAT_BIT`): what :class:`canasta.engine.deal.Deal` keeps up to date per seat for sequence variants, so
    that move generation reads the hand's rows (:data:`ROW_BYTES`) and runs (:func:`bits_runs`) without
    looking at the hand."""
    bits = 0
    for c in range(FOUR * 4, (ACE + 1) * 4):
        if hand[c]:
            bits |= NAT_BIT[c]
    return bits


def bits_runs(bits: int, length: int) -> int:
    """Where :func:`held_bits` ``bits`` hold ``length`` ranks in a row of one suit: a mask with the bit of the
    lowest card of each such run set (0 if there is none). A run cannot cross from one lane into the next:
    bits 11..15 of every lane are clear."""
    starts = bits
    for k in range(1, length):
        starts &= bits >> k
    return starts


_SUIT_SPANS: Final[dict[tuple[int, bytes, int, int], list[Span]]] = {}
"""Cache of :func:`suit_spans` (at most 4 suits x 2**11 rows per pair of lengths)."""


def suit_spans(suit: int, row: bytes, min_len: int, max_len: int) -> list[Span]:
    """Every natural sequence of ``min_len``..``max_len`` cards of ``suit`` that the naturals of ``row``
    (:func:`suit_rows`) allow, lowest first; cached (do not modify the list)."""
    key = (suit, row, min_len, max_len)
    found = _SUIT_SPANS.get(key)
    if found is not None:
        return found
    out: list[Span] = []
    if row.count(0) <= ACE - FOUR + 1 - min_len:  # else fewer cards of the suit than a sequence needs
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
    _SUIT_SPANS[key] = out
    return out


def spans_in_hand(hand: Sequence[int], min_len: int, max_len: int) -> list[Span]:
    """Every natural sequence of ``min_len``..``max_len`` cards that ``hand`` (counts by card type) can meld,
    suit by suit (C, D, H, S), lowest first."""
    rows = suit_rows(hand)
    out: list[Span] = []
    for suit in range(4):
        out.extend(suit_spans(suit, rows[suit], min_len, max_len))
    return out


def row_lane(row: bytes) -> int:
    """A :func:`suit_rows` row as its lane of :func:`held_bits`: bit ``r - FOUR`` set where rank ``r`` is held
    (the inverse of :data:`ROW_BYTES`)."""
    return sum(1 << i for i, held in enumerate(row) if held)


_SPAN_MASKS: Final[dict[tuple[int, int, int], tuple[int, int]]] = {}
"""Cache of :func:`span_masks`."""


def span_masks(lo: int, hi: int, max_len: int) -> tuple[int, int]:
    """For extending the rank range ``lo``..``hi`` of a suit to at most ``max_len`` cards, two masks of a lane
    (:func:`held_bits`, :func:`row_lane`): the ranks just below ``lo`` and just above ``hi`` (without one held,
    no natural card can extend it), and every rank within reach below and above it (the part of the lane a
    cache of its extensions needs as key: the rest does not matter); cached."""
    key = (lo, hi, max_len)
    found = _SPAN_MASKS.get(key)
    if found is None:
        below = max(FOUR, hi - max_len + 1)
        above = min(ACE, lo + max_len - 1)
        near = (1 << (lo - 1 - FOUR) if lo > FOUR else 0) | (1 << (hi + 1 - FOUR) if hi < ACE else 0)
        reach = sum(1 << (r - FOUR) for r in range(below, above + 1) if not lo <= r <= hi)
        found = _SPAN_MASKS[key] = (near, reach)
    return found


def require_held(hand: Sequence[int], cards: Sequence[int]) -> None:
    """Check that the hand counts ``hand`` (by card type) hold every card of ``cards``.

    Raises:
        canasta.engine.deal.IllegalMove: "you do not hold ..." naming the first card missing.
    """
    missing = next((c for c in cards if not hand[c]), None)
    if missing is not None:
        from canasta.errors import IllegalMove

        raise IllegalMove(f"you do not hold {card_str(missing)}")


def row_extensions(span: Span, row: Sequence[int], max_len: int) -> list[tuple[int, int]]:
    """Every new range ``(low, high)`` the sequence ``span`` can reach with the naturals of ``row`` (cards
    of 4..A of the span's suit held, counts or 0/1 as :func:`suit_rows` gives), at most ``max_len`` cards,
    lowest ``low`` last (the order of :func:`extensions_in_hand`)."""
    _, lo, hi = span
    down = lo
    while down - 1 >= FOUR and row[down - 1 - FOUR]:
        down -= 1
    up = hi
    while up + 1 <= ACE and row[up + 1 - FOUR]:
        up += 1
    return [(a, b) for a in range(lo, down - 1, -1) for b in range(hi, up + 1)
            if (a, b) != (lo, hi) and b - a + 1 <= max_len]


def extensions_in_hand(hand: Sequence[int], span: Span, max_len: int) -> list[tuple[int, int]]:
    """Every new range ``(low, high)`` the sequence ``span`` can reach with cards of ``hand``.

    The cards added are the ranks of the new range outside the old one; the new
    range holds at most ``max_len`` cards and differs from the old one.
    """
    return row_extensions(span, hand[FOUR * 4 + span[0]:ACE * 4 + 4:4], max_len)


def sequence_value(span: Span, values: Sequence[int]) -> int:
    """Card values in points of a natural sequence (``values`` per card type)."""
    return sum(values[c] for c in span_cards(span))


def describe_cards(cards: Sequence[int]) -> str:
    """Cards as text separated by spaces (for messages)."""
    return " ".join(card_str(c) for c in cards)


# ------------------------------------------------------------ wild cards in a sequence (Hollywood, §3.2)
#
# Hollywood lets one wild card into a sequence [R, S0 l.391, S4 l.85]. These functions are the
# geometry of such a "mixed" sequence, for the notation, the score keeper and the engine: where
# the wild cards of a sequence may stand. They do not read the rules: the caller passes the most
# wild cards a sequence may hold.

Layout = tuple[Span, tuple[int, ...]]
"""A sequence with its wild cards placed: its span and the rank indices the wild cards stand for
(ascending; empty for a natural sequence)."""


def naturals_problem(naturals: Sequence[int]) -> Refusal | None:
    """Why the natural cards of a would-be sequence cannot belong to one, gaps allowed (None if they can)."""
    if not naturals:
        return refusal("sequence_no_naturals", "a sequence needs natural cards: wild cards alone are no sequence "
                                               "(§3.2)")
    if any(c >> 2 < FOUR for c in naturals):
        return refusal("sequence_twos_threes", TWOS_THREES)
    if len({c & 3 for c in naturals}) > 1:
        return refusal("sequence_one_suit", "a sequence is of one suit (§3.2)")
    if len({c >> 2 for c in naturals}) != len(naturals):
        return refusal("sequence_rank_twice", "a sequence holds each rank once (§3.2)")
    return None


def sequence_layouts(cards: Sequence[int], wild_max: int) -> list[Layout]:
    """Every way ``cards`` (card types, any order) form one sequence holding at most ``wild_max``
    wild cards: the wild cards fill the gaps between the naturals first, and any left over stand
    below the lowest or above the highest natural, within 4..A. Empty when no way exists
    (see :func:`wild_sequence_problem` for the reason).

    Example: ``4H 6H JK`` has one layout, ``((2, 2, 4), (3,))`` (the joker stands for 5H);
    ``4H 5H JK`` has one, the joker standing for 6H (it cannot stand for 3H).
    """
    if wild_sequence_problem(cards, wild_max):
        return []
    naturals = [c for c in cards if not IS_WILD[c]]
    wilds = len(cards) - len(naturals)
    ranks = sorted(c >> 2 for c in naturals)
    suit, lo, hi = naturals[0] & 3, ranks[0], ranks[-1]
    gaps = tuple(r for r in range(lo, hi + 1) if r not in ranks)
    spare = wilds - len(gaps)
    out: list[Layout] = []
    for below in range(spare + 1):
        a, b = lo - below, hi + spare - below
        if a < FOUR or b > ACE:
            continue
        placed = tuple(range(a, lo)) + gaps + tuple(range(hi + 1, b + 1))
        out.append(((suit, a, b), placed))
    return out


def wild_sequence_problem(cards: Sequence[int], wild_max: int) -> Refusal | None:
    """Why ``cards`` (any order) cannot form one sequence with at most ``wild_max`` wild cards, as a refusal with
    its reason code (None if they can; the length limits are the rules', checked elsewhere) (§3.2)."""
    if not cards:
        return refusal("sequence_no_cards", "a sequence needs cards")
    naturals = [c for c in cards if not IS_WILD[c]]
    wilds = len(cards) - len(naturals)
    if wilds > wild_max:
        if wild_max == 0:
            return refusal("sequence_no_wild", NO_WILD)
        return refusal("sequence_wild_max", f"a sequence may hold at most {wild_max} wild card"
                                            f"{'s' if wild_max != 1 else ''} (§3.2)", n=wild_max)
    bad = naturals_problem(naturals)
    if bad:
        return bad
    ranks = sorted(c >> 2 for c in naturals)
    gaps = ranks[-1] - ranks[0] + 1 - len(ranks)
    if gaps > wilds:
        if wilds:
            return refusal("sequence_gaps_unfilled", f"the natural cards leave {gaps} gaps and only {wilds} wild card"
                                                     f"{'s' if wilds != 1 else ''} can fill them (§3.2)",
                           gaps=gaps, n=wilds)
        return refusal("sequence_gap", GAP)
    if len(cards) > ACE - FOUR + 1:
        return refusal("sequence_too_long", "a sequence runs from 4 to A: it holds at most 11 cards (§3.2)", n=11)
    return None


def layout_in_order(cards: Sequence[int], wild_max: int) -> tuple[Layout | None, str]:
    """Read a sequence written in rank order, lowest first, where each wild card stands for the rank
    of its place (the notation ``meld 4H JK 6H``: the joker is 5H; ``meld 4H 5H 2C``: the two is 6H).

    Returns ``(layout, '')``, or ``(None, reason)`` in a player's words when the cards are not
    one sequence in that order with at most ``wild_max`` wild cards (§3.2).
    """
    bad = wild_sequence_problem(cards, wild_max)
    if bad:
        return None, bad.text
    first = next(i for i, c in enumerate(cards) if not IS_WILD[c])
    suit, lo = cards[first] & 3, (cards[first] >> 2) - first
    for i, c in enumerate(cards):
        if not IS_WILD[c] and c >> 2 != lo + i:
            return None, (f"write a sequence lowest card first, each wild card in the place of the card it "
                          f"stands for: {card_str(c)} cannot be card {i + 1} of it (§3.2)")
    hi = lo + len(cards) - 1
    if lo < FOUR or hi > ACE:
        return None, "a wild card of a sequence stands for a card from 4 to A, not below 4 or above A (§3.2)"
    placed = tuple(lo + i for i, c in enumerate(cards) if IS_WILD[c])
    return ((suit, lo, hi), placed), ""


def layout_str(layout: Layout, wild_cards: Sequence[int]) -> str:
    """A sequence in rank order with its wild cards in their places (``wild_cards`` in the order of
    the ranks they stand for): the inverse of :func:`layout_in_order`, e.g. ``4H JK 6H``."""
    (suit, lo, hi), placed = layout
    wild = dict(zip(placed, wild_cards, strict=True))
    return " ".join(card_str(wild[r]) if r in wild else card_str(r * 4 + suit) for r in range(lo, hi + 1))
