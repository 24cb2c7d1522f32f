"""What the person types during a game in the terminal: a move (a number from ``moves``, a move in full
or shortened), or a command (help, moves, rules, score, scores, history, sort, undo, hint, save, quit);
with ``--coach``, the adviser's warning before a move that throws points away.

Rules: RULES.md §1.4 (a turn), §1.9 (asking the partner "may I go out?").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from canasta.agents.base import observe_all
from canasta.cli.completion import COMMANDS, Prompt, expand_verb
from canasta.cli.display import (
    render_moves,
    render_totals,
)
from canasta.cli.session_history import BeforeMove, HistorySession
from canasta.cli.shortmoves import resolve_line, variant_help
from canasta.engine.deal import P_ANSWER, IllegalMove
from canasta.moves.actions import action_of
from canasta.moves.notation import KIND_NAMES, Move, MoveError
from canasta.rules.fields import Rules

HELP_MOVES = """\
Type a move, a number from 'moves', or a command. Tab completes.
Cards: rank then suit; ranks 2-9 T J Q K A, suits C D H S, JK = joker (KH TS 3D
JK); lower case is fine. A rank alone will do where the suit does not matter
(discard 4, add J, meld K K 2). Verbs may be shortened: dr = draw, disc 9C.
Moves:
  draw            draw from the stock
  take            take the pile, adding its top card to your side's meld
  take KH KS      take the pile with a natural pair (or a natural and a wild)
  meld KH KS 2C   lay down a new meld
  add KH 2C       add cards to your side's meld of that rank
  add 2C JK to K  add only wild cards: name the meld's rank
  discard 7S      discard (ends your turn)"""

HELP_PARTNERS = """\
  ask             ask your partner "may I go out?"; yes / no answer him"""

HELP_COMMANDS = """\
  pass            decline the pile when the stock is gone
