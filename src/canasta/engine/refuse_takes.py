"""Why taking the discard pile is refused, as a :class:`~canasta.engine.refusals.Refusal` (RULES.md §1.4, §1.6,
§1.7, §1.8, §3.2, §3.4): :func:`explain_take`, its top card first.
"""

from __future__ import annotations

from canasta.cards.deck import IS_WILD, JOKER, RANKS, THREE, TWO, card_str
from canasta.engine.movegen.move_cards import RANK_WORDS
from canasta.engine.movegen.pile_takes import canasta_take_rule
from canasta.engine.refusals import Refusal, frozen_params, rank_code, refusal
from canasta.engine.refuse_melds import not_held
from canasta.engine.refuse_sequences import explain_sequence_take
from canasta.engine.state import DealState
from canasta.moves.notation import Move

NO_PILE_FOR_OPENING = "your side has not made its initial meld: in this variant the pile cannot be taken for it"
NO_CARD_LEFT = "you would have no card left to discard, and your side cannot go out yet (§1.4)"


def explain_take(state: DealState, move: Move) -> Refusal:
    """Why taking the pile is refused now: its top card first (RULES.md §1.7, §1.8, §3.2, §3.4)."""
    pile = state.pile
    seat = state.turn
    side = state.side_of[seat]
    if not pile:
        return refusal("pile_empty", "the discard pile is empty")
    top = pile[-1]
    r = top >> 2
    if top != JOKER and state.dead_mask() >> r & 1:
        return refusal("dead_rank_take", f"{RANK_WORDS[r]} are a dead rank (a side has completed their canasta): "
                                         "nobody may meld them this deal, so a pile topped by one cannot be taken "
                                         "(MAC A.6)", rank=rank_code(r))
    if top == JOKER and state.rules.joker_discard_blocks_round:
        return refusal("joly_on_top", "a joly is on top: only the next player may take it, showing two wild cards "
                                      "and making his side's meld of wild cards a joker canasta this turn (§3.4)")
    if (top == JOKER or r == TWO) and state.rules.wild_pair_takes_wild:
        if state.rules.no_pile_for_initial_meld and not state.opened[side]:
            return refusal("no_pile_for_initial_meld", NO_PILE_FOR_OPENING)
        if not _wild_pair(move.cards, top):
            what = "two jokers" if top == JOKER else "two twos"
            code = "wild_top_needs_jokers" if top == JOKER else "wild_top_needs_twos"
            return refusal(code, f"a pile topped by {card_str(top)} is taken only with a pair of the same wild card: "
                                 f"{what} (§3.2)", top=card_str(top))
        return refusal("wild_pair_take_fails", "the pair and the top card would not fit your side's meld of wild "
                                               "cards, or leave you no card to discard, or miss your initial meld "
                                               "(§1.6, §3.2)")
    if top == JOKER or r == TWO:
        return refusal("wild_on_top", f"a wild card ({card_str(top)}) is on top of the pile: it cannot be taken (§1.7)",
                       top=card_str(top))
    if r == THREE:
        return refusal("black_three_on_top", f"a black three ({card_str(top)}) stops the pile: it cannot be taken "
                                             "this turn (§1.8)", top=card_str(top))
    return _explain_take_of_rank(state, move, seat, side, top)


def _wild_pair(cards: tuple[int, ...], top: int) -> bool:
    """Whether ``cards`` are the pair a pile topped by the wild card ``top`` is taken with
    (:func:`canasta.engine.movegen.wild_sequences.wild_pair_problem` is '')."""
    if top == JOKER:
        return len(cards) == 2 and all(c == JOKER for c in cards)
    return len(cards) == 2 and all(c != JOKER and IS_WILD[c] for c in cards)


