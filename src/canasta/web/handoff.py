"""Hand a table's websocket to the worker that owns it, at accept time (``canasta serve --workers N``).

The kernel gives each new connection on the shared public port to any worker (``SO_REUSEPORT``). Without
this module a websocket that lands on a worker which does not own its table is relayed frame by frame to the
owner (:class:`canasta.web.workers.ShardRouter`), which costs about as much CPU again as serving the frames.
Here each worker's HTTP protocol is :class:`HandoffProtocol`: it reads the first line of a new connection
(``GET /ws/{table}?... HTTP/1.1``) before uvicorn sees it, and when the table belongs to another worker it
passes the connection's file descriptor, with the bytes read so far, to the owner over a Unix datagram socket
(``SCM_RIGHTS``) and forgets it. The owner (:meth:`Handoff.listen`) makes the descriptor one of its own
connections and feeds it those bytes, so it serves the handshake and every frame itself, exactly as if the
kernel had given it the connection: no move crosses processes, the owner's security checks see the client's
own address and headers.

Anything else is served where it landed, as before: other paths, a websocket asked for after other requests
on a kept-alive connection, a TLS connection, and every connection whose owner cannot take it (not started
yet, being restarted by the supervisor, its queue full): the :class:`~canasta.web.workers.ShardRouter` then
relays it or answers that the owner is down (close 1013), so the handoff changes no outcome, only the cost.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import logging
import os
import re
import socket
from collections.abc import Callable
from typing import Any

log = logging.getLogger("canasta.web")

FIRST_LINE_MAX = 8192
"""Bytes read at most while waiting for the request line; longer first lines are served where they land."""
HANDOFF_MAX = 60000
"""Most bytes read before the decision that a handoff carries (a handshake is a few hundred)."""
BUSY_TRIES, BUSY_PAUSE = 100, 0.005
"""A handoff to a worker whose queue is full is tried again this many times, this many seconds apart."""
WS_LINE = re.compile(rb"^GET /ws/([A-Za-z0-9_-]{1,40})[?# /]")
"""The request line of a table's websocket."""


class Handoff:
    """One worker's side of the handoff: its own receiving socket and the other workers' addresses.

    Args:
        index: this worker's number.
        paths: the Unix socket path of every worker, by number (this worker binds ``paths[index]``).
        owner_of: the worker that owns a table id (:func:`canasta.web.workers.shard_of` with N bound).
    """

    def __init__(self, index: int, paths: list[str], owner_of: Callable[[str], int]):
        self.index, self.paths, self.owner_of = index, paths, owner_of
        self.sent = 0
        self.received = 0
        self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sender.setblocking(False)
        self._receiver: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def owner_for(self, first_line: bytes) -> int | None:
        """The other worker that owns the table of a websocket request line, or None (serve it here)."""
        match = WS_LINE.match(first_line)
        if match is None:
            return None
        owner = self.owner_of(match.group(1).decode("ascii"))
        return None if owner == self.index else owner

    def send(self, owner: int, fd: int, data: bytes) -> str:
        """Pass connection ``fd`` and the bytes already read from it to worker ``owner``: ``"sent"``, ``"busy"``
        (its queue is full — Linux queues 10 datagrams per socket by default —: try again in a moment) or
        ``"failed"`` (not listening: down or restarting); nothing was passed unless ``"sent"``."""
        try:
            self._sender.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))], 0,
                                 self.paths[owner])
        except (BlockingIOError, InterruptedError):
            return "busy"
        except OSError as e:
            log.debug("handoff to worker %d failed: %s", owner, e)
            return "failed"
        self.sent += 1
        return "sent"

    def listen(self, loop: asyncio.AbstractEventLoop, serve: Callable[[socket.socket, bytes], None]) -> None:
        """Receive connections handed to this worker: ``serve(sock, data)`` for each, on ``loop``."""
        path = self.paths[self.index]
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # left by this worker's previous process
        receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        receiver.bind(path)
        receiver.setblocking(False)
        self._receiver, self._loop = receiver, loop

        def ready() -> None:
            while True:
                try:
                    data, fds, _flags, _addr = socket.recv_fds(receiver, HANDOFF_MAX + FIRST_LINE_MAX, 4)
                except (BlockingIOError, InterruptedError):
                    return
                except OSError as e:
                    log.warning("receiving a handed-off connection failed: %s", e)
                    return
                for extra in fds[1:]:  # one connection per message: anything else is closed
                    os.close(extra)
                if not fds:
                    continue
                try:
                    sock = socket.socket(fileno=fds[0])
                except OSError:
                    os.close(fds[0])
                    continue
                sock.setblocking(False)
                self.received += 1
                serve(sock, data)
        loop.add_reader(receiver.fileno(), ready)

    def close(self) -> None:
        """Stop receiving; close the sockets."""
        if self._receiver is not None and self._loop is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._receiver.fileno())
            self._receiver.close()
            with contextlib.suppress(OSError):
                os.unlink(self.paths[self.index])
            self._receiver = None
        self._sender.close()


