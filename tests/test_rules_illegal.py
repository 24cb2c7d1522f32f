"""Illegal moves: the engine explains them in a player's words and changes nothing (DESIGN.md,
"Atomic moves"; RULES.md §1).

Each case sets up a position with a stacked deck, tries a move the rules forbid, checks the
message names the rule in words, and compares a snapshot of the whole state before and after.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from canasta.engine.deal import Deal, IllegalMove
from canasta.moves.actions import N_ACTIONS
from canasta.moves.notation import Move
from canasta.rules.fields import Rules
from helpers import draw_discard, make_deal, play, snapshot

CLASSIC = Rules.preset("classic")
SEVEN_KINGS = "KC KD KH KS KC KD KH"


def start() -> Deal:
    return make_deal(CLASSIC, ["KC KD KH AC AD AH 7D 7H 2C"], stock="9S")


def drawn() -> Deal:
    return play(start(), "draw")


def weak_drawn() -> Deal:
    d = make_deal(CLASSIC, ["7D 7H 2C 4S 5S 6S 8S 9S TS JS QS"], stock="AS")
    return play(d, "draw")


def frozen_sevens() -> Deal:
    d = make_deal(CLASSIC, ["7D 7H 7S AC AD AH 7C JK"], upcard="9C", stock="4S 2C 8D 7C")
    play(d, "draw", "meld 7D 7H 7S", "meld AC AD AH", "discard 4S")
    return draw_discard(d, 3)


def asked() -> Deal:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 9C"], stock="QS")
    return play(d, "draw", "ask")


def over() -> Deal:
    d = make_deal(CLASSIC, [SEVEN_KINGS + " QC QD QH 2C"], stock="QS")
    return play(d, "draw", "meld " + SEVEN_KINGS, "meld QC QD QH QS 2C")


CASES: list[tuple[str, Callable[[], Deal], str, str]] = [
    ("meld before drawing", start, "meld KC KD KH", "first draw from the stock"),
    ("discard before drawing", start, "discard 7D", "first draw"),
    ("take an unfrozen pile for an unopened side without a pair", start, "take 7D 2C",
     "frozen for your side until it makes its initial meld.*natural pair of sevens"),
    ("draw twice", drawn, "draw", "already drawn"),
    ("discard a card not held", drawn, "discard QS", "do not hold QS"),
    ("meld below the minimum", weak_drawn, "meld 7D 7H 2C", "initial meld of 50"),
    ("meld of two cards", drawn, "meld KC KD", "at least 3 cards"),
    ("mixed ranks", drawn, "meld KC KD AC", "one rank"),
    ("add to a meld the side does not have", drawn, "add KC", "no meld of kings"),
    ("frozen pile with a natural and a wild card", frozen_sevens, "take 7C JK",
     "frozen for everyone: 2C is in the pile: you need a natural pair of sevens"),
    ("frozen pile by adding to a meld", frozen_sevens, "take", "natural pair of sevens"),
    ("moving out of turn while the partner answers", asked, "discard 9C", "must first answer"),
    ("answering one's own question", asked, "ask", "must first answer"),
    ("anything after the deal", over, "draw", "the deal is over"),
    ("unreadable text", start, "drow", "'drow' is not a move: moves are: draw"),
    ("unreadable card", start, "discard KX", "'KX' is not a card"),
]


@pytest.mark.parametrize(("name", "setup", "move", "why"), CASES, ids=[c[0] for c in CASES])
def test_illegal_move_is_explained_and_changes_nothing(
    name: str, setup: Callable[[], Deal], move: str, why: str
) -> None:
    d = setup()
    before = snapshot(d)
    with pytest.raises(IllegalMove, match=why):
        d.apply(move)
    assert snapshot(d) == before
    d.check_invariants()


def test_illegal_action_ids_change_nothing() -> None:
    d = drawn()
    legal = set(d.legal_actions())
    before = snapshot(d)
    for a in range(0, N_ACTIONS, 7):
        if a in legal:
            continue
        with pytest.raises(IllegalMove):
            d.apply_action(a)
        assert snapshot(d) == before
    for bad in (-1, N_ACTIONS, N_ACTIONS + 100):
        with pytest.raises(IllegalMove, match="not a move id"):
            d.apply_action(bad)
    assert snapshot(d) == before


def test_explain_tells_why_for_every_illegal_id_in_words() -> None:
    d = drawn()
    legal = set(d.legal_actions())
    for a in range(N_ACTIONS):
        if a in legal:
            continue
        msg = d.explain(d.move_for_action_safe(a))
        assert msg and msg[0].islower() and " " in msg  # a sentence, not a code


def test_explain_says_so_for_a_legal_move() -> None:
    d = drawn()
    for a in d.legal_actions():
        assert d.explain(d.move_for_action_safe(a)) == "that move is legal now"
    d2 = Deal(Rules.preset("classic"), seed=3)
    assert d2.explain(Move.parse("draw")) == "that move is legal now"
    assert d2.explain(Move.parse("yes")) == "nobody asked to go out"
