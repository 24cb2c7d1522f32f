"""The Clean Triple of Modern American Canasta's initial meld (RULES_AMERICAN.md A.7 [CLA, WCA, HB]).

Where ``Rules.opening_requires`` is ``clean_triple``, a side's initial meld must hold a meld of three naturals or
more of one rank with no wild card, of a rank that is not dead, and the top card of a pile taken is no part of it
(so a meld started by a pile take is clean only with three naturals from the hand besides the top card). A natural
canasta satisfies it. :func:`has_clean_triple` answers for the turn's melds (the opening is made only with one);
:func:`clean_triple_reachable` says whether one can still be made this turn with the points the initial meld
still needs, by the rank plan of :func:`canasta.engine.constraints.meld_plans.best_meld_value` with the triple's
rank kept clean (``MeldLimits.clean_rank``), one rank after the other.

Where ``opening_requires`` is ``clean_triple_or_wild_meld`` (pagat's reading, A.7, A.14 row 4), a meld of three wild
cards or more made in the opening turn does in its place: :func:`has_clean_triple` accepts one and
:func:`clean_triple_reachable` also plans one (its wild cards melded first, jokers before twos).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, TWO
from canasta.engine.constraints.meld_plans import best_meld_value

if TYPE_CHECKING:
    from canasta.engine.state import DealState

CLEAN_TRIPLE: Final = "clean_triple"
"""The value of ``Rules.opening_requires`` that asks for it."""
OR_WILD_MELD: Final = "clean_triple_or_wild_meld"
"""The value that also accepts a meld of three wild cards or more in its place (pagat, A.7)."""
OPENING_TRIPLES: Final = (CLEAN_TRIPLE, OR_WILD_MELD)
"""The values of ``Rules.opening_requires`` this module plays."""
WILD: Final = 13
"""Key of the meld of wild cards (``canasta.moves.notation.WILD_TARGET``)."""


def pile_rank(state: DealState) -> int:
    """The rank of the meld the turn's pile take started or joined (its top card is no part of the triple), -1
    where the player drew from the stock."""
    if state.drew == 2 and state.turn_new:
        return state.turn_new[0].target
    return -1


def has_clean_triple(state: DealState) -> bool:
    """Whether the melds made this turn hold a Clean Triple (module docstring)."""
    top = pile_rank(state)
    dead = state.dead_mask()
    wild_ok = state.rules.opening_requires == OR_WILD_MELD
    for m in state.turn_new:
        r = m.target
        if wild_ok and r == WILD and m.wild >= 3:
            return True
        if FOUR <= r <= ACE and m.wild == 0 and (m.nat >= 7 or not dead >> r & 1) and m.nat - (r == top) >= 3:
            # a natural canasta of the turn counts though it made its own rank dead (A.6, A.7)
            return True
    return False


def clean_triple_reachable(state: DealState, rank_counts: list[int], this_turn: dict[int, list[int]],
                           keep: int, need: int, top: int = -2) -> bool:
    """Whether the hand ``rank_counts`` (counts by rank index) can still give the turn's melds ``this_turn`` (target
    rank to ``[naturals, wild cards]``) a Clean Triple while melding ``need`` more points (0 or less: none) and
    keeping ``keep`` cards; ``top``: the rank of the pile take's meld (-2: read from the state)."""
    if top == -2:
        top = pile_rank(state)
    limits = state.meld_limits
    dead = state.dead_mask()
    values = state.rank_values
    made = {m.target for m in state.turn_new if m.wild == 0 and m.nat >= 7} if dead else set()
    for r in range(FOUR, ACE + 1):
        if dead >> r & 1 and r not in made:  # a natural canasta of the turn counts though it made its rank dead
            continue
        e = this_turn.get(r)
        c = rank_counts[r]
        if e is not None:
            if e[1]:
                continue  # a mixed meld never becomes clean
            more = 3 - (e[0] - (1 if r == top else 0))  # naturals still missing from the hand
            if more > 0 and (c < more or e[0] + more > limits.max_size):
                continue
        else:
            more = 3 if 3 >= limits.min_nat else limits.min_nat
            if c < more:
                continue
        rest, turn = rank_counts, this_turn
        if more > 0:  # the triple's naturals melded first: the plan cannot keep them back
            rest = list(rank_counts)
            rest[r] -= more
            turn = dict(this_turn)
            turn[r] = [(e[0] if e is not None else 0) + more, 0]
        still = need - more * values[r] if more > 0 else need
        if best_meld_value(rest, turn, limits.clean_rank(r), keep) >= (still if still > 0 else 0):
            return True
    if state.rules.opening_requires == OR_WILD_MELD:
        return wild_meld_reachable(state, rank_counts, this_turn, keep, need)
    return False


def wild_meld_reachable(state: DealState, rank_counts: list[int], this_turn: dict[int, list[int]],
                        keep: int, need: int) -> bool:
    """Whether the turn's melds can still hold a meld of three wild cards or more while melding ``need`` more
    points and keeping ``keep`` cards (``clean_triple_or_wild_meld``, A.7 [P]): the wild cards it lacks melded
    first, as many jokers as the hand allows or fewer, the rest planned as usual (same arguments as
    :func:`clean_triple_reachable`)."""
    e = this_turn.get(WILD)
    size = e[0] + e[1] if e is not None else 0
    more = 3 - size if size < 3 else 0
    jokers, twos = rank_counts[JOKER_RANK], rank_counts[TWO]
    if jokers + twos < more or size + more > state.rules.wild_meld_cap:
        return False
    values = state.rank_values
    for j in range(min(jokers, more), -1, -1):
        t = more - j
        if t > twos:
            continue
        rest = list(rank_counts)
        rest[JOKER_RANK] -= j
        rest[TWO] -= t
        turn = dict(this_turn)
        turn[WILD] = [e[0] if e is not None else 0, (e[1] if e is not None else 0) + more]
        still = need - j * values[JOKER_RANK] - t * values[TWO]
        if best_meld_value(rest, turn, state.meld_limits, keep) >= (still if still > 0 else 0):
            return True
    return False
