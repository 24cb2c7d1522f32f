"""The fields of Modern American Canasta (RULES_AMERICAN.md part A; docs/variants/modern-american.md): a base of
:class:`~canasta.rules.rule_fields.RuleFields`, so that they are fields of every variant's rules like any other
(options, ``canasta rules --options``), kept in one block apart from the classic fields they extend.

Defaults leave every other variant as it was; the ``modern-american`` preset sets them
(:data:`canasta.rules.american.MODERN_AMERICAN_FIELDS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.rules.hand_foot_fields import HandFootFields


@dataclass(frozen=True)
class AmericanFields(HandFootFields):  # one chain of bases: a class of the compiled core has one base (bench.md)
    """The switches of Modern American Canasta's deal, discards and scoring (RULES_AMERICAN.md A.2-A.12), read by
    the engine (engine/talon.py, engine/constraints/discards.py, the threes in engine/state.py) and the one scoring
    function (scoring/american.py). All point amounts are in points; all counts are numbers of cards."""

    # Modern American Canasta (RULES_AMERICAN.md part A)
    upcard: bool = True
    """A card is turned from the stock to start the discard pile (§1.2); False: the pile starts empty and the first
    player draws from the stock (MAC A.2 [P, MS, POC]). False needs dowry=none."""
    talon_sizes: tuple[int, ...] = ()
    """Bonus cards (the talon) a player earns by making his side's initial meld from his hand: the first entry for
    the first side to open, the second for the next; he takes them from the top of the stock after his discard and
    they join his hand at the start of his next turn, threes laid out and replaced; none when the opening took the
    pile or once the turn card is drawn; empty = no talon (MAC A.2: 4/3 [CLA, P, WCA, HB]; engine/talon.py)."""
    talon_source: str = "stock"
    """Where the talons come from: stock (taken from the stock top after the opener's discard, MAC A.2 [CLA, WCA,
    HB]) or predealt (piles of talon_sizes cards dealt face down from the stock after the hands, claimed by the
    first, second ... side to open [POC, MS]; once the turn card is drawn an unclaimed pile stays out of play,
    the spec's default on its UNCLEAR point; engine/talon.py, ``DealState.talons``)."""
    turn_card_from_bottom: int = 0
    """Where talon_sizes: the stock card, counted from the bottom, that is the turn card; once it is drawn (fewer
    cards left in the stock) no talon is earned; 0 = no turn card (MAC A.2: 9 [CLA, P, WCA, HB])."""
    empty_pile_forbidden: str = "none"
    """Cards that may not be discarded onto an empty pile (the first turn, or after the pile was taken), unless
    the hand holds nothing else: none; swad (sevens, wild cards, aces; then an ace or a seven before a wild card,
    MAC A.5 [CLA]); aces_sevens (aces and sevens unless they are the only naturals held [P]). Dead ranks are not
    played yet. The last card of a player going out is free (A.9). Module engine/constraints/discards.py."""
    wild_discard_forced_only: bool = False
    """A wild card is discarded only when going out or when the hand holds only wild cards (MAC A.5 [CLA, P])."""
    never_wild_rank: str = ""
    """A rank ('7') whose melds never hold a wild card, not even in the opening, '' = none (MAC A.6: sevens
    [CLA, P, POC])."""
    opening_only_wild_rank: str = ""
    """A rank ('A') whose meld takes wild cards only in the side's opening turn: later a natural meld of it takes
    none (a meld mixed in the opening stays a mixed meld under the rule of five), '' = none (MAC A.6: aces
    [CLA, P, WCA]; more wild cards on a mixed aces meld: T, the spec's default)."""
    dead_ranks: bool = False
    """Once either side completes a canasta of a rank 4..A, neither side may start or extend a meld of it; a pile
    topped by a card of it cannot be taken; its cards join the cards not discarded onto an empty pile (after an ace
    or a seven) (MAC A.4-A.6 [CLA, P, T]; DealState.dead_mask)."""
    rule_of_five: bool = False
    """After its initial meld a side adds a wild card only to a meld already holding 5 naturals, and starts new
    melds without wild cards (5 naturals and 2 wild cards, a mixed canasta, at once); the melds of the opening turn
    may hold 2 naturals or more with their wild cards (MAC A.6 [CLA, CC, HB]; P: some older groups skip it)."""
    threes_by_colour: bool = False
    """Threes are scored by colour (MAC, RULES_AMERICAN.md A.3, A.12 [CLA, P]): the red threes and the black threes
    a side laid out each score ``three_colour_values`` by their count, and the sum counts against the side with no
    canasta, 0 with fewer canastas than canastas_to_go_out, for it with canastas_to_go_out or more; a three left in
    a hand costs black3_hand_penalty, red or black (A.1). False: red threes by red3_values (§1.11). In the engine
    every three, red or black, is laid out and replaced like a red three (so no three is ever melded or discarded),
    and a three drawn as the last stock card stays in the hand and ends the deal (A.3, A.10 per E). Needs
    upcard=false (no three ever reaches the pile)."""
    three_colour_values: tuple[int, ...] = (0, 100, 300, 500, 1000)
    """Points of the threes of one colour by their count (index = count; more than listed: the last entry plus
    the first step per card), where threes_by_colour (MAC A.12: 100, 300, 500, 1000 [CLA, P])."""
    incomplete_aces_penalty: int = 0
    """Points a side loses for a natural meld of aces (no wild card) that is not a canasta at the end of the deal,
    0 = none (MAC A.12: 2500 [CLA, P via E]); a mixed meld of aces is not penalised."""
    incomplete_sevens_penalty: int = 0
    """Points a side loses for a meld of sevens that is not a canasta at the end of the deal (MAC A.12: 2500)."""
    incomplete_wild_penalty: int = 0
    """Points a side loses for a meld of wild cards that is not a canasta at the end of the deal (MAC A.12: 2000)."""
    incomplete_wild_all_jokers_penalty: int = 0
    """The same for an incomplete meld of wild cards holding all four jokers, 0 = incomplete_wild_penalty
    (MAC A.12, A.14 row 3: CLA 2000, P 2500)."""
    held_aces_penalty: int = 0
    """Points a side loses for each of its players holding held_rank_penalty_from aces or more at the end of the
    deal, on top of their card values, 0 = none (MAC A.12: 1500 per player [CLA, P via E])."""
    held_sevens_penalty: int = 0
    """The same for sevens held (MAC A.12: 1500 per player)."""
    held_rank_penalty_from: int = 3
    """Aces (sevens) one player must hold for held_aces_penalty (held_sevens_penalty) (MAC A.12: 3)."""
    wild_meld_first: bool = False
    """While a side's meld of wild cards is incomplete (fewer than 7 cards) it puts no wild card into any other meld
    (MAC A.6 [CLA, P, CC]); needs wild_melds."""
    opening_top_card_counts: bool = True
    """The top card of the pile taken by a side that has not opened counts toward its minimum count (§1.6); False:
    only the pair and the melds from the hand count (MAC A.7 [CLA]; the pair counts, A.14 row 10's default)."""
    opening_requires: str = "none"
    """What the initial meld must hold besides its count: none; clean_triple (a meld of three naturals or more of a
    rank, no wild card, not of a dead rank, the top card of a pile taken no part of it; a natural canasta does)
    (MAC A.7 [CLA, WCA, HB]; engine/constraints/clean_triple.py); clean_triple_or_wild_meld (pagat's: a meld of
    three wild cards or more made in the opening turn does in its place, A.14 row 4)."""
    opening_mixed_canasta: bool = True
    """A mixed canasta may be completed in the side's opening turn (§1.6); False: in that turn a meld holding a wild
    card has at most 6 cards, a natural canasta is allowed (MAC A.7 [CLA, HB])."""
    incomplete_blocks_going_out: bool = False
    """A side may not go out while it holds an incomplete meld that the incomplete-meld penalties charge: a
    natural meld of aces (incomplete_aces_penalty), a meld of sevens (incomplete_sevens_penalty), a meld of wild
    cards (incomplete_wild_penalty); it may complete it in the turn it goes out (MAC A.9 [CLA via E, CC];
    engine/constraints/out_blocks.py)."""
    straight_three: bool = False
    """Where threes_by_colour (needed) and the special hands hold the Straight: while his side has not melded, a player
    holds back the first three he receives (dealt, drawn or as a replacement) in his hand for the Straight, one at a
    time, until he lays it out and replaces it in his turn (the move 'layout': his choice, MAC A.3 [P, T] "may
    keep"); it is never melded nor discarded; once his side has melded it is laid out and replaced for him, at the
    start of his next turn, or at once if he made the opening himself (a three left in a hand at the end costs
    black3_hand_penalty)."""
    splash: bool = False
    """The Splash: a canasta completed from the hand in one meld, natural, or of wild cards where a meld of wild cards
    may stand for the Clean Triple (opening_requires not clean_triple), opens the side with no minimum count
    (MAC A.7 [P only]; off by default, E's decision; engine/constraints/initial_meld_reach.py)."""
    min_meld_mode: str = "by_score"
    """How a side's minimum count is read from min_meld_table: by_score (its cumulative score, §1.6, MAC A.7);
    by_hand_number (the deal's number: the table's minimums in order for deals 1, 2, 3 ..., the last for later
    deals, the sides' scores aside: the ACS tournament format of three hands at 125/155/180, MAC A.7 [ACS];
    with rounds=3 the game is those three hands)."""
    special_hands: str = "none"
    """Which special hands of 14 cards a player whose side has not melded may lay down, scoring only the hand's
    value for his side: none, cla (the League's eleven, two Dream Hands that win the game) or pagat (four hands,
    Garbage 2000) (MAC A.11, A.14 rows 1-2); values in canasta.rules.american.SPECIAL_HAND_VALUES."""
    special_hand_courtesy: bool = False
    """HB's "courtesy" (MAC A.11, A.14 row 14; docs/variants/modern-american.md): a player whose side has melded may
    still lay down a special hand in his first turn after his partner made the side's initial meld (the opening made
    by another player of his side, fewer turns ago than there are players: no turn of his came between). His side's
    melds are then ignored like its threes. False: only while the side has not melded [CLA]. Needs special_hands;
    the three kept for the Straight is laid out once the side melded (A.3), so the Straight is out of its reach."""
