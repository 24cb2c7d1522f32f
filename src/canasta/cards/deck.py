"""Cards, ranks, suits, decks and the two-character card notation.

A card is represented by a small integer, its *card type*:

* ``rank_index * 4 + suit_index`` for the 52 French-suited cards, where
  ``rank_index`` runs over ``RANKS = "23456789TJQKA"`` (0 = two ... 12 = ace) and
  ``suit_index`` over ``SUITS = "CDHS"`` (clubs, diamonds, hearts, spades);
* ``JOKER = 52`` for a joker.

Decks are multisets of card types (several packs are shuffled together), so a
hand is best held as a list of 53 counts. The text notation (DESIGN.md,
"Notation") is rank then suit (``KH``, ``TS``, ``3D``) and ``JK`` for a joker;
parsing is case-insensitive and also accepts ``10`` for ten and Unicode suits.

Rules: RULES.md §1.1 (the deck, wild cards, threes) and §3.4 (the Romanian tile
set, whose colours map to suits: red = hearts, yellow = diamonds, black =
spades, blue = clubs, and whose jolly tiles are jokers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from canasta.util.jsontypes import quoted

RANKS: Final = "23456789TJQKA"
SUITS: Final = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
JOKER: Final = 52
N_TYPES: Final = 53

# Rank indices (``card >> 2``) of the special ranks.
TWO: Final = 0
THREE: Final = 1
FOUR: Final = 2
ACE: Final = 12
JOKER_RANK: Final = 13
"""Rank index used for jokers in per-rank count arrays (``JOKER >> 2 == 13``)."""

NATURAL_RANKS = tuple(range(FOUR, ACE + 1))
"""Rank indices of the natural ranks 4..A, the ranks that form ordinary melds."""

RED_SUITS: Final = (1, 2)  # diamonds, hearts
BLACK_SUITS: Final = (0, 3)  # clubs, spades


class CardError(ValueError):
    """A card or list of cards in text could not be read.

    The message says which text was wrong and what is allowed.
    """


def rank_of(card: int) -> int:
    """Rank index of ``card`` (0 = two ... 12 = ace, 13 = joker)."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index of ``card`` (0 = clubs ... 3 = spades); meaningless for a joker."""
    return card & 3


def make_card(rank: int, suit: int) -> int:
    """Card type of the card of ``rank`` index and ``suit`` index."""
    return rank * 4 + suit


def is_wild(card: int) -> bool:
    """True for a joker or a two: the wild cards of RULES.md §1.1."""
    return card == JOKER or card >> 2 == TWO


def is_red_three(card: int) -> bool:
    """True for the three of hearts or of diamonds (RULES.md §1.3)."""
    return card >> 2 == THREE and (card & 3) in RED_SUITS


def is_black_three(card: int) -> bool:
    """True for the three of clubs or of spades (RULES.md §1.8)."""
    return card >> 2 == THREE and (card & 3) in BLACK_SUITS


def is_natural(card: int) -> bool:
    """True for a natural card of rank 4 to ace."""
    return card != JOKER and card >> 2 >= FOUR


IS_WILD: Final = tuple(is_wild(c) for c in range(N_TYPES))
IS_RED_THREE: Final = tuple(is_red_three(c) for c in range(N_TYPES))
IS_BLACK_THREE: Final = tuple(is_black_three(c) for c in range(N_TYPES))
RANK_OF = tuple(c >> 2 for c in range(N_TYPES))

_NAMES: Final = tuple([r + s for r in RANKS for s in SUITS] + ["JK"])
_SYMBOL_NAMES = tuple([r + s for r in RANKS for s in SUIT_SYMBOLS] + ["🃏"])


def card_str(card: int) -> str:
    """Two-character notation of ``card`` (a card type 0..52: rank index * 4 + suit index, 52 the joker),
    e.g. ``"KH"`` or ``"JK"``.

    >>> card_str(46), card_str(JOKER), card_str(parse_card("10s"))
    ('KH', 'JK', 'TS')
    """
    return _NAMES[card]


def card_symbol(card: int) -> str:
    """Notation with a Unicode suit for people, e.g. ``"K♥"``; ``"JK"`` for a joker."""
    return "JK" if card == JOKER else _SYMBOL_NAMES[card]


_SUIT_ALIASES = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
                 "♧": 0, "♢": 1, "♡": 2, "♤": 3}


def parse_card(text: str) -> int:
    """Read one card in notation (``"KH"``, ``"th"``, ``"10h"``, ``"K♥"``, ``"JK"``): its card type
    (rank index * 4 + suit index C D H S, 52 for a joker).

    >>> parse_card("KH"), parse_card("10h"), parse_card("joker")
    (46, 34, 52)
    >>> parse_cards("KH, 2C JK")
    [46, 0, 52]

    Raises:
        CardError: the text is not a card; the message shows the notation.
    """
    t = text.strip().upper()
    if t in ("JK", "JOKER", "🃏"):
        return JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in _SUIT_ALIASES:
        raise CardError(
            f"{quoted(text, 20)} is not a card: write rank then suit, ranks {' '.join(RANKS)}, "
            "suits C D H S (e.g. KH, TS, 3D), or JK for a joker"
        )
    return RANKS.index(t[0]) * 4 + _SUIT_ALIASES[t[1]]


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Read several cards separated by spaces or commas (or an iterable of card texts).

    Raises:
        CardError: one of them is not a card.
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def cards_str(cards: Iterable[int]) -> str:
    """Space-separated notation of ``cards`` in the given order."""
    return " ".join(_NAMES[c] for c in cards)


def deck_counts(packs: int, jokers: int) -> list[int]:
    """Copies of each card type in a deck of ``packs`` French packs and ``jokers`` jokers.

    The classic deck (RULES.md §1.1) is ``deck_counts(2, 4)``: 108 cards; three
    packs and six jokers give the 162 cards of §3.1/§3.2; the Romanian tile set
    (§3.4) is ``deck_counts(2, 2)``: 106 tiles.
    """
    counts = [packs] * 52 + [jokers]
    return counts


def deck_list(counts: Sequence[int]) -> list[int]:
    """The deck as a list of card types in a fixed canonical order (before shuffling)."""
    out: list[int] = []
    for card, n in enumerate(counts):
        if n:  # most counts of a hand are 0 or 1 (a view builds the hand from them at every decision)
            if n == 1:
                out.append(card)
            else:
                out.extend([card] * n)
    return out


def counts_of(cards: Iterable[int]) -> list[int]:
    """A list of 53 counts, one per card type, for ``cards``."""
    c = [0] * N_TYPES
    for card in cards:
        c[card] += 1
    return c


def cards_of(counts: Sequence[int]) -> list[int]:
    """The cards of a count list, in card-type order (the inverse of :func:`counts_of`)."""
    return deck_list(counts)


def sort_key(card: int) -> tuple[int, int, int]:
    """Sort key for showing a hand: naturals by rank, then black threes, wild cards last.

    Grouping: naturals 4..A ascending, then black threes, then twos, then jokers
    (red threes never stay in a hand but sort before the wild cards).
    """
    if card == JOKER:
        return (3, 1, 0)
    r, s = card >> 2, card & 3
    if r == TWO:
        return (3, 0, s)
    if r == THREE:
        return (2, 0, s)
    return (1, r, s)
