"""Helpers of the web tests: an app on a temporary SQLite file, and reading websocket states."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

MAX_FRAMES = 20000
"""A test reading more frames than this without seeing what it waits for fails instead of hanging."""

FOUR_VS_BOTS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def create(client: TestClient, variant: str = "classic(players=4)", seats: list[dict[str, Any]] | None = None,
           hints: bool = True) -> tuple[str, list[str]]:
    """Create a table; returns its id and the seat tokens of the people, in seat order."""
    r = client.post("/api/tables", json={"variant": variant, "seats": seats or FOUR_VS_BOTS, "hints": hints})
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], [link["link"].split("k=")[1] for link in data["links"]]


def until(ws: Any, pred: Any) -> dict[str, Any]:
    """Read frames until one satisfies ``pred``; return it."""
    for _ in range(MAX_FRAMES):
        msg = ws.receive_json()
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
