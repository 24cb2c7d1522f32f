"""Refusals in words: why a move is not legal now, naming the rule (RULES.md sections in a player's words).

:func:`explain_refusal` gives the reason as a :class:`~canasta.engine.refusals.Refusal` (a stable code, its
parameters and the English text, for clients that word it in their language: the web pages); :func:`explain`
gives the English text alone (the terminal, the API, :class:`~canasta.engine.deal.IllegalMove`'s message).
Melds are refused in :mod:`canasta.engine.refuse_melds`, takes of the pile in :mod:`canasta.engine.refuse_takes`,
sequences in :mod:`canasta.engine.refuse_sequences`.
"""

from __future__ import annotations

from canasta.cards.deck import IS_BLACK_THREE, THREE, card_str
from canasta.engine.constraints.after_move import canastas_missing_for_initial_meld
from canasta.engine.constraints.canasta_in_opening import KIND_WORDS
from canasta.engine.constraints.clean_triple import CLEAN_TRIPLE, OR_WILD_MELD
from canasta.engine.constraints.discards import discard_problem
from canasta.engine.constraints.going_out import side_may_go_out
from canasta.engine.constraints.minimum_count import initial_meld_done
from canasta.engine.extra_cards import blocked_discard
from canasta.engine.movegen.move_cards import RANK_WORDS
from canasta.engine.movegen.turn_moves import legal_actions
from canasta.engine.refusals import NO_FINAL_DISCARD, Refusal, needed_words, needing, out_block, rank_code, refusal
from canasta.engine.refuse_melds import KINDS, MUST_ASK, explain_meld
from canasta.engine.refuse_special_hands import declare_refusal, layout_refusal
from canasta.engine.refuse_takes import explain_take
from canasta.engine.state import P_ANSWER, P_DRAW, DealState
from canasta.moves.actions import action_of
from canasta.moves.notation import ADD, ASK, DECLARE, DISCARD, DRAW, LAYOUT, MELD, NO, PASS, TAKE, YES, Move, MoveError

__all__ = ["MUST_ASK", "Refusal", "explain", "explain_refusal"]


def explain(state: DealState, move: Move) -> str:
    """Why ``move`` is not legal now, in a player's words (RULES.md sections named); for a move that
    is legal now, the text says so. The text of :func:`explain_refusal`."""
    return explain_refusal(state, move).text


def explain_refusal(state: DealState, move: Move) -> Refusal:
    """Why ``move`` is not legal now: a :class:`Refusal` (code, parameters, English text). For a move that is
    legal now, the code ``legal_now``; after the deal, ``deal_over``. Never raises for a well-formed move."""
    if state.over:
        return refusal("deal_over", "the deal is over")
    try:
        if action_of(move) in legal_actions(state):
            return refusal("legal_now", "that move is legal now")
    except MoveError:
        pass
    kind = move.kind
    seat = state.turn
    side = state.side_of[seat]
    if state.phase == P_ANSWER:
        if kind in (YES, NO):
            return refusal("partner_answers", "only your partner can answer")
        # the player to act is the one asked (only he may move now): the question is his partner's
        return refusal("answer_first", "you must first answer your partner's question 'may I go out?' with yes or no")
    if kind in (YES, NO):
        return refusal("nobody_asked", "nobody asked to go out")
    if kind == DECLARE:  # a special hand laid down (MAC A.11)
        return declare_refusal(state, seat) or refusal("not_allowed_now", "that move is not allowed now")
    if kind == LAYOUT:  # the three kept back for the Straight laid out (MAC A.3)
        return layout_refusal(state, seat) or refusal("not_allowed_now", "that move is not allowed now")
    if state.phase == P_DRAW:
        return _explain_draw_phase(state, move)
    if kind in (DRAW, TAKE):
        return refusal("already_drawn", "you have already drawn this turn")
    if kind == PASS:
        return refusal("pass_not_allowed", "you can pass only when the stock is gone or after drawing the last red "
                                           "three")
    if kind == ASK:
        return explain_ask(state, seat, side)
    if state.must_canasta >= 0 and kind in (DISCARD, MELD, ADD, ASK):
        return refusal("complete_canasta_first", f"you took the pile with a canasta: first complete your canasta of "
                                                 f"{RANK_WORDS[state.must_canasta]}; then the pile joins your hand "
                                                 "(§3.4)", rank=rank_code(state.must_canasta))
    if kind in (MELD, ADD) and state.rules.no_opening_first_round and state.first_round():
        return refusal("first_round_no_meld", "nobody melds in the first round (§3.4)")
    if kind == DISCARD:
        return explain_discard(state, move, seat, side)
    return explain_meld(state, move, seat, side)


