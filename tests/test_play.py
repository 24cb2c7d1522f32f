"""Terminal play (``canasta play``): the game loop driven by scripted input against bots.

The person's lines come from a ScriptedReader: a list of lines or a strategy
that reads the prompt (legal moves, the deal) and returns the next line. Bots
are ``random`` (the default ``heuristic`` is another module's), or small stubs
written here to force a "may I go out?" exchange.
"""

from __future__ import annotations

import inspect
import io
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from rich.console import Console
from typer.testing import CliRunner

from canasta.cli.completion import MoveCompleter, Prompt, ScriptedReader, complete, expand_verb
from canasta.cli.main import app
from canasta.cli.play import PlaySession, bot_specs, build_rules, new_session, run_play
from canasta.engine.deal import PlayerView
from canasta.moves.actions import ASK_ID
from canasta.rules.fields import Rules, RulesError
from helpers import snapshot, stacked_deck

CLASSIC = Rules.preset("classic")
Script = Sequence[str | None] | Callable[[Prompt], str | None]


class FirstAgent:
    """A bot that asks "may I go out?" whenever it may, else plays its first legal move (yes before no)."""

    name = "first"
    needs_view = False

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        return ASK_ID if ASK_ID in legal else legal[0]


def make_session(script: Script, options: Sequence[str] = ("target=300",), seed: int = 1,
                 variant: str = "classic", record: Path | None = None,
                 deck_hands: Sequence[str] | None = None, stock: str | None = None,
                 upcard: str = "7C") -> tuple[PlaySession, io.StringIO]:
    """A session of the person at seat 1 against random bots, with its output buffer.

    ``deck_hands`` stacks the first deal (hands in seat order, the person first to play).
    """
    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system=None, highlight=False)
    lines: Callable[[Prompt], str | None] | list[str]
    if callable(script):
        lines = script
    else:
        it = iter(script)
        lines = lambda p: next(it, None)  # noqa: E731
    session = new_session(variant, None, seed, "random", options, 1, console,
                          ScriptedReader(lines, console), record)
    if deck_hands is not None:
        deck = stacked_deck(session.rules, deck_hands, upcard=upcard, stock=stock, dealer=3)
        session.game.dealer = 3
        session.game.new_deal(deck=deck)
    return session, buf


def first_legal(prompt: Prompt) -> str | None:
    """Strategy: the first legal move (checking the engine's invariants on the way)."""
    if prompt.deal is not None:
        prompt.deal.check_invariants()
    return "1" if prompt.legal else ""


# ------------------------------------------------------------------ whole games

def test_whole_game_against_random_bots():
    session, buf = make_session(first_legal)
    assert session.run() is True
    game = session.game
    assert game.over and game.winner is not None
    out = buf.getvalue()
    assert "Score of the deal" in out and "Game totals" in out
    assert "win" in out
    assert "West (bot): draw" in out and "You: draw - you drew" in out
    # every move went through the game's log
    assert all(log.moves for log in game.logs)
    assert sum(len(log.scores) > 0 for log in game.logs) == len(game.logs)


@pytest.mark.parametrize("variant", ["classic(players=2)", "classic(players=3)",
                                     "classic(players=6,teams=3)"])
def test_whole_game_other_player_counts(variant):
    session, buf = make_session(first_legal, options=("target=200",), variant=variant)
    assert session.run() is True
    out = buf.getvalue()
    assert "Seat 2 (bot)" in out
    assert "(partner)" in out or session.rules.team_size == 1


# ------------------------------------------------------------------ illegal moves

def test_illegal_moves_are_explained_and_change_nothing():
    hand = "7C 2D KC KD KH KS AC AD AH 9S 8S"
    seen: list[dict] = []
    script = ["discard 9S", "take 7C 2D", "bogus words", "meld KX", "42", "meld 9S 8S"]

    def strategy(p: Prompt) -> str | None:
        assert p.deal is not None
        seen.append(snapshot(p.deal))
        return script[len(seen) - 1] if len(seen) <= len(script) else None

    session, buf = make_session(strategy, deck_hands=[hand], upcard="2C 7H")
    assert session.run() is False  # input ended
    assert all(s == seen[0] for s in seen)
    assert session.game.logs[-1].moves == []
    out = buf.getvalue()
    assert "first draw from the stock ('draw') or take the discard pile" in out
    assert "the pile is frozen for everyone: 2C is in the pile: you need a natural pair of sevens" in out
    assert "'bogus' is not a move" in out and "Commands: help, hint, moves" in out
    assert "'KX' is not a card" in out
    assert "1 legal move now: type a number from 1 to 1" in out
    assert "Input ended" in out and "save FILE" in out


def test_meld_of_an_existing_rank_suggests_add():
    hand = "KC KD KH KS AC AD AH 9S 8S 6D 5D"
    session, buf = make_session(["draw", "meld KC KD KH", "meld KS", "add KS", None],
                                deck_hands=[hand], upcard="7H")
    session.run()
    out = buf.getvalue()
    assert "your side already has a meld of kings: add to it with 'add KS'" in out
    assert session.game.logs[-1].moves == ["draw", "meld KC KD KH", "add KS"]


