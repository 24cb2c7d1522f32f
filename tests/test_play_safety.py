"""Terminal play loses nothing: the autosave, ``--resume`` without a file, the question before leaving
(quit, Ctrl-C, Ctrl-D), ``save`` asking before overwriting, commands between deals, save files without the
deck order, ``--resume`` refusing other rules; and the set-up bits (``--version``, the welcome line).

Every test runs with ``CANASTA_DATA_DIR`` in a temporary folder (tests/conftest.py).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from canasta.cli.completion import Prompt, ScriptedReader
from canasta.cli.main import RESUME_LAST, app, resume_without_file, version
from canasta.cli.play import LAST, PlaySession, new_session, run_play
from canasta.formats.savegame import games_dir, last_game, load_game, save_game
from helpers import stacked_deck

Script = Sequence[str | None] | Callable[[Prompt], str | None]
runner = CliRunner()


class InteractiveReader(ScriptedReader):
    """A scripted reader that passes for a person at a terminal (pauses between deals, questions on Ctrl-C)."""

    interactive = True


def lines_of(script: Script) -> Callable[[Prompt], str | None]:
    if callable(script):
        return script
    it = iter(script)
    return lambda p: next(it, None)


def make_session(script: Script, seed: int = 1, interactive: bool = False,
                 options: Sequence[str] = ("target=300",)) -> tuple[PlaySession, io.StringIO]:
    buf = io.StringIO()
    console = Console(file=buf, width=400, color_system=None, highlight=False)
    reader = (InteractiveReader if interactive else ScriptedReader)(lines_of(script), console)
    return new_session("classic", None, seed, "random", options, 1, console, reader), buf


def play_for(n: int, then: Sequence[str | BaseException | None]) -> Callable[[Prompt], str | None]:
    """Strategy: the first legal move for ``n`` reads, then the lines of ``then`` (an exception is raised)."""
    state = {"reads": 0}
    rest = list(then)

    def read(p: Prompt) -> str | None:
        state["reads"] += 1
        if state["reads"] <= n:
            return "1" if p.legal else ""
        item = rest.pop(0) if rest else None
        if isinstance(item, BaseException):
            raise item
        return item

    return read


def moves_of(session: PlaySession) -> list[list[str]]:
    return [list(log.moves) for log in session.game.logs]


# ------------------------------------------------------------------ autosave and resume

def test_the_game_is_autosaved_and_resumed_without_a_file():
    session, buf = make_session(play_for(12, [None]))
    assert session.run() is False
    path = session.autosave_path
    assert path is not None and path.parent == games_dir() and path.exists()
    out = buf.getvalue()
    assert "Input ended: the game is left unfinished." in out
    assert f"The game is saved in {path}: continue it with 'canasta play --resume'." in out
    assert "Leave the game?" not in out  # the end of piped input leaves without a question
    assert last_game() == path
    assert moves_of(load_game(path)) == moves_of(session)

    buf2 = io.StringIO()
    console = Console(file=buf2, width=400, color_system=None, highlight=False)
    resumed: list[PlaySession] = []
    import canasta.cli.play as play

    original = PlaySession.run

    def run(self: PlaySession) -> bool:
        resumed.append(self)
        return original(self)

    play.PlaySession.run = run  # type: ignore[method-assign]
    try:
        run_play(resume=LAST, console=console, reader=ScriptedReader(lambda p: None, console))
    finally:
        play.PlaySession.run = original  # type: ignore[method-assign]
    assert f"Resuming the game saved in {path}" in buf2.getvalue()
    assert resumed and resumed[0].autosave_path == path  # it goes on being saved to the same file
    assert moves_of(resumed[0]) == moves_of(session)


def test_resume_without_a_file_when_nothing_is_saved():
    result = runner.invoke(app, ["play", f"--resume={RESUME_LAST}"])
    assert result.exit_code == 2
    assert "no unfinished game is saved in" in result.output


def test_resume_without_a_file_on_the_command_line():
    assert resume_without_file(["play", "--resume"]) == ["play", f"--resume={RESUME_LAST}"]
    assert resume_without_file(["play", "--resume", "--seed", "3"]) == ["play", f"--resume={RESUME_LAST}",
                                                                         "--seed", "3"]
    assert resume_without_file(["play", "--resume", "g.json"]) == ["play", "--resume", "g.json"]


def test_finished_games_are_not_picked_by_resume():
    session, _ = make_session(lambda p: "1" if p.legal else "")
    assert session.run() is True
    assert session.autosave_path is not None
    assert json.loads(session.autosave_path.read_text())["complete"] is True
    assert last_game() is None


def test_a_dead_end_stops_the_game_and_keeps_it_with_its_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the engine offers the player to act no legal move (an engine error, canasta.play.dead_end) the
    game stops with one line, and is saved with its decks apart from the games to resume; the autosave is kept."""
    import canasta.cli.session as session_mod

    session, buf = make_session(play_for(30, [None]))
    moved: list[int] = []

    def stuck_after_ten(deal: Any) -> str | None:
        moved.append(1)
        return "no legal move for seat 3 (play) in classic: a test" if len(moved) > 10 else None

    monkeypatch.setattr(session_mod, "dead_end", stuck_after_ten)
    assert session.run() is False
    out = buf.getvalue()
    line = next(x for x in out.splitlines() if x.startswith("The game cannot go on:"))
    assert "no legal move for seat 3 (play) in classic: a test." in line
    kept = sorted((games_dir() / "dead-ends").glob("*.json"))
    assert len(kept) == 1 and f"saved in {kept[0]}" in line
    data = json.loads(kept[0].read_text())
    assert data["complete"] is False and all(d["deck"] for d in data["deals"])  # the cards, for the report
    assert moves_of(load_game(kept[0])) == moves_of(session) and sum(map(len, moves_of(session))) == 10
    assert last_game() == session.autosave_path  # --resume picks the autosave, not the report
    assert "Traceback" not in out



