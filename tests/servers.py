"""Real servers for the tests that need them: a redis-server and a throwaway PostgreSQL cluster.

Each starts on a free port of 127.0.0.1 in a temporary directory and is stopped (and its files removed) after
the test module. The binaries are looked up on PATH, then in Debian's ``/usr/lib/postgresql/*/bin``;
``scripts/test.sh`` installs them with apt when missing. A test is skipped, with the reason, only when a
binary is truly absent. PostgreSQL refuses to run as root: as root the cluster runs as the ``postgres``
user (or ``nobody``).

Use: ``from servers import redis_url, postgres_url`` in a test module (they are pytest fixtures).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def find_binary(name: str) -> str | None:
    """``name`` on PATH, else in Debian's PostgreSQL folders; None when absent."""
    found = shutil.which(name)
    if found:
        return found
    for candidate in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def _wait_port(port: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {seconds} s")


class RedisServer:
    """A redis-server on a free port (no persistence)."""

    def __init__(self) -> None:
        binary = find_binary("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed (scripts/test.sh installs Debian's redis-server)")
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="canasta-redis-")
        self.proc = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", self.dir],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_port(self.port)
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        self.proc.terminate()
        self.proc.wait(timeout=20)
        shutil.rmtree(self.dir, ignore_errors=True)


class PostgresCluster:
    """A PostgreSQL cluster made by initdb in a temporary folder, started by pg_ctl on a free port."""

    def __init__(self) -> None:
        self.initdb, self.pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
        if self.initdb is None or self.pg_ctl is None:
            pytest.skip("PostgreSQL (initdb, pg_ctl) is not installed (scripts/test.sh installs Debian's postgresql)")
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="canasta-pg-"))
        self.data = self.dir / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = next((u for u in ("postgres", "nobody") if _user_exists(u)), None)
            if self.user is None:
                pytest.skip("PostgreSQL cannot run as root and there is no postgres or nobody user")
            entry = pwd.getpwnam(self.user)
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
        self._run([self.initdb, "-D", str(self.data), "-U", "canasta", "--auth=trust", "-E", "UTF8", "--no-sync"])
        self.start()
        self.url = f"postgresql+psycopg://canasta@127.0.0.1:{self.port}/postgres"

    def _run(self, argv: list[str]) -> None:
        if self.user is not None:
            argv = ["runuser", "-u", self.user, "--", *argv]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    def start(self) -> None:
        """Start the cluster (again) and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run([str(self.pg_ctl), "-D", str(self.data), "-o", options, "-l", str(self.dir / "log"), "-w", "start"])
        _wait_port(self.port)

    def stop(self) -> None:
        """Stop the cluster at once (``-m fast``); its files stay until :meth:`remove`."""
        self._run([str(self.pg_ctl), "-D", str(self.data), "-m", "fast", "-w", "stop"])

    def remove(self) -> None:
        """Stop the cluster if it runs and remove its folder."""
        try:
            self.stop()
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """A running redis-server for the module."""
    server = RedisServer()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def redis_url(redis_server: RedisServer) -> str:
    """The URL of a running redis-server (``redis://127.0.0.1:PORT/0``)."""
    return redis_server.url


@pytest.fixture(scope="module")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A running throwaway PostgreSQL cluster for the module (tests may stop and start it)."""
    cluster = PostgresCluster()
    yield cluster
    cluster.remove()


@pytest.fixture(scope="module")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The SQLAlchemy URL of the throwaway cluster's database (``postgresql+psycopg://...``)."""
    return postgres_cluster.url
