"""Copies of a deal: :func:`clone` (independent) and the cheaper copies the searches within one turn use.
"""

from __future__ import annotations

import random

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
    "draw_count",
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
    "special_seat",
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
CLONE_NESTED = ("hands", "rank_counts", "meld_index", "red3", "black3_removed", "packets", "talons")
"""Slots that are lists of lists of numbers: each inner list copied."""
CLONE_SPECIAL = ("melds", "turn_new", "seqs", "_rng", "_rng_shared", "_legal", "_shared", "_open_memo")
"""Slots :meth:`Deal.clone` copies by hand: the melds (``turn_new`` and ``seqs`` point into them), the generator's
(shared with the copy until one of the two uses it: :attr:`DealState.rng`), and the caches of the legal moves and
of the turn's initial-meld search (emptied)."""


def _copy_slots(s: DealState, d: DealState) -> None:
    """Copy the slots of :data:`CLONE_SHARED` (shared), :data:`CLONE_FLAT` (list copied) and :data:`CLONE_NESTED`
    (each inner list copied) from ``s`` to ``d``, written out (a search copies deals by the thousand, and the
    compiled build reads and writes each slot directly); tests/test_state_purity.py checks it does what those
    tuples say, slot by slot."""
    d.rules = s.rules
    d.n = s.n
    d.teams = s.teams
    d.side_of = s.side_of
    d.meld_limits = s.meld_limits
    d.rank_values = s.rank_values
    d.values = s.values
    d.dealer = s.dealer
    d.draw_count = s.draw_count
    d.seed = s.seed
    d.deck = s.deck
    d.frozen = s.frozen
    d.turn = s.turn
    d.actor = s.actor
    d.phase = s.phase
    d.drew = s.drew
    d.open_total = s.open_total
    d.touched_old = s.touched_old
    d.asked = s.asked
    d.answer = s.answer
    d.no_discard = s.no_discard
    d.over = s.over
    d.out_seat = s.out_seat
    d.special_seat = s.special_seat
    d.concealed = s.concealed
    d.reshuffles = s.reshuffles
    d.turn_no = s.turn_no
    d.partner_of = s.partner_of
    d.stock_out = s.stock_out
    d.conceal_only = s.conceal_only
    d.home = s.home
    d.lone = s.lone
    d.must_canasta = s.must_canasta
    d.blocked_until = s.blocked_until
    d.variant_ranks = s.variant_ranks
    d.planning = s.planning
    d._out_dead = s._out_dead
    d.hand_sizes = s.hand_sizes[:]
    d.natural_bits = s.natural_bits[:]
    d.stock = s.stock[:]
    d.pile = s.pile[:]
    d.pending = s.pending[:]
    d.opener = s.opener[:]
    d.opened_turn = s.opened_turn[:]
    d.canastas = s.canastas[:]
    d.seq_canastas = s.seq_canastas[:]
    d.ask_failed = s.ask_failed[:]
    d.dowry = s.dowry[:]
    d.extra_done = s.extra_done[:]
    d.opened = s.opened[:]
    d.has_melded = s.has_melded[:]
    d.scores = s.scores[:]
    d.minimum = s.minimum[:]
    d.hands = [x[:] for x in s.hands]
    d.rank_counts = [x[:] for x in s.rank_counts]
    d.meld_index = [x[:] for x in s.meld_index]
    d.red3 = [x[:] for x in s.red3]
    d.black3_removed = [x[:] for x in s.black3_removed]
    d.packets = [x[:] for x in s.packets]
    d.talons = [x[:] for x in s.talons]


def clone(state: DealState, rng: random.Random | None = None) -> DealState:
    """An independent copy (cheap: a few small lists), for search and learners.

    A move on the copy never changes the original, and the reverse (issue #13). Nothing mutable is shared but
    what both copy before changing it: the Meld objects (``_shared`` on both:
    :func:`~canasta.engine.apply.meld_cards` copies a meld before it changes it; cutthroat deals, whose alliances
    merge melds in place, copy them here) and the random generator (copied on first use,
    :attr:`~canasta.engine.state.DealState.rng`), so both play and draw as deep copies would. Every other slot is
    copied the way :data:`CLONE_SHARED`, :data:`CLONE_FLAT` and :data:`CLONE_NESTED` name it (a test
    checks that every slot is in one of them). With ``rng``, the copy uses that generator instead (a search that
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
    d._open_memo = None
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
    d._open_memo = None
    d._shared = True
    return d
