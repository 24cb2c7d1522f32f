"""Moves: small immutable values with a text notation and a dense integer id.

A turn is a short sequence of moves (DESIGN.md, "Moves"): ``draw`` or ``take``,
then ``meld`` and ``add`` moves, then ``discard`` (or going out by melding the
last cards). Partners exchange ``ask`` / ``yes`` / ``no``; ``pass`` declines the
pile when the stock is gone (RULES.md §1.10) or ends a turn that may not
discard.

Notation (round-trips through :meth:`Move.parse` and ``str``)::

    draw                      draw from the stock
    take                      take the pile by adding its top card to a meld of the side
    take KH KS                take the pile with a natural pair (or a natural and a wild card)
    meld KH KS KD 2C          a new meld (a meld of black threes when going out: meld 3C 3S 3C)
    meld 2C 2D JK             a meld of wild cards (variants that allow it)
    add KH 2C                 add cards to the side's meld of that rank
    add 2C JK to K            add only wild cards: name the meld's rank (W = the wild meld)
    meld 4H 5H 6H             a sequence meld (variants with sequences: one suit, ranks in a row)
    add 7H to 4H-6H           add to the side's sequence 4H..6H (name it by its lowest and highest card)
    take to 4H-6H             take the pile by adding its top card to that sequence
    meld 4H JK=5H 6H 7H       a sequence with a wild card standing for 5H (Hollywood; ``meld 4H JK 6H 7H``,
                              the wild card in its place, is read the same way)
    add 8H to 4H-7H/5H        add to the side's sequence 4H..7H whose wild card stands for 5H
    add 2C=8H to 4H-7H        add a wild card standing for 8H to a natural sequence
    take to 4H-7H/5H          take the pile by adding its top card to that sequence
    discard 7S
    ask  yes  no  pass
    declare                   lay the whole hand down as a special hand (Modern American Canasta, A.11)
    layout                    lay out the three kept back for the Straight and draw its replacement (Modern
                              American Canasta, A.3)

Every move also has a dense integer id (:mod:`canasta.moves.actions`: ``action_of(move)``,
``decode_action(id)``).

>>> move = Move.parse("meld KH KS 2C")
>>> move.kind == MELD, move.cards, move.target
(True, (46, 47, 0), 11)
>>> str(move)
'meld KH KS 2C'
>>> str(Move.parse("add 7H to 4H-6H"))
'add 7H to 4H-6H'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from canasta.cards.deck import (
    FOUR,
    IS_WILD,
    JOKER,
    RANKS,
    THREE,
    TWO,
    CardError,
    card_str,
    parse_card,
)
from canasta.cards.sequences import (
    SEQ_MIN,
    Span,
    layout_in_order,
)
from canasta.util.jsontypes import quoted
from canasta.util.rulewords import in_words
from canasta.util.suggest import did_you_mean

# Move kinds
DRAW: Final = 0
TAKE: Final = 1
MELD: Final = 2
ADD: Final = 3
DISCARD: Final = 4
ASK: Final = 5
YES: Final = 6
NO: Final = 7
PASS: Final = 8
DECLARE: Final = 9
LAYOUT: Final = 10
KIND_NAMES: Final = ("draw", "take", "meld", "add", "discard", "ask", "yes", "no", "pass", "declare", "layout")
"""``declare``: the player lays his whole hand down as a special hand of 14 cards and the deal ends (Modern
American Canasta, RULES_AMERICAN.md A.11; variants whose ``special_hands`` is not ``none``). ``layout``: the player
lays out the three he holds back for the Straight and draws its replacement (A.3; variants with
``straight_three``); holding it on is the other choice (no move)."""

# Meld targets: 0..12 are rank indices (0 = twos group of Italian, 1 = black threes,
# 2..12 = natural ranks 4..A); WILD_TARGET is the meld of wild cards.
WILD_TARGET: Final = 13
N_TARGETS = 14
SEQ_TARGET: Final = 14
"""Target of a sequence meld (RULES.md §3.2); a side may have several, told apart by their spans."""

SEQ_WILD: Final = 15
"""Key of the move ids of sequences holding a wild card (Hollywood, RULES.md §3.2): such a move's
``Move.target`` is still SEQ_TARGET; only its id key says SEQ_WILD."""

# Take modes
TAKE_ADD: Final = 0
TAKE_PAIR: Final = 1
TAKE_NAT_TWO: Final = 2
TAKE_NAT_JOKER: Final = 3
TAKE_SEQ: Final = 4
TAKE_SEQ_WILD: Final = 5

MAX_MOVE_WORDS = 64
"""Most words :meth:`Move.parse` reads: a move names one meld (at most 12 naturals and 20 wild cards)."""


class MoveError(ValueError):
    """A move in text could not be read; the message shows the notation (section references such as
    ``(§3.2)`` in words: :func:`canasta.util.rulewords.in_words`)."""

    def __init__(self, message: object = "") -> None:
        super().__init__(in_words(str(message)))


@dataclass(frozen=True, slots=True)
class Move:
    """One move.

    Attributes:
        kind: one of DRAW, TAKE, MELD, ADD, DISCARD, ASK, YES, NO, PASS, DECLARE, LAYOUT.
        cards: the card types the move takes from the hand (empty for draw, ask, declare, layout ...).
        target: for MELD/ADD, the meld target (rank index 0..12, WILD_TARGET, or
            SEQ_TARGET for a sequence); -1 where it does not apply.
        seq: for ADD to a sequence and TAKE by a sequence, the lowest and highest
            card of the side's sequence meant, e.g. ``(4H, 6H)`` as card types, and for a
            sequence holding a wild card also the card it stands for, ``(4H, 7H, 5H)``
            (written ``4H-7H/5H``); else ().
        wild_as: for a sequence move with a wild card among ``cards``, the natural card each
            wild card stands for, in the order of the wild cards in ``cards`` (``JK=5H``); else ().
    """

    kind: int
    cards: tuple[int, ...] = ()
    target: int = -1
    seq: tuple[int, ...] = ()
    wild_as: tuple[int, ...] = ()

    # -- notation -------------------------------------------------------------

    def __str__(self) -> str:
        name = KIND_NAMES[self.kind]
        if self.wild_as and self.kind == MELD:
            return f"{name} {_cards_text(self.cards, self.wild_as)}"
        if self.seq:
            spec = f"{card_str(self.seq[0])}-{card_str(self.seq[1])}"
            if len(self.seq) > 2:
                spec += f"/{card_str(self.seq[2])}"
            cards = _cards_text(self.cards, self.wild_as) + " " if self.cards else ""
            return f"{name} {cards}to {spec}"
        if not self.cards:
            return name
        text = name + " " + " ".join(card_str(c) for c in self.cards)
        if (all(c == JOKER or c >> 2 == TWO for c in self.cards)
                and (self.kind == ADD or (self.kind == MELD and 0 <= self.target != WILD_TARGET))):
            # only wild cards: the meld is named ('add 2C to K', the meld of twos of Italian
            # 'meld 2C 2D to 2'); a meld of them is the wild-card meld unless named
            text += " to " + target_str(self.target)
        return text

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move in notation (case-insensitive); ``str(move)`` writes it back.

        >>> move = Move.parse("add 2c jk to k")
        >>> move.kind == ADD, move.target, str(move)
        (True, 11, 'add 2C JK to K')
        >>> str(Move.parse("discard 10h"))
        'discard TH'

        Raises:
            MoveError: the text is not a move (or has more than :data:`MAX_MOVE_WORDS` words); the
                message lists the notation.
        """
        words = text.replace(",", " ").split()
        if not words:
            raise MoveError("empty move: " + NOTATION_HELP)
        if len(words) > MAX_MOVE_WORDS:
            raise MoveError(f"a move has at most {MAX_MOVE_WORDS} words (a verb and the cards of one meld), "
                            f"not {len(words)}")
        verb = words[0].lower()
        if verb not in KIND_NAMES:
            raise MoveError(f"{quoted(words[0], 20)} is not a move: " + NOTATION_HELP
                            + did_you_mean(verb[:40], KIND_NAMES))
        kind = KIND_NAMES.index(verb)
        rest = words[1:]
        target = -1
        if kind in (ADD, TAKE) and len(rest) >= 2 and rest[-2].lower() == "to" and "-" in rest[-1]:
            return _parse_seq_move(kind, rest[:-2], rest[-1])
        if kind == MELD and any("=" in w for w in rest):
            cards, wild_as = _parse_wild_cards(rest)
            return Move(kind, cards, SEQ_TARGET, (), wild_as)
        if kind in (ADD, MELD) and len(rest) >= 2 and rest[-2].lower() == "to":
            target = parse_target(rest[-1])
            rest = rest[:-2]
        try:
            cards = tuple(parse_card(w) for w in rest)
        except CardError as e:
            raise MoveError(str(e)) from None
        if kind in (DRAW, ASK, YES, NO, PASS, DECLARE, LAYOUT) and cards:
            raise MoveError(f"'{verb}' takes no cards")
        if kind == DISCARD and len(cards) != 1:
            raise MoveError("discard one card, e.g. 'discard 7S'")
        if kind == TAKE and len(cards) not in (0, 2):
            raise MoveError("take the pile with no cards ('take', adding the top card to your meld) "
                            "or with two cards from your hand ('take KH KS')")
        if kind in (MELD, ADD) and not cards:
            raise MoveError(f"'{verb}' needs cards, e.g. '{verb} KH KS KD'")
        if kind == MELD and len({c >> 2 for c in cards if c != JOKER and c >> 2 != TWO}) > 1:
            if any(IS_WILD[c] for c in cards):  # a wild card in its place: 'meld 4H JK 6H' (Hollywood)
                layout, _ = layout_in_order(cards, len(cards))
                if layout is not None:
                    suit = layout[0][0]
                    return Move(kind, cards, SEQ_TARGET, (), tuple(r * 4 + suit for r in layout[1]))
            return Move(kind, cards, SEQ_TARGET)  # cards of several ranks: a sequence (§3.2)
        if kind in (MELD, ADD):
            inferred = infer_target(cards)
            if target == -1:
                if inferred is None:
                    if kind == ADD:
                        raise MoveError("adding only wild cards: name the meld, e.g. 'add 2C to K'")
                    inferred = WILD_TARGET
                target = inferred
            elif inferred is not None and inferred != target:
                raise MoveError(f"the cards are {target_str(inferred)}s but the meld named is "
                                f"{target_str(target)}")
        return Move(kind, cards, target)


