"""``canasta serve --workers N``: N server processes on one machine, each owning a shard of the tables.

Every worker listens on the public port (``SO_REUSEPORT``: the kernel spreads the connections) and on an
internal port of 127.0.0.1. A table belongs to worker :func:`shard_of` (a stable hash of its id). A new
connection whose first request is a table's websocket is handed, connection and all, to the owner before
uvicorn reads it (:mod:`canasta.web.handoff`), so the owner serves its frames itself. The
:class:`ShardRouter` around each worker's app sends what still concerns a table it does not own to the owner's
internal port: a websocket ``/ws/{table}`` the owner could not take is relayed frame by frame (both ways,
closes included), and an HTTP request under ``/api/tables/{table}`` is forwarded. Only the owner holds the
table in memory and applies its moves; a table created by another worker is stored (write-ahead) and dropped from that
worker's memory at once, and the owner loads it from the store when it is first asked for. At start each
worker keeps only its own shard of the restored tables.

The first process supervises the workers (:class:`Supervisor`): one that dies is started again after a short
pause and loads its tables from the store; meanwhile the others answer its tables' requests with 503 and close
their websockets with a reason (:data:`RESTARTING`), and clients reconnect with ``since``.

Headers are forwarded as received (``Origin`` and ``Host`` included), so the owner's
:class:`~canasta.web.security.SecurityMiddleware` checks the client's request itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import multiprocessing as mp
import os
import re
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from multiprocessing import connection as mp_connection
from typing import Any

from canasta.web.security import ASGIApp, Message, Receive, Scope, Send, origin_allowed

log = logging.getLogger("canasta.web")

TABLE_PATH = re.compile(r"^/(?:ws|api/tables)/([A-Za-z0-9_-]{1,40})(?:/|$)")
"""Paths that concern one table: its websocket and its API."""
FORWARDED = b"x-canasta-forwarded"
"""Header set on a forwarded request, so that it is never forwarded twice."""

RESTART_PAUSE = 0.5
"""Seconds the supervisor waits before starting a worker that died again."""
RESTART_LIMIT = (5, 60.0)
"""A worker that dies this many times within this many seconds is not restarted again."""
RESTARTING = "the server that holds this table is down or restarting; try again"
"""The reason given to a client while its table's worker is down (503 body, websocket close reason)."""


def shard_of(table_id: str, workers: int) -> int:
    """The worker (0 to ``workers - 1``) that owns ``table_id``: a stable hash, the same in every process."""
    return int.from_bytes(hashlib.blake2b(table_id.encode(), digest_size=8).digest(), "big") % workers


