"""Bot levels easy / medium / hard, card memory, bot specs with options, hints and coaching texts."""

from __future__ import annotations

import dataclasses
import doctest
import random
from collections.abc import Sequence

import pytest

from canasta.agents import expert, hard, level_weights, make_agent, registry, unseen
from canasta.agents.heuristic import DEFAULT_WEIGHTS, HeuristicAgent
from canasta.agents.levels import (
    DEFAULT_HARD,
    EASY_WEIGHTS,
    LEVELS,
    EasyAgent,
    HardAgent,
    HardWeights,
    MediumAgent,
    p_at_least,
)
from canasta.agents.memory import UNKNOWN, CardMemory
from canasta.agents.registry import agent_names, check_spec, parse_spec
from canasta.cards.deck import N_TYPES, parse_card, parse_cards
from canasta.engine.deal import Deal, PlayerView
from canasta.engine.game import Game
from canasta.moves.actions import ACTIONS, DISCARD_BASE, DRAW_ID
from canasta.moves.notation import DISCARD, Move
from canasta.play.match import play_deal, play_game
from canasta.rules.fields import Rules, preset_names
from helpers import make_deal, with_docstrings

VARIANTS = ["classic(players=2)", "classic(players=3)", "classic(players=6)", "classic(players=6,teams=3)",
            *preset_names()]
"""Every player count of classic and every preset that exists."""


# ------------------------------------------------------------------ specs and registry


def test_levels_are_registered() -> None:
    names = agent_names()
    for name in (*LEVELS, "heuristic", "random", "expert"):
        assert name in names
    assert isinstance(make_agent("easy", 1), EasyAgent)
    assert isinstance(make_agent("medium", 1), MediumAgent)
    assert isinstance(make_agent("hard", 1), HardAgent)
    assert make_agent("hard").name == "hard" and make_agent("Medium").name == "medium"


def test_spec_options_are_parsed_and_checked() -> None:
    assert parse_spec("expert(ms=200)") == ("expert", {"ms": 200})
    assert parse_spec(" Expert( iterations = 50 , bias=2.5 ) ") == ("expert", {"iterations": 50, "bias": 2.5})
    assert parse_spec("easy(noise=0.3)") == ("easy", {"noise": 0.3})
    assert make_agent("easy(noise=0.5)", 1).noise == 0.5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no option 'speed'.*ms"):
        check_spec("expert(speed=2)")
    with pytest.raises(ValueError, match="key=value"):
        parse_spec("expert(200)")
    with pytest.raises(ValueError, match="name\\(key=value"):
        parse_spec("expert(ms=1")


@pytest.mark.parametrize(("spec", "message"), [
    ("random(x=1)", "takes no options"),
    ("grandmaster", "unknown bot"),
    ("easy(noise=2)", "noise"),
    ("hard(reserve=6)", "no option 'reserve'.*base_reserve"),  # the heuristic's weights are base_... for hard
    ("hard(base_reserve=2.5)", "'base_reserve' takes a whole number, not 2.5"),
    ("hard(feed=lots)", "'feed' takes a number, not 'lots'"),
    ("medium(take_base=true)", "takes a number, not True"),
])
def test_bad_bot_specs_are_refused_with_what_is_allowed(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


def test_hard_and_medium_take_their_weights_as_options() -> None:
    hard = make_agent("hard(open_short_hand=-1, open_red3=0.5, base_reserve=6, freeze_two=90)", 1)
    assert isinstance(hard, HardAgent)
    assert hard.hard_weights == dataclasses.replace(DEFAULT_HARD, open_short_hand=-1, open_red3=0.5, freeze_two=90.0,
                                          base=dataclasses.replace(DEFAULT_HARD.base, reserve=6))
    assert make_agent("hard", 1).hard_weights is DEFAULT_HARD  # type: ignore[attr-defined]
    medium = make_agent("medium(reserve=4,take_base=-3)", 1)
    assert isinstance(medium, MediumAgent) and medium.name == "medium"
    assert medium.weights == dataclasses.replace(DEFAULT_WEIGHTS, reserve=4, take_base=-3.0)


def test_medium_is_the_heuristic_player() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=4)
    med, heu = MediumAgent(1), HeuristicAgent(1)
    assert med.weights is DEFAULT_WEIGHTS
    while not deal.over:
        s = deal.to_act
        legal = deal.legal_actions()
        a = med.select(deal.view(s), legal)
        assert a == heu.select(deal.view(s), legal)
        deal.apply_action(a)