def _explain_take_of_rank(state: DealState, move: Move, seat: int, side: int, top: int) -> Refusal:
    """Why taking a pile whose top card is a natural of a rank is refused (RULES.md §1.4, §1.6, §1.7, §3.2)."""
    pile = state.pile
    rules = state.rules
    r = top >> 2
    word = RANK_WORDS[r]
    rank = rank_code(r)
    if rules.no_opening_first_round and state.first_round():
        return refusal("first_round_no_take", "nobody takes the pile in the first round (§3.4)")
    if state.turn_no <= state.blocked_until:
        return refusal("joly_blocks_pile", f"a joly was discarded less than a round ago: nobody takes the pile before "
                                           f"turn {state.blocked_until + 1} (§3.4)", turn=state.blocked_until + 1)
    need_canasta = canasta_take_rule(state, seat, side)
    if need_canasta:
        tail = f": you may take the pile only if the top card and cards from your hand make its meld of {word} a " \
               "canasta this turn (§3.4)"
        if state.opened[side]:
            return refusal("partner_opened_take_canasta", "your partner made your side's initial meld this round"
                           + tail, rank=rank)
        return refusal("opening_take_canasta", f"your side's initial meld must hold a {need_canasta.replace('_', ' ')}"
                       + tail, rank=rank, kind=need_canasta)
    if r == state.variant_ranks.pile_block:
        return refusal("rank_blocks_pile", f"a {RANKS[r]} ({card_str(top)}) is on top: in this variant {word} block "
                                           "the pile", rank=rank, top=card_str(top))
    if rules.one_card_pile_rule and state.hand_sizes[seat] == 1 and len(pile) == 1:
        return refusal("one_card_one_pile", "you hold one card and the pile has one card: you may not take it (§1.7)")
    if move.seq:
        return explain_sequence_take(state, move) or refusal("no_card_left_take", NO_CARD_LEFT)
    if rules.no_pile_for_initial_meld and not state.opened[side]:
        return refusal("no_pile_for_initial_meld", NO_PILE_FOR_OPENING)
    mi = state.meld_index[side][r]
    if mi >= 0 and rules.own_canasta_rank_blocks_pile and state.melds[side][mi].is_canasta:
        return refusal("own_canasta_blocks_pile", f"your side has a canasta of {word}: a {RANKS[r]} on top blocks the "
                                                  "pile for you", rank=rank)
    held = not_held(state, move.cards)
    if held:
        return refusal("not_held", f"you do not hold {held.params['card']}", card=held.params["card"])
    if move.cards and any(c >> 2 != r and not IS_WILD[c] for c in move.cards):
        return refusal("take_cards_must_match", f"to take the pile your cards must match its top card, "
                                                f"{card_str(top)}", top=card_str(top))
    if state.pile_frozen_for(side) and len([c for c in move.cards if c >> 2 == r]) < 2:
        return Refusal("frozen_needs_pair", f"the pile is {state.frozen_reason(side)}: you need a natural pair of "
                                            f"{word} (§1.7)", {"rank": rank, **frozen_params(state, side)})
    if not move.cards and mi < 0:
        return refusal("no_meld_for_top", f"your side has no meld of {word} to add the top card to", rank=rank)
    if not move.cards and rules.pile_add_below and state.melds[side][mi].size >= rules.pile_add_below:
        size = state.melds[side][mi].size
        return refusal("pile_add_below", f"the top card may be added only to a meld of fewer than "
                                         f"{rules.pile_add_below} cards; your meld of {word} has {size} (§3.2)",
                       n=rules.pile_add_below, rank=rank, size=size)
    if mi >= 0 and state.melds[side][mi].size + len(move.cards) + 1 > rules.meld_cap:
        return refusal("take_meld_cap", f"your meld of {word} would hold more than {rules.meld_cap} cards: a full "
                                        "canasta takes no more (§3.2 Cuban)", rank=rank, n=rules.meld_cap)
    if not state.opened[side]:
        return refusal("take_initial_meld_short", f"the top card and the cards from your hand cannot reach your "
                                                  f"side's initial meld of {state.minimum[side]} points (pile cards "
                                                  "below the top do not count, §1.6)", points=state.minimum[side])
    if state.hand_sizes[seat] - len(move.cards) + len(pile) - 1 < 2:
        return refusal("no_card_left_take", NO_CARD_LEFT)
    return refusal("take_not_allowed", "that way of taking the pile is not allowed in this variant (§1.7)")
