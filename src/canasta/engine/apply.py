"""Applying a move (RULES.md §1.2 - §1.10): draws, pile takes, melds, discards, the turn flow, red threes replaced,
the stock running out, the end of the deal.
"""

from __future__ import annotations

from typing import Final

from canasta.cards.deck import (
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    N_TYPES,
    THREE,
    TWO,
    card_str,
    is_black_three,
)
from canasta.cards.sequences import extended
from canasta.cards.shuffle import shuffle
from canasta.engine.constraints.going_out import can_go_out_now, side_may_go_out
from canasta.engine.constraints.initial_meld_reach import initial_meld_reached
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.engine.constraints.minimum_count import pile_take_waiver_rules
from canasta.engine.constraints.out_blocks import side_blocked
from canasta.engine.cutthroat import form_alliance
from canasta.engine.dowry import take_dowry
from canasta.engine.extra_cards import give_extra_cards
from canasta.engine.hand_foot import foot_waits, goes_out_from_hand, pile_cut, take_foot
from canasta.engine.movegen.move_cards import ACTION_KINDS, RANK_WORDS, move_for_action
from canasta.engine.movegen.pile_takes import (
    canasta_take_rule,
    take_modes,
)
from canasta.engine.movegen.sequences import find_sequence
from canasta.engine.movegen.turn_moves import COMPILED, legal_actions, play_actions, settle_must_go_out
from canasta.engine.movegen.wild_sequences import wild_pair_problem
from canasta.engine.state import (
    ENGINE_CALLS,
    P_ANSWER,
    P_DRAW,
    P_OVER,
    P_PLAY,
    DealState,
    EngineCalls,
    Meld,
    draw_cards,
    give_card,
    side_melds,
    take_card,
)
from canasta.engine.talon import earn_talon, give_talon, talon_due
from canasta.errors import IllegalMove
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import (
    ADD,
    ASK,
    DECLARE,
    DISCARD,
    DRAW,
    KIND_NAMES,
    LAYOUT,
    MELD,
    NO,
    PASS,
    SEQ_TARGET,
    TAKE,
    TAKE_ADD,
    TAKE_NAT_JOKER,
    TAKE_NAT_TWO,
    TAKE_PAIR,
    TAKE_SEQ,
    TAKE_SEQ_WILD,
    WILD_TARGET,
    YES,
    Move,
)

MAX_RESHUFFLES: Final = 3
"""Safeguard for ``stock_end=reshuffle`` (and ``reshuffle_below_top``): after this many reshuffles the deal ends as
with ``end``."""


_CARD_COUNTS: Final = {DRAW: (0,), ASK: (0,), YES: (0,), NO: (0,), PASS: (0,), DECLARE: (0,), LAYOUT: (0,),
                       DISCARD: (1,), TAKE: (0, 2)}


def _check_shape(move: Move) -> None:
    """Refuse a :class:`Move` built by hand with an impossible shape (as the notation would).

    Raises:
        IllegalMove: unknown kind, a card that is not a card type, or the wrong number of cards.
    """
    kind = move.kind
    if not isinstance(kind, int) or not 0 <= kind <= LAYOUT:
        raise IllegalMove(f"{kind!r} is not a kind of move")
    if any(not isinstance(c, int) or not 0 <= c < N_TYPES for c in move.cards):
        raise IllegalMove("a move's cards must be card types 0..52")
    counts = _CARD_COUNTS.get(kind)
    if counts is not None and len(move.cards) not in counts:
        raise IllegalMove(f"'{KIND_NAMES[kind]}' takes {' or '.join(map(str, counts))} card(s), "
                          f"not {len(move.cards)}")
    if kind in (MELD, ADD) and (not move.cards or not 0 <= move.target <= SEQ_TARGET):
        raise IllegalMove(f"'{KIND_NAMES[kind]}' needs cards and a meld rank")


