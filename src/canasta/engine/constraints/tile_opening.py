"""The initial meld's own rules in the tile game (RULES.md §3.4, S2 l.79-82, 128-132) for one move of an unopened side.

Below a score the melds of the initial meld hold no wild card; a complete canasta, or a meld of wild cards, opens the
side whatever the count (also one that comes later in the turn: the moves before it are offered while it can still
follow); from 5000 the canasta asked replaces the count. :func:`initial_meld_special_case` answers these for a
candidate, or leaves the count to the plans of :mod:`canasta.engine.constraints.initial_meld_reach`.
"""

from __future__ import annotations

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.after_move import _joined, turn_melds
from canasta.engine.constraints.initial_meld import shape_verdict, wild_meld_opens_later
from canasta.engine.constraints.initial_meld_search import opening_reachable
from canasta.engine.constraints.meld_limits import new_meld_ok
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.engine.state import Candidate, DealState
from canasta.moves.notation import WILD_TARGET


def initial_meld_special_case(
    state: DealState, candidate: Candidate, rank_counts: list[int], cn: int, pts: int
) -> bool | None:
    """The initial-meld rules of §3.4 for candidate ``candidate`` of an unopened side: True/False, or
    None where the minimum count decides as in §1.6.

    A meld that makes a canasta (where it waives the minimum: any, or the one required) or a meld of
    wild cards (where it waives the minimum) is always allowed; where the required canasta replaces
    the count nothing else is (a required canasta on top of the count is planned by
    :func:`~canasta.engine.constraints.initial_meld_reach.initial_meld_still_reachable`); where wild cards are not
    allowed, a meld with one is refused. Any other meld is allowed where a meld of wild cards or a canasta can still
    follow this turn (:func:`~canasta.engine.constraints.initial_meld.wild_meld_opens_later`,
    :func:`canasta_opens_later`), else the minimum must stay reachable, without wild cards where they are not
    allowed (S2 l.79-82, 129-132).
    """
    rules = state.rules
    side = state.side_of[state.turn]
    score = state.scores[side]
    _, r, _, t, j = candidate
    mi = state.meld_index[side][r]
    wild = t + j + (state.melds[side][mi].wild if mi >= 0 else 0)  # in the meld after this move
    verdict = shape_verdict(rules, score, r, t + j, wild, cn > state.canastas[side])
    if verdict is not None:
        return verdict
    if rules.opening_allows_wild(score):
        return None  # the count decides (its plans, then opening_follows: initial_meld_ok_after)
    need = state.minimum[side] - state.open_total - pts
    if need <= 0:
        return True
    natural = rank_counts[:]
    natural[TWO] = natural[JOKER_RANK] = 0
    this_turn = state.mark_dead({m.target: [m.nat, m.wild] for m in state.turn_new
                                 if m.target not in (THREE, WILD_TARGET)})
    cur = this_turn.get(r)
    this_turn[r] = [candidate[2], 0] if cur is None else [cur[0] + candidate[2], cur[1]]
    if best_meld_value(natural, this_turn, state.meld_limits, state.cards_to_keep()) >= need:
        return True
    if opening_follows(state, candidate, rank_counts):
        return True
    # melds of a rank fall short: with sequences (§3.2) the exact search decides (initial_meld_search)
    return rules.sequences and opening_reachable(state, candidate[0])


def opening_follows(state: DealState, candidate: Candidate, rank_counts: list[int]) -> bool:
    """Whether after ``candidate`` of an unopened side (the hand left is ``rank_counts``, by rank) a meld of wild
    cards or a canasta can still follow this turn and open the side whatever the count (§3.4, S2 l.128-132:
    :func:`~canasta.engine.constraints.initial_meld.wild_meld_opens_later`, :func:`canasta_opens_later`). Asked
    only where the plans of the count say no (the cheaper question first)."""
    return (wild_meld_opens_later(state.rules, rank_counts, state.cards_to_keep())
            or canasta_opens_later(state, candidate, rank_counts))


def canasta_opens_later(state: DealState, candidate: Candidate, rank_counts: list[int]) -> bool:
    """Where any canasta makes the initial meld by itself whatever the count (``opening_canasta_waives_minimum`` with
    no particular canasta asked at the side's score, the tile game §3.4, S2 l.128-132), whether after ``candidate``
    (the hand left is ``rank_counts``, by rank) one more move this turn can complete a canasta of a rank: a meld of
    this turn taking naturals of its rank and wild cards, or a new meld of seven cards or more, within the meld
    rules (:class:`~canasta.engine.constraints.meld_limits.MeldLimits`), keeping the cards to keep. The move that
    completes it opens the side, so it may hold wild cards even where the initial meld may not
    (:func:`~canasta.engine.constraints.initial_meld.meld_opens`); the moves before it are the candidate's. Else
    False."""
    rules = state.rules
    side = state.side_of[state.turn]
    if not rules.opening_canasta_waives_minimum or rules.opening_requirement(state.scores[side]):
        return False
    limits = state.meld_limits
    this_turn = turn_melds(state)
    this_turn[candidate[1]] = _joined(this_turn.get(candidate[1]), candidate[2], candidate[3] + candidate[4])
    wild = rank_counts[TWO] + rank_counts[JOKER_RANK]
    spare = sum(rank_counts) - state.cards_to_keep()  # cards the completing move may take from the hand
    for r in range(FOUR, ACE + 1):
        meld = this_turn.get(r)
        nat0, wild0 = (meld[0], meld[1]) if meld is not None else (0, 0)
        missing = 7 - nat0 - wild0  # the fewest cards that complete it: naturals first, then wild cards
        if missing <= 0 or missing > spare:
            continue
        nat = min(rank_counts[r], missing)
        wild_in = missing - nat
        if meld is None and not new_meld_ok(limits, r, nat, wild_in):
            continue
        if (wild_in <= wild and wild_in <= limits.join_capacity(nat0, wild0, nat, r)
                and limits.meld_room(nat0 + nat, wild0 + wild_in) >= 0):
            return True
    return False
