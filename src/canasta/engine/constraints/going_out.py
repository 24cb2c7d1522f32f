"""Going out (RULES.md §1.9): the canastas needed to go out, whether the player can go out now, and the filters that
keep going out possible after "yes" (exact plans beside the fast bounds of
:mod:`canasta.engine.constraints.bounds`).
"""

from __future__ import annotations

from typing import Final

from canasta.cards.deck import TWO
from canasta.engine.constraints.after_move import (
    counts_after_candidate,
    rank_counts_after,
)
from canasta.engine.constraints.bounds import (
    loose_cards_fit,
    may_meld_out,
)
from canasta.engine.constraints.going_out_search import (
    SEARCH_CARDS,
    contract_short,
    out_hopeless,
    out_possible,
    plan_says_out,
    plannable,
)
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.constraints.minimum_count import initial_meld_done, minimum_count_waived
from canasta.engine.constraints.out_blocks import blocked_after, side_blocked
from canasta.engine.constraints.sequence_plans import out_reach
from canasta.engine.copying import copy_deal
from canasta.engine.extra_cards import (
    kinds_met_after,
    out_need,
    wild_canastas,
)
from canasta.engine.movegen.move_cards import move_for_action
from canasta.engine.state import (
    Candidate,
    DealState,
    side_melds,
)
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, MELD

NEVER: Final = 10**6
"""A number of canastas no side reaches: going out is impossible."""


def side_may_go_out(state: DealState, side: int, canastas: int | None = None, seq_extra: int = 0) -> bool:
    """Whether ``side`` has the canastas to go out (RULES.md §1.9), with ``canastas`` instead of
    its count and ``seq_extra`` more sequence canastas where given; for the side of the player whose
    turn it is, also the variant's other conditions (:func:`~canasta.engine.extra_cards.out_need`)."""
    c = state.canastas[side] if canastas is None else canastas
    return c >= canastas_needed_to_go_out(state, side, seq_extra)


def canastas_needed_words(state: DealState) -> str:
    """What a side needs to go out, in words: ``2 canastas`` (``..., 1 of them a sequence canasta``)."""
    need = state.rules.canastas_to_go_out
    text = f"{need} canasta{'s' if need != 1 else ''}"
    seq = state.rules.sequence_canastas_to_go_out
    if seq:
        text += f", {seq} of them a sequence canasta" if need > 1 else " that is a sequence canasta"
    return text


def canastas_needed_to_go_out(state: DealState, side: int, seq_extra: int = 0) -> int:
    """Canastas ``side`` needs to go out: ``canastas_to_go_out``, or NEVER (an unreachable number)
    while it lacks the sequence canastas ``sequence_canastas_to_go_out`` asks for (Bolivia, §3.2),
    counting ``seq_extra`` more that a move would complete; for the turn player's side, the
    variant's extra conditions (extra cards due, red threes, kinds of canasta: extras.py); NEVER while the side
    holds an incomplete meld that forbids going out (``incomplete_blocks_going_out``, MAC A.9:
    :mod:`canasta.engine.constraints.out_blocks`)."""
    if state.rules.incomplete_blocks_going_out and side_blocked(state, side):
        return NEVER
    return unblocked_need(state, side, seq_extra)


def base_canastas_needed(state: DealState, side: int) -> int:
    """:func:`canastas_needed_to_go_out` without the sequence canastas:
    ``canastas_to_go_out``, or for the turn
    player's side what :func:`~canasta.engine.extra_cards.out_need` says where the variant has extra conditions."""
    xr = state.variant_ranks
    if xr.out_conditions and side == state.side_of[state.turn]:
        if xr.out_wild_only:  # what out_need says, with no other condition to look at
            return state.rules.canastas_to_go_out + wild_canastas(state, side)
        return out_need(state, state.turn)
    return state.rules.canastas_to_go_out


