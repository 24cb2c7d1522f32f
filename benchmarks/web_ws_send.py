"""Server CPU per websocket frame of uvicorn's websocket implementations (not a test).

For each implementation named (uvicorn's ``--ws``: ``websockets``, ``websockets-sansio``, ``wsproto`` if
installed) a uvicorn server is started in a process of its own, with the settings of ``canasta serve``
(no per-message compression, uvloop), and a Starlette websocket endpoint sends ``--frames`` text frames of
``--size`` bytes (an ``event`` message is about 1.5 KB) to one client, reading one small frame from it every
fourth frame (a move for four seats' messages). The endpoint's process CPU time over the loop, divided by
the frames sent, is printed: what the library costs the server per message, apart from building it::

    .venv/bin/python benchmarks/web_ws_send.py websockets websockets-sansio websockets websockets-sansio
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import subprocess
import sys
import time

SERVER = r'''
import sys, time
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

async def endpoint(ws):
    await ws.accept()
    frames, text = int(ws.query_params["frames"]), "x" * int(ws.query_params["size"])
    start = time.process_time()
    for i in range(frames):
        await ws.send_text(text)
        if i % 4 == 0:
            await ws.receive_text()
    await ws.send_text("cpu %f" % (time.process_time() - start))
    await ws.close()

uvicorn.run(Starlette(routes=[WebSocketRoute("/ws", endpoint)]), host="127.0.0.1", port=int(sys.argv[1]),
            ws=sys.argv[2], ws_per_message_deflate=False, log_level="error", loop="uvloop")
'''


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _client(port: int, frames: int, size: int) -> float:
    import websockets

    url = f"ws://127.0.0.1:{port}/ws?frames={frames}&size={size}"
    async with websockets.connect(url, compression=None, max_size=2**22) as ws:
        i = 0
        while True:
            message = await ws.recv()
            if isinstance(message, str) and message.startswith("cpu "):
                return float(message.split()[1])
            if i % 4 == 0:
                await ws.send('{"type":"move","move":"draw","at":1}')
            i += 1


def measure(impl: str, frames: int, size: int) -> float:
    """Server CPU in microseconds per frame sent with uvicorn's ``--ws impl``."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-W", "ignore", "-c", SERVER, str(port), impl])
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit(f"web_ws_send: the server with --ws {impl} did not start")
        return 1e6 * asyncio.run(_client(port, frames, size)) / frames
    finally:
        proc.terminate()
        proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("impls", nargs="+", help="uvicorn --ws values, measured in the order given")
    ap.add_argument("--frames", type=int, default=20000)
    ap.add_argument("--size", type=int, default=1500, help="bytes per frame sent")
    a = ap.parse_args()
    for impl in a.impls:
        print(f"{impl}: {measure(impl, a.frames, a.size):.1f} us of server CPU per frame sent")


if __name__ == "__main__":
    main()
