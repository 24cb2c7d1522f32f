"""The web application (Starlette): pages, the JSON API, the table websocket.

Routes:

* ``GET /`` lobby, ``GET /table`` a table (``?t=ID&k=TOKEN``), ``GET /score`` the score keeper,
  ``/static/...`` scripts and styles, ``GET /api/i18n/{lang}`` the texts of a language.
* ``GET /api/meta``: variants (and for each preset the player counts it accepts), bot levels, languages.
* ``POST /api/tables`` ``{"variant", "seats": [{"kind", "bot", "name"}], "hints", "spectators", "clock"}`` -> the table
  id, the host's own seat and token, and a one-time invite link per other person's seat.
  ``GET /api/tables/{id}``: public facts (no cards; a table that cannot be replayed: 409, status ``broken``).
  ``GET /api/tables?status=broken``: the broken tables and why (``broken``: not replayable; ``stuck``: a deal
  whose player to act has no legal move, :mod:`canasta.play.dead_end`).
  ``POST /api/tables/{id}/claim`` ``{"invite"}`` -> ``{"seat", "token"}`` once per invite (then 409).
  ``POST /api/tables/{id}/invite`` ``{"token", "seat"}`` (the host's token) -> a new invite link; the seat's
  old token is revoked. ``GET /api/tables/{id}/record?k=TOKEN``: the game record of a finished game.
* ``WS /ws/{id}?k=TOKEN&since=N``: the table protocol (version 2, docs/web.md "Protocol") for the seat the
  token names; without ``k`` a spectator (if the host allows it); ``since``: the last event the client has.
* ``POST /api/sheets``, ``GET /api/sheets/{id}``, ``POST /api/sheets/{id}/deals``,
  ``DELETE /api/sheets/{id}/deals/last``: score sheets (:mod:`.sheet`).

Every request body is limited to :data:`MAX_BODY_BYTES` and read by
:func:`canasta.util.jsontypes.parse_json` (nesting at most :data:`canasta.util.jsontypes.MAX_DEPTH` deep,
numbers of at most :data:`canasta.util.jsontypes.MAX_INT_DIGITS` digits); a body must be an object
with only the fields named above. Bad input gets status 400 with ``{"error": message}`` (one
line saying what is wrong and what is allowed) and changes nothing.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from canasta.rules.fields import Rules, RulesError, preset_names
from canasta.util.jsontypes import parse_json
from canasta.web.i18n import LANGS, load_locale
from canasta.web.protocol import MAX_MESSAGE_BYTES, ProtocolError, dumps, error_message, parse_message
from canasta.web.security import SecurityConfig, SecurityMiddleware
from canasta.web.sheet import MAX_DEALS, SheetError, default_sides, score_sheet, sheet_facts
from canasta.web.store import Store, StoredSheet
from canasta.web.tables import OFFERED_BOTS, TableError, TableManager, preset_choices

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 16384
"""Largest request body accepted, in bytes."""


class BadRequest(ValueError):
    """A request that is refused with status 400 and this message."""


async def _json_body(request: Request) -> Any:
    """The request's JSON body, read by :func:`canasta.util.jsontypes.parse_json`.

    Raises:
        BadRequest: more than :data:`MAX_BODY_BYTES` bytes, not UTF-8, empty, not JSON, nested
            deeper than :data:`canasta.util.jsontypes.MAX_DEPTH`, a number too long (one line saying so).
    """
    body = b""
    async for chunk in request.stream():  # stop reading as soon as the body is too large
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise BadRequest(f"request of more than {MAX_BODY_BYTES} bytes refused: at most {MAX_BODY_BYTES}")
    return parse_json(body, BadRequest, "the request body", MAX_BODY_BYTES)


def _object(body: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    """``body`` if it is a JSON object holding only ``fields``.

    Raises:
        BadRequest: not an object, or an unknown field (named, with the allowed ones).
    """
    if not isinstance(body, dict):
        raise BadRequest(f"the request must be a JSON object with the fields {', '.join(fields)}")
    extra = sorted(key for key in body if key not in fields)
    if extra:
        raise BadRequest(f"unknown field {extra[0][:30]!r} in the request; the fields are {', '.join(fields)}")
    return body


log = logging.getLogger("canasta.web")

DATABASE_DOWN = "the database is unavailable: try again in a moment"
"""The one line a client receives when the database cannot answer a request (HTTP 503)."""


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _database_down(request: Any, exc: Exception) -> Response:
    """A request that needed the database while it is unreachable: 503 and one line, in the log and to the
    client (never a traceback; the driver's text, which names the host, stays in the log)."""
    log.error("%s %s: the database failed: %s", request.method, request.url.path,
              str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__)
    return _error(DATABASE_DOWN, 503)


def create_app(database_url: str, bot_delay: float = 0.3, security: SecurityConfig | None = None,
               bot_processes: int | None = None) -> Starlette:
    """Build the application.

    Args:
        database_url: SQLAlchemy URL of the database (see :func:`canasta.web.store.database_url`).
        bot_delay: seconds each bot waits before a move, so that people can follow (0 for tests).
        security: the limits of :class:`~canasta.web.security.SecurityMiddleware` (origins, sizes, rates,
            sockets per seat, abandoned tables); None: the defaults without the flood limit (tests and
            scripts drive tables as fast as they can; ``canasta serve`` turns the limit on).
        bot_processes: worker processes choosing bot moves and hints (None: one per core but one, at
            least one; 0: in the server process, for tests).

    Returns:
        The Starlette app; ``app.state.manager`` is its :class:`~canasta.web.tables.TableManager`.
        Tables being played are restored from the database at startup.
    """
    store = Store(database_url)
    if bot_processes is None:
        bot_processes = max(1, (os.cpu_count() or 2) - 1)
    manager = TableManager(store, bot_delay=bot_delay, bot_processes=bot_processes)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        manager.pool.start()  # the bot processes live from the server's start to its end (closed below)
        manager.restore()
        yield
        await manager.close()
        store.close()

    routes = (page_routes() + table_routes(manager) + invite_routes(manager) + websocket_routes(manager)
              + sheet_routes(store) + [Mount("/static", StaticFiles(directory=STATIC), name="static")])
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={SQLAlchemyError: _database_down})
    app.add_middleware(SecurityMiddleware, config=security or SecurityConfig(messages_per_second=0),
                       manager=manager, store=store)
    app.state.manager = manager
    app.state.store = store
    return app


