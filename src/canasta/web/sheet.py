"""The score keeper of the web page: deals played at a real table, scored by :mod:`canasta.scoring.deal_score`.

A deal is entered per side in one of two ways:

* **by melds** (``"mode": "melds"``): the side's melds, red threes, cards left in
  hand, going out, concealed, penalties -- the same input as ``canasta score``
  (DESIGN.md, "Score keeper input"); scored by :func:`canasta.scoring.deal_score.score_deal`.
* **quick, by totals** (``"mode": "quick"``): the counts of natural and mixed
  canastas (Hand and Foot's clean and dirty books) and of canastas of wild cards, of red threes laid out or
  (Hand and Foot) left in hands and feet, going out (and concealed), whether the side melded
  at all, the points of the cards melded and of the cards left in hand, penalties: the quick entry of
  ``canasta score`` (:mod:`canasta.formats.score_quick`), whose bonuses come from the same
  :func:`canasta.scoring.deal_score.score_deal` on a stand-in table; the card points are the ones entered.

:func:`score_sheet` returns the result in the shape of ``canasta score --json``:
``{"deals": [{SIDE: {"score", "breakdown"}}], "totals", "next_minimum", "winner"}``.

Rules: RULES.md §1.11 (scoring), §1.6 (minimum count of the next deal), §1.12 (winner).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from canasta.cards.deck import CardError, parse_card
from canasta.formats.score_quick import (
    MAX_COUNT,
    MAX_POINTS,
    QUICK_FIELDS,
    QuickEntry,
    QuickEntryError,
    read_quick,
    with_card_points,
)
from canasta.formats.score_sheet import OPTIONAL_SIDE_FIELDS, ScoreSheetError, check_copies, read_side
from canasta.rules.fields import Rules
from canasta.scoring.american import special_hand_wins_game
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from canasta.scoring.winner import winner

MAX_DEALS = 200
"""Most deals a sheet holds."""


class SheetError(ValueError):
    """A deal entry that cannot be scored; the message names the side and what is wrong."""


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
            elif key == "player_hands" and isinstance(value, str):  # the form: one player's cards a line
                value = [_card_texts(h) for h in value.replace(";", "\n").splitlines() if h.strip()]
            elif key == "player_hands" and isinstance(value, list):
                value = [_card_texts(h) for h in value]
            normal[key] = value
    try:
        return read_side(normal, f"side {side}")
    except ScoreSheetError as e:
        raise SheetError(str(e)) from None


def _by_totals(rules: Rules, entry: Mapping[str, Any], side: str) -> QuickEntry:
    """A side entered quickly, by counts (:mod:`canasta.formats.score_quick`): the form's numbers (JSON numbers
    or texts of digits) and checkboxes normalised, then read as ``canasta score`` reads a quick entry."""
    _known(entry, QUICK_FIELDS, side, "quick")
    normal: dict[str, Any] = {"mode": "quick"}
    for key in QUICK_FIELDS[1:]:
        if key in ("melded", "went_out", "concealed"):
            normal[key] = _bool(entry, key, side)
        else:
            normal[key] = _int(entry, key, side, MAX_POINTS if key.endswith(("points", "penalties")) else MAX_COUNT)
    if normal["natural_canastas"] + normal["mixed_canastas"] + normal["wild_canastas"]:
        normal["melded"] = True
    try:
        return read_quick(rules, normal, f"side {side}")
    except QuickEntryError as e:
        raise SheetError(str(e)) from None


def sheet_facts(rules: Rules) -> dict[str, Any]:
    """What the score keeper's page asks for in ``rules`` (docs/web.md): ``books`` (canastas are Hand and Foot's
    books: clean, dirty), ``wild_canastas`` (canastas of wild cards exist, ``wild_melds``), ``red_threes_held`` (red
    threes stay in hands and cost ``red3_hand_penalty``, B.7: counted, not laid out), ``black_threes`` (threes
    laid out by colour, MAC A.3), ``player_hands`` (each player's hand charged apart: aces or sevens held, A.12),
    ``special_hand`` (special hands may be laid down, A.11), ``rounds`` (a game of so many deals, 0: to a target),
    ``exact_cuts`` (where ``exact_cut_bonus`` pays a player who cut exactly his hand and foot, B.3: the players of a
    side, the most a side's ``exact_cuts`` may be; else 0)."""
    return {"books": rules.has_foot, "wild_canastas": rules.wild_melds,
            "red_threes_held": bool(rules.red3_hand_penalty), "black_threes": rules.threes_by_colour,
            "player_hands": bool(rules.held_aces_penalty or rules.held_sevens_penalty),
            "special_hand": rules.special_hands != "none", "rounds": rules.rounds,
            "exact_cuts": rules.team_size if rules.exact_cut_bonus else 0}


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
    cards_points: dict[str, QuickEntry] = {}
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
            cards_points[name] = _by_totals(rules, e, name)
            results[name] = cards_points[name].result
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
        if name in cards_points:
            s = with_card_points(rules, s, cards_points[name])
        out[name] = {"score": s.total, "breakdown": dict(s.breakdown)}
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
    dream: str | None = None  # the side that laid down a Dream Hand: it wins the game at once (MAC A.13)
    for i, entry in enumerate(entries):
        try:
            scored = score_entry(rules, sides, entry)
        except SheetError as e:
            raise SheetError(f"deal {i + 1}: {e}") from None
        deals.append(scored)
        out = next((s for s in sides if isinstance(entry.get(s), Mapping) and entry[s].get("went_out")), None)
        dream = dream or next((s for s in sides if _dream_hand(rules, entry.get(s))), None)
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