class ShardRouter:
    """Route each table's requests and websockets to the worker that owns it (see the module's docstring).

    Args:
        app: this worker's app (:func:`canasta.web.app.create_app`).
        index: this worker's number.
        peers: the internal address (``127.0.0.1:PORT``) of every worker, by number.
        allowed_origins: origins allowed besides the page's own (checked here before a websocket is relayed,
            as the owner sees the relay's own host).
    """

    def __init__(self, app: Any, index: int, peers: list[str], allowed_origins: tuple[str, ...] = ()):
        self.app = app
        self.index = index
        self.peers = peers
        self.allowed_origins = allowed_origins

    def _owner(self, scope: Scope) -> int | None:
        match = TABLE_PATH.match(scope.get("path", ""))
        if match is None or any(k == FORWARDED for k, _ in scope.get("headers") or ()):
            return None
        owner = shard_of(match.group(1), len(self.peers))
        return None if owner == self.index else owner

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, self._after_startup(send))
            return
        owner = self._owner(scope) if scope["type"] in ("http", "websocket") else None
        if owner is None:
            if scope["type"] == "http" and scope.get("method") == "POST" and scope.get("path") == "/api/tables":
                await self.app(scope, receive, self._drop_created(send))
            else:
                await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await self._forward_http(scope, receive, send, self.peers[owner])
        else:
            await self._relay_websocket(scope, receive, send, self.peers[owner])

    # ------------------------------------------------------------ ownership

    def _forget(self, table_id: str) -> None:
        manager = getattr(getattr(self.app, "state", None), "manager", None)
        if manager is None:
            return
        table = manager.tables.pop(table_id, None)
        for name in ("bot_task", "clock_task"):
            task = getattr(table, name, None)
            if task is not None:
                task.cancel()

    def _after_startup(self, send: Send) -> Send:
        async def wrapped(message: Message) -> None:
            if message["type"] == "lifespan.startup.complete":
                manager = getattr(getattr(self.app, "state", None), "manager", None)
                for tid in list(manager.tables if manager is not None else ()):
                    if shard_of(tid, len(self.peers)) != self.index:
                        self._forget(tid)
            await send(message)
        return wrapped

    def _drop_created(self, send: Send) -> Send:
        return self._on_created(send, self._created)

    async def _created(self, table_id: str) -> None:
        """A table was just created here: keep it only if this worker is its shard's owner."""
        if shard_of(table_id, len(self.peers)) != self.index:
            self._forget(table_id)

    @staticmethod
    def _on_created(send: Send, created: Callable[[str], Awaitable[None]]) -> Send:
        """``send`` wrapped so that a ``201`` answer's table id (``{"id": ...}``) is passed to ``created``
        once the whole body has gone through (a body that is not such JSON is passed on untouched)."""
        chunks: list[bytes] = []
        status = 0

        async def wrapped(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body" and status == 201:
                chunks.append(bytes(message.get("body", b"")))
                if not message.get("more_body"):
                    with contextlib.suppress(ValueError, KeyError, TypeError):
                        await created(str(json.loads(b"".join(chunks))["id"]))
            await send(message)
        return wrapped

    # ------------------------------------------------------------- relaying

    @staticmethod
    def _headers(scope: Scope) -> list[tuple[str, str]]:
        skip = {b"connection", b"upgrade", b"content-length", b"transfer-encoding", b"sec-websocket-key",
                b"sec-websocket-version", b"sec-websocket-extensions", b"sec-websocket-protocol", b"keep-alive"}
        out = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope.get("headers") or () if k not in skip]
        return out + [(FORWARDED.decode(), "1")]

    async def _forward_http(self, scope: Scope, receive: Receive, send: Send, peer: str) -> None:
        import httpx

        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        query = bytes(scope.get("query_string", b"")).decode("latin-1")
        url = f"http://{peer}{scope['path']}" + (f"?{query}" if query else "")
        try:
            async with httpx.AsyncClient(timeout=30) as client:
                r = await client.request(scope["method"], url, content=body, headers=self._headers(scope))
        except httpx.HTTPError as e:  # the owner is down (being restarted by the supervisor) or does not answer
            payload = json.dumps({"error": RESTARTING, "code": "unavailable"}).encode()
            log.warning("forwarding to worker %s failed: %s", peer, e)
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"application/json"), (b"retry-after", b"1")]})
            await send({"type": "http.response.body", "body": payload})
            return
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in r.headers.items()
                   if k.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding")]
        headers.append((b"content-length", str(len(r.content)).encode()))
        await send({"type": "http.response.start", "status": r.status_code, "headers": headers})
        await send({"type": "http.response.body", "body": r.content})

    async def _relay_websocket(self, scope: Scope, receive: Receive, send: Send, peer: str) -> None:
        import websockets

        first = await receive()
        if first["type"] != "websocket.connect":
            return
        if not origin_allowed(scope, self.allowed_origins)[0]:
            await send({"type": "websocket.close", "code": 1008, "reason": "cross-origin websocket refused"})
            return
        query = bytes(scope.get("query_string", b"")).decode("latin-1")
        url = f"ws://{peer}{scope['path']}" + (f"?{query}" if query else "")
        headers = [(k, v) for k, v in self._headers(scope) if k.lower() not in ("host", "origin")]
        try:
            upstream = await websockets.connect(url, additional_headers=headers, max_size=2**22, compression=None,
                                                open_timeout=10, ping_interval=None)
        except websockets.InvalidStatus as e:  # the owner refused (403): refuse the client the same way
            log.info("relay of %s to worker %s refused: %s", scope["path"], peer, e)
            await send({"type": "websocket.close", "code": 1013})
            return
        except Exception as e:  # the owner is down (being restarted): say so; the client connects again
            log.info("relay of %s to worker %s failed: %s", scope["path"], peer, e)
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 1013, "reason": RESTARTING})
            return
        await send({"type": "websocket.accept"})

        async def client_to_owner() -> None:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    await upstream.close()
                    return
                data = message.get("text")
                await upstream.send(data if data is not None else (message.get("bytes") or b""))

        async def owner_to_client() -> None:
            try:
                async for data in upstream:
                    key = "text" if isinstance(data, str) else "bytes"
                    await send({"type": "websocket.send", key: data})
            except websockets.ConnectionClosed:
                pass  # the owner died: closed below with 1012 (service restart)
            finally:
                code = upstream.close_code or 1000
                close: Message = {"type": "websocket.close", "code": code}
                if code == 1006:  # no close frame: the owner's process is gone (the supervisor restarts it)
                    close = {"type": "websocket.close", "code": 1012, "reason": RESTARTING}
                elif upstream.close_reason:
                    close["reason"] = upstream.close_reason
                with contextlib.suppress(Exception):
                    await send(close)

        tasks = [asyncio.ensure_future(client_to_owner()), asyncio.ensure_future(owner_to_client())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await upstream.close()


# ------------------------------------------------------------------ launcher


def bind_socket(host: str, port: int, reuse_port: bool) -> socket.socket:
    """A listening-ready TCP socket bound to ``host:port`` (``SO_REUSEPORT`` when ``reuse_port``: shared by the
    workers), inheritable by uvicorn."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def _worker_main(index: int, host: str, port: int, peers: list[str], url: str, app_options: dict[str, Any],
                 uvicorn_options: dict[str, Any], handoff_paths: list[str] | None = None) -> None:
    import uvicorn

    from canasta.web.app import create_app
    from canasta.web.handoff import Handoff, handoff_server_class

    with contextlib.suppress(OSError):
        os.setpgrp()  # a group of its own: its bot process goes with it when it dies (Supervisor._died)
    public = bind_socket(host, port, reuse_port=True)
    internal = bind_socket("127.0.0.1", int(peers[index].rsplit(":", 1)[1]), reuse_port=False)
    security = app_options.get("security")
    app = ShardRouter(create_app(url, **app_options), index, peers,
                      security.allowed_origins if security is not None else ())
    server_class: Any = uvicorn.Server
    options = dict(uvicorn_options)
    if handoff_paths:  # each table's websocket handed to its owner at accept time (canasta.web.handoff)
        options["http"], server_class = handoff_server_class(
            Handoff(index, handoff_paths, lambda tid: shard_of(tid, len(peers))))
    server = server_class(uvicorn.Config(app, **options))
    from canasta.web.gctune import tune_gc

    tune_gc()
    server.run(sockets=[public, internal])


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _say(text: str) -> None:
    print(f"canasta serve: {text}", file=sys.stderr, flush=True)


class Supervisor:
    """Start the worker processes and start again one that dies, until :meth:`stop` is asked for.

    A worker that exits without being asked to (killed, crashed, any exit code) is started again after
    :data:`RESTART_PAUSE` seconds with the same number, public port and internal port, and loads its tables from
    the store (write-ahead: every acknowledged move is there). Each restart is logged in one line on stderr. A
    worker that dies :data:`RESTART_LIMIT` times in a short window is left down, with a message saying so: its
    tables answer 503 until the server is started again; when every worker is down the supervisor returns.

    Args:
        workers: number of processes.
        target, args: the function each process runs and its arguments after the worker's number.
        pause: seconds before a restart; limit: (deaths, seconds) past which a worker is left down.
    """

    def __init__(self, workers: int, target: Callable[..., None], args: tuple[Any, ...],
                 pause: float = RESTART_PAUSE, limit: tuple[int, float] = RESTART_LIMIT):
        self.ctx = mp.get_context("spawn")
        self.target, self.args, self.pause, self.limit = target, args, pause, limit
        self.procs: list[Any] = [None] * workers
        self.deaths: list[list[float]] = [[] for _ in range(workers)]
        self.given_up: set[int] = set()
        self.stopping = False

    def start(self, index: int) -> None:
        """Start worker ``index`` (again)."""
        p = self.ctx.Process(target=self.target, args=(index, *self.args), name=f"canasta-worker-{index}")
        p.start()
        self.procs[index] = p
        _say(f"worker {index} started (pid {p.pid})")

    def run(self) -> int:
        """Start every worker and supervise them until :meth:`stop`; 0, or 1 when every worker was left down."""
        for i in range(len(self.procs)):
            self.start(i)
        due: dict[int, float] = {}  # workers waiting for their restart: when
        while not self.stopping:
            alive = {p.sentinel: i for i, p in enumerate(self.procs) if i not in due and i not in self.given_up}
            if not alive and not due:
                _say("every worker is down and none is restarted: stopping")
                return 1
            timeout = max(0.0, min(due.values()) - time.monotonic()) if due else None
            ready = mp_connection.wait(list(alive), timeout)
            for index in [alive[s] for s in ready if isinstance(s, int)]:
                if self.stopping:
                    break
                self._kill_group(index)
                self.procs[index].join()
                due_at = self._died(index)
                self.procs[index] = None  # reaped: its pid may be another process's now
                if due_at is not None:
                    due[index] = due_at
            now = time.monotonic()
            for index in [i for i, at in due.items() if at <= now and not self.stopping]:
                del due[index]
                self.start(index)
        return 0

    def _kill_group(self, index: int) -> None:
        """Kill what is left of worker ``index``'s process group (its bot process), before it is reaped (so
        that its pid, the group's id, cannot have been given to another process)."""
        with contextlib.suppress(OSError):
            os.killpg(self.procs[index].pid, signal.SIGKILL)

    def _died(self, index: int) -> float | None:
        """Note that worker ``index`` died; when it is to be started again (None: left down)."""
        p, now = self.procs[index], time.monotonic()
        code = p.exitcode
        how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with code {code}"
        deaths = [t for t in self.deaths[index] if now - t < self.limit[1]] + [now]
        self.deaths[index] = deaths
        if len(deaths) >= self.limit[0]:
            self.given_up.add(index)
            _say(f"worker {index} (pid {p.pid}) {how}; it died {len(deaths)} times in {self.limit[1]:g} s, so it "
                 "is not restarted: its tables answer 503 until the server is started again")
            return None
        _say(f"worker {index} (pid {p.pid}) {how}; restarting it in {self.pause:g} s")
        return now + self.pause

    def stop(self) -> None:
        """Stop every worker (SIGTERM; SIGKILL to its process group after 30 s) and start none again."""
        self.stopping = True
        for p in self.procs:
            if p is not None:
                p.terminate()  # (not reaped yet if it died unnoticed: the signal goes nowhere)
        deadline = time.monotonic() + 30
        for i, p in enumerate(self.procs):
            if p is not None:
                mp_connection.wait([p.sentinel], max(0.0, deadline - time.monotonic()))
                self._kill_group(i)  # what is left of its group (a worker still running after 30 s included)
                p.join()


def run_workers(workers: int, host: str, port: int, url: str, app_options: dict[str, Any],
                uvicorn_options: dict[str, Any]) -> int:
    """Start ``workers`` server processes (see the module's docstring) and supervise them (:class:`Supervisor`:
    one that dies is started again) until Ctrl+C or SIGTERM, which stop them all.

    Args:
        workers: number of processes (2 or more).
        host, port: the public address they share.
        url: the database URL (SQLite file or PostgreSQL), shared by all.
        app_options: keywords of :func:`canasta.web.app.create_app` (bot_delay, security, bot_processes).
        uvicorn_options: uvicorn's settings (:data:`canasta.web.serve.UVICORN_OPTIONS`).

    Returns:
        0 after a requested stop, 1 when every worker died too often and none is left.
    """
    peers = [f"127.0.0.1:{free_port()}" for _ in range(workers)]
    with tempfile.TemporaryDirectory(prefix="canasta-handoff-") as folder:  # only this user may write there
        paths = [os.path.join(folder, f"w{i}.sock") for i in range(workers)]
        return supervise(workers, _worker_main, (host, port, peers, url, app_options, uvicorn_options, paths))


def supervise(workers: int, target: Callable[..., None], args: tuple[Any, ...]) -> int:
    """Run ``workers`` processes of ``target(index, *args)`` under a :class:`Supervisor` until Ctrl+C or
    SIGTERM, which stop them all. Returns 0 after a requested stop, 1 when every worker died too often."""
    supervisor = Supervisor(workers, target, args)

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)  # terminated (by a supervisor, the benchmark): stop the workers too
    try:
        return supervisor.run()
    except KeyboardInterrupt:
        return 0
    finally:
        supervisor.stop()


__all__ = ["ASGIApp", "ShardRouter", "Supervisor", "bind_socket", "run_workers", "shard_of", "supervise"]
