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

Every move also has an id in ``range(N_ACTIONS)`` from tables built once at
import. The id forgets suits (which never matter for a meld of a rank), so many
moves share an id; :meth:`repro.engine.Deal.move_for_action` turns an id back
into a move with concrete cards for the current hand.

Sequence moves (RULES.md §3.2) keep their suits, so their ids do too: they form
blocks appended after the 3674 ids of the meld-of-a-rank table (see
:func:`_build_tables` and docs/env.md), so that no older id ever changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.cards.deck import (
    ACE,
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
    SEQ_MAX,
    SEQ_MIN,
    Span,
    extended,
    extension_problem,
    layout_in_order,
    sequence_problem,
    span_code,
    span_of,
    span_str,
    wild_sequence_problem,
)
from canasta.util.jsontypes import quoted
from canasta.util.rulewords import in_words
from canasta.util.suggest import did_you_mean

# Move kinds
DRAW, TAKE, MELD, ADD, DISCARD, ASK, YES, NO, PASS = range(9)
KIND_NAMES = ("draw", "take", "meld", "add", "discard", "ask", "yes", "no", "pass")

# Meld targets: 0..12 are rank indices (0 = twos group of Italian, 1 = black threes,
# 2..12 = natural ranks 4..A); WILD_TARGET is the meld of wild cards.
WILD_TARGET = 13
N_TARGETS = 14
SEQ_LONGEST = ACE - FOUR + 1
"""Most cards a sequence can ever hold (4 to A), where a variant extends it past 7 when going out."""
SEQ_TARGET = 14
"""Target of a sequence meld (RULES.md §3.2); a side may have several, told apart by their spans."""

SEQ_WILD = 15
"""Key of the move ids of sequences holding a wild card (Hollywood, RULES.md §3.2): such a move's
``Move.target`` is still SEQ_TARGET; only its id key says SEQ_WILD."""

# Take modes
TAKE_ADD, TAKE_PAIR, TAKE_NAT_TWO, TAKE_NAT_JOKER, TAKE_SEQ, TAKE_SEQ_WILD = range(6)

MAX_NATURALS = 12
MAX_MOVE_WORDS = 64
"""Most words :meth:`Move.parse` reads: a move names one meld (at most 12 naturals and 20 wild cards)."""
GROUP_WILD_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (t, j) for w in range(4) for t in range(w, -1, -1) for j in [w - t]
)
"""(twos, jokers) pairs with at most 3 wild cards, in id order."""
WILD_MELD_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (t, j) for t in range(13) for j in range(9) if t + j > 0
)
"""(twos, jokers) pairs of a meld (or addition) of wild cards only, in id order."""


class MoveError(ValueError):
    """A move in text could not be read; the message shows the notation (section references such as
    ``(§3.2)`` in words: :func:`canasta.util.rulewords.in_words`)."""

    def __init__(self, message: object = "") -> None:
        super().__init__(in_words(str(message)))


@dataclass(frozen=True, slots=True)
class Move:
    """One move.

    Attributes:
        kind: one of DRAW, TAKE, MELD, ADD, DISCARD, ASK, YES, NO, PASS.
        cards: the card types the move takes from the hand (empty for draw, ask, ...).
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
        """Read a move in notation (case-insensitive).

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
        if kind in (DRAW, ASK, YES, NO, PASS) and cards:
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
                  cards: str = "cards like KH TS 3D JK") -> str:
    """The grammar of the moves, only the parts a variant uses: ``sequences`` adds the sequence forms,
    ``wild_sequences`` (sequences holding a wild card, Hollywood) the ``JK=5H`` and ``4H-7H/5H`` forms,
    ``partners`` ``ask | yes | no``; ``cards`` says how cards are written."""
    forms = ["draw", "take [CARD CARD]"] + (["take to LOW-HIGH"] if sequences else [])
    forms += ["meld CARDS", "add CARDS [to RANK]"] + (["add CARDS to LOW-HIGH"] if sequences else [])
    forms += ["discard CARD"] + (["ask", "yes", "no"] if partners else []) + ["pass"]
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


