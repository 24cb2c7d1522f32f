"""Sequence melds in play: the engine's move generation and planning for them (RULES.md §3.2).

:class:`canasta.engine.deal.Deal` calls these functions where ``rules.sequences`` is on
(Samba family). They read the deal's state and never change it:

* :func:`seq_play_candidates`: new sequence melds and additions to the side's
  sequences that the hand allows, natural or (Hollywood) with a wild card, with the
  cards they use and the canastas after;
* :func:`seq_take_candidates`: taking the pile by adding its top card to a
  sequence of the side (Samba: unfrozen pile, a sequence of fewer than 7 cards);
* :func:`seq_move_for_action`: the move with concrete cards for a sequence id;

The plans of the initial meld and of going out with sequences live in
:mod:`canasta.engine.constraints.sequence_plans`, the refusals (code, parameters, words) in
:mod:`canasta.engine.refuse_sequences`.

Feasibility decision (docs/variants/samba.md): sequences only add ways to meld, so the
engine's plans from rank counts (:mod:`canasta.engine.constraints.meld_plans`) stay sufficient to keep
every player able to move. The initial meld is planned with sequences too (up to
:data:`REACH_DEPTH` further sequences in the turn); going out is planned from rank
counts only, which can only make "may I go out?" unavailable in a hand that could
go out only through sequences: the player can still go out without asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from canasta.cards.deck import FOUR, JOKER_RANK, TWO
from canasta.cards.sequences import (
    LANE,
    LANE_MASK,
    ROW_BYTES,
    Span,
    bits_runs,
    require_held,
    row_extensions,
    span_cards,
    span_code,
    span_decode,
    span_ends,
    span_masks,
    suit_spans,
)
from canasta.engine.movegen.wild_sequences import (
    BOTH,
    JOKER_ONLY,
    TWO_ONLY,
    WildOption,
    meld_hole,
    new_wild_melds,
    wild_addition_ids,
    wild_additions,
)
from canasta.errors import IllegalMove
from canasta.moves.actions import ACTION_INDEX, ACTIONS, seq_add_action, seq_meld_action, seq_take_action
from canasta.moves.notation import ADD, MELD, SEQ_TARGET, SEQ_WILD, TAKE, Move

if TYPE_CHECKING:
    from canasta.engine.state import DealState, Meld
    from canasta.rules.fields import Rules

REACH_DEPTH = 2
"""Further sequences the initial-meld planning tries in one turn (besides melds of a rank)."""


def find_sequence(deal: DealState, side: int, seq: tuple[int, ...]) -> Meld | None:
    """The sequence of ``side`` whose lowest and highest cards are ``seq`` (card types), or None.

    Two sequences with the same cards are interchangeable; the first made is returned. ``seq`` of
    two cards names a natural sequence; a third card names the card a sequence's wild card stands
    for (``4H-7H/5H``, Hollywood).
    """
    if len(seq) not in (2, 3):
        return None
    span = (seq[0] & 3, seq[0] >> 2, seq[1] >> 2)
    hole = seq[2] >> 2 if len(seq) == 3 else -1
    return next((m for m in deal.seqs[side] if m.span == span and meld_hole(m) == hole), None)


def sequences_touching(deal: DealState, side: int, top: int) -> list[Meld]:
    """The sequences of ``side`` that the card ``top`` could join: of its suit, ending next to its rank
    (RULES.md §3.2), in the order they were made."""
    suit, rank = top & 3, top >> 2
    return [m for m in deal.seqs[side] if m.span[0] == suit
            and (m.span[1] - 1 == rank or m.span[2] + 1 == rank)]


def seq_take_candidates(deal: DealState, seat: int, side: int, top: int, near: list[Meld] | None = None) -> list[int]:
    """Ids of taking the pile by adding its top card ``top`` to one of the side's sequences.

    The caller has checked that the pile is not frozen for the side and that the
    rules allow ``add_to_meld``. The sequence must be of the top card's suit, end
    next to its rank (:func:`sequences_touching`; ``near``: that list where the caller has it),
    hold fewer than ``sequence_max`` cards (and fewer than ``pile_add_below`` where set); the
    player must keep a card to discard unless his side may go out (RULES.md §1.4, §3.2).
    """
    rules = deal.rules
    cap = rules.sequence_max
    if rules.pile_add_below:
        cap = min(cap, rules.pile_add_below)
    after = -1
    out: list[int] = []
    seen: set[Span] = set()
    for m in sequences_touching(deal, side, top) if near is None else near:
        sp = m.span
        if m.wild or sp in seen or len(m.cards) >= cap:
            continue
        seen.add(sp)
        if after < 0:
            after = deal.hand_sizes[seat] + deal._to_hand(deal.pile[:-1])
        done = 1 if m.size + 1 >= 7 > m.size else 0
        if after < 2 and (rules.must_ask_to_go_out
                          or not deal.side_may_go_out(side, deal.canastas[side] + done, done)):
            continue
        out.append(seq_take_action(sp))
    return out


SeqCandidates = list[tuple[int, tuple[int, ...], int]]
"""Sequence moves as :func:`seq_play_candidates` gives them: (action id, cards used, canastas after)."""


def seq_play_candidates(deal: DealState, seat: int, side: int, size: int, pend: int,
                        allow_out: bool, needs: tuple[int, int]) -> list[tuple[int, tuple[int, ...], int]]:
    """Sequence melds and additions the hand allows now: ``(id, cards used, canastas after)``.

    Natural sequences first (new ones, then additions to the side's natural sequences); then, where
    ``sequence_wild_max`` lets a wild card in (Hollywood), the same with a two or a joker as an option
    of each move: new sequences holding one, a wild card added with naturals to a natural sequence,
    naturals added to a sequence holding one (the SEQ_WILD ids, :mod:`canasta.engine.movegen.wild_sequences`).

    ``size`` is the hand's size, ``pend`` the pile cards still set aside for it,
    ``allow_out`` whether going out is allowed (the partner did not say no), ``needs`` the
    canastas the side needs to go out now and with one more sequence canasta
    (:func:`~canasta.engine.constraints.going_out.canastas_needed_now_and_with_a_sequence`). A move that leaves fewer
    than 2 cards is
    offered only if the side then has the canastas to go out (RULES.md §1.4, §1.9, §3.2).
    """
    rules = deal.rules
    canastas = deal.canastas[side]
    out_ok = allow_out and canastas + 1 >= needs[1]  # with a sequence canasta made by the move
    out_now = allow_out and canastas >= needs[0]
    room = size + pend - 2  # cards that may be melded while keeping 2 (a discard and one more)
    bits = deal.natural_bits[seat]
    smin = rules.sequence_min
    wild = rules.sequence_wild_max > 0
    kinds: tuple[int, ...] = ()
    if wild:
        rank_counts = deal.rank_counts[seat]
        jokers = rank_counts[JOKER_RANK]
        kinds = (BOTH if jokers else TWO_ONLY) if rank_counts[TWO] else (JOKER_ONLY if jokers else ())
    starts = 0 if kinds else bits_runs(bits, smin)  # with a wild card to fill a gap, every suit is looked at
    seqs = deal.seqs[side]
    if not (kinds or starts or seqs):
        return []  # no run of a suit, no wild card to fill a gap, no sequence to add to
    out, wild_new = _new_sequence_candidates(deal, bits, starts, kinds, room, canastas, (out_now, out_ok, allow_out))
    wild_adds = _addition_candidates(deal, side, bits, kinds, room, canastas, (out_now, out_ok, allow_out), out)
    out.extend(wild_new)
    out.extend(wild_adds)
    return out


def _new_sequence_candidates(
    deal: DealState,
    bits: int,
    starts: int,
    kinds: tuple[int, ...],
    room: int,
    canastas: int,
    outs: tuple[bool, bool, bool],
) -> tuple[SeqCandidates, SeqCandidates]:
    """New sequences the hand (naturals held as ``bits``) can meld: (natural ones, ones holding a wild card of
    ``kinds``), as :func:`seq_play_candidates` gives them; ``outs`` = (out_now, out_ok, allow_out) of it."""
    out_now, out_ok, allow_out = outs
    rules = deal.rules
    smin, smax = rules.sequence_min, rules.sequence_max
    wild = rules.sequence_wild_max > 0
    out: list[tuple[int, tuple[int, ...], int]] = []
    wild_new: list[tuple[int, tuple[int, ...], int]] = []  # new sequences with a wild card, offered after additions
    least = max(smin, rules.min_naturals + 1) if wild else 0  # cards of a new sequence with a wild card
    tables = _NEW_SEQUENCES.get((smin, smax, least)) or new_sequence_tables(smin, smax, least)
    for suit in range(4):
        if not (kinds or starts >> LANE * suit & LANE_MASK):
            continue  # no natural sequence without smin ranks in a row, and no wild card to fill a gap
        row = ROW_BYTES[bits >> LANE * suit & LANE_MASK]
        natural, with_wild = tables[suit].get(row) or new_sequences(suit, row, smin, smax, least)
        for n, used, act in natural:
            done = 1 if n >= 7 else 0
            if n > room and not (
                out_now or (done and out_ok) or (allow_out and n == room + 1 and deal._last_card_out(act))
            ):
                continue
            out.append((act, used, canastas + done))
        if kinds:
            for n, opts in with_wild:
                done = 1 if n >= 7 else 0
                for wk in kinds:
                    act, used = opts[wk - 1]
                    if n > room and not (
                        out_now or (done and out_ok) or (allow_out and n == room + 1 and deal._last_card_out(act))
                    ):
                        continue
                    wild_new.append((act, used, canastas + done))
    return out, wild_new


def _addition_candidates(
    deal: DealState,
    side: int,
    bits: int,
    kinds: tuple[int, ...],
    room: int,
    canastas: int,
    outs: tuple[bool, bool, bool],
    out: SeqCandidates,
) -> SeqCandidates:
    """Additions to the side's sequences: natural ones are appended to ``out``; those with a wild card or to a
    sequence holding one (Hollywood) are returned, as :func:`seq_play_candidates` orders them."""
    out_now, out_ok, allow_out = outs
    rules = deal.rules
    smax = rules.sequence_max
    wild = rules.sequence_wild_max > 0
    seqs = deal.seqs[side]
    wild_adds: list[tuple[int, tuple[int, ...], int]] = []
    seen: set[Span] = set()
    seen_wild: set[int] = set()
    longest = max(smax, rules.sequence_out_max)
    # the going-out turn (Brazilian §3.2), where the exact filter after the yes runs (going_out_by_search_now)
    committed = deal.answer > 0 and rules.must_ask_to_go_out and deal._search_out_now()
    for m in seqs:
        sp = m.span
        suit, lo, hi = sp
        lane = bits >> LANE * suit & LANE_MASK
        msize = hi - lo + 1  # a sequence holds one card per rank of its span
        if not m.wild and msize < longest and sp not in seen:  # naturals added to a natural sequence
            seen.add(sp)
            for n, used, act in _natural_additions(sp, lane, longest):
                done = 1 if n >= 7 > msize else 0
                over = len(used) > room
                if over and not (
                    out_now or (done and out_ok) or (allow_out and len(used) == room + 1 and deal._last_card_out(act))
                ):
                    continue
                if n > smax and not over and not committed:
                    continue  # past sequence_max only in the going-out turn (sequence_out_max): as the move
                    # that goes out, or anywhere in it once the partner's binding yes commits him (§3.2)
                out.append((act, used, canastas + done))
        if wild and (kinds or m.wild) and msize < smax:  # with a wild card (Hollywood)
            hole = _wild_hole(m, lane, smax, seen_wild)
            if hole is None:
                continue
            for n, opts in wild_additions(suit, lo, hi, hole, lane, smax):
                done = 1 if n >= 7 > msize else 0
                over = len(opts[0][1]) > room and not (out_now or (done and out_ok))
                if hole >= 0:  # naturals only, to a sequence holding its wild card
                    if not over or (allow_out and len(opts[0][1]) == room + 1 and deal._last_card_out(opts[0][0])):
                        wild_adds.append((opts[0][0], opts[0][1], canastas + done))
                    continue
                for wk in kinds:  # one wild card with the naturals
                    act, used = opts[wk - 1]
                    if not over or (allow_out and len(used) == room + 1 and deal._last_card_out(act)):
                        wild_adds.append((act, used, canastas + done))
    return wild_adds


def _wild_hole(m: Meld, lane: int, top: int, seen: set[int]) -> int | None:
    """For additions with a wild card to the sequence ``m`` (Hollywood, §3.2), of up to ``top`` cards: the rank
    its wild card stands for (-1 for a natural sequence), or None where there are none to offer: it holds its
    wild card and ``lane`` (its suit's naturals held, :func:`canasta.cards.sequences.held_bits`) has none next to it
    (it then takes naturals only), or a sequence of the same span and hole was offered already (``seen``, each
    as one int; updated)."""
    suit, lo, hi = m.span
    if m.wild:
        if not lane & span_masks(lo, hi, top)[0]:
            return None
        hole = meld_hole(m)
    else:
        hole = -1
    key = ((suit << 4 | lo) << 4 | hi) << 5 | (hole + 1)  # one int for (suit, lo, hi, hole): no tuple made
    if key in seen:
        return None
    seen.add(key)
    return hole


def seq_play_ids(deal: DealState, seat: int, side: int, size: int, pend: int, allow_out: bool,
                 needs: tuple[int, int]) -> list[int]:
    """The ids of :func:`seq_play_candidates` (same arguments), in its order, without the cards and
    canastas: what move generation needs once the side has made its initial meld and the player need
    not go out (every candidate is then legal as it stands).

    Where the hand keeps two cards after any new sequence (``size + pend - 2`` at least
    ``sequence_max``), or the side may go out now (every move leaving fewer than two cards is then
    allowed), only an addition past ``sequence_max`` (up to ``sequence_out_max``) can depend on
    going out, so the new sequences of each suit come as one cached list of ids per row of the hand
    (:func:`new_sequence_ids`); otherwise the ids are read from :func:`seq_play_candidates`.
    """
    rules = deal.rules
    setup = _IDS_SETUP.get(id(rules))
    if setup is None or setup[0] is not rules:
        setup = _ids_setup(rules)
    _, smin, smax, longest, wild, least, tables = setup
    bits = deal.natural_bits[seat]
    code = 0
    if wild:
        rank_counts = deal.rank_counts[seat]
        code = (1 if rank_counts[TWO] else 0) | (2 if rank_counts[JOKER_RANK] else 0)
    starts = -1 if code else bits_runs(bits, smin)  # with a wild card to fill a gap, every suit is looked at
    seqs = deal.seqs[side]
    if not (starts or seqs):
        return []  # no run of a suit, no wild card to fill a gap, no sequence to add to
    room = size + pend - 2  # cards that may be melded while keeping 2
    short = seven = False  # a hand too short for every new sequence; one of 7 cards would let the side go out
    if room < smax and not (allow_out and deal.canastas[side] >= needs[0]):
        if wild or room < smin:  # (a new sequence may leave the one card that goes out, §1.9)
            return [c[0] for c in seq_play_candidates(deal, seat, side, size, pend, allow_out, needs)]
        short, seven = True, allow_out and deal.canastas[side] + 1 >= needs[1]
    kinds = _KINDS[code]
    ids: list[int] = []
    wild_ids: list[int] = []
    if starts:
        for suit in range(4):
            shift = LANE * suit
            if not starts >> shift & LANE_MASK:
                continue  # no natural sequence without smin ranks in a row, and no wild card to fill a gap
            row = ROW_BYTES[bits >> shift & LANE_MASK]
            if short:
                ids += short_sequence_ids(suit, row, smin, smax, room, seven)
                continue
            found = _kind_ids(tables, suit, row, smin, smax, least, 0)
            if found:
                ids += found
            if code:
                wild_ids += _kind_ids(tables, suit, row, smin, smax, least, code)
    if not seqs:
        if wild_ids:
            ids += wild_ids
        return ids
    seen: set[Span] = set()
    seen_wild: set[int] = set()
    for m in seqs:
        sp = m.span
        suit, lo, hi = sp
        lane = bits >> LANE * suit & LANE_MASK
        msize = hi - lo + 1
        if not m.wild and msize < longest and sp not in seen:
            seen.add(sp)
            for n, used, act in _natural_additions(sp, lane, longest):
                if len(used) > room:  # he keeps fewer than 2 cards: only where he may then go out
                    if not (allow_out and (deal.canastas[side] >= needs[0]
                                           or (n >= 7 > msize and deal.canastas[side] + 1 >= needs[1])
                                           or (len(used) == room + 1 and deal._last_card_out(act)))):
                        continue
                elif n > smax:
                    continue  # past sequence_max only in the move that goes out (sequence_out_max)
                ids.append(act)
        if wild and (kinds or m.wild) and msize < smax:
            hole = _wild_hole(m, lane, smax, seen_wild)
            if hole is not None:
                wild_ids += wild_addition_ids(suit, lo, hi, hole, lane, smax, kinds)
    ids += wild_ids
    return ids


IdSlots = list[list[int] | None]
"""The ids of a row's new sequences per wild-kind code (:func:`sequence_ids_kind`), None until asked."""

_IdsSetup = tuple[Any, int, int, int, bool, int, list[dict[bytes, IdSlots]]]

_IDS_SETUP: Final[dict[int, _IdsSetup]] = {}
"""What :func:`seq_play_ids` reads from the rules, per rules object (by ``id``, the object kept beside
it to check): the rules, sequence_min, sequence_max, the longest sequence (``sequence_out_max`` where
longer), whether a wild card may join, the fewest cards of a new sequence with one and the per-suit caches of
:func:`new_sequence_ids`."""


def _ids_setup(rules: Rules) -> _IdsSetup:
    """Work out and keep the entry of :data:`_IDS_SETUP` for ``rules``."""
    smin, smax = rules.sequence_min, rules.sequence_max
    wild = rules.sequence_wild_max > 0
    least = max(smin, rules.min_naturals + 1) if wild else 0
    key = (smin, smax, least)
    tables = _NEW_IDS.get(key) or _NEW_IDS.setdefault(key, [{}, {}, {}, {}])
    if len(_IDS_SETUP) > 256:
        _IDS_SETUP.clear()
    found = _IDS_SETUP[id(rules)] = (rules, smin, smax, max(smax, rules.sequence_out_max), wild, least, tables)
    return found


_SHORT_IDS: Final[dict[tuple[int, bytes, int, int, int, bool], list[int]]] = {}
"""Cache of :func:`short_sequence_ids`."""


def short_sequence_ids(suit: int, row: bytes, min_len: int, max_len: int, room: int, seven: bool) -> list[int]:
    """The ids of the natural new sequences of ``suit`` that ``row`` allows (:func:`new_sequences`, in its order)
    of at most ``room`` cards, and (``seven``: the move would let the side go out) those of 7 cards: what
    :func:`seq_play_candidates` offers a hand that must keep two cards after a shorter sequence (RULES.md
    §1.4, §3.2); cached (do not modify)."""
    key = (suit, row, min_len, max_len, room, seven)
    found = _SHORT_IDS.get(key)
    if found is None:
        natural = new_sequences(suit, row, min_len, max_len, 0)[0]
        found = _SHORT_IDS[key] = [act for n, _, act in natural if n <= room or (seven and n >= 7)]
    return found


_KINDS: Final[tuple[tuple[int, ...], ...]] = ((), TWO_ONLY, JOKER_ONLY, BOTH)
"""The wild kinds a hand offers by code: 1 if it holds a two, plus 2 if it holds a joker."""

_NEW_IDS: Final[dict[tuple[int, int, int], list[dict[bytes, IdSlots]]]] = {}
"""Cache of :func:`sequence_ids_kind`: per (min_len, max_len, least), per suit, by row, per wild-kind code."""


def new_sequence_ids(suit: int, row: bytes, min_len: int, max_len: int, least: int) -> tuple[list[int], ...]:
    """The ids of :func:`new_sequences` of ``suit`` for ``row``, in the order :func:`seq_play_candidates`
    offers them: natural sequences first, then per wild-kind code (1 twos only, 2 jokers only, 3 both,
    :data:`_KINDS`) those holding a wild card of those kinds (each :func:`sequence_ids_kind`; do not modify the
    lists)."""
    return tuple([sequence_ids_kind(suit, row, min_len, max_len, least, code) for code in range(4)])


def sequence_ids_kind(suit: int, row: bytes, min_len: int, max_len: int, least: int, code: int) -> list[int]:
    """:func:`new_sequence_ids` of one wild-kind ``code`` (0: the natural sequences), worked out only when asked
    (a hand holding no wild card never needs the others); cached per row (do not modify the list). The table of
    moves numbers the sequences of every suit alike (:data:`SUIT_SHIFTS`), so the ids of suits D, H, S are those of
    suit C for the same row, shifted; those of suit C are worked out for every code at once
    (:func:`sequence_ids_of`)."""
    key = (min_len, max_len, least)
    tables = _NEW_IDS.get(key) or _NEW_IDS.setdefault(key, [{}, {}, {}, {}])
    return _kind_ids(tables, suit, row, min_len, max_len, least, code)


def _kind_ids(tables: list[dict[bytes, IdSlots]], suit: int, row: bytes, min_len: int, max_len: int, least: int,
              code: int) -> list[int]:
    """:func:`sequence_ids_kind` with its caches per suit ``tables`` (:data:`_NEW_IDS`) at hand."""
    slots = tables[suit].get(row)
    if slots is None:
        if not suit:
            slots = tables[0][row] = list(sequence_ids_of(0, row, min_len, max_len, least))
        else:
            slots = tables[suit][row] = [None, None, None, None]
    found = slots[code]
    if found is None:
        clubs = _kind_ids(tables, 0, row, min_len, max_len, least, code)
        shift = SUIT_SHIFTS[1 if code else 0] * suit
        found = slots[code] = [a + shift for a in clubs]
    return found


def sequence_ids_of(suit: int, row: bytes, min_len: int, max_len: int, least: int) -> tuple[list[int], ...]:
    """:func:`new_sequence_ids` worked out for ``suit`` itself (not cached)."""
    with_wild = new_wild_melds(suit, row, least, max_len) if least and row.count(1) >= least - 1 else []
    return ([seq_meld_action(sp) for sp in suit_spans(suit, row, min_len, max_len)],) + tuple(
        [opts[wk - 1][0] for _, opts in with_wild for wk in kinds] for kinds in _KINDS[1:]
    )


SUIT_SHIFTS: Final = (
    seq_meld_action((1, FOUR, FOUR + 2)) - seq_meld_action((0, FOUR, FOUR + 2)),
    ACTION_INDEX[(MELD, SEQ_WILD, 1, span_code(FOUR, FOUR + 2), FOUR * 4 + 1)]
    - ACTION_INDEX[(MELD, SEQ_WILD, 0, span_code(FOUR, FOUR + 2), FOUR * 4 + 1)],
)
"""How far the id of a new natural sequence, and of a new sequence holding a wild card, moves from one suit
to the next in the table of moves (the same for every rank range: tests/test_speed_shortcuts.py)."""


NewSequences = tuple[list[tuple[int, tuple[int, ...], int]], list[WildOption]]
"""New sequences of a suit: natural ones ``(cards, card types, id)`` and, where a wild card may join,
those holding one (:data:`canasta.engine.movegen.wild_sequences.WildOption`)."""

_NEW_SEQUENCES: Final[dict[tuple[int, int, int], list[dict[bytes, NewSequences]]]] = {}
"""Cache of :func:`new_sequences`: per (min_len, max_len, least), per suit, by row."""


def new_sequence_tables(min_len: int, max_len: int, least: int) -> list[dict[bytes, NewSequences]]:
    """The per-suit caches of :func:`new_sequences` (look there first)."""
    return _NEW_SEQUENCES.setdefault((min_len, max_len, least), [{}, {}, {}, {}])


def new_sequences(suit: int, row: bytes, min_len: int, max_len: int, least: int) -> NewSequences:
    """The new sequences of ``suit`` that the naturals of ``row`` (:func:`canasta.cards.sequences.suit_rows`)
    allow: natural ones of ``min_len``..``max_len`` cards in the order of
    :func:`canasta.cards.sequences.spans_in_hand`, and (``least`` > 0) those of ``least``..``max_len`` cards
    holding one wild card (:func:`canasta.engine.movegen.wild_sequences.new_wild_melds`); cached (do not modify)."""
    table = new_sequence_tables(min_len, max_len, least)[suit]
    found = table.get(row)
    if found is None:
        natural = [
            (sp[2] - sp[1] + 1, span_cards(sp), seq_meld_action(sp)) for sp in suit_spans(suit, row, min_len, max_len)
        ]
        wild = new_wild_melds(suit, row, least, max_len) if least and row.count(1) >= least - 1 else []
        found = table[row] = (natural, wild)
    return found


_NATURAL_ADDITIONS: Final[dict[tuple[Span, int, int], list[tuple[int, tuple[int, ...], int]]]] = {}
"""Cache of :func:`_natural_additions` (by the part of the lane within reach,
:func:`canasta.cards.sequences.span_masks`)."""


_NO_ADDITIONS: Final[list[tuple[int, tuple[int, ...], int]]] = []
"""What :func:`_natural_additions` returns for a sequence the lane cannot reach (do not modify)."""


def _natural_additions(sp: Span, lane: int, longest: int) -> list[tuple[int, tuple[int, ...], int]]:
    """Natural cards the naturals of ``lane`` (its suit's ranks held, :func:`canasta.cards.sequences.held_bits`) can
    add to the natural sequence ``sp``, up to ``longest`` cards: ``(cards after, card types added, id)``;
    cached. Without a natural of the rank just below or just above the sequence in ``lane`` there is none
    (the empty list at once, before the cache key is built)."""
    near, reach = span_masks(sp[1], sp[2], longest)
    if not lane & near:
        return _NO_ADDITIONS
    key = (sp, longest, lane & reach)
    found = _NATURAL_ADDITIONS.get(key)
    if found is None:
        suit, lo, hi = sp
        found = [
            (b - a + 1, tuple(r * 4 + suit for r in range(a, b + 1) if not lo <= r <= hi), seq_add_action(sp, a, b))
            for a, b in row_extensions(sp, ROW_BYTES[lane], longest)
        ]
        if len(_NATURAL_ADDITIONS) > 200_000:
            _NATURAL_ADDITIONS.clear()
        _NATURAL_ADDITIONS[key] = found
    return found


def seq_move_for_action(deal: DealState, action: int) -> Move:
    """The sequence move (cards and the sequence named) for id ``action``.

    Raises:
        canasta.engine.deal.IllegalMove: the hand lacks a card the move needs.
    """
    kind, _, suit, a, b = ACTIONS[action]
    hand = deal.hands[deal.turn]
    if kind == TAKE:
        return Move(TAKE, (), -1, span_ends((suit, a, b)))
    if kind == MELD:
        cards = span_cards((suit, a, b))
        seq: tuple[int, ...] = ()
    elif kind == ADD:
        (lo, hi), (na, natural_bits) = span_decode(a), span_decode(b)
        cards = tuple(c for c in span_cards((suit, na, natural_bits)) if not lo <= c >> 2 <= hi)
        seq = span_ends((suit, lo, hi))
    else:  # pragma: no cover - the table has no other sequence kind
        raise IllegalMove("that id is not a sequence move")
    require_held(hand, cards)
    return Move(kind, cards, SEQ_TARGET, seq)
