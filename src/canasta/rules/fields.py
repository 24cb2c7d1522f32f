"""Rules: an immutable description of a variant, built from a preset and options.

A variant is named by a string ``name(option=value,...)`` such as ``classic``,
``classic(players=2)`` or ``classic(players=6,teams=3,stock_end=reshuffle)``.
:meth:`Rules.parse` reads such a string and :meth:`Rules.preset` builds the same
from Python keywords. Every field of :class:`Rules` is also an option (its name
in snake_case), so the engine and the scoring read behaviour from fields and
never from the variant's name.

Unknown presets, unknown options, badly typed values and impossible
combinations raise :class:`RulesError` with a message that names the culprit and
lists what is allowed.

Presets (:data:`PRESETS`): ``classic`` (RULES.md §1, §3.1), ``uruguay`` (§3.3 a),
``free-canasta`` (§3.5, S4), ``spanish`` (§3.3 b, seed 001), ``cuban`` (§3.2) and the others of
:data:`PRESETS` (``escalator``: §3.5, S4 l.55-69).
Each page of ``docs/variants/`` lists a preset's rules with their sources.

Rules: RULES.md §1 (classic), §2 (the options where sources disagree), §3.1
(2, 3 and 6 players), §3.2 (Cuban), §3.3 (Uruguayan), §3.5 (Free Canasta).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from canasta.cards.deck import JOKER, N_TYPES
from canasta.engine.dowry import dowry_rule_line
from canasta.util.jsontypes import quoted
from canasta.util.suggest import did_you_mean

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


class RulesError(ValueError):
    """A variant string, preset name, option or combination of options is not valid."""


@dataclass(frozen=True)
class Rules:
    """The rules of one variant: every switch the engine and the scoring read.

    Build with :meth:`preset` or :meth:`parse`, not directly, so that player-count
    defaults are applied and the combination is validated. All point amounts are
    in points; all counts are numbers of cards.
    """

    name: str = "classic"
    """Preset name."""
    players: int = 4
    """Number of players at the table (RULES.md §3.1)."""
    teams: int = 2
    """Number of sides; seat ``s`` plays for side ``s % teams`` (partners sit apart)."""
    # -- players: cutthroat (3 players) and sitting out (5 players), RULES.md §3.1 --------
    cutthroat: bool = False
    """Three players each for himself until one first takes the discard pile: he becomes the lone
    hand and the other two a partnership for the rest of the deal, combining their melds; a player
    who goes out before the pile was ever taken is the lone hand (RULES.md §3.1 [R, H, S0 l.178-184];
    docs/variants/cutthroat.md). Needs players=3."""
    sitting_out: int = 0
    """Players who sit out each deal: 5 players play 3 against 2 and the side of three sends one
    player out in turn, so every deal is a 4-player partnership deal (RULES.md §3.1 [S0 l.190,
    S4 l.49, H]; docs/variants/classic-5.md). 0 = everyone plays every deal; 1 only with players=5."""
    packs: int = 2
    """French 52-card packs shuffled together (RULES.md §1.1, §3.1)."""
    jokers: int = 4
    """Jokers added to the packs."""
    hand_size: int = 11
    """Cards dealt to each player (RULES.md §1.2, §2 row 14)."""
    draw: int = 1
    """Cards drawn from the stock in a turn (2 in the 2-player game)."""
    canastas_to_go_out: int = 1
    """Canastas a side needs before one of its players may go out (§1.9, §3.1)."""
    target: int = 5000
    """Score that ends the game at the end of a deal (§1.12, §2 row 15)."""
    min_meld_table: tuple[tuple[int, int], ...] = MIN_MELD_TABLES["standard"]
    """Minimum count of the initial meld: (from cumulative score, minimum) ascending (§1.6)."""
    # --- Romanian tiles (romanian-tiles, RULES.md §3.4, seeds 002 and 003) and Brazilian (§3.2) ---
    min_meld_canasta_from: tuple[tuple[int, str], ...] = ()
    """Scores from which the initial meld must hold a canasta made in that turn: (from cumulative score,
    requirement) ascending, requirement ``canasta`` (any) or ``natural_canasta`` (no wild card; a sequence
    canasta is natural, a canasta of wild cards is not); the highest row reached applies; empty = never.
    Where ``opening_canasta_waives_minimum`` the canasta replaces the minimum count (romanian-tiles: 5000
    canasta, S2 l.82); otherwise it comes on top of the count of ``min_meld_table`` and needs
    ``no_pile_for_initial_meld`` (brazilian: 7000 canasta, 9000 natural_canasta [H, R, S0 l.269-275])."""
    min_meld_no_wild_below: int = BELOW_ZERO
    """Below this cumulative score the initial meld may hold no wild card (unless it is a canasta or
    a meld of wild cards where those waive the minimum); BELOW_ZERO = never (romanian-tiles: 1500,
    S2 l.79)."""
    opening_canasta_waives_minimum: bool = False
    """An initial meld holding a complete canasta needs no minimum count (S2 l.131-132); from the scores of
    ``min_meld_canasta_from`` that canasta (of the kind asked) is then the whole requirement."""
    opening_wild_meld_waives_minimum: bool = False
    """An initial meld holding a meld of wild cards needs no minimum count (S2 l.129-131)."""
    no_opening_first_round: bool = False
    """Nobody melds or takes the pile during the first round: each player's first turn is draw
    (the first player: none, see first_player_extra_card) and discard (S2 l.103, 108-110)."""
    first_player_extra_card: bool = False
    """The first player gets one card more than hand_size and starts by discarding, without
    drawing (S2 l.41-44, S3 l.37)."""
    partner_take_needs_canasta_same_round: bool = False
    """After a player makes his side's initial meld, his partner may take the pile before the
    opener's next turn only by making the top card's meld a canasta in that turn (S2 l.115-117)."""
    joker_discard_blocks_round: bool = False
    """A discarded joker ("joly") blocks the pile for a full round: nobody takes it in the next
    ``players`` turns, even once covered, except the next player with a joker canasta: two wild cards
    from his hand join the joly in his meld of wild cards, which must become a canasta that turn
    (S2 l.155-156; needs wild_melds)."""
    canasta_beyond_seven_flat: int = 0
    """Where non-zero, the cards of a canasta beyond its seven highest-valued ones score this flat
    total instead of their values (romanian-tiles: 50, S2 l.184-185)."""
    never_opened_penalty_factor: int = 1
    """Multiplier of the cards left in the hands of a side that made no meld in the deal
    (romanian-tiles: 2, S2 l.186-187)."""
    melds_negative_without_canasta: bool = False
    """A side that melded but has no canasta loses its melded cards' values instead of scoring
    them (S2 l.187-188, 199)."""
    black3_set_leaves_play: bool = False
    """A player holding four black threes may put them out of play in his turn after the first
    round (scored by black3_removed_values); black threes are never melded (romanian-tiles,
    S2 l.178-180)."""
    black3_side_set_total: int = 0
    """Where non-zero, a side whose hands hold four black threes (or more) at the end loses this
    total for them instead of black3_hand_penalty each (romanian-tiles: 1600, S2 l.175-176)."""
    win_requires_going_out: bool = False
    """The game ends only at a deal in which a side at or above the target went out; that side wins
    (S2 l.53-56)."""
    tile_names: bool = False
    """Show cards to people as Romanian tiles ("red 7", "joly"; red = hearts, yellow = diamonds,
    black = spades, blue = clubs, DESIGN.md "Notation"); the notation stays card codes."""
    card_values: tuple[int, ...] = STANDARD_VALUES
    """Value in points of each of the 53 card types (§1.1)."""
    min_naturals: int = 2
    """Natural cards a meld of a rank needs at least (§1.5)."""
    wild_limit: int = 3
    """Wild cards a meld of a rank may hold at most (§1.5)."""
    no_wild_majority: bool = False
    """Wild cards may never outnumber naturals in a meld (§1.5 option, §2 row 4)."""
    pile_take_modes: frozenset[str] = frozenset(PILE_TAKE_MODES)
    """Ways to take an unfrozen pile (§1.7, §2 rows 1-2)."""
    own_canasta_rank_blocks_pile: bool = False
    """A pile topped by the rank of one of the side's canastas cannot be taken (§2 row 1, S4)."""
    one_card_pile_rule: bool = True
    """A player holding one card may not take a pile of one card (§1.7, §2 row 11)."""
    black3_freezes: bool = False
    """A discarded black three freezes the pile (Bicycle; §1.8, §2 row 9)."""
    upcard_black3_turns: bool = True
    """A black three turned as upcard is covered by another card (§1.2, §2 row 8)."""
    stock_end: str = "forced_take"
    """When the stock runs out: forced_take (P, B, S1), reshuffle (S0) or end (S2, S3, S4) (§1.10)."""
    last_red3_may_meld: bool = False
    """A red three as last stock card: the drawer may still meld, not discard (B, S1) (§2 row 6)."""
    red3_values: tuple[int, ...] = RED3_TABLES["standard"]
    """Red-three bonus of a side by the number it laid out (§1.11, §3.1)."""
    red3_negative_if: str = "no_meld"
    """When red threes count against a side: no_meld, no_canasta, lost_hand (§2 row 7), never (S2) or
    few_canastas: fewer canastas (sequence canastas included) than canastas_to_go_out (Samba, Italian
    §3.2 [H, S0 l.237])."""
    natural_canasta_bonus: int = 500
    """Bonus of a natural canasta (§1.5)."""
    mixed_canasta_bonus: int = 300
    """Bonus of a mixed canasta (§1.5)."""
    going_out_bonus: int = 100
    """Bonus for going out (§1.11)."""
    concealed_bonus: int = 100
    """Extra bonus for going out concealed, on top of going_out_bonus (§1.9, §2 row 3)."""
    concealed_allows_pile_take: bool = True
    """Going out concealed is possible in a turn that took the pile (§1.9)."""
    concealed_waives_minimum_with_pile: bool = False
    """Going out concealed waives the minimum count even after taking the pile (§1.6, §2 row 12)."""
    black3_hand_penalty: int = 5
    """Points lost for each black three left in a hand (§1.8, §2 row 20)."""
    wild_melds: bool = False
    """Melds made only of wild cards are allowed (§2 row 18, option wild_canasta)."""
    wild_canasta_bonus: int = 2000
    """Bonus of a canasta of wild cards where wild_melds is on (S3: 2000)."""
    twos_canasta_bonus: int = 0
    """Bonus of a canasta of twos only, 0 = as any wild canasta (S3 special canastas: 3000)."""
    aces_canasta_bonus: tuple[int, int] = (0, 0)
    """(natural, mixed) bonus of a canasta of aces, 0 = as any canasta (S3: 1500, 700)."""
    pile_visible: bool = False
    """Players may look through the whole discard pile (S0; §2 row 17)."""
    wild_meld_min: int = 3
    """Cards needed to start a meld of wild cards (where wild_melds): 3 like any meld [S4 l.53, R];
    7 = the wild canasta must be laid down whole at once (S4 l.187's optional joker canasta)."""
    wild_meld_max: int = 0
    """Most cards a meld of wild cards may hold, 0 = no limit (Uruguay: 7, RULES.md §3.3 a)."""
    canasta_max: int = 0
    """Most cards any meld may hold, 0 = no limit; a full meld takes no more cards, and a pile
    whose top card would have to join it cannot be taken (Cuban: 7, §3.2 [R, S0, S4])."""
    jokers4_canasta_bonus: int = 0
    """Bonus of a wild canasta holding four jokers (or more), 0 = as any wild canasta
    (Cuban: four jokers and three twos 3000, §3.2 [R, S0, S4])."""
    mixed_canasta_bonus_by_wilds: tuple[int, ...] = ()
    """Bonus of a mixed canasta by its number of wild cards: entry k-1 for k wild cards (more
    wild cards than listed: the last entry); empty = mixed_canasta_bonus
    (Free Canasta: 400/300/200 for 1/2/3, §3.5 [S4 l.53])."""
    canasta_count_bonuses: tuple[tuple[int, int], ...] = ()
    """Premiums for a side's number of canastas: (canastas at least, bonus) ascending, paid on top
    of each canasta's own bonus and card values; only the highest reached is paid unless
    canasta_count_bonus_cumulative (Spanish: Canastrón 5 = 500, Canasta de canastas 7 = 2000,
    §3.3 b [S1 l.64-67, 206-210])."""
    canasta_count_bonus_cumulative: bool = False
    """Pay every canasta-count premium reached (7 canastas: 2000 + 500), not only the highest (§3.3 b)."""
    black3_all_melded_bonus: int = 0
    """Bonus for melding four black threes (or more) when going out (Spanish 500, §3.3 b [S1 l.204])."""
    black3_all_in_hand_penalty: int = 0
    """Points a side loses when one of its players holds four black threes (or more) at the end of
    the deal, on top of their card values (Spanish 500, §3.3 b [S1 l.239-240])."""
    concealed_scale: tuple[int, ...] = ()
    """Concealed going out by kind, replacing going_out_bonus + concealed_bonus: (first turn,
    first turn using the partner's melds, later, later using the partner's melds) in points; empty
    = classic (concealed_bonus, partner's melds not allowed). Where set, a player may go out
    concealed while adding to his partner's melds (Spanish 1000/500/500/200, §3.3 b [S1 l.212-229])."""
    ask_requires_going_out: bool = True
    """A player may ask "may I go out?" only when he can go out this turn (§1.9). False (Spanish):
    he may always ask; if his partner says yes and he cannot go out, his side loses
    ask_fail_penalty and he plays on (§3.3 b [S1 l.255])."""
    ask_fail_penalty: int = 0
    """Points a side loses each time a player is told yes and cannot go out (Spanish 100, §3.3 b)."""
    black3_no_discard_first_round: bool = False
    """A black three may not be discarded in a player's first turn of the deal, unless he holds
    nothing else (Cuban, §3.2 [R, S4 l.73])."""
    black3_from_pile_removed: bool = False
    """Black threes in a taken pile are removed from play and scored by black3_removed_values
    for the side that took them (Cuban, §3.2 [R, S4 l.73])."""
    black3_removed_values: tuple[int, ...] = (0, 5, 10, 15, 100)
    """Bonus of a side by the number of black threes it removed from taken piles (index = count;
    more than listed: the last entry plus the first step per card) (Cuban: 5 each, 100 for all 4)."""
    pile_always_frozen: bool = False
    """The pile is frozen for everyone all the time: only a natural pair matching the top card takes
    it (Uruguay §3.3 a [R, S4 l.77]; Cuban §3.2 [R, S4 l.73])."""
    # --- Mexican, Pennies from Heaven (issue 3): extra cards, blocking ranks, going-out needs ---
    extra_cards: int = 0
    """Cards a player receives on top of his hand when his side reaches extra_cards_when, 0 = none
    (Mexican 13 from the stock, §3.2 [R, S0 l.405, S4 l.75]; Pennies from Heaven 11, §3.5 [S4 l.91])."""
    extra_cards_from: str = "stock"
    """Where the extra cards come from: stock (the player whose move reaches the event draws them,
    once per side, red threes laid out and replaced) or packet (each player is dealt his own
    face-down packet of extra_cards at the deal and takes it once his side reaches the event: at
    once if it is his move, else at the start of his next turn) (§3.2 Mexican, §3.5 Pennies)."""
    extra_cards_when: str = "initial_meld"
    """The event that brings the extra cards: initial_meld (the side's initial meld is complete)
    or first_canasta (the side completes its first canasta)."""
    pile_blocking_rank: str = ""
    """A rank ('7') whose card on top of the pile stops anyone taking it, '' = none
    (Mexican 7, §3.2 [R, S0 l.407])."""
    discard_blocked_rank: str = ""
    """A rank ('7') that may not be discarded until every side has a canasta of it, and never as
    the last card when going out, '' = none (Pennies from Heaven, §3.5 [S4 l.91])."""
    rank_canasta_bonuses: tuple[tuple[str, int], ...] = ()
    """Bonus of a canasta of a given rank, natural or mixed, replacing its usual bonus: (rank, points)
    pairs, option text such as 7:1000 (Mexican sevens 1000 §3.2 [R, S4 l.75]; Pennies 1500 §3.5)."""
    red3_to_go_out: int = 0
    """Red threes a side must have laid out before one of its players may go out
    (Mexican 2, §3.2 [S0 l.411, S4 l.75])."""
    going_out_canastas: tuple[str, ...] = ()
    """Kinds of canasta a side must all have (one distinct canasta each) before it may go out, on
    top of canastas_to_go_out: natural, mixed, wild, or a rank such as 7 for a canasta of that rank;
    option text such as 7/wild/natural/mixed (Pennies from Heaven, §3.5 [S4 l.91])."""
    red3_needs_canasta_of: str = ""
    """A rank ('7'): the side's red threes score negative unless it has a canasta of that rank,
    '' = no such condition (Pennies from Heaven, §3.5 [S4 l.91])."""
    # --- Italian (issue 3): dowry, red threes before the upcard, twos melds, naturals-only minimum ---
    dowry: str = "none"
    """Face-down cards put under the upcard at the deal, taken with the pile by the first player who
    takes it: none; rank (as many as the upcard's rank: 4..10 their number, J 11, Q 12, K 13, A and
    joker 20; Italian, §3.2 dowry note [R, S0, S4 l.83]); number (the number on the upcard's tile: ace 1
    ... king 13, joly 0; the Romanian tiles' surpriza, §3.4 [S2 l.42-43, S3 l.39]). Module canasta.engine.dowry."""
    red3_before_upcard: bool = False
    """Red threes dealt are laid out and replaced before the upcard is turned (Italian, §3.2 [S4 l.83])."""
    min_meld_naturals_only: bool = False
    """Only natural cards (4..A) count towards the minimum count of the initial meld; wild cards count
    0 there (Italian, §3.2 [R])."""
    twos_melds: bool = False
    """Twos may form their own meld (target 2, with jokers as its wild cards, wild_limit at most); while
    a side's meld of twos is not a canasta, that side may not use twos as wild cards elsewhere
    (Italian, §3.2 [R, S0, S4 l.83])."""
    twos_canasta_mixed_bonus: int = 0
    """Bonus of a canasta of twos holding jokers (Italian 2000, §3.2 [R, S4 l.83])."""
    twos_canasta_bonus_needs_going_out: bool = False
    """Canastas of twos earn their bonus (twos_canasta_bonus, twos_canasta_mixed_bonus) only for the
    side that goes out; otherwise their cards count at face value (Italian, §3.2 [S4 l.83])."""
    wild_canastas_count: bool = True
    """Canastas of wild cards (melds of twos, melds of wild cards) count towards canastas_to_go_out and
    the canasta-count premiums; False: they do not (Italian, §3.2 [R, S0, S4 l.83])."""
    natural_canasta_count_bonuses: tuple[tuple[int, int], ...] = ()
    """Premiums paid on top of canasta_count_bonuses when the side has at least that many natural
    canastas: (natural canastas at least, bonus) ascending, every one reached paid (Italian: 5
    natural canastas 2000 = 1000 for five canastas + 1000 more, §3.2 [R, S4 l.83])."""
    # --- escalator (RULES.md §3.5, S4 l.55-69): no going out, black-three sets, sevens, red-three set ---
    going_out_allowed: bool = True
    """Whether a player may go out at all; False: nobody may meld or discard his last card, so every
    player keeps at least one card and the deal ends only when the stock runs out (escalator: "It is
    forbidden to discard your last card", S4 l.55; docs/variants/escalator.md)."""
    black3_melds_anytime: bool = False
    """A set of three or four black threes (no wild card) may be laid out at any time, before the
    initial meld too, without counting towards its minimum; nothing is ever added to it, one set per
    side (escalator, S4 l.55). False: black threes are melded only when going out (§1.8)."""
    rank_canasta_mixed_bonuses: tuple[tuple[str, int], ...] = ()
    """Bonus of a mixed canasta of a given rank, replacing rank_canasta_bonuses (which then pays the
    natural one): (rank, points) pairs, option text such as 7:1000 (escalator: a "black" canasta of
    sevens 1000, a "red" one 1500, S4 l.63-65)."""
    rank_hand_penalties: tuple[tuple[str, int], ...] = ()
    """Points lost for each card of a given rank left in a hand at the end of the deal, instead of its
    card value: (rank, points) pairs, option text such as 7:500 (escalator: "for any seven on hand at
    the end of the game, 500 minus points", S4 l.69)."""
    red3_set_needs_canasta: tuple[str, ...] = ()
    """Kinds of canasta of which the side needs one for the top entry of red3_values (all its red
    threes) to be paid; without one the red threes count red3_values[1] each. Kinds: natural, mixed,
    wild, sequence, a rank such as 7 (any canasta of it) or natural-7 / mixed-7; option text such as
    wild/sequence/natural-7; empty = no condition (escalator: six red threes 2000 only after "Bolivia,
    an escalator or a real canasta of sevens", S4 l.55)."""
    extra_cards_once_per_deal: bool = False
    """With extra_cards_from=stock: only the first player at the table to reach extra_cards_when
    receives the extra cards, once per deal instead of once per side (escalator: "the player who is
    the first to lay out or finish the canasta", S4 l.55)."""
    # --- Samba family: sequences, several melds of a rank, pile (RULES.md §3.2) ---
    sequences: bool = False
    """Sequence melds are allowed: natural cards of one suit in unbroken rank order, four low and ace
    high, no wild card unless sequence_wild_max (Samba, Bolivia, Brazilian, Chilean, Hollywood; §3.2 [H,
    S0 l.225, S4 l.81])."""
    sequence_min: int = 3
    """Fewest cards a sequence meld may be started with (§3.2: 3)."""
    sequence_max: int = 7
    """Most cards a sequence may hold; a sequence of this many cards is a sequence canasta and takes no
    more cards (Samba: 7, "cannot be extended" [H, S4 l.81]). At most 7 (the move table's limit)."""
    sequence_canasta_bonus: int = 1500
    """Bonus in points of a sequence canasta, on top of its card values (Samba 1500 [H, S0 l.225, S4 l.81])."""
    several_melds_per_rank: bool = False
    """A side may start another meld of a rank once each of its melds of that rank is a canasta, so it may
    hold two canastas (or more) of one rank (Samba: [H, S0 l.229, S4 l.81]; see docs/variants/samba.md)."""
    pile_add_below: int = 0
    """Taking the pile by adding its top card to a meld (add_to_meld) is allowed only to a meld of fewer
    than this many cards, 0 = any meld (Samba: 7, "a meld that is less than a canasta" [H])."""
    sequence_canastas_to_go_out: int = 0
    """Of the canastas_to_go_out, how many must be sequence canastas (Bolivia: 1 escalera [H])."""
    short_sequence_penalty: int = 0
    """Points a side loses at the end of a deal for each of its sequences shorter than
    short_sequence_below cards (Brazilian: 1000 [H, R]; S0 l.301: every unfinished sequence)."""
    short_sequence_below: int = 5
    """Sequences with fewer cards than this are penalised by short_sequence_penalty (H, R: 5; S0: 7)."""
    no_pile_for_initial_meld: bool = False
    """A side that has not made its initial meld may not take the pile (Brazilian [H, R, S4 l.89])."""
    sequence_out_max: int = 0
    """When going out, a sequence may be extended at either end past sequence_max up to this many cards
    (4 to A is 11); 0 = never (Brazilian: 11, "when going out it may be extended at both ends" [H, R,
    S4 l.89]). The addition must be the move that empties the hand or leaves the card to discard."""
    must_ask_to_go_out: bool = False
    """A player may go out only after asking his partner "may I go out?" and being told yes
    (Brazilian [H, R, S4 l.89 "the player must always ask the partner for permission"])."""
    # --- Hollywood (issue 3): wild cards in sequences, taking a wild card with a pair of it ---
    sequence_wild_max: int = 0
    """Wild cards a sequence may hold, 0 or 1 (Hollywood: 1, "in the canasta on the sequence one free
    card is allowed" [R, S0 l.391, S4 l.85]); such a sequence also needs min_naturals natural cards,
    and its wild card stands for one card of it, named in the move (``meld 4H JK=5H 6H 7H``)."""
    mixed_sequence_canasta_bonus: int = 1000
    """Bonus in points of a sequence canasta holding a wild card, on top of its card values
    (Hollywood 1000 [R, S0 l.391, S4 l.85]); used only where sequence_wild_max > 0."""
    wild_pair_takes_wild: bool = False
    """A pile topped by a wild card is not blocked: it is taken with a pair of the same wild card from
    the hand, two twos for a two and two jokers for a joker, and the three cards start or join the
    side's meld of wild cards (needs wild_melds); only a black three then blocks the pile (Hollywood
    [R, S0 l.397-399, S4 l.85])."""
    direction: str = "clockwise"
    """Direction of deal and play (§1.2, §2 row 16); it changes only who sits left of whom."""
    tie: str = "another_deal"
    """If the leading sides tie at or above the target: another_deal or shared (§1.12)."""
    options: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The options given when the rules were built, as (name, text) pairs, for :meth:`spec`."""

    # ------------------------------------------------------------------ building

    @classmethod
    def preset(cls, name: str = "classic", **options: Any) -> Rules:
        """Build the rules of preset ``name`` with ``options`` overriding its fields.

        ``players`` and ``teams`` select the player-count defaults of RULES.md
        §3.1 before the other options apply. Values may be Python values or the
        text accepted in variant strings.

        Raises:
            RulesError: unknown preset or option, bad value, impossible combination.
        """
        if not isinstance(name, str):
            raise RulesError(f"a variant is named by a text such as 'classic', not {type(name).__name__}")
        key = name.strip().lower()
        if key not in PRESETS:
            raise RulesError(
                f"unknown variant {quoted(name)}{did_you_mean(key[:40], PRESETS)}; "
                f"known variants: {', '.join(sorted(PRESETS))}"
            )
        texts = {k: _to_text(k, v) for k, v in options.items()}
        return PRESETS[key](texts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read a variant string such as ``classic(players=6,teams=3)``.

        Raises:
            RulesError: not a text, longer than :data:`MAX_VARIANT_CHARS`, holding a control
                character, malformed, or :meth:`preset` refuses it.
        """
        if not isinstance(text, str):
            raise RulesError(f"a variant string is a text such as classic(players=2), not {type(text).__name__}")
        if len(text) > MAX_VARIANT_CHARS:
            raise RulesError(f"a variant string has at most {MAX_VARIANT_CHARS} characters, not {len(text)}")
        if not all(c.isprintable() or c.isspace() for c in text):
            raise RulesError(f"the variant string {quoted(text)} holds a control character; "
                             "write e.g. classic(players=2)")
        m = re.fullmatch(r"\s*([A-Za-z][\w-]*)\s*(?:\((.*)\))?\s*", text)
        if not m:
            raise RulesError(
                f"cannot read variant {quoted(text)}: write a name, optionally followed by "
                "(option=value,...), e.g. classic(players=2)"
            )
        name, body = m.group(1), m.group(2)
        opts: dict[str, str] = {}
        if body and body.strip():
            for part in body.split(","):
                if "=" not in part:
                    raise RulesError(
                        f"option {quoted(part.strip())} in {quoted(text)} has no value: write option=value"
                    )
                k, v = part.split("=", 1)
                k = k.strip().lower().replace("-", "_")
                if k in opts:
                    raise RulesError(f"option {quoted(k)} is given twice in {quoted(text)}")
                opts[k] = v.strip()
        if name.lower() == "canasta":  # OpenSpiel-style game string: canasta(variant=...)
            variant = opts.pop("variant", "classic")
            return cls.preset(variant, **opts)
        return cls.preset(name, **opts)

    def spec(self) -> str:
        """The variant string that rebuilds these rules, e.g. ``classic(players=2)``."""
        if not self.options:
            return self.name
        return f"{self.name}({','.join(f'{k}={v}' for k, v in self.options)})"

    def __str__(self) -> str:
        return self.spec()

    # ------------------------------------------------------------- derived facts

    @property
    def deck_size(self) -> int:
        """Number of cards in the deck."""
        return 52 * self.packs + self.jokers

    @functools.cached_property
    def team_size(self) -> int:
        """Players per side in a deal (with sitting_out, of the deal's players); computed once (move generation
        reads it at every move)."""
        return self.deal_players // self.teams

    @functools.cached_property
    def deal_players(self) -> int:
        """Players who play each deal: ``players`` less those sitting out (§3.1, 5 players: 4); computed once."""
        return self.players - self.sitting_out

    def deal_rules(self) -> Rules:
        """The rules of one deal: these rules, or where players sit out (5 players) the same rules
        for the ``deal_players`` seats of a deal (what :class:`~canasta.engine.deal.Deal` is given).
        Its :meth:`spec` still names the table's variant."""
        if not self.sitting_out:
            return self
        return dataclasses.replace(self, players=self.deal_players, sitting_out=0)

    def side_of(self, seat: int) -> int:
        """Side (0-based) that ``seat`` plays for."""
        return seat % self.teams

    def min_meld(self, score: int) -> int:
        """Minimum count of the initial meld for a side whose cumulative score is ``score`` (§1.6)."""
        need = self.min_meld_table[0][1]
        for threshold, minimum in self.min_meld_table:
            if score >= threshold:
                need = minimum
        return need

    def opening_requirement(self, score: int) -> str:
        """The canasta the initial meld of a side at cumulative ``score`` (points) must hold, made in that
        turn: '' (none), ``canasta`` or ``natural_canasta`` (``min_meld_canasta_from``, §3.2, §3.4). It
        replaces the minimum count where ``opening_canasta_waives_minimum``, else it comes on top of it."""
        need = ""
        for threshold, requirement in self.min_meld_canasta_from:
            if score >= threshold:
                need = requirement
        return need

    def opening_allows_wild(self, score: int) -> bool:
        """Whether the initial meld of a side at cumulative ``score`` may hold wild cards (§3.4)."""
        return score >= self.min_meld_no_wild_below

    @property
    def special_opening(self) -> bool:
        """Whether any initial-meld rule beyond the minimum count is in force (§3.4)."""
        return bool(self.min_meld_canasta_from or self.min_meld_no_wild_below > BELOW_ZERO
                    or self.opening_canasta_waives_minimum or self.opening_wild_meld_waives_minimum)

    def red3_bonus(self, count: int) -> int:
        """Bonus in points for ``count`` red threes laid out by one side (before any sign)."""
        table = self.red3_values
        if count < len(table):
            return table[count]
        return table[-1] + (count - len(table) + 1) * (table[1] - table[0])

    def black3_removed_bonus(self, count: int) -> int:
        """Bonus in points for ``count`` black threes a side removed from taken piles (§3.2 Cuban)."""
        table = self.black3_removed_values
        if count < len(table):
            return table[count]
        return table[-1] + (count - len(table) + 1) * (table[1] - table[0])

    def mixed_bonus(self, wilds: int) -> int:
        """Bonus in points of a mixed canasta holding ``wilds`` wild cards (§1.5, §3.5 Free Canasta)."""
        table = self.mixed_canasta_bonus_by_wilds
        if not table:
            return self.mixed_canasta_bonus
        return table[min(wilds, len(table)) - 1]

    def canasta_count_bonus(self, canastas: int) -> int:
        """Premium in points for a side with ``canastas`` canastas (§3.3 b: Canastrón, Canasta de canastas)."""
        total = 0
        for at_least, bonus in self.canasta_count_bonuses:
            if canastas >= at_least:
                total = total + bonus if self.canasta_count_bonus_cumulative else bonus
        return total

    @functools.cached_property
    def meld_cap(self) -> int:
        """Most cards any meld of a rank may hold (a large number where canasta_max is 0); computed once
        (move generation reads it at every move)."""
        return self.canasta_max or 10**6

    @functools.cached_property
    def closed_meld_size(self) -> int:
        """Cards at which a meld of a rank is closed for good: a full canasta (``canasta_max``) beside which the
        side may start another meld of its rank (``several_melds_per_rank``), so the cards of that rank can only
        go to the new meld (§3.2 Samba, Hollywood); 0 where no meld closes so. Computed once (the going-out
        plans read it at every move)."""
        return self.canasta_max if self.several_melds_per_rank else 0

    @functools.cached_property
    def wild_meld_cap(self) -> int:
        """Most cards a meld of wild cards may hold (wild_meld_max and canasta_max; large if neither);
        computed once."""
        caps = [c for c in (self.wild_meld_max, self.canasta_max) if c]
        return min(caps) if caps else 10**6

    def describe(self) -> str:
        """The rules in force, as text for a person (used by ``canasta rules``)."""
        return describe(self)


