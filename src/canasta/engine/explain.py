"""Refusals in words: why a move is not legal now, naming the rule (RULES.md sections in a player's words).
"""

from __future__ import annotations

from canasta.cards.deck import (
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    RANKS,
    THREE,
    TWO,
    card_str,
)
from canasta.cards.sequences import sequence_problem
from canasta.engine.constraints.after_move import canastas_missing_for_initial_meld
from canasta.engine.constraints.canasta_in_opening import KIND_WORDS
from canasta.engine.constraints.going_out import (
    canastas_needed_words,
    side_may_go_out,
)
from canasta.engine.constraints.minimum_count import initial_meld_done
from canasta.engine.extra_cards import (
    blocked_discard,
    out_block_reason,
)
from canasta.engine.movegen.move_cards import RANK_WORDS
from canasta.engine.movegen.pile_takes import canasta_take_rule
from canasta.engine.movegen.sequence_refusals import explain_sequence, explain_sequence_take
from canasta.engine.movegen.turn_moves import legal_actions
from canasta.engine.movegen.twos import twos_reserved
from canasta.engine.movegen.wild_sequences import wild_pair_problem
from canasta.engine.state import (
    P_ANSWER,
    P_DRAW,
    DealState,
)
from canasta.moves.actions import action_of
from canasta.moves.notation import (
    ADD,
    ASK,
    DISCARD,
    DRAW,
    MELD,
    NO,
    PASS,
    SEQ_TARGET,
    TAKE,
    WILD_TARGET,
    YES,
    Move,
    MoveError,
)

MUST_ASK = ("in this variant you go out only after asking your partner 'may I go out?' and being told "
            "yes: keep at least two cards until then (§3.2)")


def explain(state: DealState, move: Move) -> str:
    """Why ``move`` is not legal now, in a player's words (RULES.md sections named); for a move that
    is legal now, the text says so."""
    if state.over:
        return "the deal is over"
    try:
        if action_of(move) in legal_actions(state):
            return "that move is legal now"
    except MoveError:
        pass
    kind = move.kind
    seat = state.turn
    side = state.side_of[seat]
    if state.phase == P_ANSWER:
        if kind in (YES, NO):
            return "only your partner can answer"
        # the player to act is the one asked (only he may move now): the question is his partner's
        return "you must first answer your partner's question 'may I go out?' with yes or no"
    if kind in (YES, NO):
        return "nobody asked to go out"
    if state.phase == P_DRAW:
        if kind == DRAW and state.stock_out:
            return "the stock is gone: take the pile if you can, or pass"
        if kind == PASS and state.stock_out:
            return "the stock is gone and the pile's top card fits your meld: you must take the pile (§1.10)"
        if kind in (MELD, ADD, DISCARD, ASK, PASS):
            return "first draw from the stock ('draw') or take the discard pile ('take ...')"
        if kind == TAKE:
            return explain_take(state, move)
        return "that move is not allowed now"
    # play phase
    if kind in (DRAW, TAKE):
        return "you have already drawn this turn"
    if kind == PASS:
        return "you can pass only when the stock is gone or after drawing the last red three"
    if kind == ASK:
        return explain_ask(state, seat, side)
    if state.must_canasta >= 0 and kind in (DISCARD, MELD, ADD, ASK):
        return (
            f"you took the pile with a canasta: first complete your canasta of "
            f"{RANK_WORDS[state.must_canasta]}; then the pile joins your hand (§3.4)"
        )
    if kind in (MELD, ADD) and state.rules.no_opening_first_round and state.first_round():
        return "nobody melds in the first round (§3.4)"
    if kind == DISCARD:
        return explain_discard(state, move, seat, side)
    return explain_meld(state, move, seat, side)


def explain_ask(state: DealState, seat: int, side: int) -> str:
    """Why asking "may I go out?" is refused now (RULES.md §1.9, §3.3 b)."""
    if state.rules.team_size < 2:
        return "you have no partner to ask"
    if state.asked:
        return "you have already asked this turn"
    if not state.rules.ask_requires_going_out:
        return (
            "you may ask only after drawing, with at least two cards in your hand and no initial meld half made"
        )
    why = out_block_reason(state, seat)
    if why:
        return why
    if not side_may_go_out(state, side):
        return (
            f"you cannot go out this turn: your side needs {canastas_needed_words(state)} to go out; "
            "ask only when you can go out"
        )
    return "you cannot go out this turn with these cards; ask only when you can go out"


