"""Exact "can he still go out this turn?" by searching the turn's own legal moves (RULES.md §1.9).

The plans of :mod:`canasta.engine.constraints.meld_plans` count cards by rank. They answer going out exactly where a
going out
is a matter of ranks alone, but not where a variant adds rules a count of ranks does not see:

* sequences (§3.2 Samba family, Italian): a card with no meld of its rank may still join a sequence, and a
  sequence may be extended past ``sequence_max`` only in the going-out turn (Brazilian);
* the meld of twos (§3.2 Italian): while it is unfinished, the side's twos are no wild cards;
* ``discard_blocked_rank`` (§3.5 Pennies from Heaven): a seven is never the last card discarded;
* black threes that never join a meld but leave play as a set of four (§3.4 Romanian tiles);
* incomplete melds of aces, sevens or wild cards that forbid going out (MAC A.9, ``incomplete_blocks_going_out``).

For those variants (:func:`needs_search`) the engine asks :func:`out_possible`: a depth-first search over the
moves :meth:`canasta.engine.deal.Deal.legal_actions` offers a player whose partner said yes (he must go out, so
discards that would end the turn are left out), on clones marked ``planning`` so that the move filters that
call this very search keep every move. It remembers each state it has searched (hand, the side's melds and
the turn's bookkeeping). Bounds skip most of the search; each is exact where it is used:

* "no": the hand has too few cards to complete the canastas still missing (each card joins one meld; not
  where extra cards may still come this turn); in variants without sequences the rank plan
  :func:`~canasta.engine.constraints.meld_plans.can_meld_out` saying no (its melds of ranks allow more than the moves
  do); a meld that forbids going out while incomplete (MAC A.9) for which the hand holds too few cards of its rank
  and wild cards (not while a three held may still be laid out and replaced);
* "yes": the rank plan saying yes where its melds are all legal moves (the side has opened, no pile set
  aside, no canasta owed, and none of the rules above in play for this hand).

Where the plan's suit choice could matter (a group meld in a variant with sequences: the suit left in hand
may start or extend a sequence), every choice of suits is tried.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, RANKS, RED_SUITS, THREE, TWO
from canasta.cards.sequences import LANE, LANE_MASK
from canasta.engine.constraints.bounds import loose_cards_fit, may_meld_out, needs_search
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.constraints.out_blocks import SEVEN, kind_blocks
from canasta.engine.extra_cards import OUT_NEVER, extra_cards_due, out_need, side_canastas
from canasta.engine.movegen.twos import twos_reserved
from canasta.engine.state import P_ANSWER, P_PLAY
from canasta.moves.actions import ACTIONS, group_action
from canasta.moves.notation import ADD, ASK, DISCARD, MELD, PASS, SEQ_TARGET, SEQ_WILD, WILD_TARGET, Move
from canasta.scoring.canasta_kinds import kinds_met

if TYPE_CHECKING:
    from canasta.engine.state import DealState
    from canasta.rules.fields import Rules

__all__ = ["SEARCH_CARDS", "needs_search", "out_hopeless", "out_moves", "out_possible", "plan_says_out", "plannable"]

BUDGET: Final = 400
"""States one search may expand before it gives up (:class:`OverBudget`); only hands far longer than
``FULL_CARDS`` with many sequences to choose from come near it."""
FULL_CARDS: Final = 8
SEARCH_CARDS: Final = 8
"""The engine searches (:func:`out_possible`, :func:`out_moves`) for hands of at most this many cards;
longer hands are answered by the plans (``going_out_by_search_now``)."""
"""Up to this many cards in hand every move is searched; above, only sequences and melds of twos, the
melds of ranks being left to the rank plan (module docstring)."""


def _key(d: DealState, seat: int) -> tuple[Any, ...]:
    side = d.side_of[seat]
    return (tuple(d.hands[seat]), len(d.pending), d.hand_sizes[seat],
            tuple((m.target, m.nat, m.wild, m.span, tuple(m.cards) if m.target == TWO else len(m.cards))
                  for m in d.melds[side]),
            d.canastas[side], d.seq_canastas[side], d.opened[side], d.open_total, d.must_canasta,
            d.no_discard, d.conceal_only, d.touched_old, len(d.turn_new), d.over, d.phase)


class OverBudget(Exception):
    """The search expanded more than :data:`BUDGET` states."""


def _stuck(d: DealState, seat: int, side: int, hand: list[int], rank_counts: list[int], most: int) -> int:
    """How many cards of ``hand`` (counts by card type, ``rc`` by rank, the pile set aside included) no move
    of this turn can ever meld, counted generously (an exact lower bound): black threes short of a meld of
    them (fewer than 3; where they leave play only as a set, any number but 4: §1.8, §3.4); a natural
    whose rank has no meld of the side that can grow and too few naturals for a new meld (a pair counts
    where one wild card would make it a meld and the hand holds one), and which no sequence of its suit can
    take: no window of ``sequence_min`` ranks around it whose other ranks the hand holds in that suit, or
    the side's sequences of that suit cover, up to ``sequence_wild_max`` ranks missing where the hand holds
    a wild card (§1.5, §3.2); a sequence counts neither where it is full nor for a card of a rank it holds
    already (:func:`_seq_cover`). The count stops once it passes ``most`` (the caller's only question is whether
    it does)."""
    rules = d.rules
    b3 = rank_counts[THREE]
    stuck = (b3 if b3 != 4 else 0) if rules.black3_set_leaves_play else (b3 if b3 < 3 or not rules.black3_meld else 0)
    if stuck and rules.black3_foot_book and b3 >= 4 and not d.packets[seat]:
        stuck = 0  # a book of them from the foot (B.7 foot_book): counted generously
    if stuck > most:
        return stuck
    limits = d.meld_limits
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    meld_index = d.meld_index[side]
    melds = d.melds[side]
    cap = limits.max_size  # rules.meld_cap (a property in the rules)
    least = max(limits.min_nat, 3)
    seq = rules.sequences
    smin = rules.sequence_min
    gaps_ok = rules.sequence_wild_max if wilds else 0
    cover: list[int] | None = None  # per suit, the ranks (as bits) held or covered by a sequence (worked out once)
    spans: list[int] = []  # per suit, the ranks (as bits) of the sequences in the cover
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c:
            continue
        mi = meld_index[r]
        if mi >= 0 and melds[mi].size < cap:
            continue
        if c >= least or (c >= limits.min_nat and limits.pair_wild_at(r) and wilds):
            continue
        if seq and cover is None:
            cover, spans = _seq_cover(d, side, hand)
        for suit in range(4):
            k = hand[r * 4 + suit]
            if not k:
                continue
            if cover is None:
                stuck += k
                continue
            have, seqs = cover[suit], spans[suit]
            if seqs >> r & 1:  # a sequence holds this rank: the card joins none of those
                have, seqs = _seq_cover_beside(d, side, hand, suit, r)
            if not _seq_placeable(have, r, smin, 0) and not (
                    gaps_ok and _wild_placeable(d, hand, suit, r, have, seqs, gaps_ok)):
                stuck += k
        if stuck > most:
            return stuck
    return stuck


def _seq_cover(d: DealState, side: int, hand: list[int]) -> tuple[list[int], list[int]]:
    """Per suit, as bits by rank, the naturals 4..A ``hand`` holds and the ranks the side's sequences cover, those
    full to ``sequence_max`` (``sequence_out_max`` where larger) left out: no card joins them (§3.2), so a window
    they fill places no card of the hand; and per suit the ranks of those sequences alone. A card of a rank a
    sequence holds never joins it (a sequence has one card of each rank): for such a card the cover is worked out
    again without that sequence (:func:`_seq_cover_beside`)."""
    spans = [0, 0, 0, 0]
    longest = _longest_sequence(d)
    for m in d.seqs[side]:
        if m.size >= longest:
            continue
        suit, lo, hi = m.span
        spans[suit] |= (1 << (hi + 1)) - (1 << lo)
    cover = spans[:]
    if hand is d.hands[d.turn]:  # the naturals held, as bits kept by the deal (sequences.held_bits)
        bits = d.natural_bits[d.turn]
        for suit in range(4):
            cover[suit] |= ((bits >> (LANE * suit)) & LANE_MASK) << FOUR
    else:
        for c in range(FOUR * 4, (ACE + 1) * 4):
            if hand[c]:
                cover[c & 3] |= 1 << (c >> 2)
    return cover, spans


def _longest_sequence(d: DealState) -> int:
    """Most cards of a sequence: ``sequence_max``, or ``sequence_out_max`` where larger (a going out, §3.2)."""
    rules = d.rules
    return rules.sequence_max if rules.sequence_max > rules.sequence_out_max else rules.sequence_out_max


def _held_bits(d: DealState, hand: list[int], suit: int) -> int:
    """The naturals 4..A of ``suit`` that ``hand`` holds, as bits by rank."""
    if hand is d.hands[d.turn]:  # the naturals held, as bits kept by the deal (sequences.held_bits)
        return ((d.natural_bits[d.turn] >> (LANE * suit)) & LANE_MASK) << FOUR
    bits = 0
    for r in range(FOUR, ACE + 1):
        if hand[r * 4 + suit]:
            bits |= 1 << r
    return bits


def _seq_cover_beside(d: DealState, side: int, hand: list[int], suit: int, r: int) -> tuple[int, int]:
    """:func:`_seq_cover` of ``suit`` for a card of rank ``r``, the sequences holding rank ``r`` left out: the cover,
    and the ranks of the sequences in it."""
    seqs = 0
    longest = _longest_sequence(d)
    for m in d.seqs[side]:
        s, lo, hi = m.span
        if s == suit and m.size < longest and not lo <= r <= hi:
            seqs |= (1 << (hi + 1)) - (1 << lo)
    return seqs | _held_bits(d, hand, suit), seqs


def _wild_placeable(d: DealState, hand: list[int], suit: int, r: int, have: int, seqs: int, gaps_ok: int) -> bool:
    """Whether a card of rank ``r`` of ``suit`` that no sequence of naturals takes (:func:`_stuck`) joins one with
    the wild cards held, up to ``gaps_ok`` of them (``sequence_wild_max``, Hollywood §3.2): beside a sequence of the
    side, a window of ``sequence_min`` ranks of ``have`` (the cover, :func:`_seq_cover`) holding one of the ranks
    ``seqs`` of the sequences in it; or a new sequence, which holds at least ``min_naturals`` + 1 cards with its
    wild card (movegen.sequences, ``least``): a window of that many ranks of the naturals held."""
    rules = d.rules
    smin = rules.sequence_min
    if seqs and _seq_placeable(have, r, smin, gaps_ok, seqs):
        return True
    least = smin if smin > rules.min_naturals + 1 else rules.min_naturals + 1
    return _seq_placeable(_held_bits(d, hand, suit), r, least, gaps_ok)


def _seq_placeable(have: int, r: int, smin: int, gaps_ok: int, touch: int = -1) -> bool:
    """Whether rank ``r`` lies in a window of ``smin`` ranks (``sequence_min``, within 4..A) of which ``have`` (a
    suit's ranks held or covered, :func:`_seq_cover`) holds all but at most ``gaps_ok`` (:func:`_stuck`), and which
    holds one rank of ``touch`` at least (bits; -1: any window)."""
    if not have:
        return False
    lo = r - smin + 1 if r - smin + 1 > FOUR else FOUR
    hi = r if r < ACE - smin + 1 else ACE - smin + 1
    for a in range(lo, hi + 1):
        window = (1 << (a + smin)) - (1 << a)
        if smin - (have & window).bit_count() <= gaps_ok and touch & window:
            return True
    return False


def _suit_counts(hand: list[int]) -> tuple[list[int], list[int]]:
    """Per suit, the naturals 4..A ``hand`` holds: how many ranks, and how many cards (copies too)."""
    distinct = [0, 0, 0, 0]
    cards = [0, 0, 0, 0]
    for c in range(FOUR * 4, (ACE + 1) * 4):
        k = hand[c]
        if k:
            distinct[c & 3] += 1
            cards[c & 3] += k
    return distinct, cards


def _reachable_canastas(d: DealState, side: int, hand: list[int], rank_counts: list[int]) -> int:
    """At least as many canastas as the side can complete this turn (an upper bound): a meld short of 7
    cards counts where the hand's cards that could join it (naturals of its rank, or of its suit within
    reach for a sequence, and every wild card) make 7; a new meld of a rank, beside one or alone, where
    its naturals and the wild cards make 7 (twice where they would make both); new sequences where the
    suit's naturals held and the wild cards make 7 (as many as its cards make sevens; where no wild card joins
    a sequence, only runs of consecutive ranks: :func:`_natural_seq_canastas`); a meld of wild cards
    where the wild cards do (§1.5, §3.2). Each canasta this turn is one of these, and each needs those cards.

    The wild cards are counted once: each canasta above needs at least so many of the hand's wild cards (7 less
    its cards and the naturals that may join it, none for a sequence of naturals; the two canastas of a rank, 14
    less those), and each wild card joins one meld, so only as many of them count as their needs, smallest
    first, fit in the wild cards held."""
    rules = d.rules
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    seq_wild = wilds if rules.sequence_wild_max else 0
    free = 0  # canastas needing no wild card of the hand
    needs: list[int] = []  # the wild cards each of the others needs at least
    meld_index = d.meld_index[side]
    melds = d.melds[side]
    distinct, cards = _suit_counts(hand) if seq_wild else ([], [])
    for m in melds:
        size = m.size
        if size >= 7:
            continue
        t = m.target
        if t == SEQ_TARGET:
            if seq_wild and size + distinct[m.span[0]] + seq_wild >= 7:
                _need(needs, 7 - size - distinct[m.span[0]])
        elif t == WILD_TARGET or t == TWO:
            if size + wilds >= 7:
                needs.append(7 - size)
        elif FOUR <= t <= ACE and size + rank_counts[t] + wilds >= 7:
            first = 7 - size - rank_counts[t]
            free += _need(needs, first)
            if rank_counts[t] + wilds >= 7 + 7 - size:
                free += _need(needs, 14 - size - rank_counts[t] - (first if first > 0 else 0))
    for r in range(FOUR, ACE + 1):
        c = rank_counts[r]
        if not c:
            continue
        mi = meld_index[r]
        if mi >= 0 and melds[mi].size < 7:
            continue  # counted with its meld
        if c + wilds >= 7:
            free += _need(needs, 7 - c)
            if c + wilds >= 14:
                free += _need(needs, 14 - c - (7 - c if c < 7 else 0))
    if rules.sequences:
        if not seq_wild:
            free += _natural_seq_canastas(d, side, hand)
        else:
            for suit in range(4):
                if distinct[suit] + seq_wild >= 7:  # as many as the suit's cards (copies too) make sevens
                    free += (cards[suit] + seq_wild) // 7 - 1 + _need(needs, 7 - distinct[suit])
    if rules.wild_melds and meld_index[WILD_TARGET] < 0 and wilds >= 7:
        needs.append(7)
    count = free
    if needs:
        needs.sort()
        for k in needs:
            wilds -= k
            if wilds < 0:
                break
            count += 1
    return count


def _need(needs: list[int], k: int) -> int:
    """A canasta of :func:`_reachable_canastas` needing ``k`` wild cards of the hand: 1 where it needs none (counted
    at once), else 0 and ``k`` added to ``needs``."""
    if k <= 0:
        return 1
    needs.append(k)
    return 0


def _reachable_seq_canastas(d: DealState, side: int, hand: list[int], rank_counts: list[int]) -> int:
    """At least as many sequence canastas as the side can complete this turn (an upper bound, as
    :func:`_reachable_canastas`): a sequence short of 7 cards where the suit's naturals held and the wild
    cards it may take make 7; new sequences of a suit, as many as its cards held (copies too) and those wild
    cards make sevens, none where its distinct ranks held and the wild cards are short of 7 (§3.2 Bolivia).
    Where no wild card may join (``sequence_wild_max`` 0, or none held) a sequence is a run of naturals of
    consecutive ranks (§3.2): :func:`_natural_seq_canastas` counts only the runs the hand holds."""
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK] if d.rules.sequence_wild_max else 0
    if not wilds:
        return _natural_seq_canastas(d, side, hand)
    count = 0
    distinct, cards = _suit_counts(hand)
    for m in d.seqs[side]:
        if m.size < 7 and m.size + distinct[m.span[0]] + wilds >= 7:
            count += 1
    for suit in range(4):
        if distinct[suit] + wilds >= 7:
            count += (cards[suit] + wilds) // 7
    return count


def _natural_seq_canastas(d: DealState, side: int, hand: list[int]) -> int:
    """:func:`_reachable_seq_canastas` where no wild card joins a sequence: a sequence of the side short of 7
    cards counts where the naturals of its suit held at the ranks next to its ends, run on run without a gap
    (the only cards that can extend it: §3.2), bring it to 7; a new sequence is 7 or more naturals of one suit
    of consecutive ranks, all held: as many as the cards (copies too) of each such run of held ranks make
    sevens. Each card counted for every sequence it might join (an upper bound)."""
    held = [0, 0, 0, 0]  # per suit, the ranks 4..A held, as bits
    for c in range(FOUR * 4, (ACE + 1) * 4):
        if hand[c]:
            held[c & 3] |= 1 << (c >> 2)
    count = 0
    for m in d.seqs[side]:
        size = m.size
        if size >= 7:
            continue
        suit, lo, hi = m.span
        bits = held[suit]
        r = lo - 1
        while r >= FOUR and bits >> r & 1:
            r -= 1
        size += lo - 1 - r
        r = hi + 1
        while r <= ACE and bits >> r & 1:
            r += 1
        if size + r - hi - 1 >= 7:
            count += 1
    for suit in range(4):
        bits = held[suit]
        if (bits >> FOUR).bit_count() < 7:
            continue
        run = cards = 0
        for r in range(FOUR, ACE + 2):  # (ACE + 1: never held, closes the last run)
            if r <= ACE and bits >> r & 1:
                run += 1
                cards += hand[r * 4 + suit]
                continue
            if run >= 7:
                count += cards // 7
            run = cards = 0
    return count


def _blocked_this_turn(d: DealState, side: int, rank_counts: list[int]) -> bool:
    """Whether ``side`` holds a meld that forbids going out while incomplete (:func:`kind_blocks`, MAC A.9) which
    the hand ``rank_counts`` cannot complete this turn: fewer naturals of its rank and wild cards than it lacks
    (a natural meld of aces also stops blocking once a wild card joins it: not counted where one is held)."""
    rules = d.rules
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    for m in d.melds[side]:
        size = len(m.cards)
        t = m.target
        if size >= 7 or not kind_blocks(rules, t, m.wild) or (t == ACE and wilds):
            continue
        if size + (rank_counts[t] if FOUR <= t <= ACE else 0) + wilds < 7:
            return True
    return False


def _hopeless(d: DealState, seat: int, side: int) -> bool:
    """Exact "no" bounds (module docstring)."""
    rules = d.rules
    due = rules.extra_cards and extra_cards_due(d, seat)
    if due and not _packet_at_first_canasta(rules):
        return False  # cards may still come this turn: no count of the hand bounds anything
    hand, rank_counts = d.hands[seat], d.rank_counts[seat]
    if d.pending:
        hand, rank_counts = hand[:], rank_counts[:]
        for c in d.pending:
            if d._to_hand((c,)):
                hand[c] += 1
                rank_counts[c >> 2] += 1
    if due:
        return _packet_hopeless(d, seat, side, hand, rank_counts)
    most = 0 if d.no_discard else 1
    if _stuck(d, seat, side, hand, rank_counts, most) > most:
        return True
    book = rules.black3_foot_book and rank_counts[THREE] >= 4 and not d.packets[seat]  # B.7 foot_book: a book more
    if d.canastas[side] + _reachable_canastas(d, side, hand, rank_counts) + book < rules.canastas_to_go_out:
        return True
    if rules.incomplete_blocks_going_out and not rank_counts[THREE] and _blocked_this_turn(d, side, rank_counts):
        return True  # (a three held may be laid out and replaced this turn: no count of the hand bounds it)
    want = rules.sequence_canastas_to_go_out
    if want and d.seq_canastas[side] + _reachable_seq_canastas(d, side, hand, rank_counts) < want:
        return True
    missing = rules.canastas_to_go_out - d.canastas[side]
    if missing > 0:
        cards = d.hand_sizes[seat] + d._to_hand(d.pending)
        gaps = sorted(7 - m.size for m in d.melds[side] if m.size < 7 and m.target != THREE)
        for gap in gaps:
            if missing <= 0 or gap > cards:
                break
            cards -= gap
            missing -= 1
        if missing > cards // 7:
            return True
    if not rules.sequences and not rules.twos_melds and not book and not rules.several_melds_per_rank:
        # (the rank plan keeps one meld per rank: a second meld beside a closed book, B.6, is not in it)
        rank_counts = d.rank_counts[seat]
        if d.pending:
            rank_counts = rank_counts[:]
            d._add_to_hand_counts(rank_counts, d.pending)
        if not can_meld_out(
            rank_counts,
            d.melds_by_rank(side),
            d.meld_limits,
            d.canastas[side],
            rules.canastas_to_go_out,
            allow_discard=not d.no_discard,
        ):
            return True
    return False


def _packet_at_first_canasta(rules: Rules) -> bool:
    """Whether the extra cards due are the seat's own packet, given when his side completes its first canasta
    (``extra_cards_from=packet``, ``extra_cards_when=first_canasta``: Pennies from Heaven §3.5), and nothing else
    deals a packet (no foot, no talon): :func:`_packet_hopeless` bounds such a turn."""
    return (rules.extra_cards_from == "packet" and rules.extra_cards_when == "first_canasta" and not rules.has_foot
            and not rules.talon_sizes)


def _packet_hopeless(d: DealState, seat: int, side: int, hand: list[int], rank_counts: list[int]) -> bool:
    """Exact "no" for a turn whose player still waits for his packet (:func:`_packet_at_first_canasta`; ``hand``
    and ``rank_counts``: his cards, the pile set aside included). While the packet is due he cannot go out
    (:func:`~canasta.engine.extra_cards.out_need`), and it comes this turn only with the side's first canasta,
    made of the cards he holds: no (first) where the side has no canasta and his cards complete none
    (:func:`_reachable_canastas`, an upper bound). Then its cards join his hand: no (second) where his cards and
    the packet's together complete fewer canastas than going out needs (the same bound over both; not where the
    packet holds a red three, replaced by a card of the stock, §1.3)."""
    if d.canastas[side]:
        return False  # (given at the start of his turn, extra_cards.give_extra_cards: not met in play)
    if not _reachable_canastas(d, side, hand, rank_counts):
        return True
    packet = d.packets[seat]
    if any(c >> 2 == THREE and c & 3 in RED_SUITS for c in packet):
        return False
    hand, rank_counts = hand[:], rank_counts[:]
    for c in packet:
        hand[c] += 1
        rank_counts[c >> 2] += 1
    if _reachable_canastas(d, side, hand, rank_counts) < d.rules.canastas_to_go_out:
        return True
    return _kinds_short(d, side, rank_counts)


def _kinds_short(d: DealState, side: int, rank_counts: list[int]) -> bool:
    """Whether the cards ``rank_counts`` (by rank) are too few wild cards for the canastas of ``going_out_canastas``
    the side lacks (RULES.md §3.5, Pennies from Heaven): a canasta of wild cards needs 7 of them (its meld's cards
    counted), a canasta of a rank named there (sevens) the wild cards its naturals (held and in its meld) lack of
    7; each wild card joins one meld. Other kinds (natural, mixed) are not counted (a lower bound on the wild cards
    needed)."""
    kinds = d.rules.going_out_canastas
    if not kinds:
        return False
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    meld_index = d.meld_index[side]
    melds = d.melds[side]
    need = 0
    for kind in kinds:
        if kind == "wild":
            mi = meld_index[WILD_TARGET]
            size = melds[mi].size if mi >= 0 else 0
            if size < 7:
                need += 7 - size
        elif kind not in ("natural", "mixed"):
            r = RANKS.index(kind)
            mi = meld_index[r]
            size = melds[mi].size if mi >= 0 else 0
            if size < 7 and size + rank_counts[r] < 7:
                need += 7 - size - rank_counts[r]
    return need > wilds


def out_hopeless(d: DealState, seat: int, side: int) -> bool:
    """The search's exact "no" bounds (:func:`_hopeless`) for the turn's player ``seat`` of ``side``."""
    return _hopeless(d, seat, side)


def plannable(d: DealState, seat: int, side: int) -> bool:
    """Whether the rank plan may finish the going out from here: the side has opened (or a concealed going
    out waives its minimum, §1.6), no pile is set aside, no canasta is owed first, no concealed going out is
    required, melding is allowed (§3.4 first round), and no cards are still to come (extra cards)."""
    rules = d.rules
    return not (
        d.pending
        or d.must_canasta >= 0
        or d.conceal_only
        or not (d.opened[side] or d._waiver())
        or (rules.no_opening_first_round and d.first_round())
        or (rules.extra_cards and extra_cards_due(d, seat))
    )


def plan_says_out(d: DealState, seat: int, side: int) -> bool:
    """Whether the hand can go out by melds of ranks alone (black threes included, the discard last),
    the rank plan :func:`~canasta.engine.constraints.meld_plans.can_meld_out` adjusted where a variant restricts it
    (exact
    where :func:`plannable`): twos reserved for an unfinished meld of twos are no wild cards (Italian
    §3.2: the plan then says no while the hand holds one); a card of ``discard_blocked_rank`` is never
    the last discard (Pennies §3.5: each other discard is tried); black threes only leave play as a set of
    four (Romanian tiles §3.4: three of them stay); a player in his foot may first lay down a book of black threes
    (Hand and Foot B.7 ``black_three_meld=foot_book``: each book tried on a copy). Where an incomplete meld of aces,
    sevens or wild cards forbids
    going out (``incomplete_blocks_going_out``, MAC A.9) the plan does not say how it fills them: it answers only
    for a hand with no ace, seven or wild card (else no, and the search decides)."""
    rules = d.rules
    rank_counts = d.rank_counts[seat]
    if rules.incomplete_blocks_going_out and (rank_counts[ACE] or rank_counts[SEVEN] or rank_counts[TWO]
                                              or rank_counts[JOKER_RANK]):
        return False
    if rules.twos_melds and rank_counts[TWO] and twos_reserved(d, side):
        return False
    need = d._out_need(side)
    if need >= 10**6:
        return False
    if rules.black3_foot_book and rank_counts[THREE] >= 4 and not d.packets[seat] and d.opened[side]:
        if _foot_book_goes_out(d, seat, side):
            return True
    if rules.black3_set_leaves_play and rank_counts[THREE]:
        if rank_counts[THREE] == 3:
            return False
        if rank_counts[THREE] == 4:
            rank_counts = rank_counts[:]
            rank_counts[THREE] = 0  # the set leaves play (§3.4)
    melds_by_rank = d.melds_by_rank(side)
    canastas = d.canastas[side]
    block = d.variant_ranks.discard_block
    if block >= 0 and rank_counts[block] and not d.no_discard:
        if can_meld_out(rank_counts, melds_by_rank, d.meld_limits, canastas, need, allow_discard=False):
            return True
        for r in range(14):
            if rank_counts[r] and r != block:
                rest = rank_counts[:]
                rest[r] -= 1
                if can_meld_out(rest, melds_by_rank, d.meld_limits, canastas, need, allow_discard=False):
                    return True
        return False
    allow = not d.no_discard
    limits = d.meld_limits
    if not loose_cards_fit(rank_counts, d.meld_index[side], limits, allow):
        return False
    if not may_meld_out(rank_counts, melds_by_rank, limits, need - canastas, allow):
        return False  # the quick exact "no"s of reach.py for this plan
    return can_meld_out(rank_counts, melds_by_rank, d.meld_limits, canastas, need, allow_discard=allow)


def _foot_book_goes_out(d: DealState, seat: int, side: int) -> bool:
    """Whether a player in his foot goes out by laying down a book of black threes first (B.7 ``black_three_meld=
    foot_book``: 4 to 6 black threes and 1 to 3 wild cards, 7 cards), then melding the rest by the plan
    (:func:`plan_says_out` on a copy after each book the hand allows)."""
    rank_counts, hand = d.rank_counts[seat], d.hands[seat]
    b3 = hand[4 * THREE] + hand[4 * THREE + 3]  # the black threes (red ones stay in the hand, B.7)
    twos, jokers = rank_counts[TWO], rank_counts[JOKER_RANK]
    mi = d.meld_index[side][THREE]
    if mi >= 0 and not (d.rules.several_melds_per_rank and d.melds[side][mi].size >= 7):
        return False
    for n in range(4, min(b3, 6) + 1):
        for t in range(0, 8 - n):
            j = 7 - n - t
            if t > twos or j > jokers:
                continue
            action = group_action(MELD, THREE, n, t, j)
            c = _planning_clone(d)
            c._do(action, c.move_for_action(action))
            if c.phase == P_PLAY and c.turn == seat and plan_says_out(c, seat, side):
                return True
    return False


def _concrete(d: DealState, action: int) -> list[Move]:
    """The moves of id ``action``: every choice of suits where it can matter (a group meld or addition in
    a variant with sequences), else the engine's choice (:meth:`Deal.move_for_action`)."""
    kind, arg, n, t, j = ACTIONS[action]
    base = d.move_for_action(action)
    if not (
        d.rules.sequences
        and kind in (MELD, ADD)
        and arg not in (SEQ_TARGET, SEQ_WILD, WILD_TARGET)
        and 4 <= arg <= 12
        and n > 0
    ):
        return [base]
    h = d.hands[d.turn]
    held = [c for c in range(arg * 4, arg * 4 + 4) if h[c]]
    if len(held) < 2:
        return [base]
    out = []
    tail = base.cards[n:]
    for nat in combinations_with_replacement(held, n):
        if any(nat.count(c) > h[c] for c in set(nat)):
            continue
        out.append(Move(kind, nat + tail, arg))
    return out


