"""Persistence of web tables and score sheets (SQLAlchemy 2; SQLite by default, PostgreSQL by URL).

A table is stored as small append-only rows so that a move costs one short
INSERT: the table (variant, seats with their tokens, options, status), one row
per deal started (dealer and shuffle seed) and one row per move (seat and text
in notation). :func:`canasta.web.tables.rebuild_game` replays them through the
engine after a restart. A score sheet (score keeper page) is one row holding
the variant, the side names and the deals as entered.

Nothing here knows the rules: it stores and returns plain values.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    insert,
    inspect,
    or_,
    update,
)
from sqlalchemy import select as sa_select
from sqlalchemy import (
    text as sa_text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

DEFAULT_DATABASE = "canasta.db"
"""SQLite file used when no database is named (in the current directory)."""

LIBPQ_DRIVERS = ("postgresql", "postgresql+psycopg", "postgresql+psycopg2")
"""SQLAlchemy URL schemes whose driver takes libpq's ``connect_timeout``."""


class Base(DeclarativeBase):
    """Declarative base of the web layer's tables."""


class TableRow(Base):
    """A table of the web lobby."""

    __tablename__ = "web_tables"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    variant: Mapped[str] = mapped_column(String(400))
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    hints: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(16))
    game_seed: Mapped[int] = mapped_column(BigInteger)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    spectators: Mapped[bool] = mapped_column(Boolean, default=False)
    clock: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    fence: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """The newest fencing token a write of this table carried (servers sharing the store), else NULL."""


class DealRow(Base):
    """One deal started at a table: its dealer and shuffle seed."""

    __tablename__ = "web_deals"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    dealer: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)


class MoveRow(Base):
    """One move made at a table, in notation."""

    __tablename__ = "web_moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    clock_left: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds the mover had on the turn clock after the move (tables with a clock), else NULL."""


class SheetRow(Base):
    """A score sheet of the score keeper page."""

    __tablename__ = "web_sheets"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    variant: Mapped[str] = mapped_column(String(400))
    sides: Mapped[list[str]] = mapped_column(JSON)
    deals: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    note: Mapped[str] = mapped_column(Text, default="")


@dataclass
class StoredDeal:
    """A deal as stored: number (0-based), dealer seat, seed, moves as (seat, text), and for each move the
    seconds its mover had left on the turn clock after it (None: the table has no clock)."""

    number: int
    dealer: int
    seed: int
    moves: list[tuple[int, str]] = field(default_factory=list)
    clock_left: list[float | None] = field(default_factory=list)


@dataclass
class StoredTable:
    """A table as stored, with its deals in order."""

    id: str
    variant: str
    seats: list[dict[str, Any]]
    hints: bool
    status: str
    game_seed: int
    first_dealer: int
    deals: list[StoredDeal]
    spectators: bool = False
    clock: list[float] | None = None


@dataclass(frozen=True)
class StoreOp:
    """One write of a table, applied with others in one transaction by :meth:`Store.apply_ops`.

    ``kind`` is ``create`` (``row``: a :class:`StoredTable`), ``update`` (``status`` and/or ``seats``),
    ``deal`` (``number``, ``dealer``, ``seed``), ``move`` (``deal``, ``seq``, ``seat``, ``text``, optional
    ``status`` and ``clock_left``) or ``fence`` (``token``: the writer's fencing token for the table; the
    transaction fails with :class:`FencedOut` if the table has seen a newer one). Plain values only, so that
    a writer thread (:mod:`canasta.web.tables.persistence`) can run it.
    """

    kind: str
    table_id: str
    args: dict[str, Any]


@dataclass
class StoredSheet:
    """A score sheet as stored."""

    id: str
    variant: str
    sides: list[str]
    deals: list[dict[str, Any]]


class FencedOut(RuntimeError):
    """A write carried a fencing token older than the table's: another server owns the table now."""

    def __init__(self, table_id: str, token: int):
        super().__init__(f"table {table_id}: fencing token {token} is older than the store's; another server "
                         "owns the table now")
        self.table_id, self.token = table_id, token


class CommitUnknown(RuntimeError):
    """A write's COMMIT failed: the database may have committed it before the connection was lost."""


def database_url(database: str | None) -> str:
    """The SQLAlchemy URL for ``database``: a URL as given, a file path as SQLite, None as ``canasta.db``.

    Examples: ``None`` -> ``sqlite:///canasta.db``; ``games.db`` -> ``sqlite:///games.db``;
    ``postgresql+psycopg://user@host/canasta`` unchanged.
    """
    if not database:
        database = DEFAULT_DATABASE
    if "://" in database:
        return database
    return "sqlite:///" + str(Path(database))


