"""Tables of the web server: seats and their tokens, moves, bots playing server-side, persistence.

A :class:`Table` wraps a :class:`~canasta.engine.game.Game`. Its synchronous methods
(:meth:`Table.start`, :meth:`Table.act`, :meth:`Table.next_deal`,
:meth:`Table.bot_step`, :meth:`Table.hint`, :meth:`Table.state_for`) hold the
rules of the table: a seat acts only when the engine says it is to act
(``deal.to_act``), an illegal move is refused with the engine's reason and
changes nothing, and every accepted move is stored at once (:mod:`.store`).
:class:`TableManager` adds the asynchronous side: websocket connections per
seat, sending each seat its own state after every move, and a task per table
that lets the bots move (with a short pause so people can follow).

After a restart :func:`rebuild_table` replays the stored deals (seeds and move
texts) through the engine, so a table continues exactly where it stopped.

Rules: the game of RULES.md §1.12 played deal by deal; "may I go out?" (§1.9)
is the ``ask``/``yes``/``no`` moves of the engine. Every preset is played; with five
players (§3.1, :mod:`canasta.engine.seating`) the Game's seating maps each deal's four deal seats
to table seats: every seat number here (methods, messages, the store) is a table seat, and
the player sitting out the deal sees it as a spectator (no hand, no moves).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from canasta.agents import Agent
from canasta.agents.protocol import observe_all, observers
from canasta.agents.registry import make_seat_agents
from canasta.engine.constraints.initial_meld import opening_need
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.engine.view_facts import opening_parts
from canasta.moves.notation import Move
from canasta.rules.fields import Rules, RulesError, preset_names
from canasta.web.protocol import ClientMessage, ProtocolError, dumps, error_message, view_dict
from canasta.web.store import Store, StoredTable

log = logging.getLogger("canasta.web")

BOT_SPECS = {
    "random": "random",
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "expert": "expert(ms=100)",
    "heuristic": "heuristic",
}
"""Bot levels offered for a seat, with the spec each one plays (:func:`canasta.agents.make_agent`).
``expert`` searches at most 100 ms per decision, so that a table's bots keep the server responsive;
``heuristic`` is ``medium`` under its first name (tables stored with it keep working)."""
BOT_LEVELS = tuple(BOT_SPECS)
"""Bot levels offered in the lobby, weakest first (``heuristic`` last: the same player as ``medium``)."""
HINT_BOT = "hard"
"""The bot whose choice is shown as a hint (it follows the deal from the person's seat, with card memory)."""
STATUSES = ("waiting", "playing", "finished")
"""A table waits for its host to start it, is played, then is finished (a side has won)."""


@functools.cache
def preset_choices() -> tuple[dict[str, Any], ...]:
    """For the lobby, each preset of :func:`canasta.rules.fields.preset_names`: ``name``, its default
    ``players`` and ``target``, the player counts it accepts (``counts``, 2 to 6; 5 = three against two with one
    sitting out, §3.1), the sides a 6-player table may form (``teams6``), and whether 3 players may
    play cutthroat (``cutthroat``)."""
    out = []
    for name in preset_names():
        def ok(options: str, name: str = name) -> Rules | None:
            try:
                return Rules.parse(f"{name}({options})")
            except (RulesError, ValueError):
                return None
        counts = [n for n in range(2, 7) if ok(f"players={n}")]
        teams6 = [t for t in (2, 3) if ok(f"players=6,teams={t}")]
        cut = ok("players=3,cutthroat=true")
        base = Rules.parse(name)
        out.append({"name": name, "players": base.players, "target": base.target, "counts": counts,
                    "teams6": teams6, "cutthroat": cut is not None})
    return tuple(out)


def rules_facts(rules: Rules) -> dict[str, Any]:
    """What the table page needs of the variant: seats and sides, and what the variant adds
    to the table (tile names §3.4, extra cards Mexican/Pennies, blocking rank, melds of twos
    Italian, cutthroat §3.1, players sitting out §3.1)."""
    return {"spec": rules.spec(), "players": rules.players, "teams": rules.teams,
            "team_size": rules.team_size, "target": rules.target,
            "tile_names": rules.tile_names, "extra_cards": rules.extra_cards,
            "extra_cards_from": rules.extra_cards_from, "extra_cards_when": rules.extra_cards_when,
            "pile_blocking_rank": rules.pile_blocking_rank, "twos_melds": rules.twos_melds,
            "cutthroat": rules.cutthroat, "sitting_out": rules.sitting_out,
            "no_opening_first_round": rules.no_opening_first_round}


def opening_dict(rules: Rules, score: int, minimum: int) -> dict[str, Any]:
    """What a side at ``score`` (points) with minimum count ``minimum`` needs for its initial meld
    (:func:`canasta.engine.view_facts.opening_parts`), with the English words of
    :func:`canasta.engine.constraints.initial_meld.opening_need` as ``text`` (the page translates the parts)."""
    need = opening_parts(rules, score, minimum)
    return {"requirement": need.requirement, "minimum": need.minimum, "no_wild": need.no_wild,
            "or_canasta": need.or_canasta, "or_wild_meld": need.or_wild_meld,
            "with_canasta": need.with_canasta, "text": opening_need(rules, score, minimum)}


class TableError(ValueError):
    """An action refused at a table. ``code`` names the reason for translation; the text says it in English."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass
class Seat:
    """One seat: a person (with a secret token for the invite link) or a bot of some level."""

    name: str
    kind: str
    bot: str | None
    token: str | None
    joined: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The stored form (with the token)."""
        return {"name": self.name, "kind": self.kind, "bot": self.bot, "token": self.token,
                "joined": self.joined}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Seat:
        """Read the stored form."""
        return Seat(str(d["name"]), str(d["kind"]), d.get("bot"), d.get("token"), bool(d.get("joined")))


def new_seats(rules: Rules, seats: Sequence[dict[str, Any]]) -> list[Seat]:
    """Check the lobby's seat choices and give each person a token.

    Args:
        rules: the variant (its ``players`` is the number of seats).
        seats: one ``{"kind": "human"|"bot", "bot": level, "name": str}`` per seat (name optional).

    Raises:
        TableError: wrong number of seats, unknown kind or bot level, no person at all, a bad name.
    """
    if len(seats) != rules.players:
        raise TableError("bad_seats", f"{rules.spec()} has {rules.players} seats, {len(seats)} were given")
    out: list[Seat] = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise TableError("bad_seats", f"seat {i + 1} must be an object")
        kind = s.get("kind")
        name = s.get("name") or ""
        if not isinstance(name, str) or len(name) > 30 or not (name == "" or name.isprintable()):
            raise TableError("bad_seats", f"seat {i + 1}: a name has at most 30 printable characters")
        name = " ".join(name.split())
        if kind == "human":
            out.append(Seat(name or f"Player {i + 1}", "human", None, secrets.token_urlsafe(18)))
        elif kind == "bot":
            level = s.get("bot")
            if level not in BOT_LEVELS:
                raise TableError("bad_seats", f"seat {i + 1}: bot level must be one of {', '.join(BOT_LEVELS)}")
            out.append(Seat(name or f"Bot {i + 1} ({level})", "bot", str(level), None))
        else:
            raise TableError("bad_seats", f"seat {i + 1}: kind must be 'human' or 'bot'")
    if not any(s.kind == "human" for s in out):
        raise TableError("bad_seats", "at least one seat must be a person")
    return out


class Table:
    """A table: seats, the game, the move log by seat, persistence.

    Args:
        table_id: the table's id (in its links).
        rules: the variant.
        seats: one :class:`Seat` per seat.
        hints: whether people may ask for the bot's hint.
        game_seed: seed of the game (deal seeds are drawn from it; never sent to a client).
        store: where every change is written, or None (tests).
        first_dealer: seat of the first dealer.
    """

    def __init__(self, table_id: str, rules: Rules, seats: list[Seat], hints: bool, game_seed: int,
                 store: Store | None, first_dealer: int = 0):
        self.id = table_id
        self.rules = rules
        self.seats = seats
        self.hints = hints
        self.game_seed = game_seed
        self.store = store
        self.status = "waiting"
        self.game = Game(rules, seed=game_seed, first_dealer=first_dealer)
        self.move_seats: list[list[int]] = []
        self.seq = 0
        self.agents: dict[int, Agent] = make_seat_agents(
            {i: BOT_SPECS.get(s.bot or "random", s.bot or "random") for i, s in enumerate(seats) if s.kind == "bot"},
            game_seed, fallback="random")
        self._hinters: dict[int, Agent] = make_seat_agents(
            {i: HINT_BOT for i, s in enumerate(seats) if s.kind == "human" and hints}, game_seed)
        # the bots and the hinters follow the deal's public events (their card memory), as in terminal play
        self._observers = observers({**self.agents, **self._hinters})
        self.conns: dict[int, list[Connection]] = {i: [] for i in range(rules.players)}
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ facts

    @property
    def host(self) -> int:
        """The seat that may start the table: the first person's seat."""
        return next(i for i, s in enumerate(self.seats) if s.kind == "human")

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose invite token is ``token`` (compared in constant time), or None."""
        found = None
        for i, s in enumerate(self.seats):
            if s.token is not None and secrets.compare_digest(s.token.encode(), token.encode()):
                found = i
        return found

    # ---------------------------------------------------------------- actions

    def start(self, seat: int) -> None:
        """Start the game (the host's seat only): deal the first deal.

        Raises:
            TableError: not the host, or already started.
        """
        if self.status != "waiting":
            raise TableError("started", "the game has already started")
        if seat != self.host:
            raise TableError("not_host", f"only {self.seats[self.host].name} (seat {self.host + 1}) can start")
        self.status = "playing"
        if self.store:
            self.store.update_table(self.id, status="playing")
        self._deal()

    def _deal(self) -> None:
        deal = self.game.new_deal()
        self.move_seats.append([])
        if self.store:
            self.store.add_deal(self.id, len(self.game.logs) - 1, deal.dealer, self.game.logs[-1].seed)
        self._observe(deal, -1, None)

    def act(self, seat: int, move: Move) -> Move:
        """Make ``move`` for ``seat``.

        Returns:
            The move as applied (concrete cards).

        Raises:
            TableError: the table is not being played, the deal is over, it is not that seat's
                turn to act, or the engine refuses the move (code ``illegal``, the engine's reason);
                the table is unchanged in every case.
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
        try:
            done = self.game.apply(move)
        except IllegalMove as e:
            raise TableError("illegal", str(e)) from None
        self._moved(seat, done)
        return done

    def _moved(self, seat: int, done: Move) -> None:
        deal = self.game.deal
        assert deal is not None
        self.move_seats[-1].append(seat)
        self.seq += 1
        if deal.over:
            self.game.finish_deal()
            if self.game.over:
                self.status = "finished"
        if self.store:
            self.store.add_move(self.id, len(self.game.logs) - 1, len(self.move_seats[-1]) - 1, seat,
                                str(done), status="finished" if self.status == "finished" else None)
        self._observe(deal, seat, done)

    def _observe(self, deal: Deal, seat: int, move: Move | None) -> None:
        """Tell the bots and hinters of a new deal (``seat == -1``) or of table seat ``seat``'s move.

        Each hears it at his deal seat; a player sitting the deal out (5 players) hears nothing.

        A bot's failure is logged, not raised: the move is already made and stored.
        """
        seating = self.game.seating  # observers are kept by table seat; the deal's views by deal seat (§3.1)
        obs = [(d, fn) for t, fn in self._observers if (d := seating.deal_seat(t)) >= 0]
        try:
            observe_all(obs, deal, seating.deal_seat(seat) if seat >= 0 else -1, move)
        except Exception:
            log.exception("a bot failed to observe a move at table %s", self.id)

    def next_deal(self, seat: int | None = None) -> None:
        """Deal the next deal once the current one is over.

        Raises:
            TableError: the game is not being played or the deal is not over.
        """
        if self.status != "playing":
            raise TableError("game_over" if self.status == "finished" else "not_started",
                             "the game is over" if self.status == "finished" else "the game has not started yet")
        deal = self.game.deal
        if deal is not None and not deal.over:
            raise TableError("deal_not_over", "the deal is still being played")
        self._deal()

    def bot_to_act(self) -> int | None:
        """The bot's seat that must move now, or None."""
        deal = self.game.deal
        if self.status != "playing" or deal is None or deal.over:
            return None
        seat = self.game.table_seat(deal.to_act)
        return seat if self.seats[seat].kind == "bot" else None

    def sitting_out(self) -> int:
        """The table seat that sits the current deal out (5 players, RULES.md §3.1), or -1."""
        return self.game.seating.sitting_out if self.game.deal is not None else -1

    def bot_step(self) -> bool:
        """Let the bot to act make one move.

        Returns:
            True if a bot moved, False if a person must act (or the deal or game is over).
        """
        seat = self.bot_to_act()
        if seat is None:
            return False
        deal = self.game.deal
        assert deal is not None
        agent = self.agents[seat]
        legal = deal.legal_actions()
        action = agent.select(deal.view(deal.to_act) if agent.needs_view else None, legal)
        done = self.game.apply_action(action)
        self._moved(seat, done)
        return True

    def hint(self, seat: int) -> str:
        """The move the :data:`HINT_BOT` would make for ``seat``, chosen from that seat's view and the
        public moves only.

        Raises:
            TableError: hints are off at this table, or it is not that seat's turn to act.
        """
        if not self.hints:
            raise TableError("no_hints", "hints are turned off at this table")
        deal = self.game.deal
        if (self.status != "playing" or deal is None or deal.over
                or self.game.table_seat(deal.to_act) != seat):
            raise TableError("not_your_turn", "a hint is given when it is your turn to act")
        agent = self._hinters[seat]
        legal = list(deal.legal_actions())
        action = agent.select(deal.view(deal.to_act), legal)
        return str(deal.move_for_action(action))

    def rename(self, seat: int, name: str) -> None:
        """Change the name shown for ``seat``."""
        self.seats[seat].name = name
        self._save_seats()

    def mark_joined(self, seat: int) -> None:
        """Note that the person of ``seat`` has opened the table at least once."""
        if not self.seats[seat].joined:
            self.seats[seat].joined = True
            self._save_seats()

    def _save_seats(self) -> None:
        if self.store:
            self.store.update_table(self.id, seats=[s.to_dict() for s in self.seats])

    # ----------------------------------------------------------------- output

    def public_info(self) -> dict[str, Any]:
        """What anyone holding a link to the table may see before choosing a seat (no cards)."""
        return {
            "id": self.id, "variant": self.rules.spec(), "status": self.status, "hints": self.hints,
            "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot, "joined": s.joined,
                       "side": self.rules.side_of(i)} for i, s in enumerate(self.seats)],
        }

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

    def state_for(self, seat: int) -> dict[str, Any]:
        """The state message for ``seat``: its view of the deal plus public facts.

        Built only from the seat's view of the deal, the move texts (which never show a
        drawn card), seat names and scored deals; the legal moves are listed only for the
        seat to act, and hold only its own cards. Seat numbers are table seats. A seat
        that sits the deal out (5 players, §3.1) is sent a partner's view without its hand
        (``view.spectator``, ``sitting_out``): public information only, never a hand.
        """
        rules = self.rules
        game = self.game
        deal = game.deal
        state: dict[str, Any] = {
            "type": "state", "table": self.id, "seq": self.seq, "status": self.status, "you": seat,
            "host": seat == self.host, "hints": self.hints,
            "rules": rules_facts(rules),
            "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot, "joined": s.joined,
                       "connected": bool(self.conns[i]) or s.kind == "bot", "side": rules.side_of(i)}
                      for i, s in enumerate(self.seats)],
            "deal_no": len(game.logs), "totals": list(game.totals), "next_minimums": game.minimums(),
            "history": self.history(), "game_over": game.over, "winner": game.winner,
            "view": None, "log": [], "legal": [], "sitting_out": self.sitting_out(), "opening": [],
        }
        if deal is not None:
            mine = game.seating.deal_seat(seat)
            if mine >= 0:
                view = deal.view(mine)
                state["view"] = view_dict(view, game.seating.seats, rules.players)
            else:  # sitting out: a partner's view, without its hand
                partner = next(d for d in range(len(game.seating.seats))
                               if deal.side_of[d] == rules.side_of(seat))
                view = deal.view(partner)
                state["view"] = view_dict(view, game.seating.seats, rules.players, spectator=seat)
            state["opening"] = [opening_dict(rules, view.scores[side], view.minimums[side])
                                for side in range(len(view.scores))]
            texts = game.logs[-1].moves
            state["log"] = [{"seat": s, "move": t} for s, t in zip(self.move_seats[-1], texts, strict=True)]
            if self.status == "playing" and not deal.over and mine >= 0 and deal.to_act == mine:
                state["legal"] = sorted({str(m) for m in deal.legal_moves()})
        return state

    def record(self) -> dict[str, Any]:
        """The game record (``canasta.formats.records`` format) of a finished game.

        Raises:
            TableError: the game is not over (the record holds every deck, so it is kept until then).
        """
        if not self.game.over:
            raise TableError("not_over", "the record can be downloaded when the game is over")
        from canasta.formats.records import record_from_game

        return record_from_game(self.game, [{"name": s.name, "kind": s.kind, "bot": s.bot}
                                            for s in self.seats])


