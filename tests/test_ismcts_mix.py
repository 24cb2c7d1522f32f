"""The expert's mix of opponent models in its rollouts (:attr:`canasta.agents.ismcts.search.Settings.mix`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import canasta.agents.ismcts.search as search_mod
from canasta.agents import make_agent
from canasta.agents.hard import HardAgent
from canasta.agents.hard_play import HardPlayer
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.memory import CardMemory
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules


def _searched_positions(variant: str, seed: int, count: int) -> list[tuple[Deal, int]]:
    """Positions of a ``hard`` deal of ``variant`` where the seat to act has a take on offer or plays (search)."""
    rules = Rules.parse(variant)
    deal = Deal(rules, seed=seed)
    agents = [HardAgent(s) for s in range(rules.players)]
    out: list[tuple[Deal, int]] = []
    while not deal.over and len(out) < count:
        seat = deal.to_act
        legal = deal.legal_actions()
        if len(legal) > 3 and deal.view(seat).phase == "play":
            out.append((deal.clone(), seat))
        deal.apply_action(legal[0] if len(legal) == 1 else agents[seat].select(deal.view(seat), legal))
    return out


@pytest.mark.parametrize("variant", ["classic", "classic(players=6,teams=3)"])
def test_a_mixed_world_plays_the_heuristic_at_every_other_side_and_hard_at_the_own(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    worlds: list[tuple[int, list[Any], list[int]]] = []
    real = search_mod._world

    def spy(deal: Deal, world_seed: int, seat: int, memory: CardMemory, agents: list[Any]) -> Any:
        worlds.append((seat, list(agents), list(deal.side_of)))
        return real(deal, world_seed, seat, memory, agents)

    monkeypatch.setattr(search_mod, "_world", spy)
    for deal, seat in _searched_positions(variant, 3, 2):
        IsmctsAgent(1, iterations=12, mix=1.0).select(deal.view(seat), deal.legal_actions())
    assert worlds
    for seat, agents, sides in worlds:
        for other, agent in enumerate(agents):
            assert isinstance(agent, HardPlayer) == (sides[other] == sides[seat]), (other, seat)


def test_without_the_mix_every_rollout_player_is_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds: set[bool] = set()
    real = search_mod._world

    def spy(deal: Deal, world_seed: int, seat: int, memory: CardMemory, agents: list[Any]) -> Any:
        kinds.update(isinstance(agent, HardPlayer) for agent in agents)
        return real(deal, world_seed, seat, memory, agents)

    monkeypatch.setattr(search_mod, "_world", spy)
    for deal, seat in _searched_positions("classic", 4, 2):
        IsmctsAgent(1, iterations=12, mix=0.0).select(deal.view(seat), deal.legal_actions())
    assert kinds == {True}


def test_a_mixed_search_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    for deal, seat in _searched_positions("classic", 5, 3):
        moves = set()
        for _ in range(2):
            agent = IsmctsAgent(7, iterations=16, mix=0.5)
            moves.add(agent.select(deal.view(seat), deal.legal_actions()))
            assert agent.iterations_run <= 16
        assert len(moves) == 1


def test_the_mix_is_checked() -> None:
    assert make_agent("expert(iterations=5,mix=0.25)", 1).settings.mix == 0.25  # type: ignore[attr-defined]
    assert search_mod.Settings(10, None).mix == 0.0  # the settings alone: hard everywhere
    with pytest.raises(ValueError, match="mix"):
        make_agent("expert(mix=1.5)")
    with pytest.raises(ValueError, match="mix"):
        IsmctsAgent(1, iterations=3, mix=-0.1)


def test_the_search_draws_the_mix_from_its_own_generator() -> None:
    deal, seat = _searched_positions("classic", 6, 1)[0]
    legal = deal.legal_actions()
    settings = search_mod.Settings(20, None, mix=0.5, horizon=4)
    roots = [search_mod.search(deal.view(seat), legal, CardMemory(), 1, random.Random(9), settings, [])[0]
             for _ in range(2)]
    assert [(c.key, c.visits, round(c.total, 6)) for c in roots[0].children.values()] == \
        [(c.key, c.visits, round(c.total, 6)) for c in roots[1].children.values()]
