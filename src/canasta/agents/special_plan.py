"""Building toward a special hand (Modern American Canasta, RULES_AMERICAN.md A.11): how near the seat's hand is
to a special hand worth more than melding, and what a discard costs that plan.

While its side has not melded, the heuristic player measures with the engine's own measure
(:func:`canasta.scoring.american.special_hand_shortfall`) how many cards its hand lacks for each special hand of the
variant. Where one worth at least ``special_min_value`` points lacks at most ``special_max_missing`` cards, it keeps
the plan: it draws from the stock (taking the pile melds, which ends the plan), does not meld, and discards the card
whose loss leaves the hand nearest to such a hand. Variants without special hands (``special_hands`` none) never
come here.

The three held back for the Straight (A.3, ``layout``): the player holds on to it only while the Straight is worth
``special_min_value`` or more and lacks at most as many cards as a plan allows (:func:`keeps_straight_three`);
otherwise he lays it out at once, and its replacement may serve his melds.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.agents.heuristic_weights import HeuristicWeights
from canasta.engine.deal import PlayerView
from canasta.moves.actions import LAYOUT_ID
from canasta.scoring.american import special_hand_shortfall


def special_missing(view: PlayerView, cards: Sequence[int], weights: HeuristicWeights) -> int:
    """Cards ``cards`` lack for the nearest special hand of the variant worth ``weights.special_min_value`` points
    or more (A.11); a large number where there is none."""
    for missing, value, _ in special_hand_shortfall(view.rules, cards):
        if value >= weights.special_min_value:
            return missing
    return 99


def special_plan(view: PlayerView, weights: HeuristicWeights) -> int:
    """Cards missing for the special hand the seat builds toward, or -1 where it builds toward none: the variant
    has none, its side has melded (or melds this turn), or no hand worth enough is near enough (A.11)."""
    if not view.rules.special_hands or view.rules.special_hands == "none" or view.opened[view.side]:
        return -1
    if view.melded_this_turn or view.pending_pile:
        return -1
    missing = special_missing(view, view.hand, weights)
    limit = weights.special_max_missing if view.stock_size >= weights.special_far_stock else 1
    return missing if missing <= limit else -1


def special_discard_loss(view: PlayerView, card: int, missing: int, weights: HeuristicWeights) -> int:
    """Cards the plan loses if ``card`` is discarded: how many more the hand then lacks for its nearest special
    hand worth enough (0: the card does not serve it)."""
    hand = list(view.hand)
    hand.remove(card)
    return special_missing(view, hand, weights) - missing


def keeps_straight_three(view: PlayerView, weights: HeuristicWeights) -> bool:
    """Whether the seat holds on to the three it keeps back for the Straight (A.3, A.11) rather than laying it out
    (``layout``): the variant's Straight is worth ``weights.special_min_value`` or more and the hand lacks at most
    ``weights.special_max_missing`` cards for it (1 once the stock is below ``weights.special_far_stock``), as
    :func:`special_plan` builds toward a hand."""
    limit = weights.special_max_missing if view.stock_size >= weights.special_far_stock else 1
    for missing, value, key in special_hand_shortfall(view.rules, view.hand):
        if key == "straight":
            return value >= weights.special_min_value and missing <= limit
    return False


def kept_three_choice(view: PlayerView | None, legal: Sequence[int], weights: HeuristicWeights,
                      who: str) -> int | Sequence[int]:
    """The rule-of-thumb players' choice about the three held back for the Straight where ``layout`` is legal (A.3):
    ``LAYOUT_ID`` to lay it out now, else ``legal`` without it (holding it on: the other moves decide). ``legal``
    itself where ``layout`` is not among it.

    Raises:
        ValueError: ``view`` is None where ``layout`` is legal (``who`` needs the seat's view to choose).
    """
    if LAYOUT_ID not in legal:
        return legal
    if view is None:
        raise ValueError(f"{who} needs the seat's view")
    if not keeps_straight_three(view, weights):
        return LAYOUT_ID
    return [a for a in legal if a != LAYOUT_ID]
