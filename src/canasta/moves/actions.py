"""Dense action ids: every move has an id in ``range(N_ACTIONS)``, from tables built once at import.

The id forgets suits (which never matter for a meld of a rank), so many moves share an id;
:meth:`canasta.engine.deal.Deal.move_for_action` turns an id back into a move with concrete cards for
the current hand. Each id stands for a key of five integers (:data:`ActionKey`), whose meaning depends
on the kind of move; :func:`decode_action` gives the same with named fields (:class:`Action`).

Sequence moves (RULES.md §3.2) keep their suits, so their ids do too: they form blocks appended after
the 3674 ids of the meld-of-a-rank table (see :func:`_build_tables` and docs/env.md), so that no older id
ever changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER, TWO, card_str
from canasta.cards.sequences import (
    SEQ_MAX,
    SEQ_MIN,
    Span,
    extended,
    extension_problem,
    sequence_problem,
    span_code,
    span_decode,
    span_of,
    span_str,
    wild_sequence_problem,
)
from canasta.moves.notation import (
    ADD,
    ASK,
    DECLARE,
    DISCARD,
    DRAW,
    KIND_NAMES,
    LAYOUT,
    MELD,
    NO,
    PASS,
    SEQ_TARGET,
    SEQ_WILD,
    TAKE,
    TAKE_ADD,
    TAKE_NAT_JOKER,
    TAKE_NAT_TWO,
    TAKE_PAIR,
    TAKE_SEQ,
    TAKE_SEQ_WILD,
    WILD_TARGET,
    YES,
    Move,
    MoveError,
    move_span,
)
from canasta.util.jsontypes import quoted

ActionKey = tuple[int, int, int, int, int]
"""The key of an action id: (kind, a, b, c, d), read by kind (see :func:`_build_tables`): (kind, -1, 0, 0, 0)
for draw, ask, yes, no, pass; (TAKE, mode, 0, 0, 0); (DISCARD, card, 0, 0, 0); (MELD or ADD, rank target,
naturals, twos, jokers); sequences: (MELD, SEQ_TARGET, suit, low, high) and the other blocks below.
:func:`decode_action` names the fields."""

SEQ_LONGEST = ACE - FOUR + 1
"""Most cards a sequence can ever hold (4 to A), where a variant extends it past 7 when going out."""
MAX_NATURALS = 12
GROUP_WILD_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (t, j) for w in range(4) for t in range(w, -1, -1) for j in [w - t]
)
"""(twos, jokers) pairs with at most 3 wild cards, in id order."""
WILD_MELD_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (t, j) for t in range(13) for j in range(9) if t + j > 0
)
"""(twos, jokers) pairs of a meld (or addition) of wild cards only, in id order."""


def _build_tables() -> tuple[list[ActionKey], dict[ActionKey, int]]:
    table: list[ActionKey] = []
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
    # laying the hand down as a special hand (Modern American Canasta, RULES_AMERICAN.md A.11): one id
    table.append((DECLARE, -1, 0, 0, 0))
    # laying out the three kept back for the Straight (Modern American Canasta, RULES_AMERICAN.md A.3): one id
    table.append((LAYOUT, -1, 0, 0, 0))
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
DECLARE_ID = ACTION_INDEX[(DECLARE, -1, 0, 0, 0)]
"""The id of ``declare`` (a special hand laid down, MAC A.11), after every sequence block."""
LAYOUT_ID = ACTION_INDEX[(LAYOUT, -1, 0, 0, 0)]
"""The id of ``layout`` (the three kept back for the Straight laid out and replaced, MAC A.3): the last id."""
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


def _wild_kind(cards: Sequence[int]) -> int:
    """1 if the one wild card of ``cards`` is a two, 2 if a joker (the ``wk`` of a SEQ_WILD key)."""
    return 2 if JOKER in cards else 1


def _wild_seq_key(move: Move) -> ActionKey:
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


def _seq_key(move: Move) -> ActionKey:
    """The id key of a sequence move (meld, add or take); raises MoveError for a bad shape."""
    k = move.kind
    if move.wild_as or len(move.seq) > 2:
        return _wild_seq_key(move)
    if k == MELD:
        bad = sequence_problem(move.cards)
        if bad:
            why = bad.text
            if any(IS_WILD[c] for c in move.cards) and not wild_sequence_problem(move.cards, SEQ_MAX):
                why += ("; where a sequence may hold a wild card, write it in the place of the card it stands for "
                        "(meld 4H JK 6H 7H) or as JK=5H")
            raise MoveError(f"meld {' '.join(card_str(c) for c in move.cards)}: {why}")
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


def move_key(move: Move) -> ActionKey:
    """The suit-free key (kind, target/mode/card, naturals, twos, jokers) of a move.

    Raises:
        MoveError: the move has no id (e.g. a meld with more wild cards than any rule allows).
    """
    k = move.kind
    if move.seq or (k == MELD and move.target == SEQ_TARGET):
        return _seq_key(move)
    if k in (DRAW, ASK, YES, NO, PASS, DECLARE, LAYOUT):
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


class Action(NamedTuple):
    """An action id with named fields (:func:`decode_action`); a field that does not apply is -1 (0 for
    the counts of cards).

    Attributes:
        kind: DRAW, TAKE, MELD, ADD, DISCARD, ASK, YES, NO, PASS, DECLARE or LAYOUT (``KIND_NAMES[kind]`` in
            words).
        target: for MELD and ADD, the meld: a rank index 0..12 (0 = the twos group of Italian, where
            ``naturals`` counts the twos), WILD_TARGET (the meld of wild cards) or SEQ_TARGET (a sequence,
            with a wild card or not).
        take_mode: for TAKE, one of TAKE_ADD, TAKE_PAIR, TAKE_NAT_TWO, TAKE_NAT_JOKER, TAKE_SEQ,
            TAKE_SEQ_WILD.
        card: for DISCARD, the card type discarded.
        naturals: natural cards the move takes from the hand (for a sequence meld or addition: its
            natural cards).
        twos: twos the move takes from the hand.
        jokers: jokers the move takes from the hand.
        suit: for a sequence move, its suit index 0..3.
        low: for a sequence move, the lowest rank index of the sequence after the move.
        high: for a sequence move, the highest rank index of the sequence after the move.
        from_low: for an addition to a sequence, the lowest rank index before it (and for taking the pile
            to a sequence, the sequence's: ``from_low == low``).
        from_high: the same, highest.
        wild_for: for a sequence holding a wild card (Hollywood, §3.2), the rank index it stands for.
    """

    kind: int
    target: int = -1
    take_mode: int = -1
    card: int = -1
    naturals: int = 0
    twos: int = 0
    jokers: int = 0
    suit: int = -1
    low: int = -1
    high: int = -1
    from_low: int = -1
    from_high: int = -1
    wild_for: int = -1


def _wild_counts(wild_kind: int) -> tuple[int, int]:
    """(twos, jokers) of the ``wk`` of a SEQ_WILD key: 0 none, 1 a two, 2 a joker."""
    return (1, 0) if wild_kind == 1 else (0, 1) if wild_kind == 2 else (0, 0)


def _decode_sequence(kind: int, key: ActionKey) -> Action:
    """:func:`decode_action` for the sequence blocks (ids from N_CLASSIC_ACTIONS on)."""
    _, a, suit, c, d = key
    if kind == MELD and a == SEQ_TARGET:
        return Action(kind, SEQ_TARGET, naturals=d - c + 1, suit=suit, low=c, high=d)
    if kind == MELD:  # SEQ_WILD
        low, high = span_decode(c)
        twos, jokers = _wild_counts(d & 3)
        return Action(kind, SEQ_TARGET, naturals=high - low, twos=twos, jokers=jokers, suit=suit,
                      low=low, high=high, wild_for=d >> 2)
    if kind == TAKE:
        low, high = (c, d) if a == TAKE_SEQ else span_decode(c)
        return Action(kind, take_mode=a, suit=suit, low=low, high=high, from_low=low, from_high=high,
                      wild_for=d if a == TAKE_SEQ_WILD else -1)
    if a == SEQ_TARGET:  # ADD to a natural sequence
        (from_low, from_high), (low, high) = span_decode(c), span_decode(d)
        return Action(kind, SEQ_TARGET, naturals=(high - low) - (from_high - from_low), suit=suit, low=low,
                      high=high, from_low=from_low, from_high=from_high)
    (from_low, from_high), (low, high) = span_decode(c >> 4), span_decode(d >> 2)
    twos, jokers = _wild_counts(d & 3)
    return Action(kind, SEQ_TARGET, naturals=(high - low) - (from_high - from_low) - twos - jokers, twos=twos,
                  jokers=jokers, suit=suit, low=low, high=high, from_low=from_low, from_high=from_high,
                  wild_for=c & 15)


def decode_action(action_id: int) -> Action:
    """The fields of action id ``action_id`` (``0 <= action_id < N_ACTIONS``) by name.

    Rank indices are those of :data:`canasta.cards.deck.RANKS` (0 = 2, 1 = 3, 2 = 4 ... 12 = A).

    >>> from canasta.moves.notation import Move
    >>> decode_action(action_of(Move.parse("meld KH KS 2C")))
    Action(kind=2, target=11, take_mode=-1, card=-1, naturals=2, twos=1, jokers=0, suit=-1, low=-1, high=-1, \
from_low=-1, from_high=-1, wild_for=-1)
    >>> action = decode_action(action_of(Move.parse("add 7H to 4H-6H")))
    >>> KIND_NAMES[action.kind], action.suit, action.from_low, action.from_high, action.high, action.naturals
    ('add', 2, 2, 4, 5, 1)
    >>> decode_action(DRAW_ID).kind == DRAW
    True

    Raises:
        IndexError: ``action_id`` is not in ``range(N_ACTIONS)``.
    """
    if not 0 <= action_id < N_ACTIONS:
        raise IndexError(f"action id {action_id} is not in range({N_ACTIONS})")
    return DECODED_ACTIONS[action_id]


def _decode(action_id: int) -> Action:
    """The :class:`Action` of ``action_id``, read from its key (built once for :data:`DECODED_ACTIONS`)."""
    key = ACTIONS[action_id]
    kind, a, b, c, d = key
    if kind in (DECLARE, LAYOUT):
        return Action(kind)
    if action_id >= N_CLASSIC_ACTIONS:
        return _decode_sequence(kind, key)
    if kind == TAKE:
        return Action(kind, take_mode=a)
    if kind == DISCARD:
        return Action(kind, card=a)
    if kind in (MELD, ADD):
        return Action(kind, a, naturals=b, twos=c, jokers=d)
    return Action(kind)


DECODED_ACTIONS: tuple[Action, ...] = tuple(_decode(action_id) for action_id in range(N_ACTIONS))
"""Every action id's :class:`Action`, by id: the table :func:`decode_action` reads (hot loops may index it
directly with an id they know is valid)."""
