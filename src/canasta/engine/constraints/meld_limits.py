"""The meld-shape rules the plans read (:class:`MeldLimits`, a view of :class:`~canasta.rules.fields.Rules`): how
many wild cards a meld takes, its room, the pair a wild card makes a meld, melds of wild cards, the rule of five and
the opening's limits (RULES.md §1.5, MAC A.6-A.7). Used by :mod:`canasta.engine.constraints.meld_plans` (the
plans) and :mod:`canasta.engine.constraints.meld_value` (the exact search)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from canasta.cards.deck import RANKS

if TYPE_CHECKING:
    from canasta.rules.fields import Rules


NO_CAP: Final = 10**6
"""Meld size used where a variant sets no limit."""
def rank_index(rank: str) -> int:
    """Rank index (0 = 2 .. 12 = A) of a rank letter of a Rules field, -1 for '' (no rank)."""
    return RANKS.index(rank) if rank else -1


RULE_OF_FIVE: Final = 5
"""Naturals a meld holds before a wild card joins it after the side's initial meld (``rule_of_five``, MAC A.6)."""
WILD: Final = 13
"""Key of the meld of wild cards in ``ex`` (``canasta.moves.notation.WILD_TARGET``)."""


def limits_pair_side(args: tuple[Any, ...], ranks: tuple[int, int, int], before: bool) -> MeldLimits:
    """Limits built from the arguments ``args`` of :class:`MeldLimits` and ``ranks`` = (the rule of five's
    naturals, the rank never wild, the rank natural-only after the opening; 0, -1, -1 for none; MAC A.6): where the
    rule of five, a natural-only rank or the opening's cap on mixed melds (``opening_mixed_max``, MAC A.7) is set,
    the pair of limits for a side's initial meld and for later turns,
    linked (``before``, ``after``), and the one ``before`` asks for; else one set of limits."""
    five, never, natural_only = ranks
    first = MeldLimits(*args)
    first.never_wild = never
    if first.opening_mixed_max:  # no mixed canasta in the opening turn (MAC A.7)
        first.mixed_max = min(first.max_size, first.opening_mixed_max)
    first.pair_wild = first.min_nat <= 2 and first.capacity(2, 0) >= 1
    if not five and natural_only < 0 and not first.opening_mixed_max:
        return first
    after = MeldLimits(*args)
    after.five, after.never_wild, after.natural_only = five, never, natural_only
    after.pair_wild = after.min_nat <= 2 and after.capacity(2, 0) >= 1
    for lim in (after, first):
        lim.before, lim.after = first, after
    return first if before else after


