"""Server tests through Starlette's TestClient: lobby API, the table websocket, persistence, records."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from canasta.formats.records import replay_record
from canasta.web.app import create_app

from .wsplay import FOUR_VS_BOTS, create, my_turn, simple_move, until


def test_pages_and_meta(client: TestClient) -> None:
    for path in ("/", "/table", "/score", "/static/table.js", "/static/style.css"):
        assert client.get(path).status_code == 200, path
    meta = client.get("/api/meta").json()
    assert "classic" in meta["variants"] and meta["bots"][:4] == ["beginner", "casual", "club", "expert"]
    assert client.get("/api/i18n/ro").json()["act.draw"] == "Trage"
    assert client.get("/api/i18n/xx").status_code == 404


def test_create_refuses_bad_input(client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "clasic", "seats": FOUR_VS_BOTS})
    assert r.status_code == 400 and "unknown variant" in r.json()["error"]
    r = client.post("/api/tables", json={"variant": "classic(players=4)", "seats": FOUR_VS_BOTS[:3]})
    assert r.status_code == 400 and "4 seats" in r.json()["error"]
    r = client.post("/api/tables", json={"variant": "classic(players=2)",
                                         "seats": [{"kind": "bot", "bot": "random"}] * 2})
    assert r.status_code == 400 and "person" in r.json()["error"]
    r = client.post("/api/tables", json={"variant": "classic(players=2)",
                                         "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]})
    assert r.status_code == 400 and "bot level" in r.json()["error"]
    r = client.post("/api/tables", content=b"x" * 20000)
    assert r.status_code == 400 and "at most" in r.json()["error"]
    r = client.post("/api/tables", content=b"{not json")
    assert r.status_code == 400


def test_one_link_per_person_and_public_info_has_no_tokens(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    tid, tokens = create(client, seats=seats)
    assert len(tokens) == 2 and tokens[0] != tokens[1]
    info = client.get(f"/api/tables/{tid}").text
    assert tokens[0] not in info and tokens[1] not in info
    assert client.get("/api/tables/nope").status_code == 404


def test_bad_token_is_refused(client: TestClient) -> None:
    tid, _ = create(client)
    with client.websocket_connect(f"/ws/{tid}?k=wrong") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_token"


def test_malformed_and_out_of_turn_messages_leave_the_table_unchanged(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    tid, (k0, k1) = create(client, variant="classic(players=2)", seats=seats)
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as w0, client.websocket_connect(f"/ws/{tid}?k={k1}") as w1:
        until(w0, lambda m: m["type"] == "state" and m["seats"][1]["connected"])
        w1.send_json({"type": "start"})
        assert until(w1, lambda m: m["type"] == "error")["code"] == "not_host"
        w0.send_json({"type": "start"})
        s0 = until(w0, lambda m: m["type"] == "state" and m["status"] == "playing")
        assert s0["view"]["to_act"] == 1
        seq = s0["seq"]
        bad = [
            ("x" * 5000, "too_large"),
            ("{oops", "bad_json"),
            ("[1, 2]", "bad_message"),
            (json.dumps({"type": "cheat"}), "bad_type"),
            (json.dumps({"type": "move"}), "bad_field"),
            (json.dumps({"type": "move", "move": 7}), "bad_field"),
            (json.dumps({"type": "move", "move": "draw", "seat": 1}), "bad_field"),
            (json.dumps({"type": "move", "move": "fly away"}), "bad_move"),
            (json.dumps({"type": "move", "move": "draw"}), "not_your_turn"),
            (json.dumps({"type": "name", "name": ""}), "bad_name"),
        ]
        for raw, code in bad:
            w0.send_text(raw)
            err = w0.receive_json()
            assert err["type"] == "error" and err["code"] == code, (raw, err)
            assert err["message"]
        w1.send_json({"type": "move", "move": "discard KH"})
        err = until(w1, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and "draw" in err["message"]
        assert err["reason"] == {"code": "draw_first", "params": {}}  # the engine's reason, for the page's words
        w1.send_json({"type": "sync", "ref": 3})
        again = until(w1, lambda m: m.get("ref") == 3)
        assert again["seq"] == seq and again["view"]["phase"] == "draw"
        w1.send_json({"type": "move", "move": "draw"})
        after = until(w1, lambda m: m["type"] == "state" and m["seq"] == seq + 1)
        assert after["view"]["drew"] == 1


def play_deal(ws, seat: int = 0) -> dict:  # type: ignore[no-untyped-def]
    """Play as a person who draws and discards until the deal is over; returns the last state."""
    while True:
        s = until(ws, my_turn(seat))
        if s["game_over"] or s["view"]["phase"] == "over":
            return s
        ws.send_json({"type": "move", "move": simple_move(s)})


def test_play_a_deal_against_bots_then_next_deal(client: TestClient) -> None:
    tid, (k0,) = create(client)
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
        ws.send_json({"type": "start"})
        end = play_deal(ws)
        assert end["history"] and end["history"][0]["deal"] == 1
        assert len(end["history"][0]["breakdowns"]) == 2
        if not end["game_over"]:
            ws.send_json({"type": "next_deal"})
            s = until(ws, lambda m: m["type"] == "state" and m["deal_no"] == 2)
            assert s["view"]["phase"] in ("draw", "play")


def test_hint_is_a_legal_move_and_can_be_turned_off(client: TestClient) -> None:
    tid, (k0,) = create(client)
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
        ws.send_json({"type": "start"})
        s = until(ws, my_turn(0))
        ws.send_json({"type": "hint"})
        hint = until(ws, lambda m: m["type"] == "hint")
        assert hint["move"] in s["legal"]
    tid, (k0,) = create(client, hints=False)
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
        ws.send_json({"type": "start"})
        until(ws, my_turn(0))
        ws.send_json({"type": "hint"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "no_hints"


def test_partner_asks_to_go_out_and_only_the_partner_may_answer(client: TestClient) -> None:
    """Two people as partners (seats 1 and 3): "may I go out?" goes to the partner, who answers."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    for _table in range(6):
        tid, (k0, k2) = create(client, seats=seats)
        with client.websocket_connect(f"/ws/{tid}?k={k0}") as w0, \
                client.websocket_connect(f"/ws/{tid}?k={k2}") as w2:
            socks = {0: w0, 2: w2}
            w0.send_json({"type": "start"})
            asked, acted = None, -1
            while asked is None:  # both people meld what they can and ask as soon as it is allowed
                s = until(w0, lambda m: m["type"] == "state")
                v = s["view"]
                if v is None:
                    continue
                if v["phase"] == "over" or s["game_over"]:
                    break
                if v["to_act"] not in socks or s["seq"] <= acted:
                    continue
                seat, seq = v["to_act"], s["seq"]
                mine = s if seat == 0 else until(w2, lambda m, q=seq: m["type"] == "state" and m["seq"] == q)
                legal = mine["legal"]
                acted = seq
                if "ask" in legal:
                    asked = seat
                    socks[seat].send_json({"type": "move", "move": "ask"})
                    break
                socks[seat].send_json({"type": "hint"})  # play as the heuristic bot would
                move = until(socks[seat], lambda m: m["type"] == "hint")["move"]
                socks[seat].send_json({"type": "move", "move": move})
            if asked is None:
                continue  # nobody could ask in this deal: try another table
            partner = 2 - asked
            q = until(socks[partner], lambda m: m["type"] == "state" and m["view"]["phase"] == "answer")
            assert q["view"]["to_act"] == partner and sorted(q["legal"]) == ["no", "yes"]
            socks[asked].send_json({"type": "move", "move": "yes"})
            assert until(socks[asked], lambda m: m["type"] == "error")["code"] == "not_your_turn"
            socks[partner].send_json({"type": "move", "move": "yes"})
            a = until(socks[asked], lambda m: m["type"] == "state" and m["view"]["answer"] == 1)
            assert a["view"]["to_act"] == asked and a["legal"]
            return
    raise AssertionError("in 6 deals nobody could ask 'may I go out?'")


