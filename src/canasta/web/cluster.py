"""Scale-out pieces over Redis (``redis.asyncio``): who owns each table, and the table event channels.

Several server processes (``--workers`` on one machine, or servers on several machines sharing one
PostgreSQL store) must never apply moves to the same table at once. Each table therefore has one
*owner*, recorded in Redis with a lease:

* :class:`TableLeases` takes a table's lease (``SET canasta:owner:{table} {worker} NX PX ttl``), renews the
  leases it holds (only while they are still its own: a compare-and-extend script) and gives them back
  (compare-and-delete). A worker that stops renewing (killed, cut off) loses its tables after ``ttl_ms``;
  another worker then takes them and loads them from the store, whose write-ahead log is the truth.
* :class:`TableChannels` publishes a table's events on ``canasta:table:{table}`` and intents for the owner
  on ``canasta:worker:{worker}``; any server holding a connection to the table subscribes to the first and
  relays what it receives, and forwards its clients' intents with the second (as lichess does between its
  game servers and its websocket servers).

Nothing here knows the rules or the protocol: messages are JSON objects passed through. Without Redis
(the default: one process, SQLite) none of this is used.

Status (issue 15): the leases and channels are tested against a real redis-server
(``tests/web/test_web_cluster.py``). :class:`TableLeases` decides the owner of each table for
``canasta serve --redis`` (:mod:`canasta.web.lease_router`); :class:`TableChannels` is not used by the
servers yet (they relay a table's websockets directly to its owner; docs/web.md, "Scale out").
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator
from typing import Any

OWNER_KEY = "canasta:owner:{table}"
"""Redis key holding the id of the worker that owns a table."""
TABLE_CHANNEL = "canasta:table:{table}"
"""Pub/sub channel of a table's events (published by the owner)."""
WORKER_CHANNEL = "canasta:worker:{worker}"
"""Pub/sub channel of the intents forwarded to a worker (the owner of the tables they name)."""

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def new_worker_id() -> str:
    """A random id for this server process (in the owner keys and its intent channel)."""
    return secrets.token_hex(6)


class TableLeases:
    """The table leases of one worker.

    Args:
        redis: a ``redis.asyncio.Redis`` client (``decode_responses=True``).
        worker: this worker's id (:func:`new_worker_id`).
        ttl_ms: how long a lease lasts without renewal, in milliseconds (renew well within it).
    """

    def __init__(self, redis: Any, worker: str, ttl_ms: int = 10000):
        self.redis = redis
        self.worker = worker
        self.ttl_ms = ttl_ms
        self.held: set[str] = set()
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    async def owner(self, table: str) -> str | None:
        """The worker owning ``table`` now, or None."""
        value = await self.redis.get(OWNER_KEY.format(table=table))
        return None if value is None else str(value)

    async def acquire(self, table: str) -> str:
        """Take ``table``'s lease if nobody holds it.

        Returns:
            The owner afterwards: this worker's id when it got (or already had) the lease, else the holder's.
        """
        key = OWNER_KEY.format(table=table)
        if await self.redis.set(key, self.worker, nx=True, px=self.ttl_ms):
            self.held.add(table)
            return self.worker
        holder = await self.redis.get(key)
        if holder == self.worker:
            self.held.add(table)
            return self.worker
        if holder is None:  # expired between the two calls: try once more
            return await self.acquire(table)
        self.held.discard(table)
        return str(holder)

    async def renew(self) -> list[str]:
        """Extend every lease this worker holds.

        Returns:
            The tables whose lease was lost (expired and maybe taken by another worker): this worker must
            forget them (drop them from memory, close their connections) at once.
        """
        lost = []
        for table in sorted(self.held):
            if not await self._renew(keys=[OWNER_KEY.format(table=table)], args=[self.worker, self.ttl_ms]):
                lost.append(table)
        self.held.difference_update(lost)
        return lost

    async def release(self, table: str) -> bool:
        """Give ``table``'s lease back (only if it is still this worker's). Returns whether it was."""
        self.held.discard(table)
        return bool(await self._release(keys=[OWNER_KEY.format(table=table)], args=[self.worker]))


class TableChannels:
    """Publishing and receiving table events and forwarded intents.

    Args:
        redis: a ``redis.asyncio.Redis`` client (``decode_responses=True``).
    """

    def __init__(self, redis: Any):
        self.redis = redis

    async def publish_event(self, table: str, event: dict[str, Any]) -> int:
        """Publish one of ``table``'s events (a JSON object). Returns how many subscribers got it."""
        return int(await self.redis.publish(TABLE_CHANNEL.format(table=table), json.dumps(event)))

    async def forward_intent(self, worker: str, table: str, intent: dict[str, Any]) -> int:
        """Send a client's intent for ``table`` to its owner ``worker``. Returns how many listeners got it
        (0: the owner is gone; the caller tells the client to reconnect)."""
        return int(await self.redis.publish(WORKER_CHANNEL.format(worker=worker),
                                            json.dumps({"table": table, "intent": intent})))

    async def listen(self, tables: tuple[str, ...] = (),
                     worker: str | None = None) -> AsyncIterator[tuple[str, dict[str, Any]]]:
        """Receive, until the caller stops iterating, the events of ``tables`` and the intents sent to ``worker``.

        Yields:
            (channel, message): the channel it came on and the JSON object published.
        """
        channels = [TABLE_CHANNEL.format(table=t) for t in tables]
        if worker is not None:
            channels.append(WORKER_CHANNEL.format(worker=worker))
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(*channels)
        try:
            async for message in pubsub.listen():
                if message.get("type") == "message":
                    yield str(message["channel"]), json.loads(message["data"])
        finally:
            await pubsub.unsubscribe(*channels)
            await pubsub.aclose()
