"""What every ``canasta`` sub-command shares: reporting a user's error.

The sub-command modules (``*_cmd``, :mod:`canasta.cli.play`) import this module, never
:mod:`canasta.cli.main`, which imports them: the command line has no import cycle.
"""

from __future__ import annotations

import typer


def fail(message: str) -> None:
    """Print ``message`` as an error for the user (``error: ...`` on stderr) and exit with status 2.

    Raises:
        typer.Exit: always, with exit code 2.
    """
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)