# ---------------------------------------------------------------------- options

_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.name not in ("name", "options")}

_ENUMS: dict[str, tuple[str, ...]] = {
    "stock_end": ("forced_take", "reshuffle", "end"),
    "red3_negative_if": ("no_meld", "no_canasta", "lost_hand", "never", "few_canastas"),
    "direction": ("clockwise", "counterclockwise"),
    "tie": ("another_deal", "shared"),
    "extra_cards_from": ("stock", "packet"),
    "extra_cards_when": ("initial_meld", "first_canasta"),
    "dowry": ("none", "rank", "number"),
}

# Options that are not fields but set several fields at once.
_ALIASES = ("wild_canasta", "special_canastas")


def _to_text(name: str, value: Any) -> str:
    """The text of option ``name`` given as a Python value (or text).

    Raises:
        RulesError: an int of more than :data:`MAX_NUMBER_DIGITS` digits, or a text (spaces around
            it removed) longer than :data:`MAX_OPTION_CHARS` or holding a character that is not printable.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10**MAX_NUMBER_DIGITS:
        raise RulesError(f"option {name} takes a whole number of at most {MAX_NUMBER_DIGITS} digits")
    if isinstance(value, (set, frozenset)):
        text = "|".join(sorted(str(v) for v in value))
    else:
        text = str(value)
    text = text.strip()
    if len(text) > MAX_OPTION_CHARS:
        raise RulesError(f"option {name}: a value has at most {MAX_OPTION_CHARS} characters, not {len(text)}")
    if not text.isprintable():
        raise RulesError(f"option {name}: the value {quoted(text)} holds a character that is not printable")
    return text


def _bool(name: str, text: str) -> bool:
    t = text.strip().lower()
    if t in ("true", "yes", "on", "1"):
        return True
    if t in ("false", "no", "off", "0"):
        return False
    raise RulesError(f"option {name} takes true or false, not '{text}'")


MAX_NUMBER_DIGITS = 9
"""Most digits of a number in an option (points, counts, sizes), so no option holds a huge number."""
MAX_VARIANT_CHARS = 2000
"""Longest variant string :meth:`Rules.parse` reads."""
MAX_OPTION_CHARS = 400
"""Longest text of one option's value (a table of bonuses for every rank fits)."""
MAX_PACKS = 8
"""Most packs in a deck (the presets use up to 4); a huge deck would take minutes to shuffle."""
MAX_JOKERS = 32
"""Most jokers in a deck (the presets use up to 8)."""


