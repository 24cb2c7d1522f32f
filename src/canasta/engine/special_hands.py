"""Special hands laid down in play (Modern American Canasta, RULES_AMERICAN.md A.11, A.13): when ``declare`` is
legal, what it does, and why it is refused.

A player whose side has not melded (or, with HB's courtesy ``special_hand_courtesy``, whose partner opened since his
last turn), holding the 13 cards of his hand and the card he has just drawn from the stock, may lay the 14 down as a
special hand of the variant's set (``special_hands``: the League's eleven or pagat's four). There is no discard; the
deal ends at once, nobody goes out, and the side scores the hand's value alone
(:func:`canasta.scoring.american.score_special_hand`, through the one scoring function). A Dream Hand also wins the
game at once (:func:`canasta.scoring.winner.winner`, ``dream_hand``).
"""

from __future__ import annotations

from canasta.cards.deck import THREE
from canasta.engine.refuse_special_hands import courtesy_allows, declare_refusal, held_cards, layout_refusal
from canasta.engine.state import DealState
from canasta.scoring.american import SPECIAL_HAND_SIZE, special_hand_possible, special_hand_wins_game

__all__ = ["SPECIAL_HAND_SIZE", "declared_cards", "may_declare", "may_lay_out", "special_hand_wins"]


def may_declare(state: DealState, seat: int) -> bool:
    """Whether ``declare`` is legal for ``seat`` now (:func:`~canasta.engine.refuse_special_hands.declare_refusal`
    finds nothing). The cheap tests first: a hand of 14 cards just drawn from the stock, whose side has not opened
    (or HB's courtesy lets him, :func:`~canasta.engine.refuse_special_hands.courtesy_allows`)."""
    if state.hand_sizes[seat] != SPECIAL_HAND_SIZE or state.drew != 1:
        return False
    if state.opened[state.side_of[seat]] and not courtesy_allows(state, seat):  # HB's courtesy (A.11)
        return False
    if not special_hand_possible(state.rank_counts[seat]):
        return False  # most hands: a rank held once, or a three, outside the Straight (no refusal worded)
    return declare_refusal(state, seat) is None


def may_lay_out(state: DealState, seat: int) -> bool:
    """Whether ``layout`` (the three kept back for the Straight laid out and replaced, A.3) is legal for ``seat``
    now (:func:`~canasta.engine.refuse_special_hands.layout_refusal` finds nothing); the cheap test first: he holds
    a three."""
    return bool(state.rank_counts[seat][THREE]) and layout_refusal(state, seat) is None


def declared_cards(state: DealState) -> list[int]:
    """The 14 cards of the special hand laid down in this deal (they stay in the declarer's hand), or []."""
    return held_cards(state, state.special_seat) if state.special_seat >= 0 else []


def special_hand_wins(state: DealState) -> int:
    """The side (its starting side, ``home``) whose special hand laid down in this deal is a Dream Hand, which
    wins the game at once (A.13 [CLA]), or -1."""
    cards = declared_cards(state)
    if cards and special_hand_wins_game(state.rules, cards):
        return state.home[state.special_seat]
    return -1
