"""Every preset at a web table: the lobby's choices, five players with one sitting out (RULES.md §3.1),
and what a variant adds to the state message (packets, extra cards, surpriza, dowry, blocked pile,
canasta to complete, opening requirement, cutthroat, tiles)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from canasta.agents import make_agent
from canasta.cards.deck import parse_card
from canasta.engine.constraints.initial_meld import opening_need
from canasta.rules.fields import Rules, preset_names
from canasta.web.i18n import load_locale
from canasta.web.protocol import view_dict
from canasta.web.store import Store
from canasta.web.tables import Table, TableError, opening_dict, rebuild_table

from .tablesync import bot_step, do, hint, new_table
from .wsplay import create, until

FIVE = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Eva"}]


def test_meta_offers_every_preset_with_its_player_counts(client: TestClient) -> None:
    presets = {p["name"]: p for p in client.get("/api/meta").json()["presets"]}
    assert list(presets) == preset_names()
    assert presets["classic"]["counts"] == [2, 3, 4, 5, 6] and presets["classic"]["cutthroat"]
    assert presets["pennies-from-heaven"]["counts"] == [6] and presets["pennies-from-heaven"]["teams6"] == [2]
    assert presets["mexican"]["counts"] == [4] and not presets["mexican"]["cutthroat"]
    for name, p in presets.items():
        assert Rules.parse(name).players == p["players"] in p["counts"]


@pytest.mark.parametrize("variant", [*preset_names(), "classic(players=5)", "classic(players=3,cutthroat=true)"])
def test_lobby_creates_a_table_of_every_variant(client: TestClient, variant: str) -> None:
    n = Rules.parse(variant).players
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
    tid, tokens = create(client, variant=variant, seats=seats)
    assert client.get(f"/api/tables/{tid}").json()["variant"] == Rules.parse(variant).spec()
    with client.websocket_connect(f"/ws/{tid}?k={tokens[0]}") as ws:
        ws.send_json({"type": "start"})
        s = until(ws, lambda m: m["type"] == "state" and m["view"] is not None)
        assert len(s["seats"]) == len(s["view"]["hand_sizes"]) == n
        assert s["rules"]["spec"] == Rules.parse(variant).spec()


def drive(table: Table, people: dict[int, Any], until_deals: int, store: Store | None = None) -> list[int]:
    """Play bots and people (random agents) to the end of deal ``until_deals``; per deal, the seat sitting out."""
    outs = []
    while True:
        deal = table.game.deal
        assert deal is not None
        if deal.over:
            if len(table.game.logs) >= until_deals or table.game.over:
                return outs
            do(table, table.next_deal(0), store)
            continue
        if len(outs) < len(table.game.logs):
            outs.append(table.sitting_out())
        if bot_step(table, store):
            continue
        seat = table.game.table_seat(deal.to_act)
        assert seat in people and seat != table.sitting_out()
        action = people[seat].select(None, deal.legal_actions())
        do(table, table.act(seat, deal.move_for_action(action)), store)


def test_five_players_one_sits_out_each_deal_and_gets_no_hand(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'five.db'}")
    table = new_table("classic(players=5)", FIVE, 9_000_011, store)
    do(table, table.start(0), store)
    people = {0: make_agent("random", 1), 4: make_agent("random", 2)}
    state = table.state_for(4)  # deal 1: seat 4 (a person) sits out
    assert state["sitting_out"] == 4 and state["view"]["spectator"]
    assert state["view"]["hand"] == [] and state["legal"] == [] and state["view"]["hand_sizes"][4] == 0
    assert state["view"]["seat"] == 4 and state["view"]["side"] == 0
    assert sorted(state["view"]["hand_sizes"]) == [0, 11, 11, 11, 11]
    with pytest.raises(TableError) as e:
        table.act(4, table.game.deal.legal_moves()[0])  # type: ignore[union-attr]
    assert e.value.code == "sitting_out"
    with pytest.raises(TableError):
        hint(table, 4)
    outs = drive(table, people, until_deals=3, store=store)
    assert outs == [4, 0, 2]  # the side of three sends one player out in turn; seat 2 is a bot
    for deal_no, (moved, out) in enumerate(zip(table.move_seats, outs, strict=True)):
        assert out not in moved, f"seat {out + 1} moved in deal {deal_no + 1}, which he sits out"
        assert set(moved) == set(range(5)) - {out}
    state = table.state_for(2)
    assert state["view"]["hand"] == [] and state["view"]["to_act"] != 2
    for h, out in zip(table.history(), outs, strict=True):
        assert h["out_seat"] in range(-1, 5) and h["out_seat"] != out
    again = rebuild_table(store.load_table(table.id))  # type: ignore[arg-type]
    for seat in range(5):
        assert again.state_for(seat) == table.state_for(seat)
    store.close()


def test_five_players_over_the_websocket(client: TestClient) -> None:
    tid, (k0, k4) = create(client, variant="classic(players=5)", seats=FIVE)
    with client.websocket_connect(f"/ws/{tid}?k={k4}") as w4, client.websocket_connect(f"/ws/{tid}?k={k0}") as w0:
        w0.send_json({"type": "start"})
        s4 = until(w4, lambda m: m["type"] == "state" and m["view"] is not None)
        assert s4["sitting_out"] == 4 and s4["view"]["hand"] == [] and s4["legal"] == []
        w4.send_json({"type": "move", "move": "draw"})
        assert until(w4, lambda m: m["type"] == "error")["code"] == "sitting_out"
        s0 = until(w0, lambda m: m["type"] == "state" and m["view"] is not None)
        assert len(s0["view"]["hand"]) == 11 and s0["sitting_out"] == 4


def start(variant: str, seed: int = 1_000_003) -> Table:
    rules = Rules.parse(variant)
    table = new_table(variant, [{"kind": "human"}] * rules.players, seed)
    do(table, table.start(0))
    return table


def test_state_shows_packets_extra_cards_and_tiles() -> None:
    pennies = start("pennies-from-heaven").state_for(0)
    assert pennies["view"]["packet_sizes"] == [11] * 6
    assert pennies["view"]["extra_due"] == {"source": "packet", "count": 11, "when": "first_canasta"}
    mexican = start("mexican").state_for(1)
    assert mexican["view"]["extra_cards_done"] == [False, False]
    assert mexican["view"]["extra_due"] == {"source": "stock", "count": 13, "when": "initial_meld"}
    assert mexican["rules"]["pile_blocking_rank"] == "7"
    tiles = start("romanian-tiles")
    state = tiles.state_for(0)
    assert state["rules"]["tile_names"] and state["view"]["pile"]["surprise"] == tiles.game.deal.view(0).dowry_size  # type: ignore[union-attr]
    assert start("italian").state_for(0)["rules"]["twos_melds"]
    classic = start("classic").state_for(0)
    assert classic["view"]["extra_due"] is None and not any(classic["view"]["packet_sizes"])
    assert classic["view"]["pile"]["blocked_until"] is None and classic["view"]["pile"]["blocking_rank"] is None


def test_view_dict_shows_a_blocked_pile_the_canasta_to_complete_and_the_dowry() -> None:
    view = start("mexican").game.deal.view(0)  # type: ignore[union-attr]
    seven = view_dict(dataclasses.replace(view, pile_top=parse_card("7H")))
    assert seven["pile"]["blocking_rank"] == "7"
    assert view_dict(dataclasses.replace(view, pile_top=parse_card("8H")))["pile"]["blocking_rank"] is None
    blocked = view_dict(dataclasses.replace(view, pile_blocked_until=9, turn_number=6))
    assert blocked["pile"]["blocked_until"] == 9
    assert view_dict(dataclasses.replace(view, pile_blocked_until=9, turn_number=10))["pile"]["blocked_until"] is None
    assert view_dict(dataclasses.replace(view, must_canasta=11))["must_canasta"] == "K"
    assert view_dict(dataclasses.replace(view, dowry_size=3))["pile"]["dowry"] == 3
    lone = view_dict(dataclasses.replace(view, lone_hand=2, sides=(0, 1, 0, 0)))
    assert lone["lone_hand"] == 2 and lone["sides"] == [0, 1, 0, 0]


def english_opening(o: dict[str, Any]) -> str:
    """What table.js's openingText() writes in English."""
    en = load_locale("en")
    if o["requirement"]:
        text = en["opening." + o["requirement"]]
    else:
        text = en["opening.count"].replace("{n}", str(o["minimum"]))
        text += en["opening.no_wild"] if o["no_wild"] else ""
        text += en["opening.with_" + o["with_canasta"]] if o["with_canasta"] else ""
        text += en["opening.or_canasta"] if o["or_canasta"] else ""
    return text + (en["opening.or_wild_meld"] if o["or_wild_meld"] else "")