def _whole(text: str) -> int:
    """``int(text)`` for at most :data:`MAX_NUMBER_DIGITS` ASCII digits (and a sign); else ValueError."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_NUMBER_DIGITS:
        raise ValueError(text)
    return int(t)


def _int(name: str, text: str) -> int:
    try:
        return _whole(text)
    except ValueError:
        raise RulesError(f"option {name} takes a whole number of at most {MAX_NUMBER_DIGITS} digits, "
                         f"not '{text}'") from None


def _table(name: str, text: str) -> tuple[tuple[int, int], ...]:
    t = text.strip().lower()
    if t in MIN_MELD_TABLES:
        return MIN_MELD_TABLES[t]
    # custom: "15/0:50/1500:90/3000:120" - the first entry is the minimum below zero
    parts = t.split("/")
    try:
        rows: list[tuple[int, int]] = [(BELOW_ZERO, _whole(parts[0]))]
        for p in parts[1:]:
            a, b = p.split(":")
            rows.append((_whole(a), _whole(b)))
    except ValueError:
        raise RulesError(
            f"option {name} takes a table name ({', '.join(MIN_MELD_TABLES)}) or "
            f"'NEG/SCORE:MIN/...' such as 15/0:50/1500:90/3000:120, not '{text}'"
        ) from None
    if [r[0] for r in rows] != sorted(r[0] for r in rows):
        raise RulesError(f"option {name}: thresholds must ascend in '{text}'")
    return tuple(rows)


_INT_LISTS: dict[str, str] = {
    "mixed_canasta_bonus_by_wilds": "bonuses for 1, 2, 3 wild cards such as 400/300/200, or none",
    "concealed_scale": "four bonuses (first turn, first turn using partner's melds, later, later using "
                       "partner's melds) such as 1000/500/500/200, or none",
    "black3_removed_values": "totals by count such as 0/5/10/15/100",
}
"""Options written as numbers joined by '/' (besides red3_values), with the form shown in messages."""


def _int_list(name: str, text: str, form: str) -> tuple[int, ...]:
    """Read ``a/b/c`` (or ``none`` / nothing for an empty table)."""
    t = text.strip().lower()
    if t in ("", "none"):
        return ()
    try:
        return tuple(_whole(x) for x in t.split("/"))
    except ValueError:
        raise RulesError(f"option {name} takes {form}, not '{text}'") from None


def _colon_pairs(name: str, text: str, form: str, keys: str, value: Callable[[str], Any]) -> tuple[Any, ...]:
    """Read ``NUMBER:VALUE/NUMBER:VALUE`` (or ``none`` / nothing: no pairs), lower-cased, as
    (number, ``value(VALUE)``) pairs with the numbers ascending.

    Raises:
        RulesError: a part is not ``NUMBER:VALUE`` or ``value`` raises ValueError (the message says the
            option takes ``form``), or the numbers do not ascend (``keys`` names them in the message).
    """
    t = text.strip().lower()
    if t in ("", "none"):
        return ()
    try:
        rows = tuple((_whole(a), value(b.strip())) for a, b in (p.split(":") for p in t.split("/")))
    except ValueError:
        raise RulesError(f"option {name} takes {form}, or none, not '{text}'") from None
    if [r[0] for r in rows] != sorted({r[0] for r in rows}):
        raise RulesError(f"option {name}: {keys} must ascend in '{text}'")
    return rows


def _pairs(name: str, text: str) -> tuple[tuple[int, int], ...]:
    """Read ``count:bonus/count:bonus`` (or ``none``), e.g. canasta_count_bonuses=5:500/7:2000."""
    return _colon_pairs(name, text, "CANASTAS:BONUS pairs joined by '/' such as 5:500/7:2000",
                        "the canasta counts", _whole)


def _requirement(text: str) -> str:
    """``text`` if it names an opening requirement (``OPENING_REQUIREMENTS``), else ValueError."""
    if text not in OPENING_REQUIREMENTS:
        raise ValueError(text)
    return text


def _requirements(name: str, text: str) -> tuple[tuple[int, str], ...]:
    """Read ``score:requirement/...`` (or ``none``), e.g. min_meld_canasta_from=5000:canasta."""
    form = (f"SCORE:REQUIREMENT pairs joined by '/' with a requirement from {', '.join(OPENING_REQUIREMENTS)}, "
            "such as 5000:canasta or 7000:canasta/9000:natural_canasta")
    return _colon_pairs(name, text, form, "the scores", _requirement)
MELD_RANKS = "456789TJQKA"
"""Ranks a rank option may name (those that form melds, RULES.md §1.5)."""
CANASTA_KINDS = ("natural", "mixed", "wild")
"""Kinds of canasta going_out_canastas may name besides a rank."""
_RANK_FIELDS = ("pile_blocking_rank", "discard_blocked_rank", "red3_needs_canasta_of")


def _rank(name: str, text: str) -> str:
    """Read a rank option: 4..9, 10 or T, J, Q, K, A, or none/'' for no rank."""
    t = text.strip().upper()
    if t in ("", "NONE"):
        return ""
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in MELD_RANKS:
        raise RulesError(f"option {name} takes a rank 4..10, J, Q, K or A (or none), not '{text}'")
    return t


def _rank_bonuses(name: str, text: str) -> tuple[tuple[str, int], ...]:
    """Read ``RANK:POINTS/...`` such as 7:1000 (or none)."""
    t = text.strip()
    if t.lower() in ("", "none"):
        return ()
    rows: list[tuple[str, int]] = []
    for part in t.split("/"):
        if ":" not in part:
            raise RulesError(f"option {name} takes RANK:POINTS pairs joined by '/' such as 7:1000, "
                             f"or none, not '{text}'")
        a, b = part.split(":", 1)
        rows.append((_rank(name, a), _int(name, b)))
    if len({r for r, _ in rows}) != len(rows) or any(not r for r, _ in rows):
        raise RulesError(f"option {name}: each rank once, not '{text}'")
    return tuple(rows)


def _canasta_kinds(name: str, text: str, kinds: tuple[str, ...] = CANASTA_KINDS,
                   kind_rank: bool = False) -> tuple[str, ...]:
    """Read kinds of canasta joined by '/' (or none): one of ``kinds``, a rank (``7``), and where
    ``kind_rank`` also ``natural-7`` / ``mixed-7``.

    Raises:
        RulesError: a part is none of these; the message lists what is allowed.
    """
    t = text.strip().lower()
    if t in ("", "none"):
        return ()
    form = (f"option {name} takes kinds of canasta joined by '/' from {', '.join(kinds)}, a rank such as 7"
            + (", or natural-7 / mixed-7" if kind_rank else "") + f", or none, not '{text}'")
    out: list[str] = []
    for part in t.split("/"):
        p = part.strip()
        if p in kinds:
            out.append(p)
            continue
        kind, dash, rank = p.partition("-") if kind_rank else (p, "", "")
        try:
            r = _rank(name, rank if dash else p)
        except RulesError:
            r = ""
        if not r or (dash and kind not in ("natural", "mixed")):
            raise RulesError(form)
        out.append(f"{kind}-{r}" if dash else r)
    return tuple(out)


SET_KINDS = ("natural", "mixed", "wild", "sequence")
"""Kinds of canasta red3_set_needs_canasta may name besides a rank or natural-RANK / mixed-RANK."""


def _convert(name: str, text: str) -> Any:
    """Convert an option's text to the type of field ``name``."""
    if name in _RANK_FIELDS:
        return _rank(name, text)
    if name in ("rank_canasta_bonuses", "rank_canasta_mixed_bonuses", "rank_hand_penalties"):
        return _rank_bonuses(name, text)
    if name == "red3_set_needs_canasta":
        return _canasta_kinds(name, text, SET_KINDS, kind_rank=True)
    if name == "going_out_canastas":
        return _canasta_kinds(name, text)
    if name in _ENUMS:
        t = text.strip().lower()
        if t not in _ENUMS[name]:
            raise RulesError(f"option {name} takes one of {', '.join(_ENUMS[name])}, not '{text}'")
        return t
    if name == "min_meld_table":
        return _table(name, text)
    if name == "card_values":
        t = text.strip().lower()
        if t == "standard":
            return STANDARD_VALUES
        if t == "alternate":
            return ALTERNATE_VALUES
        if t == "tiles":
            return TILE_VALUES
        raise RulesError(f"option card_values takes standard, alternate or tiles, not '{text}'")
    if name == "red3_values":
        t = text.strip().lower()
        if t in RED3_TABLES:
            return RED3_TABLES[t]
        return _int_list(name, text, f"{', '.join(RED3_TABLES)} or totals by count such as 0/100/200/300/800")
    if name in _INT_LISTS:
        return _int_list(name, text, _INT_LISTS[name])
    if name in ("canasta_count_bonuses", "natural_canasta_count_bonuses"):
        return _pairs(name, text)
    if name == "min_meld_canasta_from":
        return _requirements(name, text)
    if name == "pile_take_modes":
        modes = frozenset(m.strip().lower() for m in text.split("|") if m.strip())
        bad = modes - set(PILE_TAKE_MODES)
        if bad or not modes:
            raise RulesError(
                f"option pile_take_modes takes modes joined by '|' from "
                f"{', '.join(PILE_TAKE_MODES)}, not '{text}'"
            )
        return modes
    if name == "aces_canasta_bonus":
        try:
            a, b = text.split("/")
            return (_whole(a), _whole(b))
        except ValueError:
            raise RulesError(f"option {name} takes NATURAL/MIXED such as 1500/700, not '{text}'") from None
    default = _FIELDS[name].default
    if isinstance(default, bool):
        return _bool(name, text)
    if isinstance(default, int):
        return _int(name, text)
    return text


