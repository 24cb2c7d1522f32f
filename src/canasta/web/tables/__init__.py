"""Tables of the web server, one job per module (docs/web.md "How it works").

* :mod:`.seats` — seats, bot levels, the lobby's facts of a variant, :class:`TableError`;
* :mod:`.events` — the numbered event log (protocol version 2) and what each seat may see of an event;
* :mod:`.table` — :class:`Table`: the rules of a table, its changes (write-ahead), snapshots and updates;
* :mod:`.persistence` — the store writer thread (batched, off the event loop);
* :mod:`.botpool` — bots and hints in a process pool, each decision within a budget;
* :mod:`.invites` — invite links claimed once, re-invitation;
* :mod:`.manager` — :class:`TableManager`: connections, storing then broadcasting changes, bot tasks.

May import the engine, the agents, the formats and the web layer's store and protocol (never the app).
"""

from canasta.web.tables.botpool import BotPool, BotRequest, decide, safe_move
from canasta.web.tables.events import Event, EventLog
from canasta.web.tables.manager import TableManager
from canasta.web.tables.persistence import StoreFailed, StoreInDoubt, StoreWriter
from canasta.web.tables.seats import (
    BOT_LEVELS,
    BOT_SPECS,
    HINT_BOT,
    OFFERED_BOTS,
    STATUSES,
    Seat,
    TableError,
    new_seats,
    opening_dict,
    preset_choices,
    rules_facts,
)
from canasta.web.tables.table import PROTOCOL_VERSION, Change, Connection, Table, create_table, rebuild_table

__all__ = ["BOT_LEVELS", "BOT_SPECS", "HINT_BOT", "OFFERED_BOTS", "PROTOCOL_VERSION", "STATUSES", "BotPool",
           "BotRequest", "Change",
           "Connection", "Event", "EventLog", "Seat", "StoreFailed", "StoreInDoubt", "StoreWriter", "Table",
           "TableError", "TableManager", "create_table", "decide", "new_seats", "opening_dict", "preset_choices",
           "rebuild_table", "rules_facts", "safe_move"]
