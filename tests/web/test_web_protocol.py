"""Protocol 2 of the table websocket (docs/web.md "Protocol"): numbered events filtered per seat,
resync after a dropped connection, stale intents refused, invites claimed once, spectators; and a
property test: whole games through the real :class:`~canasta.web.tables.TableManager`, every message
to every seat and to a spectator checked for hidden cards when it is sent."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from canasta.agents import make_agent
from canasta.rules.fields import Rules
from canasta.web.protocol import parse_message
from canasta.web.store import Store
from canasta.web.tables import Table, TableManager, events

from .test_secrecy import check_message
from .wsplay import create, until


class Conn:
    """A fake websocket that keeps what it is sent (and checks each table message for secrets)."""

    def __init__(self, table: Table | None = None, seat: int | None = None, check: bool = False):
        self.table, self.seat, self.check = table, seat, check
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        msg = json.loads(data)
        if self.check and self.table is not None and msg["type"] in ("state", "event") and msg["view"] is not None:
            check_message(self.table, self.seat, data)
        self.sent.append(msg)


def message(**fields: Any) -> Any:
    return parse_message(json.dumps(fields))


async def play(manager: TableManager, table: Table, conns: dict[int, Conn], moves: int, rng: random.Random,
               max_deals: int = 1) -> None:
    """People (random agents) make ``moves`` moves (or play to the end of ``max_deals`` deals)."""
    agents = {s: make_agent("random", rng.randrange(10**6)) for s in conns}
    for _ in range(moves):
        deal = table.game.deal
        assert deal is not None
        if deal.over:
            if table.game.over or len(table.game.logs) >= max_deals:
                return
            await manager.handle(table, table.host, conns[table.host], message(type="next_deal", at=table.seq))
            continue
        seat = table.to_act()
        assert seat is not None
        move = str(deal.move_for_action(agents[seat].select(None, deal.legal_actions())))
        await manager.handle(table, seat, conns[seat], message(type="move", move=move, at=table.seq))


async def started(store: Store, variant: str = "classic(players=2)", spectators: bool = True,
                  check: bool = False) -> tuple[TableManager, Table, dict[int, Conn]]:
    manager = TableManager(store, bot_delay=0, bot_processes=0)
    n = Rules.parse(variant).players
    table = await manager.create(variant, [{"kind": "human"}] * n, spectators=spectators)
    conns = {s: Conn(table, s, check) for s in range(n)}
    for s, c in conns.items():
        await manager.join(table, s, c)
    await manager.handle(table, 0, conns[0], message(type="start"))
    return manager, table, conns


def test_after_a_move_each_seat_gets_only_the_new_event_filtered_for_it(db_url: str) -> None:
    async def run() -> None:
        manager, table, conns = await started(Store(db_url))
        seat = table.to_act()
        assert seat is not None
        before = [len(c.sent) for c in conns.values()]
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=table.seq))
        for s, c in conns.items():
            new = c.sent[before[s]:]
            assert [m["type"] for m in new] == ["event"]  # no snapshot, no whole move log
            (e,) = new[0]["events"]
            assert e["n"] == table.seq and e["move"] == "draw" and e["seat"] == seat
            assert ("drew" in e) == (s == seat)  # "you drew 7H" for the mover, "drew" for the others
            assert "log" not in new[0] and "history" not in new[0] and "rules" not in new[0]
        await manager.close()
    asyncio.run(run())


def test_a_stale_intent_is_refused_and_changes_nothing(db_url: str) -> None:
    async def run() -> None:
        manager, table, conns = await started(Store(db_url))
        seat = table.to_act()
        assert seat is not None
        seq, hand = table.seq, table.state_for(seat)["view"]["hand"]
        await manager.handle(table, seat, conns[seat], message(type="move", move="draw", at=seq - 1, ref=5))
        err = conns[seat].sent[-1]
        assert err["type"] == "error" and err["code"] == "stale" and err["ref"] == 5 and str(seq) in err["message"]
        assert table.seq == seq and table.state_for(seat)["view"]["hand"] == hand
        await manager.close()
    asyncio.run(run())


def test_resync_after_a_dropped_connection(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        manager, table, conns = await started(Store(db_url), "classic(players=2)")
        await manager.leave(table, 1, conns[1])
        last = conns[1].sent[-1]
        have = last["seq"]
        elsewhere = Conn()  # seat 1 plays on from another device meanwhile
        await manager.join(table, 1, elsewhere)
        await play(manager, table, {0: conns[0], 1: elsewhere}, 6, random.Random(1))
        assert table.seq >= have + 6
        back = Conn()
        await manager.join(table, 1, back, since=have)
        (resumed,) = [m for m in back.sent if m["type"] in ("event", "state")]
        assert resumed["type"] == "event"
        assert [e["n"] for e in resumed["events"]] == list(range(have + 1, table.seq + 1))
        assert resumed["view"] == table.state_for(1)["view"]
        up_to_date = Conn()
        await manager.join(table, 1, up_to_date, since=table.seq)
        assert up_to_date.sent[0]["type"] == "event" and up_to_date.sent[0]["events"] == []
        for since in (0, table.seq + 5):  # before this deal, or unknown: a snapshot
            other = Conn()
            await manager.join(table, 1, other, since=since)
            assert other.sent[0]["type"] == "state" and other.sent[0]["seq"] == table.seq
        monkeypatch.setattr(events, "KEEP_EVENTS", 2)  # missed events no longer kept: a snapshot
        await play(manager, table, {0: conns[0], 1: elsewhere}, 4, random.Random(2))
        gone = Conn()
        await manager.join(table, 1, gone, since=have)
        assert gone.sent[0]["type"] == "state"
        await manager.close()
    asyncio.run(run())


def test_invite_claimed_once_reinvite_revokes_the_old_key(client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "classic(players=2)", "seats": [{"kind": "human"}] * 2})
    data = r.json()
    tid, host = data["id"], data["token"]
    assert [link["seat"] for link in data["links"]] == [1] and host not in json.dumps(data["links"])
    code = data["links"][0]["link"].split("i=")[1]
    first = client.post(f"/api/tables/{tid}/claim", json={"invite": code})
    assert first.status_code == 200 and first.json()["seat"] == 1
    again = client.post(f"/api/tables/{tid}/claim", json={"invite": code})
    assert again.status_code == 409 and again.json()["code"] == "invite_spent"
    friend = first.json()["token"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["joined"]
    assert client.post(f"/api/tables/{tid}/invite", json={"token": friend, "seat": 0}).status_code == 409
    new = client.post(f"/api/tables/{tid}/invite", json={"token": host, "seat": 1})
    assert new.status_code == 200
    with client.websocket_connect(f"/ws/{tid}?k={friend}") as ws:  # the old key is revoked
        assert ws.receive_json()["code"] == "bad_token"
    code2 = new.json()["link"].split("i=")[1]
    assert client.post(f"/api/tables/{tid}/claim", json={"invite": code2}).status_code == 200


def test_spectators_only_if_the_host_allows_and_see_no_hand(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    tid, _ = create(client, variant="classic(players=2)", seats=seats)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    tid, (k0,) = create(client, variant="classic(players=2)", seats=seats, spectators=True)
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as w0, client.websocket_connect(f"/ws/{tid}") as watch:
        w0.send_json({"type": "start"})
        s = until(watch, lambda m: m["type"] == "state" and m["view"] is not None)
        assert s["you"] is None and s["view"]["hand"] == [] and s["legal"] == []
        watch.send_json({"type": "move", "move": "draw"})
        assert until(watch, lambda m: m["type"] == "error")["code"] == "spectator"


@pytest.mark.parametrize("variant", ["classic(players=2)", "classic(players=4)", "classic(players=5)",
                                     "romanian-tiles(players=3)", "pennies-from-heaven", "modern-american",
                                     "hand-and-foot"])
def test_no_message_to_a_seat_or_spectator_holds_a_hidden_card(db_url: str, variant: str) -> None:
    """Whole deals played through the manager (all seats people, moved by seeded random agents, every
    move sent as a protocol message); every message to every seat and to a spectator is checked as it
    is sent; a seat also drops and resumes its connection now and then."""
    async def run(seed: int) -> int:
        manager, table, conns = await started(Store(db_url), variant, check=True)
        watcher = Conn(table, None, check=True)
        await manager.join(table, None, watcher)
        rng = random.Random(seed)
        for _ in range(60):
            await play(manager, table, conns, 10, rng, max_deals=2)
            seat = rng.randrange(table.rules.players)
            await manager.leave(table, seat, conns[seat])
            conns[seat] = Conn(table, seat, check=True)
            await manager.join(table, seat, conns[seat], since=max(0, table.seq - rng.randrange(6)))
            if table.game.over or (table.game.deal is not None and table.game.deal.over
                                   and len(table.game.logs) >= 2):
                break
        await manager.close()
        return sum(len(c.sent) for c in conns.values()) + len(watcher.sent)
    for seed in range(2):
        assert asyncio.run(run(seed)) > 100


@pytest.mark.parametrize("variant", ["classic(players=4)", "classic(players=6,teams=3)", "classic(players=5)",
                                     "mexican", "classic(players=3,cutthroat=true)", "pennies-from-heaven",
                                     "romanian-tiles", "italian", "modern-american", "hand-and-foot"])
def test_the_view_shared_by_a_side_is_each_seats_own_view(variant: str) -> None:
    """The update of one change builds one view and gives the other seats a copy with their own seat, side,
    hand and frozen pile facts (variants with extra cards: one view per side), and the parts every seat shares
    once: each seat's whole message must equal the one built for the seat alone, after every move."""
    from canasta.web.tables import decide

    from .tablesync import do, new_table

    rules = Rules.parse(variant)  # bots meld, so that the sides open at different times (the pile's facts differ)
    table = new_table(variant, [{"kind": "human"}] + [{"kind": "bot", "bot": "casual"}] * (rules.players - 1), 77)
    do(table, table.start(0))
    person = make_agent("random", 5)
    differed = 0
    for _ in range(400):
        deal = table.game.deal
        assert deal is not None
        if deal.over:
            break
        seat = table.to_act()
        assert seat is not None
        if seat == 0:
            change = table.act(seat, deal.move_for_action(person.select(None, deal.legal_actions())))
        else:
            change = table.act(seat, decide(table.bot_request(seat, table.bot_spec(seat))))
        do(table, change)
        cache: dict[Any, Any] = {}
        messages = [table.update_for(s, change.events, change.deal_changed, cache) for s in range(rules.players)]
        assert messages == [table.update_for(s, change.events, change.deal_changed) for s in range(rules.players)]
        assert (table.update_for(None, change.events, change.deal_changed, cache)
                == table.update_for(None, change.events, change.deal_changed))
        differed += len({m["view"]["pile"]["frozen_reason"] for m in messages if m["view"] is not None}) > 1
    assert differed or rules.pile_always_frozen  # the sides saw the pile differently at some point (not in
    # variants where it is frozen for everyone): the copies were checked on that


