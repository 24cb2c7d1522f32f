"""Copies of a deal: :func:`clone` (independent) and the cheaper copies the searches within one turn use.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from canasta.engine.state import (
    DealState,
    Meld,
)

_SEARCH_RNG = random.Random(0)
"""The random generator of the copies searched within one turn (:func:`copy_deal`), which
never use it."""


CLONE_SHARED = (
    "rules",
    "n",
    "teams",
    "side_of",
    "meld_limits",
    "rank_values",
    "values",
    "dealer",
    "seed",
    "deck",
    "frozen",
    "turn",
    "actor",
    "phase",
    "drew",
    "open_total",
    "touched_old",
    "asked",
    "answer",
    "no_discard",
    "over",
    "out_seat",
    "concealed",
    "reshuffles",
    "turn_no",
    "partner_of",
    "stock_out",
    "conceal_only",
    "home",
    "lone",
    "must_canasta",
    "blocked_until",
    "variant_ranks",
    "planning",
    "_out_dead",
)
"""Slots of a :class:`Deal` that :meth:`Deal.clone` shares: numbers, flags, tuples and the frozen descriptions of
the variant (``rules``, ``lim``, ``xr``), never changed in place."""
CLONE_FLAT = (
    "hand_sizes",
    "natural_bits",
    "stock",
    "pile",
    "pending",
    "opener",
    "opened_turn",
    "canastas",
    "seq_canastas",
    "ask_failed",
    "dowry",
    "extra_done",
    "opened",
    "has_melded",
    "scores",
    "minimum",
)
"""Slots that are lists of numbers or flags: copied."""
CLONE_NESTED = ("hands", "rank_counts", "meld_index", "red3", "black3_removed", "packets")
"""Slots that are lists of lists of numbers: each inner list copied."""
CLONE_SPECIAL = ("melds", "turn_new", "seqs", "_rng", "_rng_shared", "_legal", "_shared")
"""Slots :meth:`Deal.clone` copies by hand: the melds (``turn_new`` and ``seqs`` point into them), the generator's
(shared with the copy until one of the two uses it: :attr:`DealState.rng`), and the legal-move cache (emptied)."""


def _check_clone_covers_slots() -> None:
    """Refuse to load if a slot of :class:`Deal` is not sorted for :meth:`Deal.clone` (or sorted twice)."""
    named = CLONE_SHARED + CLONE_FLAT + CLONE_NESTED + CLONE_SPECIAL
    slots = getattr(DealState, "__mypyc_attrs__", None) or DealState.__slots__  # compiled: no __slots__
    if sorted(named) != sorted(slots):
        missing = sorted(set(slots) - set(named))
        extra = sorted({x for x in named if named.count(x) > 1} | (set(named) - set(slots)))
        raise RuntimeError(f"Deal.clone: slots not sorted {missing}, unknown or repeated {extra}")


_check_clone_covers_slots()


def _slot_copier() -> Callable[[DealState, DealState], None]:
    """One function copying the slots of :data:`CLONE_SHARED`, :data:`CLONE_FLAT` and :data:`CLONE_NESTED` from a
    deal to another as those tuples say (written out from them: a search copies deals by the thousand)."""
    lines = ["def copy_slots(s, d):"]
    lines += [f"    d.{n} = s.{n}" for n in CLONE_SHARED]
    lines += [f"    d.{n} = s.{n}[:]" for n in CLONE_FLAT]
    lines += [f"    d.{n} = list(map(list.copy, s.{n}))" for n in CLONE_NESTED]
    space: dict[str, Any] = {}
    exec("\n".join(lines), space)  # noqa: S102 - the source is made of the slot names above alone
    fn: Callable[[DealState, DealState], None] = space["copy_slots"]
    return fn


_copy_slots = _slot_copier()


def clone(state: DealState, rng: random.Random | None = None) -> DealState:
    """An independent copy (cheap: a few small lists), for search and learners.

    A move on the copy never changes the original, and the reverse (issue #13). Nothing mutable is shared but
    what both copy before changing it: the Meld objects (``_shared`` on both:
    :func:`~canasta.engine.apply.meld_cards` copies a meld before it changes it; cutthroat deals, whose alliances
    merge melds in place, copy them here) and the random generator (copied on first use,
    :attr:`~canasta.engine.state.DealState.rng`), so both play and draw as deep copies would. Every other slot is
    copied the way :data:`CLONE_SHARED`, :data:`CLONE_FLAT` and :data:`CLONE_NESTED` name it; the module refuses
    to load if a slot is in none of them. With ``rng``, the copy uses that generator instead (a search that
    supplies its own: later reshuffles of the copy draw from it).
    """
    d = copy_deal(state, True)
    if rng is not None:
        d.rng = rng
    return d


def copy_deal(state: DealState, own_rng: bool) -> DealState:
    """:meth:`clone`; without ``own_rng`` the copy shares a throwaway random generator instead of
    this deal's, and the other sides' melds (for the searches within one turn, which never reshuffle
    nor touch another side's melds: canasta.engine.constraints.going_out_search,
    :func:`~canasta.engine.constraints.going_out.last_card_goes_out`)."""
    d = type(state).__new__(type(state))
    own = -1 if own_rng else state.side_of[state.turn]  # a search copy: only this side's melds change
    if own >= 0 and not state.rules.cutthroat:
        return search_copy(state, d, own)
    _copy_slots(state, d)
    if own < 0 and not state.rules.cutthroat:  # the Meld objects shared until one of the two deals changes one
        d.melds = [ms[:] for ms in state.melds]
        d.seqs = [ms[:] for ms in state.seqs]
        d.turn_new = state.turn_new[:]
        state._shared = True
        d._shared = True
    else:
        _copy_meld_links(state, d, own)
        d._shared = False
    if own_rng:
        d._rng = state._rng  # copied by the first of the two deals that uses it (DealState.rng)
        state._rng_shared = True
    else:
        d._rng = _SEARCH_RNG
    d._rng_shared = True
    d._legal = None
    return d


def _copy_meld_links(state: DealState, d: DealState, own: int) -> None:
    """The melds of :func:`copy_deal` where ``turn_new`` and ``seqs`` point into them (copied once, the links
    kept); with ``own >= 0``, only side ``own``'s melds are copied, the others' shared."""
    mapping: dict[int, Meld] = {}
    d.melds = []
    for k, ms in enumerate(state.melds):
        if own >= 0 and k != own:
            d.melds.append(ms)  # shared, never changed by a search within the turn
            continue
        copies = []
        for m in ms:
            mc = m.copy()
            mapping[id(m)] = mc
            copies.append(mc)
        d.melds.append(copies)
    d.turn_new = [mapping[id(m)] for m in state.turn_new]
    d.seqs = [ms if own >= 0 and k != own else [mapping[id(m)] for m in ms] for k, ms in enumerate(state.seqs)]


def search_copy(state: DealState, d: DealState, own: int) -> DealState:
    """:func:`copy_deal` for a search within the turn of side ``own``: the lists of melds are
    copied, the Meld
    objects shared with this deal (``_shared``: :func:`~canasta.engine.apply.meld_cards` copies a meld before it
    changes it).
    Not for cutthroat deals (an alliance merges melds in place: canasta.engine.cutthroat)."""
    _copy_slots(state, d)
    melds = state.melds[:]
    melds[own] = melds[own][:]
    d.melds = melds
    seqs = state.seqs[:]
    seqs[own] = seqs[own][:]
    d.seqs = seqs
    d.turn_new = state.turn_new[:]
    d._rng = _SEARCH_RNG
    d._rng_shared = True  # a reshuffle on a search copy would draw from a copy, never from the shared one
    d._legal = None
    d._shared = True
    return d