def unblocked_need(state: DealState, side: int, seq_extra: int = 0) -> int:
    """:func:`canastas_needed_to_go_out` of ``side`` as if no incomplete meld forbade going out (MAC A.9)."""
    r = state.rules
    if not r.going_out_allowed:
        return NEVER  # nobody goes out: the deal ends with the stock (§3.5 escalator, S4 l.55)
    want = r.sequence_canastas_to_go_out
    if want and seq_extra + state.seq_canastas[side] < want:
        return NEVER
    return base_canastas_needed(state, side)


def canastas_needed_now_and_with_a_sequence(state: DealState, side: int) -> tuple[int, int]:
    """``(_out_need(side), _out_need(side, 1))`` at the cost of one: what ``side`` needs to go out now,
    and with one more sequence canasta made by a move (for move generation, once per state)."""
    r = state.rules
    if not r.going_out_allowed or (r.incomplete_blocks_going_out and side_blocked(state, side)):
        return NEVER, NEVER  # nobody goes out (§3.5 escalator); an incomplete meld forbids it (MAC A.9)
    base = base_canastas_needed(state, side)
    want = r.sequence_canastas_to_go_out
    if not want:
        return base, base
    have = state.seq_canastas[side]
    return (NEVER if have < want else base), (NEVER if have + 1 < want else base)


def can_go_out_now(state: DealState, need: int | None = None) -> bool:
    """Whether the player whose turn it is could go out this turn (after drawing).

    Used for "may I go out?": the engine lets a player ask only when this holds. ``need``: the
    canastas his side needs to go out (:func:`canastas_needed_to_go_out`) where
    the caller has it already.
    """
    seat = state.turn
    side = state.side_of[seat]
    if state.answer < 0:
        return False
    if not initial_meld_done(state) and not minimum_count_waived(state):
        return False
    return going_out_plan_exists(state, seat, side, canastas_needed_to_go_out(state, side) if need is None else need)


def going_out_plan_exists(state: DealState, seat: int, side: int, need: int) -> bool:
    """:meth:`can_go_out_now` once the partner has not said no and the side has made its initial meld (or
    may waive it): whether the hand's cards can all be melded, or all but one discarded, with the side
    then holding ``need`` canastas (the plans of feasibility.py, after the quick "no"s of reach.py).

    Where going out depends on more than rank counts (``xr.out_search``: sequences, the meld of twos,
    a blocked discard, black threes leaving play; RULES.md §1.9, §3.2, §3.4, §3.5) the answer is the
    exact search of :func:`canasta.engine.constraints.going_out_search.out_possible` over the turn's legal moves;
    only where that
    search gives up (a hand far longer than any going out needs to be searched for, with many
    sequences to choose from: ``outsearch.BUDGET``) the plans below answer. Where nobody goes out
    (``going_out_allowed=false``, §3.5 escalator) the answer is no without a search."""
    if not state.rules.going_out_allowed:
        return False  # what the search would find after trying every move (no move goes out)
    scope = search_scope(state)
    if scope:
        if state._out_dead == state.turn_no:
            return False  # impossible earlier in this turn: every move since only took options away
        if searched_now(state, scope):
            found = out_possible(state)
            if found is not None:
                if not found:
                    state._out_dead = state.turn_no
                return found
        if plannable(state, seat, side) and plan_says_out(state, seat, side):
            return True  # melds of ranks alone go out (the rank plan with the variant's limits)
        if not going_out_is_exact(state):
            return long_hand_goes_out(state, seat, side)
    exact = going_out_is_exact(state)
    if need >= NEVER and not exact:
        return False  # a sequence canasta, extra cards, red threes or kinds of canasta missing
    rank_counts = state.rank_counts[seat]
    if state.pending:
        rank_counts = rank_counts[:]
        state._add_to_hand_counts(rank_counts, state.pending)
    if exact:
        return out_reach(
            state,
            state.hands[seat][:],
            rank_counts[:],
            side_melds(state, side),
            state.canastas[side],
            0,
            not state.no_discard,
        )
    if not loose_cards_fit(rank_counts, state.meld_index[side], state.meld_limits, not state.no_discard):
        return False  # cards no meld can take, pairs without a wild card (reach.py: the plan would fail too)
    melds_by_rank = side_melds(state, side)
    if not may_meld_out(
        rank_counts, melds_by_rank, state.meld_limits, need - state.canastas[side], not state.no_discard
    ):
        return False  # wild cards too few for the pairs or the canastas missing: the plan would fail too
    return can_meld_out(
        rank_counts, melds_by_rank, state.meld_limits, state.canastas[side], need, allow_discard=not state.no_discard
    )


