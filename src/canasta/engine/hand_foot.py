"""Hand and Foot's mechanics (RULES_AMERICAN.md part B), read from fields of
:class:`~canasta.rules.fields.Rules` and hooked into the deal's moves:

* the foot (``extra_cards_when=hand_empty`` with ``extra_cards_from=packet``): each player's face-down
  packet, taken when his hand is empty. Emptied by melding ("running") he takes it at once and plays on;
  emptied by his discard ("walking") he takes it then and plays it from his next turn (B.9 [BGA]). While
  his foot waits for him its cards count as cards he keeps, so he may meld or discard his last card;
  he may not go out before he has taken it (:func:`canasta.engine.extra_cards.out_need`);
* ``pile_take_count``: a take brings the top card and the next cards, up to that many (B.5);
* ``foot_pickup`` (B.9): ``walk_only`` (the last card is discarded, never melded: the foot counts as one card
  kept), ``next_turn_instead_of_draw`` (the hand emptied either way, the turn ends and his next draw is the
  foot); ``must_play_foot=false`` (B.10): a player whose side may go out goes out when his hand is empty
  instead of taking his foot (his discard, or his last meld where ``going_out_needs_discard`` is off).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.engine.state import give_card

if TYPE_CHECKING:
    from canasta.engine.state import DealState


def foot_cards(state: DealState, seat: int) -> int:
    """Cards of ``seat``'s foot still waiting for him, as cards he keeps (0 where the rules have no foot or he has
    taken it; at most 1 with ``foot_pickup=walk_only``: he keeps a card to discard, B.9)."""
    if not state.rules.has_foot:
        return 0
    n = len(state.packets[seat])
    return min(n, 1) if state.rules.foot_pickup == "walk_only" else n


def foot_waits(state: DealState, seat: int) -> bool:
    """Whether ``seat``'s hand is empty and his foot still waits for him (``next_turn_instead_of_draw``: until his
    next draw; B.9)."""
    return state.rules.has_foot and not state.hand_sizes[seat] and bool(state.packets[seat])


def goes_out_from_hand(state: DealState, seat: int, by_discard: bool) -> bool:
    """With ``must_play_foot=false`` (B.10): whether ``seat``, his hand just emptied (``by_discard``, or by melding
    where ``going_out_needs_discard`` is off) with his foot still waiting, goes out: his side may go out and
    the partner's answer allows it (False with ``must_play_foot``)."""
    rules = state.rules
    if rules.must_play_foot or not state.packets[seat] or (rules.going_out_needs_discard and not by_discard):
        return False
    if by_discard and rules.going_out_by_melding:
        return False  # no final discard (go_out_discard=forbidden): he walks to his foot
    answer = state.answer
    if not (answer > 0 if rules.must_ask_to_go_out else answer >= 0):
        return False
    return state.side_may_go_out(state.side_of[seat])


def take_foot(state: DealState, seat: int, at_draw: bool = False, by_discard: bool = False) -> None:
    """``seat`` takes his foot if his hand is empty and it is still waiting (B.9): its cards join his hand;
    red threes among them are laid out and replaced as dealt red threes are (B.7, bonus mode). With
    ``foot_pickup=next_turn_instead_of_draw`` only ``at_draw`` (his draw of the next turn); not when he goes out
    from his hand instead (:func:`goes_out_from_hand`)."""
    packet = state.packets[seat]
    if not packet or state.hand_sizes[seat]:
        return
    if state.rules.foot_pickup == "next_turn_instead_of_draw" and not at_draw:
        return
    if not at_draw and goes_out_from_hand(state, seat, by_discard):
        return
    state.packets[seat] = []
    for c in packet:
        give_card(state, seat, c)
    state._replace_red_threes(seat)


def pile_cut(state: DealState) -> int:
    """Index in the pile (the top card still on it, last) of the first card a take brings: 0 for the whole
    pile, else ``len(pile) - pile_take_count`` (not below 0), B.5."""
    count = state.rules.pile_take_count
    n = len(state.pile)
    return n - count if count and n > count else 0
