"""The fields of the rules: every switch the engine and the scoring read, grouped by topic, with the
facts derived from them (deck size, minimum count at a score, red-three bonus...).

:class:`RuleFields` is the plain data; :class:`canasta.rules.fields.Rules` adds the ways to build it
(presets, variant strings) and to describe it. Everything here reads fields only, so the options, the
checks and the descriptions of the rules may import it without a cycle.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Self

from canasta.rules.american_fields import AmericanFields
from canasta.rules.tables import (
    BELOW_ZERO,
    MIN_MELD_TABLES,
    PILE_TAKE_MODES,
    RED3_TABLES,
    STANDARD_VALUES,
)


def bonus_by_count(table: tuple[int, ...], count: int) -> int:
    """The bonus in points of ``count`` cards by a ``table`` of bonuses for 0, 1, 2 ... cards, going on past its
    end by the step of its first two entries (red threes §1.8, black threes removed §3.2 Cuban)."""
    if count < len(table):
        return table[count]
    return table[-1] + (count - len(table) + 1) * (table[1] - table[0])


@dataclass(frozen=True)
class RuleFields(AmericanFields):  # MAC's, H&F's options: american_fields.py (over hand_foot_fields.py)
    """The rules of one variant: every switch the engine and the scoring read.

    Build with :meth:`preset` or :meth:`parse`, not directly, so that player-count
    defaults are applied and the combination is validated. All point amounts are
    in points; all counts are numbers of cards.
    """

    # -- the table: players and sides (RULES.md §1.2, §3.1) ------------------------------------------------------
    name: str = "classic"
    """Preset name."""
    players: int = 4
    """Number of players at the table (RULES.md §3.1)."""
    teams: int = 2
    """Number of sides; seat ``s`` plays for side ``s % teams`` (partners sit apart)."""
    cutthroat: bool = False
    """Three players each for himself until one first takes the discard pile: he becomes the lone
    hand and the other two a partnership for the rest of the deal, combining their melds; a player
    who goes out before the pile was ever taken is the lone hand (RULES.md §3.1 [R, H, S0 l.178-184];
    docs/variants/cutthroat.md). Needs players=3."""
    sitting_out: int = 0
    """Players who sit out each deal: 5 players play 3 against 2 and the side of three sends one
    player out in turn, so every deal is a 4-player partnership deal (RULES.md §3.1 [S0 l.190,
    S4 l.49, H]; docs/variants/classic-5.md). 0 = everyone plays every deal; 1 only with players=5."""
    direction: str = "clockwise"
    """Direction of deal and play (§1.2, §2 row 16); it changes only who sits left of whom."""
    # -- the deck and the deal (§1.1-§1.3, §3.2 Italian dowry, §3.4 tiles) ---------------------------------------
    packs: int = 2
    """French 52-card packs shuffled together (RULES.md §1.1, §3.1)."""
    jokers: int = 4
    """Jokers added to the packs."""
    hand_size: int = 11
    """Cards dealt to each player (RULES.md §1.2, §2 row 14)."""
    draw: int = 1
    """Cards drawn from the stock in a turn (2 in the 2-player game)."""
    first_player_extra_card: bool = False
    """The first player gets one card more than hand_size and starts by discarding, without
    drawing (S2 l.41-44, S3 l.37)."""
    tile_names: bool = False
    """Show cards to people as Romanian tiles ("red 7", "joly"; red = hearts, yellow = diamonds,
    black = spades, blue = clubs, DESIGN.md "Notation"); the notation stays card codes."""
    card_values: tuple[int, ...] = STANDARD_VALUES
    """Value in points of each of the 53 card types (§1.1)."""
    upcard_black3_turns: bool = True
    """A black three turned as upcard is covered by another card (§1.2, §2 row 8)."""
    dowry: str = "none"
    """Face-down cards put under the upcard at the deal, taken with the pile by the first player who
    takes it: none; rank (as many as the upcard's rank: 4..10 their number, J 11, Q 12, K 13, A and
    joker 20; Italian, §3.2 dowry note [R, S0, S4 l.83]); number (the number on the upcard's tile: ace 1
    ... king 13, joly 0; the Romanian tiles' surpriza, §3.4 [S2 l.42-43, S3 l.39]). Module canasta.engine.dowry."""
    red3_before_upcard: bool = False
    """Red threes dealt are laid out and replaced before the upcard is turned (Italian, §3.2 [S4 l.83])."""
    # -- melds of a rank, of wild cards, of twos, of black threes (§1.5, §1.8, §3.2-§3.5) ------------------------
    min_naturals: int = 2
    """Natural cards a meld of a rank needs at least (§1.5)."""
    wild_limit: int = 3
    """Wild cards a meld of a rank may hold at most (§1.5)."""
    no_wild_majority: bool = False
    """Wild cards may never outnumber naturals in a meld (§1.5 option, §2 row 4)."""
    canasta_max: int = 0
    """Most cards any meld may hold, 0 = no limit; a full meld takes no more cards, and a pile
    whose top card would have to join it cannot be taken (Cuban: 7, §3.2 [R, S0, S4])."""
    several_melds_per_rank: bool = False
    """A side may start another meld of a rank once each of its melds of that rank is a canasta, so it may
    hold two canastas (or more) of one rank (Samba: [H, S0 l.229, S4 l.81]; see docs/variants/samba.md)."""
    wild_melds: bool = False
    """Melds made only of wild cards are allowed (§2 row 18, option wild_canasta)."""
    wild_meld_min: int = 3
    """Cards needed to start a meld of wild cards (where wild_melds): 3 like any meld [S4 l.53, R];
    7 = the wild canasta must be laid down whole at once (S4 l.187's optional joker canasta)."""
    wild_meld_max: int = 0
    """Most cards a meld of wild cards may hold, 0 = no limit (Uruguay: 7, RULES.md §3.3 a)."""
    twos_melds: bool = False
    """Twos may form their own meld (target 2, with jokers as its wild cards, wild_limit at most); while
    a side's meld of twos is not a canasta, that side may not use twos as wild cards elsewhere
    (Italian, §3.2 [R, S0, S4 l.83])."""
    black3_melds_anytime: bool = False
    """A set of three or four black threes (no wild card) may be laid out at any time, before the
    initial meld too, without counting towards its minimum; nothing is ever added to it, one set per
    side (escalator, S4 l.55). False: black threes are melded only when going out (§1.8)."""
    black3_set_leaves_play: bool = False
    """A player holding four black threes may put them out of play in his turn after the first
    round (scored by black3_removed_values); black threes are never melded (romanian-tiles,
    S2 l.178-180)."""
    # -- sequences (§3.2 Samba family, Hollywood) ----------------------------------------------------------------
    sequences: bool = False
    """Sequence melds are allowed: natural cards of one suit in unbroken rank order, four low and ace
    high, no wild card unless sequence_wild_max (Samba, Bolivia, Brazilian, Chilean, Hollywood; §3.2 [H,
    S0 l.225, S4 l.81])."""
    sequence_min: int = 3
    """Fewest cards a sequence meld may be started with (§3.2: 3)."""
    sequence_max: int = 7
    """Most cards a sequence may hold; a sequence of this many cards is a sequence canasta and takes no
    more cards (Samba: 7, "cannot be extended" [H, S4 l.81]). At most 7 (the move table's limit)."""
    sequence_out_max: int = 0
    """When going out, a sequence may be extended at either end past sequence_max up to this many cards
    (4 to A is 11); 0 = never (Brazilian: 11, "when going out it may be extended at both ends" [H, R,
    S4 l.89]). The addition must be the move that empties the hand or leaves the card to discard."""
    sequence_wild_max: int = 0
    """Wild cards a sequence may hold, 0 or 1 (Hollywood: 1, "in the canasta on the sequence one free
    card is allowed" [R, S0 l.391, S4 l.85]); such a sequence also needs min_naturals natural cards,
    and its wild card stands for one card of it, named in the move (``meld 4H JK=5H 6H 7H``)."""
    # -- the initial meld (§1.6, §3.2, §3.4) ---------------------------------------------------------------------
    min_meld_table: tuple[tuple[int, int], ...] = MIN_MELD_TABLES["standard"]
    """Minimum count of the initial meld: (from cumulative score, minimum) ascending (§1.6)."""
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
    min_meld_naturals_only: bool = False
    """Only natural cards (4..A) count towards the minimum count of the initial meld; wild cards count
    0 there (Italian, §3.2 [R])."""
    no_pile_for_initial_meld: bool = False
    """A side that has not made its initial meld may not take the pile (Brazilian [H, R, S4 l.89])."""
    # -- the discard pile and discards (§1.7, §1.8, §3.2-§3.5) ---------------------------------------------------
    pile_take_modes: frozenset[str] = frozenset(PILE_TAKE_MODES)
    """Ways to take an unfrozen pile (§1.7, §2 rows 1-2)."""
    pile_always_frozen: bool = False
    """The pile is frozen for everyone all the time: only a natural pair matching the top card takes
    it (Uruguay §3.3 a [R, S4 l.77]; Cuban §3.2 [R, S4 l.73])."""
    pile_add_below: int = 0
    """Taking the pile by adding its top card to a meld (add_to_meld) is allowed only to a meld of fewer
    than this many cards, 0 = any meld (Samba: 7, "a meld that is less than a canasta" [H])."""
    own_canasta_rank_blocks_pile: bool = False
    """A pile topped by the rank of one of the side's canastas cannot be taken (§2 row 1, S4)."""
    one_card_pile_rule: bool = True
    """A player holding one card may not take a pile of one card (§1.7, §2 row 11)."""
    black3_freezes: bool = False
    """A discarded black three freezes the pile (Bicycle; §1.8, §2 row 9)."""
    black3_no_discard_first_round: bool = False
    """A black three may not be discarded in a player's first turn of the deal, unless he holds
    nothing else (Cuban, §3.2 [R, S4 l.73])."""
    black3_from_pile_removed: bool = False
    """Black threes in a taken pile are removed from play and scored by black3_removed_values
    for the side that took them (Cuban, §3.2 [R, S4 l.73])."""
    pile_blocking_rank: str = ""
    """A rank ('7') whose card on top of the pile stops anyone taking it, '' = none
    (Mexican 7, §3.2 [R, S0 l.407])."""
    discard_blocked_rank: str = ""
    """A rank ('7') that may not be discarded until every side has a canasta of it, and never as
    the last card when going out, '' = none (Pennies from Heaven, §3.5 [S4 l.91])."""
    partner_take_needs_canasta_same_round: bool = False
    """After a player makes his side's initial meld, his partner may take the pile before the
    opener's next turn only by making the top card's meld a canasta in that turn (S2 l.115-117)."""
    joker_discard_blocks_round: bool = False
    """A discarded joker ("joly") blocks the pile for a full round: nobody takes it in the next
    ``players`` turns, even once covered, except the next player with a joker canasta: two wild cards
    from his hand join the joly in his meld of wild cards, which must become a canasta that turn
    (S2 l.155-156; needs wild_melds)."""
    wild_pair_takes_wild: bool = False
    """A pile topped by a wild card is not blocked: it is taken with a pair of the same wild card from
    the hand, two twos for a two and two jokers for a joker, and the three cards start or join the
    side's meld of wild cards (needs wild_melds); only a black three then blocks the pile (Hollywood
    [R, S0 l.397-399, S4 l.85])."""
    pile_visible: bool = False
    """Players may look through the whole discard pile (S0; §2 row 17)."""
    # -- going out, asking the partner, extra cards (§1.9, §3.2 Mexican, §3.3 b, §3.5) ---------------------------
    canastas_to_go_out: int = 1
    """Canastas a side needs before one of its players may go out (§1.9, §3.1)."""
    going_out_allowed: bool = True
    """Whether a player may go out at all; False: nobody may meld or discard his last card, so every
    player keeps at least one card and the deal ends only when the stock runs out (escalator: "It is
    forbidden to discard your last card", S4 l.55; docs/variants/escalator.md)."""
    sequence_canastas_to_go_out: int = 0
    """Of the canastas_to_go_out, how many must be sequence canastas (Bolivia: 1 escalera [H])."""
    going_out_canastas: tuple[str, ...] = ()
    """Kinds of canasta a side must all have (one distinct canasta each) before it may go out, on
    top of canastas_to_go_out: natural, mixed, wild, or a rank such as 7 for a canasta of that rank;
    option text such as 7/wild/natural/mixed (Pennies from Heaven, §3.5 [S4 l.91])."""
    red3_to_go_out: int = 0
    """Red threes a side must have laid out before one of its players may go out
    (Mexican 2, §3.2 [S0 l.411, S4 l.75])."""
    wild_canastas_count: bool = True
    """Canastas of wild cards (melds of twos, melds of wild cards) count towards canastas_to_go_out and
    the canasta-count premiums; False: they do not (Italian, §3.2 [R, S0, S4 l.83])."""
    ask_requires_going_out: bool = True
    """A player may ask "may I go out?" only when he can go out this turn (§1.9). False (Spanish):
    he may always ask; if his partner says yes and he cannot go out, his side loses
    ask_fail_penalty and he plays on (§3.3 b [S1 l.255])."""
    must_ask_to_go_out: bool = False
    """A player may go out only after asking his partner "may I go out?" and being told yes
    (Brazilian [H, R, S4 l.89 "the player must always ask the partner for permission"])."""
    ask_fail_penalty: int = 0
    """Points a side loses each time a player is told yes and cannot go out (Spanish 100, §3.3 b)."""
    concealed_allows_pile_take: bool = True
    """Going out concealed is possible in a turn that took the pile (§1.9)."""
    concealed_waives_minimum_with_pile: bool = False
    """Going out concealed waives the minimum count even after taking the pile (§1.6, §2 row 12)."""
    extra_cards: int = 0
    """Cards a player receives on top of his hand when his side reaches extra_cards_when, 0 = none
    (Mexican 13 from the stock, §3.2 [R, S0 l.405, S4 l.75]; Pennies from Heaven 11, §3.5 [S4 l.91])."""
    extra_cards_from: str = "stock"
    """Where the extra cards come from: stock (the player whose move reaches the event draws them,
    once per side, red threes laid out and replaced) or packet (each player is dealt his own
    face-down packet of extra_cards at the deal and takes it once his side reaches the event: at
    once if it is his move, else at the start of his next turn) (§3.2 Mexican, §3.5 Pennies)."""
    extra_cards_when: str = "initial_meld"
    """The event that brings the extra cards: initial_meld (the side's initial meld is complete),
    first_canasta (the side completes its first canasta) or hand_empty (the player's own hand is empty:
    Hand and Foot's foot, RULES_AMERICAN.md B.9; with extra_cards_from=packet only)."""
    extra_cards_once_per_deal: bool = False
    """With extra_cards_from=stock: only the first player at the table to reach extra_cards_when
    receives the extra cards, once per deal instead of once per side (escalator: "the player who is
    the first to lay out or finish the canasta", S4 l.55)."""
    # -- the end of the stock (§1.10) ----------------------------------------------------------------------------
    stock_end: str = "forced_take"
    """When the stock runs out: forced_take (P, B, S1), reshuffle (S0) or end (S2, S3, S4) (§1.10);
    pile_continuation: each player in turn may take the pile if he legally can, never must, and the deal ends when
    one would have to draw (MAC A.10 [P via E, T])."""
    last_red3_may_meld: bool = False
    """A red three as last stock card: the drawer may still meld, not discard (B, S1) (§2 row 6)."""
    # -- canasta bonuses and premiums (§1.5, §1.11, §2 row 18, §3.2-§3.5) ----------------------------------------
    natural_canasta_bonus: int = 500
    """Bonus of a natural canasta (§1.5)."""
    mixed_canasta_bonus: int = 300
    """Bonus of a mixed canasta (§1.5)."""
    mixed_canasta_bonus_by_wilds: tuple[int, ...] = ()
    """Bonus of a mixed canasta by its number of wild cards: entry k-1 for k wild cards (more
    wild cards than listed: the last entry); empty = mixed_canasta_bonus
    (Free Canasta: 400/300/200 for 1/2/3, §3.5 [S4 l.53])."""
    wild_canasta_bonus: int = 2000
    """Bonus of a canasta of wild cards where wild_melds is on (S3: 2000)."""
    twos_canasta_bonus: int = 0
    """Bonus of a canasta of twos only, 0 = as any wild canasta (S3 special canastas: 3000)."""
    twos_canasta_mixed_bonus: int = 0
    """Bonus of a canasta of twos holding jokers (Italian 2000, §3.2 [R, S4 l.83])."""
    twos_canasta_bonus_needs_going_out: bool = False
    """Canastas of twos earn their bonus (twos_canasta_bonus, twos_canasta_mixed_bonus) only for the
    side that goes out; otherwise their cards count at face value (Italian, §3.2 [S4 l.83])."""
    jokers4_canasta_bonus: int = 0
    """Bonus of a wild canasta holding four jokers (or more), 0 = as any wild canasta
    (Cuban: four jokers and three twos 3000, §3.2 [R, S0, S4])."""
    aces_canasta_bonus: tuple[int, int] = (0, 0)
    """(natural, mixed) bonus of a canasta of aces, 0 = as any canasta (S3: 1500, 700)."""
    rank_canasta_bonuses: tuple[tuple[str, int], ...] = ()
    """Bonus of a canasta of a given rank, natural or mixed, replacing its usual bonus: (rank, points)
    pairs, option text such as 7:1000 (Mexican sevens 1000 §3.2 [R, S4 l.75]; Pennies 1500 §3.5)."""
    rank_canasta_mixed_bonuses: tuple[tuple[str, int], ...] = ()
    """Bonus of a mixed canasta of a given rank, replacing rank_canasta_bonuses (which then pays the
    natural one): (rank, points) pairs, option text such as 7:1000 (escalator: a "black" canasta of
    sevens 1000, a "red" one 1500, S4 l.63-65)."""
    sequence_canasta_bonus: int = 1500
    """Bonus in points of a sequence canasta, on top of its card values (Samba 1500 [H, S0 l.225, S4 l.81])."""
    mixed_sequence_canasta_bonus: int = 1000
    """Bonus in points of a sequence canasta holding a wild card, on top of its card values
    (Hollywood 1000 [R, S0 l.391, S4 l.85]); used only where sequence_wild_max > 0."""
    canasta_beyond_seven_flat: int = 0
    """Where non-zero, the cards of a canasta beyond its seven highest-valued ones score this flat
    total instead of their values (romanian-tiles: 50, S2 l.184-185)."""
    canasta_count_bonuses: tuple[tuple[int, int], ...] = ()
    """Premiums for a side's number of canastas: (canastas at least, bonus) ascending, paid on top
    of each canasta's own bonus and card values; only the highest reached is paid unless
    canasta_count_bonus_cumulative (Spanish: Canastrón 5 = 500, Canasta de canastas 7 = 2000,
    §3.3 b [S1 l.64-67, 206-210])."""
    canasta_count_bonus_cumulative: bool = False
    """Pay every canasta-count premium reached (7 canastas: 2000 + 500), not only the highest (§3.3 b)."""
    natural_canasta_count_bonuses: tuple[tuple[int, int], ...] = ()
    """Premiums paid on top of canasta_count_bonuses when the side has at least that many natural
    canastas: (natural canastas at least, bonus) ascending, every one reached paid (Italian: 5
    natural canastas 2000 = 1000 for five canastas + 1000 more, §3.2 [R, S4 l.83])."""
    # -- red threes (§1.11, §3.1, §3.2, §3.5) --------------------------------------------------------------------
    red3_values: tuple[int, ...] = RED3_TABLES["standard"]
    """Red-three bonus of a side by the number it laid out (§1.11, §3.1)."""
    red3_negative_if: str = "no_meld"
    """When red threes count against a side: no_meld, no_canasta, lost_hand (§2 row 7), never (S2) or
    few_canastas: fewer canastas (sequence canastas included) than canastas_to_go_out (Samba, Italian
    §3.2 [H, S0 l.237])."""
    red3_needs_canasta_of: str = ""
    """A rank ('7'): the side's red threes score negative unless it has a canasta of that rank,
    '' = no such condition (Pennies from Heaven, §3.5 [S4 l.91])."""
    red3_set_needs_canasta: tuple[str, ...] = ()
    """Kinds of canasta of which the side needs one for the top entry of red3_values (all its red
    threes) to be paid; without one the red threes count red3_values[1] each. Kinds: natural, mixed,
    wild, sequence, a rank such as 7 (any canasta of it) or natural-7 / mixed-7; option text such as
    wild/sequence/natural-7; empty = no condition (escalator: six red threes 2000 only after "Bolivia,
    an escalator or a real canasta of sevens", S4 l.55)."""
    # -- going out's bonuses, black threes and penalties (§1.9, §1.11, §3.2-§3.5) --------------------------------
    going_out_bonus: int = 100
    """Bonus for going out (§1.11)."""
    concealed_bonus: int = 100
    """Extra bonus for going out concealed, on top of going_out_bonus (§1.9, §2 row 3)."""
    concealed_scale: tuple[int, ...] = ()
    """Concealed going out by kind, replacing going_out_bonus + concealed_bonus: (first turn,
    first turn using the partner's melds, later, later using the partner's melds) in points; empty
    = classic (concealed_bonus, partner's melds not allowed). Where set, a player may go out
    concealed while adding to his partner's melds (Spanish 1000/500/500/200, §3.3 b [S1 l.212-229])."""
    black3_hand_penalty: int = 5
    """Points lost for each black three left in a hand (§1.8, §2 row 20)."""
    black3_side_set_total: int = 0
    """Where non-zero, a side whose hands hold four black threes (or more) at the end loses this
    total for them instead of black3_hand_penalty each (romanian-tiles: 1600, S2 l.175-176)."""
    black3_all_melded_bonus: int = 0
    """Bonus for melding four black threes (or more) when going out (Spanish 500, §3.3 b [S1 l.204])."""
    black3_all_in_hand_penalty: int = 0
    """Points a side loses when one of its players holds four black threes (or more) at the end of
    the deal, on top of their card values (Spanish 500, §3.3 b [S1 l.239-240])."""
    black3_removed_values: tuple[int, ...] = (0, 5, 10, 15, 100)
    """Bonus of a side by the number of black threes it removed from taken piles (index = count;
    more than listed: the last entry plus the first step per card) (Cuban: 5 each, 100 for all 4)."""
    rank_hand_penalties: tuple[tuple[str, int], ...] = ()
    """Points lost for each card of a given rank left in a hand at the end of the deal, instead of its
    card value: (rank, points) pairs, option text such as 7:500 (escalator: "for any seven on hand at
    the end of the game, 500 minus points", S4 l.69)."""
    short_sequence_penalty: int = 0
    """Points a side loses at the end of a deal for each of its sequences shorter than
    short_sequence_below cards (Brazilian: 1000 [H, R]; S0 l.301: every unfinished sequence)."""
    short_sequence_below: int = 5
    """Sequences with fewer cards than this are penalised by short_sequence_penalty (H, R: 5; S0: 7)."""
    never_opened_penalty_factor: int = 1
    """Multiplier of the cards left in the hands of a side that made no meld in the deal
    (romanian-tiles: 2, S2 l.186-187)."""
    melds_negative_without_canasta: bool = False
    """A side that melded but has no canasta loses its melded cards' values instead of scoring
    them (S2 l.187-188, 199)."""
    # -- the game (§1.12, §3.4) ----------------------------------------------------------------------------------
    target: int = 5000
    """Score that ends the game at the end of a deal (§1.12, §2 row 15)."""
    win_requires_going_out: bool = False
    """The game ends only at a deal in which a side at or above the target went out; that side wins
    (S2 l.53-56)."""
    tie: str = "another_deal"
    """If the leading sides tie at or above the target: another_deal or shared (§1.12)."""
    # Hand and Foot (RULES_AMERICAN.md part B) ---------------------------------------------------------------------
    naturals_exceed_wilds: bool = False
    """Naturals must outnumber a meld's wild cards (Q Q 2 yes, Q Q 2 2 no; B.6 ``naturals_exceed_max3``)."""
    pile_take_count: int = 0
    """Cards a take brings: the top card and the next ones, at most this many; the rest stays. 0 = all (§1.7;
    B.5: 7)."""
    round_minimums: tuple[int, ...] = ()
    """Minimum count by deal of the game (entry k: deal k+1, then the last), replacing ``min_meld_table``;
    empty = by score (§1.6; B.8: 50/90/120/150)."""
    rounds: int = 0
    """Deals in a game, then the highest total wins (``tie``); 0 = to ``target`` (§1.12; B.13: 4)."""
    red3_hand_penalty: int = 0
    """Non-zero: red threes stay in hands (never laid out nor melded, discarded to shed them, one on top stops
    the pile) and each left in a hand or unplayed foot costs this (B.7 penalty mode: 500). 0: §1.3."""
    black3_meld: bool = True
    """Black threes may be melded (§1.8); False: never, only discarded (B.7 ``black_three_meld=never``)."""
    going_out_needs_discard: bool = False
    """Going out ends with a discard, never by melding the last cards (B.10 ``go_out_discard=required``)."""
    unplayed_packet_counts: bool = False
    """A face-down packet never taken (the foot) counts against its side as cards in hand (B.12)."""
    # -- bookkeeping ---------------------------------------------------------------------------------------------
    options: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The options given when the rules were built, as (name, text) pairs, for :meth:`spec`."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its class and its fields' values (:func:`rebuild_rules`), in both builds: a compiled
        ``Rules`` has no ``__dict__`` for pickle's default way to fill."""
        return (rebuild_rules, (type(self), tuple(getattr(self, f.name) for f in dataclasses.fields(self))))

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

    @property
    def team_size(self) -> int:
        """Players per side in a deal (with sitting_out, of the deal's players)."""
        return self.deal_players // self.teams

    @property
    def deal_players(self) -> int:
        """Players who play each deal: ``players`` less those sitting out (§3.1, 5 players: 4)."""
        return self.players - self.sitting_out

    def deal_rules(self) -> Self:
        """The rules of one deal: these rules, or where players sit out (5 players) the same rules
        for the ``deal_players`` seats of a deal (what :class:`~canasta.engine.deal.Deal` is given).
        Its :meth:`spec` still names the table's variant."""
        if not self.sitting_out:
            return self
        return dataclasses.replace(self, players=self.deal_players, sitting_out=0)

    def side_of(self, seat: int) -> int:
        """Side (0-based) that ``seat`` plays for."""
        return seat % self.teams

    def min_meld(self, score: int, deal_number: int = -1) -> int:
        """Minimum count of the initial meld for a side whose cumulative score is ``score`` (§1.6); where
        ``round_minimums`` is set, that of the deal ``deal_number`` (0 = the game's first deal; -1, unknown:
        the first) instead (RULES_AMERICAN.md B.8); where ``min_meld_mode`` is ``by_hand_number``, the
        ``deal_number``-th minimum of ``min_meld_table`` (the last for later deals; RULES_AMERICAN.md A.7)."""
        if self.round_minimums:
            return self.round_minimums[min(max(deal_number, 0), len(self.round_minimums) - 1)]
        if self.min_meld_mode == "by_hand_number":  # MAC A.7 [ACS]: the table's minimums by deal, scores aside
            table = self.min_meld_table
            return table[min(max(deal_number, 0), len(table) - 1)][1]
        need = self.min_meld_table[0][1]
        for threshold, minimum in self.min_meld_table:
            if score >= threshold:
                need = minimum
        return need

    def draws_for(self, deal_number: int) -> int:
        """Cards a player draws from the stock in the game's deal ``deal_number`` (0 = the first):
        ``round_draws`` by deal where set, else ``draw`` (§1.4; RULES_AMERICAN.md B.4)."""
        if self.round_draws:
            return self.round_draws[min(max(deal_number, 0), len(self.round_draws) - 1)]
        return self.draw

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
        return bonus_by_count(self.red3_values, count)

    def black3_removed_bonus(self, count: int) -> int:
        """Bonus in points for ``count`` black threes a side removed from taken piles (§3.2 Cuban)."""
        return bonus_by_count(self.black3_removed_values, count)

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

    @property
    def has_foot(self) -> bool:
        """Whether each player has a foot: a face-down packet he takes when his hand is empty
        (``extra_cards_when=hand_empty``, Hand and Foot, RULES_AMERICAN.md B.9)."""
        return self.extra_cards_when == "hand_empty" and self.extra_cards_from == "packet" and self.extra_cards > 0

    @property
    def meld_cap(self) -> int:
        """Most cards any meld of a rank may hold (a large number where canasta_max is 0)."""
        return self.canasta_max or 10**6

    @property
    def closed_meld_size(self) -> int:
        """Cards at which a meld of a rank is closed for good: a full canasta (``canasta_max``) beside which the
        side may start another meld of its rank (``several_melds_per_rank``), so the cards of that rank can only
        go to the new meld (§3.2 Samba, Hollywood); 0 where no meld closes so."""
        return self.canasta_max if self.several_melds_per_rank else 0

    @property
    def wild_meld_cap(self) -> int:
        """Most cards a meld of wild cards may hold (wild_meld_max and canasta_max; large if neither)."""
        caps = [c for c in (self.wild_meld_max, self.canasta_max) if c]
        return min(caps) if caps else 10**6


def rebuild_rules(cls: type[RuleFields], values: tuple[Any, ...]) -> RuleFields:
    """The rules of class ``cls`` with ``values``, its fields' values in their order (unpickling,
    :meth:`RuleFields.__reduce__`)."""
    return cls(*values)
