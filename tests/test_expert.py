"""Determinization (sampling hidden cards from a view and memory) and the expert search player."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from canasta.agents import make_agent
from canasta.agents.determinize import DeterminizeError, hidden_pool, sample_deal
from canasta.agents.expert import ExpertAgent, margin
from canasta.agents.levels import HardAgent
from canasta.agents.memory import CardMemory
from canasta.cards.deck import N_TYPES, deck_counts
from canasta.engine.deal import Deal, PlayerView
from canasta.engine.game import Game
from canasta.moves.actions import ACTIONS, DRAW_ID
from canasta.moves.notation import DISCARD
from canasta.play.match import play_deal
from canasta.rules.fields import Rules, preset_names
from helpers import stacked_deck
from search_helpers import WorldChecker, deal_moves

VARIANTS = ["classic(players=2)", "classic(players=3)", "classic(players=6,teams=3)",
            "classic(pile_visible=true,stock_end=reshuffle)", "classic(concealed_waives_minimum_with_pile=true)",
            *preset_names()]
"""Player counts and options of classic, and every preset that exists."""


def _sample_and_check(view: PlayerView, memory: CardMemory, legal: Sequence[int], count: int) -> int:
    check_world(sample_deal(view, memory, random.Random(count), legal), view, legal)
    return 1


def check_world(world: Deal, view: PlayerView, legal: Sequence[int]) -> None:
    """A sampled deal agrees with everything the view shows, and is a valid deal."""
    for name in Deal.__slots__:
        assert hasattr(world, name), f"slot {name} left empty"
    world.check_invariants()  # every card exactly once: no count exceeds the deck
    seen = world.view(view.seat)
    for field in ("hand", "hand_sizes", "melds", "red_threes", "pile_top", "pile_size", "pile_frozen",
                  "pile_frozen_for_me", "stopped", "pile_cards", "stock_size", "scores", "minimums",
                  "opened", "turn", "to_act", "phase", "asked", "answer", "drew", "dealer", "turn_number",
                  "melded_this_turn", "pending_pile", "dowry_size"):
        assert getattr(seen, field) == getattr(view, field), field
    assert sorted(world.legal_actions()) == sorted(legal)
    for s in range(world.n):  # where red threes are laid out (not Hand and Foot's red3_hand_penalty)
        if world.rules.red3_hand_penalty:
            continue
        if world.rules.threes_by_colour:  # MAC: one three kept for the Straight (A.3) or drawn last (A.10)
            assert sum(world.hands[s][c] for c in (4, 5, 6, 7)) <= 1, "more than one three in a hand"
            continue
        assert not any(world.hands[s][c] for c in (5, 6)), "a red three in a hand"


@pytest.mark.parametrize("variant", VARIANTS)
def test_sampled_worlds_agree_with_the_view(variant: str) -> None:
    rules = Rules.parse(variant)
    checks: list[int] = []
    for seed in range(2):
        game = Game(rules, seed=seed)
        game.new_deal()
        play_deal(game, [WorldChecker(s, checks, _sample_and_check) for s in range(rules.players)])
    assert len(checks) > 50


def test_hidden_pool_is_the_deck_minus_what_the_seat_can_place() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=3)
    view = deal.view(0)
    mem = CardMemory(0)
    mem.reset(view)
    pool = hidden_pool(view, mem)
    assert sum(pool) == sum(deck_counts(rules.packs, rules.jokers)) - len(view.hand) - 1 - sum(
        len(r) for r in view.red_threes) - (view.pile_size - 1) * 0
    full = deck_counts(rules.packs, rules.jokers)
    assert all(0 <= pool[c] <= full[c] for c in range(N_TYPES))


def test_the_sampler_reads_only_the_view_and_the_memory() -> None:
    """Two deals that differ only in cards seat 0 cannot see give the same samples."""
    rules = Rules.preset("classic")
    hands = ["AC AD AH KC KD 9C 8C 7D 6H 5S 4C", "QC QD JS TH 9D 8H 7S 6C 5D 4H AS",
             "QH QS JC TC 9H 8S 7C 6D 5H 4S KS", "JH JD TS TD 9S 8D 7H 6S 5C 4D KH"]
    other = [hands[0], hands[2], hands[1], hands[3]]  # seats 1 and 2 swap their hands
    views, mems = [], []
    for hs in (hands, other):
        deal = Deal(rules, dealer=3, seed=0, deck=stacked_deck(rules, hs, upcard="7C", dealer=3))
        mem = CardMemory(0)
        mem.observe(deal.view(0), -1, None)
        views.append(deal.view(0))
        mems.append(mem)
    assert views[0] == views[1]
    a = sample_deal(views[0], mems[0], random.Random(5))
    b = sample_deal(views[1], mems[1], random.Random(5))
    assert a.hands == b.hands and a.stock == b.stock and a.pile == b.pile


def test_a_view_that_does_not_fit_the_memory_is_refused() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=1)
    view = deal.view(0)
    mem = CardMemory(0)
    mem.reset(view)
    for c in view.hand:  # pretend seat 1 is known to hold copies the deck does not have
        mem.known[1][c] += 2
    with pytest.raises(DeterminizeError):
        hidden_pool(view, mem)


# ------------------------------------------------------------------ the expert


def test_expert_with_an_iteration_budget_is_deterministic() -> None:
    first = deal_moves("expert-v1(iterations=6)")
    assert deal_moves("expert-v1(iterations=6)") == first


def test_expert_budget_options() -> None:
    e = make_agent("expert(ms=50)", 1)
    assert isinstance(e, ExpertAgent) and e.ms == 50 and e.iterations is None
    e = make_agent("expert(iterations=500)", 1)
    assert isinstance(e, ExpertAgent) and e.iterations == 500 and e.ms is None
    assert make_agent("expert", 1).ms == 200  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="not both"):
        make_agent("expert(ms=10,iterations=10)")
    with pytest.raises(ValueError, match="iterations"):
        make_agent("expert(iterations=0)")
    with pytest.raises(ValueError, match="candidates"):
        make_agent("expert(candidates=0)")


def test_expert_answers_a_single_legal_move_without_searching() -> None:
    e = ExpertAgent(1, iterations=100)
    assert e.select(None, [DRAW_ID]) == DRAW_ID
    assert e.decisions == 0


def test_expert_searches_the_discard_and_reports_its_figures() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=4)
    e = ExpertAgent(3, iterations=8)
    hard = [HardAgent(s) for s in range(4)]
    searched = False
    while not deal.over and not searched:
        s = deal.to_act
        legal = deal.legal_actions()
        view = deal.view(s)
        if s == 0:
            a = e.select(view, legal)
            if e.last:
                searched = True
                assert a in e.last and all(n >= 2 for _, n in e.last.values())
                text = e.explain(view, legal, a)
                assert "simulated deals" in text or ACTIONS[a][0] != DISCARD
        else:
            a = hard[s].select(view, legal)
        assert a in legal
        deal.apply_action(a)
    assert searched


def test_margin_of_a_finished_and_of_a_cut_deal() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=6)
    agents = [HardAgent(s) for s in range(4)]
    for _ in range(10):
        s = deal.to_act
        deal.apply_action(agents[s].select(deal.view(s), deal.legal_actions()))
    cut = deal.clone()
    m = margin(cut, 0)
    assert m == -margin(deal.clone(), 1)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic(players=2)", "classic(players=6,teams=3)",
                                     *(p for p in preset_names() if p != "classic")])
def test_expert_plays_other_variants_as_a_partner(variant: str) -> None:
    rules = Rules.parse(variant)
    game = Game(rules, seed=1)
    game.new_deal()
    agents = [make_agent("expert(iterations=4)", s) if s == 0 else make_agent("hard", s)
              for s in range(rules.players)]
    play_deal(game, agents, check=True)
    assert game.deal is not None and game.deal.over
