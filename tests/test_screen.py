"""The full-screen table of terminal play (canasta.cli.screen), driven through a pipe input.

The application runs in the test's thread as it would at a terminal; the game session runs in the
screen's worker thread; the tests type lines into the pipe once the screen asks for one and look at
what the screen would draw (the rendered panes, sized like an 80x24 or a 200x60 terminal).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from canasta.cli.play import NoReader, new_session
from canasta.cli.screen import TableScreen, merge_turns

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


class SizedOutput(DummyOutput):
    """A dummy output of a given size."""

    def __init__(self, columns: int, rows: int):
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def plain(lines: list[str]) -> str:
    return "\n".join(ANSI_ESCAPE.sub("", line) for line in lines)


def screen_text(screen: TableScreen) -> str:
    """What the screen shows now: the body (table and history), the line of keys and the prompt."""
    body = screen._body()
    texts: list[str] = []
    for window in _windows(body):
        content = window.content
        fragments = content.text() if callable(getattr(content, "text", None)) else []
        texts.append("".join(t for _, t, *_ in fragments))
    texts.append("".join(t for _, t in screen._keys_line()))
    texts.append("".join(t for _, t in screen._prompt_text()))
    return "\n".join(texts)


def _windows(container: object) -> Iterator:
    children = getattr(container, "children", None)
    if children is None:
        yield container
        return
    for child in children:
        yield from _windows(child)


class Driver:
    """Types lines into a running screen once it asks for them."""

    def __init__(self, screen: TableScreen, pipe):
        self.screen = screen
        self.pipe = pipe

    def wait_prompt(self, timeout: float = 60) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.screen.lock:
                if self.screen.prompt is not None:
                    return self.screen.prompt.text
            if self.screen.finished:
                raise AssertionError("the game ended")
            time.sleep(0.01)
        raise AssertionError("no prompt")

    def type(self, text: str) -> None:
        self.wait_prompt()
        self.pipe.send_text(text)

    def line(self, text: str) -> None:
        self.wait_prompt()
        asked = self.screen.prompt
        self.pipe.send_text(text + "\r")
        # wait until the line is taken (this prompt goes away)
        end = time.monotonic() + 30
        while time.monotonic() < end and self.screen.prompt is asked and not self.screen.finished:
            time.sleep(0.01)
        assert self.screen.prompt is not asked or self.screen.finished, "the line was not taken"


@contextmanager
def running(columns: int = 80, rows: int = 24, seed: int = 3, players: int | None = None
            ) -> Iterator[tuple[TableScreen, Driver, dict]]:
    """A game on a screen of ``columns`` x ``rows`` run in a thread; yields the screen and a driver."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=SizedOutput(columns, rows)):
        screen = TableScreen(input=pipe, output=SizedOutput(columns, rows))
        after = Console(width=columns, record=True, color_system=None)
        session = new_session("classic", players, seed, "heuristic", (), 1, Console(), NoReader())
        outcome: dict = {}

        def go() -> None:
            try:
                outcome["result"] = screen.run(session, after=after)
            except BaseException as e:  # noqa: BLE001 - reported by the test
                outcome["error"] = e

        # the application needs the main thread only for signals: run it in a helper thread here
        screen.app.run = _no_signals(screen.app.run)  # type: ignore[method-assign]
        thread = threading.Thread(target=go, daemon=True)
        thread.start()
        try:
            yield screen, Driver(screen, pipe), outcome
        finally:
            if thread.is_alive() and screen._loop is not None:  # close the screen: the game reads EOF
                try:
                    screen._loop.call_soon_threadsafe(screen._exit)
                except RuntimeError:  # the screen closed by itself meanwhile
                    pass
                thread.join(10)
            assert not thread.is_alive()
        outcome["after"] = after.export_text()


def _no_signals(run: Callable) -> Callable:
    def wrapped(*args, **kwargs):
        kwargs["handle_sigint"] = False
        kwargs["set_exception_handler"] = False
        return run(*args, **kwargs)
    return wrapped