def test_rematch_keeps_the_seats_spectators_and_keys(db_url: str) -> None:
    async def run() -> None:
        store = Store(db_url)
        manager = TableManager(store, bot_delay=0, bot_processes=0)
        table = await manager.create("classic(players=2)", [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                     spectators=True, clock=[300, 5])
        host, watcher = Conn(), Conn()
        await manager.join(table, 0, host)
        await manager.join(table, None, watcher)
        await manager.handle(table, 0, host, message(type="rematch"))
        assert host.sent[-1]["code"] == "not_over"
        table.game.over = True  # (white box: a whole game is long) the game is over
        await manager.handle(table, 0, host, message(type="rematch"))
        new_id = host.sent[-1]["table"]
        assert host.sent[-1]["type"] == watcher.sent[-1]["type"] == "rematch" and watcher.sent[-1]["table"] == new_id
        new = manager.get(new_id)
        assert new is not None and new.id != table.id and new.status == "waiting"
        assert [s.token for s in new.seats] == [s.token for s in table.seats] and new.spectators
        assert new.clock.base == 300 and new.clock.increment == 5 and new.game_seed != table.game_seed
        assert table.state_for(0)["rematch"] == new_id
        stored = store.load_table(new_id)
        assert stored is not None and stored.spectators
        await manager.handle(table, 0, host, message(type="rematch"))
        assert host.sent[-1]["type"] == "error"
        await manager.close()
    asyncio.run(run())


_SPACE = st.sampled_from(["", "", "", "", "", " ", " ", "\t", "\n", "\r\n", "\x0b", "\u00a0"])  # JSON's four mostly
_NUMBERS = st.one_of(st.integers(0, 2**60).map(str), st.sampled_from(["-1", "01", "1.0", "1e3", "true", '"3"']))


_PLAIN = [""] * 14


@settings(max_examples=400, deadline=None)
@example(_PLAIN, "draw", "01", None)
@example(_PLAIN, "draw", str(2**53), None)
@example(_PLAIN, "draw", "3", str(2**53 - 1))
@example(_PLAIN, " discard 5H ", "0", "-1")
@example(_PLAIN, 'draw\\"', None, None)
@example([" "] * 13 + ["\x0b"], "draw", "1", "2")
@example(_PLAIN, "x" * 201, None, None)
@given(st.lists(_SPACE, min_size=14, max_size=14),
       st.one_of(st.sampled_from(["draw", " draw ", "take", "discard 5H", "meld 7H 7D 7C", "add JK to 7", "go", "",
                                  'draw\\"', "draw\\n", "x" * 201, "discard é"]),
                 st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)),
       st.none() | _NUMBERS, st.none() | _NUMBERS)
