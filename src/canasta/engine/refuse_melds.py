"""Why a meld or an addition is refused, as a :class:`~canasta.engine.refusals.Refusal` (RULES.md §1.5, §1.6,
§1.8, §3.2): :func:`explain_meld` and the checks it ends with (:func:`explain_meld_tail`).
"""

from __future__ import annotations

from canasta.cards.deck import IS_BLACK_THREE, IS_RED_THREE, IS_WILD, JOKER, THREE, TWO, card_str
from canasta.cards.sequences import sequence_problem as natural_sequence_problem
from canasta.engine.constraints.after_move import canastas_missing_for_initial_meld
from canasta.engine.constraints.canasta_in_opening import KIND_WORDS, canasta_kind
from canasta.engine.constraints.out_blocks import blocked_after, wild_meld_open
from canasta.engine.movegen.move_cards import RANK_WORDS
from canasta.engine.movegen.twos import twos_reserved
from canasta.engine.refusals import (
    NO_FINAL_DISCARD,
    Refusal,
    incomplete_blocks,
    needed_words,
    needing,
    out_block,
    rank_code,
    refusal,
)
from canasta.engine.refuse_sequences import explain_sequence
from canasta.engine.state import DealState
from canasta.moves.notation import ADD, MELD, SEQ_TARGET, WILD_TARGET, Move

MUST_ASK = ("in this variant you go out only after asking your partner 'may I go out?' and being told "
            "yes: keep at least two cards until then (§3.2)")
KINDS = ("", "canasta", "natural_canasta")
"""The ``kind`` parameter for each canasta kind of :data:`KIND_WORDS` (0 none, 1 any, 2 natural)."""
ONE_RANK = "a meld is of one rank: all its natural cards must have the same rank (§1.5)"


def not_held(state: DealState, cards: tuple[int, ...]) -> Refusal | None:
    """``not_held`` (or ``not_held_enough``) for the first card of ``cards`` the player to act lacks, else None."""
    h = state.hands[state.turn]
    for c in set(cards):
        if h[c] < cards.count(c):
            if cards.count(c) > 1:
                return refusal("not_held_enough", f"you do not hold enough {card_str(c)}", card=card_str(c))
            return refusal("not_held", f"you do not hold {card_str(c)}", card=card_str(c))
    return None


def explain_meld(state: DealState, move: Move, seat: int, side: int) -> Refusal:
    """Why a meld or an addition is refused now (RULES.md §1.5, §1.6, §1.8, §3.2)."""
    cards = move.cards
    held = not_held(state, cards)
    if held:
        return held
    target = move.target
    nat = [c for c in cards if not IS_WILD[c]]
    wild = len(cards) - len(nat)
    if any(IS_RED_THREE[c] for c in cards):
        return refusal("red_three_meld", "red threes are never melded (§1.3)")
    if 2 <= target <= 12 and state.dead_mask() >> target & 1:
        return refusal("dead_rank_meld", f"{RANK_WORDS[target]} are a dead rank: a side has completed their canasta, "
                                         "nobody melds them (MAC A.6)", rank=rank_code(target))
    if not move.seq and len({c >> 2 for c in nat}) > 1 and any(IS_BLACK_THREE[c] for c in nat):
        nat, target = [c for c in nat if IS_BLACK_THREE[c]], THREE  # the black threes' rule is the reason
    elif target == SEQ_TARGET and not state.rules.sequences and natural_sequence_problem(nat):
        return refusal("one_rank", ONE_RANK)
    if target == SEQ_TARGET or move.seq:
        return explain_sequence(state, move) or explain_meld_tail(state, cards)
    if len({c >> 2 for c in nat}) > 1:
        return refusal("one_rank", ONE_RANK)
    if target == THREE:
        return _black_threes(state)
    if target == WILD_TARGET and not state.rules.wild_melds:
        return refusal("no_wild_melds", "melds of wild cards only are not allowed in this variant (§1.5)")
    if (
        state.rules.twos_melds
        and target != TWO
        and any(c != JOKER and IS_WILD[c] for c in cards)
        and twos_reserved(state, side)
    ):
        return refusal("twos_reserved", "your side's meld of twos is not yet a canasta: until it is, its twos may "
                                        "not be wild cards in other melds (§3.2 Italian)")
    if wild and state.rules.wild_meld_first and 0 <= target < WILD_TARGET and wild_meld_open(state, side):
        return refusal("wild_meld_incomplete", "your side's meld of wild cards is incomplete: until it is a canasta, "
                                               "no wild card joins another meld (MAC A.6)")
    if target == TWO and state.rules.twos_melds and not state.opened[side]:
        return refusal("twos_meld_after_opening", "your side melds twos of their own only after its initial meld "
                                                  "(§3.2 Italian)")
    return _explain_meld_size(state, move, side, target, nat, wild)


