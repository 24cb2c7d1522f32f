"""Exhaustive single-turn search: can the player to act end this turn by going out? (RULES.md §1.9)

The oracle knows no rule of going out itself. It plays, on clones (:meth:`Deal.clone`), every sequence of
the engine's legal moves (:meth:`Deal.legal_actions`, :meth:`Deal.apply`) of the current turn and answers
whether one of them ends the deal with this seat out (:attr:`Deal.out_seat`): every card melded, or all
melded but one that is discarded. States already searched are remembered under a canonical key (the
player's hand, his side's melds, the turn's bookkeeping), so the search is exponential only in theory.

Suits: a legal move id names a group meld by counts (``MELD 5 5 2``); :meth:`Deal.move_for_action` picks
the suits C, D, H, S in that order. Where the variant has sequences (§3.2) the suit a group leaves in the
hand can matter for a later sequence, so the oracle applies every choice of suits (as a :class:`Move` with
concrete cards through :meth:`Deal.apply`, which the engine accepts for any suits the player holds).

Asking the partner (§1.9). Where a going out needs the partner's "yes" (``must_ask_to_go_out``, Brazilian)
or the player asks anyway, the engine, after a yes, offers only the moves after which going out stays
possible; that filter is the fast answer under test, so the oracle must not rely on it. It models a yes
as the engine records one (``asked`` set, ``answer == 1``: :meth:`Deal._do` for YES) on a clone whose class
replaces the "can he still go out after this move?" filters (:meth:`Deal._out_candidates`,
:meth:`Deal._out_ok_cards`, and where the engine has it the exact filter of
``canasta.engine.constraints.going_out_search.out_moves``,
switched off by the ``planning`` mark) by "yes, keep every move". Every other rule of a move stays the engine's. This
over-approximates nothing that matters: a move kept by the relaxed class but dropped by an exact filter is a
move after which going out is impossible, so no successful sequence uses it; and a sequence that does end
in going out keeps going out possible after each of its moves, so an exact filter keeps each of them. Hence
"the relaxed search finds a going out" is exactly "an exact engine lets the player go out after a yes".
Asking later in the turn instead of first gains nothing: the moves legal before a yes stay legal after it
(the yes only adds going out and removes discards that would end the turn without going out).

What :func:`can_go_out` answers: from a play-phase position of the turn's player (he has drawn or taken
the pile), is there a sequence of legal moves in this turn that ends with him out, either without asking
(where asking is optional) or after a modelled yes (where the seat has a partner and has not asked yet).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import Any

from canasta.cards.deck import JOKER, TWO
from canasta.engine.deal import P_PLAY, Deal, IllegalMove
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, ASK, DISCARD, MELD, PASS, SEQ_TARGET, SEQ_WILD, WILD_TARGET, Move

__all__ = ["OracleBudget", "can_go_out", "can_go_out_plain", "can_go_out_after_yes", "can_open",
           "relaxed", "state_key"]


class OracleBudget(Exception):
    """The search visited more states than its budget (the caller skips the position)."""


_RELAXED: dict[type, type] = {}


def relaxed(cls: type) -> type:
    """A subclass of the deal class ``cls`` whose "can he still go out after this move?" filters keep every
    move (see the module docstring); every other rule is the engine's."""
    got = _RELAXED.get(cls)
    if got is None:
        def _out_candidates(self: Any, cand: list[Any]) -> list[Any]:
            return list(cand)

        def _out_ok_cards(self: Any, used: Any, cn: int, seq_done: int = 0) -> bool:
            return True

        got = type(f"Relaxed{cls.__name__}", (cls,), {
            "__slots__": (), "_out_candidates": _out_candidates, "_out_ok_cards": _out_ok_cards})
        _RELAXED[cls] = got
    return got


def state_key(d: Deal, seat: int) -> tuple[Any, ...]:
    """Everything of the turn that a later move of ``seat`` can depend on (the rest of the table does not
    change during his turn)."""
    side = d.side_of[seat]
    melds = d.melds[side]
    index = {id(m): k for k, m in enumerate(melds)}
    return (
        d.phase, d.actor, d.turn, d.over, d.out_seat,
        tuple(d.hands[seat]), tuple(d.pending), len(d.stock), tuple(d.pile),
        tuple((m.target, tuple(sorted(m.cards)), m.nat, m.wild, m.span, m.creator) for m in melds),
        tuple(index.get(id(m), -1) for m in d.turn_new), tuple(d.meld_index[side]),
        d.canastas[side], d.seq_canastas[side], d.opened[side], d.open_total, d.touched_old,
        d.asked, d.answer, d.no_discard, d.conceal_only, d.must_canasta, tuple(d.red3[seat]),
        d.has_melded[seat], tuple(d.extra_done), tuple(len(p) for p in d.packets),
        type(d).__name__,
    )


