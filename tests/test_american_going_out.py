"""Modern American Canasta: no going out while the side holds an incomplete natural meld of aces, a meld of sevens
or a meld of wild cards (RULES_AMERICAN.md A.9 [CLA via E, CC]; ``incomplete_blocks_going_out``); such a meld may be
completed in the turn the side goes out. And while the meld of wild cards is incomplete, no wild card joins another
meld (A.6 [CLA, P, CC]; ``wild_meld_first``), in the moves and in the plans (docs/variants/modern-american.md)."""

from __future__ import annotations

import pytest

from canasta.engine.constraints.going_out import can_go_out_now
from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.moves.notation import Move
from helpers import is_legal as legal
from helpers import mac_rules as mac
from oracles.build import MeldSpec, position

KINGS = (11, "KC KD KH KS KC KD KH")
QUEENS = (10, "QC QD QH QS QC QD QH")
SEVENS = 5
ACES = 12
WILD = 13



def at(hand: str, *melds: MeldSpec, **opts: str) -> Deal:
    """The side has two canastas (kings, queens) and ``melds``; its player holds ``hand`` after his draw."""
    return position(mac(**opts), hand, (KINGS, QUEENS, *melds))



@pytest.mark.parametrize(("meld", "hand", "finish"), [
    ((SEVENS, "7C 7D 7H"), "7S 9C 9D 9H 5C", "add 7S to 7"),
    ((ACES, "AC AD AH"), "AS 9C 9D 9H 5C", "add AS to A"),
    ((WILD, "2C 2D JK"), "2H 9C 9D 9H 5C", "add 2H to W"),
])
def test_an_incomplete_meld_blocks_going_out(meld: MeldSpec, hand: str, finish: str) -> None:
    d = at(hand, meld)
    assert not can_go_out_now(d)
    assert "ask" not in {str(m) for m in d.legal_moves()}
    d.apply("meld 9C 9D 9H")
    assert not legal(d, finish)  # one card left to discard, the meld still incomplete
    why = explain_refusal(d, Move.parse(finish))
    assert why is not None and why.code == "incomplete_meld_blocks_going_out"
    open_ = at(hand, meld, incomplete_blocks_going_out="false")  # the option off: he goes out
    assert can_go_out_now(open_)
    open_.apply("meld 9C 9D 9H")
    open_.apply(finish)
    open_.apply("discard 5C")
    assert open_.over and open_.out_seat == open_.turn


def test_the_meld_completed_in_the_going_out_turn() -> None:
    d = at("7S 7C 7D 5C", (SEVENS, "7C 7D 7H 7S"))
    assert can_go_out_now(d)  # the sevens complete their canasta as he goes out
    seat = d.turn
    d.apply("add 7S 7C 7D to 7")
    d.apply("discard 5C")
    assert d.over and d.out_seat == seat


def test_a_mixed_meld_of_aces_does_not_block() -> None:
    d = at("9C 9D 9H 5C", (ACES, "AC AD 2C"))
    assert can_go_out_now(d)
    d.apply("meld 9C 9D 9H")
    d.apply("discard 5C")
    assert d.over


def test_a_new_meld_of_sevens_cannot_be_the_going_out() -> None:
    d = at("7S 7C 7D 5C 9C 9D 9H")
    d.apply("meld 9C 9D 9H")
    assert not legal(d, "meld 7S 7C 7D")
    why = explain_refusal(d, Move.parse("meld 7S 7C 7D"))
    assert why is not None and why.code == "incomplete_meld_blocks_going_out"
    assert legal(at("7S 7C 7D 5C 9C 9D 9H", incomplete_blocks_going_out="false"), "meld 7S 7C 7D")


def test_the_ask_is_refused_with_the_reason() -> None:
    d = at("7S 9C 9D 9H 5C", (SEVENS, "7C 7D 7H"))
    why = explain_refusal(d, Move.parse("ask"))
    assert why is not None and why.code == "incomplete_meld_blocks_going_out"


FIVE_QUEENS = (10, "QC QD QH QS QC")


@pytest.mark.parametrize("move", ["add 2H to Q", "meld 9C 9D 2H"])
def test_no_wild_card_elsewhere_while_the_wild_meld_is_incomplete(move: str) -> None:
    d = position(mac(), "2H 9C 9D 5C 6C", (KINGS, FIVE_QUEENS, (WILD, "2C 2D JK")))
    assert not legal(d, move)
    why = explain_refusal(d, Move.parse(move))
    assert why is not None and why.code == "wild_meld_incomplete"
    assert legal(d, "add 2H to W")
    off = position(mac(wild_meld_first="false"), "2H 9C 9D 5C 6C", (KINGS, FIVE_QUEENS, (WILD, "2C 2D JK")))
    assert legal(off, "add 2H to Q")


def test_wild_cards_go_elsewhere_once_the_wild_meld_is_complete() -> None:
    d = position(mac(), "2H JK 2S 9C 9D 5C 6C", (KINGS, FIVE_QUEENS, (WILD, "2C 2D 2S JK JK")))
    assert not legal(d, "add 2S to Q")
    d.apply("add 2H JK to W")
    assert legal(d, "add 2S to Q")


def test_the_plans_fill_the_wild_meld_first() -> None:
    """best_meld_value and the meld-out plan: with the meld of wild cards incomplete, a pair does not become a meld
    with a wild card unless the wild cards complete that meld first."""
    from canasta.engine.constraints.meld_limits import MeldLimits
    from canasta.engine.constraints.meld_plans import best_meld_value, can_meld_out
    rules = mac()
    d = position(rules, "5C")
    on = MeldLimits.for_rules(rules, d.rank_values).before  # the opening turn's limits: J J 2 is a meld
    off = MeldLimits.for_rules(mac(wild_meld_first="false"), d.rank_values).before
    counts = [0] * 14
    counts[0], counts[9] = 1, 2  # a two and a pair of jacks
    wild_meld = {13: [0, 3]}
    assert best_meld_value(counts, wild_meld, off, 0) == 40  # J J 2
    assert best_meld_value(counts, wild_meld, on, 0) == 20  # the two into the meld of wild cards, the jacks kept
    assert can_meld_out(counts, {**wild_meld, 10: [7, 0], 11: [7, 0]}, off, 2, 2, allow_discard=False)
    assert not can_meld_out(counts, {**wild_meld, 10: [7, 0], 11: [7, 0]}, on, 2, 2, allow_discard=False)
    counts[0] = 5  # four twos complete it, the fifth makes J J 2
    assert best_meld_value(counts, wild_meld, on, 0) == 5 * 20 + 20
