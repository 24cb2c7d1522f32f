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

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.meld_limits import WILD, MeldLimits, new_meld_ok
from canasta.engine.constraints.meld_value import best_by_ranks


def _plan(rank_counts: list[int], melds_by_rank: dict[int, list[int]],
          limits: MeldLimits) -> tuple[int, int, bool]:
    """Greedy plan: (points melded, cards left unmelded, whether no plan melds more). The points are the most any
    plan melds where every wild card is placed and no natural is cut by a meld's room (the bound: every natural
    that can join a meld, the best pairs a wild card each, every wild card); otherwise a plan may meld more
    (:mod:`canasta.engine.constraints.meld_value`)."""
    cut = False
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
                    cut = True
                    left += c - max(0, room)
                    c = max(0, room)
                value += c * rank_values[r]
            cap += limits.join_capacity(e[0], e[1], c, r)
        elif c == 0:
            continue
        elif c >= 3 and c >= limits.min_nat:
            if c > maxs:
                cut = True
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
            return value + sum(wilds), left, not cut  # no wild card may join another meld before (A.6)
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
    return value, left, not cut and placed == w


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


def best_meld_value(rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits,
                    keep: int) -> int:
    """Most card points meldable from ``rc`` (into new melds or ``ex``), leaving ``keep`` cards (exact: the quick
    plan where it is the most any plan melds and leaves the cards, else the search of
    :func:`canasta.engine.constraints.meld_value.best_by_ranks`).

    Returns -1 if no plan leaves ``keep`` cards. Red threes are never in ``rc``.
    """
    value, left, exact = _plan(rank_counts, melds_by_rank, limits)
    if exact and left >= keep:
        return value
    return best_by_ranks(rank_counts, melds_by_rank, limits, keep)

def can_meld_out(
    rank_counts: list[int],
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


def _meldable(rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, canastas: int,
              need: int) -> bool:
    """:func:`_all_meldable`, and where a new meld of a rank may start beside its canasta (``limits.several``:
    several_melds_per_rank, Hand and Foot's B.6, Samba §3.2) also the plans that first fill an open meld to exactly
    7 cards (it becomes a canasta) and meld the rank's other naturals beside it (:func:`_split_meldable`)."""
    if _all_meldable(rank_counts, melds_by_rank, limits, canastas, need):
        return True
    return limits.several and _split_meldable(rank_counts, melds_by_rank, limits, canastas, need, FOUR)


def _split_meldable(rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits,
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
            if c and not new_meld_ok(limits, r, c, wilds):
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
                    or not new_meld_ok(limits, r, c - k, wilds - fill)):
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


def rank_may_meld(limits: MeldLimits, r: int, c: int, meld: list[int] | None, wilds: int) -> bool:
    """Whether ``c`` naturals of rank ``r`` might all be melded by a plan of :func:`can_meld_out` (after its
    discard): ``meld`` is the side's meld of the rank (``[naturals, wild cards]``, None for none) and ``wilds`` the
    hand's wild cards. False only where no plan of :func:`_all_meldable` nor :func:`_split_meldable` melds them,
    whatever the other ranks do: a new meld needs :func:`~canasta.engine.constraints.meld_limits.new_meld_ok`, an
    open meld its cap (``mixed_max`` once mixed), else a split that closes it at 7 cards and melds the rest beside
    it (``several``). A necessary condition rank by rank (the wild cards are not shared out between the ranks)."""
    if c == 0:
        return True
    if meld is None:
        return new_meld_ok(limits, r, c, wilds)
    size = meld[0] + meld[1]
    if size + c <= (limits.mixed_max if meld[1] else limits.max_size):
        return True
    if not limits.several or size >= 7 or c < 2:
        return False  # _split_meldable splits only open melds, leaving 2 naturals or more beside the canasta
    for k in range(0, min(c - 2, 7 - size) + 1):  # as _split_meldable tries them
        fill = 7 - size - k
        if (fill <= wilds and fill <= limits.join_capacity(meld[0], meld[1], k, r)
                and size + k + fill <= limits.max_size and (fill + meld[1] == 0 or size + k + fill <= limits.mixed_max)
                and new_meld_ok(limits, r, c - k, wilds - fill)):
            return True
    return False


def _lone(rank_counts: list[int], melds_by_rank: dict[int, list[int]], r: int, min_nat: int,
          threes: bool = True) -> bool:
    """Whether the cards of rank ``r`` in ``rc`` can join no meld (black threes short of three, naturals
    fewer than ``min_nat`` with no meld of their rank in ``ex``): the cards ``can_meld_out`` counts stuck."""
    if r == THREE:
        return rank_counts[r] < 3 or not threes
    return FOUR <= r <= ACE and rank_counts[r] < min_nat and r not in melds_by_rank


def meld_out_value(
    rank_counts: list[int],
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
    rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, canastas: int
) -> bool:
    """Whether every card of ``rank_counts`` can be melded, none kept nor discarded (``melds_by_rank`` and
    ``canastas`` as for :func:`can_meld_out`; no canasta required): the hand emptied by melding that waives the
    minimum count under ``empty_hand_waives_minimum`` (RULES_AMERICAN.md B.8)."""
    return sum(rank_counts) == 0 or _all_meldable(rank_counts, melds_by_rank, limits, canastas, 0)


def _all_meldable(
    rank_counts: list[int], melds_by_rank: dict[int, list[int]], limits: MeldLimits, canastas: int, need: int
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
