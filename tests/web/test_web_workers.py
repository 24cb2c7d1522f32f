"""``canasta serve --workers 2`` as real processes: a game played through connections that land on either
worker (the kernel spreads them), every seat seeing the same numbered events, no move lost or applied twice."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from canasta.web.workers import RESTARTING, Supervisor, shard_of
from servers import free_port

httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")


def test_shard_of_is_stable_and_spreads() -> None:
    ids = [f"t{i}" for i in range(400)]
    shards = [shard_of(t, 2) for t in ids]
    assert shards == [shard_of(t, 2) for t in ids] and 150 < sum(shards) < 250
    assert {shard_of(t, 3) for t in ids} == {0, 1, 2}


class _Dead:
    """A worker process that has exited."""

    def __init__(self, exitcode: int) -> None:
        self.exitcode, self.pid = exitcode, 4242


def test_the_supervisor_restarts_a_dead_worker_until_it_dies_too_often(capsys: pytest.CaptureFixture[str]) -> None:
    sup = Supervisor(2, os._exit, (), pause=0.5, limit=(3, 60.0))
    sup.procs = [_Dead(-9), _Dead(1)]
    assert sup._died(0) is not None and sup._died(0) is not None
    assert sup._died(1) is not None  # another worker's deaths do not count
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "canasta serve: worker 0 (pid 4242) was killed by signal 9; restarting it in 0.5 s"
    assert err[2] == "canasta serve: worker 1 (pid 4242) exited with code 1; restarting it in 0.5 s"
    assert sup._died(0) is None and sup.given_up == {0}  # the third death within 60 s: left down
    assert "died 3 times in 60 s, so it is not restarted" in capsys.readouterr().err
    sup.deaths[1] = [time.monotonic() - 61, time.monotonic() - 61]  # deaths out of the window are forgotten
    assert sup._died(1) is not None and len(sup.deaths[1]) == 1


def test_the_supervisor_gives_up_when_every_worker_dies_too_often(capsys: pytest.CaptureFixture[str]) -> None:
    sup = Supervisor(1, os._exit, (), pause=0.01, limit=(2, 60.0))  # worker 0 runs os._exit(0): dies at once
    assert sup.run() == 1
    err = capsys.readouterr().err
    assert err.count("worker 0 started") == 2 and "every worker is down and none is restarted" in err


@contextlib.contextmanager
def two_workers(db: Path, stderr: Any) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``canasta serve --workers 2`` on a free port with ``db`` as its SQLite file: yields (base URL, process)
    once both workers answer (a table id of each shard gets its 404, not the 503 of a worker still starting, which
    a loaded machine showed); terminates it on the way out."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", "serve", "--workers", "2", "--no-browser",
                             "--port", str(port), "--database", str(db), "--messages-per-second", "0"],
                            env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        probes = [next(f"probe{n}" for n in range(100) if shard_of(f"probe{n}", 2) == k) for k in (0, 1)]
        while probes and time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/api/tables/{probes[0]}", timeout=1).status_code == 404:
                    probes.pop(0)
                    continue
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        assert not probes, f"the workers owning {probes} did not start within 60 s"
        yield base, proc
    finally:
        proc.terminate()
        proc.wait(timeout=60)


@pytest.mark.slow
def test_a_game_through_two_worker_processes(tmp_path: Path) -> None:
    with two_workers(tmp_path / "w.db", subprocess.PIPE) as (base, _proc):
        asyncio.run(_play(base))


async def _play(base: str) -> None:
    """Two people create and claim a table (requests on any worker), then play 60 moves over sockets that are
    reopened before every move (so both workers carry them); each move is acknowledged exactly once."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        r = await client.post("/api/tables", json={"variant": "classic(players=2)", "hints": False,
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        data = r.json()
        tid, tokens = data["id"], {data["seat"]: data["token"]}
        code = data["links"][0]["link"].split("i=")[1]
        claimed = (await client.post(f"/api/tables/{tid}/claim", json={"invite": code})).json()
        tokens[claimed["seat"]] = claimed["token"]
        again = await client.post(f"/api/tables/{tid}/claim", json={"invite": code})
        assert again.status_code == 409  # claimed once, whichever worker answers
    ws_base = base.replace("http://", "ws://")

    async def state(seat: int, send: dict[str, Any] | None = None) -> dict[str, Any]:
        async with websockets.connect(f"{ws_base}/ws/{tid}?k={tokens[seat]}") as ws:
            if send is not None:
                await ws.send(json.dumps(send))
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if m["type"] == "error":
                    raise AssertionError(m)
                if m["type"] in ("state", "event") and (send is None or m["type"] == "event"):
                    return m

    await state(0, {"type": "start"})
    seq = (await state(0))["seq"]
    for _ in range(60):
        s0 = await state(0)
        assert s0["seq"] == seq  # nothing lost, nothing applied twice
        if s0["view"]["phase"] == "over" or s0["game_over"]:
            break
        mover = s0["view"]["to_act"]
        s = s0 if mover == 0 else await state(mover)
        move = next(m for m in s["legal"] if m.startswith(("draw", "take", "discard", "pass", "yes"))) \
            if s["legal"] else None
        assert move is not None
        after = await state(mover, {"type": "move", "move": move, "at": s["seq"]})
        assert after["seq"] > seq
        seq = after["seq"]
    assert seq > 20


