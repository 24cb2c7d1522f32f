"""The tables of a server process: loading, connections, storing and broadcasting changes, bots.

:class:`TableManager` is the asynchronous side of the web tables. Every change of a table
(:class:`~.table.Change`) goes the same way, under the table's lock (:meth:`TableManager.apply`):
applied in memory by :class:`~.table.Table`, written by the store writer (:mod:`.persistence`, off
the event loop, batched with the other tables' changes), then committed to the event log and sent —
each connection receives only the new events filtered for its seat, with its own view
(:meth:`~.table.Table.update_for`). If the store fails the change is undone and refused with a
message: memory and store stay as they were, and the next try works once the store is back.

A table that cannot be replayed from the store is never dropped: it is logged and kept in
:attr:`TableManager.broken` (its rows stay in the database for inspection). A table whose deal reaches a
position where the player to act has no legal move (an error of the engine, :mod:`canasta.play.dead_end`) is
kept as it is in :attr:`TableManager.stuck`: logged, its bots stopped, and everyone at it told why.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from canasta.play.dead_end import dead_end
from canasta.web.protocol import ClientMessage, ProtocolError, dumps, error_message
from canasta.web.store import FencedOut, Store, StoreOp
from canasta.web.tables import invites
from canasta.web.tables.botpool import BotPool, safe_move
from canasta.web.tables.persistence import StoreFailed, StoreInDoubt, StoreWriter
from canasta.web.tables.seats import HINT_BOT, TableError
from canasta.web.tables.table import Change, Connection, Table, create_table, rebuild_table

log = logging.getLogger("canasta.web")


class TableManager:
    """The tables in memory, their connections, the store writer and the bot pool.

    Args:
        store: the database (tables are loaded from it on demand, active ones at :meth:`restore`).
        bot_delay: seconds a bot waits before each move (0 in tests and benchmarks).
        bot_processes: worker processes of the bot pool (0: bots decide in the server process, tests).
    """

    def __init__(self, store: Store, bot_delay: float = 0.3, bot_processes: int = 0):
        self.store = store
        self.fence: Callable[[str], int | None] | None = None
        """Servers sharing a store (``--redis``): the fencing token of a table this server holds, None when it
        holds it no more; every change of the table is written with it (:class:`~canasta.web.store.FencedOut`)."""
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}
        self.stuck: dict[str, str] = {}
        """Tables whose deal cannot go on (:meth:`report_dead_end`), with the one-line report."""
        self.writer = StoreWriter(store)
        self.pool = BotPool(bot_processes)

    async def create(self, variant: str, seats: Sequence[dict[str, Any]], hints: bool = True,
                     spectators: bool = False, clock: Sequence[float] | None = None) -> Table:
        """Create and store a table (see :func:`~.table.create_table`).

        Raises:
            TableError: bad variant or seats, or the store failed (``store_failed``: no table was made).
        """
        table, ops = create_table(variant, seats, hints, spectators=spectators, clock=clock)
        try:
            await self.writer.commit(ops)
        except StoreFailed as e:  # the driver's text (it names the database's host) goes to the log only
            log.error("a new table was refused, the store failed: %s", e)
            raise TableError("store_failed", "the table could not be stored (the database is unavailable): "
                             "try again later") from None
        self.tables[table.id] = table
        return table

    def get(self, table_id: str) -> Table | None:
        """The table ``table_id``, loaded from the database if needed; None if unknown or broken."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if len(table_id) > 40 or table_id in self.broken:
            return None
        if self.fence is not None and not self._fence_before_load(table_id):
            return None
        stored = self.store.load_table(table_id)
        if stored is None:
            return None
        try:
            t = rebuild_table(stored)
        except TableError as e:
            self.broken[table_id] = str(e)
            log.error("table %s is broken and kept for inspection (its rows stay in the database): %s",
                      table_id, e)
            return None
        self.tables[t.id] = t
        self.note_dead_end(t)
        self.kick(t)
        self.arm(t)
        return t

    def note_dead_end(self, table: Table) -> str | None:
        """The report of :func:`~canasta.play.dead_end.dead_end` if the deal of ``table`` cannot go on (the
        player to act has no legal move), kept in :attr:`stuck` and logged once; else None."""
        deal = table.game.deal if table.status == "playing" else None
        why = dead_end(deal) if deal is not None else None
        if why is not None and table.id not in self.stuck:
            self.stuck[table.id] = why
            log.error("table %s cannot go on: %s; it is kept as it is (its rows stay in the database)", table.id, why)
        return why

    async def report_dead_end(self, table: Table, conns: Sequence[Connection] | None = None) -> None:
        """Tell ``conns`` (default: everyone at ``table``) that its deal cannot go on, if so (``dead_end``
        error message, docs/web.md); nothing where it can."""
        why = self.note_dead_end(table)
        if why is None:
            return
        text = dumps(error_message("dead_end", f"The game cannot go on: {why}."))
        for group in ([list(conns)] if conns is not None else [*table.conns.values(), table.watchers]):
            if group:
                await _send_all(group, text)

    async def unload(self, table: Table) -> None:
        """Forget ``table`` in memory and close its connections (code 1012, to reconnect): the next request
        loads it again from the store. Used when memory may differ from the store (a write in doubt)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        current = asyncio.current_task()
        for task in (table.bot_task, table.clock_task):
            if task is not None and task is not current:
                task.cancel()
        for conn in [c for conns in table.conns.values() for c in conns] + list(table.watchers):
            close = getattr(conn, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    await close(code=1012)
        for conns in table.conns.values():
            conns.clear()
        table.watchers.clear()

    def _fence_before_load(self, table_id: str) -> bool:
        """Servers sharing a store: write this server's fencing token for ``table_id`` before reading its rows,
        so that a former owner's later writes are refused and none is missing from what is loaded. False
        when this server holds no lease for it, or a newer server has written (the table is not ours)."""
        assert self.fence is not None
        token = self.fence(table_id)
        if token is None:
            return False
        try:
            self.store.apply_ops([StoreOp("fence", table_id, {"token": token})])
        except FencedOut as e:
            log.warning("%s", e)
            return False
        return True

    def restore(self) -> int:
        """Load every table being played and let its bots go on. Returns how many; broken ones are logged."""
        n = 0
        for tid in self.store.table_ids(status="playing"):
            if self.get(tid) is not None:
                n += 1
        if self.broken:
            log.error("%d table(s) could not be replayed and are listed as broken: %s", len(self.broken),
                      ", ".join(sorted(self.broken)))
        return n

    async def close(self) -> None:
        """Stop the bot tasks, write what is queued, stop the bot pool."""
        for t in self.tables.values():
            for task in (t.bot_task, t.clock_task):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
        self.writer.close()
        self.pool.close()

    # --------------------------------------------------------------- changes

    async def apply(self, table: Table, change: Change) -> None:
        """Store ``change``, then commit it and send it (call with the table's lock held).

        Raises:
            TableError: the store failed (code ``store_failed``); the change was undone.
        """
        ops = change.ops
        if self.fence is not None:
            token = self.fence(table.id)
            if token is None:  # the lease is gone: another server may hold the table
                change.undo()
                await self.unload(table)
                raise TableError("store_failed", "this table is served by another server now: reconnect")
            ops = [*ops, StoreOp("fence", table.id, {"token": token})]
        fut = self.writer.submit(ops)
        try:
            await self.writer.wait(fut)
        except StoreInDoubt as e:
            change.undo()
            log.error("table %s: a change may or may not be stored (%s); the table is unloaded and will be "
                      "loaded again from the store", table.id, e)
            await self.unload(table)
            raise TableError("store_failed", "the database failed while saving the move: the table is being "
                             "reloaded from what was saved, reconnect in a moment") from None
        except StoreFailed as e:
            change.undo()
            if isinstance(e.__cause__, FencedOut):  # another server took the table: it is the owner now
                log.warning("table %s: %s; dropped from memory", table.id, e)
                await self.unload(table)
                raise TableError("store_failed", "this table is served by another server now: reconnect") from None
            log.error("table %s: a change was refused, the store failed: %s", table.id, e)
            raise TableError("store_failed", "the move could not be saved (the database is unavailable), so it "
                             "was not made: try again in a moment") from None
        except asyncio.CancelledError:  # memory follows what the store did
            if self.writer.settle(fut):
                table.commit(change)
            else:
                change.undo()
            raise
        table.commit(change)
        self.arm(table)
        if change.events:
            await self.broadcast_events(table, change)
            await self.report_dead_end(table)
        else:
            await self.broadcast_seats(table)

    async def broadcast_events(self, table: Table, change: Change) -> None:
        """Send each connection the change's events filtered for its seat, with its view and legal moves."""
        cache: dict[Any, Any] = {}  # the views and the parts every seat shares, for this change
        for seat, conns in table.conns.items():
            if conns:
                await _send_all(conns, dumps(table.update_for(seat, change.events, change.deal_changed, cache)))
        if table.watchers:
            await _send_all(table.watchers, dumps(table.update_for(None, change.events, change.deal_changed)))

    async def broadcast_seats(self, table: Table) -> None:
        """Send everyone the seats' public facts (names, who is here): an unnumbered ``seats`` message."""
        text = dumps({"type": "seats", "seats": table.seats_public()})
        for conns in [*table.conns.values(), table.watchers]:
            if conns:
                await _send_all(conns, text)

    # ----------------------------------------------------------- connections

    def resume(self, table: Table, seat: int | None, since: int | None) -> dict[str, Any]:
        """What a (re)connecting client gets: the events after ``since`` if they are kept and of the
        current deal, else a snapshot."""
        if since is not None:
            events = table.events.since(since)
            if events is not None and all(e.kind == "move" for e in events):
                deal = table.game.deal
                return table.update_for(seat, events, bool(events) and deal is not None and deal.over)
        return table.state_for(seat)

    async def join(self, table: Table, seat: int | None, conn: Connection, since: int | None = None) -> None:
        """Attach a connection to ``seat`` (None: a spectator); send it what it missed; tell the others."""
        async with table.lock:
            (table.conns[seat] if seat is not None else table.watchers).append(conn)
            if seat is not None:
                table.clock.back(seat)
                self.arm(table)
            await _send(conn, dumps(self.resume(table, seat, since)))
            await self.report_dead_end(table, [conn])
            if seat is not None:
                await self.broadcast_seats(table)

    async def leave(self, table: Table, seat: int | None, conn: Connection) -> None:
        """Detach a closed connection."""
        async with table.lock:
            conns = table.conns[seat] if seat is not None else table.watchers
            if conn in conns:
                conns.remove(conn)
            if seat is not None:
                if not conns and table.seats[seat].kind == "human":
                    table.clock.away[seat] = time.monotonic()
                    self.arm(table)
                await self.broadcast_seats(table)

    async def handle(self, table: Table, seat: int | None, conn: Connection, msg: ClientMessage) -> None:
        """Carry out one checked client message for ``seat``; refusals go back to ``conn`` only."""
        if msg.type == "ping":
            await _send(conn, dumps(_reply({"type": "pong", "seq": table.seq}, msg)))
            return
        if msg.type == "hint" and seat is not None:
            await self._hint(table, seat, conn, msg)
            return
        async with table.lock:
            try:
                if msg.type == "sync":
                    await _send(conn, dumps(_reply(table.state_for(seat), msg)))
                    return
                if seat is None:
                    raise TableError("spectator", "a spectator can only watch")
                if conn not in table.conns[seat]:
                    raise TableError("revoked", "this seat has been given to someone else")
                if msg.type == "check":  # read-only: a staged initial meld tried on a copy of the deal
                    await _send(conn, dumps(_reply(table.check(seat, msg.moves), msg)))
                    return
                if msg.type == "rematch":
                    await self._rematch(table, seat)
                    return
                if seat in table.clock.stand_in:  # the person is back: the stand-in bot stops
                    table.clock.back(seat)
                    await self.broadcast_seats(table)
                await self.apply(table, self._change(table, seat, msg))
            except (TableError, ProtocolError) as e:
                await _send(conn, dumps(error_message(e.code, str(e), msg.ref, getattr(e, "reason", None))))
                return
        self.kick(table)

    @staticmethod
    def _change(table: Table, seat: int, msg: ClientMessage) -> Change:
        if msg.type == "move":
            assert msg.move is not None
            return table.act(seat, msg.move, msg.at)
        if msg.type == "start":
            return table.start(seat)
        if msg.type == "next_deal":
            return table.next_deal(seat, msg.at)
        if msg.type == "name":
            return table.rename(seat, msg.text)
        raise ProtocolError("bad_type", f"'{msg.type}' is not an action")

    async def _hint(self, table: Table, seat: int, conn: Connection, msg: ClientMessage) -> None:
        try:
            if not table.hints:
                raise TableError("no_hints", "hints are turned off at this table")
            async with table.lock:
                req = table.bot_request(seat, HINT_BOT, key="hint")
                seq = table.seq
        except TableError as e:
            await _send(conn, dumps(error_message(e.code, str(e), msg.ref)))
            return
        move = await self.pool.choose(req)
        if move is None:
            await _send(conn, dumps(error_message("no_hint", "no hint could be found in time", msg.ref)))
            return
        await _send(conn, dumps(_reply({"type": "hint", "move": move, "seq": seq}, msg)))

    # --------------------------------------------------------------- invites

    async def claim(self, table: Table, code: str) -> tuple[int, str]:
        """Claim an invite (:func:`.invites.claim`) and store it: the seat and its token. Raises TableError."""
        async with table.lock:
            seat, token, change = invites.claim(table, code)
            await self.apply(table, change)
            return seat, token

    async def reinvite(self, table: Table, host: int, seat: int) -> str:
        """A new invite for ``seat`` (:func:`.invites.reinvite`); the old token's connections are closed."""
        async with table.lock:
            code, change = invites.reinvite(table, host, seat)
            await self.apply(table, change)
            old, table.conns[seat] = table.conns[seat], []
        for conn in old:
            close = getattr(conn, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    await close(code=4403)
        return code

    async def _rematch(self, table: Table, seat: int) -> None:
        """Create and store the rematch table, then send everyone its id (call with the lock held)."""
        new, ops = table.rematch_table(seat)
        try:
            await self.writer.commit(ops)
        except StoreFailed as e:
            log.error("table %s: the rematch was refused, the store failed: %s", table.id, e)
            raise TableError("store_failed", "the rematch could not be stored (the database is unavailable): "
                             "try again later") from None
        self.tables[new.id] = new
        table.rematch = new.id
        text = dumps({"type": "rematch", "table": new.id})
        for conns in [*table.conns.values(), table.watchers]:
            if conns:
                await _send_all(conns, text)

    # ------------------------------------------------------------------ clock

    def arm(self, table: Table) -> None:
        """(Re)start the watch on the person to act: when his time runs out or he stays away past the
        grace period, a bot stands in for him (:mod:`.clock`)."""
        if table.clock_task is not None and not table.clock_task.done():
            table.clock_task.cancel()
        seat = table.to_act()
        if seat is None or table.seats[seat].kind == "bot" or seat in table.clock.stand_in:
            return
        deadline = table.clock.deadline(seat)
        if deadline is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.clock_task = loop.create_task(self._expire(table, seat, deadline))

    async def _expire(self, table: Table, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        async with table.lock:
            if table.to_act() != seat or table.clock.deadline(seat) is None:
                return
            if (table.clock.deadline(seat) or 0.0) > time.monotonic() + 0.01:
                return
            table.clock.stand_in.add(seat)
            log.info("table %s: a bot plays for seat %d until the person returns", table.id, seat + 1)
            await self.broadcast_seats(table)
        self.kick(table)

    # ------------------------------------------------------------------- bots

    def kick(self, table: Table) -> None:
        """Start the table's bot task if a bot must move and none is running."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        if table.bot_to_act() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.bot_task = loop.create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        failures = 0
        while True:
            await asyncio.sleep(self.bot_delay if not failures else min(5.0, 0.25 * 2 ** failures))
            async with table.lock:
                seat = table.bot_to_act()
                if seat is None or table.id in self.stuck:
                    return
                req, seq = table.bot_request(seat, table.bot_spec(seat)), table.seq
            text = await self.pool.choose(req)  # in a worker process: the table's lock is free meanwhile
            async with table.lock:
                if table.seq != seq or table.bot_to_act() != seat:
                    continue
                if text is None:  # no answer in time: a safe move keeps the game going
                    text = safe_move(table.legal_for(seat))
                    if text is None:
                        return
                try:
                    change = table.act(seat, text, seq)
                except TableError as e:  # a bot's move refused (a bug): a safe move instead
                    log.error("table %s: bot move %r refused: %s", table.id, text, e)
                    fallback = safe_move(table.legal_for(seat))
                    if fallback is None:
                        return
                    try:
                        change = table.act(seat, fallback, seq)
                    except TableError:
                        log.exception("table %s: no move for the bot of seat %d", table.id, seat + 1)
                        return
                try:
                    await self.apply(table, change)
                    failures = 0
                except TableError:  # the store failed: the move was undone; try again later
                    if self.tables.get(table.id) is not table:
                        return  # unloaded (a write in doubt): the table loaded again has its own bot task
                    failures += 1


def _reply(message: dict[str, Any], msg: ClientMessage) -> dict[str, Any]:
    if msg.ref is not None:
        message["ref"] = msg.ref
    return message


async def _send_all(conns: list[Connection], text: str) -> None:
    for conn in list(conns):
        if not await _send(conn, text):
            with contextlib.suppress(ValueError):
                conns.remove(conn)


async def _send(conn: Connection, text: str) -> bool:
    try:
        await conn.send_text(text)
        return True
    except Exception:
        return False
