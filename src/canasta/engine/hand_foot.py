"""Hand and Foot's mechanics (RULES_AMERICAN.md part B), read from fields of
:class:`~canasta.rules.fields.Rules` and hooked into the deal's moves:

* the foot (``extra_cards_when=hand_empty`` with ``extra_cards_from=packet``): each player's face-down
  packet, taken when his hand is empty. Emptied by melding ("running") he takes it at once and plays on;
  emptied by his discard ("walking") he takes it then and plays it from his next turn (B.9 [BGA]). While
  his foot waits for him its cards count as cards he keeps, so he may meld or discard his last card;
  he may not go out before he has taken it (:func:`canasta.engine.extra_cards.out_need`);
* ``pile_take_count``: a take brings the top card and the next cards, up to that many (B.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from canasta.engine.state import DealState


def foot_cards(state: DealState, seat: int) -> int:
    """Cards of ``seat``'s foot still waiting for him (0 where the rules have no foot or he has taken it)."""
    return len(state.packets[seat]) if state.rules.has_foot else 0


def take_foot(state: DealState, seat: int) -> None:
    """``seat`` takes his foot if his hand is empty and it is still waiting (B.9): its cards join his hand;
    red threes among them are laid out and replaced as dealt red threes are (B.7, bonus mode)."""
    packet = state.packets[seat]
    if not packet or state.hand_sizes[seat]:
        return
    state.packets[seat] = []
    for c in packet:
        state._give(seat, c)
    state._replace_red_threes(seat)


def pile_cut(state: DealState) -> int:
    """Index in the pile (the top card still on it, last) of the first card a take brings: 0 for the whole
    pile, else ``len(pile) - pile_take_count`` (not below 0), B.5."""
    count = state.rules.pile_take_count
    n = len(state.pile)
    return n - count if count and n > count else 0
