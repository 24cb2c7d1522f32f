"""Options of Hand and Foot (RULES_AMERICAN.md part B, B.14; docs/variants/hand-and-foot.md) that tables vary
most: a base of :class:`~canasta.rules.rule_fields.RuleFields`, so that they are fields of every variant's rules
like any other (options, ``canasta rules --options``). The preset's fundamentals (the foot, the books, the round
minimums, the contract) are classic fields in rule_fields.py; these are played on top of them.

Defaults are the spec's, and leave every other variant as it was.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HandFootFields:
    """The commonly varied options of Hand and Foot, read by the engine (engine/hand_foot.py, engine/apply.py,
    engine/movegen/pile_takes.py, engine/dealing.py) and the one scoring function (scoring/bonuses.py)."""

    round_draws: tuple[int, ...] = ()
    """Cards drawn from the stock by deal of the game (entry k: deal k+1, then the last), replacing ``draw``;
    empty = ``draw`` every deal (B.4 ``draw_count`` by round: 3/3/4/5 [TV])."""
    pile_take_with_wild: bool = False
    """A natural card and a wild card matching the top card take a pile that is frozen (``pile_always_frozen``)
    as a natural pair does (B.5 [NW, TW]; default false: a natural pair only)."""
    wild_discard_freezes: bool = False
    """A wild card discarded freezes the pile until it is taken: while one is in the pile only a natural pair
    takes it, even with ``pile_take_with_wild`` (B.5 [TW]; default false). A wild card on top is never taken."""
    empty_hand_waives_minimum: bool = False
    """The "Marva rule" (B.8 [JC]; default false): a player of a side not down, his foot waiting, who melds every card
    of his hand in one turn makes his side's initial meld whatever its count, and runs to his foot (melds from the
    hand only: a take of the pile still meets the minimum)."""
    special_book_bonuses: str = "none"
    """Books of their own value: none; sevens (a clean book of sevens 1,500, a dirty one the usual bonus,
    B.6 [drwingnut]); landoware (as sevens, and a wild book 2,500 where ``wild_melds``, B.6 [landoware])."""
    foot_pickup: str = "run_or_walk"
    """How a player whose hand is empty takes his foot (``Rules.has_foot``, B.9): run_or_walk (emptied by melding
    he takes it and plays on, by his discard he takes it and plays it from his next turn); walk_only (he may not
    meld his last card: he empties his hand by his discard [tripod]); next_turn_instead_of_draw (emptied either
    way, his turn ends and at his next turn he takes the foot instead of drawing [JC])."""
    must_play_foot: bool = True
    """A player may go out only from his foot (B.10 [NW, JC, BGA]); false: also from his hand, his foot then
    counting against his side (drwingnut)."""
    going_out_by_melding: bool = False
    """Going out only by melding every last card, never by a final discard (B.10 ``go_out_discard=forbidden`` [TV];
    default false): a discard always leaves a card in the hand, unless the player's foot still waits for him."""
    all_partners_in_foot: bool = False
    """A side may go out only when every one of its players has picked up his foot (B.10 [CH]; default false)."""
    book_bonus_counts_toward_minimum: bool = False
    """A book (7 cards) completed in the side's initial meld counts its bonus toward the minimum count (B.8 [JC];
    default false). Played where every minimum count is at most the bonus of a dirty book, so such a book meets
    the minimum by itself."""
    exact_cut_bonus: int = 0
    """Points to a player's side for each player who takes exactly the cards of his hand and foot when the deck
    is cut for the deal (B.3 [OP, TW, CH]: 100; pachunka 200; default 0, none). The engine deals, so it plays
    the cut (canasta.engine.exact_cut); needs a foot (``Rules.has_foot``)."""
    book_naturals_only: bool = False
    """Once a meld has 7 cards (a book) only natural cards join it: a wild card joins a meld only among its first
    7 cards (the wild cards of one move joining before its natural cards). With ``canasta_max=0`` and one meld
    per rank it is B.6's ``book_closure=naturals_only`` [CH]; default false."""
    black3_foot_book: bool = False
    """A player in his foot (he has picked it up, ``Rules.has_foot``) may meld black threes as one dirty book laid
    down whole in one move: 4 to 6 black threes and 1 to 3 wild cards, 7 cards (B.7 ``black_three_meld=foot_book``
    [JC]; default false, with ``black3_meld`` false: black threes are never melded). His side must be down; the
    book is a canasta of wild cards and naturals (a dirty book, its cards scored at their values)."""