def _black_threes(state: DealState) -> Refusal:
    """Why a meld of black threes is refused: the variant's rule for them (RULES.md §1.8, §3.4, §3.5)."""
    if state.rules.black3_set_leaves_play:
        return refusal("black_threes_out_of_play", "black threes are never melded; a player holding all four may put "
                                                   "them out of play together ('meld 3C 3C 3S 3S') after the first "
                                                   "round, keeping a card to discard (§3.4)")
    if state.rules.black3_foot_book:
        if state.packets[state.turn]:
            return refusal("black_threes_foot_only", "black threes are melded only by a player in his foot, as one "
                                                     "dirty book laid down whole (B.7 black_three_meld=foot_book)")
        return refusal("black_threes_foot_book", "black threes are melded as one dirty book laid down whole by a "
                                                 "side that is down: 4 to 6 black threes and 1 to 3 wild cards, "
                                                 "7 cards (B.7)")
    if state.rules.black3_melds_anytime:
        return refusal("black_threes_set", "black threes form one set of three or four per side, laid out at once "
                                           "without wild cards, nothing added to it, keeping two cards in hand (§3.5)")
    return refusal("black_threes_going_out", "black threes may be melded only when you go out with them: three or "
                                             "four of them, no wild cards, and your side needs its canastas (§1.8)")


def _explain_meld_size(state: DealState, move: Move, side: int, target: int, nat: list[int], wild: int) -> Refusal:
    """Why a meld or an addition of one rank is refused: the meld it needs, its size, its wild cards (§1.5)."""
    kind = move.kind
    cards = move.cards
    rules = state.rules
    mi = state.meld_index[side][target] if 0 <= target < 14 else -1
    if kind == MELD and mi >= 0 and not (rules.several_melds_per_rank and state.melds[side][mi].is_canasta):
        several = rules.several_melds_per_rank
        more = " (another meld of that rank may be started once it is a canasta)" if several else ""
        code = "meld_exists_until_canasta" if rules.several_melds_per_rank else "meld_exists"
        listed = " ".join(card_str(c) for c in cards)
        return refusal(code, f"your side already has a meld of {RANK_WORDS[target]}{more}: add to it with "
                             f"'add {listed}'", rank=rank_code(target), cards=listed)
    if kind == ADD and mi < 0:
        return refusal("no_meld_to_add", f"your side has no meld of {RANK_WORDS[target]} to add to; start one with "
                                         "'meld ...'", rank=rank_code(target))
    m = state.melds[side][mi] if mi >= 0 else None
    nat_total = len(nat) + (m.nat if m else 0)
    wild_total = wild + (m.wild if m else 0)
    if target == WILD_TARGET:
        total = len(cards) + (m.size if m else 0)
        if kind == MELD and len(cards) < rules.wild_meld_min:
            return refusal("wild_meld_min", f"a meld of wild cards needs at least {rules.wild_meld_min} cards at once "
                                            "(option wild_meld_min)", n=rules.wild_meld_min)
        if total > rules.wild_meld_cap:
            return refusal("wild_meld_cap", f"a meld of wild cards may hold at most {rules.wild_meld_cap} cards",
                           n=rules.wild_meld_cap)
    elif len(cards) + (m.size if m else 0) > rules.meld_cap:
        return refusal("meld_cap", f"a meld may hold at most {rules.meld_cap} cards: a full canasta takes no more "
                                   "(§3.2 Cuban)", n=rules.meld_cap)
    if kind == MELD and len(cards) < 3:
        return refusal("meld_min_cards", "a meld needs at least 3 cards (§1.5)", n=3)
    if nat_total < rules.min_naturals and target != WILD_TARGET:
        return refusal("meld_min_naturals", f"a meld needs at least {rules.min_naturals} natural cards (§1.5)",
                       n=rules.min_naturals)
    if wild_total > rules.wild_limit and target != WILD_TARGET:
        return refusal("meld_wild_limit", f"a meld may hold at most {rules.wild_limit} wild cards (§1.5)",
                       n=rules.wild_limit)
    mixed_max = state.meld_limits.mixed_max
    if wild_total and target != WILD_TARGET and mixed_max < rules.meld_cap and nat_total + wild_total > mixed_max:
        return refusal("opening_mixed_canasta", "no mixed canasta may be completed in your side's opening turn; a "
                                                "natural one may (MAC A.7)")
    if rules.no_wild_majority and wild_total > nat_total and target != WILD_TARGET:
        return refusal("wild_majority", "wild cards may not outnumber the natural cards of a meld "
                                        "(option no_wild_majority)")
    below = state.meld_limits.wild_below
    if wild and m is not None and below and target != WILD_TARGET and wild > below - m.size:
        return refusal("book_naturals_only", f"only natural cards join a meld once it has {below} cards (a book); a "
                                             "wild card joins among its first 7 (book_closure=naturals_only, "
                                             "Hand and Foot B.6)", n=below)
    if rules.naturals_exceed_wilds and wild_total >= nat_total and target != WILD_TARGET:
        return refusal("naturals_exceed_wilds", "the natural cards of a meld must outnumber its wild cards (option "
                                                "naturals_exceed_wilds, Hand and Foot B.6)")
    made = canasta_kind(target, nat_total + wild_total, wild_total) if kind == ADD else -1
    return explain_meld_tail(state, cards, target, made)


