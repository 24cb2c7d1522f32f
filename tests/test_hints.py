"""Hints in terminal play (issue #13, defect 5): the sampled worlds behind them, and what they say.

* The worlds :func:`~canasta.agents.determinize.sample_deal` draws keep every card once and agree with
  everything the seat knows: its view, the cards its memory saw picked up with the pile, the pile
  cards it saw; and when the seat answers its partner's "may I go out?", every world lets the
  partner go out (asking requires it, RULES.md §1.9).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from canasta.agents.determinize import ASK_TRIES, DeterminizeError, asking_partner, hidden_pool, sample_deal
from canasta.agents.levels import HardAgent
from canasta.agents.memory import UNKNOWN, CardMemory, clip_known
from canasta.cards import N_TYPES, deck_counts
from canasta.engine import Deal, PlayerView
from canasta.moves import ASK_ID
from canasta.rules import Rules

ASK_PRESETS = ["classic", "classic(players=6,teams=3)", "cuban", "italian", "samba", "hollywood", "uruguay",
               "brazilian(ask_requires_going_out=true)"]
"""Presets (and options) with partners where asking "may I go out?" requires being able to go out."""


Position = tuple[Deal, PlayerView, CardMemory, list[int]]


def positions(variant: str, seeds: Sequence[int], hard: list[list[HardAgent]] | None = None) -> Iterator[Position]:
    """Every decision of deals played by ``hard`` at every seat: the deal, the view of the seat to act,
    that seat's memory (fed by the observe hook) and the legal ids. ``hard`` receives each deal's players."""
    rules = Rules.parse(variant)
    for seed in seeds:
        deal = Deal(rules, seed=seed)
        agents = [HardAgent(s) for s in range(rules.players)]
        if hard is not None:
            hard.append(agents)
        for s in range(rules.players):
            agents[s].observe(deal.view(s), -1, None)
        while not deal.over:
            s = deal.to_act
            legal = deal.legal_actions()
            view = deal.view(s)
            yield deal, view, agents[s].memory, legal
            a = legal[0] if len(legal) == 1 else agents[s].select(view, legal)
            move = deal.apply_action(a)
            for o in range(rules.players):
                agents[o].observe(deal.view(o), s, move)


def ask_positions(variant: str, seeds: Sequence[int]) -> Iterator[Position]:
    """Positions where a partner has just asked "may I go out?": every time a player of the deals of
    :func:`positions` may ask, a copy of the deal where he does, seen by the partner who answers."""
    players: list[list[HardAgent]] = []
    for deal, view, _, legal in positions(variant, seeds, players):
        if ASK_ID not in legal:
            continue
        branch = deal.clone()
        move = branch.apply_action(ASK_ID)
        partner = branch.to_act
        mem = players[-1][partner].memory.copy()  # the partner's memory of the deal, and the question
        mem.observe(branch.view(partner), view.seat, move)
        yield branch, branch.view(partner), mem, branch.legal_actions()


def check_world(world: Deal, view: PlayerView, memory: CardMemory, legal: Sequence[int]) -> None:
    """``world`` keeps every card once, shows ``view``'s seat exactly its view and legal moves, holds the
    cards the memory knows in each hand, and the pile cards the memory saw where it saw them."""
    world.check_invariants()  # every card of the deck exactly once
    assert world.card_census() == deck_counts(view.rules.packs, view.rules.jokers)
    seen = world.view(view.seat)
    assert seen == view
    assert sorted(world.legal_actions()) == sorted(legal)
    for s in range(world.n):
        if s == view.seat:
            continue
        known = memory.known[s][:]
        clip_known(known, view.hand_sizes[s])
        assert all(world.hands[s][c] >= known[c] for c in range(N_TYPES)), f"seat {s} lost a known card"
    if view.pile_cards is None and len(memory.pile) == view.pile_size:
        for got, saw in zip(world.pile, memory.pile, strict=True):
            assert saw == UNKNOWN or got == saw, "a pile card the seat saw moved"


# ------------------------------------------------------------------ the sampled worlds


@pytest.mark.parametrize("variant", ["classic", "classic(players=2)", "cuban", "samba", "hollywood", "italian"])
def test_sampled_worlds_conserve_the_cards_and_agree_with_what_the_seat_knows(variant: str) -> None:
    checked = 0
    for k, (_, view, mem, legal) in enumerate(positions(variant, [11])):
        if k % 3:
            continue
        world = sample_deal(view, mem, random.Random(k), legal)
        check_world(world, view, mem, legal)
        checked += 1
    assert checked > 15


@pytest.mark.parametrize("variant", ASK_PRESETS)
def test_every_world_sampled_for_an_ask_lets_the_partner_go_out(variant: str) -> None:
    asks = worlds = 0
    for k, (branch, view, mem, legal) in enumerate(ask_positions(variant, range(1, 9))):
        assert branch.can_go_out_now()  # the engine let him ask: he can
        assert asking_partner(view) == view.turn
        asks += 1
        for j in range(3):
            world = sample_deal(view, mem, random.Random(1000 * k + j), legal)
            assert world.turn == view.turn and world.phase == branch.phase
            assert world.can_go_out_now(), "a sampled partner who could not go out"
            check_world(world, view, mem, legal)
            worlds += 1
        if asks >= 12:
            break
    assert asks >= 3 and worlds == 3 * asks


def test_an_ask_that_no_shuffle_can_fit_is_refused_not_sampled_wrong() -> None:
    """When the memory claims the partner holds cards he cannot go out with, no world is made up."""
    for _, view, mem, legal in ask_positions("classic", range(1, 9)):
        p = view.turn
        if view.hand_sizes[p] < 3:
            continue
        stuck = mem.copy()
        stuck.known[p] = [0] * N_TYPES
        # two single cards of ranks nobody of his side melded (and no wild card): cannot all be melded
        melded = {m.target for m in view.melds[view.side_of(p)]}
        pool = hidden_pool(view, mem)
        singles = [c for c in range(N_TYPES) if pool[c] and 2 <= c >> 2 <= 12 and c >> 2 not in melded]
        ranks_used: set[int] = set()
        for c in singles:
            if c >> 2 not in ranks_used and sum(stuck.known[p]) < view.hand_sizes[p]:
                stuck.known[p][c] += 1
                ranks_used.add(c >> 2)
        try:
            world = sample_deal(view, stuck, random.Random(0), legal)
        except DeterminizeError as e:
            assert f"{2 * ASK_TRIES} shuffles" in str(e)
            return
        assert world.can_go_out_now()  # a world made despite it still lets him go out
        return
    pytest.fail("no ask found")


def test_without_a_question_to_answer_nobody_is_conditioned() -> None:
    for _, view, _, _ in positions("classic", [3]):
        assert asking_partner(view) == (-1 if view.phase != "answer" else view.turn)
    spanish = next(v for _, v, _, _ in ask_positions("spanish", [1, 2, 3]))
    assert asking_partner(spanish) == -1  # asking does not require being able to go out there
