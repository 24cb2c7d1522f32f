"""Romanian tiles: names and colours of the 106 tiles (the lines of ``canasta rules`` for the tile game are
:func:`canasta.rules.describe.tile_rule_lines`).

The tile set (RULES.md §3.4, seed 002 l.5-13) has the numbers 1 to 13 in four colours, twice,
plus 2 "joly" tiles: 2 packs and 2 jokers, so the card types of :mod:`canasta.cards.deck` serve as
tiles (DESIGN.md, "Notation"): red = hearts, yellow = diamonds, black = spades, blue = clubs,
1 = ace, 11/12/13 = jack/queen/king, joly = ``JK``. Only people see these names (``canasta
play``, ``canasta rules``), and terminal play also reads them as typed (``discard yellow 11``,
:mod:`canasta.cli.shortmoves`); the notation, records and JSON keep the card codes. The "surpriza" under
the upcard is the dowry of :mod:`canasta.engine.dowry` (``dowry=number``).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards.deck import JOKER

COLOURS = ("blue", "yellow", "red", "black")
"""Tile colour of each suit index C, D, H, S (DESIGN.md "Notation")."""
JOLY = "joly"
"""Name of the joker tile (S2 l.10)."""


def tile_number(card: int) -> int:
    """Number printed on a tile: 1 for an ace, 2..10, 11 jack, 12 queen, 13 king; 0 for a joly."""
    if card == JOKER:
        return 0
    r = card >> 2
    return 1 if r == 12 else r + 2


def tile_name(card: int) -> str:
    """A tile's name for people, e.g. ``red 7``, ``blue 1`` (an ace), ``joly``."""
    if card == JOKER:
        return JOLY
    return f"{COLOURS[card & 3]} {tile_number(card)}"


def tiles_text(cards: Sequence[int]) -> str:
    """Tiles' names joined by commas (``red 7, joly``)."""
    return ", ".join(tile_name(c) for c in cards)
