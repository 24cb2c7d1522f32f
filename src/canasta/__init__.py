"""Canasta: an exact, fast engine for Canasta and its variants, with bots and front ends.

The public surface of the core::

    from canasta import Rules, Deal, Game, Move, IllegalMove
    rules = Rules.parse("classic(players=2)")
    deal = Deal(rules, dealer=0, seed=7)
    deal.legal_moves(); deal.apply("draw")

See docs/api.md.
"""

from canasta.cards.deck import card_str, parse_card, parse_cards
from canasta.engine.deal import Deal, IllegalMove, PlayerView
from canasta.engine.game import Game
from canasta.moves.notation import Move, MoveError
from canasta.rules.fields import Rules, RulesError

__all__ = [
    "Deal", "Game", "IllegalMove", "Move", "MoveError", "PlayerView", "Rules", "RulesError",
    "card_str", "parse_card", "parse_cards",
]
__version__ = "0.1.0"