def test_weights_live_in_frozen_dataclasses() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_HARD.feed = 0.0  # type: ignore[misc]
    assert EASY_WEIGHTS.feed_pair == 0.0
    custom = dataclasses.replace(DEFAULT_HARD, feed=0.5)
    assert HardAgent(weights=custom).hard_weights.feed == 0.5
    assert isinstance(DEFAULT_HARD, HardWeights)


# ------------------------------------------------------------------ legal play everywhere


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_levels_play_legal_moves_in_every_player_count(variant: str, level: str) -> None:
    rules = Rules.parse(variant)
    for seed in range(2):
        game = Game(rules, seed=seed)
        game.new_deal()
        agents = [make_agent(level, seed * 10 + s) for s in range(rules.players)]
        play_deal(game, agents, check=True)  # raises if an agent picks an illegal id
        assert game.deal is not None and game.deal.over


@pytest.mark.parametrize("variant", ["classic(target=1500)", "classic(players=6,teams=3,target=1500)",
                                     "spanish(target=1500)"])
def test_mixed_levels_play_a_whole_game_as_partners(variant: str) -> None:
    rules = Rules.parse(variant)
    names = ["hard", "easy", "medium", "random", "hard", "medium"][: rules.players]
    game = play_game(rules, [make_agent(n, i) for i, n in enumerate(names)], seed=3, check=True)
    assert game.over


def test_hard_works_without_the_observe_hook() -> None:
    """Game loops that never call observe (the web tables) still get legal moves."""
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=8)
    agents = [HardAgent(s) for s in range(4)]
    while not deal.over:
        s = deal.to_act
        legal = deal.legal_actions()
        a = agents[s].select(deal.view(s), legal)
        assert a in legal
        deal.apply_action(a)
    assert not agents[0].memory.exact


def test_hard_and_easy_need_a_view() -> None:
    with pytest.raises(ValueError, match="view"):
        HardAgent().select(None, [DRAW_ID, DISCARD_BASE])
    assert HardAgent().select(None, [DRAW_ID]) == DRAW_ID


def test_easy_is_reproducible_for_a_seed() -> None:
    rules = Rules.preset("classic")

    def moves(seed: int) -> list[str]:
        game = Game(rules, seed=1)
        game.new_deal()
        play_deal(game, [EasyAgent(seed + s) for s in range(4)])
        return game.logs[-1].moves

    assert moves(5) == moves(5)


# ------------------------------------------------------------------ the pile war


def test_hypergeometric_chances() -> None:
    assert p_at_least(10, 0, 5, 1) == 0.0
    assert p_at_least(10, 10, 5, 5) == 1.0
    assert p_at_least(10, 3, 0, 1) == 0.0
    assert p_at_least(4, 2, 2, 2) == pytest.approx(1 / 6)
    assert p_at_least(10, 2, 3, 1) == pytest.approx(1 - (8 * 7 * 6) / (10 * 9 * 8))


def test_hard_never_feeds_a_meld_of_the_next_side_into_an_open_pile() -> None:
    # seat 1's side melds aces; seat 0 holds an ace and small singletons
    deal = make_deal("classic", ["AH 5C 6D 9S JH 4C", "AC AD AS QH JD", "", ""], upcard="8C",
                     stock="TD TH TS TC 8H")
    for text in ("draw", "discard 4C", "draw", "meld AC AD AS", "discard JD", "draw", "discard TS",
                 "draw", "discard TC", "draw"):
        deal.apply(text)
    hard = HardAgent(0)
    view = deal.view(0)
    legal = deal.legal_actions()
    order = hard.discard_order(view, legal)
    ace = DISCARD_BASE + parse_card("AH")
    assert order.index(ace) >= len(order) - 3  # among the last choices (with wild cards)
    assert hard.take_chance(view, hard.position(view), parse_card("AH") >> 2, False) == 1.0
    warn = hard.warning(view, legal, ace)
    assert warn is not None and "AH" in warn and "next player" in warn
    assert hard.warning(view, legal, order[0]) is None


# ------------------------------------------------------------------ card memory


def _observe_all(mems: Sequence[CardMemory], deal: Deal, seat: int, move: Move | None) -> None:
    for s, m in enumerate(mems):
        m.observe(deal.view(s), seat, move)


