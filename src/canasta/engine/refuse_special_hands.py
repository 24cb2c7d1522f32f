"""Why a special hand may not be laid down now (Modern American Canasta, RULES_AMERICAN.md A.11): the checks
:func:`canasta.engine.special_hands.may_declare` makes, as refusals (codes listed in docs/web.md).
"""

from __future__ import annotations

from canasta.cards.deck import N_TYPES, card_str
from canasta.engine.refusals import Refusal, refusal
from canasta.engine.state import P_PLAY, DealState
from canasta.rules.american import SPECIAL_HAND_NAMES, SPECIAL_HAND_VALUES
from canasta.scoring.american import SPECIAL_HAND_SIZE, best_special_hand


def held_cards(state: DealState, seat: int) -> list[int]:
    """The cards ``seat`` holds, as card types in order."""
    h = state.hands[seat]
    return [c for c in range(N_TYPES) for _ in range(h[c])]


def declare_refusal(state: DealState, seat: int) -> Refusal | None:
    """Why ``seat`` (the player to act) may not lay his hand down as a special hand now, or None where he may
    (A.11 [CLA]): the variant has special hands (``special_hands``), he has just drawn from the stock (the play
    phase, no pile taken), his side has not melded (nothing melded this turn either), he need not go out this
    turn after his partner's "yes", and his 14 cards make a special hand of the variant's set."""
    rules = state.rules
    side = state.side_of[seat]
    if not SPECIAL_HAND_VALUES.get(rules.special_hands):
        return refusal("no_special_hands", "this variant has no special hands (special_hands=none)")
    if state.phase != P_PLAY or state.drew != 1:
        return refusal("special_hand_after_draw", "a special hand is laid down right after drawing from the stock: "
                                                  "your 13 cards and the card drawn (MAC A.11)")
    if state.opened[side] or state.melds[side] or state.turn_new or state.pending:
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
