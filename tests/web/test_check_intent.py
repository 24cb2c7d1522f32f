"""The read-only ``check`` intent: the page's staged initial meld tried on a copy of the deal, nothing changed."""

from __future__ import annotations

import json
import random

import pytest

from canasta.web.protocol import MAX_CHECK_MOVES, ProtocolError, parse_message
from canasta.web.tables.table import Table, create_table


def _unopened_turn_with_a_meld() -> tuple[Table, int, list[str]]:
    """A table played at random until the seat to act has not melded and may meld: the table, seat, its melds."""
    rng = random.Random(5)
    table = create_table("classic(players=4)", [{"kind": "human", "name": "A"}] * 4, seed=3)[0]
    table.commit(table.start(0))
    for _ in range(400):
        seat = table.to_act()
        assert seat is not None
        legal = table.legal_for(seat)
        deal = table.game.deal
        assert deal is not None
        melds = [m for m in legal if m.startswith("meld ")]
        if melds and not deal.opened[deal.side_of[deal.to_act]]:
            return table, seat, melds
        table.commit(table.act(seat, rng.choice(legal)))
    raise AssertionError("no unopened turn with a meld")


def test_check_counts_the_staged_meld_and_changes_nothing() -> None:
    table, seat, melds = _unopened_turn_with_a_meld()
    before = (table.seq, table.state_for(seat)["view"])
    answer = table.check(seat, parse_message(json.dumps({"type": "check", "moves": [melds[0]]})).moves)
    assert answer["type"] == "checked" and answer["message"] == ""
    assert answer["points"] > 0 and answer["minimum"] == 50
    assert answer["ok"] == answer["opened"] == (answer["points"] >= answer["minimum"])
    twice = table.check(seat, parse_message(json.dumps({"type": "check", "moves": [melds[0], melds[0]]})).moves)
    assert not twice["ok"] and twice["message"]  # the same cards twice: the engine's reason
    short = " ".join(melds[0].split()[:3])  # "meld" and two cards: too few for a meld
    few = table.check(seat, parse_message(json.dumps({"type": "check", "moves": [short]})).moves)
    assert not few["ok"] and few["reason"]["code"] and few["message"]  # a coded refusal: the page words it
    assert (table.seq, table.state_for(seat)["view"]) == before


def test_check_is_refused_out_of_turn() -> None:
    table, seat, melds = _unopened_turn_with_a_meld()
    other = (seat + 1) % 4
    with pytest.raises(ValueError, match="not your turn"):
        table.check(other, parse_message(json.dumps({"type": "check", "moves": [melds[0]]})).moves)


@pytest.mark.parametrize("moves", [[], ["draw"], ["discard KH"], [1], ["meld"] * (MAX_CHECK_MOVES + 1), ["meld ZZ"]])
def test_check_accepts_only_a_short_list_of_melds(moves: list[object]) -> None:
    with pytest.raises(ProtocolError):
        parse_message(json.dumps({"type": "check", "moves": moves}))
