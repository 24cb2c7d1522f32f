"""Input for terminal play: line readers (terminal, plain stream, scripted) and tab completion.

The game loop asks a :class:`LineReader` for one line at a time, passing a
:class:`Prompt` that holds the prompt text and what completion needs (the legal
moves in notation, the cards in hand). Three readers exist:

* :class:`TerminalReader`: prompt_toolkit's ``PromptSession`` with history and
  tab completion (verbs, commands, the legal moves, the cards in hand);
* :class:`StreamReader`: plain lines from a stream (stdin piped, tests, tmux
  without a terminal), echoing what it read;
* :class:`ScriptedReader`: lines from a list or a callback (tests).

Every reader raises ``EOFError`` at the end of input and lets
``KeyboardInterrupt`` through, so the game can stop cleanly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TextIO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from rich.console import Console
from rich.text import Text

from canasta.moves.notation import KIND_NAMES

if TYPE_CHECKING:
    from canasta.engine.deal import Deal

COMMANDS = ("help", "hint", "moves", "rules", "save", "score", "show", "quit", "history", "scores", "undo", "sort")
"""Commands of terminal play besides the moves."""

CARD_VERBS = ("take", "meld", "add", "discard")
"""Move verbs followed by cards."""


@dataclass
class Prompt:
    """One request for a line.

    Attributes:
        text: the prompt shown to the person.
        legal: the legal moves now, in notation (empty when no move is asked for).
        hand: the cards in the person's hand, in notation.
        deal: the deal being played, for scripted test strategies only (never rendered).
    """

    text: str
    legal: Sequence[str] = ()
    hand: Sequence[str] = ()
    deal: Deal | None = field(default=None, repr=False)


class LineReader(Protocol):
    """Where terminal play reads lines from."""

    interactive: bool
    """True when a person at a terminal types (then the game pauses between deals)."""

    def read(self, prompt: Prompt) -> str:
        """Return the next line without its newline.

        Raises:
            EOFError: no more input.
            KeyboardInterrupt: the person pressed Ctrl-C.
        """
        ...


# ------------------------------------------------------------------ completion

def complete(text: str, legal: Sequence[str], hand: Sequence[str]) -> list[str]:
    """Completions of a partly typed line (case-insensitive), each a whole line to put in its place.

    First the legal moves and commands that start with ``text``; then, after a
    card verb (``take meld add discard``, or an abbreviation of one), the line with
    its last word completed by a card in hand (or by ``to`` after ``add``).
    Duplicates are dropped.
    """
    low = text.lower()
    out: list[str] = []
    words = list(COMMANDS) + [k for k in KIND_NAMES if k not in ("declare", "layout")]  # offered when legal (MAC)
    for cand in list(legal) + words:
        if cand.lower().startswith(low) and cand.lower() != low and cand not in out:
            out.append(cand)
    parts = text.split(" ")
    verb = expand_verb(parts[0])
    if len(parts) >= 2 and verb in CARD_VERBS:
        head, last = " ".join(parts[:-1]), parts[-1].upper()
        extra = sorted(set(hand)) + (["to"] if verb == "add" else [])
        for card in extra:
            if card.upper().startswith(last) and card.upper() != last:
                line = f"{head} {card}"
                if line not in out:
                    out.append(line)
    return out


def expand_verb(word: str) -> str:
    """The move verb or command that ``word`` abbreviates, if it is the only one (``dr`` -> ``draw``).

    Words of one letter, exact words and ambiguous or unknown prefixes (``d``: draw or
    discard) come back unchanged, lower-cased.
    """
    low = word.lower()
    words = set(COMMANDS) | set(KIND_NAMES)
    if len(low) < 2 or low in words:
        return low
    found = [w for w in words if w.startswith(low)]
    return found[0] if len(found) == 1 else low


class MoveCompleter(Completer):
    """prompt_toolkit completer over :func:`complete`; ``prompt`` is updated before each read."""

    def __init__(self) -> None:
        self.prompt = Prompt("")

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        """The completions of the text before the cursor: verbs, legal moves, the cards in hand."""
        text = document.text_before_cursor
        for line in complete(text, self.prompt.legal, self.prompt.hand):
            yield Completion(line, start_position=-len(text), display=line)


# ------------------------------------------------------------------ readers

class TerminalReader:
    """Reads from a terminal with prompt_toolkit: history (up arrow) and tab completion.

    Raises:
        Exception: whatever prompt_toolkit raises when there is no usable terminal
            (the caller falls back to :class:`StreamReader`).
    """

    interactive = True

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.completer = MoveCompleter()
        self.session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(), completer=self.completer, complete_while_typing=False)

        self.broken = False

    def read(self, prompt: Prompt) -> str:
        """One line typed at the terminal (with completion; plain ``input`` if prompt_toolkit broke)."""
        if self.broken:
            return input(prompt.text)
        self.completer.prompt = prompt
        try:
            return self.session.prompt(prompt.text)
        except (EOFError, KeyboardInterrupt):
            raise
        except Exception:  # the terminal stopped working for prompt_toolkit: plain input from now on
            self.broken = True
            return input(prompt.text)


class StreamReader:
    """Reads plain lines from a stream (stdin by default) and echoes each after its prompt.

    The echo keeps a transcript readable when input is piped.
    """

    interactive = False

    def __init__(self, console: Console, stream: TextIO | None = None) -> None:
        self.console = console
        self.stream = stream if stream is not None else sys.stdin

    def read(self, prompt: Prompt) -> str:
        """The next line of the stream. Raises EOFError at its end."""
        line = self.stream.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        self.console.print(Text(prompt.text + line))
        return line


class ScriptedReader:
    """Lines from a list or from a callback (for tests), echoed like :class:`StreamReader`.

    Args:
        script: the lines, or a function that receives each :class:`Prompt` and returns
            the line (None = end of input).
        console: where the echo goes.
    """

    interactive = False

    def __init__(self, script: Iterable[str] | Callable[[Prompt], str | None], console: Console) -> None:
        self.console = console
        self.callback: Callable[[Prompt], str | None] | None = None
        self.lines: Iterator[str] | None = None
        if callable(script):
            self.callback = script
        else:
            self.lines = iter(script)

    def read(self, prompt: Prompt) -> str:
        """The next scripted line (or the callback's answer). Raises EOFError when the script ends."""
        if self.callback is not None:
            line = self.callback(prompt)
        else:
            assert self.lines is not None
            line = next(self.lines, None)
        if line is None:
            raise EOFError
        self.console.print(Text(prompt.text + line))
        return line


def terminal_or_stream(console: Console) -> LineReader:
    """A :class:`TerminalReader` when stdin and stdout are terminals and prompt_toolkit works there,
    else a :class:`StreamReader` on stdin."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        try:
            return TerminalReader()
        except Exception:  # no usable terminal for prompt_toolkit: read plain lines
            pass
    return StreamReader(console)
