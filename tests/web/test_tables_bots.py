"""The bot levels of the web tables: which are offered, that they follow the deal (card memory),
and that they are stateless for the server (:mod:`canasta.web.tables.botpool`).

No server and no browser: the :class:`canasta.web.tables.Table` objects are driven directly and the
bots decide in this process with :func:`canasta.web.tables.decide`, as a pool worker does.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.process
import subprocess
import sys
import time

import psutil
import pytest

from canasta.agents.levels import HardAgent
from canasta.moves.notation import DISCARD, Move
from canasta.web.store import Store
from canasta.web.tables import (
    BOT_LEVELS,
    BOT_SPECS,
    HINT_BOT,
    BotPool,
    Table,
    TableError,
    botpool,
    create_table,
    decide,
    rebuild_table,
    safe_move,
)

HUMAN = {"kind": "human", "name": "Ana"}


def bot(level: str) -> dict[str, str]:
    return {"kind": "bot", "bot": level}


def bot_step(t: Table) -> bool:
    """The bot to act moves (chosen as a worker would); False if a person must act."""
    seat = t.bot_to_act()
    if seat is None:
        return False
    t.commit(t.act(seat, decide(t.bot_request(seat, t.bot_spec(seat))), t.seq))
    return True


def hint(t: Table, seat: int) -> str:
    return decide(t.bot_request(seat, HINT_BOT, key="hint"))


def play_until(t: Table, moves: int) -> None:
    """Bots move, the person plays the hint, until ``moves`` moves of the current deal or its end."""
    if t.status == "waiting":
        t.commit(t.start(0))
    while len(t.move_seats[-1]) < moves and not t.game.deal.over:
        if not bot_step(t):
            t.commit(t.act(0, hint(t, 0), t.seq))


def test_levels_offered_and_each_plays() -> None:
    assert {"random", "easy", "medium", "hard", "expert"} <= set(BOT_LEVELS)
    assert BOT_SPECS["expert"].startswith("expert(") and HINT_BOT in BOT_LEVELS
    t, _ = create_table("classic", [HUMAN, bot("easy"), bot("hard"), bot("medium")], seed=3)
    assert [t.bot_spec(s) for s in (1, 2, 3)] == ["easy", "hard", "medium"]
    play_until(t, 30)
    assert len(t.move_seats[-1]) >= 30 or t.game.deal.over
    t, _ = create_table("classic(players=2)", [HUMAN, bot("expert")], seed=3)
    assert t.bot_spec(1).startswith("expert") and "ms" in BOT_SPECS["expert"]
    with pytest.raises(TableError, match="bot level must be one of"):
        create_table("classic", [HUMAN, bot("genius"), bot("hard"), bot("hard")])


def discards_by_deal_seat(t: Table) -> list[list[int]]:
    seats = t.game.seating.seats  # deal seat -> table seat
    out: list[list[int]] = [[] for _ in seats]
    for seat, text in zip(t.move_seats[-1], t.game.logs[-1].moves, strict=True):
        m = Move.parse(text)
        if m.kind == DISCARD:
            out[seats.index(seat)].extend(m.cards)
    return out


def followers(t: Table) -> dict[int, HardAgent]:
    """The hard agents the worker cache holds for this table's current deal, by deal seat."""
    out = {}
    for (key, deal_no, _spec, seat), f in botpool._CACHE.items():
        if key.startswith(t.id + ":") and deal_no == len(t.game.logs) and isinstance(f.agent, HardAgent):
            out[seat] = f.agent
    return out


def test_hard_bots_and_the_hinter_observe_every_move() -> None:
    t, _ = create_table("classic", [HUMAN, bot("hard"), bot("hard"), bot("hard")], seed=11)
    play_until(t, 60)
    if t.game.deal.over:
        pytest.skip("the deal ended early")
    want = discards_by_deal_seat(t)
    assert sum(map(len, want)) > 5
    for agent in followers(t).values():  # each follower heard the moves up to its last decision
        mem = agent.memory
        assert mem.exact, "the memory was rebuilt from views, not observed"
        assert all(set(mem.discards[s]) <= set(want[s]) for s in range(4))
    assert len(followers(t)) == 4  # three bots and the hint player of seat 0, made when a hint was asked


