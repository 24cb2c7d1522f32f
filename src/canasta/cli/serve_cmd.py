"""``canasta serve``: the web server (lobby, tables, score keeper) -- see docs/web.md."""

from __future__ import annotations

INSTALL_WEB = "pip install -e '.[web,env]'"
"""The install command of the README (run in the source folder): it brings the web server's packages."""


def run_serve(host: str, port: int, database: str | None, no_browser: bool, allow_origins: tuple[str, ...] = (),
              messages_per_second: float = 20.0, workers: int = 1, redis: str | None = None,
              advertise: str | None = None, lease_ttl: float = 10.0) -> None:
    """Start the web server; a missing web extra or a busy port is reported as one line (exit 2)."""
    from canasta.cli.common import fail

    try:
        from canasta.web.serve import ServeError
        from canasta.web.serve import run_serve as serve
    except ImportError as e:
        fail(f"the web server needs the 'web' extra ({e}); install it in the source folder with: {INSTALL_WEB}")
        return
    try:
        serve(host=host, port=port, database=database, no_browser=no_browser, allow_origins=allow_origins,
              messages_per_second=messages_per_second, workers=workers, redis=redis, advertise=advertise,
              lease_ttl=lease_ttl)
    except ServeError as e:
        fail(str(e))
    except KeyboardInterrupt:
        pass
