"""The full-screen table of terminal play: one screen redrawn in place instead of a scrolling transcript.

``canasta play`` at a terminal runs :class:`TableScreen`, a prompt_toolkit full-screen
``Application``; ``canasta play --plain`` (and every non-terminal: pipes, tests) keeps the
line-by-line transcript of :mod:`canasta.cli.play`.

The game loop (:class:`~canasta.cli.session.PlaySession`) stays synchronous: it runs in a worker
thread while the application owns the terminal in the main thread. The two meet in three places:

* :meth:`TableScreen.show`, called by ``PlaySession.render``: the person's
  :class:`~canasta.engine.deal.PlayerView` and :class:`~canasta.cli.display.TableInfo` to draw, and the
  log lines (moves) since the last drawing, which join the history pane;
* :class:`ScreenConsole`: the session's Rich console; whatever it prints (help, the legal moves,
  errors, hints, the scores of a deal) joins the history pane as a message;
* :class:`ScreenReader`: the session's :class:`~canasta.cli.completion.LineReader`; ``read`` shows
  the prompt and waits for the line the person enters (tab completion by
  :class:`~canasta.cli.completion.MoveCompleter`, the up arrow recalls earlier lines).

Everything is rendered by Rich to ANSI text at the width of its pane each time the screen is drawn,
so the layout follows the terminal's size: at 80x24 a compact table (two or three lines a side) over
the latest moves; from :data:`WIDE` columns on, the full table on the left and the history on the
right. PageUp / PageDown scroll the history. Ctrl-C (and Ctrl-D on an empty line) never kill the
program: at a move prompt they enter the line ``quit`` (the session's own way of leaving, which may
ask for confirmation and save); at any other question (save first? play it anyway? next deal?) they
enter an empty line, the question's default (leave without saving, do not play it, go on).
"""

from __future__ import annotations

import asyncio
import io
import queue
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import (
    BufferControl,
    Dimension,
    DynamicContainer,
    Float,
    FloatContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from rich.console import Console, Group, RenderableType
from rich.text import Text

from canasta.cli.completion import MoveCompleter, Prompt
from canasta.cli.display import TableInfo, render_moves, render_table

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from canasta.cli.session import PlaySession
    from canasta.engine.deal import PlayerView

WIDE = 150
"""From this many columns on, the table and the history stand side by side."""

TABLE_WIDTH = 100
"""Columns of the table in the side-by-side layout (at most)."""

MIN_HISTORY = 3
"""Lines the history keeps under the table, however tall the table."""

FULL_TABLE_HISTORY = 12
"""Below :data:`WIDE` columns the full table (with its players' table) is drawn only if it leaves this many
lines to the history; else the compact one."""

KEYS_HELP = "Tab completes · PgUp/PgDn history · Ctrl-C quits"
COMMANDS_HELP = "moves · hint · help · score · save FILE · quit"

_QUIT = object()
"""Put in the answer queue by Ctrl-C / Ctrl-D."""
_CLOSED = object()
"""Put in the answer queue when the screen has gone (the reader then raises EOFError)."""


@dataclass
class _Entry:
    """One item of the history pane: moves of one player's turn, or a message printed by the session."""

    renderable: RenderableType
    batch: int
    """How many turns the person had begun when it was added: moves from before his last turn are dimmed."""
    move: bool = False
    owner: str = ""
    """Who made the moves of a move entry (the part of the log line before the colon)."""
    echo: bool = False
    """The line the person entered, shown before what it printed."""
    version: int = 0
    """Bumped when more moves of the same turn join a move entry (its drawings are cached by version)."""


def owner_of(line: str, names: Sequence[str]) -> str:
    """The player whose move a log line tells (``West (bot)`` in ``West (bot): draw``), or ''.

    A line is someone's when it starts with a seat's name (``names``, optionally followed by
    `` (bot)``) and a colon.
    """
    who, sep, _ = line.partition(": ")
    return who if sep and (who in names or (who.endswith(" (bot)") and who[:-6] in names)) else ""


def merge_turns(lines: Sequence[str], names: Sequence[str]) -> list[str]:
    """Consecutive log lines of the same player joined into one line per turn:
    ``West (bot): draw`` + ``West (bot): discard QC`` -> ``West (bot): draw · discard QC``
    (see :func:`owner_of`); other lines stay as they are."""
    out: list[str] = []
    last = ""
    for line in lines:
        who = owner_of(line, names)
        if who and who == last and out:
            out[-1] += " · " + line.partition(": ")[2]
            continue
        out.append(line)
        last = who
    return out


def ansi_lines(renderable: RenderableType, width: int) -> list[str]:
    """``renderable`` rendered by Rich at ``width`` columns, as lines of ANSI text."""
    buf = io.StringIO()
    console = Console(file=buf, width=max(20, width), force_terminal=True, color_system="256",
                      highlight=False, legacy_windows=False, emoji=False)
    console.print(renderable)
    text = buf.getvalue()
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


class ScreenConsole(Console):
    """The session's console on the full screen: ``print`` adds to the history pane instead of writing."""

    def __init__(self, screen: TableScreen):
        super().__init__(file=io.StringIO(), width=80, highlight=False, force_terminal=False)
        self.table_screen = screen

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", style: Any = None,  # type: ignore[override]
              **kwargs: Any) -> None:
        """Add what the session prints to the history pane instead of the terminal."""
        parts: list[RenderableType] = []
        for obj in objects:
            if isinstance(obj, str):
                text = self.render_str(obj.strip("\n"), highlight=False)
                if style is not None:
                    text.stylize(style)
                parts.append(text)
            else:
                parts.append(obj)
        if not parts:
            return
        if len(parts) > 1 and all(isinstance(p, Text) for p in parts):
            joined = Text(sep).join(p for p in parts if isinstance(p, Text))
            self.table_screen.add_message(joined)
        else:
            for p in parts:
                self.table_screen.add_message(p)

    def clear(self, home: bool = True) -> None:
        """Nothing: the screen is redrawn in place anyway."""
        return None