# ----------------------------------------------------------------- action ids

def _build_tables() -> tuple[list[tuple[int, int, int, int, int]], dict[tuple[int, int, int, int, int], int]]:
    table: list[tuple[int, int, int, int, int]] = []
    # (kind, target/mode/card, naturals, twos, jokers)
    table.append((DRAW, -1, 0, 0, 0))
    table.append((ASK, -1, 0, 0, 0))
    table.append((YES, -1, 0, 0, 0))
    table.append((NO, -1, 0, 0, 0))
    table.append((PASS, -1, 0, 0, 0))
    for mode in (TAKE_ADD, TAKE_PAIR, TAKE_NAT_TWO, TAKE_NAT_JOKER):
        table.append((TAKE, mode, 0, 0, 0))
    for card in range(53):
        table.append((DISCARD, card, 0, 0, 0))
    for kind in (MELD, ADD):
        for target in range(ACE + 1):
            for n in range(MAX_NATURALS + 1):
                for t, j in GROUP_WILD_COMBOS:
                    table.append((kind, target, n, t, j))
        for t, j in WILD_MELD_COMBOS:
            table.append((kind, WILD_TARGET, 0, t, j))
    # --- appended blocks (ids >= 3674); never insert above this line ---
    # sequence melds (RULES.md §3.2): (MELD, SEQ_TARGET, suit, low, high)
    ranges = [(lo, hi) for lo in range(FOUR, ACE + 1) for hi in range(lo + SEQ_MIN - 1, min(ACE, lo + SEQ_MAX - 1) + 1)]
    for suit in range(4):
        for lo, hi in ranges:
            table.append((MELD, SEQ_TARGET, suit, lo, hi))
    # additions to a sequence: (ADD, SEQ_TARGET, suit, span_code(old), span_code(new))
    for suit in range(4):
        for lo, hi in ranges:
            for a, b in ranges:
                if a <= lo and b >= hi and (a, b) != (lo, hi):
                    table.append((ADD, SEQ_TARGET, suit, span_code(lo, hi), span_code(a, b)))
    # taking the pile by adding its top card to a sequence (Samba family): (TAKE, TAKE_SEQ, suit, low, high)
    for suit in range(4):
        for lo, hi in ranges:
            if hi - lo + 1 < SEQ_MAX:
                table.append((TAKE, TAKE_SEQ, suit, lo, hi))
    # additions taking a sequence past 7 cards when going out (Brazilian): same key as above, 8 to 11 cards after
    for suit in range(4):
        for lo in range(FOUR, ACE + 1):
            for hi in range(lo + SEQ_MIN - 1, ACE + 1):
                for a in range(FOUR, lo + 1):
                    for b in range(hi, ACE + 1):
                        if b - a + 1 > SEQ_MAX:
                            table.append((ADD, SEQ_TARGET, suit, span_code(lo, hi), span_code(a, b)))
    # sequences holding one wild card (Hollywood, §3.2); wk = 1 a two, 2 a joker; hole = the rank it stands for
    # melds: (MELD, SEQ_WILD, suit, span_code(low, high), hole*4 + wk)
    for suit in range(4):
        for lo, hi in ranges:
            for hole in range(lo, hi + 1):
                for wk in (1, 2):
                    table.append((MELD, SEQ_WILD, suit, span_code(lo, hi), hole * 4 + wk))
    # additions: (ADD, SEQ_WILD, suit, span_code(old)*16 + hole, span_code(new)*4 + wk): wk = 0 natural cards
    # added to a sequence whose wild card stands for hole; wk = 1, 2 a wild card (with naturals or not)
    # added to a natural sequence, standing for hole
    for suit in range(4):
        for lo, hi in ranges:
            if hi - lo + 1 >= SEQ_MAX:
                continue
            for a, b in ranges:
                if a <= lo and b >= hi and (a, b) != (lo, hi):
                    for hole in range(lo, hi + 1):
                        table.append((ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + hole, span_code(a, b) * 4))
                    for hole in [*range(a, lo), *range(hi + 1, b + 1)]:
                        for wk in (1, 2):
                            table.append((ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + hole,
                                          span_code(a, b) * 4 + wk))
    # taking the pile to a sequence holding a wild card: (TAKE, TAKE_SEQ_WILD, suit, span_code(low, high), hole)
    for suit in range(4):
        for lo, hi in ranges:
            if hi - lo + 1 < SEQ_MAX:
                for hole in range(lo, hi + 1):
                    table.append((TAKE, TAKE_SEQ_WILD, suit, span_code(lo, hi), hole))
    index = {key: i for i, key in enumerate(table)}
    return table, index


