"""Moves: the notation people type and records store (:class:`Move`), and the dense action ids the
engine, the bots and the research environment use. May import :mod:`canasta.cards`,
:mod:`canasta.util` and :mod:`canasta.errors`.

Public names: :class:`Move`, :class:`MoveError`.
"""

from canasta.moves.notation import Move, MoveError

__all__ = ["Move", "MoveError"]
