"""Modern American Canasta's initial meld (RULES_AMERICAN.md A.7 [CLA]; docs/variants/modern-american.md): the top
card of the pile taken does not count toward the minimum (``opening_top_card_counts``), the pair does (A.14 row 10)."""

from __future__ import annotations

import pytest

from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.moves.notation import Move
from helpers import is_legal as legal
from helpers import mac_rules as mac
from helpers import make_deal, play


@pytest.mark.parametrize(("counts", "ok"), [("true", True), ("false", False)])
def test_the_top_card_does_not_count(counts: str, ok: bool) -> None:
    # pair 20 + AAA 60 + QQQQ 40 = 120 from the hand; with the top king 130
    hand = "KC KD AC AD AH QC QD QH QS 5H 6H 8H 9H"
    d = make_deal(mac(opening_top_card_counts=counts), ["KS 4C 4D 5C 5D 6C 6D 8C 8D 9C 9D 10C 10D", hand],
                  upcard="", stock="JC")
    play(d, "draw", "discard KS")
    assert d.turn == 1 and d.pile
    assert legal(d, "take KC KD") == ok
    if ok:
        play(d, "take KC KD", "meld AC AD AH", "meld QC QD QH QS", "discard 5H")
        assert d.opened[1]
    else:
        why = explain_refusal(d, Move.parse("take KC KD"))
        assert why.code == "take_initial_meld_short"


def test_the_pair_counts() -> None:
    # pair 20 + AAA 60 + QQQ 30 + 555 15 = 125 from the hand: it opens without the top card
    hand = "KC KD AC AD AH QC QD QH 5H 5S 5C 9H 8H"
    d = make_deal(mac(), ["KS 4C 4D 6S 5D 6C 6D 8C 8D 9C 9D 10C 10D", hand], upcard="", stock="JC")
    play(d, "draw", "discard KS", "take KC KD", "meld AC AD AH", "meld QC QD QH")
    assert d.open_total == 110  # the pair and the melds; the top king left out
    play(d, "meld 5H 5S 5C", "discard 9H")
    assert d.opened[1]


OPENER = "KC KD KH KS KC 2C 2D QC QD QH AC AD JK"  # KKKK22 80 (or KKKKK2 70) + QQQ 30 + AA JK 90


@pytest.mark.parametrize(("move", "ok"), [
    ("meld KC KD KH KS KC 2C 2D", False),  # a mixed canasta in the opening (A.7)
    ("meld KC KD KH KS 2C 2D", True),  # six cards: not a canasta yet
    ("meld KC KD KH KS KC 2C", True),
])
def test_no_mixed_canasta_in_the_opening(move: str, ok: bool) -> None:
    d = make_deal(mac(), [OPENER], upcard="", stock="9D")
    play(d, "draw")
    assert legal(d, move) == ok
    if not ok:
        assert explain_refusal(d, Move.parse(move)).code == "opening_mixed_canasta"


def test_the_option_on_allows_it() -> None:
    hand = "KC KD KH KS KC 2C 2D AC AD AH 5C 6C 8C"  # KKKKK22 90 + AAA 60, four cards kept
    d = make_deal(mac(opening_mixed_canasta="true"), [hand], upcard="", stock="9D")
    play(d, "draw")
    assert legal(d, "meld KC KD KH KS KC 2C 2D")
    off = play(make_deal(mac(), [hand], upcard="", stock="9D"), "draw")
    assert not legal(off, "meld KC KD KH KS KC 2C 2D")


def test_no_natural_card_completes_a_mixed_canasta_in_the_opening() -> None:
    d = make_deal(mac(), [OPENER], upcard="", stock="9D")
    play(d, "draw", "meld KC KD KH KS 2C 2D")
    assert not legal(d, "add KC to K")
    assert explain_refusal(d, Move.parse("add KC to K")).code == "opening_mixed_canasta"
    play(d, "meld QC QD QH", "meld AC AD JK", "discard 9D")  # 80 + 30 + 90
    assert d.opened[0]


