"""The expert's cut rollouts (``horizon``) and their leaf estimate (:mod:`canasta.agents.ismcts.leaf`)."""

from __future__ import annotations

import random

import pytest

from canasta.agents import make_agent
from canasta.agents.hard import HardAgent
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.ismcts.leaf import FEATURES, LEAF_WEIGHTS, leaf_margin, side_features
from canasta.agents.ismcts.search import DEFAULT_HORIZON, PRESET_HORIZONS, rollout_horizon
from canasta.agents.ismcts.stages import World
from canasta.agents.memory import CardMemory
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules
from helpers import table_specs


def _played(variant: str, moves: int, seed: int) -> Deal:
    """A deal of ``variant`` after ``moves`` moves of ``hard`` at every seat (or at its end)."""
    rules = Rules.parse(variant)
    deal = Deal(rules, seed=seed)
    agents = [HardAgent(s) for s in range(rules.players)]
    for _ in range(moves):
        if deal.over:
            break
        seat = deal.to_act
        legal = deal.legal_actions()
        deal.apply_action(legal[0] if len(legal) == 1 else agents[seat].select(deal.view(seat), legal))
    return deal


def test_every_weight_set_has_a_weight_per_feature_and_its_stock_share() -> None:
    assert "classic" in LEAF_WEIGHTS
    for weights in LEAF_WEIGHTS.values():
        assert len(weights) == 2 * len(FEATURES)


@pytest.mark.parametrize("variant", ["classic", "classic(players=6,teams=3)", "samba"])
def test_the_leaf_reads_the_deal_and_leaves_it_as_it_was(variant: str) -> None:
    deal = _played(variant, 60, seed=3)
    assert not deal.over
    before = (deal.legal_actions(), deal.turn_no, [list(hand) for hand in deal.hands])
    features = side_features(deal)
    assert len(features) == deal.teams and all(len(row) == 2 * len(FEATURES) for row in features)
    assert not deal.over and deal.out_seat == -1
    assert (deal.legal_actions(), deal.turn_no, [list(hand) for hand in deal.hands]) == before
    values = [leaf_margin(deal, seat) for seat in range(deal.n)]
    for seat in range(deal.n):  # the seats of a side share its margin
        assert values[seat] == values[deal.side_of[seat]]
    if deal.teams == 2:  # one side's lead is the other's deficit
        assert values[0] == pytest.approx(-values[1])


def test_a_rollout_with_a_horizon_stops_when_that_turn_begins() -> None:
    deal = _played("classic", 20, seed=4)
    memory = CardMemory(0)
    memory.exact = True
    world = World(deal.clone(rng=random.Random(1)), 0, memory, [HardAgent(s) for s in range(4)])
    start = world.deal.turn_no
    assert world.rollout(until_turn=start + 3)
    assert world.deal.over or world.deal.turn_no == start + 3


def test_the_horizon_is_checked_and_an_iteration_budget_stays_deterministic() -> None:
    assert IsmctsAgent(1, iterations=3, horizon=2).settings.horizon == 2
    default = make_agent("expert", 1).settings  # type: ignore[attr-defined]
    assert default.horizon is None  # the rule set's: cut after 4 turns, full rollouts in modern-american
    assert rollout_horizon(default, "classic") == rollout_horizon(default, "samba") == DEFAULT_HORIZON == 4
    assert rollout_horizon(default, "modern-american") == PRESET_HORIZONS["modern-american"] == 0
    assert rollout_horizon(default, "romanian-tiles") == PRESET_HORIZONS["romanian-tiles"] == 8
    assert rollout_horizon(make_agent("expert(horizon=3)", 1).settings, "modern-american") == 3  # type: ignore[attr-defined]
    assert make_agent("expert(horizon=0)", 1).settings.horizon == 0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="horizon"):
        make_agent("expert(horizon=-1)")
    deal = _played("classic", 30, seed=5)
    seat = deal.to_act
    legal = deal.legal_actions()
    picks = {IsmctsAgent(7, iterations=12, horizon=2).select(deal.view(seat), legal) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(legal)


@pytest.mark.parametrize("variant", table_specs([""]))
def test_cut_rollouts_score_a_position_of_every_preset(variant: str) -> None:
    deal = _played(variant, 40, seed=len(variant))
    if deal.over:
        return
    value = leaf_margin(deal, 0)
    assert value == value and abs(value) < 1e5  # a number of points, not NaN
    seat = deal.to_act
    legal = deal.legal_actions()
    agent = IsmctsAgent(seat, iterations=6, horizon=2)
    action = agent.select(deal.view(seat), legal)
    assert action in legal and agent.iterations_run <= 6
    deal.apply_action(action)  # the engine accepts it
