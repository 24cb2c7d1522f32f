"""The ``hard`` player counts red threes as the deal's score does (issue #14: one rule, one place).

Samba and Italian (RULES.md §3.2) count a side's red threes negative while it has fewer than two canastas
(``red3_negative_if`` "few_canastas"); the bot used to re-code the rule and counted them positive there.
"""

from __future__ import annotations

import pytest

from canasta.agents.hard import HardAgent
from canasta.agents.protocol import observe_all, observers
from canasta.agents.red_threes import side_red_threes
from canasta.cards.deck import parse_cards
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_deal


def _score_red_threes(deal: Deal) -> list[int]:
    """Each side's "red_threes" entry of the score if the deal ended now with nobody going out."""
    results = deal.side_results()
    scored = score_deal(deal.rules, {str(side): result for side, result in enumerate(results)})
    return [scored[str(side)].breakdown["red_threes"] for side in range(deal.teams)]


@pytest.mark.parametrize("preset", ["samba", "italian"])
def test_hard_counts_red_threes_as_the_score(preset: str) -> None:
    rules = Rules.preset(preset)
    assert rules.red3_negative_if == "few_canastas"
    negative_with_melds = 0
    for seed in range(1, 9):
        deal = Deal(rules, seed=seed)
        bots = [HardAgent(seat) for seat in range(rules.players)]
        watching = observers(bots)
        observe_all(watching, deal, -1, None)
        while not deal.over:
            seat = deal.to_act
            view = deal.view(seat)
            bot = bots[seat]
            bot.memory.sync(view)
            pos = bot.position(view)
            expected = _score_red_threes(deal)
            for side in range(deal.teams):
                assert bot.red_threes_estimate(pos, side, -1) == expected[side], (preset, seed, side)
                if expected[side] < 0 and deal.melds[side]:
                    negative_with_melds += 1  # the old estimate counted these positive
            move = deal.apply_action(bot.select(view, deal.legal_actions()))
            observe_all(watching, deal, seat, move)
        if negative_with_melds >= 3:
            break
    assert negative_with_melds >= 3


def test_side_red_threes_follows_the_variant() -> None:
    samba = Rules.preset("samba")
    italian = Rules.preset("italian")
    reds = parse_cards("3H 3D")
    meld = parse_cards("4C 4D 4S")
    assert side_red_threes(samba, [meld], reds, went_out=False) == -samba.red3_bonus(2)
    assert side_red_threes(italian, [meld], reds, went_out=False) == -italian.red3_bonus(2)
    assert side_red_threes(Rules.preset("classic"), [meld], reds, went_out=False) == 200
    assert side_red_threes(Rules.preset("classic"), [], reds, went_out=False) == -200
    assert side_red_threes(samba, [], [], went_out=False) == 0


def test_side_red_threes_in_the_middle_of_going_out() -> None:
    classic = Rules.preset("classic")
    melds = [parse_cards("3C 3S 3C"), parse_cards("4C 4D 4S")]  # black threes melded, the canasta still to come
    assert side_red_threes(classic, melds, parse_cards("3H"), went_out=True) == 100
    assert side_red_threes(classic, melds, parse_cards("3H"), went_out=False) == 100