ACTIONS, ACTION_INDEX = _build_tables()
"""``ACTIONS[id]`` = (kind, target-or-mode-or-card, naturals, twos, jokers); ACTION_INDEX inverts it."""
N_ACTIONS = len(ACTIONS)
DRAW_ID = ACTION_INDEX[(DRAW, -1, 0, 0, 0)]
ASK_ID = ACTION_INDEX[(ASK, -1, 0, 0, 0)]
YES_ID = ACTION_INDEX[(YES, -1, 0, 0, 0)]
NO_ID = ACTION_INDEX[(NO, -1, 0, 0, 0)]
PASS_ID = ACTION_INDEX[(PASS, -1, 0, 0, 0)]
TAKE_IDS = tuple(ACTION_INDEX[(TAKE, m, 0, 0, 0)] for m in range(4))
N_CLASSIC_ACTIONS = 3674
"""Ids below this number are the meld-of-a-rank table; sequence blocks follow (never renumbered)."""
SEQ_MELD_BASE = ACTION_INDEX[(MELD, SEQ_TARGET, 0, FOUR, FOUR + SEQ_MIN - 1)]
SEQ_ADD_BASE = min(i for i, k in enumerate(ACTIONS) if k[0] == ADD and k[1] == SEQ_TARGET)
SEQ_TAKE_BASE = ACTION_INDEX[(TAKE, TAKE_SEQ, 0, FOUR, FOUR + SEQ_MIN - 1)]
SEQ_LONG_ADD_BASE = SEQ_TAKE_BASE + sum(1 for k in ACTIONS if k[0] == TAKE and k[1] == TAKE_SEQ)
WILD_SEQ_MELD_BASE = min(i for i, k in enumerate(ACTIONS) if k[0] == MELD and k[1] == SEQ_WILD)
"""First id of the blocks of sequences holding a wild card (meld, add, take), Hollywood §3.2."""
WILD_SEQ_ADD_BASE = min(i for i, k in enumerate(ACTIONS) if k[0] == ADD and k[1] == SEQ_WILD)
WILD_SEQ_TAKE_BASE = min(i for i, k in enumerate(ACTIONS) if k[0] == TAKE and k[1] == TAKE_SEQ_WILD)
DISCARD_BASE = ACTION_INDEX[(DISCARD, 0, 0, 0, 0)]
_MELD_BASE = ACTION_INDEX[(MELD, 0, 0, 0, 0)]
_ADD_BASE = ACTION_INDEX[(ADD, 0, 0, 0, 0)]
_COMBO = {tj: i for i, tj in enumerate(GROUP_WILD_COMBOS)}
_PER_TARGET = (MAX_NATURALS + 1) * len(GROUP_WILD_COMBOS)


def group_action(kind: int, target: int, n: int, t: int, j: int) -> int:
    """Id of a MELD or ADD of ``n`` naturals, ``t`` twos and ``j`` jokers to a rank target.

    Fast path used by the engine's move generation (no dictionary lookup).
    """
    base = _MELD_BASE if kind == MELD else _ADD_BASE
    return base + target * _PER_TARGET + n * len(GROUP_WILD_COMBOS) + _COMBO[(t, j)]


