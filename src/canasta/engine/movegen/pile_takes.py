"""Draws and pile takes (RULES.md §1.7, §1.8, §3.2): the ways the player may take the discard pile now.
"""

from __future__ import annotations

from canasta.cards.deck import (
    FOUR,
    IS_WILD,
    JOKER,
    JOKER_RANK,
    TWO,
)
from canasta.engine.constraints.canasta_in_opening import ANY_CANASTA, canasta_reachable
from canasta.engine.constraints.clean_triple import OPENING_TRIPLES, clean_triple_reachable
from canasta.engine.constraints.going_out import (
    canastas_needed_to_go_out,
    last_card_goes_out,
    side_may_go_out,
)
from canasta.engine.constraints.initial_meld import count_requirement, wild_meld_opens_later
from canasta.engine.constraints.initial_meld_search import opening_reachable
from canasta.engine.constraints.meld_plans import best_meld_value, can_meld_out, meld_out_value
from canasta.engine.constraints.minimum_count import pile_take_waiver_rules
from canasta.engine.constraints.out_blocks import blocked_after, wild_meld_open
from canasta.engine.extra_cards import extra_cards_in_turn
from canasta.engine.hand_foot import foot_cards, pile_cut
from canasta.engine.movegen.sequences import (
    seq_take_candidates,
    sequences_touching,
)
from canasta.engine.movegen.twos import twos_reserved
from canasta.engine.movegen.wild_sequences import (
    wild_pair_takes,
    wild_seq_take_candidates,
)
from canasta.engine.state import (
    DealState,
    Meld,
)
from canasta.moves.actions import TAKE_IDS
from canasta.moves.notation import TAKE_ADD, TAKE_NAT_JOKER, TAKE_NAT_TWO, TAKE_PAIR, WILD_TARGET


def take_modes(state: DealState) -> list[int]:
    """Legal ways to take the pile now (ids of TAKE moves), RULES.md §1.7 (frozen pile: a natural pair only),
    §1.8 (a black three or a wild card on top stops it), §3.2-§3.4 (the variants' takes)."""
    pile = state.pile
    if not pile:
        return []
    top = pile[-1]
    r = top >> 2
    if top == JOKER or r < FOUR or r == state.variant_ranks.pile_block:
        return _stop_card_takes(state, top)
    if state.rules.dead_ranks and state.dead_mask() >> r & 1:
        return []  # a dead rank's card on top: nobody may meld it (MAC A.4, A.6)
    seat = state.turn
    side = state.side_of[seat]
    rules = state.rules
    size = state.hand_sizes[seat]
    if _pile_closed(state, side, size):
        return []
    canasta_take = canasta_take_rule(state, seat, side)
    mi = state.meld_index[side][r]
    meld = state.melds[side][mi] if mi >= 0 else None
    if meld is not None and rules.own_canasta_rank_blocks_pile and meld.is_canasta:
        return []
    out: list[int] = []
    cand = _take_shapes(state, seat, side, top, meld, out, not canasta_take)
    if not cand:
        return out
    cut = pile_cut(state) if rules.pile_take_count else 0  # the cards from pile[cut] up are taken (B.5)
    rest = len(pile) - 1 - cut + len(state.dowry)
    if rest and (size < 4 or not state.opened[side]):
        rest = state._to_hand(pile[cut:-1]) + state._to_hand(state.dowry)  # exact only where it can matter
    if state.packets[seat]:
        rest += foot_cards(state, seat)  # a foot still waiting counts as cards kept (B.9)
    cap = state.meld_limits.max_size  # rules.meld_cap (a property in the rules)
    for mode, n_used, t_used, j_used in cand:
        w = t_used + j_used
        if w and state.meld_limits.wild_first and wild_meld_open(state, side):
            continue  # no wild card into a meld of a rank while the meld of wild cards is incomplete (MAC A.6)
        if meld is not None:
            if w and (meld.wild + w > state.meld_limits.capacity(meld.nat + n_used + 1, 0)
                      or w > state.meld_limits.join_capacity(meld.nat, meld.wild, n_used + 1)
                      or not state.meld_limits.rank_takes_wild(r, meld.wild)):
                continue
            m_size = meld.size + n_used + w + 1
            if m_size > cap:  # a full meld takes no more cards (canasta_max, §3.2 Cuban)
                continue
            canastas = state.canastas[side] + (1 if m_size >= 7 and meld.size < 7 else 0)
        else:
            if w and w > state.meld_limits.capacity(n_used + 1, 0, top >> 2):
                continue
            if n_used + 1 < rules.min_naturals:  # a new meld needs its naturals (§1.5)
                continue
            canastas = state.canastas[side]
        after = size - n_used - w + rest
        if after < 2 and (rules.must_ask_to_go_out or not side_may_go_out(state, side, canastas)
                          or (after == 0 and rules.going_out_needs_discard)
                          or blocked_after(state, side, r, n_used + w + 1, w)):  # B.10; MAC A.9
            continue  # he would have to go out, and may not before asking (must_ask_to_go_out)
        if after == 1 and rules.going_out_by_melding and not last_card_goes_out(state, TAKE_IDS[mode]):
            continue  # no final discard (B.10 go_out_discard=forbidden): his last card must meld him out
        if canasta_take:  # taken only by making the top card's meld a canasta this turn (§3.4)
            if canasta_take_ok(state, r, meld, n_used, w, rest, canasta_take == "natural_canasta"):
                out.append(TAKE_IDS[mode])
            continue
        if not state.opened[side] and not _take_reaches_initial_meld(state, side, r, meld, n_used, t_used, j_used,
                                                                     rest, TAKE_IDS[mode]):
            continue
        out.append(TAKE_IDS[mode])
    return out