def test_a_restored_table_has_the_same_events_and_bots_go_on(db_url: str) -> None:
    store = Store(db_url)
    try:
        t, ops = create_table("classic", [HUMAN, bot("hard"), bot("random"), bot("hard")], seed=5)
        store.apply_ops(ops)
        t.commit(change := t.start(0))
        store.apply_ops(change.ops)
        while len(t.move_seats[-1]) < 40 and not t.game.deal.over:
            seat = t.to_act()
            assert seat is not None
            text = hint(t, 0) if seat == 0 else decide(t.bot_request(seat, t.bot_spec(seat)))
            change = t.act(seat, text, t.seq)
            store.apply_ops(change.ops)
            t.commit(change)
        stored = store.load_table(t.id)
        assert stored is not None
        r = rebuild_table(stored)
    finally:
        store.close()
    assert r.game.logs[-1].moves == t.game.logs[-1].moves and r.seq == t.seq
    assert [e.for_seat(0) for e in r.events.events] == [e.for_seat(0) for e in t.events.events]
    botpool._CACHE.clear()  # a fresh worker: the bot rebuilds the deal from the request
    if r.bot_to_act() is not None:
        assert bot_step(r)


def test_bots_of_five_players_decide_at_their_deal_seat() -> None:
    """With one player sitting out (§3.1) a bot follows the deal at its seat of the deal."""
    t, _ = create_table("classic(players=5)", [HUMAN] + [bot("hard")] * 4, seed=13)
    for deal_no in range(2):
        if deal_no:
            while not t.game.deal.over:
                if not bot_step(t):
                    t.commit(t.act(0, hint(t, 0), t.seq))
            t.commit(t.next_deal(0))
        play_until(t, 50)
        assert len(t.move_seats[-1]) >= 50 or t.game.deal.over


def test_the_pool_decides_in_another_process_and_a_late_decision_gives_way() -> None:
    t, _ = create_table("classic", [HUMAN, bot("hard"), bot("hard"), bot("hard")], seed=21)
    t.commit(t.start(0))
    seat = t.to_act()
    assert seat is not None and seat != 0
    req = t.bot_request(seat, t.bot_spec(seat))

    workers: list[multiprocessing.process.BaseProcess] = []

    async def run() -> tuple[str | None, str | None]:
        before = set(multiprocessing.active_children())  # children of earlier tests in this process are not the pool's
        pool = BotPool(processes=1, budget=60)
        try:
            first = await pool.choose(req)
            pool.budget = 0.0  # no time at all: given up, the caller plays a safe move
            late = await pool.choose(req)
            workers.extend(p for p in multiprocessing.active_children() if p not in before)
        finally:
            pool.close()
        return first, late

    first, late = asyncio.run(run())
    assert first in t.legal_for(seat) and late is None
    assert safe_move(t.legal_for(seat)) == "draw"
    assert workers and not any(_running(w.pid) for w in workers)  # closing the pool leaves no process behind


def _running(pid: int | None, seconds: float = 5.0) -> bool:
    """Whether process ``pid`` still exists after up to ``seconds``. Asked of the system, not of a ``Process``
    object: the pool's own manager thread may reap a worker while ``close`` joins it, and the object's
    ``is_alive()`` then stays True for a process that is gone (a CI run, 2026-11-28)."""
    deadline = time.monotonic() + seconds
    while pid is not None:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return False  # ended; its parent has not reaped it yet
        except psutil.NoSuchProcess:
            return False
        if time.monotonic() > deadline:
            return True
        time.sleep(0.05)
    return False


_POOL_SERVER = """
import asyncio
from canasta.web.tables.botpool import BotPool
async def main():
    pool = BotPool(1)
    pool.start()
    assert await pool._wait_started()
    print("started", flush=True)
    await asyncio.sleep(600)
asyncio.run(main())
"""


@pytest.mark.slow
def test_the_bot_processes_end_when_their_server_is_killed() -> None:
    """A server process killed by a signal (a worker of ``--workers`` restarted by its supervisor, a test that
    kills a server) leaves neither its bot process nor the multiprocessing resource tracker behind: both used to
    wait for ever, reparented to init (about 5 s: the bot process imports the engine)."""
    proc = subprocess.Popen([sys.executable, "-c", _POOL_SERVER], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
        children = psutil.Process(proc.pid).children(recursive=True)
        assert len(children) >= 2  # the bot process and the resource tracker
    finally:
        proc.kill()
        proc.wait()
    _, alive = psutil.wait_procs(children, timeout=30)
    assert not alive, [p.cmdline() for p in alive]


def test_an_app_that_is_never_served_starts_no_bot_process(db_url: str) -> None:
    """The bot processes start with the server's lifespan, not when the app is built: an app built and never
    served (as some tests do) leaves no process behind."""
    from starlette.testclient import TestClient

    from canasta.web.app import create_app

    before = set(multiprocessing.active_children())  # (an earlier test's process may be ending: only new ones count)
    app = create_app(db_url, bot_delay=0, bot_processes=1)
    assert set(multiprocessing.active_children()) - before == set()
    with TestClient(app):
        assert len(set(multiprocessing.active_children()) - before) == 1
    assert set(multiprocessing.active_children()) - before == set()
