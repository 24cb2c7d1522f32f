"""Card memory: what one seat can remember of a deal from public events only.

A :class:`CardMemory` is fed the public history of the deal, never a hidden card:

* through the ``observe(view, seat, move)`` hook (:class:`canasta.agents.base.Agent`):
  the deal being dealt and then every move as applied (a move's cards are shown at
  the table; a ``draw`` carries none), each with the owner's own view after it.
  This is exact;
* or the same through ``observe_public(facts, own_view, seat, move)``
  (:class:`~canasta.agents.protocol.PublicFacts`): after every move only the public
  facts the memory reads (pile, stock and hand sizes, turn number, scores), built once
  for every seat, instead of a view per seat; the owner's view is built only when a
  deal starts. The memory is the same after every move as through ``observe``
  (tests/test_memory_public.py checks it move by move);
* or, where a game loop does not call the hook (the web tables), by comparing the
  successive views the agent receives when it acts (:meth:`CardMemory.sync`): the
  pile's growth, who took it (the seat whose hand grew), the melds. This is a best
  effort: discards covered between two of the agent's turns stay unknown.

What it keeps (RULES.md §1.4, §1.7, §1.9):

* the discard pile, bottom first, with :data:`UNKNOWN` for cards it never saw (the
  cards turned under a wild-card upcard, or discards it missed);
* the cards known to be in each other seat's hand: the pile cards it picked up,
  minus those it has since melded or discarded;
* the pile cards set aside while a side makes its initial meld (``pending``);
* each seat's discards in order, and how often each seat took the pile;
* for the turn in progress, the melds made this turn (new meld targets, whether an
  older meld was added to), and which seats have melded in an earlier turn (what a
  concealed going out, §1.9, depends on).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from canasta.cards.deck import IS_BLACK_THREE, IS_RED_THREE, JOKER, N_TYPES, TWO
from canasta.engine.deal import PlayerView
from canasta.moves.notation import ADD, DISCARD, DRAW, MELD, PASS, TAKE, Move

UNKNOWN = -1
"""A pile card this memory never saw."""


def clip_known(known: list[int], size: int) -> None:
    """Drop cards from ``known`` (53 counts of cards known in one hand) until it holds at most ``size``
    cards, lowest card types first: a hand cannot hold more known cards than it has cards."""
    excess = sum(known) - size
    c = 0
    while excess > 0 and c < N_TYPES:
        if known[c]:
            known[c] -= 1
            excess -= 1
        else:
            c += 1


class PublicState(Protocol):
    """The public facts the memory reads after an event: a :class:`~canasta.engine.view.PlayerView` or a
    :class:`~canasta.agents.protocol.PublicFacts` (same names, same values)."""

    @property
    def dealer(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def minimums(self) -> tuple[int, ...]: ...
    @property
    def turn_number(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def pile_top(self) -> int | None: ...
    @property
    def pile_size(self) -> int: ...
    @property
    def pile_cards(self) -> tuple[int, ...] | None: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def pending_pile(self) -> int: ...


def _deal_key(view: PublicState) -> tuple[object, ...]:
    return (view.dealer, view.scores, view.minimums)


class CardMemory:
    """Public history of the current deal, from the point of view of ``seat``.

    Args:
        seat: the owner's seat (its own hand comes from its view, so it is not tracked).

    Attributes:
        pile: the discard pile, bottom first; card types or :data:`UNKNOWN`.
        known: per seat, counts of each card type known to be in that seat's hand.
        known_total: per seat, the sum of its ``known`` counts (kept in step with them).
        pending: pile cards set aside by the player whose turn it is (initial meld, §1.6).
        discards: per seat, the cards it discarded this deal, in order.
        takes: per seat, how many times it took the pile.
        picked: per seat, every known card it received from a pile this deal.
        has_melded: per seat, whether it melded in an earlier turn of this deal.
        turn_seat, turn_no: the turn in progress (its player and the engine's turn number).
        turn_new: targets of the melds created this turn by its player, in order.
        touched_old: whether this turn's player added to a meld made before this turn or by another seat.
        reshuffles: times the pile was shuffled into a new stock (``stock_end=reshuffle``).
        exact: True while the history comes from the observe hook (not from comparing views).
    """

    __slots__ = ("seat", "pile", "known", "pending", "discards", "takes", "picked", "has_melded",
                 "turn_seat", "turn_no", "turn_new", "touched_old", "reshuffles", "exact", "key",
                 "owners", "players", "teams", "_last", "_turn_melds", "_observed_since_sync", "near_out",
                 "b3_removed", "known_total", "take_count", "red_kept")

    def __init__(self, seat: int = 0):
        self.seat = seat
        self.key: tuple[object, ...] | None = None
        self.players = 0
        self.teams = 0
        self.b3_removed = False
        self.take_count = 0  # pile_take_count: a take brings at most this many cards (Hand and Foot B.5)
        self.red_kept = False  # red3_hand_penalty: red threes stay in hands (Hand and Foot B.7)
        self._clear(0, 0)

    def _clear(self, players: int, teams: int) -> None:
        self.players = players
        self.teams = teams
        self.pile: list[int] = []
        self.known = [[0] * N_TYPES for _ in range(players)]
        self.known_total = [0] * players
        self.pending: list[int] = []
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.takes = [0] * players
        self.picked: list[list[int]] = [[] for _ in range(players)]
        self.has_melded = [False] * players
        self.turn_seat = -1
        self.turn_no = 0
        self.turn_new: list[int] = []
        self.touched_old = False
        self.reshuffles = 0
        self.exact = False
        self.owners: list[dict[int, tuple[int, int]]] = [{} for _ in range(teams)]
        self._last: PublicState | None = None
        self._turn_melds: dict[int, int] | None = None
        self._observed_since_sync = False
        self.near_out: dict[int, int] = {}

    def copy(self) -> CardMemory:
        """An independent copy (for search: each simulated future gets its own)."""
        m = CardMemory.__new__(CardMemory)
        m.seat = self.seat
        m.key = self.key
        m.players = self.players
        m.teams = self.teams
        m.pile = self.pile[:]
        m.known = [k[:] for k in self.known]
        m.known_total = self.known_total[:]
        m.pending = self.pending[:]
        m.discards = [d[:] for d in self.discards]
        m.takes = self.takes[:]
        m.picked = [p[:] for p in self.picked]
        m.has_melded = self.has_melded[:]
        m.turn_seat = self.turn_seat
        m.turn_no = self.turn_no
        m.turn_new = self.turn_new[:]
        m.touched_old = self.touched_old
        m.reshuffles = self.reshuffles
        m.exact = self.exact
        m.owners = [dict(o) for o in self.owners]
        m._last = self._last
        m._turn_melds = dict(self._turn_melds) if self._turn_melds is not None else None
        m._observed_since_sync = self._observed_since_sync
        m.near_out = dict(self.near_out)
        m.b3_removed = self.b3_removed
        m.take_count = self.take_count
        m.red_kept = self.red_kept
        return m

    # ------------------------------------------------------------ starting

    def reset(self, view: PlayerView) -> None:
        """Start a deal (or pick one up in the middle) from ``view``: only what the view shows is known."""
        rules = view.rules
        self._clear(rules.players, rules.teams)
        self.b3_removed = rules.black3_from_pile_removed
        self.take_count = rules.pile_take_count
        self.red_kept = bool(rules.red3_hand_penalty)
        self.seat = view.seat
        self.key = _deal_key(view)
        if view.pile_cards is not None:
            self.pile = list(view.pile_cards)
        elif view.pile_size:
            top = view.pile_top if view.pile_top is not None else UNKNOWN
            self.pile = [UNKNOWN] * (view.pile_size - 1) + [top]
        self.turn_no = view.turn_number
        self.turn_seat = view.turn
        for side, melds in enumerate(view.melds):
            for m in melds:
                self.owners[side][m.target] = (-1, 0)
            if melds:  # picked up mid-deal: assume the side's seats have melded
                for s in range(self.players):
                    if s % self.teams == side:
                        self.has_melded[s] = True
        self._last = view

    # -------------------------------------------------------- the hook path

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        """Record one public event: a new deal (``move is None``) or ``move`` just made by ``seat``.

        ``view`` is the owner's view after the event (None inside a simulation, where only
        the moves are replayed; then nothing is checked against it).
        """
        if move is None:
            if view is not None:
                self.reset(view)
                self.exact = True
                self._observed_since_sync = True
            return
        if view is not None and self.key != _deal_key(view):
            self.reset(view)  # joined mid-deal: what came before is lost
            self.exact = True
        self._observed_since_sync = True
        self._apply(seat, move, view)
        if view is not None:
            self._reconcile(view)
            self._last = view

    def observe_public(self, facts: PublicState, own_view: Callable[[], PlayerView], seat: int,
                       move: Move | None) -> None:
        """:meth:`observe` from the public facts after the event (``facts``; the owner's view, ``own_view()``, is
        built only for a new deal or a deal joined in the middle): the memory ends the same as with
        ``observe(own_view(), seat, move)``."""
        if move is None:
            self.observe(own_view(), seat, None)
            return
        if self.key != _deal_key(facts):
            self.reset(own_view())  # joined mid-deal: what came before is lost
            self.exact = True
        self._observed_since_sync = True
        self._apply(seat, move, facts)
        self._reconcile(facts)
        self._last = facts

    def _side(self, seat: int) -> int:
        return seat % self.teams if self.teams else 0

    def _forget(self, seat: int, cards: Sequence[int]) -> None:
        if seat == self.seat or not 0 <= seat < self.players or not self.known_total[seat]:
            return  # nothing known in that hand: nothing to forget
        k = self.known[seat]
        for c in cards:
            if k[c] > 0:
                k[c] -= 1
                self.known_total[seat] -= 1

    def _receive(self, seat: int, cards: Sequence[int]) -> None:
        if not 0 <= seat < self.players:
            return
        for c in cards:
            if c == UNKNOWN or (IS_RED_THREE[c] and not self.red_kept) or (self.b3_removed and IS_BLACK_THREE[c]):
                continue  # red threes are laid out; some variants take black threes out of play
            self.picked[seat].append(c)
            if seat != self.seat:
                self.known[seat][c] += 1
                self.known_total[seat] += 1

    def _meld(self, seat: int, target: int, new: bool) -> None:
        side = self._side(seat)
        if side >= len(self.owners):
            return
        owners = self.owners[side]
        if new or target not in owners:
            owners[target] = (seat, self.turn_no)
            if seat == self.turn_seat:
                self.turn_new.append(target)
        elif owners[target] != (seat, self.turn_no):
            self.touched_old = True

    def _apply(self, seat: int, move: Move, view: PublicState | None) -> None:
        kind = move.kind
        if kind in (DRAW, TAKE) or (kind == PASS and self.turn_seat != seat):
            if self.turn_seat != seat or (view is not None and view.turn_number != self.turn_no):
                self._new_turn(seat, view.turn_number if view is not None else self.turn_no + 1)
        if kind == TAKE:
            top = self.pile[-1] if self.pile else UNKNOWN
            cut = self._take_cut()
            rest = self.pile[cut:-1]
            self.pile = self.pile[:cut]  # the cards below a take of pile_take_count stay (Hand and Foot B.5)
            self.takes[seat] += 1
            self._forget(seat, move.cards)
            target = (top >> 2) if top != UNKNOWN else -1
            if move.seq:  # the top card joined a sequence (§3.2)
                target = move.target if move.target >= 0 else 14
            if target < 0 and move.cards:
                target = next((c >> 2 for c in move.cards if c != JOKER and c >> 2 != TWO), -1)
            if target >= 0:
                self._meld(seat, target, False)
            if view is not None and view.pending_pile > 0:
                self.pending = rest
            else:
                self._receive(seat, rest)
        elif kind in (MELD, ADD):
            self._forget(seat, move.cards)
            self._meld(seat, move.target, kind == MELD)
            if self.pending and (view is None or view.pending_pile == 0):
                self._receive(seat, self.pending)
                self.pending = []
        elif kind == DISCARD:
            self._forget(seat, move.cards)
            card = move.cards[0]
            self.pile.append(card)
            if 0 <= seat < self.players:
                self.discards[seat].append(card)
                if self.turn_new or self.touched_old:
                    self.has_melded[seat] = True
            self.turn_new = []
            self.touched_old = False
            self.turn_seat = -1
            self.turn_no += 1

    def _take_cut(self) -> int:
        """Index of the first pile card a take brings (``pile_take_count``; 0: the whole pile)."""
        n = len(self.pile)
        return n - self.take_count if self.take_count and n > self.take_count else 0

    def _new_turn(self, seat: int, turn_no: int) -> None:
        self.turn_seat = seat
        self.turn_no = turn_no
        self.turn_new = []
        self.touched_old = False
        self.pending = []

    def _reconcile(self, view: PublicState) -> None:
        """Bring the pile in line with the view (a reshuffle, or a history joined late)."""
        if view.pile_cards is not None:
            if list(view.pile_cards) != self.pile:
                self.pile = list(view.pile_cards)
        elif len(self.pile) != view.pile_size or (self.pile and self.pile[-1] != view.pile_top):
            last = self._last
            if last is not None and view.stock_size > last.stock_size:
                self.reshuffles += 1
            top = view.pile_top if view.pile_top is not None else UNKNOWN
            self.pile = [UNKNOWN] * max(0, view.pile_size - 1) + ([top] if view.pile_size else [])
        self.turn_no = view.turn_number
        sizes = view.hand_sizes
        totals = self.known_total
        for s in range(self.players):
            if s != self.seat and totals[s] > sizes[s]:  # else clip_known would change nothing
                clip_known(self.known[s], sizes[s])
                totals[s] = sum(self.known[s])

    # ------------------------------------------------------ the view path

    def sync(self, view: PlayerView) -> None:
        """Catch up with ``view`` when the agent is about to act.

        With the observe hook active this only checks that the deal is the same one.
        Otherwise it compares ``view`` with the last view seen (see the module docstring).
        """
        if self.key != _deal_key(view) or (self._last is not None
                                           and view.turn_number < self._last.turn_number):
            self.reset(view)
            self._snapshot_turn(view)
            return
        if self._observed_since_sync or self.exact:
            self._observed_since_sync = False
            self._snapshot_turn(view)
            return
        last = self._last
        if last is not None:
            self._diff(last, view)
        self._snapshot_turn(view)
        self._last = view

    def _snapshot_turn(self, view: PlayerView) -> None:
        """Fallback turn tracking for the owner's own turn: compare its side's melds with the turn's start."""
        if self.exact:
            return
        if view.turn != view.seat:
            self._turn_melds = None
            return
        sizes = {m.target: len(m.cards) for m in view.melds[view.side]}
        if self._turn_melds is None or self.turn_no != view.turn_number or self.turn_seat != view.seat:
            self._turn_melds = sizes
            self._new_turn(view.seat, view.turn_number)
            return
        start = self._turn_melds
        self.turn_new = [t for t in sizes if t not in start]
        self.touched_old = any(sizes[t] > n for t, n in start.items() if t in sizes)

    def _diff(self, last: PublicState, view: PlayerView) -> None:
        grown = view.pile_size >= len(self.pile) and last.pile_size <= view.pile_size
        if grown and view.pile_size > last.pile_size:
            extra = view.pile_size - last.pile_size
            self.pile.extend([UNKNOWN] * (extra - 1) + [view.pile_top if view.pile_top is not None else UNKNOWN])
        elif view.pile_size < last.pile_size or (view.pile_size == last.pile_size
                                                 and view.pile_top != last.pile_top):
            # the pile was taken (or reshuffled): the seat whose hand grew most took it
            growth = [view.hand_sizes[s] - last.hand_sizes[s] for s in range(self.players)]
            taker = max((s for s in range(self.players) if s != self.seat), key=lambda s: growth[s],
                        default=-1)
            if taker >= 0 and view.stock_size <= last.stock_size:  # not a reshuffle
                self.takes[taker] += 1
                self._receive(taker, self.pile[self._take_cut():-1])
            top = view.pile_top if view.pile_top is not None else UNKNOWN
            self.pile = [UNKNOWN] * max(0, view.pile_size - 1) + ([top] if view.pile_size else [])
        for side, melds in enumerate(view.melds):
            for m in melds:
                self.owners[side].setdefault(m.target, (-1, 0))
            if melds:  # someone of that side melded: assume each of its seats has (best effort)
                for s in range(self.players):
                    if s % self.teams == side and s != view.turn:
                        self.has_melded[s] = True
        self._reconcile(view)

    # ------------------------------------------------------------ queries

    def threat_ages(self, view: PlayerView, cards: int, need: int) -> dict[int, int]:
        """Opponents who may go out soon, with how long they have been so (turns).

        A seat counts while its side has ``need`` canastas (§1.9) and it holds ``cards`` cards
        or fewer; its age is the number of turns since this memory first saw it so, at the
        owner's decisions (a seat that stays so for long is not in a hurry to go out).
        """
        rules = view.rules
        out: dict[int, int] = {}
        canastas = [sum(1 for m in melds if m.canasta) for melds in view.melds]
        for seat in range(rules.players):
            side = view.side_of(seat)
            if side == view.side or canastas[side] < need or view.hand_sizes[seat] > cards:
                self.near_out.pop(seat, None)
                continue
            start = self.near_out.setdefault(seat, view.turn_number)
            out[seat] = view.turn_number - start
        return out

    def known_rank(self, seat: int, rank: int) -> int:
        """Cards of ``rank`` (rank index; 13 = joker) known to be in ``seat``'s hand."""
        k = self.known[seat] if 0 <= seat < len(self.known) else None
        if k is None:
            return 0
        if rank == 13:
            return k[JOKER]
        b = rank * 4
        return k[b] + k[b + 1] + k[b + 2] + k[b + 3]

    def pile_rank_counts(self) -> list[int]:
        """Known pile cards by rank index (13 = joker)."""
        rc = [0] * 14
        for c in self.pile:
            if c != UNKNOWN:
                rc[c >> 2] += 1
        return rc

    def discarded_ranks(self, seat: int, last: int = 0) -> list[int]:
        """Rank indices ``seat`` discarded this deal (only its last ``last`` discards if > 0)."""
        d = self.discards[seat] if 0 <= seat < len(self.discards) else []
        if last > 0:
            d = d[-last:]
        return [c >> 2 for c in d]
