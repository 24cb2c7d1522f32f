"""Exact "can the initial meld still be reached this turn?" for variants with sequences (RULES.md §1.6, §3.2).

The fast plans behind :func:`~canasta.engine.constraints.initial_meld_reach.initial_meld_still_reachable` (melds of a
rank,
:func:`canasta.engine.constraints.meld_plans.best_meld_value`; natural sequences of the hand,
:func:`canasta.engine.constraints.sequence_plans.sequences_reach`) prove that the minimum stays reachable
when they find a plan, but
they do not see every way to score in a variant with sequences: a sequence holding a wild card (Hollywood),
additions to a sequence melded earlier in the turn, more sequences than their depth, the suits a group meld
leaves for a sequence. Where they find no plan, :func:`opening_reachable` decides exactly: it plays, on
search copies of the deal, every sequence of the engine's own melds and additions of this turn (every choice
of suits where the choice matters) and answers whether one reaches the minimum keeping a card to discard.

The copies' class keeps every meld and addition of an unopened side (its "minimum still reachable" filters
say yes): a sequence of moves that reaches the minimum keeps it reachable after each of its moves, so the
filtered moves reach exactly what the unfiltered ones reach. Every other rule of a move stays the engine's.
States already searched are remembered, and a bound (every card of the hand melded at its best value) cuts
hopeless branches.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final

from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER, JOKER_RANK, THREE, TWO
from canasta.cards.sequences import span_cards, spans_in_hand
from canasta.engine.constraints.initial_meld import shape_verdict
from canasta.engine.extra_cards import extra_cards_in_turn
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, MELD, SEQ_TARGET, SEQ_WILD, TAKE, WILD_TARGET, Move

if TYPE_CHECKING:
    from canasta.engine.state import Candidate, DealState

_OPEN_FREE: Final[dict[type, type]] = {}


def open_free(cls: type) -> type:
    """A subclass of the deal class ``cls`` whose initial-meld filters
    (:func:`~canasta.engine.constraints.initial_meld_reach.initial_meld_candidates`,
    :func:`~canasta.engine.constraints.initial_meld_reach.sequence_initial_meld_ok`) keep every move that the other
    initial-meld rules of §3.4 allow
    (:func:`~canasta.engine.constraints.tile_opening.initial_meld_special_case`: no wild card where the opening
    must be natural, ...)."""
    got = _OPEN_FREE.get(cls)
    if got is None:
        def _opening_candidates(self: Any, cand: list[Any], waiver: bool) -> list[Any]:
            if not self.rules.special_opening:
                return cand
            out = []  # the initial-meld rules of §3.4 other than the count still hold (_opening_special)
            for x in cand:
                if x[1] == THREE or _special_allows(self, x):
                    out.append(x)
            return out

        def _seq_opening_ok(self: Any, used: Any, cn: int, pts: int, waiver: bool, act: int = -1) -> bool:
            return True

        got = type(f"OpenFree{cls.__name__}", (cls,), {
            "__slots__": (), "_opening_candidates": _opening_candidates, "_seq_opening_ok": _seq_opening_ok})
        _OPEN_FREE[cls] = got
    return got


def _special_allows(d: DealState, candidate: Candidate) -> bool:
    """The rules of §3.4 that :func:`~canasta.engine.constraints.tile_opening.initial_meld_special_case`
    applies to candidate ``candidate`` besides the count: a
    meld that opens at once is allowed; where the required canasta replaces the count nothing else is;
    where the opening allows no wild card, no meld with one is."""
    side = d.side_of[d.turn]
    _, r, _, t, j = candidate
    mi = d.meld_index[side][r]
    wild = t + j + (d.melds[side][mi].wild if mi >= 0 else 0)
    _, _, cn, _ = d._after_counts(candidate)
    return shape_verdict(d.rules, d.scores[side], r, t + j, wild, cn > d.canastas[side]) is not False


def _moves(d: DealState, action: int) -> Iterator[Move]:
    """The moves of id ``action``: each choice of suits for the naturals of a group meld or addition (the
    suits left in the hand matter for later sequences; the engine's own choice first), else the engine's own choice.
    The suits of twos are
    the engine's choice (lowest first): a two is a wild card of no suit in every meld (sequences run from
    four to ace, §3.2), so its suit never matters."""
    kind, arg, n, t, j = ACTIONS[action]
    base = d.move_for_action(action)
    if arg in (SEQ_TARGET, SEQ_WILD, WILD_TARGET) or not 0 <= arg < 13 or arg == TWO or n <= 0:
        yield base
        return
    h = d.hands[d.turn]
    held = [c for c in range(arg * 4, arg * 4 + 4) if h[c]]
    if len(held) == 1:
        yield base
        return
    yield base  # the engine's own choice first: the path a search finds is then the one its moves play
    wild = tuple(c for c in range(TWO * 4, TWO * 4 + 4) for _ in range(h[c]))[:t] + (JOKER,) * j
    for nat in combinations_with_replacement(held, n):
        if all(nat.count(c) <= h[c] for c in set(nat)):
            move = Move(kind, nat + wild, arg)
            if move != base:
                yield move


def _toward_canasta(x: DealState, side: int, action: int) -> int:
    """Sort key of :func:`opening_reachable`'s moves where a first canasta brings cards (§3.5): the meld or addition
    that leaves the biggest meld first (its negated size), so that the search reaches a canasta, and the cards
    that come with it, before it tries the many ways to meld the hand without one. Only the order of the search
    changes, not its answer (where it stays within its budget)."""
    kind, target, n, t, j = ACTIONS[action]
    if kind != MELD and kind != ADD:
        return 0
    size = n + t + j
    if kind == ADD and 0 <= target < len(x.meld_index[side]):
        mi = x.meld_index[side][target]
        if mi >= 0:
            size += x.melds[side][mi].size
    return -size


def _key(x: DealState, seat: int) -> tuple[Any, ...]:
    """The state of the turn as the search sees it: the hand (its twos by number: their suits never matter),
    the points melded and this turn's melds."""
    h = x.hands[seat]
    return (h[0] + h[1] + h[2] + h[3], tuple(h[4:]), x.open_total, tuple(x.pending),
            tuple((m.target, m.span, m.nat, m.wild, tuple(sorted(c if c >= 4 else 0 for c in m.cards)))
                  for m in x.turn_new))


