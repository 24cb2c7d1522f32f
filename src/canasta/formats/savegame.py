"""Saving a game in progress and resuming it, on top of the game record (DESIGN.md, "Game record").

A saved game is an ordinary game record, possibly unfinished (the last deal
still being played). :func:`save_game` writes one with
``canasta.formats.records.record_from_game`` and ``write_record``; :func:`load_game`
reads it back with ``load_record`` and ``replay_record(..., allow_incomplete=True)``,
which rebuilds the :class:`~canasta.engine.game.Game` move by move.

Every failure (missing records module, unreadable or invalid file, disk error)
is raised as :class:`SaveError` with a message for a person.

A saved game does not show the cards nobody has seen: :func:`save_game` with
``hide_decks=True`` (the ``save`` command and the autosave) leaves out the deck
order of every deal whose deck is the shuffle of its seed (``"deck": null``);
resuming deals it again from the seed. Only a deal dealt from a deck given by
hand (tests, stacked deals) keeps its deck. See docs/formats.md, "Saved games".

Terminal play autosaves every game after every move to its own file in
:func:`games_dir` (the user's data directory, ``platformdirs.user_data_dir("canasta")``,
or the directory named by the ``CANASTA_DATA_DIR`` environment variable);
:func:`last_game` finds the one ``canasta play --resume`` continues.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta.engine.game import Game


class SaveError(Exception):
    """A game could not be saved or resumed; the message says why."""


@dataclass(frozen=True)
class SeatInfo:
    """Who plays a seat: a display ``name``, ``kind`` "human" or "bot", and the bot's spec (or None)."""

    name: str
    kind: str
    bot: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The seat as stored in a record: {"name", "kind", "bot"}."""
        return {"name": self.name, "kind": self.kind, "bot": self.bot}


@dataclass
class SavedGame:
    """A game read back from a file: the rebuilt ``game`` and its ``seats`` (one per seat)."""

    game: Game
    seats: list[SeatInfo]

    @property
    def human(self) -> int | None:
        """The first seat played by a person (0-based), or None if every seat is a bot."""
        return next((i for i, s in enumerate(self.seats) if s.kind == "human"), None)


DATA_DIR_ENV = "CANASTA_DATA_DIR"
"""Environment variable naming the data directory (autosaved games) instead of the user's default."""


def data_dir() -> Path:
    """The directory of the user's Canasta data: ``$CANASTA_DATA_DIR``, else the platform's user data
    directory for "canasta" (``~/.local/share/canasta`` on Linux)."""
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("canasta"))


def games_dir() -> Path:
    """Where terminal play autosaves its games, one file per game (``<data dir>/games``)."""
    return data_dir() / "games"


def new_autosave_path(seed: int | None) -> Path:
    """A new file name in :func:`games_dir` for a game started now (not created here)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    tail = f"-seed{seed}" if seed is not None else ""
    base = games_dir() / f"game-{stamp}{tail}"
    path = base.with_suffix(".json")
    n = 2
    while path.exists():
        path = base.with_name(f"{base.name}-{n}.json")
        n += 1
    return path


def last_game() -> Path | None:
    """The most recently saved unfinished game in :func:`games_dir`, or None."""
    folder = games_dir()
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for path in files:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("complete") is False:
            return path
    return None


def save_game(path: Path, game: Game, seats: list[SeatInfo], hide_decks: bool = False) -> None:
    """Write ``game`` (finished or not) with its ``seats`` to ``path`` as a game record (JSON).

    With ``hide_decks`` the deck order of every deal dealt from its seed is left out
    (``"deck": null``): the file then keeps the seeds and the moves, and nobody reads the
    hidden cards in it (see the module's docstring). The folder of ``path`` is created.

    Raises:
        SaveError: the records module is missing, or the file cannot be written.
    """
    try:
        from canasta.formats import records
    except ImportError as e:
        raise SaveError(f"saving needs the canasta.formats.records module, which cannot be loaded ({e})") from None
    try:
        record = records.record_from_game(game, [s.as_dict() for s in seats])
        if hide_decks:
            for i, deal in enumerate(record["deals"]):
                if game.seeded_deck(i):
                    deal["deck"] = None
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        records.write_record(path, record)
    except OSError as e:
        raise SaveError(f"cannot write {path}: {e.strerror or e}") from None
    except records.RecordError as e:
        raise SaveError(f"cannot save the game: {e}") from None


def _seat(entry: Any, index: int) -> SeatInfo:
    if not isinstance(entry, dict):
        raise SaveError(f"seat {index + 1} of the saved game is not an object with name and kind")
    kind = str(entry.get("kind") or "bot")
    bot = entry.get("bot")
    return SeatInfo(str(entry.get("name") or f"Seat {index + 1}"), kind,
                    str(bot) if bot is not None else None)


def load_game(path: Path) -> SavedGame:
    """Read a game saved by :func:`save_game` (or any game record) and rebuild it.

    Returns:
        the game with its current deal in progress (or the last deal finished) and the seats.

    Raises:
        SaveError: the records module is missing, the file is unreadable, or the record is
            refused (the message names the deal and move where replay failed).
    """
    try:
        from canasta.formats import records
    except ImportError as e:
        raise SaveError(f"resuming needs the canasta.formats.records module, which cannot be loaded ({e})") from None
    try:
        record = records.load_record(path)
        result = records.replay_record(record, allow_incomplete=True)
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror or e}") from None
    except records.RecordError as e:
        raise SaveError(f"cannot resume from {path}: {e}") from None
    game = result.game
    raw = record.get("seats") if isinstance(record, dict) else None
    if not isinstance(raw, list) or len(raw) != game.rules.players:
        seats = [SeatInfo(f"Seat {i + 1}", "bot", None) for i in range(game.rules.players)]
    else:
        seats = [_seat(e, i) for i, e in enumerate(raw)]
    return SavedGame(game, seats)
