"""Feasibility of melding plans, computed from per-rank counts.

The engine offers a move only if the player cannot get stuck after it: a side
that starts its initial meld must be able to reach the minimum count (RULES.md
§1.6) while keeping a card to discard (§1.4), and a player who must go out
(after his partner said yes, §1.9) must still be able to. These two questions
are answered here from counts, without search:

* :func:`best_meld_value`: the most points of card values that can still be
  melded from a hand (with the melds already made this turn), leaving at least
  ``keep`` cards;
* :func:`can_meld_out`: whether a hand can be melded entirely, or all but one
  card that is then discarded, with the side reaching its canastas;
* :func:`meld_out_value`: the points such a melding out counts toward the minimum
  (a side may reach its initial meld in the turn it goes out).

Both take ``rc``, the hand's counts by rank index (0 = two ... 12 = ace, 13 =
joker), and ``ex``, the melds the cards may be added to, as a dict from target
rank to ``[naturals, wild cards]`` (key 13, ``WILD_TARGET``, is the side's meld of
wild cards where the variant allows one).

Variants: a meld may be capped in size (``canasta_max``, Cuban §3.2) and melds of
wild cards only may be allowed (``wild_melds``, with ``wild_meld_min`` and
``wild_meld_max``: Uruguay §3.3 a, Free Canasta §3.5, Cuban). The plans respect
both, and never claim more than can really be melded (a claim too high could
leave a player with an initial meld he cannot finish).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, RANKS, THREE, TWO

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
        number more added and any wild cards: ``limit`` for more (where no ``canasta_max`` caps a meld,
        the wild cards a meld can take stop changing there), else ``nat`` itself (for cache keys)."""
        same = self.limit + 1 if self.strict else self.limit  # strict: limit + 1 naturals hold limit wild cards
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


def _plan(rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits) -> tuple[int, int]:
    """Greedy best plan: (points melded, cards left unmelded). Exact for groups of one rank."""
    rank_values = limits.rank_values
    value = 0
    left = rank_counts[THREE]  # black threes are melded only when going out
    cap = 0
    maxs = limits.max_size
    pairs: list[int] = []
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        e = melds_by_rank.get(r)
        if e is not None:
            if c:
                room = limits.meld_room(e[0], e[1])
                if c > room:  # a full meld takes no more cards (canasta_max; a mixed one in the opening, MAC A.7)
                    left += c - max(0, room)
                    c = max(0, room)
                value += c * rank_values[r]
            cap += limits.join_capacity(e[0], e[1], c, r)
        elif c == 0:
            continue
        elif c >= 3 and c >= limits.min_nat:
            if c > maxs:
                left += c - maxs
                c = maxs
            value += c * rank_values[r]
            cap += limits.capacity(c, 0, r)
        elif c == 2 and limits.pair_wild_at(r):  # a pair that one wild card makes a meld (§1.5)
            pairs.append(r)
        else:
            left += c
    wilds = [rank_values[JOKER_RANK]] * rank_counts[JOKER_RANK] + [rank_values[TWO]] * rank_counts[TWO]  # best first
    w = len(wilds)
    first = _wild_meld_deficit(melds_by_rank, limits) if limits.wild_first else 0
    if first:  # the side's incomplete meld of wild cards takes them first (wild_meld_first, MAC A.6)
        if w < first:
            for r in pairs:
                left += rank_counts[r]
            return value + sum(wilds), left
        value += sum(wilds[:first])
        wilds = wilds[first:]
        w -= first
        e = melds_by_rank[WILD]
        melds_by_rank = dict(melds_by_rank)
        melds_by_rank[WILD] = [e[0], e[1] + first]  # complete now
    pairs.sort(key=lambda r: -rank_values[r])
    enabled = min(len(pairs), w)
    for r in pairs[:enabled]:
        value += 2 * rank_values[r]
        cap += limits.capacity(2, 1, r)
    for r in pairs[enabled:]:
        left += rank_counts[r]
    placed = enabled + limits.wild_placeable(w - enabled, cap, melds_by_rank)
    value += sum(wilds[:placed])
    left += w - placed
    return value, left


def _wild_meld_deficit(melds_by_rank: dict[int, list[int]], limits: MeldLimits) -> int:
    """Cards the side's incomplete meld of wild cards lacks where no wild card joins another meld before it is
    complete (``MeldLimits.wild_first``, MAC A.6), else 0."""
    if not limits.wild_first:
        return 0
    e = melds_by_rank.get(WILD)
    if e is None:
        return 0
    size = e[0] + e[1]
    return 7 - size if size < 7 else 0


