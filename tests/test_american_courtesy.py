"""HB's courtesy in Modern American Canasta (``special_hand_courtesy``, RULES_AMERICAN.md A.11, A.14 row 14;
docs/variants/modern-american.md): a player whose partner made the side's initial meld may still lay down a special
hand in his first turn after it. Scripted deals with stacked decks (the partner opens, the player declares; the
window closed a round later; the opponents' opening; the refusal), the option's words and checks, the score keeper,
and a refusal oracle on random deals with the option on and off."""

from __future__ import annotations

import random

import pytest

from canasta.agents.heuristic import HeuristicAgent
from canasta.engine.deal import P_PLAY, Deal
from canasta.engine.explain import explain_refusal
from canasta.engine.game import Game
from canasta.errors import IllegalMove
from canasta.formats.records import record_from_game, replay_record
from canasta.moves.actions import DECLARE_ID
from canasta.moves.notation import DECLARE, Move
from canasta.rules.american import american_rule_lines
from canasta.rules.errors import RulesError
from canasta.rules.fields import Rules
from canasta.scoring.american import best_special_hand
from canasta.web.sheet import SheetError, score_sheet
from helpers import hand, make_deal, play, stacked_deck
from helpers import mac_rules as mac

GARBAGE13 = "8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD"  # with KH drawn: 8888 QQQQ 555 KKK (A.11)
OPENER = "AC AD AH KC KD KH QC QD QH JC JD JH 9C"  # four clean triples: 240 points, the opening of 125 (A.7)
COURTESY = {"special_hand_courtesy": "true"}


def partner_opened(rules: Rules, stock: str = "6S 4C 4D 4H 4S 7C KH 9S") -> Deal:
    """N (seat 0) opens in the first turn and takes his talon of four, E draws and discards, and S (seat 2), N's
    partner, draws KH: his 14 cards make Garbage."""
    d = make_deal(rules, [OPENER, None, GARBAGE13], upcard="", stock=stock)
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    play(d, "draw", "discard 7C")
    play(d, "draw")
    assert d.opened[0] and d.opener[0] == 0 and d.turn == 2 and d.hand_sizes[2] == 14
    return d


def test_the_partner_of_the_opener_declares_in_his_next_turn() -> None:
    d = partner_opened(mac(**COURTESY))
    assert DECLARE_ID in d.legal_actions() and "declare" in [str(m) for m in d.legal_moves()]
    assert explain_refusal(d, Move(DECLARE)).code == "legal_now"
    before = hand(d, 2)
    play(d, "declare")
    assert d.over and d.special_seat == 2 and d.out_seat == -1 and hand(d, 2) == before
    ns, ew = d.score()
    assert ns.total == 3000 and ns.breakdown["special_hand"] == 3000  # the opener's melds count for nothing
    assert ns.breakdown["melded_cards"] == 0 and ns.breakdown["penalties"] == 0
    assert ew.total == -sum(d.values[c] for s in (1, 3) for c in hand(d, s))  # the opponents score normally


def test_the_bots_take_the_courtesy() -> None:
    d = partner_opened(mac(**COURTESY))
    assert HeuristicAgent(seed=1).select(d.view(2), d.legal_actions()) == DECLARE_ID


def test_a_recorded_game_with_a_courtesy_declare_replays() -> None:
    rules = Rules.parse("modern-american(special_hand_courtesy=true)")
    game = Game(rules, seed=5)
    first = (game.dealer + 1) % 4
    deck = stacked_deck(rules, [OPENER, None, GARBAGE13], upcard="", stock="6S 4C 4D 4H 4S 7C KH 9S",
                        dealer=game.dealer)
    game.new_deal(deck=deck)
    moves = ["draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S",
             "draw", "discard 7C", "draw", "declare"]
    for move in moves:
        game.apply(move)
    assert game.deal is not None and game.deal.special_seat == (first + 2) % 4
    scores = game.finish_deal()
    assert scores[game.deal.home[game.deal.special_seat]].total == 3000
    record = record_from_game(game)
    assert record["deals"][0]["moves"] == moves
    assert "special_hand_courtesy=true" in record["rules"]
    result = replay_record(record)
    assert result.deals == 1 and result.totals == game.totals and 3000 in game.totals
    with pytest.raises(Exception, match="not melded"):  # the same record under the spec's default: refused
        replay_record(dict(record, rules="modern-american"))