def test_canasta_play_exits_with_status_1_after_a_dead_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """``canasta play`` stops with status 1 where the game cannot go on (an engine error, so that a script that
    runs it sees one), and with status 0 where the person leaves."""
    import canasta.cli.session as session_mod

    monkeypatch.setattr(session_mod, "dead_end", lambda deal: "no legal move for seat 2 (draw) in classic: a test")
    stuck = runner.invoke(app, ["play", "--seed", "3", "--plain"], input="")
    assert stuck.exit_code == 1, stuck.output
    assert "The game cannot go on: no legal move for seat 2 (draw) in classic: a test." in stuck.output
    monkeypatch.setattr(session_mod, "dead_end", lambda deal: None)
    left = runner.invoke(app, ["play", "--seed", "3", "--plain"], input="")
    assert left.exit_code == 0, left.output
    assert "Input ended" in left.output


# ------------------------------------------------------------------ saves hide the cards

def test_saves_keep_the_seeds_and_moves_not_the_deck(tmp_path):
    session, _ = make_session(play_for(8, ["save " + str(tmp_path / "mine.json"), None]))
    assert session.run() is False
    for path in (tmp_path / "mine.json", session.autosave_path):
        assert path is not None
        data = json.loads(path.read_text())
        assert all(d["deck"] is None for d in data["deals"])
        assert moves_of(load_game(path)) == moves_of(session)
        assert load_game(path).game.deal.view(0) == session.deal.view(0)  # type: ignore[union-attr]


def test_older_saves_with_decks_still_load(tmp_path):
    session, _ = make_session(play_for(8, [None]))
    assert session.run() is False
    path = tmp_path / "old.json"
    save_game(path, session.game, session.seats)  # decks written, as saves were before
    assert all(d["deck"] for d in json.loads(path.read_text())["deals"])
    assert load_game(path).game.deal.view(0) == session.deal.view(0)  # type: ignore[union-attr]


def test_a_stacked_deck_is_kept():
    session, _ = make_session(["draw", None])
    session.game.dealer = 3
    session.game.new_deal(deck=stacked_deck(session.rules, ["KC KD KH KS AC AD AH 9S 8S 6D 5D"], dealer=3))
    assert session.run() is False
    assert session.autosave_path is not None
    assert json.loads(session.autosave_path.read_text())["deals"][0]["deck"] is not None


# ------------------------------------------------------------------ leaving

def test_quit_answered_no_goes_on_playing():
    session, buf = make_session(["quit", "n", "draw", "quit", "yes"])
    assert session.run() is False
    out = buf.getvalue()
    assert out.count("Leave the game? It is saved and `canasta play --resume` continues it [y/N]") == 2
    assert "Back to the game." in out and "You left the game." in out
    assert "Your move> draw" in out and "draw" in session.game.logs[-1].moves  # the game went on


@pytest.mark.parametrize("signal", [KeyboardInterrupt, EOFError])
def test_ctrl_c_and_ctrl_d_ask_before_leaving(signal):
    session, buf = make_session(play_for(2, [signal(), "n", signal(), "y"]), interactive=True)
    assert session.run() is False
    out = buf.getvalue()
    what = "Interrupted." if signal is KeyboardInterrupt else "Input ended."
    assert out.count(what) == 2
    assert out.count("Leave the game? It is saved") == 2 and "Back to the game." in out
    assert "You left the game." in out and "canasta play --resume" in out
    assert session.autosave_path is not None and session.autosave_path.exists()


