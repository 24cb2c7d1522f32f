"""Checks of the rules: impossible combinations of fields and decks too large, split by topic
(the table and the deck, melds and canastas, sequences, the initial meld and going out, points).
"""

from __future__ import annotations

from canasta.cards.deck import N_TYPES
from canasta.rules.american import check_american
from canasta.rules.errors import RulesError
from canasta.rules.rule_fields import RuleFields
from canasta.rules.tables import BELOW_ZERO, MAX_JOKERS, MAX_PACKS


def validate(r: RuleFields) -> None:
    """Refuse impossible combinations of fields, and decks larger than :data:`MAX_PACKS` packs and
    :data:`MAX_JOKERS` jokers.

    Raises:
        RulesError: names the fields that do not fit together.
    """
    _check_table_and_deck(r)
    _check_melds_and_tables(r)
    _check_sequences_and_opening(r)
    _check_pile_going_out_points(r)
    _check_unsupported_together(r)
    check_american(r)  # Modern American Canasta's fields (RULES_AMERICAN.md part A)
    _check_hand_and_foot(r)


def _check_table_and_deck(r: RuleFields) -> None:
    """Players, sides, hands, draws and the deck (RULES.md §1.1, §1.2, §3.1)."""
    if r.players < 2 or r.players > 8 or (r.players > 6 and not (r.has_foot and r.teams == r.players)):
        raise RulesError(f"players must be 2 to 6 (7 or 8 only in Hand and Foot's individual game, a foot each and "
                         f"every player his own side, B.1), not {r.players}")
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


def _check_melds_and_tables(r: RuleFields) -> None:
    """Melds, canastas and the value and bonus tables (§1.4, §1.5, §1.11, §3.2)."""
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


def _check_sequences_and_opening(r: RuleFields) -> None:
    """Sequences and the initial meld's canasta (§3.2, §3.4)."""
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


def _check_unsupported_together(r: RuleFields) -> None:
    """Options of different variants that no source plays together and that the engine does not combine (each met
    by random play of the option on other presets, docs/variants/README.md "Options across variants"): refused
    with what to change, rather than played into a deal where the player to act has no legal move."""
    tile_opening = r.min_meld_no_wild_below > BELOW_ZERO  # the tile game's opening without wild cards (§3.4)
    canasta_opening = bool(r.min_meld_canasta_from) and r.opening_canasta_waives_minimum  # a canasta, not a count
    if r.twos_melds and r.wild_melds:
        raise RulesError("twos_melds (the meld of twos, Italian §3.2) and wild_melds (melds of any wild cards) are "
                         "two kinds of meld of wild cards: use one of them (twos_melds=false or wild_melds=false)")
    if r.sequences and (tile_opening or r.opening_canasta_waives_minimum or r.opening_wild_meld_waives_minimum):
        raise RulesError("sequences do not go with the tile game's opening (min_meld_no_wild_below, "
                         "opening_wild_meld_waives_minimum or opening_canasta_waives_minimum, §3.4): the engine checks "
                         "those rules for melds of a rank only; play it with sequences=false")
    if r.sequences and r.opening_requires != "none":
        raise RulesError(f"sequences do not go with opening_requires={r.opening_requires} (Modern American "
                         "Canasta's clean triple, A.7): the engine's opening plans with sequences do not know it; "
                         "play it with sequences=false or opening_requires=none")
    if r.opening_requires != "none" and (tile_opening or r.opening_canasta_waives_minimum
                                         or r.opening_wild_meld_waives_minimum):
        raise RulesError(f"opening_requires={r.opening_requires} (Modern American Canasta's clean triple, A.7) "
                         "does not go with the tile game's opening (min_meld_no_wild_below, "
                         "opening_wild_meld_waives_minimum or opening_canasta_waives_minimum, §3.4): the engine's "
                         "plans of the one do not know the other; use one of them (opening_requires=none, or the "
                         "option false)")
    if r.min_meld_naturals_only and r.sequence_wild_max:
        raise RulesError("min_meld_naturals_only (Italian: only natural cards count toward the minimum) does not go "
                         "with sequence_wild_max (a wild card in a sequence, Hollywood): use one of them "
                         "(min_meld_naturals_only=false or sequence_wild_max=0)")
    if r.concealed_waives_minimum_with_pile and tile_opening:
        raise RulesError("concealed_waives_minimum_with_pile does not go with min_meld_no_wild_below (an initial meld "
                         "with no wild card, the tile game §3.4): the engine's check of the concealed going out does "
                         "not know that rule; play it with concealed_waives_minimum_with_pile=false")
    if r.wild_meld_first and r.min_meld_canasta_from:
        raise RulesError("wild_meld_first (Modern American Canasta: no wild card joins another meld while the meld "
                         "of wild cards is incomplete, A.6) does not go with min_meld_canasta_from (an initial meld "
                         "that must hold a canasta made that turn, Brazilian §3.2, the tile game §3.4): the engine's "
                         "plans of that opening do not know it; play it with wild_meld_first=false")
    if r.last_red3_may_meld and r.threes_by_colour:
        raise RulesError("last_red3_may_meld (a red three drawn as the last stock card: the drawer may still meld, "
                         "§2 row 6) does not go with threes_by_colour (Modern American Canasta: a three drawn as the "
                         "last stock card stays in the hand and the hand ends at once, A.10): play it with "
                         "last_red3_may_meld=false")
    if r.wild_pair_takes_wild and (canasta_opening or r.partner_take_needs_canasta_same_round):
        raise RulesError("wild_pair_takes_wild (Hollywood) does not go with a take that must make a canasta "
                         "(min_meld_canasta_from with opening_canasta_waives_minimum, or "
                         "partner_take_needs_canasta_same_round, the tile game §3.4): play it with "
                         "wild_pair_takes_wild=false")


