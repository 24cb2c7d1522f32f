"""Modern American Canasta's pile and discards in the engine (RULES_AMERICAN.md A.4, A.5; rule checks 3 and 4 of
A.16): the pile always frozen and never taken onto a meld of five or more, SWAD on an empty pile, wild cards
discarded only when nothing else is held (docs/variants/modern-american.md)."""

from __future__ import annotations

import pytest

from canasta.cards.deck import card_str
from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.errors import IllegalMove
from canasta.moves.notation import Move
from helpers import mac_rules as mac
from helpers import make_deal, play


def discards(d: Deal) -> set[str]:
    return {str(m).split()[1] for m in d.legal_moves() if str(m).startswith("discard")}


SWAD_HAND = "7C 7D 7H AC AD AH 2C 2D 2H JK 7S AS KC"


def test_check_4_empty_pile_discard_the_king() -> None:
    # A.16 check 4: on an empty pile, a hand of 7 A 2 K must discard the K
    d = make_deal(mac(), [SWAD_HAND], upcard="", stock="2S")
    play(d, "draw")
    assert d.pile == []
    assert discards(d) == {"KC"}
    with pytest.raises(IllegalMove, match="empty pile"):
        d.apply("discard 7C")
    with pytest.raises(IllegalMove, match="wild card"):
        d.apply("discard 2C")
    assert explain_refusal(d, Move.parse("discard 7C")).code == "empty_pile_no_ace_seven"
    assert explain_refusal(d, Move.parse("discard 2C")).code == "wild_discard_only_going_out"


def test_only_aces_sevens_and_wilds_left() -> None:
    # nothing else held: an ace or a seven may go (T's fallback), still no wild card while naturals are held
    d = make_deal(mac(), [SWAD_HAND.replace("KC", "2S")], upcard="", stock="JK")
    play(d, "draw")
    assert {card_str(c) for c in range(53) if d.hands[0][c]} >= {"7C", "AC"}
    assert discards(d) == {"7C", "7D", "7H", "7S", "AC", "AD", "AH", "AS"}


def test_pagat_reading_aces_and_sevens_only() -> None:
    rules = mac(empty_pile_forbidden="aces_sevens", wild_discard_forced_only="false")
    d = make_deal(rules, [SWAD_HAND], upcard="", stock="2S")
    play(d, "draw")
    assert discards(d) == {"KC", "2C", "2D", "2H", "2S", "JK"}


def test_on_a_pile_aces_and_sevens_may_go_but_no_wild_card() -> None:
    d = make_deal(mac(), [SWAD_HAND, "AS 7S 2C 9C 9D 9H TC TD TH JC JD JH QC"], upcard="", stock="2S 4C")
    play(d, "draw", "discard KC")
    play(d, "draw")
    got = discards(d)
    assert {"AS", "7S", "9C", "4C"} <= got
    assert "2C" not in got


def test_no_rules_no_restriction() -> None:
    d = make_deal(mac(empty_pile_forbidden="none", wild_discard_forced_only="false"), [SWAD_HAND], upcard="",
                  stock="2S")
    play(d, "draw")
    assert {"7C", "AC", "2C", "JK", "KC"} <= discards(d)


NINES_OPENER = "AC AD AH KC KD KH 9C 9D 9H 9S 9C 4C 5C"  # 60 + 30 + 50 = 140


@pytest.mark.parametrize(("melded", "takes"), [(5, False), (4, True)])
def test_check_3_pile_not_taken_onto_five(melded: int, takes: bool) -> None:
    # A.16 check 3: a 9s meld of 5 cannot take a pile topped by a 9; with 4 it can, holding 9 9: a canasta
    nines = " ".join(["9C", "9D", "9H", "9S", "9C"][:melded])
    d = make_deal(mac(), [NINES_OPENER, "9D QD QH QS JC JD JH TC TD TH 8C 8D 8H", "9H 9S"], upcard="",
                  stock="6C 6D 6H")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", f"meld {nines}", "discard 6C")
    assert d.opened[0]
    play(d, "draw", "discard 9D")
    if takes:
        play(d, "take 9H 9S")
        meld = d.melds[0][d.meld_index[0][7]]
        assert meld.size == 7 and meld.is_canasta and meld.is_natural
    else:
        with pytest.raises(IllegalMove):
            d.apply("take 9H 9S")