# ------------------------------------------------ a worker killed mid-deal


class Seat:
    """One person's websocket on the public port: every event number it receives, in order, and the moves."""

    def __init__(self, ws_base: str, tid: str, seat: int, token: str) -> None:
        self.url, self.seat = f"{ws_base}/ws/{tid}?k={token}", seat
        self.ws: Any = None
        self.numbers: list[int] = []  # every event number received, in the order received
        self.moves: list[tuple[int, str]] = []  # the move events received: (seat, move)
        self.last: dict[str, Any] = {}  # the last state or event message

    @property
    def seq(self) -> int:
        return int(self.last["seq"])

    async def connect(self, since: int | None = None) -> dict[str, Any]:
        """Open the socket (with ``since``) and read the first table message."""
        self.ws = await websockets.connect(self.url + (f"&since={since}" if since is not None else ""))
        return await self.read()

    async def read(self) -> dict[str, Any]:
        """The next state or event message (others are skipped); its events are noted."""
        while True:
            m = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
            if m["type"] == "error":
                raise AssertionError(m)
            if m["type"] == "state":
                if not self.numbers:  # the first snapshot: what came before it is in its log
                    self.numbers.append(m["seq"])
                else:
                    assert m["seq"] == self.numbers[-1], f"snapshot at {m['seq']} after event {self.numbers[-1]}"
                self.last = m
                return m
            if m["type"] == "event":
                for e in m["events"]:
                    self.numbers.append(e["n"])
                    if e["kind"] == "move":
                        self.moves.append((e["seat"], e["move"]))
                self.last = m
                return m


