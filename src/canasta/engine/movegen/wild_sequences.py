"""Wild cards in sequences, and taking a wild card with a pair of it (Hollywood, RULES.md §3.2).

Hollywood lets one wild card into a sequence (``sequence_wild_max``) [R, S0 l.391, S4 l.85], and
lets a pile topped by a two or a joker be taken with a pair of the same wild card
(``wild_pair_takes_wild``) [R, S0 l.397-399, S4 l.85]. :class:`canasta.engine.deal.Deal` calls these
functions; they read the deal and never change it:

* :func:`new_wild_melds`, :func:`wild_additions`: new sequences holding a wild card, a wild card added
  to a natural sequence, natural cards added to a sequence holding one (ids of the SEQ_WILD blocks),
  per suit from the naturals held (cached); :func:`canasta.engine.movegen.sequences.seq_play_candidates` offers them;
* :func:`wild_seq_take_candidates`: taking the pile by adding its top card to a sequence holding a
  wild card;
* :func:`wild_seq_move_for_action`: the move with concrete cards for such an id;
* :func:`wild_pair_takes`: taking a pile topped by a wild card with a pair of it;
* :func:`meld_hole`, :func:`sequence_name`: the rank a sequence's wild card stands for, and the
  name of a sequence in the notation (``4H-7H`` or ``4H-7H/5H``).

A sequence meld keeps its ``span`` (suit, lowest rank, highest rank) as in Samba; its wild card
stands for the one rank of the span that no natural card of it has. The planning of the initial meld
and of going out (:mod:`canasta.engine.movegen.sequences`) counts natural sequences only: wild cards in sequences only
add ways to meld, so those plans stay sufficient and no player is ever left without a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import FOUR, IS_WILD, JOKER, JOKER_RANK, TWO, card_str
from canasta.cards.sequences import Span, require_held, span_code, span_decode, span_masks
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.errors import IllegalMove
from canasta.moves.actions import ACTION_INDEX, ACTIONS, TAKE_IDS
from canasta.moves.notation import ADD, MELD, SEQ_TARGET, SEQ_WILD, TAKE, TAKE_PAIR, TAKE_SEQ_WILD, WILD_TARGET, Move

if TYPE_CHECKING:
    from canasta.engine.state import Candidate, DealState, Meld

WILD_CARD: Final = {1: TWO * 4, 2: JOKER}
"""The card standing in a candidate move for each wild kind of a SEQ_WILD key (1 a two, 2 a joker)."""
BOTH: Final = (1, 2)
TWO_ONLY: Final = (1,)
JOKER_ONLY: Final = (2,)
"""The wild kinds a hand can offer: twos and jokers, twos only, jokers only."""


def meld_hole(m: Meld) -> int:
    """The rank index the wild card of the sequence ``m`` stands for, -1 if it holds none."""
    if not m.wild:
        return -1
    suit, lo, hi = m.span  # one wild card (sequence_wild_max <= 1): the rank the naturals lack
    cards = m.cards
    low = min(cards)
    wild = low if low < FOUR * 4 else JOKER  # a two sorts below every natural of a sequence, a joker above
    naturals = sum(cards) - wild  # card types r * 4 + suit of the naturals
    return (lo + hi) * (hi - lo + 1) // 2 - (naturals - suit * (len(cards) - 1)) // 4


def sequence_name(m: Meld) -> tuple[int, ...]:
    """The ``Move.seq`` naming the sequence ``m``: its lowest and highest card (card types) and, if it
    holds a wild card, the card that stands for (``4H-7H/5H``)."""
    suit, lo, hi = m.span
    hole = meld_hole(m)
    ends = (lo * 4 + suit, hi * 4 + suit)
    return ends if hole < 0 else ends + (hole * 4 + suit,)


_BINARY: Final = bytes.maketrans(b"\x00\x01", b"01")
"""``bytes.translate`` table: a row's 0/1 bytes to the digits of a binary number."""


