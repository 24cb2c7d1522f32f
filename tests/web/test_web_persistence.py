"""Write-ahead persistence of the web tables (:mod:`canasta.web.tables.persistence`): a move is stored
before it is shown; when the store fails the move is refused with a message, memory and store stay as
they were, and play goes on once the store is back; a table whose log cannot be replayed is reported
and kept for inspection."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from canasta.web.app import create_app
from canasta.web.store import CommitUnknown, Store, StoreOp
from canasta.web.tables import Table, TableManager, rebuild_table

from .test_web_protocol import Conn, message


class FlakyStore(Store):
    """A store whose writes fail while ``down`` is set (as a stopped database server would)."""

    down = False

    def apply_ops(self, ops: list[StoreOp]) -> None:
        if self.down:
            raise OperationalError("INSERT", {}, Exception("connection refused: the database is down"))
        super().apply_ops(ops)


def snapshot(store: Store, table: Table) -> tuple[Any, ...]:
    """What memory and the store hold of the table."""
    stored = store.load_table(table.id)
    assert stored is not None
    return (table.seq, [list(lg.moves) for lg in table.game.logs], table.state_for(0), table.state_for(1),
            [(d.number, d.seed, list(d.moves)) for d in stored.deals], stored.status)


async def person_table(store: Store) -> tuple[TableManager, Table, dict[int, Conn]]:
    manager = TableManager(store, bot_delay=0, bot_processes=0)
    table = await manager.create("classic(players=2)", [{"kind": "human"}] * 2)
    conns = {s: Conn() for s in (0, 1)}
    for s, c in conns.items():
        await manager.join(table, s, c)
    await manager.handle(table, 0, conns[0], message(type="start"))
    return manager, table, conns


def test_a_move_while_the_store_is_down_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    async def run() -> None:
        store = FlakyStore(f"sqlite:///{tmp_path / 'w.db'}")
        manager, table, conns = await person_table(store)
        seat = table.to_act()
        assert seat is not None
        before, sent = snapshot(store, table), [len(c.sent) for c in conns.values()]
        store.down = True
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq, ref=1))
        err = conns[seat].sent[-1]
        assert err["type"] == "error" and err["code"] == "store_failed" and "try again" in err["message"]
        assert len(conns[1 - seat].sent) == sent[1 - seat]  # nothing was broadcast
        store.down = False
        assert snapshot(store, table) == before  # memory and store exactly as they were
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq))
        assert conns[seat].sent[-1]["type"] == "event" and table.seq == before[0] + 1
        stored = store.load_table(table.id)
        assert stored is not None
        again, now = rebuild_table(stored).state_for(seat), table.state_for(seat)
        assert (again["seq"], again["view"], again["log"]) == (now["seq"], now["view"], now["log"])
        await manager.close()
    asyncio.run(run())


def test_a_move_that_ends_the_deal_is_undone_whole(tmp_path: Path) -> None:
    """The move that ends a deal also scores it: refused, the deal is not over and nothing is scored."""
    async def run() -> None:
        store = FlakyStore(f"sqlite:///{tmp_path / 'w.db'}")
        manager, table, _ = await person_table(store)
        deal = table.game.deal
        assert deal is not None
        while True:  # play (in memory only, as the manager would) up to the move that ends the deal
            seat = table.to_act()
            assert seat is not None
            legal = table.legal_for(seat)
            move = next((m for m in legal if m == "draw"), None) or legal[-1]
            change = table.act(seat, move, table.seq)
            if not change.deal_changed:
                store.apply_ops(change.ops)
                table.commit(change)
                continue
            change.undo()
            break
        before = snapshot(store, table)
        conn = table.conns[seat][0]
        store.down = True
        await manager.handle(table, seat, conn, message(type="move", move=move, at=table.seq))
        assert snapshot(store, table) == before and table.game.totals == [0, 0] and not table.game.logs[-1].scores
        store.down = False
        await manager.handle(table, seat, conn, message(type="move", move=move, at=table.seq))
        assert table.game.deal is not None and table.game.deal.over and table.history()
        await manager.close()
    asyncio.run(run())


class LostCommitStore(Store):
    """A store whose next write is committed by the database but reported failed (the connection was lost
    during COMMIT); with ``unreadable``, reading back fails too, so the outcome stays unknown."""

    lose_next = False
    unreadable = False

    def apply_ops(self, ops: list[StoreOp]) -> None:
        super().apply_ops(ops)
        if self.lose_next:
            self.lose_next = False
            raise CommitUnknown("server closed the connection unexpectedly")

    def ops_stored(self, ops: list[StoreOp]) -> bool | None:
        if self.unreadable:
            raise OperationalError("SELECT", {}, Exception("connection refused"))
        return super().ops_stored(ops)


class ClosingConn(Conn):
    """A fake websocket that records the code it was closed with."""

    closed: int | None = None

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_move_committed_before_the_connection_was_lost_is_acknowledged_once(tmp_path: Path) -> None:
    async def run() -> None:
        store = LostCommitStore(f"sqlite:///{tmp_path / 'w.db'}")
        manager, table, conns = await person_table(store)
        seat = table.to_act()
        assert seat is not None
        seq = table.seq
        store.lose_next = True
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=seq))
        assert conns[seat].sent[-1]["type"] == "event" and table.seq == seq + 1  # read back: it is stored
        stored = store.load_table(table.id)
        assert stored is not None and stored.deals[0].moves == [(seat, "draw")]
        await manager.close()
    asyncio.run(run())


def test_a_batch_committed_before_the_connection_was_lost_is_not_written_twice(tmp_path: Path) -> None:
    from concurrent.futures import Future

    from canasta.web.store import StoredTable
    from canasta.web.tables.persistence import StoreWriter

    store = LostCommitStore(f"sqlite:///{tmp_path / 'w.db'}")
    writer = StoreWriter(store)
    try:
        row = StoredTable("lost-batch", "classic", [], False, "playing", 1, 0, [])
        store.apply_ops([StoreOp("create", row.id, {"row": row}),
                         StoreOp("deal", row.id, {"number": 0, "dealer": 0, "seed": 7})])
        batch: list[tuple[list[StoreOp], Future[None]]] = [
            ([StoreOp("move", row.id, {"deal": 0, "seq": q, "seat": q % 2, "text": "draw"})], Future())
            for q in range(3)]
        store.lose_next = True
        writer._write(batch)  # the batch is committed, then its connection is lost
        assert all(f.exception() is None for _, f in batch)  # each change read back as stored, none rewritten
        stored = store.load_table(row.id)
        assert stored is not None and stored.deals[0].moves == [(0, "draw"), (1, "draw"), (0, "draw")]
        lost = ([StoreOp("move", row.id, {"deal": 0, "seq": 3, "seat": 1, "text": "discard 5H"})], Future[None]())
        clash = ([StoreOp("move", row.id, {"deal": 0, "seq": 0, "seat": 0, "text": "take"})], Future[None]())
        writer._write([lost, clash])  # one good change and one that clashes with a stored move
        assert lost[1].exception() is None and clash[1].exception() is not None
    finally:
        writer.close()
        store.close()


def test_a_write_whose_outcome_cannot_be_known_reloads_the_table_from_the_store(tmp_path: Path) -> None:
    async def run() -> None:
        store = LostCommitStore(f"sqlite:///{tmp_path / 'w.db'}")
        manager, table, _ = await person_table(store)
        conns = {s: ClosingConn() for s in (0, 1)}
        for s, c in conns.items():
            await manager.join(table, s, c)
        seat = table.to_act()
        assert seat is not None
        seq = table.seq
        store.lose_next = store.unreadable = True
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=seq))
        assert conns[seat].sent[-1]["code"] == "store_failed" and "reloaded" in conns[seat].sent[-1]["message"]
        assert conns[0].closed == conns[1].closed == 1012  # everyone reconnects to the table loaded again
        assert table.id not in manager.tables
        store.unreadable = False
        again = manager.get(table.id)  # the store is the truth: the move was committed
        assert again is not None and again is not table and again.seq == seq + 1
        assert again.to_act() == seat and "draw" not in again.legal_for(seat)
        await manager.close()
    asyncio.run(run())


def test_a_locked_sqlite_file_refuses_the_move_then_play_continues(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"

    async def run() -> None:
        store = Store(f"sqlite:///{path}", sqlite_timeout=0.2)
        manager, table, conns = await person_table(store)
        seat = table.to_act()
        assert seat is not None
        before = snapshot(store, table)
        other = sqlite3.connect(path, timeout=0)  # another program holds the database's write lock
        other.execute("BEGIN EXCLUSIVE")
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq))
        assert conns[seat].sent[-1]["code"] == "store_failed"
        other.rollback()
        other.close()
        assert snapshot(store, table) == before
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq))
        assert conns[seat].sent[-1]["type"] == "event" and table.seq == before[0] + 1
        await manager.close()
    asyncio.run(run())


def test_bots_wait_for_the_store_and_go_on(tmp_path: Path) -> None:
    async def run() -> None:
        store = FlakyStore(f"sqlite:///{tmp_path / 'b.db'}")
        manager = TableManager(store, bot_delay=0, bot_processes=0)
        table = await manager.create("classic(players=2)", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        conn = Conn()
        await manager.join(table, 0, conn)
        store.down = True
        await manager.handle(table, 0, conn, message(type="start"))
        assert conn.sent[-1]["code"] == "store_failed" and table.status == "waiting" and table.game.deal is None
        store.down = False
        await manager.handle(table, 0, conn, message(type="start"))
        if table.to_act() == 1:
            store.down = True
            seq = table.seq
            await asyncio.sleep(0.3)
            assert table.seq == seq  # the bot's move was refused, and retried later
            store.down = False
            for _ in range(100):
                await asyncio.sleep(0.05)
                if table.seq > seq:
                    break
            assert table.seq > seq
        await manager.close()
    asyncio.run(run())


def test_many_tables_share_batches(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'm.db'}")
        manager = TableManager(store, bot_delay=0, bot_processes=0)
        tables = await asyncio.gather(*(manager.create("classic(players=2)", [{"kind": "human"}] * 2)
                                        for _ in range(40)))
        assert manager.writer.batches < 40  # written together, not one commit per table
        assert all(store.load_table(t.id) is not None for t in tables)
        await manager.close()
    asyncio.run(run())


def test_a_table_that_cannot_be_replayed_is_reported_and_kept(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                                               ) -> None:
    url = f"sqlite:///{tmp_path / 'broken.db'}"

    async def make() -> str:
        manager, table, _ = await person_table(Store(url))
        await manager.close()
        return table.id

    tid = asyncio.run(make())
    store = Store(url)
    store.apply_ops([StoreOp("move", tid, {"deal": 0, "seq": 0, "seat": 0, "text": "meld KH KH KH"})])
    store.close()
    with caplog.at_level(logging.ERROR, logger="canasta.web"), \
            TestClient(create_app(url, bot_delay=0, bot_processes=0)) as client:
        assert tid in caplog.text and "broken" in caplog.text  # reported at start-up
        r = client.get(f"/api/tables/{tid}")
        assert r.status_code == 409 and r.json()["status"] == "broken"
        assert [b["id"] for b in client.get("/api/tables?status=broken").json()["broken"]] == [tid]
    kept = Store(url).load_table(tid)
    assert kept is not None and kept.deals[0].moves  # its rows are still there


def test_a_database_of_the_previous_version_gains_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE web_tables (id VARCHAR(40) PRIMARY KEY, created FLOAT, updated FLOAT, "
                "variant VARCHAR(400), seats JSON, hints BOOLEAN, status VARCHAR(16), game_seed BIGINT, "
                "first_dealer INTEGER)")
    old.execute("INSERT INTO web_tables VALUES ('old1', 0, 0, 'classic(players=2)', "
                "'[{\"name\": \"A\", \"kind\": \"human\", \"bot\": null, \"token\": \"t\", \"joined\": true}, "
                "{\"name\": \"B\", \"kind\": \"bot\", \"bot\": \"random\", \"token\": null, \"joined\": false}]', "
                "1, 'waiting', 7, 0)")
    old.execute("CREATE TABLE web_deals (table_id VARCHAR(40), number INTEGER, dealer INTEGER, seed BIGINT, "
                "PRIMARY KEY (table_id, number))")
    old.execute("CREATE TABLE web_moves (table_id VARCHAR(40), deal INTEGER, seq INTEGER, seat INTEGER, "
                "text VARCHAR(200), PRIMARY KEY (table_id, deal, seq))")
    old.execute("INSERT INTO web_deals VALUES ('old1', 0, 0, 11)")
    old.execute("INSERT INTO web_moves VALUES ('old1', 0, 0, 1, 'draw')")
    old.commit()
    old.close()
    stored = Store(f"sqlite:///{path}").load_table("old1")
    assert stored is not None and not stored.spectators and stored.clock is None
    assert stored.deals[0].moves == [(1, "draw")] and stored.deals[0].clock_left == [None]  # the new column
