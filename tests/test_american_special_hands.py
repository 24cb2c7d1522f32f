"""Modern American Canasta's special hands as moves (RULES_AMERICAN.md A.11, A.13; docs/variants/modern-american.md):
``declare`` lays the 13 cards held and the card just drawn down as a special hand while the side has not melded,
the deal ends at once with the hand's value alone for its side, and a Dream Hand wins the game at once. Scripted
deals with stacked decks; the refusals, the notation, the move id, a recorded game replayed, the bots."""

from __future__ import annotations

import pytest

from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.random_player import RandomAgent
from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.engine.game import Game
from canasta.env.actions import action_name
from canasta.errors import IllegalMove
from canasta.formats.records import record_from_game, replay_record
from canasta.moves.actions import DECLARE_ID, N_ACTIONS, action_of, decode_action
from canasta.moves.notation import DECLARE, Move, MoveError
from canasta.rules.fields import Rules
from canasta.web.sheet import score_sheet
from helpers import hand, make_deal, play, stacked_deck
from helpers import mac_rules as mac

GARBAGE13 = "8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD"  # with KH drawn: 8888 QQQQ 555 KKK (A.11, MAC-3)
BLAST_OFF13 = "9C 9D 9H 9S 9C KC KD KH KS 6C 6D 6H 2C"  # with 2D drawn: 99999 KKKK 666 22
DREAM4_13 = "8C 8D 8H 8S 8C QC QD QH QS QC JK JK JK"  # with JK drawn: two fives of a kind and 4 jokers
DREAM5_13 = "9C 9D 9H 9S 9C KC KD KH KS 2C 2D JK JK"  # with 2H drawn: five and four of a kind and 5 wild cards
EW_HANDS = ["KS KD 9H 4C 4D 5S JC 6C 6D 6H TC TD TH", "4H 4S 5D JD 7C 7D AC AD QD JH TS 9D 6S"]


def declared(rules: Rules, held: str, drawn: str) -> Deal:
    """A deal where seat 0 holds ``held`` and draws ``drawn`` (checked after the draw)."""
    d = make_deal(rules, [held], upcard="", stock=f"{drawn} 9S")
    play(d, "draw")
    return d


def test_garbage_laid_down_ends_the_deal_with_its_value_alone() -> None:
    d = declared(mac(), GARBAGE13, "KH")
    assert d.legal_actions()[-1] == DECLARE_ID
    assert "declare" in [str(m) for m in d.legal_moves()]
    before = hand(d, 0)
    played = d.apply("declare")
    d.check_invariants()
    assert played.kind == DECLARE and d.over and d.out_seat == -1 and d.special_seat == 0
    assert hand(d, 0) == before  # the 14 cards stay in the hand, scored as the special hand
    ns, ew = d.score()
    assert ns.total == 3000 and ns.breakdown["special_hand"] == 3000  # MAC-3 (CLA's Garbage)
    assert ns.breakdown["going_out"] == 0
    assert ew.total == -sum(d.values[c] for s in (1, 3) for c in hand(d, s))  # the opponents score normally
    assert d.legal_actions() == []


def test_pagat_pays_garbage_2000_and_knows_no_blast_off() -> None:
    d = declared(mac(special_hands="pagat"), GARBAGE13, "KH")
    play(d, "declare")
    assert d.score()[0].total == 2000
    d = declared(mac(), BLAST_OFF13, "2D")
    play(d, "declare")
    assert d.score()[0].breakdown["special_hand"] == 3000
    d = declared(mac(special_hands="pagat"), BLAST_OFF13, "2D")
    assert DECLARE_ID not in d.legal_actions()
    assert explain_refusal(d, Move(DECLARE)).code == "special_hand_none"


def test_not_before_the_draw() -> None:
    d = make_deal(mac(), [GARBAGE13[:-3] + " KH"], upcard="", stock="KD 9S")  # already 13 of the 14
    why = explain_refusal(d, Move(DECLARE))
    assert why.code == "special_hand_after_draw" and "MAC A.11" in why.text
    with pytest.raises(IllegalMove, match="right after drawing"):
        d.apply("declare")


