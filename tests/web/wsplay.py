"""Helpers of the web tests: an app on a temporary SQLite file, and reading websocket states."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

MAX_FRAMES = 20000
"""A test reading more frames than this without seeing what it waits for fails instead of hanging."""

FOUR_VS_BOTS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def create(client: TestClient, variant: str = "classic(players=4)", seats: list[dict[str, Any]] | None = None,
           hints: bool = True, spectators: bool = False) -> tuple[str, list[str]]:
    """Create a table and claim every invite; returns its id and the seat tokens of the people, in seat order
    (the host's first: the creator receives it directly)."""
    r = client.post("/api/tables", json={"variant": variant, "seats": seats or FOUR_VS_BOTS, "hints": hints,
                                         "spectators": spectators})
    assert r.status_code == 201, r.text
    data = r.json()
    tokens = [data["token"]]
    for link in data["links"]:
        claimed = client.post(f"/api/tables/{data['id']}/claim", json={"invite": link["link"].split("i=")[1]})
        assert claimed.status_code == 200, claimed.text
        tokens.append(claimed.json()["token"])
    return data["id"], tokens


_STATES: dict[int, dict[str, Any]] = {}


def merged(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    """The client's state after ``msg`` (protocol 2), as a browser keeps it: a snapshot (``state``)
    replaces it; an ``event`` message adds its events to the deal's log and replaces the fields it
    carries; a ``seats`` message replaces the seats. Other messages are returned as they are."""
    kind = msg.get("type")
    if kind == "state":
        _STATES[id(ws)] = dict(msg)
        return dict(msg)
    state = _STATES.get(id(ws))
    if state is None or kind not in ("event", "seats"):
        return msg
    if kind == "seats":
        state["seats"] = msg["seats"]
    else:
        assert msg["events"] == [] or msg["events"][0]["n"] == state["seq"] + 1, "an event was missed"
        for e in msg["events"]:
            state["log"] = [] if e["kind"] == "deal" else [*state["log"], e]
        state.update({k: v for k, v in msg.items() if k not in ("type", "events")})
    return dict(state)


def until(ws: Any, pred: Any) -> dict[str, Any]:
    """Read frames until the client's state (:func:`merged`) or a message satisfies ``pred``; return it."""
    for _ in range(MAX_FRAMES):
        msg = merged(ws, ws.receive_json())
        if pred(msg):
            return msg
    raise AssertionError("the awaited message never came")


def my_turn(seat: int) -> Any:
    """Predicate: a state in which ``seat`` is to act, or the deal/game is over."""
    def pred(m: dict[str, Any]) -> bool:
        if m.get("type") != "state" or m["view"] is None:
            return False
        v = m["view"]
        return m["game_over"] or v["phase"] == "over" or (v["to_act"] == seat and bool(m["legal"]))
    return pred


def simple_move(state: dict[str, Any]) -> str:
    """A legal move for a person who only draws (or takes when he must) and discards."""
    legal = state["legal"]
    for first in ("draw", "yes", "take", "pass"):
        for m in legal:
            if m == first or m.startswith(first + " "):
                return m
    discards = [m for m in legal if m.startswith("discard")]
    if discards:
        return discards[0]
    return legal[0]