def best_meld_value(rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits,
                    keep: int) -> int:
    """Most card points meldable from ``rc`` (into new melds or ``ex``), leaving ``keep`` cards.

    Returns -1 if no plan leaves ``keep`` cards. Red threes are never in ``rc``.
    """
    value, left = _plan(rank_counts, melds_by_rank, limits)
    if left >= keep:
        return value
    if keep <= 0:
        return value
    best = -1
    work = list(rank_counts)
    for r in range(14):
        if work[r] and r != THREE:
            work[r] -= 1
            v = best_meld_value(work, melds_by_rank, limits, keep - 1)
            work[r] += 1
            if v > best:
                best = v
    return best


def can_meld_out(
    rank_counts: Sequence[int],
    melds_by_rank: dict[int, list[int]],
    limits: MeldLimits,
    canastas: int,
    need: int,
    allow_discard: bool = True,
) -> bool:
    """Whether every card of ``rc`` can be melded (all, or all but one to discard; only the latter where
    ``limits.must_discard``, only the former where ``limits.melds_out``).

    ``ex`` maps a target rank to ``[naturals, wild cards]`` of the side's melds;
    sizes are their sum. ``canastas`` is the side's canastas now and ``need`` the
    number required to go out (RULES.md §1.9). Black threes may be melded as a
    group of three or more without wild cards (§1.8).
    """
    if limits.melds_out:
        allow_discard = False  # no final discard (B.10 go_out_discard=forbidden)
    total = sum(rank_counts)
    if total == 0:
        return canastas >= need and not limits.must_discard  # no card left to end by discarding (B.10)
    # cheap necessary condition: cards that can never join a meld must fit in the one discard
    stuck = rank_counts[THREE] if rank_counts[THREE] < 3 or not limits.threes else 0
    min_nat = limits.min_nat
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if c and c < min_nat and r not in melds_by_rank:
            stuck += c
    if stuck > (1 if allow_discard else 0):
        return False
    if stuck:  # the one card no meld can take must be the discard: no other plan can meld the rest
        options = [next(r for r in range(14)
                        if rank_counts[r] and _lone(rank_counts, melds_by_rank, r, min_nat, limits.threes))]
    elif not limits.must_discard and _meldable(rank_counts, melds_by_rank, limits, canastas, need):
        return True  # every card melded, none discarded
    elif allow_discard:
        options = [r for r in range(14) if rank_counts[r]]
    else:
        return False
    work = list(rank_counts)
    for d in options:
        work[d] -= 1
        ok = _meldable(work, melds_by_rank, limits, canastas, need)
        work[d] += 1
        if ok:
            return True
    return False


def _meldable(rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, canastas: int,
              need: int) -> bool:
    """:func:`_all_meldable`, and where a new meld of a rank may start beside its canasta (``limits.several``:
    several_melds_per_rank, Hand and Foot's B.6, Samba §3.2) also the plans that first fill an open meld to exactly
    7 cards (it becomes a canasta) and meld the rank's other naturals beside it (:func:`_split_meldable`)."""
    if _all_meldable(rank_counts, melds_by_rank, limits, canastas, need):
        return True
    return limits.several and _split_meldable(rank_counts, melds_by_rank, limits, canastas, need, FOUR)