def _bound(d: DealState, seat: int, side: int) -> int:
    """:func:`_bound_of` the hand of ``seat`` and the melds of ``side``."""
    meld_index = d.meld_index[side]
    return _bound_of(d, d.hands[seat], d.rank_counts[seat], [meld_index[r] >= 0 for r in range(len(meld_index))],
                     {m.span[0] for m in d.turn_new if m.target == SEQ_TARGET})


def _bound_of(d: DealState, h: list[int], rank_counts: list[int], melded: list[bool], suits: set[int]) -> int:
    """At most the points the cards of ``seat``'s hand can still add to the initial meld. A natural card
    counts (at the better of its value in a meld of its rank and in a sequence) only where it could join
    a meld: its rank melded by the side, held three times, or held ``min_naturals`` times and among the
    best such ranks, one per wild card held (a meld has three cards at least, §1.5); a natural sequence of the
    hand covering it, a sequence of its suit melded this turn, or (wild cards in sequences, one held) a
    natural of its suit at most two ranks away. A wild card counts its value in a meld of a rank, or in a
    sequence where sequences take one; threes count nothing. ``h``, ``rc``: the hand by card type and by
    rank; ``melded``: by rank, whether the side has a meld of it; ``suits``: those of this turn's sequences."""
    rules = d.rules
    rank_values = d.rank_values
    vals = d.values
    min_nat = rules.min_naturals
    seq = rules.sequences
    wild_seq = seq and rules.sequence_wild_max > 0 and rank_counts[TWO] + rank_counts[JOKER_RANK] > 0
    covered: set[int] = set()
    if seq:
        for sp in spans_in_hand(h, rules.sequence_min, rules.sequence_max):
            covered.update(span_cards(sp))
    # a new meld of a rank held fewer than three times needs a wild card (at least one each): only as many
    # such ranks as wild cards held, the best first, can count
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    short: set[int] = set()
    if wilds:
        pairs = sorted(
            (
                (rank_values[r] * rank_counts[r], r)
                for r in range(FOUR, ACE + 1)
                if not melded[r] and min_nat <= rank_counts[r] < 3
            ),
            reverse=True,
        )
        short = {r for _, r in pairs[:wilds]}
    total = 0
    for c, k in enumerate(h):
        if not k:
            continue
        r = c >> 2
        if r == THREE:
            continue
        if IS_WILD[c]:
            v = rank_values[r]
            if wild_seq and vals[c] > v:
                v = vals[c]
            total += k * v
            continue
        v = rank_values[r] if melded[r] or rank_counts[r] >= 3 or r in short else 0
        if (
            seq
            and vals[c] > v
            and (
                c in covered
                or (c & 3) in suits
                or (wild_seq and any(0 <= c + 4 * dr < len(h) and h[c + 4 * dr] for dr in (-2, -1, 1, 2)))
            )
        ):
            v = vals[c]
        total += k * v
    return total


