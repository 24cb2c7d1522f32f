"""Server CPU per move of the web tables, in process: no sockets, no clients' time.

Plays ``--moves`` moves at ``--tables`` four-seat tables whose seats are all people (moved by seeded
random agents) through the real :class:`canasta.web.tables.TableManager`, with a fake connection per
seat that only counts the bytes it is sent, on a fresh SQLite file. The CPU time of the process
(``time.process_time``: the event loop and the store writer thread) while all tables play at once,
minus the agents' choices (timed apart), is divided by the number of moves.

Runs on this tree (protocol 2: events, write-ahead writer) and on the tree before issue 15 (one state
per seat per move, the insert on the event loop) — give that tree's ``src`` with PYTHONPATH::

    PYTHONPATH=src .venv/bin/python benchmarks/web_cpu.py --json
    git archive <old commit> src | tar -x -C /tmp/old && PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/web_cpu.py
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from canasta.agents import make_agent
from canasta.web.protocol import parse_message
from canasta.web.store import Store
from canasta.web.tables import TableManager


class Counting:
    """A fake websocket: counts frames and bytes."""

    frames = 0
    size = 0

    async def send_text(self, data: str) -> None:
        Counting.frames += 1
        Counting.size += len(data)


async def make_table(manager: Any) -> Any:
    made = manager.create("classic(players=4)", [{"kind": "human"}] * 4)
    return await made if inspect.isawaitable(made) else made


async def run(tables: int, moves: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        store = Store(f"sqlite:///{Path(d) / 'bench.db'}")
        manager = TableManager(store, bot_delay=0)
        ts = [await make_table(manager) for _ in range(tables)]
        conns = {t.id: [Counting() for _ in range(4)] for t in ts}
        for t in ts:
            for s in range(4):
                await manager.join(t, s, conns[t.id][s])
            await manager.handle(t, 0, conns[t.id][0], parse_message('{"type": "start"}'))
        agents = [make_agent("random", rng.randrange(10**6)) for _ in range(4)]
        versioned = hasattr(ts[0], "events")
        per_table = moves // tables
        counts = {"agent_cpu": 0.0, "moves": 0}

        async def play(t: Any) -> None:
            for _ in range(per_table):
                deal = t.game.deal
                if deal.over:
                    if t.game.over:
                        return
                    text, seat = '{"type": "next_deal"}', 0
                else:
                    seat = t.game.table_seat(deal.to_act)
                    start = time.process_time()
                    move = str(deal.move_for_action(agents[seat].select(None, deal.legal_actions())))
                    counts["agent_cpu"] += time.process_time() - start
                    at = f', "at": {t.seq}' if versioned else ""
                    text = f'{{"type": "move", "move": "{move}"{at}}}'
                await manager.handle(t, seat, conns[t.id][seat], parse_message(text))
                counts["moves"] += 1
                await asyncio.sleep(0)  # the other tables' turn: all tables play at once

        start = time.process_time()
        await asyncio.gather(*(play(t) for t in ts))
        await manager.close()  # what the writer still had queued is written in the measured time
        cpu = time.process_time() - start - counts["agent_cpu"]
        store.close()
    done = int(counts["moves"])
    return {"tables": tables, "moves": done, "protocol": 2 if versioned else 1,
            "server_cpu_ms_per_move": round(1000 * cpu / done, 4),
            "frames_per_move": round(Counting.frames / done, 2), "bytes_per_move": round(Counting.size / done)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--moves", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args()
    out = asyncio.run(run(a.tables, a.moves, a.seed))
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