def test_a_natural_canasta_in_the_opening() -> None:
    d = make_deal(mac(), ["KC KD KH KS KC KD KH AC AD AH 5C 6C 9C"], upcard="", stock="9D")
    play(d, "draw", "meld KC KD KH KS KC KD KH", "meld AC AD AH", "discard 9C")  # 70 + 60
    assert d.opened[0] and d.canastas[0] == 1


def test_the_count_without_a_clean_triple_does_not_open() -> None:
    d = make_deal(mac(), ["AC AD 2D 2H QC QD JK KC KD KH 5C 6C 9C"], upcard="", stock="9D")
    play(d, "draw", "meld AC AD 2D 2H", "meld QC QD JK")  # 80 + 70: the count, no clean triple
    assert d.open_total >= 125 and not d.opened[0]
    assert not legal(d, "discard 9D")
    assert explain_refusal(d, Move.parse("discard 9D")).code == "initial_meld_needs_clean_triple"
    assert not legal(d, "add KC to Q")  # the kings would be the last clean triple
    play(d, "meld KC KD KH", "discard 9D")
    assert d.opened[0]


def test_no_clean_triple_in_the_hand_no_opening() -> None:
    d = make_deal(mac(), ["AC AD 2D 2H QC QD JK KC KD 2S 5C 6C 9C"], upcard="", stock="9D")
    play(d, "draw")  # 80 + 70 + KK2 40: the count, but no clean triple anywhere
    assert not any(str(m).startswith(("meld", "add")) for m in d.legal_moves())
    off = make_deal(mac(opening_requires="none"), ["AC AD 2D 2H QC QD JK KC KD 2S 5C 6C 9C"], upcard="",
                    stock="9D")
    play(off, "draw", "meld AC AD 2D 2H", "meld QC QD JK", "discard 9D")
    assert off.opened[0]


def test_the_top_card_is_no_part_of_the_clean_triple() -> None:
    # K K from the hand with the top king: no triple from the hand; AAA + QQQ make one otherwise
    taker = "KC KD AC AD JK QC QD JK 5H 6H 8H 9H 4H"  # pair 20 + AA JK 90 + QQ JK 70 = 180, no clean triple
    d = make_deal(mac(), ["KS 4C 4D 5C 5D 6C 6D 8C 8D 9C 9D 10C 10D", taker], upcard="", stock="JC")
    play(d, "draw", "discard KS")
    assert not legal(d, "take KC KD")
    third = "KC KD KH AC AD JK QC QD JK 5H 6H 8H 9H"  # a third king from the hand: K K K besides the top card
    d = make_deal(mac(), ["KS 4C 4D 5C 5D 6C 6D 8C 8D 9C 9D 10C 10D", third], upcard="", stock="JC")
    play(d, "draw", "discard KS", "take KC KD", "add KH to K", "meld AC AD JK", "meld QC QD JK", "discard 5H")
    assert d.opened[1]


def test_no_opening_move_leaves_the_player_stuck() -> None:
    """A game found stuck (canasta simulate, seed 0): after A A A and 6 6 6 6 6 the wild cards went onto them and
    the sevens, the last clean triple, could no longer be melded keeping a card. Every move the engine offers from
    there must leave a move to make."""
    junk = "4C 4D 5C 5D 8C 8D 9C 9D TC TD QC QD KC"
    d = make_deal(mac(), [junk, "AC AH AS 6C 6D 6D 6H 6S 2D 2S 7C 7C 7D"], upcard="", stock="JC 7H")
    play(d, "draw", "discard JC", "draw", "meld AC AH AS", "meld 6C 6D 6D 6H 6S")

    def walk(x: Deal, depth: int) -> int:
        acts = x.legal_actions()
        assert acts, "no legal move"
        seen = 1
        for m in x.legal_moves():
            if depth and str(m).startswith(("meld", "add")):
                y = x.clone()
                y.apply(str(m))
                seen += walk(y, depth - 1)
        return seen

    assert walk(d, 6) > 1
