"""The concrete cards of a move id: a dense id names ranks and counts, the hand gives the cards.
"""

from __future__ import annotations

from typing import Final

from canasta.cards.deck import (
    JOKER,
    JOKER_RANK,
    THREE,
    TWO,
)
from canasta.engine.movegen.sequences import seq_move_for_action
from canasta.engine.movegen.wild_sequences import wild_seq_move_for_action
from canasta.engine.state import DealState
from canasta.errors import IllegalMove
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import (
    ADD,
    ASK,
    DECLARE,
    DISCARD,
    DRAW,
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
)

FIXED_MOVES: Final[tuple[Move | None, ...]] = tuple(
    Move(a[0]) if a[0] in (DRAW, ASK, YES, NO, PASS, DECLARE, LAYOUT) else Move(DISCARD, (a[1],)) if a[0] == DISCARD
    else None
    for a in ACTIONS)
"""Per move id, the :class:`Move` where it does not depend on the hand (draw, ask, answers, pass, declare, layout,
a discard; moves are immutable, so one object serves every deal), else None (:func:`move_for_action`)."""


ACTION_KINDS: Final[tuple[int, ...]] = tuple(a[0] for a in ACTIONS)
"""Per move id, its kind (``ACTIONS[id][0]``): read by :func:`~canasta.engine.apply.play_move` instead of the
``kind`` of the :class:`Move` (a Python dataclass, whose attributes compiled code reads by name)."""

TAKE_NEEDS: Final = {TAKE_ADD: (0, 0, 0), TAKE_PAIR: (2, 0, 0), TAKE_NAT_TWO: (1, 1, 0), TAKE_NAT_JOKER: (1, 0, 1)}
"""Per take mode of a rank: the naturals, twos and jokers of the hand it uses."""

MOVES_KEPT = 100_000
"""Most moves :data:`_MOVES` keeps (it is emptied when full)."""
_MOVES: Final[dict[tuple[int, tuple[int, ...]], Move]] = {}
"""The moves :func:`move_for_action` made, by id and cards (the id fixes the kind and the target; moves are
immutable, so one object serves every deal): making a :class:`Move` costs about ten look-ups."""


def _move(action: int, kind: int, cards: tuple[int, ...], target: int = -1) -> Move:
    """``Move(kind, cards, target)`` for id ``action``, from :data:`_MOVES` where it was made before."""
    key = (action, cards)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) >= MOVES_KEPT:
            _MOVES.clear()
        found = _MOVES[key] = Move(kind, cards, target)
    return found


RANK_WORDS: Final = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
              "jacks", "queens", "kings", "aces", "jokers")


def move_for_action(state: DealState, action: int) -> Move:
    """The move with concrete cards (suits chosen in order C, D, H, S) for id ``action``.

    Raises:
        IllegalMove: the hand lacks the cards that id needs.
    """
    fixed = FIXED_MOVES[action]
    if fixed is not None:
        return fixed
    kind, arg, n, t, j = ACTIONS[action]
    if arg == SEQ_TARGET or (kind == TAKE and arg == TAKE_SEQ):
        return seq_move_for_action(state, action)
    if (kind in (MELD, ADD) and arg == SEQ_WILD) or (kind == TAKE and arg == TAKE_SEQ_WILD):
        return wild_seq_move_for_action(state, action)
    seat = state.turn
    h = state.hands[seat]
    if kind == TAKE:
        if not state.pile:
            raise IllegalMove("the discard pile is empty")
        r = state.pile[-1] >> 2
        need = TAKE_NEEDS[arg]
        if r == JOKER_RANK and state.rules.wild_pair_takes_wild:  # two jokers take a joker (Hollywood)
            return Move(kind, (JOKER, JOKER))
        if r == JOKER_RANK:  # a joker canasta take (§3.4): two twos, or the other joly and a two
            return Move(kind, pick_cards(h, TWO, 2) if arg == TAKE_PAIR else (JOKER,) + pick_cards(h, TWO, 1))
        return _move(action, kind, pick_cards(h, r, need[0]) + pick_cards(h, TWO, need[1]) + (JOKER,) * need[2])
    if arg == WILD_TARGET:
        return _move(action, kind, pick_cards(h, TWO, t) + (JOKER,) * j, WILD_TARGET)
    return _move(action, kind, pick_cards(h, arg, n) + pick_cards(h, TWO, t) + (JOKER,) * j, arg)


def pick_cards(h: list[int], rank: int, count: int) -> tuple[int, ...]:
    """``count`` cards of rank index ``rank`` from the hand counts ``h``, suits in order C, D, H, S
    (black threes only for threes). Raises IllegalMove if the hand holds fewer."""
    if count <= 0:
        return ()
    out: tuple[int, ...] = ()
    base = rank * 4
    for c in (base, base + 3) if rank == THREE else (base, base + 1, base + 2, base + 3):
        k = h[c]
        if k:
            left = count - len(out)
            if k >= left:
                return out + (c,) * left
            out += (c,) * k
    raise IllegalMove(f"you do not hold {count} {RANK_WORDS[rank]}")