def _stop_card_takes(state: DealState, top: int) -> list[int]:
    """Takes of a pile whose top card stops it (a wild card, a three, ``pile_blocking_rank``; §1.7, §1.8): none,
    except a joker taken for a canasta of jokers (``joker_discard_blocks_round``, §3.4) and a wild card taken
    with a pair of its own (``wild_pair_takes_wild``, Hollywood §3.2)."""
    rules = state.rules
    if top == JOKER and rules.joker_discard_blocks_round:
        return joker_canasta_takes(state)
    if (
        IS_WILD[top]
        and rules.wild_pair_takes_wild
        and not (state.turn_no <= state.blocked_until or (rules.no_opening_first_round and state.first_round()))
    ):
        return wild_pair_takes(state)  # a two with two twos, a joker with two jokers (Hollywood §3.2)
    return []  # wild card or black three on top (RULES.md §1.7, §1.8), pile_blocking_rank


def _pile_closed(state: DealState, side: int, size: int) -> bool:
    """Whether the pile is closed to the player to move whatever he holds: the one-card rule, a joly discarded
    less than a round ago or the first round (§3.4), an unopened side where the pile never makes an initial
    meld (Brazilian, §3.2)."""
    rules = state.rules
    if rules.one_card_pile_rule and size == 1 and len(state.pile) == 1 and not state.stock_out:
        return True
    if state.turn_no <= state.blocked_until or (rules.no_opening_first_round and state.first_round()):
        return True
    return rules.no_pile_for_initial_meld and not state.opened[side]


def _take_shapes(state: DealState, seat: int, side: int, top: int, meld: Meld | None,
                 out: list[int], seq: bool = True) -> list[tuple[int, int, int, int]]:
    """The ways the hand could take the pile, before the checks of the meld and of the hand after it: (mode,
    naturals used, twos, jokers) for takes onto a meld of the top card's rank (§1.7); takes to a sequence
    (§3.2) are checked at once and appended to ``out`` as ids, unless ``seq`` is false (a take that must make
    the top card's meld of its rank a canasta, §3.4, is no sequence take)."""
    rules = state.rules
    frozen = state.frozen or not state.opened[side]
    rank_counts = state.rank_counts[seat]
    modes = rules.pile_take_modes
    nat = rank_counts[top >> 2]
    cand: list[tuple[int, int, int, int]] = []
    if nat >= 2 and (frozen or "natural_pair" in modes):
        cand.append((TAKE_PAIR, 2, 0, 0))
    if frozen:
        if rules.pile_take_with_wild and nat >= 1 and not _wild_frozen(state):  # a natural and a wild card (B.5)
            _wild_shapes(state, side, rank_counts, cand)
        return cand
    if "natural_wild" in modes and nat >= 1:
        _wild_shapes(state, side, rank_counts, cand)
    if "add_to_meld" in modes and meld is not None and (not rules.pile_add_below or meld.size < rules.pile_add_below):
        cand.append((TAKE_ADD, 0, 0, 0))
    if seq and rules.sequences and "add_to_meld" in modes:  # the top card joins a sequence (§3.2)
        near = sequences_touching(state, side, top)
        if near:
            out.extend(seq_take_candidates(state, seat, side, top, near))
            if rules.sequence_wild_max:  # ... or a sequence holding a wild card (Hollywood)
                out.extend(wild_seq_take_candidates(state, seat, side, top, near))
    return cand