def long_hand_goes_out(state: DealState, seat: int, side: int) -> bool:
    """A hand longer than :data:`canasta.engine.constraints.going_out_search.SEARCH_CARDS` that the rank plan
    cannot take out, in a
    variant with sequences: yes where the plan with sequence moves
    (:func:`canasta.engine.constraints.sequence_plans.out_reach`)
    finds a going out and the search (:func:`canasta.engine.constraints.going_out_search.out_possible`) plays one
    with the turn's
    legal moves (so never a yes without a going out); else no. A going out that the sequence plan does
    not see (more sequence moves than it tries, wild cards in sequences, melds of twos) is still missed.
    Asked only where the rank plan (:func:`~canasta.engine.constraints.going_out_search.plan_says_out`, where
    :func:`~canasta.engine.constraints.going_out_search.plannable`) said no: the search does not ask it again."""
    if not state.rules.sequences or state.pending or not state.opened[side]:
        return False
    if out_hopeless(state, seat, side):
        state._out_dead = state.turn_no  # an exact no: it stays so for the rest of the turn
        return False
    rank_counts = state.rank_counts[seat]
    hand = state.hands[seat][:]
    if not out_reach(
        state, hand, rank_counts[:], side_melds(state, side), state.canastas[side], 0, not state.no_discard
    ):
        return False
    return bool(out_possible(state, checked=True))  # (the bounds above, the rank plan by the caller: both no)


NOT_SEARCHED: Final = 0
"""Going out answered by the rank plans (:func:`search_scope`)."""
SHORT_HANDS: Final = 1
"""Going out answered by the exact search for a hand of at most ``SEARCH_CARDS`` cards (:func:`search_scope`)."""
ANY_HAND: Final = 2
"""Going out answered by the exact search for a hand of any length, within its node budget (:func:`search_scope`)."""


def search_scope(state: DealState) -> int:
    """How the exact search over the turn's moves answers going out in this state: :data:`NOT_SEARCHED` (the rank
    plans answer); :data:`SHORT_HANDS` (a hand of at most ``SEARCH_CARDS`` cards, :func:`going_out_by_search_now`):
    where going out depends on more than rank counts (``xr.out_search``), or where a second meld of a rank may start
    beside a closed book (``several_melds_per_rank``, Hand and Foot B.6, which the plans miss for short hands only
    since :func:`~canasta.engine.constraints.meld_plans.can_meld_out` tries it); :data:`ANY_HAND` where only the
    side's contract of kinds of canasta is short (:func:`contract_short`; the search's node budget bounds it)."""
    if state.variant_ranks.out_search:
        return SHORT_HANDS
    if contract_short(state):
        return ANY_HAND
    if (state.rules.several_melds_per_rank and going_out_by_search_now(state)
            and out_need(state, state.turn, kinds=False) < NEVER):
        return SHORT_HANDS  # (a longer hand: the plans answer, below)
    return NOT_SEARCHED


def searched_now(state: DealState, scope: int = -1) -> bool:
    """Whether going out is answered by the exact search in this state (``scope``: :func:`search_scope`, -1 to work
    it out here)."""
    if scope < 0:
        scope = search_scope(state)
    return scope == ANY_HAND or (scope == SHORT_HANDS and going_out_by_search_now(state))