Commands:
  moves           the legal moves, numbered: type a number to play one
  rules           the rules in force (minimum counts, what freezes the pile)
  score           the game's totals
  scores          every deal's score: canastas, red threes, going out, ...
  history         this deal's moves, every player's (history 2: deal 2's)
  sort            show your hand by suit or by rank (sort suit, sort rank)
  undo            take back your last meld or add of this turn
  hint            the move the best bot would make now, and why
  save FILE       save a copy (canasta play --resume FILE goes on with it)
  show (Enter)    show the table again
  help            this text
  quit            leave the game (canasta play --resume goes on with it)
The game saves itself as you play; Ctrl-C or Ctrl-D asks whether to leave."""


def help_text(rules: Rules) -> str:
    """The ``help`` command's text for ``rules``: the moves of this variant only (``ask`` where players
    have partners), its grammar in one paragraph (sequences only where it has them, tiles as shown in
    the tile game), the commands. Lines fit 80 columns, but the grammar paragraph, which wraps."""
    parts = [HELP_MOVES]
    if rules.team_size > 1:
        parts.append(HELP_PARTNERS)
    parts.append(HELP_COMMANDS)
    return "\n".join(parts).replace("\nCommands:\n", "\n" + variant_help(rules) + "\nCommands:\n")


HELP = help_text(Rules.preset("classic"))
"""The ``help`` text of classic (:func:`help_text` gives each variant's own)."""


class CommandSession(HistorySession):
    """A session that reads the person's lines: moves (by number, in full or shortened), commands,
    hints and the coach's warnings."""

    def handle(self, line: str, moves: Sequence[Move]) -> bool:
        """Act on one line of the person's; True if a move was applied.

        Numbers pick from the legal moves; commands print things; anything else is
        read as a move. An illegal move prints the engine's explanation and changes nothing.
        """
        words = line.split()
        if words:
            words[0] = expand_verb(words[0])
            line = " ".join(words)
        if not words or words[0] == "show":
            self.render(again=True)
            return False
        verb = words[0]
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(moves):
                count = len(moves)
                self.error(f"{count} legal move{'s' if count != 1 else ''} now: type a number from 1 to {count} "
                           "('moves' lists them)")
                return False
            return self.play_checked(moves[number - 1])
        if verb == "hint":
            self.show_hint()
            return False
        if verb in COMMANDS or verb == "exit":
            self.command(verb, words[1:])
            return False
        if self.deal.phase == P_ANSWER and verb in ("y", "n"):
            line = "yes" if verb == "y" else "no"
        try:  # ranks alone, tiles as shown, verbs checked (shortmoves); may ask which move is meant
            whole = resolve_line(line, self.deal, self.me, lambda text: self.console.print(Text(text)),
                                 lambda question: self.reader.read(Prompt(question)))
            return whole is not None and self.play_checked(whole)
        except IllegalMove as e:
            self.error(str(e))
            self.hint(verb, moves)
            return False

    def command(self, verb: str, args: list[str]) -> None:
        """Run a command: help, moves, rules, save FILE, score, scores, history [N], undo, quit (or exit)."""
        out = self.console
        if verb == "help":
            out.print(Text(help_text(self.rules)))
        elif verb == "moves":
            texts = [str(legal) for legal in self.deal.legal_moves()]
            out.print(Text("Legal moves (type the number or the move):", style="bold"))
            out.print(render_moves(texts))
        elif verb == "rules":
            out.print(Text(self.rules.describe()))
        elif verb == "score":
            out.print(render_totals(self.rules, self.sides, self.game.totals, self._deals_scored()))
        elif verb == "save":
            if len(args) != 1:
                self.error("save needs one file name, e.g. 'save mygame.json'")
                return
            self.save(Path(args[0]))
        elif verb == "scores":
            self.show_scores()
        elif verb == "history":
            self.show_history(args)
        elif verb == "sort":
            self.sort_hand(args)
        elif verb == "undo":
            self.undo()
        elif verb in ("quit", "exit"):
            self.quit()

    def sort_hand(self, args: Sequence[str]) -> None:
        """The ``sort`` command: ``sort suit`` / ``sort rank`` shows the hand so; ``sort`` alone switches."""
        word = args[0].lower() if args else ""
        if word and not ("suit".startswith(word) or "rank".startswith(word)):
            self.error(f"sort by what? 'sort suit' or 'sort rank' ('sort' alone switches), not {word!r}")
            return
        self.by_suit = "suit".startswith(word) if word else not self.by_suit
        self.console.print(f"Your hand is shown by {'suit' if self.by_suit else 'rank'}.")
        self.render(again=True)

    def show_hint(self) -> None:
        """The ``hint`` command: the adviser's move for the person now, a one-line reason and, where it
        searched, the simulated figures (:meth:`ExpertAgent.hint`). The same position of the same game
        always gets the same hint, whether or not hints were asked before."""
        deal = self.deal
        if deal.over or deal.to_act != self.me:
            self.error("a hint is given when it is your turn to move")
            return
        view = deal.view(self.me)
        legal = deal.legal_actions()
        action, reason = self.adviser.hint(view, legal, lambda choice: str(deal.move_for_action_safe(choice)))
        self.console.print(Text(f"Hint: {deal.move_for_action(action)} - {reason}", style="bold cyan"))

    def coach_warning(self, move: Move | str) -> str | None:
        """With ``--coach``: the adviser's warning about the person's ``move``, or None (also for moves
        that are not legal or not readable: the engine explains those)."""
        if not self.coach:
            return None
        try:
            parsed = Move.parse(move) if isinstance(move, str) else move
            action = action_of(parsed)
        except (MoveError, ValueError):
            return None
        deal = self.deal
        legal = deal.legal_actions()
        if action not in legal or deal.to_act != self.me:
            return None
        return self.adviser.warning(deal.view(self.me), legal, action)

    def play_checked(self, move: Move | str) -> bool:
        """Apply the person's move, after the coach's warning and confirmation if there is one.

        Returns True if the move was played. Raises IllegalMove like :meth:`play`.
        """
        warning = self.coach_warning(move)
        if warning is not None:
            self.console.print(Text(f"Coach: {warning}", style="bold yellow"))
            answer = self.reader.read(Prompt("Play it anyway? (y/n) ")).strip().lower()
            if answer not in ("y", "yes"):
                self.console.print("Move not played.")
                return False
        self.play(move)
        return True

    def hint(self, verb: str, moves: Sequence[Move]) -> None:
        """After an illegal move: the legal moves of the same kind, or where to look."""
        if verb in KIND_NAMES:
            same = [str(legal) for legal in moves if KIND_NAMES[legal.kind] == verb]
            if same:
                shown = ", ".join(same[:8]) + (", ..." if len(same) > 8 else "")
                self.console.print(Text(f"Legal now: {shown}", style="dim"))
                return
        else:
            self.console.print(Text(f"Commands: {', '.join(COMMANDS)}.", style="dim"))
        self.console.print(Text("Type 'moves' to list the legal moves.", style="dim"))

    def play(self, move: Move | str) -> None:
        """Apply the person's move (logged in the game). Raises IllegalMove; nothing changes then."""
        before = BeforeMove(self.deal, self.me)
        done = self.game.apply(move)
        observe_all(self._observers, self.deal, self.me, done)
        self.log.append(self.describe(self.me, done, before))