def start_turn(state: DealState, seat: int) -> None:
    """Start ``seat``'s turn: the draw phase, the turn's flags cleared; extra cards due given (§3.5), the stock running
    out handled (§1.10)."""
    state.turn = seat
    state.actor = seat
    state.phase = P_DRAW
    state.drew = 0
    state.open_total = 0
    state.turn_new = []
    state.touched_old = False
    state.asked = False
    state.answer = 0
    state.no_discard = False
    state.conceal_only = False
    state.must_canasta = -1
    state._legal = None
    state.turn_no += 1
    lim = state.meld_limits
    if lim.before is not lim.after:  # the initial meld's turn free of the rule of five, later turns under it (A.6)
        state.meld_limits = lim.after if state.opened[state.side_of[seat]] else lim.before
    if state.lone >= 0 and seat != state.lone:  # cutthroat: each partner's own minimum count (§3.1)
        state.minimum[state.side_of[seat]] = state.rules.min_meld(state.scores[state.home[seat]])
    if state.rules.straight_three and state.rank_counts[seat][THREE] and state.opened[state.side_of[seat]]:
        lay_out_kept_three(state, seat)  # the three kept for the Straight, laid out once the side melded (MAC A.3)
        if state.over:
            return
    if state.packets[seat]:  # his side reached the event in another player's turn (extras.py), or his talon (talon.py)
        if state.rules.talon_sizes:
            if give_talon(state, seat):
                finish_deal(state, -1)  # a three, the stock's last card, replaced one of his talon's (A.10)
                return
        else:
            give_extra_cards(state, seat)
    if not state.stock:
        stock_gone(state)


def stock_gone(state: DealState) -> None:
    """The player to draw finds the stock empty (RULES.md §1.10)."""
    mode = state.rules.stock_end
    if mode == "reshuffle" and state.pile and state.reshuffles < MAX_RESHUFFLES:
        state.reshuffles += 1
        cards = take_dowry(state, state.pile)
        state.pile = []
        state.frozen = state.rules.pile_always_frozen
        shuffle(state.rng, cards)
        state.stock = cards
        state._turn_upcard()
        if state.stock:
            return
        # turning the new upcard used every card: nothing to draw, the deal ends as with "end"
    if mode == "reshuffle_below_top" and len(state.pile) > 1 and state.reshuffles < MAX_RESHUFFLES:
        state.reshuffles += 1  # Hand and Foot B.11 [GS, JC]: the top card stays, the rest is the new stock
        top = state.pile[-1]
        cards = state.pile[:-1]
        state.pile = [top]
        state.frozen = state.rules.pile_always_frozen or IS_WILD[top] or IS_RED_THREE[top]
        shuffle(state.rng, cards)
        state.stock = cards
        return
    if mode == "forced_take" or mode == "pile_continuation":  # MAC A.10: the same, nobody forced (forced_to_take)
        state.stock_out = True
        if take_modes(state):
            return
    finish_deal(state, -1)


def next_turn(state: DealState) -> None:
    """Start the turn of the next seat (RULES.md §1.1)."""
    start_turn(state, (state.turn + 1) % state.n)


def finish_deal(state: DealState, out_seat: int) -> None:
    """End the deal; ``out_seat`` went out (-1: the stock ran out), and whether he went out concealed (§1.9, §1.11)."""
    if out_seat >= 0 and state.rules.cutthroat and state.lone < 0:
        form_alliance(state, out_seat)  # out before the pile was taken: he is the lone hand (§3.1)
    state.over = True
    state.phase = P_OVER
    state.out_seat = out_seat
    state._legal = None
    if out_seat >= 0:
        seat = out_seat
        own_new = [m for m in state.turn_new if m.creator == seat]
        state.concealed = (
            not state.has_melded[seat]
            and (not state.touched_old or bool(state.rules.concealed_scale))
            and any(m.is_canasta for m in own_new)
            and (state.drew != 2 or state.rules.concealed_allows_pile_take)
        )


def play_legal_action(state: DealState, action: int) -> Move | None:
    """Apply the move with id ``action`` (its cards chosen by
    :func:`~canasta.engine.movegen.move_cards.move_for_action`) if it is among the legal moves
    (:func:`~canasta.engine.movegen.turn_moves.legal_actions`) and return it; else None, the state unchanged.
    The body of :meth:`canasta.engine.deal.Deal.apply_action`, in one call (compiled in the compiled core)."""
    legal = legal_actions(state)
    if COMPILED:  # a native loop over the ids: ``in`` compares each as an object (PyObject_RichCompare)
        for a in legal:
            if a == action:
                break
        else:
            return None
    elif action not in legal:
        return None
    move = move_for_action(state, action)
    play_move(state, action, move)
    return move