def create_table(store: Store | None, variant: str, seats: Sequence[dict[str, Any]], hints: bool = True,
                 seed: int | None = None) -> Table:
    """A new table, stored.

    Args:
        store: the database (None: not stored).
        variant: variant string, e.g. ``classic(players=4)``.
        seats: the lobby's seat choices (see :func:`new_seats`).
        hints: allow hints.
        seed: game seed (default: a random one).

    Raises:
        TableError: a bad variant (code ``bad_variant``, the rules' message) or bad seats.
    """
    if not isinstance(variant, str) or len(variant) > 400:
        raise TableError("bad_variant", "the variant must be a text such as classic(players=4)")
    try:
        rules = Rules.parse(variant)
    except (RulesError, ValueError) as e:
        raise TableError("bad_variant", str(e)) from None
    seat_list = new_seats(rules, seats)
    game_seed = seed if seed is not None else secrets.randbits(62)
    table = Table(secrets.token_urlsafe(9), rules, seat_list, bool(hints), game_seed, store)
    if store:
        store.create_table(StoredTable(table.id, rules.spec(), [s.to_dict() for s in seat_list], table.hints,
                                       table.status, game_seed, 0, []))
    return table


def rebuild_table(stored: StoredTable, store: Store | None) -> Table:
    """The table as it was when its last move was stored, replayed through the engine.

    Raises:
        TableError: the stored rows do not replay (code ``corrupt``: a seed, dealer or move that
            the engine does not reproduce).
    """
    try:
        rules = Rules.parse(stored.variant)
    except RulesError as e:
        raise TableError("corrupt", f"table {stored.id}: {e}") from None
    seats = [Seat.from_dict(d) for d in stored.seats]
    t = Table(stored.id, rules, seats, stored.hints, stored.game_seed, None, stored.first_dealer)
    t.status = stored.status
    game = t.game
    for d in stored.deals:
        t._deal()  # not stored yet: t.store is None; the bots observe the replayed deal
        deal = game.deal
        assert deal is not None
        if game.logs[-1].seed != d.seed or deal.dealer != d.dealer:
            raise TableError("corrupt", f"table {stored.id}: deal {d.number + 1} does not match its seed")
        for seat, text in d.moves:
            if deal.over or game.table_seat(deal.to_act) != seat:
                raise TableError("corrupt", f"table {stored.id}: move '{text}' by seat {seat + 1} out of turn")
            try:
                done = game.apply(text)
            except IllegalMove as e:
                raise TableError("corrupt", f"table {stored.id}: move '{text}': {e}") from None
            t._moved(seat, done)
    t.store = store
    return t