def option_names() -> list[str]:
    """Every option a variant string accepts, sorted."""
    return sorted(list(_FIELDS) + list(_ALIASES))


def _apply(base: Rules, name: str, opts: Mapping[str, str]) -> Rules:
    """Apply option texts to ``base`` (players/teams already handled), validate, return."""
    changes: dict[str, Any] = {}
    for k, v in opts.items():
        if k in ("players", "teams"):
            continue
        if k == "wild_canasta":
            changes["wild_melds"] = _bool(k, v)
            continue
        if k == "special_canastas":
            if _bool(k, v):
                changes["wild_melds"] = True
                changes["twos_canasta_bonus"] = 3000
                changes["aces_canasta_bonus"] = (1500, 700)
            continue
        if k not in _FIELDS:
            raise RulesError(  # the 100-odd names are listed by 'canasta rules --options', not here
                f"unknown option {quoted(k)} for variant {name}{did_you_mean(k[:40], option_names())}; "
                "'canasta rules --options' lists every option with its value"
            )
        changes[k] = _convert(k, v)
    order = [(k, v) for k, v in opts.items()]
    rules = dataclasses.replace(base, **changes, options=tuple(order))
    validate(rules)
    return rules


def validate(r: Rules) -> None:
    """Refuse impossible combinations of fields, and decks larger than :data:`MAX_PACKS` packs and
    :data:`MAX_JOKERS` jokers.

    Raises:
        RulesError: names the fields that do not fit together.
    """
    if r.players < 2 or r.players > 6:
        raise RulesError(f"players must be 2 to 6, not {r.players}")
    if r.sitting_out and (r.sitting_out != 1 or r.players != 5 or r.teams != 2):
        raise RulesError("sitting_out=1 is for 5 players (3 against 2, one of the three sits out each "
                         f"deal); {r.players} players in {r.teams} sides cannot sit {r.sitting_out} out")
    if r.teams < 1 or r.deal_players % r.teams:
        raise RulesError(f"{r.players} players cannot form {r.teams} equal sides")
    if r.cutthroat and (r.players != 3 or r.teams != 3):
        raise RulesError(f"cutthroat is the 3-player game (players=3), not {r.players} players")
    if r.teams < 2:
        raise RulesError("there must be at least 2 sides")
    if r.draw < 1 or r.draw > 3:
        raise RulesError(f"draw must be 1 to 3 cards, not {r.draw}")
    if r.hand_size < 3:
        raise RulesError(f"hand_size must be at least 3, not {r.hand_size}")
    packets = r.extra_cards if r.extra_cards_from == "packet" else 0
    if r.extra_cards < 0 or r.red3_to_go_out < 0:
        raise RulesError("extra_cards and red3_to_go_out are numbers of cards, 0 or more")
    if r.deal_players * (r.hand_size + packets) + 20 > r.deck_size:
        raise RulesError(
            f"{r.deal_players} hands of {r.hand_size} cards"
            + (f" and packets of {packets}" if packets else "") + " leave too small a stock in a "
            f"{r.deck_size}-card deck ({r.packs} packs, {r.jokers} jokers)"
        )
    if not 1 <= r.packs <= MAX_PACKS or not 0 <= r.jokers <= MAX_JOKERS:
        raise RulesError(f"packs must be 1 to {MAX_PACKS} and jokers 0 to {MAX_JOKERS}, not {r.packs} and {r.jokers}")
    if r.min_naturals < 1 or r.wild_limit < 0:
        raise RulesError("min_naturals must be at least 1 and wild_limit at least 0")
    if r.canastas_to_go_out < 0:
        raise RulesError("canastas_to_go_out cannot be negative")
    if r.target <= 0:
        raise RulesError(f"target must be positive, not {r.target}")
    if len(r.card_values) != N_TYPES:
        raise RulesError("card_values must give 53 values")
    if len(r.red3_values) < 2 or r.red3_values[0] != 0:
        raise RulesError("red3_values must start with 0 for no red three and give at least one more")
    if len(r.black3_removed_values) < 2 or r.black3_removed_values[0] != 0:
        raise RulesError("black3_removed_values must start with 0 for no black three and give at least one more")
    if r.canasta_max and r.canasta_max < 7:
        raise RulesError(f"canasta_max must be 0 (no limit) or at least 7 (a canasta has 7 cards), "
                         f"not {r.canasta_max}")
    if r.wild_meld_min < 3:
        raise RulesError(f"wild_meld_min must be at least 3, not {r.wild_meld_min}")
    if r.wild_meld_max and r.wild_meld_max < r.wild_meld_min:
        raise RulesError(f"wild_meld_max ({r.wild_meld_max}) is below wild_meld_min ({r.wild_meld_min})")
    if r.wild_melds and min(r.wild_meld_cap, 4 * r.packs + r.jokers) < r.wild_meld_min:
        raise RulesError(f"a meld of wild cards can never reach wild_meld_min={r.wild_meld_min}")
    if r.concealed_scale and len(r.concealed_scale) != 4:
        raise RulesError("concealed_scale takes four bonuses: first turn, first turn using partner's melds, "
                         "later, later using partner's melds (or none)")
    if any(c < 1 for c, _ in r.canasta_count_bonuses):
        raise RulesError("canasta_count_bonuses: canasta counts must be at least 1")
    if r.never_opened_penalty_factor < 1:
        raise RulesError(f"never_opened_penalty_factor must be 1 or more, not {r.never_opened_penalty_factor}")
    if r.first_player_extra_card and r.players * r.hand_size + 1 + 20 > r.deck_size:
        raise RulesError("first_player_extra_card: the hands leave too small a stock")
    if not 3 <= r.sequence_min <= r.sequence_max <= 7:
        raise RulesError(f"sequences have sequence_min={r.sequence_min} to sequence_max={r.sequence_max} cards: "
                         "need 3 <= sequence_min <= sequence_max <= 7")
    if not 0 <= r.sequence_canastas_to_go_out <= r.canastas_to_go_out or (
            r.sequence_canastas_to_go_out and not r.sequences):
        raise RulesError("sequence_canastas_to_go_out must be 0, or at most canastas_to_go_out with "
                         f"sequences=true, not {r.sequence_canastas_to_go_out}")
    if r.short_sequence_penalty < 0 or not 3 <= r.short_sequence_below <= 8:
        raise RulesError("short_sequence_penalty is a number of points, 0 or more, and short_sequence_below "
                         f"3 to 8 cards, not {r.short_sequence_penalty} and {r.short_sequence_below}")
    if r.sequence_out_max and not r.sequence_max < r.sequence_out_max <= 11:
        raise RulesError(f"sequence_out_max must be 0 or from sequence_max+1 to 11 cards, not {r.sequence_out_max}")
    if r.min_meld_canasta_from and not r.opening_canasta_waives_minimum:  # a canasta on top of the count
        if not r.no_pile_for_initial_meld:
            raise RulesError("min_meld_canasta_from without opening_canasta_waives_minimum (a canasta on top of "
                             "the minimum count) needs no_pile_for_initial_meld=true")
        if r.min_meld_no_wild_below > r.min_meld_canasta_from[0][0]:
            raise RulesError("min_meld_canasta_from without opening_canasta_waives_minimum needs "
                             "min_meld_no_wild_below at most its first score: that canasta may hold wild cards")
    if r.sequence_wild_max not in (0, 1) or (r.sequence_wild_max and (not r.sequences or r.sequence_out_max)):
        raise RulesError("sequence_wild_max is 0 or 1 (the move table holds sequences of up to 7 cards with one "
                         f"wild card) and needs sequences=true and sequence_out_max=0, not {r.sequence_wild_max}")
    if r.mixed_sequence_canasta_bonus < 0:
        raise RulesError(f"mixed_sequence_canasta_bonus is a number of points, 0 or more, not "
                         f"{r.mixed_sequence_canasta_bonus}")
    if r.wild_pair_takes_wild and not r.wild_melds:
        raise RulesError("wild_pair_takes_wild (a pair of twos takes a two) needs wild_melds=true: the three "
                         "wild cards form a meld of wild cards")
    if r.must_ask_to_go_out and r.team_size < 2:
        raise RulesError("must_ask_to_go_out needs partners: with one player per side nobody could go out")
    if r.extra_cards_once_per_deal and (not r.extra_cards or r.extra_cards_from != "stock"):
        raise RulesError("extra_cards_once_per_deal needs extra cards drawn from the stock "
                         "(extra_cards > 0 and extra_cards_from=stock)")
    if r.pile_add_below < 0:
        raise RulesError(f"pile_add_below is a number of cards, 0 (any meld) or more, not {r.pile_add_below}")
    for fname in ("ask_fail_penalty", "black3_all_in_hand_penalty", "black3_all_melded_bonus",
                  "jokers4_canasta_bonus", "canasta_beyond_seven_flat", "black3_side_set_total",
                  "twos_canasta_mixed_bonus"):
        if getattr(r, fname) < 0:
            raise RulesError(f"{fname} is a number of points, 0 or more, not {getattr(r, fname)}")


