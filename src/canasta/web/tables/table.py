"""A web table: seats, the game, its numbered events, and the changes the manager stores.

:class:`Table` holds the rules of the table and no I/O: a seat acts only when the engine says it
is to act (``deal.to_act``), an illegal or stale move is refused with a reason and changes nothing.
Every accepted action returns a :class:`Change` — the store writes it needs (:class:`StoreOp`), its
numbered :class:`~.events.Event` s and an ``undo`` — applied to memory at once but made visible
only by :meth:`Table.commit`, after the store has written it (:class:`~.manager.TableManager`):
a change the store refuses is undone, so memory and store never differ (write-ahead).

:func:`rebuild_table` replays the stored deals (seeds and move texts) through the engine after a
restart, with the same event numbers.

Rules: the game of RULES.md §1.12 played deal by deal; with five players (§3.1) every seat number
here is a table seat and the player sitting the deal out sees it as a spectator.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.explain import explain_refusal
from canasta.engine.game import Game
from canasta.engine.view_facts import round_minimum
from canasta.moves.notation import Move, MoveError
from canasta.rules.fields import Rules, RulesError
from canasta.web.protocol import hand_text, view_dict
from canasta.web.store import StoredTable, StoreOp
from canasta.web.tables.botpool import BotRequest
from canasta.web.tables.clock import MAX_CLOCK_SECONDS, STAND_IN_BOT, TurnClock
from canasta.web.tables.events import Event, EventLog, gained
from canasta.web.tables.seats import BOT_SPECS, Seat, TableError, new_seats, opening_dict, rules_facts

PROTOCOL_VERSION = 2
"""Version of the table protocol (docs/web.md "Protocol"); sent in every snapshot and update."""


class Connection(Protocol):
    """What a table needs of a websocket: sending text (the manager may also call ``close(code)``)."""

    async def send_text(self, data: str) -> None:
        """Send one text frame."""
        ...


@dataclass
class Change:
    """An action applied in memory, waiting for the store: its writes, its events, how to undo it."""

    ops: list[StoreOp]
    events: list[Event] = field(default_factory=list)
    undo: Callable[[], None] = lambda: None
    deal_changed: bool = False
    """A deal was dealt or scored: the update carries the scores, history and opening facts."""


def refusal_reason(deal: Deal, move: Move | str, message: str) -> dict[str, Any] | None:
    """The engine's reason for refusing ``move`` as ``{"code", "params"}`` (the ``reason`` of the protocol's
    ``error`` message, docs/web.md), or None when the refusal is not one of the engine's reasons with a code
    (unreadable text, cards that do not match the move named: the English ``message`` alone says it)."""
    try:
        parsed = Move.parse(move) if isinstance(move, str) else move
        why = explain_refusal(deal, parsed)
    except (MoveError, ValueError, IndexError):
        return None
    if why.text != message:
        return None
    return {"code": why.code, "params": dict(why.params)}


_move_text = lru_cache(maxsize=1 << 16)(str)
"""``str`` of a :class:`Move` (its notation), remembered: a seat's legal moves are mostly those it had before."""


def _refuse_stale(at: int | None, seq: int) -> None:
    if at is not None and at != seq:
        raise TableError("stale", f"the table has changed since event {at} (now {seq}): look again and retry")