def _explain_draw_phase(state: DealState, move: Move) -> Refusal:
    """Why a move is refused before the player to act has drawn (RULES.md §1.7, §1.10)."""
    kind = move.kind
    if kind == DRAW and state.stock_out:
        return refusal("stock_gone", "the stock is gone: take the pile if you can, or pass")
    if kind == PASS and state.stock_out:
        return refusal("must_take_pile", "the stock is gone and the pile's top card fits your meld: you must take "
                                         "the pile (§1.10)")
    if kind in (MELD, ADD, DISCARD, ASK, PASS):
        return refusal("draw_first", "first draw from the stock ('draw') or take the discard pile ('take ...')")
    if kind == TAKE:
        return explain_take(state, move)
    return refusal("not_allowed_now", "that move is not allowed now")


def explain_ask(state: DealState, seat: int, side: int) -> Refusal:
    """Why asking "may I go out?" is refused now (RULES.md §1.9, §3.3 b)."""
    if state.rules.team_size < 2:
        return refusal("no_partner", "you have no partner to ask")
    if state.asked:
        return refusal("already_asked", "you have already asked this turn")
    if not state.rules.ask_requires_going_out:
        return refusal("ask_when", "you may ask only after drawing, with at least two cards in your hand and no "
                                   "initial meld half made")
    why = out_block(state, seat)
    if why:
        return why
    if not side_may_go_out(state, side):
        return needing("ask_needs_canastas", f"you cannot go out this turn: your side needs {needed_words(state)} to "
                                             "go out; ask only when you can go out", state)
    return refusal("ask_cannot_go_out", "you cannot go out this turn with these cards; ask only when you can go out")