def explain_discard(state: DealState, move: Move, seat: int, side: int) -> str:
    """Why a discard is refused now (RULES.md §1.4, §1.9, §1.10, §3.5)."""
    if state.no_discard:
        return "you drew the last red three: you may meld, but not discard; 'pass' ends the deal"
    card = move.cards[0]
    if not state.hands[seat][card]:
        return f"you do not hold {card_str(card)}"
    if (
        IS_BLACK_THREE[card]
        and state.rules.black3_no_discard_first_round
        and state.first_round()
        and state.hand_sizes[seat] > state.rank_counts[seat][THREE]
    ):
        return (
            "black threes may not be discarded in your first turn of the deal while you hold "
            "other cards (§3.2 Cuban)"
        )
    if state.hand_sizes[seat] == 1 and card >> 2 == state.variant_ranks.discard_block:
        return f"you may not go out by discarding one of the {RANK_WORDS[card >> 2]} (§3.5)"
    if blocked_discard(state, card):
        return (
            f"{RANK_WORDS[card >> 2]} may not be discarded until every side has a canasta of "
            f"{RANK_WORDS[card >> 2]} (§3.5)"
        )
    if state.conceal_only:
        return (
            "you took the pile without reaching your initial meld: you must go out "
            "concealed this turn (option concealed_waives_minimum_with_pile)"
        )
    if not initial_meld_done(state):
        missing = canastas_missing_for_initial_meld(state, side)
        if missing and state.open_total >= state.minimum[side]:
            return (
                f"your side's initial meld must include {KIND_WORDS[missing]} completed this turn: "
                "meld more before you discard (§3.2)"
            )
        return (
            f"your melds this turn count {state.open_total}; your side's initial meld needs "
            f"{state.minimum[side]}: meld more before you discard (§1.6)"
        )
    if state.answer > 0:
        return "your partner said yes: you must go out this turn (§1.9)"
    if state.hand_sizes[seat] == 1:
        if state.answer < 0:
            return "your partner said no: you may not go out this turn"
        why = out_block_reason(state, seat)
        if why:
            return why
        if state.rules.must_ask_to_go_out and state.answer == 0 and side_may_go_out(state, side):
            return MUST_ASK
        return (
            f"discarding your last card would go out, and your side needs {canastas_needed_words(state)} "
            "to go out (§1.9)"
        )
    return "that discard is not allowed now"


def explain_meld(state: DealState, move: Move, seat: int, side: int) -> str:
    """Why a meld or an addition is refused now (RULES.md §1.5, §1.6, §1.8, §3.2)."""
    cards = move.cards
    h = state.hands[seat]
    for c in set(cards):
        if h[c] < cards.count(c):
            return f"you do not hold {'enough ' if cards.count(c) > 1 else ''}{card_str(c)}"
    target = move.target
    nat = [c for c in cards if not IS_WILD[c]]
    wild = len(cards) - len(nat)
    if any(IS_RED_THREE[c] for c in cards):
        return "red threes are never melded (§1.3)"
    if not move.seq and len({c >> 2 for c in nat}) > 1 and any(IS_BLACK_THREE[c] for c in nat):
        nat, target = [c for c in nat if IS_BLACK_THREE[c]], THREE  # the black threes' rule is the reason
    elif target == SEQ_TARGET and not state.rules.sequences and sequence_problem(nat):
        return "a meld is of one rank: all its natural cards must have the same rank (§1.5)"
    if target == SEQ_TARGET or move.seq:
        return explain_sequence(state, move) or explain_meld_tail(state, cards)
    if len({c >> 2 for c in nat}) > 1:
        return "a meld is of one rank: all its natural cards must have the same rank (§1.5)"
    if target == THREE and state.rules.black3_set_leaves_play:
        return (
            "black threes are never melded; a player holding all four may put them out of play "
            "together ('meld 3C 3C 3S 3S') after the first round, keeping a card to discard (§3.4)"
        )
    if target == THREE and state.rules.black3_melds_anytime:
        return (
            "black threes form one set of three or four per side, laid out at once without wild cards, "
            "nothing added to it, keeping two cards in hand (§3.5)"
        )
    if target == THREE:
        return (
            "black threes may be melded only when you go out with them: three or four of them, "
            "no wild cards, and your side needs its canastas (§1.8)"
        )
    if target == WILD_TARGET and not state.rules.wild_melds:
        return "melds of wild cards only are not allowed in this variant (§1.5)"
    if (
        state.rules.twos_melds
        and target != TWO
        and any(c != JOKER and IS_WILD[c] for c in cards)
        and twos_reserved(state, side)
    ):
        return (
            "your side's meld of twos is not yet a canasta: until it is, its twos may not be wild cards "
            "in other melds (§3.2 Italian)"
        )
    if target == TWO and state.rules.twos_melds and not state.opened[side]:
        return "your side melds twos of their own only after its initial meld (§3.2 Italian)"
    return _explain_meld_size(state, move, side, target, nat, wild)