def wait_until(check: Callable[[], bool], timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


# ------------------------------------------------------------------ tests

def test_merge_turns_joins_one_players_lines():
    names = ("You", "West", "North", "East")
    lines = ["West (bot): draw", "West (bot): meld 9D 9S JK", "West (bot): discard QC", "North (bot): draw",
             "North (bot) asks: may I go out?", "Deal 1: You dealt; West plays first."]
    assert merge_turns(lines, names) == [
        "West (bot): draw · meld 9D 9S JK · discard QC", "North (bot): draw",
        "North (bot) asks: may I go out?", "Deal 1: You dealt; West plays first."]


def test_screen_starts_shows_table_and_hand_and_accepts_moves():
    with running(80, 24) as (screen, driver, outcome):
        assert driver.wait_prompt() == "Your move> "
        text = screen_text(screen)
        assert "Your hand (11 cards)" in text or "Your hand" in text
        assert "canastas 0 of 1 to go out" in text
        assert "Stock:" in text and "Your move>" in text
        assert "Canasta classic" in text
        # the bots' first moves are on the same screen
        assert "West (bot)" in text and "North (bot)" in text and "East (bot)" in text
        for line in text.split("\n"):
            assert len(line) <= 80
        stock_before = screen.view.stock_size if screen.view else 0
        driver.line("draw")
        driver.wait_prompt()
        wait_until(lambda: screen.view is not None and screen.view.phase == "play")
        assert screen.view is not None and screen.view.stock_size == stock_before - 1
        assert "You: draw" in screen_text(screen)
        # a command prints into the history, after the line that asked for it
        driver.line("moves")
        driver.wait_prompt()
        text = screen_text(screen)
        assert "Your move> moves" in text and "Legal moves" in text
        # an illegal move explains itself, and the table stays
        driver.line("meld KS")
        driver.wait_prompt()
        assert "Your move> meld KS" in screen_text(screen)
        assert "Your hand" in screen_text(screen)


def test_a_whole_turn_redraws_the_table():
    with running(80, 24) as (screen, driver, outcome):
        driver.wait_prompt()
        deal_moves = len(screen.entries)
        driver.line("draw")
        driver.wait_prompt()
        assert screen.view is not None
        card = screen.view.hand[0]
        from canasta.cards.deck import card_str

        driver.line(f"discard {card_str(card)}")
        driver.wait_prompt()
        wait_until(lambda: screen.view is not None and screen.view.phase == "draw")
        assert len(screen.entries) > deal_moves
        assert f"discard {card_str(card)}" in screen_text(screen)


@pytest.mark.parametrize("key", ["\x03", "\x04"])
def test_ctrl_c_and_ctrl_d_ask_the_session_to_quit(key):
    with running(80, 24) as (screen, driver, outcome):
        driver.wait_prompt()
        driver.type(key)
        # the session's quit: it asks before leaving (the game is autosaved)
        wait_until(lambda: screen.prompt is not None and "Leave the game?" in screen.prompt.text)
        driver.type(key)  # a second one at that question is its default answer, no: back to the game
        wait_until(lambda: screen.prompt is not None and "Leave the game?" not in screen.prompt.text)
        assert not screen.finished
        driver.type(key)
        wait_until(lambda: screen.prompt is not None and "Leave the game?" in screen.prompt.text)
        driver.type("y\r")
        wait_until(lambda: screen.finished)
        wait_until(lambda: "after" in outcome or not screen.app.is_running, 10)
    assert outcome.get("result") is False
    assert "error" not in outcome
    assert "You left the game." in outcome["after"]


def test_wide_screen_puts_table_and_history_side_by_side():
    with running(200, 60) as (screen, driver, outcome):
        driver.wait_prompt()
        body = screen._body()
        assert type(body).__name__ == "VSplit"
        text = screen_text(screen)
        assert "Red threes" in text  # the full table of players
        assert "West (bot)" in text
        for line in text.split("\n"):
            assert len(line) <= 200


def test_small_screen_uses_the_compact_table():
    with running(80, 24) as (screen, driver, outcome):
        driver.wait_prompt()
        body = screen._body()
        assert type(body).__name__ == "HSplit"
        text = screen_text(screen)
        assert "Red threes" not in text and "initial meld" in text
        lines = text.split("\n")
        assert len(lines) <= 24 + 2  # windows, separators, keys and prompt


def test_long_output_takes_room_from_the_table_top():
    with running(80, 24) as (screen, driver, outcome):
        driver.wait_prompt()
        driver.line("help")
        driver.wait_prompt()
        text = screen_text(screen)
        assert "quit            leave the game" in text
        assert "Your move>" in text


def test_run_play_takes_the_full_screen_at_a_terminal_unless_plain(monkeypatch, capsys):
    import io
    import sys

    import canasta.cli.screen as screen_module
    from canasta.cli.play import run_play

    ran: list[object] = []

    class FakeScreen:
        def run(self, session, after=None):
            ran.append(session)
            return True

    monkeypatch.setattr(screen_module, "screen_possible", lambda: True)
    monkeypatch.setattr(screen_module, "TableScreen", FakeScreen)
    run_play(seed=1)
    assert len(ran) == 1
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\n"))
    run_play(seed=1, plain=True)  # line by line: reads stdin, then the input ends
    assert len(ran) == 1
    assert "Input ended" in capsys.readouterr().out


def test_typed_ahead_line_waits_for_the_prompt_and_the_wait_is_shown():
    screen = TableScreen(output=SizedOutput(80, 24))
    assert "please wait" in "".join(t for _, t in screen._prompt_text())
    screen.buffer.text = "draw"
    assert screen._accept(screen.buffer) is True  # kept: nothing asked for it yet
    assert screen.answers.empty()


def test_ctrl_c_is_quit_at_a_move_and_the_default_answer_at_a_question():
    from canasta.cli.completion import Prompt

    screen = TableScreen(output=SizedOutput(80, 24))
    screen._quit()  # pressed before the question: it waits for it
    assert screen.read(Prompt("Play it anyway? (y/n) ")) == ""
    screen._quit()
    assert screen.read(Prompt("Your move> ", ["draw"])) == "quit"
    screen.closed = True
    with pytest.raises(EOFError):
        screen.read(Prompt("Your move> ", ["draw"]))


def test_tall_narrow_screen_gets_the_full_table():
    with running(80, 50) as (screen, driver, outcome):
        driver.wait_prompt()
        text = screen_text(screen)
        assert type(screen._body()).__name__ == "HSplit"
        assert "Red threes" in text and "East (bot)" in text


def test_moves_before_the_persons_last_turn_are_dimmed():
    from canasta.cards.deck import card_str

    with running(80, 24) as (screen, driver, outcome):
        driver.wait_prompt()
        first = [e for e in screen.entries if e.move]
        assert first and all(e.batch == screen.batch for e in first)
        driver.line("draw")
        assert screen.view is not None
        driver.line(f"discard {card_str(screen.view.hand[0])}")
        driver.wait_prompt()
        moves = [e for e in screen.entries if e.move]
        mine = next(i for i, e in enumerate(moves) if e.owner == "You")
        assert all(e.batch < screen.batch for e in moves[:mine])
        assert all(e.batch == screen.batch for e in moves[mine:])
        index = screen.entries.index(moves[0])
        assert "\x1b[2m" in "".join(screen._entry_lines(index, moves[0], 80))
