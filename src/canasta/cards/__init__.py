"""Cards and tiles: the deck's card types (:mod:`canasta.cards.deck`), the tile set of the Romanian
game (:mod:`canasta.cards.tiles`) and the geometry of sequences (:mod:`canasta.cards.sequences`).
May import only :mod:`canasta.util` and :mod:`canasta.errors`.

Public names: :func:`card_str`, :func:`parse_card`, :func:`parse_cards`, :class:`CardError`.
"""

from canasta.cards.deck import CardError, card_str, parse_card, parse_cards

__all__ = ["CardError", "card_str", "parse_card", "parse_cards"]
