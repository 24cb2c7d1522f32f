"""Modern American Canasta's deal in the engine (RULES_AMERICAN.md A.2, A.3, A.10): 13 cards and no upcard, every
three laid out and replaced, the turn card and the talon of 4/3 cards earned by opening before it; scripted deals
with stacked decks, and random deals with the conservation invariant after every move
(docs/variants/modern-american.md)."""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import parse_cards
from canasta.engine.deal import Deal
from canasta.rules.errors import RulesError
from canasta.rules.fields import Rules
from helpers import hand, make_deal, play
from helpers import mac_rules as mac

OPENER = "AC AD AH KC KD KH QC QD QH JC JD JH 9C"  # 60 + 30 + 30 + 30 = 150 >= 125, 13 cards


def test_thirteen_cards_and_no_upcard() -> None:
    d = make_deal(mac(), [], upcard="")
    assert d.pile == []
    assert all(d.hand_sizes[s] == 13 for s in range(4))
    assert len(d.stock) + sum(len(r) for r in d.red3) == 108 - 52


def test_every_three_is_laid_out_and_replaced() -> None:
    # straight_three=false: no three kept for the Straight (tests/test_american_threes.py keeps one)
    d = make_deal(mac(straight_three="false"), ["3S 3H 3C"], upcard="", stock="3D 8S 8H 8D")
    assert sorted(d.red3[0]) == sorted(parse_cards("3S 3H 3C 3D"))  # the replacement 3D laid out and replaced too
    assert d.hand_sizes[0] == 13
    assert all(c >> 2 != 1 for c in hand(d, 0))
    assert all(c in hand(d, 0) for c in parse_cards("8S 8H 8D"))


def test_three_drawn_is_laid_out_and_replaced() -> None:
    d = make_deal(mac(straight_three="false"), [], upcard="", stock="3S 5H")
    play(d, "draw")
    assert d.red3[0] == parse_cards("3S")
    assert parse_cards("5H")[0] in hand(d, 0)


def test_talon_of_four_for_the_first_side_to_open() -> None:
    d = make_deal(mac(), [OPENER], upcard="", stock="6S 4C 4D 4H 4S 5C")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    assert d.opened[0]
    assert d.packets[0] == parse_cards("4C 4D 4H 4S")  # set aside after the discard, from the stock top
    assert d.view(1).packet_sizes[0] == 4
    for _ in range(3):  # the three other players draw and discard
        draw_and_discard(d)
    assert d.turn == 0
    assert d.packets[0] == []
    assert all(c in hand(d, 0) for c in parse_cards("4C 4D 4H 4S"))  # joined before his draw
    d.check_invariants()


def test_talon_of_three_for_the_second_side() -> None:
    d = make_deal(mac(), [OPENER, OPENER.replace("C", "S").replace("9S", "9D")], upcard="",
                  stock="6S 4C 4D 4H 4S 5C 5D 5H 5S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    play(d, "draw", "meld AS AD AH", "meld KS KD KH", "meld QS QD QH", "meld JS JD JH", "discard 5C")
    assert len(d.packets[1]) == 3
    assert d.packets[1] == parse_cards("5D 5H 5S")


def test_no_talon_once_the_turn_card_is_drawn() -> None:
    # a turn card deeper than the whole stock: it is already "drawn", so no talon
    d = make_deal(mac(turn_card_from_bottom="60"), [OPENER], upcard="", stock="6S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    assert d.opened[0] and d.packets[0] == []


def test_no_talon_for_the_partner_or_later_melds() -> None:
    d = make_deal(mac(), [OPENER], upcard="", stock="6S 4C 4D 4H 4S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    taken = list(d.packets[0])
    assert len(taken) == 4
    for _ in range(4):  # a full round: the opener's talon joins his hand, nobody earns another
        draw_and_discard(d)
        assert not any(d.packets[1:])
    assert not any(d.packets)  # the talon joined the opener's hand; his later melds earn none


def draw_and_discard(d: Deal) -> None:
    """The player to move draws, then makes the first legal discard."""
    play(d, "draw")
    if d.over:
        return
    play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")))


def test_no_talon_when_opening_by_taking_the_pile() -> None:
    # seat 0 discards a 9; seat 1 takes it with 9 9 and opens with the rest of his hand: no talon
    d = make_deal(mac(), ["9C 5C 5D 6C 6D 8C 8D TC TD 4C 4D 7C 7D",
                          "9D 9H AC AD AH KC KD KH QC QD QH JC JD"], upcard="", stock="5H JH")
    play(d, "draw", "discard 9C")
    play(d, "take 9D 9H", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "discard JD")
    assert d.opened[1]
    assert d.packets[1] == []


def test_last_stock_card_a_three_stays_in_the_hand() -> None:
    d = make_deal(mac(), [], upcard="", bottom="3H")
    while len(d.stock) > 1:
        draw_and_discard(d)
    seat = d.turn
    play(d, "draw")
    assert d.over
    assert parse_cards("3H")[0] in hand(d, seat)
    d.check_invariants()
    from canasta.engine.results import side_results
    assert parse_cards("3H")[0] in side_results(d)[seat % 2].hand  # scored at -5 (A.1)
    d.score()


def test_random_deals_keep_every_card() -> None:
    talons = 0
    for seed in range(6):
        d = Deal(mac(), seed=seed)
        rng = random.Random(seed)
        while not d.over:
            d.apply_action(rng.choice(d.legal_actions()))
            d.check_invariants()  # with MAC's rule: no three held during play
            talons += sum(1 for p in d.packets if p)
        assert len(d.score()) == 2
    assert talons > 0  # random play opened early enough to earn talons


def test_options_checked() -> None:
    with pytest.raises(RulesError, match="upcard=false"):
        Rules.preset("classic", threes_by_colour=True)
    with pytest.raises(RulesError, match="dowry"):
        Rules.preset("italian", upcard=False)
    with pytest.raises(RulesError, match="talon_sizes"):
        Rules.preset("classic", talon_sizes="4/3/2")
    with pytest.raises(RulesError, match="extra cards"):
        Rules.preset("mexican", talon_sizes="4/3")
    assert Rules.preset("classic", upcard=False).upcard is False


def test_stock_end_pile_continuation() -> None:
    """A.10 (``stock_end=pile_continuation``): with the stock gone a player may take the pile if he legally can,
    never must; 'pass' (he would have to draw) ends the deal with nobody out, as does a pile nobody can take."""
    rules = mac()
    assert rules.stock_end == "pile_continuation"
    seen = 0
    for seed in range(80):
        d = Deal(rules, seed=seed)
        while not d.over and not d.stock_out:
            moves = [str(m) for m in d.legal_moves()]
            if "draw" in moves:
                d.apply("draw")
            else:
                d.apply(next(m for m in moves if m.startswith("discard")))
            d.check_invariants()
        if d.over:
            assert d.out_seat == -1  # nobody could take the pile (or the last stock card was a three)
            continue
        moves = {str(m) for m in d.legal_moves()}  # he can take the pile: he may, or pass
        assert "draw" not in moves and "pass" in moves and any(m.startswith("take") for m in moves)
        c = d.clone()
        c.apply("pass")
        assert c.over and c.out_seat == -1
        d.apply(next(m for m in moves if m.startswith("take")))
        assert not d.over
        seen += 1
    assert seen