def seq_meld_action(span: Span) -> int:
    """Id of melding the natural sequence ``span`` = (suit, low, high)."""
    return ACTION_INDEX[(MELD, SEQ_TARGET) + span]


def seq_add_action(span: Span, lo: int, hi: int) -> int:
    """Id of extending the side's sequence ``span`` to the ranks ``lo``..``hi``."""
    return ACTION_INDEX[(ADD, SEQ_TARGET, span[0], span_code(span[1], span[2]), span_code(lo, hi))]


def seq_take_action(span: Span) -> int:
    """Id of taking the pile by adding its top card to the side's sequence ``span``."""
    return ACTION_INDEX[(TAKE, TAKE_SEQ) + span]


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


def _wild_kind(cards: Sequence[int]) -> int:
    """1 if the one wild card of ``cards`` is a two, 2 if a joker (the ``wk`` of a SEQ_WILD key)."""
    return 2 if JOKER in cards else 1


def _wild_seq_key(move: Move) -> tuple[int, int, int, int, int]:
    """The id key of a sequence move with a wild card (Hollywood §3.2); raises MoveError for a bad shape."""
    k = move.kind
    text = " ".join(card_str(c) for c in move.cards)
    wilds = [c for c in move.cards if IS_WILD[c]]
    if len(wilds) != len(move.wild_as):
        raise MoveError(f"say which card each wild card stands for, e.g. JK=5H ({text})")
    if k == MELD:
        bad = wild_sequence_problem(move.cards, 1)
        nat = [c for c in move.cards if not IS_WILD[c]]
        if not bad:
            bad = sequence_problem(nat + list(move.wild_as))
        if bad:
            raise MoveError(f"meld {text}: {bad}")
        sp = span_of(nat + list(move.wild_as))
        assert sp is not None
        if not SEQ_MIN <= len(move.cards) <= SEQ_MAX:
            raise MoveError(f"a sequence meld has {SEQ_MIN} to {SEQ_MAX} cards, not {len(move.cards)} (§3.2)")
        return (MELD, SEQ_WILD, sp[0], span_code(sp[1], sp[2]), (move.wild_as[0] >> 2) * 4 + _wild_kind(wilds))
    span = move_span(move)
    suit, lo, hi = span
    hole = move.seq[2] >> 2 if len(move.seq) > 2 else -1
    if k == TAKE:
        if move.cards:
            raise MoveError("taking the pile to a sequence uses no card from the hand: 'take to 4H-7H/5H'")
        return (TAKE, TAKE_SEQ_WILD, suit, span_code(lo, hi), hole)
    if k != ADD:
        raise MoveError(f"'{KIND_NAMES[k]}' does not name a sequence")
    if hole >= 0 and wilds:
        raise MoveError(f"add {text} to {span_str(span)}: a sequence may hold at most 1 wild card (§3.2)")
    if len(wilds) > 1:
        raise MoveError(f"add {text} to {span_str(span)}: a sequence may hold at most 1 wild card (§3.2)")
    stand_in = tuple(c for c in move.cards if not IS_WILD[c]) + move.wild_as
    bad = extension_problem(span, stand_in, SEQ_MAX)
    if bad:
        raise MoveError(f"add {text} to {span_str(span)}: {bad}")
    new = extended(span, stand_in)
    if hole < 0:
        hole = move.wild_as[0] >> 2
    return (ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + hole,
            span_code(new[1], new[2]) * 4 + (_wild_kind(wilds) if wilds else 0))