def test_memory_tracks_the_pile_and_the_cards_picked_up() -> None:
    deal = make_deal("classic", ["AC AD AH QC QD 9C", "8D", "7S", "QH"], upcard="7C",
                     stock="5S 5H 6S 6H 4D 4H")
    mems = [CardMemory(s) for s in range(4)]
    _observe_all(mems, deal, -1, None)
    assert mems[1].pile == [parse_card("7C")]
    script = [(0, "draw"), (0, "meld AC AD AH"), (0, "discard 9C"), (1, "draw"), (1, "discard 8D"),
              (2, "draw"), (2, "discard 7S"), (3, "draw"), (3, "discard QH")]
    for seat, text in script:
        done = deal.apply(text)
        _observe_all(mems, deal, seat, done)
    assert mems[1].pile == parse_cards("7C 9C 8D 7S QH")
    assert mems[1].discards[0] == [parse_card("9C")]
    done = deal.apply("take QC QD")
    _observe_all(mems, deal, 0, done)
    assert mems[1].pile == []
    known = mems[1].known[0]
    for c in parse_cards("7C 9C 8D 7S"):
        assert known[c] == 1
    assert sum(known) == 4 and mems[1].takes[0] == 1
    assert mems[3].known[0] == known and mems[2].known[0] == known
    assert sum(mems[0].known[0]) == 0  # the owner's hand comes from its view
    assert mems[1].turn_new == [parse_card("QC") >> 2]
    done = deal.apply("discard 9C")
    _observe_all(mems, deal, 0, done)
    assert mems[1].known[0][parse_card("9C")] == 0 and sum(mems[1].known[0]) == 3
    assert mems[1].pile == [parse_card("9C")]
    assert mems[1].has_melded[0] and not mems[1].has_melded[1]
    assert mems[1].known_rank(0, parse_card("7C") >> 2) == 2


def test_memory_without_the_hook_notices_who_took_the_pile() -> None:
    deal = make_deal("classic", ["AC AD AH QC QD 9C", "8D", "7S", "QH"], upcard="7C",
                     stock="5S 5H 6S 6H 4D 4H")
    mem = CardMemory(1)
    for text in ("draw", "meld AC AD AH", "discard 9C", "draw"):
        deal.apply(text)
    mem.sync(deal.view(1))
    for text in ("discard 8D", "draw", "discard 7S", "draw", "discard QH", "take QC QD", "discard 9C", "draw"):
        deal.apply(text)
    mem.sync(deal.view(1))
    assert mem.takes[0] == 1 and not mem.exact
    assert mem.pile[-1] == parse_card("9C") and len(mem.pile) == deal.view(1).pile_size


@pytest.mark.parametrize("variant", ["classic", "classic(players=3)", "classic(players=6,teams=3)", "cuban"])
def test_memory_never_contradicts_the_real_deal(variant: str) -> None:
    rules = Rules.parse(variant)
    for seed in range(3):
        game = Game(rules, seed=seed)
        deal = game.new_deal()
        agents = [HardAgent(s) for s in range(rules.players)]

        class Check:
            def __init__(self, agent: HardAgent, deal: Deal):
                self.agent = agent
                self.deal = deal
                self.name = agent.name
                self.needs_view = True

            def observe(self, view: PlayerView, seat: int, move: Move | None) -> None:
                self.agent.observe(view, seat, move)

            def select(self, view: PlayerView, legal: Sequence[int]) -> int:
                mem = self.agent.memory
                deal = self.deal
                assert len(mem.pile) == len(deal.pile)
                for mine, real in zip(mem.pile, deal.pile, strict=True):
                    assert mine in (UNKNOWN, real)
                for s in range(rules.players):
                    if s != view.seat:
                        assert all(mem.known[s][c] <= deal.hands[s][c] for c in range(N_TYPES))
                return self.agent.select(view, legal)

        play_deal(game, [Check(a, deal) for a in agents])


# ------------------------------------------------------------------ explaining


def test_explanations_and_warnings_are_one_line() -> None:
    rules = Rules.preset("classic")
    deal = Deal(rules, seed=12)
    hard = HardAgent(0)
    others = [HardAgent(s) for s in range(4)]
    rng = random.Random(1)
    seen_kinds = set()
    while not deal.over:
        s = deal.to_act
        legal = deal.legal_actions()
        view = deal.view(s)
        if s == 0 and len(legal) > 1:
            hard.memory.sync(view)
            a = hard.select(view, legal)
            text = hard.explain(view, legal, a)
            assert text and "\n" not in text
            seen_kinds.add(ACTIONS[a][0])
            bad = rng.choice(legal)
            warn = hard.warning(view, legal, bad)
            assert warn is None or ("\n" not in warn and warn.endswith("."))
        else:
            a = others[s].select(view, legal)
        deal.apply_action(a)
    assert DISCARD in seen_kinds


