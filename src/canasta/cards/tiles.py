"""Romanian tiles: names and colours of the 106 tiles, and the lines of ``canasta rules`` for the tile game.

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
from typing import TYPE_CHECKING

from canasta.cards.deck import JOKER

if TYPE_CHECKING:
    from canasta.rules.fields import Rules

BELOW_ZERO = -(10**9)
"""``canasta.rules.fields.BELOW_ZERO`` (kept here to avoid an import cycle)."""

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


def rule_lines(r: Rules) -> list[str]:
    """Lines of ``canasta rules`` for the fields of the tile game (RULES.md §3.4), each only where
    its field is set, so that any variant using one of them lists it."""
    lines: list[str] = []
    add = lines.append
    if r.tile_names:
        add(f"Tiles: {r.deck_size} tiles numbered 1-13 in four colours (red = hearts, yellow = diamonds, "
            "black = spades, blue = clubs; 1 = ace, 11-13 = J Q K) and the jolys (JK); in play type them as "
            "shown ('discard yellow 11', 'meld red 7 red 7 joly') or by card codes: 'red 7' is 7H, 'blue 1' is AC, "
            "'joly' is JK; records keep the card codes.")
        add(f"Tile values: 1 (ace) = {r.card_values[48]}, 2 = {r.card_values[0]}, 4-6 = {r.card_values[8]}, "
            f"7-13 = {r.card_values[20]}, joly = {r.card_values[JOKER]}; red/yellow 3 a bonus, black/blue 3 "
            f"-{r.black3_hand_penalty} on the rack.")
    if r.first_player_extra_card:
        add(f"The first player gets {r.hand_size + 1} and starts by discarding, without drawing.")
    if r.no_opening_first_round:
        add("First round: nobody melds or takes the pile.")
    if r.min_meld_no_wild_below > BELOW_ZERO:
        add(f"Below {r.min_meld_no_wild_below} points the initial meld may hold no wild card.")
    waive = [w for w, on in (("a complete canasta", r.opening_canasta_waives_minimum),
                             ("a meld of wild cards", r.opening_wild_meld_waives_minimum)) if on]
    if waive:
        add(f"An initial meld with {' or '.join(waive)} needs no minimum count.")
    if r.partner_take_needs_canasta_same_round:
        add("After a player's initial meld, his partner may take the pile before the opener plays again "
            "only by making the top card's meld a canasta in that turn (six from his hand and the top card).")
    if r.joker_discard_blocks_round:
        add("A discarded joly blocks the pile for a full round; only the next player may take it, showing two "
            "wild cards and making a joker canasta of his side's meld of wild cards that turn.")
    if r.canasta_beyond_seven_flat:
        add(f"Cards of a canasta beyond its seven highest score {r.canasta_beyond_seven_flat} in all.")
    if r.never_opened_penalty_factor > 1:
        add(f"A side that never melded loses its hands' points x{r.never_opened_penalty_factor}.")
    if r.melds_negative_without_canasta:
        add("A side that melded but has no canasta loses its melded points and its hands' points.")
    if r.black3_set_leaves_play:
        add("Black threes are never melded; a player holding all four may put them out of play in his turn "
            "('meld 3C 3C 3S 3S').")
    if r.black3_side_set_total:
        add(f"Black threes left in hands: -{r.black3_hand_penalty} each; all four on a side "
            f"-{r.black3_side_set_total}.")
    if r.win_requires_going_out:
        add(f"The game is won by a side that reaches {r.target} and goes out; otherwise play continues.")
    return lines


def red_threes_label(rules: Rules) -> str:
    """What people call the bonus threes under ``rules``: ``Red threes``, or for the tile game (whose
    bonus threes are the red and the yellow 3 tiles, hearts and diamonds) ``Red & yellow 3s``. For the
    table's column and the score breakdown's row (``scoring.BREAKDOWN_ITEMS`` key ``red_threes``)."""
    return "Red & yellow 3s" if rules.tile_names else "Red threes"
