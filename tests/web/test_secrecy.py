"""Property test: no message to a client holds a card it could not know (DESIGN.md, "Hidden information").

Whole games are played at a :class:`~canasta.web.tables.Table` (every seat a person,
moved by random agents); after every move the state message of every seat is built
exactly as the server sends it — the snapshot (``dumps(table.state_for(seat))``) and the
update of protocol 2 (``dumps(table.update_for(seat, events, ...))``), for every seat and for a
spectator (``seat`` None) — and checked against the engine's internal state:

* the ``hand`` field is the seat's own hand;
* outside the move log and the legal moves, every card named in the message is
  accounted for by the seat's own hand and the public cards (melds, red threes laid
  out, the pile's top card, the whole pile where the variant shows it): for each card
  type the count in the message equals that sum, so no card of another hand, of the
  stock or hidden in the pile can be in it;
* a legal move names only the seat's own cards, and only the seat to act gets any;
* the move log and the events name cards only in moves that put them on the table, never for a
  draw; an event's ``drew`` (the cards received) goes only to the mover and is in his hand;
* no shuffle seed is in the message.

The one card below the top that a message may name is the wild card or red three that
froze the pile (``frozen_reason``): at a real table it lies crosswise in the pile for all to see.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.agents import make_agent
from canasta.cards.deck import card_str, parse_cards
from canasta.rules.fields import Rules, preset_names
from canasta.web.protocol import dumps
from canasta.web.tables import Change, Table, create_table

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")
SILENT = ("draw", "ask", "yes", "no", "pass")


def cards_in(value: Any) -> Counter[str]:
    """Every card token anywhere in a JSON value."""
    return Counter(CARD.findall(json.dumps(value)))


def public_cards(table: Table) -> Counter[str]:
    """The cards every seat sees, from the engine's internal state."""
    deal = table.game.deal
    assert deal is not None
    out: Counter[str] = Counter()
    for side in deal.melds:
        for m in side:
            out.update(card_str(c) for c in m.cards)
    for reds in deal.red3:
        out.update(card_str(c) for c in reds)
    if deal.pile:
        out[card_str(deal.pile[-1])] += 1  # the top card
        if table.rules.pile_visible:  # and the whole pile, where the variant shows it
            out.update(card_str(c) for c in deal.pile)
    return out


def own_hand(table: Table, seat: int | None) -> Counter[str]:
    """The hand of table seat ``seat`` (empty while he sits the deal out, 5 players, or for a spectator)."""
    deal = table.game.deal
    assert deal is not None
    if seat is None:
        return Counter()
    d = table.game.seating.deal_seat(seat)
    if d < 0:
        return Counter()
    return Counter({card_str(c): n for c, n in enumerate(deal.hands[d]) if n})


def check_message(table: Table, seat: int | None, text: str) -> None:
    """Raise AssertionError if the message ``text`` for ``seat`` holds a card the seat cannot know."""
    deal = table.game.deal
    assert deal is not None
    msg = json.loads(text)
    hand = own_hand(table, seat)
    assert Counter(msg["view"]["hand"]) == hand, "the hand field is not the seat's own hand"
    # the log and legal moves are checked below; the table id is a random token that may read as a card ("JD-...")
    rest = {k: v for k, v in msg.items() if k not in ("log", "legal", "table", "events")}
    reason = rest["view"]["pile"].pop("frozen_reason")
    for card in CARD.findall(reason):  # the card laid crosswise in a frozen pile: public
        assert card in {card_str(c) for c in deal.pile} and card[0] in "23J", reason
    for side in rest["view"]["melds"]:  # a sequence's name ("4H-6H") repeats cards of its meld
        for meld in side:
            wild = any(c == "JK" or c[0] == "2" for c in meld["cards"])  # its wild card may stand at an end
            assert "-" not in meld["rank"] or set(CARD.findall(meld["rank"])) <= set(meld["cards"]) or wild, meld
            meld.pop("rank")
    assert cards_in(rest) == hand + public_cards(table), "a card the seat cannot see is in the message"
    if msg["legal"]:
        assert table.game.table_seat(deal.to_act) == seat and not deal.over
    for move in msg["legal"]:
        # "add 7H to 4H-6H": the meld is public; "JK=5H": the card a wild card stands for is no card held
        used = Counter(CARD.findall(re.sub(r"=\S+", "", move.split(" to ")[0])))
        assert not used - hand, f"legal move {move!r} names cards the seat does not hold"
    for entry in msg.get("events", []):  # the cards just drawn: the mover's own, now in his hand
        assert "drew" not in entry or not Counter(entry["drew"]) - hand, f"{entry} to seat {seat}"
    for entry in msg.get("log", []) + [e for e in msg.get("events", []) if e["kind"] == "move"]:
        assert "drew" not in entry or entry["seat"] == seat, f"{entry} to seat {seat}"
        words = entry["move"].split()
        if words[0] in SILENT:
            assert len(words) == 1, f"{entry} shows cards"
        else:
            parse_cards([w for w in words[1:] if w != "to" and CARD.fullmatch(w)])
    for lg in table.game.logs:
        assert str(lg.seed) not in text, "a shuffle seed is in the message"
    assert str(table.game_seed) not in text