class _EngineCalls(EngineCalls):
    """The engine's entry points for :meth:`DealState.legal_actions` and :meth:`DealState.apply_action`
    (:data:`~canasta.engine.state.ENGINE_CALLS`)."""

    def legal_actions(self, state: DealState) -> list[int]:
        """:func:`~canasta.engine.movegen.turn_moves.legal_actions`."""
        return legal_actions(state)

    def play_legal_action(self, state: DealState, action: int) -> Move | None:
        """:func:`play_legal_action`."""
        return play_legal_action(state, action)

    def play_actions_without_ranks(self, state: DealState) -> list[int]:
        """:func:`~canasta.engine.movegen.turn_moves.play_actions` with ``ranks=False``."""
        return play_actions(state, False)


ENGINE_CALLS[0] = _EngineCalls()


def play_move(state: DealState, action: int, move: Move) -> None:
    """Apply a legal move without checks (the caller checked it): draw, take the pile, meld, add, discard, ask, answer,
    pass, declare (a special hand laid down: the deal ends, nobody goes out, MAC A.11), layout (the three kept for
    the Straight laid out and replaced, MAC A.3). ``action`` is the id of ``move`` (its kind read from the id)."""
    kind = ACTION_KINDS[action]
    state._legal = None
    seat = state.turn
    if kind == DRAW:
        if foot_waits(state, seat):  # foot_pickup=next_turn_instead_of_draw: the foot is his draw (B.9)
            take_foot(state, seat, at_draw=True)
            last_red = False
        else:
            last_red = draw_cards(state, seat, state.draw_count)  # round_draws: by deal (RULES_AMERICAN.md B.4)
        state.drew = 1
        state.phase = P_PLAY
        if last_red:
            if state.rules.last_red3_may_meld:
                state.no_discard = True
            else:
                finish_deal(state, -1)
    elif kind == TAKE:
        take_pile(state, seat, ACTIONS[action][1], move.cards, move.seq)
    elif kind in (MELD, ADD):
        play_meld(state, seat, move.target, move.cards, kind == MELD, move.seq, move.wild_as)
    elif kind == DISCARD:
        card = move.cards[0]
        take_card(state, seat, card)
        state.pile.append(card)
        if IS_WILD[card] or (state.rules.black3_freezes and is_black_three(card)):
            state.frozen = True
        if card == JOKER and state.rules.joker_discard_blocks_round:
            state.blocked_until = state.turn_no + state.n  # nobody takes for a full round (§3.4)
        if state.hand_sizes[seat] == 0 and state.rules.has_foot:
            take_foot(state, seat, by_discard=True)  # "walking" to his foot: he plays it from his next turn (B.9)
        out = state.hand_sizes[seat] == 0
        if out and foot_waits(state, seat):  # next_turn_instead_of_draw, or going out from the hand (B.9, B.10)
            out = goes_out_from_hand(state, seat, True)
        if out and state.rules.talon_sizes and talon_due(state, seat) and not talon_goes_out(state, seat):
            out = False  # the opener melded down to one card: his talon joins his empty hand next turn (MAC A.2)
        if out:  # before has_melded is updated: concealed looks at earlier turns only
            finish_deal(state, seat)
        end_of_melding(state, seat)
        if not out:
            if state.rules.talon_sizes:
                earn_talon(state, seat)  # the opener's talon, set aside after his discard (MAC A.2)
            after_turn(state)
    elif kind == ASK:
        state.asked = True
        state.phase = P_ANSWER
        state.actor = state.partner_of[seat]
    elif kind in (YES, NO):
        state.phase = P_PLAY
        state.actor = seat
        if kind == NO:
            state.answer = -1
        elif state.rules.ask_requires_going_out or can_go_out_now(state):
            state.answer = 1
        else:  # told yes but unable to go out (S1 penalty table): charged, he plays on
            state.ask_failed[state.side_of[seat]] += 1
            state.answer = 0
    elif kind == PASS:
        finish_deal(state, -1)
    elif kind == DECLARE:
        state.special_seat = seat  # his 14 cards stay in his hand, scored as the special hand (MAC A.11)
        finish_deal(state, -1)
    elif kind == LAYOUT:
        lay_out_three_by_choice(state, seat)
    settle_must_go_out(state)


