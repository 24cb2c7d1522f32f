"""``canasta play``: a person plays Canasta in the terminal against computer players.

Three parts with one job each:

* this module drives the game (:class:`PlaySession`): whose turn it is, asking
  the bots (:func:`canasta.agents.make_agent`) for their moves, reading the
  person's lines, applying moves through :meth:`Game.apply` so that they are
  logged, finishing deals, saving;
* :mod:`canasta.cli.display` draws the person's :class:`~canasta.engine.PlayerView`
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

from rich.console import Console
from rich.text import Text

from ..agents import Agent
from ..agents.base import make_seat_agents, observe_all, observers
from ..agents.expert import ExpertAgent
from ..cards import card_str
from ..engine import P_ANSWER, Deal, IllegalMove
from ..game import Game
from ..moves import ASK, DISCARD, DRAW, KIND_NAMES, NO, NOTATION_HELP, TAKE, YES, Move, MoveError, action_of
from ..rules import Rules, RulesError
from ..savegame import SavedGame, SaveError, SeatInfo, load_game, save_game
from .completion import COMMANDS, LineReader, Prompt, expand_verb, terminal_or_stream
from .display import (
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

HELP = f"""\
How to play: type a move in notation, a number from 'moves', or a command. Tab completes.
Cards: rank then suit, ranks 2 3 4 5 6 7 8 9 T J Q K A, suits C D H S, JK = joker (KH TS 3D JK);
lower case is fine. Verbs and commands may be shortened while unambiguous: dr = draw, disc 9C.
Moves:
  draw                 draw from the stock
  take                 take the pile, adding its top card to your side's meld of that rank
  take KH KS           take the pile with a natural pair (or a natural and a wild card)
  meld KH KS KD 2C     lay down a new meld
  add KH 2C            add cards to your side's meld of that rank
  add 2C JK to K       add only wild cards: name the meld's rank
  discard 7S           discard (ends your turn)
  ask                  ask your partner "may I go out?"; yes / no answer your partner
  pass                 decline the pile when the stock is gone
  ({NOTATION_HELP})
Commands:
  moves                list the legal moves, numbered: type a number to play one
  rules                the rules in force (minimum counts, what freezes the pile, ...)
  score                the game's totals
  hint                 the move the best bot would make now, and why
  save FILE            save the game; resume with: canasta play --resume FILE
  show (or Enter)      show the table again
  help                 this text
  quit                 leave the game (you are offered to save it)"""

DEFAULT_BOT = "heuristic"
ADVISER_ITERATIONS = 120
"""Rollouts per searched decision of the adviser behind ``hint`` and ``--coach`` (deterministic)."""


class QuitGame(Exception):
    """The person typed 'quit'."""


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
    """

    def __init__(self, game: Game, human: int, agents: dict[int, Agent], console: Console,
                 reader: LineReader, seats: list[SeatInfo], record: Path | None = None,
                 coach: bool = False, adviser_seed: int | None = None):
        rules = game.rules
        if set(agents) != set(range(rules.players)) - {human}:
            raise ValueError("agents must cover every seat but the person's")
        self.game = game
        self.rules = rules
        self.human = human
        self.agents = agents
        self.console = console
        self.reader = reader
        self.seats = seats
        self.record = record
        self.names = seat_names(rules, human)
        self.sides = side_names(rules, self.names)
        self.log: list[str] = []
        self.shown: list[str] = []
        self.saved: tuple[Path, int] | None = None
        self.coach = coach
        self.adviser = ExpertAgent(adviser_seed, iterations=ADVISER_ITERATIONS)

    @property
    def _observers(self) -> list[tuple[int, Callable[..., None]]]:
        """The bots and the adviser (at the person's seat) that follow the deal's public events."""
        watchers: dict[int, Agent] = dict(self.deal_agents)
        if self.me >= 0:
            watchers[self.me] = self.adviser
        return observers(watchers)

    # Seats of the deal being played. Where a player sits out (5 players, §3.1, canasta.sitout) the deal's
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
            self._intro()
            self._loop()
        except QuitGame:
            self.console.print("You left the game.")
            self._leave_hint()
            return False
        except (EOFError, KeyboardInterrupt) as e:
            what = "Interrupted" if isinstance(e, KeyboardInterrupt) else "Input ended"
            self.console.print(f"\n{what}: the game is left unfinished.")
            self._leave_hint()
            return False
        return True

    def _moves_played(self) -> int:
        return sum(len(log.moves) for log in self.game.logs) + len(self.game.logs)

    def _leave_hint(self) -> None:
        if self.saved is not None and self.saved[1] == self._moves_played():
            self.console.print(f"The game is saved in {self.saved[0]}: resume it with "
                               f"'canasta play --resume {self.saved[0]}'.")
        else:
            self.console.print("To keep a game for later, type 'save FILE' while playing and resume it "
                               "with 'canasta play --resume FILE'.")
        if self.record is not None:
            self.console.print(f"The record in {self.record} holds the deals finished so far.")

    def _intro(self) -> None:
        rules = self.rules
        me = rules.side_of(self.human)
        partners = [self.names[s] for s in self.agents if rules.side_of(s) == me]
        others = [self.names[s] for s in self.agents if rules.side_of(s) != me]
        text = f"Canasta {rules.spec()}, game to {rules.target}. You play seat {self.human + 1}"
        if partners:
            text += f" with {' & '.join(partners)} as partner{'s' if len(partners) > 1 else ''}"
        text += f" against {', '.join(others)}. "
        kinds = {self.agents[s].name for s in self.agents}
        if len(kinds) == 1:
            text += f"Bots: {kinds.pop()}."
        else:
            text += "Bots: " + ", ".join(f"{self.names[s]} {self.agents[s].name}" for s in sorted(self.agents)) + "."
        self.console.print(Text(text, style="bold"))
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
        try:
            return self.play_checked(line)
        except IllegalMove as e:
            self.error(str(e))
            self.hint(verb, moves)
            return False

    def command(self, verb: str, args: list[str]) -> None:
        """Run a command: help, moves, rules, save FILE, score, quit (or exit)."""
        out = self.console
        if verb == "help":
            out.print(Text(HELP))
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
        elif verb in ("quit", "exit"):
            self.quit()

    def save(self, path: Path) -> bool:
        """Save the game to ``path``; print the outcome. Returns True if saved."""
        try:
            save_game(path, self.game, self.seats)
        except SaveError as e:
            self.error(str(e))
            return False
        self.console.print(f"Game saved to {path}. Resume it with: canasta play --resume {path}")
        self.saved = (path, self._moves_played())
        return True

    def quit(self) -> None:
        """Offer to save, then leave (raises QuitGame)."""
        try:
            name = self.reader.read(Prompt("Save the game first? Type a file name, or press Enter "
                                           "to leave without saving: ")).strip()
        except EOFError:
            name = ""
        if name and name.lower() not in ("n", "no"):  # "no" answers the question, it is not a file name
            self.save(Path(name))
        raise QuitGame

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
            info = TableInfo(self.deal_names, max(self.me, 0), len(self.game.logs), (), self._sitting_out_note())
            screen.show(self.deal.view(self.me) if self.me >= 0 else None, info, () if again else self.shown)
            return
        if self.reader.interactive and self.console.is_terminal:
            self.console.clear()
        if self.me < 0:  # sitting this deal out (5 players): the public log only
            self.console.print(log_text(self.shown))
            return
        info = TableInfo(self.deal_names, self.me, len(self.game.logs), tuple(self.shown),
                         self._sitting_out_note())
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
        scores = self.game.finish_deal()
        self.console.print(render_deal_scores(self.sides, scores, self.game.totals, self.rules))
        self.write_record()
        if not self.game.over and self.reader.interactive:
            self.reader.read(Prompt("Press Enter for the next deal... "))

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
                coach: bool = False) -> PlaySession:
    """A session for a new game: the person at ``seat`` (1-based), bots elsewhere.

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
                       adviser_seed=seed)


def resumed_session(saved: SavedGame, seat: int, bots: str, seed: int | None, console: Console,
                    reader: LineReader, record: Path | None = None, coach: bool = False) -> PlaySession:
    """A session continuing a saved game: the person at the saved human seat (else ``seat``), the saved bots.

    Seats saved without a bot spec get ``bots`` (one spec). Raises ValueError: bad seat or bot.
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
                       adviser_seed=seed if seed is not None else saved.game.seed)


