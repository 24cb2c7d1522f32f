"""Messages a player reads say the real reason, in words: no RULES.md section numbers, no seat numbers,
only the grammar of the variant in force, and "did you mean" for misspelt verbs, options and variants."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from canasta.cli.completion import ScriptedReader
from canasta.cli.play import new_session
from canasta.cli.shortmoves import verb_problem
from canasta.engine.deal import Deal, IllegalMove
from canasta.moves.actions import action_of
from canasta.moves.notation import Move, MoveError
from canasta.rules.fields import Rules, RulesError
from canasta.util.rulewords import in_words
from helpers import snapshot, stacked_deck

CLASSIC = Rules.preset("classic")


def drawn(hand: str, rules: Rules = CLASSIC, upcard: str = "7H") -> Deal:
    deal = Deal(rules, 3, [0] * rules.teams, deck=stacked_deck(rules, [hand], upcard=upcard, dealer=3))
    deal.apply("draw")
    return deal


def refusal(deal: Deal, text: str) -> str:
    before = snapshot(deal)
    with pytest.raises(IllegalMove) as e:
        deal.apply(text)
    assert snapshot(deal) == before
    return str(e.value)


def play_output(lines: list[str], variant: str = "classic", hand: str | None = None) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None, highlight=False)
    it = iter(lines)
    session = new_session(variant, None, 1, "random", ["target=300"], 1, console,
                          ScriptedReader(lambda p: next(it, None), console))
    if hand is not None:
        session.game.dealer = 3
        session.game.new_deal(deck=stacked_deck(session.rules, [hand], dealer=3))
    session.run()
    return buf.getvalue()


# ------------------------------------------------------------------ the real reason

def test_a_black_three_in_a_meld_of_kings_is_explained_by_the_black_threes_rule():
    deal = drawn("KC KS 2S 3C 3S 9D 9H 4C 5C 6C 7D")
    why = refusal(deal, "meld KC KS 2S 3C")
    assert "black threes may be melded only when you go out" in why
    assert "sequence" not in why


def test_mixed_ranks_are_not_called_a_sequence_where_they_are_none():
    deal = drawn("KC KS 2S 3C 3S 9D 9H 4C 5C 6C 7D")
    assert "a meld is of one rank" in refusal(deal, "meld KC KS 9D")
    assert "sequences are not melds in this variant" in refusal(deal, "meld 4C 5C 6C")


def test_the_player_asked_is_told_to_answer_without_a_seat_number():
    from canasta.engine.deal import P_ANSWER
    hand = "KC KC KD KD KH KH KS 4C 4D 4H 5S"
    deal = drawn(hand)
    deal.apply("ask")
    assert deal.phase == P_ANSWER
    why = refusal(deal, "discard 9C")
    assert why == "you must first answer your partner's question 'may I go out?' with yes or no"
    assert "seat" not in why


# ------------------------------------------------------------------ rules named in words

def test_section_numbers_become_rule_names():
    assert in_words("a meld needs at least 3 cards (§1.5)") == "a meld needs at least 3 cards (rule: melds)"
    assert in_words("x (§1.4, §1.9)") == "x (rules: a turn; going out)"
    assert in_words("full (§3.2 Cuban)") == "full (rule: Cuban Canasta)"
    assert in_words("(option x, §1.6)") == "(option x, rule: the initial meld)"
    assert in_words("no reference") == "no reference"


def test_frozen_pile_refusal_names_the_rule_in_words():
    deal = Deal(CLASSIC, 3, [0, 0], deck=stacked_deck(CLASSIC, ["7C 2D KC KD KH KS AC AD AH 9S 8S"],
                                                     upcard="2C 7H", dealer=3))
    why = refusal(deal, "take 7C 2D")
    assert why.endswith("(rule: taking the discard pile)") and "§" not in why


def test_notation_errors_name_rules_in_words():
    with pytest.raises(MoveError) as e:
        action_of(Move.parse("add 2C=7H 2D=8H to 4H-6H"))
    assert str(e.value) == "add 2C 2D to 4H-6H: a sequence may hold at most 1 wild card (rule: this variant)"


ILLEGAL_TEXTS = ("draw", "take", "take KC KD", "meld KC KD", "meld KC KD KH 3C", "meld 3C 3S 3C",
                 "add 2C to K", "add 7H to 4H-6H", "meld 4H 5H 6H", "meld 4H JK 6H 7H", "discard JK",
                 "discard 3C", "ask", "yes", "no", "pass", "take to 4H-6H")


@pytest.mark.parametrize("variant", ["classic", "samba", "hollywood", "cuban", "italian", "romanian-tiles",
                                     "pennies-from-heaven", "mexican"])
def test_no_refusal_shows_a_section_number(variant):
    rules = Rules.preset(variant)
    rng = random.Random(5)
    deal = Deal(rules, 0, [0] * rules.teams, seed=7)
    seen = 0
    while not deal.over and seen < 60:
        for text in ILLEGAL_TEXTS:
            try:
                deal.clone().apply(text)
            except IllegalMove as e:
                assert "§" not in str(e), (text, str(e))
        deal.apply_action(rng.choice(deal.legal_actions()))
        seen += 1


# ------------------------------------------------------------------ verbs

def test_unknown_word_gets_did_you_mean_and_only_the_variants_grammar():
    classic = verb_problem("mled", CLASSIC)
    assert classic is not None and "did you mean 'meld'" in classic
    assert "LOW-HIGH" not in classic and "JK=5H" not in classic
    samba = verb_problem("mled", Rules.preset("samba"))
    assert samba is not None and "LOW-HIGH" in samba and "JK=5H" not in samba
    hollywood = verb_problem("mled", Rules.preset("hollywood"))
    assert hollywood is not None and "JK=5H" in hollywood
    cutthroat = verb_problem("bogus", Rules.preset("classic", players=3))
    assert cutthroat is not None and "ask" not in cutthroat and "did you mean" not in cutthroat


def test_d_is_reported_as_ambiguous():
    assert verb_problem("d", CLASSIC) == "'d' could be discard or draw: type more of the word"
    assert verb_problem("draw", CLASSIC) is None and verb_problem("moves", CLASSIC) is None


def test_unknown_and_ambiguous_words_in_play():
    out = play_output(["mled KH KS KD", "d", "dicsard 7S"])
    assert "'mled' is not a move or a command (did you mean 'meld'?)" in out
    assert "'d' could be discard or draw" in out
    assert "did you mean 'discard'" in out
    assert "LOW-HIGH" not in out


# ------------------------------------------------------------------ options and variants

def test_misspelt_option_gets_did_you_mean_and_a_short_message():
    with pytest.raises(RulesError) as e:
        Rules.parse("classic(player=2)")
    text = str(e.value)
    assert "did you mean 'players'" in text and "canasta rules --options" in text
    assert len(text) < 200


def test_misspelt_variant_gets_did_you_mean():
    with pytest.raises(RulesError, match="did you mean 'classic'"):
        Rules.parse("clasic")
    with pytest.raises(RulesError, match="did you mean 'romanian-tiles'"):
        Rules.preset("romanian-tile")


def test_cli_option_typo_is_short():
    from canasta.cli.play import build_rules
    with pytest.raises(RulesError) as e:
        build_rules("classic", None, ["tagret=3000"])
    assert "did you mean 'target'" in str(e.value) and len(str(e.value)) < 200


def test_hints_name_rules_in_words():
    out = play_output(["draw", "hint"], hand="KC KD KH 2C 3S 9D 9H 4C 5C 6C 7D")
    assert "Hint:" in out and "§" not in out
