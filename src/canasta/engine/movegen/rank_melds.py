"""Melds and additions of a rank that counts of cards allow, as move ids (cached).

:meth:`canasta.engine.deal.Deal.legal_actions` asks at every move which melds of a rank the hand can
start or add to (RULES.md §1.5): ``n`` naturals of the rank with ``t`` twos and ``j`` jokers
(``GROUP_WILD_COMBOS``), within the meld's room (``canasta_max``) and the wild cards it may hold
(``wild_limit``, ``no_wild_majority``, :meth:`canasta.engine.constraints.meld_limits.MeldLimits.capacity`). Those lists
depend only on a few counts, so they are computed once per counts and kept: the engine then only
checks what depends on the rest of the deal (whether the player keeps cards enough, or may go out).
"""

from __future__ import annotations

from typing import Final

from canasta.engine.constraints.meld_limits import MeldLimits
from canasta.engine.state import Candidate, Meld
from canasta.moves.actions import ACTION_INDEX, GROUP_WILD_COMBOS, MAX_NATURALS, WILD_MELD_COMBOS, group_action
from canasta.moves.notation import ADD, MELD, WILD_TARGET

Option = Candidate
"""A candidate move: (id, target rank, naturals, twos, jokers)."""

Options = tuple[int, list[Option], list[int]]
"""What the caches keep per key: the most cards any of the options uses, the options, and their ids alone
(what move generation extends its list with where nothing more is checked)."""

_CACHES: Final[dict[tuple[int, bool, int, int, int, int, int, bool, int, int], dict[OptionKey, Options]]] = {}
"""Per meld limits (wild_limit, no_wild_majority, canasta_max, min_naturals, the rule of five, the rank never wild,
the rank natural-only, naturals_exceed_wilds, the mixed meld's cap, the size below which wild cards join): the
cached options."""


OptionKey = int | tuple[int, ...]
"""A key of an option cache: a tuple (the functions below, and move generation in pure Python), or one int
(:func:`add_hit`, :func:`meld_hit`: move generation in the compiled core)."""
Cache = dict[OptionKey, Options]


def _with_ids(most_k: int, opts: list[Option]) -> Options:
    """A cache entry: ``most_k``, ``opts`` and the ids of ``opts``."""
    return most_k, opts, [o[0] for o in opts]


def options_cache(limits: MeldLimits) -> Cache:
    """The cache of :func:`add_options` and :func:`meld_options` for the limits ``lim`` (fetch it once
    per move generation and pass it along). Limits alike share one cache; ``lim`` keeps it at hand."""
    found: Cache | None = limits.options
    if found is not None:
        return found
    key = (limits.limit, limits.nwm, limits.max_size, limits.min_nat, limits.five, limits.never_wild,
           limits.natural_only, limits.strict, limits.mixed_max, limits.wild_below)
    found = _CACHES.get(key)
    if found is None:
        found = _CACHES[key] = {}
    limits.options = found
    return found


def add_options(cache: Cache, limits: MeldLimits, r: int, most_nat: int, room: int, nat: int, wild: int,
                twos: int, jokers: int) -> Options:
    """Additions to the side's meld of rank ``r`` (``nat`` naturals and ``wild`` wild cards, taking
    ``room`` more cards) with 0..``most_nat`` naturals and up to ``twos`` twos and ``jokers`` jokers of
    the hand (each at most 3: no combination holds more), in id order; with the most cards any of them
    uses, and their ids (:data:`Options`). ``cache``: :func:`options_cache` of ``lim``, where the result
    is kept under the key ``(ADD, r, most_nat, room, nat, wild, twos, jokers)`` (the engine looks there
    first); do not modify
    the list. The shape of the list (which counts) does not depend on the rank: it is worked out once
    for all ranks (:func:`_add_shape`) and only the ids are set per rank. Melds whose naturals give them
    the same capacity for wild cards (:meth:`~canasta.engine.constraints.meld_limits.MeldLimits.nat_key`) share one
    list."""
    key = (ADD, r, most_nat, room, nat, wild, twos, jokers)
    found = cache.get(key)
    if found is not None:
        return found
    same = limits.nat_key(nat)
    if same != nat:
        found = cache[key] = add_options(cache, limits, r, most_nat, room, same, wild, twos, jokers)
        return found
    most_k, shape, _ = _add_shape(cache, limits, most_nat, room, nat, wild, twos, jokers, _shape_rank(limits, r))
    shift = _rank_shift(ADD, r)
    found = cache[key] = _with_ids(most_k, [(a + shift, r, n, t, j) for a, _, n, t, j in shape])
    return found