def _held(row: bytes) -> int:
    """The ranks of a :func:`canasta.cards.sequences.suit_rows` row as a mask: bit r set where rank r is held."""
    return int(row[::-1].translate(_BINARY), 2) << FOUR


def _run(lo: int, hi: int) -> int:
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)


_WINDOWS: Final = tuple((lo, hi, _run(lo, hi)) for lo in range(FOUR, JOKER_RANK) for hi in range(lo + 2, JOKER_RANK))
"""Every rank range of 3 cards or more within 4..A, with its mask."""

WildOption = tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]
"""A sequence move with a wild card as the caches keep it: (cards in the sequence after it, per wild kind
the move can use, (id, cards used)): (two, joker) where the move brings the wild card, else one pair."""

def new_wild_melds(suit: int, row: bytes, least: int, top: int) -> list[WildOption]:
    """The sequences of ``suit`` with one wild card that the naturals of ``row``
    (:func:`canasta.cards.sequences.suit_rows`) allow, of ``least`` to ``top`` cards:
    ``(cards, ((id with a two, cards used), (id with a joker, cards used)))``, by rank range (lowest
    first, then shortest) and the rank the wild card stands for (the caller caches them:
    :func:`canasta.engine.movegen.sequences.new_sequences`). A range qualifies when the hand lacks at most one of its
    ranks: that one is the wild card's, else any of them may be (:func:`_window_options`)."""
    out: list[WildOption] = []
    held = _held(row)
    if bin(held).count("1") >= least - 1:
        for n, run, every, by_hole in _window_options(suit):
            if not least <= n <= top:
                continue
            missing = run & ~held
            if not missing:
                out += every
            elif not missing & (missing - 1):  # one gap: the wild card fills it
                out.append(by_hole[missing])
    return out


_WINDOW_OPTIONS: Final[dict[int, list[tuple[int, int, list[WildOption], dict[int, WildOption]]]]] = {}
"""Cache of :func:`_window_options`, per suit."""


def _window_options(suit: int) -> list[tuple[int, int, list[WildOption], dict[int, WildOption]]]:
    """Per rank range of ``_WINDOWS`` (in its order) that the table of moves has: its cards, its mask,
    the new sequences of ``suit`` over it with the wild card standing for each of its ranks in turn
    (lowest first), and the same by the bit of that rank (for a hand lacking just that one)."""
    found = _WINDOW_OPTIONS.get(suit)
    if found is None:
        found = []
        for lo, hi, run in _WINDOWS:
            if (MELD, SEQ_WILD, suit, span_code(lo, hi), lo * 4 + 1) not in ACTION_INDEX:
                continue  # longer than any sequence the table of moves has (SEQ_MAX)
            every: list[WildOption] = []
            by_hole: dict[int, WildOption] = {}
            for hole in range(lo, hi + 1):
                nat = tuple(r * 4 + suit for r in range(lo, hi + 1) if r != hole)
                opt = (hi - lo + 1, tuple(
                    (ACTION_INDEX[(MELD, SEQ_WILD, suit, span_code(lo, hi), hole * 4 + wk)], nat + (WILD_CARD[wk],))
                    for wk in (1, 2)))
                every.append(opt)
                by_hole[1 << hole] = opt
            found.append((hi - lo + 1, run, every, by_hole))
        _WINDOW_OPTIONS[suit] = found
    return found


_ADDITIONS: Final[dict[tuple[int, int, int, int, int, int], list[WildOption]]] = {}
"""Cache of :func:`wild_additions` (by the part of the lane within reach,
:func:`canasta.cards.sequences.span_masks`)."""