class _Search:
    """The memoised depth-first search. Melds and additions that keep two cards in hand are tried in
    order of their target (rank, then the meld of wild cards, then sequences as one group), never going
    back to a lower target: any going out can be played in that order. Its moves that keep two cards
    commute: each only needs the cards it melds and, for an addition, the meld it joins, made earlier on
    the same target (an order by target keeps that); a meld of twos comes first (target 2), so twos freed
    by finishing it stay usable after; while the hand keeps two cards no move depends on how many it
    holds. So the moves before the first one leaving fewer than two cards can be sorted by target, and
    from that one on (at most two more moves) every order is tried. Not used where the order does matter
    beyond that: cards still to come this turn (extra cards), or a canasta owed first (``must_canasta``)."""

    __slots__ = ("seat", "side", "memo", "ordered", "left")

    def __init__(self, seat: int, side: int, deal: DealState):
        self.seat = seat
        self.side = side
        self.memo: dict[tuple[Any, ...], bool] = {}
        rules = deal.rules
        self.ordered = not (rules.extra_cards and extra_cards_due(deal, seat))
        self.left = BUDGET

    def run(self, d: DealState, last: int = -1, root: bool = False) -> bool:
        """Whether ``d`` (a planning copy) goes out this turn; ``root``: ``d`` is the search's first state, whose
        exact "no" bounds and rank plan the caller found to say neither (:func:`out_possible`: not asked again)."""
        seat = self.seat
        if d.over:
            return d.out_seat == seat
        if d.phase != P_PLAY or d.turn != seat:
            return False
        if d.must_canasta >= 0:
            last = -1
        key = (_key(d, seat), last)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.memo[key] = False
        self.left -= 1
        if self.left < 0:
            raise OverBudget
        ok = self._expand(d, last, root)
        self.memo[key] = ok
        return ok

    def _expand(self, d: DealState, last: int, root: bool = False) -> bool:
        seat, side = self.seat, self.side
        if not root and _hopeless(d, seat, side):
            return False
        can_plan = plannable(d, seat, side)
        if not root and can_plan and plan_says_out(d, seat, side):
            return True
        spare = d.hand_sizes[seat] + d._to_hand(d.pending)
        single = spare == 1
        every = spare <= FULL_CARDS or not can_plan or contract_short(d)
        ordered = self.ordered and d.must_canasta < 0
        for a in d.legal_actions():
            kind, arg, n, t, j = ACTIONS[a]
            if kind == ASK or kind == PASS:
                continue
            if kind == DISCARD:
                if not single:
                    continue
                c = d._copy(False)
                c._do(a, c.move_for_action(a))
                if c.over and c.out_seat == seat:
                    return True
                continue
            group = SEQ_TARGET if arg == SEQ_WILD else arg
            if not every and group not in (SEQ_TARGET, TWO):
                continue  # a long hand: sequences and twos searched, melds of ranks planned
            nxt = last
            if ordered and spare - _size(d, a) >= 2:
                if group < last:
                    continue  # tried in target order (class docstring)
                nxt = group
            for move in _concrete(d, a):
                c = d._copy(False)
                c._do(a, move)
                if self.run(c, nxt):
                    return True
        return False