SEARCH_BUDGET: Final = 400
"""States one call of :func:`opening_reachable` may expand; past it the search gives up and the move is refused
as the fast plans refuse it (rare hands with many wild cards and many ways to meld them)."""


class _OverBudget(Exception):
    """The search of :func:`opening_reachable` went past :data:`SEARCH_BUDGET`."""


def _memo(d: DealState, seat: int, side: int) -> tuple[dict[tuple[Any, ...], bool], set[tuple[Any, ...]]]:
    """The answers of :func:`opening_reachable` already found in this turn of deal ``d`` by state (:func:`_key`), and
    the states from which a search went past :data:`SEARCH_BUDGET`; kept on the deal (``_open_memo``, emptied in
    its copies) until another turn asks. A move is legal only where a search found a path to the minimum after it,
    and every state on that path is remembered as reachable, so after the move the path's next move is found legal
    at once. Were the answers dropped at every move, the search from the new position could go past its budget and
    refuse every move, leaving the player none (a deal that cannot go on). The context holds what the legal moves
    of the turn read beyond the searched state (:func:`_key` holds the hand, the pending pile and the turn's
    melds)."""
    old = tuple((m.target, m.span, m.nat, m.wild, len(m.cards)) for m in d.melds[side] if m.turn != d.turn_no)
    ctx = (
        d.turn_no,
        seat,
        d.minimum[side],
        d.scores[side],
        d.answer,
        d.asked,
        d.conceal_only,
        d.must_canasta,
        d.no_discard,
        d.touched_old,
        d.stock_out,
        tuple(d.ask_failed),
        old,
        type(d),
    )
    memo = d._open_memo
    if memo is None or memo[0] != ctx or len(memo[1]) > 50_000:
        memo = d._open_memo = [ctx, {}, set()]
    return memo[1], memo[2]