class Table:
    """A table: seats, the game, the event log, connections.

    Args:
        table_id: the table's id (in its links).
        rules: the variant.
        seats: one :class:`Seat` per seat.
        hints: whether people may ask for the bot's hint.
        game_seed: seed of the game (deal seeds are drawn from it; never sent to a client).
        first_dealer: seat of the first dealer.
        spectators: whether people without a seat may watch (public information only).
        clock: ``(base, increment)`` seconds of the turn clock, or None (:mod:`.clock`).
    """

    def __init__(self, table_id: str, rules: Rules, seats: list[Seat], hints: bool, game_seed: int,
                 first_dealer: int = 0, spectators: bool = False, clock: tuple[float, float] | None = None):
        self.id = table_id
        self.rules = rules
        self.seats = seats
        self.hints = hints
        self.spectators = spectators
        self.game_seed = game_seed
        self.status = "waiting"
        self.game = Game(rules, seed=game_seed, first_dealer=first_dealer)
        self.move_seats: list[list[int]] = []
        self.events = EventLog()
        self.conns: dict[int, list[Connection]] = {i: [] for i in range(rules.players)}
        self.watchers: list[Connection] = []
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.clock = TurnClock(rules.players, clock[0] if clock else None, clock[1] if clock else 0.0)
        self.clock_task: asyncio.Task[None] | None = None
        self.rematch: str | None = None
        """The id of the rematch table, once the host asked for one (:meth:`rematch_table`)."""
        self._hands: dict[int, tuple[tuple[int, ...], list[str]]] = {}
        """Per deal seat, its hand's counts and their text when last sent (:meth:`_hand_text`)."""

    # ------------------------------------------------------------------ facts

    @property
    def seq(self) -> int:
        """The number of the last committed event (0 before the first deal)."""
        return self.events.last

    @property
    def host(self) -> int:
        """The seat that may start the table and invite: the first person's seat."""
        return next(i for i, s in enumerate(self.seats) if s.kind == "human")

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or None."""
        found = None
        for i, s in enumerate(self.seats):
            if s.token is not None and secrets.compare_digest(s.token.encode(), token.encode()):
                found = i
        return found

    def sitting_out(self) -> int:
        """The table seat sitting the current deal out (5 players, §3.1), or -1."""
        return self.game.seating.sitting_out if self.game.deal is not None else -1

    def to_act(self) -> int | None:
        """The table seat to act now, or None (not playing, deal or game over)."""
        deal = self.game.deal
        if self.status != "playing" or deal is None or deal.over:
            return None
        return self.game.table_seat(deal.to_act)

    def bot_to_act(self) -> int | None:
        """The seat of the bot to act now — a bot's, or a person's a bot stands in for (:mod:`.clock`) —
        or None (a person acts, or the deal/game is over)."""
        seat = self.to_act()
        if seat is None or (self.seats[seat].kind != "bot" and seat not in self.clock.stand_in):
            return None
        return seat

    # ---------------------------------------------------------------- actions

    def start(self, seat: int) -> Change:
        """Start the game (the host's seat only): the first deal. Raises TableError (not host, started)."""
        if self.status != "waiting":
            raise TableError("started", "the game has already started")
        if seat != self.host:
            raise TableError("not_host", f"only {self.seats[self.host].name} (seat {self.host + 1}) can start")
        self.status = "playing"
        change = self._deal()
        change.ops.insert(0, StoreOp("update", self.id, {"status": "playing"}))
        undo_deal = change.undo

        def undo() -> None:
            undo_deal()
            self.status = "waiting"
        change.undo = undo
        return change

    def next_deal(self, seat: int | None = None, at: int | None = None) -> Change:
        """Deal the next deal once the current one is over. Raises TableError (not playing, deal not over)."""
        if self.status != "playing":
            raise TableError("game_over" if self.status == "finished" else "not_started",
                             "the game is over" if self.status == "finished" else "the game has not started yet")
        deal = self.game.deal
        if deal is not None and not deal.over:
            raise TableError("deal_not_over", "the deal is still being played")
        _refuse_stale(at, self.seq)
        return self._deal()

    def _deal(self) -> Change:
        game = self.game
        old_deal, old_seating, rng = game.deal, game.seating, game.rng.getstate()
        game.new_deal()
        self.move_seats.append([])
        number = len(game.logs) - 1
        event = Event(self.seq + 1, "deal", game.logs[-1].dealer, "", (), number + 1)

        def undo() -> None:
            game.logs.pop()
            self.move_seats.pop()
            game.deal, game.seating = old_deal, old_seating
            game.rng.setstate(rng)
        assert game.deal is not None
        op = StoreOp("deal", self.id, {"number": number, "dealer": game.deal.dealer, "seed": game.logs[-1].seed})
        return Change([op], [event], undo, deal_changed=True)

    def act(self, seat: int, move: Move | str, at: int | None = None) -> Change:
        """Make ``move`` for ``seat``, acting on event number ``at`` (None: not checked).

        Raises:
            TableError: not being played, deal over, not that seat's turn, a stale ``at`` (code
                ``stale``), or the engine refuses the move (code ``illegal``, its reason); nothing changes.
        """
        if self.status == "waiting":
            raise TableError("not_started", "the game has not started yet")
        if self.status == "finished" or self.game.over:
            raise TableError("game_over", "the game is over")
        deal = self.game.deal
        if deal is None or deal.over:
            raise TableError("deal_over", "the deal is over: start the next deal")
        if self.sitting_out() == seat:
            raise TableError("sitting_out", "you sit this deal out: you play again in the next deal")
        actor = self.game.table_seat(deal.to_act)
        if actor != seat:
            who = self.seats[actor].name
            raise TableError("not_your_turn", f"it is not your turn: {who} (seat {actor + 1}) is to act")
        _refuse_stale(at, self.seq)
        return self._apply(seat, move)

    def check(self, seat: int, moves: Sequence[Move]) -> dict[str, Any]:
        """Try ``moves`` (melds and additions, the initial meld staged on the page) for ``seat`` on a copy of the
        deal, changing nothing: the ``checked`` message.

        Returns:
            ``ok`` (every move is legal and the side has made its initial meld after them), ``points`` (the
            count of the side's initial meld so far, RULES.md §1.6), ``minimum`` (its minimum count), ``opened``
            (made after the moves), ``message`` (the engine's English reason for the first refused move, or ""),
            and ``reason`` (``{"code", "params"}`` as in the ``error`` message) when that refusal has a code.

        Raises:
            TableError: not being played, the deal over, not that seat's turn, sitting out.
        """
        if self.status != "playing" or self.game.deal is None or self.game.deal.over:
            raise TableError("deal_over" if self.status == "playing" else "not_started", "no deal is being played")
        deal = self.game.deal
        if self.sitting_out() == seat or self.game.table_seat(deal.to_act) != seat:
            raise TableError("not_your_turn", "it is not your turn")
        trial = deal.clone()
        side = trial.side_of[trial.to_act]
        message, reason = "", None
        for move in moves:
            try:
                trial.apply(move)
            except (IllegalMove, MoveError) as e:
                message = str(e)
                why = explain_refusal(trial, move)  # the engine's reason, even where apply words it its own way
                reason = None if why.code == "legal_now" else {"code": why.code, "params": dict(why.params)}
                break
        opened = bool(trial.opened[side])
        out = {"type": "checked", "ok": not message and opened, "points": int(trial.open_total),
               "minimum": int(trial.minimum[side]), "opened": opened, "message": message}
        if reason is not None:
            out["reason"] = reason
        return out

    def _apply(self, seat: int, move: Move | str) -> Change:
        """Apply a move of the seat to act; the change's undo puts the game back exactly as it was."""
        game = self.game
        deal = game.deal
        assert deal is not None
        mover = deal.to_act
        before = list(deal.hands[mover])
        saved = (list(game.totals), game.dealer, game.next_seating, game.winner, game.over, self.status)
        try:
            done = game.apply(move)
        except (IllegalMove, MoveError) as e:
            raise TableError("illegal", str(e), refusal_reason(deal, move, str(e))) from None
        drew = gained(before, deal.hands[mover])
        log = game.logs[-1]
        self.move_seats[-1].append(seat)
        number = len(log.moves) - 1
        ended = deal.over
        if ended:
            game.finish_deal()
            if game.over:
                self.status = "finished"

        def undo() -> None:
            game.totals, game.dealer, game.next_seating, game.winner, game.over, self.status = saved
            del log.moves[number:]
            del self.move_seats[-1][number:]
            log.scores, log.breakdowns, log.out_seat = [], [], -1
            game.deal = game.replay_deal(moves=log.moves)
        text = _move_text(done)
        op = StoreOp("move", self.id, {"deal": len(game.logs) - 1, "seq": number, "seat": seat, "text": text,
                                       "status": "finished" if self.status == "finished" else None,
                                       "clock_left": self._clock_left(seat)})
        event = Event(self.seq + 1, "move", seat, text, drew, len(game.logs))
        return Change([op], [event], undo, deal_changed=ended)

    def _clock_left(self, seat: int) -> float | None:
        """Seconds ``seat`` has on the clock once its move just applied is committed (with the increment
        when the turn passes), or None without a clock: stored with the move, so a restart keeps the times."""
        clock = self.clock
        if clock.base is None:
            return None
        left = clock.left(seat)
        if clock.running == seat and self.to_act() != seat:
            left += clock.increment
        return round(left, 3)

    def rematch_table(self, seat: int) -> tuple[Table, list[StoreOp]]:
        """A new game for the same seats (same keys: every person keeps his seat), spectators, hints and
        clock, at a new table id (the host's request, once the game is over).

        Raises:
            TableError: not the host (``not_host``), the game is not over (``not_over``), already asked.
        """
        if seat != self.host:
            raise TableError("not_host", "only the host can ask for a rematch")
        if not self.game.over:
            raise TableError("not_over", "a rematch can be played when the game is over")
        if self.rematch is not None:
            raise TableError("started", "the rematch has already been created")
        seats = [Seat(s.name, s.kind, s.bot, s.token, s.joined, s.invite) for s in self.seats]
        clock = (self.clock.base, self.clock.increment) if self.clock.base is not None else None
        table = Table(secrets.token_urlsafe(9), self.rules, seats, self.hints, secrets.randbits(62),
                      spectators=self.spectators, clock=clock)
        row = StoredTable(table.id, self.rules.spec(), [s.to_dict() for s in seats], self.hints, table.status,
                          table.game_seed, 0, [], spectators=self.spectators, clock=_clock_list(table))
        return table, [StoreOp("create", table.id, {"row": row})]

    def commit(self, change: Change) -> None:
        """Make a stored change visible: its events join the log (their numbers follow :attr:`seq`)."""
        for event in change.events:
            self.events.append(event)
        self.clock.turn(self.to_act())

    def rename(self, seat: int, name: str) -> Change:
        """Change the name shown for ``seat`` (undone if the store refuses it)."""
        old = self.seats[seat].name
        self.seats[seat].name = name

        def undo() -> None:
            self.seats[seat].name = old
        return Change([self.seats_op()], undo=undo)

    def seats_op(self) -> StoreOp:
        """The store write of the seats as they are now (names, tokens, invites, joined)."""
        return StoreOp("update", self.id, {"seats": [s.to_dict() for s in self.seats]})

    # ------------------------------------------------------------------ bots

    def bot_request(self, seat: int, spec: str, key: str = "bot") -> BotRequest:
        """What a bot (or the hint bot) needs to choose ``seat``'s move: the deal's seed, deck and moves.

        Raises:
            TableError: it is not that seat's turn to act.
        """
        if self.to_act() != seat:
            raise TableError("not_your_turn", "a hint is given when it is your turn to act")
        game = self.game
        deal = game.deal
        assert deal is not None
        log = game.logs[-1]
        return BotRequest(f"{self.id}:{key}", len(game.logs), spec, (self.game_seed + 7919 * seat) % 2**62,
                          self.rules.spec(), deal.dealer, tuple(log.start_totals or game.totals), log.seed,
                          tuple(log.deck), tuple(log.moves), deal.to_act)

    def bot_spec(self, seat: int) -> str:
        """The agent spec the bot of ``seat`` plays (:data:`BOT_SPECS`; for a person, the stand-in bot)."""
        level = self.seats[seat].bot or STAND_IN_BOT
        return BOT_SPECS.get(level, level)

    # ----------------------------------------------------------------- output

    def public_info(self) -> dict[str, Any]:
        """What anyone holding a link to the table may see (no cards, no tokens)."""
        return {"id": self.id, "variant": self.rules.spec(), "status": self.status, "hints": self.hints,
                "spectators": self.spectators, "seq": self.seq, "seats": self.seats_public()}

    def seats_public(self) -> list[dict[str, Any]]:
        """Each seat's public facts: name, kind, bot level, side, joined, connected, invite still open."""
        return [{"name": s.name, "kind": s.kind, "bot": s.bot, "joined": s.joined, "side": self.rules.side_of(i),
                 "connected": bool(self.conns[i]) or s.kind == "bot", "invited": s.invite is not None,
                 "stand_in": i in self.clock.stand_in}
                for i, s in enumerate(self.seats)]

    def history(self) -> list[dict[str, Any]]:
        """The deals scored so far: scores, breakdowns, who went out, running totals."""
        out = []
        running = [0] * self.rules.teams
        for i, lg in enumerate(self.game.logs):
            if not lg.scores:
                continue
            running = [a + b for a, b in zip(running, lg.scores, strict=True)]
            out.append({"deal": i + 1, "dealer": lg.dealer, "scores": list(lg.scores),
                        "breakdowns": [dict(b) for b in lg.breakdowns], "out_seat": lg.out_seat,
                        "totals": running})
        return out

    def _view(self, seat: int | None, cache: dict[Any, Any] | None = None) -> tuple[dict[str, Any] | None, Any]:
        """The view dict of table seat ``seat`` (None: a spectator; sitting out: a partner's without a hand).

        ``cache`` (one per change) keeps the views built for this change. Every field of a view but ``seat``,
        ``side``, ``hand``, ``pile.frozen_for_me`` and ``pile.frozen_reason`` is public and the same for every
        seat (:func:`canasta.engine.view.build_view`; ``extra_due`` is None without extra cards), so once one
        seat's view is built, another seat's is a copy with those five fields set from the deal — except in
        variants with extra cards, whose ``extra_due`` may be a seat's own packet (§3.5): those are built
        whole. The engine view returned with a copy is the first seat's (its public fields only are read:
        :meth:`deal_facts`).
        """
        game, rules = self.game, self.rules
        deal = game.deal
        if deal is None:
            return None, None
        mine = game.seating.deal_seat(seat) if seat is not None else -1
        if mine >= 0:
            side = deal.side_of[mine]
            if cache is not None and not rules.extra_cards:  # packets are per seat (§3.5): views built whole
                if "any" in cache:
                    shared, view = cache["any"]
                    own = dict(shared)
                    own["seat"], own["side"], own["hand"] = seat, side, self._hand_text(deal, mine)
                    if shared["side"] != side:
                        own["pile"] = {**shared["pile"], "frozen_for_me": deal.pile_frozen_for(side),
                                       "frozen_reason": deal.frozen_reason(side)}
                    return own, view
            view = deal.view(mine)
            out = view_dict(view, game.seating.seats, rules.players)
            if cache is not None:
                cache["any"] = (out, view)
            return out, view
        side = rules.side_of(seat) if seat is not None else 0
        partner = next((d for d in range(len(game.seating.seats)) if deal.side_of[d] == side), 0)
        view = deal.view(partner)
        return view_dict(view, game.seating.seats, rules.players, spectator=-1 if seat is None else seat), view

    def _hand_text(self, deal: Deal, mine: int) -> list[str]:
        """:func:`~canasta.web.protocol.hand_text` of deal seat ``mine``'s hand, kept while the hand is the same:
        after a move only the mover's hand changes, so the other seats' messages reuse their text (never
        modified: it is only encoded)."""
        counts = tuple(deal.hands[mine])
        known = self._hands.get(mine)
        if known is not None and known[0] == counts:
            return known[1]
        text = hand_text(counts)
        self._hands[mine] = (counts, text)
        return text

    def legal_for(self, seat: int | None) -> list[str]:
        """The legal moves of ``seat`` if it is to act (its own cards only), else []."""
        if seat is None or self.to_act() != seat:
            return []
        deal = self.game.deal
        assert deal is not None
        return sorted({_move_text(m) for m in deal.legal_moves()})

    def deal_facts(self, view: Any) -> dict[str, Any]:
        """Facts that change only when a deal is dealt or scored: scores, minimums, history, openings, the round
        and its minimum count where the minimum goes by round (``round``, null elsewhere)."""
        game = self.game
        opening = [] if view is None else [opening_dict(self.rules, view.scores[s], view.minimums[s])
                                           for s in range(len(view.scores))]
        facts = round_minimum(self.rules, len(game.logs))  # Hand and Foot's round minimum (RULES_AMERICAN.md B.8)
        rounds = None if facts is None else {"number": facts[0], "rounds": facts[1], "minimum": facts[2]}
        deal = game.deal  # the minimums of the deal being played, else of the next deal (by round in Hand and Foot)
        minimums = list(deal.minimum[:len(game.totals)]) if deal is not None and not deal.over else game.minimums()
        return {"deal_no": len(game.logs), "totals": list(game.totals), "next_minimums": minimums,
                "history": self.history(), "opening": opening, "round": rounds}

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The snapshot for ``seat`` (None: a spectator): everything a client draws, public facts plus the
        seat's own view; the deal's move log holds ``drew`` only for the seat's own moves."""
        view_d, view = self._view(seat)
        deal_no = len(self.game.logs)
        return {"type": "state", "v": PROTOCOL_VERSION, "table": self.id, "seq": self.seq, "status": self.status,
                "you": seat, "host": seat == self.host, "hints": self.hints, "spectators": self.spectators,
                "rules": rules_facts(self.rules), "seats": self.seats_public(), **self.deal_facts(view),
                "game_over": self.game.over, "winner": self.game.winner, "view": view_d,
                "log": [e.for_seat(seat) for e in self.events.deal_moves(deal_no)],
                "legal": self.legal_for(seat), "sitting_out": self.sitting_out(), "clock": self.clock.facts(),
                "rematch": self.rematch}

    def update_for(self, seat: int | None, events: Sequence[Event], deal_changed: bool,
                   cache: dict[Any, Any] | None = None) -> dict[str, Any]:
        """The ``event`` message for ``seat`` after ``events``: the events filtered for it, its view now,
        its legal moves; the deal facts only when a deal was dealt or scored (``deal_changed``).
        ``cache``: shared by the messages of one change (the views, see :meth:`_view`, and the parts that are
        the same for every seat, built once)."""
        view_d, view = self._view(seat, cache)
        common = cache.get("common") if cache is not None else None
        if common is None:
            public = [e.for_seat(None) for e in events]
            common = (public, self.status, self.game.over, self.game.winner, self.sitting_out(), self.clock.facts(),
                      self.deal_facts(view) if deal_changed else None)
            if cache is not None:
                cache["common"] = common
        public, status, over, winner, sitting_out, clock, facts = common
        own_events = public if not any(e.seat == seat and e.drew for e in events) else [
            e.for_seat(seat) for e in events]
        out: dict[str, Any] = {"type": "event", "v": PROTOCOL_VERSION, "seq": self.seq, "events": own_events,
                               "status": status, "game_over": over, "winner": winner, "view": view_d,
                               "legal": self.legal_for(seat), "sitting_out": sitting_out, "clock": clock}
        if facts is not None:
            out.update(facts)
        return out

    def record(self, stopped: bool = False) -> dict[str, Any]:
        """The game record (``canasta.formats.records``) of a finished game, or (``stopped``) of a game that cannot
        go on (the player to act has no legal move, :mod:`canasta.play.dead_end`): as played so far, every deck in
        it, so that the position can be reported and seen again.

        Raises:
            TableError: the game is not over, nor stopped (the record holds every deck, so it is kept until then).
        """
        if not self.game.over and not stopped:
            raise TableError("not_over", "the record can be downloaded when the game is over")
        from canasta.formats.records import record_from_game

        return record_from_game(self.game, [{"name": s.name, "kind": s.kind, "bot": s.bot} for s in self.seats])


def _clock_list(table: Table) -> list[float] | None:
    return [table.clock.base, table.clock.increment] if table.clock.base is not None else None


def create_table(variant: str, seats: Sequence[dict[str, Any]], hints: bool = True, seed: int | None = None,
                 spectators: bool = False, clock: Sequence[float] | None = None) -> tuple[Table, list[StoreOp]]:
    """A new table and the store write that creates it.

    Args:
        variant: variant string, e.g. ``classic(players=4)``.
        seats: the lobby's seat choices (see :func:`~.seats.new_seats`).
        hints: allow hints.
        seed: game seed (default: a random one).
        spectators: allow people without a seat to watch.
        clock: ``[base, increment]`` in seconds (base > 0, increment >= 0), or None: no clock.

    Raises:
        TableError: a bad variant (code ``bad_variant``, the rules' message), bad seats or a bad clock.
    """
    if clock is not None and (len(clock) != 2 or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                          and 0 <= x <= MAX_CLOCK_SECONDS for x in clock)
                              or clock[0] <= 0):
        raise TableError("bad_clock", f"the clock is [base, increment] in seconds: base 1 to {MAX_CLOCK_SECONDS}, "
                         "increment 0 or more")
    if not isinstance(variant, str) or len(variant) > 400:
        raise TableError("bad_variant", "the variant must be a text such as classic(players=4)")
    try:
        rules = Rules.parse(variant)
    except (RulesError, ValueError) as e:
        raise TableError("bad_variant", str(e)) from None
    seat_list = new_seats(rules, seats)
    game_seed = seed if seed is not None else secrets.randbits(62)
    table = Table(secrets.token_urlsafe(9), rules, seat_list, bool(hints), game_seed, spectators=bool(spectators),
                  clock=(float(clock[0]), float(clock[1])) if clock is not None else None)
    row = StoredTable(table.id, rules.spec(), [s.to_dict() for s in seat_list], table.hints, table.status,
                      game_seed, 0, [], spectators=table.spectators, clock=_clock_list(table))
    return table, [StoreOp("create", table.id, {"row": row})]


