"""The bots' view of a variant's canastas (canasta.agents.goals) agrees with the scoring function."""

from __future__ import annotations

import pytest

from canasta.agents.goals import canasta_value
from canasta.cards.deck import JOKER, RANKS, TWO, parse_cards
from canasta.moves.notation import WILD_TARGET
from canasta.rules.fields import Rules, preset_names
from canasta.scoring.bonuses import canasta_bonus
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import classify_meld


def _canastas(rules: Rules) -> list[tuple[int, int, int, list[int]]]:
    """(target, wild cards, jokers, cards) of 7-card canastas these rules allow."""
    out = []
    for rank in ("4", "7", "K", "A"):
        r = RANKS.index(rank)
        for wilds in range(0, 4):
            naturals = [r * 4 + s % 4 for s in range(7 - wilds)]
            for jokers in range(0, wilds + 1):
                cards = naturals + [JOKER] * jokers + [TWO * 4] * (wilds - jokers)
                out.append((r, wilds, jokers, cards))
    for jokers in (0, 2, 4):
        out.append((WILD_TARGET, 7, jokers, [JOKER] * jokers + [TWO * 4 + s % 4 for s in range(7 - jokers)]))
    if rules.twos_melds:
        out.append((TWO, 0, 0, parse_cards("2C 2C 2D 2D 2H 2H 2S")))
        out.append((TWO, 2, 2, parse_cards("2C 2C 2D 2D 2H JK JK")))
    return out


@pytest.mark.parametrize("variant", preset_names())
def test_canasta_value_is_the_scored_bonus(variant: str) -> None:
    rules = Rules.preset(variant)
    checked = 0
    for target, wilds, jokers, cards in _canastas(rules):
        try:
            info = classify_meld(rules, cards)
        except ScoringError:
            continue  # a meld these rules do not allow (wild-card limits, no wild melds, ...)
        assert canasta_value(rules, target, wilds, jokers) == canasta_bonus(rules, info, cards), (target, cards)
        checked += 1
    assert checked >= 12
