"""The server's edges: an ASGI middleware that checks every request and websocket before the app sees it.

:class:`SecurityMiddleware` (pure ASGI, wrapped around the Starlette app by
:func:`canasta.web.app.create_app`) enforces, with the limits of :class:`SecurityConfig`:

* **Origin.** A request that changes state (``POST``, ``PUT``, ``PATCH``, ``DELETE``) and every websocket
  handshake must come from the page's own origin (the ``Origin`` header's host equals the ``Host``
  header) or from an origin listed in ``allowed_origins``; otherwise status 403 (a websocket is refused
  before it is accepted). A request without ``Origin`` (curl, scripts, the load benchmark) is let through:
  browsers always send it on cross-site requests.
* **Content type.** A body sent with a ``Content-Type`` must be JSON (``application/json`` or ``...+json``),
  else status 415: a cross-site form or ``text/plain`` POST never reaches the app.
* **Body size.** A ``Content-Length`` above ``max_body_bytes`` is refused with 413 before anything is
  read, and a body streamed without a length is cut off at the same size (413).
* **Sockets per seat.** At most ``sockets_per_seat`` websockets per seat (the path ``/ws/{table}`` and its
  key ``k``): a new one closes the *oldest* (it is sent ``{"type": "error", "code": "replaced"}`` and
  closed with code 4409), so a reloaded tab or a new device always gets in.
* **Messages per second.** Each websocket has a token bucket (``messages_per_second``, ``burst``): a
  client that sends faster is sent ``{"type": "error", "code": "rate_limited"}`` and closed (code 1008).
* **Headers.** Every HTTP response gets a Content-Security-Policy (scripts, styles, images and
  connections from the page's own origin only, no inline script or style, no framing),
  ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (a table's link holds its seat's
  key), ``X-Frame-Options: DENY`` and ``Cross-Origin-Opener-Policy: same-origin``.
* **Abandoned tables.** Once a minute, a table held in memory with no websocket open and no message for
  ``abandon_after_s`` seconds (default one hour) is dropped from memory (it is still in the database and
  is loaded again when someone opens its link); a table never started and untouched for
  ``abandon_waiting_s`` (default seven days) is deleted from the database.

Every refusal is one line of text (``{"error": ...}`` over HTTP, an ``error`` message over the websocket).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

log = logging.getLogger("canasta.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""HTTP methods whose Origin is checked."""
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self' {ws}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'")
"""The Content-Security-Policy; ``{ws}`` becomes the page's own websocket origins (ws:// and wss://)."""
SWEEP_EVERY_S = 60.0
"""Seconds between two sweeps for abandoned tables."""


@dataclass(frozen=True)
class SecurityConfig:
    """The limits of :class:`SecurityMiddleware` (see the module's docstring for what each does).

    Attributes:
        allowed_origins: origins (``https://example.org``) allowed besides the page's own.
        max_body_bytes: largest request body, in bytes, refused before the app reads it (the app's own
            readers then refuse bodies over their own smaller limit, 16 KB, with a 400 saying so).
        sockets_per_seat: websockets kept open per seat (a new one closes the oldest).
        messages_per_second: sustained websocket messages per second per connection (0: no limit).
        burst: messages a connection may send at once before the rate applies.
        abandon_after_s: seconds without a socket or message after which a table leaves memory (0: never).
        abandon_waiting_s: seconds after which a table never started is deleted from the database (0: never).
    """

    allowed_origins: tuple[str, ...] = ()
    max_body_bytes: int = 65536
    sockets_per_seat: int = 4
    messages_per_second: float = 20.0
    burst: int = 40
    abandon_after_s: float = 3600.0
    abandon_waiting_s: float = 7 * 86400.0


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _one_line(message: str) -> bytes:
    return json.dumps({"error": message}).encode()


async def _refuse(send: Send, status: int, message: str) -> None:
    body = _one_line(message)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def origin_allowed(scope: Scope, allowed: tuple[str, ...]) -> tuple[bool, str]:
    """Whether the request's ``Origin`` may act here: absent, the page's own host, or listed in ``allowed``.

    Returns:
        (allowed?, the origin as sent, or "" when there is none).
    """
    origin = _header(scope, b"origin")
    if origin is None:
        return True, ""
    if origin in allowed:
        return True, origin
    host = _header(scope, b"host")
    netloc = urlsplit(origin).netloc if origin != "null" else ""
    return bool(host) and netloc.lower() == (host or "").lower(), origin