def _wild_frozen(state: DealState) -> bool:
    """Whether a wild card discarded freezes the pile and one is in it (``wild_discard_freezes``, RULES_AMERICAN
    B.5 [TW]): then only a natural pair takes it, even with ``pile_take_with_wild``."""
    return state.rules.wild_discard_freezes and any(IS_WILD[c] for c in state.pile)


def _wild_shapes(state: DealState, side: int, rank_counts: list[int], cand: list[tuple[int, int, int, int]]) -> None:
    """Append the takes with a natural and a two or a joker that the hand holds (§1.7)."""
    if rank_counts[TWO] and not (state.rules.twos_melds and twos_reserved(state, side)):
        cand.append((TAKE_NAT_TWO, 1, 1, 0))
    if rank_counts[JOKER_RANK]:
        cand.append((TAKE_NAT_JOKER, 1, 0, 1))


def _take_reaches_initial_meld(state: DealState, side: int, r: int, meld: Meld | None, n_used: int, t_used: int,
                               j_used: int, rest: int, action: int) -> bool:
    """Whether an unopened side taking the pile with ``n_used`` naturals, ``t_used`` twos and ``j_used`` jokers
    (the top card of rank ``r`` joining them; ``action``: the take's id) makes or can still make its
    initial meld this turn (RULES.md §1.6: pile cards below the top do not count, nor the top card where
    ``opening_top_card_counts`` is off, MAC A.7; the waivers of §2 and §3.4). Once per way of taking. With
    sequences (§3.2), or cards that a first canasta brings in the same turn (Pennies from Heaven's packet, the
    escalator game's cards: :func:`~canasta.engine.extra_cards.extra_cards_in_turn`, §3.5), where the melds of a
    rank fall short, the exact opening search plays the take and the turn's melds (the hand's sequences and the
    cards brought count toward the minimum too)."""
    rules = state.rules
    seat = state.turn
    rank_counts = state.rank_counts[seat]
    w = t_used + j_used
    used_val = (
        state.rank_values[r] * (n_used + (1 if rules.opening_top_card_counts else 0))  # MAC A.7: top card not
        + state.rank_values[TWO] * t_used
        + state.rank_values[JOKER_RANK] * j_used
    )
    rc2 = rank_counts[:]
    rc2[r] -= n_used
    rc2[TWO] -= t_used
    rc2[JOKER_RANK] -= j_used
    melds_by_rank = state.mark_dead({r: [n_used + 1, w]})
    keep = max(0, 2 - rest)
    need = state.minimum[side] - used_val
    allows_wild = rules.opening_allows_wild(state.scores[side])
    if w and not allows_wild:
        return False  # no wild card in this initial meld (§3.4)
    # a meld of wild cards can follow and open whatever the count (asked only where the count still falls short)
    later = need > 0 and wild_meld_opens_later(rules, rc2, keep)
    if not allows_wild:
        rc2[TWO] = rc2[JOKER_RANK] = 0
    if (
        need > 0
        and not later
        and best_meld_value(rc2, melds_by_rank, state.meld_limits, keep) < need
        and not (
            rest <= 1
            and not rules.must_ask_to_go_out
            and meld_out_value(
                rc2, melds_by_rank, state.meld_limits, state.canastas[side], canastas_needed_to_go_out(state, side),
                rest == 0
            )
            >= need
        )
        and not (not rules.must_ask_to_go_out and pile_take_waiver_ok(state, rc2, r, n_used, w))
        and not (rules.book_bonus_counts_toward_minimum  # a book made this turn meets the minimum (B.8 [JC])
                 and canasta_reachable(state, [], rc2, melds_by_rank, [], keep, 0, ANY_CANASTA))
    ):
        if not (
            rules.opening_canasta_waives_minimum and canasta_take_ok(state, r, meld, n_used, w, rest, False)
        ) and not (
            (rules.sequences or extra_cards_in_turn(state)) and not rules.special_opening
            and opening_reachable(state, action)
        ):
            return False
    if rules.opening_requires in OPENING_TRIPLES:  # MAC A.7: with the top card no part of it
        return clean_triple_reachable(state, rc2, melds_by_rank, keep, need, r)
    return True