# ---------------------------------------------------------------------- presets

def _players_defaults(opts: Mapping[str, str], variant: str = "classic") -> dict[str, Any]:
    """Field defaults for the player count and teams of RULES.md §3.1 (``variant`` names the preset in messages)."""
    players = _int("players", opts.get("players", "4"))
    teams_text = opts.get("teams")
    if players == 4:
        d: dict[str, Any] = {"players": 4, "teams": 2}
    elif players == 2:
        d = {"players": 2, "teams": 2, "hand_size": 15, "draw": 2, "canastas_to_go_out": 2}
    elif players == 3:
        d = {"players": 3, "teams": 3, "hand_size": 13, "target": 7500}
        if _bool("cutthroat", opts.get("cutthroat", "false")):  # §3.1 cutthroat [R, H]
            d.update(cutthroat=True, draw=2, canastas_to_go_out=2, stock_end="end")
    elif players == 5:  # §3.1: 3 against 2, one of the three sits out each deal [S0 l.190, S4 l.49, H]
        d = {"players": 5, "teams": 2, "sitting_out": 1}
    elif players == 6:
        teams = _int("teams", teams_text) if teams_text else 2
        if teams not in (2, 3):
            raise RulesError("6 players play in 2 teams of 3 or 3 teams of 2: teams=2 or teams=3")
        d = {"players": 6, "teams": teams, "packs": 3, "jokers": 6, "hand_size": 13,
             "canastas_to_go_out": 2, "red3_values": RED3_TABLES["six_red"]}
        if teams == 2:
            d.update(target=10000, min_meld_table=MIN_MELD_TABLES["six_two_teams"])
        else:
            d.update(target=7500)
    else:
        raise RulesError(
            f"{variant} is played by 2, 3, 4, 5 or 6 players, not {players}"
        )
    if teams_text is not None and players != 6:
        teams = _int("teams", teams_text)
        if teams != d["teams"]:
            raise RulesError(
                f"{players} players play as {d['teams']} sides; teams={teams} is only for 6 players"
            )
    return d