def run_play(variant: str = "classic", players: int | None = None, seed: int | None = None,
             bots: str = DEFAULT_BOT, record: Path | None = None, resume: Path | None = None,
             options: Sequence[str] = (), seat: int = 1, coach: bool = False, plain: bool = False, *,
             console: Console | None = None, reader: LineReader | None = None) -> None:
    """The ``canasta play`` command: set up the game (new or resumed) and play it.

    Args:
        variant: variant string (``classic(players=2)``); players: sets players=;
        seed: seed of the shuffles and the bots; bots: one bot spec or one per other seat;
        record: write the game record there after every deal; resume: a saved game to continue;
        options: extra "NAME=VALUE" rule options; seat: the person's seat, 1-based;
        coach: warn before a move that throws points away.
        plain: line by line even at a terminal (screen readers); else a terminal gets the full-screen
            table (:mod:`canasta.cli.screen`) and anything else (pipes, tests) plain lines.
        console, reader: where to draw and read (tests); default the terminal, or stdin/stdout.

    User errors (bad variant, bot, seat, unreadable saved game) go to :func:`canasta.cli.main.fail`
    (message, exit status 2).
    """
    from .main import fail
    from .screen import TableScreen, screen_possible

    full_screen = not plain and console is None and reader is None and screen_possible()
    console = console or Console(highlight=False)
    reader = reader or (_NoReader() if full_screen else terminal_or_stream(console))
    try:
        if resume is not None:
            saved = load_game(resume)
            if saved.game.over:
                console.print(f"The game saved in {resume} is already over.")
                sides = side_names(saved.game.rules, seat_names(saved.game.rules, saved.human or 0))
                console.print(render_totals(saved.game.rules, sides, saved.game.totals,
                                            len(saved.game.logs)))
                return
            session = resumed_session(saved, seat, bots, seed, console, reader, record, coach=coach)
            session.log.append(f"Resuming the game saved in {resume}.")
        else:
            session = new_session(variant, players, seed, bots, options, seat, console, reader, record,
                                  coach=coach)
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
        session.reader = terminal_or_stream(console)
    session.run()


class _NoReader:
    """Stands for the full screen's reader while the session is set up (nothing is read then)."""

    interactive = True

    def read(self, prompt: Prompt) -> str:
        raise EOFError
