"""The score keeper of the web page: deals played at a real table, scored by :mod:`canasta.scoring.deal_score`.

A deal is entered per side in one of two ways:

* **by melds** (``"mode": "melds"``): the side's melds, red threes, cards left in
  hand, going out, concealed, penalties -- the same input as ``canasta score``
  (DESIGN.md, "Score keeper input"); scored by :func:`canasta.scoring.deal_score.score_deal`.
* **quick, by totals** (``"mode": "quick"``): the counts of natural and mixed
  canastas and of red threes, going out (and concealed), whether the side melded
  at all, the points of the cards melded and of the cards left in hand, penalties.
  The bonuses are computed by the same :func:`canasta.scoring.deal_score.score_deal` on a
  stand-in table with those canastas and red threes; the card points are the ones
  entered.

:func:`score_sheet` returns the result in the shape of ``canasta score --json``:
``{"deals": [{SIDE: {"score", "breakdown"}}], "totals", "next_minimum", "winner"}``.

Rules: RULES.md §1.11 (scoring), §1.6 (minimum count of the next deal), §1.12 (winner).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from canasta.cards.deck import RANKS, CardError, parse_card
from canasta.formats.score_sheet import OPTIONAL_SIDE_FIELDS, ScoreSheetError, check_copies, read_side
from canasta.rules.fields import Rules
from canasta.scoring.american import special_hand_wins_game
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from canasta.scoring.winner import winner

MAX_DEALS = 200
"""Most deals a sheet holds."""
MAX_COUNT = 50
"""Largest count accepted in a quick entry (canastas, red threes)."""
MAX_POINTS = 100000
"""Largest card points accepted in a quick entry."""


class SheetError(ValueError):
    """A deal entry that cannot be scored; the message names the side and what is wrong."""


QUICK_FIELDS = ("mode", "natural_canastas", "mixed_canastas", "red_threes", "melded", "went_out", "concealed",
                "penalties", "meld_points", "hand_points")
"""Fields of a side entered quickly, by totals."""
MELDS_FIELDS = ("mode", "melds", "red_threes", "hand", "went_out", "concealed", "penalties") + OPTIONAL_SIDE_FIELDS
"""Fields of a side entered by whole melds."""


def _int(entry: Mapping[str, Any], key: str, side: str, high: int) -> int:
    """A whole number 0..``high`` from a JSON number or the form's text of ASCII digits ('' and null: 0).

    Raises:
        SheetError: anything else (true/false, a fraction, a negative or larger number, other text).
    """
    v = entry.get(key, 0)
    if isinstance(v, str):
        t = v.strip()
        v = 0 if not t else int(t) if t.isascii() and t.isdigit() and len(t) <= len(str(high)) else v
    if v is None:
        v = 0
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= high:
        raise SheetError(f"side {side}: '{key}' must be a whole number from 0 to {high}")
    return v


def _card_texts(value: Any) -> Any:
    """Form text ("KH KS 2C") to the score keeper's list of card texts; other values pass unchanged."""
    if value in (None, ""):
        return []
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return value


def _bool(entry: Mapping[str, Any], key: str, side: str) -> bool:
    """``entry[key]`` as true/false (absent or null: false).

    Raises:
        SheetError: any other value (a text such as "no" would otherwise count as true).
    """
    v = entry.get(key, False)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise SheetError(f"side {side}: '{key}' must be true or false")
    return v


def _known(entry: Mapping[str, Any], allowed: Sequence[str], side: str, mode: str) -> None:
    """Refuse a field the mode does not read (it would be silently lost)."""
    extra = sorted(str(k) for k in entry if k not in allowed)
    if extra:
        raise SheetError(f"side {side}: unknown field {extra[0][:30]!r} for mode '{mode}'; "
                         f"the fields are {', '.join(allowed)}")