def test_ctrl_c_at_the_question_leaves_with_the_game_saved():
    session, buf = make_session(play_for(2, [KeyboardInterrupt(), KeyboardInterrupt()]), interactive=True)
    assert session.run() is False
    out = buf.getvalue()
    assert "You left the game." in out and "The game is saved in" in out


def test_interrupt_when_not_interactive_leaves_saved():
    def strategy(p: Prompt) -> str | None:
        raise KeyboardInterrupt

    session, buf = make_session(strategy)
    assert session.run() is False
    out = buf.getvalue()
    assert "Interrupted: the game is left unfinished" in out and "The game is saved in" in out


def test_unwritable_data_directory_says_how_to_keep_the_game(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CANASTA_DATA_DIR", str(blocker))
    kept = tmp_path / "kept.json"
    session, buf = make_session(["quit", "no", f"save {kept}", "quit", "y"])
    assert session.run() is False
    out = buf.getvalue()
    assert out.count("The game cannot be saved by itself") == 1  # said once, not at every move
    assert "The game is not saved" in out and "'save FILE'" in out
    assert f"Game saved to {kept}" in out and kept.exists()
    assert out.index("The game is not saved") < out.index("You left the game.")
    assert "It is saved and" not in out
    assert f"The game is saved in {kept}" in out  # the last words say where the game is kept


def test_a_failed_save_points_at_the_autosave(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    session, buf = make_session([f"save {tmp_path / 'file' / 'x.json'}", None])
    assert session.run() is False
    out = buf.getvalue()
    assert "cannot write" in out
    assert f"The game is still saved in {session.autosave_path} ('canasta play --resume' continues it)." in out


def test_save_asks_before_overwriting(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("precious")
    session, buf = make_session([f"save {path}", "n", f"save {path}", "y", None])
    assert session.run() is False
    out = buf.getvalue()
    assert f"{path} exists: overwrite it? [y/N]" in out
    assert f"Not saved: {path} is left as it was." in out
    assert json.loads(path.read_text())["format"] == "canasta-record"


# ------------------------------------------------------------------ between deals

def test_commands_between_deals(tmp_path):
    saved = tmp_path / "between.json"
    state = {"pauses": 0}
    answers = [f"save {saved}", "scores", "history", "bogus", "score", ""]
    answers_given = list(answers)

    def strategy(p: Prompt) -> str | None:
        if p.text.startswith("Press Enter"):
            state["pauses"] += 1
            return answers.pop(0) if answers else "quit"
        if p.text.startswith("Leave the game?"):
            return "y"
        return "1" if p.legal else ""

    session, buf = make_session(strategy, interactive=True, options=("target=5000",))
    assert session.run() is False
    out = buf.getvalue()
    assert f"Game saved to {saved}" in out and saved.exists()
    assert "Scores deal by deal" in out and "Deal 1: " in out
    assert "the deal is over: press Enter for the next deal" in out
    assert "Game totals after 1 deal" in out
    assert state["pauses"] == len(answers_given) + 1  # Enter went on to deal 2, whose end asked again
    assert len(session.game.logs) == 2
    assert load_game(saved).game.logs[0].scores == session.game.logs[0].scores


# ------------------------------------------------------------------ command line

def test_resume_refuses_other_rules(tmp_path):
    session, _ = make_session(play_for(4, [None]))
    assert session.run() is False
    path = str(session.autosave_path)
    result = runner.invoke(app, ["play", "--variant", "samba", "--resume", path])
    assert result.exit_code == 2
    assert "the saved game is played with classic(target=300), not samba" in result.output
    assert "\n" not in result.output.strip()  # one line
    same = runner.invoke(app, ["play", "--variant", "classic(target=300)", "--resume", path, "--bots", "random"],
                         input="")
    assert same.exit_code == 0, same.output
    assert "Resuming the game saved in" in same.output


def test_version():
    from canasta.build_info import build_words

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"canasta {version()} ({build_words()})"  # e.g. "(compiled core)"


def test_welcome_line_names_the_bots():
    session, buf = make_session([None])
    session.run()
    out = buf.getvalue()
    assert "You and North (random) against West (random) and East (random); choose others with --bots hard" in out


def test_serve_suggests_the_readme_install(monkeypatch):
    import builtins

    from canasta.cli import serve_cmd

    real_import = builtins.__import__

    def no_web(name: str, *args: object, **kwargs: object) -> object:
        if name.endswith("web.serve") or name == "web.serve":
            raise ImportError("No module named 'starlette'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_web)
    result = runner.invoke(app, ["serve", "--no-browser"])
    assert result.exit_code == 2
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    assert serve_cmd.INSTALL_WEB in result.output and serve_cmd.INSTALL_WEB in readme
