"""Two ``canasta serve --redis`` processes sharing PostgreSQL and Redis: a table created on server A is played
through server B (relayed to A, the lease holder); A is killed mid-deal; the client reconnects to B with
``since``, B takes the lease once it expires, rebuilds the table from the store, and the deal is played to
its end. Every event number is seen exactly once, in order; the stored moves are the acknowledged ones."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from canasta.web.store import Store
from servers import free_port, postgres_cluster, postgres_url, redis_server, redis_url  # noqa: F401

from .wsplay import simple_move

httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")
pytest.importorskip("redis")
pytest.importorskip("psycopg")

TTL = 1.0
"""Lease time to live of the servers under test, in seconds."""


def _serve(port: int, database: str, redis: str, *extra: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", "serve", "--no-browser", "--port", str(port),
                             "--database", database, "--redis", redis, "--lease-ttl", str(TTL),
                             "--messages-per-second", "0", *extra], env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server stopped at start"
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError(f"the server on port {port} never answered")


def test_redis_options_are_checked() -> None:
    from canasta.web.serve import ServeError, _check_redis

    with pytest.raises(ServeError, match="--advertise"):
        _check_redis("redis://127.0.0.1:1/0", None, "0.0.0.0", 8000, 1, 10.0)
    with pytest.raises(ServeError, match="HOST:PORT"):
        _check_redis("redis://127.0.0.1:1/0", "nowhere", "127.0.0.1", 8000, 1, 10.0)
    with pytest.raises(ServeError, match="cannot reach Redis"):  # --workers with --redis is allowed
        _check_redis(f"redis://127.0.0.1:{free_port()}/0", None, "127.0.0.1", _free_run(2), 2, 10.0)
    with socket.socket() as taken:  # with --workers, worker i's own port PORT + 1 + i must be free
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        with pytest.raises(ServeError, match=r"port \d+ on 127.0.0.1 is in use: with --redis"):
            _check_redis("redis://127.0.0.1:1/0", None, "127.0.0.1", busy - 2, 2, 10.0)
    with pytest.raises(ServeError, match="cannot reach Redis"):
        _check_redis(f"redis://127.0.0.1:{free_port()}/0", None, "127.0.0.1", 8000, 1, 10.0)


class _Conn:
    """A websocket stand-in recording what the table sends and the close code."""

    def __init__(self) -> None:
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        pass

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_server_drops_the_tables_it_does_not_own(db_url: str, redis_url: str) -> None:  # noqa: F811
    """A table in memory without a lease is leased if free, else dropped; a lost lease drops the table and
    closes its connections (1012); at shutdown the leases are given back."""
    import redis

    from canasta.web.app import create_app
    from canasta.web.lease_router import LeaseRouter

    async def run() -> None:
        router = LeaseRouter(create_app(db_url, bot_delay=0, bot_processes=0), redis_url, "10.0.0.1:8000", 3000)
        manager = router.app.state.manager
        await router._start()
        try:
            seats = [{"kind": "human"}, {"kind": "human"}]
            mine = await manager.create("classic(players=2)", seats)
            theirs = await manager.create("classic(players=2)", seats)
            check = redis.Redis.from_url(redis_url, decode_responses=True)
            check.set(f"canasta:owner:{theirs.id}", "10.0.0.2:8000", px=3000)
            assert await router.check() == [theirs.id]  # not leased here and held elsewhere: dropped
            assert mine.id in manager.tables and theirs.id not in manager.tables
            assert check.get(f"canasta:owner:{mine.id}") == "10.0.0.1:8000"
            conn = _Conn()
            mine.conns[0].append(conn)
            check.set(f"canasta:owner:{mine.id}", "10.0.0.2:8000", px=3000)  # expired and taken by another
            assert await router.check() == [mine.id]
            assert mine.id not in manager.tables and conn.closed == 1012
            again = await manager.create("classic(players=2)", seats)
            await router.check()
            await router._stop()
            assert check.get(f"canasta:owner:{again.id}") is None  # given back
            check.close()
        finally:
            await manager.close()

    asyncio.run(run())


def test_without_redis_table_requests_are_refused_with_a_reason(db_url: str) -> None:
    import redis.asyncio as aioredis

    from canasta.web.app import create_app
    from canasta.web.cluster import TableLeases
    from canasta.web.lease_router import LeaseRouter

    async def run() -> list[dict[str, Any]]:
        router = LeaseRouter(create_app(db_url, bot_delay=0, bot_processes=0), "unused", "10.0.0.1:8000")
        client = aioredis.from_url(f"redis://127.0.0.1:{free_port()}/0", decode_responses=True)
        router.leases = TableLeases(client, "10.0.0.1:8000")
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
        scope = {"type": "http", "method": "GET", "path": "/api/tables/abc", "headers": [], "query_string": b""}
        await router(scope, receive, send)
        await client.aclose()
        await router.app.state.manager.close()
        return sent

    sent = asyncio.run(run())
    assert sent[0]["status"] == 503 and b"Redis does not answer" in sent[1]["body"]
    assert json.loads(sent[1]["body"])["error"]


@pytest.mark.slow
def test_a_table_survives_its_owner_killed(postgres_url: str, redis_url: str) -> None:  # noqa: F811
    pa, pb = free_port(), free_port()
    a = _serve(pa, postgres_url, redis_url)
    b = _serve(pb, postgres_url, redis_url)
    try:
        owners: list[str | None] = []
        tid, acked = asyncio.run(_play(f"http://127.0.0.1:{pa}", f"http://127.0.0.1:{pb}", a, redis_url, owners))
    finally:
        for p in (a, b):
            if p.poll() is None:
                p.terminate()
                p.wait(timeout=30)
    assert owners == [f"127.0.0.1:{pa}", f"127.0.0.1:{pb}"]  # A's lease before the kill, B's at the end
    import redis

    with redis.Redis.from_url(redis_url, decode_responses=True) as check:
        assert check.get(f"canasta:owner:{tid}") is None  # B stopped (SIGTERM) gave its lease back
    assert_stored_as_acked(postgres_url, tid, acked)


def assert_stored_as_acked(url: str, tid: str, acked: list[tuple[int, str]]) -> None:
    """The store holds table ``tid`` with exactly the acknowledged moves, in order: none lost, none doubled."""
    store = Store(url)
    try:
        stored = store.load_table(tid)
    finally:
        store.close()
    assert stored is not None
    assert [m for d in stored.deals for m in d.moves] == acked


def _free_run(count: int) -> int:
    """A port P such that P and the ``count`` ports after it are free on 127.0.0.1 now."""
    for _ in range(50):
        base = free_port()
        try:
            held = []
            for p in range(base, base + count + 1):
                s = socket.socket()
                held.append(s)
                s.bind(("127.0.0.1", p))
            return base
        except OSError:
            continue
        finally:
            for s in held:
                s.close()
    raise AssertionError("no run of free ports")


@pytest.mark.slow
def test_redis_with_workers_a_table_survives_its_owner_worker_killed(postgres_url: str,  # noqa: F811
                                                                       redis_url: str) -> None:  # noqa: F811
    """``canasta serve --workers 2 --redis``: each worker holds leases under its own address (PORT+1+i); a table
    created on worker 0's port is played through worker 1's port (relayed to the lease holder); the holder
    is killed mid-deal (SIGKILL; the supervisor starts it again) and the deal is played to its end with every
    event seen once, in order, and the stored moves the acknowledged ones."""
    psutil = pytest.importorskip("psutil")
    port = _free_run(2)
    serve = _serve(port, postgres_url, redis_url, "--workers", "2")
    try:
        workers = {}
        for _ in range(100):  # the two workers answer on their own ports
            try:
                for i in (0, 1):
                    httpx.get(f"http://127.0.0.1:{port + 1 + i}/api/meta", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        for child in psutil.Process(serve.pid).children():
            for conn in child.net_connections(kind="tcp"):
                if conn.status == psutil.CONN_LISTEN and conn.laddr.port in (port + 1, port + 2):
                    workers[conn.laddr.port] = child
        assert set(workers) == {port + 1, port + 2}, workers
        owners: list[str | None] = []
        tid, acked = asyncio.run(_play(f"http://127.0.0.1:{port + 1}", f"http://127.0.0.1:{port + 2}",
                                       workers[port + 1], redis_url, owners))
    finally:
        serve.terminate()
        serve.wait(timeout=60)
    assert owners[0] == f"127.0.0.1:{port + 1}"  # created on worker 0: its lease
    assert owners[1] in (f"127.0.0.1:{port + 1}", f"127.0.0.1:{port + 2}")  # restarted in time, or taken by 1
    assert_stored_as_acked(postgres_url, tid, acked)


class Seat:
    """One seat's websocket to server B, reopened with ``since`` when it closes; its events checked."""

    def __init__(self, ws_base: str, tid: str, token: str):
        self.url = f"{ws_base}/ws/{tid}?k={token}"
        self.ws: Any = None
        self.last: dict[str, Any] = {}
        self.seen: list[int] = []
        self.moves: list[tuple[int, str]] = []
        self.reconnects = 0

    def take(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "error":
            raise AssertionError(msg)
        if msg["type"] == "state":
            assert not self.seen or msg["seq"] == self.seen[-1], "a snapshot skipped events"
            self.seen = self.seen or list(range(1, msg["seq"] + 1))
        elif msg["type"] == "event":
            for e in msg["events"]:
                assert e["n"] == (self.seen[-1] + 1 if self.seen else 1), (e, self.seen[-5:])
                self.seen.append(e["n"])
                if e["kind"] == "move":
                    self.moves.append((e["seat"], e["move"]))
        else:
            return
        self.last = msg

    async def connect(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            since = f"&since={self.seen[-1]}" if self.seen else ""
            try:
                self.ws = await websockets.connect(self.url + since)
                self.take(json.loads(await asyncio.wait_for(self.ws.recv(), 10)))
                return
            except (OSError, websockets.ConnectionClosed, websockets.InvalidStatus):
                assert time.monotonic() < deadline, "could not reconnect"
                await asyncio.sleep(0.2)

    async def until(self, seq: int) -> bool:
        """Read until the event ``seq``; False if the socket had to be reopened without it (resend)."""
        while not self.last or self.last["seq"] < seq:
            try:
                self.take(json.loads(await asyncio.wait_for(self.ws.recv(), 15)))
            except websockets.ConnectionClosed:
                self.reconnects += 1
                await self.connect()
                return self.last["seq"] >= seq
        return True

    async def send(self, msg: dict[str, Any]) -> None:
        try:
            await self.ws.send(json.dumps(msg))
        except websockets.ConnectionClosed:  # the answer (or the need to resend) shows after reconnecting
            self.reconnects += 1
            await self.connect()


async def _play(base_a: str, base_b: str, a: subprocess.Popen[bytes], redis_at: str,
                owners: list[str | None]) -> tuple[str, list[tuple[int, str]]]:
    import redis

    leases = redis.Redis.from_url(redis_at, decode_responses=True)
    async with httpx.AsyncClient(timeout=30) as client:
        r = await client.post(f"{base_a}/api/tables", json={"variant": "classic(players=2)", "hints": False,
                                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        data = r.json()
        tid, tokens = data["id"], {data["seat"]: data["token"]}
        code = data["links"][0]["link"].split("i=")[1]
        claimed = await client.post(f"{base_b}/api/tables/{tid}/claim", json={"invite": code})  # forwarded to A
        assert claimed.status_code == 200, claimed.text
        tokens[claimed.json()["seat"]] = claimed.json()["token"]
    seats = [Seat(base_b.replace("http://", "ws://"), tid, tokens[i]) for i in (0, 1)]
    for s in seats:
        await s.connect()
    await seats[0].send({"type": "start"})
    await seats[0].until(1)
    moves, killed = 0, False
    while True:
        seq = max(s.last["seq"] for s in seats)
        if not all([await s.until(seq) for s in seats]):
            continue
        view = seats[0].last["view"]
        if view is not None and view["phase"] == "over":
            break
        mover = seats[view["to_act"]]
        if moves == 20 and not killed:
            owners.append(leases.get(f"canasta:owner:{tid}"))
            a.send_signal(signal.SIGKILL)  # mid-deal, with a move sent to it an instant later
            a.wait(timeout=10)
            killed = True
        await mover.send({"type": "move", "move": simple_move(mover.last), "at": seq})
        if await mover.until(seq + 1):
            moves += 1
        assert moves < 400, "the deal never ended"
    owners.append(leases.get(f"canasta:owner:{tid}"))
    leases.close()
    assert killed and seats[0].reconnects and moves > 30
    assert seats[0].seen == list(range(1, seats[0].seen[-1] + 1))
    assert seats[0].moves == seats[1].moves
    return tid, seats[0].moves