# ------------------------------------------------------------------ commands

def test_help_moves_rules_score_and_numbers():
    hand = "KC KD AC AD AH 9S 8S 6D 5D 4C TC"
    session, buf = make_session(["help", "moves", "rules", "score", "", "2", None],
                                deck_hands=[hand], upcard="KH")
    session.run()
    out = buf.getvalue()
    assert "Cards: rank then suit" in out and "add 2C JK to K" in out
    assert "Legal moves" in out and "1. draw" in out and "2. take KC KD" in out
    assert "Variant: classic(target=300)" in out
    assert "Game totals after 0 deals" in out
    assert session.game.logs[-1].moves == ["take KC KD"]
    assert "You: take KC KD - take the pile of 1 card" in out


def test_save_and_resume_round_trip(tmp_path):
    path = tmp_path / "saved.json"
    count = [0]
    state: dict = {}

    def strategy(p: Prompt) -> str | None:
        count[0] += 1
        if count[0] <= 7:
            return "1"
        if count[0] == 8:
            return f"save {path}"
        assert p.deal is not None
        state["deal"] = snapshot(p.deal)
        return None

    session, buf = make_session(strategy, seed=4)
    assert session.run() is False
    assert f"Game saved to {path}" in buf.getvalue()
    moves = list(session.game.logs[-1].moves)
    assert len(moves) >= 7

    from canasta.formats.savegame import load_game

    saved = load_game(path)
    assert saved.human == 0
    assert saved.game.deal is not None
    assert snapshot(saved.game.deal) == state["deal"]
    assert saved.game.logs[-1].moves == moves

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    run_play(resume=path, console=console, reader=ScriptedReader(first_legal, console))
    text = out.getvalue()
    assert "Resuming the game saved in" in text
    assert "win" in text


def test_quit_asks_first_and_keeps_the_autosave():
    session, buf = make_session(["quit", "y"])
    assert session.run() is False
    out = buf.getvalue()
    assert "Leave the game? It is saved and `canasta play --resume` continues it [y/N]" in out
    assert "You left the game" in out
    assert session.autosave_path is not None and session.autosave_path.exists()


def test_interrupt_exits_cleanly():
    def strategy(p: Prompt) -> str | None:
        raise KeyboardInterrupt

    session, buf = make_session(strategy)
    assert session.run() is False
    assert "Interrupted: the game is left unfinished" in buf.getvalue()


def test_record_is_written_and_replays(tmp_path):
    from canasta.formats.records import load_record, replay_record

    path = tmp_path / "game.json"
    session, _ = make_session(first_legal, record=path, seed=2)
    assert session.run() is True
    result = replay_record(load_record(path))
    assert result.complete and result.winner == session.game.winner
    assert load_record(path)["seats"][0]["kind"] == "human"


# ------------------------------------------------------------------ may I go out?

CANASTA_HAND = "KC KC KD KD KH KH KS 4C 4D 4H 5S"


def test_person_asks_the_bot_partner():
    script = ["draw", "ask", "meld KC KC KD KD KH KH KS", "meld 4C 4D 4H 4S", "discard 5S"]
    session, buf = make_session(script, deck_hands=[CANASTA_HAND], stock="4S")
    session.agents[2] = FirstAgent()
    assert session.run() is True  # the deal's bonuses pass the target of 300
    out = buf.getvalue()
    assert "You ask: may I go out?" in out
    assert "North (bot) answers: yes" in out
    assert "Your partner said yes: you must go out this turn." in out
    assert "you go out concealed!" in out and "You went out concealed." in out
    assert "Your side wins" in out


def test_bot_partner_asks_the_person():
    hands = ["", "", CANASTA_HAND]
    session, buf = make_session(["draw", "discard 8C", "y"], deck_hands=hands, stock="8C 9C 4S")
    session.agents[2] = FirstAgent()
    session.run()
    out = buf.getvalue()
    assert "North (bot) asks: may I go out?" in out
    assert "Your partner North asks: may I go out? (yes/no)" in out
    assert "Answer (yes/no)> y" in out
    assert "You answer: yes" in out
    assert "North went out" in out


# ------------------------------------------------------------------ completion

def test_completion_of_moves_commands_and_cards():
    legal = ["draw", "take KC KD"]
    assert complete("t", legal, []) == ["take KC KD", "take"]
    assert complete("TA", legal, []) == ["take KC KD", "take"]
    assert "moves" in complete("mo", legal, [])
    assert complete("discard 7", [], ["7S", "7D", "KH"]) == ["discard 7D", "discard 7S"]
    assert complete("disc 7", [], ["7S", "KH"]) == ["disc 7S"]
    assert "add KH to" in complete("add KH t", [], ["KH"])
    completer = MoveCompleter()
    completer.prompt = Prompt("> ", legal, ["KC", "KD"])
    got = [c.text for c in completer.get_completions(Document("dr"), CompleteEvent())]
    assert got == ["draw"]


