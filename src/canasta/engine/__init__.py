"""The engine: one deal's state and its public face :class:`Deal` (legal moves, applying them,
refusals explained, what a seat may see), the move generators (:mod:`canasta.engine.movegen`), the
constraints of the initial meld and of going out (:mod:`canasta.engine.constraints`), and the game of
several deals (:class:`Game`). May import the layers below it: scoring, moves, rules, cards, util.

Public names: :class:`Deal`, :class:`Game`, :class:`IllegalMove`, :class:`PlayerView`.
"""

from canasta.engine.deal import Deal, PlayerView
from canasta.engine.game import Game
from canasta.errors import IllegalMove

__all__ = ["Deal", "Game", "IllegalMove", "PlayerView"]
