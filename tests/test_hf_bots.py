"""The rule-of-thumb players in Hand and Foot (RULES_AMERICAN.md B.9, B.10; docs/bots.md): they play the hand out
to pick up the foot (no reserve while the foot waits, a pair and a wild card melded, the last card discarded to
walk), keep the natural melds the going-out contract needs clean, and price an unplayed foot when answering. Before
this, no seeded deal of theirs ended by going out: they kept a reserve of cards and never reached their foot."""

from __future__ import annotations

import pytest

from canasta.agents.base import make_agent
from canasta.agents.heuristic_weights import DEFAULT_WEIGHTS
from canasta.agents.position import Position, RulesFacts
from canasta.engine.deal import Deal
from canasta.engine.game import Game
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
