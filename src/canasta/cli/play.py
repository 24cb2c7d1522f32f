"""``canasta play``: a person plays Canasta in the terminal against computer players.

Three parts with one job each:

* this module drives the game (:class:`PlaySession`): whose turn it is, asking
  the bots (:func:`canasta.agents.make_agent`) for their moves, reading the
  person's lines, applying moves through :meth:`Game.apply` so that they are
  logged, finishing deals, saving;
* :mod:`canasta.cli.display` draws the person's :class:`~canasta.engine.deal.PlayerView`
  (and only that) with Rich;
* :mod:`canasta.cli.completion` reads lines (prompt_toolkit at a terminal, plain
  lines otherwise, scripted lines in tests).

An adviser (the ``expert`` player with :data:`ADVISER_ITERATIONS` rollouts per
decision) follows the deal from the person's seat, seeing only what that seat
sees: ``hint`` shows the move with the best simulated average and why (the
wording: :func:`canasta.agents.expert.advice_text`), and with ``--coach`` it
warns before a move that throws points away (a discard the next player can
take the pile with, a wild card thrown away, a pile worth taking left behind)
and asks whether to play it anyway.

Rules: RULES.md §1.4 (a turn), §1.9 (asking the partner "may I go out?"),
§1.11-§1.12 (scoring each deal, the game to the target), §3.1 (player counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from canasta.agents import Agent
from canasta.agents.expert import ExpertAgent
from canasta.agents.protocol import observe_all, observers
from canasta.agents.registry import agent_names, make_seat_agents
from canasta.cards.deck import card_str
from canasta.cli.completion import COMMANDS, LineReader, Prompt, expand_verb, terminal_or_stream
from canasta.cli.display import (
    TableInfo,
    log_text,
    plural,
    render_deal_scores,
    render_moves,
    render_totals,
    render_view,
    seat_names,
    side_names,
)
from canasta.cli.shortmoves import resolve_line, variant_help
from canasta.engine.deal import P_ANSWER, Deal, IllegalMove
from canasta.engine.game import DealLog, Game
from canasta.formats.savegame import (
    SavedGame,
    SaveError,
    SeatInfo,
    games_dir,
    last_game,
    load_game,
    new_autosave_path,
    save_game,
)
from canasta.moves.notation import (
    ADD,
    ASK,
    DISCARD,
    DRAW,
    KIND_NAMES,
    MELD,
    NO,
    TAKE,
    YES,
    Move,
    MoveError,
    action_of,
)
from canasta.rules.fields import Rules, RulesError

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

DEFAULT_BOT = "heuristic"
ADVISER_ITERATIONS = 120
"""Rollouts per searched decision of the adviser behind ``hint`` and ``--coach`` (deterministic)."""


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

    def __init__(self, session: PlaySession, reader: LineReader):
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


class PlaySession:
    """One person against bots: plays deals until the game ends or the person leaves.

    Args:
        game: the game (new, or resumed with a deal in progress).
        human: the person's seat (0-based).
        agents: a bot for every other seat.
        console: where the screen is drawn.
        reader: where the person's lines come from.
        seats: who plays each seat, for saved records.
        record: write the game record here after every deal and at the end (or None).
        coach: warn before a move that throws points away (and ask to confirm it).
        adviser_seed: seed of the adviser's searches (hints are reproducible for a given seed).
        autosave: the file the game is saved to as it is played (None: not saved by itself).
        undo: the table allows ``undo`` (taking back melds of the current turn, before the discard).
    """

    def __init__(self, game: Game, human: int, agents: dict[int, Agent], console: Console,
                 reader: LineReader, seats: list[SeatInfo], record: Path | None = None,
                 coach: bool = False, adviser_seed: int | None = None, autosave: Path | None = None,
                 undo: bool = True):
        rules = game.rules
        if set(agents) != set(range(rules.players)) - {human}:
            raise ValueError("agents must cover every seat but the person's")
        self.game = game
        self.rules = rules
        self.human = human
        self.agents = agents
        self.console = console
        self.raw_reader = reader
        self.reader: LineReader = _GuardedReader(self, reader)
        self.seats = seats
        self.record = record
        self.names = seat_names(rules, human)
        self.sides = side_names(rules, self.names)
        self.log: list[str] = []
        self.shown: list[str] = []
        self.saved: tuple[Path, int] | None = None
        self.coach = coach
        self.adviser = ExpertAgent(adviser_seed, iterations=ADVISER_ITERATIONS)
        self.autosave_path = autosave
        self.autosave_error: str | None = None
        self.autosaved = -1
        self.undo_allowed = undo
        self.by_suit = rules.sequences  # sequences are of one suit: their variants show the hand by suit

    @property
    def _observers(self) -> list[tuple[int, Callable[..., None]]]:
        """The bots and the adviser (at the person's seat) that follow the deal's public events."""
        watchers: dict[int, Agent] = dict(self.deal_agents)
        if self.me >= 0:
            watchers[self.me] = self.adviser
        return observers(watchers)

    # Seats of the deal being played. Where a player sits out (5 players, §3.1, canasta.engine.seating) the deal's
    # seats are not the table's: the deal seat of table seat t is game.seating.deal_seat(t).

    @property
    def me(self) -> int:
        """The person's seat in the current deal, or -1 while he sits it out."""
        return self.game.seating.deal_seat(self.human)

    @property
    def deal_names(self) -> tuple[str, ...]:
        """The names of the current deal's seats."""
        return tuple(self.names[t] for t in self.game.seating.seats)

    @property
    def deal_agents(self) -> dict[int, Agent]:
        """The bots of the current deal, by deal seat (none for the player sitting out)."""
        return {d: self.agents[t] for d, t in enumerate(self.game.seating.seats) if t != self.human}

    def _sitting_out_note(self) -> str:
        """Who sits this deal out (5 players), or ''."""
        out = self.game.seating.sitting_out
        if out < 0:
            return ""
        if out == self.human:
            return "You sit out this deal: the others play it, and you may not advise."
        return f"{self.names[out]} sits out this deal (and may not advise)."

    def use_reader(self, reader: LineReader) -> None:
        """Read the person's lines from ``reader`` from now on (the full screen's, once it runs), through the
        same guard: autosave before every read, Ctrl-C / Ctrl-D asking before leaving."""
        self.raw_reader = reader
        self.reader = _GuardedReader(self, reader)

    # ------------------------------------------------------------ game loop

    @property
    def deal(self) -> Deal:
        """The deal being played. Raises RuntimeError before the first deal."""
        if self.game.deal is None:
            raise RuntimeError("no deal yet")
        return self.game.deal

    def run(self) -> bool:
        """Play until the game ends (True) or the person leaves (False); never raises for EOF or Ctrl-C."""
        try:
            self.autosave()
            self._intro()
            self._loop()
        except QuitGame as e:
            self.autosave()
            self.console.print(str(e) or "You left the game.")
            self._leave_hint()
            return False
        except (EOFError, KeyboardInterrupt) as e:
            self.autosave()
            what = "Interrupted" if isinstance(e, KeyboardInterrupt) else "Input ended"
            self.console.print(f"\n{what}: the game is left unfinished.")
            self._leave_hint()
            return False
        self.autosave()
        return True

    def _moves_played(self) -> int:
        return sum(len(log.moves) for log in self.game.logs) + len(self.game.logs)

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

    def _intro(self) -> None:
        rules = self.rules
        text = f"Canasta {rules.spec()}, game to {rules.target}. You play seat {self.human + 1}."
        self.console.print(Text(text, style="bold"))
        self.console.print(welcome_line(rules, self.human, self.names, self.agents))
        if getattr(self.reader, "screen", None) is None:  # the full screen has a line of keys for this
            self.console.print("Type 'help' for how to play, 'moves' for the legal moves, 'hint' for advice; "
                               "Tab completes.")
        if self.coach:
            self.console.print("Coach is on: you are warned before a move that throws points away.")

    def _catch_up(self) -> None:
        """For a game resumed in the middle of a deal: replay that deal's logged moves to the bots and the
        adviser (``observe``), so that their card memory is what it would be had they followed it all."""
        deal = self.game.deal
        if deal is None or deal.over or not self.game.logs:
            return
        log = self.game.logs[-1]
        replay = Deal(self.rules, log.dealer, list(self.game.totals), seed=log.seed, deck=list(log.deck))
        obs = self._observers
        observe_all(obs, replay, -1, None)
        for text in log.moves:
            seat = replay.to_act
            observe_all(obs, replay, seat, replay.apply(text))

    def _loop(self) -> None:
        self._catch_up()
        game = self.game
        while True:
            deal = game.deal
            if deal is not None and deal.over and not game.logs[-1].scores:
                self.end_of_deal()
                continue
            if game.over:
                break
            if deal is None or deal.over:
                deal = game.new_deal()
                observe_all(self._observers, deal, -1, None)
                first = "You play" if deal.turn == self.me else f"{self.deal_names[deal.turn]} plays"
                self.log.append(f"Deal {len(game.logs)}: {self.deal_names[deal.dealer]} dealt; {first} first.")
                if self._sitting_out_note():
                    self.log.append(self._sitting_out_note())
                    if self.me < 0:
                        self.console.print(Text(self._sitting_out_note(), style="bold"))
            live = getattr(self.reader, "screen", None) is not None  # the full screen shows every move at once
            while not deal.over:
                self.step()
                if live and not deal.over:
                    self.render()
        self.announce_winner()

    def step(self) -> None:
        """Let the seat to act make one move (the person may first type commands)."""
        seat = self.deal.to_act
        if seat == self.me:
            self.human_move()
        else:
            self.bot_move(seat)

    def bot_move(self, seat: int) -> None:
        """Ask the bot of ``seat`` for a move and apply it."""
        deal = self.deal
        agent = self.deal_agents[seat]
        view = deal.view(seat) if agent.needs_view else None
        action = agent.select(view, deal.legal_actions())
        before = _Before(deal, seat)
        move = self.game.apply_action(action)
        observe_all(self._observers, deal, seat, move)
        self.log.append(self.describe(seat, move, before))

    def human_move(self) -> None:
        """Show the table and read lines until the person makes a legal move."""
        self.render()
        while True:
            deal = self.deal
            moves = deal.legal_moves()
            text = "Answer (yes/no)> " if deal.phase == P_ANSWER else "Your move> "
            hand = sorted(set(deal.view(self.me).hand))
            prompt = Prompt(text, [str(m) for m in moves], [card_str(c) for c in hand], deal)
            line = self.reader.read(prompt).strip()
            if self.handle(line, moves):
                return

    # ------------------------------------------------------------- commands

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
            k = int(line)
            if not 1 <= k <= len(moves):
                n = len(moves)
                self.error(f"{n} legal move{'s' if n != 1 else ''} now: type a number from 1 to {n} "
                           "('moves' lists them)")
                return False
            return self.play_checked(moves[k - 1])
        if verb == "hint":
            self.show_hint()
            return False
        if verb in COMMANDS or verb == "exit":
            self.command(verb, words[1:])
            return False
        if self.deal.phase == P_ANSWER and verb in ("y", "n"):
            line = "yes" if verb == "y" else "no"
        try:  # ranks alone, tiles as shown, verbs checked (shortmoves); may ask which move is meant
            whole = resolve_line(line, self.deal, self.me, lambda t: self.console.print(Text(t)),
                                 lambda t: self.reader.read(Prompt(t)))
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
            texts = [str(m) for m in self.deal.legal_moves()]
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

    # ------------------------------------------------------------- saving and leaving

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

    def sort_hand(self, args: Sequence[str]) -> None:
        """The ``sort`` command: ``sort suit`` / ``sort rank`` shows the hand so; ``sort`` alone switches."""
        word = args[0].lower() if args else ""
        if word and not ("suit".startswith(word) or "rank".startswith(word)):
            self.error(f"sort by what? 'sort suit' or 'sort rank' ('sort' alone switches), not {word!r}")
            return
        self.by_suit = "suit".startswith(word) if word else not self.by_suit
        self.console.print(f"Your hand is shown by {'suit' if self.by_suit else 'rank'}.")
        self.render(again=True)

    # ------------------------------------------------------------- the story of a deal

    def show_scores(self) -> None:
        """The ``scores`` command: every scored deal, each side's breakdown, deal total and game total."""
        logs = [log for log in self.game.logs if log.scores]
        if not logs:
            self.console.print("No deal has been scored yet.")
            return
        self.console.print(render_score_history(self.sides, self.game.logs, self.rules.target))

    def show_history(self, args: Sequence[str] = ()) -> None:
        """The ``history`` command: the moves of the current (or last) deal, or of deal ``args[0]``."""
        logs = self.game.logs
        if not logs:
            self.console.print("No deal has been played yet.")
            return
        index = len(logs) - 1
        if args:
            if not args[0].isdigit() or not 1 <= int(args[0]) <= len(logs):
                self.error(f"history takes a deal number from 1 to {len(logs)}")
                return
            index = int(args[0]) - 1
            if self.rules.sitting_out and index != len(logs) - 1:
                self.error("with players sitting out, history shows the current deal only")
                return
        lines = deal_history(self.game, index, self.deal_names, self.me)
        title = f"Deal {index + 1}: {plural(len(logs[index].moves), 'move')}"
        self.console.print(Text(title, style="bold"))
        self.console.print(Text("\n".join(lines) if lines else "No move yet."))

    def reveal(self) -> None:
        """At the end of a deal: the cards left in every player's hand."""
        deal = self.deal
        self.console.print(Text("Cards left in the hands:", style="bold"))
        for seat, name in enumerate(self.deal_names):
            cards = deal.view(seat).hand
            who = "You" if seat == self.me else name
            shown = " ".join(_cards(sorted(cards))) if cards else "(none)"
            self.console.print(Text(f"  {who}: {shown}"))

    def undo(self) -> None:
        """The ``undo`` command: take back the person's last meld (or add) of this turn, before the discard.

        The deal is rebuilt from its start with the logged moves but the undone one, and the bots and
        the adviser follow the rebuilt deal again from its start, so that none remembers the meld.
        """
        if not self.undo_allowed:
            self.error("this table does not allow undo (canasta play --no-undo)")
            return
        deal = self.game.deal
        log = self.game.logs[-1] if self.game.logs else None
        if deal is None or log is None or deal.over or deal.to_act != self.me:
            self.error("undo takes back a meld of yours during your turn, before your discard")
            return
        last = Move.parse(log.moves[-1]) if log.moves else None
        if last is None or last.kind not in (MELD, ADD):
            if last is not None and last.kind in (DRAW, TAKE):
                self.error("nothing was melded this turn: there is nothing to undo (a draw or a taken pile "
                           "cannot be taken back)")
            else:
                self.error("nothing was melded this turn: there is nothing to undo")
            return
        moves = log.moves[:-1]
        rebuilt = self.game.replay_deal(moves=[])
        obs = self._observers
        observe_all(obs, rebuilt, -1, None)
        for text in moves:
            seat = rebuilt.to_act
            observe_all(obs, rebuilt, seat, rebuilt.apply(text))
        self.game.take_back(moves, rebuilt)
        self.log.append(f"You took back: {last}")
        self.autosave()
        self.render()

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
        action, reason = self.adviser.hint(view, legal, lambda a: str(deal.move_for_action_safe(a)))
        self.console.print(Text(f"Hint: {deal.move_for_action(action)} - {reason}", style="bold cyan"))

    def coach_warning(self, move: Move | str) -> str | None:
        """With ``--coach``: the adviser's warning about the person's ``move``, or None (also for moves
        that are not legal or not readable: the engine explains those)."""
        if not self.coach:
            return None
        try:
            m = Move.parse(move) if isinstance(move, str) else move
            action = action_of(m)
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
            same = [str(m) for m in moves if KIND_NAMES[m.kind] == verb]
            if same:
                shown = ", ".join(same[:8]) + (", ..." if len(same) > 8 else "")
                self.console.print(Text(f"Legal now: {shown}", style="dim"))
                return
        else:
            self.console.print(Text(f"Commands: {', '.join(COMMANDS)}.", style="dim"))
        self.console.print(Text("Type 'moves' to list the legal moves.", style="dim"))

    def error(self, message: str) -> None:
        """Print a message about something the person typed."""
        self.console.print(Text(message, style="bold red"))

    # ------------------------------------------------------------- moves

    def play(self, move: Move | str) -> None:
        """Apply the person's move (logged in the game). Raises IllegalMove; nothing changes then."""
        before = _Before(self.deal, self.me)
        done = self.game.apply(move)
        observe_all(self._observers, self.deal, self.me, done)
        self.log.append(self.describe(self.me, done, before))

    def who(self, seat: int) -> str:
        """Name of deal seat ``seat`` in the log: "You" or "West (bot)"."""
        return "You" if seat == self.me else f"{self.deal_names[seat]} (bot)"

    def describe(self, seat: int, move: Move, before: _Before) -> str:
        """A log line for ``move`` just made by ``seat``: the move and what it visibly did."""
        deal = self.deal
        name = self.who(seat)
        me = seat == self.me
        kind = move.kind
        if kind == ASK:
            text = f"{name} {'ask' if me else 'asks'}: may I go out?"
        elif kind in (YES, NO):
            text = f"{name} {'answer' if me else 'answers'}: {KIND_NAMES[kind]}"
        else:
            text = f"{name}: {move}"
        extra: list[str] = []
        if kind == DRAW and me:
            drawn = _added(before.hand, deal.view(seat).hand)
            if drawn:
                extra.append("you drew " + " ".join(_cards(drawn)))
        if kind == TAKE:
            extra.append(f"{'take' if me else 'takes'} the pile of {plural(before.pile, 'card')}")
        reds = deal.view(seat).red_threes[seat][before.reds:]
        if reds:
            extra.append(("lay out " if me else "lays out ") + " ".join(_cards(reds)))
        if deal.over:
            if deal.out_seat == seat:
                how = " concealed" if deal.concealed else ""
                extra.append(("you go out" if me else "goes out") + how + "!")
            elif deal.out_seat < 0 and kind != DISCARD:
                extra.append("the deal ends")
        if extra:
            text += " - " + "; ".join(extra)
        return text

    # ------------------------------------------------------------- screen

    def render(self, again: bool = False) -> None:
        """Draw the person's view; the log since the last drawing is shown once (``again`` repeats it)."""
        if not again:
            self.shown = self.log
            self.log = []
        screen = getattr(self.reader, "screen", None)
        if screen is not None:  # the full-screen table (cli/screen.py): redrawn in place
            info = TableInfo(self.deal_names, max(self.me, 0), len(self.game.logs), (), self._sitting_out_note(),
                             by_suit=self.by_suit)
            screen.show(self.deal.view(self.me) if self.me >= 0 else None, info, () if again else self.shown)
            return
        if self.reader.interactive and self.console.is_terminal:
            self.console.clear()
        if self.me < 0:  # sitting this deal out (5 players): the public log only
            self.console.print(log_text(self.shown))
            return
        info = TableInfo(self.deal_names, self.me, len(self.game.logs), tuple(self.shown),
                         self._sitting_out_note(), by_suit=self.by_suit)
        self.console.print(render_view(self.deal.view(self.me), info))

    def _deals_scored(self) -> int:
        return sum(1 for log in self.game.logs if log.scores)

    def end_of_deal(self) -> None:
        """Show the last moves and the deal's scores, add them to the totals, write the record, pause."""
        deal = self.deal
        self.render()
        if deal.out_seat >= 0:
            how = " concealed" if deal.concealed else ""
            self.console.print(Text(f"{self.deal_names[deal.out_seat]} went out{how}.", style="bold"))
        else:
            self.console.print(Text("Nobody went out: the stock ran out.", style="bold"))
        self.reveal()
        scores = self.game.finish_deal()
        self.console.print(render_deal_scores(self.sides, scores, self.game.totals, self.rules))
        self.write_record()
        self.autosave()
        if not self.game.over and self.reader.interactive:
            self.between_deals()

    BETWEEN_DEALS = ("save", "score", "scores", "history", "help", "rules", "quit", "exit")
    """Commands read at the pause between deals."""

    def between_deals(self) -> None:
        """The pause between deals: Enter goes on; save FILE, score, scores, history, quit are commands."""
        while True:
            line = self.reader.read(Prompt("Press Enter for the next deal (or: scores, history, save FILE, "
                                           "quit)... ")).strip()
            words = line.split()
            if not words:
                return
            verb = expand_verb(words[0])
            if verb in self.BETWEEN_DEALS:
                self.command(verb, words[1:])
            else:
                self.error("the deal is over: press Enter for the next deal, or type one of "
                           + ", ".join(c for c in self.BETWEEN_DEALS if c != "exit"))

    def write_record(self) -> None:
        """Write the record to the --record file, if any; a failure is reported, not raised."""
        if self.record is None:
            return
        try:
            save_game(self.record, self.game, self.seats)
        except SaveError as e:
            self.error(f"the record was not written: {e}")

    def announce_winner(self) -> None:
        """Print the final totals and the winner."""
        game = self.game
        totals = game.totals
        self.console.print(render_totals(self.rules, self.sides, totals, self._deals_scored()))
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        if len(leaders) > 1:
            text = "The game is shared by " + " and ".join(self.sides[i] for i in leaders) + f" at {best}."
        else:
            w = game.winner if game.winner is not None else leaders[0]
            mine = self.rules.side_of(self.human) == w
            text = (("You win" if self.rules.team_size == 1 else "Your side wins") if mine
                    else f"{self.sides[w]} {'win' if self.rules.team_size > 1 else 'wins'}")
            text += f" the game with {totals[w]} points."
        self.console.print(Text(text, style="bold green"))
        self.write_record()


class _Before:
    """What a log line compares against: the mover's hand, red threes laid out and the pile size."""

    def __init__(self, deal: Deal, seat: int):
        view = deal.view(seat)
        self.hand = view.hand
        self.reds = len(view.red_threes[seat])
        self.pile = view.pile_size


def _added(before: Sequence[int], after: Sequence[int]) -> list[int]:
    rest = list(before)
    out = []
    for c in after:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return out


def _cards(cards: Sequence[int]) -> list[str]:
    return [card_str(c) for c in cards]


def deal_history(game: Game, index: int, names: Sequence[str], me: int) -> list[str]:
    """The moves of deal ``index`` of ``game``, one numbered line each, in order: who made it, the move,
    the cards taken with each pile, the red threes laid out and, for ``me`` (a deal seat, -1 for none),
    the cards drawn. Rebuilt from the deal's start (:meth:`Game.replay_deal`), so it shows only what
    the table saw (and ``me``'s own draws)."""
    log = game.logs[index]
    deal = game.replay_deal(index, moves=[])
    lines = []
    for k, text in enumerate(log.moves, 1):
        seat = deal.to_act
        who = "You" if seat == me else names[seat]
        pile = list(deal.pile)
        before = _Before(deal, seat)
        move = deal.apply(text)
        extra = []
        if move.kind == TAKE:
            extra.append(f"took the pile of {plural(len(pile), 'card')}: " + " ".join(_cards(pile)))
        if move.kind == DRAW and seat == me:
            drawn = _added(before.hand, deal.view(seat).hand)
            if drawn:
                extra.append("drew " + " ".join(_cards(drawn)))
        reds = deal.view(seat).red_threes[seat][before.reds:]
        if reds:
            extra.append("laid out " + " ".join(_cards(reds)))
        if deal.over and deal.out_seat == seat:
            extra.append("went out" + (" concealed" if deal.concealed else ""))
        lines.append(f"{k:3}. {who}: {move}" + (" - " + "; ".join(extra) if extra else ""))
    return lines


_OUT_KEYS = ("going_out", "concealed")
_OTHER_KEYS = ("premiums", "black_threes", "penalties")


def render_score_history(sides: Sequence[str], logs: Sequence[DealLog], target: int) -> Table:
    """Every scored deal, one row per side: canasta bonuses, red threes, going out, melded cards, cards
    left in hand, other items (premiums, black threes, penalties; where any), the deal's total and the game's.

    The items are those of :class:`~canasta.scoring.deal_score.SideScore` breakdowns (``scoring.BREAKDOWN_ITEMS``)."""
    table = Table(title=f"Scores deal by deal (game to {target})", header_style="bold", title_style="bold",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    scored = [log for log in logs if log.scores]
    others = any(b.get(k, 0) for log in scored for b in log.breakdowns for k in _OTHER_KEYS)
    columns = ["#", "Side", "Canastas", "Red 3s", "Out", "Melds", "Hand"] + (["Other"] if others else [])
    for name in columns + ["Deal", "Game"]:
        table.add_column(name, justify="left" if name == "Side" else "right")
    totals = [0] * len(sides)
    for number, log in enumerate(logs, 1):
        if not log.scores:
            continue
        for side, name in enumerate(sides):
            b = log.breakdowns[side] if side < len(log.breakdowns) else {}
            totals[side] += log.scores[side]
            other = sum(b.get(k, 0) for k in _OTHER_KEYS)
            cells = [str(number) if side == 0 else "", name, str(b.get("canastas", 0)),
                     str(b.get("red_threes", 0)), str(sum(b.get(k, 0) for k in _OUT_KEYS)),
                     str(b.get("melded_cards", 0)), str(b.get("hand_cards", 0))] + ([str(other)] if others else [])
            table.add_row(*cells, Text(str(log.scores[side]), style="bold"), str(totals[side]),
                          end_section=side == len(sides) - 1)
    return table


BOT_LEVELS = ("random", "easy", "medium", "heuristic", "hard", "expert")
"""The bots from weakest to strongest, as the welcome line lists them (``heuristic`` is ``medium``'s first name)."""


def welcome_line(rules: Rules, human: int, names: Sequence[str], agents: dict[int, Agent]) -> str:
    """Who plays against whom, with each bot's level, and how to choose others: "You and North (medium)
    against West (medium) and East (medium); choose others with --bots hard"."""
    me = rules.side_of(human)

    def who(seats: list[int]) -> str:
        named = [f"{names[s]} ({agents[s].name})" for s in seats]
        return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)

    partners = [s for s in sorted(agents) if rules.side_of(s) == me]
    others = [s for s in sorted(agents) if rules.side_of(s) != me]
    text = ("You and " + who(partners) if partners else "You") + " against " + who(others)
    known = agent_names()
    order = [n for n in BOT_LEVELS if n in known] + [n for n in known if n not in BOT_LEVELS]
    return f"{text}; choose others with --bots hard (bots: {', '.join(order)})."


# ------------------------------------------------------------------ setup

def build_rules(variant: str, players: int | None, options: Sequence[str]) -> Rules:
    """The rules of ``variant`` with ``options`` ("NAME=VALUE") and ``players`` merged in.

    Raises:
        RulesError: bad variant string, unknown option or value, impossible combination.
    """
    base = Rules.parse(variant)
    opts = dict(base.options)
    for text in options:
        if "=" not in text:
            raise RulesError(f"option '{text}' has no value: write NAME=VALUE, e.g. target=3000")
        k, v = text.split("=", 1)
        opts[k.strip().lower().replace("-", "_")] = v.strip()
    if players is not None:
        opts["players"] = str(players)
    return Rules.preset(base.name, **opts)


def bot_specs(bots: str, rules: Rules, human: int) -> dict[int, str]:
    """The bot spec of every seat but ``human``'s: one spec for all, or one per seat in order of play
    from the person's left (seats human+1, human+2, ...).

    Raises:
        ValueError: empty spec, or a list whose length is neither 1 nor players - 1.
    """
    specs = [s.strip() for s in bots.split(",")]
    others = [(human + k) % rules.players for k in range(1, rules.players)]
    if any(not s for s in specs):
        raise ValueError(f"--bots '{bots}' has an empty name; write e.g. heuristic, "
                         "or random,heuristic,random")
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise ValueError(f"--bots lists {len(specs)} bots; give one for every other seat or exactly "
                         f"{len(others)} (one per other seat, in order of play from your left)")
    return dict(zip(others, specs, strict=True))


def new_session(variant: str, players: int | None, seed: int | None, bots: str, options: Sequence[str],
                seat: int, console: Console, reader: LineReader, record: Path | None = None,
                coach: bool = False, undo: bool = True, autosave: bool = True) -> PlaySession:
    """A session for a new game: the person at ``seat`` (1-based), bots elsewhere.

    With ``autosave`` the game is saved as it is played to a new file of
    :func:`canasta.formats.savegame.games_dir`; ``undo`` allows the ``undo`` command.

    Raises:
        RulesError: bad variant or option. ValueError: bad seat or bot list.
    """
    rules = build_rules(variant, players, options)
    if not 1 <= seat <= rules.players:
        raise ValueError(f"--seat must be 1 to {rules.players} for {rules.players} players, not {seat}")
    human = seat - 1
    specs = bot_specs(bots, rules, human)
    agents = make_seat_agents(specs, seed)
    names = seat_names(rules, human)
    seats = [SeatInfo(names[s], "human", None) if s == human else SeatInfo(names[s], "bot", specs[s])
             for s in range(rules.players)]
    return PlaySession(Game(rules, seed=seed), human, agents, console, reader, seats, record, coach=coach,
                       adviser_seed=seed, autosave=new_autosave_path(seed) if autosave else None, undo=undo)


def resumed_session(saved: SavedGame, seat: int, bots: str, seed: int | None, console: Console,
                    reader: LineReader, record: Path | None = None, coach: bool = False,
                    undo: bool = True, autosave: Path | None = None) -> PlaySession:
    """A session continuing a saved game: the person at the saved human seat (else ``seat``), the saved bots.

    Seats saved without a bot spec get ``bots`` (one spec). The game goes on being saved to
    ``autosave`` (None: not saved by itself). Raises ValueError: bad seat or bot.
    """
    rules = saved.game.rules
    human = saved.human if saved.human is not None else seat - 1
    if not 0 <= human < rules.players:
        raise ValueError(f"--seat must be 1 to {rules.players}, not {seat}")
    fallback = bot_specs(bots, rules, human)
    specs = {s: (saved.seats[s].bot or fallback[s]) for s in fallback}
    agents = make_seat_agents(specs, seed if seed is not None else saved.game.seed)
    names = seat_names(rules, human)
    seats = [SeatInfo(names[s], "human", None) if s == human else SeatInfo(names[s], "bot", specs[s])
             for s in range(rules.players)]
    return PlaySession(saved.game, human, agents, console, reader, seats, record, coach=coach,
                       adviser_seed=seed if seed is not None else saved.game.seed, autosave=autosave, undo=undo)


LAST = Path("")
"""``resume=LAST`` (``canasta play --resume`` without a file): the last unfinished autosaved game."""


def _contradiction(saved: SavedGame, variant: str | None, players: int | None, options: Sequence[str]) -> str | None:
    """Why ``--variant``/``--players``/``--option`` contradict the resumed game's rules, or None."""
    if variant is None and players is None and not options:
        return None
    rules = saved.game.rules
    try:
        asked = build_rules(variant or rules.spec(), players, options)
    except RulesError as e:
        return str(e)
    if asked.spec() == rules.spec():
        return None
    return (f"the saved game is played with {rules.spec()}, not {asked.spec()}: leave out --variant, --players "
            "and --option to resume it (a resumed game keeps its rules)")


def run_play(variant: str | None = None, players: int | None = None, seed: int | None = None,
             bots: str = DEFAULT_BOT, record: Path | None = None, resume: Path | None = None,
             options: Sequence[str] = (), seat: int = 1, coach: bool = False, undo: bool = True,
             plain: bool = False, *,
             console: Console | None = None, reader: LineReader | None = None) -> None:
    """The ``canasta play`` command: set up the game (new or resumed) and play it.

    Args:
        variant: variant string (``classic(players=2)``); players: sets players=;
        seed: seed of the shuffles and the bots; bots: one bot spec or one per other seat;
        record: write the game record there after every deal; resume: a saved game to continue
        (:data:`LAST`: the last unfinished game autosaved); a variant, players or options that
        contradict the saved game's rules are refused;
        options: extra "NAME=VALUE" rule options; seat: the person's seat, 1-based;
        coach: warn before a move that throws points away; undo: the table allows ``undo``.
        plain: line by line even at a terminal (screen readers); else a terminal gets the full-screen
            table (:mod:`canasta.cli.screen`) and anything else (pipes, tests) plain lines.
        console, reader: where to draw and read (tests); default the terminal, or stdin/stdout.

    User errors (bad variant, bot, seat, unreadable saved game) go to :func:`canasta.cli.main.fail`
    (message, exit status 2).
    """
    from canasta.cli.main import fail
    from canasta.cli.screen import TableScreen, screen_possible

    full_screen = not plain and console is None and reader is None and screen_possible()
    console = console or Console(highlight=False)
    reader = reader or (NoReader() if full_screen else terminal_or_stream(console))
    try:
        if resume is not None:
            if resume == LAST:
                found = last_game()
                if found is None:
                    fail(f"no unfinished game is saved in {games_dir()}: start one with 'canasta play'")
                    return
                resume = found
            saved = load_game(resume)
            problem = _contradiction(saved, variant, players, options)
            if problem is not None:
                fail(problem)
                return
            if saved.game.over:
                console.print(f"The game saved in {resume} is already over.")
                sides = side_names(saved.game.rules, seat_names(saved.game.rules, saved.human or 0))
                console.print(render_totals(saved.game.rules, sides, saved.game.totals,
                                            len(saved.game.logs)))
                return
            in_games = resume.resolve().parent == games_dir().resolve()
            autosave = resume if in_games else new_autosave_path(saved.game.seed)
            session = resumed_session(saved, seat, bots, seed, console, reader, record, coach=coach, undo=undo,
                                      autosave=autosave)
            session.log.append(f"Resuming the game saved in {resume}.")
        else:
            session = new_session(variant or "classic", players, seed, bots, options, seat, console, reader,
                                  record, coach=coach, undo=undo)
    except (RulesError, ValueError, SaveError) as e:
        fail(str(e))
        return
    if full_screen:
        try:
            screen = TableScreen()
        except Exception:  # prompt_toolkit cannot drive this terminal: the plain lines
            screen = None
        if screen is not None:
            screen.run(session, after=console)
            return
        session.use_reader(terminal_or_stream(console))
    session.run()


class NoReader:
    """Stands for the full screen's reader while the session is set up (nothing is read then)."""

    interactive = True

    def read(self, prompt: Prompt) -> str:
        raise EOFError
