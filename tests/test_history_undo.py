"""Terminal play: the story of a deal (``history``, ``scores``, the hands shown at the end of a deal) and
``undo`` of melds made this turn before the discard (docs/play.md, "Undo").

Sessions are driven by a ScriptedReader as in tests/test_play.py: the person at seat 1 against random bots.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence

from rich.console import Console

from canasta.cards.deck import card_str
from canasta.cli.completion import Prompt, ScriptedReader
from canasta.cli.play import PlaySession, new_session
from canasta.cli.session_history import deal_history
from canasta.engine.deal import PlayerView
from canasta.moves.notation import Move
from helpers import stacked_deck

Script = Sequence[str | None] | Callable[[Prompt], str | None]
HAND = "KC KD KH KS AC AD AH 9S 8S 6D 5D"


def make_session(script: Script, seed: int = 1, undo: bool = True, deck_hands: Sequence[str] | None = None,
                 upcard: str = "7H", options: Sequence[str] = ("target=300",)) -> tuple[PlaySession, io.StringIO]:
    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system=None, highlight=False)
    if callable(script):
        lines = script
    else:
        it = iter(script)
        lines = lambda p: next(it, None)  # noqa: E731
    session = new_session("classic", None, seed, "random", options, 1, console, ScriptedReader(lines, console),
                          undo=undo)
    if deck_hands is not None:
        session.game.dealer = 3
        session.game.new_deal(deck=stacked_deck(session.rules, deck_hands, upcard=upcard, dealer=3))
    return session, buf


def first_legal(prompt: Prompt) -> str | None:
    return "1" if prompt.legal else ""


def takes_piles(prompt: Prompt) -> str | None:
    """Strategy: take the pile whenever it may, else the first legal move."""
    takes = [i for i, m in enumerate(prompt.legal, 1) if m.startswith("take")]
    return str(takes[0]) if takes else first_legal(prompt)


class Recorder:
    """A bot that plays its first legal move and remembers every public event it is shown since the deal began."""

    name = "recorder"
    needs_view = False

    def __init__(self) -> None:
        self.events: list[str] = []

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        return legal[0]

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        if move is None:
            self.events = []
        else:
            self.events.append(str(move))


# ------------------------------------------------------------------ undo

def test_undo_takes_back_the_last_meld_and_the_bots_forget_it():
    session, buf = make_session(["draw", "meld AC AD AH", "meld KC KD KH", "undo", None], deck_hands=[HAND])
    recorders = {s: Recorder() for s in (1, 2, 3)}
    session.agents.update(recorders)
    assert session.run() is False
    log = session.game.logs[-1]
    assert log.moves == ["draw", "meld AC AD AH"]
    deal = session.deal
    hand = deal.view(0).hand
    assert sorted(card_str(c) for c in hand if card_str(c).startswith("K")) == ["KC", "KD", "KH", "KS"]
    assert all(r.events == log.moves for r in recorders.values())
    assert "You took back: meld KC KD KH" in buf.getvalue()
    # the rebuilt deal is the deal replayed without the meld
    fresh = session.game.replay_deal()
    assert fresh.view(0) == deal.view(0)


def test_undo_twice_then_nothing_left_to_undo():
    session, buf = make_session(["draw", "meld AC AD AH", "meld KC KD KH", "undo", "undo", "undo", None],
                                deck_hands=[HAND])
    assert session.run() is False
    assert session.game.logs[-1].moves == ["draw"]
    out = buf.getvalue()
    assert "nothing was melded this turn" in out and "a draw or a taken pile cannot be taken back" in out
    assert sum(1 for c in session.deal.view(0).hand if card_str(c).startswith(("A", "K"))) == 7


def test_undo_refused_after_the_discard():
    session, buf = make_session(["draw", "meld AC AD AH", "discard 9S", "undo", None],
                                deck_hands=[HAND])
    session.agents.update({s: Recorder() for s in (1, 2, 3)})
    assert session.run() is False
    log = session.game.logs[-1]
    assert "meld AC AD AH" in log.moves and "discard 9S" in log.moves
    assert "nothing was melded this turn" in buf.getvalue()


def test_undo_can_be_refused_by_the_table():
    session, buf = make_session(["draw", "meld AC AD AH", "undo", None], deck_hands=[HAND], undo=False)
    assert session.run() is False
    assert session.game.logs[-1].moves == ["draw", "meld AC AD AH"]
    assert "this table does not allow undo" in buf.getvalue()


def test_undo_is_saved():
    session, _ = make_session(["draw", "meld AC AD AH", "meld KC KD KH", "undo", None], deck_hands=[HAND])
    assert session.run() is False
    assert session.autosave_path is not None
    saved = json.loads(session.autosave_path.read_text())
    assert saved["deals"][-1]["moves"] == ["draw", "meld AC AD AH"]
    assert saved["deals"][-1]["deck"] is not None  # a stacked deck is not its seed's shuffle: it is kept


# ------------------------------------------------------------------ history, scores, reveal

def test_history_lists_every_move_with_the_piles_taken():
    session, buf = make_session(takes_piles, seed=4)
    assert session.run() is True
    game = session.game
    takes = 0
    for index, log in enumerate(game.logs):
        lines = deal_history(game, index, session.names, 0)
        assert len(lines) == len(log.moves)
        for line, move in zip(lines, log.moves, strict=True):
            assert f": {move}" in line
            if move.startswith("take"):
                takes += 1
                assert "took the pile of" in line
        assert any("You: draw - drew " in line for line in lines)
    assert takes > 0  # the seed gives piles taken, so that their cards are shown


def test_history_and_scores_commands():
    session, buf = make_session(["draw", "history", "scores", "history 2", None], deck_hands=[HAND])
    assert session.run() is False
    out = buf.getvalue()
    assert "Deal 1: 1 move" in out and "  1. You: draw - drew " in out
    assert "No deal has been scored yet." in out
    assert "history takes a deal number from 1 to 1" in out


def test_reveal_and_scores_at_the_end_of_deals():
    session, buf = make_session(first_legal, seed=2)
    assert session.run() is True
    out = buf.getvalue()
    first_reveal = out.index("Cards left in the hands:")
    assert first_reveal < out.index("Score of the deal")
    assert "  West: " in out and "  You: " in out
    buf.truncate(0)
    buf.seek(0)
    session.show_scores()
    table = buf.getvalue()
    assert "Scores deal by deal" in table
    for header in ("Canastas", "Red 3s", "Out", "Melds", "Hand", "Deal", "Game"):
        assert header in table
    for total in session.game.totals:
        assert str(total) in table
    assert len(session.game.logs) >= 1
