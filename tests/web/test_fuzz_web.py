"""Fuzz targets of the web readers (issue #13): HTTP bodies of ``POST /api/tables``, ``POST /api/sheets``,
``POST /api/sheets/{id}/deals``, and websocket messages, through Starlette's TestClient.

Hostile input (tests/fuzzing.py: deep nesting, numbers of thousands of digits, wrong types, truncated
or non-UTF-8 bytes, valid bodies with one value replaced) must get status 201/200 or 400 with a
one-line ``{"error"}`` and nothing stored (a refused deal leaves the sheet as it was), never a 500
(the TestClient re-raises a server exception); over the websocket, an ``error`` message, the
connection still open (a ``ping`` is answered) and the table unchanged (same ``seq``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from canasta.web.app import create_app
from fuzzing import FUZZ, hostile_documents, hostile_texts, is_one_line, mutated

from .wsplay import until

TABLE_BODY = {"variant": "classic(players=4)", "hints": True,
              "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"},
                        {"kind": "human"}, {"kind": "bot", "bot": "random", "name": "Bo"}]}
SHEET_BODY = {"variant": "classic", "sides": ["Us", "Them"]}
DEAL_BODY = {"entries": {
    "Us": {"mode": "quick", "natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "went_out": True,
           "concealed": False, "penalties": 0, "meld_points": 120, "hand_points": 0},
    "Them": {"mode": "melds", "melds": ["QH QS QD QC 2C 2D 2H", "5H 5S 5D"], "red_threes": "3H",
             "hand": "9S 4C", "went_out": False, "concealed": False, "penalties": 0}}}
MOVE_MESSAGE = {"type": "move", "move": "draw", "ref": 7}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = Path(tmp_path_factory.mktemp("fuzzweb")) / "web.db"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0)) as client:
        yield client


def _refused_or(response: Any, ok: int) -> None:
    assert response.status_code in (ok, 400, 413), response.text  # 413: over the size canasta.web.security allows
    if response.status_code in (400, 413):
        message = response.json()["error"]
        assert isinstance(message, str) and is_one_line(message), message


@FUZZ
@given(body=hostile_documents(TABLE_BODY))
def test_fuzz_http_create_table(web: TestClient, body: bytes) -> None:
    """POST /api/tables: 201 or 400 with a one-line error, never 500."""
    before = len(web.app.state.manager.tables)  # type: ignore[attr-defined]
    r = web.post("/api/tables", content=body, headers={"content-type": "application/json"})
    _refused_or(r, 201)
    if r.status_code == 400:
        assert len(web.app.state.manager.tables) == before  # type: ignore[attr-defined]


@FUZZ
@given(body=hostile_documents(SHEET_BODY))
def test_fuzz_http_create_sheet(web: TestClient, body: bytes) -> None:
    """POST /api/sheets: 201 or 400 with a one-line error, never 500."""
    _refused_or(web.post("/api/sheets", content=body), 201)


@pytest.fixture(scope="module")
def sheet_id(web: TestClient) -> str:
    r = web.post("/api/sheets", json=SHEET_BODY)
    assert r.status_code == 201
    return str(r.json()["id"])


@FUZZ
@given(body=hostile_documents(DEAL_BODY))
def test_fuzz_http_add_deal(web: TestClient, sheet_id: str, body: bytes) -> None:
    """POST /api/sheets/{id}/deals: 200, or 400 with a one-line error and the sheet unchanged."""
    before = web.get(f"/api/sheets/{sheet_id}").json()
    r = web.post(f"/api/sheets/{sheet_id}/deals", content=body)
    _refused_or(r, 200)
    if r.status_code == 400:
        assert web.get(f"/api/sheets/{sheet_id}").json() == before
    else:
        assert web.delete(f"/api/sheets/{sheet_id}/deals/last").json() == before


@pytest.mark.parametrize("path", ["/api/tables", "/api/sheets"])
@pytest.mark.parametrize("body, words", [
    (b"[" * 100_000, "at most"),           # refused by size before anything is decoded
    (b"[" * 5000, "deep"),
    (b"9" * 5000, "digits"),
    (b"\xff\xfe{}", "UTF-8"),
    (b"", "empty"),
    (b'{"variant": "classic", "seats": "human"}', None),
])
def test_http_hostile_bodies_get_400(web: TestClient, path: str, body: bytes, words: str | None) -> None:
    """The defect as reported: deep nesting was a 500; now 400 with one line saying what is allowed."""
    r = web.post(path, content=body)
    assert r.status_code == (413 if len(body) > 65536 else 400), r.text  # too large: refused before reading
    assert is_one_line(r.json()["error"])
    if words:
        assert words in r.json()["error"]


@pytest.mark.parametrize("body, words", [
    ({"variant": "classic", "sides": ["Us\nThem", "B"]}, "printable"),
    ({"variant": "classic", "sides": "Us"}, "'sides' must be 2"),
    ({"variant": ["classic"]}, "variant must be a text"),
    ({"variant": "classic", "side": ["A", "B"]}, "unknown field 'side'"),
])
def test_http_bad_sheet_bodies_get_400(web: TestClient, body: dict[str, Any], words: str) -> None:
    r = web.post("/api/sheets", json=body)
    assert r.status_code == 400 and words in r.json()["error"] and is_one_line(r.json()["error"]), r.text


@pytest.mark.parametrize("body, words", [
    ({"variant": "classic(players=2)", "seats": [{"kind": "human"}] * 2, "hints": "no"}, "'hints' must be true"),
    ({"variant": "classic(players=2)", "seats": [{"kind": "human"}, {"kind": "bot", "bot": {"x": 1}}]},
     "bot level"),
    ({"variant": "classic(players=2)", "seats": [{"kind": "human", "name": "a\nb"}, {"kind": "human"}]},
     "printable"),
    ({"variant": "classic(players=2)", "seats": [{"kind": "human"}] * 2, "seed": 3}, "unknown field 'seed'"),
])
def test_http_bad_table_bodies_get_400(web: TestClient, body: dict[str, Any], words: str) -> None:
    before = len(web.app.state.manager.tables)  # type: ignore[attr-defined]
    r = web.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["error"] and is_one_line(r.json()["error"]), r.text
    assert len(web.app.state.manager.tables) == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("entry, words", [
    ({"mode": "quick", "penalties": "²"}, "whole number"),
    ({"mode": "quick", "penalties": "9" * 5000}, "whole number"),
    ({"mode": "quick", "went_out": "no"}, "true or false"),
    ({"mode": "quick", "concealed": [1]}, "true or false"),
    ({"mode": ["melds"]}, "mode must be"),
    ({"mode": "melds", "melds": {"KH": 1}}, "melds"),
    ({"mode": "melds", "went_out": True, "concealed": True, "melds": [[{"card": "KH"}]]}, "card"),
])
def test_http_wrong_types_in_a_deal_get_400(web: TestClient, sheet_id: str, entry: dict[str, Any],
                                            words: str) -> None:
    before = web.get(f"/api/sheets/{sheet_id}").json()
    body = copy.deepcopy(DEAL_BODY)
    body["entries"]["Us"] = entry
    r = web.post(f"/api/sheets/{sheet_id}/deals", json=body)
    assert r.status_code == 400 and words in r.json()["error"] and is_one_line(r.json()["error"]), r.text
    assert web.get(f"/api/sheets/{sheet_id}").json() == before


def test_http_concealed_partner_in_cutthroat_gets_400(web: TestClient) -> None:
    """Defect 7 through the web score keeper: the side marked concealed that did not go out is named."""
    sheet = web.post("/api/sheets", json={"variant": "classic(players=3,cutthroat=true)",
                                          "sides": ["Ann", "Bob", "Cy"]}).json()
    entries = {"Ann": {"mode": "melds", "melds": "AH AS AD", "lone_hand": True},
               "Bob": {"mode": "quick", "natural_canastas": 1, "went_out": True},
               "Cy": {"mode": "quick", "mixed_canastas": 1, "concealed": True}}
    r = web.post(f"/api/sheets/{sheet['id']}/deals", json={"entries": entries})
    assert r.status_code == 400 and "side Cy: concealed is set but went_out is not" in r.json()["error"]


# ------------------------------------------------------------------ websocket

@pytest.fixture(scope="module")
def seat0(web: TestClient) -> Iterator[Any]:
    """Seat 0's connection to a started 2-player table of people; seat 1 is to act, so a valid move is refused."""
    r = web.post("/api/tables", json={"variant": "classic(players=2)", "seats": [{"kind": "human"}] * 2})
    data = r.json()
    token = data["token"]
    with web.websocket_connect(f"/ws/{data['id']}?k={token}") as ws:
        ws.send_json({"type": "start"})
        state = until(ws, lambda m: m["type"] == "state" and m["status"] == "playing")
        assert state["view"]["to_act"] == 1
        ws.seq = state["seq"]  # the table's state number: unchanged by every refused message
        yield ws


