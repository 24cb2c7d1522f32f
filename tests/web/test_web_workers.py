"""``canasta serve --workers 2`` as real processes: a game played through connections that land on either
worker (the kernel spreads them), every seat seeing the same numbered events, no move lost or applied twice."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from canasta.web.workers import shard_of
from servers import free_port

httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")


def test_shard_of_is_stable_and_spreads() -> None:
    ids = [f"t{i}" for i in range(400)]
    shards = [shard_of(t, 2) for t in ids]
    assert shards == [shard_of(t, 2) for t in ids] and 150 < sum(shards) < 250
    assert {shard_of(t, 3) for t in ids} == {0, 1, 2}


@pytest.mark.slow
def test_a_game_through_two_worker_processes(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", "serve", "--workers", "2", "--no-browser",
                             "--port", str(port), "--database", str(tmp_path / "w.db"), "--messages-per-second", "0"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{base}/api/meta", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        asyncio.run(_play(base))
    finally:
        proc.terminate()
        proc.wait(timeout=60)


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
