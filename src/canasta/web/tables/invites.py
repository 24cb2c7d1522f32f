"""Invitations to the seats of a web table: a link claimed once, a token kept by the person who claimed it.

A person's seat has a secret token and, until someone claims it, a one-time invite code. The invite
link (``/table?t=ID&i=CODE``) is given to a friend; the first browser that opens it claims the seat
(:func:`claim`): it receives the token, kept in that browser only, and the code is spent — the link
then shows only the public table. The host (the first person's seat, who created the table) receives
only his own token; he can re-invite a seat (:func:`reinvite`): a new code, the old token revoked, so
whoever held it is disconnected and cannot come back. Nobody but the holder of a seat's token ever
sees that seat's hand.
"""

from __future__ import annotations

import secrets

from canasta.web.tables.seats import TableError
from canasta.web.tables.table import Change, Table


def claim(table: Table, code: str) -> tuple[int, str, Change]:
    """Claim the seat whose invite code is ``code``: its seat number, its token, and the change to store.

    Raises:
        TableError: no seat has that code (code ``invite_spent``: already claimed, re-invited, or wrong).
    """
    found = None
    for i, s in enumerate(table.seats):
        if s.invite is not None and secrets.compare_digest(s.invite.encode(), code.encode()):
            found = i
    if found is None or not code:
        raise TableError("invite_spent", "this invite link has already been used (or was replaced): "
                         "ask the host for a new one; the table can still be watched if the host allows it")
    seat = table.seats[found]
    old = (seat.invite, seat.joined)
    seat.invite, seat.joined = None, True

    def undo() -> None:
        seat.invite, seat.joined = old
    assert seat.token is not None
    return found, seat.token, Change([table.seats_op()], undo=undo)


def reinvite(table: Table, host: int, seat: int) -> tuple[str, Change]:
    """A new invite code for ``seat`` (the host's request); the seat's old token is revoked.

    Raises:
        TableError: ``host`` is not the host (``not_host``), or ``seat`` is not another person's seat (``bad_seat``).
    """
    if host != table.host:
        raise TableError("not_host", "only the host can invite")
    if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "human" or seat == host:
        raise TableError("bad_seat", "choose another person's seat to invite")
    s = table.seats[seat]
    old = (s.token, s.invite, s.joined)
    s.token, s.invite, s.joined = secrets.token_urlsafe(18), secrets.token_urlsafe(12), False

    def undo() -> None:
        s.token, s.invite, s.joined = old
    assert s.invite is not None
    return s.invite, Change([table.seats_op()], undo=undo)
