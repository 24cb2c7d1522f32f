"""A move typed with cards of its own choosing, in a variant with sequences: refused where they would leave the
player no legal move.

A move id names counts of cards, not suits (:mod:`canasta.moves.actions`); its cards are the engine's choice
(:func:`~canasta.engine.movegen.move_cards.move_for_action`), and the filters that keep a player from being stranded
(the initial meld still reachable, RULES.md §1.6; going out after a yes, §1.9; a canasta owed by a take, §3.4) judge
those cards. A person or a program may name other suits (``add 6S`` where the engine's choice is 6D). Where
sequences are played (§3.2) the suit a card leaves in the hand can matter later in the turn: with 5S 7S still in the
hand, adding 6S to the sixes breaks the sequence the initial meld needed, and the player would stand in his turn
with no legal move (the exhaustive dead-end search of whole turns found it in Samba, 2026-11-28). Such a choice is
refused, in one line that names the move the engine would play instead.
"""

from __future__ import annotations

from canasta.engine.apply import play_move
from canasta.engine.copying import clone
from canasta.engine.movegen.move_cards import move_for_action
from canasta.engine.state import DealState
from canasta.moves.notation import ADD, MELD, TAKE, Move


def chosen_cards_refusal(state: DealState, action: int, move: Move) -> str | None:
    """Why ``move`` (legal as id ``action``, with cards the player holds) is refused for its choice of cards, or
    None where it is accepted: in a variant with sequences a meld, addition or take whose cards differ from the
    engine's choice for the id is played on a copy, and refused where it leaves the player in his turn with no
    legal move (the deal not over). ``state`` is not changed."""
    if not state.rules.sequences or move.kind not in (MELD, ADD, TAKE):
        return None
    default = move_for_action(state, action)
    if sorted(default.cards) == sorted(move.cards):
        return None
    copy = clone(state)
    play_move(copy, action, move)
    if copy.over or copy.legal_actions():
        return None
    return (f"{move} would leave you no legal move this turn (those cards are needed later in it); "
            f"{default} is allowed")
