"""The information-set search player (``expert``, :mod:`canasta.agents.ismcts`): tree, sampler, stages, budgets."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from canasta.agents import make_agent
from canasta.agents.expert import ExpertAgent
from canasta.agents.hard import HardAgent
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.ismcts.sampler import known_held, sample_world, world_problems
from canasta.agents.ismcts.search import RACE_WORLDS, RACE_Z
from canasta.agents.ismcts.stages import DISCARD_STAGE, DRAW, END, PLAN, root_stage
from canasta.agents.ismcts.tree import Node, paired
from canasta.agents.memory import CardMemory
from canasta.cards.deck import N_TYPES, deck_counts
from canasta.engine.deal import Deal, PlayerView
from canasta.engine.game import Game
from canasta.moves.actions import DRAW_ID
from canasta.moves.notation import DISCARD, TAKE
from canasta.play.match import play_deal
from canasta.rules.fields import Rules
from helpers import table_specs
from search_helpers import WorldChecker, deal_moves

PRESETS = table_specs([""])
"""Every preset as it is."""


# ------------------------------------------------------------------ the tree


def test_the_tree_tries_every_available_option_first_default_first() -> None:
    root = Node()
    child, new = root.choose([7, 3, 5], 0.7)
    assert (child.key, new) == (7, True) and root.default == 7
    child.update(100.0)
    child, new = root.choose([3, 7], 0.7)  # 5 is not available in this world
    assert (child.key, new) == (3, True)
    assert root.children[7].available == 2 and root.children[5].available == 1 and root.children[3].available == 2


def test_ucb_prefers_the_better_mean_and_explores_the_rarely_tried() -> None:
    root = Node()
    for key, value in ((1, 500.0), (2, -500.0)):
        root.choose([key], 0.7)
        root.children[key].update(value)
    assert root.choose([1, 2], 0.0)[0].key == 1  # no exploration: the better mean
    for _ in range(50):
        root.children[1].update(500.0)
        root.children[1].available += 1
    assert root.choose([1, 2], 5.0)[0].key == 2  # much exploration: the option tried once


def _root_with(samples: dict[int, list[float]]) -> Node:
    """A root whose children (keys of ``samples``, the first the default) have these margins, world by world."""
    root = Node()
    root.choose(list(samples), 0.7)
    for key, values in samples.items():
        for world, value in enumerate(values):
            root.children[key].update(value)
            root.children[key].samples[world] = value
    return root


def test_the_pick_keeps_the_default_unless_beaten_beyond_the_noise_of_the_paired_difference() -> None:
    # option 2 beats option 1 by 50 points in every world: no noise in the paired difference, whatever the spread
    root = _root_with({1: [0.0, 1000.0, -800.0], 2: [50.0, 1050.0, -750.0]})
    assert root.pick(1, z=1.0).key == 2  # type: ignore[union-attr]
    assert root.pick(1, z=1.0, bias=60.0).key == 1  # type: ignore[union-attr]
    # a better mean, but the paired difference is within its noise
    root = _root_with({1: [0.0, 100.0, 200.0], 2: [300.0, 0.0, 250.0]})
    assert root.pick(1, z=1.0).key == 1  # type: ignore[union-attr]
    assert root.pick(1, z=0.0).key == 2  # type: ignore[union-attr]
    # a single common world is not trusted
    root = _root_with({1: [0.0], 2: [500.0]})
    assert root.pick(1, z=0.0).key == 1  # type: ignore[union-attr]
    assert paired(root.children[2], root.children[1]) is None
    assert math.isinf(Node().error())


def test_root_stages() -> None:
    assert root_stage("draw", {TAKE}, False) == DRAW
    assert root_stage("draw", {0}, False) == END  # only drawing: nothing to search
    assert root_stage("play", {DISCARD}, False) == PLAN
    assert root_stage("play", {DISCARD}, True) == DISCARD_STAGE


# ------------------------------------------------------------------ the sampler


def _sample_and_check(view: PlayerView, memory: CardMemory, legal: Sequence[int], count: int) -> int | None:
    world = sample_world(view, memory, random.Random(count), legal)
    if world is None:
        return None
    assert world_problems(world, view, memory) == []
    check_world(world, view, [known_held(view, memory, s) for s in range(world.n)])
    return sum(sum(known_held(view, memory, s)) for s in range(world.n))


def check_world(world: Deal, view: PlayerView, held: list[list[int]]) -> None:
    """Independently of :func:`world_problems`: sizes, the own hand, known-held cards, and no card placed
    twice (a card seen on the table or in the own hand is never dealt to a hidden place as well)."""
    assert sorted(c for c in range(N_TYPES) for _ in range(world.hands[view.seat][c])) == sorted(view.hand)
    assert [sum(hand) for hand in world.hands] == list(view.hand_sizes)
    assert len(world.pile) == view.pile_size and len(world.stock) == view.stock_size
    for s in range(world.n):
        assert all(world.hands[s][c] >= held[s][c] for c in range(N_TYPES))
    world.check_invariants()  # every card of the deck placed exactly once
    seen = world.view(view.seat)
    assert seen.melds == view.melds and seen.pile_top == view.pile_top and seen.red_threes == view.red_threes


@pytest.mark.parametrize("variant", ["classic", "classic(players=2)", "samba", "hollywood", "romanian-tiles"])
def test_sampled_worlds_keep_known_cards_and_sizes(variant: str) -> None:
    rules = Rules.parse(variant)
    checks: list[int] = []
    for seed in range(2):
        game = Game(rules, seed=seed)
        game.new_deal()
        play_deal(game, [WorldChecker(s, checks, _sample_and_check) for s in range(rules.players)])
    assert len(checks) > 40
    assert any(checks), "no position with a card known in another hand was checked"


def test_world_problems_finds_a_broken_world() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=3)
    view = deal.view(0)
    agent = HardAgent(0)
    agent.memory.sync(view)
    world = sample_world(view, agent.memory, random.Random(1))
    assert world is not None and world_problems(world, view, agent.memory) == []
    card = next(c for c in range(N_TYPES) if world.hands[1][c])
    world.hands[1][card] -= 1
    world.hands[0][card] += 1
    assert world_problems(world, view, agent.memory)
    assert sum(deck_counts(rules.packs, rules.jokers)) > 0


# ------------------------------------------------------------------ the player


def test_expert_is_the_search_and_the_flat_search_stays_reachable() -> None:
    expert = make_agent("expert(iterations=5)", 1)
    assert isinstance(expert, IsmctsAgent) and expert.iterations == 5
    old = make_agent("expert-v1(iterations=5)", 1)
    assert isinstance(old, ExpertAgent) and not isinstance(old, IsmctsAgent)
    assert make_agent("expert", 1).ms == 200  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="explore"):
        make_agent("expert(explore=-1)")
    with pytest.raises(ValueError, match="not both"):
        make_agent("expert(ms=10,iterations=10)")


def _tree_counts(node: Node) -> list[object]:
    return [node.visits, round(node.total, 6), [(key, _tree_counts(child)) for key, child in node.children.items()]]


def test_with_an_iteration_budget_a_position_gives_the_same_search() -> None:
    compared = 0
    for deal, seat in _positions("classic", 6, seed=11):
        legal = deal.legal_actions()
        first, second = IsmctsAgent(5, iterations=6), IsmctsAgent(5, iterations=6)
        assert first.select(deal.view(seat), legal) == second.select(deal.view(seat), legal)
        if first.tree is not None:
            assert second.tree is not None and _tree_counts(first.tree) == _tree_counts(second.tree)
            compared += 1
    assert compared


@pytest.mark.slow
def test_with_an_iteration_budget_the_expert_plays_the_same_deal() -> None:
    first = deal_moves("expert(iterations=6)")
    assert deal_moves("expert(iterations=6)") == first


def _positions(variant: str, count: int, seed: int) -> list[tuple[Deal, int]]:
    """``count`` positions of a deal of ``variant`` played by ``hard``, at random moves (deal, seat to act)."""
    rules = Rules.parse(variant)
    rng = random.Random(seed)
    deal = Deal(rules, seed=seed)
    agents = [HardAgent(s) for s in range(rules.players)]
    stops = sorted(rng.sample(range(1, 120), count))
    out: list[tuple[Deal, int]] = []
    step = 0
    while not deal.over and len(out) < count:
        seat = deal.to_act
        legal = deal.legal_actions()
        if step in stops:
            out.append((deal.clone(), seat))
        deal.apply_action(legal[0] if len(legal) == 1 else agents[seat].select(deal.view(seat), legal))
        step += 1
    return out


@pytest.mark.parametrize("variant", PRESETS)
def test_the_expert_plays_only_legal_moves_in_every_preset(variant: str) -> None:
    searched = 0
    for deal, seat in _positions(variant, 4, seed=len(variant)):
        legal = deal.legal_actions()
        agent = IsmctsAgent(seat, iterations=4)
        action = agent.select(deal.view(seat), legal)
        assert action in legal
        assert agent.iterations_run <= 4
        searched += agent.iterations_run > 0
        deal.apply_action(action)  # the engine accepts it
    assert searched >= 0


def test_the_iteration_budget_is_the_number_of_iterations() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=4)
    hard = [HardAgent(s) for s in range(4)]
    agent = IsmctsAgent(3, iterations=7)
    runs: list[int] = []
    while not deal.over and len(runs) < 3:
        seat = deal.to_act
        legal = deal.legal_actions()
        if seat == 0 and len(legal) > 1:
            action = agent.select(deal.view(seat), legal)
            if agent.iterations_run:
                runs.append(agent.iterations_run)
                tree = agent.tree
                assert tree is not None and tree.visits == 7
                assert sum(child.visits for child in tree.children.values()) == 7
        else:
            action = legal[0] if len(legal) == 1 else hard[seat].select(deal.view(seat), legal)
        deal.apply_action(action)
    assert runs and all(run == 7 for run in runs)


def test_every_root_option_is_played_in_the_same_worlds_and_clear_losers_are_dropped() -> None:
    seen = 0
    for deal, seat in _positions("classic", 12, seed=5):
        agent = IsmctsAgent(2, iterations=40)
        agent.select(deal.view(seat), deal.legal_actions())
        tree = agent.tree
        if tree is None or len(tree.children) < 2 or tree.default is None:
            continue
        seen += 1
        base = tree.children[tree.default]
        assert tree.visits == agent.iterations_run == sum(child.visits for child in tree.children.values())
        worlds = len(base.samples)
        losers = 0
        for child in tree.children.values():
            assert set(child.samples) <= set(base.samples)  # never a world hard's option was not played in
            if child is base:
                continue
            gain = paired(child, base)  # a dropped option's samples stop where it was dropped
            loser = gain is not None and len(child.samples) >= RACE_WORLDS and gain[0] + RACE_Z * gain[1] < 0
            losers += loser
            if len(child.samples) < worlds - 1:  # it missed worlds: it was dropped, clearly worse than hard's
                assert loser
        # the budget is spent, or every other option was dropped (hard's option stands)
        assert agent.iterations_run == 40 or losers == len(tree.children) - 1
    assert seen


def test_depth_is_checked() -> None:
    assert IsmctsAgent(1, iterations=3, depth=2).settings.depth == 2
    with pytest.raises(ValueError, match="depth"):
        make_agent("expert(depth=0)")


def test_a_single_legal_move_is_played_without_search() -> None:
    agent = IsmctsAgent(1, iterations=100)
    assert agent.select(None, [DRAW_ID]) == DRAW_ID
    assert agent.decisions == 0 and agent.iterations_run == 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic(players=2)", "classic(players=6,teams=3)", "samba", "hollywood",
                                     "romanian-tiles", "spanish", "bolivia"])
def test_the_expert_plays_whole_deals_as_a_partner(variant: str) -> None:
    rules = Rules.parse(variant)
    game = Game(rules, seed=1)
    game.new_deal()
    agents = [make_agent("expert(iterations=4)", s) if s % rules.teams == 0 else make_agent("hard", s)
              for s in range(rules.players)]
    play_deal(game, agents, check=True)
    assert game.deal is not None and game.deal.over