def wild_additions(suit: int, lo: int, hi: int, hole: int, lane: int, top: int) -> list[WildOption]:
    """Additions to the sequence ``(suit, lo, hi)`` whose wild card stands for ``hole`` (-1: natural) that
    naturals of ``lane`` (the suit's ranks held, :func:`canasta.cards.sequences.held_bits`) allow, up to ``top``
    cards: ``(cards after, ((id, cards used), ...))``: one pair for naturals added to a sequence holding a
    wild card, else (with a two, with a joker) for a wild card added with those naturals; cached. A sequence
    holding its wild card takes naturals only, so without one next to either end there is none (the empty
    list at once)."""
    near, reach = span_masks(lo, hi, top)
    if hole >= 0 and not lane & near:
        return _NONE
    key = (suit, lo, hi, hole, top, lane & reach)
    found = _ADDITIONS.get(key)
    if found is not None:
        return found
    out: list[WildOption] = []
    held = lane << FOUR
    for new, every, by_missing in _addition_shapes(suit, lo, hi, hole, top):
        missing = new & ~held
        if not missing:
            out += every
        elif hole < 0 and not missing & (missing - 1):  # one card missing: the wild card added fills it
            out.append(by_missing[missing])
    if len(_ADDITIONS) > 200_000:
        _ADDITIONS.clear()
    _ADDITIONS[key] = out
    return out


_NONE: Final[list[WildOption]] = []
"""No addition (do not modify)."""


_ADDITION_IDS: Final[dict[tuple[int, int, int, int, int, int, tuple[int, ...]], list[int]]] = {}
"""Cache of :func:`wild_addition_ids`."""


def wild_addition_ids(suit: int, lo: int, hi: int, hole: int, lane: int, top: int,
                      kinds: tuple[int, ...]) -> list[int]:
    """The ids of :func:`wild_additions` (same arguments) in its order: for a sequence holding its wild card
    (``hole`` >= 0) the one id of each (naturals only), else per addition one id per wild kind of
    ``kinds`` (``BOTH``, ``TWO_ONLY``, ``JOKER_ONLY``: the wild cards the hand holds); cached (do not modify)."""
    near, reach = span_masks(lo, hi, top)
    if hole >= 0:
        if not lane & near:
            return _NO_IDS
        kinds = ()
    key = (suit, lo, hi, hole, top, lane & reach, kinds)
    found = _ADDITION_IDS.get(key)
    if found is None:
        opts = wild_additions(suit, lo, hi, hole, lane, top)
        if hole >= 0:
            found = [o[1][0][0] for o in opts]
        else:
            found = [o[1][wk - 1][0] for o in opts for wk in kinds]
        if len(_ADDITION_IDS) > 200_000:
            _ADDITION_IDS.clear()
        _ADDITION_IDS[key] = found
    return found


_NO_IDS: Final[list[int]] = []
"""No id (do not modify)."""

_SHAPES: Final[dict[Candidate, list[tuple[int, list[WildOption], dict[int, WildOption]]]]] = {}
"""Cache of :func:`_addition_shapes`."""


def _addition_shapes(suit: int, lo: int, hi: int, hole: int,
                     top: int) -> list[tuple[int, list[WildOption], dict[int, WildOption]]]:
    """The additions :func:`wild_additions` may offer to the sequence ``(suit, lo, hi)`` whatever the hand,
    per new range (lowest start first, then shortest): the mask of the ranks it adds, the options when
    the hand holds all of them (naturals only where the sequence holds a wild card; else a wild card
    standing for each added rank in turn, lowest first), and for a natural sequence the option by the bit
    of the one rank the hand lacks (the wild card stands for it)."""
    key = (suit, lo, hi, hole, top)
    found = _SHAPES.get(key)
    if found is not None:
        return found
    found = []
    old = _run(lo, hi)
    for a in range(max(FOUR, hi - top + 1), lo + 1):
        for b in range(hi, min(JOKER_RANK - 1, a + top - 1) + 1):
            if (a, b) == (lo, hi):
                continue
            new = _run(a, b) & ~old
            every: list[WildOption] = []
            by_missing: dict[int, WildOption] = {}
            if hole >= 0:
                nat = tuple(r * 4 + suit for r in range(a, b + 1) if (new >> r) & 1)
                act = ACTION_INDEX[(ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + hole, span_code(a, b) * 4)]
                every.append((b - a + 1, ((act, nat),)))
            else:
                for h in range(a, b + 1):
                    bit = 1 << h
                    if not new & bit:
                        continue
                    nat = tuple(r * 4 + suit for r in range(a, b + 1) if (new >> r) & 1 and r != h)
                    opt = (b - a + 1, tuple(
                        (ACTION_INDEX[(ADD, SEQ_WILD, suit, span_code(lo, hi) * 16 + h, span_code(a, b) * 4 + wk)],
                         nat + (WILD_CARD[wk],)) for wk in (1, 2)))
                    every.append(opt)
                    by_missing[bit] = opt
            found.append((new, every, by_missing))
    _SHAPES[key] = found
    return found


