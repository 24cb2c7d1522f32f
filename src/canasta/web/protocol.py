"""The websocket protocol: strict checking of client messages, and the state a seat is sent.

Client -> server: one JSON object per message, at most :data:`MAX_MESSAGE_BYTES`
bytes, with a ``type`` from :data:`MESSAGE_FIELDS` and exactly the fields listed
for it (``ref`` optional on any: an integer echoed in the reply). Anything else
is refused with a :class:`ProtocolError` naming what is wrong; the table is not
touched.

Server -> client: ``{"type": "state", ...}`` built by :func:`seat_state` only from
the seat's :class:`~canasta.engine.deal.PlayerView` and public facts (seat names,
move texts, deal results), and ``{"type": "error", "code", "message"}``.
No other seat's cards, the stock's order or a shuffle seed is ever put in a
message (DESIGN.md, "Hidden information").
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from canasta.cards.deck import card_str, sort_key
from canasta.engine.deal import PlayerView
from canasta.engine.view_facts import (
    canasta_counts,
    dead_ranks,
    extra_cards_due,
    feet_waiting,
    pile_blocked_by_joly,
    pile_blocking_rank,
    shows_kinds,
    talons_waiting,
    turn_card,
)
from canasta.moves.notation import Move, MoveError, target_str
from canasta.rules.describe import dowry_name
from canasta.util.jsontypes import parse_json

try:
    from orjson import dumps as _orjson_dumps
except ImportError:  # pragma: no cover - the web extra installs it
    _orjson_dumps = None  # type: ignore[assignment]

MAX_MESSAGE_BYTES = 4096
"""Largest client message accepted, in bytes."""
MAX_MOVE_CHARS = 200
"""Longest move text accepted."""
MAX_NAME_CHARS = 30
"""Longest seat name accepted."""
MAX_CHECK_MOVES = 12
"""Most moves one ``check`` message may try (the melds of an initial meld staged on the page)."""

MESSAGE_FIELDS: dict[str, dict[str, type]] = {
    "move": {"move": str},
    "hint": {},
    "start": {},
    "next_deal": {},
    "rematch": {},
    "name": {"name": str},
    "sync": {},
    "ping": {},
    "check": {"moves": list},
}
"""Client message types and their required fields (with their JSON types)."""
OPTIONAL_FIELDS: dict[str, dict[str, type]] = {"move": {"at": int}, "next_deal": {"at": int}}
"""Optional fields of some types: ``at``, the number of the last event the client had seen when it
acted (protocol version 2); a move acting on an older state is refused (code ``stale``)."""


class ProtocolError(ValueError):
    """A client message that is refused. ``code`` names the reason for translation; the text says it in English."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class ClientMessage:
    """A checked client message: its type, the parsed move (type ``move``), the name (type ``name``), the parsed
    moves (type ``check``), ``ref``."""

    type: str
    move: Move | None = None
    moves: tuple[Move, ...] = ()
    text: str = ""
    ref: int | None = None
    at: int | None = None


def _bad_json(message: str) -> ProtocolError:
    return ProtocolError("bad_json", message)


