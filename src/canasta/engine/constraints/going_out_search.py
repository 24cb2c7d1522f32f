"""Exact "can he still go out this turn?" by searching the turn's own legal moves (RULES.md §1.9).

The plans of :mod:`canasta.engine.constraints.meld_plans` count cards by rank. They answer going out exactly where a
going out
is a matter of ranks alone, but not where a variant adds rules a count of ranks does not see:

* sequences (§3.2 Samba family, Italian): a card with no meld of its rank may still join a sequence, and a
  sequence may be extended past ``sequence_max`` only in the going-out turn (Brazilian);
* the meld of twos (§3.2 Italian): while it is unfinished, the side's twos are no wild cards;
* ``discard_blocked_rank`` (§3.5 Pennies from Heaven): a seven is never the last card discarded;
* black threes that never join a meld but leave play as a set of four (§3.4 Romanian tiles);
* incomplete melds of aces, sevens or wild cards that forbid going out (MAC A.9, ``incomplete_blocks_going_out``).

For those variants (:func:`needs_search`) the engine asks :func:`out_possible`: a depth-first search over the
moves :meth:`canasta.engine.deal.Deal.legal_actions` offers a player whose partner said yes (he must go out, so
discards that would end the turn are left out), on clones marked ``planning`` so that the move filters that
call this very search keep every move. It remembers each state it has searched (hand, the side's melds and
the turn's bookkeeping). Bounds skip most of the search; each is exact where it is used:

* "no": the exact bounds of :mod:`canasta.engine.constraints.out_bounds` (:func:`out_hopeless`: cards no move
  can meld, too few canastas or sequence canastas within reach, a meld that forbids going out and that the hand
  cannot complete, the rank plan where its melds allow more than the moves, a packet still due);
* "yes": the rank plan saying yes where its melds are all legal moves (the side has opened, no pile set
  aside, no canasta owed, and none of the rules above in play for this hand).

Where the plan's suit choice could matter (a group meld in a variant with sequences: the suit left in hand
may start or extend a sequence), every choice of suits is tried.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final

from canasta.cards.deck import ACE, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.bounds import loose_cards_fit, may_meld_out, needs_search
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.constraints.out_blocks import SEVEN
from canasta.engine.constraints.out_bounds import out_hopeless
from canasta.engine.extra_cards import OUT_NEVER, extra_cards_due, out_need, side_canastas
from canasta.engine.movegen.twos import twos_reserved
from canasta.engine.state import ENGINE_CALLS, P_ANSWER, P_PLAY
from canasta.moves.actions import ACTIONS, group_action
from canasta.moves.notation import ADD, ASK, DISCARD, MELD, PASS, SEQ_TARGET, SEQ_WILD, WILD_TARGET, Move
from canasta.scoring.canasta_kinds import kinds_met

if TYPE_CHECKING:
    from canasta.engine.state import DealState

__all__ = ["SEARCH_CARDS", "needs_search", "out_hopeless", "out_moves", "out_possible", "plan_says_out", "plannable"]

BUDGET: Final = 400
"""States one search may expand before it gives up (:class:`OverBudget`); only hands far longer than
``FULL_CARDS`` with many sequences to choose from come near it."""
FULL_CARDS: Final = 8
SEARCH_CARDS: Final = 8
"""The engine searches (:func:`out_possible`, :func:`out_moves`) for hands of at most this many cards;
longer hands are answered by the plans (``going_out_by_search_now``)."""
"""Up to this many cards in hand every move is searched; above, only sequences and melds of twos, the
melds of ranks being left to the rank plan (module docstring)."""


def _key(d: DealState, seat: int) -> tuple[Any, ...]:
    """What the search's answer of ``d`` depends on (its memo's key): the hand, the side's melds and the turn's
    bookkeeping. (The hand as a tuple: ``bytes`` of a list converts each count on its own, which costs more than
    the tuple's hash saves, measured compiled.)"""
    side = d.side_of[seat]
    return (tuple(d.hands[seat]), len(d.pending), d.hand_sizes[seat],
            tuple((m.target, m.nat, m.wild, m.span, tuple(m.cards) if m.target == TWO else len(m.cards))
                  for m in d.melds[side]),
            d.canastas[side], d.seq_canastas[side], d.opened[side], d.open_total, d.must_canasta,
            d.no_discard, d.conceal_only, d.touched_old, len(d.turn_new), d.over, d.phase)


class OverBudget(Exception):
    """The search expanded more than :data:`BUDGET` states."""


def plannable(d: DealState, seat: int, side: int) -> bool:
    """Whether the rank plan may finish the going out from here: the side has opened (or a concealed going
    out waives its minimum, §1.6), no pile is set aside, no canasta is owed first, no concealed going out is
    required, melding is allowed (§3.4 first round), and no cards are still to come (extra cards)."""
    rules = d.rules
    return not (
        d.pending
        or d.must_canasta >= 0
        or d.conceal_only
        or not (d.opened[side] or d._waiver())
        or (rules.no_opening_first_round and d.first_round())
        or (rules.extra_cards and extra_cards_due(d, seat))
    )


def plan_says_out(d: DealState, seat: int, side: int) -> bool:
    """Whether the hand can go out by melds of ranks alone (black threes included, the discard last),
    the rank plan :func:`~canasta.engine.constraints.meld_plans.can_meld_out` adjusted where a variant restricts it
    (exact
    where :func:`plannable`): twos reserved for an unfinished meld of twos are no wild cards (Italian
    §3.2: the plan then says no while the hand holds one); a card of ``discard_blocked_rank`` is never
    the last discard (Pennies §3.5: each other discard is tried); black threes only leave play as a set of
    four (Romanian tiles §3.4: three of them stay); black threes never join the side's meld of them (it is laid
    out once, §1.8: melded early in a going-out turn told yes, Brazilian); a player in his foot may first lay down
    a book of black threes
    (Hand and Foot B.7 ``black_three_meld=foot_book``: each book tried on a copy). Where an incomplete meld of aces,
    sevens or wild cards forbids
    going out (``incomplete_blocks_going_out``, MAC A.9) the plan does not say how it fills them: it answers only
    for a hand with no ace, seven or wild card (else no, and the search decides)."""
    rules = d.rules
    rank_counts = d.rank_counts[seat]
    if rules.incomplete_blocks_going_out and (rank_counts[ACE] or rank_counts[SEVEN] or rank_counts[TWO]
                                              or rank_counts[JOKER_RANK]):
        return False
    if rules.twos_melds and rank_counts[TWO] and twos_reserved(d, side):
        return False
    if rank_counts[THREE] >= 2 and d.meld_index[side][THREE] >= 0 and not rules.black3_foot_book:
        return False  # a side melds its black threes once (§1.8, §3.5): the plan would add them to that meld
    block = d.variant_ranks.discard_block
    plain = not (block >= 0 and rank_counts[block] and not d.no_discard) and not rules.black3_foot_book \
        and not rules.black3_set_leaves_play  # the hand's counts go to the plan as they are
    if plain and not loose_cards_fit(rank_counts, d.meld_index[side], d.meld_limits, not d.no_discard):
        return False  # the plan's first "no" (below), asked before its melds and the need are worked out
    need = d._out_need(side)
    if need >= 10**6:
        return False
    if rules.black3_foot_book and rank_counts[THREE] >= 4 and not d.packets[seat] and d.opened[side]:
        if _foot_book_goes_out(d, seat, side):
            return True
    if rules.black3_set_leaves_play and rank_counts[THREE]:
        if rank_counts[THREE] == 3:
            return False
        if rank_counts[THREE] == 4:
            rank_counts = rank_counts[:]
            rank_counts[THREE] = 0  # the set leaves play (§3.4)
    melds_by_rank = d.melds_by_rank(side)
    canastas = d.canastas[side]
    if block >= 0 and rank_counts[block] and not d.no_discard:
        if can_meld_out(rank_counts, melds_by_rank, d.meld_limits, canastas, need, allow_discard=False):
            return True
        for r in range(14):
            if rank_counts[r] and r != block:
                rest = rank_counts[:]
                rest[r] -= 1
                if can_meld_out(rest, melds_by_rank, d.meld_limits, canastas, need, allow_discard=False):
                    return True
        return False
    allow = not d.no_discard
    limits = d.meld_limits
    if not plain and not loose_cards_fit(rank_counts, d.meld_index[side], limits, allow):
        return False
    if not may_meld_out(rank_counts, melds_by_rank, limits, need - canastas, allow):
        return False  # the quick exact "no"s of reach.py for this plan
    return can_meld_out(rank_counts, melds_by_rank, d.meld_limits, canastas, need, allow_discard=allow)


def _foot_book_goes_out(d: DealState, seat: int, side: int) -> bool:
    """Whether a player in his foot goes out by laying down a book of black threes first (B.7 ``black_three_meld=
    foot_book``: 4 to 6 black threes and 1 to 3 wild cards, 7 cards), then melding the rest by the plan
    (:func:`plan_says_out` on a copy after each book the hand allows)."""
    rank_counts, hand = d.rank_counts[seat], d.hands[seat]
    b3 = hand[4 * THREE] + hand[4 * THREE + 3]  # the black threes (red ones stay in the hand, B.7)
    twos, jokers = rank_counts[TWO], rank_counts[JOKER_RANK]
    mi = d.meld_index[side][THREE]
    if mi >= 0 and not (d.rules.several_melds_per_rank and d.melds[side][mi].size >= 7):
        return False
    for n in range(4, min(b3, 6) + 1):
        for t in range(0, 8 - n):
            j = 7 - n - t
            if t > twos or j > jokers:
                continue
            action = group_action(MELD, THREE, n, t, j)
            c = _planning_clone(d)
            c._do(action, c.move_for_action(action))
            if c.phase == P_PLAY and c.turn == seat and plan_says_out(c, seat, side):
                return True
    return False


def _concrete(d: DealState, action: int) -> list[Move]:
    """The moves of id ``action``: every choice of suits where it can matter (a group meld or addition in
    a variant with sequences), else the engine's choice (:meth:`Deal.move_for_action`)."""
    kind, arg, n, t, j = ACTIONS[action]
    base = d.move_for_action(action)
    if not (
        d.rules.sequences
        and kind in (MELD, ADD)
        and arg not in (SEQ_TARGET, SEQ_WILD, WILD_TARGET)
        and 4 <= arg <= 12
        and n > 0
    ):
        return [base]
    h = d.hands[d.turn]
    held = [c for c in range(arg * 4, arg * 4 + 4) if h[c]]
    if len(held) < 2:
        return [base]
    out = []
    tail = base.cards[n:]
    for nat in combinations_with_replacement(held, n):
        if any(nat.count(c) > h[c] for c in set(nat)):
            continue
        out.append(Move(kind, nat + tail, arg))
    return out


class _Search:
    """The memoised depth-first search. Melds and additions that keep two cards in hand are tried in
    order of their target (rank, then the meld of wild cards, then sequences as one group), never going
    back to a lower target: any going out can be played in that order. Its moves that keep two cards
    commute: each only needs the cards it melds and, for an addition, the meld it joins, made earlier on
    the same target (an order by target keeps that); a meld of twos comes first (target 2), so twos freed
    by finishing it stay usable after; while the hand keeps two cards no move depends on how many it
    holds. So the moves before the first one leaving fewer than two cards can be sorted by target, and
    from that one on (at most two more moves) every order is tried. Not used where the order does matter
    beyond that: cards still to come this turn (extra cards), or a canasta owed first (``must_canasta``)."""

    __slots__ = ("seat", "side", "memo", "ordered", "left")

    def __init__(self, seat: int, side: int, deal: DealState):
        self.seat = seat
        self.side = side
        self.memo: dict[tuple[Any, ...], bool] = {}
        rules = deal.rules
        self.ordered = not (rules.extra_cards and extra_cards_due(deal, seat))
        self.left = BUDGET

    def run(self, d: DealState, last: int = -1, root: bool = False) -> bool:
        """Whether ``d`` (a planning copy) goes out this turn; ``root``: ``d`` is the search's first state, whose
        exact "no" bounds and rank plan the caller found to say neither (:func:`out_possible`: not asked again)."""
        seat = self.seat
        if d.over:
            return d.out_seat == seat
        if d.phase != P_PLAY or d.turn != seat:
            return False
        if d.must_canasta >= 0:
            last = -1
        key = (_key(d, seat), last)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.memo[key] = False
        self.left -= 1
        if self.left < 0:
            raise OverBudget
        ok = self._expand(d, last, root)
        self.memo[key] = ok
        return ok

    def _expand(self, d: DealState, last: int, root: bool = False) -> bool:
        seat, side = self.seat, self.side
        if not root and out_hopeless(d, seat, side):
            return False
        can_plan = plannable(d, seat, side)
        if not root and can_plan and plan_says_out(d, seat, side):
            return True
        spare = d.hand_sizes[seat] + d._to_hand(d.pending)
        single = spare == 1
        every = spare <= FULL_CARDS or not can_plan or contract_short(d)
        ordered = self.ordered and d.must_canasta < 0
        for a in search_moves(d, side, every):
            kind, arg, n, t, j = ACTIONS[a]
            if kind == ASK or kind == PASS:
                continue
            if kind == DISCARD:
                if not single:
                    continue
                c = d._copy(False)
                c._do(a, c.move_for_action(a))
                if c.over and c.out_seat == seat:
                    return True
                continue
            group = SEQ_TARGET if arg == SEQ_WILD else arg
            if not every and group not in (SEQ_TARGET, TWO):
                continue  # a long hand: sequences and twos searched, melds of ranks planned
            nxt = last
            if ordered and spare - _size(d, a) >= 2:
                if group < last:
                    continue  # tried in target order (class docstring)
                nxt = group
            for move in _concrete(d, a):
                c = d._copy(False)
                c._do(a, move)
                if self.run(c, nxt):
                    return True
        return False


def search_moves(d: DealState, side: int, every: bool) -> list[int]:
    """The moves :meth:`_Search._expand` looks at in ``d`` (a planning copy in its player's play phase): its legal
    moves; in a long hand whose melds of ranks the rank plan finishes (``every`` false) and whose side has opened,
    the same list without the melds and additions of a rank, which the search skips there
    (:func:`canasta.engine.movegen.turn_moves.play_actions` with ``ranks=False``: the other moves come in the same
    order, through the same filters, so the search's answer is the same; only the filtering of melds it would not
    play is saved)."""
    if every or not d.opened[side]:
        return d.legal_actions()
    return ENGINE_CALLS[0].play_actions_without_ranks(d)


def contract_short(d: DealState) -> bool:
    """Whether the side of the turn's player lacks a kind of canasta of its contract (``going_out_canastas``, Hand
    and Foot's clean and dirty books, RULES_AMERICAN.md B.10) while nothing else stops it going out: the melds of
    this turn may still complete it, which the rank plans cannot tell (so the search tries every move)."""
    kinds = d.rules.going_out_canastas
    if not kinds:
        return False
    return (not kinds_met(kinds, side_canastas(d, d.side_of[d.turn]))
            and out_need(d, d.turn, kinds=False) < OUT_NEVER)


def _size(d: DealState, action: int) -> int:
    """Cards the move ``action`` takes from the hand."""
    kind, arg, n, t, j = ACTIONS[action]
    if arg in (SEQ_TARGET, SEQ_WILD):
        return len(d.move_for_action(action).cards)
    return n + t + j


def _planning_clone(deal: DealState) -> DealState:
    """A search copy of ``deal`` in its player's play phase, told yes. Asked while his partner is to answer
    (the sampled worlds of canasta.agents.determinize ask it then), the copy is the turn as it goes on after
    the answer."""
    c = deal._copy(False)
    if c.phase == P_ANSWER:
        c.phase = P_PLAY
        c.actor = c.turn
    c.planning = True
    c.asked = True
    if c.answer <= 0:
        c.answer = 1
    c._legal = None
    return c


def out_possible(deal: DealState, checked: bool = False) -> bool | None:
    """Whether the turn's player, in the play phase, can end this turn by going out when his partner says
    yes (exact; module docstring); None where the search gave up (:data:`BUDGET`). ``checked``: the caller has
    found already that the exact "no" bounds (:func:`out_hopeless`) and the rank plan (:func:`plannable` and
    :func:`plan_says_out`) answer neither, so the search starts without asking them again.

    The search's first state is a planning copy of ``deal`` that differs from it only in the phase, the answer and
    the flags of asking (:func:`_planning_clone`), which neither the bounds nor the plan read: the answers found
    here before the copy is made are its answers, and the search does not ask them again."""
    seat = deal.turn
    side = deal.side_of[seat]
    if not checked:
        if out_hopeless(deal, seat, side):
            return False  # the search's first answer, before a clone is made
        if plannable(deal, seat, side) and plan_says_out(deal, seat, side):
            return True  # (plannable: no canasta owed first, must_canasta < 0)
    try:
        return _Search(seat, side, deal).run(_planning_clone(deal), root=True)
    except OverBudget:
        return None


def out_moves(deal: DealState, acts: list[int]) -> list[int]:
    """Of the move ids ``acts`` of a player who must go out (his partner said yes, or a concealed going out
    waived his minimum), those after which he still can this turn (exact); moves other than melds and
    additions are kept as they are. Each move gets its own :data:`BUDGET` (the states searched are shared);
    a move whose search gives up is kept only if no move was found to keep going out possible (then the
    player is never left without a way out, and a move is dropped only when another one is known good)."""
    seat = deal.turn
    search = _Search(seat, deal.side_of[seat], deal)
    base = _planning_clone(deal)
    out = []
    unknown = []
    good = False
    for a in acts:
        if ACTIONS[a][0] not in (MELD, ADD):
            out.append(a)
            continue
        try:
            for move in _concrete(base, a):
                c = base._copy(False)
                c._do(a, move)
                search.left = BUDGET
                if search.run(c):
                    out.append(a)
                    good = True
                    break
        except OverBudget:
            search.memo = {k: v for k, v in search.memo.items() if v}  # "no"s left half-searched are not answers
            unknown.append(a)
    if unknown and not good:
        keep = set(out) | set(unknown)
        return [a for a in acts if a in keep]
    return out