class Store:
    """The database of the web layer.

    Args:
        url: a SQLAlchemy URL (see :func:`database_url`). The tables are created if missing.
        sqlite_timeout: seconds a SQLite write waits for a lock held by another connection before failing.
        connect_timeout: whole seconds a connection to a database server (PostgreSQL) may take before it fails,
            so that an unreachable host refuses the moves at once instead of holding the store writer; a
            ``connect_timeout`` in the URL wins.
        statement_timeout_ms: milliseconds a statement may run on a database server (PostgreSQL's
            ``statement_timeout``) before the server cancels it, so that a server that hangs after connecting
            (a lock held by another program, a stuck disk) fails the write instead of holding the store writer;
            ``options`` in the URL wins.

    A database server's connection that was idle for more than :data:`PING_IDLE_SECONDS` is checked before it
    is used (``SELECT 1``; a dead one is replaced): after the server was restarted, the pool's dead connections
    are replaced instead of failing the next write. A connection in steady use is not pinged (a round trip per
    batch saved); a write that finds its connection dead before COMMIT (the server restarted meanwhile) wrote
    nothing and is made once more on a new connection (:meth:`apply_ops`).

    Raises:
        sqlalchemy.exc.ArgumentError / OperationalError: the URL is malformed or the database unreachable.
    """

    def __init__(self, url: str, sqlite_timeout: float = 5.0, connect_timeout: int = 5,
                 statement_timeout_ms: int = 15000):
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": sqlite_timeout}
        if url.split("://")[0] in LIBPQ_DRIVERS:
            args: dict[str, Any] = {}
            if "connect_timeout=" not in url:
                args["connect_timeout"] = connect_timeout
            if "options=" not in url:
                args["options"] = f"-c statement_timeout={int(statement_timeout_ms)}"
            kwargs["connect_args"] = args
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            event.listen(self.engine, "checkin", _note_use)
            event.listen(self.engine, "checkout", _ping_if_idle)
        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        self._inserts = {model: _driver_insert(self.engine, model) for model in (DealRow, MoveRow)}

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    # ------------------------------------------------------------------ tables

    def create_table(self, table: StoredTable) -> None:
        """Insert a new table (without deals)."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            s.add(TableRow(id=table.id, created=now, updated=now, variant=table.variant, seats=table.seats,
                           hints=table.hints, status=table.status, game_seed=table.game_seed,
                           first_dealer=table.first_dealer, spectators=table.spectators))

    def update_table(self, table_id: str, *, status: str | None = None,
                     seats: list[dict[str, Any]] | None = None) -> None:
        """Change a table's status and/or seats."""
        with Session(self.engine) as s, s.begin():
            row = s.get(TableRow, table_id)
            if row is None:
                return
            if status is not None:
                row.status = status
            if seats is not None:
                row.seats = [dict(x) for x in seats]
            row.updated = time.time()

    def add_deal(self, table_id: str, number: int, dealer: int, seed: int) -> None:
        """Record that deal ``number`` (0-based) started with ``dealer`` and ``seed``."""
        with Session(self.engine) as s, s.begin():
            s.add(DealRow(table_id=table_id, number=number, dealer=dealer, seed=seed))

    def add_move(self, table_id: str, deal: int, seq: int, seat: int, text: str,
                 status: str | None = None) -> None:
        """Record move number ``seq`` (0-based within the deal) made by ``seat``; optionally a new status.

        One short INSERT in its own transaction (SQL Core, no ORM unit of work: this is the hot path).
        """
        with self.engine.begin() as conn:
            conn.execute(insert(MoveRow).values(table_id=table_id, deal=deal, seq=seq, seat=seat, text=text))
            if status is not None:
                conn.execute(update(TableRow).where(TableRow.id == table_id)
                             .values(status=status, updated=time.time()))

    def apply_ops(self, ops: list[StoreOp]) -> None:
        """Apply ``ops`` in ONE transaction: all are stored or (an exception) none.

        The rows of each kind are inserted with one statement each (executemany): new tables, then deals,
        then moves; then the tables' updates in the order given (the last status wins).

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the database refused or is unreachable (nothing is stored).
            CommitUnknown: the COMMIT itself failed (a connection lost while committing): the rows may be
                stored or not; :meth:`ops_stored` tells which once the database answers again.
            FencedOut: a ``fence`` op's token is older than the table's (nothing is stored).
            ValueError: an unknown op kind (nothing is stored).
        """
        now = time.time()
        creates: list[dict[str, Any]] = []
        deals: list[dict[str, Any]] = []
        moves: list[dict[str, Any]] = []
        updates: list[tuple[str, dict[str, Any]]] = []
        fences: dict[str, int] = {}
        for op in ops:
            a = op.args
            if op.kind == "fence":
                fences[op.table_id] = max(int(a["token"]), fences.get(op.table_id, 0))
            elif op.kind == "move":
                moves.append({"table_id": op.table_id, "deal": a["deal"], "seq": a["seq"], "seat": a["seat"],
                              "text": a["text"], "clock_left": a.get("clock_left")})
                if a.get("status") is not None:
                    updates.append((op.table_id, {"status": a["status"], "updated": now}))
            elif op.kind == "deal":
                deals.append({"table_id": op.table_id, "number": a["number"], "dealer": a["dealer"],
                              "seed": a["seed"]})
            elif op.kind == "update":
                values: dict[str, Any] = {"updated": now}
                if a.get("status") is not None:
                    values["status"] = a["status"]
                if a.get("seats") is not None:
                    values["seats"] = [dict(x) for x in a["seats"]]
                updates.append((op.table_id, values))
            elif op.kind == "create":
                t: StoredTable = a["row"]
                creates.append({"id": t.id, "created": now, "updated": now, "variant": t.variant, "seats": t.seats,
                                "hints": t.hints, "status": t.status, "game_seed": t.game_seed,
                                "first_dealer": t.first_dealer, "spectators": t.spectators, "clock": t.clock})
            else:
                raise ValueError(f"unknown store op {op.kind!r}")
        try:
            self._write(creates, deals, moves, updates, fences)
        except DBAPIError as e:
            if not e.connection_invalidated:
                raise
            # a dead connection (the server restarted since it was last used; connections in use are not
            # pinged): it failed before COMMIT, so nothing was written: once more, on a new connection
            self._write(creates, deals, moves, updates, fences)

    def _write(self, creates: list[dict[str, Any]], deals: list[dict[str, Any]], moves: list[dict[str, Any]],
               updates: list[tuple[str, dict[str, Any]]], fences: dict[str, int]) -> None:
        """The transaction of :meth:`apply_ops` (same errors)."""
        with self.engine.connect() as conn:
            trans = conn.begin()
            try:
                if creates:
                    conn.execute(insert(TableRow), creates)
                for model, rows in ((DealRow, deals), (MoveRow, moves)):  # the hot path: the driver's own SQL
                    if rows:
                        sql, keys = self._inserts[model]
                        conn.exec_driver_sql(sql, [tuple(row[k] for k in keys) for row in rows]
                                             if isinstance(keys, tuple) else rows)
                for table_id, values in updates:
                    conn.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
                for table_id, token in fences.items():
                    newer = conn.execute(update(TableRow).where(
                        TableRow.id == table_id, or_(TableRow.fence.is_(None), TableRow.fence <= token))
                        .values(fence=token))
                    if newer.rowcount == 0 and conn.execute(
                            sa_select(TableRow.id).where(TableRow.id == table_id)).first() is not None:
                        raise FencedOut(table_id, token)
            except BaseException:
                with contextlib.suppress(Exception):
                    trans.rollback()
                raise
            try:
                trans.commit()
            except Exception as e:  # the database may have committed before the answer was lost
                raise CommitUnknown(str(e).splitlines()[0][:200] if str(e) else type(e).__name__) from e

    def ops_stored(self, ops: list[StoreOp]) -> bool | None:
        """Whether the rows that ``ops`` insert are in the database, to settle a write whose outcome is unknown
        (the connection was lost during COMMIT, or a batch that failed may have been committed).

        Returns:
            True when every new table, deal and move of ``ops`` is stored (a move with the same text), False
            when none is, None when ``ops`` insert nothing (only updates: nothing to look for).

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the database cannot be read (the outcome stays unknown).
            RuntimeError: some rows of ``ops`` are stored and others not (one transaction cannot do that).
        """
        found: list[bool] = []
        with self.engine.connect() as conn:
            for op in ops:
                a = op.args
                if op.kind == "create":
                    found.append(conn.execute(sa_select(TableRow.id).where(TableRow.id == op.table_id)).first()
                                 is not None)
                elif op.kind == "deal":
                    found.append(conn.execute(sa_select(DealRow.seed).where(
                        DealRow.table_id == op.table_id, DealRow.number == a["number"])).first() is not None)
                elif op.kind == "move":
                    row = conn.execute(sa_select(MoveRow.text).where(
                        MoveRow.table_id == op.table_id, MoveRow.deal == a["deal"], MoveRow.seq == a["seq"])).first()
                    found.append(row is not None and row[0] == a["text"])
        if not found:
            return None
        if all(found) or not any(found):
            return all(found)
        raise RuntimeError("a change is stored in part: the database does not keep transactions whole")

    def load_table(self, table_id: str) -> StoredTable | None:
        """The table with its deals and moves, or None if there is none with that id."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            deals = {d.number: StoredDeal(d.number, d.dealer, d.seed) for d in s.scalars(
                sa_select(DealRow).where(DealRow.table_id == table_id).order_by(DealRow.number))}
            for m in s.scalars(sa_select(MoveRow).where(MoveRow.table_id == table_id)
                               .order_by(MoveRow.deal, MoveRow.seq)):
                if m.deal in deals:
                    deals[m.deal].moves.append((m.seat, m.text))
                    deals[m.deal].clock_left.append(m.clock_left)
            return StoredTable(row.id, row.variant, list(row.seats), row.hints, row.status, row.game_seed,
                               row.first_dealer, [deals[k] for k in sorted(deals)], bool(row.spectators),
                               list(row.clock) if row.clock else None)

    def table_ids(self, status: str | None = None) -> list[str]:
        """Ids of the stored tables (with ``status`` only, if given), oldest first."""
        with Session(self.engine) as s:
            q = sa_select(TableRow.id).order_by(TableRow.created)
            if status is not None:
                q = q.where(TableRow.status == status)
            return list(s.scalars(q))

    # ------------------------------------------------------------------ sheets

    def create_sheet(self, sheet: StoredSheet) -> None:
        """Insert a new score sheet."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            s.add(SheetRow(id=sheet.id, created=now, updated=now, variant=sheet.variant, sides=sheet.sides,
                           deals=sheet.deals, note=""))

    def load_sheet(self, sheet_id: str) -> StoredSheet | None:
        """The score sheet, or None."""
        with Session(self.engine) as s:
            row = s.get(SheetRow, sheet_id)
            if row is None:
                return None
            return StoredSheet(row.id, row.variant, list(row.sides), list(row.deals))

    def save_sheet_deals(self, sheet_id: str, deals: list[dict[str, Any]]) -> None:
        """Replace the deals of a score sheet."""
        with Session(self.engine) as s, s.begin():
            row = s.get(SheetRow, sheet_id)
            if row is not None:
                row.deals = deals
                row.updated = time.time()


