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
