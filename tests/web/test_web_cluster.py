"""Scale-out pieces against real servers (tests/servers.py): table leases and channels on a redis-server,
the web store on a throwaway PostgreSQL cluster that is stopped and started again."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from canasta.web.cluster import TableChannels, TableLeases, new_worker_id
from servers import PostgresCluster, postgres_cluster, postgres_url, redis_server, redis_url  # noqa: F401

redis_asyncio = pytest.importorskip("redis.asyncio")


def _client(url: str) -> Any:
    return redis_asyncio.Redis.from_url(url, decode_responses=True)


def test_a_table_has_one_owner_until_its_lease_expires(redis_url: str) -> None:  # noqa: F811
    async def run() -> None:
        r = _client(redis_url)
        a, b = TableLeases(r, new_worker_id(), ttl_ms=300), TableLeases(r, new_worker_id(), ttl_ms=300)
        assert await a.acquire("t1") == a.worker
        assert await b.acquire("t1") == a.worker and "t1" not in b.held
        assert await a.acquire("t1") == a.worker  # taking it again is harmless
        assert await a.renew() == [] and await b.owner("t1") == a.worker
        await asyncio.sleep(0.5)  # a stops renewing: the lease runs out
        assert await b.acquire("t1") == b.worker
        assert await a.renew() == ["t1"] and a.held == set()  # a learns that it lost the table
        assert not await a.release("t1") and await b.owner("t1") == b.worker  # only the holder gives it back
        assert await b.release("t1") and await a.owner("t1") is None
        await r.aclose()
    asyncio.run(run())


def test_each_lease_taken_draws_a_newer_fencing_token(redis_url: str) -> None:  # noqa: F811
    async def run() -> None:
        r = _client(redis_url)
        a, b = TableLeases(r, new_worker_id(), ttl_ms=200), TableLeases(r, new_worker_id(), ttl_ms=200)
        await a.acquire("f1")
        first = a.token("f1")
        assert first is not None and b.token("f1") is None
        await a.acquire("f1")
        assert a.token("f1") == first  # holding it again draws no new token
        await asyncio.sleep(0.35)
        await b.acquire("f1")
        second = b.token("f1")
        assert second is not None and second > first
        assert a.token("f1") == first  # a has not noticed yet: only the store can stop its writes
        assert await a.renew() == ["f1"] and a.token("f1") is None
        await r.aclose()
    asyncio.run(run())


def test_the_store_refuses_a_write_with_an_older_fencing_token(tmp_path: Any) -> None:
    from canasta.web.store import FencedOut, Store, StoredTable, StoreOp

    store = Store(f"sqlite:///{tmp_path / 'f.db'}")
    try:
        row = StoredTable("fenced", "classic(players=2)", [], False, "playing", 1, 0, [])
        store.apply_ops([StoreOp("create", row.id, {"row": row})])
        store.apply_ops([StoreOp("fence", row.id, {"token": 2}),
                         StoreOp("deal", row.id, {"number": 0, "dealer": 0, "seed": 5})])
        with pytest.raises(FencedOut, match="fencing token 1"):
            store.apply_ops([StoreOp("move", row.id, {"deal": 0, "seq": 0, "seat": 0, "text": "draw"}),
                             StoreOp("fence", row.id, {"token": 1})])
        stored = store.load_table(row.id)
        assert stored is not None and stored.deals[0].moves == []  # nothing of the fenced write is stored
        store.apply_ops([StoreOp("move", row.id, {"deal": 0, "seq": 0, "seat": 0, "text": "draw"}),
                         StoreOp("fence", row.id, {"token": 2})])
        store.apply_ops([StoreOp("fence", "no-such-table", {"token": 1})])  # nothing to fence: no error
    finally:
        store.close()


def test_a_server_that_lost_its_lease_unknowingly_cannot_write_after_the_new_owner(
        redis_url: str, tmp_path: Any) -> None:  # noqa: F811
    """Servers A and B share a store. A owns a table and plays; A is cut off (stops renewing) and B takes the
    lease and loads the table; A, not knowing, tries a move: the store refuses it by its older fencing
    token, A drops the table, and B plays on with every stored move in one unbroken log."""
    from canasta.web.store import Store
    from canasta.web.tables import TableManager

    from .test_web_protocol import Conn, message

    async def run() -> None:
        r = _client(redis_url)
        store = Store(f"sqlite:///{tmp_path / 'ab.db'}")
        wa, wb = TableLeases(r, new_worker_id(), ttl_ms=200), TableLeases(r, new_worker_id(), ttl_ms=200)
        a, b = TableManager(store, bot_delay=0), TableManager(store, bot_delay=0)
        a.fence, b.fence = wa.token, wb.token
        table = await a.create("classic(players=2)", [{"kind": "human"}] * 2)
        await wa.acquire(table.id)
        conns = {s: Conn() for s in (0, 1)}
        for s, c in conns.items():
            await a.join(table, s, c)
        await a.handle(table, 0, conns[0], message(type="start"))
        seat = table.to_act()
        assert seat is not None
        await a.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq))
        assert conns[seat].sent[-1]["type"] == "event"
        await asyncio.sleep(0.35)  # A is cut off from Redis: its lease runs out
        assert await wb.acquire(table.id) == wb.worker
        moved = b.get(table.id)  # B fences the table, then loads it
        assert moved is not None and moved.seq == table.seq
        discard = next(m for m in table.legal_for(seat) if m.startswith("discard"))
        await a.handle(table, seat, conns[seat], message(type="move", move=discard, at=table.seq))
        assert conns[seat].sent[-1]["code"] == "store_failed" and "another server" in conns[seat].sent[-1]["message"]
        assert table.id not in a.tables
        conn = Conn()
        await b.join(moved, seat, conn)
        await b.handle(moved, seat, conn, message(type="move", move=discard, at=moved.seq))
        assert conn.sent[-1]["type"] == "event"
        stored = store.load_table(table.id)
        assert stored is not None and stored.deals[0].moves == [(seat, "draw"), (seat, discard)]
        await a.close()
        await b.close()
        store.close()
        await r.aclose()
    asyncio.run(run())


def test_events_and_intents_reach_the_subscribers(redis_url: str) -> None:  # noqa: F811
    async def run() -> None:
        r = _client(redis_url)
        channels = TableChannels(r)
        got: list[tuple[str, dict[str, Any]]] = []

        async def listen() -> None:
            async for channel, message in channels.listen(("t1",), worker="w1"):
                got.append((channel, message))
                if len(got) == 2:
                    return
        task = asyncio.create_task(listen())
        for _ in range(100):  # until the subscription is in place
            if await r.pubsub_numsub("canasta:worker:w1") != [("canasta:worker:w1", 0)]:
                break
            await asyncio.sleep(0.01)
        assert await channels.publish_event("t1", {"n": 1, "seat": 2}) == 1
        assert await channels.publish_event("t2", {"n": 9}) == 0  # nobody follows t2
        assert await channels.forward_intent("w1", "t1", {"type": "move", "move": "draw", "after": 1}) == 1
        await asyncio.wait_for(task, 5)
        assert got == [("canasta:table:t1", {"n": 1, "seat": 2}),
                       ("canasta:worker:w1", {"table": "t1", "intent": {"type": "move", "move": "draw", "after": 1}})]
        assert await channels.forward_intent("gone", "t1", {"type": "ping"}) == 0
        await r.aclose()
    asyncio.run(run())


def test_the_store_on_postgresql_survives_a_stop_and_start(postgres_cluster: PostgresCluster,  # noqa: F811
                                                           postgres_url: str) -> None:  # noqa: F811
    """The throwaway cluster works as the web store, refuses while stopped and serves again after a start."""
    from sqlalchemy.exc import OperationalError

    from canasta.web.store import Store, StoredSheet

    store = Store(postgres_url)
    store.create_sheet(StoredSheet("s1", "classic", ["Us", "Them"], []))
    postgres_cluster.stop()
    with pytest.raises(OperationalError):
        store.load_sheet("s1")
    postgres_cluster.start()
    sheet = None
    for _ in range(3):  # the pool's first connection after the restart may be a dead one
        try:
            sheet = store.load_sheet("s1")
            break
        except OperationalError:
            continue
    assert sheet is not None and sheet.sides == ["Us", "Them"]
    store.close()
