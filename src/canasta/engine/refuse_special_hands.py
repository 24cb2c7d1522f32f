"""Why a special hand may not be laid down now (Modern American Canasta, RULES_AMERICAN.md A.11), and why the three
kept back for the Straight may not be laid out now (A.3): the checks :func:`canasta.engine.special_hands.may_declare`
and :func:`canasta.engine.special_hands.may_lay_out` make, as refusals (codes listed in docs/web.md).
"""

from __future__ import annotations

from canasta.cards.deck import N_TYPES, THREE, card_str
from canasta.engine.refusals import Refusal, refusal
from canasta.engine.state import P_PLAY, DealState, straight_possible
from canasta.rules.american import SPECIAL_HAND_NAMES, SPECIAL_HAND_VALUES
from canasta.scoring.american import SPECIAL_HAND_SIZE, best_special_hand


def held_cards(state: DealState, seat: int) -> list[int]:
    """The cards ``seat`` holds, as card types in order."""
    h = state.hands[seat]
    return [c for c in range(N_TYPES) for _ in range(h[c])]


def partner_opened_since(state: DealState, seat: int) -> bool:
    """Whether another player of ``seat``'s side made its initial meld after ``seat``'s last turn: fewer turns
    (``turn_no``) have begun since the opening than there are players, so no turn of ``seat`` came between. Read
    by HB's courtesy (``special_hand_courtesy``, MAC A.11); False where the side has not opened or ``seat`` opened
    it."""
    side = state.side_of[seat]
    return state.opener[side] not in (-1, seat) and state.turn_no - state.opened_turn[side] < state.n


def courtesy_allows(state: DealState, seat: int) -> bool:
    """Whether HB's courtesy lets ``seat`` lay down a special hand although his side has melded (MAC A.11,
    ``special_hand_courtesy``): the option is on and his partner opened since his last turn
    (:func:`partner_opened_since`)."""
    return state.rules.special_hand_courtesy and partner_opened_since(state, seat)


def declare_refusal(state: DealState, seat: int) -> Refusal | None:
    """Why ``seat`` (the player to act) may not lay his hand down as a special hand now, or None where he may
    (A.11 [CLA]): the variant has special hands (``special_hands``), he has just drawn from the stock (the play
    phase, no pile taken), his side has not melded (nothing melded this turn either; with HB's courtesy,
    ``special_hand_courtesy``, his partner may have opened since his last turn), he need not go out this turn after
    his partner's "yes", and his 14 cards make a special hand of the variant's set."""
    rules = state.rules
    side = state.side_of[seat]
    if not SPECIAL_HAND_VALUES.get(rules.special_hands):
        return refusal("no_special_hands", "this variant has no special hands (special_hands=none)")
    if state.phase != P_PLAY or state.drew != 1:
        return refusal("special_hand_after_draw", "a special hand is laid down right after drawing from the stock: "
                                                  "your 13 cards and the card drawn (MAC A.11)")
    melded = (state.opened[side] or state.melds[side]) and not courtesy_allows(state, seat)
    if melded or state.turn_new or state.pending:
        if rules.special_hand_courtesy and state.opener[side] not in (-1, seat) and not state.turn_new \
                and not state.pending:
            return refusal("special_hand_courtesy_over", "your partner opened before your last turn: a special "
                                                         "hand after your side melded is laid down only in your first "
                                                         "turn after the opening (HB's courtesy, MAC A.11)")
        return refusal("special_hand_side_melded", "a special hand is laid down only while your side has not "
                                                   "melded (MAC A.11)")
    if state.answer > 0:
        return refusal("partner_said_yes", "your partner said yes: you must go out this turn (§1.9)")
    size = state.hand_sizes[seat]
    if size != SPECIAL_HAND_SIZE:
        return refusal("special_hand_size", f"a special hand has {SPECIAL_HAND_SIZE} cards; you hold {size} "
                                            "(MAC A.11)", n=SPECIAL_HAND_SIZE, have=size)
    cards = held_cards(state, seat)
    if not best_special_hand(rules, cards):
        known = ", ".join(SPECIAL_HAND_NAMES[k] for k in SPECIAL_HAND_VALUES[rules.special_hands])
        return refusal("special_hand_none", f"your cards ({' '.join(card_str(c) for c in cards)}) make no special "
                                            f"hand of this variant: {known} (MAC A.11)")
    return None


def layout_refusal(state: DealState, seat: int) -> Refusal | None:
    """Why ``seat`` (the player to act) may not lay out the three he kept back for the Straight now, or None where
    he may (A.3 [P, T]): the variant keeps a three for the Straight (``straight_three``), he holds a three (his
    side has not melded: once it has, the engine lays the three out itself) and the stock has a card to replace
    it. The caller has checked that it is his turn, before his discard (before or after his draw)."""
    if not state.rules.straight_three or not straight_possible(state):
        return refusal("no_kept_three", "no three is kept back for the Straight in this variant: every three is "
                                        "laid out at once (MAC A.3)")
    if not state.rank_counts[seat][THREE] or state.opened[state.side_of[seat]]:
        return refusal("layout_no_three", "you hold no three kept back for the Straight (MAC A.3)")
    if not state.stock:
        return refusal("layout_no_stock", "the stock is empty: the three kept for the Straight cannot be replaced "
                                          "(MAC A.3, A.10)")
    return None
