"""The legal moves of the player to act: draws and takes (:mod:`canasta.engine.movegen.pile_takes`), then the turn's
melds, additions and discards.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Final

from canasta.cards.deck import (
    ACE,
    FOUR,
    IS_BLACK_THREE,
    JOKER_RANK,
    N_TYPES,
    THREE,
    TWO,
)
from canasta.engine.constraints.discards import allowed_discards
from canasta.engine.constraints.going_out import (
    canastas_needed_now_and_with_a_sequence,
    going_out_plan_exists,
    last_card_goes_out,
    move_keeps_going_out,
    searched_now,
)
from canasta.engine.constraints.going_out_search import out_moves
from canasta.engine.constraints.minimum_count import minimum_count_waived
from canasta.engine.constraints.out_blocks import wild_meld_open
from canasta.engine.extra_cards import blocked_discard
from canasta.engine.hand_foot import foot_cards
from canasta.engine.movegen.pile_takes import (
    forced_to_take,
    take_modes,
)
from canasta.engine.movegen.rank_melds import (
    add_hit,
    add_options,
    meld_hit,
    meld_options,
    options_cache,
    wild_meld_options,
)
from canasta.engine.movegen.sequences import (
    seq_play_candidates,
    seq_play_ids,
)
from canasta.engine.movegen.twos import twos_candidates, twos_reserved
from canasta.engine.special_hands import SPECIAL_HAND_SIZE, may_declare, may_lay_out
from canasta.engine.state import (
    P_ANSWER,
    P_DRAW,
    P_PLAY,
    Candidate,
    DealState,
)
from canasta.engine.talon import talon_due
from canasta.moves.actions import (
    ASK_ID,
    DECLARE_ID,
    DISCARD_BASE,
    DRAW_ID,
    LAYOUT_ID,
    NO_ID,
    PASS_ID,
    YES_ID,
    group_action,
)
from canasta.moves.notation import ADD, MELD, WILD_TARGET

DISCARD_IDS: Final = tuple(DISCARD_BASE + card for card in range(N_TYPES))
"""Ids of discarding each card type (picked with ``itertools.compress`` by the counts of a hand)."""
COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc, docs/bench.md "The build"): the discards are then listed by a loop over
the hand's counts, which compiles to native code, else by ``itertools.compress``, which is C in pure Python (the
same ids either way: the legal-move digests are checked on both builds); the option caches are then read with
one int for a key instead of a tuple (:func:`~canasta.engine.movegen.rank_melds.add_hit`). In pure Python the
tuple keys are written out in ``play_actions``: a call there would cost more, and the blocks of its loop stay short
enough that Python's specialising interpreter keeps their comparisons specialised (a jump too long for one byte
of argument leaves the comparison before it generic: about 1.5% more instructions a move, measured)."""


def legal_actions(state: DealState) -> list[int]:
    """Ids of the legal moves of the player to act (empty when the deal is over).

    The list is cached until the next move; do not modify it.
    """
    if state._legal is not None:
        return state._legal
    if state.phase == P_DRAW:
        acts = take_modes(state)
        if state.stock_out:
            if not forced_to_take(state):
                acts = acts + [PASS_ID]
        else:
            acts = [DRAW_ID] + acts
    elif state.phase == P_PLAY:
        acts = play_actions(state)
    elif state.phase == P_ANSWER:
        acts = [YES_ID, NO_ID]
    else:
        acts = []
    if state.rules.straight_three and acts and state.phase != P_ANSWER and may_lay_out(state, state.turn) \
            and not state.planning:
        acts = acts + [LAYOUT_ID]  # the three kept back for the Straight laid out and replaced (MAC A.3)
    state._legal = acts
    return acts


