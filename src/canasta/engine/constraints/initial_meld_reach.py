"""The initial meld (RULES.md §1.6, §3.2, §3.4): whether the turn's melds reach the minimum count, and whether a move
still leaves it reachable (the exact plans beside the fast checks they are tested against).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from canasta.cards.deck import (
    ACE,
    FOUR,
    IS_WILD,
    JOKER_RANK,
    THREE,
    TWO,
)
from canasta.cards.sequences import bits_runs
from canasta.engine.constraints.after_move import (
    _joined,
    _rc_after_group,
    canastas_missing_for_initial_meld,
    counts_after_candidate,
    joined_target,
    rank_counts_after,
    turn_melds,
)
from canasta.engine.constraints.bounds import (
    may_meld_out,
    naturals_melded,
    naturals_reach,
    pair_takes_wild,
)
from canasta.engine.constraints.canasta_in_opening import (
    ANY_CANASTA,
    NATURAL_CANASTA,
    canasta_kind,
    canasta_reachable,
    required_kind,
)
from canasta.engine.constraints.clean_triple import OPENING_TRIPLES, clean_triple_reachable, has_clean_triple
from canasta.engine.constraints.going_out import (
    canastas_needed_to_go_out,
    may_plan_going_out,
)
from canasta.engine.constraints.initial_meld import opening_met
from canasta.engine.constraints.initial_meld_search import opening_reachable
from canasta.engine.constraints.meld_limits import NO_CAP
from canasta.engine.constraints.meld_plans import (
    best_meld_value,
    can_meld_out,
    meld_out_value,
    melds_every_card,
)
from canasta.engine.constraints.minimum_count import empty_hand_waiver
from canasta.engine.constraints.sequence_plans import sequences_reach
from canasta.engine.constraints.tile_opening import initial_meld_special_case, opening_follows
from canasta.engine.extra_cards import extra_cards_in_turn
from canasta.engine.movegen.move_cards import move_for_action
from canasta.engine.state import (
    Candidate,
    DealState,
    side_melds,
)
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import MELD, SEQ_TARGET, WILD_TARGET, Move

NO: Final = 0
"""An answer of :meth:`InitialMeldCheck.verdict`: the initial meld is out of reach after the move."""
YES_BY_CARDS: Final = 1
"""An answer of :meth:`InitialMeldCheck.verdict`: reachable, by a plan that reads which cards the move leaves."""
YES_BY_COUNTS: Final = 2
"""An answer of :meth:`InitialMeldCheck.verdict`: reachable, by the plans of rank counts alone."""


class InitialMeldCheck:
    """:func:`initial_meld_ok_after` for the candidates of one move
    generation, where the initial meld is the
    plain minimum count (no ``special_opening``, no canasta required): what every candidate's plan
    shares (the side's melds of this turn, the points still missing, the cards to keep) is read once,
    and the rank counts after a candidate are derived without building its other facts unless the
    quick plans fall short. Same answers as ``initial_meld_ok_after`` (which it calls for melds of twos or
    black threes).

    The quick plans, worked out from the plan before any candidate where only the candidate's rank and
    the wild cards left change: naturals only (:func:`canasta.engine.constraints.bounds.naturals_reach`), then, where
    wild
    cards count nothing towards the minimum (``min_meld_naturals_only``, Italian §3.2), with the pairs
    that a wild card each makes melds (:func:`canasta.engine.constraints.bounds.pair_takes_wild`), best first
    (:meth:`pairs_reach_after`). That second plan melds the points of
    :func:`canasta.engine.constraints.meld_plans.best_meld_value`'s own plan, the most any plan melds: reaching them
    keeping the cards to keep answers "yes", falling short answers "no", without the full plan."""

    __slots__ = (
        "deal",
        "side_ex",
        "base_turn",
        "base_need",
        "keep",
        "rank_counts",
        "rank_values",
        "plan",
        "seqs",
        "pairs",
        "wilds",
        "zero_wilds",
        "after",
    )

    def __init__(self, deal: DealState, side: int, side_ex: dict[int, list[int]]):
        self.deal = deal
        self.side_ex = side_ex
        self.base_turn = turn_melds(deal)
        self.base_need = deal.minimum[side] - deal.open_total
        self.keep = deal.cards_to_keep()
        self.rank_counts = deal.rank_counts[deal.turn]
        self.rank_values = deal.rank_values
        self.plan: tuple[list[int], int, int, int] | None = None
        self.seqs: bool | None = None  # whether the hand holds a natural sequence (worked out when needed)
        self.pairs: list[tuple[int, int]] | None = None  # (points, rank) of the pairs, best first (when needed)
        self.wilds = self.rank_counts[TWO] + self.rank_counts[JOKER_RANK]
        self.zero_wilds = self.rank_values[TWO] == 0 and self.rank_values[JOKER_RANK] == 0
        # per (rank, naturals) of a candidate, its naturals-only plan where melds are uncapped (the wild cards a
        # candidate brings then change only the cards left): None where capped
        self.after: dict[tuple[int, int], tuple[int, int, int]] | None = (
            {} if deal.meld_limits.max_size >= NO_CAP else None
        )

    def _base_plan(self) -> tuple[list[int], int, int, int]:
        """The naturals-only plan of :func:`canasta.engine.constraints.bounds.naturals_reach` for the hand before any
        candidate:
        naturals it melds per rank index, their points, their number, and the cards of the hand."""
        rank_counts = self.rank_counts
        limits = self.deal.meld_limits
        maxs = limits.max_size
        least = max(3, limits.min_nat)
        melded = [0] * 14
        value = count = 0
        for r in range(FOUR, ACE + 1):
            c = naturals_melded(rank_counts[r], self.base_turn.get(r), maxs, least, limits.mixed_max)
            if c:
                melded[r] = c
                value += c * self.rank_values[r]
                count += c
        self.plan = (melded, value, count, sum(rank_counts))
        return self.plan

    def _naturals_after(self, candidate: Candidate) -> tuple[int, int, int]:
        """The naturals-only plan after candidate ``candidate`` (a meld or addition of rank 4..A, or of wild cards):
        its points, the naturals it melds and the cards of the hand, from the plan before any candidate,
        where only ``candidate``'s rank changes (the plan reads no wild card)."""
        _, r, n, t, j = candidate
        memo = self.after
        if memo is None:
            return self._naturals_plan(r, n, t + j)
        got = memo.get((r, n))  # uncapped melds: the candidates of a rank and count of naturals share the plan
        if got is None:
            got = memo[r, n] = self._naturals_plan(r, n, 0)
        return got[0], got[1], got[2] - t - j

    def _naturals_plan(self, r: int, n: int, w: int) -> tuple[int, int, int]:
        """:meth:`_naturals_after` of a candidate of target ``r`` with ``n`` naturals and ``w`` wild cards."""
        melded, value, count, total = self.plan or self._base_plan()
        total -= n + w
        if r != WILD_TARGET:
            cur = self.base_turn.get(r)
            after = _joined(cur, n, w)
            limits = self.deal.meld_limits
            c = naturals_melded(self.rank_counts[r] - n, after, limits.max_size, 3, limits.mixed_max)
            value += (c - melded[r]) * self.rank_values[r]
            count += c - melded[r]
        return value, count, total

    def naturals_reach_after(self, candidate: Candidate, need: int) -> bool:
        """:func:`canasta.engine.constraints.bounds.naturals_reach` of the hand and this turn's melds after candidate
        ``candidate``
        (a meld or addition of rank 4..A, or of wild cards), ``need`` points still missing."""
        value, count, total = self._naturals_after(candidate)
        return value >= need and total - count >= self.keep

    def pairs_reach_after(
        self, candidate: Candidate, need: int, naturals: tuple[int, int, int] | None = None
    ) -> bool | None:
        """Whether :func:`canasta.engine.constraints.meld_plans.best_meld_value` of the hand and this turn's melds after
        candidate ``candidate`` reaches ``need`` points, by the naturals-only plan (``naturals``: its
        :meth:`_naturals_after` where the caller has it) with the pairs a wild card each makes melds, best
        first, while the wild cards left last (one each): True where that plan reaches ``need`` keeping
        :meth:`~canasta.engine.state.DealState.cards_to_keep` cards, False where wild cards count nothing towards the
        minimum and it falls
        short (no plan melds more points), else None (the full plan decides)."""
        value, count, total = naturals or self._naturals_after(candidate)
        pairs = self.pairs
        if pairs is None:
            limits = self.deal.meld_limits
            turn = self.base_turn
            pairs = self.pairs = sorted(
                (
                    (self.rank_values[r], r)
                    for r in range(FOUR, ACE + 1)
                    if r not in turn and pair_takes_wild(self.rank_counts[r], limits, r)
                ),
                reverse=True,
            )
        _, r, n, t, j = candidate
        wilds = self.wilds - t - j - (n if r == WILD_TARGET else 0)
        k = 0
        for v, q in pairs:
            if k >= wilds:
                break
            if q != r:  # the candidate's rank has a meld after it: its naturals are no pair
                value += 2 * v
                k += 1
        if value < need:
            return False if self.zero_wilds else None
        return True if total - count - 3 * k >= self.keep else None

    def ok(self, candidate: Candidate, waiver: bool, side_ex: dict[int, list[int]] | None = None) -> bool:
        """Whether candidate ``candidate`` keeps the initial meld reachable (as
        :func:`initial_meld_ok_after`; ``side_ex``
        is that method's argument, the side's melds given at set-up standing for it)."""
        return self.verdict(candidate, waiver) != NO

    def verdict(self, candidate: Candidate, waiver: bool) -> int:
        """:meth:`ok`'s answer and where it came from: :data:`YES_BY_COUNTS` (the plans of rank counts alone: the
        points the move melds, the naturals-only plan, the pairs with a wild card each, the full plan of counts),
        :data:`YES_BY_CARDS` (the plans that read which cards the move leaves: a meld of twos or black threes, the
        hand's sequences, a canasta, going out, the exact search of :func:`initial_meld_reachable_beyond`) or
        :data:`NO`. The plans of counts see how many wild cards a move uses, not which, so where a two and a joker
        are worth the same their "yes" holds for every move that differs only in twos against jokers
        (:func:`initial_meld_candidates` shares it); the plans that read the cards do not."""
        deal = self.deal
        _, r, n, t, j = candidate
        if r == TWO or r == THREE:
            return YES_BY_CARDS if initial_meld_ok_after(deal, candidate, waiver, self.side_ex) else NO
        nat_rank = r if r != WILD_TARGET else TWO
        rank_values = self.rank_values
        need = self.base_need - (rank_values[nat_rank] * n + rank_values[TWO] * t + rank_values[JOKER_RANK] * j)
        if need <= 0:
            return YES_BY_COUNTS
        naturals = self._naturals_after(candidate)
        if naturals[0] >= need and naturals[2] - naturals[1] >= self.keep:
            return YES_BY_COUNTS  # naturals_reach_after
        quick = self.pairs_reach_after(candidate, need, naturals) if self.zero_wilds else None
        if quick:
            return YES_BY_COUNTS
        rank_counts = _rc_after_group(self.rank_counts, candidate)
        this_turn = dict(self.base_turn)
        cur = this_turn.get(r)
        this_turn[r] = _joined(cur, n, t + j)
        keep = self.keep
        if quick is None and best_meld_value(rank_counts, this_turn, deal.meld_limits, keep) >= need:
            return YES_BY_COUNTS
        _, melds_by_rank, cn, _ = counts_after_candidate(deal, candidate, self.side_ex)
        if self.seqs is None:
            self.seqs = holds_natural_sequence(deal)
        # sequences, the exact search: they read which wild cards the move leaves
        return YES_BY_CARDS if initial_meld_reachable_beyond(
            deal, rank_counts, candidate[0], this_turn, melds_by_rank, cn, need, waiver, keep, self.seqs) else NO


def initial_meld_reachable(
    state: DealState,
    rank_counts: list[int],
    extra: int,
    melds_by_rank: dict[int, list[int]],
    keep: int,
) -> bool:
    """Whether the rank counts ``rc`` (and ``extra`` points already melded) can still reach the initial meld with melds
    joining ``ex``, keeping ``keep`` cards (RULES.md §1.6)."""
    side = state.side_of[state.turn]
    need = state.minimum[side] - state.open_total - extra
    if need <= 0:
        return True
    return best_meld_value(rank_counts, melds_by_rank, state.meld_limits, keep) >= need


def initial_meld_candidates(state: DealState, cand: list[Candidate], waiver: bool) -> list[Candidate]:
    """The candidate melds and additions ``cand`` of an unopened side that keep its initial meld
    reachable (:func:`initial_meld_ok_after`), besides sets of black
    threes that leave play or are melded
    apart (RULES.md §1.6, §3.4, §3.5).

    Where a two and a joker are worth the same toward the minimum (``min_meld_naturals_only``: both
    0, Italian §3.2), the plans behind :func:`initial_meld_ok_after`
    see only how many wild cards a move uses
    (the feasibility plans count wild cards, and value them by ``rv``), so moves that differ only in
    twos against jokers get one answer, computed once, where the plans of counts gave it. Where the plans that read
    the cards gave it (sequences, the exact search of :func:`initial_meld_reachable_beyond`), each move is asked:
    a move with a two leaves other wild cards than one with a joker (escalator with ``min_meld_naturals_only``: a
    meld with two jokers shared the "yes" of one with a two and a joker, and left an initial meld nothing could
    finish)."""
    rules = state.rules
    side = state.side_of[state.turn]
    side_ex = side_melds(state, side)  # the side's melds, read by every candidate's plan
    black3 = rules.black3_set_leaves_play or rules.black3_melds_anytime
    clean = rules.opening_requires in OPENING_TRIPLES  # MAC A.7
    if clean:
        # the turn's melds (dead ranks shown full), the cards to keep and the points still needed: shared by the
        # whole hand's plan and every candidate's (clean_triple_after)
        this_turn_melds = turn_melds(state)
        keep, need = state.cards_to_keep(), state.minimum[side] - state.open_total
        if not clean_triple_reachable(state, state.rank_counts[state.turn], this_turn_melds, keep, need):
            # no plan of the whole hand makes the opening: no move of it does (the plans of every candidate), but a
            # Splash
            return [x for x in cand if splash_opens(state, x)] if rules.splash else []
    said_yes: set[tuple[int, int, int, int]] | None = None
    if (
        state.rank_values[TWO] == state.rank_values[JOKER_RANK]
        and not rules.special_opening
        and not rules.min_meld_canasta_from
    ):
        said_yes = set()
    # bound as the method was (partial is C-level: no extra cost)
    check: Callable[[Candidate, bool, dict[int, list[int]] | None], bool] = partial(initial_meld_ok_after, state)
    plain: InitialMeldCheck | None = None
    if not rules.special_opening and not required_kind(rules, state.scores[side]) and not (
            rules.book_bonus_counts_toward_minimum):
        # the plain minimum count: what every candidate's plan shares is set up once (InitialMeldCheck)
        plain = InitialMeldCheck(state, side, side_ex)
        check = plain.ok
    else:
        said_yes = None  # (their plans read the cards: below)
    out = []
    for x in cand:
        if (x[1] == THREE and black3) or (rules.splash and splash_opens(state, x)):
            if x[1] == THREE and rules.black3_melds_anytime and not black3_set_keeps_opening(state, x, waiver, side_ex):
                continue  # the set counts nothing toward the initial meld: the rest of the hand must still make it
            out.append(x)
            continue
        if clean:  # its plan reaches the count with the triple: the plain count's plans would say yes too
            if clean_triple_after(state, x, this_turn_melds, keep, need):
                out.append(x)
            continue
        if said_yes is None or plain is None:
            ok = check(x, waiver, side_ex)
        else:
            key = (ACTIONS[x[0]][0], x[1], x[2], x[3] + x[4])
            ok = key in said_yes  # the counts' "yes" to a move of the same kind, rank, naturals and wild cards
            if not ok:
                v = plain.verdict(x, waiver)
                ok = v != NO
                if v == YES_BY_COUNTS:
                    said_yes.add(key)  # (a "yes" of the plans that read the cards is not shared: a two leaves
                    # other cards than a joker)
        if ok:
            out.append(x)
    return out


def black3_set_keeps_opening(state: DealState, candidate: Candidate, waiver: bool,
                             side_ex: dict[int, list[int]]) -> bool:
    """Whether an unopened side may lay down the set of black threes ``candidate`` (``black3_melds_anytime``, a set
    of 3 or 4 at any time, §3.5, S4 l.55) as far as its initial meld goes.

    The set neither counts toward the minimum nor makes it (:func:`~canasta.engine.apply.play_meld`). "At any time":
    a player who has laid down nothing toward the initial meld this turn (and took no pile that waits for it) may lay
    it down whether or not he can open, and discard after it. Once he has started the initial meld this turn, the rest
    of the hand must still finish it keeping a card to discard, or go out (§1.6; as every other meld of an unopened
    side, :func:`initial_meld_ok_after`): else he would be left with no legal move."""
    side = state.side_of[state.turn]
    need = state.minimum[side] - state.open_total
    if need <= 0 or (state.open_total == 0 and not state.pending) or initial_meld_reached(state, side):
        return True
    rank_counts, melds_by_rank, cn, _ = counts_after_candidate(state, candidate, side_ex)
    this_turn = turn_melds(state)
    return initial_meld_still_reachable(state, rank_counts, candidate[0], this_turn, melds_by_rank, cn, need, waiver)


def splash_opens(state: DealState, candidate: Candidate) -> bool:
    """Whether candidate ``candidate`` of an unopened side is a Splash (``splash``, MAC A.7 [P]): it completes, from
    the hand (the player drew from the stock), a natural canasta of a rank, or a canasta of wild cards where a
    meld of wild cards may stand for the Clean Triple (``opening_requires`` not ``clean_triple``); the opening
    then needs no minimum count."""
    _, r, n, t, j = candidate
    if state.drew != 1:
        return False
    mi = state.meld_index[state.side_of[state.turn]][r]
    m = state.melds[state.side_of[state.turn]][mi] if mi >= 0 else None
    size = (m.size if m is not None else 0) + n + t + j
    if size < 7:
        return False
    if r == WILD_TARGET:
        return state.rules.opening_requires != "clean_triple"
    return FOUR <= r <= ACE and not (t or j or (m is not None and m.wild))


def splash_made(state: DealState) -> bool:
    """Whether this turn's melds hold a Splash (:func:`splash_opens`): a canasta completed from the hand, natural, or
    of wild cards where they may stand for the Clean Triple."""
    if state.drew != 1:
        return False
    wild_ok = state.rules.opening_requires != "clean_triple"
    return any(m.size >= 7 and ((m.target == WILD_TARGET and wild_ok) or (m.target != WILD_TARGET and m.wild == 0))
               for m in state.turn_new)


def clean_triple_after(state: DealState, candidate: Candidate, turn_melds: dict[int, list[int]], keep: int,
                       need: int) -> bool:
    """Whether after candidate ``candidate`` a Clean Triple can still be part of the initial meld, with the points
    it still needs (``opening_requires``, MAC A.7; :mod:`canasta.engine.constraints.clean_triple`). ``turn_melds``:
    the turn's melds before it (target to ``[naturals, wild cards]``, dead ranks marked full; not changed),
    ``keep``: the cards to keep, ``need``: the points the initial meld needed before it."""
    _, r, n, t, j = candidate
    rank_counts = _rc_after_group(state.rank_counts[state.turn], candidate)
    this_turn = dict(turn_melds)
    this_turn[r] = _joined(this_turn.get(r), n, t + j)
    rank_values = state.rank_values
    pts = rank_values[r if r != WILD_TARGET else TWO] * n + rank_values[TWO] * t + rank_values[JOKER_RANK] * j
    return clean_triple_reachable(state, rank_counts, this_turn, keep, need - pts)


def initial_meld_ok_after(
    state: DealState, candidate: Candidate, waiver: bool, side_ex: dict[int, list[int]] | None = None
) -> bool:
    """A meld of an unopened side keeps the initial meld (or a concealed going out) reachable
    (``side_ex``: :meth:`melds_by_rank` of the side, where the caller has it)."""
    side = state.side_of[state.turn]
    rank_counts, melds_by_rank, cn, pts = counts_after_candidate(state, candidate, side_ex)
    if candidate[1] == THREE:
        return waiver or initial_meld_reached(state, side)
    if state.rules.special_opening:
        special = initial_meld_special_case(state, candidate, rank_counts, cn, pts)
        if special is not None:
            return special
    this_turn = turn_melds(state)
    this_turn[candidate[1]] = _joined(this_turn.get(candidate[1]), candidate[2], candidate[3] + candidate[4])
    need = state.minimum[side] - state.open_total - pts
    after = this_turn[candidate[1]]
    made = canasta_kind(candidate[1], after[0] + after[1], after[1])
    joined = joined_target(candidate)
    if need <= 0 and not canastas_missing_for_initial_meld(state, side, made, joined):
        return True
    if made and state.rules.book_bonus_counts_toward_minimum:
        return True  # the move completes a book, whose bonus meets the minimum (B.8 [JC])
    return initial_meld_still_reachable(
        state, rank_counts, candidate[0], this_turn, melds_by_rank, cn, need, waiver, made, joined
    ) or (state.rules.special_opening and opening_follows(state, candidate, rank_counts))


def initial_meld_still_reachable(
    state: DealState,
    rank_counts: list[int],
    used: tuple[int, ...] | int,
    this_turn: dict[int, list[int]],
    melds_by_rank: dict[int, list[int]],
    cn: int,
    need: int,
    waiver: bool,
    made: int = 0,
    joined: int = -1,
) -> bool:
    """Whether an unopened side can still make ``need`` more points of initial meld this turn
    (keeping a card to discard), or go out in a way that reaches or waives it, after the cards
    ``used`` (or those of the move id ``used``) left the hand (``rc``: the rank counts after;
    ``cn``: canastas after; ``made``: the kind of canasta the move completes, for
    ``min_meld_canasta_from``; ``joined``: the target of the meld the move adds to, -1 for none:
    :func:`canasta.engine.constraints.after_move.canastas_missing_for_initial_meld`) (§1.6, §1.9, §3.2).

    With sequences (§3.2) the hand's sequences count too
    (:func:`canasta.engine.constraints.sequence_plans.sequences_reach`);
    going out is planned from rank counts only (see docs/variants/samba.md, feasibility).
    """
    keep = state.cards_to_keep()
    side = state.side_of[state.turn]
    missing = canastas_missing_for_initial_meld(state, side, made, joined)
    if missing:  # the opening needs a canasta too (min_meld_canasta_from): an explicit plan, or going out
        move: Move | None = None
        if isinstance(used, int):
            move = move_for_action(state, used)
            cards = move.cards
        else:
            cards = used
        hand = state.hands[state.turn][:]
        for c in cards:
            hand[c] -= 1
        spans = turn_spans_after(state, move)
        if canasta_reachable(state, hand, rank_counts[:], this_turn, spans, keep, need, missing):
            return True
        return bool(
            waiver
            and not state.pending
            and keep
            and may_plan_going_out(state)
            and can_meld_out(rank_counts, melds_by_rank, state.meld_limits, cn, canastas_needed_to_go_out(state, side))
        )
    if (
        naturals_reach(
            rank_counts, this_turn, state.meld_limits, keep, need
        )  # a quick plan of naturals only, else the full one
        or best_meld_value(rank_counts, this_turn, state.meld_limits, keep) >= need
    ):
        return True
    if state.rules.book_bonus_counts_toward_minimum and book_reachable(state, rank_counts, used, this_turn, keep):
        return True  # a book completed this turn meets the minimum by its bonus (B.8 [JC])
    return initial_meld_reachable_beyond(state, rank_counts, used, this_turn, melds_by_rank, cn, need, waiver, keep)


def turn_spans_after(state: DealState, move: Move | None) -> list[tuple[int, int, int]]:
    """The turn's natural sequences (suit, lowest rank, highest rank) after ``move`` (None: as they are): a natural
    sequence melded is one more, a natural addition widens the sequence it joins; a wild card makes a sequence no
    natural canasta (§3.2), so such sequences are left out."""
    spans = [m.span for m in state.turn_new if m.target == SEQ_TARGET and m.wild == 0]
    if move is None or move.target != SEQ_TARGET or move.wild_as or any(IS_WILD[c] for c in move.cards):
        return spans
    ranks = [c >> 2 for c in move.cards]
    if move.kind == MELD:
        return [*spans, (move.cards[0] & 3, min(ranks), max(ranks))]
    old = (move.seq[0] & 3, move.seq[0] >> 2, move.seq[1] >> 2)
    if old not in spans or len(move.seq) > 2:
        return spans
    spans.remove(old)
    return [*spans, (old[0], min(old[1], *ranks), max(old[2], *ranks))]


def book_reachable(state: DealState, rank_counts: list[int], used: tuple[int, ...] | int,
                   this_turn: dict[int, list[int]], keep: int) -> bool:
    """Whether a book (a canasta of 7 cards) can still be completed this turn after the cards ``used`` (or those of
    the move id ``used``) left the hand (``rank_counts`` after), keeping ``keep`` cards: under
    ``book_bonus_counts_toward_minimum`` its bonus meets the minimum count (RULES_AMERICAN.md B.8 [JC])."""
    if isinstance(used, int):
        used = move_for_action(state, used).cards
    hand = state.hands[state.turn][:]
    for c in used:
        hand[c] -= 1
    return canasta_reachable(state, hand, rank_counts[:], this_turn, [], keep, 0, ANY_CANASTA)


def holds_natural_sequence(state: DealState) -> bool:
    """Whether the turn player's hand holds a natural sequence (``sequences``, §3.2): without one, no
    part of it does (what :func:`initial_meld_reachable_beyond` may
    skip)."""
    r = state.rules
    return r.sequences and bool(bits_runs(state.natural_bits[state.turn], r.sequence_min))


def initial_meld_reachable_beyond(
    state: DealState,
    rank_counts: list[int],
    used: tuple[int, ...] | int,
    this_turn: dict[int, list[int]],
    melds_by_rank: dict[int, list[int]],
    cn: int,
    need: int,
    waiver: bool,
    keep: int,
    seqs: bool = True,
) -> bool:
    """:func:`initial_meld_still_reachable` where melds of a rank
    alone (``best_meld_value``) fall short and no canasta
    is required: sequences of the hand, or going out in the turn (same arguments; ``keep``: the
    cards to keep, :meth:`~canasta.engine.state.DealState.cards_to_keep`; ``seqs`` False where the caller knows the
    hand before the move
    holds no natural sequence, :func:`holds_natural_sequence`: the
    hand after it holds none either)."""
    if seqs and state.rules.sequences:
        cards = move_for_action(state, used).cards if isinstance(used, int) else used
        hand = state.hands[state.turn][:]
        for c in cards:
            hand[c] -= 1
        if sequences_reach(state, hand, rank_counts, this_turn, keep, need, planned=True):
            return True
    if isinstance(used, int) and (state.rules.sequences or extra_cards_in_turn(state)):
        # the plans above miss sequences with a wild card, additions to this turn's sequences, more sequences than
        # their depth, the suits a group leaves, and the cards that come with the side's first canasta (§3.5):
        # where they find no plan, the exact search (which holds those cards)
        if opening_reachable(state, used, need):
            return True
    if empty_hand_waiver(state):  # B.8 "Marva rule": melding every card of the hand opens whatever the count
        return melds_every_card(rank_counts, melds_by_rank, state.meld_limits, cn)
    if not keep or not may_plan_going_out(state):
        return False
    if waiver and not state.pending:  # cards set aside cannot be melded before the minimum
        out_need = canastas_needed_to_go_out(state, state.side_of[state.turn])
        return (
            may_meld_out(rank_counts, melds_by_rank, state.meld_limits, out_need - cn)  # a quick exact "no" first
            and can_meld_out(rank_counts, melds_by_rank, state.meld_limits, cn, out_need)
        )
    # reaching the minimum in the turn he goes out, melding every card (§1.6, §1.9)
    return (
        meld_out_value(
            rank_counts,
            this_turn,
            state.meld_limits,
            cn,
            canastas_needed_to_go_out(state, state.side_of[state.turn]),
            not state.pending,
        )
        >= need
    )


def sequence_initial_meld_ok(
    state: DealState,
    used: tuple[int, ...],
    cn: int,
    pts: int,
    waiver: bool,
    act: int = -1,
) -> bool:
    """A sequence meld of an unopened side (cards ``used``, worth ``pts``; ``act`` its id where known, for
    the exact plan of :func:`initial_meld_reachable_beyond`) keeps the
    initial meld (or a concealed going out)
    reachable, as :func:`initial_meld_ok_after` does for melds of a
    rank."""
    side = state.side_of[state.turn]
    need = state.minimum[side] - state.open_total - pts
    made = NATURAL_CANASTA if cn > state.canastas[side] else 0
    if need <= 0 and not canastas_missing_for_initial_meld(state, side, made):
        return True
    this_turn = state.mark_dead({m.target: [m.nat, m.wild] for m in state.turn_new
                                 if m.target != THREE and m.target != SEQ_TARGET})
    return initial_meld_still_reachable(
        state,
        rank_counts_after(state, used),
        act if act >= 0 else used,
        this_turn,
        side_melds(state, side),
        cn,
        need,
        waiver,
        made,
    )


def initial_meld_reached(state: DealState, side: int) -> bool:
    """Whether this turn's melds make the initial meld of ``side``: the minimum count (§1.6), a
    canasta where ``min_meld_canasta_from`` asks for one on top of it (§3.2), the §3.4 opening rules, a Clean Triple
    where ``opening_requires`` asks for one, or a Splash where ``splash`` (MAC A.7)."""
    if canastas_missing_for_initial_meld(state, side):
        return False
    if state.rules.splash and splash_made(state):  # MAC A.7 [P]: no minimum count
        return True
    if state.rules.opening_requires in OPENING_TRIPLES and not has_clean_triple(state):
        return False
    if state.hand_sizes[state.turn] == 0 and empty_hand_waiver(state):  # B.8 "Marva rule"
        return True
    if state.rules.book_bonus_counts_toward_minimum and any(m.size >= 7 for m in state.turn_new):
        return True  # B.8 [JC]: a book's bonus meets the minimum by itself (validation.py)
    if not state.rules.special_opening:
        return state.open_total >= state.minimum[side]
    return opening_met(
        state.rules,
        state.scores[side],
        state.open_total,
        state.minimum[side],
        [(m.target, m.wild, m.size) for m in state.turn_new],
    )