def _alive_and_unchanged(ws: Any) -> None:
    ws.send_json({"type": "sync", "ref": 99})
    state = until(ws, lambda m: m.get("ref") == 99)
    assert state["type"] == "state" and state["seq"] == ws.seq
    assert state["view"]["to_act"] == 1 and state["view"]["drew"] == 0


frames = st.one_of(
    hostile_texts(),
    hostile_documents(MOVE_MESSAGE),
    mutated(MOVE_MESSAGE).map(json.dumps),
)


@FUZZ
@given(frame=frames, as_bytes=st.booleans())
def test_fuzz_websocket_messages(seat0: Any, frame: str | bytes, as_bytes: bool) -> None:
    """A hostile frame gets an ``error`` message; the connection stays open and the table unchanged."""
    if as_bytes:
        seat0.send_bytes(frame if isinstance(frame, bytes) else frame.encode("utf-8", "surrogatepass"))
    else:
        seat0.send_text(frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))
    reply = until(seat0, lambda m: m["type"] != "state")
    assert reply["type"] == "error" and is_one_line(reply["message"]), reply
    _alive_and_unchanged(seat0)


@pytest.mark.parametrize("frame, code", [
    ("[" * 4000, "bad_json"),
    ("[" * 5000, "too_large"),
    ("9" * 4000, "bad_json"),
    ('{"type": "move", "move": "draw", "ref": ' + "9" * 100 + "}", "bad_json"),
    ('{"type": "move", "move": "draw", "ref": true}', "bad_field"),
    ('{"type": "move", "move": "draw", "type": "ping"}', "bad_json"),
])
def test_websocket_hostile_messages_keep_the_connection(seat0: Any, frame: str, code: str) -> None:
    """The defect as reported: deep nesting killed the websocket handler; now an error, and it goes on."""
    seat0.send_text(frame)
    reply = until(seat0, lambda m: m["type"] != "state")
    assert reply["type"] == "error" and reply["code"] == code and is_one_line(reply["message"]), reply
    _alive_and_unchanged(seat0)
