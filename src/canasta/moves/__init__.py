"""Moves: the notation people type and records store (:class:`Move`), and the dense action ids the
engine, the bots and the research environment use. May import :mod:`canasta.cards`,
:mod:`canasta.util` and :mod:`canasta.errors`.

Modules: ``notation`` (:class:`Move`, its text, parsing, the move kinds and targets) · ``actions`` (the
dense ids: the tables, :func:`action_of`, :func:`decode_action` with named fields, :data:`ActionKey`).

Public names: :class:`Move`, :class:`MoveError`, :class:`Action`, :func:`action_of`, :func:`decode_action`.
"""

from canasta.moves.actions import Action, action_of, decode_action
from canasta.moves.notation import Move, MoveError

__all__ = ["Action", "Move", "MoveError", "action_of", "decode_action"]
