"""The turn clock and the stand-in bot (:mod:`canasta.web.tables.clock`): out of time, or away past the
grace period, a person's seat is played by a bot until the person returns; the seats say so."""

from __future__ import annotations

import asyncio

import pytest

from canasta.web.store import Store
from canasta.web.tables import Table, TableError, TableManager, create_table
from canasta.web.tables.clock import TurnClock

from .test_web_protocol import Conn, message


def test_fischer_clock_charges_the_player_to_act_and_adds_the_increment() -> None:
    c = TurnClock(2, base=10.0, increment=2.0)
    c.turn(0, now=100.0)
    assert c.left(0, now=103.0) == pytest.approx(7.0) and c.deadline(0) == pytest.approx(110.0)
    c.turn(1, now=104.0)
    assert c.remaining[0] == pytest.approx(8.0) and c.running == 1
    c.away[1] = 105.0
    assert c.deadline(1) == pytest.approx(min(114.0, 105.0 + c.grace))
    c.back(1, now=104.0)
    assert 1 not in c.away and c.facts(now=104.0)["left"] == [8.0, 10.0]
    c.turn(0, now=120.0)  # seat 1 ran out of time (16 s of 10)
    c.back(1, now=121.0)
    assert c.remaining[1] == pytest.approx(10.0)  # back: RETURN_SECONDS for his next turn
    assert TurnClock(2).deadline(0) is None  # no clock: only the grace period when away


def test_a_bad_clock_is_refused() -> None:
    for bad in ([0, 1], [10], [10, -1], [True, 1], ["10", 1]):
        with pytest.raises(TableError) as e:
            create_table("classic(players=2)", [{"kind": "human"}] * 2, clock=bad)  # type: ignore[arg-type]
        assert e.value.code == "bad_clock"


async def two_people(store: Store, clock: list[float] | None) -> tuple[TableManager, Table, dict[int, Conn]]:
    manager = TableManager(store, bot_delay=0, bot_processes=0)
    table = await manager.create("classic(players=2)", [{"kind": "human"}] * 2, clock=clock)
    conns = {s: Conn() for s in (0, 1)}
    for s, c in conns.items():
        await manager.join(table, s, c)
    await manager.handle(table, 0, conns[0], message(type="start"))
    return manager, table, conns


async def wait_for(cond, seconds: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never came true")


def test_out_of_time_a_bot_plays_until_the_person_returns(db_url: str) -> None:
    async def run() -> None:
        manager, table, conns = await two_people(Store(db_url), [0.2, 0.0])
        seat = table.to_act()
        assert seat is not None
        seq = table.seq
        await wait_for(lambda: seat in table.clock.stand_in and table.seq > seq)  # the bot played for him
        said = [m for m in conns[1 - seat].sent if m["type"] == "seats" and m["seats"][seat]["stand_in"]]
        assert said  # the table says so
        await manager.handle(table, seat, conns[seat], message(type="ping"))
        assert seat in table.clock.stand_in  # a ping is not a return
        await manager.handle(table, seat, conns[seat], message(type="name", name="Back"))  # an action: he is back
        assert seat not in table.clock.stand_in and table.clock.remaining[seat] >= 0
        await manager.close()
    asyncio.run(run())


def test_away_past_the_grace_period_a_bot_plays_and_stops_when_he_reconnects(db_url: str) -> None:
    async def run() -> None:
        manager, table, conns = await two_people(Store(db_url), None)
        seat = table.to_act()
        assert seat is not None
        table.clock.grace = 0.2
        seq = table.seq
        await manager.leave(table, seat, conns[seat])
        await wait_for(lambda: table.seq > seq)
        assert seat in table.clock.stand_in or table.to_act() != seat
        back = Conn()
        await manager.join(table, seat, back)
        assert seat not in table.clock.stand_in and not back.sent[-1]["seats"][seat]["stand_in"]
        await manager.close()
    asyncio.run(run())


def test_the_clock_setting_is_stored_with_the_table(db_url: str) -> None:
    from canasta.web.tables import rebuild_table

    async def run() -> str:
        manager = TableManager(Store(db_url), bot_delay=0, bot_processes=0)
        table = await manager.create("classic(players=2)", [{"kind": "human"}] * 2, clock=[120, 3])
        await manager.close()
        return table.id

    tid = asyncio.run(run())
    stored = Store(db_url).load_table(tid)
    assert stored is not None and stored.clock == [120.0, 3.0]
    again = rebuild_table(stored)
    assert (again.clock.base, again.clock.increment) == (120.0, 3.0)


def test_each_persons_time_survives_a_restart(db_url: str) -> None:
    """Every move is stored with the time its mover has left: a table loaded again after a restart gives
    each person the time of his last move (not ``base`` again), and the downtime is not charged."""
    from canasta.web.tables import rebuild_table

    async def run() -> None:
        store = Store(db_url)
        manager, table, conns = await two_people(store, [60.0, 5.0])
        for _ in range(4):  # each turn of a person takes 20 s of his clock (his clock started 20 s ago)
            seat = table.to_act()
            assert seat is not None
            table.clock.since -= 20.0
            while table.to_act() == seat:
                legal = table.legal_for(seat)
                move = "draw" if "draw" in legal else next(m for m in legal if m.startswith("discard"))
                await manager.handle(table, seat, conns[seat], message(type="move", move=move, at=table.seq))
        assert [round(x) for x in table.clock.remaining] == [30, 30]  # 60 + 2 x (5 - 20)
        stored = store.load_table(table.id)
        # after a draw the turn goes on (no increment); after the discard the increment is added
        assert stored is not None and [round(x or 0) for x in stored.deals[0].clock_left] == [40, 45, 40, 45,
                                                                                              25, 30, 25, 30]
        again = rebuild_table(stored)
        assert [round(x) for x in again.clock.remaining] == [30, 30]
        running = again.clock.running
        assert running is not None and running == table.to_act() and round(again.clock.left(running)) == 30
        await manager.close()
        store.close()
    asyncio.run(run())
