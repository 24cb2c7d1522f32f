"""The hard bot's card memory fed from the public facts of each move (issue #17) against the same memory fed a view
per seat after every move (the path the game loops used before, kept as the oracle).

:meth:`CardMemory.observe_public` reads a :class:`~canasta.agents.protocol.PublicFacts` (built once per move for
every observer) where :meth:`CardMemory.observe` reads the observer's :class:`~canasta.engine.view.PlayerView`.
After every move of seeded deals of several presets, both memories of every seat must hold the same
everything, and bots fed either way must make the same moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.agents.memory import CardMemory
from canasta.agents.protocol import PublicFacts, PublicHook, observe_all, observers
from canasta.agents.registry import make_agent
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.play.match import play_deal
from canasta.rules.fields import Rules

SPECS = ["classic", "classic(players=2,stock_end=reshuffle)", "italian", "hollywood", "samba", "cuban",
         "classic(players=3,cutthroat=true)", "classic(pile_visible=true)", "bolivia", "classic(players=6)"]
"""Presets with their own pile rules (pending piles, visible piles, reshuffles, black threes removed, sequences)."""


def _state(memory: CardMemory) -> dict[str, Any]:
    """Every slot of a memory but the last event's source (a view or the facts), and that source's public fields."""
    names = getattr(CardMemory, "__slots__", None) or CardMemory.__mypyc_attrs__  # type: ignore[attr-defined]
    out = {name: getattr(memory, name) for name in names if name != "_last"}  # (compiled: no __slots__)
    last = memory._last
    out["_last"] = None if last is None else tuple(
        getattr(last, f) for f in PublicFacts.__slots__)
    return out


def _random_pick(deal: Deal, rng: random.Random) -> int:
    legal = deal.legal_actions()
    return legal[int(rng.random() * len(legal))]


@pytest.mark.parametrize("spec", SPECS)
def test_memory_from_public_facts_equals_memory_from_views(spec: str) -> None:
    rules = Rules.parse(spec)
    for seed in range(3):
        deal = Deal(rules, seed=seed)
        rng = random.Random(seed)
        by_view = [CardMemory() for _ in range(rules.players)]
        by_facts = [CardMemory() for _ in range(rules.players)]
        late = CardMemory()  # joins at the fifth move, from the facts alone (starts over from its view)
        move: Move | None = None
        seat = -1
        moves = 0
        while True:
            facts = PublicFacts(deal)
            for s in range(rules.players):
                by_view[s].observe(deal.view(s), seat, move)
                by_facts[s].observe_public(facts, lambda s=s, d=deal: d.view(s), seat, move)
                assert _state(by_facts[s]) == _state(by_view[s]), f"{spec} seed {seed} move {moves} seat {s}"
                assert by_facts[s].known_total == [sum(k) for k in by_facts[s].known]
            if moves == 5:
                twin = CardMemory()
                twin.observe(deal.view(1), seat, move)
            if moves >= 5 and move is not None:
                late.observe_public(facts, lambda d=deal: d.view(1), seat, move)
                if moves > 5:
                    twin.observe(deal.view(1), seat, move)
                assert _state(late) == _state(twin)
            if deal.over:
                break
            seat = deal.actor
            move = deal.apply_action(_random_pick(deal, rng))
            moves += 1


def test_a_public_hook_called_with_a_view_reads_it_as_the_facts() -> None:
    rules = Rules.parse("classic")
    deal = Deal(rules, seed=1)
    agent = make_agent("hard", 0)
    [(seat, hook)] = observers([agent])
    assert isinstance(hook, PublicHook)
    hook(deal.view(0), -1, None)
    plain = CardMemory()
    plain.observe(deal.view(0), -1, None)
    assert _state(agent.memory) == _state(plain)  # type: ignore[attr-defined]


class _ViewsOnly:
    """A bot seen by the game loop through its view-based ``observe`` alone (the old path)."""

    def __init__(self, agent: Any):
        self.agent = agent
        self.name = agent.name
        self.needs_view = agent.needs_view
        self.observe = agent.observe
        self.select = agent.select


def _moves(spec: str, seed: int, wrap: bool) -> list[str]:
    rules = Rules.parse(spec)
    game = Game(rules, seed=seed)
    game.new_deal()
    agents: list[Any] = [make_agent("hard", s) for s in range(rules.players)]
    if wrap:
        agents = [_ViewsOnly(a) for a in agents]
        assert all(type(fn) is not PublicHook for _, fn in observers(agents))
    moves: list[str] = []
    play_deal(game, agents, on_move=lambda d, s, m: moves.append(f"{s}:{m}"))
    return moves


@pytest.mark.parametrize("spec", ["classic", "italian", "hollywood", "classic(players=2,stock_end=reshuffle)"])
def test_hard_bots_make_the_same_moves_fed_either_way(spec: str) -> None:
    for seed in range(2):
        assert _moves(spec, seed, wrap=False) == _moves(spec, seed, wrap=True), f"{spec} seed {seed}"


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["classic", "italian", "hollywood", "samba", "classic(players=2)", "cuban"])
def test_hard_bots_make_the_same_moves_fed_either_way_over_30_deals(spec: str) -> None:
    for seed in range(30):
        assert _moves(spec, seed, wrap=False) == _moves(spec, seed, wrap=True), f"{spec} seed {seed}"


def test_observe_all_builds_no_view_for_public_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.parse("classic")
    deal = Deal(rules, seed=2)
    agents = [make_agent("hard", s) for s in range(4)]
    obs = observers(agents)
    observe_all(obs, deal, -1, None)
    built: list[int] = []
    original = Deal.view
    monkeypatch.setattr(Deal, "view", lambda self, s: built.append(s) or original(self, s))
    seat = deal.actor
    observe_all(obs, deal, seat, deal.apply_action(deal.legal_actions()[0]))
    assert built == []


class _Recorder:
    """A bot that records whether it got a view, for each decision, forced or not."""

    name = "recorder"
    needs_view = True

    def __init__(self, forced: bool | None):
        if forced is not None:
            self.needs_view_when_forced = forced
        self.got: list[tuple[int, bool]] = []

    def select(self, view: Any, legal: Any) -> int:
        self.got.append((len(legal), view is not None))
        return int(legal[0])


@pytest.mark.parametrize("forced", [None, True, False])
def test_play_deal_builds_no_view_for_a_forced_move_where_the_agent_reads_none(forced: bool | None) -> None:
    game = Game(Rules.parse("classic"), seed=4)
    game.new_deal()
    agents = [_Recorder(forced) for _ in range(4)]
    play_deal(game, agents)
    got = [g for a in agents for g in a.got]
    assert any(n == 1 for n, _ in got) and any(n > 1 for n, _ in got)
    assert all(has for n, has in got if n > 1)
    assert all(has == (forced is not False) for n, has in got if n == 1)


def test_the_bots_that_read_no_view_for_a_forced_move_say_so() -> None:
    for spec in ("easy", "medium", "hard", "expert(iterations=4)"):
        agent = make_agent(spec, 0)
        assert agent.needs_view_when_forced is False  # type: ignore[attr-defined]
        assert agent.select(None, [7]) == 7
