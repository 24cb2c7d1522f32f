"""Security probes of the server's edges (:mod:`canasta.web.security`): cross-origin requests and websockets,
content types, body sizes, sockets per seat, floods, oversized and deeply nested messages, headers and the
Content-Security-Policy the pages must pass, the sweep of abandoned tables, the database password at start-up.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from canasta.web.app import STATIC, create_app
from canasta.web.security import SecurityConfig, SecurityMiddleware, TokenBucket
from canasta.web.serve import masked_url
from fuzzing import is_one_line

from .wsplay import FOUR_VS_BOTS, create, until

TABLE = {"variant": "classic(players=4)", "seats": FOUR_VS_BOTS}
EVIL = "http://evil.example"


def _app(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, security=SecurityConfig(**limits)))


def _middleware(client: TestClient) -> SecurityMiddleware:
    layer: Any = client.app.middleware_stack  # type: ignore[attr-defined]
    while not isinstance(layer, SecurityMiddleware):
        layer = layer.app
    return layer


def _tables(client: TestClient) -> int:
    return len(client.app.state.manager.tables)  # type: ignore[attr-defined]


def test_cross_origin_post_is_refused_and_creates_nothing(client: TestClient) -> None:
    r = client.post("/api/tables", json=TABLE, headers={"origin": EVIL})
    assert r.status_code == 403 and is_one_line(r.json()["error"]) and "cross-origin" in r.json()["error"]
    assert _tables(client) == 0
    r = client.post("/api/sheets", json={"variant": "classic"}, headers={"origin": "null"})
    assert r.status_code == 403
    assert client.post("/api/tables", json=TABLE, headers={"origin": "http://testserver"}).status_code == 201


def test_an_origin_given_by_option_is_allowed(db_url: str) -> None:
    with _app(db_url, allowed_origins=("https://cards.example",)) as c:
        assert c.post("/api/tables", json=TABLE, headers={"origin": "https://cards.example"}).status_code == 201
        assert c.post("/api/tables", json=TABLE, headers={"origin": EVIL}).status_code == 403


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"])
def test_a_post_that_is_not_json_creates_nothing(client: TestClient, ctype: str) -> None:
    body = b'{"variant": "classic(players=4)", "seats": [{"kind": "human"}, {"kind": "human"}]}'
    r = client.post("/api/tables", content=body, headers={"content-type": ctype})
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    assert _tables(client) == 0
    r = client.post("/api/tables", content=body, headers={"content-type": ctype, "origin": EVIL})
    assert r.status_code == 403 and _tables(client) == 0
    ok = client.post("/api/tables", json=TABLE, headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 201


def test_body_size_is_checked_before_reading(db_url: str) -> None:
    """A Content-Length over the limit is refused without calling receive; a streamed body is cut off."""
    app = create_app(db_url, bot_delay=0, security=SecurityConfig(max_body_bytes=1000))
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        raise AssertionError("the body was read")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": [
        (b"host", b"testserver"), (b"content-type", b"application/json"), (b"content-length", b"5000000")],
        "query_string": b"", "scheme": "http", "server": ("testserver", 80), "root_path": "",
        "asgi": {"version": "3.0"}}
    asyncio.run(SecurityMiddleware(app, SecurityConfig(max_body_bytes=1000))(scope, receive, send))
    assert sent[0]["status"] == 413 and b"at most 1000" in sent[1]["body"]
    with TestClient(app) as c:
        def chunks() -> Iterator[bytes]:
            for _ in range(100):
                yield b" " * 100
        r = c.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and is_one_line(r.json()["error"])
        assert _tables(c) == 0


def test_security_headers_on_every_page(client: TestClient) -> None:
    for path in ("/", "/table", "/score", "/static/table.js", "/api/meta"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        assert "script-src 'self'" in csp and "style-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "ws://testserver" in csp and "unsafe-inline" not in csp
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"
        assert h["x-frame-options"] == "DENY"


class _Inline(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {k for k, _ in attrs}
        if tag == "style":
            self.problems.append("<style>")
        if tag == "script" and "src" not in names:
            self.problems.append("inline <script>")
        if "style" in names or any(k.startswith("on") for k in names):
            self.problems.append(f"<{tag}> with an inline style or handler")
        for k, v in attrs:
            if k in ("src", "href") and v and re.match(r"(?i)\s*(javascript:|https?://|//)", v):
                self.problems.append(f"<{tag} {k}={v}> from another origin")


@pytest.mark.parametrize("page", ["index.html", "table.html", "score.html"])
def test_pages_pass_the_content_security_policy(page: str) -> None:
    """No inline script, style or handler in the pages; the scripts neither eval nor write style attributes.

    Setting one property through the CSSOM (``el.style.transform = ...``, ``style.setProperty``), as the table's
    drag, fan and animations do, is not an inline style for CSP: ``style-src 'self'`` governs style elements and
    attributes, not the CSSOM; writing the attribute or its text would be, and is refused here."""
    parser = _Inline()
    parser.feed((STATIC / page).read_text())
    assert parser.problems == []
    for script in STATIC.glob("*.js"):
        text = script.read_text()
        for banned in ("eval(", "new Function", "setAttribute(\"style\"", "setAttribute('style'",
                       "cssText", "style=", "javascript:"):
            assert banned not in text, f"{script.name}: {banned}"


def test_cross_origin_websocket_is_refused(client: TestClient) -> None:
    tid, (token,) = create(client)
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/ws/{tid}?k={token}",
                                                                       headers={"origin": EVIL}) as ws:
        ws.receive_json()
    with client.websocket_connect(f"/ws/{tid}?k={token}", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"


def test_a_new_socket_closes_the_oldest_of_its_seat(db_url: str) -> None:
    with _app(db_url, sockets_per_seat=2) as c:
        tid, (token,) = create(c)
        url = f"/ws/{tid}?k={token}"
        with c.websocket_connect(url) as first, c.websocket_connect(url) as second:
            assert first.receive_json()["type"] == "state"
            assert second.receive_json()["type"] == "state"
            with c.websocket_connect(url) as third:
                assert third.receive_json()["type"] == "state"
                seen = []
                with pytest.raises(WebSocketDisconnect) as closed:
                    for _ in range(20):
                        seen.append(first.receive_json())
                assert closed.value.code == 4409
                replaced = [m for m in seen if m["type"] == "error"]
                assert replaced and replaced[0]["code"] == "replaced" and is_one_line(replaced[0]["message"])
                second.send_json({"type": "ping"})
                third.send_json({"type": "ping"})
                for ws in (second, third):
                    assert any(ws.receive_json()["type"] == "pong" for _ in range(5))
        assert _middleware(c).seats == {}


def test_a_flood_gets_an_error_then_the_connection_is_closed(db_url: str) -> None:
    with _app(db_url, messages_per_second=0.001, burst=5) as c:
        tid, (token,) = create(c)
        with c.websocket_connect(f"/ws/{tid}?k={token}") as ws:
            ws.receive_json()
            for _ in range(6):
                ws.send_json({"type": "ping"})
            seen = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(20):
                    seen.append(ws.receive_json())
            assert closed.value.code == 1008
            seen = [m for m in seen if m["type"] in ("pong", "error")]
            assert [m["type"] for m in seen] == ["pong"] * 5 + ["error"]
            assert seen[-1]["code"] == "rate_limited" and is_one_line(seen[-1]["message"])


def test_token_bucket_refills_at_its_rate() -> None:
    bucket = TokenBucket(rate=2.0, burst=2)
    assert bucket.take(bucket.stamp) and bucket.take(bucket.stamp) and not bucket.take(bucket.stamp)
    assert bucket.take(bucket.stamp + 0.5) and not bucket.take(bucket.stamp)


@pytest.mark.parametrize("raw, code", [
    ("[" * 3000 + "]" * 3000, "too_large"),
    ('{"type": "move", "move": "' + "x" * 5000 + '"}', "too_large"),
    ("[" * 1000 + "]" * 1000, "bad_json"),
    ('{"type": "ping", "ref": ' + "[" * 40 + "]" * 40 + "}", "bad_json"),
])
def test_oversized_and_deeply_nested_messages_get_one_line(client: TestClient, raw: str, code: str) -> None:
    tid, (token,) = create(client)
    with client.websocket_connect(f"/ws/{tid}?k={token}") as ws:
        before = until(ws, lambda m: m["type"] == "state")
        ws.send_text(raw)
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] == code and is_one_line(err["message"])
        ws.send_json({"type": "sync"})
        assert until(ws, lambda m: m["type"] == "state").get("seq") == before.get("seq")


def test_abandoned_tables_leave_memory_and_unstarted_ones_the_database(db_url: str) -> None:
    with _app(db_url, abandon_after_s=100, abandon_waiting_s=1000) as c:
        mw = _middleware(c)
        idle, _ = create(c)
        busy, (token,) = create(c)
        with c.websocket_connect(f"/ws/{busy}?k={token}") as ws:
            ws.receive_json()
            now = mw.last_seen.get(busy, 0.0)
            assert mw.sweep(now=now + 10, wall=0)[0] == []
            dropped, deleted = mw.sweep(now=now + 1000, wall=0)
            assert dropped == [idle] and deleted == 0
        store = c.app.state.store  # type: ignore[attr-defined]
        assert store.load_table(idle) is not None
        assert c.get(f"/api/tables/{idle}").status_code == 200  # loaded again from the database
        c.app.state.manager.tables.clear()  # type: ignore[attr-defined]
        import time

        assert mw.sweep(now=0, wall=time.time() + 2000)[1] == 2
        assert store.load_table(idle) is None and store.load_table(busy) is None


@pytest.mark.parametrize("url, shown", [
    ("postgresql+psycopg://ana:s3cret@db.example:5432/canasta", "postgresql+psycopg://ana:***@db.example:5432/canasta"),
    ("sqlite:///games.db", "sqlite:///games.db"),
    ("redis://:hunter2@cache:6379/0", "redis://:***@cache:6379/0"),
])
def test_secrets_are_masked_in_what_is_printed(url: str, shown: str) -> None:
    assert masked_url(url) == shown
    assert "s3cret" not in masked_url(url) and "hunter2" not in masked_url(url)