def test_without_the_courtesy_the_side_has_melded() -> None:
    d = partner_opened(mac())  # special_hand_courtesy=false, the spec's default [CLA]
    assert DECLARE_ID not in d.legal_actions()
    assert explain_refusal(d, Move(DECLARE)).code == "special_hand_side_melded"
    with pytest.raises(IllegalMove, match="not melded"):
        d.apply("declare")


def test_not_once_the_player_has_had_a_turn_since_the_opening() -> None:
    # S draws 9H and discards it (turn 3), W, N (his talon joins his hand) and E play; S draws KH at turn 7
    stock = "6S 4C 4D 4H 4S 7C 9H 9D 6C 6H KH 9S"
    d = make_deal(mac(**COURTESY), [OPENER, None, GARBAGE13], upcard="", stock=stock)
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 6S")
    play(d, "draw", "discard 7C")
    play(d, "draw")
    assert DECLARE_ID not in d.legal_actions()  # 9H drawn: no special hand, the courtesy's one turn passes
    play(d, "discard 9H")
    play(d, "draw", "discard 9D")
    play(d, "draw", "discard 6C")
    play(d, "draw", "discard 6H")
    play(d, "draw")
    assert d.turn == 2 and d.hand_sizes[2] == 14 and best_special_hand(d.rules, hand(d, 2)) == "garbage"
    assert DECLARE_ID not in d.legal_actions()
    why = explain_refusal(d, Move(DECLARE))
    assert why.code == "special_hand_courtesy_over" and "before your last turn" in why.text
    with pytest.raises(IllegalMove, match="partner opened before your last turn"):
        d.apply("declare")


def test_the_opener_himself_gets_no_courtesy() -> None:
    d = make_deal(mac(**COURTESY), ["AC AD AH AS KC KD KH KS QC QD QH JC JD"], upcard="", stock="JH 9S")
    play(d, "draw")  # Garbage: AAAA KKKK QQQ JJJ, laid down before any meld
    assert DECLARE_ID in d.legal_actions()
    play(d, "meld AC AD AH AS")  # his own meld this turn: no special hand now, courtesy or not
    assert explain_refusal(d, Move(DECLARE)).code == "special_hand_side_melded"


def test_the_opponents_opening_gives_no_courtesy() -> None:
    """E (seat 1) opens; S (seat 2, the other side, not melded) may declare with or without the option; W (seat 3),
    E's partner, may declare only with it."""
    west = "9C 9D 9H 9S 6C 6D 6H 6S TC TD TH JS JS"  # with JC drawn: 9999 6666 TTT JJJ, Garbage
    for rules, west_may in ((mac(**COURTESY), True), (mac(), False)):
        d = make_deal(rules, ["5S 5C 5D 7D 7H 8C 8D TS QS AS 2C JK KS", OPENER, GARBAGE13, west], upcard="",
                      stock="6S 5H 4C 4D 4H 4S KH JC 9S")
        play(d, "draw", "discard 6S")
        play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "discard 5H")
        play(d, "draw")  # S draws KH: Garbage, his side has not melded
        assert d.opened == [False, True] and DECLARE_ID in d.legal_actions()
        play(d, "discard KH")
        play(d, "draw")  # W draws JC: Garbage, his partner E opened in the turn before S's
        assert d.turn == 3 and best_special_hand(d.rules, hand(d, 3)) == "garbage"
        assert (DECLARE_ID in d.legal_actions()) == west_may
        assert explain_refusal(d, Move(DECLARE)).code == ("legal_now" if west_may else "special_hand_side_melded")


