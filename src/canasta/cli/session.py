"""The turn loop of a game in the terminal (:class:`PlaySession`): deals one after the other, the seat
to act moves (the bots' turns here, the person's read by :mod:`canasta.cli.session_commands`), until the
game ends or the person leaves.

A session is built in layers, each in its own module and each on the one before:
:mod:`~canasta.cli.session_state` (the state, drawing the table), :mod:`~canasta.cli.session_saving`
(autosave, save, leaving), :mod:`~canasta.cli.session_history` (log lines, history, scores, undo),
:mod:`~canasta.cli.session_commands` (what the person types, hints, the coach),
:mod:`~canasta.cli.session_end` (end of a deal and of the game), and this one.

Rules: RULES.md §1.4 (a turn), §1.12 (the game to the target), §3.1 (player counts, sitting out).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.text import Text

from canasta.agents import Agent
from canasta.agents.base import agent_names, observe_all
from canasta.cards.deck import card_str
from canasta.cli.completion import Prompt
from canasta.cli.display_american import game_length
from canasta.cli.session_end import EndOfDealSession
from canasta.cli.session_history import BeforeMove
from canasta.cli.session_saving import QuitGame
from canasta.engine.deal import P_ANSWER, Deal
from canasta.formats.savegame import SaveError, games_dir, save_game
from canasta.play.dead_end import DeadEnd, dead_end
from canasta.rules.fields import Rules


class PlaySession(EndOfDealSession):
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

    def run(self) -> bool:
        """Play until the game ends (True) or the person leaves (False; also where the game cannot go on, which
        is reported and saved, :meth:`_report_dead_end`, and kept in ``dead_end_report``); never raises for EOF or
        Ctrl-C."""
        try:
            self.autosave()
            self._intro()
            self._loop()
        except QuitGame as e:
            self.autosave()
            self.console.print(str(e) or "You left the game.")
            self._leave_hint()
            return False
        except DeadEnd as e:
            self.autosave()
            self.dead_end_report = str(e)
            self._report_dead_end(str(e))
            return False
        except (EOFError, KeyboardInterrupt) as e:
            self.autosave()
            what = "Interrupted" if isinstance(e, KeyboardInterrupt) else "Input ended"
            self.console.print(f"\n{what}: the game is left unfinished.")
            self._leave_hint()
            return False
        self.autosave()
        return True

    def _report_dead_end(self, why: str) -> None:
        """The game cannot go on (:mod:`canasta.play.dead_end`): say so in one line, and save the game with its
        cards (the decks that the autosave hides) in ``games_dir()/dead-ends`` so that it can be reported and
        the position seen again with ``canasta play --resume FILE``."""
        path = games_dir() / "dead-ends" / f"{time.strftime('%Y%m%d-%H%M%S')}-{self.game.seed}.json"
        try:
            save_game(path, self.game, self.seats)
            kept = f"The game, with its cards, is saved in {path} (see it again with 'canasta play --resume {path}')."
        except SaveError as e:
            kept = f"The game could not be saved for the report: {e}."
        self.console.print(Text(f"The game cannot go on: {why}. {kept}", style="bold red"))

    def _intro(self) -> None:
        rules = self.rules
        text = f"Canasta {rules.spec()}, {game_length(rules)}. You play seat {self.human + 1}."
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
        replay = Deal(self.rules, log.dealer, list(self.game.totals), seed=log.seed, deck=list(log.deck),
                      deal_number=len(self.game.logs) - 1)
        watchers = self._observers
        observe_all(watchers, replay, -1, None)
        for text in log.moves:
            seat = replay.to_act
            observe_all(watchers, replay, seat, replay.apply(text))

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
        """Let the seat to act make one move (the person may first type commands).

        Raises:
            DeadEnd: the seat to act has no legal move (an error of the engine, :mod:`canasta.play.dead_end`);
                :meth:`run` reports it and saves the game.
        """
        why = dead_end(self.deal)
        if why is not None:
            raise DeadEnd(why)
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
        before = BeforeMove(deal, seat)
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
            prompt = Prompt(text, [str(legal) for legal in moves], [card_str(card) for card in hand], deal)
            line = self.reader.read(prompt).strip()
            if self.handle(line, moves):
                return


BOT_LEVELS = ("beginner", "casual", "club", "expert", "learned", "random", "easy", "medium", "heuristic", "hard")
"""The bots as the welcome line lists them: the levels named for the player, weakest first, then the bots under
their first names (``beginner`` is ``easy``, ``casual`` is ``medium`` (also ``heuristic``), ``club`` is ``hard``);
``learned`` is the neural network trained to play like ``hard``."""


def welcome_line(rules: Rules, human: int, names: Sequence[str], agents: dict[int, Agent]) -> str:
    """Who plays against whom, with each bot's level, and how to choose others: "You and North (medium)
    against West (medium) and East (medium); choose others with --bots hard"."""
    me = rules.side_of(human)

    def who(seats: list[int]) -> str:
        named = [f"{names[seat]} ({agents[seat].name})" for seat in seats]
        return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)

    partners = [seat for seat in sorted(agents) if rules.side_of(seat) == me]
    others = [seat for seat in sorted(agents) if rules.side_of(seat) != me]
    text = ("You and " + who(partners) if partners else "You") + " against " + who(others)
    known = agent_names()
    order = [name for name in BOT_LEVELS if name in known] + [name for name in known if name not in BOT_LEVELS]
    return f"{text}; choose others with --bots hard (bots: {', '.join(order)})."
