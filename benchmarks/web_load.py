"""Load benchmark of the web server (not a test): N four-player tables played over websockets.

Every seat is a "person" driven by this script: one websocket client per seat waits ``--think-ms``
(uniformly 0.5x to 1.5x, as people play; 0 = a stress run), then sends a random move of the ``legal``
list the server sent it; the host starts each game and each next deal, and when a game is over asks for the
rematch (same seats and keys, a new table) to which every seat moves, so that the tables play for the whole window.
The clients run in processes of their own (``--client-procs``). So that they cost less CPU than the server they
measure, each socket is ``websockets``' sans-I/O protocol driven from the event loop's callbacks (no task, future or
timeout per message), and a client parses only the messages it must act on, with orjson. The server is started
here (uvicorn in a subprocess on 127.0.0.1, a fresh SQLite file unless ``--database`` names one, the flood limit
off) or is the one given by ``--url`` (then its CPU time is not measured, and its clients may run on another
machine).

Printed (``--json``: one JSON object): ``tables``, ``think_ms``, ``workers``, ``database``,
``moves_per_second`` (moves acknowledged per second), ``p50_ms``/``p99_ms`` (from sending a move to
receiving the message that includes it, on the mover's own connection), ``server_cpu_ms_per_move``
(user + system CPU of the server process and its children during the play window, per move),
``client_cpu_ms_per_move`` (the same for the client processes: they share the machine with the server), ``errors``
(error messages received plus clients that failed), ``deals_finished``, ``games_finished``, ``rematches``.

Usage::

    .venv/bin/python benchmarks/web_load.py --tables 10 --think-ms 0 --seconds 5 --json
    .venv/bin/python benchmarks/web_load.py --tables 500 --seconds 30 --json            # people: 2 s think
    .venv/bin/python benchmarks/web_load.py --tables 50 --think-ms 0 --database postgresql+psycopg://u@h/db

Needs the web extra, httpx and psutil. Every loop is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import queue
import random
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import psutil
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri


class SetupError(RuntimeError):
    """The benchmark could not be set up (the server did not start, tables could not be created): one line."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: str, port: int, workers: int = 1, cpus: set[int] | None = None) -> subprocess.Popen[bytes]:
    """uvicorn serving create_app on ``database`` (bots without delay, no flood limit) on 127.0.0.1:``port``,
    with the uvicorn settings of ``canasta serve``; ``workers`` > 1: the processes of ``canasta serve --workers``;
    ``cpus``: the server's processes run only on these CPUs (Linux)."""
    if workers > 1:
        from canasta.web.store import Store

        Store(database).close()
    code = ("import uvicorn; from canasta.web.app import create_app; "
            "from canasta.web.security import SecurityConfig; from canasta.web.serve import UVICORN_OPTIONS as o; "
            "import importlib.util as u; g = u.find_spec('canasta.web.gctune'); "  # (a tree before it: no tuning)
            "tune_gc = __import__('canasta.web.gctune', fromlist=['x']).tune_gc if g else (lambda: None); "
            f"app = create_app({database!r}, bot_delay=0, bot_processes=1, "
            "security=SecurityConfig(messages_per_second=0, sockets_per_seat=8)); tune_gc(); "
            f"uvicorn.run(app, host='127.0.0.1', port={port}, **{{**o, 'log_level': 'error'}})")
    if workers > 1:
        code = ("from canasta.web.workers import run_workers; from canasta.web.security import SecurityConfig; "
                "from canasta.web.serve import UVICORN_OPTIONS as o; "
                f"run_workers({workers}, '127.0.0.1', {port}, {database!r}, {{'bot_delay': 0, 'bot_processes': 1, "
                "'security': SecurityConfig(messages_per_second=0, sockets_per_seat=8)}, {**o, 'log_level': 'error'})")
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    proc = subprocess.Popen([sys.executable, "-c", code], preexec_fn=pin)
    deadline = time.monotonic() + 300  # a database with many tables being played is restored at start
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1)
            settle(proc.pid)
            return proc
        except httpx.HTTPError:
            if proc.poll() is not None:
                raise SetupError(f"the server exited at start (exit code {proc.returncode})") from None
            time.sleep(0.1)
    proc.terminate()
    raise SetupError("the server did not answer within 300 s of its start")