def _by_melds(entry: Mapping[str, Any], side: str) -> SideResult:
    """A side entered by whole melds: the form's text normalised, then read by the score keeper."""
    _known(entry, MELDS_FIELDS, side, "melds")
    melds = entry.get("melds")
    if isinstance(melds, str):
        melds = [line for line in melds.replace(";", "\n").splitlines() if line.strip()]
    normal: dict[str, Any] = {
        "melds": [_card_texts(m) for m in melds] if isinstance(melds, list) else _card_texts(melds),
        "red_threes": _card_texts(entry.get("red_threes")),
        "hand": _card_texts(entry.get("hand")),
        "went_out": _bool(entry, "went_out", side),
        "concealed": _bool(entry, "concealed", side),
        "penalties": _int(entry, "penalties", side, MAX_POINTS),
    }
    for key in OPTIONAL_SIDE_FIELDS:  # variant facts cards cannot show (docs/formats.md)
        if entry.get(key) not in (None, "", []):
            value = entry[key]
            if key in ("black_threes_removed", "black_threes", "special_hand"):
                value = _card_texts(value)
            elif key == "player_hands" and isinstance(value, list):
                value = [_card_texts(h) for h in value]
            normal[key] = value
    try:
        return read_side(normal, f"side {side}")
    except ScoreSheetError as e:
        raise SheetError(str(e)) from None


FIVE, TWO_C, RED_THREE = 3 * 4, 0, 4 + 2
"""Stand-in cards of a quick entry: five of clubs, two of clubs, three of hearts."""


def _stand_in_ranks(rules: Rules, count: int, side: str) -> list[int]:
    """Rank indices of ``count`` stand-in canastas: plain ranks (4..K, no rank with a bonus of its own such as
    Mexican sevens), a different one for each canasta, since a side has one meld per rank (§1.5); where
    ``several_melds_per_rank`` they may repeat.

    Raises:
        SheetError: more canastas than plain ranks where a side has one meld per rank.
    """
    special = {r for r, _ in rules.rank_canasta_bonuses + rules.rank_canasta_mixed_bonuses}
    plain = [r for r in range(RANKS.index("4"), RANKS.index("A")) if RANKS[r] not in special]
    if count > len(plain) and not rules.several_melds_per_rank:
        raise SheetError(f"side {side}: at most {len(plain)} canastas can be entered quickly in {rules.name}, "
                         "one per rank; enter the melds instead")
    return [plain[k % len(plain)] for k in range(count)]


def _by_totals(rules: Rules, entry: Mapping[str, Any], side: str) -> tuple[SideResult, int, int]:
    _known(entry, QUICK_FIELDS, side, "quick")
    nat = _int(entry, "natural_canastas", side, MAX_COUNT)
    mixed = _int(entry, "mixed_canastas", side, MAX_COUNT)
    reds = _int(entry, "red_threes", side, MAX_COUNT)
    melded = _bool(entry, "melded", side) or nat + mixed > 0
    ranks = _stand_in_ranks(rules, nat + mixed, side)
    melds = [[4 * r] * 7 for r in ranks[:nat]] + [[4 * r] * 6 + [TWO_C] for r in ranks[nat:]]
    if melded and not melds:
        melds = [[FIVE] * 3]
    res = SideResult(melds=melds, red_threes=[RED_THREE] * reds, hand=[], went_out=_bool(entry, "went_out", side),
                     concealed=_bool(entry, "concealed", side), penalties=_int(entry, "penalties", side, MAX_POINTS))
    return res, _int(entry, "meld_points", side, MAX_POINTS), _int(entry, "hand_points", side, MAX_POINTS)