class Connection(Protocol):
    """What the manager needs of a websocket: sending text."""

    async def send_text(self, data: str) -> None:
        """Send one text frame."""
        ...


class TableManager:
    """The tables in memory, their connections and bot tasks.

    Args:
        store: the database (tables are loaded from it on demand, active ones at :meth:`restore`).
        bot_delay: seconds a bot waits before each move (0 in tests and benchmarks).
    """

    def __init__(self, store: Store, bot_delay: float = 0.3):
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.rng = random.Random()

    def create(self, variant: str, seats: Sequence[dict[str, Any]], hints: bool = True) -> Table:
        """Create and store a table (see :func:`create_table`). Raises TableError."""
        t = create_table(self.store, variant, seats, hints)
        self.tables[t.id] = t
        return t

    def get(self, table_id: str) -> Table | None:
        """The table ``table_id``, loaded from the database if needed; None if unknown or unreadable."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if len(table_id) > 40:
            return None
        stored = self.store.load_table(table_id)
        if stored is None:
            return None
        try:
            t = rebuild_table(stored, self.store)
        except TableError as e:
            log.error("cannot restore table: %s", e)
            return None
        self.tables[t.id] = t
        self.kick(t)
        return t

    def restore(self) -> int:
        """Load every table being played from the database and let its bots go on. Returns how many."""
        n = 0
        for tid in self.store.table_ids(status="playing"):
            if self.get(tid) is not None:
                n += 1
        return n

    async def close(self) -> None:
        """Stop the bot tasks."""
        for t in self.tables.values():
            if t.bot_task is not None:
                t.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await t.bot_task

    # ----------------------------------------------------------- connections

    async def join(self, table: Table, seat: int, conn: Connection) -> None:
        """Attach a connection to ``seat``, send it the state and tell the others it is here."""
        async with table.lock:
            table.conns[seat].append(conn)
            table.mark_joined(seat)
            await self.broadcast(table)

    async def leave(self, table: Table, seat: int, conn: Connection) -> None:
        """Detach a closed connection."""
        async with table.lock:
            if conn in table.conns[seat]:
                table.conns[seat].remove(conn)
            await self.broadcast(table)

    async def handle(self, table: Table, seat: int, conn: Connection, msg: ClientMessage) -> None:
        """Carry out one checked client message for ``seat``; refusals go back to ``conn`` only."""
        async with table.lock:
            try:
                reply = self._dispatch(table, seat, msg)
            except (TableError, ProtocolError) as e:
                await _send(conn, dumps(error_message(e.code, str(e), msg.ref)))
                return
            if reply is not None:
                if msg.ref is not None:
                    reply["ref"] = msg.ref
                await _send(conn, dumps(reply))
                return
            await self.broadcast(table)
        self.kick(table)

    def _dispatch(self, table: Table, seat: int, msg: ClientMessage) -> dict[str, Any] | None:
        if msg.type == "move":
            assert msg.move is not None
            table.act(seat, msg.move)
        elif msg.type == "start":
            table.start(seat)
        elif msg.type == "next_deal":
            table.next_deal(seat)
        elif msg.type == "name":
            table.rename(seat, msg.text)
        elif msg.type == "hint":
            return {"type": "hint", "move": table.hint(seat)}
        elif msg.type == "ping":
            return {"type": "pong"}
        elif msg.type == "sync":
            return table.state_for(seat)
        return None

    async def broadcast(self, table: Table) -> None:
        """Send every connected seat its own state (call with the table's lock held)."""
        for seat, conns in table.conns.items():
            if not conns:
                continue
            text = dumps(table.state_for(seat))
            for conn in list(conns):
                if not await _send(conn, text):
                    conns.remove(conn)

    # ------------------------------------------------------------------- bots

    def kick(self, table: Table) -> None:
        """Start the table's bot task if a bot must move and none is running."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        if table.bot_to_act() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.bot_task = loop.create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with table.lock:
                try:
                    moved = table.bot_step()
                except Exception:  # a bot bug must not take the server down
                    log.exception("bot failed at table %s", table.id)
                    return
                if not moved:
                    return
                await self.broadcast(table)


async def _send(conn: Connection, text: str) -> bool:
    try:
        await conn.send_text(text)
        return True
    except Exception:
        return False