def settle(pid: int, seconds: float = 60.0) -> None:
    """Wait (at most ``seconds``) until the processes of ``pid`` are idle: the bot processes a server starts
    import the engine and the bots, which is not the CPU of the moves measured."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        before = cpu_seconds(pid)
        time.sleep(0.5)
        if cpu_seconds(pid) - before < 0.02:
            return


def cpu_by_process(pid: int) -> dict[str, float]:
    """User + system CPU seconds of process ``pid`` and of each of its children, by ``pid name``."""
    out: dict[str, float] = {}
    try:
        proc = psutil.Process(pid)
        for p in [proc, *proc.children(recursive=True)]:
            try:
                t = p.cpu_times()
                out[f"{p.pid} {p.name()}"] = t.user + t.system
            except psutil.NoSuchProcess:
                pass
    except psutil.NoSuchProcess:
        pass
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` and its children."""
    return sum(cpu_by_process(pid).values())


CREATE_CONCURRENCY = 16
"""Requests in flight while the tables are created."""
CREATE_ATTEMPTS = 5
"""Tries per table (a table whose creation failed midway is left and a new one made)."""


async def create_tables(base: str, n: int, transport: httpx.AsyncBaseTransport | None = None,
                        backoff: float = 0.5) -> list[tuple[str, list[str]]]:
    """N four-player tables: each table's id and its four seat tokens (the host's, then the claimed invites).

    At most :data:`CREATE_CONCURRENCY` requests are in flight, on connections kept alive for at most 1 s (less
    than the server's keep-alive, 5 s with uvicorn, so a connection the server is closing is never reused). A
    table whose creation fails (a connection error, a 5xx answer, a refused claim) is left and made again,
    after ``backoff`` x 2^try seconds, up to :data:`CREATE_ATTEMPTS` times.

    Raises:
        SetupError: a table could not be made in :data:`CREATE_ATTEMPTS` tries (the last reason, one line).
    """
    seats = [{"kind": "human"}] * 4
    sem = asyncio.Semaphore(CREATE_CONCURRENCY)
    limits = httpx.Limits(max_connections=CREATE_CONCURRENCY, keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits, transport=transport) as client:
        async def attempt() -> tuple[str, list[str]]:
            r = await client.post("/api/tables", json={"variant": "classic(players=4)", "seats": seats,
                                                       "hints": False})
            r.raise_for_status()
            data = r.json()
            tokens = {int(data["seat"]): str(data["token"])}
            for link in data["links"]:
                code = link["link"].split("i=")[1]
                c = await client.post(f"/api/tables/{data['id']}/claim", json={"invite": code})
                c.raise_for_status()
                tokens[int(c.json()["seat"])] = str(c.json()["token"])
            return str(data["id"]), [tokens[s] for s in sorted(tokens)]

        async def one() -> tuple[str, list[str]]:
            reason = ""
            for n_try in range(CREATE_ATTEMPTS):
                try:
                    async with sem:
                        return await attempt()
                except (httpx.HTTPError, ValueError, KeyError, IndexError) as e:
                    reason = _one_line(e)
                    if n_try + 1 < CREATE_ATTEMPTS:
                        await asyncio.sleep(backoff * 2 ** n_try)
            raise SetupError(f"a table could not be created in {CREATE_ATTEMPTS} tries at {base}: {reason}")

        return list(await asyncio.gather(*(one() for _ in range(n))))


