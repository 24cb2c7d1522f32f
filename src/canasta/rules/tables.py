"""The tables and limits the rules are written with: card values, minimum-count tables, red-three
tables, the pile-taking modes and the kinds of canasta an option may name, and the largest values an
option may hold (RULES.md §1.1, §1.6, §1.11, §2, §3)."""

from __future__ import annotations

from canasta.cards.deck import JOKER, N_TYPES

BELOW_ZERO = -(10**9)
"""Threshold used in minimum-count tables for 'any negative score'."""

STANDARD_VALUES: tuple[int, ...] = tuple(
    50 if c == JOKER else (20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)[c >> 2]
    for c in range(N_TYPES)
)
"""Card values of RULES.md §1.1: joker 50, 2 and A 20, K..8 10, 7..4 5, black 3 5.

Red threes have a value here (5) only so that the table is total; they are never
scored as cards (they score through ``red3_values``).
"""

ALTERNATE_VALUES: tuple[int, ...] = tuple(
    50 if c == JOKER else (20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 20)[c >> 2]
    for c in range(N_TYPES)
)
"""S3's alternative scale (RULES.md §1.1): 4..9 = 5, 10..K = 10."""

TILE_VALUES: tuple[int, ...] = tuple(
    50 if c == JOKER else (20, 0, 5, 5, 5, 10, 10, 10, 10, 10, 10, 10, 25)[c >> 2]
    for c in range(N_TYPES)
)
"""Values of the Romanian tiles (RULES.md §3.4, S2 l.65-71): 1 (ace) 25, 2 = 20, 4-6 = 5, 7-13 = 10,
joly 50. Threes have no tile value: red threes score as bonuses, black threes through
``black3_hand_penalty`` (100 on the rack, S2 l.68) and 0 when melded out of play."""

MIN_MELD_TABLES: dict[str, tuple[tuple[int, int], ...]] = {
    "standard": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120)),
    "s4_7000": ((BELOW_ZERO, 15), (0, 50), (1500, 70), (3000, 90), (5000, 120)),
    "six_two_teams": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (7500, 150)),
    "cuban": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (5000, 150)),
    "tiles": ((BELOW_ZERO, 50), (1500, 90), (3000, 120)),
    "italian": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (5000, 160), (7500, 180), (10000, 200)),
    "samba": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (7000, 160)),
    "samba_s0": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
    "bolivia": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
    "brazilian": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (8000, 200), (9000, 120)),
}
"""Named minimum-count tables (RULES.md §1.6 and §2 row 13, §3.1; ``cuban``: §3.2, 150 from 5000;
``samba``: §3.2 [H], 160 from 7000; ``samba_s0``: the same with 150 from 7000 [S0 l.241-251];
``bolivia``: 150 from 7000 [H], the same numbers as ``samba_s0``; ``brazilian``: 200 from 8000 to 8995
[R], with the canastas of ``min_meld_canasta_from``)."""

RED3_TABLES: dict[str, tuple[int, ...]] = {
    "standard": (0, 100, 200, 300, 800),
    "six_red": (0, 100, 200, 300, 400, 1000, 1200),
    "cuban": (0, 100, 300, 500, 1000),
    "italian": (0, 100, 200, 300, 800, 1000, 1200),
    "samba": (0, 100, 200, 300, 400, 500, 1000),
}
"""Red-three bonus by number held (index = count), RULES.md §1.11, §3.1 and §3.2 (Cuban; Samba:
100 each, all six 1000 [H, S0 l.237-239])."""

PILE_TAKE_MODES = ("natural_pair", "natural_wild", "add_to_meld")
OPENING_REQUIREMENTS = ("canasta", "natural_canasta")
"""What ``min_meld_canasta_from`` may ask of an initial meld: any canasta, or a natural canasta
(instead of the minimum count in the tile game §3.4, on top of it in Brazilian §3.2)."""

MAX_NUMBER_DIGITS = 9
"""Most digits of a number in an option (points, counts, sizes), so no option holds a huge number."""
MAX_VARIANT_CHARS = 2000
"""Longest variant string :meth:`Rules.parse` reads."""
MAX_OPTION_CHARS = 400
"""Longest text of one option's value (a table of bonuses for every rank fits)."""
MAX_PACKS = 9
"""Most packs in a deck (the presets use up to 4; Hand and Foot's individual game of 8 players one a player and
one more, B.1); a huge deck would take minutes to shuffle."""
MAX_JOKERS = 32
"""Most jokers in a deck (the presets use up to 8)."""

MELD_RANKS = "456789TJQKA"
"""Ranks a rank option may name (those that form melds, RULES.md §1.5)."""
CANASTA_KINDS = ("natural", "mixed", "wild")
"""Kinds of canasta going_out_canastas may name besides a rank."""
SET_KINDS = ("natural", "mixed", "wild", "sequence")
"""Kinds of canasta red3_set_needs_canasta may name besides a rank or natural-RANK / mixed-RANK."""