def _children(pid: int) -> list[int]:
    """The processes started by ``pid`` (Linux's /proc)."""
    return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _pid(log: Path, index: int, after: int = 0) -> int:
    """The pid of worker ``index`` from the supervisor's "worker I started (pid P)" lines (the first past
    ``after`` lines of them), waiting up to 30 s for it."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        starts = re.findall(rf"worker {index} started \(pid (\d+)\)", log.read_text())
        if len(starts) > after:
            return int(starts[after])
        time.sleep(0.1)
    raise AssertionError(f"worker {index} did not start: {log.read_text()}")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the worker's processes in Linux's /proc")
def test_a_worker_killed_mid_deal_is_restarted_and_no_move_is_lost_or_doubled(tmp_path: Path) -> None:
    log, db = tmp_path / "serve.log", tmp_path / "w.db"
    with log.open("w") as err, two_workers(db, err) as (base, proc):
        tid, seats = asyncio.run(_play_through_a_kill(base, log))
    assert proc.returncode == 0, log.read_text()
    from canasta.web.store import Store

    store = Store(f"sqlite:///{db}")
    try:
        stored = store.load_table(tid)
    finally:
        store.close()
    assert stored is not None and len(stored.deals) == 1
    for seat in seats:  # what each person was told is exactly what is stored, in order
        assert [(s, m.split()[0]) for s, m in seat.moves] == [(s, m.split()[0]) for s, m in stored.deals[0].moves]
    assert [m for s, m in seats[0].moves if s == 0] == [m for s, m in stored.deals[0].moves if s == 0]
    assert [m for s, m in seats[1].moves if s == 1] == [m for s, m in stored.deals[0].moves if s == 1]


async def _play_through_a_kill(base: str, log: Path) -> tuple[str, list[Seat]]:
    """Two people play a deal over sockets on the public port; after 12 moves the worker owning the table is
    killed (SIGKILL); the table answers 503 while it is down; both reconnect with ``since`` once it is back and
    play to the end of the deal. Every event number arrives once, in order, without a gap."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        r = await client.post("/api/tables", json={"variant": "classic(players=2)", "hints": True,
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        data = r.json()
        tid = data["id"]
        claimed = (await client.post(f"/api/tables/{tid}/claim",
                                     json={"invite": data["links"][0]["link"].split("i=")[1]})).json()
    ws_base = base.replace("http://", "ws://")
    seats = [Seat(ws_base, tid, 0, data["token"]), Seat(ws_base, tid, 1, claimed["token"])]
    for seat in seats:
        await seat.connect()
    await seats[0].ws.send(json.dumps({"type": "start"}))
    for seat in seats:
        await seat.read()
    owner = shard_of(tid, 2)
    moves = 0
    while seats[0].last["view"]["phase"] != "over":
        mover = seats[seats[0].last["view"]["to_act"]]
        if moves == 12:
            await mover.ws.send(json.dumps({"type": "hint"}))  # the owner starts its bot process
            while (m := json.loads(await asyncio.wait_for(mover.ws.recv(), 30)))["type"] != "hint":
                assert m["type"] != "error", m
            await _kill_owner(base, tid, log, owner, seats)
        move = next(m for m in mover.last["legal"] if m.startswith(("draw", "discard", "pass", "no", "yes")))
        before = mover.seq
        await mover.ws.send(json.dumps({"type": "move", "move": move, "at": before}))
        for seat in seats:
            await seat.read()
            assert seat.seq > before
        assert mover.moves[-1][0] == mover.seat and mover.moves[-1][1].split()[0] == move.split()[0]
        moves += 1
        assert moves < 1000
    assert moves > 12
    for seat in seats:  # every event number once, in order, no gap
        assert seat.numbers == list(range(seat.numbers[0], seat.numbers[0] + len(seat.numbers)))
        await seat.ws.close()
    return tid, seats


async def _kill_owner(base: str, tid: str, log: Path, owner: int, seats: list[Seat]) -> None:
    """SIGKILL the table's worker; see its sockets closed and its table answer 503; reconnect once it is back."""
    pid = _pid(log, owner)
    bots = _children(pid)
    assert bots, "the owner has no bot process"
    os.kill(pid, signal.SIGKILL)
    for seat in seats:  # closed: 1006 when it was the owner's own socket, 1012 with a reason when relayed
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(seat.ws.recv(), 10)
        assert seat.ws.close_code == 1006 or (seat.ws.close_code, seat.ws.close_reason) == (1012, RESTARTING)
    deadline = time.monotonic() + 10  # the supervisor saw it die (its listening sockets are gone then: the
    while not re.search(rf"worker {owner} \(pid {pid}\) was killed by signal 9; restarting it", log.read_text()):
        assert time.monotonic() < deadline, log.read_text()  # kernel releases them after the connections)
        await asyncio.sleep(0.02)
    back = False  # on a loaded machine the owner may be back already (its restart pause is 0.5 s): it serves then
    async with websockets.connect(seats[0].url) as ws:  # only the other worker listens now: it says why
        try:
            first = await asyncio.wait_for(ws.recv(), 10)
        except websockets.ConnectionClosed:
            assert (ws.close_code, ws.close_reason) == (1013, RESTARTING)
        else:
            back = json.loads(first)["type"] in ("state", "event", "seats")
            assert back, first
    statuses = []
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            r = await client.get(f"/api/tables/{tid}")
            statuses.append(r.status_code)
            if r.status_code == 200:
                break
            assert r.status_code == 503 and r.json()["code"] == "unavailable", r.text
            await asyncio.sleep(0.1)
    assert (statuses[0] == 503 or back) and statuses[-1] == 200, statuses
    _pid(log, owner, after=1)  # started again
    assert not [b for b in bots if _running(b)], "the dead worker's bot process lingers"
    for seat in seats:
        last = seat.numbers[-1]
        m = await seat.connect(since=last)
        assert m["seq"] == last  # nothing was missed: every acknowledged move was stored
