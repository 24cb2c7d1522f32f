"""A deal that cannot go on: its player to act has no legal move.

The engine guarantees that a deal which is not over always offers the player to act a legal move
(docs/guarantees.md; ``Deal.check_invariants`` checks it, and random play and the oracles of the tests look for
a breach). Should it ever fail, that is an error of the engine, never of a player: the front ends then stop the
game with the one-line report of :func:`dead_end` instead of waiting for a move that cannot come or showing a
traceback. ``canasta play`` saves the game with its cards so that the position can be reported and replayed,
the web server keeps the table as it is and lists it with the broken ones (docs/web.md), and
:func:`canasta.play.match.play_game` raises :class:`DeadEnd`.
"""

from __future__ import annotations

from canasta.engine.deal import PHASE_NAMES, Deal


class DeadEnd(RuntimeError):
    """A deal reached a position where the player to act has no legal move (an error of the engine); the
    message is :func:`dead_end`'s report."""


def dead_end(deal: Deal) -> str | None:
    """None while ``deal`` is over or its player to act has a legal move; else a one-line report of the dead
    end: the seat (1-based), the phase of the turn and the rules, and what to do (report it).

    The legal moves asked here are the ones the deal keeps for its next move, so the check costs nothing where
    they are asked anyway.

    Example (a player in the middle of his turn with no card left, a position no legal play reaches):
        >>> from canasta import Deal, Rules
        >>> from canasta.engine.position import position_parts
        >>> deal = Deal(Rules.parse("classic"), seed=1)
        >>> dead_end(deal) is None
        True
        >>> _ = deal.apply("draw")
        >>> parts = position_parts(deal)
        >>> parts["stock"] += parts["hands"][deal.turn]
        >>> parts["hands"][deal.turn] = []
        >>> print(dead_end(Deal.from_position(deal.rules, **parts)))
        no legal move for seat 2 (play) in classic: an error of the rules engine, not of a player; please report it
    """
    if deal.over or deal.legal_actions():
        return None
    return (f"no legal move for seat {deal.to_act + 1} ({PHASE_NAMES[deal.phase]}) in {deal.rules.spec()}: "
            "an error of the rules engine, not of a player; please report it")
