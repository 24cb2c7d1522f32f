"""The initial meld's minimum count and when it is waived (RULES.md §1.6, §2, §3.2).
"""

from __future__ import annotations

from canasta.engine.state import DealState


def initial_meld_done(state: DealState) -> bool:
    """Whether the turn's side has opened, or the player has not started an initial meld this turn."""
    side = state.side_of[state.turn]
    return state.opened[side] or state.open_total == 0


def minimum_count_waived(state: DealState) -> bool:
    """Going out concealed would waive the minimum count this turn (§1.6, §2 row 12)."""
    if state.has_melded[state.turn]:
        return False
    return state.drew == 1 or (state.drew == 2 and pile_take_waiver_rules(state))


def pile_take_waiver_rules(state: DealState) -> bool:
    """The rules let a concealed going out after taking the pile waive the minimum (§2 row 12)."""
    r = state.rules
    return r.concealed_waives_minimum_with_pile and r.concealed_allows_pile_take


def empty_hand_waiver(state: DealState) -> bool:
    """Whether melding every card of the hand this turn would make the side's initial meld whatever its count: the
    "Marva rule" (``empty_hand_waives_minimum``, RULES_AMERICAN.md B.8 [JC]), for a player whose foot waits and who
    has no pile cards set aside."""
    return state.rules.empty_hand_waives_minimum and bool(state.packets[state.turn]) and not state.pending
