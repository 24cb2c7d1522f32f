"""``canasta serve --redis URL --advertise HOST:PORT``: servers on several machines sharing the tables.

The servers share one PostgreSQL store and one Redis. Each table's owner is the holder of its Redis lease
(:class:`~canasta.web.cluster.TableLeases`, the lease's value being the owner's advertised address): only
the owner holds the table in memory, applies its moves and runs its bots and clock.

:class:`LeaseRouter` wraps a server's app. For a request or websocket about table T it asks Redis for T's
lease (``SET NX``: taken at once when nobody holds it, and then T is loaded from the store on demand):

* this server holds it: served here;
* another server holds it: relayed to the holder's advertised address, as
  :class:`~canasta.web.workers.ShardRouter` does between workers (websocket frame by frame, HTTP
  forwarded with the ``x-canasta-forwarded`` header); a forwarded request that reaches a server which is
  not the holder (the lease moved meanwhile) is refused (503 / close 1013: the client tries again) and never
  forwarded twice.

A table created here is leased at once. At start a server restores the tables being played (as a single
server does), keeps those whose lease it can take and drops the others. A background task renews the leases
every third of the ttl; a table whose lease was lost, or which is in memory without a lease (a rematch) and
cannot be leased, is dropped from memory (bot and clock tasks stopped, its connections closed with 1012 so
the clients reconnect and are routed to the new owner). At shutdown the leases are given back. When an owner
dies its leases expire after the ttl and the next server asked takes them and rebuilds the tables from the
store: its write-ahead log holds every acknowledged move, so nothing acknowledged is lost.

With ``--workers N`` too (:func:`run_lease_workers`), each worker process is such a server of its own: it
listens on the shared public port (``SO_REUSEPORT``) and on a port of its own, ``PORT + 1 + i``, advertised as
``ADVERTISE_HOST:ADVERTISE_PORT + 1 + i``; the leases name the worker, so a table is relayed to the worker that
holds it, on this machine or another. The first process supervises the workers as without Redis
(:class:`~canasta.web.workers.Supervisor`): a worker started again keeps its address and so its leases.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Any

from canasta.web.cluster import TableLeases
from canasta.web.security import Message, Receive, Scope, Send
from canasta.web.workers import FORWARDED, TABLE_PATH, ShardRouter, bind_socket, supervise

log = logging.getLogger("canasta.web")


class LeaseRouter(ShardRouter):
    """Route each table's requests and websockets to the holder of its Redis lease (module docstring).

    Args:
        app: this server's app (:func:`canasta.web.app.create_app`).
        redis_url: the shared Redis (``redis://host:6379/0``).
        advertise: this server's address as the other servers reach it (``10.0.0.5:8000``); it is the
            value of the leases this server holds.
        ttl_ms: lease time to live in milliseconds (a dead server's tables move after this long).
        allowed_origins: origins allowed besides the page's own (checked before a websocket is relayed).
    """

    def __init__(self, app: Any, redis_url: str, advertise: str, ttl_ms: int = 10000,
                 allowed_origins: tuple[str, ...] = ()):
        super().__init__(app, 0, [advertise], allowed_origins)
        self.redis_url = redis_url
        self.advertise = advertise
        self.ttl_ms = ttl_ms
        self.leases: TableLeases | None = None
        self._redis: Any = None
        self._renewer: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ lifecycle

    async def _start(self) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.redis_url, decode_responses=True)
        await self._redis.ping()
        self.leases = TableLeases(self._redis, self.advertise, self.ttl_ms)
        self._renewer = asyncio.ensure_future(self._renew_forever())

    async def _stop(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._renewer
        if self.leases is not None:
            for tid in sorted(self.leases.held):
                with contextlib.suppress(Exception):
                    await self.leases.release(tid)
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_ms / 3000)
            try:
                await self.check()
            except Exception as e:  # Redis unreachable: try again; the leases expire if it lasts
                log.warning("renewing the table leases failed: %s", e)

    async def check(self) -> list[str]:
        """Renew the leases; drop the tables in memory that this server does not (or no longer) own.

        Returns:
            The ids of the tables dropped.
        """
        assert self.leases is not None
        dropped = await self.leases.renew()
        manager = self._manager()
        for tid in list(manager.tables if manager is not None else ()):
            if tid not in self.leases.held and tid not in dropped and await self.leases.acquire(tid) != self.advertise:
                dropped.append(tid)
        for tid in dropped:
            log.warning("table %s is owned by another server now: dropped from memory", tid)
            await self._drop(tid)
        return dropped

    def _manager(self) -> Any:
        return getattr(getattr(self.app, "state", None), "manager", None)

    async def _drop(self, table_id: str) -> None:
        manager = self._manager()
        table = manager.tables.get(table_id) if manager is not None else None
        self._forget(table_id)
        if table is None:
            return
        conns = [c for seat in table.conns.values() for c in seat] + list(table.watchers)
        for conn in conns:
            with contextlib.suppress(Exception):
                await conn.close(1012)

    # -------------------------------------------------------------- routing

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, self._lifespan_receive(receive), self._after_startup(send))
            return
        match = TABLE_PATH.match(scope.get("path", "")) if scope["type"] in ("http", "websocket") else None
        if match is None:
            if scope["type"] == "http" and scope.get("method") == "POST" and scope.get("path") == "/api/tables":
                await self.app(scope, receive, self._lease_created(send))
            else:
                await self.app(scope, receive, send)
            return
        assert self.leases is not None
        try:
            owner = await self.leases.acquire(match.group(1))
        except Exception as e:  # Redis unreachable: nobody can say who owns the table
            log.warning("Redis does not answer (table %s): %s", match.group(1), e)
            await self._refuse(scope, receive, send, b"the servers cannot agree on who holds this table now "
                                                     b"(Redis does not answer); try again")
            return
        if owner == self.advertise:
            await self.app(scope, receive, send)
        elif any(k == FORWARDED for k, _ in scope.get("headers") or ()):
            await self._refuse(scope, receive, send)
        elif scope["type"] == "http":
            await self._forward_http(scope, receive, send, owner)
        else:
            await self._relay_websocket(scope, receive, send, owner)

    def _lifespan_receive(self, receive: Receive) -> Receive:
        async def wrapped() -> Message:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await self._start()
            elif message["type"] == "lifespan.shutdown":
                await self._stop()
            return message
        return wrapped

    def _after_startup(self, send: Send) -> Send:
        async def wrapped(message: Message) -> None:
            if message["type"] == "lifespan.startup.complete":
                manager = self._manager()
                if manager is not None and self.leases is not None:
                    manager.fence = self.leases.token  # every write carries the lease's fencing token
                await self.check()  # keep the restored tables nobody else holds, drop the others
            await send(message)
        return wrapped

    def _lease_created(self, send: Send) -> Send:
        return self._on_created(send, self._claim_created)

    async def _claim_created(self, table_id: str) -> None:
        """A table was just created here: take its lease, or drop it when another server holds the lease."""
        if self.leases is not None and await self.leases.acquire(table_id) != self.advertise:
            await self._drop(table_id)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send,
                      reason: bytes = b"this table is moving to another server; try again") -> None:
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.close", "code": 1013})
            return
        await send({"type": "http.response.start", "status": 503,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b'{"error": "' + reason + b'"}'})


def worker_addresses(port: int, advertise: str, workers: int) -> tuple[list[int], list[str]]:
    """With ``--workers`` and ``--redis``: each worker's own port (``port + 1 + i``) and the address it
    advertises (``ADVERTISE_HOST:ADVERTISE_PORT + 1 + i``)."""
    adv_host, adv_port = advertise.rsplit(":", 1)
    return ([port + 1 + i for i in range(workers)],
            [f"{adv_host}:{int(adv_port) + 1 + i}" for i in range(workers)])


def _lease_worker_main(index: int, host: str, port: int, own_ports: list[int], advertised: list[str], url: str,
                       app_options: dict[str, Any], uvicorn_options: dict[str, Any], redis_url: str,
                       ttl_ms: int) -> None:
    import uvicorn

    from canasta.web.app import create_app

    with contextlib.suppress(OSError):
        os.setpgrp()  # a group of its own: its bot process goes with it when it dies (Supervisor._died)
    public = bind_socket(host, port, reuse_port=True)
    own = bind_socket(host, own_ports[index], reuse_port=False)
    security = app_options.get("security")
    app = LeaseRouter(create_app(url, **app_options), redis_url, advertised[index], ttl_ms,
                      security.allowed_origins if security is not None else ())
    from canasta.web.gctune import tune_gc

    tune_gc()
    uvicorn.Server(uvicorn.Config(app, **uvicorn_options)).run(sockets=[public, own])


def run_lease_workers(workers: int, host: str, port: int, url: str, app_options: dict[str, Any],
                      uvicorn_options: dict[str, Any], redis_url: str, advertise: str, ttl_ms: int) -> int:
    """``canasta serve --workers N --redis URL``: N worker processes, each a :class:`LeaseRouter` server with
    its own port and advertised address (:func:`worker_addresses`), supervised as
    :func:`canasta.web.workers.run_workers` does; until Ctrl+C or SIGTERM.

    Args:
        workers: number of processes.
        host, port: the public address they share (each also listens on ``host:port + 1 + i``).
        url: the database URL shared with the other servers (PostgreSQL; SQLite on one machine).
        app_options, uvicorn_options: as for :func:`canasta.web.workers.run_workers`.
        redis_url: the shared Redis; advertise: this machine's public ``HOST:PORT`` as the others reach it.
        ttl_ms: lease time to live in milliseconds.

    Returns:
        0 after a requested stop, 1 when every worker died too often and none is left.
    """
    own_ports, advertised = worker_addresses(port, advertise, workers)
    return supervise(workers, _lease_worker_main, (host, port, own_ports, advertised, url, app_options,
                                                   uvicorn_options, redis_url, ttl_ms))


__all__ = ["LeaseRouter", "run_lease_workers", "worker_addresses"]