def _check_pile_going_out_points(r: RuleFields) -> None:
    """The pile, asking to go out, extra cards and penalties (§1.7-§1.10, §3.5)."""
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
                  "twos_canasta_mixed_bonus", "exact_cut_bonus"):
        if getattr(r, fname) < 0:
            raise RulesError(f"{fname} is a number of points, 0 or more, not {getattr(r, fname)}")


def _check_hand_and_foot(r: RuleFields) -> None:
    """The fields of Hand and Foot (RULES_AMERICAN.md part B): the foot, the pile's take, rounds."""
    if r.extra_cards_when == "hand_empty" and (r.extra_cards_from != "packet" or not r.extra_cards):
        raise RulesError("extra_cards_when=hand_empty (the foot) needs a face-down packet: extra_cards > 0 "
                         "and extra_cards_from=packet")
    if r.unplayed_packet_counts and r.extra_cards_from != "packet":
        raise RulesError("unplayed_packet_counts needs face-down packets (extra_cards_from=packet)")
    if r.pile_take_count < 0 or r.pile_take_count == 1:
        raise RulesError(f"pile_take_count is 0 (the whole pile) or 2 cards or more, not {r.pile_take_count}")
    if r.rounds < 0 or r.rounds > 100:
        raise RulesError(f"rounds is 0 (play to the target) or a number of deals up to 100, not {r.rounds}")
    if r.going_out_needs_discard and (r.black3_meld or r.sequences or r.twos_melds):
        raise RulesError("going_out_needs_discard (the last card discarded) goes with black3_meld=false, no "
                         "sequences and no melds of twos")
    if any(m < 0 for m in r.round_minimums):
        raise RulesError("round_minimums are minimum counts in points, 0 or more")
    if any(not 1 <= d <= 5 for d in r.round_draws):
        raise RulesError("round_draws are cards drawn in a turn by deal, 1 to 5 each, such as 3/3/4/5")
    if r.exact_cut_bonus and not r.has_foot:
        raise RulesError("exact_cut_bonus is for a player who takes exactly his hand and foot: it needs a foot "
                         "(extra_cards_when=hand_empty, extra_cards_from=packet)")
    if (r.foot_pickup != "run_or_walk" or not r.must_play_foot) and r.extra_cards_when != "hand_empty":
        raise RulesError("foot_pickup and must_play_foot=false need a foot (extra_cards_when=hand_empty)")
    if r.empty_hand_waives_minimum and r.extra_cards_when != "hand_empty":
        raise RulesError("empty_hand_waives_minimum needs a foot (extra_cards_when=hand_empty, Hand and Foot B.8)")
    if r.wild_discard_freezes and not r.pile_always_frozen:
        raise RulesError("wild_discard_freezes goes with pile_always_frozen (Hand and Foot B.5): elsewhere a wild card "
                         "in the pile freezes it already (§1.7)")
    _check_hand_and_foot_going_out(r)
    if r.red3_hand_penalty < 0:
        raise RulesError(f"red3_hand_penalty is a number of points, 0 or more, not {r.red3_hand_penalty}")
    if r.red3_hand_penalty and (r.black3_meld or r.black3_melds_anytime or r.black3_set_leaves_play
                                or r.black3_from_pile_removed or r.red3_before_upcard or r.red3_to_go_out):
        raise RulesError("red3_hand_penalty (red threes kept in the hand, Hand and Foot B.7) needs black3_meld=false "
                         "and none of black3_melds_anytime, black3_set_leaves_play, black3_from_pile_removed, "
                         "red3_before_upcard, red3_to_go_out")
    if not r.black3_meld and (r.black3_melds_anytime or r.black3_set_leaves_play):
        raise RulesError("black3_meld=false (black threes never melded) does not go with black3_melds_anytime or "
                         "black3_set_leaves_play")


