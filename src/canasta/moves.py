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
    discard 7S
    ask  yes  no  pass

Every move also has an id in ``range(N_ACTIONS)`` from tables built once at
import. The id forgets suits (which never matter for a meld of a rank), so many
moves share an id; :meth:`repro.engine.Deal.move_for_action` turns an id back
into a move with concrete cards for the current hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    ACE,
    JOKER,
    RANKS,
    THREE,
    TWO,
    CardError,
    card_str,
    parse_card,
)

# Move kinds
DRAW, TAKE, MELD, ADD, DISCARD, ASK, YES, NO, PASS = range(9)
KIND_NAMES = ("draw", "take", "meld", "add", "discard", "ask", "yes", "no", "pass")

# Meld targets: 0..12 are rank indices (0 = twos group of Italian, 1 = black threes,
# 2..12 = natural ranks 4..A); WILD_TARGET is the meld of wild cards.
WILD_TARGET = 13
N_TARGETS = 14

# Take modes
TAKE_ADD, TAKE_PAIR, TAKE_NAT_TWO, TAKE_NAT_JOKER = range(4)

MAX_NATURALS = 12
GROUP_WILD_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (t, j) for w in range(4) for t in range(w, -1, -1) for j in [w - t]
)
"""(twos, jokers) pairs with at most 3 wild cards, in id order."""
WILD_MELD_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (t, j) for t in range(13) for j in range(9) if t + j > 0
)
"""(twos, jokers) pairs of a meld (or addition) of wild cards only, in id order."""


class MoveError(ValueError):
    """A move in text could not be read; the message shows the notation."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move.

    Attributes:
        kind: one of DRAW, TAKE, MELD, ADD, DISCARD, ASK, YES, NO, PASS.
        cards: the card types the move takes from the hand (empty for draw, ask, ...).
        target: for MELD/ADD, the meld target (rank index 0..12, or WILD_TARGET);
            -1 where it does not apply.
    """

    kind: int
    cards: tuple[int, ...] = ()
    target: int = -1

    # -- notation -------------------------------------------------------------

    def __str__(self) -> str:
        name = KIND_NAMES[self.kind]
        if not self.cards:
            return name
        text = name + " " + " ".join(card_str(c) for c in self.cards)
        if (all(c == JOKER or c >> 2 == TWO for c in self.cards)
                and (self.kind == ADD or (self.kind == MELD and self.target == TWO))):
            text += " to " + target_str(self.target)  # the meld of twos (Italian) is named: 'to 2'
        return text

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move in notation (case-insensitive).

        Raises:
            MoveError: the text is not a move; the message lists the notation.
        """
        words = text.replace(",", " ").split()
        if not words:
            raise MoveError("empty move: " + NOTATION_HELP)
        verb = words[0].lower()
        if verb not in KIND_NAMES:
            raise MoveError(f"'{words[0]}' is not a move: " + NOTATION_HELP)
        kind = KIND_NAMES.index(verb)
        rest = words[1:]
        target = -1
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


NOTATION_HELP = (
    "moves are: draw | take [CARD CARD] | meld CARDS | add CARDS [to RANK] | discard CARD | "
    "ask | yes | no | pass (cards like KH TS 3D JK)"
)


def target_str(target: int) -> str:
    """Name of a meld target: a rank letter, ``3`` for black threes, ``W`` for wild cards."""
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
    raise MoveError(f"'{text}' is not a meld's rank: write one of {' '.join(RANKS)} or W")


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


def move_key(move: Move) -> tuple[int, int, int, int, int]:
    """The suit-free key (kind, target/mode/card, naturals, twos, jokers) of a move.

    Raises:
        MoveError: the move has no id (e.g. a meld with more wild cards than any rule allows).
    """
    k = move.kind
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
    except (IndexError, TypeError):
        raise MoveError(f"'{move!r}' is not a well-formed move") from None
    try:
        return ACTION_INDEX[key]
    except KeyError:
        raise MoveError(f"'{move}' is not a possible move: too many cards or wild cards in one meld") from None


def is_three(card: int) -> bool:
    """True for any three (red or black)."""
    return card != JOKER and card >> 2 == THREE
