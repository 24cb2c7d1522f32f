"""benchmarks/web_load.py's setup: tables created through connection errors, and a one-line error when they cannot
be (the load figures themselves are the benchmark's, never a test's)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from helpers import benchmark_module

httpx = pytest.importorskip("httpx")
pytest.importorskip("psutil")
pytest.importorskip("websockets")

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "benchmarks" / "web_load.py"


class FakeServer:
    """Answers POST /api/tables and /claim like the server; the requests named in ``fail_on`` (1-based count of
    all requests) fail with a connection error (the server closing the connection, httpx.ReadError)."""

    def __init__(self, fail_on: set[int] | None = None, always_fail: bool = False):
        self.fail_on = fail_on or set()
        self.always_fail = always_fail
        self.count = 0
        self.ids = itertools.count(1)
        self.tables: dict[str, set[str]] = {}

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.count += 1
        if self.always_fail or self.count in self.fail_on:
            raise httpx.ReadError("connection closed by the server", request=request)
        path = request.url.path
        if path == "/api/tables":
            tid = f"t{next(self.ids)}"
            self.tables[tid] = {f"{tid}i{s}" for s in (1, 2, 3)}
            return httpx.Response(201, json={"id": tid, "seat": 0, "token": f"{tid}k0", "links": [
                {"seat": s, "link": f"/table?t={tid}&i={tid}i{s}"} for s in (1, 2, 3)]})
        tid = path.split("/")[3]
        code = json.loads(request.content)["invite"]
        if code not in self.tables[tid]:
            return httpx.Response(409, json={"error": "this invite has been used", "code": "spent"})
        self.tables[tid].discard(code)
        seat = int(code.split("i")[-1])
        return httpx.Response(200, json={"seat": seat, "token": f"{tid}k{seat}"})


def test_tables_are_made_through_connection_errors() -> None:
    web_load = benchmark_module("web_load")
    server = FakeServer(fail_on={1, 6, 7})  # a table's creation, then two of a table's claims
    tables = asyncio.run(web_load.create_tables("http://fake", 3, transport=httpx.MockTransport(server.handle),
                                                backoff=0.0))
    assert len(tables) == 3
    for tid, tokens in tables:
        assert tokens == [f"{tid}k{s}" for s in range(4)]  # every seat claimed, in seat order
    assert len({tid for tid, _ in tables}) == 3


def test_a_table_that_cannot_be_made_is_one_line() -> None:
    web_load = benchmark_module("web_load")
    server = FakeServer(always_fail=True)
    with pytest.raises(web_load.SetupError) as info:
        asyncio.run(web_load.create_tables("http://fake", 2, transport=httpx.MockTransport(server.handle),
                                           backoff=0.0))
    message = str(info.value)
    assert "\n" not in message
    assert f"{web_load.CREATE_ATTEMPTS} tries" in message and "ReadError" in message
    assert server.count == 2 * web_load.CREATE_ATTEMPTS


def test_no_server_at_the_url_is_one_line_and_no_traceback() -> None:
    web_load = benchmark_module("web_load")
    port = web_load.free_port()  # nothing listens there
    proc = subprocess.run([sys.executable, str(SCRIPT), "--url", f"http://127.0.0.1:{port}", "--tables", "1",
                           "--seconds", "1", "--json"], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("web_load: no canasta server answers at"), proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("think_ms", ["0", "20"])
def test_a_short_run_plays_moves_through_a_real_server(think_ms: str) -> None:
    """The whole benchmark, briefly: a server started by it, 2 tables, every seat a client (moves sent at once,
    or after the think time); moves acknowledged, no error, every figure present (their values are not tested)."""
    pytest.importorskip("uvicorn")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--tables", "2", "--think-ms", think_ms, "--seconds", "2",
                           "--client-procs", "1", "--json"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    res = json.loads(proc.stdout)
    assert res["connected"] == 8 and res["errors"] == 0, res
    assert res["moves"] >= (100 if think_ms == "0" else 10), res
    for key in ("moves_per_second", "p50_ms", "p99_ms", "server_cpu_ms_per_move", "client_cpu_ms_per_move"):
        assert isinstance(res[key], float) and res[key] > 0, (key, res)


@pytest.mark.slow
def test_a_server_that_stops_mid_run_is_counted_not_a_traceback() -> None:
    """The server at ``--url`` stops while its tables play (think time 100 ms, so moves are waiting on timers
    when the sockets close): every seat's lost socket is an error of the run, and nothing else is printed."""
    pytest.importorskip("uvicorn")
    web_load = benchmark_module("web_load")
    port = web_load.free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = web_load.start_server(f"sqlite:///{tmp}/load.db", port)
        try:
            run = subprocess.Popen([sys.executable, str(SCRIPT), "--url", f"http://127.0.0.1:{port}", "--tables", "20",
                                    "--think-ms", "100", "--seconds", "60", "--client-procs", "1", "--json"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            _wait_for_moves(f"{tmp}/load.db", 40)  # every seat is connected before the first move
        finally:
            server.terminate()
            server.wait(30)
        out, err = run.communicate(timeout=120)
    assert "Traceback" not in err and "Exception" not in err, err
    res = json.loads(out)
    assert res["connected"] == 80 and res["errors"] == 80 and res["seconds"] < 60, res


def _wait_for_moves(path: str, n: int, timeout: float = 120.0) -> None:
    """Wait until the SQLite store at ``path`` holds ``n`` moves."""
    import sqlite3

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.closing(sqlite3.connect(path, timeout=5)) as db:
            with contextlib.suppress(sqlite3.OperationalError):  # (the table is made by the server's start)
                if db.execute("SELECT count(*) FROM web_moves").fetchone()[0] >= n:
                    return
        time.sleep(0.2)
    raise AssertionError(f"fewer than {n} moves stored in {timeout:g} s")
