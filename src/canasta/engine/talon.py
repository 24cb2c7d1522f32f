"""The turn card and the talon of Modern American Canasta (RULES_AMERICAN.md A.2 [CLA, P, WCA, HB]), read from the
fields ``talon_sizes`` and ``turn_card_from_bottom``.

A player who makes his side's initial meld from his hand, before the turn card is drawn, earns the talon: after his
discard he takes ``talon_sizes[k]`` cards from the top of the stock (k = the sides that opened before his), which
wait face down in front of him (the deal's ``packets``, shown in views as packet sizes) and join his hand at the
start of his next turn, before his draw, threes laid out and replaced. No talon follows an opening made by taking
the pile. The turn card is the ``turn_card_from_bottom``-th stock card from the bottom: once it is drawn (fewer
cards left in the stock), no talon is earned.
"""

from __future__ import annotations

from canasta.engine.state import DealState, give_card, talon_due, turn_card_drawn

__all__ = ["earn_talon", "give_talon", "talon_due", "talon_earned", "turn_card_drawn"]


def talon_earned(state: DealState, seat: int) -> int:
    """Cards of the talon ``seat`` earns in this turn (0 = none): he made his side's initial meld in this turn,
    not by taking the pile, before the turn card was drawn; the size by the sides that opened before his (A.2)."""
    sizes = state.rules.talon_sizes
    side = state.side_of[seat]
    if not sizes or state.opener[side] != seat or state.opened_turn[side] != state.turn_no:
        return 0
    if state.drew == 2 or turn_card_drawn(state):  # opened by taking the pile, or the turn card is gone
        return 0
    before = sum(1 for s in range(state.teams) if s != side and state.opened[s])
    if state.rules.talon_source == "predealt":  # the pile dealt in advance for this place, if still there
        return len(state.talons[before]) if before < len(state.talons) else 0
    return sizes[before] if before < len(sizes) else 0


def earn_talon(state: DealState, seat: int) -> None:
    """After ``seat``'s discard (he did not go out): set the talon he earned aside from the top of the stock
    (A.2: "the opener takes them from the stock top after discarding")."""
    if state.rules.talon_source == "predealt":  # the pile dealt in advance, claimed (MAC A.2 [POC, MS])
        if talon_earned(state, seat):
            side = state.side_of[seat]
            before = sum(1 for s in range(state.teams) if s != side and state.opened[s])
            state.packets[seat].extend(state.talons[before])
            state.talons[before] = []
        return
    count = min(talon_earned(state, seat), len(state.stock))
    stock = state.stock
    for _ in range(count):
        state.packets[seat].append(stock.pop())


def give_talon(state: DealState, seat: int) -> bool:
    """At the start of ``seat``'s turn: his talon joins his hand, threes laid out and replaced (A.2, A.3). Returns
    True where a replacement was the stock's last card and a three, kept in his hand: the deal is to end (A.10)."""
    talon = state.packets[seat]
    if not talon:
        return False
    state.packets[seat] = []
    for c in talon:
        give_card(state, seat, c)
    return state._replace_red_threes(seat)