class MeldLimits:
    """The meld-shape rules the plans need (a view of :class:`~canasta.rules.fields.Rules`).

    Args:
        limit: most wild cards in a meld of a rank (``wild_limit``).
        nwm: wild cards may not outnumber naturals (``no_wild_majority``).
        strict: naturals must outnumber wild cards (``naturals_exceed_wilds``, Hand and Foot B.6).
        threes: black threes may be melded (``black3_meld``); False: a three never joins a meld (B.7).
        must_discard: going out ends with a discard (``going_out_needs_discard``, B.10): melding every card is
            no going out.
        melds_out: going out only by melding every card (``going_out_by_melding``, B.10 ``go_out_discard=forbidden``):
            the going-out plans never end with a discard.
        min_nat: naturals a meld of a rank needs (``min_naturals``).
        rv: card value in points per rank index 0..13.
        max_size: most cards in a meld of a rank (``canasta_max``; :data:`NO_CAP` for none).
        wild_melds: melds of wild cards only are allowed.
        wild_min, wild_max: fewest cards to start such a meld, most cards it may hold.
        wild_first: while the side's meld of wild cards is incomplete, no wild card joins another meld
            (``wild_meld_first``, MAC A.6): the plans complete that meld first.
        five: naturals a meld must hold before a wild card joins it (the rule of five, ``rule_of_five``, MAC A.6);
            0 = none. Such limits come in a pair: ``before`` (for the turn of a side's initial meld: no rule of
            five) and ``after`` (every later turn); :meth:`for_rules` returns ``after``, and the engine sets the
            deal's limits at the start of each turn (:func:`canasta.engine.apply.start_turn`).

    ``pair_wild`` (worked out) says whether a pair of naturals with no meld of its rank becomes a meld with one
    wild card (``min_nat`` at most 2, and room for the wild card).
    """

    __slots__ = ("limit", "nwm", "min_nat", "rank_values", "max_size", "wild_melds", "wild_min", "wild_max", "options",
                 "pair_wild", "five", "before", "after", "never_wild", "natural_only", "strict", "threes",
                 "must_discard", "wild_first", "opening_mixed_max", "mixed_max", "clean_copies", "melds_out",
                 "wild_below", "several")

    def __init__(self, limit: int, nwm: bool, min_nat: int, rank_values: Sequence[int], max_size: int = NO_CAP,
                 wild_melds: bool = False, wild_min: int = 3, wild_max: int = NO_CAP, strict: bool = False,
                 threes: bool = True, must_discard: bool = False, five: int = 0, wild_first: bool = False,
                 opening_mixed_max: int = 0, melds_out: bool = False, wild_below: int = 0, several: bool = False):
        self.must_discard = must_discard
        self.several = several  # a new meld of a rank may start beside its canasta (several_melds_per_rank, B.6)
        self.melds_out = melds_out  # going out only by melding every card, no final discard (B.10 forbidden)
        self.wild_below = wild_below  # a wild card joins a meld only among its first this many cards, 0 any
        self.strict = strict
        self.threes = threes
        self.five = five
        self.opening_mixed_max = opening_mixed_max  # the opening turn's most cards of a mixed meld, 0 none (MAC A.7)
        self.mixed_max = max_size  # most cards of a meld holding a wild card (the opening's: limits_pair_side)
        self.clean_copies: dict[int, MeldLimits] | None = None  # clean_rank's copies
        self.wild_first = wild_first  # no wild card elsewhere while the meld of wild cards is incomplete (MAC A.6)
        self.never_wild = -1  # a rank whose melds never take a wild card (sevens, MAC A.6)
        self.natural_only = -1  # a rank whose natural meld takes no wild card (aces after the opening, MAC A.6)
        self.before: MeldLimits = self
        self.after: MeldLimits = self
        self.limit = limit
        self.nwm = nwm
        self.min_nat = min_nat
        self.rank_values = rank_values  # value per rank index 0..13
        self.max_size = max_size
        self.wild_melds = wild_melds
        self.wild_min = wild_min
        self.wild_max = wild_max
        self.pair_wild = min_nat <= 2 and self.capacity(2, 0) >= 1
        self.options: dict[Any, Any] | None = None  # kept here: rank_melds.options_cache

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its constructor's arguments (the options cache is rebuilt as needed; a compiled
        MeldLimits has no argument-free constructor for pickle to call)."""
        args = (self.limit, self.nwm, self.min_nat, self.rank_values, self.max_size, self.wild_melds,
                self.wild_min, self.wild_max, self.strict, self.threes, self.must_discard, 0, self.wild_first,
                self.opening_mixed_max, self.melds_out, self.wild_below, self.several)
        after = self.after
        return (limits_pair_side, (args, (after.five, self.never_wild, after.natural_only), self is self.before))

    @classmethod
    def for_rules(cls, rules: Rules, rank_values: Sequence[int]) -> MeldLimits:
        """The limits of ``rules`` with card values ``rv`` per rank index (what :class:`Deal` uses)."""
        args = (rules.wild_limit, rules.no_wild_majority, rules.min_naturals, rank_values, rules.meld_cap,
                rules.wild_melds, rules.wild_meld_min, rules.wild_meld_cap, rules.naturals_exceed_wilds,
                rules.black3_meld, rules.going_out_needs_discard, 0, rules.wild_meld_first,
                0 if rules.opening_mixed_canasta else 6, rules.going_out_by_melding,
                7 if rules.book_naturals_only else 0, rules.several_melds_per_rank)
        ranks = (RULE_OF_FIVE if rules.rule_of_five else 0, rank_index(rules.never_wild_rank),
                 rank_index(rules.opening_only_wild_rank))
        return limits_pair_side(args, ranks, False)

    def clean_rank(self, rank: int) -> MeldLimits:
        """These limits with ``rank``'s natural meld taking no wild card (a clean triple kept clean: MAC A.7), for
        the plans; ``self`` where a natural-only rank is set already (the plans then may claim a little more)."""
        if self.natural_only >= 0:
            return self
        copies = self.clean_copies
        if copies is None:
            copies = self.clean_copies = {}
        got = copies.get(rank)
        if got is None:
            got = MeldLimits(self.limit, self.nwm, self.min_nat, self.rank_values, self.max_size, self.wild_melds,
                             self.wild_min, self.wild_max, self.strict, self.threes, self.must_discard, self.five,
                             self.wild_first, self.opening_mixed_max, self.melds_out, self.wild_below,
                             self.several)
            got.never_wild, got.mixed_max, got.natural_only = self.never_wild, self.mixed_max, rank
            got.pair_wild = self.pair_wild
            got.before, got.after = self.before, self.after
            copies[rank] = got
        return got

    def rank_takes_wild(self, rank: int, wild: int) -> bool:
        """Whether a meld of ``rank`` holding ``wild`` wild cards may take one more as far as its rank goes: never
        for ``never_wild``, not while natural for ``natural_only`` (MAC A.6: sevens; aces after the opening)."""
        return rank != self.never_wild and (rank != self.natural_only or wild > 0)

    def pair_wild_at(self, rank: int) -> bool:
        """:attr:`pair_wild` for a pair of ``rank`` with no meld (:meth:`rank_takes_wild`)."""
        return self.pair_wild and rank != self.never_wild and rank != self.natural_only  # rank_takes_wild, inline

    def capacity(self, nat: int, wild: int, rank: int = -1) -> int:
        """Wild cards a meld of ``nat`` naturals holding ``wild`` wild cards (of rank index ``rank``, -1: any rank
        the rank rules leave free) can still take."""
        if rank >= 0 and (rank == self.never_wild or (rank == self.natural_only and not wild)):
            return 0  # not rank_takes_wild (inline: on the hot path of every variant)
        if nat < self.five:  # the rule of five: no wild card joins a meld of fewer naturals (MAC A.6)
            return 0
        cap = self.limit
        if self.nwm and nat < cap:
            cap = nat
        if self.strict and nat - 1 < cap:
            cap = nat - 1
        cap -= wild
        room = self.mixed_max - nat - wild  # a wild card makes the meld mixed
        if room < cap:
            cap = room
        return cap if cap > 0 else 0

    def join_capacity(self, nat0: int, wild0: int, nat: int, rank: int = -1) -> int:
        """Wild cards a meld of ``nat0`` naturals and ``wild0`` wild cards can take along with ``nat`` more naturals
        (:meth:`capacity` of the meld they make), where ``wild_below`` is set at most the room below it left by
        the meld as it was (a book of 7 takes naturals only: ``book_naturals_only``, Hand and Foot B.6 [CH])."""
        cap = self.capacity(nat0 + nat, wild0, rank)
        below = self.wild_below
        if below and below - nat0 - wild0 < cap:
            cap = max(0, below - nat0 - wild0)
        return cap

    def meld_room(self, nat: int, wild: int) -> int:
        """Cards a meld of ``nat`` naturals and ``wild`` wild cards can still take (``max_size``, or ``mixed_max``
        for a mixed meld)."""
        return (self.mixed_max if wild else self.max_size) - nat - wild

    def nat_key(self, nat: int) -> int:
        """A count of naturals that gives a meld the same :meth:`capacity` as ``nat`` naturals, with any
        number more added and any wild cards: ``limit`` (at least ``five``, the rule of five) for more (where no
        ``canasta_max`` caps a meld, the wild cards a meld can take stop changing there), else ``nat`` itself (for
        cache keys)."""
        same = self.limit + 1 if self.strict else self.limit  # strict: limit + 1 naturals hold limit wild cards
        if same < self.five:  # the rule of five: fewer naturals take no wild card, so they differ below it
            same = self.five
        if self.wild_below:  # the wild cards a meld takes depend on its cards up to wild_below (naturals only)
            same = max(same, self.wild_below)
        return same if nat > same and self.max_size >= NO_CAP else nat

    def wild_placeable(self, free: int, cap: int, melds_by_rank: dict[int, list[int]]) -> int:
        """How many of ``free`` wild cards can be melded: ``cap`` fit into melds of ranks, the
        rest into the side's meld of wild cards where the variant allows one (an existing one in
        ``ex[WILD]``, or a new one of at least ``wild_min`` cards)."""
        if free <= cap or not self.wild_melds:
            return min(free, cap)
        e = melds_by_rank.get(WILD)
        if e is not None:
            return min(free, cap + max(0, self.wild_max - e[0] - e[1]))
        if free >= self.wild_min:
            return min(free, cap + self.wild_max)
        return cap


def new_meld_ok(limits: MeldLimits, r: int, c: int, wilds: int) -> bool:
    """Whether ``c`` > 0 naturals of rank ``r`` that have no meld make a new meld (§1.5): 3 or more and at least
    ``min_nat`` within ``max_size``, or a pair with one of ``wilds`` wild cards where the rules allow it
    (:meth:`MeldLimits.pair_wild_at`)."""
    if c >= 3 and c >= limits.min_nat:
        return c <= limits.max_size
    return c == 2 and wilds > 0 and limits.pair_wild_at(r)