def json_content_type(value: str | None) -> bool:
    """Whether a ``Content-Type`` header is absent or names JSON (``application/json``, ``...+json``)."""
    if value is None:
        return True
    media = value.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


class BodyTooLarge(Exception):
    """A streamed request body passed the limit."""


@dataclass
class TokenBucket:
    """Messages allowed at ``rate`` per second with bursts of ``burst`` (times from ``time.monotonic``)."""

    rate: float
    burst: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self, now: float | None = None) -> bool:
        """Spend one token; False when the bucket is empty (the message must be refused)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(eq=False)
class _Socket:
    """One open websocket as the middleware sees it."""

    send: Send
    closed: bool = False

    async def close(self, code: int, error: str, message: str) -> None:
        """Send an ``error`` message then close (once); later sends of the app are dropped."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            await self.send({"type": "websocket.send", "text": json.dumps(
                {"type": "error", "code": error, "message": message})})
            await self.send({"type": "websocket.close", "code": code, "reason": error})


class SecurityMiddleware:
    """The checks of the module's docstring around ``app``.

    Args:
        app: the ASGI app (Starlette).
        config: the limits.
        manager: the app's table manager (``tables``: id -> table with ``bot_task``), for the sweep of
            abandoned tables; None: no sweep.
        store: the app's store (``engine``: SQLAlchemy engine), to delete tables never started; None: kept.
    """

    def __init__(self, app: ASGIApp, config: SecurityConfig | None = None, manager: Any = None,
                 store: Any = None):
        self.app = app
        self.config = config or SecurityConfig()
        self.manager = manager
        self.store = store
        self.seats: dict[tuple[str, str], list[_Socket]] = {}
        self.last_seen: dict[str, float] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            await self._http(scope, receive, send)
        elif kind == "websocket":
            await self._websocket(scope, receive, send)
        elif kind == "lifespan":
            await self.app(scope, self._lifespan_receive(receive), send)
        else:
            await self.app(scope, receive, send)

    # ------------------------------------------------------------------ http

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        cfg = self.config
        method = scope.get("method", "GET")
        if method in STATE_CHANGING:
            ok, origin = origin_allowed(scope, cfg.allowed_origins)
            if not ok:
                await _refuse(send, 403, f"cross-origin request from {origin[:80]!r} refused: only this site's "
                                         "own pages (or an origin given with --allow-origin) may change anything")
                return
            if not json_content_type(_header(scope, b"content-type")):
                await _refuse(send, 415, "the request body must be JSON (Content-Type: application/json)")
                return
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                await _refuse(send, 400, "bad Content-Length header")
                return
            if int(length) > cfg.max_body_bytes:
                await _refuse(send, 413, f"request of {int(length)} bytes refused: at most {cfg.max_body_bytes}")
                return
        seen = 0
        started = False

        async def capped_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cfg.max_body_bytes:
                    raise BodyTooLarge
            return message

        ws_origins = self._ws_origins(scope)

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers") or [])
                headers += [(b"content-security-policy", CSP.format(ws=ws_origins).encode()),
                            (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                            (b"x-frame-options", b"DENY"), (b"cross-origin-opener-policy", b"same-origin")]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, capped_receive, send_with_headers)
        except BodyTooLarge:
            if not started:
                await _refuse(send, 413, f"request of more than {cfg.max_body_bytes} bytes refused: "
                                         f"at most {cfg.max_body_bytes}")

    @staticmethod
    def _ws_origins(scope: Scope) -> str:
        """``ws://HOST wss://HOST`` for the CSP's connect-src (the Host header, if it is a plain host[:port])."""
        host = _header(scope, b"host") or ""
        if not host or not all(c.isalnum() or c in ".-:[]" for c in host):
            return ""
        return f"ws://{host} wss://{host}"

    # ------------------------------------------------------------- websocket

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        cfg = self.config
        ok, origin = origin_allowed(scope, cfg.allowed_origins)
        if not ok:
            message = await receive()  # websocket.connect
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close", "code": 1008, "reason": "cross-origin websocket refused"})
            log.info("websocket from origin %r refused", origin[:80])
            return
        path: str = scope.get("path", "")
        table_id = path[len("/ws/"):] if path.startswith("/ws/") else ""
        token = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1")).get("k", [""])[0]
        key = (table_id, token)
        sock = _Socket(send)
        if table_id:
            self.last_seen[table_id] = time.monotonic()
            open_ = self.seats.setdefault(key, [])
            open_.append(sock)
            while len(open_) > max(1, cfg.sockets_per_seat):
                oldest = open_.pop(0)
                await oldest.close(4409, "replaced", f"this seat has more than {cfg.sockets_per_seat} connections: "
                                                     "the oldest was closed")
        bucket = TokenBucket(cfg.messages_per_second, cfg.burst) if cfg.messages_per_second > 0 else None

        async def limited_receive() -> Message:
            message = await receive()
            if sock.closed and message["type"] != "websocket.disconnect":
                return {"type": "websocket.disconnect", "code": 1000}
            if message["type"] == "websocket.receive":
                if table_id:
                    self.last_seen[table_id] = time.monotonic()
                if bucket is not None and not bucket.take():
                    await sock.close(1008, "rate_limited", f"more than {cfg.messages_per_second:g} messages a second "
                                                           "on one connection: the connection is closed")
                    return {"type": "websocket.disconnect", "code": 1008}
            return message

        async def guarded_send(message: Message) -> None:
            if sock.closed:
                if message["type"] == "websocket.close":
                    return
                raise OSError("the connection was closed by the server")
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        finally:
            if table_id:
                self.last_seen[table_id] = time.monotonic()
                open_ = self.seats.get(key, [])
                if sock in open_:
                    open_.remove(sock)
                if not open_:
                    self.seats.pop(key, None)

    # ---------------------------------------------------------------- sweep

    def _lifespan_receive(self, receive: Receive) -> Receive:
        async def wrapped() -> Message:
            message = await receive()
            if message["type"] == "lifespan.startup" and self.manager is not None and self._sweeper is None:
                self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
            elif message["type"] == "lifespan.shutdown" and self._sweeper is not None:
                self._sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._sweeper
                self._sweeper = None
            return message
        return wrapped

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY_S)
            try:
                self.sweep()
            except Exception:  # a sweep that fails must not stop the server; it is tried again
                log.exception("the sweep of abandoned tables failed")

    def sweep(self, now: float | None = None, wall: float | None = None) -> tuple[list[str], int]:
        """Drop abandoned tables from memory and delete tables never started (see the module's docstring).

        Args:
            now: ``time.monotonic()`` (tests give their own).
            wall: ``time.time()`` for the database's times (tests give their own).

        Returns:
            (ids dropped from memory, number of tables deleted from the database).
        """
        cfg = self.config
        now = time.monotonic() if now is None else now
        wall = time.time() if wall is None else wall
        dropped: list[str] = []
        busy = {tid for tid, _ in self.seats}
        if self.manager is not None and cfg.abandon_after_s > 0:
            tables: dict[str, Any] = self.manager.tables
            for tid in list(tables):
                seen = self.last_seen.setdefault(tid, now)
                if tid in busy or now - seen < cfg.abandon_after_s:
                    continue
                table = tables.pop(tid)
                task = getattr(table, "bot_task", None)
                if task is not None:
                    task.cancel()
                self.last_seen.pop(tid, None)
                dropped.append(tid)
        deleted = 0
        if self.store is not None and cfg.abandon_waiting_s > 0:
            deleted = delete_waiting_tables(self.store.engine, wall - cfg.abandon_waiting_s,
                                            keep=set(self.manager.tables) if self.manager is not None else set())
        if dropped or deleted:
            log.info("abandoned tables: %d left memory, %d never started deleted", len(dropped), deleted)
        return dropped, deleted


def delete_waiting_tables(engine: Any, before: float, keep: set[str]) -> int:
    """Delete the stored tables still ``waiting`` (never started) last updated before ``before`` (Unix time).

    Tables in ``keep`` (held in memory) stay. Returns how many were deleted.
    """
    from sqlalchemy import delete, select

    from canasta.web.store import DealRow, MoveRow, TableRow

    with engine.begin() as conn:
        ids = [tid for tid in conn.execute(select(TableRow.id).where(
            TableRow.status == "waiting", TableRow.updated < before)).scalars() if tid not in keep]
        if ids:
            conn.execute(delete(MoveRow).where(MoveRow.table_id.in_(ids)))
            conn.execute(delete(DealRow).where(DealRow.table_id.in_(ids)))
            conn.execute(delete(TableRow).where(TableRow.id.in_(ids)))
    return len(ids)