def talon_goes_out(state: DealState, seat: int) -> bool:
    """Whether ``seat``, whose hand his last discard empties with a talon due (MAC A.2), goes out rather than
    waiting for his talon: his partner did not say no and his side may go out (its canastas, no incomplete meld
    that blocks it, A.9)."""
    side = state.side_of[seat]
    if state.answer < 0 or not side_may_go_out(state, side):
        return False
    return not (state.rules.incomplete_blocks_going_out and side_blocked(state, side))


def after_turn(state: DealState) -> None:
    """After a discard: end the deal if the player went out, else start the next turn."""
    if state.stock_out and state.rules.stock_end not in ("forced_take", "pile_continuation"):
        finish_deal(state, -1)
        return
    if not state.stock and state.rules.stock_end == "end":
        finish_deal(state, -1)
        return
    next_turn(state)


def end_of_melding(state: DealState, seat: int) -> None:
    """A player who melded this turn has melded (concealed going out is no longer possible for him, §1.9)."""
    if state.turn_new or state.touched_old:
        state.has_melded[seat] = True


def take_pile(state: DealState, seat: int, mode: int, cards: tuple[int, ...], seq: tuple[int, ...] = ()) -> None:
    """Take the discard pile (RULES.md §1.7): the top card melded with ``cards`` (or added to a sequence ``seq``), the
    rest to the hand (or set aside until the initial meld is made, §1.6)."""
    if state.rules.cutthroat and state.lone < 0:
        form_alliance(state, seat)  # the first to take the pile is the lone hand (§3.1)
    side = state.side_of[seat]
    need_canasta = canasta_take_rule(state, seat, side) if state.opened[side] else ""
    if state.pile[-1] == JOKER and state.rules.joker_discard_blocks_round:
        need_canasta = "canasta"  # a joker canasta take (§3.4, S2 l.156)
    cut = pile_cut(state) if state.rules.pile_take_count else 0  # pile_take_count: the cards below pile[cut] stay (B.5)
    top = state.pile.pop()
    rest = take_dowry(state, state.pile[cut:])  # the dowry (§3.2) or surpriza (§3.4) lies under it
    state.pile = state.pile[:cut]
    state.frozen = state.rules.pile_always_frozen
    state.drew = 2
    state.phase = P_PLAY
    for c in cards:
        take_card(state, seat, c)
    if mode in (TAKE_SEQ, TAKE_SEQ_WILD):  # the top card joins a sequence of the side (§3.2)
        m = meld_cards(state, seat, side, SEQ_TARGET, (top,), seq=seq)
    elif IS_WILD[top] and state.rules.wild_pair_takes_wild:  # joins the meld of wild cards (Hollywood)
        m = meld_cards(state, seat, side, WILD_TARGET, (top,) + cards)
    else:
        m = meld_cards(state, seat, side, top >> 2, (top,) + cards)
    was_open = state.opened[side]
    if not was_open:
        counted = (top,) + cards if state.rules.opening_top_card_counts else cards  # MAC A.7: the top card not
        state.open_total += sum(state.rank_values[c >> 2] for c in counted)
        if initial_meld_reached(state, side):
            mark_opened(state, side, seat)
    if need_canasta and not m.is_canasta:  # the pile waits for the canasta (§3.4, S2 l.115-116)
        state.must_canasta = m.target
        state.pending = rest
    elif was_open:
        receive_pile(state, seat, rest)
    else:
        if state.opened[side]:
            receive_pile(state, seat, rest)
        elif (
            pile_take_waiver_rules(state)
            and best_meld_value(
                state.rank_counts[seat],
                side_melds(state, side, state.turn_new),
                state.meld_limits,
                max(0, 2 - state._to_hand(rest)),
            )
            < state.minimum[side] - state.open_total
        ):
            # taken under the concealed waiver (§2 row 12): the whole pile comes to the
            # hand and the player must now go out concealed this turn
            receive_pile(state, seat, rest)
            state.conceal_only = True
        else:
            state.pending = rest
    if state.rules.extra_cards:
        give_extra_cards(state, seat)
    check_out(state, seat)


def receive_pile(state: DealState, seat: int, cards: list[int]) -> None:
    """The pile ``cards`` join ``seat``'s hand; red threes are laid out, black threes removed where the variant does
    (§1.3, §3.2 Cuban)."""
    removed = state.rules.black3_from_pile_removed
    lay_out = not state.rules.red3_hand_penalty  # else red threes join the hand (RULES_AMERICAN.md B.7)
    for c in cards:
        if IS_RED_THREE[c] and lay_out:
            state.red3[seat].append(c)  # laid out, no replacement (§1.2, §1.3)
        elif removed and IS_BLACK_THREE[c]:
            state.black3_removed[seat].append(c)  # out of play, scored for the side (§3.2 Cuban)
        else:
            give_card(state, seat, c)
    state.pending = []