def _split_meldable(rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits,
                    canastas: int, need: int, start: int) -> bool:
    """Whether the cards can all be melded when some open melds of ranks ``start`` and up are first filled to exactly
    7 cards with ``k`` of the rank's naturals and as many wild cards as they lack (within what the meld may take),
    the rank's other naturals (2 or more) then melded beside the new canasta. Each such step is a legal move (a
    meld beside a canasta of its rank, several_melds_per_rank); the rest is :func:`_all_meldable`'s plan.

    Every plan tried ends in :func:`_all_meldable`, so the branches it refuses whatever is split later are skipped
    (the same answer as trying them, tests/test_speed_shortcuts.py): black threes it cannot meld; a rank without a
    meld whose naturals make none (the naturals left beside a split count so); a meld overflowing its cap that no
    split left to try reaches (the ranks below ``start``, or ranks passed over in the loop)."""
    b3 = rank_counts[THREE]
    if b3 and (b3 < 3 or not limits.threes):
        return False  # no plan melds them (_all_meldable's first test)
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    maxs = limits.max_size
    cands: list[int] = []  # the ranks a split may start at, ascending
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        e = melds_by_rank.get(r)
        if e is None:
            if c and not _new_meld_ok(limits, r, c, wilds):
                return False  # its naturals make no meld in any plan (fewer wild cards only)
            continue
        size = e[0] + e[1]
        splittable = r >= start and c >= 2 and size < 7
        if splittable:
            cands.append(r)
        if size + c > (limits.mixed_max if e[1] else maxs) and not splittable:
            return False  # overflows its cap, and no split of this call reaches it
    for r in cands:
        e = melds_by_rank[r]
        c = rank_counts[r]
        size = e[0] + e[1]
        rest: dict[int, list[int]] | None = None
        for k in range(0, min(c - 2, 7 - size) + 1):  # k naturals join the meld, c - k (2 or more) go beside it
            fill = 7 - size - k  # wild cards that close it at 7
            if (fill > wilds or fill > limits.join_capacity(e[0], e[1], k, r) or size + k + fill > limits.max_size
                    or (fill + e[1] > 0 and size + k + fill > limits.mixed_max)
                    or not _new_meld_ok(limits, r, c - k, wilds - fill)):
                continue
            work = list(rank_counts)
            work[r] -= k
            twos = min(fill, work[TWO])
            work[TWO] -= twos
            work[JOKER_RANK] -= fill - twos
            if rest is None:
                rest = {t: v for t, v in melds_by_rank.items() if t != r}  # the canasta takes nothing more
            if (_all_meldable(work, rest, limits, canastas + 1, need)
                    or _split_meldable(work, rest, limits, canastas + 1, need, r + 1)):
                return True
        if size + c > (limits.mixed_max if e[1] else maxs):
            return False  # left unsplit by every later plan, it overflows
    return False


def _new_meld_ok(limits: MeldLimits, r: int, c: int, wilds: int) -> bool:
    """Whether :func:`_all_meldable` melds ``c`` > 0 naturals of rank ``r`` that have no meld (a new meld; a pair
    with one of ``wilds`` wild cards where the rules allow it)."""
    if c >= 3 and c >= limits.min_nat:
        return c <= limits.max_size
    return c == 2 and wilds > 0 and limits.pair_wild_at(r)


def rank_may_meld(limits: MeldLimits, r: int, c: int, meld: list[int] | None, wilds: int) -> bool:
    """Whether ``c`` naturals of rank ``r`` might all be melded by a plan of :func:`can_meld_out` (after its
    discard): ``meld`` is the side's meld of the rank (``[naturals, wild cards]``, None for none) and ``wilds`` the
    hand's wild cards. False only where no plan of :func:`_all_meldable` nor :func:`_split_meldable` melds them,
    whatever the other ranks do: a new meld needs :func:`_new_meld_ok`, an open meld its cap
    (``mixed_max`` once mixed), else a split that closes it at 7 cards and melds the rest beside it (``several``).
    A necessary condition rank by rank (the wild cards are not shared out between the ranks)."""
    if c == 0:
        return True
    if meld is None:
        return _new_meld_ok(limits, r, c, wilds)
    size = meld[0] + meld[1]
    if size + c <= (limits.mixed_max if meld[1] else limits.max_size):
        return True
    if not limits.several or size >= 7 or c < 2:
        return False  # _split_meldable splits only open melds, leaving 2 naturals or more beside the canasta
    for k in range(0, min(c - 2, 7 - size) + 1):  # as _split_meldable tries them
        fill = 7 - size - k
        if (fill <= wilds and fill <= limits.join_capacity(meld[0], meld[1], k, r)
                and size + k + fill <= limits.max_size and (fill + meld[1] == 0 or size + k + fill <= limits.mixed_max)
                and _new_meld_ok(limits, r, c - k, wilds - fill)):
            return True
    return False


def _lone(rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], r: int, min_nat: int,
          threes: bool = True) -> bool:
    """Whether the cards of rank ``r`` in ``rc`` can join no meld (black threes short of three, naturals
    fewer than ``min_nat`` with no meld of their rank in ``ex``): the cards ``can_meld_out`` counts stuck."""
    if r == THREE:
        return rank_counts[r] < 3 or not threes
    return FOUR <= r <= ACE and rank_counts[r] < min_nat and r not in melds_by_rank