KEY_BITS: Final = 8
"""Bits of each count in the int keys of :func:`add_hit` and :func:`meld_hit`: a count of cards of one rank
(naturals in the hand or in a meld, the room left, a meld's wild cards) stays below ``2 ** KEY_BITS``, since a deck
has at most ``MAX_PACKS`` (9) packs, 36 cards of a rank and 54 wild cards; twos and jokers are counted up to 3
(2 bits), the rank index is below 16 (4 bits). Additions have keys >= 0, new melds keys < 0; the tuple keys of
the functions above never equal an int."""


def add_hit(cache: Cache, limits: MeldLimits, r: int, most_nat: int, room: int, meld: Meld, twos: int,
            jokers: int) -> Options | None:
    """:func:`add_options` for ``meld`` (its ``nat`` and ``wild``), read from ``cache`` under one int (of
    :data:`KEY_BITS` bits a count) rather than a tuple: the compiled core's move generation
    (``turn_moves.COMPILED``), where making, hashing and comparing a tuple of eight ints costs more than the rest of
    a cache hit. The same options as :func:`add_options`; never None (the type says "the cache's tuple as it is":
    compiled, a function typed to return :data:`Options` unpacks it into a C struct and its caller makes a new
    tuple of it)."""
    # the rank and the naturals in the low bits: the dictionary's first probe tells most keys apart
    key = (((((jokers << 2 | twos) << KEY_BITS | meld.wild) << KEY_BITS | meld.nat) << KEY_BITS | room) << KEY_BITS
           | most_nat) << 4 | r
    found = cache.get(key)
    if found is None:
        found = cache[key] = add_options(cache, limits, r, most_nat, room, meld.nat, meld.wild, twos, jokers)
    return found


def meld_hit(cache: Cache, limits: MeldLimits, r: int, most_nat: int, twos: int, jokers: int) -> Options | None:
    """:func:`meld_options` read from ``cache`` under one int, as :func:`add_hit` (never None)."""
    key = -1 - (((jokers << 2 | twos) << KEY_BITS | most_nat) << 4 | r)
    found = cache.get(key)
    if found is None:
        found = cache[key] = meld_options(cache, limits, r, most_nat, twos, jokers)
    return found


PER_RANK: Final = (MAX_NATURALS + 1) * len(GROUP_WILD_COMBOS)
"""Ids per rank target in the MELD and ADD blocks (``group_action``): a rank's ids follow the last rank's."""


def _rank_shift(kind: int, r: int) -> int:
    """What the id of a MELD or ADD of rank ``r`` adds to that of the same counts for rank index 0 (``kind`` does
    not change it: both blocks have :data:`PER_RANK` ids per rank; tests/test_rank_melds.py checks it)."""
    return r * PER_RANK


def _shape_rank(limits: MeldLimits, r: int) -> int:
    """The rank whose own shapes ``r`` needs (the rank never wild, the rank natural-only: MAC A.6), else -1 (the
    shapes of any rank)."""
    return r if r == limits.never_wild or r == limits.natural_only else -1