def _seq_key(move: Move) -> tuple[int, int, int, int, int]:
    """The id key of a sequence move (meld, add or take); raises MoveError for a bad shape."""
    k = move.kind
    if move.wild_as or len(move.seq) > 2:
        return _wild_seq_key(move)
    if k == MELD:
        bad = sequence_problem(move.cards)
        if bad and any(IS_WILD[c] for c in move.cards) and not wild_sequence_problem(move.cards, SEQ_MAX):
            bad += ("; where a sequence may hold a wild card, write it in the place of the card it stands for "
                    "(meld 4H JK 6H 7H) or as JK=5H")
        if bad:
            raise MoveError(f"meld {' '.join(card_str(c) for c in move.cards)}: {bad}")
        sp = span_of(move.cards)
        assert sp is not None
        if not SEQ_MIN <= len(move.cards) <= SEQ_MAX:
            raise MoveError(f"a sequence meld has {SEQ_MIN} to {SEQ_MAX} cards, not {len(move.cards)} (§3.2)")
        return (MELD, SEQ_TARGET) + sp
    span = move_span(move)
    if k == TAKE:
        if move.cards:
            raise MoveError("taking the pile to a sequence uses no card from the hand: 'take to 4H-6H'")
        return (TAKE, TAKE_SEQ) + span
    if k != ADD:
        raise MoveError(f"'{KIND_NAMES[k]}' does not name a sequence")
    wild = next((c for c in move.cards if IS_WILD[c]), -1)
    if wild >= 0:
        example = card_str(min(span[2] + 1, ACE) * 4 + span[0])
        raise MoveError(f"add {' '.join(card_str(c) for c in move.cards)} to {span_str(span)}: say which card "
                        f"the wild card stands for, e.g. {card_str(wild)}={example} "
                        "(where a sequence may hold a wild card)")
    bad = extension_problem(span, move.cards, SEQ_LONGEST)
    if bad:
        raise MoveError(f"add {' '.join(card_str(c) for c in move.cards)} to {span_str(span)}: {bad}")
    new = extended(span, move.cards)
    return (ADD, SEQ_TARGET, span[0], span_code(span[1], span[2]), span_code(new[1], new[2]))


def move_key(move: Move) -> tuple[int, int, int, int, int]:
    """The suit-free key (kind, target/mode/card, naturals, twos, jokers) of a move.

    Raises:
        MoveError: the move has no id (e.g. a meld with more wild cards than any rule allows).
    """
    k = move.kind
    if move.seq or (k == MELD and move.target == SEQ_TARGET):
        return _seq_key(move)
    if k in (DRAW, ASK, YES, NO, PASS):
        return (k, -1, 0, 0, 0)
    if k == DISCARD:
        return (k, move.cards[0], 0, 0, 0)
    twos = sum(1 for c in move.cards if c != JOKER and c >> 2 == TWO)
    jokers = sum(1 for c in move.cards if c == JOKER)
    if k == TAKE:
        if not move.cards:
            return (k, TAKE_ADD, 0, 0, 0)
        if len(set(c >> 2 for c in move.cards)) == 1:
            return (k, TAKE_PAIR, 0, 0, 0)
        if jokers:
            return (k, TAKE_NAT_JOKER, 0, 0, 0)
        if twos:
            return (k, TAKE_NAT_TWO, 0, 0, 0)
        return (k, TAKE_PAIR, 0, 0, 0)
    target = move.target
    if target == TWO:  # the twos group: twos are its naturals
        return (k, TWO, twos, 0, jokers)
    n = len(move.cards) - twos - jokers
    if target == WILD_TARGET:
        return (k, WILD_TARGET, 0, twos, jokers)
    return (k, target, n, twos, jokers)


def action_of(move: Move) -> int:
    """The dense id of ``move``.

    Raises:
        MoveError: the move is of a shape no rule allows (too many wild cards, ...).
    """
    try:
        key = move_key(move)
    except (IndexError, TypeError, AttributeError):
        raise MoveError(f"{quoted(repr(move))} is not a well-formed move") from None
    try:
        return ACTION_INDEX[key]
    except KeyError:
        raise MoveError(f"{quoted(str(move))} is not a possible move: too many cards or wild cards in one "
                        "meld") from None


def is_three(card: int) -> bool:
    """True for any three (red or black)."""
    return card != JOKER and card >> 2 == THREE