def meld_out_value(
    rank_counts: Sequence[int],
    melds_by_rank: dict[int, list[int]],
    limits: MeldLimits,
    canastas: int,
    need: int,
    allow_discard: bool = True,
) -> int:
    """Most card points counted toward the initial meld when melding every card of ``rc``
    (or all but one, then discarded), the side reaching ``need`` canastas; -1 if impossible.

    Black threes melded when going out are not counted (the engine counts them only once the
    minimum is reached, RULES.md §1.8); a discarded card is not counted (§1.6).
    """
    rank_values = limits.rank_values
    full = sum(rank_counts[r] * rank_values[r] for r in range(14) if r != THREE)
    if sum(rank_counts) == 0:
        return full if canastas >= need else -1
    best = -1
    work = list(rank_counts)
    options: list[int | None] = [None]
    if allow_discard and not limits.melds_out:  # no final discard under go_out_discard=forbidden (B.10)
        options += [r for r in range(14) if rank_counts[r]]
    for d in options:
        if d is not None:
            work[d] -= 1
        if _all_meldable(work, melds_by_rank, limits, canastas, need):
            v = full - (rank_values[d] if d is not None and d != THREE else 0)
            if v > best:
                best = v
        if d is not None:
            work[d] += 1
    return best


def melds_every_card(
    rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, canastas: int
) -> bool:
    """Whether every card of ``rank_counts`` can be melded, none kept nor discarded (``melds_by_rank`` and
    ``canastas`` as for :func:`can_meld_out`; no canasta required): the hand emptied by melding that waives the
    minimum count under ``empty_hand_waives_minimum`` (RULES_AMERICAN.md B.8)."""
    return sum(rank_counts) == 0 or _all_meldable(rank_counts, melds_by_rank, limits, canastas, 0)


def _all_meldable(
    rank_counts: Sequence[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, canastas: int, need: int
) -> bool:
    b3 = rank_counts[THREE]
    if b3 and (b3 < 3 or not limits.threes):
        return False
    w = rank_counts[TWO] + rank_counts[JOKER_RANK]
    first = _wild_meld_deficit(melds_by_rank, limits) if limits.wild_first else 0  # MAC A.6
    w_all = w
    metas: list[tuple[int, int]] = []  # (size, capacity) of melds touched or available
    done = canastas
    maxs = limits.max_size
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        e = melds_by_rank.get(r)
        if e is not None:
            size = e[0] + e[1]
            was = size >= 7
            size += c
            if size > (limits.mixed_max if e[1] else maxs):
                return False
            if size >= 7 and not was:
                done += 1
            metas.append((size, limits.join_capacity(e[0], e[1], c, r)))
        elif c == 0:
            continue
        elif c >= 3 and c >= limits.min_nat:
            if c > maxs:
                return False
            if c >= 7:
                done += 1
            metas.append((c, limits.capacity(c, 0, r)))
        elif c == 2 and limits.pair_wild_at(r):  # a pair that one wild card makes a meld (§1.5)
            if w == 0:
                return False
            w -= 1
            metas.append((c + 1, limits.capacity(c, 1, r)))
        else:
            return False
    if first and w < w_all and w < first:
        return False  # pairs took wild cards while the meld of wild cards cannot be completed
    cap = sum(k for _, k in metas)
    if not limits.wild_melds or w == 0:
        if w > cap:
            return False
        if done >= need:
            return True
        return done + _complete(sorted(7 - s for s, k in metas if s < 7 and 7 - s <= k), w) >= need
    deficits = sorted(7 - s for s, k in metas if s < 7 and 7 - s <= k)
    # some wild cards may go to the meld of wild cards (existing, or new with wild_min cards or more)
    e = melds_by_rank.get(WILD)
    if e is not None:
        size = e[0] + e[1]
        xs: list[int] | range = range(0, min(w, limits.wild_max - size) + 1)
    else:
        size = 0
        xs = [0] + list(range(limits.wild_min, min(w, limits.wild_max) + 1))
    best = -1
    for x in xs:
        if w - x > cap:
            continue
        if first and x < first and (x < w or w < w_all):
            continue  # the meld of wild cards stays incomplete: no wild card may have gone elsewhere
        got = _complete(deficits, w - x) + (1 if size < 7 <= size + x else 0)
        if got > best:
            best = got
    return best >= 0 and done + best >= need


def _complete(deficits: list[int], wilds: int) -> int:
    """Canastas completed by spending ``wilds`` wild cards on the ``deficits`` (cards missing), nearest first."""
    done = 0
    for d in deficits:
        if d > wilds:
            break
        wilds -= d
        done += 1
    return done