def _check_hand_and_foot_going_out(r: RuleFields) -> None:
    """Hand and Foot's going out and initial meld options (RULES_AMERICAN.md B.6, B.8, B.10)."""
    if r.going_out_by_melding and (r.going_out_needs_discard or r.black3_meld or r.sequences or r.twos_melds
                                   or r.black3_set_leaves_play or r.discard_blocked_rank):
        raise RulesError("going_out_by_melding (go_out_discard=forbidden) goes with going_out_needs_discard=false, "
                         "black3_meld=false, no sequences, no melds of twos, no discard_blocked_rank")
    if r.black3_foot_book and (not r.has_foot or r.black3_meld or r.canasta_max != 7 or r.sequences or r.twos_melds
                               or r.wild_limit < 1):
        raise RulesError("black3_foot_book (black_three_meld=foot_book, B.7) needs a foot, black3_meld=false, books "
                         "closed at 7 (canasta_max=7), wild cards in melds and no sequences nor melds of twos")
    if r.all_partners_in_foot and r.extra_cards_when != "hand_empty":
        raise RulesError("all_partners_in_foot needs a foot (extra_cards_when=hand_empty, Hand and Foot B.10)")
    if r.special_book_bonuses == "landoware" and not r.wild_melds:
        raise RulesError("special_book_bonuses=landoware scores a wild book 2500: it needs wild books "
                         "(wild_melds=true)")
    if r.book_bonus_counts_toward_minimum:
        if r.special_opening or r.sequences or r.wild_melds or r.opening_requires != "none":
            raise RulesError("book_bonus_counts_toward_minimum goes with the plain minimum count: no special opening, "
                             "no sequences, no wild books, opening_requires=none")
        minimums = r.round_minimums or tuple(m for _, m in r.min_meld_table)
        bonus = min([r.natural_canasta_bonus] + [r.mixed_bonus(w) for w in range(1, 4)])
        if max(minimums) > bonus:
            raise RulesError(f"book_bonus_counts_toward_minimum is played where every minimum count is at most a "
                             f"book's bonus ({bonus}), not {max(minimums)}")
