"""A table whose deal cannot go on (the player to act has no legal move: an error of the engine,
canasta.play.dead_end) is kept as it is: logged once, listed with the broken tables, its bots stopped, and
everyone at it (and whoever joins later) told why with a ``dead_end`` error; never a silent hang."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import pytest

import canasta.web.tables.manager as manager_mod
from canasta.engine.deal import P_DRAW, Deal
from canasta.engine.position import position_parts
from canasta.web.store import Store
from canasta.web.tables import Table, TableManager

from .test_web_protocol import Conn, message, started


def no_card_left(table: Table) -> None:
    """Put the table's deal where its player to act holds no card in the middle of his turn (no legal play
    reaches it: it stands for an engine error)."""
    deal = table.game.deal
    assert deal is not None
    if deal.phase == P_DRAW:
        deal.apply("draw")
    parts = position_parts(deal)
    parts["stock"] += parts["hands"][deal.turn]
    parts["hands"][deal.turn] = []
    table.game.deal = Deal.from_position(deal.rules, **parts)


def errors(conn: Conn) -> list[str]:
    return [m["code"] for m in conn.sent if m["type"] == "error"]


def test_a_real_dead_end_is_reported_to_everyone_and_to_whoever_joins(db_url: str,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        manager, table, conns = await started(Store(db_url))
        await manager.report_dead_end(table)
        assert manager.stuck == {} and all(errors(c) == [] for c in conns.values())  # a deal that goes on
        no_card_left(table)
        with caplog.at_level(logging.ERROR, logger="canasta.web"):
            await manager.report_dead_end(table)
            await manager.report_dead_end(table)
        assert list(manager.stuck) == [table.id] and "no legal move for seat" in manager.stuck[table.id]
        assert caplog.text.count(table.id) == 1  # logged once
        assert all(errors(c) == ["dead_end", "dead_end"] for c in conns.values())
        late = Conn()
        await manager.join(table, None, late)
        assert late.sent[0]["type"] == "state" and errors(late) == ["dead_end"]
        assert "The game cannot go on: no legal move for seat" in late.sent[-1]["message"]
        await manager.close()

    asyncio.run(run())


def test_a_move_that_leads_to_a_dead_end_tells_every_seat(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check follows every change that moves the deal (its message after the change's events)."""
    stuck = {"now": False}
    monkeypatch.setattr(manager_mod, "dead_end",
                        lambda deal: "no legal move for seat 1 (play) in classic(players=2): a test" if stuck["now"]
                        else None)

    async def run() -> None:
        manager, table, conns = await started(Store(db_url))
        seat = table.to_act()
        assert seat is not None
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq))
        assert all(errors(c) == [] for c in conns.values()) and manager.stuck == {}
        stuck["now"] = True
        deal = table.game.deal
        assert deal is not None
        move = next(m for m in deal.legal_moves() if str(m).startswith("discard "))
        await manager.handle(table, seat, conns[seat], message(type="move", move=str(move), at=table.seq))
        for c in conns.values():
            assert [m["type"] for m in c.sent[-2:]] == ["event", "error"] and c.sent[-1]["code"] == "dead_end"
        assert manager.stuck == {table.id: "no legal move for seat 1 (play) in classic(players=2): a test"}
        await manager.close()

    asyncio.run(run())


def test_the_bots_of_a_table_that_cannot_go_on_stop(db_url: str) -> None:
    """The bot to act at a dead end is not even asked for a move (it would be refused), and the table stays."""
    async def run() -> None:
        manager = TableManager(Store(db_url), bot_delay=30, bot_processes=0)  # the bot waits while we set up
        table = await manager.create("classic(players=2)", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        person = Conn()
        await manager.join(table, 0, person)
        await manager.handle(table, 0, person, message(type="start"))
        while table.to_act() == 0:  # the person's turn first, if he plays first
            legal = [str(m) for m in table.game.deal.legal_moves()]  # type: ignore[union-attr]
            text = "draw" if "draw" in legal else next(m for m in legal if m.startswith("discard "))
            await manager.handle(table, 0, person, message(type="move", move=text, at=table.seq))
        assert table.to_act() == 1 and table.bot_task is not None
        table.bot_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await table.bot_task
        asked: list[object] = []

        async def choose(req: object) -> str | None:
            asked.append(req)
            return None

        manager.pool.choose = choose  # type: ignore[method-assign]
        manager.bot_delay = 0
        no_card_left(table)
        await manager.report_dead_end(table)
        seq = table.seq
        manager.kick(table)
        await asyncio.sleep(0.2)
        assert table.bot_task is not None and table.bot_task.done()  # a new task ran, and stopped at once
        assert asked == [] and table.seq == seq
        assert errors(person)[-1] == "dead_end" and manager.get(table.id) is table
        await manager.close()

    asyncio.run(run())


def test_stuck_tables_are_listed_with_the_broken_ones(client: object) -> None:
    from starlette.testclient import TestClient

    assert isinstance(client, TestClient)
    r = client.post("/api/tables", json={"variant": "classic(players=2)",
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    assert client.get("/api/tables?status=broken").json() == {"broken": [], "stuck": []}
    manager = client.app.state.manager  # type: ignore[attr-defined]
    manager.stuck[tid] = "no legal move for seat 1 (play) in classic(players=2): a test"
    assert client.get("/api/tables?status=broken").json()["stuck"] == [
        {"id": tid, "error": "no legal move for seat 1 (play) in classic(players=2): a test"}]