def _add_shape(cache: Cache, limits: MeldLimits, most_nat: int, room: int, nat: int, wild: int,
               twos: int, jokers: int, rank: int = -1) -> Options:
    """:func:`add_options` for rank index 0 (the ids of any rank follow by :func:`_rank_shift`), cached
    under ``(ADD, -1, ...)``. A room of ``most_nat + 3`` cards or more holds any addition (at most 3 wild
    cards), so larger rooms share one entry."""
    if room > most_nat + 3:
        room = most_nat + 3
    key = (ADD, -2 - rank, most_nat, room, nat, wild, twos, jokers)  # -1: any rank; -2 - r: rank r's own
    found = cache.get(key)
    if found is not None:
        return found
    out: list[Option] = []
    most_k = 0
    for n in range(most_nat + 1):
        most = min(limits.capacity(nat + n, 0) - wild, room - n)  # wild cards this addition may bring
        if limits.wild_below and limits.wild_below - nat - wild < most:  # a book takes naturals only
            most = limits.wild_below - nat - wild
        if rank >= 0 and not limits.rank_takes_wild(rank, wild):
            most = 0
        for t, j in GROUP_WILD_COMBOS:
            w = t + j
            if t > twos or j > jokers or (w == 0 and n == 0) or (w and w > most):
                continue
            out.append((group_action(ADD, 0, n, t, j), 0, n, t, j))
            most_k = max(most_k, n + w)
    found = cache[key] = _with_ids(most_k, out)
    return found


def meld_options(cache: Cache, limits: MeldLimits, r: int, most_nat: int, twos: int,
                 jokers: int) -> Options:
    """New melds of rank ``r`` with ``min_naturals``..``most_nat`` naturals and up to ``twos`` twos and
    ``jokers`` jokers of the hand (each at most 3), of 3 cards or more within ``canasta_max`` and the wild
    cards a meld may hold, in id order; with the most cards any of them uses, and their ids. ``cache`` as for
    :func:`add_options`, key ``(MELD, r, most_nat, twos, jokers)``; worked out once for all ranks, as
    there (template key ``(MELD, -1, ...)``)."""
    key = (MELD, r, most_nat, twos, jokers)
    found = cache.get(key)
    if found is not None:
        return found
    rank = _shape_rank(limits, r)
    tkey = (MELD, -2 - rank, most_nat, twos, jokers)  # -1: any rank; -2 - r: rank r's own
    shape = cache.get(tkey)
    if shape is None:
        out: list[Option] = []
        most_k = 0
        cap = limits.max_size
        for n in range(limits.min_nat, most_nat + 1):
            most = min(limits.capacity(n, 0, rank), cap - n)
            for t, j in GROUP_WILD_COMBOS:
                w = t + j
                if t > twos or j > jokers or n + w < 3 or w > most:
                    continue
                out.append((group_action(MELD, 0, n, t, j), 0, n, t, j))
                most_k = max(most_k, n + w)
        shape = cache[tkey] = _with_ids(most_k, out)
    shift = _rank_shift(MELD, r)
    found = cache[key] = _with_ids(shape[0], [(a + shift, r, n, t, j) for a, _, n, t, j in shape[1]])
    return found


def wild_meld_options(cache: Cache, existing: bool, twos: int, jokers: int, room: int,
                      start: int) -> Options:
    """Moves to the side's meld of wild cards (``wild_melds``): adding to it (``existing``) or starting it
    with ``start`` cards or more (``wild_meld_min``), with up to ``twos`` twos and ``jokers`` jokers of the
    hand (at most 12 and 8: ``WILD_MELD_COMBOS``) and at most ``room`` cards (``wild_meld_cap`` less its
    cards), in id order; with the most cards any of them uses, and their ids. ``cache`` as for :func:`add_options`,
    key ``(WILD_TARGET, existing, twos, jokers, room, start)``."""
    twos, jokers = min(twos, 12), min(jokers, 8)
    key = (WILD_TARGET, existing, twos, jokers, room, start)
    found = cache.get(key)
    if found is not None:
        return found
    kind = ADD if existing else MELD
    out: list[Option] = []
    for t, j in WILD_MELD_COMBOS:
        k = t + j
        if t > twos or j > jokers or (not existing and k < start) or k > room:
            continue
        out.append((ACTION_INDEX[(kind, WILD_TARGET, 0, t, j)], WILD_TARGET, 0, t, j))
    found = cache[key] = _with_ids(max((x[3] + x[4] for x in out), default=0), out)
    return found