# size: the hot loop of move generation; split into four calls it measured 4.7% slower (see the docstring)
def play_actions(state: DealState, ranks: bool = True) -> list[int]:
    """The legal moves of the play phase (ids): melds and additions of a rank, of wild cards, of twos, black threes,
    sequences, discards, "pass" and "may I go out?" (RULES.md §1.4 - §1.9, §3).

    ``ranks=False`` leaves out the melds and additions of a rank (FOUR to ACE) and nothing else: the moves the going-out
    search expands in a long hand whose melds of ranks it plans instead
    (:func:`canasta.engine.constraints.going_out_search.search_moves`), in the same order and with the same filters.

    One function on purpose (issue #14): it runs once per state of every deal and search, and splitting it
    into rank_meld_options / black_three_candidates / add_discards / may_ask (four calls per state) measured
    4.7% slower on classic random play (149.9 ms against 143.1 ms for 150 deals, best of 21 runs, same seeds).
    """
    seat = state.turn
    side = state.side_of[seat]
    rules = state.rules
    rank_counts = state.rank_counts[seat]
    size = state.hand_sizes[seat]
    pend = state._to_hand(state.pending) if state.pending else 0
    foot = foot_cards(state, seat) if state.packets[seat] else 0  # a foot waiting counts as cards kept (B.9)
    limits = state.meld_limits
    cap = limits.max_size  # rules.meld_cap, read from a plain attribute (a property in the rules)
    canastas = state.canastas[side]
    needs = canastas_needed_now_and_with_a_sequence(state, side)  # once per state: every candidate below reads it
    need_c = needs[0]
    opened = state.opened[side]
    answer = state.answer
    allow_out = answer > 0 if rules.must_ask_to_go_out else answer >= 0
    opening_done = opened or state.open_total == 0
    waiver = not opened and minimum_count_waived(state)
    reserved = rules.twos_melds and twos_reserved(state, side)
    twos = 0 if reserved else rank_counts[TWO]  # a side's unfinished meld of twos keeps its twos (Italian)
    jokers = rank_counts[JOKER_RANK]
    meld_index = state.meld_index[side]
    melds = state.melds[side]
    min_nat = rules.min_naturals
    mc = state.must_canasta
    must_out = answer > 0 or state.conceal_only
    # exact filter after a yes
    search_out = must_out and searched_now(state)
    # where every candidate is legal as it stands (the side has opened, the player need not go out nor
    # complete a canasta first: §1.6, §1.9, §3.4), the ids of melds and additions of a rank go straight
    # into acts (the option caches keep them beside the candidates)
    no_melds = rules.no_opening_first_round and state.first_round()  # nobody melds in the first round (§3.4)
    direct = opened and not must_out and mc < 0 and not no_melds
    cand: list[Candidate] = []  # (action, target, n, t, j)
    acts: list[int] = []
    sink: list[Any] = acts if direct else cand
    options = options_cache(limits)  # the melds and additions that counts of cards allow (groupmoves.py)
    t3 = twos if twos < 3 else 3  # no combination of GROUP_WILD_COMBOS holds more than 3 twos or jokers
    j3 = jokers if jokers < 3 else 3
    if limits.wild_first and wild_meld_open(state, side):
        t3 = j3 = 0  # no wild card into a meld of a rank while the meld of wild cards is incomplete (MAC A.6)
    wild3 = t3 or j3
    several = rules.several_melds_per_rank
    capped = rules.canasta_max > 0
    spare = size + pend + foot  # cards left after a move of k cards: spare - k
    dead = state.dead_mask() if rules.dead_ranks else 0  # MAC A.6: no meld started or extended of a dead rank
    for r in range(FOUR, ACE + 1):  # (a constant range: compiled, a native loop)
        if not ranks:
            break  # no meld of a rank asked for (the long-hand going-out search's moves)
        if dead and dead >> r & 1:
            continue
        c = rank_counts[r]
        mi = meld_index[r]
        if mi >= 0 and (c or wild3):  # a card to add
            m = melds[mi]
            if capped:
                room = (cap if not m.wild else limits.mixed_max) - len(m.cards)  # MAC A.7: no mixed canasta yet
                most_nat = c if c < room else room
                if room > most_nat + 3:  # room for any addition (at most 3 wild cards): one cache entry
                    room = most_nat + 3
            else:
                most_nat, room = c, c + 3
            if room > 0:
                # compiled: a cache read keyed by one int (add_hit); pure Python: a tuple, here (a call costs)
                hit = add_hit(options, limits, r, most_nat, room, m, t3, j3) if COMPILED \
                    else options.get((ADD, r, most_nat, room, m.nat, m.wild, t3, j3))
                if hit is None:
                    hit = add_options(options, limits, r, most_nat, room, m.nat, m.wild, t3, j3)
                if spare - hit[0] >= 2:
                    sink.extend(hit[2] if direct else hit[1])  # every one keeps two cards (ids, or candidates)
                else:
                    few = short_hand_options(state, hit[1], spare, len(m.cards), canastas, need_c, allow_out)
                    sink.extend([x[0] for x in few] if direct else few)
        if c >= min_nat and (mi < 0 or (several and len(melds[mi].cards) >= 7)):  # beside a canasta
            # a new meld; where several_melds_per_rank, also beside canastas of that rank (§3.2 Samba)
            most_nat = c if c < cap else cap
            hit = meld_hit(options, limits, r, most_nat, t3, j3) if COMPILED \
                else options.get((MELD, r, most_nat, t3, j3))
            if hit is None:
                hit = meld_options(options, limits, r, most_nat, t3, j3)
            if spare - hit[0] >= 2:
                sink.extend(hit[2] if direct else hit[1])
            else:
                few = short_hand_options(state, hit[1], spare, 0, canastas, need_c, allow_out)
                sink.extend([x[0] for x in few] if direct else few)
    if rules.wild_melds and not reserved:
        wild_candidates(state, cand, size, pend + foot, canastas, need_c, allow_out)
    if rules.twos_melds and opened and rank_counts[TWO]:
        for x in twos_candidates(state, size + pend):
            if x[5] >= 2 or (
                allow_out
                and (
                    move_keeps_going_out(state, x[6], need_c, x[5], TWO, x[2], 0, x[4])
                    or (x[5] == 1 and last_card_goes_out(state, x[0]))
                )
            ):
                cand.append(x[:5])
    # black threes: only when going out (RULES.md §1.8)
    b3 = rank_counts[THREE]
    if rules.black3_set_leaves_play:  # four black threes may leave play, never be melded (§3.4)
        after = size - 4 + pend
        if (
            b3 >= 4
            and mc < 0
            and opening_done
            and not no_melds
            and leaves_play_or_goes_out(after, allow_out and canastas >= need_c, state.no_discard)
        ):
            cand.append((group_action(MELD, THREE, 4, 0, 0), THREE, 4, 0, 0))
    elif rules.black3_melds_anytime:  # a set of 3 or 4 at any time, one per side (§3.5, S4 l.55)
        if b3 >= 3 and meld_index[THREE] < 0:
            for n in range(3, min(b3, 4) + 1):
                after = size - n + pend  # it keeps two cards, or goes out where the side may (going_out_allowed)
                if leaves_play_or_goes_out(after, allow_out and canastas >= need_c, state.no_discard):
                    cand.append((group_action(MELD, THREE, n, 0, 0), THREE, n, 0, 0))
    elif rules.black3_foot_book:  # a whole dirty book from the foot (B.7 black_three_meld=foot_book [JC])
        hand = state.hands[seat]
        b3 = hand[4 * THREE] + hand[4 * THREE + 3]  # the black threes (red ones stay in the hand, B.7)
        if b3 >= 4 and opened and not state.packets[seat] and (
            meld_index[THREE] < 0 or (several and len(melds[meld_index[THREE]].cards) >= 7)
        ):
            cand.extend(foot_book_candidates(state, b3, twos, jokers, spare, canastas, need_c, allow_out))
    elif (
        b3 >= 3
        and rules.black3_meld
        and allow_out
        and meld_index[THREE] < 0
        and (canastas >= need_c or (search_out and rules.must_ask_to_go_out))
    ):
        # melded only in the going-out turn (§1.8): as the move that goes out, or, once the partner's
        # binding yes makes this turn the going-out turn (must_ask_to_go_out, Brazilian §3.2), at any
        # point of it that keeps going out possible (where the exact filter outsearch.out_moves runs)
        early = search_out and rules.must_ask_to_go_out
        last = 0 if state.no_discard else 1
        for n in range(3, b3 + 1):
            after = size - n + pend
            if (after <= last and canastas >= need_c) or (early and after >= 2):
                cand.append((group_action(MELD, THREE, n, 0, 0), THREE, n, 0, 0))
    if direct:
        if cand:  # melds of wild cards or twos, black threes
            acts.extend([x[0] for x in cand])
    else:
        if no_melds:
            cand = []  # no melding in the first round (§3.4, S2 l.103)
        if mc >= 0:  # took the pile with a canasta: complete it first (§3.4, S2 l.115-116)
            m = melds[meld_index[mc]]
            cand = [x for x in cand if x[1] == mc and m.size + x[2] + x[3] + x[4] >= 7]
        if cand:
            if not opened:
                cand = state._opening_candidates(cand, waiver)
            if must_out and not search_out:  # else searched below, with every other move
                cand = state._out_candidates(cand)
            acts = [x[0] for x in cand]
    if rules.sequences and not no_melds and mc < 0:  # (a sequence is a meld too; none before a canasta owed, §3.4)
        # natural, or with a wild card where sequence_wild_max allows one (Hollywood)
        if opened and not must_out:  # nothing more to check: the ids alone
            acts.extend(seq_play_ids(state, seat, side, size, pend, allow_out, needs))
        else:
            for act, used, cn in seq_play_candidates(state, seat, side, size, pend, allow_out, needs):
                if not opened and not state._seq_opening_ok(used, cn, sum(state.values[c] for c in used), waiver, act
                ):
                    continue
                if must_out and not search_out and not state._out_ok_cards(used, cn, cn - canastas):
                    continue
                acts.append(act)
    # discards (RULES.md §1.4: keep a card unless going out)
    if not state.no_discard and mc < 0:
        h = state.hands[seat]
        n_disc = len(acts)
        if (
            ((size >= 2 or (size == 1 and foot)) and opening_done and not must_out)
            or (size == 1 and pend == 0 and allow_out and canastas >= need_c and (opening_done or waiver)
                and not rules.going_out_by_melding)  # B.10 go_out_discard=forbidden: no final discard
            or (size == 1 and pend == 0 and opened and rules.talon_sizes and talon_due(state, seat))  # MAC A.2
        ):
            if COMPILED:  # a native loop over the counts; compress() reads each count as an object
                for c in range(N_TYPES):
                    if h[c]:
                        acts.append(DISCARD_IDS[c])
            else:
                acts.extend(compress(DISCARD_IDS, h))
        threes = rank_counts[THREE]
        if rules.black3_no_discard_first_round and threes and size > threes and state.first_round():
            # no black three discarded in a player's first turn, unless he holds nothing else (§3.2 Cuban)
            acts[n_disc:] = [a for a in acts[n_disc:] if not IS_BLACK_THREE[a - DISCARD_BASE]]
        if (
            state.variant_ranks.discard_block >= 0
            and rank_counts[state.variant_ranks.discard_block]
            and len(acts) > n_disc
        ):
            # discard_blocked_rank (Pennies §3.5): not before every side has its canasta, never
            # as the last card; kept only if it is the one move left (never stuck)
            kept = [
                a
                for a in acts[n_disc:]
                if not (size == 1 and (a - DISCARD_BASE) >> 2 == state.variant_ranks.discard_block)
                and not blocked_discard(state, a - DISCARD_BASE)
            ]
            if kept or n_disc:
                acts[n_disc:] = kept
        if (rules.empty_pile_forbidden != "none" or rules.wild_discard_forced_only
                or rules.straight_three) and len(acts) > n_disc:
            acts[n_disc:] = allowed_discards(state, seat, acts[n_disc:])  # MAC A.3, A.5 (constraints/discards.py)
    if state.no_discard and opening_done:
        acts.append(PASS_ID)
    if (
        answer == 0
        and not state.asked
        and state.partner_of[seat] >= 0  # he has a partner (so rules.team_size > 1)
        and size >= 2
        and pend == 0
        and opening_done
        and not state.conceal_only
        and mc < 0
        and not state.no_discard
        and (not rules.ask_requires_going_out or going_out_plan_exists(state, seat, side, need_c))
    ):
        # asked only while a "no" still leaves a legal discard (RULES.md §1.9); where asking
        # does not require being able to go out (S1), a failed "yes" is charged (_answer)
        acts.append(ASK_ID)
    if size == SPECIAL_HAND_SIZE and (not opened or rules.special_hand_courtesy) and rules.special_hands != "none" \
            and may_declare(state, seat):
        acts.append(DECLARE_ID)  # the whole hand laid down as a special hand (MAC A.11; HB's courtesy)
    if must_out and search_out and not state.planning:
        acts = out_moves(state, acts)  # the melds after which he can still go out (exact, outsearch.py)
    return acts