def test_unambiguous_abbreviations_are_expanded():
    assert expand_verb("dr") == "draw" and expand_verb("DISC") == "discard" and expand_verb("mel") == "meld"
    assert expand_verb("d") == "d" and expand_verb("mo") == "moves" and expand_verb("s") == "s"
    assert expand_verb("xyz") == "xyz" and expand_verb("add") == "add"
    hand = "KC KD AC AD AH 9S 8S 6D 5D 4C TC"
    session, buf = make_session(["dr", "disc 9s", None], deck_hands=[hand], upcard="KH")
    session.run()
    assert session.game.logs[-1].moves[:2] == ["draw", "discard 9S"]


# ------------------------------------------------------------------ setup

def test_build_rules_merges_players_and_options():
    r = build_rules("classic(target=3000)", 2, ["stock_end=reshuffle"])
    assert (r.players, r.target, r.stock_end) == (2, 3000, "reshuffle")
    with pytest.raises(RulesError, match="no value"):
        build_rules("classic", None, ["target"])
    with pytest.raises(RulesError, match="unknown variant"):
        build_rules("nosuch", None, [])


def test_bot_specs_one_for_all_or_one_per_other_seat():
    assert bot_specs("random", CLASSIC, 0) == {1: "random", 2: "random", 3: "random"}
    assert bot_specs("a,b,c", CLASSIC, 1) == {2: "a", 3: "b", 0: "c"}
    with pytest.raises(ValueError, match="lists 2 bots"):
        bot_specs("a,b", CLASSIC, 0)
    with pytest.raises(ValueError, match="empty name"):
        bot_specs("a,,b", CLASSIC, 0)


def test_default_bot_is_heuristic():
    assert inspect.signature(run_play).parameters["bots"].default == "heuristic"


# ------------------------------------------------------------------ the command line

runner = CliRunner()


def test_cli_play_reads_piped_input_and_stops_at_its_end():
    result = runner.invoke(app, ["play", "--seed", "1", "--bots", "random"], input="help\nmoves\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your move> help" in out and "Legal moves" in out
    assert "You: draw - you drew" in out
    assert "Input ended" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("args, message", [
    (["--variant", "nosuch"], "unknown variant"),
    (["--bots", "nosuch"], "unknown bot"),
    (["--bots", "random,random"], "--bots lists 2 bots"),
    (["--seat", "5", "--bots", "random"], "--seat must be 1 to 4"),
    (["-o", "target", "--bots", "random"], "has no value"),
    (["--resume", "/nonexistent/saved.json"], "cannot read"),
])
def test_cli_play_refuses_bad_arguments(args, message):
    result = runner.invoke(app, ["play", *args], input="")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ hint and coach

def test_hint_shows_a_legal_move_and_a_reason():
    hand = "KC KD AC AD AH 9S 8S 6D 5D 4C TC"
    session, buf = make_session(["hint", "draw", "hint", None], deck_hands=[hand], upcard="7H")
    session.run()
    out = buf.getvalue()
    hints = [line for line in out.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == 2
    assert hints[0].startswith("Hint: draw - draw from the stock")
    move = hints[1][len("Hint: "):].split(" - ")[0]
    assert move.split()[0] in ("meld", "discard", "add")
    assert session.game.logs[-1].moves[0] == "draw"


def test_coach_warns_before_throwing_a_wild_card_away_and_asks():
    hand = "2C KC KD AC AD 9S 8S 6D 5D 4C TC"
    script = ["draw", "discard 2C", "n", "discard 2C", "y", None]
    session, buf = make_session(script, deck_hands=[hand], upcard="7H")
    session.coach = True
    session.run()
    out = buf.getvalue()
    assert out.count("Coach: 2C is a wild card") == 2
    assert "Move not played." in out
    assert session.game.logs[-1].moves[:2] == ["draw", "discard 2C"]


def test_without_coach_there_is_no_warning():
    hand = "2C KC KD AC AD 9S 8S 6D 5D 4C TC"
    session, buf = make_session(["draw", "discard 2C", None], deck_hands=[hand], upcard="7H")
    session.run()
    assert "Coach:" not in buf.getvalue()
    assert session.game.logs[-1].moves[:2] == ["draw", "discard 2C"]


def test_cli_play_accepts_coach():
    r = CliRunner().invoke(app, ["play", "--coach", "--seed", "1", "--bots", "random"], input="hint\n")
    assert r.exit_code == 0
    assert "Hint: " in r.output


def test_sort_shows_the_hand_by_suit_or_by_rank():
    """Sequence variants show the hand by suit (sequences are of one suit); 'sort' switches, in every variant."""
    session, buf = make_session(["sort", "sort rank", "sort x", None], variant="samba")
    assert session.by_suit
    session.run()
    out = buf.getvalue()
    assert "hearts" in out or "spades" in out or "clubs" in out or "diamonds" in out  # the first screen
    assert "Your hand is shown by rank." in out and "sort by what?" in out
    assert not session.by_suit
    classic, _ = make_session([None])
    assert not classic.by_suit
