"""Game: the series of deals to the target score (RULES.md §1.12).

:class:`Game` keeps the cumulative scores, each side's minimum count (from its
score, §1.6), the dealer's rotation to the left (§1.2) and the log of every
deal (seed, deck order, moves in notation, result) that a game record is made
of. It does no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from canasta.engine.deal import Deal
from canasta.engine.seating import Seating, seating
from canasta.engine.special_hands import special_hand_wins
from canasta.moves.notation import Move
from canasta.rules.fields import Rules
from canasta.scoring.sides import SideScore
from canasta.scoring.winner import winner


@mypyc_attr(native_class=False)  # compiled core: a Python class (pickled and copied as before)
@dataclass
class DealLog:
    """One deal as it was played: enough to replay it exactly.

    Attributes:
        dealer: table seat of the dealer.
        seed: seed of the shuffle (and of reshuffles).
        deck: the deck order, first card dealt first, as card types.
        moves: the moves in notation, in order.
        scores: each side's points for the deal (filled when it ends).
        breakdowns: each side's score breakdown.
        out_seat: table seat that went out, or -1.
        start_totals: each side's total before the deal (what its minimum counts came from),
            so that the deal can be rebuilt from its start (:meth:`Game.replay_deal`).
    """

    dealer: int
    seed: int
    deck: list[int]
    moves: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    breakdowns: list[dict[str, int]] = field(default_factory=list)
    out_seat: int = -1
    start_totals: list[int] = field(default_factory=list)


@mypyc_attr(native_class=False)  # compiled core: a Python class (pickled and copied as before)
class Game:
    """Deals played to the target, with cumulative scores.

    Args:
        rules: the variant.
        seed: seeds the sequence of deal seeds (so a game is reproducible).
        first_dealer: seat of the first deal's dealer (with players sitting out, 5 players:
            the deal seat, see :mod:`canasta.engine.seating`).

    Seats: ``rules.players`` table seats. Where players sit out (5 players, §3.1) each deal
    is played by ``rules.deal_players`` of them: :attr:`seating` maps the current deal's
    seats to table seats (:attr:`next_seating` the next deal's, once a deal is scored), and
    the :class:`~canasta.engine.deal.Deal` gets ``rules.deal_rules()``; every seat number of a
    deal (``deal.turn``, ``view.seat``) is a deal seat, every seat number of the game
    (``dealer``, ``DealLog``) a table seat.

    Use :meth:`new_deal` to start each deal, apply moves to it (directly or with
    :meth:`apply`, which also logs them), then :meth:`finish_deal`.
    """

    def __init__(self, rules: Rules, seed: int | None = None, first_dealer: int = 0):
        if not 0 <= first_dealer < rules.players:
            raise ValueError(f"first_dealer must be a seat 0..{rules.players - 1}")
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.first_dealer = first_dealer
        self.deal_rules = rules.deal_rules()
        self.next_seating: Seating = seating(rules, 0, first_dealer)
        self.seating = self.next_seating
        self.dealer = self.seating.seats[self.seating.dealer]
        self.totals = [0] * rules.teams
        self.logs: list[DealLog] = []
        self.deal: Deal | None = None
        self.winner: int | None = None
        self.over = False

    def table_seat(self, deal_seat: int) -> int:
        """The table seat playing ``deal_seat`` of the current deal (-1 stays -1)."""
        return self.seating.seats[deal_seat] if deal_seat >= 0 else -1

    def minimums(self) -> list[int]:
        """Each side's minimum count for the next deal, in points (§1.6)."""
        return [self.rules.min_meld(s, len(self.logs)) for s in self.totals]

    def new_deal(self, seed: int | None = None, deck: list[int] | None = None) -> Deal:
        """Shuffle and deal the next deal (with ``seed`` or the game's next seed, or a stacked ``deck``).

        Raises:
            RuntimeError: the game is over or a deal is still being played.
        """
        if self.over:
            raise RuntimeError("the game is over")
        if self.deal is not None and not self.deal.over:
            raise RuntimeError("the current deal is not over")
        drawn = self.rng.getrandbits(62)  # always drawn, so later deals' seeds do not depend on it
        if seed is None:
            seed = drawn
        self.seating = self.next_seating
        dealer = self.seating.deal_seat(self.dealer)  # the dealer may have been set by hand (tests)
        if dealer < 0:
            raise RuntimeError(f"the dealer, seat index {self.dealer}, sits this deal out")
        self.deal = Deal(self.deal_rules, dealer, self.totals, seed=seed, deck=deck, deal_number=len(self.logs))
        self.logs.append(DealLog(self.dealer, seed, list(self.deal.deck), start_totals=list(self.totals)))
        return self.deal

    def replay_deal(self, index: int = -1, moves: Sequence[str] | None = None) -> Deal:
        """A fresh copy of deal ``index`` of :attr:`logs` (the last by default), rebuilt from its start.

        The deal is dealt again from its seed and deck and ``moves`` (default: all its logged moves)
        are applied to it; the engine is deterministic, so the copy is the deal as it was after them.
        The game is not changed. The deal is played by the current seating's seats: call it for the
        deal in progress, or for any deal of a game without players sitting out.

        Raises:
            IllegalMove: a move does not apply (``moves`` that the deal never saw).
        """
        log = self.logs[index]
        dealer = self.seating.deal_seat(log.dealer) if self.rules.sitting_out else log.dealer
        totals = log.start_totals or self.totals
        number = index if index >= 0 else len(self.logs) + index
        deal = Deal(self.deal_rules, dealer, totals, seed=log.seed, deck=log.deck, deal_number=number)
        for text in log.moves if moves is None else moves:
            deal.apply(text)
        return deal

    def seeded_deck(self, index: int = -1) -> bool:
        """True if deal ``index``'s deck is the shuffle of its seed (so a save may keep the seed alone)."""
        log = self.logs[index]
        return Deal(self.deal_rules, 0, seed=log.seed).deck == tuple(log.deck)

    def take_back(self, moves: Sequence[str], deal: Deal) -> None:
        """Put ``deal`` (built by :meth:`replay_deal` with ``moves``) in place of the deal in progress.

        Used to undo moves of the current turn: the deal is rebuilt without them and its log
        keeps only ``moves``.

        Raises:
            RuntimeError: no deal in progress, or it is over.
        """
        if self.deal is None or self.deal.over:
            raise RuntimeError("no deal in progress")
        self.deal = deal
        self.logs[-1].moves = list(moves)

    def apply(self, move: Move | str) -> Move:
        """Apply a move to the current deal and log it. Raises IllegalMove like :meth:`Deal.apply`."""
        if self.deal is None:
            raise RuntimeError("no deal in progress: call new_deal()")
        done = self.deal.apply(move)
        self.logs[-1].moves.append(str(done))
        return done

    def apply_action(self, action: int) -> Move:
        """Apply a move id to the current deal and log it. Raises IllegalMove."""
        if self.deal is None:
            raise RuntimeError("no deal in progress: call new_deal()")
        done = self.deal.apply_action(action)
        self.logs[-1].moves.append(str(done))
        return done

    def finish_deal(self) -> list[SideScore]:
        """Score the finished deal, add it to the totals, rotate the dealer, decide the winner.

        Raises:
            RuntimeError: the deal is not over.
        """
        deal = self.deal
        if deal is None or not deal.over:
            raise RuntimeError("the deal is not over")
        scored = deal.score()
        log = self.logs[-1]
        log.scores = [s.total for s in scored]
        log.breakdowns = [s.breakdown for s in scored]
        log.out_seat = self.table_seat(deal.out_seat)
        for i, s in enumerate(scored):
            self.totals[i] += s.total
        if self.rules.sitting_out:  # 5 players: who plays and deals next (canasta.engine.seating)
            nxt = self.next_seating = seating(self.rules, len(self.logs), self.first_dealer)
            self.dealer = nxt.seats[nxt.dealer]
        else:  # the deal passes to the left (§1.2)
            self.dealer = (self.dealer + 1) % self.rules.players
            self.next_seating = Seating(self.seating.seats, self.dealer, -1)
        out = str(deal.home[deal.out_seat]) if deal.out_seat >= 0 else None
        dream = special_hand_wins(deal)  # a Dream Hand wins the game at once (MAC A.13)
        w = winner(self.rules, {str(i): t for i, t in enumerate(self.totals)}, out, len(self.logs),
                   str(dream) if dream >= 0 else None)
        if w is not None:
            self.winner = int(w)
            self.over = True
        return scored
