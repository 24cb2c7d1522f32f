"""What a side had when a deal ended (:class:`SideResult`, the score keeper's input) and what it scored
(:class:`SideScore`, with the items of its breakdown).
"""

from __future__ import annotations

from dataclasses import dataclass, field

CONCEALED_KINDS = ("first_turn", "first_turn_with_partner", "later", "later_with_partner")
"""Kinds of a concealed going out, in the order of ``Rules.concealed_scale`` (S1, RULES.md §3.3 b):
in the player's first turn ("de mano") or later ("en el curso del juego"), alone or using the
melds his partner had on the table ("apoyándose en las cartas expuestas por el compañero")."""
BLACK3_SET = 4
"""Black threes that make "all four" for the Spanish premium and penalty (S1 l.204, 239)."""


@dataclass
class SideResult:
    """What one side had when a deal ended (the score keeper's input for a side).

    Attributes:
        melds: every meld on the table, canastas included, as lists of card types.
        red_threes: the red threes the side laid out.
        hand: every card left in the hands of the side's players.
        went_out: one of the side's players went out.
        concealed: he went out concealed (RULES.md §1.9).
        penalties: points to subtract for irregularities at a real table (>= 0).
        concealed_kind: where ``rules.concealed_scale`` is set (Spanish), which kind of
            concealed going out it was, one of :data:`CONCEALED_KINDS` ('' otherwise).
        black_threes_removed: black threes the side took in piles and removed from play
            (``black3_from_pile_removed``, Cuban §3.2).
        ask_failed: times a player of the side was told "yes" and could not go out
            (``ask_fail_penalty`` each, Spanish §3.3 b).
        four_black_threes_held: one player of the side held four black threes at the end
            (``black3_all_in_hand_penalty``, Spanish §3.3 b).
        lone_hand: see below (cutthroat).
    """

    melds: list[list[int]] = field(default_factory=list)
    red_threes: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    went_out: bool = False
    concealed: bool = False
    penalties: int = 0
    concealed_kind: str = ""
    black_threes_removed: list[int] = field(default_factory=list)
    ask_failed: int = 0
    four_black_threes_held: bool = False
    lone_hand: bool = False
    """Cutthroat (§3.1): this player first took the discard pile, or went out before anyone took it;
    the other players are then one partnership for the deal's scoring."""
    black_threes: list[int] = field(default_factory=list)
    """Where ``rules.threes_by_colour`` (Modern American Canasta, RULES_AMERICAN.md A.3): the black threes the
    side laid out (its red ones are in ``red_threes``)."""
    player_hands: list[list[int]] = field(default_factory=list)
    """The cards left in each player's hand, one list per player of the side, where a rule charges a player
    (``held_aces_penalty``, ``held_sevens_penalty``, A.12); empty = not told apart. Where given, ``hand`` is
    their concatenation (or empty, and then read from them)."""
    special_hand: list[int] = field(default_factory=list)
    """The 14 cards of a special hand a player of the side laid down (``special_hands``, A.11): the side then
    scores only that hand's value; empty = none."""
    exact_cuts: int = 0
    """Players of the side who cut exactly the cards of their hand and foot (``exact_cut_bonus`` each, Hand and
    Foot, RULES_AMERICAN.md B.3)."""


BREAKDOWN_ITEMS: tuple[tuple[str, str, bool], ...] = (
    ("canastas", "Canasta bonuses", False),
    ("premiums", "Premiums", True),
    ("red_threes", "Red threes", False),
    ("going_out", "Going out", False),
    ("concealed", "Concealed", True),
    ("black_threes", "Black threes removed", True),
    ("melded_cards", "Melded cards", False),
    ("hand_cards", "Cards left in hand", False),
    ("penalties", "Penalties", True),
    ("threes", "Threes", True),
    ("special_hand", "Special hand", True),
    ("exact_cut", "Exact cut", True),
)
"""Point items of a breakdown in display order: (key, label for people, shown only when non-zero).

Their values add up to the deal's score; keys a variant does not use are absent from its breakdowns.
"""


@dataclass(frozen=True)
class SideScore:
    """Score of one side for one deal: ``total`` points and a ``breakdown`` by item.

    Breakdown keys (points unless said): ``canastas`` (bonuses), ``natural_canastas``
    and ``mixed_canastas`` and ``wild_canastas`` (counts), ``red_threes``,
    ``going_out``, ``concealed``, ``melded_cards``, ``hand_cards`` (<= 0),
    ``penalties`` (<= 0). Only in variants that have them: ``premiums`` (canasta-count
    premiums and the four-black-threes premium, Spanish §3.3 b) and ``black_threes``
    (black threes removed from taken piles, Cuban §3.2); ``sequence_canastas`` (count,
    where ``rules.sequences``, §3.2); ``mixed_sequence_canastas`` (count of those holding a
    wild card, where ``rules.sequence_wild_max``, Hollywood §3.2).
    """

    total: int
    breakdown: dict[str, int]
