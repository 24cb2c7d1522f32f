"""The expert's mix of opponent models in its rollouts (:attr:`canasta.agents.ismcts.search.Settings.mix`) and the
share inferred from the other sides' discards (:mod:`canasta.agents.ismcts.opponents`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import canasta.agents.ismcts.agent as agent_mod
import canasta.agents.ismcts.search as search_mod
from canasta.agents import make_agent
from canasta.agents.hard import HardAgent
from canasta.agents.hard_play import HardPlayer
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.ismcts.opponents import HIGH, LOW, OpponentModel
from canasta.agents.memory import CardMemory
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.play.match import play_deal
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


# ------------------------------------------------------------------ the inferred share


def _inferred(opponent: str, seeds: range, watcher: int = 0) -> list[OpponentModel]:
    """Deals of classic with ``hard`` on ``watcher``'s side and ``opponent`` on the other, watched by a model."""
    rules = Rules.preset("classic")
    models = []
    for seed in seeds:
        deal = Deal(rules, seed=seed)
        agents: list[Any] = [HardAgent(s) if s % 2 == watcher % 2 else make_agent(opponent, s) for s in range(4)]
        model = OpponentModel(seed, 0.5)
        memory = agents[watcher].memory
        model.view = deal.view(watcher)
        while not deal.over:
            actor = deal.to_act
            legal = deal.legal_actions()
            move = deal.apply_action(legal[0] if len(legal) == 1 else agents[actor].select(deal.view(actor), legal))
            model.before(memory, actor, move)
            for seat, agent in enumerate(agents):
                if isinstance(agent, HardPlayer):
                    agent.observe(deal.view(seat), actor, move)
            model.view = deal.view(watcher)
        models.append(model)
    return models


def test_the_discards_of_the_heuristic_point_to_it_and_those_of_hard_to_hard() -> None:
    against_medium = _inferred("medium", range(4))
    against_hard = _inferred("hard", range(4))
    assert all(model.inferred for model in against_medium + against_hard)
    assert sum(model.evidence for model in against_medium) > 0 > sum(model.evidence for model in against_hard)
    assert sum(model.share() for model in against_medium) > sum(model.share() for model in against_hard)


def test_the_inference_is_deterministic_and_weighs_only_the_other_sides_discards() -> None:
    first, second = _inferred("medium", range(1)), _inferred("medium", range(1))
    assert (first[0].evidence, first[0].inferred) == (second[0].evidence, second[0].inferred)
    model = OpponentModel(1, 0.5)
    deal = Deal(Rules.preset("classic"), seed=1)
    memory = HardAgent(0).memory
    while not deal.over:  # the partner's moves only (the watcher is seat 2): nothing is weighed
        actor = deal.to_act
        model.view = deal.view(2)
        legal = deal.legal_actions()
        move = deal.apply_action(legal[-1])
        if actor in (0, 2):
            model.before(memory, actor, move)
    assert model.inferred == 0 and model.evidence == 0.0 and model.share() == 0.5


def test_the_share_is_bounded_and_a_fixed_prior_stays() -> None:
    model = OpponentModel(1, 0.5)
    model.evidence = 100.0
    assert model.share() == HIGH
    model.evidence = -100.0
    assert model.share() == LOW
    for prior in (0.0, 1.0):
        fixed = OpponentModel(1, prior)
        fixed.evidence = 5.0
        assert fixed.share() == prior


def test_the_expert_searches_with_the_inferred_share(monkeypatch: pytest.MonkeyPatch) -> None:
    mixes: list[float] = []
    real = agent_mod.search

    def spy(view: Any, legal: Any, memory: Any, stage: int, rng: Any, settings: Any, *args: Any) -> Any:
        mixes.append(settings.mix)
        return real(view, legal, memory, stage, rng, settings, *args)

    monkeypatch.setattr(agent_mod, "search", spy)
    rules = Rules.preset("classic")
    game = Game(rules, seed=3)
    game.new_deal()
    experts = [IsmctsAgent(seat, iterations=4, mix=0.5, infer=1) for seat in (0, 2)]
    play_deal(game, [experts[0], make_agent("medium", 1), experts[1], make_agent("medium", 3)])
    assert mixes and mixes[0] == 0.5  # no evidence before the other side's first discard
    assert len(set(mixes)) > 1 and all(LOW <= mix <= HIGH for mix in mixes)
    assert all(expert.opponents is not None and expert.opponents.inferred for expert in experts)
    fixed = IsmctsAgent(1, iterations=4, mix=0.3, infer=0)
    assert fixed.opponents is None and fixed.settings.mix == 0.3
    with pytest.raises(ValueError, match="infer"):
        make_agent("expert(infer=2)")