def _add_missing_columns(engine: Engine) -> None:
    """Add the columns a database made by an older version lacks (``web_tables.spectators``, ``clock``,
    ``fence``, ``web_moves.clock_left``)."""
    names = {c["name"] for c in inspect(engine).get_columns("web_tables")}
    move_names = {c["name"] for c in inspect(engine).get_columns("web_moves")}
    with engine.begin() as conn:
        if "fence" not in names:
            conn.execute(sa_text("ALTER TABLE web_tables ADD COLUMN fence BIGINT"))
        if "clock_left" not in move_names:
            conn.execute(sa_text("ALTER TABLE web_moves ADD COLUMN clock_left FLOAT"))
        if "spectators" not in names:
            conn.execute(sa_text("ALTER TABLE web_tables ADD COLUMN spectators BOOLEAN DEFAULT FALSE"))
        if "clock" not in names:
            conn.execute(sa_text("ALTER TABLE web_tables ADD COLUMN clock JSON"))


PING_IDLE_SECONDS = 1.0
"""A database server's connection unused for longer is checked (``SELECT 1``) before it is used again."""


def _note_use(_dbapi_conn: Any, record: Any) -> None:
    record.info["canasta_used"] = time.monotonic()


def _ping_if_idle(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
    """The pool's checkout: a connection idle for over :data:`PING_IDLE_SECONDS` (or never used) is pinged;
    a dead one raises DisconnectionError, so the pool discards it and takes another (SQLAlchemy retries)."""
    used = record.info.get("canasta_used")
    if used is not None and time.monotonic() - used <= PING_IDLE_SECONDS:
        return
    try:
        cursor = dbapi_conn.cursor()
        try:
            cursor.execute("SELECT 1")
        finally:
            cursor.close()
        if not getattr(dbapi_conn, "autocommit", True):
            dbapi_conn.rollback()  # the ping's own transaction (psycopg opens one): leave the connection idle
    except Exception as e:
        raise DisconnectionError(str(e).splitlines()[0][:200] if str(e) else type(e).__name__) from e


def _driver_insert(engine: Engine, model: type[Base]) -> tuple[str, tuple[str, ...] | None]:
    """The INSERT of every column of ``model`` in the SQL of ``engine``'s driver, compiled once, and how its
    parameters go: a tuple of column names (positional parameters, in that order: SQLite) or None (named
    parameters: a dict per row, PostgreSQL's drivers). Executed with ``exec_driver_sql`` it skips SQLAlchemy's
    statement handling per batch (about 0.1 ms of the store writer's CPU per batch), with the same rows and the
    same errors (DBAPIError, a dead connection invalidated)."""
    columns = [c.name for c in model.__table__.columns]
    compiled = insert(model).values({c: bindparam(c) for c in columns}).compile(dialect=engine.dialect)
    if compiled.positional:
        return str(compiled), tuple(compiled.positiontup or ())
    return str(compiled), None


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