def leaves_play_or_goes_out(after: int, may_go_out: bool, no_discard: bool) -> bool:
    """Whether a set of black threes that leaves ``after`` cards in hand (packets and foot counted) may be laid down.

    It keeps two cards (one to discard, one to hold), or it goes out where the side may (``may_go_out``: going out
    allowed and its canastas made) with nothing left, or with one card to discard where a discard is still due
    (``no_discard`` False). RULES.md §3.4 (the tile game's set of four, which leaves play) and §3.5 (escalator's
    set, "at any time", S4 l.55, with ``going_out_allowed``).

    >>> leaves_play_or_goes_out(2, False, False), leaves_play_or_goes_out(1, True, False)
    (True, True)
    >>> leaves_play_or_goes_out(1, True, True), leaves_play_or_goes_out(0, False, False)
    (False, False)
    """
    return after >= 2 or (may_go_out and (after == 0 or (after == 1 and not no_discard)))


def wild_candidates(
    state: DealState,
    cand: list[Candidate],
    size: int,
    pend: int,
    canastas: int,
    need_c: int,
    allow_out: bool,
) -> None:
    """Add to ``cand`` the melds of wild cards and additions to them the hand allows (``wild_melds``, §3.2)."""
    seat = state.turn
    rank_counts = state.rank_counts[seat]
    twos, jokers = rank_counts[TWO], rank_counts[JOKER_RANK]
    side = state.side_of[seat]
    mi = state.meld_index[side][WILD_TARGET]
    msize = state.melds[side][mi].size if mi >= 0 else 0
    room = state.meld_limits.wild_max - msize  # rules.wild_meld_cap, kept in the limits (a property in the rules)
    start = state.rules.wild_meld_min
    if twos + jokers < (1 if mi >= 0 else start):
        return
    most_k, opts, _ = wild_meld_options(options_cache(state.meld_limits), mi >= 0, twos, jokers, room, start)
    spare = size + pend
    if spare - most_k >= 2:
        cand.extend(opts)  # every one keeps two cards
        return
    cand.extend(short_hand_options(state, opts, spare, msize, canastas, need_c, allow_out))


