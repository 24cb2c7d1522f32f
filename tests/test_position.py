"""Deals built from their parts (:meth:`Deal.from_position`, :mod:`canasta.engine.position`).

Scripted positions: the derived fields (the side opened, the minimum count of the score, the pile frozen by a
wild card, canastas) follow from the parts alone, and the position plays by the rules. Refusals: a card too many,
a card missing, a red three in a hand, parts of the wrong length. Round trip: a dealt and played deal rebuilt from
its parts has the same legal moves and the same full state (``state_snapshot.full_state``) in every preset.
"""

from __future__ import annotations

import doctest
import random

import pytest

import canasta.engine.deal
import canasta.engine.position
from canasta.cards.deck import N_TYPES, deck_counts, deck_list, parse_cards
from canasta.engine.deal import Deal
from canasta.engine.position import MeldPart, position_parts
from canasta.rules.fields import Rules
from helpers import with_docstrings
from state_snapshot import full_state

PRESETS = ("classic", "italian", "hollywood", "samba", "bolivia", "brazilian", "chilean", "cuban", "spanish",
           "uruguay", "mexican", "escalator", "pennies-from-heaven", "romanian-tiles", "free-canasta",
           "classic(players=2)", "classic(players=6)", "classic(players=3)", "classic(players=5)")


def complete(rules: Rules, hands: list[str], pile: str = "", melds: list[list[MeldPart]] | None = None,
             red_threes: list[str] | None = None) -> dict[str, object]:
    """The parts of a position whose stock holds every card not placed elsewhere (in canonical order)."""
    left = deck_counts(rules.packs, rules.jokers)
    placed = [parse_cards(h) for h in hands] + [parse_cards(pile)] + [parse_cards(r) for r in red_threes or []]
    for ms in melds or []:
        placed += [list(m.cards) for m in ms]
    for cards in placed:
        for c in cards:
            left[c] -= 1
    assert min(left) >= 0
    return {
        "hands": [parse_cards(h) for h in hands],
        "pile": parse_cards(pile),
        "stock": deck_list(left),
        "melds": melds,
        "red_threes": [parse_cards(r) for r in red_threes] if red_threes else None,
    }


def test_a_scripted_position_derives_what_follows_from_its_parts() -> None:
    rules = Rules.parse("classic")
    kings = MeldPart(11, tuple(parse_cards("KC KD KH KS KC KD 2C")))  # a mixed canasta of kings
    parts = complete(rules, ["QH QD QS 5C 5D", "4C 4D", "6C 6D", "8C 8D"], pile="9C 2H 7D",
                     melds=[[kings], []], red_threes=["3H", "", "", ""])
    deal = Deal.from_position(rules, **parts, scores=[1600, 0], turn=0, phase="play", drew=1)  # type: ignore[arg-type]
    deal.check_invariants()
    assert deal.opened == [True, False]
    assert deal.canastas == [1, 0]
    assert deal.minimum == [rules.min_meld(1600), rules.min_meld(0)]
    assert deal.frozen  # a two in the pile
    assert deal.hand_sizes == [5, 2, 2, 2]
    assert deal.rank_counts[0][10] == 3  # three queens
    assert deal.to_act == 0 and deal.pile_top == parse_cards("7D")[0]
    deal.apply("meld QH QD QS")
    deal.check_invariants()
    assert deal.melds[0][-1].size == 3


def test_a_position_in_the_draw_phase_plays_on() -> None:
    rules = Rules.parse("classic")
    parts = complete(rules, ["QH QD QS 5C 5D", "4C 4D 4H", "6C 6D 6H", "8C 8D 8H"], pile="9C")
    deal = Deal.from_position(rules, **parts, turn=2, phase="draw")  # type: ignore[arg-type]
    assert deal.to_act == 2 and deal.turn_no == 1 and deal.dealer == 1  # by default, the first turn
    assert not deal.frozen and deal.opened == [False, False]
    deal.apply("draw")
    assert deal.hand_sizes[2] == 3 + rules.draw
    deal.check_invariants()


def test_a_card_too_many_is_refused_by_name() -> None:
    rules = Rules.parse("classic")
    parts = complete(rules, ["QH QD QS"] + [""] * 3, pile="9C")
    parts["pile"] = parts["pile"] + parse_cards("QH")  # type: ignore[operator]
    with pytest.raises(ValueError, match="too many: QH x1"):
        Deal.from_position(rules, **parts)  # type: ignore[arg-type]


def test_a_card_missing_is_refused_by_name() -> None:
    rules = Rules.parse("classic")
    parts = complete(rules, ["QH QD QS"] + [""] * 3, pile="9C")
    parts["stock"] = parts["stock"][1:]  # type: ignore[index]
    with pytest.raises(ValueError, match="missing: "):
        Deal.from_position(rules, **parts)  # type: ignore[arg-type]


def test_parts_that_do_not_fit_are_refused() -> None:
    rules = Rules.parse("classic")
    parts = complete(rules, ["QH QD QS"] + [""] * 3)
    with pytest.raises(ValueError, match="one entry per seat"):
        Deal.from_position(rules, **{**parts, "hands": parts["hands"][:3]})  # type: ignore[arg-type, index]
    with pytest.raises(ValueError, match="phase must be one of"):
        Deal.from_position(rules, **parts, phase="meld")  # type: ignore[arg-type]
    red = complete(rules, ["QH 3H"] + [""] * 3)
    with pytest.raises(ValueError, match="red three"):
        Deal.from_position(rules, **red)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a card type"):
        Deal.from_position(rules, **{**parts, "hands": [[N_TYPES], [], [], []]})  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", PRESETS)
def test_a_played_deal_rebuilt_from_its_parts_is_the_same_deal(spec: str) -> None:
    rules = Rules.parse(spec)
    rng = random.Random(5)
    for seed in range(3):
        deal = Deal(rules, dealer=seed % rules.deal_players, seed=seed)
        for step in range(400):
            if deal.over:
                break
            if step % 37 == 0:
                again = Deal.from_position(deal.rules, **position_parts(deal))
                assert type(again) is type(deal)
                assert again.legal_actions() == deal.legal_actions()
                assert full_state(again) == full_state(deal)
                again.check_invariants()
            deal.apply_action(rng.choice(deal.legal_actions()))


def test_the_examples_of_the_docstrings_run() -> None:
    for module in (canasta.engine.deal, canasta.engine.position):
        failed, tried = doctest.testmod(with_docstrings(module), optionflags=doctest.ELLIPSIS)
        assert tried and not failed, module.__name__