def score_entry(rules: Rules, sides: Sequence[str], entry: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Score one deal as entered.

    Args:
        rules: the variant.
        sides: the side names, in order.
        entry: ``{SIDE: {"mode": "melds"|"quick", ...}}`` for every side (see the module docstring).

    Returns:
        ``{SIDE: {"score": points, "breakdown": {item: points}}}``.

    Raises:
        SheetError: a side is missing or unknown, a field is malformed, more copies of a card
            than the deck holds, or the scoring refuses the table (its message names side and rule).
    """
    if not isinstance(entry, Mapping) or set(entry) != set(sides):
        raise SheetError(f"a deal gives one entry for each side: {', '.join(sides)}")
    results: dict[str, SideResult] = {}
    cards_points: dict[str, tuple[int, int]] = {}
    for name in sides:
        e = entry[name]
        if not isinstance(e, Mapping):
            raise SheetError(f"side {name}: the entry must be an object")
        mode = e.get("mode", "melds")
        if not isinstance(mode, str):
            raise SheetError(f"side {name}: mode must be 'melds' or 'quick'")
        if mode == "melds":
            results[name] = _by_melds(e, name)
        elif mode == "quick":
            results[name], meld_pts, hand_pts = _by_totals(rules, e, name)
            cards_points[name] = (meld_pts, hand_pts)
        else:
            raise SheetError(f"side {name}: mode must be 'melds' or 'quick'")
    _check_copies(rules, {n: r for n, r in results.items() if n not in cards_points})
    try:
        scored = score_deal(rules, results)
    except ScoringError as e:
        raise SheetError(str(e)) from None
    out: dict[str, dict[str, Any]] = {}
    for name in sides:
        s = scored[name]
        breakdown = dict(s.breakdown)
        total = s.total
        if name in cards_points:
            meld_pts, hand_pts = cards_points[name]
            total += meld_pts - breakdown["melded_cards"] - hand_pts - breakdown["hand_cards"]
            breakdown["melded_cards"] = meld_pts
            breakdown["hand_cards"] = -hand_pts
        out[name] = {"score": total, "breakdown": breakdown}
    return out


def _check_copies(rules: Rules, results: Mapping[str, SideResult]) -> None:
    try:
        check_copies(rules, results, 0)
    except ScoreSheetError as e:
        raise SheetError(str(e).removeprefix("deal 0: ")) from None


def score_sheet(rules: Rules, sides: Sequence[str], entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Score every deal of a sheet and sum up.

    Returns:
        ``{"deals": [{SIDE: {"score", "breakdown"}}], "totals": {SIDE: points},
        "next_minimum": {SIDE: points}, "winner": SIDE or None}`` (as ``canasta score --json``).

    Raises:
        SheetError: a deal cannot be scored (the message starts with its number).
    """
    deals = []
    totals = {s: 0 for s in sides}
    out: str | None = None  # the side that went out in the last deal (win_requires_going_out, §3.4)
    for i, entry in enumerate(entries):
        try:
            scored = score_entry(rules, sides, entry)
        except SheetError as e:
            raise SheetError(f"deal {i + 1}: {e}") from None
        deals.append(scored)
        out = next((s for s in sides if isinstance(entry.get(s), Mapping) and entry[s].get("went_out")), None)
        dream = next((s for s in sides if _dream_hand(rules, entry.get(s))), None)
        for s in sides:
            totals[s] += scored[s]["score"]
    return {"deals": deals, "totals": totals,
            "next_minimum": {s: rules.min_meld(t, len(deals)) for s, t in totals.items()},
            "winner": winner(rules, totals, out, len(deals), dream)}


def _dream_hand(rules: Rules, entry: Any) -> bool:
    """Whether a side's entry (already scored, so well formed) lays down a Dream Hand, which wins the game at once
    (Modern American Canasta, RULES_AMERICAN.md A.13)."""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("special_hand"), list):
        return False
    try:
        cards = [parse_card(c) for c in entry["special_hand"] if isinstance(c, str)]
    except CardError:
        return False
    return special_hand_wins_game(rules, cards)


def default_sides(rules: Rules) -> list[str]:
    """Default side names: ``Us``/``Them`` for two sides, ``A``/``B``/``C`` for three."""
    return ["Us", "Them"] if rules.teams == 2 else [chr(ord("A") + i) for i in range(rules.teams)]
