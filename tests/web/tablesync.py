"""Helpers of the web tests that drive :class:`canasta.web.tables.Table` objects without a server:
each change is stored (when a store is given) then committed, as the manager does, and bots decide
in this process with :func:`canasta.web.tables.decide`, as a pool worker does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta.web.store import Store
from canasta.web.tables import HINT_BOT, Change, Table, create_table, decide


def new_table(variant: str, seats: Sequence[dict[str, Any]], seed: int, store: Store | None = None) -> Table:
    """A table, stored in ``store`` if given."""
    table, ops = create_table(variant, seats, seed=seed)
    if store is not None:
        store.apply_ops(ops)
    return table


def do(table: Table, change: Change, store: Store | None = None) -> Change:
    """Store (if ``store``) then commit ``change``; returns it."""
    if store is not None:
        store.apply_ops(change.ops)
    table.commit(change)
    return change


def bot_step(table: Table, store: Store | None = None) -> bool:
    """The bot to act moves; False if a person must act (or the deal or game is over)."""
    seat = table.bot_to_act()
    if seat is None:
        return False
    do(table, table.act(seat, decide(table.bot_request(seat, table.bot_spec(seat))), table.seq), store)
    return True


def hint(table: Table, seat: int) -> str:
    """The hint bot's move for ``seat`` (raises TableError when it is not that seat's turn)."""
    return decide(table.bot_request(seat, HINT_BOT, key="hint"))