def test_the_option_in_words_and_its_check() -> None:
    rules = Rules.parse("modern-american(special_hand_courtesy=true)")
    assert rules.special_hand_courtesy and not Rules.parse("modern-american").special_hand_courtesy
    on = american_rule_lines(rules)
    off = american_rule_lines(Rules.parse("modern-american"))
    assert any("courtesy" in line for line in on) and not any("courtesy" in line for line in off)
    assert not any("Not played" in line for line in on + off)
    with pytest.raises(RulesError, match="special_hand_courtesy .* needs special_hands"):
        mac(special_hands="none", **COURTESY)
    with pytest.raises(RulesError):
        mac(special_hand_courtesy="maybe")


def test_the_score_keeper_ignores_the_melds_only_with_the_courtesy() -> None:
    special = (GARBAGE13 + " KH").split()
    entry = {"NS": {"special_hand": special, "melds": [["AC", "AD", "AH"], ["JC", "JS", "JD"]]},
             "EW": {"melds": [["6C", "6D", "6H"]], "hand": ["4C", "KD"]}}
    sheet = score_sheet(mac(**COURTESY), ["NS", "EW"], [entry])
    assert sheet["totals"]["NS"] == 3000
    with pytest.raises(SheetError, match="special_hand_courtesy"):
        score_sheet(mac(), ["NS", "EW"], [entry])


def courtesy_window(d: Deal, seen: dict[int, int], last_turn: dict[int, int]) -> bool:
    """Whether HB's courtesy window is open for the player to act, written apart from the engine: his side was seen
    opening (``seen``: side -> the turn number it opened in) by another player after his previous turn
    (``last_turn``: seat -> the turn number of its previous turn)."""
    seat, side = d.turn, d.side_of[d.turn]
    return d.opened[side] and d.opener[side] != seat and seen[side] > last_turn.get(seat, -1)


def refusal_by_rule(d: Deal, window: bool) -> str:
    """The refusal code of ``declare`` for the player to act, by A.11 and HB's courtesy (``window``)."""
    seat, side = d.turn, d.side_of[d.turn]
    if d.drew != 1:
        return "special_hand_after_draw"
    melded_now = any(m.turn == d.turn_no for m in d.melds[side]) or bool(d.pending)
    courtesy = d.rules.special_hand_courtesy
    if melded_now or (d.melds[side] and not (courtesy and window)):
        by_partner = d.opened[side] and d.opener[side] != seat
        return "special_hand_courtesy_over" if courtesy and by_partner and not melded_now \
            else "special_hand_side_melded"
    if d.answer > 0:
        return "partner_said_yes"
    if d.hand_sizes[seat] != 14:
        return "special_hand_size"
    return "legal_now" if best_special_hand(d.rules, hand(d, seat)) else "special_hand_none"


@pytest.mark.parametrize("courtesy", [False, True])
def test_declare_refusals_agree_with_the_rule_on_random_deals(courtesy: bool) -> None:
    """On random MAC deals (the option on and off), at every play-phase position of the player in his turn, the
    refusal of ``declare`` and its place among the legal moves agree with the rule written apart."""
    rules = mac(**COURTESY) if courtesy else mac()
    rng = random.Random(f"courtesy/{courtesy}")
    checked = windows = 0
    for seed in range(10):
        d = Deal(rules, dealer=seed % 4, seed=seed)
        seen: dict[int, int] = {}
        last_turn: dict[int, int] = {}
        current = (-1, -1)
        while not d.over:
            if (d.turn, d.turn_no) != current:
                if current[0] >= 0:
                    last_turn[current[0]] = current[1]
                current = (d.turn, d.turn_no)
            if d.phase == P_PLAY and d.actor == d.turn:
                window = courtesy_window(d, seen, last_turn)
                want = refusal_by_rule(d, window)
                assert explain_refusal(d, Move(DECLARE)).code == want, (seed, d.turn_no, want)
                assert (DECLARE_ID in d.legal_actions()) == (want == "legal_now")
                checked += 1
                windows += window and d.drew == 1
            d.apply_action(rng.choice(d.legal_actions()))
            for side in range(d.teams):
                if d.opened[side] and side not in seen:
                    seen[side] = d.turn_no
    assert checked > 300 and windows > 5
