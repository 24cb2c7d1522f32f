"""The score keeper's quick entry: a side's deal by counts, as players score at the table (docs/formats.md,
"Quick entry"), for ``canasta score`` and the web page's score keeper.

A quick entry gives the side's canastas by kind (natural, mixed, of wild cards: Hand and Foot's clean, dirty and
wild books, RULES_AMERICAN.md B.12), its red threes laid out and red threes left in hands and unplayed feet (Hand
and Foot's penalty, B.7), whether it melded and went out (and concealed), the points ("count") of its melded cards
and of the cards left in its hands and feet, and penalties. The bonuses come from the one scoring function,
:func:`canasta.scoring.deal_score.score_deal`, applied to a stand-in table of that many canastas and threes
(:func:`stand_in`); the card points are the ones entered (:func:`with_card_points`). So a quick entry is scored
by the variant's own fields (canasta bonuses, red threes, going out, the going-out contract), never by a
branch on its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from canasta.cards.deck import RANKS
from canasta.rules.fields import Rules
from canasta.scoring.sides import SideResult, SideScore
from canasta.util.jsontypes import json_type_name, quoted

QUICK_COUNT_FIELDS = ("natural_canastas", "mixed_canastas", "wild_canastas", "red_threes", "red_threes_held")
"""Counts of a quick entry: canastas by kind (Hand and Foot: clean, dirty, wild books), red threes laid out,
red threes left in hands and unplayed feet."""
QUICK_POINT_FIELDS = ("meld_points", "hand_points", "penalties")
"""Points of a quick entry: the melded cards' count, the count of the cards left in hands and unplayed feet (red
threes held apart, in ``red_threes_held``), points to subtract for irregularities."""
QUICK_FLAGS = ("melded", "went_out", "concealed")
"""True/false fields of a quick entry."""
QUICK_FIELDS = ("mode", *QUICK_COUNT_FIELDS[:2], "red_threes", "melded", "went_out", "concealed", "penalties",
                "meld_points", "hand_points", "wild_canastas", "red_threes_held", "exact_cuts")
"""Every field of a side entered quickly (``"mode": "quick"``)."""
MAX_COUNT = 50
"""Largest count in a quick entry (canastas, red threes)."""
MAX_EXACT_CUTS = 8
"""Most players of a side who cut exactly their hand and foot (``exact_cuts``, Hand and Foot B.3)."""
MAX_POINTS = 100_000
"""Largest points in a quick entry."""
FIVE, TWO_C, RED_THREE = 3 * 4, 0, 4 + 2
"""Stand-in cards: five of clubs, two of clubs, three of hearts."""


class QuickEntryError(ValueError):
    """A quick entry that cannot be read; the message starts with where it is (deal, side)."""


@dataclass(frozen=True)
class QuickEntry:
    """A side entered by counts: the stand-in table scored for its bonuses, and the card points entered.

    Attributes:
        result: the stand-in :class:`~canasta.scoring.sides.SideResult` (canastas, red threes, going out).
        meld_points: the count of the side's melded cards (points).
        hand_points: the count of the cards left in its hands and unplayed feet, red threes held apart (points).
    """

    result: SideResult
    meld_points: int
    hand_points: int


def _count(entry: Mapping[str, Any], key: str, where: str, high: int) -> int:
    v = entry.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= high:
        shown = v if isinstance(v, int) and not isinstance(v, bool) else json_type_name(v)
        raise QuickEntryError(f"{where}: '{key}' must be a whole number from 0 to {high}, not {shown}")
    return v


def _flag(entry: Mapping[str, Any], key: str, where: str) -> bool:
    v = entry.get(key, False)
    if not isinstance(v, bool):
        raise QuickEntryError(f"{where}: '{key}' must be true or false, not {json_type_name(v)}")
    return v


def _stand_in_ranks(rules: Rules, count: int, where: str) -> list[int]:
    """Rank indices of ``count`` stand-in canastas: plain ranks (4..K, no rank with a bonus of its own such as
    Mexican sevens), a different one for each canasta where a side has one meld per rank (§1.5); where
    ``several_melds_per_rank`` (Samba, Hand and Foot) they repeat.

    Raises:
        QuickEntryError: more canastas than plain ranks where a side has one meld per rank.
    """
    special = {r for r, _ in rules.rank_canasta_bonuses + rules.rank_canasta_mixed_bonuses}
    plain = [r for r in range(RANKS.index("4"), RANKS.index("A")) if RANKS[r] not in special]
    if count > len(plain) and not rules.several_melds_per_rank:
        raise QuickEntryError(f"{where}: at most {len(plain)} canastas can be entered quickly in {rules.name}, "
                              "one per rank; enter the melds instead")
    return [plain[k % len(plain)] for k in range(count)]


def read_quick(rules: Rules, entry: Mapping[str, Any], where: str) -> QuickEntry:
    """Read a side entered by counts (:data:`QUICK_FIELDS`, all optional: 0 or false).

    Args:
        rules: the variant.
        entry: the side's entry, ``"mode": "quick"`` and the counts as JSON numbers and booleans.
        where: prefix of every message (``deal 2, side NS``).

    Returns:
        The :class:`QuickEntry`.

    Raises:
        QuickEntryError: an unknown field, a count or points out of range or of the wrong type, red threes held
            where the variant lays them out (no ``red3_hand_penalty``), too many canastas for one meld per rank.
    """
    for k in entry:
        if k not in QUICK_FIELDS:
            raise QuickEntryError(f"{where}: unknown field {quoted(str(k))} in a quick entry; its fields are "
                                  f"{', '.join(QUICK_FIELDS)}")
    counts = {k: _count(entry, k, where, MAX_COUNT) for k in QUICK_COUNT_FIELDS}
    points = {k: _count(entry, k, where, MAX_POINTS) for k in QUICK_POINT_FIELDS}
    flags = {k: _flag(entry, k, where) for k in QUICK_FLAGS}
    cuts = _count(entry, "exact_cuts", where, MAX_EXACT_CUTS)  # players who cut their hand and foot exactly (B.3)
    if counts["red_threes_held"] and not rules.red3_hand_penalty:
        raise QuickEntryError(f"{where}: 'red_threes_held' counts red threes kept in hands, but in {rules.name} "
                              "red threes are laid out: give them in 'red_threes'")
    nat, mixed, wild = counts["natural_canastas"], counts["mixed_canastas"], counts["wild_canastas"]
    ranks = _stand_in_ranks(rules, nat + mixed, where)
    melds = ([[4 * r] * 7 for r in ranks[:nat]] + [[4 * r] * 6 + [TWO_C] for r in ranks[nat:]]
             + [[TWO_C] * 7 for _ in range(wild)])
    if (flags["melded"] or points["meld_points"]) and not melds:
        melds = [[FIVE] * 3]  # melded, no canasta: the side went down (red threes and hands count as such)
    result = SideResult(melds=melds, red_threes=[RED_THREE] * counts["red_threes"],
                        hand=[RED_THREE] * counts["red_threes_held"], went_out=flags["went_out"],
                        concealed=flags["concealed"], penalties=points["penalties"], exact_cuts=cuts)
    return QuickEntry(result, points["meld_points"], points["hand_points"])


def with_card_points(rules: Rules, score: SideScore, entry: QuickEntry) -> SideScore:
    """``score`` (of the stand-in table) with the card points entered: ``melded_cards`` is ``meld_points``,
    ``hand_cards`` the stand-in's red threes held less ``hand_points`` (doubled where the rules double a hand
    that never melded, ``never_opened_penalty_factor``)."""
    breakdown = dict(score.breakdown)
    factor = rules.never_opened_penalty_factor if not entry.result.melds else 1
    hand = breakdown.get("hand_cards", 0) - entry.hand_points * factor
    total = score.total + entry.meld_points - breakdown.get("melded_cards", 0) + hand - breakdown.get("hand_cards", 0)
    breakdown["melded_cards"] = entry.meld_points
    breakdown["hand_cards"] = hand
    return SideScore(total, breakdown)
