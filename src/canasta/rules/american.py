"""The rules of Modern American Canasta that are data: the special hands and their values, the checks of the
MAC fields of :class:`~canasta.rules.rule_fields.RuleFields`, and their words for ``canasta rules``
(RULES_AMERICAN.md part A, docs/variants/modern-american.md).
"""

from __future__ import annotations

from typing import Any

from canasta.rules.errors import RulesError
from canasta.rules.rule_fields import RuleFields
from canasta.rules.tables import BELOW_ZERO

MAC_MIN_MELD_TABLE: tuple[tuple[int, int], ...] = ((BELOW_ZERO, 125), (3000, 155), (5000, 180))
"""Minimum count of MAC's initial meld by the side's score (A.7 [CLA, P]; below 0: 125 as P, A.14 row 6)."""

MODERN_AMERICAN_FIELDS: dict[str, Any] = {
    "hand_size": 13, "upcard": False, "talon_sizes": (4, 3), "turn_card_from_bottom": 9,
    "empty_pile_forbidden": "swad", "wild_discard_forced_only": True, "rule_of_five": True, "dead_ranks": True,
    "never_wild_rank": "7", "opening_only_wild_rank": "A",
    "canastas_to_go_out": 2, "going_out_bonus": 100, "concealed_bonus": 0,
    "min_meld_table": MAC_MIN_MELD_TABLE, "target": 8500, "pile_always_frozen": True,
    "wild_limit": 2, "canasta_max": 7, "wild_melds": True, "wild_meld_max": 7,
    "wild_canasta_bonus": 2000, "jokers4_canasta_bonus": 2500, "twos_canasta_bonus": 3000,
    "aces_canasta_bonus": (2500, 300), "rank_canasta_bonuses": (("7", 2500),),
    "melds_negative_without_canasta": True, "threes_by_colour": True, "three_colour_values": (0, 100, 300, 500, 1000),
    "incomplete_aces_penalty": 2500, "incomplete_sevens_penalty": 2500, "incomplete_wild_penalty": 2000,
    "held_aces_penalty": 1500, "held_sevens_penalty": 1500,
    "held_rank_penalty_from": 3, "special_hands": "cla", "incomplete_blocks_going_out": True,
    "wild_meld_first": True, "opening_top_card_counts": False,
    "opening_mixed_canasta": False, "straight_three": True,
    "opening_requires": "clean_triple", "stock_end": "pile_continuation",
}
"""The fields of the ``modern-american`` preset that the scoring reads (RULES_AMERICAN.md A.1, A.7, A.8, A.9, A.11,
A.12, A.13; docs/variants/modern-american.md). The preset is not registered yet: the engine does not play MAC's
deal, pile, discard and meld rules (the turn card, talons, threes laid out, rule of five, dead ranks ...)."""

OPENING_REQUIRES = ("none", "clean_triple", "clean_triple_or_wild_meld")
"""Values of the ``opening_requires`` field played (RULES_AMERICAN.md A.7, A.14 row 4)."""

SPECIAL_HAND_SETS = ("none", "cla", "pagat")
"""Values of the ``special_hands`` field (RULES_AMERICAN.md A.11, A.14 rows 1-2)."""

SPECIAL_HAND_VALUES: dict[str, dict[str, int]] = {
    "none": {},
    "cla": {
        "pairs": 2500, "wild_pairs": 2000, "miami_pairs": 2500, "zip_code": 2500, "straight": 3000,
        "garbage": 3000, "blast_off": 3000, "triples": 3500, "quads": 3500,
        "dream_plus_4": 8500, "dream_plus_5": 8500,
    },
    "pagat": {"pairs": 2500, "wild_pairs": 2000, "straight": 3000, "garbage": 2000},
}
"""Points of each special hand of 14 cards by set (A.11 table: the League's [CLA] eleven, pagat's [P] four)."""

DREAM_HANDS = frozenset({"dream_plus_4", "dream_plus_5"})
"""Special hands that win the game at once for their side (A.11, A.13 [CLA])."""

SPECIAL_HAND_NAMES: dict[str, str] = {
    "pairs": "Pairs", "wild_pairs": "Wild Pairs", "miami_pairs": "Miami Pairs", "zip_code": "Zip Code",
    "straight": "Straight", "garbage": "Garbage", "blast_off": "Blast Off", "triples": "Triples",
    "quads": "Quads", "dream_plus_4": "Dream Hand Plus 4", "dream_plus_5": "Dream Hand Plus 5",
}
"""The special hands' names as players say them (A.11)."""