def rebuild_table(stored: StoredTable) -> Table:
    """The table as it was when its last move was stored, replayed through the engine (same event numbers).

    Raises:
        TableError: the stored rows do not replay (code ``corrupt``: a bad variant, or a seed, dealer or
            move that the engine does not reproduce).
    """
    try:
        rules = Rules.parse(stored.variant)
    except RulesError as e:
        raise TableError("corrupt", f"table {stored.id}: {e}") from None
    seats = [Seat.from_dict(d) for d in stored.seats]
    clock = (float(stored.clock[0]), float(stored.clock[1])) if stored.clock and len(stored.clock) == 2 else None
    t = Table(stored.id, rules, seats, stored.hints, stored.game_seed, stored.first_dealer,
              spectators=stored.spectators, clock=clock)
    t.status = "playing"
    game = t.game
    for d in stored.deals:
        try:
            t.commit(t._deal())
        except RuntimeError as e:
            raise TableError("corrupt", f"table {stored.id}: deal {d.number + 1}: {e}") from None
        deal = game.deal
        assert deal is not None
        if game.logs[-1].seed != d.seed or deal.dealer != d.dealer:
            raise TableError("corrupt", f"table {stored.id}: deal {d.number + 1} does not match its seed")
        for seat, text in d.moves:
            if deal.over or game.table_seat(deal.to_act) != seat:
                raise TableError("corrupt", f"table {stored.id}: move '{text}' by seat {seat + 1} out of turn")
            try:
                t.commit(t._apply(seat, text))
            except TableError as e:
                raise TableError("corrupt", f"table {stored.id}: move '{text}': {e}") from None
    for d in stored.deals:  # each person's time as stored with his last move (the downtime is not charged)
        for (seat, _), left in zip(d.moves, d.clock_left, strict=False):
            if left is not None and t.clock.base is not None and 0 <= seat < len(t.clock.remaining):
                t.clock.remaining[seat] = left
    t.status = stored.status
    return t