def test_a_plain_move_message_reads_as_the_general_reader_reads_it(sp: list[str], move: str, at: str | None,
                                                                  ref: str | None) -> None:
    """Move messages are read by a fast path when plain (:data:`canasta.web.protocol._PLAIN_MOVE`): the result,
    or the refusal's code and text, must be the general reader's (which bytes always take)."""
    from canasta.web.protocol import ProtocolError, parse_message

    raw = (f'{sp[0]}{{{sp[1]}"type"{sp[2]}:{sp[3]}"move"{sp[4]},{sp[5]}"move"{sp[6]}:{sp[7]}"{move}"'
           + (f'{sp[8]},"at":{sp[9]}{at}' if at is not None else "")
           + (f',{sp[10]}"ref"{sp[11]}:{ref}' if ref is not None else "") + f"{sp[12]}}}{sp[13]}")

    def outcome(value: str | bytes) -> Any:
        try:
            return parse_message(value)
        except ProtocolError as e:
            return (e.code, str(e))
    assert outcome(raw) == outcome(raw.encode())


def test_gained_names_the_cards_a_hand_received() -> None:
    """``drew`` of a move event: the cards whose count grew, each as often as it grew, in card order; nothing
    for a move that only lays cards down (a meld, a discard)."""
    from canasta.cards.deck import card_str

    before = [0] * 53
    before[5], before[20] = 2, 1
    after = list(before)
    assert events.gained(before, after) == ()
    after[20] = 0  # a discard
    assert events.gained(before, after) == ()
    after[3], after[5], after[52] = 1, 4, 1  # a pile taken: one new card, two more of one already held, a joker
    assert events.gained(before, after) == (card_str(3), card_str(5), card_str(5), card_str(52))
    with pytest.raises(ValueError):
        events.gained(before, after[:-1])
