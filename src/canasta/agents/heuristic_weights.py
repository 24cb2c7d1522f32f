"""The numbers the heuristic player plays by (:class:`HeuristicWeights`) and its fixed shares."""

from __future__ import annotations

from dataclasses import dataclass

NEG = -1.0e9
"""Score of a move the player does not want at all (kept only as a last resort)."""
SHORT_SEQ_SHARE = 0.05
"""Share of ``short_sequence_penalty`` charged for melding (or credited for lengthening past it) a
sequence shorter than ``short_sequence_below`` before the deal nears its end (then: all of it)."""
WILD_PROGRESS = 0.15
"""Share of a wild canasta's bonus (per seventh) credited for each wild card put into a meld of wild
cards (Bolivia's 2500, Uruguay's 2000, §3.2, §3.3 a): it makes the player build wild canastas."""


@dataclass(frozen=True)
class HeuristicWeights:
    """Every number the heuristic player uses, in one place.

    Scores are in "heuristic points": a move scoring higher is preferred;
    canasta bonuses enter at their value in game points (RULES.md §1.5), so one
    heuristic point is roughly one game point.
    """

    # --- taking the discard pile (draw phase) ----------------------------------
    take_base: float = 5.0
    """Value of taking the pile at all (the top card melds at once)."""
    take_per_card: float = 4.0
    """Value of each pile card below the top card."""
    take_pair_cost: float = 8.0
    """Cost of taking with a natural pair from the hand (the pair is tied to the meld)."""
    take_two_cost: float = 25.0
    """Cost of taking with a natural and a two (a wild card tied to a small meld)."""
    take_joker_cost: float = 45.0
    """Cost of taking with a natural and a joker."""
    take_open_bonus: float = 30.0
    """Bonus for taking the pile to make the side's initial meld (§1.6)."""
    take_threat_per_card: float = 3.0
    """Cost per pile card when an opponent may go out soon (the cards would stay in hand)."""

    # --- melding (play phase) --------------------------------------------------
    natural: float = 10.0
    """Value of each natural card melded."""
    value: float = 0.2
    """Value per card point melded (aces and kings before fives)."""
    new_meld: float = 4.0
    """Bonus for starting a new meld (one more rank to take the pile with)."""
    two_cost: float = 30.0
    """Cost of melding a two where it does not complete a canasta."""
    joker_cost: float = 50.0
    """Cost of melding a joker where it does not complete a canasta."""
    complete_wild_factor: float = 0.2
    """Wild-card cost multiplier when the move completes a canasta."""
    late_wild_factor: float = -0.3
    """Wild-card cost multiplier late in the deal (negative: getting rid of them pays)."""
    open_bonus: float = 25.0
    """Bonus of any meld made towards the side's initial meld."""
    open_wild_cost: float = 1.0
    """Wild-card cost multiplier while making the initial meld."""
    open_max_cost: float = 80.0
    """Most wild-card cost (two_cost, joker_cost each) the player spends to make the initial meld."""
    canasta: float = 1.0
    """Multiplier of the canasta bonus (§1.5) when a move completes a canasta."""
    late_natural: float = 5.0
    """Extra value per card melded late in the deal (cards left in hand cost points)."""
    reserve: int = 6
    """Cards to keep in hand after a meld that completes no canasta (pairs take the pile)."""
    reserve_cost: float = 15.0
    """Cost per card a meld takes the hand below ``reserve`` (not late in the deal)."""
    # --- going-out needs by kind of canasta (Pennies from Heaven §3.5, agents/goals.py) ---
    needed_kind: float = 60.0
    """Value per card added to a meld whose canasta the side still needs to go out (sevens, wild
    cards); for a meld of wild cards it also cancels the wild-card cost."""
    needed_sequence: float = 20.0
    """Value per card melded into a sequence while the side still lacks the sequence canastas that going
    out asks for (``sequence_canastas_to_go_out``: Bolivia's escalera, §3.2)."""
    needed_sequence_keep: float = 3.0
    """Multiplier of a card's sequence keep cost (:func:`canasta.agents.seqbot.seq_keep_cost`) while the
    side still lacks those sequence canastas."""
    # --- Hand and Foot: the foot and the contract of clean books (RULES_AMERICAN.md B.9, B.10) ---
    foot_meld: float = 12.0
    """Value per card melded while the player's foot waits for him (``Rules.has_foot``): emptying the hand
    brings the foot into play, and a foot never reached counts against the side (B.9, B.12)."""
    foot_run: float = 80.0
    """Value of a meld that empties the hand while the foot waits (running to the foot, B.9)."""
    foot_wild_factor: float = 0.3
    """Wild-card cost multiplier while the foot waits (a pair and a wild card make a meld that empties the
    hand; the contract's dirty books want them anyway)."""
    foot_take_per_card: float = 2.0
    """Cost per pile card taken into the hand while the foot waits (it puts the foot further off)."""
    foot_card_points: float = 25.0
    """Points a card of an unplayed foot is expected to cost at the end of the deal (red threes at -500
    included), for answering the partner's "may I go out?"."""
    clean_spoil: float = 300.0
    """Cost of a wild card put into a natural meld that the side needs for a clean (natural) book its going-out
    contract asks for (``going_out_canastas``: Hand and Foot's 2 clean + 2 dirty, B.10)."""
    clean_needed: float = 15.0
    """Value per natural card added to a natural meld while the contract still asks for clean books."""
    stop_rank: float = 6.0
    """Cost of discarding a card of ``pile_blocking_rank`` (it stops the pile like a black three)."""

    # --- discarding ------------------------------------------------------------
    keep_pair: float = 25.0
    """Cost of breaking a pair (or more) of a rank: pairs take the pile and make melds."""
    keep_value: float = 0.3
    """Cost per card point of discarding a card (high cards help the initial meld)."""
    keep_value_opened: float = -0.1
    """Same once the side has melded: a high card left in hand costs more points."""
    keep_own_rank: float = 10.0
    """Cost of discarding a rank the own side has melded."""
    feed_meld: float = 30.0
    """Danger per pile card of discarding a rank the next player's side has melded (open pile)."""
    feed_pair: float = 8.0
    """Danger per pile card of a discard the next player may match with a pair, by unseen copies."""
    frozen_feed_factor: float = 0.4
    """Danger multiplier when the pile is frozen for the next player (a natural pair is needed)."""
    black3_base: float = 12.0
    """Cost of discarding a black three into a small pile (keep it as a stop card for later)."""
    black3_per_card: float = 4.0
    """Less cost per pile card: the bigger the pile, the more a black three is worth discarding."""
    keep_two: float = 150.0
    """Cost of discarding a two."""
    keep_joker: float = 250.0
    """Cost of discarding a joker."""
    freeze_pile: int = 7
    """Pile size from which a wild card is discarded to freeze an open, threatened pile."""
    freeze_two: float = 20.0
    """Cost of discarding a two to freeze such a pile."""
    freeze_joker: float = 60.0
    """Cost of discarding a joker to freeze such a pile."""

    # --- special hands (Modern American Canasta A.11) --------------------------
    special_max_missing: int = 3
    """Build toward a special hand while the side has not melded when the hand lacks at most this many cards for
    it (``canasta.agents.special_plan``; 14 cards make one, so 13 held lack at least 1)."""
    special_far_stock: int = 50
    """A hand lacking more than 1 card is built toward only while the stock holds this many cards or more."""
    special_min_value: int = 2500
    """Only special hands worth this many points or more: more than melding is expected to score in a deal."""
    special_keep: float = 1000.0
    """Cost of each card a discard takes from the special hand built toward."""

    # --- aces and sevens held (Modern American Canasta A.12) ---------------------
    held_share: float = 0.5
    """Share of a held-rank penalty (``held_aces_penalty``, ``held_sevens_penalty``: 1,500 for a player holding 3
    aces or 3 sevens at the end of the deal) that holding such cards is expected to cost while the deal is young;
    late in the deal or when an opponent may go out: all of it. A discard or meld that takes the hand below the
    count is credited with it; 0: the penalty is ignored in play."""
    held_answer: float = 1.0
    """Multiplier of the held-rank penalties the hand would cost now, counted with its points when answering
    "may I go out?" (0: ignored)."""

    # --- going out and answering -----------------------------------------------
    out_canastas: int = 1
    """Canastas the side wants before going out when nothing presses."""
    threat_cards: int = 3
    """An opponent holding this many cards or fewer, whose side has its canastas, may go out soon."""
    late_stock_per_player: int = 3
    """The deal is near its end when the stock holds this many cards per player or fewer."""
    yes_hand_points: int = 60
    """Answer yes when the own hand holds at most this many points."""
    yes_lead: int = 1000
    """Answer yes when the side's melds (with canasta bonuses) lead every other side's by this many points."""


DEFAULT_WEIGHTS = HeuristicWeights()