def _explain_meld_size(state: DealState, move: Move, side: int, target: int, nat: list[int], wild: int) -> str:
    """Why a meld or an addition of one rank is refused: the meld it needs, its size, its wild cards (§1.5)."""
    kind = move.kind
    cards = move.cards
    mi = state.meld_index[side][target] if 0 <= target < 14 else -1
    if kind == MELD and mi >= 0 and not (state.rules.several_melds_per_rank and state.melds[side][mi].is_canasta):
        more = (
            " (another meld of that rank may be started once it is a canasta)"
            if state.rules.several_melds_per_rank
            else ""
        )
        return (
            f"your side already has a meld of {RANK_WORDS[target]}{more}: add to it with "
            f"'add {' '.join(card_str(c) for c in cards)}'"
        )
    if kind == ADD and mi < 0:
        return f"your side has no meld of {RANK_WORDS[target]} to add to; start one with 'meld ...'"
    m = state.melds[side][mi] if mi >= 0 else None
    nat_total = len(nat) + (m.nat if m else 0)
    wild_total = wild + (m.wild if m else 0)
    if target == WILD_TARGET:
        total = len(cards) + (m.size if m else 0)
        if kind == MELD and len(cards) < state.rules.wild_meld_min:
            return (
                f"a meld of wild cards needs at least {state.rules.wild_meld_min} cards at once "
                "(option wild_meld_min)"
            )
        if total > state.rules.wild_meld_cap:
            return f"a meld of wild cards may hold at most {state.rules.wild_meld_cap} cards"
    elif len(cards) + (m.size if m else 0) > state.rules.meld_cap:
        return f"a meld may hold at most {state.rules.meld_cap} cards: a full canasta takes no more (§3.2 Cuban)"
    if kind == MELD and len(cards) < 3:
        return "a meld needs at least 3 cards (§1.5)"
    if nat_total < state.rules.min_naturals and target != WILD_TARGET:
        return f"a meld needs at least {state.rules.min_naturals} natural cards (§1.5)"
    if wild_total > state.rules.wild_limit and target != WILD_TARGET:
        return f"a meld may hold at most {state.rules.wild_limit} wild cards (§1.5)"
    if state.rules.no_wild_majority and wild_total > nat_total and target != WILD_TARGET:
        return "wild cards may not outnumber the natural cards of a meld (option no_wild_majority)"
    if state.rules.naturals_exceed_wilds and wild_total >= nat_total and target != WILD_TARGET:
        return ("the natural cards of a meld must outnumber its wild cards (option naturals_exceed_wilds, "
                "Hand and Foot B.6)")
    return explain_meld_tail(state, cards)


def explain_meld_tail(state: DealState, cards: tuple[int, ...]) -> str:
    """Why a meld of a fine shape is refused: a card to keep, the initial meld, a promise to go out."""
    seat = state.turn
    side = state.side_of[seat]
    after = state.hand_sizes[seat] - len(cards) + state._to_hand(state.pending)
    if after < 2:
        if state.answer < 0:
            return "your partner said no: you may not go out this turn, so keep at least two cards"
        why = out_block_reason(state, seat)
        if why:
            return why
        if state.rules.must_ask_to_go_out and state.answer == 0:
            return MUST_ASK
        return (
            f"you must keep a card to discard: your side needs {canastas_needed_words(state)} "
            "before you can meld your last cards (§1.4, §1.9)"
        )
    if not state.opened[side]:
        missing = canastas_missing_for_initial_meld(state, side)
        extra = f" and {KIND_WORDS[missing]}" if missing else ""
        return (
            f"this meld would leave your side unable to reach its initial meld of "
            f"{state.minimum[side]} points{extra} while keeping a card to discard (§1.6)"
        )
    if state.conceal_only:
        return "you took the pile without your initial meld: every move must keep you able to go out"
    if state.answer > 0:
        return "your partner said yes: every move must keep you able to go out this turn"
    return "that meld is not allowed now"