def _family(name: str, fields: Mapping[str, Any], players: tuple[int, ...] = (), source: str = "") -> Any:
    """A preset builder: classic with the player-count defaults of §3.1, then ``fields``, then the options.

    ``players``: the player counts the preset allows (empty: those of §3.1), ``source`` the seed line
    that says so (quoted when another count is refused)."""

    def build(opts: Mapping[str, str]) -> Rules:
        if players:
            n = _int("players", opts.get("players", "4"))
            if n not in players:
                counts = ", ".join(map(str, players[:-1])) + f" or {players[-1]}"
                raise RulesError(f"{name} is played by {counts} players ({source}), not {n}")
        base = dataclasses.replace(Rules(), name=name, **_players_defaults(opts, name))
        return _apply(dataclasses.replace(base, **fields), name, opts)

    build.__doc__ = f"Build the {name} preset from option texts."
    return build


URUGUAY_FIELDS: dict[str, Any] = {
    "wild_melds": True, "wild_canasta_bonus": 2000, "wild_meld_max": 7, "pile_always_frozen": True,
}
"""Uruguay Canasta, RULES.md §3.3 a [R, S4 l.77]: 3-7 wild cards may form a meld, a wild canasta
scores 2000, the pile is always frozen (docs/variants/uruguay.md)."""

FREE_FIELDS: dict[str, Any] = {
    "wild_melds": True, "wild_canasta_bonus": 1000, "mixed_canasta_bonus_by_wilds": (400, 300, 200),
}
"""Free Canasta, RULES.md §3.5 [S4 l.53]: a canasta of free (wild) cards 1000; a mixed canasta
400/300/200 with 1/2/3 wild cards (docs/variants/free-canasta.md)."""

SPANISH_FIELDS: dict[str, Any] = {
    "red3_negative_if": "no_canasta", "stock_end": "forced_take", "last_red3_may_meld": True,
    "direction": "counterclockwise", "canasta_count_bonuses": ((5, 500), (7, 2000)),
    "black3_all_melded_bonus": 500, "black3_all_in_hand_penalty": 500,
    "concealed_scale": (1000, 500, 500, 200), "concealed_waives_minimum_with_pile": True,
    "concealed_allows_pile_take": True, "ask_requires_going_out": False, "ask_fail_penalty": 100,
}
"""The Spanish/Uruguayan ruleset of seed 001 (S1), RULES.md §3.3 b (docs/variants/spanish.md)."""

CUBAN_FIELDS: dict[str, Any] = {
    "hand_size": 13, "target": 7500, "min_meld_table": MIN_MELD_TABLES["cuban"],
    "pile_always_frozen": True, "canasta_max": 7, "wild_melds": True, "wild_canasta_bonus": 2000,
    "twos_canasta_bonus": 4000, "jokers4_canasta_bonus": 3000, "red3_values": RED3_TABLES["cuban"],
    "red3_negative_if": "no_canasta", "black3_no_discard_first_round": True,
    "black3_from_pile_removed": True, "black3_removed_values": (0, 5, 10, 15, 100),
    "canastas_to_go_out": 1, "going_out_bonus": 100, "concealed_bonus": 0,
}
"""Cuban Canasta, RULES.md §3.2 [R, S0 l.283-291 and 321-337, S4 l.73] (docs/variants/cuban.md)."""


TILES_FIELDS: dict[str, Any] = {
    "jokers": 2, "hand_size": 14, "draw": 1, "first_player_extra_card": True, "dowry": "number",
    "no_opening_first_round": True, "direction": "counterclockwise", "card_values": TILE_VALUES,
    "min_meld_table": MIN_MELD_TABLES["tiles"], "min_meld_no_wild_below": 1500,
    "min_meld_canasta_from": ((5000, "canasta"),), "opening_canasta_waives_minimum": True,
    "opening_wild_meld_waives_minimum": True, "pile_take_modes": frozenset({"natural_pair"}),
    "partner_take_needs_canasta_same_round": True, "joker_discard_blocks_round": True,
    "wild_melds": True, "wild_canasta_bonus": 2000, "aces_canasta_bonus": (1000, 500),
    "canasta_beyond_seven_flat": 50, "never_opened_penalty_factor": 2,
    "melds_negative_without_canasta": True, "black3_hand_penalty": 100, "black3_side_set_total": 1600,
    "black3_set_leaves_play": True, "black3_removed_values": (0, 0),
    "red3_negative_if": "never", "canastas_to_go_out": 2, "going_out_bonus": 100, "concealed_bonus": 0,
    "stock_end": "end", "target": 10000, "win_requires_going_out": True, "tile_names": True,
}
"""Romanian tile Canasta, RULES.md §3.4 [S2, S3] (docs/variants/romanian-tiles.md): 106 tiles
(2 packs and 2 jolys), 14 tiles and 15 to the first player, the surpriza, no opening in the first
round, opening thresholds 50 (no wild cards) / 90 / 120 / a canasta, pile taken with a pair only,
ace and joker canastas, the flat 50 beyond seven, the penalties, 10,000 and going out to win."""

MEXICAN_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 13, "draw": 1, "extra_cards": 13, "extra_cards_from": "stock",
    "extra_cards_when": "initial_meld", "pile_blocking_rank": "7", "rank_canasta_bonuses": (("7", 1000),),
    "canastas_to_go_out": 2, "red3_to_go_out": 2,
}
"""Mexican Canasta ("Mexicana"), RULES.md §3.2 [R, S0 l.401-413, S4 l.75] (docs/variants/mexican.md)."""

PENNIES_FIELDS: dict[str, Any] = {
    "packs": 4, "jokers": 8, "hand_size": 13, "draw": 2, "extra_cards": 11, "extra_cards_from": "packet",
    "extra_cards_when": "first_canasta", "discard_blocked_rank": "7", "canasta_max": 7,
    "red3_values": (0, 100, 200, 300, 400, 500, 600, 700, 1000), "red3_needs_canasta_of": "7",
    "wild_melds": True, "wild_canasta_bonus": 1000, "rank_canasta_bonuses": (("7", 1500),),
    "going_out_canastas": ("7", "wild", "natural", "mixed"), "canastas_to_go_out": 4, "target": 20000,
}
"""Pennies from Heaven, RULES.md §3.5 [S4 l.91] (docs/variants/pennies-from-heaven.md)."""


ITALIAN_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "wild_limit": 2, "pile_always_frozen": True,
    "canastas_to_go_out": 2, "going_out_bonus": 300, "concealed_bonus": 0,
    "red3_values": RED3_TABLES["italian"], "red3_negative_if": "few_canastas",
    "min_meld_table": MIN_MELD_TABLES["italian"], "min_meld_naturals_only": True, "dowry": "rank",
    "red3_before_upcard": True, "twos_melds": True, "twos_canasta_bonus": 3000, "twos_canasta_mixed_bonus": 2000,
    "twos_canasta_bonus_needs_going_out": True, "wild_canastas_count": False,
    "canasta_count_bonuses": ((5, 1000), (10, 2000)), "canasta_count_bonus_cumulative": True,
    "natural_canasta_count_bonuses": ((5, 1000),), "target": 12000,
    "sequences": True, "sequence_min": 3, "sequence_max": 7, "sequence_canasta_bonus": 1500,
    "several_melds_per_rank": True,
}
"""Italian Canasta (Samba-based: Samba's sequences and several canastas of a rank), RULES.md §3.2 Italian column and the
dowry note [R, S0, S4 l.83] (docs/variants/italian.md)."""


def _fixed_table(name: str, fields: Mapping[str, Any], players: int, teams: int) -> Any:
    """A preset builder for a game played by one table only: ``players`` in ``teams`` sides."""

    def build(opts: Mapping[str, str]) -> Rules:
        for k, want in (("players", players), ("teams", teams)):
            if k in opts and _int(k, opts[k]) != want:
                raise RulesError(f"{name} is played by {players} players in {teams} sides: {k}={want} only")
        base = dataclasses.replace(Rules(), name=name, players=players, teams=teams, **fields)
        return _apply(base, name, opts)

    build.__doc__ = f"Build the {name} preset from option texts."
    return build


SAMBA_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "wild_limit": 2,
    "pile_take_modes": frozenset({"natural_pair", "add_to_meld"}), "pile_add_below": 7,
    "sequences": True, "sequence_min": 3, "sequence_max": 7, "sequence_canasta_bonus": 1500,
    "several_melds_per_rank": True, "red3_values": RED3_TABLES["samba"], "red3_negative_if": "few_canastas",
    "min_meld_table": MIN_MELD_TABLES["samba"], "canastas_to_go_out": 2, "going_out_bonus": 200,
    "concealed_bonus": 0, "target": 10000,
}
"""Samba, RULES.md §3.2 [H, S0 l.213-251, S4 l.81] (docs/variants/samba.md)."""

BOLIVIA_FIELDS: dict[str, Any] = {
    **SAMBA_FIELDS, "wild_melds": True, "wild_meld_min": 3, "wild_canasta_bonus": 2500,
    "sequence_canastas_to_go_out": 1, "black3_hand_penalty": 100, "target": 15000,
    "min_meld_table": MIN_MELD_TABLES["bolivia"],
}
"""Bolivia, RULES.md §3.2 [H, S0 l.253-263, S4 l.87] (docs/variants/bolivia.md): Samba with melds of
3+ wild cards (7 = a "Bolivia", 2500), going out with at least one escalera (sequence canasta), a
black three left in a hand -100, minimum 150 from 7000, game to 15,000."""