def check_american(r: RuleFields) -> None:
    """Refuse impossible values of the MAC fields (RULES_AMERICAN.md A.11, A.12).

    Raises:
        RulesError: names the field and the value refused.
    """
    if r.special_hands not in SPECIAL_HAND_SETS:
        raise RulesError(f"special_hands takes one of {', '.join(SPECIAL_HAND_SETS)}, not {r.special_hands!r}")
    values = r.three_colour_values
    if len(values) < 2 or values[0] != 0:
        raise RulesError("three_colour_values must start with 0 for no three and give at least one more")
    for fname in ("incomplete_aces_penalty", "incomplete_sevens_penalty", "incomplete_wild_penalty",
                  "incomplete_wild_all_jokers_penalty", "held_aces_penalty", "held_sevens_penalty"):
        if getattr(r, fname) < 0:
            raise RulesError(f"{fname} is a number of points, 0 or more, not {getattr(r, fname)}")
    if r.threes_by_colour and (r.upcard or r.black3_melds_anytime or r.black3_set_leaves_play
                               or r.black3_from_pile_removed or r.black3_freezes):
        raise RulesError("threes_by_colour (every three laid out, A.3) needs upcard=false and none of "
                         "black3_melds_anytime, black3_set_leaves_play, black3_from_pile_removed, black3_freezes")
    if not r.upcard and r.dowry != "none":
        raise RulesError("upcard=false leaves no upcard for the dowry to lie under: dowry=none")
    if any(k < 0 for k in r.talon_sizes) or len(r.talon_sizes) > r.teams:
        raise RulesError(f"talon_sizes gives 0 or more cards for the first, second ... side to open (at most "
                         f"{r.teams} entries), not {'/'.join(map(str, r.talon_sizes))}")
    if r.talon_sizes and r.extra_cards:
        raise RulesError("talon_sizes and extra_cards are two kinds of extra cards: use one")
    if r.turn_card_from_bottom < 0:
        raise RulesError(f"turn_card_from_bottom is a card's place from the bottom of the stock, 0 (none) or more, "
                         f"not {r.turn_card_from_bottom}")
    if r.opening_requires not in OPENING_REQUIRES:
        raise RulesError(f"opening_requires takes one of {', '.join(OPENING_REQUIRES)}, not {r.opening_requires!r}")
    if r.opening_requires == "clean_triple_or_wild_meld" and not r.wild_melds:
        raise RulesError("opening_requires=clean_triple_or_wild_meld accepts a meld of wild cards: it needs wild_melds")
    if r.wild_meld_first and not r.wild_melds:
        raise RulesError("wild_meld_first (no wild card elsewhere while the meld of wild cards is incomplete) needs "
                         "wild_melds")
    if r.special_hand_courtesy and r.special_hands == "none":
        raise RulesError("special_hand_courtesy (a special hand after the partner opened, A.11) needs special_hands")
    if r.straight_three and not r.threes_by_colour:
        raise RulesError("straight_three (a three kept for the Straight, A.3) needs threes_by_colour")
    if r.talon_source not in ("stock", "predealt"):
        raise RulesError(f"talon_source takes stock or predealt, not {r.talon_source!r}")
    if r.talon_source == "predealt" and not r.talon_sizes:
        raise RulesError("talon_source=predealt deals the talons of talon_sizes in advance: give talon_sizes")
    if r.min_meld_mode not in ("by_score", "by_hand_number"):
        raise RulesError(f"min_meld_mode takes by_score or by_hand_number, not {r.min_meld_mode!r}")
    if r.min_meld_mode == "by_hand_number" and r.round_minimums:
        raise RulesError("min_meld_mode=by_hand_number reads the minimums from min_meld_table by deal; "
                         "round_minimums does the same from its own list: use one")
    if r.held_rank_penalty_from < 1:
        raise RulesError(f"held_rank_penalty_from is a number of cards, 1 or more, not {r.held_rank_penalty_from}")


def three_colour_points(rules: RuleFields, count: int) -> int:
    """Points (before any sign) of ``count`` threes of one colour, by ``three_colour_values`` (A.12)."""
    table = rules.three_colour_values
    if count < len(table):
        return table[count]
    return table[-1] + (count - len(table) + 1) * (table[1] - table[0])