def parse_message(raw: str | bytes) -> ClientMessage:
    """Check and read one client message.

    Args:
        raw: the websocket frame (text or bytes).

    Returns:
        The :class:`ClientMessage`.

    Raises:
        ProtocolError: too large, not JSON (code ``bad_json``: not UTF-8, nested deeper than
            :data:`canasta.util.jsontypes.MAX_DEPTH`, a number too long, ...), not an object, unknown type, missing,
            extra or mistyped fields, a move that is not in notation, a bad name.
    """
    if isinstance(raw, str):
        plain = _PLAIN_MOVE.fullmatch(raw)
        done = _plain_move(*plain.groups()) if plain is not None else None
        if done is not None:  # the common case, read without the general JSON reader (same result)
            return done
    size = len(raw.encode("utf-8", "replace")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"message of {size} bytes refused: at most {MAX_MESSAGE_BYTES}")
    data = parse_json(raw, _bad_json, "the message", MAX_MESSAGE_BYTES)
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "the message must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
        raise ProtocolError("bad_type", f"unknown message type {kind!r}; types are: "
                            + ", ".join(sorted(MESSAGE_FIELDS)))
    wanted = MESSAGE_FIELDS[kind]
    ref = data.get("ref")
    if ref is not None and (not isinstance(ref, int) or isinstance(ref, bool) or not 0 <= ref < 2**53):
        raise ProtocolError("bad_field", "'ref' must be a non-negative integer")
    optional = OPTIONAL_FIELDS.get(kind, {})
    extra = sorted(set(data) - set(wanted) - set(optional) - {"type", "ref"})
    if extra:
        raise ProtocolError("bad_field", f"unknown field(s) {', '.join(extra)} in a '{kind}' message")
    for name, typ in wanted.items():
        if name not in data:
            raise ProtocolError("bad_field", f"a '{kind}' message needs the field '{name}'")
        if not isinstance(data[name], typ):
            raise ProtocolError("bad_field", f"field '{name}' must be a {typ.__name__}")
    at = data.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < 2**53):
        raise ProtocolError("bad_field", "'at' must be a non-negative integer (the last event number seen)")
    if kind == "move":
        text = data["move"].strip()
        if len(text) > MAX_MOVE_CHARS:
            raise ProtocolError("bad_move", f"a move has at most {MAX_MOVE_CHARS} characters")
        try:
            move = Move.parse(text)
        except MoveError as e:
            raise ProtocolError("bad_move", str(e)) from None
        return ClientMessage("move", move=move, text=text, ref=ref, at=at)
    if kind == "check":
        return ClientMessage("check", moves=_check_moves(data["moves"]), ref=ref)
    if kind == "name":
        name = " ".join(data["name"].split())
        if not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
            raise ProtocolError("bad_name", f"a name has 1 to {MAX_NAME_CHARS} printable characters")
        return ClientMessage("name", text=name, ref=ref)
    return ClientMessage(kind, ref=ref, at=at)


_NUMBER = r"(0|[1-9][0-9]{0,15})"
_PLAIN_MOVE = re.compile((r'_\{_"type"_:_"move"_,_"move"_:_"([ !#-\[\]-~]{0,%d})"(?:_,_"at"_:_%s)?'
                          r'(?:_,_"ref"_:_%s)?_\}_').replace("_", r"[ \t\n\r]*") % (MAX_MOVE_CHARS, _NUMBER, _NUMBER))
"""A ``move`` message in its plain form (fields in the documented order, printable ASCII without escapes,
whole numbers): what the clients send for nearly every move. It is read by :func:`_plain_move` to exactly the
message the general path gives (no key can repeat, nothing is nested, every limit holds by construction)."""


def _plain_move(text: str, at: str | None, ref: str | None) -> ClientMessage | None:
    """The message of a :data:`_PLAIN_MOVE` match; None when a number is out of range (the general path
    then says which). Raises ProtocolError (``bad_move``) as the general path does."""
    at_n = int(at) if at is not None else None
    ref_n = int(ref) if ref is not None else None
    if (at_n is not None and at_n >= 2**53) or (ref_n is not None and ref_n >= 2**53):
        return None
    text = text.strip()
    try:
        move = Move.parse(text)
    except MoveError as e:
        raise ProtocolError("bad_move", str(e)) from None
    return ClientMessage("move", move=move, text=text, ref=ref_n, at=at_n)


def _check_moves(items: list[Any]) -> tuple[Move, ...]:
    """The moves of a ``check`` message: 1 to :data:`MAX_CHECK_MOVES` melds or additions (``meld``/``add`` in
    notation). Raises ProtocolError (``bad_field``, ``bad_move``)."""
    if not 1 <= len(items) <= MAX_CHECK_MOVES or not all(isinstance(x, str) for x in items):
        raise ProtocolError("bad_field", f"'moves' must be a list of 1 to {MAX_CHECK_MOVES} moves in notation")
    moves = []
    for text in items:
        if len(text) > MAX_MOVE_CHARS:
            raise ProtocolError("bad_move", f"a move has at most {MAX_MOVE_CHARS} characters")
        try:
            move = Move.parse(text.strip())
        except MoveError as e:
            raise ProtocolError("bad_move", str(e)) from None
        if str(move).split(" ", 1)[0] not in ("meld", "add"):
            raise ProtocolError("bad_move", "only melds and additions can be checked")
        moves.append(move)
    return tuple(moves)


