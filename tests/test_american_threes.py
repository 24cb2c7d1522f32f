"""Modern American Canasta's three kept back for the Straight (RULES_AMERICAN.md A.3 [P, T], A.11;
docs/variants/modern-american.md): while his side has not melded a player holds back the first three he receives,
never melds nor discards it, may lay it out (``layout``, replaced from the stock) in his turn, and lays it out
(replaced) once his side has melded; the Straight is then laid down. Scripted deals with stacked decks, and the
``layout`` move checked against its rule on random positions."""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import THREE, parse_cards
from canasta.engine.deal import P_DRAW, P_PLAY, Deal
from canasta.engine.explain import explain_refusal
from canasta.engine.results import side_results
from canasta.moves.actions import DECLARE_ID, LAYOUT_ID, N_ACTIONS, action_of
from canasta.moves.notation import LAYOUT, Move, MoveError
from canasta.rules.errors import RulesError
from canasta.rules.fields import Rules
from helpers import hand, is_legal, make_deal, play
from helpers import mac_rules as mac

STRAIGHT13 = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"  # with a joker drawn: the Straight (3000)
OPENER = "AC AD AH KC KD KH QC QD QH JC JD JH 9C"


def threes(deal_hand: list[int]) -> list[int]:
    return [c for c in deal_hand if c >> 2 == 1]


def test_one_dealt_three_is_kept_the_others_laid_out() -> None:
    d = make_deal(mac(), ["3S 3H 3C"], upcard="", stock="3D 8S 8H 8D")
    assert threes(hand(d, 0)) == parse_cards("3C")  # the first (clubs, diamonds, hearts, spades) stays
    assert sorted(d.red3[0]) == sorted(parse_cards("3S 3H 3D"))  # the replacement 3D laid out: one is held
    assert d.hand_sizes[0] == 13


def test_a_drawn_three_is_kept_as_the_card_drawn() -> None:
    d = make_deal(mac(), [], upcard="", stock="3S 5H")
    play(d, "draw")
    assert d.red3[0] == [] and parse_cards("3S")[0] in hand(d, 0) and d.hand_sizes[0] == 14


def test_the_three_is_never_discarded() -> None:
    d = make_deal(mac(), ["3S"], upcard="", stock="8S 5H")
    play(d, "draw")
    assert not is_legal(d, "discard 3S")
    why = explain_refusal(d, Move.parse("discard 3S"))
    assert why.code == "three_no_discard" and "Straight" in why.text


def test_the_straight_is_laid_down() -> None:
    d = make_deal(mac(), [STRAIGHT13], upcard="", stock="JK 9S")
    play(d, "draw")
    assert DECLARE_ID in d.legal_actions() and LAYOUT_ID in d.legal_actions()  # or lay the three out: his choice
    play(d, "declare")
    assert d.score()[0].total == 3000
    off = make_deal(mac(straight_three="false"), [STRAIGHT13], upcard="", stock="8D JK 9S")
    play(off, "draw")  # the 3C was laid out and replaced by 8D: the JK drawn makes no Straight
    assert DECLARE_ID not in off.legal_actions()


def test_the_opener_lays_his_three_out_at_once() -> None:
    d = make_deal(mac(), [OPENER.replace("9C", "3D")], upcard="", stock="6S 8D 4C 4D 4H 4S")
    assert threes(hand(d, 0)) == parse_cards("3D")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH")
    assert threes(hand(d, 0)) == parse_cards("3D")  # 150 with the jacks still to come: not opened yet
    play(d, "meld JC JD JH")
    assert d.opened[0] and threes(hand(d, 0)) == [] and d.red3[0] == parse_cards("3D")
    assert parse_cards("8D")[0] in hand(d, 0)  # replaced from the stock
    play(d, "discard 6S")
    d.check_invariants()


