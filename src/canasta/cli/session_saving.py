"""Saving and leaving a game in the terminal: the autosave before every read, ``save FILE``, and the
question before leaving ('quit', Ctrl-C, Ctrl-D). RULES.md has no section on this: it is the table's.
"""

from __future__ import annotations

from pathlib import Path

from canasta.cli.completion import LineReader, Prompt
from canasta.cli.session_state import SessionState
from canasta.formats.savegame import (
    SaveError,
    save_game,
)


class QuitGame(Exception):
    """The person leaves: 'quit' (confirmed), or the end of the input. The message, if any, says why."""


LEAVE_QUESTION = "Leave the game? It is saved and `canasta play --resume` continues it [y/N] "
"""The question before leaving ('quit', Ctrl-C, Ctrl-D) when the game is autosaved."""


class _GuardedReader:
    """The person's reader, seen through the session: the game is autosaved before every read, and
    Ctrl-C or Ctrl-D (KeyboardInterrupt, EOFError) asks whether to leave instead of leaving at once.

    With a reader that is not interactive (piped input, scripts) the end of input leaves the game
    without a question (the game is saved).
    """

    def __init__(self, session: SavingSession, reader: LineReader):
        self.session = session
        self.raw = reader
        self.interactive = reader.interactive
        self.screen = getattr(reader, "screen", None)

    def read(self, prompt: Prompt) -> str:
        session = self.session
        while True:
            session.autosave(changed_only=True)
            try:
                return self.raw.read(prompt)
            except (EOFError, KeyboardInterrupt) as e:
                what = "Interrupted" if isinstance(e, KeyboardInterrupt) else "Input ended"
                if not self.raw.interactive:
                    raise QuitGame(f"\n{what}: the game is left unfinished.") from None
                session.console.print(f"\n{what}.")
                if session.confirm_leave():
                    raise QuitGame("You left the game.") from None


class SavingSession(SessionState):
    """A session that saves the game as it is played, asks before the person leaves, and saves copies."""

    def use_reader(self, reader: LineReader) -> None:
        """Read the person's lines from ``reader`` from now on (the full screen's, once it runs), through the
        same guard: autosave before every read, Ctrl-C / Ctrl-D asking before leaving."""
        self.raw_reader = reader
        self.reader = _GuardedReader(self, reader)

    def autosave(self, changed_only: bool = False) -> bool:
        """Save the game to its autosave file (if it has one); True if it is saved there.

        With ``changed_only``, nothing is written if no move was made since the last autosave.
        A failure is reported once (with what to do), not raised.
        """
        if self.autosave_path is None:
            return False
        played = self._moves_played() + self._deals_scored()
        if changed_only and played == self.autosaved and self.autosave_error is None:
            return True
        try:
            save_game(self.autosave_path, self.game, self.seats, hide_decks=True)
        except SaveError as e:
            if self.autosave_error is None:
                self.error(f"The game cannot be saved by itself: {e}. Type 'save FILE' to keep it elsewhere.")
            self.autosave_error = str(e)
            return False
        self.autosave_error = None
        self.autosaved = played
        return True

    def ask_yes(self, question: str) -> bool:
        """Ask a yes/no question (default no); Ctrl-C or Ctrl-D answers no."""
        try:
            answer = self.raw_reader.read(Prompt(question)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            self.console.print("")
            return False
        return answer in ("y", "yes")

    def confirm_leave(self) -> bool:
        """Ask whether to leave, after saving the game; True to leave. Ctrl-C or Ctrl-D at the question
        leaves (the game is saved, or the question said it could not be)."""
        if self.autosave():
            question = LEAVE_QUESTION
        else:
            why = f" ({self.autosave_error})" if self.autosave_error else ""
            question = (f"The game is not saved{why}: type 'no', then 'save FILE' to keep it. "
                        "Leave anyway? [y/N] ")
        try:
            answer = self.raw_reader.read(Prompt(question)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            self.console.print("")
            return True
        if answer in ("y", "yes"):
            return True
        self.console.print("Back to the game.")
        return False

    def save(self, path: Path) -> bool:
        """Save a copy of the game to ``path`` (asking before overwriting a file); print the outcome.
        Returns True if saved."""
        if path.exists() and path.resolve() != (self.autosave_path or Path()).resolve():
            if not self.ask_yes(f"{path} exists: overwrite it? [y/N] "):
                self.console.print(f"Not saved: {path} is left as it was.")
                return False
        try:
            save_game(path, self.game, self.seats, hide_decks=True)
        except SaveError as e:
            self.error(str(e))
            if self.autosave():
                self.console.print(f"The game is still saved in {self.autosave_path} "
                                   "('canasta play --resume' continues it).")
            return False
        self.console.print(f"Game saved to {path}. Resume it with: canasta play --resume {path}")
        self.saved = (path, self._moves_played())
        return True

    def quit(self) -> None:
        """Ask whether to leave (the game is saved first); leave (raise QuitGame) if so."""
        if self.confirm_leave():
            raise QuitGame("You left the game.")

    def _leave_hint(self) -> None:
        """After leaving: where the game is kept and how to continue it (or that it could not be kept)."""
        if self.autosave_path is not None and self.autosave_error is None:
            self.console.print(f"The game is saved in {self.autosave_path}: continue it with "
                               "'canasta play --resume'.")
        if self.saved is not None and self.saved[1] == self._moves_played():
            self.console.print(f"The game is saved in {self.saved[0]}: resume it with "
                               f"'canasta play --resume {self.saved[0]}'.")
        elif self.autosave_path is None or self.autosave_error is not None:
            why = f" ({self.autosave_error})" if self.autosave_error else ""
            self.console.print(f"The game could not be saved by itself{why}. To keep a game for later, "
                               "type 'save FILE' while playing and resume it with "
                               "'canasta play --resume FILE'.")
        if self.record is not None:
            self.console.print(f"The record in {self.record} holds the deals finished so far.")
