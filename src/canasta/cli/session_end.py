"""The end of a deal and of the game in the terminal: who went out, the hands left, the deal's scores
and the totals, the pause between deals (a few commands allowed), the record file, the winner.

Rules: RULES.md §1.11 (scoring a deal), §1.12 (the game to the target).
"""

from __future__ import annotations

from rich.text import Text

from canasta.cli.completion import Prompt, expand_verb
from canasta.cli.display import (
    render_deal_scores,
    render_totals,
)
from canasta.cli.session_commands import CommandSession
from canasta.formats.savegame import (
    SaveError,
    save_game,
)


class EndOfDealSession(CommandSession):
    """A session that ends deals and the game: the deal's scores, the pause between deals, the record,
    the winner."""

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
        self.console.print(render_deal_scores(self.sides, scores, self.game.totals, self.rules,
                                              self._deals_scored()))
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
                           + ", ".join(command for command in self.BETWEEN_DEALS if command != "exit"))

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
        leaders = [side for side, total in enumerate(totals) if total == best]
        if len(leaders) > 1:
            text = "The game is shared by " + " and ".join(self.sides[side] for side in leaders) + f" at {best}."
        else:
            winner = game.winner if game.winner is not None else leaders[0]
            mine = self.rules.side_of(self.human) == winner
            text = (("You win" if self.rules.team_size == 1 else "Your side wins") if mine
                    else f"{self.sides[winner]} {'win' if self.rules.team_size > 1 else 'wins'}")
            text += f" the game with {totals[winner]} points."
        self.console.print(Text(text, style="bold green"))
        self.write_record()