def meld_cards(state: DealState,
    seat: int,
    side: int,
    target: int,
    cards: tuple[int, ...],
    new: bool = False,
    seq: tuple[int, ...] = (),
    wild_as: tuple[int, ...] = (),
) -> Meld:
    """Put ``cards`` (already out of the hand) into a meld of ``side``: a new one where ``new``
    (or where the side has none of ``target``), the sequence whose ends are ``seq``, or the
    meld ``mt`` names for ``target``; in a sequence each wild card stands for the card of
    ``wild_as`` in its turn. Updates the canasta count."""
    if target == SEQ_TARGET:
        found = None if new else find_sequence(state, side, seq)
        mi = -1 if found is None else state.melds[side].index(found)
    else:
        mi = -1 if new else state.meld_index[side][target]
    if mi >= 0:
        m = state.melds[side][mi]
        if m.turn != state.turn_no or m.creator != seat:
            state.touched_old = True
        if state._shared:  # a search copy: the meld is its parent's too, change a copy of it (_copy)
            old, m = m, m.copy()
            state.melds[side][mi] = m
            if target == SEQ_TARGET:
                seqs = state.seqs[side]
                seqs[seqs.index(old)] = m
            tn = state.turn_new
            for k, x in enumerate(tn):
                if x is old:
                    tn[k] = m
    else:
        m = Meld(target, seat, state.turn_no)
        if target != SEQ_TARGET:
            state.meld_index[side][target] = len(state.melds[side])
        else:
            state.seqs[side].append(m)
        state.melds[side].append(m)
        state.turn_new.append(m)
    if target == SEQ_TARGET:
        stand = [c for c in cards if not IS_WILD[c]] + list(wild_as)
        ranks = [c >> 2 for c in stand]
        if m.cards:
            m.span = extended(m.span, stand)
        else:
            m.span = (stand[0] & 3, min(ranks), max(ranks))
    was = m.is_canasta
    for c in cards:
        m.cards.append(c)
        if c == JOKER or (IS_WILD[c] and target != TWO):  # twos are a twos meld's naturals
            m.wild += 1
        else:
            m.nat += 1
    if m.is_canasta and not was:
        state.canastas[side] += 1
        if target == SEQ_TARGET:
            state.seq_canastas[side] += 1
    return m


def play_meld(state: DealState,
    seat: int,
    target: int,
    cards: tuple[int, ...],
    new: bool = False,
    seq: tuple[int, ...] = (),
    wild_as: tuple[int, ...] = (),
) -> None:
    """Meld or add ``cards`` to the side's meld of ``target`` (RULES.md §1.5); the initial meld checked (§1.6), going
    out checked (§1.9)."""
    side = state.side_of[seat]
    if target == THREE and state.rules.black3_set_leaves_play:
        for c in cards:  # four black threes put out of play, not melded (§3.4, S2 l.178-180)
            take_card(state, seat, c)
        state.black3_removed[seat].extend(cards)
        check_out(state, seat)
        return
    for c in cards:
        take_card(state, seat, c)
    m = meld_cards(state, seat, side, target, cards, new, seq, wild_as)
    if target == THREE and state.rules.black3_melds_anytime:
        pass  # a set of black threes neither counts towards nor makes the initial meld (§3.5)
    elif not state.opened[side]:
        state.open_total += sum(state.rank_values[c >> 2] for c in cards)
        if initial_meld_reached(state, side):
            mark_opened(state, side, seat)
            if state.pending:
                receive_pile(state, seat, state.pending)
    elif state.must_canasta == target and m.is_canasta:
        state.must_canasta = -1
        receive_pile(state, seat, state.pending)
    if state.rules.extra_cards:
        give_extra_cards(state, seat)
    check_out(state, seat)


def mark_opened(state: DealState, side: int, seat: int) -> None:
    """Record that ``seat`` made the initial meld of ``side`` in this turn."""
    state.opened[side] = True
    state.opener[side] = seat
    state.opened_turn[side] = state.turn_no
    if state.rules.straight_three and state.rank_counts[seat][THREE]:
        lay_out_kept_three(state, seat)  # his three kept for the Straight, laid out at once (MAC A.3)