class ScreenReader:
    """The session's :class:`~canasta.cli.completion.LineReader` on the full screen."""

    interactive = True

    def __init__(self, screen: TableScreen):
        self.screen = screen

    def read(self, prompt: Prompt) -> str:
        """The person's next line, typed in the screen's input field."""
        return self.screen.read(prompt)


class TableScreen:
    """The full-screen application: table, history, a line of keys, and the prompt.

    Args:
        input, output: prompt_toolkit's input and output (tests pass a pipe input and a dummy output);
            default the terminal.
    """

    def __init__(self, input: Input | None = None, output: Output | None = None):
        self.lock = threading.RLock()
        self.view: PlayerView | None = None
        self.info: TableInfo | None = None
        self.entries: list[_Entry] = []
        self.batch = 0
        self.fresh = 0
        """Index of the first entry added since the person's last line (printed after the screen closes)."""
        self.asked: int | None = None
        """The same, once the person has entered a line: what it printed is shown whole if it fits."""
        self.scroll = 0
        """Lines the history is scrolled back from its end."""
        self.prompt: Prompt | None = None
        self.answers: queue.Queue[object] = queue.Queue()
        self.echo: str | None = None
        self.closed = False
        self.finished = False
        self.error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._cache: dict[tuple[int, int, int, bool], list[str]] = {}
        self._table_cache: tuple[tuple[int, int, int, int], list[str]] | None = None
        self._history_height = 10
        self._moves_cache: tuple[tuple[int, int, int], list[str]] | None = None
        self.completer = MoveCompleter()
        self.buffer = Buffer(completer=self.completer, history=InMemoryHistory(), complete_while_typing=False,
                             multiline=False, accept_handler=self._accept)
        self.console = ScreenConsole(self)
        self.reader = ScreenReader(self)
        self.app: Application[None] = Application(
            layout=self._layout(), key_bindings=self._bindings(), full_screen=True, mouse_support=False,
            input=input, output=output, erase_when_done=False)

    # ------------------------------------------------------------ what the session calls (worker thread)

    def show(self, view: PlayerView | None, info: TableInfo, lines: Sequence[str]) -> None:
        """Draw ``view`` (None while the person sits a deal out) and add the log ``lines`` to the history."""
        with self.lock:
            self.view, self.info = view, info
            self._table_cache = None
            self.echo = None  # the line entered was a move: its log line says it
            if lines:
                for line in merge_turns(lines, info.names):
                    who = owner_of(line, info.names)
                    last = self.entries[-1] if self.entries else None
                    if who and last is not None and last.move and last.owner == who:  # the same turn goes on
                        assert isinstance(last.renderable, Text)
                        last.renderable = Text(f"{last.renderable.plain} · {line.partition(': ')[2]}")
                        last.batch = self.batch
                        last.version += 1
                    else:
                        if who == info.names[info.human]:  # the person's turn starts: older moves are dimmed
                            self.batch += 1
                        self.entries.append(_Entry(Text(line), self.batch, move=True, owner=who))
                self.scroll = 0
        self.invalidate()

    def add_message(self, renderable: RenderableType) -> None:
        """Add something the session printed to the history (after the line that asked for it)."""
        with self.lock:
            if self.echo is not None:
                self.entries.append(_Entry(Text(self.echo, style="dim"), self.batch, echo=True))
                self.echo = None
            self.entries.append(_Entry(renderable, self.batch))
            self.scroll = 0
        self.invalidate()

    def read(self, prompt: Prompt) -> str:
        """Show ``prompt`` and wait for the person's line.

        Ctrl-C and Ctrl-D come back as the line ``quit`` at a move prompt (``prompt.legal`` not empty)
        and as an empty line at any other question.

        Raises:
            EOFError: the screen has closed.
        """
        if self.closed:
            raise EOFError
        with self.lock:
            self.prompt = prompt
            self.completer.prompt = prompt
        self.invalidate()
        try:
            answer = self.answers.get()
        finally:
            with self.lock:
                self.prompt = None
            self.invalidate()
        if answer is _CLOSED:
            raise EOFError
        if answer is _QUIT:  # at a move prompt the session's own way out (it may confirm and save); at a
            return "quit" if prompt.legal else ""  # question, an empty answer: the question's default
        assert isinstance(answer, str)
        return answer

    def invalidate(self) -> None:
        """Ask for a redraw (from any thread)."""
        if self.app.is_running:
            try:
                self.app.invalidate()
            except RuntimeError:  # the event loop closed meanwhile: nothing left to draw
                pass

    # ------------------------------------------------------------ running

    def run(self, session: PlaySession, after: Console | None = None) -> bool:
        """Play ``session`` on the screen until it ends; then print the last messages (the final
        scores, the winner, how to resume) to ``after`` (the terminal), where they stay.

        Returns what :meth:`PlaySession.run` returned (False if the screen closed first).
        """
        session.console = self.console
        session.use_reader(self.reader)
        result: list[bool] = []

        def work() -> None:
            try:
                result.append(session.run())
            except BaseException as e:  # shown after the screen closes
                self.error = e
            finally:
                self.finished = True
                loop = self._loop
                if loop is not None and not loop.is_closed():
                    try:
                        loop.call_soon_threadsafe(self._exit)
                    except RuntimeError:  # closed meanwhile
                        pass

        worker = threading.Thread(target=work, name="canasta-play", daemon=True)

        def start() -> None:
            self._loop = asyncio.get_running_loop()
            worker.start()

        try:
            self.app.run(pre_run=start)
        except (KeyboardInterrupt, EOFError):
            pass
        finally:
            self.closed = True
            self.answers.put(_CLOSED)
            worker.join(timeout=5)
        if after is not None:
            for entry in self.entries[self._tail_start():]:
                if not entry.echo:
                    after.print(entry.renderable)
        if self.error is not None:
            raise self.error
        return bool(result and result[0])

    def _exit(self) -> None:
        if self.app.is_running:
            try:
                self.app.exit()
            except Exception:  # already leaving
                pass

    def _tail_start(self) -> int:
        """Where the messages of the end start: the last lines printed after the person's last line."""
        return min(self.fresh, len(self.entries))

    # ------------------------------------------------------------ keys

    def _accept(self, buffer: Buffer) -> bool:
        with self.lock:
            if self.prompt is None:  # the bots are still playing: keep the line until it is asked for
                return True
            text = buffer.text
            self.echo = f"{self.prompt.text}{text}"
            self.fresh = self.asked = len(self.entries)
            self.scroll = 0
            self.prompt = None
        self.answers.put(text)
        return False

    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        empty = Condition(lambda: not self.buffer.text)

        @kb.add("c-c", eager=True)
        @kb.add(Keys.SIGINT)  # a SIGINT from outside (kill -INT) is taken like Ctrl-C
        def _interrupt(event: KeyPressEvent) -> None:
            self.buffer.reset()
            self._quit()

        @kb.add("c-d", filter=empty, eager=True)
        def _eof(event: KeyPressEvent) -> None:
            self._quit()

        @kb.add("pageup")
        def _up(event: KeyPressEvent) -> None:
            with self.lock:
                self.scroll += max(1, self._history_height - 1)

        @kb.add("pagedown")
        def _down(event: KeyPressEvent) -> None:
            with self.lock:
                self.scroll = max(0, self.scroll - max(1, self._history_height - 1))

        return kb

    def _quit(self) -> None:
        if self.finished:
            self._exit()
            return
        with self.lock:
            self.fresh = len(self.entries)
            self.prompt = None
        self.answers.put(_QUIT)

    # ------------------------------------------------------------ layout

    def _layout(self) -> Layout:
        prompt_line = Window(
            BufferControl(self.buffer, input_processors=[BeforeInput(self._prompt_text, style="bold")]),
            height=Dimension(min=1, max=3), dont_extend_height=True, wrap_lines=True)
        keys = Window(FormattedTextControl(self._keys_line), height=1, style="reverse")
        body = DynamicContainer(self._body)
        root = FloatContainer(
            HSplit([body, keys, prompt_line]),
            floats=[Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=8, scroll_offset=1))])
        return Layout(root, focused_element=prompt_line)

    def _prompt_text(self) -> StyleAndTextTuples:
        with self.lock:
            if self.prompt is not None:
                return [("bold", self.prompt.text)]
            if self.finished:
                return [("", "The game is over: press Ctrl-C to leave. ")]
        return [("italic", "(please wait: the others are playing, or the adviser is thinking) ")]

    def _keys_line(self) -> StyleAndTextTuples:
        width = self._size()[0]
        text = f" {COMMANDS_HELP} │ {KEYS_HELP}"
        if len(text) > width:
            text = f" moves · hint · help · quit │ {KEYS_HELP}"
        if len(text) > width:
            text = f" {KEYS_HELP}"
        with self.lock:
            if self.scroll:
                text = f" history: {self.scroll} lines back (PgDn to come back) "
        return [("", text[:width].ljust(width))]

    def _prompt_height(self, width: int) -> int:
        text = "".join(fragment[1] for fragment in self._prompt_text()) + self.buffer.text
        return min(3, len(text) // max(1, width) + 1)

    def _size(self) -> tuple[int, int]:
        app = getattr(self, "app", None)
        if app is None:  # while the application is built
            return 80, 24
        size = app.output.get_size()
        return size.columns, size.rows

    def _body(self) -> AnyContainer:
        width, height = self._size()
        room = max(1, height - 1 - self._prompt_height(width))  # the line of keys and the prompt
        if width >= WIDE:
            table_w = min(TABLE_WIDTH, width // 2)
            hist_w = width - table_w - 1
            table = self._table_lines(table_w, room, room)
            table = table[-room:] + self._moves_lines(table_w, room - len(table) - 1)
            self._history_height = room
            return VSplit([
                Window(FormattedTextControl(self._ansi(table)), width=table_w),
                Window(width=1, char="│", style="fg:ansidarkgray"),
                Window(FormattedTextControl(self._history(hist_w, room)), width=hist_w),
            ])
        table = self._table_lines(width, room - MIN_HISTORY - 1, room - FULL_TABLE_HISTORY - 1)
        fresh = self._fresh_height(width)
        table_h = min(len(table), max(0, room - MIN_HISTORY - 1))
        hist_h = room - table_h - 1
        if fresh > hist_h:  # what the last line asked for (moves, help, scores): room from the table's top
            hist_h = min(fresh, room - 1)
            table_h = max(0, room - hist_h - 1)
        table = table[len(table) - table_h:] if table_h else []
        self._history_height = hist_h
        parts: list[AnyContainer] = []
        if table_h:
            parts.append(Window(FormattedTextControl(self._ansi(table)), height=table_h))
        parts.append(Window(height=1, char="─", style="fg:ansidarkgray"))
        parts.append(Window(FormattedTextControl(self._history(width, hist_h)), height=hist_h))
        return HSplit(parts)

    @staticmethod
    def _ansi(lines: list[str]) -> Callable[[], StyleAndTextTuples]:
        fragments = to_formatted_text(ANSI("\n".join(lines)))
        return lambda: fragments

    def _table_lines(self, width: int, room: int, full_room: int) -> list[str]:
        """The table rendered at ``width``: the full layout if it fits in ``full_room`` lines, else the
        compact one, leaving out its title, then the hand's heading, until it fits in ``room`` lines."""
        with self.lock:
            view, info = self.view, self.info
            key = (id(view), width, room, full_room)
            if self._table_cache is not None and self._table_cache[0] == key:
                return self._table_cache[1]
        if info is None:
            lines = ansi_lines(Text("Dealing...", style="dim"), width)
        elif view is None:
            note = info.note or "You sit out this deal."
            lines = ansi_lines(Text(note, style="bold"), width)
        else:
            lines = ansi_lines(render_table(view, info, compact=False, hint=False), width)
            if len(lines) > full_room:
                for title, headings in ((True, True), (False, True), (False, False)):
                    lines = ansi_lines(render_table(view, info, compact=True, hint=False, title=title,
                                                    headings=headings), width)
                    if len(lines) <= room:
                        break
        with self.lock:
            self._table_cache = (key, lines)
        return lines

    def _moves_lines(self, width: int, room: int) -> list[str]:
        """The legal moves, numbered as ``moves`` numbers them, under the table where they fit in ``room``
        lines (with a blank line before them); else a line saying how many there are."""
        with self.lock:
            prompt = self.prompt
        if prompt is None or not prompt.legal or room < 2:
            return []
        key = (id(prompt), width, room)
        if self._moves_cache is not None and self._moves_cache[0] == key:
            return self._moves_cache[1]
        head = Text("Legal moves (type the number or the move):", style="bold")
        lines = ansi_lines(Group(head, render_moves(list(prompt.legal))), width)
        if len(lines) > room - 1:
            lines = ansi_lines(Text(f"{len(prompt.legal)} legal moves: 'moves' lists them, numbered.",
                                    style="dim"), width)
        lines = [""] + lines
        self._moves_cache = (key, lines)
        return lines

    def _entry_lines(self, index: int, entry: _Entry, width: int) -> list[str]:
        dim = entry.move and entry.batch != self.batch
        key = (index, entry.version, width, dim)
        lines = self._cache.get(key)
        if lines is None:
            renderable = entry.renderable
            if dim and isinstance(renderable, Text):
                renderable = renderable.copy()
                renderable.stylize("dim")
            lines = ansi_lines(renderable, width)
            self._cache[key] = lines
        return lines

    def _fresh_height(self, width: int) -> int:
        """Lines taken by the messages printed since the person's last line."""
        with self.lock:
            if self.asked is None:
                return 0
            entries = list(enumerate(self.entries))[self.asked:]
            return sum(len(self._entry_lines(i, e, width)) for i, e in entries if not e.move)

    def _history(self, width: int, height: int) -> Callable[[], StyleAndTextTuples]:
        with self.lock:
            entries = list(enumerate(self.entries))
            scroll = self.scroll
        lines: list[str] = []
        for i, entry in reversed(entries):  # only as far back as the pane and the scrolling need
            lines[:0] = self._entry_lines(i, entry, width)
            if len(lines) >= height + scroll:
                break
        scroll = min(scroll, max(0, len(lines) - height))
        with self.lock:
            self.scroll = scroll
        end = len(lines) - scroll
        shown = lines[max(0, end - height):end]
        return self._ansi(shown)


def screen_possible() -> bool:
    """Whether the full screen can run here: standard input and output are terminals."""
    return sys.stdin.isatty() and sys.stdout.isatty()
