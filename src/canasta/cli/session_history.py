"""The story of a deal in the terminal: each move's log line (what it visibly did), the ``history`` of
a deal's moves, the ``scores`` deal by deal, the hands shown at the end of a deal, and ``undo``.

Rules: RULES.md §1.4 (a turn: a meld may be taken back before the discard at tables that allow it),
§1.11 (the items of a deal's score).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from canasta.agents.base import observe_all
from canasta.cards.deck import card_str
from canasta.cli.display import (
    plural,
)
from canasta.cli.session_saving import SavingSession
from canasta.engine.deal import Deal
from canasta.engine.game import DealLog, Game
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
)
from canasta.rules.describe import red_threes_label


class HistorySession(SavingSession):
    """A session that tells the story of a deal: each move's log line, the ``scores`` and ``history``
    commands, the hands at the end of a deal, and ``undo`` (taking back a meld of this turn)."""

    def describe(self, seat: int, move: Move, before: BeforeMove) -> str:
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
            drawn = cards_added(before.hand, deal.view(seat).hand)
            if drawn:
                extra.append("you drew " + " ".join(card_names(drawn)))
        if kind == TAKE:
            extra.append(f"{'take' if me else 'takes'} the pile of {plural(before.pile, 'card')}")
        reds = deal.view(seat).red_threes[seat][before.reds:]
        if reds:
            extra.append(("lay out " if me else "lays out ") + " ".join(card_names(reds)))
        if deal.over:
            if deal.out_seat == seat:
                how = " concealed" if deal.concealed else ""
                extra.append(("you go out" if me else "goes out") + how + "!")
            elif deal.out_seat < 0 and kind != DISCARD:
                extra.append("the deal ends")
        if extra:
            text += " - " + "; ".join(extra)
        return text

    def show_scores(self) -> None:
        """The ``scores`` command: every scored deal, each side's breakdown, deal total and game total."""
        logs = [log for log in self.game.logs if log.scores]
        if not logs:
            self.console.print("No deal has been scored yet.")
            return
        self.console.print(render_score_history(self.sides, self.game.logs, self.rules.target,
                                                red_threes_label(self.rules, short=True)))

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
            shown = " ".join(card_names(sorted(cards))) if cards else "(none)"
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
        watchers = self._observers
        observe_all(watchers, rebuilt, -1, None)
        for text in moves:
            seat = rebuilt.to_act
            observe_all(watchers, rebuilt, seat, rebuilt.apply(text))
        self.game.take_back(moves, rebuilt)
        self.log.append(f"You took back: {last}")
        self.autosave()
        self.render()


class BeforeMove:
    """What a log line compares against: the mover's hand, red threes laid out and the pile size."""

    def __init__(self, deal: Deal, seat: int):
        view = deal.view(seat)
        self.hand = view.hand
        self.reds = len(view.red_threes[seat])
        self.pile = view.pile_size


def cards_added(before: Sequence[int], after: Sequence[int]) -> list[int]:
    """The cards of ``after`` that ``before`` did not hold (as a multiset: two of a card count twice)."""
    rest = list(before)
    added = []
    for card in after:
        if card in rest:
            rest.remove(card)
        else:
            added.append(card)
    return added


def card_names(cards: Sequence[int]) -> list[str]:
    """Each card as the person types it (``KH``, ``JK``)."""
    return [card_str(card) for card in cards]


def deal_history(game: Game, index: int, names: Sequence[str], me: int) -> list[str]:
    """The moves of deal ``index`` of ``game``, one numbered line each, in order: who made it, the move,
    the cards taken with each pile, the red threes laid out and, for ``me`` (a deal seat, -1 for none),
    the cards drawn. Rebuilt from the deal's start (:meth:`Game.replay_deal`), so it shows only what
    the table saw (and ``me``'s own draws)."""
    log = game.logs[index]
    deal = game.replay_deal(index, moves=[])
    lines = []
    for number, text in enumerate(log.moves, 1):
        seat = deal.to_act
        who = "You" if seat == me else names[seat]
        pile = list(deal.pile)
        before = BeforeMove(deal, seat)
        move = deal.apply(text)
        extra = []
        if move.kind == TAKE:
            extra.append(f"took the pile of {plural(len(pile), 'card')}: " + " ".join(card_names(pile)))
        if move.kind == DRAW and seat == me:
            drawn = cards_added(before.hand, deal.view(seat).hand)
            if drawn:
                extra.append("drew " + " ".join(card_names(drawn)))
        reds = deal.view(seat).red_threes[seat][before.reds:]
        if reds:
            extra.append("laid out " + " ".join(card_names(reds)))
        if deal.over and deal.out_seat == seat:
            extra.append("went out" + (" concealed" if deal.concealed else ""))
        lines.append(f"{number:3}. {who}: {move}" + (" - " + "; ".join(extra) if extra else ""))
    return lines


_OUT_KEYS = ("going_out", "concealed")
_OTHER_KEYS = ("premiums", "black_threes", "penalties", "exact_cut")  # exact_cut: Hand and Foot B.3


def render_score_history(sides: Sequence[str], logs: Sequence[DealLog], target: int,
                         threes: str = "Red 3s") -> Table:
    """Every scored deal, one row per side: canasta bonuses, red threes (or Modern American Canasta's threes of
    both colours; the column head ``threes``, from :func:`~canasta.rules.describe.red_threes_label`), going out,
    melded cards, cards left in hand, other items (premiums, black threes, penalties, Hand and Foot's exact cuts;
    where any), the deal's total and the game's.

    The items are those of :class:`~canasta.scoring.sides.SideScore` breakdowns (``scoring.BREAKDOWN_ITEMS``)."""
    table = Table(title=f"Scores deal by deal (game to {target})", header_style="bold", title_style="bold",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    scored = [log for log in logs if log.scores]
    others = any(breakdown.get(key, 0) for log in scored for breakdown in log.breakdowns for key in _OTHER_KEYS)
    columns = ["#", "Side", "Canastas", threes, "Out", "Melds", "Hand"] + (["Other"] if others else [])
    for name in columns + ["Deal", "Game"]:
        table.add_column(name, justify="left" if name == "Side" else "right")
    totals = [0] * len(sides)
    for number, log in enumerate(logs, 1):
        if not log.scores:
            continue
        for side, name in enumerate(sides):
            breakdown = log.breakdowns[side] if side < len(log.breakdowns) else {}
            totals[side] += log.scores[side]
            other = sum(breakdown.get(key, 0) for key in _OTHER_KEYS)
            going_out = sum(breakdown.get(key, 0) for key in _OUT_KEYS)
            cells = [str(number) if side == 0 else "", name, str(breakdown.get("canastas", 0)),
                     str(breakdown.get("red_threes", 0) + breakdown.get("threes", 0)), str(going_out),
                     str(breakdown.get("melded_cards", 0)), str(breakdown.get("hand_cards", 0))]
            cells += [str(other)] if others else []
            table.add_row(*cells, Text(str(log.scores[side]), style="bold"), str(totals[side]),
                          end_section=side == len(sides) - 1)
    return table