class Primed(asyncio.Protocol):
    """A connection received from another worker: hands the transport to ``inner`` (uvicorn's protocol) and
    feeds it the bytes the other worker had read, before anything else the socket brings."""

    def __init__(self, inner: asyncio.Protocol, data: bytes):
        self.inner, self.data = inner, data

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.set_protocol(self.inner)
        self.inner.connection_made(transport)
        if self.data:
            self.inner.data_received(self.data)  # type: ignore[attr-defined]


class HandoffProtocol(asyncio.Protocol):
    """The first protocol of every connection of a worker (uvicorn's ``http`` class): reads the request line,
    hands the connection to its table's owner if that is another worker, else gives the transport to uvicorn's
    own protocol (made by ``make_inner()``) with the bytes read, and steps out of the way."""

    def __init__(self, handoff: Handoff, make_inner: Callable[[], asyncio.Protocol]):
        self.handoff, self.make_inner = handoff, make_inner
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.inner: asyncio.Protocol | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:  # (only if the transport called us after set_protocol)
            self.inner.data_received(data)  # type: ignore[attr-defined]
            return
        self.buffer += data
        end = self.buffer.find(b"\r\n")
        if end < 0 and len(self.buffer) < FIRST_LINE_MAX:
            return  # the request line is not complete yet
        owner = self.handoff.owner_for(self.buffer[:end]) if 0 <= end and len(self.buffer) <= HANDOFF_MAX else None
        transport = self.transport
        sock: Any = None if transport is None else transport.get_extra_info("socket")
        if (owner is None or transport is None or sock is None
                or transport.get_extra_info("sslcontext") is not None):
            self._serve_here()
            return
        transport.pause_reading()  # what the kernel still holds is read by the owner
        self._hand_over(owner, sock.fileno(), 0)

    def _hand_over(self, owner: int, fd: int, tries: int) -> None:
        """Pass the connection to ``owner``; while its queue is full, try again every few milliseconds (for
        :data:`BUSY_TRIES` times), then serve it here."""
        transport = self.transport
        assert transport is not None
        if transport.is_closing():
            return
        outcome = self.handoff.send(owner, fd, self.buffer)
        if outcome == "sent":
            transport.abort()  # closes this process's descriptor only: the owner's keeps the connection open
        elif outcome == "busy" and tries < BUSY_TRIES:
            asyncio.get_running_loop().call_later(BUSY_PAUSE, self._hand_over, owner, fd, tries + 1)
        else:
            transport.resume_reading()
            self._serve_here()

    def _serve_here(self) -> None:
        transport, data = self.transport, self.buffer
        self.buffer = b""
        self.inner = inner = self.make_inner()
        assert transport is not None
        transport.set_protocol(inner)
        inner.connection_made(transport)
        if data:
            inner.data_received(data)  # type: ignore[attr-defined]

    def eof_received(self) -> bool | None:
        if self.inner is None:
            self._serve_here()  # the client closed its side before a whole line: uvicorn answers or closes
        assert self.inner is not None
        return self.inner.eof_received()  # type: ignore[attr-defined, no-any-return]

    def connection_lost(self, exc: Exception | None) -> None:
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()


def handoff_server_class(handoff: Handoff) -> tuple[Callable[..., asyncio.Protocol], type]:
    """uvicorn's ``http`` protocol factory and a ``uvicorn.Server`` subclass for a worker with ``handoff``:
    the factory makes a :class:`HandoffProtocol` per connection; the server listens for connections handed to
    this worker once started, and stops listening when it shuts down."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    def protocol(config: Any, server_state: Any, app_state: Any, _loop: Any = None) -> asyncio.Protocol:
        return HandoffProtocol(handoff, lambda: AutoHTTPProtocol(  # type: ignore[call-arg]
            config=config, server_state=server_state, app_state=app_state, _loop=_loop))

    class HandoffServer(uvicorn.Server):  # type: ignore[misc]
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            loop = asyncio.get_running_loop()
            config, state, app_state = self.config, self.server_state, self.lifespan.state

            def serve(sock: socket.socket, data: bytes) -> None:
                inner = AutoHTTPProtocol(config=config, server_state=state, app_state=app_state)  # type: ignore[call-arg]
                task = loop.create_task(loop.connect_accepted_socket(lambda: Primed(inner, data), sock=sock))
                task.add_done_callback(_closed_on_failure(sock))
            handoff.listen(loop, serve)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            handoff.close()
            await super().shutdown(sockets=sockets)

    return protocol, HandoffServer


def _closed_on_failure(sock: socket.socket) -> Callable[[asyncio.Task[Any]], None]:
    def done(task: asyncio.Task[Any]) -> None:
        if task.cancelled() or task.exception() is not None:
            log.warning("a handed-off connection could not be served: %s", None if task.cancelled()
                        else task.exception())
            sock.close()
    return done


__all__ = ["Handoff", "HandoffProtocol", "Primed", "handoff_server_class"]