def contract_short(d: DealState) -> bool:
    """Whether the side of the turn's player lacks a kind of canasta of its contract (``going_out_canastas``, Hand
    and Foot's clean and dirty books, RULES_AMERICAN.md B.10) while nothing else stops it going out: the melds of
    this turn may still complete it, which the rank plans cannot tell (so the search tries every move)."""
    kinds = d.rules.going_out_canastas
    if not kinds:
        return False
    return (not kinds_met(kinds, side_canastas(d, d.side_of[d.turn]))
            and out_need(d, d.turn, kinds=False) < OUT_NEVER)


def _size(d: DealState, action: int) -> int:
    """Cards the move ``action`` takes from the hand."""
    kind, arg, n, t, j = ACTIONS[action]
    if arg in (SEQ_TARGET, SEQ_WILD):
        return len(d.move_for_action(action).cards)
    return n + t + j


def _planning_clone(deal: DealState) -> DealState:
    """A search copy of ``deal`` in its player's play phase, told yes. Asked while his partner is to answer
    (the sampled worlds of canasta.agents.determinize ask it then), the copy is the turn as it goes on after
    the answer."""
    c = deal._copy(False)
    if c.phase == P_ANSWER:
        c.phase = P_PLAY
        c.actor = c.turn
    c.planning = True
    c.asked = True
    if c.answer <= 0:
        c.answer = 1
    c._legal = None
    return c