BRAZILIAN_FIELDS: dict[str, Any] = {
    **BOLIVIA_FIELDS, "wild_canasta_bonus": 2000, "sequence_canastas_to_go_out": 0, "target": 10000,
    "min_meld_table": MIN_MELD_TABLES["brazilian"],
    "min_meld_canasta_from": ((7000, "canasta"), (9000, "natural_canasta")),
    "no_pile_for_initial_meld": True, "short_sequence_penalty": 1000, "short_sequence_below": 5,
    "sequence_out_max": 11, "must_ask_to_go_out": True, "ask_requires_going_out": False,
    "red3_values": RED3_TABLES["six_red"],
    "red3_negative_if": "no_canasta",
}
"""Brazilian, RULES.md §3.2 [H, R, S0 l.265-303, S4 l.89] (docs/variants/brazilian.md): Bolivia with a wild
canasta of 2000, any 2 canastas to go out (after asking the partner), no pile for the initial meld, an
initial meld with a canasta from 7000 (natural from 9000, 200 points from 8000 to 8995), sequences extended
at both ends when going out, -1000 for a sequence under 5 cards, red threes 100 each to 4, 1000 for 5, 1200
for 6, positive with a canasta; game to 10,000."""

HOLLYWOOD_FIELDS: dict[str, Any] = {
    **SAMBA_FIELDS, "min_naturals": 3, "sequence_wild_max": 1, "mixed_sequence_canasta_bonus": 1000,
    "sequence_canasta_bonus": 1500, "wild_melds": True, "wild_meld_min": 3, "wild_canasta_bonus": 2000,
    "canasta_max": 7, "wild_pair_takes_wild": True,
}
"""Hollywood, RULES.md §3.2 [R, S0 l.387-399, S4 l.85] (docs/variants/hollywood.md): Samba with at least
3 naturals in every meld, one wild card allowed in a sequence (a mixed sequence canasta 1000, natural
1500), melds of wild cards (a wild canasta 2000, S0), no meld past 7 cards, and a pile topped by a two
or a joker taken with a pair of the same wild card (only a black three blocks)."""

CHILEAN_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "sequences": True, "sequence_canasta_bonus": 1500, "wild_melds": True,
    "wild_canasta_bonus": 2000, "red3_values": RED3_TABLES["six_red"],
}
"""Chilean, RULES.md §3.2 [S0 l.305-317, S4 l.79, R] (docs/variants/chilean.md): classic with 162 cards,
sequences (a sequence canasta 1500), melds of wild cards (a wild canasta 2000); draw 1, 1 canasta (of
any kind) to go out, game to 5000 as in classic; red threes by the 162-card table of §3.1."""


ESCALATOR_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "wild_limit": 2,
    "pile_take_modes": frozenset({"natural_pair", "add_to_meld"}), "stock_end": "forced_take",
    "going_out_allowed": False, "going_out_bonus": 0, "concealed_bonus": 0,
    "black3_melds_anytime": True, "black3_hand_penalty": 200,
    "sequences": True, "sequence_min": 7, "sequence_max": 7, "sequence_canasta_bonus": 500,
    "wild_melds": True, "wild_meld_min": 3, "wild_canasta_bonus": 2000,
    "extra_cards": 11, "extra_cards_from": "stock", "extra_cards_when": "first_canasta",
    "extra_cards_once_per_deal": True,
    "red3_values": (0, 100, 200, 300, 400, 500, 2000), "red3_negative_if": "no_meld",
    "red3_set_needs_canasta": ("wild", "sequence", "natural-7"),
    "rank_canasta_bonuses": (("7", 1500),), "rank_canasta_mixed_bonuses": (("7", 1000),),
    "rank_hand_penalties": (("7", 500),), "target": 10000,
}
"""The "escalator" game, RULES.md §3.5 [S4 l.55-69] (docs/variants/escalator.md): 162 cards, 15 cards,
draw 2; the pile with a natural pair or onto a meld; at most 2 wild cards in a meld; nobody goes out (the
deal ends when the stock runs out); black-three sets at any time, -200 for one in hand; escalators (seven
cards of a suit in a row, laid down whole) 500; the first canasta at the table brings the top 11 stock
cards; canastas of sevens 1500 / 1000, a seven in hand -500; a Bolivia (wild canasta) 2000; red threes
100 each, six 2000 with a Bolivia, an escalator or a natural canasta of sevens; game to 10,000."""


def _samba_family(name: str, fields: Mapping[str, Any]) -> Any:
    """A builder for the three-pack partnership games: 4 players in 2 sides, or 6 in 2 sides of 3 [S0 l.215]."""

    def build(opts: Mapping[str, str]) -> Rules:
        players = _int("players", opts.get("players", "4"))
        if players not in (4, 6):
            raise RulesError(f"{name} is played by 4 or 6 players in two sides: players=4 or players=6")
        if "teams" in opts and _int("teams", opts["teams"]) != 2:
            raise RulesError(f"{name} is played in two sides: teams=2 only")
        base = dataclasses.replace(Rules(), name=name, players=players, teams=2, **fields)
        return _apply(base, name, opts)

    build.__doc__ = f"Build the {name} preset from option texts."
    return build


PRESETS = {
    "classic": _family("classic", {}),
    "uruguay": _family("uruguay", URUGUAY_FIELDS),
    "free-canasta": _family("free-canasta", FREE_FIELDS),
    "spanish": _family("spanish", SPANISH_FIELDS),
    "cuban": _fixed_table("cuban", CUBAN_FIELDS, 4, 2),
    "romanian-tiles": _family("romanian-tiles", TILES_FIELDS, (2, 3, 4), "S2 l.17"),
    "mexican": _fixed_table("mexican", MEXICAN_FIELDS, 4, 2),
    "pennies-from-heaven": _fixed_table("pennies-from-heaven", PENNIES_FIELDS, 6, 2),
    "italian": _fixed_table("italian", ITALIAN_FIELDS, 4, 2),
    "samba": _samba_family("samba", SAMBA_FIELDS),
    "bolivia": _samba_family("bolivia", BOLIVIA_FIELDS),
    "chilean": _family("chilean", CHILEAN_FIELDS),
    "brazilian": _samba_family("brazilian", BRAZILIAN_FIELDS),
    "escalator": _samba_family("escalator", ESCALATOR_FIELDS),
    "hollywood": _samba_family("hollywood", HOLLYWOOD_FIELDS),
}
"""Preset builders by name; each takes the option texts and returns validated rules."""


def preset_names() -> list[str]:
    """Names of all presets."""
    return sorted(PRESETS)


# ----------------------------------------------------------------- description

def _yn(b: bool) -> str:
    return "yes" if b else "no"


def _describe_extras(r: Rules) -> list[str]:
    """Lines of :func:`describe` for extra cards, blocking ranks and going-out needs (§3.2 Mexican, §3.5)."""
    out: list[str] = []
    event = ("completes its initial meld" if r.extra_cards_when == "initial_meld"
             else "completes its first canasta")
    if r.extra_cards and r.extra_cards_from == "stock" and r.extra_cards_once_per_deal:
        first = "makes the initial meld" if r.extra_cards_when == "initial_meld" else "lays out or completes a canasta"
        out.append(f"Extra cards: the first player at the table who {first} "
                   f"draws the top {r.extra_cards} cards of the stock and may use them at once "
                   "(once per deal: nobody else receives any).")
    elif r.extra_cards and r.extra_cards_from == "stock":
        out.append(f"Extra cards: when a side {event}, "
                   f"the player whose move did it draws {r.extra_cards} more cards from the stock "
                   "(once per side); nobody goes out before.")
    elif r.extra_cards:
        out.append(f"Packets: each player is dealt a face-down packet of {r.extra_cards} cards; he adds it "
                   f"to his hand once his side {event} (at once if it is his move, "
                   "else at the start of his next turn); no one goes out before taking his packet.")
    if r.pile_blocking_rank:
        out.append(f"A {r.pile_blocking_rank} on top of the pile: nobody may take the pile.")
    if r.discard_blocked_rank:
        out.append(f"{r.discard_blocked_rank}s may not be discarded until every side has a canasta of "
                   f"{r.discard_blocked_rank}s, and never as the last card when going out.")
    mixed_by_rank = dict(r.rank_canasta_mixed_bonuses)
    if r.rank_canasta_bonuses or mixed_by_rank:
        nat_by_rank = dict(r.rank_canasta_bonuses)
        out.append("Canastas of a rank: " + ", ".join(
            f"{k}s {nat_by_rank[k]} (natural or mixed)" if k not in mixed_by_rank else
            f"{k}s natural {nat_by_rank.get(k, r.natural_canasta_bonus)}, mixed {mixed_by_rank[k]}"
            for k in list(nat_by_rank) + [k for k in mixed_by_rank if k not in nat_by_rank]) + ".")
    if r.rank_hand_penalties:
        out.append("Left in a hand at the end of the deal: " + ", ".join(
            f"each {k} costs {v}" for k, v in r.rank_hand_penalties) + " (instead of its value).")
    if r.red3_set_needs_canasta:
        from canasta.scoring.rank_kinds import describe_kind
        out.append(f"All {len(r.red3_values) - 1} red threes score {r.red3_values[-1]} only for a side with "
                   + " or ".join(describe_kind(k) for k in r.red3_set_needs_canasta)
                   + f"; otherwise {r.red3_values[1]} each.")
    if r.red3_to_go_out:
        out.append(f"Going out also needs {r.red3_to_go_out} red threes laid out by the side.")
    if r.red3_before_upcard:
        out.append("Red threes dealt are laid out and replaced before the upcard is turned.")
    if r.dowry != "none":
        out.append(dowry_rule_line(r))
    if r.min_meld_naturals_only:
        out.append("Only natural cards count towards the initial meld's minimum.")
    if r.twos_melds:
        mixed = f"{r.twos_canasta_mixed_bonus}" if r.twos_canasta_mixed_bonus else "as a mixed canasta"
        out.append(f"Twos may form their own meld (jokers as its wild cards), after the side's initial meld; "
                   f"while it is not a canasta the side may not use twos as wild cards elsewhere. Seven twos "
                   f"{r.twos_canasta_bonus or r.wild_canasta_bonus}, twos with jokers {mixed}"
                   + (", only for the side that goes out (else card values only)"
                      if r.twos_canasta_bonus_needs_going_out else "") + ".")
    if not r.wild_canastas_count:
        out.append("Canastas of twos or wild cards count neither for going out nor for the premiums.")
    if r.natural_canasta_count_bonuses:
        out.append("Premiums for natural canastas (on top): "
                   + ", ".join(f"{c} natural canastas +{b}" for c, b in r.natural_canasta_count_bonuses) + ".")
    if r.going_out_canastas:
        words = {"natural": "a natural canasta", "mixed": "a mixed canasta", "wild": "a canasta of wild cards"}
        out.append("Going out also needs, each a different canasta: "
                   + ", ".join(words.get(k, f"a canasta of {k}s") for k in r.going_out_canastas) + ".")
    return out


