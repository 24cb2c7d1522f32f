"""Test-wide setup.

In CI (the ``CI`` environment variable is set) the optional extras must be installed, so that tests guarded by
``pytest.importorskip`` cannot pass by being skipped: a missing one stops the run with a clear message.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

REQUIRED_IN_CI = ("numpy", "gymnasium", "pettingzoo", "starlette", "sqlalchemy", "uvicorn", "httpx", "playwright",
                  "matplotlib", "ray")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not os.environ.get("CI"):
        return
    missing = [m for m in REQUIRED_IN_CI if importlib.util.find_spec(m) is None]
    if missing:
        raise pytest.UsageError(f"CI needs the optional extras; missing: {', '.join(missing)}")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games autosaved by terminal play go to a temporary folder, never to the user's data directory."""
    monkeypatch.setenv("CANASTA_DATA_DIR", str(tmp_path_factory.mktemp("canasta-data")))
