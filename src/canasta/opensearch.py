"""Exact "can the initial meld still be reached this turn?" for variants with sequences (RULES.md §1.6, §3.2).

The fast plans behind :meth:`canasta.engine.Deal._rest_reaches` (melds of a rank,
:func:`canasta.feasibility.best_meld_value`; natural sequences of the hand,
:func:`canasta.seqplay.sequences_reach`) prove that the minimum stays reachable when they find a plan, but
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
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from .cards import JOKER, THREE, TWO
from .moves import ACTIONS, ADD, MELD, SEQ_TARGET, SEQ_WILD, WILD_TARGET, Move
from .opening import meld_opens

if TYPE_CHECKING:
    from .engine import Deal

_OPEN_FREE: dict[type, type] = {}


def open_free(cls: type) -> type:
    """A subclass of the deal class ``cls`` whose initial-meld filters (:meth:`Deal._opening_candidates`,
    :meth:`Deal._seq_opening_ok`) keep every move that the other initial-meld rules of §3.4 allow
    (:meth:`Deal._opening_special`: no wild card where the opening must be natural, ...)."""
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


def _special_allows(d: Deal, x: tuple[int, int, int, int, int]) -> bool:
    """The rules of §3.4 that :meth:`Deal._opening_special` applies to candidate ``x`` besides the count: a
    meld that opens at once is allowed; where the required canasta replaces the count nothing else is;
    where the opening allows no wild card, no meld with one is."""
    rules = d.rules
    side = d.side_of[d.turn]
    score = d.scores[side]
    req = rules.opening_requirement(score)
    _, r, _, t, j = x
    mi = d.mt[side][r]
    wild = t + j + (d.melds[side][mi].wild if mi >= 0 else 0)
    _, _, cn, _ = d._after_counts(x)
    if meld_opens(rules, req, r, wild, cn > d.canastas[side]):
        return True
    if req and rules.opening_canasta_waives_minimum:
        return False
    return rules.opening_allows_wild(score) or not (t or j)


def _moves(d: Deal, action: int) -> Iterator[Move]:
    """The moves of id ``action``: each choice of suits for a group meld or addition of naturals (the suits
    left in the hand matter for later sequences), else the engine's own choice."""
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
    twos = [c for c in range(TWO * 4, TWO * 4 + 4) if h[c]]
    seen = set()
    for nat in combinations_with_replacement(held, n):
        if any(nat.count(c) > h[c] for c in set(nat)):
            continue
        for wild in combinations_with_replacement(twos, t) if t else [()]:
            if any(wild.count(c) > h[c] for c in set(wild)):
                continue
            cards = nat + wild + (JOKER,) * j
            if cards not in seen:
                seen.add(cards)
                yield Move(kind, cards, arg)


def _bound(d: Deal, seat: int) -> int:
    """At most the points the cards of ``seat``'s hand can still add to the initial meld (each card at the
    better of its value in a meld of its rank and in a sequence; threes count nothing)."""
    h = d.hands[seat]
    rv = d.rv
    vals = d.values
    total = 0
    for c, k in enumerate(h):
        if k and c >> 2 != THREE:
            v = vals[c]
            w = rv[c >> 2]
            total += k * (v if v > w else w)
    return total


def opening_reachable(deal: Deal, action: int) -> bool:
    """Whether, after the meld or addition of id ``action`` (cards chosen by :meth:`Deal.move_for_action`),
    the unopened side of the player to act can still make its initial meld this turn with legal melds and
    additions, keeping a card to discard (RULES.md §1.6). Exact; ``deal`` is not changed."""
    seat = deal.turn
    side = deal.side_of[seat]
    c = deal._copy(False)
    c.__class__ = open_free(type(deal))
    c._legal = None
    c._do(action, c.move_for_action(action))
    memo: dict[tuple[Any, ...], bool] = {}

    def run(x: Deal) -> bool:
        if x.over or x.turn != seat or x.actor != seat:
            return False
        if x.opened[side] or x._opening_met(side):
            return x.hsize[seat] + len(x.pending) >= 1
        if x.open_total + _bound(x, seat) < x.minimum[side]:
            return False
        key = (tuple(x.hands[seat]), x.open_total,
               tuple((m.target, m.span, m.nat, m.wild, tuple(sorted(m.cards))) for m in x.turn_new))
        got = memo.get(key)
        if got is not None:
            return got
        memo[key] = False
        ok = False
        for a in list(x.legal_actions()):
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
        return ok

    return run(c)
