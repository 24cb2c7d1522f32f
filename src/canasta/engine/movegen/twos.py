"""Melds of twos (Italian Canasta, RULES.md §3.2 [R, S0, S4 l.83]).

Where ``Rules.twos_melds`` is set, twos may form a meld of their own (target 2, ``moves`` target
0): twos are its natural cards, jokers its wild cards (at most ``wild_limit``, as in any meld).
Seven twos make a natural canasta of twos, twos with jokers a mixed one. While a side's meld of
twos is not yet a canasta, the side may not use twos as wild cards in its other melds.

**Decision** (docs/variants/italian.md): a side melds twos only after its initial meld, which is
made of natural cards (``min_meld_naturals_only``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import JOKER_RANK, TWO
from canasta.moves.actions import GROUP_WILD_COMBOS, MAX_NATURALS, group_action
from canasta.moves.notation import ADD, MELD

if TYPE_CHECKING:
    from canasta.engine.constraints.meld_limits import MeldLimits
    from canasta.engine.state import DealState

_JOKER_ONLY: Final = frozenset(j for t, j in GROUP_WILD_COMBOS if t == 0)
"""Joker counts a meld id can carry with no two as a wild card."""

TwosCandidate = tuple[int, int, int, int, int, int, int]
"""(action id, target TWO, twos, 0, jokers, cards left in hand after it, the side's canastas after it)."""


def twos_reserved(deal: DealState, side: int) -> bool:
    """Whether ``side`` has a meld of twos that is not yet a canasta (its twos are then no wild cards)."""
    mi = deal.meld_index[side][TWO]
    return mi >= 0 and len(deal.melds[side][mi].cards) < 7


def twos_candidates(deal: DealState, held: int) -> list[TwosCandidate]:
    """Melds and additions of twos (and jokers) the turn's player could make, by shape only.

    Args:
        deal: the deal, in the play phase of a side that has made its initial meld.
        held: cards the player holds (counting a pile set aside that will join his hand).

    Returns:
        :data:`TwosCandidate` tuples, in id order (:func:`twos_options`); the caller checks going out
        where fewer than 2 cards stay.
    """
    seat = deal.turn
    side = deal.side_of[seat]
    rank_counts = deal.rank_counts[seat]
    mi = deal.meld_index[side][TWO]
    m = deal.melds[side][mi] if mi >= 0 else None
    nat0, wild0, size0 = (m.nat, m.wild, m.size) if m is not None else (0, 0, 0)
    rules = deal.rules
    twos = rank_counts[TWO] if rank_counts[TWO] < MAX_NATURALS else MAX_NATURALS
    jokers = rank_counts[JOKER_RANK] if rank_counts[JOKER_RANK] < 3 else 3
    opts = twos_options(deal.meld_limits, m is not None, nat0, wild0, size0, rules.meld_cap - size0,
                        rules.min_naturals, twos, jokers)
    cn = deal.canastas[side]
    return [(a, TWO, n, 0, j, held - k, cn + grows) for a, n, j, k, grows in opts]


TwosOption = tuple[int, int, int, int, int]
"""(action id, twos, jokers, cards it uses, 1 if it makes the meld of twos a canasta else 0)."""

_OPTIONS: Final[dict[tuple[int, ...], list[TwosOption]]] = {}
"""Cache of :func:`twos_options`."""


def twos_options(limits: MeldLimits, adding: bool, nat0: int, wild0: int, size0: int, room: int,
                 min_naturals: int, twos: int, jokers: int) -> list[TwosOption]:
    """The melds of twos (or additions to the side's one, where ``adding``: ``nat0`` twos, ``wild0`` jokers,
    ``size0`` cards) that ``twos`` twos (at most ``MAX_NATURALS``) and ``jokers`` jokers (at most 3) of the
    hand allow within ``room`` more cards and the wild cards a meld may hold (``lim``); a new meld needs
    ``min_naturals`` twos and 3 cards. Cached (do not modify the list): they depend on those counts only."""
    key = (limits.limit, limits.nwm, limits.max_size, limits.five, limits.strict, adding, nat0, wild0, size0, room,
           min_naturals, twos, jokers, limits.wild_below)
    found = _OPTIONS.get(key)
    if found is not None:
        return found
    kind = ADD if adding else MELD
    found = []
    for n in range(0 if adding else min_naturals, twos + 1):
        for j in range(jokers + 1):
            k = n + j
            if k == 0 or k > room or (not adding and k < 3) or j not in _JOKER_ONLY:
                continue
            if j and (wild0 + j > limits.capacity(nat0 + n, 0)
                      or (limits.wild_below and j > limits.wild_below - size0)):  # a book takes naturals only
                continue
            found.append((group_action(kind, TWO, n, 0, j), n, j, k, 1 if size0 < 7 <= size0 + k else 0))
    if len(_OPTIONS) > 100_000:
        _OPTIONS.clear()
    _OPTIONS[key] = found
    return found