def wild_seq_take_candidates(deal: DealState, seat: int, side: int, top: int, near: list[Meld]) -> list[int]:
    """Ids of taking the pile by adding its top card ``top`` to a sequence of the side that holds a wild
    card (the caller has checked the pile is not frozen and ``add_to_meld`` is allowed); as
    :func:`canasta.engine.movegen.sequences.seq_take_candidates` for natural sequences (RULES.md §3.2). ``near``: the
    side's sequences the top card could join (:func:`canasta.engine.movegen.sequences.sequences_touching`)."""
    rules = deal.rules
    cap = min(rules.sequence_max, rules.pile_add_below or rules.sequence_max)
    suit = top & 3
    out: list[int] = []
    for m in near:
        sp = m.span
        if not m.wild or len(m.cards) >= cap:
            continue
        act = ACTION_INDEX[(TAKE, TAKE_SEQ_WILD, suit, span_code(sp[1], sp[2]), meld_hole(m))]
        if act in out:
            continue
        after = deal.hand_sizes[seat] + deal._to_hand(deal.pile[:-1])
        done = 1 if m.size + 1 >= 7 > m.size else 0
        if after < 2 and (rules.must_ask_to_go_out
                          or not deal.side_may_go_out(side, deal.canastas[side] + done, done)):
            continue
        out.append(act)
    return out


def wild_take_name(action: int) -> tuple[int, int, int]:
    """The ``Move.seq`` of a TAKE_SEQ_WILD id: the lowest and highest card of the sequence taken to and the
    card its wild card stands for (``4H-7H/5H``)."""
    _, _, suit, code, hole = ACTIONS[action]
    lo, hi = span_decode(code)
    return lo * 4 + suit, hi * 4 + suit, hole * 4 + suit


def wild_seq_move_for_action(deal: DealState, action: int) -> Move:
    """The move (cards, the sequence named, what the wild card stands for) for a SEQ_WILD id.

    Raises:
        canasta.engine.deal.IllegalMove: the hand lacks a card the move needs.
    """
    kind, _, suit, a, b = ACTIONS[action]
    hand = deal.hands[deal.turn]
    if kind == TAKE:
        return Move(TAKE, (), -1, wild_take_name(action))
    if kind == MELD:
        (lo, hi), hole, wk = span_decode(a), b >> 2, b & 3
        nat = [r * 4 + suit for r in range(lo, hi + 1) if r != hole]
        seq: tuple[int, ...] = ()
        old_hole = -1
    else:
        (lo, hi), hole = span_decode(a >> 4), a & 15
        (na, natural_bits), wk = span_decode(b >> 2), b & 3
        nat = [r * 4 + suit for r in range(na, natural_bits + 1) if not lo <= r <= hi and (wk == 0 or r != hole)]
        old_hole = hole if wk == 0 else -1
        seq = (lo * 4 + suit, hi * 4 + suit) + ((hole * 4 + suit,) if old_hole >= 0 else ())
    wild: tuple[int, ...] = ()
    if wk:
        if wk == 2:
            wild = (JOKER,) if hand[JOKER] else ()
        else:
            wild = next(((c,) for c in range(TWO * 4, TWO * 4 + 4) if hand[c]), ())
        if not wild:
            raise IllegalMove(f"you do not hold {'a joker' if wk == 2 else 'a two'}")
    require_held(hand, nat)
    if not wk:
        return Move(ADD, tuple(nat), SEQ_TARGET, seq)
    stands = hole * 4 + suit
    cards = sorted(nat + [stands])
    cards[cards.index(stands)] = wild[0]
    return Move(kind, tuple(cards), SEQ_TARGET, seq, (stands,))