def american_rule_lines(r: RuleFields) -> list[str]:
    """Lines of ``canasta rules`` for the MAC fields that are set (RULES_AMERICAN.md A.11, A.12)."""
    out: list[str] = []
    if r.talon_sizes:
        turn = (f"; none once the turn card ({r.turn_card_from_bottom}th stock card from the bottom) is drawn"
                if r.turn_card_from_bottom else "")
        where = ("from the piles dealt face down in advance" if r.talon_source == "predealt"
                 else "from the stock after his discard")
        out.append("Talon: the player who makes his side's initial meld from his hand takes "
                   + ", ".join(f"{k} cards" for k in r.talon_sizes)
                   + f" (first, second ... side to open) {where}; they join his hand at his "
                   f"next turn; none when the opening took the pile{turn}. With a talon due he may meld down to one "
                   "card and discard it.")
    if r.min_meld_mode == "by_hand_number":
        mins = [m for _, m in r.min_meld_table]
        out.append("Minimum count by the deal's number, whatever the scores: "
                   + ", ".join(f"deal {k}: {m}" for k, m in enumerate(mins, 1)) + " (later deals: the last).")
    if r.splash:
        out.append("The Splash: a canasta completed from the hand, natural"
                   + ("" if r.opening_requires == "clean_triple" else " or of wild cards")
                   + ", opens the side with no minimum count.")
    if r.rule_of_five:
        out.append("Rule of five: after the side's opening turn a wild card joins only a meld holding 5 naturals, "
                   "and new melds start without wild cards.")
    if not r.opening_top_card_counts:
        out.append("The top card of the pile taken for the initial meld does not count toward the minimum.")
    if r.opening_requires in ("clean_triple", "clean_triple_or_wild_meld"):
        out.append("The initial meld must hold a clean triple: three natural cards of a rank or more, no wild card, "
                   "not of a dead rank, the top card of a pile taken no part of it"
                   + ("; or a meld of three wild cards or more." if r.opening_requires != "clean_triple" else "."))
    if not r.opening_mixed_canasta:
        out.append("No mixed canasta is completed in the side's opening turn (a natural one may be).")
    if r.wild_meld_first:
        out.append("While a side's meld of wild cards is incomplete, it puts no wild card into another meld.")
    if r.never_wild_rank:
        out.append(f"Melds of {r.never_wild_rank}s never hold a wild card.")
    if r.opening_only_wild_rank:
        out.append(f"A natural meld of {r.opening_only_wild_rank}s takes wild cards only in the side's opening turn.")
    if r.empty_pile_forbidden != "none":
        what = "sevens, wild cards and aces" if r.empty_pile_forbidden == "swad" else "aces and sevens"
        out.append(f"Onto an empty pile no {what} may be discarded unless nothing else is held (going out excepted).")
    if r.wild_discard_forced_only:
        out.append("A wild card is discarded only when going out or when the hand holds only wild cards.")
    if r.straight_three and "straight" in SPECIAL_HAND_VALUES.get(r.special_hands, {}):
        out.append("While his side has not melded, a player may hold back the first three he receives for the "
                   "Straight (never melded nor discarded): 'layout' in his turn lays it out and replaces it; once his "
                   "side has melded it is laid out and replaced for him.")
    if r.threes_by_colour:
        shown = "/".join(str(v) for v in r.three_colour_values[1:])
        need = r.canastas_to_go_out
        out.append(f"Threes, red and black, scored by colour ({shown} for 1, 2, ... of a colour): against a side "
                   f"with no canasta, 0 with fewer than {need}, for it with {need} or more; a three left in "
                   f"a hand costs {r.black3_hand_penalty}.")
    pens = [(r.incomplete_aces_penalty, "a natural meld of aces"), (r.incomplete_sevens_penalty, "a meld of sevens"),
            (r.incomplete_wild_penalty, "a meld of wild cards")]
    shown_pens = [f"{what} {p}" for p, what in pens if p]
    if shown_pens:
        jokers = (f" ({r.incomplete_wild_all_jokers_penalty} with all four jokers)"
                  if r.incomplete_wild_all_jokers_penalty else "")
        out.append("Incomplete at the end of the deal: " + ", ".join(shown_pens) + jokers + ".")
    if r.incomplete_blocks_going_out and shown_pens:
        out.append("A side may not go out while it holds such an incomplete meld.")
    held = [f"{p} for {what}" for p, what in ((r.held_aces_penalty, "aces"), (r.held_sevens_penalty, "sevens")) if p]
    if held:
        out.append(f"A player holding {r.held_rank_penalty_from} or more at the end: " + ", ".join(held)
                   + " (per player, on top of the cards' values).")
    hands = SPECIAL_HAND_VALUES.get(r.special_hands, {})
    if hands:
        out.append("Special hands of 14 cards ('declare' right after drawing from the stock, while the side has not "
                   "melded; no discard, the deal ends, the side scores the hand alone): " + ", ".join(
            f"{SPECIAL_HAND_NAMES[k]} {v}" + (" (wins the game)" if k in DREAM_HANDS else "")
            for k, v in hands.items()) + ".")
    if hands and r.special_hand_courtesy:
        out.append("HB's courtesy: a player whose partner made the side's initial meld may still lay down a special "
                   "hand in his first turn after it (his side's melds then count for nothing).")
    return out