# ------------------------------------------------------------------ pages


def page(name: str) -> Any:
    """A handler that serves the static page ``name`` (never cached: a new version shows at once)."""
    async def handler(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return handler


def page_routes() -> list[BaseRoute]:
    """The pages (lobby, table, score keeper), the texts of each language and the facts of ``/api/meta``."""

    async def i18n(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGS:
            return _error(f"unknown language '{lang}'; languages: {', '.join(LANGS)}", 404)
        return JSONResponse(load_locale(lang))

    async def meta(request: Request) -> Response:
        return JSONResponse({"variants": preset_names(), "presets": list(preset_choices()),
                             "bots": list(OFFERED_BOTS), "langs": list(LANGS),
                             "max_message_bytes": MAX_MESSAGE_BYTES})

    return [
        Route("/", page("index.html")),
        Route("/table", page("table.html")),
        Route("/score", page("score.html")),
        Route("/api/i18n/{lang}", i18n),
        Route("/api/meta", meta),
    ]


# ------------------------------------------------------------------ tables


def table_routes(manager: TableManager) -> list[BaseRoute]:
    """The tables' JSON API: create a table, its public facts, invitations, the record of a finished game."""

    async def create_table(request: Request) -> Response:
        try:
            body = _object(await _json_body(request), ("variant", "seats", "hints", "spectators", "clock"))
            seats = body.get("seats")
            if not isinstance(seats, list) or len(seats) > 8:
                raise BadRequest("'seats' must be a list with one entry per seat")
            hints, spectators = body.get("hints", True), body.get("spectators", False)
            for name, value in (("hints", hints), ("spectators", spectators)):
                if not isinstance(value, bool):
                    raise BadRequest(f"'{name}' must be true or false")
            clock = body.get("clock")
            if clock is not None and not isinstance(clock, list):
                raise BadRequest("'clock' must be [base, increment] in seconds, or null")
            table = await manager.create(body.get("variant", "classic"), seats, hints, spectators, clock)
        except (BadRequest, TableError) as e:
            return _error(str(e), 503 if getattr(e, "code", "") == "store_failed" else 400)
        host = table.host
        links = [{"seat": number, "name": seat.name, "link": f"/table?t={table.id}&i={seat.invite}"}
                 for number, seat in enumerate(table.seats) if seat.invite and number != host]
        return JSONResponse({"id": table.id, "variant": table.rules.spec(), "seat": host,
                             "token": table.seats[host].token, "link": f"/table?t={table.id}",
                             "links": links}, status_code=201)

    async def table_info(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        table = manager.get(table_id)
        if table is None:
            if table_id in manager.broken:
                return JSONResponse({"error": "this table cannot be replayed; it is kept for inspection",
                                     "status": "broken"}, status_code=409)
            return _error("no such table", 404)
        return JSONResponse(table.public_info())

    async def list_tables(request: Request) -> Response:
        if request.query_params.get("status") != "broken":
            return _error("only ?status=broken is listed", 400)
        return JSONResponse({"broken": [{"id": k, "error": v} for k, v in sorted(manager.broken.items())],
                             "stuck": [{"id": k, "error": v} for k, v in sorted(manager.stuck.items())]})

    async def table_record(request: Request) -> Response:
        table = manager.get(request.path_params["table_id"])
        if table is None or table.seat_of_token(request.query_params.get("k", "")) is None:
            return _error("no such table or seat", 404)
        try:
            record = table.record(stopped=table.id in manager.stuck)  # a stuck game's record: for the report
        except TableError as e:
            return _error(str(e), 409)
        from canasta.formats.records import dumps_record

        return Response(dumps_record(record), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="canasta-{table.id}.json"'})

    return [
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/record", table_record),
    ]


def invite_routes(manager: TableManager) -> list[BaseRoute]:
    """Invitations: claim an invite link once (the seat's token), a new invite for a seat (the host)."""

    async def claim(request: Request) -> Response:
        table = manager.get(request.path_params["table_id"])
        if table is None:
            return _error("no such table", 404)
        try:
            body = _object(await _json_body(request), ("invite",))
            code = body.get("invite")
            if not isinstance(code, str) or len(code) > 40:
                raise BadRequest("'invite' must be the invite code of the link")
            seat, token = await manager.claim(table, code)
        except BadRequest as e:
            return _error(str(e))
        except TableError as e:
            return JSONResponse({"error": str(e), "code": e.code}, status_code=409)
        return JSONResponse({"seat": seat, "token": token})

    async def invite(request: Request) -> Response:
        table = manager.get(request.path_params["table_id"])
        if table is None:
            return _error("no such table", 404)
        try:
            body = _object(await _json_body(request), ("token", "seat"))
            token, seat = body.get("token"), body.get("seat")
            if not isinstance(token, str) or not isinstance(seat, int) or isinstance(seat, bool):
                raise BadRequest("the request is {\"token\": the host's seat key, \"seat\": a seat number}")
            host = table.seat_of_token(token)
            if host is None:
                return _error("no such table or seat", 404)
            code = await manager.reinvite(table, host, seat)
        except BadRequest as e:
            return _error(str(e))
        except TableError as e:
            return JSONResponse({"error": str(e), "code": e.code}, status_code=409)
        return JSONResponse({"seat": seat, "link": f"/table?t={table.id}&i={code}"})

    return [
        Route("/api/tables/{table_id}/claim", claim, methods=["POST"]),
        Route("/api/tables/{table_id}/invite", invite, methods=["POST"]),
    ]


def websocket_routes(manager: TableManager) -> list[BaseRoute]:
    """The table websocket: the protocol of :mod:`.protocol` for the seat that the link's key names."""

    async def ws_table(ws: WebSocket) -> None:
        await ws.accept()
        try:
            table = manager.get(ws.path_params["table_id"])
        except SQLAlchemyError as e:  # the table is not in memory and the database cannot be read
            log.error("websocket of table %s: the database failed: %s", ws.path_params["table_id"][:40],
                      str(e).splitlines()[0][:200])
            await ws.send_text(dumps(error_message("store_failed", DATABASE_DOWN)))
            await ws.close(code=1013)  # try again later
            return
        token = ws.query_params.get("k", "")
        seat = table.seat_of_token(token) if table is not None and token else None
        if table is None or (seat is None and (token or not table.spectators)):
            await ws.send_text(dumps(error_message(
                "bad_token", "no such table, or the link's seat key is wrong" if token or table is None
                else "the host does not allow spectators at this table")))
            await ws.close(code=4403)
            return
        since_text = ws.query_params.get("since", "")
        since = int(since_text) if since_text.isdigit() and len(since_text) < 16 else None
        await manager.join(table, seat, ws, since)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                if raw is None:
                    raw = frame.get("bytes") or b""
                try:
                    msg = parse_message(raw)
                except ProtocolError as e:
                    await ws.send_text(dumps(error_message(e.code, str(e))))
                    continue
                await manager.handle(table, seat, ws, msg)
        except WebSocketDisconnect:
            pass
        finally:
            await manager.leave(table, seat, ws)

    return [WebSocketRoute("/ws/{table_id}", ws_table)]


# ------------------------------------------------------------------ score sheets


def _sheet_response(sheet: StoredSheet, status: int = 200) -> Response:
    """A score sheet as JSON: its id, variant, sides, entries, what its page asks for (``facts``,
    :func:`canasta.web.sheet.sheet_facts`) and the scores computed from them."""
    rules = Rules.parse(sheet.variant)
    result = score_sheet(rules, sheet.sides, sheet.deals)
    return JSONResponse({"id": sheet.id, "variant": sheet.variant, "sides": sheet.sides,
                         "entries": sheet.deals, "facts": sheet_facts(rules), **result}, status_code=status)


def sheet_routes(store: Store) -> list[BaseRoute]:
    """The score keeper's JSON API: create a sheet, read it, add a deal, take the last deal back."""

    async def create_sheet(request: Request) -> Response:
        try:
            body = _object(await _json_body(request), ("variant", "sides"))
            variant = body.get("variant", "classic")
            if not isinstance(variant, str) or len(variant) > 400:
                raise BadRequest("the variant must be a text such as classic(players=4)")
            rules = Rules.parse(variant)
            sides = body.get("sides") or default_sides(rules)
            if (not isinstance(sides, list) or len(sides) != rules.teams
                    or not all(isinstance(name, str) and 0 < len(name.strip()) <= 20 and name.isprintable()
                            for name in sides)
                    or len({name.strip() for name in sides}) != len(sides)):
                raise BadRequest(f"'sides' must be {rules.teams} different names of 1 to 20 printable characters")
        except (BadRequest, RulesError) as e:
            return _error(str(e))
        sheet = StoredSheet(secrets.token_urlsafe(9), rules.spec(), [name.strip() for name in sides], [])
        store.create_sheet(sheet)
        return _sheet_response(sheet, 201)

    async def get_sheet(request: Request) -> Response:
        sheet = store.load_sheet(request.path_params["sheet_id"][:40])
        if sheet is None:
            return _error("no such score sheet", 404)
        return _sheet_response(sheet)

    async def add_deal(request: Request) -> Response:
        sheet = store.load_sheet(request.path_params["sheet_id"][:40])
        if sheet is None:
            return _error("no such score sheet", 404)
        try:
            body = _object(await _json_body(request), ("entries",))
            if len(sheet.deals) >= MAX_DEALS:
                raise BadRequest(f"a score sheet holds at most {MAX_DEALS} deals")
            entry = body.get("entries")
            if not isinstance(entry, dict):
                raise BadRequest("the request must be {\"entries\": {SIDE: {...}, ...}}")
            deals = sheet.deals + [entry]
            score_sheet(Rules.parse(sheet.variant), sheet.sides, deals)
        except (BadRequest, SheetError) as e:
            return _error(str(e))
        store.save_sheet_deals(sheet.id, deals)
        sheet.deals = deals
        return _sheet_response(sheet)

    async def undo_deal(request: Request) -> Response:
        sheet = store.load_sheet(request.path_params["sheet_id"][:40])
        if sheet is None:
            return _error("no such score sheet", 404)
        sheet.deals = sheet.deals[:-1]
        store.save_sheet_deals(sheet.id, sheet.deals)
        return _sheet_response(sheet)

    return [
        Route("/api/sheets", create_sheet, methods=["POST"]),
        Route("/api/sheets/{sheet_id}", get_sheet),
        Route("/api/sheets/{sheet_id}/deals", add_deal, methods=["POST"]),
        Route("/api/sheets/{sheet_id}/deals/last", undo_deal, methods=["DELETE"]),
    ]