def _concrete(d: Deal, action: int) -> Iterator[Move]:
    """The moves of id ``action`` with each choice of suits where the choice can matter (a group meld or
    addition in a variant with sequences), else the engine's own choice."""
    kind, arg, n, t, j = ACTIONS[action]
    base = d.move_for_action(action)
    if not (d.rules.sequences and kind in (MELD, ADD) and arg not in (SEQ_TARGET, SEQ_WILD, WILD_TARGET)
            and 0 <= arg < 13 and arg != TWO and n > 0):
        yield base
        return
    h = d.hands[d.turn]
    held = [c for c in range(arg * 4, arg * 4 + 4) if h[c]]
    twos = [c for c in range(TWO * 4, TWO * 4 + 4) if h[c]]
    seen = set()
    for nat in combinations_with_replacement(held, n):
        if any(nat.count(c) > h[c] for c in set(nat)):
            continue
        for wild in combinations_with_replacement(twos, t) if t else [()]:
            if any(wild.count(c) > h[c] for c in set(wild)):
                continue
            cards = nat + wild + (JOKER,) * j
            if cards in seen:
                continue
            seen.add(cards)
            yield Move(kind, cards, arg)


class _Search:
    def __init__(self, seat: int, budget: int):
        self.seat = seat
        self.memo: dict[tuple[Any, ...], bool] = {}
        self.budget = budget

    def run(self, d: Deal) -> bool:
        seat = self.seat
        if d.over:
            return d.out_seat == seat
        if d.phase != P_PLAY or d.turn != seat or d.actor != seat:
            return False  # the turn ended (or waits for an answer) without him out
        key = state_key(d, seat)
        got = self.memo.get(key)
        if got is not None:
            return got
        if len(self.memo) >= self.budget:
            raise OracleBudget
        self.memo[key] = False  # no cycles within a turn, but be safe
        ok = False
        for a in list(d.legal_actions()):
            kind = ACTIONS[a][0]
            if kind in (ASK, PASS):
                continue  # asking is modelled apart (module docstring); a pass ends the deal, nobody out
            if kind == DISCARD and d.hand_sizes[seat] > 1:
                continue  # ends the turn with cards left
            for move in _concrete(d, a):
                c = d.clone()
                try:
                    c.apply(move)
                except IllegalMove:
                    if move == d.move_for_action(a):
                        raise
                    continue  # a suit choice the engine refuses: not a legal move
                if self.run(c):
                    ok = True
                    break
            if ok:
                break
        self.memo[key] = ok
        return ok


def _check_root(d: Deal) -> int:
    if d.over or d.phase != P_PLAY or d.actor != d.turn:
        raise ValueError("the oracle starts from the play phase of the player to act")
    return d.turn


def can_go_out_plain(d: Deal, budget: int = 200_000) -> bool:
    """Going out this turn by the engine's legal moves as they stand (no ask modelled, ``ASK`` skipped)."""
    seat = _check_root(d)
    return _Search(seat, budget).run(d.clone())


def may_ask(d: Deal) -> bool:
    """The seat has a partner to ask and has not asked in this turn (RULES.md §1.9)."""
    seat = d.turn
    return d.rules.team_size > 1 and d.partner_of[seat] >= 0 and d.answer == 0 and not d.asked


def can_go_out_after_yes(d: Deal, budget: int = 200_000) -> bool:
    """Going out this turn after a modelled "yes" (module docstring), from the position as it stands."""
    seat = _check_root(d)
    c = d.clone()
    c.__class__ = relaxed(type(c))
    if "planning" in Deal.__slots__:
        c.planning = True  # the engine's own exact filter after a yes (outsearch.out_moves) off as well
    c.asked = True
    c.answer = 1
    c._legal = None
    return _Search(seat, budget).run(c)


def can_go_out(d: Deal, budget: int = 200_000) -> bool:
    """Whether some sequence of legal moves in this turn ends with the player to act going out: without
    asking where the variant lets him (``must_ask_to_go_out`` false), or after a modelled yes."""
    if d.answer > 0:  # told yes already: the relaxed class, as after a modelled yes
        return can_go_out_after_yes(d, budget)
    if not d.rules.must_ask_to_go_out and can_go_out_plain(d, budget):
        return True
    return may_ask(d) and can_go_out_after_yes(d, budget)


