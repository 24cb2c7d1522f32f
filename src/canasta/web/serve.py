"""``canasta serve``: run the web server with uvicorn and open a browser.

:func:`run_serve` builds the app of :func:`canasta.web.app.create_app` on the
database named (a SQLite file by default, ``canasta.db`` in the current
directory; a PostgreSQL URL such as ``postgresql+psycopg://user@host/db``),
prints the address once the server listens (:func:`when_listening`: restoring the stored tables
can take a while), opens it in the browser then unless told not to, and serves until Ctrl+C.
"""

from __future__ import annotations

import re
import socket
import threading
import time
import webbrowser
from collections.abc import Callable
from typing import Any

from canasta.web.gctune import tune_gc
from canasta.web.security import SecurityConfig
from canasta.web.store import database_url

WS_MAX_BYTES = 65536
"""Largest websocket frame uvicorn accepts at all (the protocol refuses more than 4 KB with a reason)."""
UVICORN_OPTIONS = {"log_level": "warning", "ws_max_size": WS_MAX_BYTES, "ws_per_message_deflate": False,
                   "backlog": 4096, "ws": "websockets-sansio"}
"""uvicorn's settings for ``canasta serve`` (and the load benchmark): no per-message compression, as the
event messages are small and deflate cost about a fifth of the server's CPU per move (benchmarks/web_load.py:
0.69 -> 0.54 ms per move, 10 tables without think time); the ``websockets`` library's sans-I/O protocol
(uvicorn >= 0.35) instead of its legacy asyncio one, whose path per frame is longer (0.56-0.64 ->
0.47-0.58 ms per move, 20 tables without think time, measured alternately)."""


def masked_url(url: str) -> str:
    """``url`` with its password replaced by ``***`` (``postgresql://ana:***@host/db``), for printing."""
    return re.sub(r"^([A-Za-z][A-Za-z0-9+.-]*://[^/@:]*):[^@/]*@", r"\1:***@", url)


class ServeError(RuntimeError):
    """The server cannot start: the port is taken, the database is unreachable, ..."""


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def run_serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, no_browser: bool = False,
              bot_delay: float = 0.3, allow_origins: tuple[str, ...] = (),
              messages_per_second: float = 20.0, workers: int = 1, redis: str | None = None,
              advertise: str | None = None, lease_ttl: float = 10.0) -> None:
    """Serve the web pages and tables until interrupted.

    Args:
        host: address to listen on (127.0.0.1: this machine only).
        port: TCP port.
        database: SQLite file path or SQLAlchemy URL (default ``canasta.db``).
        no_browser: do not open a browser.
        bot_delay: seconds a bot waits before each move.
        allow_origins: origins (``https://cards.example``) whose pages may use this server besides its own.
        messages_per_second: websocket messages a connection may send per second (bursts of twice as many);
            0: no limit (load tests).
        workers: server processes, each owning a shard of the tables (:mod:`canasta.web.workers`).
        redis: URL of the Redis shared with other servers (``redis://host:6379/0``): each table is owned by
            the server holding its lease there (:mod:`canasta.web.lease_router`); share the database too.
            With ``workers``, each worker is such a server, on port ``port + 1 + i`` besides the public one.
        advertise: this server's address as the other servers reach it (``HOST:PORT``; default
            ``host:port`` when ``host`` is not a wildcard).
        lease_ttl: seconds a table's lease lasts without renewal (a dead server's tables move after this).

    Raises:
        ServeError: the port is in use (with ``redis`` and ``workers``, also ``port + 1 + i`` for worker i),
            the database or Redis cannot be reached, or the Redis options are inconsistent (no address to
            advertise, a ttl under 0.3 s).
    """
    import uvicorn

    from canasta.web.app import create_app

    if not _port_free(host, port):
        raise ServeError(f"port {port} on {host} is in use: choose another with --port")
    url = database_url(database)
    security = SecurityConfig(allowed_origins=tuple(allow_origins), messages_per_second=messages_per_second,
                              burst=max(1, int(2 * messages_per_second)))
    if redis is not None:
        advertise = _check_redis(redis, advertise, host, port, workers, lease_ttl)
    if workers > 1:
        from canasta.web.store import Store
        from canasta.web.workers import run_workers

        try:
            Store(url).close()  # create the tables once, before the workers open the database together
        except Exception as e:
            raise ServeError(f"cannot open the database {masked_url(url)}: {_masked_error(e, url)}") from None
        print(f"Canasta is starting {workers} processes (database: {masked_url(url)})...", flush=True)
        _announce_when_ready(host, port, no_browser, f" by {workers} processes")
        options: dict[str, Any] = {"bot_delay": bot_delay, "security": security, "bot_processes": 1}
        if redis is not None and advertise is not None:
            from canasta.web.lease_router import run_lease_workers

            failed = run_lease_workers(workers, host, port, url, options, dict(UVICORN_OPTIONS), redis, advertise,
                                       int(lease_ttl * 1000))
        else:
            failed = run_workers(workers, host, port, url, options, dict(UVICORN_OPTIONS))
        if failed:
            raise ServeError("every worker died too often and none is left (see the lines above)")
        return
    try:
        app = create_app(url, bot_delay=bot_delay, security=security)
    except Exception as e:  # SQLAlchemy errors: bad URL, missing driver, unreachable server
        raise ServeError(f"cannot open the database {masked_url(url)}: {_masked_error(e, url)}") from None
    if redis is not None and advertise is not None:
        from canasta.web.lease_router import LeaseRouter

        app = LeaseRouter(app, redis, advertise, int(lease_ttl * 1000), security.allowed_origins)  # type: ignore[assignment]
    print(f"Canasta is starting (database: {masked_url(url)})...", flush=True)
    _announce_when_ready(host, port, no_browser)
    tune_gc()
    uvicorn.run(app, host=host, port=port, **UVICORN_OPTIONS)  # type: ignore[arg-type]


