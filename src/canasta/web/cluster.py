"""Scale-out pieces over Redis (``redis.asyncio``): who owns each table, and the table event channels.

Several server processes (``--workers`` on one machine, or servers on several machines sharing one
PostgreSQL store) must never apply moves to the same table at once. Each table therefore has one
*owner*, recorded in Redis with a lease:

* :class:`TableLeases` takes a table's lease (``SET canasta:owner:{table} {worker} NX PX ttl``), renews the
  leases it holds (only while they are still its own: a compare-and-extend script) and gives them back
  (compare-and-delete). Taking a lease also draws the table's next *fencing token*
  (``INCR canasta:fence:{table}``, in the same script): the owner's store writes carry it and the store
  refuses a write whose token is older than one it has seen (:meth:`canasta.web.store.Store.apply_ops`),
  so a server that lost its lease without knowing it (cut off from Redis) cannot write after the new owner.
  A worker that stops renewing (killed, cut off) loses its tables after ``ttl_ms``;
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
FENCE_KEY = "canasta:fence:{table}"
"""Redis counter of a table's fencing tokens (one more each time a server takes the table's lease)."""
WORKER_CHANNEL = "canasta:worker:{worker}"
"""Pub/sub channel of the intents forwarded to a worker (the owner of the tables they name)."""

_ACQUIRE = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('incr', KEYS[2])
end
return 0
"""
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
        self.tokens: dict[str, int] = {}
        """The fencing token of each lease taken by this worker (:meth:`token`)."""
        self._acquire = redis.register_script(_ACQUIRE)
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
        token = int(await self._acquire(keys=[key, FENCE_KEY.format(table=table)], args=[self.worker, self.ttl_ms]))
        if token:
            self.held.add(table)
            self.tokens[table] = token
            return self.worker
        holder = await self.redis.get(key)
        if holder == self.worker:
            self.held.add(table)
            if table not in self.tokens:  # taken by an earlier run of this server (same address)
                self.tokens[table] = int(await self.redis.get(FENCE_KEY.format(table=table)) or 0)
            return self.worker
        if holder is None:  # expired between the two calls: try once more
            return await self.acquire(table)
        self.held.discard(table)
        self.tokens.pop(table, None)
        return str(holder)

    def token(self, table: str) -> int | None:
        """The fencing token of ``table``'s lease while this worker holds it, else None."""
        return self.tokens.get(table) if table in self.held else None

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
        for table in lost:
            self.tokens.pop(table, None)
        return lost

    async def release(self, table: str) -> bool:
        """Give ``table``'s lease back (only if it is still this worker's). Returns whether it was."""
        self.held.discard(table)
        self.tokens.pop(table, None)
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
