"""The exact "no" bounds of the going-out search (RULES.md §1.9): can the turn's player, told yes, still go out this
turn? Each bound says no only where no sequence of the turn's legal moves goes out
(:mod:`canasta.engine.constraints.going_out_search` asks them at every state before searching its moves;
tests/test_going_out_shortcuts.py checks them against the exhaustive oracle of tests/oracles/going_out.py):

* cards no move of the turn can meld (:func:`_stuck`): black threes short of a meld, naturals with no meld
  to join, too few for one of their own and out of reach of every sequence (a sequence full to its longest, or
  holding the card's rank, takes none; a wild card places one only as the moves allow: §3.2 Hollywood);
* too few canastas within reach (:func:`_reachable_canastas`: each meld and new meld, each wild card counted for
  one of them), too few sequence canastas (:func:`_reachable_seq_canastas`, §3.2 Bolivia: runs of consecutive
  ranks), too few cards for the canastas missing;
* a meld that forbids going out while incomplete that the hand cannot complete (MAC A.9);
* the rank plan :func:`~canasta.engine.constraints.meld_plans.can_meld_out` saying no where its melds allow more
  than the moves do (no sequences, no meld of twos, one meld per rank);
* a packet still due (Pennies from Heaven §3.5, :func:`_packet_hopeless`): it comes only with the side's first
  canasta, and going out waits for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, RANKS, RED_SUITS, THREE, TWO
from canasta.cards.sequences import LANE, LANE_MASK
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.constraints.out_blocks import kind_blocks
from canasta.engine.extra_cards import extra_cards_due
from canasta.moves.notation import SEQ_TARGET, WILD_TARGET

if TYPE_CHECKING:
    from canasta.engine.state import DealState
    from canasta.rules.fields import Rules

__all__ = ["out_hopeless"]


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
        if not touch & window:
            continue
        missing = window & ~have  # the window's ranks not held nor covered: smin less those held
        if not missing or (gaps_ok and (not missing & (missing - 1) or missing.bit_count() <= gaps_ok)):
            return True  # (none missing, or one: no count needed for the usual 0 or 1 allowed)
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