def test_not_once_the_side_has_melded() -> None:
    opener = "AC AD AH KC KD KH QC QD QH JC JD JH 9C"
    d = make_deal(mac(), [opener, None, GARBAGE13], upcard="", stock="6S 4C 4D 4H 4S 7C KH 9S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    assert d.opened[0]
    play(d, "draw", "discard 7C")
    play(d, "draw")  # seat 2, N's partner, draws KH: Garbage, but his side has melded
    assert d.turn == 2 and d.hand_sizes[2] == 14
    assert DECLARE_ID not in d.legal_actions()
    assert explain_refusal(d, Move(DECLARE)).code == "special_hand_side_melded"


def test_not_in_the_turn_of_the_opening() -> None:
    d = declared(mac(), "AC AD AH AS KC KD KH KS QC QD QH JC JD", "JH")  # Garbage: AAAA KKKK QQQ JJJ
    assert DECLARE_ID in d.legal_actions()
    play(d, "meld AC AD AH AS")  # a meld this turn (the opening not yet reached): no special hand now
    assert explain_refusal(d, Move(DECLARE)).code == "special_hand_side_melded"


def test_cards_that_make_no_special_hand() -> None:
    d = declared(mac(), GARBAGE13, "9H")
    why = explain_refusal(d, Move(DECLARE))
    assert why.code == "special_hand_none" and why.params == {} and "Garbage" in why.text


def test_a_hand_of_another_size() -> None:
    d = declared(mac(hand_size="11"), GARBAGE13[:32], "KH")
    why = explain_refusal(d, Move(DECLARE))
    assert (why.code, why.params) == ("special_hand_size", {"n": 14, "have": 12})


def test_variants_without_special_hands() -> None:
    d = declared(mac(special_hands="none"), GARBAGE13, "KH")
    assert DECLARE_ID not in d.legal_actions()
    assert explain_refusal(d, Move(DECLARE)).code == "no_special_hands"
    classic = make_deal("classic", ["8C 8D 8H 8S QC QD QH QS 5C 5D 5H"], stock="KH KD KS")
    play(classic, "draw")
    assert DECLARE_ID not in classic.legal_actions()
    assert explain_refusal(classic, Move(DECLARE)).code == "no_special_hands"


def test_notation_and_move_id() -> None:
    move = Move.parse("declare")
    assert move == Move(DECLARE) and str(move) == "declare"
    assert action_of(move) == DECLARE_ID == N_ACTIONS - 2  # 'layout' (the kept three, A.3) follows
    assert decode_action(DECLARE_ID).kind == DECLARE
    assert "special hand" in action_name(DECLARE_ID)
    with pytest.raises(MoveError, match="takes no cards"):
        Move.parse("declare KH")


def dream_game(held: str, drawn: str, totals: list[int]) -> Game:
    """A MAC game whose next deal gives the first player ``held`` and the draw ``drawn``, the totals set."""
    rules = Rules.parse("modern-american")
    game = Game(rules, seed=5)
    game.totals = list(totals)
    deck = stacked_deck(rules, [held, *EW_HANDS[:1]], upcard="", stock=f"{drawn} 9S", dealer=game.dealer)
    game.new_deal(deck=deck)
    return game


@pytest.mark.parametrize(("held", "drawn"), [(DREAM4_13, "JK"), (DREAM5_13, "2H")])
def test_a_dream_hand_wins_the_game_at_once(held: str, drawn: str) -> None:
    game = dream_game(held, drawn, [8000, -3000])  # the first player sits on side 1: neither side reaches 8500
    game.apply("draw")
    game.apply("declare")
    scores = game.finish_deal()
    first = game.deal.home[game.deal.special_seat] if game.deal else -1
    assert scores[first].total == 8500
    assert max(game.totals) < 8500 and game.totals[first] < game.totals[1 - first]
    assert game.over and game.winner == first


def test_other_special_hands_do_not_end_the_game() -> None:
    game = dream_game(GARBAGE13, "KH", [0, 0])
    game.apply("draw")
    game.apply("declare")
    game.finish_deal()
    assert not game.over and game.winner is None


def test_a_recorded_game_with_a_dream_hand_replays() -> None:
    game = dream_game(DREAM4_13, "JK", [0, 0])
    game.apply("draw")
    game.apply("declare")
    game.finish_deal()
    record = record_from_game(game)
    assert record["deals"][0]["moves"] == ["draw", "declare"]
    result = replay_record(record)
    assert result.complete and result.winner == game.winner


def test_the_score_keeper_ends_the_game_on_a_dream_hand() -> None:
    rules = Rules.parse("modern-american")
    dream = (DREAM4_13 + " JK").split()
    entry = {"NS": {"special_hand": dream}, "EW": {"melds": [["6C", "6D", "6H"]], "hand": ["4C", "KD"]}}
    sheet = score_sheet(rules, ["NS", "EW"], [entry])
    assert sheet["totals"]["NS"] == 8500 and sheet["winner"] == "NS"
    garbage = dict(entry, NS={"special_hand": (GARBAGE13 + " KH").split()})
    assert score_sheet(rules, ["NS", "EW"], [garbage])["winner"] is None


def test_the_bots_lay_a_special_hand_down() -> None:
    d = declared(mac(), GARBAGE13, "KH")
    assert HeuristicAgent(seed=1).select(d.view(0), d.legal_actions()) == DECLARE_ID
    legal = d.legal_actions()
    assert RandomAgent(seed=1).select(d.view(0), legal) in legal