def playable_after_yes(d: Deal, budget: int = 200_000) -> bool | None:
    """Ask, answer yes, then search with the engine's real legal moves (its own filters): whether the going
    out is really playable. None if ``ASK`` is not offered."""
    seat = _check_root(d)
    from canasta.moves.actions import ASK_ID, YES_ID
    if ASK_ID not in d.legal_actions():
        return None
    c = d.clone()
    c.apply_action(ASK_ID)
    c.apply_action(YES_ID)
    return _Search(seat, budget).run(c)


_OPEN_RELAXED: dict[type, type] = {}


def special_shape_ok(d: Deal, candidate: Any) -> bool:
    """The §3.4 rules of an initial meld's shape, read from the rules (RULES.md §3.4, S2 l.79-82, 129-132), for
    candidate ``candidate`` (id, target, naturals, twos, jokers) of an unopened side: a meld that opens by itself
    (the canasta asked, where it waives the count; a meld of wild cards, where it does) is allowed; where the
    canasta asked replaces the count, nothing else is; below ``min_meld_no_wild_below``, no wild card. Whether the
    count (and a canasta asked on top of it) stays reachable is what the oracle searches, not a shape rule."""
    from canasta.engine.constraints.initial_meld import meld_opens

    rules = d.rules
    side = d.side_of[d.turn]
    score = d.scores[side]
    req = rules.opening_requirement(score)
    _, target, n, t, j = candidate
    mi = d.meld_index[side][target] if ACTIONS[candidate[0]][0] == ADD else -1
    m = d.melds[side][mi] if mi >= 0 else None
    wild = t + j + (m.wild if m is not None else 0)
    size = n + t + j + (m.size if m is not None else 0)
    if meld_opens(rules, req, target, wild, size >= 7 and (m is None or m.size < 7)):
        return True
    if req and rules.opening_canasta_waives_minimum:
        return False
    return rules.opening_allows_wild(score) or not (t or j)


def open_relaxed(cls: type) -> type:
    """A subclass of the deal class ``cls`` whose initial-meld filters (does the minimum stay reachable after
    this meld? :meth:`Deal._opening_candidates`, :meth:`Deal._seq_opening_ok`) keep every move, but for the shape
    rules of §3.4 where the variant has them (``special_opening``: :func:`special_shape_ok`)."""
    got = _OPEN_RELAXED.get(cls)
    if got is None:
        def _opening_candidates(self: Any, cand: list[Any], waiver: bool) -> list[Any]:
            if self.rules.special_opening:
                return [x for x in cand if special_shape_ok(self, x)]
            return list(cand)

        def _seq_opening_ok(self: Any, used: Any, cn: int, pts: int, waiver: bool, act: int = -1) -> bool:
            return True

        got = type(f"OpenRelaxed{cls.__name__}", (cls,), {
            "__slots__": (), "_opening_candidates": _opening_candidates, "_seq_opening_ok": _seq_opening_ok})
        _OPEN_RELAXED[cls] = got
    return got


def can_open(d: Deal, budget: int = 200_000) -> bool:
    """Whether the unopened side of the player to act can make its initial meld this turn (RULES.md §1.6):
    some sequence of melds and additions, each legal but for the "minimum still reachable" filter under
    test (:func:`open_relaxed`), reaches the minimum (:meth:`Deal._opening_met`) with a card left to
    discard, or whose opening ends the deal (MAC A.10: the three kept for the Straight is laid out when the side
    opens, and with the stock empty the deal ends). (Going out concealed, which waives the minimum, is not counted
    here.) With ``special_opening``
    (§3.4) the relaxed filter keeps the shape rules (:func:`special_shape_ok`) and the opening is
    :meth:`Deal._opening_met` (the count, and a canasta asked on top of it or instead of it)."""
    seat = _check_root(d)
    side = d.side_of[seat]
    memo: dict[tuple[Any, ...], bool] = {}

    def run(x: Deal) -> bool:
        if x.over:  # the opening itself may end the deal (MAC A.10: the three kept for the Straight laid out with
            return x.opened[side] and x.out_seat < 0  # the stock empty): no player is left without a move then
        if x.phase != P_PLAY or x.turn != seat:
            return False
        if x.opened[side] or x._opening_met(side):
            return x.hand_sizes[seat] + len(x.pending) >= 1
        key = state_key(x, seat)
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) >= budget:
            raise OracleBudget
        memo[key] = False
        ok = False
        for a in list(x.legal_actions()):
            if ACTIONS[a][0] not in (MELD, ADD):
                continue
            for move in _concrete(x, a):
                c = x.clone()
                try:
                    c.apply(move)
                except IllegalMove:
                    continue
                if run(c):
                    ok = True
                    break
            if ok:
                break
        memo[key] = ok
        return ok

    c = d.clone()
    c.__class__ = open_relaxed(type(c))
    c._legal = None
    return run(c)