def _short_of(deal: DealState, move: Move, need: int) -> bool:
    """Whether, after ``move`` (a meld or addition), every card left in the hand could not add ``need`` points
    (:func:`_bound_of`): a first "no" of :func:`opening_reachable` before any copy. Never where the initial meld has
    rules of its own (§3.4), nor where a first canasta brings cards the hand does not hold (§3.5)."""
    if deal.rules.special_opening or extra_cards_in_turn(deal):
        return False
    seat = deal.turn
    side = deal.side_of[seat]
    h = deal.hands[seat][:]
    rank_counts = deal.rank_counts[seat][:]
    for card in move.cards:
        h[card] -= 1
        rank_counts[card >> 2] -= 1
    melded = [m >= 0 for m in deal.meld_index[side]]
    suits = {m.span[0] for m in deal.turn_new if m.target == SEQ_TARGET}
    natural = [card for card in move.cards if not IS_WILD[card]]
    if move.target == SEQ_TARGET:
        if move.seq:
            suits.add(move.seq[0] & 3)
        elif natural:
            suits.add(natural[0] & 3)
        else:
            return False  # a sequence of wild cards only: its suit is not known yet
    elif 0 <= move.target < len(melded):
        melded[move.target] = True
    return _bound_of(deal, h, rank_counts, melded, suits) < need


def opening_reachable(deal: DealState, action: int, need: int | None = None) -> bool:
    """Whether, after the meld or addition of id ``action`` (cards chosen by :meth:`Deal.move_for_action`),
    the unopened side of the player to act can still make its initial meld this turn with legal melds and
    additions, keeping a card to discard (RULES.md §1.6). Exact; ``deal`` is not changed. ``action`` may also be a
    take of the pile by an unopened side (:mod:`canasta.engine.movegen.pile_takes`), played on the copy. ``need``:
    the points of the minimum still missing after a meld or addition, where the caller knows them (a first bound is
    then tried before any copy; not for a take, whose move holds the pile's top card)."""
    seat = deal.turn
    side = deal.side_of[seat]
    move = deal.move_for_action(action)
    if need is not None and need > 0 and _short_of(deal, move, need):
        return False
    # a search copy shares the other sides' melds; a take that forms the cutthroat alliance merges them (§3.1):
    # then a full copy
    c = deal._copy(deal.rules.cutthroat and deal.lone < 0 and ACTIONS[action][0] == TAKE)
    c.__class__ = open_free(type(deal))
    c._legal = None
    c._do(action, move)
    memo, over = _memo(deal, seat, side)
    active: list[tuple[Any, ...]] = []  # the states whose search is in progress (their answer is not known yet)
    cards_come = deal.rules.extra_cards > 0 and deal.rules.extra_cards_when == "first_canasta"  # §3.5 (the variant)

    def run(x: DealState) -> bool:
        if x.over or x.turn != seat or x.actor != seat:
            return False
        if x.opened[side] or x._opening_met(side):
            return x.hand_sizes[seat] + len(x.pending) >= 1
        extra = cards_come and extra_cards_in_turn(x)  # cards that come with a first canasta: not in the hand's bound
        if not extra and x.open_total + _bound(x, seat, side) < x.minimum[side]:
            return False
        key = _key(x, seat)
        got = memo.get(key)
        if got is not None:
            return got
        budget[0] -= 1
        if budget[0] < 0:
            raise _OverBudget
        memo[key] = False  # (no move of the turn comes back to a state: every one melds cards of the hand)
        active.append(key)
        ok = False
        acts = list(x.legal_actions())
        if extra:
            acts.sort(key=partial(_toward_canasta, x, side))  # the cards of a first canasta: tried first
        for a in acts:
            if ACTIONS[a][0] not in (MELD, ADD):
                continue
            for move in _moves(x, a):
                y = x._copy(False)
                y._do(a, move)
                if run(y):
                    ok = True
                    break
            if ok:
                break
        memo[key] = ok
        active.pop()
        return ok

    got = memo.get(_key(c, seat))
    if got is not None:
        return got  # found earlier in the turn (a path found from an earlier position passes here)
    if over and _key(deal, seat) in over:
        return False  # this position's search went past the budget before: refused at once
    budget = [SEARCH_BUDGET]
    try:
        return run(c)
    except _OverBudget:
        for key in active:
            del memo[key]  # the answers in progress are no answers; those found stay (they are exact)
        over.add(_key(deal, seat))
        return False  # past the budget: the answer of the fast plans (a refusal), as before the search