def when_listening(host: str, port: int, then: Callable[[], None], timeout: float = 600.0) -> threading.Thread:
    """Call ``then()``, on a daemon thread, once ``host:port`` accepts TCP connections (tried every 0.1 s;
    a wildcard host is tried on this machine's loopback); never if it does not within ``timeout`` seconds
    (the server did not start, and says why itself). Returns the thread (started)."""
    target = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)

    def wait() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((target, port), timeout=1):
                    pass
            except OSError:
                time.sleep(0.1)
                continue
            then()
            return

    thread = threading.Thread(target=wait, name="canasta-ready", daemon=True)
    thread.start()
    return thread


def _announce_when_ready(host: str, port: int, no_browser: bool, how: str = "") -> None:
    """Once the server listens (restoring the stored tables can take a while): say so with its address, and
    open it in the browser unless ``no_browser``."""
    address = f"http://{host if ':' not in host else '[' + host + ']'}:{port}/"

    def ready() -> None:
        print(f"Canasta is ready at {address}{how}; press Ctrl+C to stop.", flush=True)
        if not no_browser:
            webbrowser.open(address)

    when_listening(host, port, ready)


def _check_redis(redis: str, advertise: str | None, host: str, port: int, workers: int, lease_ttl: float) -> str:
    """The address to advertise, once Redis answers; :class:`ServeError` if the options cannot work."""
    if lease_ttl < 0.3:
        raise ServeError(f"--lease-ttl must be at least 0.3 seconds, not {lease_ttl}")
    if advertise is None:
        if host in ("0.0.0.0", "::", ""):
            raise ServeError("with --redis on a wildcard host, give --advertise HOST:PORT (how the other "
                             "servers reach this one)")
        advertise = f"{host if ':' not in host else '[' + host + ']'}:{port}"
    if not re.fullmatch(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}", advertise):
        raise ServeError(f"--advertise must be HOST:PORT, not {advertise!r}")
    if workers > 1:
        from canasta.web.lease_router import worker_addresses

        for own in worker_addresses(port, advertise, workers)[0]:
            if not _port_free(host, own):
                raise ServeError(f"port {own} on {host} is in use: with --redis, worker i also listens on "
                                 f"port {port} + 1 + i; choose another --port")
    try:
        import redis as redis_lib
    except ImportError as e:
        raise ServeError(f"--redis needs the 'scale' extra ({e}): pip install -e '.[scale]'") from None
    try:
        client = redis_lib.Redis.from_url(redis, socket_connect_timeout=5)
        client.ping()
        client.close()
    except Exception as e:  # bad URL, refused, timed out
        raise ServeError(f"cannot reach Redis at {masked_url(redis)}: {_masked_error(e, redis)}") from None
    return advertise


def _masked_error(error: BaseException, url: str) -> str:
    """The first line of ``error``'s text with the URL's password, if any, replaced by ``***``."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    secret = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/@:]*:([^@/]*)@", url)
    return text.replace(secret.group(1), "***") if secret and secret.group(1) else text