def play_and_check(variant: str, seed: int, max_deals: int = 4) -> int:
    """Play up to ``max_deals`` deals of a game, checking every seat's message after every move."""
    rules_players = Rules.parse(variant).players
    table, _ = create_table(variant, [{"kind": "human"}] * rules_players, seed=seed)
    agents = [make_agent("random", seed + i) for i in range(rules_players)]
    table.commit(table.start(0))
    checked = 0
    while not table.game.over and len(table.game.logs) <= max_deals:
        deal = table.game.deal
        assert deal is not None
        if deal.over:
            if len(table.game.logs) == max_deals:
                break
            checked += check_all(table, table.next_deal(0))
            continue
        seat = table.game.table_seat(deal.to_act)
        action = agents[seat].select(None, deal.legal_actions())
        checked += check_all(table, table.act(seat, deal.move_for_action(action), table.seq))
    return checked


def check_all(table: Table, change: Change) -> int:
    """Commit ``change``, then check the snapshot and the update of every seat and of a spectator."""
    table.commit(change)
    seats: list[int | None] = [*range(table.rules.players), None]
    for s in seats:
        check_message(table, s, dumps(table.state_for(s)))
        check_message(table, s, dumps(table.update_for(s, change.events, change.deal_changed)))
    return len(seats)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(10**6, 2**40),
       variant=st.sampled_from(["classic(players=4)", "classic(players=2)", "classic(players=3)",
                                "classic(players=6,teams=3)", "classic(players=4,pile_visible=yes)",
                                "classic(players=5)", "romanian-tiles", "pennies-from-heaven", "mexican"]))
def test_no_message_holds_a_card_the_seat_cannot_know(seed: int, variant: str) -> None:
    assert play_and_check(variant, seed, max_deals=2) > 0


def test_whole_game_messages_are_secret() -> None:
    assert play_and_check("classic(players=4,target=1500)", 5_000_003, max_deals=50) > 100


@pytest.mark.parametrize("variant", [*preset_names(), "classic(players=5)", "classic(players=3,cutthroat=true)"])
def test_every_variant_keeps_its_secrets(variant: str) -> None:
    """A deal of every preset (face-down packets, surpriza, dowry stay hidden), of five players
    (the seat sitting out gets no hand) and of cutthroat, every seat checked after every move."""
    deals = 3 if "players=5" in variant else 1  # each of the side of three sits out once
    assert play_and_check(variant, 4_000_037, max_deals=deals) > 50


def test_the_check_catches_a_leak() -> None:
    """The checker fails when another seat's hand is slipped into a message."""
    table, _ = create_table("classic(players=4)", [{"kind": "human"}] * 4, seed=3_000_017)
    table.commit(table.start(0))
    state = table.state_for(0)
    check_message(table, 0, dumps(state))
    deal = table.game.deal
    assert deal is not None
    leaked = dict(state, extra={"cards": [card_str(c) for c in range(53) if deal.hands[1][c]]})
    with pytest.raises(AssertionError):
        check_message(table, 0, dumps(leaked))
    leaked = dict(state, stock_top=card_str(deal.stock[-1]))
    with pytest.raises(AssertionError):
        check_message(table, 0, dumps(leaked))
