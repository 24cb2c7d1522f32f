"""Exhaustive search of one turn for a state with no legal move (RULES.md §1.4: a player always has a move).

From a position of the turn's player, every sequence of the engine's own legal moves of this turn is played on
clones: each meld or addition with every choice of suits where the choice can matter (a move typed with other
suits than the engine's, as a person may: :func:`oracles.going_out._concrete`, through :meth:`Deal.apply`, which may
refuse it), and both answers where the partner is asked. Every state reached where the deal is not over must offer
the player to act a legal move (:meth:`Deal.check_invariants` asks the same of the states random play meets). States
already searched are remembered (:func:`oracles.going_out.state_key`).
"""

from __future__ import annotations

from canasta.engine.deal import P_ANSWER, P_PLAY, Deal, IllegalMove
from canasta.moves.actions import ACTIONS, NO_ID, YES_ID
from canasta.moves.notation import ADD, MELD

from .going_out import _concrete, state_key


class _Found(Exception):
    """A state with no legal move, or the budget spent (``state`` None)."""

    def __init__(self, state: Deal | None):
        super().__init__()
        self.state = state


def dead_end(d: Deal, budget: int = 3000) -> Deal | None:
    """The first state with no legal move (the deal not over) that the turn's player of ``d`` can reach by legal
    moves of this turn; None if there is none, or the search met more than ``budget`` states. ``d`` is not
    changed."""
    seat = d.turn
    seen: set[tuple[object, ...]] = set()

    def run(x: Deal) -> None:
        if x.over:
            return
        acts = x.legal_actions()
        if not acts:
            raise _Found(x)
        if x.turn != seat or x.phase != P_PLAY or x.actor != seat:
            return  # the turn is over (or the partner answers, below): a legal move is there
        key = state_key(x, seat)
        if key in seen:
            return
        if len(seen) >= budget:
            raise _Found(None)
        seen.add(key)
        for a in acts:
            for move in (_concrete(x, a) if ACTIONS[a][0] in (MELD, ADD) else [None]):
                y = x.clone()
                try:
                    if move is None:
                        y.apply_action(a)
                    else:
                        y.apply(move)
                except IllegalMove:
                    continue  # suits the engine refuses: not a move of this turn
                if y.phase == P_ANSWER and y.actor != seat and not y.over:
                    for answer in (YES_ID, NO_ID):
                        if answer in y.legal_actions():
                            z = y.clone()
                            z.apply_action(answer)
                            run(z)
                else:
                    run(y)

    try:
        run(d.clone())
    except _Found as found:
        return found.state
    return None


def dead_ends_in(preset: str, count: int, seed: int) -> list[str]:
    """:func:`dead_end` over seeded positions of ``preset`` (a preset or a rules string): ``count`` small hands late
    in a deal, ``count // 4`` right after an unopened side took the pile and ``count // 4`` in the middle of a first
    turn (:mod:`oracles.positions`); one line per position that reaches a state with no legal move."""
    from .compare import describe
    from .positions import mid_turns, pending_turns, positions

    found = []
    sources: list[tuple[str, list[Deal]]] = [
        ("late", list(positions(preset, count, seed=seed, max_cards=8))),
        ("after a take", list(pending_turns(preset, count // 4, seed=seed))),
        ("first turn", list(mid_turns(preset, count // 4, seed=seed))),
    ]
    for where, deals in sources:
        for k, d in enumerate(deals):
            stuck = dead_end(d)
            if stuck is not None:
                found.append(f"{preset} {where} #{k}: from {describe(d)}\n    stuck at {describe(stuck)}")
    return found