def test_reconnect_and_restart_continue_the_game(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as c1:
        tid, (k0,) = create(c1)
        with c1.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
            ws.send_json({"type": "start"})
            for _ in range(3):
                s = until(ws, my_turn(0))
                ws.send_json({"type": "move", "move": simple_move(s)})
            before = until(ws, my_turn(0))
        with c1.websocket_connect(f"/ws/{tid}?k={k0}") as ws:  # a reload: same state
            again = until(ws, lambda m: m["type"] == "state")
            assert again["seq"] == before["seq"] and again["view"]["hand"] == before["view"]["hand"]
    with TestClient(create_app(db_url, bot_delay=0)) as c2:  # a server restart
        with c2.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
            restored = until(ws, lambda m: m["type"] == "state")
            assert restored["seq"] == before["seq"]
            assert restored["view"] == before["view"] and restored["log"] == before["log"]
            ws.send_json({"type": "move", "move": simple_move(restored)})
            moved = until(ws, lambda m: m["type"] == "state" and m["seq"] > before["seq"])
            assert moved["seq"] >= before["seq"] + 1


def test_finished_game_record_downloads_and_replays(client: TestClient) -> None:
    tid, (k0,) = create(client, variant="classic(players=4,target=300)")
    assert client.get(f"/api/tables/{tid}/record?k={k0}").status_code == 409
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
        ws.send_json({"type": "start"})
        for _ in range(50):
            end = play_deal(ws)
            if end["game_over"]:
                break
            ws.send_json({"type": "next_deal"})
        assert end["game_over"]
    assert client.get(f"/api/tables/{tid}/record?k=wrong").status_code == 404
    r = client.get(f"/api/tables/{tid}/record?k={k0}")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    result = replay_record(r.json())
    assert result.complete and result.totals == end["totals"] and result.winner == end["winner"]


def test_a_stuck_games_record_downloads_with_its_cards(client: TestClient) -> None:
    """A game that cannot go on (canasta.play.dead_end: an engine error) is stopped for good: its record, as played
    so far and with every deck, downloads for the report, where an unfinished game's is refused."""
    from .test_web_dead_end import no_card_left

    tid, (k0,) = create(client, variant="classic(players=4)")
    with client.websocket_connect(f"/ws/{tid}?k={k0}") as ws:
        ws.send_json({"type": "start"})
        until(ws, my_turn(0))
    assert client.get(f"/api/tables/{tid}/record?k={k0}").status_code == 409
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = manager.get(tid)
    no_card_left(table)  # no legal move for the player to act (it stands for an engine error)
    client.portal.call(manager.report_dead_end, table)  # type: ignore[attr-defined]
    assert tid in manager.stuck
    r = client.get(f"/api/tables/{tid}/record?k={k0}")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = r.json()
    assert record["complete"] is False and all(d["deck"] for d in record["deals"])
    assert client.get(f"/api/tables/{tid}/record?k=wrong").status_code == 404