def _one_line(error: BaseException) -> str:
    """``error`` as one short line: its type and the first line of its text."""
    text = str(error).strip().splitlines()[0][:160] if str(error).strip() else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class _Link(asyncio.Protocol):
    """One websocket connection of a seat: ``websockets``' sans-I/O protocol driven from the event loop's own
    callbacks (a frame is handed to the seat as it arrives; no task, future or timeout per message)."""

    def __init__(self, seat: SeatClient, uri: str) -> None:
        self.seat, self.ws = seat, ClientProtocol(parse_uri(uri), max_size=2**22)
        self.opened: asyncio.Future[None] = seat.loop.create_future()
        self.transport: asyncio.Transport | None = None

    async def open(self, timeout: float = 300.0) -> None:
        """Connect and finish the handshake; raises what failed (refused, timed out, handshake refused)."""
        uri = self.ws.uri
        await asyncio.wait_for(self.seat.loop.create_connection(
            lambda: self, uri.host, uri.port, ssl=ssl.create_default_context() if uri.secure else None), timeout)
        await asyncio.wait_for(asyncio.shield(self.opened), timeout)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # (uvloop's transports do not subclass it)
        self.ws.send_request(self.ws.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT:
                    self.seat.message(self, bytes(event.data))  # (bytes already: not copied)
            elif not self.opened.done():  # the handshake's response
                exc = self.ws.handshake_exc
                self.opened.set_exception(exc) if exc is not None else self.opened.set_result(None)
        self.flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        self.seat.lost(self)

    def flush(self) -> None:
        data = self.ws.data_to_send()
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(data))  # (an empty chunk, the end of the stream, joins as nothing)

    def send(self, text: bytes) -> None:
        """Send a text frame; nothing once the connection is closing (the server closed it: ``connection_lost``
        follows and counts it)."""
        if self.ws.state is not State.OPEN:
            return
        self.ws.send_text(text)
        self.flush()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class SeatClient:
    """A person at one seat, played by this script: a random legal move after the think time, on a websocket of
    its own, so that the clients cost the machine less CPU than the server they measure (they share its cores).

    The host starts the game and each next deal; when the game is over it asks for the rematch (same seats
    and keys, a new table), and every seat moves to the rematch's table, so that the tables play for the
    whole window however short their games."""

    def __init__(self, ws_base: str, table: str, token: str, host: bool, think: float, out: dict[str, Any],
                 rng: random.Random) -> None:
        self.ws_base, self.token, self.host, self.think, self.out, self.rng = ws_base, token, host, think, out, rng
        self.loop = asyncio.get_running_loop()
        self.done: asyncio.Future[None] = self.loop.create_future()
        self.link = _Link(self, self._uri(table))
        self.playing = self.stopping = False
        self.acted, self.next_for, self.over_at = -1, -1, -1
        self.sent_at: float | None = None
        self.pending: asyncio.TimerHandle | None = None
        self.reopening: asyncio.Task[None] | None = None

    def _uri(self, table: str) -> str:
        return f"{self.ws_base}/ws/{table}?k={self.token}"

    def start(self) -> None:
        """The measured window opens: act on messages from now on; the host starts the game."""
        self.playing = True
        if self.host:
            self.link.send(b'{"type":"start"}')

    def stop(self) -> None:
        """The window is over: stop acting and close the socket."""
        self.stopping = True
        if self.pending is not None:
            self.pending.cancel()
        self.link.close()

    def lost(self, link: _Link) -> None:
        if link is self.link and not self.stopping:
            self._fail(counted=self.playing)  # the server closed a seat's socket (mid-game: a failure)

    def _fail(self, counted: bool = True) -> None:
        """This seat stops playing (its socket is gone); ``counted``: a failure of the run."""
        if counted:
            self.out["failures"] += 1
        if not self.done.done():
            self.done.set_result(None)

    def _move(self, move: str, seq: int) -> None:
        self.pending = None
        if self.stopping:
            return
        self.sent_at = time.monotonic()
        self.link.send(f'{{"type":"move","move":"{move}","at":{seq}}}'.encode())  # notation: no quote to escape

    def _rematch(self, table: str) -> None:
        """Leave the finished table for its rematch: a new connection, the seat's key unchanged."""
        old, self.link = self.link, _Link(self, self._uri(table))
        old.close()
        self.acted, self.next_for, self.over_at, self.sent_at = -1, -1, -1, None
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None

        async def reopen() -> None:
            try:
                await self.link.open()
            except Exception:
                if not self.stopping:
                    self._fail()
                return
            if self.host and not self.stopping:
                self.link.send(b'{"type":"start"}')

        self.out["rematches"] += 1 if self.host else 0
        self.reopening = self.loop.create_task(reopen())

    def message(self, link: _Link, raw: bytes) -> None:
        if link is not self.link or not self.playing or self.stopping:
            return
        out = self.out
        if (not self.host and self.sent_at is None and b'"legal":[]' in raw
                and b'"game_over":true' not in raw and b'"type":"error"' not in raw):
            return  # not this seat's turn and nothing awaited: not even parsed
        m: dict[str, Any] = orjson.loads(raw)
        kind = m.get("type")
        if kind == "error":
            if m.get("code") not in ("stale",):
                out["errors"] += 1
                out["error_codes"][m.get("code")] = out["error_codes"].get(m.get("code"), 0) + 1
            self.sent_at = None
            return
        if kind == "rematch":
            self._rematch(str(m["table"]))
            return
        if kind not in ("state", "event") or m.get("view") is None:
            return
        seq = int(m["seq"])
        if self.sent_at is not None and seq > self.acted:
            out["latencies"].append(time.monotonic() - self.sent_at)
            self.sent_at = None
        if m.get("game_over"):
            if self.host and self.over_at < 0:
                self.over_at = seq
                out["games"] += 1
                link.send(b'{"type":"rematch"}')
            return
        if m["view"].get("phase") == "over":
            if self.host and self.next_for != seq:
                self.next_for = seq
                out["deals"] += 1
                link.send(f'{{"type":"next_deal","at":{seq}}}'.encode())
            return
        legal = m.get("legal") or []
        if legal and seq > self.acted and self.sent_at is None and self.pending is None:
            self.acted = seq
            move = self.rng.choice(legal)
            if self.think:
                self.pending = self.loop.call_later(self.think * (0.5 + self.rng.random()), self._move, move, seq)
            else:
                self._move(move, seq)


