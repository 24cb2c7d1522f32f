"""Plans with sequences (RULES.md §3.2): whether an unopened side can still reach its minimum count with
sequences of the hand as well as melds of a rank (:func:`sequences_reach`), and whether the hand can go out
this turn with up to two sequence moves besides melds of a rank (:func:`out_reach`, used where going out
needs the partner's yes, ``must_ask_to_go_out``, Brazilian).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, THREE, TWO
from canasta.cards.sequences import (
    Span,
    extensions_in_hand,
    span_cards,
    spans_in_hand,
)
from canasta.engine.constraints.bounds import may_meld_out
from canasta.engine.constraints.meld_limits import MeldLimits
from canasta.engine.constraints.meld_plans import best_meld_value, can_meld_out, rank_may_meld
from canasta.moves.notation import (
    SEQ_TARGET,
    WILD_TARGET,
)

if TYPE_CHECKING:
    from canasta.engine.state import DealState
from canasta.engine.movegen.sequences import REACH_DEPTH


def sequences_reach(deal: DealState, hand: list[int], rank_counts: list[int], melds_by_rank: dict[int, list[int]],
                    keep: int, need: int, depth: int = REACH_DEPTH, planned: bool = False,
                    first: Span = (-1, -1, -1)) -> bool:
    """Whether ``need`` points of initial meld can still be melded from ``hand`` (counts by card type,
    ``rc`` the same by rank) with up to ``depth`` sequences and melds of a rank (into new melds or
    ``ex``), leaving ``keep`` cards (RULES.md §1.6, §3.2). ``planned``: the caller has found already
    that melds of a rank alone fall short (``best_meld_value`` below ``need``).

    The sequences are tried in the order of :func:`canasta.cards.sequences.spans_in_hand` (by suit, lowest
    rank, length: the order of the spans as tuples), each further one from ``first`` on: melding
    sequences A then B leaves the hand that B then A leaves, so each set of sequences is tried once.
    """
    if not planned and best_meld_value(rank_counts, melds_by_rank, deal.meld_limits, keep) >= need:
        return True
    if depth <= 0:
        return False
    rules = deal.rules
    total = sum(rank_counts)
    vals = deal.values
    for sp in spans_in_hand(hand, rules.sequence_min, rules.sequence_max):
        if sp < first:
            continue  # tried before, with this one after it
        cards = span_cards(sp)
        if total - len(cards) < keep:
            continue
        pts = sum(vals[c] for c in cards)
        _shift(hand, rank_counts, cards, -1)
        ok = pts >= need or sequences_reach(
            deal, hand, rank_counts, melds_by_rank, keep, need - pts, depth - 1, first=sp
        )
        _shift(hand, rank_counts, cards, 1)
        if ok:
            return True
    return False


def _shift(hand: list[int], rank_counts: list[int], cards: tuple[int, ...], sign: int) -> None:
    """Add (``sign`` 1) or take out (``sign`` -1) ``cards`` to the card counts ``hand`` and rank counts ``rc``."""
    for c in cards:
        hand[c] += sign
        rank_counts[c >> 2] += sign


def _seq_options(
    deal: DealState, side: int, hand: list[int], spans: list[Span]
) -> list[tuple[tuple[int, ...], int, int, Span]]:
    """Sequence moves the hand can make: ``(cards, index in spans or -1 for a new one, completes, span after)``."""
    rules = deal.rules
    out: list[tuple[tuple[int, ...], int, int, Span]] = []
    for sp in spans_in_hand(hand, rules.sequence_min, rules.sequence_max):
        cards = span_cards(sp)
        out.append((cards, -1, 1 if len(cards) >= 7 else 0, sp))
    longest = max(rules.sequence_max, rules.sequence_out_max)  # past sequence_max: the last meld out
    for i, sp in enumerate(spans):
        size = sp[2] - sp[1] + 1
        if size >= longest:
            continue
        for a, b in extensions_in_hand(hand, sp, longest):
            cards = tuple(c for c in span_cards((sp[0], a, b)) if not sp[1] <= c >> 2 <= sp[2])
            out.append((cards, i, 1 if b - a + 1 >= 7 > size else 0, (sp[0], a, b)))
    return out


def _canasta_bound(
    deal: DealState, hand: list[int], rank_counts: list[int], melds_by_rank: dict[int, list[int]], spans: list[Span]
) -> int:
    """At least as many canastas as the plans of :func:`out_reach` could complete this turn (an upper
    bound, for pruning; wild-card limits are not checked, so it may count more):

    * melds of a rank short of 7 cards (the side's, even where the hand holds no natural of their rank:
      wild cards alone may complete them; new ones where the hand holds naturals of the rank) and the
      meld of wild cards (``wild_melds``): each lacks ``7 - its cards - the hand's naturals of its rank``
      cards that only the hand's wild cards can give, one each, so at most the melds whose gaps, smallest
      first, the wild cards cover;
    * per suit, new natural sequences of 7: one per 7 naturals of the suit held, where the hand holds
      7 ranks of it or more (a deck of several packs may give two of the same cards);
    * each sequence of the side short of 7 cards.
    """
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    gaps: list[int] = []
    for r in range(FOUR, ACE + 1):
        e = melds_by_rank.get(r)
        size = e[0] + e[1] if e else 0
        if size < 7 and (size or rank_counts[r]):
            gaps.append(7 - size - rank_counts[r] if size + rank_counts[r] < 7 else 0)
    if deal.rules.wild_melds:
        e = melds_by_rank.get(WILD_TARGET)
        size = e[0] + e[1] if e else 0
        if size < 7:
            gaps.append(7 - size)
    bound = 0
    for gap in sorted(gaps):
        if gap > wilds:
            break
        wilds -= gap
        bound += 1
    for suit in range(4):
        row = hand[FOUR * 4 + suit : ACE * 4 + 4 : 4]
        if row.count(0) <= ACE - FOUR + 1 - 7:
            bound += sum(row) // 7
    bound += sum(1 for sp in spans if sp[2] - sp[1] + 1 < 7)
    return bound


def _stuck(
    deal: DealState, hand: list[int], rank_counts: list[int], melds_by_rank: dict[int, list[int]], spans: list[Span]
) -> int:
    """Cards of the hand that no meld can take this turn: black threes short of three, and naturals of a
    rank too few for a meld of their own with no meld to join, outside any run of their suit long enough
    for a sequence and not next to a sequence of the side that may still grow (shorter than ``sequence_max``, or
    ``sequence_out_max`` where larger: §3.2) (a lower bound, for pruning)."""
    rules = deal.rules
    stuck = rank_counts[THREE] if rank_counts[THREE] < 3 or not rules.black3_meld else 0
    min_nat = deal.meld_limits.min_nat
    need_run = rules.sequence_min
    longest = rules.sequence_max if rules.sequence_max > rules.sequence_out_max else rules.sequence_out_max
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c or c >= min_nat or r in melds_by_rank:
            continue
        for suit in range(4):
            k = hand[r * 4 + suit]
            if not k:
                continue
            lo = r
            while lo > FOUR and hand[(lo - 1) * 4 + suit]:
                lo -= 1
            hi = r
            while hi < ACE and hand[(hi + 1) * 4 + suit]:
                hi += 1
            if hi - lo + 1 >= need_run or any(sp[0] == suit and (hi == sp[1] - 1 or lo == sp[2] + 1)
                                              and sp[2] - sp[1] + 1 < longest for sp in spans):
                continue
            stuck += k
    return stuck


def _moves_fall_short(deal: DealState, rank_counts: list[int], melds_by_rank: dict[int, list[int]], depth: int,
                      allow_discard: bool) -> bool:
    """Whether no plan of :func:`out_reach` with up to ``depth`` more sequence moves can meld the hand out (an exact
    "no", for pruning): the plan ends in :func:`~canasta.engine.constraints.meld_plans.can_meld_out` after the
    sequence moves, which melds no hand where a rank's naturals fail
    :func:`~canasta.engine.constraints.meld_plans.rank_may_meld` (after its one discard, where ``allow_discard``),
    nor black threes short of a meld but the one discarded. A sequence move takes at most one natural of each rank
    of a window of ranks no longer than the longest sequence (``sequence_max``, ``sequence_out_max`` where larger):
    so each rank needs its fewest naturals taken by sequences (:func:`_taken_needed`), and the fewest windows
    covering those needs (:func:`_windows_needed`, counted as if any natural of the window could go) must fit in
    ``depth``, for the discard left on no rank or on any one rank."""
    limits = deal.meld_limits
    b3 = rank_counts[THREE]
    spare = allow_discard
    if b3 and (b3 < 3 or not limits.threes):
        if b3 > 1 or not spare:
            return True
        spare = False  # the one three is the discard
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    needs = [0] * (ACE + 1)
    eased: list[tuple[int, int]] = []  # (rank, its need where the discard is of that rank), where that is less
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c:
            continue
        meld = melds_by_rank.get(r)
        n = _taken_needed(limits, r, c, meld, wilds, depth)
        needs[r] = n
        if n and spare:
            n1 = _taken_needed(limits, r, c - 1, meld, wilds, depth)
            if n1 < n:
                eased.append((r, n1))
    longest = max(deal.rules.sequence_max, deal.rules.sequence_out_max)
    if _windows_needed(needs, longest, depth) <= depth:
        return False
    for r, n1 in eased:
        n = needs[r]
        needs[r] = n1
        if _windows_needed(needs, longest, depth) <= depth:
            return False
        needs[r] = n
    return True


def _taken_needed(limits: MeldLimits, r: int, c: int, meld: list[int] | None, wilds: int, depth: int) -> int:
    """The fewest of ``c`` naturals of rank ``r`` that sequences must take so that the rest may meld
    (:func:`~canasta.engine.constraints.meld_plans.rank_may_meld`), or ``depth`` + 1 where ``depth`` are too few."""
    for j in range(0, min(c, depth) + 1):
        if rank_may_meld(limits, r, c - j, meld, wilds):
            return j
    return depth + 1


def _windows_needed(needs: list[int], longest: int, most: int) -> int:
    """The fewest windows of at most ``longest`` consecutive ranks that cover each rank ``r`` at least ``needs[r]``
    times (counted up to ``most`` + 1): each window starts at the lowest rank still short (the greedy cover, which no
    other placing beats: a window moved right from there covers every short rank it did before)."""
    left = needs[:]
    used = 0
    for r in range(FOUR, ACE + 1):
        while left[r] > 0:
            used += 1
            if used > most:
                return used
            for q in range(r, min(r + longest, ACE + 1)):
                if left[q]:
                    left[q] -= 1
    return used


def out_reach(
    deal: DealState,
    hand: list[int],
    rank_counts: list[int],
    melds_by_rank: dict[int, list[int]],
    canastas: int,
    seq_done: int,
    allow_discard: bool,
    depth: int = REACH_DEPTH,
    spans: list[Span] | None = None,
    seen: dict[tuple[Any, ...], bool] | None = None,
    needs: dict[int, int] | None = None,
) -> bool:
    """Whether the hand (``hand`` by card type, ``rc`` by rank) can go out this turn: meld every card,
    or all but one and discard it, with up to ``depth`` sequence moves (new sequences or additions to
    the side's sequences) besides melds of a rank; ``canastas`` and ``seq_done`` are the side's
    canastas and the sequence canastas made so far by the plan (RULES.md §1.9, §3.2).

    Two orders of the same sequence moves (A then B, B then A) leave the same hand and the same sequences: the
    answer of each hand, sequences (in any order) and counts is kept in ``seen`` for the rest of the call, and
    the canastas needed to go out per count of sequence canastas made in ``needs`` (the deal does not change
    during the call: only the plan's copies of the hand do)."""
    if seen is None or needs is None:  # the first call
        side = deal.side_of[deal.turn]
        need = deal._out_need(side, seq_done)
        if sum(rank_counts) == 0:
            return canastas >= need
        top = spans is None
        if spans is None:
            spans = [m.span for m in deal.melds[side] if m.target == SEQ_TARGET]
        return _out_reach_node(deal, hand, rank_counts, melds_by_rank, canastas, seq_done, allow_discard, depth,
                               spans, {}, need, top, {seq_done: need})
    assert spans is not None
    # (rank_counts is the hand's plus the same pile set aside all through the call: the hand is the key)
    key = (tuple(hand), tuple(sorted(spans)), canastas, seq_done, depth)
    got = seen.get(key)
    if got is None:
        need = needs.get(seq_done, -1)
        if need < 0:
            need = needs[seq_done] = deal._out_need(deal.side_of[deal.turn], seq_done)
        if sum(rank_counts) == 0:
            return canastas >= need
        got = seen[key] = _out_reach_node(deal, hand, rank_counts, melds_by_rank, canastas, seq_done, allow_discard,
                                          depth, spans, seen, need, False, needs)
    return got


def _out_reach_node(deal: DealState, hand: list[int], rank_counts: list[int], melds_by_rank: dict[int, list[int]],
                    canastas: int, seq_done: int, allow_discard: bool, depth: int, spans: list[Span],
                    seen: dict[tuple[Any, ...], bool], need: int, top: bool, needs: dict[int, int]) -> bool:
    """:func:`out_reach` of one hand and its sequences ``spans`` (``need``: the canastas to go out), its sequence
    moves searched through :func:`out_reach` (answers kept in ``seen``, the canastas needed in ``needs``)."""
    side = deal.side_of[deal.turn]
    if depth > 0 and _stuck(deal, hand, rank_counts, melds_by_rank, spans) > (1 if allow_discard else 0):
        return False  # cards no meld can take (at depth 0, where no sequence move is left, may_meld_out below
        # counts them too, and more: a natural it counts stuck is one of its lone cards)
    if top and canastas + _canasta_bound(deal, hand, rank_counts, melds_by_rank, spans) < deal.rules.canastas_to_go_out:
        return False
    if depth > 0 and _moves_fall_short(deal, rank_counts, melds_by_rank, depth, allow_discard):
        return False  # no rank plan after up to depth sequence moves (nor this one: 0 moves)
    if (
        need < 10**6
        and may_meld_out(
            rank_counts, melds_by_rank, deal.meld_limits, need - canastas, allow_discard
        )  # a quick exact "no"
        and can_meld_out(rank_counts, melds_by_rank, deal.meld_limits, canastas, need, allow_discard=allow_discard)
    ):
        return True
    if depth <= 0:
        return False
    for cards, i, done, after in _seq_options(deal, side, hand, spans):
        _shift(hand, rank_counts, cards, -1)
        nxt = spans[:]
        if i < 0:
            nxt.append(after)
        else:
            nxt[i] = after
        ok = out_reach(
            deal, hand, rank_counts, melds_by_rank, canastas + done, seq_done + done, allow_discard, depth - 1, nxt,
            seen, needs,
        )
        _shift(hand, rank_counts, cards, 1)
        if ok:
            return True
    return False
