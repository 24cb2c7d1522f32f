"""The text of the ``event`` message each connection is sent after a change, its shared parts encoded once.

After a move every seat's ``event`` message (:meth:`~.table.Table.update_for`) is the same but for its
``events`` (the mover alone is told the cards it drew), the ``seat``, ``side``, ``hand`` and ``pile`` of its
``view`` (the pile's frozen facts are its side's), and ``legal`` (empty but for the seat to act). So the
first seat's message is built whole, and its other fields are JSON-encoded once (:class:`_Parts`); each
other seat's text is those parts joined with its own fields, encoded alone. The text is the same JSON
object as ``dumps(table.update_for(seat, ...))`` (only the order of the keys differs, which JSON ignores);
``tests/web/test_web_protocol.py`` checks it after every move of whole deals, and ``tests/web/test_secrecy.py``
checks that no text holds a card its seat cannot know.

A spectator, a player sitting the deal out (5 players, RULES.md §3.1) and the variants with extra cards
(whose ``extra_due`` may be a seat's own packet, §3.5) are sent their message built whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from canasta.web.protocol import dumps, hand_text
from canasta.web.tables.events import Event
from canasta.web.tables.table import Table

_OWN_VIEW = ("seat", "side", "hand", "pile")
"""The fields of a view that are a seat's own (the pile's by its side); the others are public."""
_OWN_MESSAGE = ("events", "view", "legal")
"""The fields of an ``event`` message that may differ between seats."""


@dataclass
class _Parts:
    """The shared parts of one change's ``event`` messages, as JSON text."""

    head: str
    """The message's fields but :data:`_OWN_MESSAGE`, without the braces."""
    view: str
    """The view's fields but :data:`_OWN_VIEW`, without the braces."""
    events: str
    """The events as a spectator sees them (``drew`` left out)."""
    pile: dict[str, Any]
    """The first seat's ``pile``."""
    piles: dict[int, str]
    """The ``pile`` of each side, encoded when first needed."""


def _own_deal_seat(table: Table, seat: int | None) -> int:
    """The deal seat of table seat ``seat`` when its message can be joined from parts, else -1."""
    if seat is None or table.rules.extra_cards or table.game.deal is None:
        return -1
    return table.game.seating.deal_seat(seat)


def update_text(table: Table, seat: int | None, events: Sequence[Event], deal_changed: bool,
                cache: dict[Any, Any]) -> str:
    """The JSON text of the ``event`` message for table seat ``seat`` (None: a spectator) after ``events``.

    Args:
        table: the table, the change committed.
        seat: the receiving seat.
        events: the change's events.
        deal_changed: a deal was dealt or scored (the deal facts are sent).
        cache: one dict per change, shared by the texts of all its receivers (and by
            :meth:`~.table.Table.update_for`'s own cache).

    Returns:
        The same JSON object as ``dumps(table.update_for(seat, events, deal_changed))``.
    """
    mine = _own_deal_seat(table, seat)
    parts: _Parts | None = cache.get("text")
    if mine < 0 or parts is None:
        message = table.update_for(seat, events, deal_changed, cache)
        if mine >= 0 and message["view"] is not None:
            view = message["view"]
            cache["text"] = _Parts(
                head=dumps({k: v for k, v in message.items() if k not in _OWN_MESSAGE})[1:-1],
                view=dumps({k: v for k, v in view.items() if k not in _OWN_VIEW})[1:-1],
                events=dumps([e.for_seat(None) for e in events]), pile=view["pile"],
                piles={view["side"]: dumps(view["pile"])})
        return dumps(message)
    assert seat is not None
    deal = table.game.deal
    assert deal is not None
    side = int(deal.side_of[mine])
    pile = parts.piles.get(side)
    if pile is None:
        pile = parts.piles[side] = dumps({**parts.pile, "frozen_for_me": deal.pile_frozen_for(side),
                                          "frozen_reason": deal.frozen_reason(side)})
    own_events = parts.events if not any(e.seat == seat and e.drew for e in events) else dumps(
        [e.for_seat(seat) for e in events])
    legal = "[]" if table.to_act() != seat else dumps(table.legal_for(seat))
    return (f'{{{parts.head},"events":{own_events},"legal":{legal},"view":{{"seat":{seat},"side":{side},'
            f'"hand":{dumps(hand_text(deal.hands[mine]))},"pile":{pile},{parts.view}}}}}')