def explain_discard(state: DealState, move: Move, seat: int, side: int) -> Refusal:
    """Why a discard is refused now (RULES.md §1.4, §1.9, §1.10, §3.5)."""
    if state.no_discard:
        return refusal("no_discard_last_red_three", "you drew the last red three: you may meld, but not discard; "
                                                    "'pass' ends the deal")
    card = move.cards[0]
    if not state.hands[seat][card]:
        return refusal("not_held", f"you do not hold {card_str(card)}", card=card_str(card))
    if (
        IS_BLACK_THREE[card]
        and state.rules.black3_no_discard_first_round
        and state.first_round()
        and state.hand_sizes[seat] > state.rank_counts[seat][THREE]
    ):
        return refusal("black_three_first_turn", "black threes may not be discarded in your first turn of the deal "
                                                 "while you hold other cards (§3.2 Cuban)")
    rank = card >> 2
    if state.hand_sizes[seat] == 1 and state.rules.going_out_by_melding and not state.packets[seat]:
        return refusal("no_final_discard", NO_FINAL_DISCARD)
    if state.hand_sizes[seat] == 1 and rank == state.variant_ranks.discard_block:
        return refusal("no_going_out_by_discard", f"you may not go out by discarding one of the {RANK_WORDS[rank]} "
                                                  "(§3.5)", rank=rank_code(rank))
    why = discard_problem(state, seat, card)  # MAC A.5: onto an empty pile, wild cards
    if why:
        return _discard_restricted(why)
    if blocked_discard(state, card):
        return refusal("discard_blocked", f"{RANK_WORDS[rank]} may not be discarded until every side has a canasta "
                                          f"of {RANK_WORDS[rank]} (§3.5)", rank=rank_code(rank))
    if state.conceal_only:
        return refusal("conceal_only", "you took the pile without reaching your initial meld: you must go out "
                                       "concealed this turn (option concealed_waives_minimum_with_pile)")
    if not initial_meld_done(state):
        missing = canastas_missing_for_initial_meld(state, side)
        if missing and state.open_total >= state.minimum[side]:
            return refusal("initial_meld_needs_kind", f"your side's initial meld must include {KIND_WORDS[missing]} "
                                                      "completed this turn: meld more before you discard (§3.2)",
                           kind=KINDS[missing])
        if state.rules.opening_requires == CLEAN_TRIPLE and state.open_total >= state.minimum[side]:
            return refusal("initial_meld_needs_clean_triple", "your side's initial meld must include a clean triple "
                                                              "(three natural cards of a rank or more, no wild card, "
                                                              "not the pile's top card): meld one before you discard "
                                                              "(MAC A.7)")
        if state.rules.opening_requires == OR_WILD_MELD and state.open_total >= state.minimum[side]:
            return refusal("initial_meld_needs_clean_triple_or_wild_meld",
                           "your side's initial meld must include a clean triple (three natural cards of a rank or "
                           "more, no wild card, not the pile's top card) or a meld of three wild cards or more: meld "
                           "one before you discard (MAC A.7, pagat)")
        return refusal("initial_meld_short", f"your melds this turn count {state.open_total}; your side's initial "
                                             f"meld needs {state.minimum[side]}: meld more before you discard (§1.6)",
                       count=state.open_total, points=state.minimum[side])
    if state.answer > 0:
        return refusal("partner_said_yes", "your partner said yes: you must go out this turn (§1.9)")
    if state.hand_sizes[seat] == 1:
        return _explain_last_discard(state, seat, side)
    return refusal("discard_not_allowed", "that discard is not allowed now")


def _explain_last_discard(state: DealState, seat: int, side: int) -> Refusal:
    """Why discarding the last card (going out) is refused (RULES.md §1.9, §3.2)."""
    if state.answer < 0:
        return refusal("partner_said_no", "your partner said no: you may not go out this turn")
    why = out_block(state, seat)
    if why:
        return why
    if state.rules.must_ask_to_go_out and state.answer == 0 and side_may_go_out(state, side):
        return refusal("must_ask", MUST_ASK)
    return needing("last_discard_needs_canastas", f"discarding your last card would go out, and your side needs "
                                                  f"{needed_words(state)} to go out (§1.9)", state)


def _discard_restricted(code: str) -> Refusal:
    """The refusal of a discard that Modern American Canasta's A.5 forbids (``code`` from
    :func:`~canasta.engine.constraints.discards.discard_problem`)."""
    if code == "three_no_discard":
        return refusal("three_no_discard", "a three is never discarded; the one you keep for the Straight is laid "
                                           "out once your side has melded (A.3)")
    if code == "wild_discard_only_going_out":
        return refusal("wild_discard_only_going_out", "a wild card may be discarded only when going out or when "
                                                      "your hand holds only wild cards (A.5)")
    if code == "empty_pile_no_wild":
        return refusal("empty_pile_no_wild", "a wild card may not be discarded onto an empty pile (A.5: sevens, "
                                             "wild cards, aces, dead cards)")
    if code == "empty_pile_no_dead_rank":
        return refusal("empty_pile_no_dead_rank", "a card of a dead rank may not be discarded onto an empty pile "
                                                  "while you hold another natural card (A.5)")
    if code == "empty_pile_no_ace_seven":
        return refusal("empty_pile_no_ace_seven", "an ace or a seven may not be discarded onto an empty pile (A.5: "
                                                  "sevens, wild cards, aces)")
    return refusal("empty_pile_ace_seven_last", "an ace or a seven may not be discarded onto an empty pile unless "
                                                "they are your only natural cards")
