"""A real ``canasta serve`` process on a real PostgreSQL cluster (tests/servers.py) that is stopped mid-deal:
the person's move is refused with a one-line message and the table stays exactly as it was (view, legal moves,
event number), bots wait, and once PostgreSQL is back the same move is accepted and the deal is played to its
end; the stored moves are the acknowledged ones (no gap, no duplicate) and a restarted server restores the
table. A server started while PostgreSQL is down says so in one line, without the URL's password."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from servers import PostgresCluster, free_port, postgres_cluster  # noqa: F401

from .wsplay import simple_move

httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")
pytest.importorskip("psycopg")

SECRET = "s3cret-pw"
"""A password put in the database URL (the cluster trusts local connections, so any password works): it must
never appear in what the server prints."""

SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"},
         {"kind": "bot", "bot": "random"}]


def _url(cluster: PostgresCluster) -> str:
    return f"postgresql+psycopg://canasta:{SECRET}@127.0.0.1:{cluster.port}/postgres"


class Server:
    """``python -m canasta serve`` on a free port; its stderr goes to a file read by :meth:`output`."""

    def __init__(self, database: str, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
        with open(log, "ab") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", "canasta", "serve", "--no-browser", "--port",
                                          str(self.port), "--database", database, "--messages-per-second", "0"],
                                         env=env, stdout=err, stderr=err)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.output()
            try:
                httpx.get(f"{self.base}/api/meta", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise AssertionError("the server did not answer in 60 s")

    def output(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        """Stop it as Ctrl+C would (it writes what is queued and closes the database)."""
        self.proc.terminate()
        self.proc.wait(timeout=60)


class Person:
    """A person's websocket: keeps the state as a browser does and every acknowledged event by number."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        self.events: dict[int, tuple[int, str]] = {}  # n -> (seat, move), moves only
        self.refs = 0

    async def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
        if msg["type"] == "state":
            self.state = dict(msg)
            self._keep(msg["log"])
        elif msg["type"] == "event":
            for e in msg["events"]:
                assert e["n"] == self.state["seq"] + 1, f"event {e['n']} after {self.state['seq']}"
                self.state["seq"] = e["n"]
                self.state["log"] = [] if e["kind"] == "deal" else [*self.state["log"], e]
            self._keep(msg["events"])
            self.state.update({k: v for k, v in msg.items() if k not in ("type", "events")})
        return msg

    def _keep(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            if e["kind"] == "move":
                assert self.events.setdefault(e["n"], (e["seat"], e["move"])) == (e["seat"], e["move"])

    async def sync(self) -> dict[str, Any]:
        """A fresh snapshot from the server (what a reloaded page would show)."""
        self.refs += 1
        await self.ws.send(json.dumps({"type": "sync", "ref": self.refs}))
        while True:
            msg = await self.recv()
            if msg["type"] == "state" and msg.get("ref") == self.refs:
                return msg

    async def my_turn(self) -> dict[str, Any]:
        """Read until the person is to act (or the deal is over); the state then."""
        while True:
            v = self.state.get("view")
            if v is not None and (v["phase"] == "over" or (v["to_act"] == 0 and self.state["legal"])):
                return self.state
            await self.recv()

    async def move(self, move: str) -> dict[str, Any]:
        """Send ``move`` on the current event number; the answer (its ``event`` or an ``error``)."""
        self.refs += 1
        await self.ws.send(json.dumps({"type": "move", "move": move, "at": self.state["seq"], "ref": self.refs}))
        while True:
            msg = await self.recv()
            if msg["type"] == "error":
                assert msg.get("ref") == self.refs, msg
                return msg
            if msg["type"] == "event" and any(e["seat"] == 0 for e in msg["events"]):
                return msg


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("seq", "view", "legal", "log", "status", "game_over")
    return {k: a[k] for k in keys} == {k: b[k] for k in keys}


async def _outage_game(server: Server, cluster: PostgresCluster
                       ) -> tuple[str, str, dict[int, tuple[int, str]], dict[str, Any]]:
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        r = await client.post("/api/tables", json={"variant": "classic(players=4)", "seats": SEATS, "hints": False})
        assert r.status_code == 201, r.text
        tid, token = r.json()["id"], r.json()["token"]
    async with websockets.connect(f"{server.base.replace('http', 'ws')}/ws/{tid}?k={token}") as ws:
        ana = Person(ws)
        await ana.recv()
        await ws.send(json.dumps({"type": "start"}))

        # 1. PostgreSQL stops while the bots are to move: they wait (nothing advances), then go on. (Three bots
        # play six moves 0.3 s apart; should they all be done before the stop, the next turn tries again.)
        for _ in range(3):
            s = await ana.my_turn()
            while True:
                answer = await ana.move(simple_move(s))
                assert answer["type"] == "event", answer
                if answer["view"]["to_act"] != 0:
                    break
                s = ana.state
            await asyncio.to_thread(cluster.stop)
            down = await ana.sync()
            if down["view"]["to_act"] != 0:
                break
            await asyncio.to_thread(cluster.start)
        assert down["view"]["to_act"] != 0, "the bots finished before PostgreSQL stopped: nothing was tested"
        await asyncio.sleep(2.0)
        assert _same(await ana.sync(), down)  # no bot move was made while the store was down
        await asyncio.to_thread(cluster.start)
        s = await ana.my_turn()
        assert s["seq"] > down["seq"]

        # 2. PostgreSQL stops on the person's turn: the move is refused, nothing changes; back, it is accepted.
        before = await ana.sync()
        await asyncio.to_thread(cluster.stop)
        move = simple_move(before)
        refused = await ana.move(move)
        assert refused["code"] == "store_failed" and "\n" not in refused["message"], refused
        assert "try again" in refused["message"] and SECRET not in refused["message"]
        await asyncio.sleep(1.0)
        assert _same(await ana.sync(), before)  # view, legal moves, event number as they were
        await asyncio.to_thread(cluster.start)
        accepted = await ana.move(move)
        assert accepted["type"] == "event" and accepted["events"][0] == {
            **accepted["events"][0], "n": before["seq"] + 1, "seat": 0, "move": move}

        # 3. PostgreSQL stops and starts between two moves: the next move is accepted at its first try.
        s = await ana.my_turn()
        await asyncio.to_thread(cluster.stop)
        await asyncio.to_thread(cluster.start)
        answer = await ana.move(simple_move(s))
        assert answer["type"] == "event", answer

        # 4. Play on to the end of the deal.
        while True:
            s = await ana.my_turn()
            if s["view"]["phase"] == "over":
                break
            answer = await ana.move(simple_move(s))
            assert answer["type"] == "event", answer
        return tid, token, ana.events, await ana.sync()


async def _snapshot(server: Server, tid: str, token: str) -> dict[str, Any]:
    async with websockets.connect(f"{server.base.replace('http', 'ws')}/ws/{tid}?k={token}") as ws:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        assert msg["type"] == "state", msg
        return msg


def _stored_moves(url: str, tid: str) -> list[tuple[int, int, int, str]]:
    from sqlalchemy import select

    from canasta.web.store import MoveRow, Store

    store = Store(url)
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(select(MoveRow.deal, MoveRow.seq, MoveRow.seat, MoveRow.text)
                                .where(MoveRow.table_id == tid).order_by(MoveRow.deal, MoveRow.seq))
            return [(r[0], r[1], r[2], r[3]) for r in rows]
    finally:
        store.close()


@pytest.mark.slow
def test_a_move_while_postgresql_is_stopped_is_refused_and_play_continues(
        postgres_cluster: PostgresCluster, tmp_path: Path) -> None:  # noqa: F811
    url, log = _url(postgres_cluster), tmp_path / "server.log"
    server = Server(url, log)
    try:
        tid, token, acked, final = asyncio.run(_outage_game(server, postgres_cluster))
    finally:
        server.stop()
    seq, stored = final["seq"], _stored_moves(url, tid)
    assert [(d, q) for d, q, _, _ in stored] == [(0, q) for q in range(len(stored))]  # one deal, no gap
    # the acknowledged events: numbered 2.. (1 is the deal) without a gap, each one stored once, in order
    assert sorted(acked) == list(range(2, seq + 1)) and len(stored) == seq - 1
    assert [acked[n] for n in sorted(acked)] == [(seat, text) for _, _, seat, text in stored]

    again = Server(url, log)  # a restart replays the table from PostgreSQL
    try:
        broken = httpx.get(f"{again.base}/api/tables?status=broken", timeout=10).json()
        assert broken == {"broken": [], "stuck": []}
        assert httpx.get(f"{again.base}/api/tables/{tid}", timeout=10).status_code == 200
        restored = asyncio.run(_snapshot(again, tid, token))
        assert _same(restored, final)  # the same view, legal moves, event number and deal log
    finally:
        again.stop()
    printed = again.output()
    assert SECRET not in printed and "Traceback" not in printed and "cannot restore" not in printed
    assert "postgresql+psycopg://canasta:***@" in printed and "store failed" in printed


def test_a_server_started_while_postgresql_is_down_says_so_in_one_line(
        postgres_cluster: PostgresCluster) -> None:  # noqa: F811
    postgres_cluster.stop()
    try:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
        done = subprocess.run([sys.executable, "-m", "canasta", "serve", "--no-browser", "--port", str(free_port()),
                               "--database", _url(postgres_cluster)], env=env, capture_output=True, text=True,
                              timeout=60)
    finally:
        postgres_cluster.start()
    printed = done.stdout + done.stderr
    assert done.returncode == 2, printed
    assert "cannot open the database postgresql+psycopg://canasta:***@127.0.0.1" in printed
    assert SECRET not in printed and "Traceback" not in printed and len(printed.strip().splitlines()) == 1


def test_the_store_writes_at_the_first_try_after_postgresql_restarts(
        postgres_cluster: PostgresCluster) -> None:  # noqa: F811
    """The pool's connections died with the server: they are checked before use, so no write fails for them."""
    from canasta.web.store import Store, StoredTable, StoreOp

    store = Store(_url(postgres_cluster))
    try:
        row = StoredTable("pg-restart", "classic", [], False, "playing", 1, 0, [])
        store.apply_ops([StoreOp("create", row.id, {"row": row}), StoreOp("deal", row.id,
                                                                          {"number": 0, "dealer": 0, "seed": 7})])
        postgres_cluster.stop()
        postgres_cluster.start()
        store.apply_ops([StoreOp("move", row.id, {"deal": 0, "seq": 0, "seat": 1, "text": "draw"})])
        stored = store.load_table(row.id)
        assert stored is not None and stored.deals[0].moves == [(1, "draw")]
    finally:
        store.close()


def test_a_database_server_that_never_answers_fails_within_the_connect_timeout() -> None:
    """A host that accepts the connection but never speaks (a hung server, a black hole): the store gives up
    after ``connect_timeout`` instead of holding the writer (and every table's moves) for good."""
    from sqlalchemy.exc import OperationalError

    from canasta.web.store import Store

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        start = time.monotonic()
        with pytest.raises(OperationalError):
            Store(f"postgresql+psycopg://canasta:{SECRET}@127.0.0.1:{port}/postgres", connect_timeout=1)
        assert time.monotonic() - start < 10


def test_requests_that_need_postgresql_while_it_is_down_get_one_line_and_503(
        postgres_cluster: PostgresCluster, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    """Looking up a table or a score sheet not in memory, opening its websocket or creating a table while the
    database is stopped: 503 (or a ``store_failed`` message) with one line, no traceback, nothing made."""
    from starlette.testclient import TestClient

    from canasta.web.app import DATABASE_DOWN, create_app

    with TestClient(create_app(_url(postgres_cluster), bot_delay=0, bot_processes=0)) as client:
        postgres_cluster.stop()
        try:
            for path in ("/api/tables/nosuchtable", "/api/sheets/nosuchsheet"):
                r = client.get(path)
                assert (r.status_code, r.json()) == (503, {"error": DATABASE_DOWN}), (path, r.text)
            r = client.post("/api/tables", json={"variant": "classic(players=2)",
                                                 "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
            assert r.status_code == 503 and "try again" in r.json()["error"], r.text
            assert "127.0.0.1" not in r.text and "psycopg" not in r.text  # the database's address stays inside
            with client.websocket_connect("/ws/nosuchtable?k=x") as ws:
                msg = ws.receive_json()
                assert (msg["type"], msg["code"], msg["message"]) == ("error", "store_failed", DATABASE_DOWN)
        finally:
            postgres_cluster.start()
        assert client.get("/api/tables/nosuchtable").status_code == 404  # back: the lookup works again
    logged = [r for r in caplog.records if "the database failed" in r.getMessage()]
    assert logged and all(r.exc_info is None and SECRET not in r.getMessage() for r in logged)


def test_a_statement_that_hangs_is_cancelled_by_the_statement_timeout(
        postgres_cluster: PostgresCluster) -> None:  # noqa: F811
    """A server that accepts the connection but does not finish a statement (a lock held by another program):
    the statement is cancelled after ``statement_timeout_ms`` and the write fails instead of hanging."""
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    from canasta.web.store import Store

    store = Store(_url(postgres_cluster), statement_timeout_ms=300)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("SHOW statement_timeout")).scalar() == "300ms"
            start = time.monotonic()
            with pytest.raises(OperationalError, match="statement timeout"):
                conn.execute(text("SELECT pg_sleep(5)"))
            assert time.monotonic() - start < 4
    finally:
        store.close()