def going_out_by_search_now(state: DealState) -> bool:
    """Whether going out is answered by the exact search (``xr.out_search``) in this state: a hand of at
    most :data:`canasta.engine.constraints.going_out_search.SEARCH_CARDS` cards (the pile set aside counted). A
    longer hand is
    answered by the rank plan with the variant's limits
    (:func:`canasta.engine.constraints.going_out_search.plan_says_out`), then
    by :func:`canasta.engine.constraints.sequence_plans.out_reach` (where going out needs the partner's yes, Brazilian;
    elsewhere
    checked by the search, :func:`long_hand_goes_out`): a full search over so
    many cards costs far more
    than a step, and a going out from so long a hand that the sequence plan does not see (melds of twos,
    wild cards in sequences, more sequence moves than it tries) is left unseen (issue #13)."""
    return state.hand_sizes[state.turn] + len(state.pending) <= SEARCH_CARDS


def going_out_is_exact(state: DealState) -> bool:
    """Whether going-out plans must count sequences too: a player may go out only when told yes
    (``must_ask_to_go_out``), so a going out through sequences must be askable (§3.2 Brazilian)."""
    return state.rules.must_ask_to_go_out and state.rules.sequences


def may_plan_going_out(state: DealState) -> bool:
    """Whether an unfinished initial meld may count on going out this turn: always, except where going
    out needs the partner's yes (``must_ask_to_go_out``) and he has not said it; "may I go out?" is not
    offered in the middle of an initial meld, so without the yes that plan could leave the player stuck."""
    return not state.rules.must_ask_to_go_out or state.answer > 0


def move_keeps_going_out(
    state: DealState,
    cn: int,
    need_c: int,
    after: int,
    target: int,
    n: int,
    t: int,
    j: int,
) -> bool:
    """A meld leaving ``after`` < 2 cards (going out, or going out by discarding the last one)
    with ``cn`` canastas: the side has what going out needs (``need_c``, or the kinds of
    ``going_out_canastas`` completed by this very meld), and the last card is not of
    ``discard_blocked_rank`` (extras.py; RULES.md §1.9, §3.5); where ``incomplete_blocks_going_out``, no meld
    forbidding going out is left incomplete after the move (its own meld counted as it will be: MAC A.9)."""
    if after == 0 and state.rules.going_out_needs_discard:
        return False  # he must keep the card he goes out by discarding (RULES_AMERICAN.md B.10)
    if after == 1 and state.rules.going_out_by_melding:
        return False  # no final discard (B.10 go_out_discard=forbidden): only melding the last card goes out
    if state.rules.incomplete_blocks_going_out:
        side = state.side_of[state.turn]
        if blocked_after(state, side, target, n + t + j, t + j):
            return False
        if need_c >= NEVER:  # perhaps NEVER only because the meld this move completes was incomplete
            need_c = unblocked_need(state, side)
    if target == TWO and not state.rules.wild_canastas_count and cn > state.canastas[state.side_of[state.turn]]:
        cn -= 1  # a canasta of twos does not count for going out (Italian §3.2)
    if cn < need_c:
        r = state.rules
        if not r.going_out_canastas or cn < out_need(state, state.turn, kinds=False):
            return False
        if not kinds_met_after(state, state.side_of[state.turn], target, n, t + j):
            return False
    if after == 1 and state.variant_ranks.discard_block >= 0 and not state.pending:
        rank_counts = state.rank_counts[state.turn]
        block = state.variant_ranks.discard_block
        left = rank_counts[block] - (n if target == block else 0)
        if left > 0:  # the card left to discard is of the blocked rank
            return False
    return True


def last_card_goes_out(state: DealState, action: int) -> bool:
    """Whether after the meld or addition ``action``, which leaves one card in hand before the side has
    what going out needs, melding that last card makes the player go out (it completes the canasta the
    side lacks: RULES.md §1.9, the canastas "may be completed in the same turn"; §1.4 asks for a card to
    discard only where he does not go out by melding). Such a move is then allowed: the player is not
    left with a card he can neither meld nor discard. Never where nobody goes out (§3.5 escalator)."""
    if state.pending or not state.rules.going_out_allowed:
        return False
    c = copy_deal(state, False)
    c._do(action, c.move_for_action(action))
    seat = state.turn
    if c.over or c.hand_sizes[seat] != 1:
        return False
    for a in c.legal_actions():
        if ACTIONS[a][0] in (MELD, ADD):
            d = c._copy(False)
            d._do(a, d.move_for_action(a))
            if d.over and d.out_seat == seat:
                return True
    return False