def client_process(ws_base: str, tables: list[tuple[str, list[str]]], think: float, seed: int, go: Any,
                   stop_at: Any, ready: Any, results: Any, cpus: set[int] | None = None) -> None:
    """One client process: a websocket per seat of ``tables``; puts its measurements on ``results``.
    Runs on uvloop when it is installed (as the server does), only on ``cpus`` when given (Linux)."""
    if cpus:
        os.sched_setaffinity(0, cpus)
    out: dict[str, Any] = {"latencies": [], "errors": 0, "error_codes": {}, "deals": 0, "games": 0,
                           "rematches": 0, "connected": 0, "failures": 0, "cpu_s": 0.0}
    rng = random.Random(seed)

    async def main() -> None:
        seats = [SeatClient(ws_base, tid, tok, i == 0, think, out, random.Random(rng.random()))
                 for tid, toks in tables for i, tok in enumerate(toks)]
        opened = await asyncio.gather(*(s.link.open() for s in seats), return_exceptions=True)
        live = [s for s, e in zip(seats, opened, strict=True) if e is None]
        out["connected"] = len(live)
        out["failures"] += len(seats) - len(live)
        ready.put(out["connected"])
        while not go.is_set():
            await asyncio.sleep(0.005)
        cpu0 = time.process_time()  # this process's CPU during the play window
        for s in live:
            s.start()
        left = stop_at.value - time.time()
        if live and left > 0:
            await asyncio.wait([s.done for s in live], timeout=left)
        for s in live:
            s.stop()
        out["cpu_s"] = time.process_time() - cpu0

    try:
        import uvloop
    except ImportError:
        asyncio.run(main())
    else:
        uvloop.run(main())
    results.put(out)


