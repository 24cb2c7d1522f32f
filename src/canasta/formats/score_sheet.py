"""Score keeper: score deals played at a real table (``canasta score FILE``).

The input (DESIGN.md, "Score keeper input"; every field in ``docs/formats.md``)
names the variant and lists the deals; each deal maps a side's name (``"NS"``,
``"EW"``, a player's name in a game without partners) to what that side had
when the deal ended: its melds, red threes, the cards left in its hands,
whether it went out (concealed or not) and penalty points.

Every deal is scored by :func:`canasta.scoring.deal_score.score_deal`, the function the
engine uses, so a deal played by the engine and the same table typed in here
give the same numbers. The result holds each deal's score and breakdown per
side, the running totals, each side's minimum count for the next deal
(``rules.min_meld``) and the winner (:func:`canasta.scoring.deal_score.winner`).

Bad input raises :class:`ScoreSheetError` with a message that names the deal
(1-based), the side, the meld and the rule.

Variant facts that the cards cannot show have optional fields of their own
(``concealed_kind``, ``black_threes_removed``, ``ask_failed``,
``four_black_threes_held``; see ``docs/formats.md``). A side may instead be entered by counts
(``"mode": "quick"``: canastas or books by kind, red threes, the count of melded cards and of the cards left,
going out; :mod:`canasta.formats.score_quick`), as Hand and Foot is scored at the table (RULES_AMERICAN.md B.12).

Rules: RULES.md §1.11 (scoring a deal), §1.6 (minimum count), §1.12 (end of the
game), §3.1 (red threes with 6 players), §3.2 (Cuban), §3.3 (Uruguayan, Spanish),
§3.5 (Free Canasta).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta.cards.deck import CardError, card_str, deck_counts, parse_card
from canasta.formats.score_quick import QuickEntry, QuickEntryError, read_quick, with_card_points
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import CONCEALED_KINDS, SideResult, SideScore
from canasta.scoring.winner import winner
from canasta.util.jsontypes import json_type_name, quoted, read_json_file

OPTIONAL_SIDE_FIELDS = ("concealed_kind", "black_threes_removed", "ask_failed", "four_black_threes_held",
                        "lone_hand", "black_threes", "player_hands", "special_hand", "exact_cuts")
"""Variant facts that the cards cannot show (Spanish concealed kinds, Cuban black threes removed from piles,
the four black threes put out of play in romanian-tiles, the cutthroat lone hand; in Modern American Canasta
the black threes laid out, each player's cards left in hand, a special hand laid down: RULES_AMERICAN.md A.3,
A.11, A.12; in Hand and Foot the players of the side who cut exactly their hand and foot, B.3)."""
SIDE_FIELDS = ("melds", "red_threes", "hand", "went_out", "concealed", "penalties") + OPTIONAL_SIDE_FIELDS + ("mode",)
"""Fields of a side's entry in a deal; all optional (empty lists, false, 0, ""); ``mode`` is ``melds`` (the
default) or ``quick`` (then the fields of :data:`canasta.formats.score_quick.QUICK_FIELDS`)."""
SHEET_FIELDS = ("variant", "deals")
"""Fields of the score sheet itself; both required."""
MAX_EXACT_CUTS = 8
"""Most players of a side who cut exactly their hand and foot (Hand and Foot B.3)."""
MAX_SIDE_NAME_CHARS = 40
"""Longest side name (printable characters only)."""
MAX_PENALTIES = 100_000
"""Largest ``penalties`` of one side in one deal, in points."""
MAX_ASK_FAILED = 100
"""Largest ``ask_failed`` count of one side in one deal."""


class ScoreSheetError(ValueError):
    """A score sheet cannot be read or scored; the message names the deal, side, meld and rule."""


@dataclass
class ScoreSheet:
    """A score sheet read and checked by :func:`parse_sheet`.

    Attributes:
        rules: the variant.
        sides: the sides' names, in the order of the first deal.
        deals: per deal, each side's :class:`~canasta.scoring.deal_score.SideResult`, keyed by side name.
    """

    rules: Rules
    sides: list[str]
    deals: list[dict[str, SideResult]]
    quick: list[dict[str, QuickEntry]] | None = None
    """Per deal, the sides entered by counts (their entry in ``deals`` is the stand-in table,
    :mod:`canasta.formats.score_quick`); None: none."""


@dataclass
class SheetResult:
    """The scored sheet (:func:`score_sheet`).

    Attributes:
        rules: the variant.
        sides: the sides' names in order.
        deals: per deal, each side's :class:`~canasta.scoring.sides.SideScore` (points and breakdown).
        running: per deal, each side's cumulative total after that deal (points).
        totals: each side's total after the last deal (points).
        next_minimum: each side's minimum count for its initial meld in the next deal (points).
        winner: the side that has won, or None (nobody at the target yet, or a tie on top).
    """

    rules: Rules
    sides: list[str]
    deals: list[dict[str, SideScore]]
    running: list[dict[str, int]]
    totals: dict[str, int]
    next_minimum: dict[str, int]
    winner: str | None


# ------------------------------------------------------------------ reading

def _cards(value: Any, where: str) -> list[int]:
    """Read a list of card texts; ``where`` prefixes every message."""
    if not isinstance(value, list):
        raise ScoreSheetError(f"{where} must be a list of cards such as [\"KH\", \"KS\"], not {json_type_name(value)}")
    out = []
    for v in value:
        if not isinstance(v, str):
            raise ScoreSheetError(f"{where}: a card is written as text such as \"KH\", not {json_type_name(v)}")
        try:
            out.append(parse_card(v))
        except CardError as e:
            raise ScoreSheetError(f"{where}: {e}") from None
    return out


def read_side(entry: Any, where: str) -> SideResult:
    """Read one side's entry of a deal (the score keeper input of DESIGN.md).

    Raises:
        ScoreSheetError: a field is unknown or malformed; the message starts with ``where``.
    """
    if not isinstance(entry, dict):
        raise ScoreSheetError(f"{where} must be an object with fields {', '.join(SIDE_FIELDS)}, "
                              f"not {json_type_name(entry)}")
    for k in entry:
        if k not in SIDE_FIELDS:
            raise ScoreSheetError(f"{where}: unknown field {quoted(k)}; the allowed fields are "
                                  f"{', '.join(SIDE_FIELDS)}")
    if entry.get("mode", "melds") != "melds":
        raise ScoreSheetError(f"{where}: 'mode' is 'melds' (the default) or 'quick', not "
                              f"{quoted(str(entry['mode']))}")
    melds_v = entry.get("melds", [])
    if not isinstance(melds_v, list):
        raise ScoreSheetError(f"{where}: 'melds' must be a list of melds, each a list of cards, "
                              f"not {json_type_name(melds_v)}")
    melds = [_cards(m, f"{where}, meld {k}") for k, m in enumerate(melds_v, 1)]
    red = _cards(entry.get("red_threes", []), f"{where}, red_threes")
    hand = _cards(entry.get("hand", []), f"{where}, hand")
    removed = _cards(entry.get("black_threes_removed", []), f"{where}, black_threes_removed")
    black = _cards(entry.get("black_threes", []), f"{where}, black_threes")
    special = _cards(entry.get("special_hand", []), f"{where}, special_hand")
    players_v = entry.get("player_hands", [])
    if not isinstance(players_v, list):
        raise ScoreSheetError(f"{where}: 'player_hands' must be a list of hands, one list of cards per player, "
                              f"not {json_type_name(players_v)}")
    players = [_cards(h, f"{where}, player_hands {k}") for k, h in enumerate(players_v, 1)]
    flags = {}
    for k in ("went_out", "concealed", "four_black_threes_held", "lone_hand"):
        v = entry.get(k, False)
        if not isinstance(v, bool):
            raise ScoreSheetError(f"{where}: '{k}' must be true or false, not {json_type_name(v)}")
        flags[k] = v
    pen = _count(entry, "penalties", where, "a whole number of points to subtract (0 or more)", MAX_PENALTIES)
    asks = _count(entry, "ask_failed", where, "the number of times a player was told yes and could not "
                                              "go out (0 or more)", MAX_ASK_FAILED)
    cuts = _count(entry, "exact_cuts", where, "the number of the side's players who cut exactly their hand "
                                              "and foot (0 or more)", MAX_EXACT_CUTS)
    kind = entry.get("concealed_kind", "")
    if not isinstance(kind, str) or (kind and kind not in CONCEALED_KINDS):
        raise ScoreSheetError(f"{where}: 'concealed_kind' must be one of {', '.join(CONCEALED_KINDS)}, "
                              f"not {json_type_name(kind)}")
    return SideResult(melds=melds, red_threes=red, hand=hand, went_out=flags["went_out"],
                      concealed=flags["concealed"], penalties=pen, concealed_kind=kind,
                      black_threes_removed=removed, ask_failed=asks,
                      four_black_threes_held=flags["four_black_threes_held"], lone_hand=flags["lone_hand"],
                      black_threes=black, player_hands=players, special_hand=special, exact_cuts=cuts)


def _count(entry: dict[str, Any], key: str, where: str, what: str, high: int) -> int:
    """Read a whole number 0..``high`` (default 0) from ``entry[key]``."""
    v = entry.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        shown = v if isinstance(v, int) and not isinstance(v, bool) else json_type_name(v)
        raise ScoreSheetError(f"{where}: '{key}' must be {what}, not {shown}")
    if v > high:
        raise ScoreSheetError(f"{where}: '{key}' must be at most {high}, not {v}")
    return v


def check_copies(rules: Rules, deal: Mapping[str, SideResult], n: int) -> None:
    """Refuse deal ``n`` if it holds more copies of a card than the deck of ``rules``.

    Raises:
        ScoreSheetError: names the card, where it appears and the deck's count.
    """
    limit = deck_counts(rules.packs, rules.jokers)
    where: dict[int, dict[str, int]] = {}
    for name, s in deal.items():
        held = s.hand or [c for h in s.player_hands for c in h]  # hand is the players' hands together
        for place, cards in (("melds", [c for m in s.melds for c in m]), ("red_threes", s.red_threes),
                             ("hand", held), ("black_threes_removed", s.black_threes_removed),
                             ("black_threes", s.black_threes), ("special_hand", s.special_hand)):
            for c in cards:
                spots = where.setdefault(c, {})
                key = f"{name} {place}"
                spots[key] = spots.get(key, 0) + 1
    for c in sorted(where):
        total = sum(where[c].values())
        if total > limit[c]:
            found = ", ".join(f"{k} {v}" for k, v in where[c].items())
            raise ScoreSheetError(
                f"deal {n}: {card_str(c)} appears {total} times ({found}) but the deck of {rules.spec()} "
                f"holds {limit[c]} (§1.1)"
            )


def _names(sides: Any) -> str:
    """Side names for a one-line message: as written if short and printable, else quoted and cut."""
    return ", ".join(k if len(k) <= MAX_SIDE_NAME_CHARS and k.isprintable() else quoted(k) for k in sides)


def parse_sheet(data: Any) -> ScoreSheet:
    """Check a score sheet (the parsed JSON) and read it.

    Args:
        data: ``{"variant": str, "deals": [{SIDE: {field: value}}]}`` (``docs/formats.md``).

    Returns:
        A :class:`ScoreSheet`.

    Raises:
        ScoreSheetError: not an object, unknown or missing fields, unknown variant (the
            rules' own message), wrong number of sides (must be ``rules.teams``), a side name
            longer than :data:`MAX_SIDE_NAME_CHARS` or not printable, a count out of range
            (``penalties`` above :data:`MAX_PENALTIES`, ``ask_failed`` above :data:`MAX_ASK_FAILED`), sides
            that change between deals, a card that does not exist, more copies of a card
            than the deck holds, a wrong type. Melds and going out are checked when
            scoring (:func:`score_sheet`).
    """
    if not isinstance(data, dict):
        raise ScoreSheetError(f"a score sheet is a JSON object {{\"variant\": ..., \"deals\": [...]}}, "
                              f"not {json_type_name(data)}")
    for k in data:
        if k not in SHEET_FIELDS:
            raise ScoreSheetError(f"unknown field {quoted(k)} in the score sheet; its fields are "
                                  f"{', '.join(SHEET_FIELDS)}")
    for k in SHEET_FIELDS:
        if k not in data:
            raise ScoreSheetError(f"the score sheet has no {k!r} field; write "
                                  "{\"variant\": \"classic\", \"deals\": [...]}")
    if not isinstance(data["variant"], str):
        raise ScoreSheetError("'variant' must be a variant string such as \"classic\", "
                              f"not {json_type_name(data['variant'])}")
    try:
        rules = Rules.parse(data["variant"])
    except RulesError as e:
        raise ScoreSheetError(str(e)) from None
    deals_v = data["deals"]
    if not isinstance(deals_v, list):
        raise ScoreSheetError(f"'deals' must be a list of deals, not {json_type_name(deals_v)}")
    sides: list[str] = []
    deals: list[dict[str, SideResult]] = []
    quick: list[dict[str, QuickEntry]] = []
    for n, d in enumerate(deals_v, 1):
        if not isinstance(d, dict):
            raise ScoreSheetError(f"deal {n} must be an object mapping each side's name to its cards, "
                                  f"not {json_type_name(d)}")
        if len(d) != rules.teams:
            raise ScoreSheetError(
                f"deal {n} names {len(d)} side(s) ({_names(d) or 'none'}) but {rules.spec()} is played by "
                f"{rules.teams} sides: give one entry per side"
            )
        if n == 1:
            sides = list(d)
            for name in sides:
                if not 0 < len(name.strip()) <= MAX_SIDE_NAME_CHARS or not name.isprintable():
                    raise ScoreSheetError(f"deal 1: a side's name has 1 to {MAX_SIDE_NAME_CHARS} printable "
                                          f"characters (no line break or control character), not {quoted(name)}")
        elif set(d) != set(sides):
            raise ScoreSheetError(f"deal {n} names the sides {_names(d)} but deal 1 named "
                                  f"{', '.join(sides)}; every deal must name the same sides")
        by_counts = {name: _read_quick(rules, d[name], f"deal {n}, side {name}") for name in sides
                     if isinstance(d[name], dict) and d[name].get("mode") == "quick"}
        deal = {name: read_side(d[name], f"deal {n}, side {name}") for name in sides if name not in by_counts}
        check_copies(rules, deal, n)  # the sides entered by counts name no card
        deal.update({name: q.result for name, q in by_counts.items()})
        deals.append({name: deal[name] for name in sides})
        quick.append(by_counts)
    return ScoreSheet(rules=rules, sides=sides, deals=deals, quick=quick if any(quick) else None)


def _read_quick(rules: Rules, entry: dict[str, Any], where: str) -> QuickEntry:
    try:
        return read_quick(rules, entry, where)
    except QuickEntryError as e:
        raise ScoreSheetError(str(e)) from None


def load_sheet(path: str | Path) -> ScoreSheet:
    """Read and check a score sheet file (JSON).

    Raises:
        ScoreSheetError: the file cannot be read or is not JSON, or :func:`parse_sheet` refuses it.
    """
    data = read_json_file(path, ScoreSheetError)
    return parse_sheet(data)


# ------------------------------------------------------------------ scoring

def score_sheet(sheet: ScoreSheet) -> SheetResult:
    """Score every deal of ``sheet`` with the engine's scoring function and keep the running totals.

    Raises:
        ScoreSheetError: a deal that the scoring refuses (a meld the rules forbid, black
            threes melded without going out, two sides going out, concealed without going
            out, going out without enough canastas, a red three in a hand ...), or a deal
            after the one that ended the game (§1.12).
    """
    rules = sheet.rules
    totals = {s: 0 for s in sheet.sides}
    scored: list[dict[str, SideScore]] = []
    running: list[dict[str, int]] = []
    out: str | None = None
    for n, deal in enumerate(sheet.deals, 1):
        done = winner(rules, totals, out, n - 1)
        if done is not None:
            raise ScoreSheetError(
                f"deal {n}: the game ended after deal {n - 1}, won by {done} with {totals[done]} "
                + (f"(a game of {rules.rounds} deals)" if rules.rounds else f"(target {rules.target})")
                + "; start a new score sheet for a new game"
            )
        try:
            result = score_deal(rules, deal)
        except ScoringError as e:
            raise ScoreSheetError(f"deal {n}, {e}") from None
        if sheet.quick:  # the card points of the sides entered by counts
            for s, q in sheet.quick[n - 1].items():
                result[s] = with_card_points(rules, result[s], q)
        out = next((s for s in sheet.sides if deal[s].went_out), None)
        for s in sheet.sides:
            totals[s] += result[s].total
        scored.append({s: result[s] for s in sheet.sides})
        running.append(dict(totals))
    return SheetResult(
        rules=rules,
        sides=list(sheet.sides),
        deals=scored,
        running=running,
        totals=totals,
        next_minimum={s: rules.min_meld(t, len(sheet.deals)) for s, t in totals.items()},
        winner=winner(rules, totals, out, len(sheet.deals)) if sheet.deals else None,
    )


def result_json(result: SheetResult) -> dict[str, Any]:
    """The result as the JSON object of ``canasta score --json``.

    ``{"deals": [{SIDE: {"score": N, "breakdown": {...}}}], "totals": {SIDE: N},
    "next_minimum": {SIDE: N}, "winner": SIDE or null}``; sides in sheet order, points.
    """
    return {
        "deals": [{s: {"score": d[s].total, "breakdown": dict(d[s].breakdown)} for s in result.sides}
                  for d in result.deals],
        "totals": dict(result.totals),
        "next_minimum": dict(result.next_minimum),
        "winner": result.winner,
    }


def score_file(path: str | Path) -> SheetResult:
    """Read, check and score a score sheet file: :func:`load_sheet` then :func:`score_sheet`.

    Raises:
        ScoreSheetError: as those two functions.
    """
    return score_sheet(load_sheet(path))
