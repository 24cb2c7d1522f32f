"""Fixtures of the web tests: an app with bots moving at once, on a SQLite file in a temporary directory.

Without the web extra (starlette, sqlalchemy, httpx) the web tests are not collected.
"""

from __future__ import annotations

import importlib.util
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

_MISSING = [m for m in ("starlette", "sqlalchemy", "httpx") if importlib.util.find_spec(m) is None]
collect_ignore_glob = ["test_*.py"] if _MISSING else []


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's headless Chromium with Playwright")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[object]:
    warnings.filterwarnings("ignore", message=".*httpx.*")
    from starlette.testclient import TestClient

    from canasta.web.app import create_app
    from canasta.web.security import SecurityConfig

    # bots decide in this process; no message rate limit (the tests send faster than people do)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=0,
                               security=SecurityConfig(messages_per_second=0))) as c:
        yield c
