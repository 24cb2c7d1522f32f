"""Scripted positions for the options of Hand and Foot that vary most from table to table (RULES_AMERICAN.md
B.14; docs/variants/hand-and-foot.md): ``round_draws`` (B.4 ``draw_count`` by round), ``pile_take_with_wild``
(B.5, B.16 check 2), ``wild_discard_freezes`` (B.5), ``special_book_bonuses`` (B.6), ``foot_pickup`` (B.9) and
``must_play_foot`` (B.10), and the named options that set generic fields (``book_closure``, ``pile_take_requires_down``,
``go_out_discard``, ``target_score``), each with the spec's default beside it.
"""

from __future__ import annotations

import random

import pytest

from canasta.agents.determinize import sample_deal
from canasta.agents.memory import CardMemory
from canasta.cards.deck import parse_cards
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.engine.state import P_DRAW, P_PLAY
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.bonuses import meld_points
from canasta.scoring.winner import winner
from helpers import legal_strs
from test_hand_and_foot import CONTRACT, HF, RANK, _down, _position


def _hf(**opts: str) -> Rules:
    return Rules.preset("hand-and-foot", **opts)


def _others_pass(d: Deal) -> None:
    """Seats 1, 2 and 3 each draw and discard their first card (the turn comes back to seat 0)."""
    for seat in (1, 2, 3):
        assert d.turn == seat
        d.apply("draw")
        d.apply(next(m for m in sorted(legal_strs(d)) if m.startswith("discard")))


# ------------------------------------------------------------------------------------------------ B.4 draws by round


def test_round_draws_by_deal_of_the_game() -> None:
    rules = _hf(round_draws="3/3/4/5")
    assert HF.draws_for(2) == 2 and rules.draws_for(0) == 3 and rules.draws_for(3) == rules.draws_for(7) == 5
    assert [Deal(rules, seed=1, deal_number=k).draw_count for k in range(5)] == [3, 3, 4, 5, 5]
    d = Deal(rules, seed=1, deal_number=3)
    before = d.hand_sizes[d.turn]
    d.apply("draw")
    assert d.hand_sizes[d.turn] == before + 5
    game = Game(rules, seed=2)
    assert game.new_deal().draw_count == 3
    d = _position(["KH KS QH JD 9C", "5H", "6H", "7H"], stock="4H 4S 4D", phase="draw", rules=rules)
    d.apply("draw")
    assert d.hand_sizes[0] == 8 and d.clone().draw_count == 3
    for bad in ("0/2", "2/6", "x"):
        with pytest.raises(RulesError, match="round_draws"):
            _hf(round_draws=bad)


def test_a_sampled_world_draws_the_deals_count() -> None:
    """The seat's view says how many cards this deal draws, and the bots' sampled worlds draw as many (the
    expert's and hard's searches play the deal they are in, not the first deal's count)."""
    rules = _hf(round_draws="3/3/4/5")
    d = Deal(rules, seed=4, deal_number=3)
    view = d.view(d.turn)
    assert view.draw_count == 5
    memory = CardMemory(d.turn)
    memory.reset(view)
    world = sample_deal(view, memory, random.Random(1))
    assert world.draw_count == 5


# ------------------------------------------------------------------------------------------------ B.5, B.16 check 2


