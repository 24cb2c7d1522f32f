"""The rule-of-thumb players in Hand and Foot (RULES_AMERICAN.md B.9, B.10; docs/bots.md): they play the hand out
to pick up the foot (no reserve while the foot waits, a pair and a wild card melded, the last card discarded to
walk), keep the natural melds the going-out contract needs clean, and price an unplayed foot when answering. Before
this, no seeded deal of theirs ended by going out: they kept a reserve of cards and never reached their foot."""

from __future__ import annotations

import pytest

from canasta.agents.base import make_agent
from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.heuristic_weights import DEFAULT_WEIGHTS
from canasta.agents.level_weights import DEFAULT_HARD
from canasta.agents.position import Position, RulesFacts
from canasta.cards.deck import parse_card
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.play.arena import run_arena
from canasta.play.match import play_deal
from canasta.rules.fields import Rules
from test_hand_and_foot import CONTRACT, RANK, _position

HF = Rules.preset("hand-and-foot")


def _deals(bots: tuple[str, str], deals: int, rules: Rules = HF) -> tuple[int, int, list[Deal]]:
    """Deals ended by going out, feet of side 0 (seats 0, 2) never taken, and the deals; ``bots[0]`` on seats
    0 and 2, ``bots[1]`` on 1 and 3; deal seeds 0..deals-1."""
    out = feet = 0
    played = []
    for seed in range(deals):
        game = Game(rules, seed=seed)
        game.new_deal()
        deal = play_deal(game, [make_agent(bots[seat % 2], seat) for seat in range(4)])
        out += deal.out_seat >= 0
        feet += sum(1 for seat in (0, 2) if deal.packets[seat])
        played.append(deal)
    return out, feet, played


def _contract_met(deal: Deal) -> bool:
    side = deal.side_of[deal.out_seat]
    books = [m for m in deal.melds[side] if m.is_canasta]
    return sum(m.is_natural for m in books) >= 2 and sum(not m.is_natural for m in books) >= 2


def test_heuristic_reaches_its_foot_and_goes_out_with_the_contract() -> None:
    # before: 0 of 20 deals out, all 40 feet of side 0 unplayed (heuristic against random); after: 12, 8
    out, feet, deals = _deals(("heuristic", "random"), 20)
    assert out >= 8 and feet <= 16
    for deal in deals:
        if deal.out_seat >= 0:
            assert _contract_met(deal) and not deal.packets[deal.out_seat]
    # four heuristic players: before 0 of 20 out; after 17
    assert _deals(("heuristic", "heuristic"), 20)[0] >= 10


@pytest.mark.parametrize("bot", ["easy", "hard"])
def test_levels_reach_their_foot(bot: str) -> None:
    # before: easy 3 of 20 deals out and 35 feet of its side unplayed, hard 0 and 40; after: easy 9 and 7, hard 6
    # and 7
    out, feet, _ = _deals((bot, "random"), 20)
    assert out >= 3 and feet <= 20


