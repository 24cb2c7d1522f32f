"""The turn clock of a web table and the stand-in bot for a person who is away.

A table may have a clock (Fischer: ``base`` seconds per person plus ``increment`` after each of his
moves). When a person's time runs out, or he stays disconnected longer than :data:`GRACE_SECONDS`,
his seat is *stood in for*: a bot (:data:`STAND_IN_BOT`) plays his moves until he comes back (he
connects again or sends an action: a move, a name...); the seats say so (``stand_in``). Each move is stored
with the seconds its mover has left (:meth:`~canasta.web.tables.table.Table._clock_left`), so after a restart
every person has the time of his last move; the time the server was down is not charged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

GRACE_SECONDS = 60.0
"""Seconds a person may stay disconnected while it is his turn before a bot plays for him."""
STAND_IN_BOT = "medium"
"""The bot level that plays for a person who is away or out of time."""
RETURN_SECONDS = 10.0
"""Seconds at least that a person out of time has for his turn when he returns."""
MAX_CLOCK_SECONDS = 24 * 3600
"""Largest base or increment accepted, in seconds."""


@dataclass
class TurnClock:
    """Each seat's remaining time, whose time is running, who is away, whom a bot stands in for.

    Args:
        seats: number of seats.
        base: seconds each person starts with (None: no clock, only the disconnection grace applies).
        increment: seconds added after each of a person's moves.
        grace: seconds a disconnected person keeps his turn.
    """

    seats: int
    base: float | None = None
    increment: float = 0.0
    grace: float = GRACE_SECONDS
    remaining: list[float] = field(default_factory=list)
    running: int | None = None
    since: float = 0.0
    away: dict[int, float] = field(default_factory=dict)
    stand_in: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.remaining:
            self.remaining = [self.base or 0.0] * self.seats

    def turn(self, seat: int | None, now: float | None = None) -> None:
        """The seat to act is now ``seat`` (None: nobody): charge the time used to the one before."""
        now = time.monotonic() if now is None else now
        if seat == self.running:
            return
        if self.running is not None and self.base is not None:
            self.remaining[self.running] += self.increment - (now - self.since)
        self.running, self.since = seat, now

    def left(self, seat: int, now: float | None = None) -> float:
        """Seconds ``seat`` has left now (its clock runs while it is to act)."""
        now = time.monotonic() if now is None else now
        used = now - self.since if seat == self.running else 0.0
        return self.remaining[seat] - used

    def deadline(self, seat: int) -> float | None:
        """When a bot must stand in for ``seat`` if it is still to act (monotonic seconds), or None."""
        times = []
        if self.base is not None and seat == self.running:
            times.append(self.since + self.remaining[seat])
        if seat in self.away:
            times.append(self.away[seat] + self.grace)
        return min(times) if times else None

    def back(self, seat: int, now: float | None = None) -> None:
        """The person of ``seat`` is here again: no stand-in; out of time, he has the increment, at least
        :data:`RETURN_SECONDS`, for his turn (then the increment per move)."""
        now = time.monotonic() if now is None else now
        self.away.pop(seat, None)
        self.stand_in.discard(seat)
        if self.base is None:
            return
        if seat == self.running:
            self.remaining[seat] -= now - self.since
            self.since = now
        if self.remaining[seat] <= 0:
            self.remaining[seat] = max(self.increment, RETURN_SECONDS)

    def facts(self, now: float | None = None) -> dict[str, object]:
        """The clock as sent to clients: base, increment, each seat's seconds left, whose clock runs."""
        return {"base": self.base, "increment": self.increment, "running": self.running,
                "left": [round(max(0.0, self.left(s, now)), 1) for s in range(self.seats)] if self.base else []}