def test_pile_take_with_a_natural_and_a_wild_card() -> None:
    """B.16 check 2: an 8 on top with 8 + 2 in hand: illegal by default, legal with ``pile_take_with_wild``; a 3
    or a 2 on top is never taken."""
    hand = ["8H 2S KS QS 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    melds = [[(RANK["K"], "KH KS KD")], []]
    d = _position(hand, pile="9S TS 8C", melds=melds, opened=[True, False])
    assert not any(m.startswith("take") for m in legal_strs(d))
    wild = _hf(pile_take_with_wild="true")
    d = _position(hand, pile="9S TS 8C", melds=melds, opened=[True, False], rules=wild)
    assert {m for m in legal_strs(d) if m.startswith("take")} == {"take 8H 2S"}
    d.apply("take 8H 2S")
    assert sorted(d.melds[0][-1].cards) == sorted(parse_cards("8C 8H 2S")) and d.hand_sizes[0] == 3 + 2
    d.check_invariants()
    for top, cards in (("2C", "2H 2S KS QS 4D"), ("3S", "3C 3S 2D QS 4D")):
        d = _position([cards, *hand[1:]], pile="9S " + top, melds=melds, opened=[True, False], rules=wild)
        assert not any(m.startswith("take") for m in legal_strs(d)), top


# ------------------------------------------------------------------------------------------------ B.6 special books


def test_a_clean_book_of_sevens_scores_1500_with_special_book_bonuses() -> None:
    sevens = _hf(special_book_bonuses="sevens")
    clean, dirty, kings = (parse_cards(c) for c in ("7H 7S 7D 7C 7H 7S 7D", "7H 7S 7D 7C 7H 2S JK",
                                                    "KH KS KD KC KH KS KD"))
    assert meld_points(HF, clean) == 500 + 35 and meld_points(sevens, clean) == 1500 + 35
    assert meld_points(sevens, dirty) == meld_points(HF, dirty) == 300 + 25 + 20 + 50
    assert meld_points(sevens, kings) == meld_points(HF, kings) == 500 + 70
    assert "clean book of sevens scores 1500" in sevens.describe()


# ------------------------------------------------------------------------------------------------ B.9 foot pickup


def test_walk_only_keeps_a_card_to_discard() -> None:
    """``foot_pickup=walk_only``: the last card cannot be melded; it is discarded and the foot comes (B.9)."""
    d = _down("KC QC", rules=_hf(foot_pickup="walk_only"))
    assert "add KC" in legal_strs(d)
    d.apply("add KC")
    moves = legal_strs(d)
    assert "add QC" not in moves and "discard QC" in moves
    d.apply("discard QC")
    assert d.packets[0] == [] and d.hand_sizes[0] == 11 and d.turn == 1 and not d.over
    d = _down("KC QC")  # run_or_walk: he may meld his last card and run to his foot
    d.apply("add KC")
    assert "add QC" in legal_strs(d)


def test_next_turn_instead_of_draw() -> None:
    """``foot_pickup=next_turn_instead_of_draw``: the hand emptied by melding ends the turn; the next draw is the
    foot (B.9 [JC])."""
    rules = _hf(foot_pickup="next_turn_instead_of_draw")
    d = _down("KC QC", rules=rules)
    foot = sorted(d.packets[0])
    d.apply("add KC")
    d.apply("add QC")
    assert d.hand_sizes[0] == 0 and len(d.packets[0]) == 11 and d.turn == 1 and not d.over
    d.check_invariants()
    _others_pass(d)
    assert d.turn == 0 and d.phase == P_DRAW and legal_strs(d) == {"draw"}
    stock = len(d.stock)
    d.apply("draw")
    assert d.packets[0] == [] and sorted(c for c in range(53) for _ in range(d.hands[0][c])) == foot
    assert len(d.stock) == stock and d.phase == P_PLAY
    d.check_invariants()
    d = _down("9C", rules=rules)  # emptied by the discard: the same
    d.apply("discard 9C")
    assert d.hand_sizes[0] == 0 and len(d.packets[0]) == 11 and d.turn == 1 and not d.over


# ---------------------------------------------------------------------------------------------- B.10 the foot unplayed


def test_going_out_from_the_hand_without_must_play_foot() -> None:
    """``must_play_foot=false``: with the contract, a player whose foot waits goes out from his hand; his foot
    counts against his side (B.10, B.12). By default he takes his foot instead."""
    hands = ["9C 9D 9H 4C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    free = _hf(must_play_foot="false")
    d = _position(hands, melds=[CONTRACT, []], phase="play", drew=1, opened=[True, False], rules=free)
    feet = d.packets[0] + d.packets[2]  # filler cards, no three
    assert "ask" in legal_strs(d)
    d.apply("meld 9C 9D 9H")
    d.apply("discard 4C")
    assert d.over and d.out_seat == 0
    s = d.score()
    assert s[0].breakdown["going_out"] == 100
    # seat 0's unplayed foot, seat 2's hand 6 6 6 and his unplayed foot
    assert s[0].breakdown["hand_cards"] == -(sum(HF.card_values[c] for c in feet) + 15)
    d = _position(hands, melds=[CONTRACT, []], phase="play", drew=1, opened=[True, False])
    assert "ask" not in legal_strs(d)
    d.apply("meld 9C 9D 9H")
    d.apply("discard 4C")
    assert not d.over and d.hand_sizes[0] == 11
    with pytest.raises(RulesError, match="foot"):
        Rules.parse("classic(must_play_foot=false)")


def test_options_are_listed() -> None:
    from canasta.cli.rules_cmd import option_table

    table = option_table(HF)
    for line in ("round_draws = none", "pile_take_with_wild = false", "special_book_bonuses = none",
                 "foot_pickup = run_or_walk", "must_play_foot = true"):
        assert line in table


# ------------------------------------------------------------------------------------------------ B.6 book closure


def test_book_closure_any_keeps_books_open() -> None:
    """``book_closure=any`` (B.6 [TW, NW, JC]): a book of 7 takes more cards, and no second meld of its rank starts;
    by default (``closed_at_7``) the book is closed and a new meld of kings starts beside it."""
    assert _hf(book_closure="closed_at_7") == HF
    books = [(RANK["K"], "KH KS KD KC KH KS KD")]
    hands = ["KC KH KS 9D 4C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    d = _position(hands, melds=[books, []], phase="play", drew=1, opened=[True, False])
    moves = legal_strs(d)
    assert not any(m.startswith("add K") for m in moves) and "meld KC KH KS" in moves
    anyway = _hf(book_closure="any")
    assert (anyway.canasta_max, anyway.several_melds_per_rank) == (0, False)
    d = _position(hands, melds=[books, []], phase="play", drew=1, opened=[True, False], rules=anyway)
    moves = legal_strs(d)
    assert "add KC" in moves and not any(m.startswith("meld K") for m in moves)
    d.apply("add KC KH KS")
    assert d.melds[0][0].size == 10 and d.canastas[0] == 1
    d.check_invariants()
    with pytest.raises(RulesError, match="option book_closure takes closed_at_7, any, naturals_only, not 'open'"):
        _hf(book_closure="open")  # naturals_only is played: tests/test_hand_and_foot_deal_options.py


# ------------------------------------------------------------ named options that generic fields play (B.5, B.10, B.13)


def test_pile_take_requires_down() -> None:
    """``pile_take_requires_down`` (B.5 [GS]) is ``no_pile_for_initial_meld``: the B.16 check 3 take that goes down
    with the pile is legal by default and refused with the option; once the side is down the pair takes it."""
    assert _hf(pile_take_requires_down="false") == HF and not HF.no_pile_for_initial_meld
    down = _hf(pile_take_requires_down="true")
    assert down.no_pile_for_initial_meld
    hand = ["8H 8S KH KS KD AC AD JK 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    pile = "AH AS AD JK JK 2C 8C"
    d = _position(hand, pile=pile, minimums=[90, 90])
    assert "take 8H 8S" in legal_strs(d)
    d = _position(hand, pile=pile, minimums=[90, 90], rules=down)
    assert not any(m.startswith("take") for m in legal_strs(d)) and "draw" in legal_strs(d)
    with pytest.raises(IllegalMove, match="not made its initial meld"):
        d.apply("take 8H 8S")
    assert d.pile_size == 7 and d.hand_sizes[0] == 9  # nothing changed
    melds = [[(RANK["Q"], "QH QS QD")], []]
    d = _position(hand, pile=pile, melds=melds, opened=[True, False], rules=down)
    d.apply("take 8H 8S")
    assert d.hand_sizes[0] == 7 + 6 and d.pile_size == 0
    d.check_invariants()
    with pytest.raises(RulesError, match="pile_take_requires_down takes true or false"):
        _hf(pile_take_requires_down="maybe")


def test_go_out_discard_required_or_optional() -> None:
    """``go_out_discard`` (B.10) is ``going_out_needs_discard``: required (the default) keeps a card for the final
    discard; optional goes out by melding every card; TV's forbidden (tests/test_hand_and_foot_going_out.py) goes out
    only by melding; other values are refused with a message."""
    assert _hf(go_out_discard="required") == HF and HF.going_out_needs_discard
    optional = _hf(go_out_discard="optional")
    assert optional == _hf(going_out_needs_discard="false")
    hands = ["9C 9D 9H", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    def at(rules: Rules) -> Deal:
        return _position(hands, packets=["", "", "", ""], melds=[CONTRACT, []], phase="play", drew=1,
                         opened=[True, False], rules=rules)

    assert legal_strs(at(HF)) == {"discard 9C", "discard 9D", "discard 9H"}
    d = at(optional)
    d.apply("meld 9C 9D 9H")
    assert d.over and d.out_seat == 0 and d.score()[0].breakdown["going_out"] == 100
    for bad in ("forbid", "never"):
        with pytest.raises(RulesError, match="go_out_discard takes required, optional, forbidden"):
            _hf(go_out_discard=bad)


def test_target_score_ends_the_game_instead_of_the_rounds() -> None:
    """``target_score`` (B.13 [CH, Grandma Sue]): the game ends after the deal in which a side reaches it (the
    higher total wins if both do), not after the 4 deals; it sets ``rounds=0`` and ``target``."""
    ten = _hf(target_score="10000")
    assert (ten.rounds, ten.target) == (0, 10000) and (HF.rounds, HF.target) == (4, 5000)
    assert winner(HF, {"NS": 9000, "EW": 5000}, deals=4) == "NS"
    assert winner(ten, {"NS": 9000, "EW": 5000}, deals=4) is None
    assert winner(ten, {"NS": 10100, "EW": 500}, deals=2) == "NS"
    assert winner(ten, {"NS": 10100, "EW": 10500}, deals=6) == "EW"
    assert winner(ten, {"NS": 10500, "EW": 10500}, deals=6) == "NS"  # tie=shared, as the 4 rounds
    assert [ten.min_meld(0, k) for k in (0, 3, 6)] == [50, 150, 150]  # past the 4th deal: the last minimum
    for bad, message in (("0", "above 0"), ("x", "whole number"), ("-5", "above 0")):
        with pytest.raises(RulesError, match=message):
            _hf(target_score=bad)
    with pytest.raises(RulesError, match="give one of them"):
        _hf(target_score="10000", rounds="4")


def test_named_options_are_listed() -> None:
    from canasta.cli.rules_cmd import option_table

    table = option_table(HF)
    for line in ("pile_take_requires_down = false (sets no_pile_for_initial_meld)", "wild_discard_freezes = false",
                 "empty_hand_waives_minimum = false",
                 "go_out_discard = required (sets going_out_needs_discard, going_out_by_melding)",
                 "target_score = none (sets rounds, target)",
                 "book_closure = closed_at_7 (sets canasta_max, several_melds_per_rank, book_naturals_only)"):
        assert line in table
    table = option_table(_hf(target_score="10000", go_out_discard="optional", pile_take_requires_down="true"))
    for line in ("pile_take_requires_down = true", "go_out_discard = optional", "target_score = 10000"):
        assert line in table


def test_wild_discard_freezes_the_pile_until_taken() -> None:
    """``wild_discard_freezes`` (B.5 [TW]): with ``pile_take_with_wild``, an 8 on top with 8 + 2 in hand takes the
    pile unless a wild card is in it; then only a natural pair does, until the wild card is taken with the pile."""
    assert _hf(wild_discard_freezes="false") == HF and not HF.wild_discard_freezes
    both = _hf(pile_take_with_wild="true", wild_discard_freezes="true")
    hand = ["8H 8D 2S KS 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    melds = [[(RANK["K"], "KH KS KD")], []]
    wild = _hf(pile_take_with_wild="true")
    d = _position(hand, pile="9S 2C TS 8C", melds=melds, opened=[True, False], rules=wild)
    assert {m for m in legal_strs(d) if m.startswith("take")} == {"take 8D 8H", "take 8D 2S"}
    d = _position(hand, pile="9S 2C TS 8C", melds=melds, opened=[True, False], rules=both)
    assert {m for m in legal_strs(d) if m.startswith("take")} == {"take 8D 8H"}
    with pytest.raises(IllegalMove, match="2C is in the pile"):
        d.apply("take 8D 2S")
    d.apply("take 8D 8H")  # the wild card goes with the take: the pile is no longer frozen by it
    d.check_invariants()
    d = _position(hand, pile="9S TS 8C", melds=melds, opened=[True, False], rules=both)  # no wild card in the pile
    assert {m for m in legal_strs(d) if m.startswith("take")} == {"take 8D 8H", "take 8D 2S"}
    assert "A wild card discarded freezes the pile" in both.describe()
    with pytest.raises(RulesError, match="wild_discard_freezes goes with pile_always_frozen"):
        Rules.parse("classic(wild_discard_freezes=true)")
    with pytest.raises(RulesError, match="wild_discard_freezes takes true or false"):
        _hf(wild_discard_freezes="2")


# ------------------------------------------------------------------------------------------ B.8 the "Marva rule"


def test_empty_hand_waives_minimum() -> None:
    """``empty_hand_waives_minimum`` (B.8 [JC] "Marva rule"): a side not down whose player melds every card of his
    hand in one turn (30 points, minimum 50) makes its initial meld and he runs to his foot; by default those melds
    are refused, and with the option a hand that cannot be melded to its last card is refused too."""
    hands = ["4C 4D 4H 5C 5D 5S", "5H 6S 6D", "6H 6C 7D", "7H 7S 7D"]
    d = _position(hands, phase="play", drew=1, minimums=[50, 50])
    assert not any(m.startswith("meld") for m in legal_strs(d))
    marva = _hf(empty_hand_waives_minimum="true")
    d = _position(hands, phase="play", drew=1, minimums=[50, 50], rules=marva)
    foot = sorted(d.packets[0])
    assert {"meld 4C 4D 4H", "meld 5C 5D 5S"} <= legal_strs(d)
    d.apply("meld 4C 4D 4H")
    assert not d.opened[0] and not any(m.startswith("discard") for m in legal_strs(d))
    d.apply("meld 5C 5D 5S")
    assert d.opened[0] and d.packets[0] == [] and d.hand_sizes[0] == 11 and d.turn == 0 and d.phase == P_PLAY
    assert sorted(c for c in range(53) for _ in range(d.hands[0][c])) == foot
    d.check_invariants()
    d = _position(["4C 4D 4H 5C 5D 9S", *hands[1:]], phase="play", drew=1, minimums=[50, 50], rules=marva)
    assert not any(m.startswith("meld") for m in legal_strs(d))
    d = _position(hands, packets=["", "", "", ""], phase="play", drew=1, minimums=[50, 50], rules=marva)
    assert not any(m.startswith("meld") for m in legal_strs(d))  # his foot taken: no waiver
    assert "melds every card of his hand" in marva.describe()
    with pytest.raises(RulesError, match="empty_hand_waives_minimum needs a foot"):
        Rules.parse("classic(empty_hand_waives_minimum=true)")