def notation_help(sequences: bool = True, wild_sequences: bool = True, partners: bool = True,
                  cards: str = "cards like KH TS 3D JK", special_hands: bool = True, kept_three: bool = True) -> str:
    """The grammar of the moves, only the parts a variant uses: ``sequences`` adds the sequence forms,
    ``wild_sequences`` (sequences holding a wild card, Hollywood) the ``JK=5H`` and ``4H-7H/5H`` forms,
    ``partners`` ``ask | yes | no``, ``special_hands`` ``declare`` and ``kept_three`` ``layout`` (Modern American
    Canasta); ``cards`` says how cards are written."""
    forms = ["draw", "take [CARD CARD]"] + (["take to LOW-HIGH"] if sequences else [])
    forms += ["meld CARDS", "add CARDS [to RANK]"] + (["add CARDS to LOW-HIGH"] if sequences else [])
    forms += ["discard CARD"] + (["ask", "yes", "no"] if partners else []) + ["pass"]
    forms += ["declare"] if special_hands else []
    forms += ["layout"] if kept_three else []
    notes = [cards]
    if sequences:
        notes.append("a sequence is named by its lowest and highest card, e.g. 4H-6H")
    if sequences and wild_sequences:
        notes.append("one holding a wild card also by the card it stands for, 4H-7H/5H; a wild card in a "
                     "sequence is written JK=5H")
    return "moves are: " + " | ".join(forms) + " (" + "; ".join(notes) + ")"