def describe(r: Rules) -> str:
    """Text for a person listing the rules in force (``canasta rules``)."""
    from canasta.cards.deck import card_str

    lines: list[str] = []
    add = lines.append
    add(f"Variant: {r.spec()}")
    team = "each for himself" if r.team_size == 1 else f"{r.teams} sides of {r.team_size}"
    if r.sitting_out:
        team = (f"{r.teams} sides, of {r.team_size + r.sitting_out} and {r.team_size}: each deal one player of the "
                f"larger side sits out in turn (and may not advise), so {r.deal_players} play each deal")
    add(f"Players: {r.players}, {team}; play goes {r.direction}.")
    if r.cutthroat:
        add("Cutthroat: each plays for himself until one first takes the discard pile; he becomes the lone "
            "hand and the other two a partnership for the rest of the deal (their melds combine, each "
            "partner's own minimum count and red threes; no asking to go out). Whoever goes out before the "
            "pile was taken is the lone hand. Each partner scores the partnership's result plus his own red "
            "threes; if nobody took the pile, everyone scores alone.")
    add(f"Deck: {r.deck_size} cards ({r.packs} packs and {r.jokers} jokers); wild cards: jokers and twos.")
    add(f"Deal: {r.hand_size} cards each; draw {r.draw} card{'s' if r.draw > 1 else ''} a turn, discard 1.")
    upc = "a wild card or any three" if r.upcard_black3_turns else "a wild card or a red three"
    add(f"Upcard: if it is {upc}, more cards are turned onto it; a wild card or red three there freezes the pile.")
    vals: dict[int, list[str]] = {}
    for c in [JOKER] + [rank * 4 for rank in (0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)]:
        vals.setdefault(r.card_values[c], []).append("JK" if c == JOKER else card_str(c)[0])
    add("Card values: " + ", ".join(f"{' '.join(k)} = {v}" for v, k in sorted(vals.items(), reverse=True))
        + f"; black three {r.card_values[4 + 3]} in a meld, {r.black3_hand_penalty} lost when left in a hand.")
    wl = (f"at least {r.min_naturals} naturals and at most {r.wild_limit} wild cards")
    if r.no_wild_majority:
        wl += ", never more wild cards than naturals"
    per_rank = ("a side may start another meld of a rank once its melds of that rank are canastas"
                if r.several_melds_per_rank else "one meld per rank per side")
    add(f"Melds: 3 or more cards of one rank 4..A, {wl}; {per_rank}.")
    if r.sequences and r.sequence_wild_max:
        add(f"Sequences: {r.sequence_min} to {r.sequence_max} cards of one suit in a row (4 low, A high), several "
            f"per side, at most {r.sequence_wild_max} wild card standing for a card of the run (then at least "
            f"{r.min_naturals} naturals); {r.sequence_max} cards make a sequence canasta worth "
            f"{r.sequence_canasta_bonus} plus the card values ({r.mixed_sequence_canasta_bonus} with a wild "
            "card), which takes no more cards.")
    elif r.sequences:
        sizes = (f"exactly {r.sequence_min}, laid down whole," if r.sequence_min == r.sequence_max
                 else f"{r.sequence_min} to {r.sequence_max}")
        add(f"Sequences: {sizes} natural cards of one suit in a row (4 low, A high, "
            f"no wild cards), several per side; {r.sequence_max} cards make a sequence canasta worth "
            f"{r.sequence_canasta_bonus} plus the card values, which takes no more cards.")
        if r.sequence_out_max:
            add(f"When going out, a sequence may be extended at both ends up to {r.sequence_out_max} cards "
                "(the addition must empty the hand or leave the card to discard).")
        if r.short_sequence_penalty:
            add(f"A sequence of fewer than {r.short_sequence_below} cards at the end of the deal costs its side "
                f"{r.short_sequence_penalty}.")
    if r.wild_melds:
        size = f"{r.wild_meld_min}" + (f" to {r.wild_meld_cap}" if r.wild_meld_cap < 10**6 else " or more")
        add(f"Melds of wild cards only ({size} twos and jokers) are allowed; a wild canasta scores "
            f"{r.wild_canasta_bonus}"
            + (f", of twos only {r.twos_canasta_bonus}" if r.twos_canasta_bonus else "")
            + (f", with four jokers {r.jokers4_canasta_bonus}" if r.jokers4_canasta_bonus else "") + ".")
    mixed = (", ".join(f"{v} with {k} wild card{'s' if k > 1 else ''}"
                       for k, v in enumerate(r.mixed_canasta_bonus_by_wilds, 1))
             if r.mixed_canasta_bonus_by_wilds else f"{r.mixed_canasta_bonus}")
    sizes = "7+" if not r.canasta_max else ("exactly 7" if r.canasta_max == 7 else f"7 to {r.canasta_max}")
    add(f"Canastas: {sizes} cards; "
        f"natural {r.natural_canasta_bonus}, mixed {mixed}"
        + (f"; aces natural {r.aces_canasta_bonus[0]}, mixed {r.aces_canasta_bonus[1]}"
           if r.aces_canasta_bonus[0] else "") + ", plus the card values.")
    if r.canasta_max:
        add(f"No meld may hold more than {r.canasta_max} cards.")
    if r.canasta_count_bonuses:
        how = "each premium reached" if r.canasta_count_bonus_cumulative else "the highest premium reached"
        add("Premiums for the number of canastas: "
            + ", ".join(f"{c} canastas {b}" for c, b in r.canasta_count_bonuses)
            + f" ({how}, on top of the canastas' bonuses and cards).")
    table = ", ".join(
        (f"below {r.min_meld_table[1][0] if len(r.min_meld_table) > 1 else 'any score'}" if t == BELOW_ZERO
         else f"from {t}") + f": {m}" for t, m in r.min_meld_table
    )
    add(f"Initial meld minimum (card values only, by the side's score): {table}.")
    how = ("hold a {} (no minimum count)" if r.opening_canasta_waives_minimum
           else "also include a {} completed in that turn, on top of the minimum count")
    for score, req in r.min_meld_canasta_from:
        add(f"From {score} points the initial meld must {how.format(req.replace('_', ' '))}.")
    modes = {"natural_pair": "a natural pair", "natural_wild": "a natural and a wild card",
             "add_to_meld": "adding the top card to a meld of the side"}
    if r.pile_always_frozen:
        add("The pile is always frozen: only a natural pair matching the top card takes it.")
    else:
        if r.pile_add_below:
            modes["add_to_meld"] += f" of fewer than {r.pile_add_below} cards"
        if r.sequences and r.sequence_min < r.sequence_max:
            modes["add_to_meld"] += " (or to one of its sequences)"
        add("Taking an unfrozen pile: " + "; ".join(modes[m] for m in PILE_TAKE_MODES if m in r.pile_take_modes)
            + ". A frozen pile (side not yet melded, or a wild card or red three in it): a natural pair only.")
    if r.no_pile_for_initial_meld:
        add("A side that has not made its initial meld may not take the pile.")
    if r.own_canasta_rank_blocks_pile:
        add("A pile topped by the rank of one of the side's canastas cannot be taken.")
    if r.wild_pair_takes_wild:
        add("A pile topped by a wild card is taken with a pair of the same wild card (two twos for a two, two "
            "jokers for a joker); the three start or join the side's meld of wild cards. Only a black three "
            f"on top blocks the pile. One-card rule: {_yn(r.one_card_pile_rule)}.")
    else:
        add("A pile topped by a wild card or black three cannot be taken. "
            f"One-card rule: {_yn(r.one_card_pile_rule)}.")
    add("A discarded black three " + ("freezes the pile." if r.black3_freezes else "stops only the next player."))
    if r.black3_no_discard_first_round:
        add("Black threes may not be discarded in a player's first turn (unless he holds nothing else).")
    if r.black3_from_pile_removed:
        add("Black threes in a taken pile are removed from play; the side scores "
            + ", ".join(f"{i}: {v}" for i, v in enumerate(r.black3_removed_values) if i) + ".")
    if r.concealed_scale:
        a, b, c, d = r.concealed_scale
        conc = (f"concealed (laying the whole hand down at once, with a canasta of his own): first turn {a} "
                f"({b} using the partner's melds), later {c} ({d} using them), instead of {r.going_out_bonus}")
    else:
        conc = f"concealed +{r.concealed_bonus}"
    ask = (("a player must ask his partner and be told yes before going out"
            + ("" if r.ask_requires_going_out else "; he may ask at any time, and a yes when he cannot go out "
               "is void" + (f" and costs {r.ask_fail_penalty}" if r.ask_fail_penalty else "")))
           if r.must_ask_to_go_out else
           "a player may ask his partner first and must obey the answer" if r.ask_requires_going_out else
           f"a player may ask his partner at any time and must obey the answer; told yes, if he cannot go "
           f"out his side loses {r.ask_fail_penalty}")
    seq_out = (f" ({r.sequence_canastas_to_go_out} of them a sequence canasta)"
               if r.sequence_canastas_to_go_out else "")
    if not r.going_out_allowed:
        add("Going out: nobody goes out: no player may meld or discard his last card, so the deal ends only "
            "when the stock runs out; no bonus for ending it.")
    else:
        add(f"Going out: needs {r.canastas_to_go_out} canasta{'s' if r.canastas_to_go_out != 1 else ''}"
            f"{seq_out}; bonus {r.going_out_bonus}, {conc}; {ask}.")
    if r.black3_melds_anytime:
        add("Black threes: a set of three or four (no wild cards) may be laid out at any time, even before the "
            "initial meld (it does not count towards it); nothing is added to it; one set per side.")
    if r.black3_all_melded_bonus:
        add(f"Melding four black threes when going out: +{r.black3_all_melded_bonus}.")
    if r.black3_all_in_hand_penalty:
        add(f"A player left holding four black threes: -{r.black3_all_in_hand_penalty} for his side.")
    if r.red3_negative_if == "never":
        negative = "never negative"
    else:
        negative = ("negative if the side has "
                    + (f"fewer than {r.canastas_to_go_out} canastas" if r.red3_negative_if == "few_canastas"
                       else r.red3_negative_if.replace('_', ' '))
                    + (f" or no canasta of {r.red3_needs_canasta_of}s" if r.red3_needs_canasta_of else ""))
    add(f"Red threes: {', '.join(f'{i}: {v}' for i, v in enumerate(r.red3_values) if i)}; {negative}.")
    lines.extend(_describe_extras(r))
    se = {"forced_take": "players must take the pile when its top card fits their melds; the deal "
                         "ends when one does not take it",
          "reshuffle": "the discard pile is shuffled into a new stock",
          "end": "the deal ends after the turn of the player who drew the last card"}[r.stock_end]
    add(f"Stock exhausted: {se}. Last card a red three: "
        + ("he may meld but not discard." if r.last_red3_may_meld else "he may neither meld nor discard."))
    from canasta.cards.tiles import rule_lines
    lines.extend(rule_lines(r))
    add(f"Game: to {r.target}; a tie on top " + ("plays another deal." if r.tie == "another_deal" else "is shared."))
    if r.pile_visible:
        add("Players may look through the discard pile.")
    return "\n".join(lines)
