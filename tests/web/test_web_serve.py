"""``canasta serve`` says it is ready (and opens the browser) only once it listens: restoring the stored tables
can take a while, and a browser opened before would show a refused connection."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from canasta.web.serve import when_listening
from canasta.web.workers import free_port


def test_when_listening_waits_for_the_port() -> None:
    """Nothing is called while nobody listens; once a socket listens, the call comes."""
    port = free_port()
    called = threading.Event()
    thread = when_listening("127.0.0.1", port, called.set, timeout=30)
    time.sleep(0.5)
    assert not called.is_set()
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", port))
        listener.listen()
        assert called.wait(10)
    thread.join(5)


def test_when_listening_gives_up_after_its_timeout() -> None:
    called = threading.Event()
    when_listening("127.0.0.1", free_port(), called.set, timeout=0.5).join(5)
    assert not called.is_set()


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_ready_line_comes_when_the_server_answers(tmp_path: Path, workers: str) -> None:
    """The first line says the server is starting; the line that gives the address comes when its pages
    answer (one request, no retry)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", "serve", "--no-browser", "--port", str(port),
                             "--workers", workers, "--database", str(tmp_path / "serve.db")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("Canasta is starting"), first
        ready = proc.stdout.readline()
        assert ready.startswith(f"Canasta is ready at http://127.0.0.1:{port}/"), ready
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
    finally:
        proc.terminate()
        proc.wait(60)