def out_possible(deal: DealState, checked: bool = False) -> bool | None:
    """Whether the turn's player, in the play phase, can end this turn by going out when his partner says
    yes (exact; module docstring); None where the search gave up (:data:`BUDGET`). ``checked``: the caller has
    found already that the exact "no" bounds (:func:`out_hopeless`) and the rank plan (:func:`plannable` and
    :func:`plan_says_out`) answer neither, so the search starts without asking them again.

    The search's first state is a planning copy of ``deal`` that differs from it only in the phase, the answer and
    the flags of asking (:func:`_planning_clone`), which neither the bounds nor the plan read: the answers found
    here before the copy is made are its answers, and the search does not ask them again."""
    seat = deal.turn
    side = deal.side_of[seat]
    if not checked:
        if _hopeless(deal, seat, side):
            return False  # the search's first answer, before a clone is made
        if plannable(deal, seat, side) and plan_says_out(deal, seat, side):
            return True  # (plannable: no canasta owed first, must_canasta < 0)
    try:
        return _Search(seat, side, deal).run(_planning_clone(deal), root=True)
    except OverBudget:
        return None


def out_moves(deal: DealState, acts: list[int]) -> list[int]:
    """Of the move ids ``acts`` of a player who must go out (his partner said yes, or a concealed going out
    waived his minimum), those after which he still can this turn (exact); moves other than melds and
    additions are kept as they are. Each move gets its own :data:`BUDGET` (the states searched are shared);
    a move whose search gives up is kept only if no move was found to keep going out possible (then the
    player is never left without a way out, and a move is dropped only when another one is known good)."""
    seat = deal.turn
    search = _Search(seat, deal.side_of[seat], deal)
    base = _planning_clone(deal)
    out = []
    unknown = []
    good = False
    for a in acts:
        if ACTIONS[a][0] not in (MELD, ADD):
            out.append(a)
            continue
        try:
            for move in _concrete(base, a):
                c = base._copy(False)
                c._do(a, move)
                search.left = BUDGET
                if search.run(c):
                    out.append(a)
                    good = True
                    break
        except OverBudget:
            search.memo = {k: v for k, v in search.memo.items() if v}  # "no"s left half-searched are not answers
            unknown.append(a)
    if unknown and not good:
        keep = set(out) | set(unknown)
        return [a for a in acts if a in keep]
    return out