def foot_book_candidates(state: DealState, b3: int, twos: int, jokers: int, spare: int, canastas: int, need_c: int,
                         allow_out: bool) -> list[Candidate]:
    """The books of black threes a player in his foot may lay down (B.7 ``black_three_meld=foot_book`` [JC]):
    4 to 6 of his ``b3`` black threes and 1 to 3 of his ``twos`` and ``jokers``, 7 cards in all (a dirty book,
    naturals outnumbering wild cards), each keeping two of the ``spare`` cards or leaving fewer where he may go
    out then (:func:`short_hand_options`)."""
    books: list[Candidate] = [
        (group_action(MELD, THREE, n, t, 7 - n - t), THREE, n, t, 7 - n - t)
        for n in range(4, min(b3, 6) + 1)
        for t in range(0, 8 - n)
        if t <= twos and 7 - n - t <= jokers
    ]
    if spare - 7 >= 2:
        return books
    return short_hand_options(state, books, spare, 0, canastas, need_c, allow_out)


def short_hand_options(
    state: DealState,
    opts: list[Candidate],
    spare: int,
    size0: int,
    canastas: int,
    need_c: int,
    allow_out: bool,
) -> list[Candidate]:
    """The melds or additions ``opts`` (id, target, naturals, twos, jokers; to a meld of ``size0`` cards, 0
    for a new one) that keep two cards of the ``spare`` the hand and the pile set aside hold, or that leave
    fewer where the player may go out then (going out allowed, the side's ``canastas`` after the move
    reaching ``need_c``: :func:`~canasta.engine.constraints.going_out.move_keeps_going_out`; RULES.md §1.4, §1.9).
    For a hand too short to keep two
    cards after every option (the caller's check)."""
    out = []
    talon = bool(state.rules.talon_sizes) and talon_due(state, state.turn)  # MAC A.2: down to one card
    for opt in opts:
        k = opt[2] + opt[3] + opt[4]
        after = spare - k
        if after == 1 and talon:
            out.append(opt)
            continue
        if after < 2:
            cn = canastas + (1 if size0 < 7 <= size0 + k else 0)
            if not (
                allow_out
                and after >= 0
                and (
                    move_keeps_going_out(state, cn, need_c, after, opt[1], opt[2], opt[3], opt[4])
                    or (after == 1 and last_card_goes_out(state, opt[0]))
                )
            ):
                continue
        out.append(opt)
    return out


def settle_must_go_out(state: DealState) -> None:
    """Never leave a player without a move: where he must go out this turn (told "yes", §1.9, or he took
    the pile under the concealed waiver, §2 row 12) and no move of his leads there (the going-out plans
    of the legal moves are not exact: a meld they allowed can leave cards no meld takes), the obligation
    lapses: the "yes" counts as not given (``answer`` 0; he has asked, so he does not ask again) and the
    concealed-only condition is dropped, and he plays on as usual.

    Decided here, when a move is applied (:func:`~canasta.engine.apply.play_move`), so that :meth:`legal_actions` and
    the other
    queries never change the state (issue #13). Fills the legal-move cache with the moves it found.
    """
    if state.phase != P_PLAY or not (state.answer > 0 or state.conceal_only):
        return
    if state._shared and state.planning:
        return  # a copy searched by going_out_search: where no move is left, none goes out either way
    acts = play_actions(state)
    if not acts:
        state.answer = 0
        state.conceal_only = False
        acts = play_actions(state)
    state._legal = acts