def going_out_ok_after_cards(state: DealState, used: tuple[int, ...], cn: int, seq_done: int = 0) -> bool:
    """After melding the cards ``used`` (the side then having ``cn`` canastas, ``seq_done`` more of
    them sequence canastas), the player can still go out this turn (planned from rank counts,
    :func:`canasta.engine.constraints.meld_plans.can_meld_out`)."""
    rank_counts = rank_counts_after(state, used)
    state._add_to_hand_counts(rank_counts, state.pending)
    side = state.side_of[state.turn]
    if going_out_is_exact(state):
        hand = state.hands[state.turn][:]
        for c in used:
            hand[c] -= 1
        return out_reach(state, hand, rank_counts, side_melds(state, side), cn, seq_done, not state.no_discard)
    melds_by_rank = side_melds(state, side)
    need = canastas_needed_to_go_out(state, side, seq_done)
    return (
        may_meld_out(
            rank_counts, melds_by_rank, state.meld_limits, need - cn, not state.no_discard
        )  # a quick exact "no" first
        and can_meld_out(rank_counts, melds_by_rank, state.meld_limits, cn, need, allow_discard=not state.no_discard)
    )


def going_out_candidates(state: DealState, cand: list[Candidate]) -> list[Candidate]:
    """The candidate melds and additions ``cand`` after which the player can still go out this turn
    (he must: his partner said yes, or he took the pile under the concealed waiver; RULES.md §1.9).

    The plans from rank counts (:func:`~canasta.engine.constraints.meld_plans.can_meld_out`,
    :func:`~canasta.engine.constraints.bounds.may_meld_out`) count wild cards without telling twos from jokers
    (their
    values do not matter for going out, nor does which one is discarded), so moves that differ only
    in twos against jokers get one answer, computed once; the side's melds and what it needs to go
    out are read once. Where the plans read the cards themselves (``_exact_out``) each is asked."""
    if going_out_is_exact(state):
        return [x for x in cand if going_out_ok_after(state, x)]
    side = state.side_of[state.turn]
    side_ex = side_melds(state, side)
    need = canastas_needed_to_go_out(state, side)
    answers: dict[tuple[int, int, int, int], bool] = {}
    out = []
    for x in cand:
        key = (ACTIONS[x[0]][0], x[1], x[2], x[3] + x[4])
        ok = answers.get(key)
        if ok is None:
            ok = answers[key] = going_out_ok_after(state, x, side_ex, need)
        if ok:
            out.append(x)
    return out


def going_out_ok_after(
    state: DealState, candidate: Candidate, side_ex: dict[int, list[int]] | None = None, need: int | None = None
) -> bool:
    """Whether the player can still go out this turn after candidate ``candidate`` (``side_ex``:
    :meth:`melds_by_rank` of
    the side, ``need``: :func:`canastas_needed_to_go_out` of the side, where
    the caller has them)."""
    rank_counts, melds_by_rank, cn, _ = counts_after_candidate(state, candidate, side_ex)
    state._add_to_hand_counts(rank_counts, state.pending)
    if going_out_is_exact(state):
        hand = state.hands[state.turn][:]
        for c in move_for_action(state, candidate[0]).cards:
            hand[c] -= 1
        return out_reach(state, hand, rank_counts, melds_by_rank, cn, 0, not state.no_discard)
    if need is None:
        need = canastas_needed_to_go_out(state, state.side_of[state.turn])
    return (
        may_meld_out(
            rank_counts, melds_by_rank, state.meld_limits, need - cn, not state.no_discard
        )  # a quick exact "no" first
        and can_meld_out(rank_counts, melds_by_rank, state.meld_limits, cn, need, allow_discard=not state.no_discard)
    )