def wild_pair_takes(deal: DealState) -> list[int]:
    """Taking a pile topped by a wild card with a pair of it (``wild_pair_takes_wild``): two twos for a
    two, two jokers for a joker; the three cards start or join the side's meld of wild cards, which may
    not pass ``wild_meld_cap`` cards. Offered under the general conditions of a take: the player keeps
    a card to discard or may go out, and an unopened side can still make its minimum count with the
    three wild cards and the rest of the hand (the pile waits until it does) (RULES.md §1.6, §1.7, §3.2)."""
    rules = deal.rules
    pile = deal.pile
    top = pile[-1]
    seat = deal.turn
    side = deal.side_of[seat]
    rank_counts = deal.rank_counts[seat]
    rank = JOKER_RANK if top == JOKER else TWO
    size = deal.hand_sizes[seat]
    if rank_counts[rank] < 2 or (rules.no_pile_for_initial_meld and not deal.opened[side]):
        return []
    if rules.one_card_pile_rule and size == 1 and len(pile) == 1 and not deal.stock_out:
        return []
    mi = deal.meld_index[side][WILD_TARGET]
    size0 = deal.melds[side][mi].size if mi >= 0 else 0
    if size0 + 3 > rules.wild_meld_cap:
        return []
    canastas = deal.canastas[side] + (1 if size0 < 7 <= size0 + 3 else 0)
    rest = deal._to_hand(pile[:-1]) + deal._to_hand(deal.dowry)
    if size - 2 + rest < 2 and (rules.must_ask_to_go_out or not deal.side_may_go_out(side, canastas)):
        return []
    if not deal.opened[side]:
        counted = 3 if rules.opening_top_card_counts else 2  # the top card counts only with the option (MAC A.7)
        need = deal.minimum[side] - deal.open_total - counted * deal.rank_values[rank]
        rc2 = rank_counts[:]
        rc2[rank] -= 2
        melds_by_rank = deal.melds_by_rank(side, deal.turn_new)
        melds_by_rank[WILD_TARGET] = [0, size0 + 3]
        if need > 0 and best_meld_value(rc2, melds_by_rank, deal.meld_limits, max(0, 2 - rest)) < need:
            return []
    return [TAKE_IDS[TAKE_PAIR]]


def wild_pair_problem(deal: DealState, cards: tuple[int, ...]) -> str:
    """Why ``cards`` are not the pair a pile topped by a wild card is taken with ('' if they are)."""
    top = deal.pile[-1]
    want = JOKER if top == JOKER else -1
    ok = len(cards) == 2 and all((c == JOKER) if want == JOKER else (c != JOKER and IS_WILD[c]) for c in cards)
    if ok:
        return ""
    what = "two jokers" if top == JOKER else "two twos"
    return f"a pile topped by {card_str(top)} is taken only with a pair of the same wild card: {what} (§3.2)"


def wild_seq_key_span(action: int) -> tuple[Span, int, int, int]:
    """For a SEQ_WILD MELD/ADD id: (span before, or the new span for a meld; size before; size after;
    rank the wild card stands for)."""
    kind, _, suit, a, b = ACTIONS[action]
    if kind == MELD:
        lo, hi = span_decode(a)
        return (suit, lo, hi), 0, hi - lo + 1, b >> 2
    lo, hi = span_decode(a >> 4)
    na, natural_bits = span_decode(b >> 2)
    return (suit, lo, hi), hi - lo + 1, natural_bits - na + 1, a & 15
