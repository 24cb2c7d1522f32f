"""Game records: a whole game in JSON, written deterministically and replayed with every move checked.

A record (DESIGN.md, "Game record"; every field in ``docs/formats.md``) holds
the format and version, the rules string, the game seed, the first dealer, the
seats, and for every deal its dealer, seed, deck order, the moves in text
notation (``draw``, ``meld KH KS KD``, ...) and the result; then the totals,
the winner and whether the game is complete. A record may end in the middle of
a deal: that is a saved game, which :func:`replay_record` can rebuild for
resuming (``allow_incomplete=True``).

:func:`replay_record` rebuilds the game through the engine
(:class:`~canasta.engine.game.Game`): every move must be legal for the player to act,
and every stored score, the totals and the winner must be what the engine
computes. Anything wrong raises :class:`RecordError` naming the deal (1-based),
the move (1-based), the move's text and the engine's reason; never a traceback.

Rules: the game of RULES.md §1.12 (deals to the target), each deal by §1.2-§1.11.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta.cards.deck import CardError, card_str, parse_card
from canasta.engine.deal import IllegalMove
from canasta.engine.game import Game
from canasta.rules.fields import Rules, RulesError
from canasta.util.jsontypes import json_type_name, quoted, read_json_file, shown_value

FORMAT = "canasta-record"
"""Value of the ``format`` field of every record."""
VERSION = 1
"""The record version this module writes and reads."""
SEAT_KINDS = ("human", "bot")
"""Allowed values of a seat's ``kind``."""

TOP_FIELDS = ("format", "version", "rules", "seed", "first_dealer", "seats", "deals", "totals", "winner",
              "complete")
"""Fields of a record, in the order they are written."""
DEAL_FIELDS = ("dealer", "seed", "deck", "moves", "result")
"""Fields of one deal, in the order they are written (``deck`` and ``result`` may be null or absent)."""
RESULT_FIELDS = ("scores", "breakdowns", "out_seat")
"""Fields of a deal's result, in the order they are written (``breakdowns`` may be absent)."""
SEAT_FIELDS = ("name", "kind", "bot")
"""Fields of a seat."""

MAX_NAME_CHARS = 100
"""Longest seat name (and bot spec) of a record: printable characters only (no line break, no escape)."""

_WIDTH = 110