def explain_take(state: DealState, move: Move) -> str:
    """Why taking the pile is refused now: its top card first (RULES.md §1.7, §1.8, §3.2, §3.4)."""
    pile = state.pile
    seat = state.turn
    side = state.side_of[seat]
    if not pile:
        return "the discard pile is empty"
    top = pile[-1]
    r = top >> 2
    if top == JOKER and state.rules.joker_discard_blocks_round:
        return (
            "a joly is on top: only the next player may take it, showing two wild cards and making "
            "his side's meld of wild cards a joker canasta this turn (§3.4)"
        )
    if (top == JOKER or r == TWO) and state.rules.wild_pair_takes_wild:
        if state.rules.no_pile_for_initial_meld and not state.opened[side]:
            return "your side has not made its initial meld: in this variant the pile cannot be taken for it"
        bad = wild_pair_problem(state, move.cards)
        if bad:
            return bad
        return (
            "the pair and the top card would not fit your side's meld of wild cards, or leave you no "
            "card to discard, or miss your initial meld (§1.6, §3.2)"
        )
    if top == JOKER or r == TWO:
        return f"a wild card ({card_str(top)}) is on top of the pile: it cannot be taken (§1.7)"
    if r == THREE:
        return f"a black three ({card_str(top)}) stops the pile: it cannot be taken this turn (§1.8)"
    return _explain_take_of_rank(state, move, seat, side, top)


def _explain_take_of_rank(state: DealState, move: Move, seat: int, side: int, top: int) -> str:
    """Why taking a pile whose top card is a natural of a rank is refused (RULES.md §1.4, §1.6, §1.7, §3.2)."""
    pile = state.pile
    r = top >> 2
    word = RANK_WORDS[r]
    if state.rules.no_opening_first_round and state.first_round():
        return "nobody takes the pile in the first round (§3.4)"
    if state.turn_no <= state.blocked_until:
        return (
            f"a joly was discarded less than a round ago: nobody takes the pile before turn "
            f"{state.blocked_until + 1} (§3.4)"
        )
    need_canasta = canasta_take_rule(state, seat, side)
    if need_canasta:
        why = (
            "your partner made your side's initial meld this round"
            if state.opened[side]
            else f"your side's initial meld must hold a {need_canasta.replace('_', ' ')}"
        )
        return (
            f"{why}: you may take the pile only if the top card and cards from your hand make "
            f"its meld of {word} a canasta this turn (§3.4)"
        )
    if r == state.variant_ranks.pile_block:
        return f"a {RANKS[r]} ({card_str(top)}) is on top: in this variant {word} block the pile"
    if state.rules.one_card_pile_rule and state.hand_sizes[seat] == 1 and len(pile) == 1:
        return "you hold one card and the pile has one card: you may not take it (§1.7)"
    if move.seq:
        why = explain_sequence_take(state, move)
        if why:
            return why
        return "you would have no card left to discard, and your side cannot go out yet (§1.4)"
    if state.rules.no_pile_for_initial_meld and not state.opened[side]:
        return "your side has not made its initial meld: in this variant the pile cannot be taken for it"
    mi = state.meld_index[side][r]
    if mi >= 0 and state.rules.own_canasta_rank_blocks_pile and state.melds[side][mi].is_canasta:
        return f"your side has a canasta of {word}: a {RANKS[r]} on top blocks the pile for you"
    h = state.hands[seat]
    for c in set(move.cards):
        if h[c] < move.cards.count(c):
            return f"you do not hold {card_str(c)}"
    frozen = state.pile_frozen_for(side)
    if move.cards and any(c >> 2 != r and not IS_WILD[c] for c in move.cards):
        return f"to take the pile your cards must match its top card, {card_str(top)}"
    if frozen:
        nat = [c for c in move.cards if c >> 2 == r]
        if len(nat) < 2:
            return f"the pile is {state.frozen_reason(side)}: you need a natural pair of {word} (§1.7)"
    if not move.cards and mi < 0:
        return f"your side has no meld of {word} to add the top card to"
    if not move.cards and state.rules.pile_add_below and state.melds[side][mi].size >= state.rules.pile_add_below:
        return (
            f"the top card may be added only to a meld of fewer than {state.rules.pile_add_below} "
            f"cards; your meld of {word} has {state.melds[side][mi].size} (§3.2)"
        )
    if mi >= 0 and state.melds[side][mi].size + len(move.cards) + 1 > state.rules.meld_cap:
        return (
            f"your meld of {word} would hold more than {state.rules.meld_cap} cards: "
            "a full canasta takes no more (§3.2 Cuban)"
        )
    if not state.opened[side]:
        return (
            f"the top card and the cards from your hand cannot reach your side's initial meld of "
            f"{state.minimum[side]} points (pile cards below the top do not count, §1.6)"
        )
    if state.hand_sizes[seat] - len(move.cards) + len(pile) - 1 < 2:
        return "you would have no card left to discard, and your side cannot go out yet (§1.4)"
    return "that way of taking the pile is not allowed in this variant (§1.7)"