def explain_meld_tail(state: DealState, cards: tuple[int, ...], target: int = -1, made: int = -1) -> Refusal:
    """Why a meld of a fine shape is refused: a card to keep, the initial meld, a promise to go out (``target``:
    the meld's target rank index or ``WILD_TARGET``, -1 for a sequence; ``made``: for an addition, the kind of
    canasta the meld it joins is after it, -1 for a new meld)."""
    seat = state.turn
    side = state.side_of[seat]
    after = state.hand_sizes[seat] - len(cards) + state._to_hand(state.pending)
    if after < 2:
        if state.answer < 0:
            return refusal("partner_said_no_keep", "your partner said no: you may not go out this turn, so keep at "
                                                   "least two cards")
        why = out_block(state, seat)
        if why:
            return why
        wild = sum(1 for c in cards if IS_WILD[c])
        if target >= 0 and blocked_after(state, side, target, len(cards), wild):
            return incomplete_blocks()  # the meld itself would stay incomplete (MAC A.9)
        if state.rules.must_ask_to_go_out and state.answer == 0:
            return refusal("must_ask", MUST_ASK)
        if after == 1 and state.rules.going_out_by_melding:
            return refusal("no_final_discard", NO_FINAL_DISCARD)
        return needing("keep_card_to_discard", f"you must keep a card to discard: your side needs "
                                               f"{needed_words(state)} before you can meld your last cards "
                                               "(§1.4, §1.9)", state)
    if not state.opened[side]:
        missing = canastas_missing_for_initial_meld(state, side, max(made, 0), target if made >= 0 else -1)
        extra = f" and {KIND_WORDS[missing]}" if missing else ""
        text = (f"this meld would leave your side unable to reach its initial meld of {state.minimum[side]} "
                f"points{extra} while keeping a card to discard (§1.6)")
        if missing:
            return refusal("initial_meld_out_of_reach_kind", text, points=state.minimum[side], kind=KINDS[missing])
        return refusal("initial_meld_out_of_reach", text, points=state.minimum[side])
    if state.conceal_only:
        return refusal("conceal_only_meld", "you took the pile without your initial meld: every move must keep you "
                                            "able to go out")
    if state.answer > 0:
        return refusal("partner_said_yes_meld", "your partner said yes: every move must keep you able to go out this "
                                                "turn")
    return refusal("meld_not_allowed", "that meld is not allowed now")