def run(args: argparse.Namespace) -> dict[str, Any]:
    tmp = tempfile.TemporaryDirectory()
    proc = None
    database = args.database or f"sqlite:///{Path(tmp.name) / 'load.db'}"
    if args.url:
        base = args.url.rstrip("/")
        try:
            httpx.get(f"{base}/api/meta", timeout=10).raise_for_status()
        except httpx.HTTPError as e:
            raise SetupError(f"no canasta server answers at {base}: {_one_line(e)}") from None
    else:
        port = free_port()
        proc = start_server(database, port, args.workers, _cpus(args.server_cpus))
        base = f"http://127.0.0.1:{port}"
    try:
        tables = asyncio.run(create_tables(base, args.tables))
        ctx = mp.get_context("spawn")
        go, stop_at, ready, results = ctx.Event(), ctx.Value("d", 0.0), ctx.Queue(), ctx.Queue()
        nproc = max(1, min(args.client_procs, len(tables)))
        parts = [tables[i::nproc] for i in range(nproc)]
        ws_base = base.replace("http://", "ws://").replace("https://", "wss://")
        procs = [ctx.Process(target=client_process, args=(ws_base, part, args.think_ms / 1000, args.seed + i, go,
                                                          stop_at, ready, results, _cpus(args.client_cpus)))
                 for i, part in enumerate(parts)]
        t_connect = time.monotonic()
        for p in procs:
            p.start()
        try:
            connected = sum(ready.get(timeout=600) for _ in procs)
        except queue.Empty:
            raise SetupError("the clients did not connect within 600 s") from None
        connect_s = time.monotonic() - t_connect
        cpu0 = cpu_by_process(proc.pid) if proc else {}
        t0 = time.time()
        stop_at.value = t0 + args.seconds
        go.set()
        outs = [results.get(timeout=args.seconds + 120) for _ in procs]
        elapsed = min(time.time() - t0, args.seconds)
        cpu1 = cpu_by_process(proc.pid) if proc else {}
        by_process = {k: round(v - cpu0.get(k, 0.0), 3) for k, v in cpu1.items()}
        cpu = sum(by_process.values()) if proc else None
        for p in procs:
            p.join(timeout=30)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
        tmp.cleanup()
    lat = sorted(x for o in outs for x in o["latencies"])
    moves = len(lat)
    codes: dict[str, int] = {}
    for o in outs:
        for k, v in o["error_codes"].items():
            codes[str(k)] = codes.get(str(k), 0) + v
    return {
        "tables": args.tables, "think_ms": args.think_ms, "workers": args.workers,
        "database": "postgresql" if database.startswith("postgres") else "sqlite",
        "connections": 4 * args.tables, "connected": connected, "connect_s": round(connect_s, 2),
        "client_procs": len(procs), "seconds": round(elapsed, 2), "moves": moves,
        "moves_per_second": round(moves / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2) if lat else None,
        "server_cpu_ms_per_move": round(1000 * cpu / moves, 3) if cpu is not None and moves else None,
        "server_cpu_s_by_process": by_process,
        "client_cpu_ms_per_move": round(1000 * sum(o["cpu_s"] for o in outs) / moves, 3) if moves else None,
        "errors": sum(o["errors"] + o["failures"] for o in outs), "error_codes": codes,
        "deals_finished": sum(o["deals"] for o in outs), "games_finished": sum(o["games"] for o in outs),
        "rematches": sum(o["rematches"] for o in outs),
    }


def _cpus(text: str | None) -> set[int] | None:
    return {int(c) for c in text.split(",")} if text else None


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--tables", "-n", type=int, default=10, help="four-player tables (default 10)")
    ap.add_argument("--think-ms", type=float, default=2000.0, help="think time per move, ms (0: stress)")
    ap.add_argument("--seconds", type=float, default=20.0, help="play time (seconds)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (canasta serve --workers)")
    ap.add_argument("--database", help="database URL for the server started here (default: a fresh SQLite file)")
    ap.add_argument("--url", help="use the server at this address instead of starting one (CPU not measured)")
    ap.add_argument("--client-procs", type=int, default=2, help="client processes (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--server-cpus", help="CPUs the server started here runs on (Linux), e.g. 0 or 0,1")
    ap.add_argument("--client-cpus", help="CPUs the client processes run on (Linux), e.g. 1")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    try:
        res = run(args)
    except SetupError as e:
        sys.exit(f"web_load: {e}")
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{res['tables']} tables ({res['connections']} sockets, {res['database']}, think {res['think_ms']} ms): "
              f"{res['moves_per_second']} moves/s, p50 {res['p50_ms']} ms, p99 {res['p99_ms']} ms, "
              f"server CPU {res['server_cpu_ms_per_move']} ms/move, errors {res['errors']} {res['error_codes']}")


if __name__ == "__main__":
    main()