# ------------------------------------------------------------------ hard's initial meld


def _unopened_hard_turn(hand0: str, hand1: str, melds1: Sequence[str],
                        hand3: str = "4C 5C 6C 7C 8C 9C TC JC QC KH AH", melds3: Sequence[str] = ()) -> Deal:
    """Seat 0 (unopened, a pile of 5) to play after drawing; seat 1 opened on its first turn with ``melds1``,
    seat 3 then played ``melds3``."""
    deal = make_deal("classic", [hand0, hand1, "4D 5H 6H 7S 8S 9D TD JD QS KS QC", hand3],
                     upcard="9H", stock="8D 9S TH TS 6S 4H")
    for text in ("draw", "discard 4S", "draw", *melds1, "discard 9D", "draw", "discard 4D", "draw", *melds3,
                 "discard 4C", "draw"):
        deal.apply(text)
    return deal


def _opens(deal: Deal, weights: HardWeights) -> bool:
    action = HardAgent(0, weights).select(deal.view(0), deal.legal_actions())
    return ACTIONS[action][0] != DISCARD


def test_hard_opens_with_a_wild_card_once_an_opened_opponent_holds_few_cards() -> None:
    # a pile of 5 is worth waiting for (open_per_pile_card) ...
    eager = dataclasses.replace(DEFAULT_HARD, open_short_hand=5)
    long_hand = _unopened_hard_turn("KC KD JK 5C 6D 9S 4H 8H QS 7D 4S", "AC AD AS QH QD TH 5D 6H 9D 7H 3C",
                                    ["meld AC AD AS"])
    assert not _opens(long_hand, eager)
    # ... until seat 1, whose side has opened, is down to 2 cards (with open_short_hand 5): it may go out first
    short = _unopened_hard_turn("KC KD JK 5C 6D 9S 4H 8H QS 7D 4S", "AC AD AS QH QD QD 5D 5S 5S 6H 9D",
                                ["meld AC AD AS", "meld QH QD QD", "meld 5D 5S 5S"])
    assert short.view(0).hand_sizes[1] == 2
    assert _opens(short, eager)
    assert not _opens(short, DEFAULT_HARD)  # off by default (docs/bots.md)


def test_hard_opens_sooner_with_red_threes_at_stake_once_the_opponents_can_go_out() -> None:
    # seat 0's red three is worth +100 once its side melds and -100 if it never does (§1.11)
    hand0, hand1 = "KC KD JK 5C 6D 9S 3H 8H QS 7D 4S", "AC AD AS QH QD TH 5D 6H 9D 7H 3C"
    calm = _unopened_hard_turn(hand0, hand1, ["meld AC AD AS"])
    assert calm.view(0).red_threes[0]
    assert not _opens(calm, DEFAULT_HARD)
    # seat 3 completes a canasta of aces: the opponents may go out, the red three is at stake
    racing = _unopened_hard_turn(hand0, hand1, ["meld AC AD AS"], "AH AH AS JK 4C 6C 7C 8C 9C TC JC",
                                 ["add AH AH AS JK to A"])
    view = racing.view(0)
    assert view.melds[1][0].canasta and min(view.hand_sizes[1], view.hand_sizes[3]) > 5
    assert _opens(racing, DEFAULT_HARD)
    assert not _opens(racing, dataclasses.replace(DEFAULT_HARD, open_red3=0.0))


@pytest.mark.parametrize("module", [registry, hard, unseen, level_weights, expert])
def test_the_examples_in_the_docstrings_run(module: object) -> None:
    # a compiled module (canasta.agents.unseen in the compiled build) has its source's examples run
    failed, tried = doctest.testmod(with_docstrings(module), optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert tried and not failed


def test_the_first_published_import_paths_still_work() -> None:
    from canasta.agents import base, protocol
    from canasta.agents.levels import HardAgent as HardFromLevels

    assert base.make_agent is registry.make_agent and base.make_seat_agents is registry.make_seat_agents
    assert base.parse_spec is registry.parse_spec and base.register is registry.register
    assert base.view_or_forced is protocol.view_or_forced and base.observe_all is protocol.observe_all
    assert HardFromLevels is hard.HardAgent
