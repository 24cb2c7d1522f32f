"""The bot levels of the web tables: which are offered, and that they follow the deal (card memory).

No server and no browser: the :class:`canasta.web.tables.Table` objects are driven directly.
"""

from __future__ import annotations

import pytest

from canasta.agents.levels import HardAgent
from canasta.agents.memory import CardMemory
from canasta.moves.notation import DISCARD, Move
from canasta.web.store import Store
from canasta.web.tables import BOT_LEVELS, BOT_SPECS, HINT_BOT, TableError, create_table, rebuild_table

HUMAN = {"kind": "human", "name": "Ana"}


def bot(level: str) -> dict[str, str]:
    return {"kind": "bot", "bot": level}


def test_levels_offered_and_each_plays() -> None:
    assert {"random", "easy", "medium", "hard", "expert"} <= set(BOT_LEVELS)
    assert BOT_SPECS["expert"].startswith("expert(") and HINT_BOT in BOT_LEVELS
    t = create_table(None, "classic", [HUMAN, bot("easy"), bot("hard"), bot("medium")], seed=3)
    assert [t.agents[s].name for s in (1, 2, 3)] == ["easy", "hard", "medium"]
    play_until(t, 30)
    assert len(t.move_seats[-1]) >= 30 or t.game.deal.over
    t = create_table(None, "classic(players=2)", [HUMAN, bot("expert")], seed=3)
    assert t.agents[1].name.startswith("expert") and "ms" in BOT_SPECS["expert"]
    with pytest.raises(TableError, match="bot level must be one of"):
        create_table(None, "classic", [HUMAN, bot("genius"), bot("hard"), bot("hard")])


def play_until(t, moves: int) -> None:
    """Bots move, the person plays the hint, until ``moves`` moves of the current deal or its end."""
    t.start(0)
    while len(t.move_seats[-1]) < moves and not t.game.deal.over:
        if not t.bot_step():
            t.act(0, t.hint(0))


def discards_by_seat(t) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(t.rules.players)]
    for seat, text in zip(t.move_seats[-1], t.game.logs[-1].moves, strict=True):
        m = Move.parse(text)
        if m.kind == DISCARD:
            out[seat].extend(m.cards)
    return out


def test_hard_bots_and_the_hinter_observe_every_move() -> None:
    t = create_table(None, "classic", [HUMAN, bot("hard"), bot("hard"), bot("hard")], seed=11)
    play_until(t, 60)
    want = discards_by_seat(t)
    assert sum(map(len, want)) > 5
    for seat in range(4):
        agent = t.agents[seat] if seat else t._hinters[0]
        assert isinstance(agent, HardAgent)
        mem: CardMemory = agent.memory
        assert mem.exact, f"seat {seat + 1}: the memory was rebuilt from views, not observed"
        assert mem.discards == want


def test_a_restored_table_replays_the_events_to_its_bots(db_url: str) -> None:
    store = Store(db_url)
    try:
        t = create_table(store, "classic", [HUMAN, bot("hard"), bot("random"), bot("hard")], seed=5)
        play_until(t, 40)
        stored = store.load_table(t.id)
        assert stored is not None
        r = rebuild_table(stored, None)
    finally:
        store.close()
    assert r.game.logs[-1].moves == t.game.logs[-1].moves
    for seat in (1, 3):
        a, b = t.agents[seat], r.agents[seat]
        assert isinstance(a, HardAgent) and isinstance(b, HardAgent)
        assert b.memory.exact and b.memory.discards == a.memory.discards and b.memory.pile == a.memory.pile
        assert b.memory.known == a.memory.known


def test_bots_of_five_players_observe_at_their_deal_seat(caplog: pytest.LogCaptureFixture) -> None:
    """With one player sitting out (§3.1) a bot hears every move at its seat of the deal, never at its table seat."""
    t = create_table(None, "classic(players=5)", [HUMAN] + [bot("hard")] * 4, seed=13)
    t.start(0)
    for deal_no in range(2):
        if deal_no:
            t.next_deal(0)
        while len(t.move_seats[-1]) < 50 and not t.game.deal.over:
            if not t.bot_step():
                t.act(0, t.hint(0))
        seats = t.game.seating.seats  # deal seat -> table seat
        want: list[list[int]] = [[] for _ in seats]
        for seat, text in zip(t.move_seats[-1], t.game.logs[-1].moves, strict=True):
            m = Move.parse(text)
            if m.kind == DISCARD:
                want[seats.index(seat)].extend(m.cards)
        for table_seat in seats:
            agent = t.agents[table_seat] if table_seat else t._hinters[0]
            assert isinstance(agent, HardAgent)
            assert agent.memory.exact and agent.memory.discards == want, f"deal {deal_no + 1}, seat {table_seat + 1}"
        while not t.game.deal.over:
            if not t.bot_step():
                t.act(0, t.hint(0))
    assert "failed to observe" not in caplog.text