def error_message(code: str, message: str, ref: int | None = None,
                  reason: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``error`` message sent back to one client; ``reason`` (``{"code", "params"}``: the engine's reason
    for refusing a move, docs/web.md) is added when given."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    if reason is not None:
        out["reason"] = reason
    return out


_CARD_TEXT = [card_str(c) for c in range(53)]
"""The notation of each card type (:func:`card_str`)."""


def cards_text(cards: Any) -> list[str]:
    """Card types as notation strings (``"KH"``, ``"JK"``), in the given order."""
    return list(map(_CARD_TEXT.__getitem__, cards))


_DISPLAY_ORDER = sorted(range(53), key=sort_key)
_DISPLAY_CARDS = [(c, _CARD_TEXT[c]) for c in _DISPLAY_ORDER]


def hand_text(counts: Sequence[int]) -> list[str]:
    """A hand given as counts per card type, as notation strings in display order (:func:`sort_key`):
    the ``hand`` of :func:`view_dict`, without building a view."""
    out: list[str] = []
    for card, text in _DISPLAY_CARDS:
        n = counts[card]
        if n:
            out += [text] * n
    return out


def view_dict(view: PlayerView, seats: Sequence[int] | None = None, players: int | None = None,
              spectator: int | None = None) -> dict[str, Any]:
    """The JSON form of one seat's :class:`PlayerView` (its own hand sorted for display).

    The hand is sorted by :func:`canasta.cards.deck.sort_key` (naturals by rank, black
    threes, wild cards). Every other field is public.

    Args:
        view: the view of a deal seat.
        seats: the table seat of each deal seat (players sitting out, 5 players §3.1);
            None: the same numbers. Every seat number and per-seat list of the result
            counts table seats (``players`` of them); a seat sitting out has no cards
            (``hand_sizes`` 0, ``sides`` its table side given by ``spectator_side``).
        players: number of table seats (default: the view's seats).
        spectator: the table seat of a player sitting out this deal, to whom ``view`` (a
            partner's view) is shown without its hand: ``hand`` is empty and ``seat`` is his.

    Variant facts (:mod:`canasta.engine.view_facts`): ``packet_sizes`` (per seat, Pennies §3.5),
    ``extra_cards_done`` (per side, Mexican §3.2), ``extra_due`` (what the seat's side still
    receives), ``pile.surprise`` / ``pile.dowry`` (the view's ``dowry_size``: face-down cards under the pile, named
    surpriza in the tile game §3.4 and dowry in Italian §3.2),
    ``pile.blocked_until`` (a joly blocks it, §3.4), ``pile.blocking_rank`` (a rank on top blocks
    it, Mexican), ``must_canasta`` (rank whose canasta the player must complete, or None),
    ``lone_hand`` and ``sides`` (cutthroat §3.1); Modern American Canasta and Hand and Foot (RULES_AMERICAN.md,
    :func:`american_dict`): ``turn_card``, ``talons``, ``feet``, ``dead_ranks``, ``canasta_kinds``.
    """
    deal_seats = len(view.hand_sizes)
    to_table = list(seats) if seats is not None else list(range(deal_seats))
    table_seats = players if players is not None else deal_seats

    def seat_no(seat: int) -> int:
        return to_table[seat] if 0 <= seat < deal_seats else seat

    def per_seat(values: Sequence[Any], empty: Any) -> list[Any]:
        out = [empty] * table_seats
        for deal_seat, value in enumerate(values):
            out[to_table[deal_seat]] = value
        return out

    sides = per_seat([view.side_of(seat) for seat in range(deal_seats)], None)
    for table_seat in range(table_seats):
        if sides[table_seat] is None:
            sides[table_seat] = table_seat % view.rules.teams  # sitting out: his table side (canasta.engine.seating)
    due = extra_cards_due(view) if spectator is None else None
    return {
        "seat": seat_no(view.seat) if spectator is None else spectator,
        "side": view.side,
        "spectator": spectator is not None,
        "hand": [] if spectator is not None else cards_text(sorted(view.hand, key=sort_key)),
        "hand_sizes": per_seat(view.hand_sizes, 0),
        "melds": melds_list(view),
        "red_threes": per_seat([cards_text(reds) for reds in view.red_threes], []),
        "pile": pile_dict(view),
        "stock": view.stock_size,
        "scores": list(view.scores),
        "minimums": list(view.minimums),
        "opened": list(view.opened),
        "turn": seat_no(view.turn),
        "to_act": seat_no(view.to_act),
        "phase": view.phase,
        "asked": view.asked,
        "answer": view.answer,
        "drew": view.drew,
        "dealer": seat_no(view.dealer),
        "turn_number": view.turn_number,
        "melded_this_turn": view.melded_this_turn,
        "pending_pile": view.pending_pile,
        "sides": sides,
        "lone_hand": seat_no(view.lone_hand),
        "must_canasta": None if view.must_canasta < 0 else target_str(view.must_canasta),
        "packet_sizes": per_seat(view.packet_sizes, 0) if view.packet_sizes else [],
        "extra_cards_done": list(view.extra_cards_done),
        "extra_due": None if due is None else {"source": due.source, "count": due.count, "when": due.when},
        **american_dict(view, per_seat),
    }


def american_dict(view: PlayerView, per_seat: Any) -> dict[str, Any]:
    """The fields of :func:`view_dict` for Modern American Canasta and Hand and Foot (RULES_AMERICAN.md; every one
    empty or null in other variants): ``turn_card`` (``{"from_bottom", "above", "drawn", "talons"}``: its place,
    the stock cards above it, whether it is drawn, per side the talon opening now earns, A.2; null without
    talons), ``talons`` (per table seat, the cards of a talon waiting face down for his next turn, A.2),
    ``feet`` (per table seat, the cards of his foot still face down, 0 once picked up, B.9), ``dead_ranks``
    (ranks closed by a canasta, A.6) and ``canasta_kinds`` (per side ``{"natural", "mixed", "wild"[, "sevens",
    "aces"]}``: canastas by kind, Hand and Foot's clean and dirty books; [] where the variant does not count
    them). ``per_seat`` maps a list per deal seat to one per table seat (:func:`view_dict`)."""
    card = turn_card(view)
    talons = talons_waiting(view)
    feet = feet_waiting(view)
    return {
        "turn_card": None if card is None else {"from_bottom": card.from_bottom, "above": card.above,
                                                "drawn": card.drawn, "talons": list(card.talons)},
        "talons": per_seat(talons, 0) if talons else [],
        "feet": per_seat(feet, 0) if feet else [],
        "dead_ranks": list(dead_ranks(view)),
        "canasta_kinds": ([canasta_counts(view, s) for s in range(len(view.melds))] if shows_kinds(view.rules)
                          else []),
    }


def melds_list(view: PlayerView) -> list[list[dict[str, Any]]]:
    """The ``melds`` of :func:`view_dict`: per side, each meld's rank name, cards, canasta and natural flags."""
    return [[{"rank": meld.rank_name, "cards": cards_text(meld.cards), "canasta": meld.canasta,
              "natural": meld.natural} for meld in side] for side in view.melds]


def pile_dict(view: PlayerView) -> dict[str, Any]:
    """The ``pile`` of :func:`view_dict`: top card, size, frozen (and why), the cards where visible,
    the face-down surpriza (tile game §3.4) or dowry (Italian §3.2), and what blocks it (§3.4, Mexican)."""
    blocked = pile_blocked_by_joly(view)
    surpriza = dowry_name(view.rules) == "surpriza"
    return {
        "top": None if view.pile_top is None else card_str(view.pile_top),
        "size": view.pile_size,
        "frozen": view.pile_frozen,
        "frozen_for_me": view.pile_frozen_for_me,
        "frozen_reason": view.frozen_reason,
        "stopped": view.stopped,
        "cards": None if view.pile_cards is None else cards_text(view.pile_cards),
        "surprise": view.dowry_size if surpriza else 0,
        "dowry": 0 if surpriza else view.dowry_size,
        "blocked_until": view.pile_blocked_until if blocked else None,
        "blocking_rank": pile_blocking_rank(view) or None,
    }


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON text of a server message (orjson when installed: the web extra has it)."""
    if _orjson_dumps is not None:
        return _orjson_dumps(message).decode()
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