def lay_out_kept_three(state: DealState, seat: int) -> None:
    """Lay out and replace the three ``seat`` kept for the Straight, his side having melded (MAC A.3). Where it
    cannot be replaced (the stock is empty), or the replacement is the last stock card and a three, a three stays in
    his hand and the deal ends at once, as when the last stock card drawn is a three (A.10, by analogy)."""
    if state.stock:
        state._replace_red_threes(seat)
    if state.rank_counts[seat][THREE]:
        finish_deal(state, -1)


def lay_out_three_by_choice(state: DealState, seat: int) -> None:
    """``layout``: ``seat`` lays out the three he kept back for the Straight and draws its replacement, in his
    turn before his draw or after it (MAC A.3: "may keep one 3", his choice; the move is legal only while the
    stock has a card). A three drawn as the replacement is held back in turn, he holding none (he may lay it out
    again); the last stock card a three stays in his hand and ends the deal (A.10). Before his draw, a stock the
    replacement emptied is handled as at the start of a turn (A.10: the pile, else the deal ends)."""
    h = state.hands[seat]
    three = next(c for c in (4, 5, 6, 7) if h[c])
    take_card(state, seat, three)
    state.red3[seat].append(three)
    if draw_cards(state, seat, 1):
        finish_deal(state, -1)
    elif state.phase == P_DRAW and not state.stock:
        stock_gone(state)


def check_out(state: DealState, seat: int) -> None:
    """End the deal if ``seat`` has no card left (he went out by melding, §1.9)."""
    if state.hand_sizes[seat] == 0 and not state.pending:
        if foot_waits(state, seat) and not goes_out_from_hand(state, seat, False):
            # foot_pickup=next_turn_instead_of_draw: his turn ends, the foot is his next draw (B.9)
            end_of_melding(state, seat)
            after_turn(state)
            return
        side = state.side_of[seat]
        if not state.opened[side]:
            mark_opened(state, side, seat)  # concealed going out waives the minimum
        finish_deal(state, seat)  # before has_melded is updated (concealed, §1.9)
        end_of_melding(state, seat)


def check_meld_cards(state: DealState, move: Move) -> None:
    """Refuse a meld/add whose natural cards are not of the meld's rank (the id counts only)."""
    target = move.target
    if target == TWO:  # a group of twos (Italian): twos and jokers only
        bad = [c for c in move.cards if not IS_WILD[c]]
    elif target == WILD_TARGET:
        bad = [c for c in move.cards if not IS_WILD[c]]
    else:
        bad = [c for c in move.cards if not IS_WILD[c] and c >> 2 != target]
    if bad:
        raise IllegalMove(
            f"{card_str(bad[0])} does not belong in a meld of {RANK_WORDS[target]}: "
            "a meld is of one rank, plus wild cards (§1.5)"
        )


def check_take_cards(state: DealState, move: Move, mode: int) -> None:
    """Refuse a take whose cards are not the natural pair / natural and wild card of its mode (§1.7)."""
    top = state.pile[-1]
    r = top >> 2
    if IS_WILD[top] and state.rules.wild_pair_takes_wild:
        bad = wild_pair_problem(state, move.cards)
        if bad:
            raise IllegalMove(bad)
        return
    nat = sum(1 for c in move.cards if not IS_WILD[c] and c >> 2 == r)
    twos = sum(1 for c in move.cards if c != JOKER and c >> 2 == TWO)
    jokers = sum(1 for c in move.cards if c == JOKER)
    if top == JOKER:  # a joker canasta take (§3.4): any two wild cards, as the legal moves offer
        if len(move.cards) != 2 or twos + jokers != 2:
            raise IllegalMove("to take a pile topped by a joly you need two wild cards and a joker canasta")
        return
    want = {TAKE_ADD: (0, 0, 0), TAKE_PAIR: (2, 0, 0), TAKE_NAT_TWO: (1, 1, 0), TAKE_NAT_JOKER: (1, 0, 1)}[mode]
    if (nat, twos, jokers) != want or len(move.cards) != sum(want):
        raise IllegalMove(
            f"to take the pile your cards must match its top card, {card_str(top)}: a natural "
            f"pair of {RANK_WORDS[r]}, or one of them and a wild card where the pile is not frozen (§1.7)"
        )
