"""The numbered event log of a web table (protocol version 2, docs/web.md "Protocol").

Every change of the game is an :class:`Event` with the next number: ``deal`` (a deal was dealt) and
``move`` (a seat's move, in notation). The numbers are the order of the stored rows (deals and moves),
so a table replayed from the store after a restart, or on another server, has the same numbers.

An event is public except ``drew``: the cards the mover received from the stock (or the pile),
sent only to the mover (:meth:`Event.for_seat`). Nothing else here names a hidden card.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from canasta.cards.deck import card_str

KEEP_EVENTS = 1000
"""Events kept in memory per table for reconnecting clients; an older ``since`` gets a snapshot."""


@dataclass(frozen=True, slots=True)
class Event:
    """One numbered event of a table.

    Attributes:
        n: its number (1 = the first deal dealt).
        kind: ``deal`` or ``move``.
        seat: the table seat that moved (``move``) or the dealer (``deal``).
        text: the move in notation (public: a draw is ``draw``); empty for ``deal``.
        drew: card texts the mover received (only the mover is told).
        deal_no: the deal it belongs to (1-based).
    """

    n: int
    kind: str
    seat: int
    text: str
    drew: tuple[str, ...]
    deal_no: int

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as sent to table seat ``seat`` (None: a spectator): ``drew`` only for the mover."""
        out: dict[str, Any] = {"n": self.n, "kind": self.kind, "seat": self.seat, "deal_no": self.deal_no}
        if self.kind == "move":
            out["move"] = self.text
            if seat == self.seat and self.drew:
                out["drew"] = list(self.drew)
        return out


def gained(before: Sequence[int], after: Sequence[int]) -> tuple[str, ...]:
    """The cards in ``after`` but not in ``before`` (hands as counts by card type), as card texts.

    Raises:
        ValueError: hands of different lengths (a bug).
    """
    if len(before) != len(after):
        raise ValueError("hands of different lengths")
    more = list(map(operator.sub, after, before))
    if max(more, default=0) <= 0:  # most moves (melds, discards) gain nothing: no loop in Python
        return ()
    out: list[str] = []
    for card, n in enumerate(more):
        if n > 0:
            out.extend([card_str(card)] * n)
    return tuple(out)


class EventLog:
    """The table's events in order, the last :data:`KEEP_EVENTS` of them in memory."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.last = 0

    def append(self, event: Event) -> None:
        """Add the next event (its number must be :attr:`last` + 1).

        Raises:
            ValueError: a number out of order (a bug: events are never skipped or repeated).
        """
        if event.n != self.last + 1:
            raise ValueError(f"event {event.n} after {self.last}")
        self.events.append(event)
        self.last = event.n
        if len(self.events) > KEEP_EVENTS:
            del self.events[: len(self.events) - KEEP_EVENTS]

    def since(self, n: int) -> list[Event] | None:
        """The events after number ``n``, or None when some are no longer kept (or ``n`` is unknown)."""
        if n == self.last:
            return []
        if n > self.last or n < 0 or not self.events or self.events[0].n > n + 1:
            return None
        return self.events[n + 1 - self.events[0].n:]

    def deal_moves(self, deal_no: int) -> list[Event]:
        """The ``move`` events of deal ``deal_no`` still kept."""
        return [e for e in self.events if e.kind == "move" and e.deal_no == deal_no]