class RecordError(ValueError):
    """A game record cannot be read or does not replay.

    Args:
        message: the reason, in words (for a refused move: the engine's explanation).
        deal: 1-based number of the deal concerned, or None.
        move: 1-based number of the move in that deal, or None.
        move_text: the move's text as stored, or None.

    ``str(error)`` is the whole message, e.g.
    ``deal 2, move 17 ('meld KH KS'): a meld needs at least 3 cards (§1.5)``.
    """

    def __init__(self, message: str, deal: int | None = None, move: int | None = None,
                 move_text: Any = None):
        self.reason = message
        self.deal = deal
        self.move = move
        self.move_text = move_text
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if move is not None:
            shown = "" if move_text is None else f" ({shown_value(move_text)})"
            where.append(f"move {move}{shown}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


@dataclass
class ReplayResult:
    """What :func:`replay_record` rebuilt.

    Attributes:
        game: the game with every deal replayed; for a saved game its current deal is
            the one in progress (``game.deal``), ready for more moves.
        totals: cumulative score of each side, in points, after the scored deals.
        winner: index of the side that won, or None.
        deals: number of deals in the record (a deal in progress included).
        complete: the game is over.
        in_progress: the last deal has not been scored yet (a saved game).
    """

    game: Game
    totals: list[int]
    winner: int | None
    deals: int
    complete: bool
    in_progress: bool


# ------------------------------------------------------------------ writing

def default_seats(rules: Rules) -> list[dict[str, Any]]:
    """Seats named ``seat 1`` ... for ``rules.players`` bots of unknown kind (for records made in code)."""
    return [{"name": f"seat {i + 1}", "kind": "bot", "bot": None} for i in range(rules.players)]


def record_from_game(game: Game, seats: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The record of ``game`` as played so far (a finished game or a saved one).

    Args:
        game: the game; each of its deals (``game.logs``) becomes a deal of the record,
            with its deck stored, so that the record replays even if the shuffle changes.
            A deal not yet scored by ``game.finish_deal()`` gets ``"result": null``.
        seats: one ``{"name": str, "kind": "human"|"bot", "bot": spec or None}`` per seat,
            in seat order; None gives :func:`default_seats`.

    Returns:
        The record as a dict of JSON values (see ``docs/formats.md``).

    Raises:
        RecordError: ``seats`` has the wrong length or badly typed entries.

    Example: a deal of classic begun (six moves, each the first legal one), written to a file,
    read back and replayed as a saved game:

    >>> import tempfile
    >>> game = Game(Rules.preset("classic"), seed=3)
    >>> deal = game.new_deal()
    >>> for _ in range(6):
    ...     _ = game.apply_action(deal.legal_actions()[0])
    >>> record = record_from_game(game)
    >>> record["complete"], len(record["deals"][0]["moves"])
    (False, 6)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_record(Path(folder) / "game.json", record)
    ...     loaded = load_record(Path(folder) / "game.json")
    >>> loaded == record
    True
    >>> replayed = replay_record(loaded, allow_incomplete=True)
    >>> replayed.in_progress, replayed.game.deal.to_act == deal.to_act
    (True, True)
    """
    rules = game.rules
    seat_list = [dict(s) for s in seats] if seats is not None else default_seats(rules)
    if len(seat_list) != rules.players:
        raise RecordError(f"{len(seat_list)} seats given but {rules.spec()} has {rules.players} players")
    for i, s in enumerate(seat_list):
        _check_seat(s, i)
    deals = []
    for log in game.logs:
        result = None
        if log.scores:
            result = {"scores": list(log.scores), "breakdowns": [dict(b) for b in log.breakdowns],
                      "out_seat": log.out_seat}
        deals.append({"dealer": log.dealer, "seed": log.seed, "deck": [card_str(c) for c in log.deck],
                      "moves": list(log.moves), "result": result})
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.spec(),
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "seats": [{k: s.get(k) for k in SEAT_FIELDS} for s in seat_list],
        "deals": deals,
        "totals": list(game.totals),
        "winner": game.winner,
        "complete": game.over,
    }


def dumps_record(record: Mapping[str, Any]) -> str:
    """The record as JSON text: fields in a fixed order, one move per line, decks wrapped.

    The same record always gives the same text (DESIGN.md, "Determinism"); the text
    ends with a newline. Known fields come in the documented order, any others after
    them sorted by name.
    """
    return _fmt(_canonical(record), 0, "") + "\n"


def write_record(path: str | Path, record: Mapping[str, Any]) -> None:
    """Write ``record`` to ``path`` as UTF-8 JSON (see :func:`dumps_record`).

    The text goes to a temporary file next to ``path`` that then replaces it, so an
    interrupted write never leaves a half-written record (a saved game is never lost).

    Raises:
        RecordError: the file cannot be written (the message names it and why).
    """
    text = dumps_record(record)
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, target)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise RecordError(f"cannot write {path}: {e.strerror or e}") from None


def _ordered(d: Mapping[str, Any], order: Sequence[str]) -> dict[str, Any]:
    out = {k: d[k] for k in order if k in d}
    out.update({k: d[k] for k in sorted(d) if k not in out})
    return out


def _canonical(record: Mapping[str, Any]) -> dict[str, Any]:
    rec = _ordered(record, TOP_FIELDS)
    if isinstance(rec.get("seats"), list):
        rec["seats"] = [_ordered(s, SEAT_FIELDS) if isinstance(s, Mapping) else s for s in rec["seats"]]
    if isinstance(rec.get("deals"), list):
        deals = []
        for d in rec["deals"]:
            if isinstance(d, Mapping):
                d = _ordered(d, DEAL_FIELDS)
                if isinstance(d.get("result"), Mapping):
                    d["result"] = _ordered(d["result"], RESULT_FIELDS)
            deals.append(d)
        rec["deals"] = deals
    return rec


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _fmt(v: Any, indent: int, key: str) -> str:
    """Pretty JSON: containers of scalars on one line when they fit, ``moves`` one per line."""
    pad = " " * indent
    inner = " " * (indent + 2)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        flat = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(x, ensure_ascii=False)}"
                               for k, x in v.items()) + "}"
        if all(_scalar(x) for x in v.values()) and len(flat) + indent + len(key) + 4 <= _WIDTH:
            return flat
        items = [f"{inner}{json.dumps(k)}: {_fmt(x, indent + 2, str(k))}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list):
        if not v:
            return "[]"
        if all(_scalar(x) for x in v) and key != "moves":
            parts = [json.dumps(x, ensure_ascii=False) for x in v]
            flat = "[" + ", ".join(parts) + "]"
            if len(flat) + indent + len(key) + 4 <= _WIDTH:
                return flat
            lines: list[str] = []
            line = ""
            for p in parts:
                if line and len(inner) + len(line) + len(p) + 2 > _WIDTH:
                    lines.append(line)
                    line = ""
                line += (", " if line else "") + p
            lines.append(line)
            return "[\n" + ",\n".join(inner + ln for ln in lines) + "\n" + pad + "]"
        items = [inner + _fmt(x, indent + 2, "") for x in v]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(v, ensure_ascii=False)


# ------------------------------------------------------------------ reading

def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record from a JSON file and check its shape (fields present, of the right types).

    Whether its moves are legal and its scores right is checked by :func:`replay_record`.

    Raises:
        RecordError: the file cannot be read, is not JSON, is not a canasta record, has
            another version, or a field is missing, unknown or of the wrong type.
    """
    data = read_json_file(path, RecordError)
    check_record(data)
    return data  # type: ignore[no-any-return]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _need(ok: bool, what: str, wanted: str, value: Any, deal: int | None = None) -> None:
    if not ok:
        raise RecordError(f"{what} must be {wanted}, not {json_type_name(value)}", deal=deal)


def _fields(obj: Mapping[str, Any], allowed: Sequence[str], required: Sequence[str], what: str,
            deal: int | None = None) -> None:
    for k in obj:
        if k not in allowed:
            raise RecordError(f"{what} has an unknown field {quoted(k)}; its fields are: {', '.join(allowed)}",
                              deal=deal)
    for k in required:
        if k not in obj:
            raise RecordError(f"{what} has no field '{k}'", deal=deal)


def _check_seat(s: Any, i: int) -> None:
    what = f"seat {i + 1}"
    _need(isinstance(s, dict), what, "an object {\"name\", \"kind\", \"bot\"}", s)
    _fields(s, SEAT_FIELDS, ("name", "kind"), what)
    _need(isinstance(s["name"], str), f"{what}: 'name'", "text", s["name"])
    if len(s["name"]) > MAX_NAME_CHARS or not s["name"].isprintable():
        raise RecordError(f"{what}: 'name' must be at most {MAX_NAME_CHARS} printable characters (no line "
                          f"break or control character), not {quoted(s['name'])}")
    if s["kind"] not in SEAT_KINDS:
        raise RecordError(f"{what}: 'kind' must be one of {', '.join(SEAT_KINDS)}, not {shown_value(s['kind'])}")
    bot = s.get("bot")
    _need(bot is None or isinstance(bot, str), f"{what}: 'bot'", "text (a bot spec) or null", bot)
    if bot is not None and (len(bot) > MAX_NAME_CHARS or not bot.isprintable()):
        raise RecordError(f"{what}: 'bot' must be at most {MAX_NAME_CHARS} printable characters, not {quoted(bot)}")


def check_record(record: Any) -> None:
    """Check that ``record`` has the shape of a version-1 record (not that it replays).

    Raises:
        RecordError: not an object, wrong ``format`` or ``version``, a field missing,
            unknown or of the wrong type, a seat name or bot spec longer than
            :data:`MAX_NAME_CHARS` or not printable; the message names the field (and the deal).
    """
    _need(isinstance(record, dict), "a game record", "a JSON object", record)
    if record.get("format") != FORMAT:
        raise RecordError(f"not a canasta game record: the field 'format' must be \"{FORMAT}\"")
    version = record.get("version")
    if version != VERSION or not _is_int(version):
        raise RecordError(f"record version {shown_value(version)} is not supported; "
                          f"this program reads version {VERSION}")
    _fields(record, TOP_FIELDS, TOP_FIELDS, "the record")
    _need(isinstance(record["rules"], str), "'rules'", "a variant string such as classic(players=2)",
          record["rules"])
    seed = record["seed"]
    _need(seed is None or _is_int(seed), "'seed'", "a whole number or null", seed)
    _need(_is_int(record["first_dealer"]), "'first_dealer'", "a seat index (0 = first seat)",
          record["first_dealer"])
    _need(isinstance(record["seats"], list), "'seats'", "a list of seats", record["seats"])
    for i, s in enumerate(record["seats"]):
        _check_seat(s, i)
    _need(isinstance(record["deals"], list), "'deals'", "a list of deals", record["deals"])
    for i, d in enumerate(record["deals"], 1):
        _check_deal(d, i)
    totals = record["totals"]
    _need(isinstance(totals, list) and all(_is_int(t) for t in totals), "'totals'",
          "a list of whole numbers (points per side)", totals)
    _need(record["winner"] is None or _is_int(record["winner"]), "'winner'", "a side index or null",
          record["winner"])
    _need(isinstance(record["complete"], bool), "'complete'", "true or false", record["complete"])


def _check_deal(d: Any, i: int) -> None:
    _need(isinstance(d, dict), "the deal", "an object", d, deal=i)
    _fields(d, DEAL_FIELDS, ("dealer", "seed", "moves"), "the deal", deal=i)
    _need(_is_int(d["dealer"]), "'dealer'", "a seat index", d["dealer"], deal=i)
    _need(_is_int(d["seed"]), "'seed'", "a whole number", d["seed"], deal=i)
    deck = d.get("deck")
    _need(deck is None or (isinstance(deck, list) and all(isinstance(c, str) for c in deck)), "'deck'",
          "a list of cards in text (e.g. \"KH\") or null", deck, deal=i)
    moves = d["moves"]
    _need(isinstance(moves, list), "'moves'", "a list of moves in text", moves, deal=i)
    for j, m in enumerate(moves, 1):
        if not isinstance(m, str):
            raise RecordError(f"a move must be text such as \"draw\", not {json_type_name(m)}", deal=i, move=j,
                              move_text=m)
    res = d.get("result")
    if res is None:
        return
    _need(isinstance(res, dict), "'result'", "an object or null", res, deal=i)
    _fields(res, RESULT_FIELDS, ("scores", "out_seat"), "the result", deal=i)
    _need(isinstance(res["scores"], list) and all(_is_int(s) for s in res["scores"]), "'result.scores'",
          "a list of whole numbers (points per side)", res["scores"], deal=i)
    _need(_is_int(res["out_seat"]), "'result.out_seat'", "a seat index or -1", res["out_seat"], deal=i)
    bds = res.get("breakdowns")
    ok = bds is None or (isinstance(bds, list) and all(
        isinstance(b, dict) and all(_is_int(x) for x in b.values()) for b in bds))
    _need(ok, "'result.breakdowns'", "a list of objects of whole numbers, one per side", bds, deal=i)


# ------------------------------------------------------------------ replay

def _parse_deck(deck: list[str] | None, deal: int) -> list[int] | None:
    if deck is None:
        return None
    out = []
    for k, text in enumerate(deck, 1):
        try:
            out.append(parse_card(text))
        except CardError as e:
            raise RecordError(f"card {k} of the deck: {e}", deal=deal) from None
    return out


def _side_text(scores: Sequence[int]) -> str:
    return "[" + ", ".join(str(s) for s in scores) + "]"


def replay_record(record: Mapping[str, Any], allow_incomplete: bool = False) -> ReplayResult:
    """Rebuild the game of ``record`` through the engine, checking every move and every score.

    For each deal: ``game.new_deal(seed=deal["seed"], deck=deck)`` (the stored deck wins
    over the seed; the seed still drives reshuffles), then every move with
    ``game.apply(text)`` for the player to act, then ``game.finish_deal()`` and a check
    of the stored result (scores per side, who went out, the breakdowns if stored).
    At the end the totals, the winner and ``complete`` are checked.

    Args:
        record: a record as returned by :func:`load_record` or :func:`record_from_game`.
        allow_incomplete: accept a record that ends in the middle of its last deal, or
            after a last deal that is over but not scored (a saved game); the returned
            game then has that deal as ``game.deal``.

    Returns:
        A :class:`ReplayResult`.

    Raises:
        RecordError: the record's shape is wrong (see :func:`check_record`), its rules
            or seats do not fit, a move is garbled or illegal (the error names the deal,
            the move number and text, and the engine's reason), a stored score, total or
            winner differs from the engine's, or the record stops early without
            ``allow_incomplete``.
    """
    check_record(record)
    try:
        rules = Rules.parse(record["rules"])
    except RulesError as e:
        raise RecordError(f"rules: {e}") from None
    seats = record["seats"]
    if len(seats) != rules.players:
        raise RecordError(f"the record has {len(seats)} seats but {rules.spec()} has {rules.players} players")
    first = record["first_dealer"]
    if not 0 <= first < rules.players:
        raise RecordError(f"'first_dealer' must be a seat index 0..{rules.players - 1}, not {first}")
    game = Game(rules, seed=record["seed"], first_dealer=first)
    deals = record["deals"]
    complete = record["complete"]
    in_progress = False
    for i, d in enumerate(deals, 1):
        last = i == len(deals)
        if game.over:
            raise RecordError(f"the game ended after deal {i - 1} (side index {game.winner} won), "
                              f"but the record has {len(deals)} deals", deal=i)
        if d["dealer"] != game.dealer:
            raise RecordError(f"the record says the dealer is seat index {d['dealer']}, but the deal "
                              f"passes to seat index {game.dealer}", deal=i)
        deck = _parse_deck(d.get("deck"), i)
        try:
            game.new_deal(seed=d["seed"], deck=deck)
        except ValueError as e:
            raise RecordError(f"the deck: {e}", deal=i) from None
        deal = game.deal
        assert deal is not None
        moves = d["moves"]
        for j, text in enumerate(moves, 1):
            try:
                game.apply(text)
            except IllegalMove as e:
                raise RecordError(str(e), deal=i, move=j, move_text=text) from None
        result = d.get("result")
        if not deal.over or result is None:
            _check_unfinished(deal.over, result, len(moves), i, last, complete, allow_incomplete)
            in_progress = True
            break
        _check_result(game, result, i)
    if list(record["totals"]) != game.totals:
        raise RecordError(f"the record's totals are {_side_text(record['totals'])} but the deals add up to "
                          f"{_side_text(game.totals)}")
    if record["winner"] != game.winner:
        raise RecordError(f"the record names side index {record['winner']} as winner but the engine finds "
                          f"{'no winner' if game.winner is None else f'side index {game.winner}'}")
    if complete != game.over:
        raise RecordError("the record says the game is complete but no side has won yet" if complete else
                          "the record says the game is not complete but a side has won")
    return ReplayResult(game=game, totals=list(game.totals), winner=game.winner, deals=len(deals),
                        complete=game.over, in_progress=in_progress)


def _check_unfinished(over: bool, result: Any, n_moves: int, i: int, last: bool, complete: bool,
                      allow_incomplete: bool) -> None:
    """Refuse deal ``i`` that stops before it is over (or is over with no result) unless it may.

    Such a deal may only be the last one of a record that is not complete, read with
    ``allow_incomplete`` (a saved game).
    """
    state = "is not over" if not over else "is over but has no result"
    if result is not None:
        raise RecordError(f"the moves end after move {n_moves} but the deal is not over, "
                          "although the record stores its result", deal=i)
    if not last:
        raise RecordError(f"the deal {state} after move {n_moves}, but deal {i + 1} follows", deal=i)
    if complete:
        raise RecordError(f"the deal {state} after move {n_moves}, but the record says the game is complete",
                          deal=i)
    if not allow_incomplete:
        where = ("in this deal after move" if not over else
                 "with this deal over but not scored (it has no result), after move")
        raise RecordError(f"the record ends {where} {n_moves} (a saved game, not a finished one)", deal=i)


def _check_result(game: Game, result: Mapping[str, Any], i: int) -> None:
    """Score the finished deal in ``game`` and compare with the stored ``result``."""
    scored = game.finish_deal()
    got = [s.total for s in scored]
    if list(result["scores"]) != got:
        raise RecordError(f"the record's scores are {_side_text(result['scores'])} but the engine scores "
                          f"{_side_text(got)}", deal=i)
    log = game.logs[-1]
    if result["out_seat"] != log.out_seat:
        raise RecordError(f"the record says seat index {result['out_seat']} went out but the engine "
                          f"finds {log.out_seat}", deal=i)
    bds = result.get("breakdowns")
    if bds is not None and [dict(b) for b in bds] != log.breakdowns:
        for side, (mine, theirs) in enumerate(zip(bds, log.breakdowns, strict=False)):
            diff = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
            if diff:
                k = diff[0]
                raise RecordError(f"side index {side}'s breakdown: the record has {k} = {mine.get(k)} "
                                  f"but the engine computes {theirs.get(k)}", deal=i)
        raise RecordError(f"the record has {len(bds)} breakdowns but there are {len(log.breakdowns)} sides",
                          deal=i)