def test_no_reserve_while_the_foot_waits_and_clean_melds_kept_clean() -> None:
    """A meld that empties the hand scores above the same meld with the foot taken (running to the foot), and a
    wild card put into the natural meld the contract still needs for a clean book costs ``clean_spoil``."""
    agent = make_agent("heuristic", 0)
    facts = RulesFacts(HF)
    down = [(RANK["K"], "KH KS KD"), (RANK["Q"], "QH QS QD")]
    with_foot = _position(["KD KH 2C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], melds=[down, []], phase="play",
                          drew=1, opened=[True, False])
    pos = Position(with_foot.view(0), facts, DEFAULT_WEIGHTS)
    assert pos.foot == 11 and pos.clean_short == 2 and pos.clean_open == 2
    score = agent._meld_score  # type: ignore[attr-defined]
    run = score(pos, RANK["K"], 2, 1, 0)  # K K 2: the hand emptied, but the kings' meld spoiled for a clean book
    clean = score(pos, RANK["K"], 2, 0, 0)
    assert clean - run > DEFAULT_WEIGHTS.clean_spoil / 2
    in_foot = _position(["KD KH 2C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], packets=["", "", "", ""],
                        melds=[down, []], phase="play", drew=1, opened=[True, False])
    pos2 = Position(in_foot.view(0), facts, DEFAULT_WEIGHTS)
    assert pos2.foot == 0 and score(pos2, RANK["K"], 2, 0, 0) < clean  # the reserve counts again in the foot
    # with the contract's clean books made, the wild card costs no more than elsewhere
    done = _position(["KD KH 2C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], melds=[list(CONTRACT) + down, []],
                     phase="play", drew=1, opened=[True, False])
    assert Position(done.view(0), facts, DEFAULT_WEIGHTS).clean_short == 0


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["expert(iterations=2)", "learned"])
def test_expert_and_learned_play_a_hand_and_foot_deal(bot: str) -> None:
    game = Game(HF, seed=3)
    game.new_deal()
    deal = play_deal(game, [make_agent(bot if seat % 2 == 0 else "heuristic", seat) for seat in range(4)],
                     check=True)
    assert deal.over


def _asked(partner_hand: str) -> Deal:
    """Seat 0 (foot taken, the contract made) has asked "may I go out?"; his partner (seat 2, foot taken) holds
    ``partner_hand``; the other side has the same books, so neither side leads by its melds."""
    side1 = [(RANK["8"], "8H 8S 8D 8C 8H 8S 8D"), (RANK["7"], "7H 7S 7D 7C 7H 7S 7D"),
             (RANK["6"], "6H 6S 6D 6C 6H 6S 2H"), (RANK["5"], "5H 5S 5D 5C 5H JK 2S")]
    deal = _position(["9C 9D 9H 4C", "AH AS AD KC", partner_hand, "QH QS QD JC"], packets=["", "", "", ""],
                     melds=[list(CONTRACT), side1], phase="play", drew=1, opened=[True, True])
    deal.apply("ask")
    assert deal.to_act == 2
    return deal


@pytest.mark.parametrize("bot", ["heuristic", "hard"])
def test_a_red_three_kept_in_hand_counts_its_penalty_when_answering(bot: str) -> None:
    """A red three left in a hand costs 500 (B.7): the partner holding one answers no, where two small cards
    answer yes (before, the bots priced a red three in hand at 5 points and answered yes to both)."""
    yes_no = {}
    for hand in ("4D 5D", "3H 5D"):
        deal = _asked(hand)
        view = deal.view(2)
        agent = make_agent(bot, 2)
        legal = deal.legal_actions()
        yes_no[hand] = str(deal.move_for_action_safe(agent.select(view, legal)))
    assert yes_no == {"4D 5D": "yes", "3H 5D": "no"}
    pos = Position(_asked("3H 5D").view(2), RulesFacts(HF), DEFAULT_WEIGHTS)
    assert pos.hand_points == HF.red3_hand_penalty + 5


def test_hard_plays_the_foot_weights_only_where_each_player_has_a_foot() -> None:
    """Where each player has a foot (``Rules.has_foot``), ``hard`` keeps no reserve and keeps its pairs
    (``HardWeights.foot_reserve``, ``foot_keep_pair``) and costs a discard as the heuristic does, threes first;
    elsewhere its weights and its pile war are unchanged (classic: tests/test_hard_moves.py)."""
    hard = make_agent("hard", 0)
    deal = _in_foot_hand("KD KH 9C 3H 5S 8D")
    view = deal.view(0)
    hard.memory.sync(view)  # type: ignore[attr-defined]
    pos = hard.position(view)  # type: ignore[attr-defined]
    assert hard.weights.reserve == DEFAULT_HARD.foot_reserve == 0  # type: ignore[attr-defined]
    assert hard.weights.keep_pair == DEFAULT_HARD.foot_keep_pair  # type: ignore[attr-defined]
    cost = hard._discard_cost  # type: ignore[attr-defined]
    heuristic_cost = HeuristicAgent._discard_cost
    assert cost(pos, parse_card("3H")) == DEFAULT_HARD.black3_keep
    for card in ("KD", "9C", "5S"):
        assert cost(pos, parse_card(card)) == heuristic_cost(hard, pos, parse_card(card))  # type: ignore[arg-type]
    assert cost(pos, parse_card("KD")) - cost(pos, parse_card("8D")) > DEFAULT_HARD.foot_keep_pair / 2
    classic = Deal(Rules.preset("classic"), seed=1).view(0)
    hard.memory.sync(classic)  # type: ignore[attr-defined]
    hard.position(classic)  # type: ignore[attr-defined]
    assert hard.weights == DEFAULT_HARD.base  # type: ignore[attr-defined]


def _in_foot_hand(hand: str) -> Deal:
    """Seat 0 to play after drawing, his foot taken, his side down with a meld of queens."""
    return _position([hand, "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], packets=["", "", "", ""],
                     melds=[[(RANK["Q"], "QH QS QD")], []], phase="play", drew=1, opened=[True, False])


@pytest.mark.slow
def test_hard_wins_more_shuffles_than_medium() -> None:
    """Duplicate deals (``canasta arena hard medium --variant hand-and-foot --deals 40 --seed 2``): ``hard`` wins
    more shuffles than ``medium`` and leads on margin (before its foot weights: 50.0% of shuffles, +11 a deal;
    after: 67.5%, +189; docs/bots.md has the 100- and 200-shuffle figures)."""
    pair = run_arena(HF, ["hard", "medium"], 40, seed=2).pairs[0]
    assert pair.shuffle_rate >= 0.6 and pair.margin > 100