def test_the_partner_lays_his_three_out_at_his_next_turn() -> None:
    d = make_deal(mac(), [OPENER, None, "3H"], upcard="", stock="6S 4C 4D 4H 4S 7C 9D 5S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    assert d.opened[0] and threes(hand(d, 2)) == parse_cards("3H")  # kept while it is not his turn
    play(d, "draw", "discard 7C")
    assert d.turn == 2 and threes(hand(d, 2)) == [] and d.red3[2] == parse_cards("3H")
    assert parse_cards("9D")[0] in hand(d, 2)  # the replacement, before his draw
    play(d, "draw")
    assert parse_cards("5S")[0] in hand(d, 2)


def test_no_three_kept_without_the_straight() -> None:
    d = make_deal(mac(special_hands="none"), ["3S 3H 3C"], upcard="", stock="3D 8S 8H 8D")
    assert threes(hand(d, 0)) == [] and len(d.red3[0]) == 4
    with pytest.raises(RulesError, match="straight_three"):
        Rules.preset("classic", straight_three=True)


def test_layout_notation_and_id() -> None:
    move = Move.parse("layout")
    assert move == Move(LAYOUT) and str(move) == "layout"
    assert action_of(move) == LAYOUT_ID == N_ACTIONS - 1 == DECLARE_ID + 1  # appended: no older id moved
    with pytest.raises(MoveError, match="takes no cards"):
        Move.parse("layout 3C")


def test_keep_or_lay_out_before_the_draw() -> None:
    d = make_deal(mac(), ["3C 5C 5D 6C 6D 8C 8D TC TD 4C 4D 7C 7D"], upcard="", stock="9H 5H")
    kept = d.clone()
    assert LAYOUT_ID in d.legal_actions() and is_legal(d, "layout")
    play(d, "layout")
    assert threes(hand(d, 0)) == [] and d.red3[0] == parse_cards("3C")
    assert parse_cards("9H")[0] in hand(d, 0) and d.hand_sizes[0] == 13  # the replacement, from the stock top
    assert d.turn == 0 and d.phase == P_DRAW and LAYOUT_ID not in d.legal_actions()
    play(d, "draw")
    assert parse_cards("5H")[0] in hand(d, 0)
    play(kept, "draw")  # keeping it: no move, the turn goes on with the three in the hand
    assert threes(hand(kept, 0)) == parse_cards("3C") and kept.red3[0] == []
    assert parse_cards("9H")[0] in hand(kept, 0) and kept.hand_sizes[0] == 14
    assert LAYOUT_ID in kept.legal_actions()  # still his choice after the draw, until his discard


def test_lay_out_a_three_drawn() -> None:
    d = make_deal(mac(), [], upcard="", stock="3H 8S 3D 9S")
    play(d, "draw")
    assert threes(hand(d, 0)) == parse_cards("3H") and d.phase == P_PLAY
    play(d, "layout")
    assert d.red3[0] == parse_cards("3H") and parse_cards("8S")[0] in hand(d, 0) and d.hand_sizes[0] == 14
    play(d, "discard 8S")
    d.check_invariants()


def test_a_three_replacing_the_one_laid_out_is_held_back_in_turn() -> None:
    d = make_deal(mac(), ["3C"], upcard="", stock="3D 8S 9S")
    play(d, "layout")
    assert d.red3[0] == parse_cards("3C") and threes(hand(d, 0)) == parse_cards("3D")  # his choice again
    play(d, "layout")
    assert d.red3[0] == parse_cards("3C 3D") and parse_cards("8S")[0] in hand(d, 0) and d.hand_sizes[0] == 13


def test_the_three_laid_out_in_the_opening_turn_leaves_the_opening_playable() -> None:
    """The web's CI (2026-11-27) met a deal with no legal move: after the draw and JC JD JD JS (40 of 125), the kept
    three laid out brought a second 5S, and the plans then saw 5S 5S 2C with the joker (80) rather than the meld
    2C 2S JK (90) that makes the 125: every meld and discard was refused. The opening is still playable."""
    d = make_deal(mac(), ["JC JD JD JS 2C 2S 3C 5S 6D 9H TS QD JK"], upcard="", stock="AC 5S 8H 8D")
    play(d, "draw", "meld JC JD JD JS", "layout")
    assert threes(hand(d, 0)) == [] and d.phase == P_PLAY and d.open_total == 40
    assert d.legal_actions() and is_legal(d, "meld 2C 2S JK")
    play(d, "meld 2C 2S JK", "discard 6D")
    assert d.opened[d.side_of[0]]
    d.check_invariants()


def test_layout_refused_with_its_reason() -> None:
    d = make_deal(mac(), [], upcard="", stock="8S 9S")
    assert explain_refusal(d, Move(LAYOUT)).code == "layout_no_three"
    off = make_deal(mac(straight_three="false"), [], upcard="", stock="8S 9S")
    assert explain_refusal(off, Move(LAYOUT)).code == "no_kept_three"
    assert explain_refusal(Deal(Rules.preset("classic"), seed=1), Move(LAYOUT)).code == "no_kept_three"


def test_layout_refused_with_an_empty_stock() -> None:
    d = make_deal(mac(), ["3C"], upcard="")
    while len(d.stock) > 1 or d.turn != 0:
        draw_discard(d)  # nobody melds; seat 0 holds his three throughout
    play(d, "draw")  # seat 0 draws the last stock card (not a three: the deck's last card is not one)
    assert threes(hand(d, 0)) == parse_cards("3C") and not d.stock and not d.over
    assert LAYOUT_ID not in d.legal_actions()
    assert explain_refusal(d, Move(LAYOUT)).code == "layout_no_stock"


def test_a_kept_three_left_in_the_hand_costs_five() -> None:
    d = make_deal(mac(), ["3C"], upcard="")
    while not d.over:  # nobody melds: the stock runs out, seat 0 still holding the three he kept (A.10, A.12)
        draw_discard(d)
    assert parse_cards("3C")[0] in hand(d, 0) and d.out_seat == -1
    res = side_results(d)[0]
    assert parse_cards("3C")[0] in res.hand
    ns = d.score()[0]
    assert ns.breakdown["hand_cards"] == -sum(d.rank_values[c >> 2] for c in res.hand)  # the three among them
    assert d.rank_values[THREE] == d.rules.black3_hand_penalty == 5


def test_a_three_laid_out_by_choice_then_the_side_melds() -> None:
    # seat 0 lays out his dealt three by choice; a three he later draws is held back, and laid out (replaced) at
    # once when he makes his side's opening in that turn
    d = make_deal(mac(), [OPENER.replace("9C", "3D")], upcard="", stock="7H 3S 6S 8D 4C 4D 4H 4S")
    play(d, "layout")
    assert d.red3[0] == parse_cards("3D") and parse_cards("7H")[0] in hand(d, 0)
    play(d, "draw")
    assert threes(hand(d, 0)) == parse_cards("3S")
    play(d, "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH")
    assert d.opened[0] and threes(hand(d, 0)) == [] and d.red3[0] == parse_cards("3D 3S")
    assert parse_cards("6S")[0] in hand(d, 0)


def test_the_opener_whose_replacements_empty_the_stock_keeps_the_last_three() -> None:
    # the kept 3D laid out at the opening is replaced by 3S (laid out, replaced) and then by 3H, the last stock card:
    # 3H stays in the hand and the deal ends (A.10). It used to be laid out too, with no card to replace it, which
    # left the opener one card short with no legal move (an expert's search stopped on it in a sampled world).
    d = make_deal(mac(), [OPENER.replace("9C", "3D")], upcard="", bottom="3S 3H")
    play(d, "draw")
    d.pile[:0] = d.stock[2:]  # every stock card but the two threes moved under the (empty) pile
    del d.stock[2:]
    assert sorted(d.stock) == sorted(parse_cards("3S 3H"))
    play(d, "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH")
    assert d.opened[0] and d.over and not d.stock
    assert threes(hand(d, 0)) == parse_cards("3H") and sorted(d.red3[0]) == sorted(parse_cards("3D 3S"))
    assert d.hand_sizes[0] == len(hand(d, 0)) == 2
    d.check_invariants()


def test_an_opening_with_the_stock_empty_ends_the_deal_and_counts_as_made() -> None:
    """A.3 with A.10: the side's opening lays out the three kept for the Straight; with the stock empty nothing
    replaces it, so it stays in the hand and the deal ends at once, nobody having gone out. That opening is a legal
    move (the minimum is made by it; the oracle ``tests.oracles.going_out.can_open`` counts it as made), and the
    player is never left in his turn without a move."""
    d = make_deal(mac(), [OPENER.replace("9C", "3D")], upcard="", stock="JS")
    play(d, "draw")  # the stock's last card: he finishes his turn (A.10)
    d.pile[:0] = d.stock[:]
    del d.stock[:]
    play(d, "meld AC AD AH", "meld KC KD KH", "meld QC QD QH")
    assert not d.opened[0] and is_legal(d, "meld JC JD JH")  # 150 of 125 with the jacks
    play(d, "meld JC JD JH")
    assert d.opened[0] and d.over and d.out_seat == -1
    assert sorted(hand(d, 0)) == sorted(parse_cards("JS 3D"))  # the three stays: no card replaces it
    ns = d.score()[0]
    assert "going_out" not in ns.breakdown or ns.breakdown["going_out"] == 0
    held = hand(d, 0) + hand(d, 2)  # the side's hands: the jack and the three kept count against it (A.12)
    assert ns.breakdown["hand_cards"] == -sum(d.rank_values[c >> 2] for c in held)
    d.check_invariants()


def test_a_talon_whose_threes_empty_the_stock_ends_the_deal_with_the_last_three_in_hand() -> None:
    # A.2 with A.3 and A.10: the talon joins the hand at the next turn and its threes are laid out and replaced;
    # where the replacement is the stock's last card and a three, it stays in his hand and the deal ends at once,
    # as for the kept three (lay_out_kept_three). It used to leave the deal going with a three in a hand (here the
    # next player could still take the pile, A.10's pile continuation), which the invariants refuse.
    d = Deal(mac(), dealer=0, seed=19)
    in_stock = [c for c in d.stock if c >> 2 == THREE]
    play(d, "draw")
    seat = d.turn
    nxt = (seat + 1) % d.n
    first, last = in_stock[0], in_stock[1]
    d.stock.remove(first)
    d.stock.remove(last)
    d.packets[nxt].append(first)  # his talon: a three (A.2)
    d.pile[:0] = d.stock  # every other stock card under the pile
    d.stock[:] = [last]
    held = threes(hand(d, nxt))  # a three he kept for the Straight stays kept
    play(d, "discard 5C")
    assert d.over and not d.stock and first in d.red3[nxt]
    assert sorted(threes(hand(d, nxt))) == sorted([*held, last])
    d.check_invariants()


def draw_discard(d: Deal) -> None:
    """The player to move draws (never laying out his three), then makes the first legal discard; where the stock
    is gone he passes (or the deal is over)."""
    moves = [str(m) for m in d.legal_moves()]
    play(d, "draw" if "draw" in moves else "pass")
    if not d.over:
        play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")))


def kept_three_rule(d: Deal) -> bool:
    """``layout`` by its rule (A.3), written apart from the engine: the player to act is in his own turn before
    his discard, holds a three, his side has not melded, and the stock has a card to replace it."""
    seat = d.turn
    return (d.phase in (P_DRAW, P_PLAY) and d.actor == seat and not d.over
            and any(c >> 2 == THREE for c in hand(d, seat)) and not d.opened[d.side_of[seat]] and bool(d.stock))


def test_layout_oracle_on_random_positions() -> None:
    """On random MAC positions (the random player lays the three out half the time it may): ``layout`` is among
    the legal ids exactly where its rule says, the refusal agrees, laying out moves the three to the player's
    threes and replaces it from the stock, and every card is kept (the invariants) after every move."""
    rules = mac()
    rng = random.Random("layout")
    legal_seen = laid = 0
    for seed in range(12):
        d = Deal(rules, dealer=seed % 4, seed=seed)
        while not d.over:
            legal = d.legal_actions()
            want = kept_three_rule(d)
            assert (LAYOUT_ID in legal) == want == (explain_refusal(d, Move(LAYOUT)).code == "legal_now")
            legal_seen += want
            if want and rng.random() < 0.5:
                seat, stock, size = d.turn, len(d.stock), d.hand_sizes[d.turn]
                three = threes(hand(d, seat))[0]
                play(d, "layout")
                laid += 1
                assert d.red3[seat][-1] == three or three in d.red3[seat]
                assert len(d.stock) < stock and (d.over or d.hand_sizes[seat] == size)
            else:
                d.apply_action(rng.choice(legal))
                d.check_invariants()
    assert laid > 10 and legal_seen > laid


def test_the_terminal_reads_layout_and_lists_it_where_the_variant_has_it() -> None:
    from canasta.cli.shortmoves import resolve_line, variant_help

    d = make_deal(mac(), ["3C"], upcard="", stock="8S 9S")
    line = resolve_line("Layout", d, 0, print, input)
    assert line == "layout" and d.apply(line) == Move(LAYOUT)
    assert "layout" in variant_help(mac()) and "layout" not in variant_help(Rules.preset("classic"))