@pytest.mark.parametrize("variant", preset_names())
def test_opening_parts_say_what_opening_need_says(variant: str) -> None:
    rules = Rules.parse(variant)
    for score in (-600, 0, 1500, 3000, 5000, 7000, 8000, 9000):
        o = opening_dict(rules, score, rules.min_meld(score))
        assert english_opening(o) == o["text"] == opening_need(rules, score, rules.min_meld(score))


@pytest.mark.parametrize("lang", ["en", "ro", "es"])
def test_the_canasta_asked_on_top_of_the_count_is_in_every_language(lang: str) -> None:
    brazilian = Rules.preset("brazilian")
    words = load_locale(lang)
    assert opening_dict(brazilian, 6995, 120)["with_canasta"] == ""
    for score, kind in ((7000, "canasta"), (9000, "natural_canasta")):
        o = opening_dict(brazilian, score, 120)
        assert o["with_canasta"] == kind and o["requirement"] == "" and o["minimum"] == 120
        assert words["opening.with_" + kind] and words["opening.with_" + kind] != words["opening.or_canasta"]
    assert opening_dict(brazilian, 9000, 120)["text"] == "120 needed, with a natural canasta"
    tiles = opening_dict(Rules.preset("romanian-tiles"), 5000, 120)  # the canasta instead of the count
    assert tiles["requirement"] == "canasta" and tiles["with_canasta"] == ""


def test_state_shows_the_round_talons_and_feet_of_the_american_games() -> None:
    hf = start("hand-and-foot").state_for(0)
    assert hf["round"] == {"number": 1, "rounds": 4, "minimum": 50}
    assert hf["next_minimums"] == [50, 50]  # the deal being played (it showed the next round's 90)
    assert hf["view"]["feet"] == [11] * 4 and hf["view"]["talons"] == [] and hf["view"]["turn_card"] is None
    assert hf["view"]["canasta_kinds"] == [{"natural": 0, "mixed": 0, "wild": 0}] * 2
    mac = start("mac").state_for(1)
    assert mac["round"] is None and mac["view"]["feet"] == [] and mac["view"]["talons"] == [0] * 4
    card = mac["view"]["turn_card"]
    assert card["from_bottom"] == 9 and not card["drawn"] and card["talons"] == [4, 4]
    assert card["above"] == mac["view"]["stock"] - 9
    assert start("classic").state_for(0)["round"] is None
