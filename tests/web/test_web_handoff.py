"""The websocket handoff of ``canasta serve --workers N`` (``canasta.web.handoff``): a table's websocket that
lands on a worker which does not own the table is passed, connection and bytes read, to its owner, which
serves it; anything else, or a handoff the owner cannot take, is served where it landed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canasta.web.handoff import Handoff, HandoffProtocol, Primed


class Echo(asyncio.Protocol):
    """Stands for uvicorn's protocol in worker ``worker``: answers a whole request with the worker's number and
    every byte of the request it was given."""

    def __init__(self, worker: int) -> None:
        self.worker, self.data = worker, b""
        self.transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.data += data
        if b"\r\n\r\n" in self.data:
            self.transport.write(b"worker %d\n" % self.worker + self.data)
            self.transport.close()


def _loops() -> list[Callable[[], asyncio.AbstractEventLoop]]:
    loops: list[Callable[[], asyncio.AbstractEventLoop]] = [asyncio.new_event_loop]
    try:
        import uvloop
    except ImportError:
        return loops
    return [*loops, uvloop.new_event_loop]  # the loop uvicorn uses when it is installed


async def _ask(port: int, *parts: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for part in parts:
        writer.write(part)
        await writer.drain()
        await asyncio.sleep(0.01)
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    return answer


async def _scenario(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    paths = [str(tmp_path / "w0.sock"), str(tmp_path / "w1.sock")]
    owner = {"a": 0, "b": 1}  # tables "a..." belong to worker 0, "b..." to worker 1
    workers = [Handoff(i, paths, lambda tid: owner[tid[0]]) for i in range(2)]

    def serve(sock: Any, data: bytes) -> None:
        loop.create_task(loop.connect_accepted_socket(lambda: Primed(Echo(1), data), sock=sock))
    workers[1].listen(loop, serve)
    server = await loop.create_server(lambda: HandoffProtocol(workers[0], lambda: Echo(0)), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        request = b"GET /ws/b1?k=KEY HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n"
        # worker 1's table, its request line in two pieces: served by worker 1, every byte of it
        assert await _ask(port, request[:12], request[12:]) == b"worker 1\n" + request
        assert (workers[0].sent, workers[1].received) == (1, 1)
        # 40 at once: more than a Unix datagram queue holds (10 by default): those that find it full wait
        answers = await asyncio.gather(*(_ask(port, request) for _ in range(40)))
        assert answers == [b"worker 1\n" + request] * 40 and workers[1].received == 41
        own = b"GET /ws/a1?k=KEY HTTP/1.1\r\nHost: x\r\n\r\n"
        assert await _ask(port, own) == b"worker 0\n" + own  # its own table
        api = b"GET /api/tables/b1 HTTP/1.1\r\nHost: x\r\n\r\n"
        assert await _ask(port, api) == b"worker 0\n" + api  # not a websocket: served where it landed
        workers[1].close()  # worker 1 down (restarting): the connection stays with worker 0 (its relay says so)
        assert await _ask(port, request) == b"worker 0\n" + request
        assert workers[0].sent == 41
    finally:
        server.close()
        workers[0].close()


@pytest.mark.parametrize("new_loop", _loops(), ids=lambda f: f.__module__.split(".")[0])
def test_a_websocket_is_handed_to_the_worker_owning_its_table(
        tmp_path: Path, new_loop: Callable[[], asyncio.AbstractEventLoop]) -> None:
    loop = new_loop()
    try:
        loop.run_until_complete(_scenario(tmp_path))
    finally:
        loop.close()


def test_only_a_tables_websocket_request_line_names_another_owner(tmp_path: Path) -> None:
    h = Handoff(0, [str(tmp_path / "a"), str(tmp_path / "b")], lambda tid: 1)
    try:
        assert h.owner_for(b"GET /ws/T1x_-?k=abc HTTP/1.1") == 1
        assert h.owner_for(b"GET /ws/T1 HTTP/1.1") == 1
        for line in (b"GET /api/tables/T1 HTTP/1.1", b"POST /ws/T1 HTTP/1.1", b"GET /ws/ HTTP/1.1",
                     b"GET /ws/T1.x HTTP/1.1", b"GET /wsx/T1 HTTP/1.1", b"GET /ws/" + b"x" * 41 + b" HTTP/1.1"):
            assert h.owner_for(line) is None, line
        assert Handoff(1, h.paths, lambda tid: 1).owner_for(b"GET /ws/T1 HTTP/1.1") is None  # its own table
    finally:
        h.close()