NOTATION_HELP = notation_help()
"""The grammar of every move of every variant (:func:`notation_help` gives a variant's own)."""


def _cards_text(cards: tuple[int, ...], wild_as: tuple[int, ...]) -> str:
    """Cards as text, each wild card followed by ``=CARD`` for the card it stands for (in order)."""
    stands = iter(wild_as)
    out = []
    for c in cards:
        text = card_str(c)
        if wild_as and IS_WILD[c]:
            text += "=" + card_str(next(stands))
        out.append(text)
    return " ".join(out)


def _parse_wild_cards(words: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Read cards of a sequence move where wild cards say what they stand for (``JK=5H``).

    Raises:
        MoveError: a word is not a card, or a wild card stands for no natural card of 4..A.
    """
    cards: list[int] = []
    wild_as: list[int] = []
    try:
        for w in words:
            card, eq, stands = w.partition("=")
            c = parse_card(card)
            cards.append(c)
            if eq:
                if not IS_WILD[c]:
                    raise MoveError(f"{quoted(w, 20)}: only a wild card (a two or a joker) stands for another card")
                s = parse_card(stands)
                if IS_WILD[s] or s >> 2 < FOUR:
                    raise MoveError(f"{quoted(w, 20)}: a wild card of a sequence stands for a natural card from 4 to A")
                wild_as.append(s)
            elif IS_WILD[c]:
                raise MoveError(f"{quoted(w, 20)}: say which card a wild card of a sequence stands for, e.g. JK=5H")
    except CardError as e:
        raise MoveError(str(e)) from None
    return tuple(cards), tuple(wild_as)


def _parse_seq_move(kind: int, words: list[str], spec: str) -> Move:
    """Read ``add CARDS to LOW-HIGH`` or ``take to LOW-HIGH`` (a side's sequence, RULES.md §3.2).

    Raises:
        MoveError: the cards or the sequence named cannot be read.
    """
    name, slash, hole_text = spec.partition("/")
    ends = name.split("-")
    wild_as: tuple[int, ...] = ()
    try:
        if len(ends) != 2:
            raise CardError(spec)
        lo, hi = parse_card(ends[0]), parse_card(ends[1])
        hole = parse_card(hole_text) if slash else -1
        if any("=" in w for w in words):
            cards, wild_as = _parse_wild_cards(words)
        else:
            cards = tuple(parse_card(w) for w in words)
    except CardError:
        raise MoveError(f"cannot read {quoted(' '.join(words) + ' to ' + spec)}: name the sequence by its lowest and "
                        "highest card, e.g. 'add 7H to 4H-6H' or 'take to 4H-6H' (and, for a sequence "
                        "holding a wild card, the card it stands for: 4H-7H/5H)") from None
    if slash and (hole == JOKER or hole & 3 != lo & 3 or not lo >> 2 <= hole >> 2 <= hi >> 2):
        raise MoveError(f"{quoted(spec, 20)}: after '/' name the card of the sequence its wild card stands for, "
                        "e.g. 4H-7H/5H")
    if kind == TAKE and cards:
        raise MoveError("taking the pile to a sequence uses no card from the hand: 'take to 4H-6H'")
    if kind == ADD and not cards:
        raise MoveError("name the cards to add, e.g. 'add 7H to 4H-6H'")
    if (JOKER in (lo, hi) or lo & 3 != hi & 3 or (lo >> 2) < FOUR
            or (hi >> 2) - (lo >> 2) + 1 < SEQ_MIN):
        raise MoveError(f"{quoted(spec, 20)} is not a sequence: write its lowest and highest card, of one suit, "
                        f"at least {SEQ_MIN} cards long counting both, e.g. 4H-6H")
    seq = (lo, hi, hole) if slash else (lo, hi)
    return Move(kind, cards, SEQ_TARGET if kind == ADD else -1, seq, wild_as)


def target_str(target: int) -> str:
    """Name of a meld target: a rank letter, ``3`` for black threes, ``W`` for wild cards,
    ``seq`` for a sequence (a sequence itself is named by :func:`canasta.cards.sequences.span_str`)."""
    if target == SEQ_TARGET:
        return "seq"
    return "W" if target == WILD_TARGET else RANKS[target]


def parse_target(text: str) -> int:
    """Read a meld target (``K``, ``10``, ``3``, ``W``).

    Raises:
        MoveError: not a rank.
    """
    t = text.strip().upper()
    if t in ("W", "WILD", "WILDS"):
        return WILD_TARGET
    if t == "10":
        t = "T"
    if len(t) == 1 and t in RANKS:
        return RANKS.index(t)
    raise MoveError(f"{quoted(text, 20)} is not a meld's rank: write one of {' '.join(RANKS)} or W")


def infer_target(cards: tuple[int, ...]) -> int | None:
    """The rank the cards of a meld or addition belong to, or None if all are wild.

    The first non-wild card decides; black threes give target 1. A meld of twos only
    (Italian) is reported as None (wild) and decided by the engine.
    """
    for c in cards:
        if c != JOKER and c >> 2 != TWO:
            return c >> 2
    return None


def move_span(move: Move) -> Span:
    """The span (suit, low, high) of the sequence a move names in ``seq``.

    Raises:
        MoveError: ``seq`` does not name a sequence.
    """
    seq = move.seq
    if (len(seq) not in (2, 3) or JOKER in seq or seq[0] & 3 != seq[1] & 3 or (seq[0] >> 2) < FOUR
            or (seq[1] >> 2) - (seq[0] >> 2) + 1 < SEQ_MIN):
        raise MoveError("name a sequence by its lowest and highest card, of one suit, "
                        f"at least {SEQ_MIN} cards long, e.g. 4H-6H")
    lo, hi = seq[0] >> 2, seq[1] >> 2
    return (move.seq[0] & 3, lo, hi)


def is_three(card: int) -> bool:
    """True for any three (red or black)."""
    return card != JOKER and card >> 2 == THREE