def joker_canasta_takes(state: DealState) -> list[int]:
    """Takes of a pile topped by the joly just discarded: only the next player, with a joker canasta
    (S2 l.155-156): two wild cards from his hand (two twos, ``take 2C 2D``, or the other joly and a two,
    ``take JK 2C``) join the joly in his side's meld of wild cards, which must become a canasta this
    turn (the pile is set aside until then, like any take that needs a canasta)."""
    rules = state.rules
    if (
        not rules.wild_melds
        or state.turn_no != state.blocked_until - state.n + 1
        or (rules.no_opening_first_round and state.first_round())
    ):
        return []
    seat = state.turn
    side = state.side_of[seat]
    rank_counts = state.rank_counts[seat]
    mi = state.meld_index[side][WILD_TARGET]
    size0 = state.melds[side][mi].size if mi >= 0 else 0
    wilds = rank_counts[TWO] + rank_counts[JOKER_RANK]
    if size0 + 1 + wilds < 7 or size0 + 3 > rules.wild_meld_cap:
        return []
    more = max(0, 7 - size0 - 3)
    rest = state._to_hand(state.pile[:-1]) + state._to_hand(state.dowry)
    after = state.hand_sizes[seat] - 2 - more + rest
    if not (after >= 2 or (after >= 0 and side_may_go_out(state, side, state.canastas[side] + (size0 < 7)))):
        return []
    out = []
    if rank_counts[TWO] >= 2:
        out.append(TAKE_IDS[TAKE_PAIR])
    if rank_counts[JOKER_RANK] and rank_counts[TWO]:
        out.append(TAKE_IDS[TAKE_NAT_JOKER])
    return out


def canasta_take_rule(state: DealState, seat: int, side: int) -> str:
    """'' or the canasta (``canasta`` / ``natural_canasta``) that a take by ``seat`` must make
    of the top card's meld this turn: his side's initial meld is that canasta instead of a count
    (``min_meld_canasta_from`` with ``opening_canasta_waives_minimum``), or his partner made it since
    his last turn (``partner_take_needs_canasta_same_round``), RULES.md §3.4 [S2 l.82, 115-117]. (A
    canasta on top of the count goes with ``no_pile_for_initial_meld``: no take for it.)"""
    rules = state.rules
    if not state.opened[side]:
        return count_requirement(rules, state.scores[side])
    if (
        rules.partner_take_needs_canasta_same_round
        and state.opener[side] not in (-1, seat)
        and state.turn_no - state.opened_turn[side] < state.n
    ):
        return "canasta"
    return ""


def canasta_take_ok(state: DealState, r: int, meld: Meld | None, n_used: int, w: int, rest: int, natural: bool) -> bool:
    """Whether the hand can make the meld of rank ``r`` a canasta this turn after taking the pile
    with ``n_used`` naturals and ``w`` wild cards, keeping a card to discard (§3.4, S2 l.116)."""
    seat = state.turn
    rank_counts = state.rank_counts[seat]
    nat0, wild0, size0 = (meld.nat, meld.wild, meld.size) if meld is not None else (0, 0, 0)
    if natural and (w or wild0):
        return False
    nat = nat0 + n_used + 1
    wild = wild0 + w
    more = 7 - (size0 + n_used + w + 1)
    nat_left = rank_counts[r] - n_used
    wild_left = 0 if natural else max(0, rank_counts[TWO] + rank_counts[JOKER_RANK] - w)
    wild_room = state.meld_limits.join_capacity(nat, wild, nat_left, r)  # after the take (book_naturals_only)
    if more > 0 and nat_left + min(wild_left, wild_room) < more:
        return False
    after = state.hand_sizes[seat] - n_used - w - max(0, more) + rest
    side = state.side_of[seat]
    return after >= 2 or (after >= 0 and side_may_go_out(state, side, state.canastas[side] + (size0 < 7)))


def forced_to_take(state: DealState) -> bool:
    """With the stock gone, whether the player must take the pile (§1.10: its top card fits a meld)."""
    if not state.stock_out or state.rules.stock_end != "forced_take":
        return False
    return TAKE_IDS[TAKE_ADD] in take_modes(state)


def pile_take_waiver_ok(state: DealState, rc2: list[int], r: int, n_used: int, w: int) -> bool:
    """A take that misses the minimum is allowed if the player can then go out concealed
    with every card, the whole pile included (option concealed_waives_minimum_with_pile)."""
    if not pile_take_waiver_rules(state) or state.has_melded[state.turn]:
        return False
    rc3 = rc2[:]
    state._add_to_hand_counts(rc3, state.pile[:-1])
    side = state.side_of[state.turn]
    need = canastas_needed_to_go_out(state, side)
    return can_meld_out(rc3, {r: [n_used + 1, w]}, state.meld_limits, state.canastas[side], need)
