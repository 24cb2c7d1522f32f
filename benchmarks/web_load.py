"""Load benchmark of the web server (not a test): N tables played by bots over websockets on loopback.

Each table has four seats, all "people" whose moves come from this script: one
websocket client per seat picks a random move from the ``legal`` list the server
sends it, the seat of the first player starts each deal. The server runs in a
subprocess (uvicorn, a fresh SQLite file, every move stored) on 127.0.0.1 only.

Reported per N: moves/s accepted by the server, and the move latency (from
sending a move to receiving the state that includes it, on the mover's own
connection) at p50 and p99, in milliseconds.

Usage::

    .venv/bin/python benchmarks/web_load.py                  # N = 10, 100, 500, 20 s each
    .venv/bin/python benchmarks/web_load.py -n 10 --seconds 5 --json

Needs the web extra (starlette, uvicorn, sqlalchemy, websockets) and httpx.
Traffic goes to 127.0.0.1 only; every loop is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    deals: int = 0
    games: int = 0
    stalled: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    code = ("import uvicorn; from canasta.web.app import create_app; "
            f"uvicorn.run(create_app({'sqlite:///' + str(db)!r}, bot_delay=0), host='127.0.0.1', port={port}, "
            "log_level='error', backlog=4096)")
    proc = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.terminate()
    raise RuntimeError("the server did not start")


async def create_tables(base: str, n: int) -> list[tuple[str, list[str]]]:
    seats = [{"kind": "human"}] * 4
    sem = asyncio.Semaphore(16)
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        async def one() -> tuple[str, list[str]]:
            async with sem:
                r = await client.post("/api/tables", json={"variant": "classic(players=4)", "seats": seats})
                r.raise_for_status()
                data = r.json()
                return data["id"], [link["link"].split("k=")[1] for link in data["links"]]
        return list(await asyncio.gather(*(one() for _ in range(n))))


async def seat_client(ws_base: str, tid: str, token: str, seat: int, stats: Stats, clock: dict[str, float],
                      rng: random.Random, started: asyncio.Event) -> None:
    async with websockets.connect(f"{ws_base}/ws/{tid}?k={token}", max_size=2**22, open_timeout=120) as ws:
        clock["connected"] += 1
        await started.wait()
        stop_at = clock["stop"]
        if seat == 0:
            await ws.send(json.dumps({"type": "start"}))
        acted = -1
        sent_at: float | None = None
        next_for = -1
        while True:
            left = stop_at - time.monotonic()
            if left <= 0:
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                return
            m: dict[str, Any] = json.loads(raw)
            if m["type"] == "error":
                stats.errors += 1
                sent_at = None
                continue
            if m["type"] != "state" or m["view"] is None:
                continue
            if sent_at is not None and m["seq"] > acted:
                stats.latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if m["game_over"]:
                if seat == 0:
                    stats.games += 1
                return
            if m["view"]["phase"] == "over":
                if seat == 0 and next_for != m["deal_no"]:
                    next_for = m["deal_no"]
                    stats.deals += 1
                    await ws.send(json.dumps({"type": "next_deal"}))
                continue
            if m["legal"] and m["seq"] > acted and sent_at is None:
                acted = m["seq"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "move", "move": rng.choice(m["legal"])}))


async def run_load(base: str, n: int, seconds: float, seed: int) -> dict[str, Any]:
    tables = await create_tables(base, n)
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(seed)
    stats = Stats()
    started = asyncio.Event()
    clock = {"connected": 0.0, "stop": 0.0}
    tasks = [asyncio.create_task(seat_client(ws_base, tid, tok, i, stats, clock, random.Random(rng.random()),
                                             started))
             for tid, toks in tables for i, tok in enumerate(toks)]
    t_connect = time.monotonic()
    while clock["connected"] < 4 * n and time.monotonic() - t_connect < 120:  # open every socket first
        await asyncio.sleep(0.05)
    connect_s = time.monotonic() - t_connect
    t0 = time.monotonic()
    clock["stop"] = t0 + seconds
    started.set()
    done, pending = await asyncio.wait(tasks, timeout=seconds + 30)
    elapsed = min(time.monotonic() - t0, seconds)
    for t in pending:
        t.cancel()
    failures = sum(1 for t in done if t.exception() is not None)
    lat = sorted(stats.latencies)
    moves = len(lat)
    return {
        "tables": n, "connections": 4 * n, "connected": int(clock["connected"]), "connect_s": round(connect_s, 2),
        "seconds": round(elapsed, 2), "moves": moves,
        "moves_per_s": round(moves / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2) if lat else None,
        "deals_finished": stats.deals, "games_finished": stats.games, "errors": stats.errors,
        "client_failures": failures,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, action="append", help="number of tables (repeatable; default 10 100 500)")
    ap.add_argument("--seconds", type=float, default=20.0, help="play time per N (seconds)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    results = []
    for n in args.n or [10, 100, 500]:
        with tempfile.TemporaryDirectory() as tmp:
            port = free_port()
            proc = start_server(Path(tmp) / "load.db", port)
            try:
                res = asyncio.run(run_load(f"http://127.0.0.1:{port}", n, args.seconds, args.seed))
            finally:
                proc.terminate()
                proc.wait(timeout=30)
        results.append(res)
        if not args.json:
            print(f"N={n:4d} tables ({4 * n} sockets): {res['moves_per_s']:8.1f} moves/s  "
                  f"p50 {res['p50_ms']} ms  p99 {res['p99_ms']} ms  ({res['moves']} moves in {res['seconds']} s, "
                  f"{res['deals_finished']} deals, errors {res['errors']}, client failures {res['client_failures']})",
                  flush=True)
    if args.json:
        print(json.dumps({"results": results}, indent=1))


if __name__ == "__main__":
    main()
