"""The websocket protocol: strict checking of client messages, and the state a seat is sent.

Client -> server: one JSON object per message, at most :data:`MAX_MESSAGE_BYTES`
bytes, with a ``type`` from :data:`MESSAGE_FIELDS` and exactly the fields listed
for it (``ref`` optional on any: an integer echoed in the reply). Anything else
is refused with a :class:`ProtocolError` naming what is wrong; the table is not
touched.

Server -> client: ``{"type": "state", ...}`` built by :func:`seat_state` only from
the seat's :class:`~canasta.engine.PlayerView` and public facts (seat names,
move texts, deal results), and ``{"type": "error", "code", "message"}``.
No other seat's cards, the stock's order or a shuffle seed is ever put in a
message (DESIGN.md, "Hidden information").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..cards import card_str, sort_key
from ..engine import PlayerView
from ..moves import Move, MoveError

MAX_MESSAGE_BYTES = 4096
"""Largest client message accepted, in bytes."""
MAX_MOVE_CHARS = 200
"""Longest move text accepted."""
MAX_NAME_CHARS = 30
"""Longest seat name accepted."""

MESSAGE_FIELDS: dict[str, dict[str, type]] = {
    "move": {"move": str},
    "hint": {},
    "start": {},
    "next_deal": {},
    "name": {"name": str},
    "sync": {},
    "ping": {},
}
"""Client message types and their required fields (with their JSON types)."""


class ProtocolError(ValueError):
    """A client message that is refused. ``code`` names the reason for translation; the text says it in English."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class ClientMessage:
    """A checked client message: its type, the parsed move (type ``move``), the name (type ``name``), ``ref``."""

    type: str
    move: Move | None = None
    text: str = ""
    ref: int | None = None


def parse_message(raw: str | bytes) -> ClientMessage:
    """Check and read one client message.

    Args:
        raw: the websocket frame (text or bytes).

    Returns:
        The :class:`ClientMessage`.

    Raises:
        ProtocolError: too large, not JSON, not an object, unknown type, missing,
            extra or mistyped fields, a move that is not in notation, a bad name.
    """
    size = len(raw.encode("utf-8", "replace")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"message of {size} bytes refused: at most {MAX_MESSAGE_BYTES}")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
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
    extra = sorted(set(data) - set(wanted) - {"type", "ref"})
    if extra:
        raise ProtocolError("bad_field", f"unknown field(s) {', '.join(extra)} in a '{kind}' message")
    for name, typ in wanted.items():
        if name not in data:
            raise ProtocolError("bad_field", f"a '{kind}' message needs the field '{name}'")
        if not isinstance(data[name], typ):
            raise ProtocolError("bad_field", f"field '{name}' must be a {typ.__name__}")
    if kind == "move":
        text = data["move"].strip()
        if len(text) > MAX_MOVE_CHARS:
            raise ProtocolError("bad_move", f"a move has at most {MAX_MOVE_CHARS} characters")
        try:
            move = Move.parse(text)
        except MoveError as e:
            raise ProtocolError("bad_move", str(e)) from None
        return ClientMessage("move", move=move, text=text, ref=ref)
    if kind == "name":
        name = " ".join(data["name"].split())
        if not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
            raise ProtocolError("bad_name", f"a name has 1 to {MAX_NAME_CHARS} printable characters")
        return ClientMessage("name", text=name, ref=ref)
    return ClientMessage(kind, ref=ref)


def error_message(code: str, message: str, ref: int | None = None) -> dict[str, Any]:
    """The ``error`` message sent back to one client."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    return out


def cards_text(cards: Any) -> list[str]:
    """Card types as notation strings (``"KH"``, ``"JK"``), in the given order."""
    return [card_str(c) for c in cards]


def view_dict(view: PlayerView) -> dict[str, Any]:
    """The JSON form of one seat's :class:`PlayerView` (its own hand sorted for display).

    The hand is sorted by :func:`canasta.cards.sort_key` (naturals by rank, black
    threes, wild cards). Every other field is public.
    """
    return {
        "seat": view.seat,
        "side": view.side,
        "hand": cards_text(sorted(view.hand, key=sort_key)),
        "hand_sizes": list(view.hand_sizes),
        "melds": [[{"rank": m.rank_name, "cards": cards_text(m.cards), "canasta": m.canasta,
                    "natural": m.natural} for m in side] for side in view.melds],
        "red_threes": [cards_text(r) for r in view.red_threes],
        "pile": {
            "top": None if view.pile_top is None else card_str(view.pile_top),
            "size": view.pile_size,
            "frozen": view.pile_frozen,
            "frozen_for_me": view.pile_frozen_for_me,
            "frozen_reason": view.frozen_reason,
            "stopped": view.stopped,
            "cards": None if view.pile_cards is None else cards_text(view.pile_cards),
        },
        "stock": view.stock_size,
        "scores": list(view.scores),
        "minimums": list(view.minimums),
        "opened": list(view.opened),
        "turn": view.turn,
        "to_act": view.to_act,
        "phase": view.phase,
        "asked": view.asked,
        "answer": view.answer,
        "drew": view.drew,
        "dealer": view.dealer,
        "turn_number": view.turn_number,
        "melded_this_turn": view.melded_this_turn,
        "pending_pile": view.pending_pile,
        "sides": [view.side_of(s) for s in range(len(view.hand_sizes))],
        "lone_hand": view.lone_hand,
    }


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON text of a server message."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
