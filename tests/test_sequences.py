"""Sequence melds (RULES.md §3.2): notation, move ids, legality in the engine, scoring.

The rules of a sequence are read from ``Rules`` fields (``sequences``, ``sequence_min``,
``sequence_max``, ``sequence_canasta_bonus``), so these tests use ``samba`` and also switch
sequences on in classic, as the lead may do for other presets.
"""

from __future__ import annotations

import pytest

from canasta.cards.sequences import extension_problem, sequence_problem, span_of, spans_in_hand
from canasta.engine.deal import IllegalMove
from canasta.env.actions import action_name
from canasta.moves.actions import (
    ACTIONS,
    N_ACTIONS,
    N_CLASSIC_ACTIONS,
    SEQ_ADD_BASE,
    SEQ_LONG_ADD_BASE,
    SEQ_MELD_BASE,
    SEQ_TAKE_BASE,
    WILD_SEQ_MELD_BASE,
    action_of,
)
from canasta.moves.notation import SEQ_TARGET, Move, MoveError
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import classify_meld
from canasta.scoring.sides import SideResult
from helpers import cards, legal_strs, make_deal, play

SAMBA = Rules.preset("samba")
CLASSIC_SEQ = Rules.parse("classic(sequences=true)")


# ------------------------------------------------------------------ notation

@pytest.mark.parametrize("text", [
    "meld 4H 5H 6H", "meld 8D 9D TD JD QD KD AD", "add 7H to 4H-6H", "add 4S 8S to 5S-7S",
    "add 9C TC to 6C-8C", "take to 4H-6H",
])
def test_sequence_notation_round_trips(text: str) -> None:
    m = Move.parse(text)
    assert str(m) == text
    assert Move.parse(str(m)) == m


def test_a_meld_of_several_ranks_reads_as_a_sequence_and_an_addition_names_its_sequence() -> None:
    m = Move.parse("meld 6h 4h 5h")
    assert m.target == SEQ_TARGET and sorted(m.cards) == cards("4H 5H 6H")
    a = Move.parse("add 7H to 4H-6H")
    assert a.target == SEQ_TARGET and a.seq == tuple(cards("4H 6H")) and a.cards == tuple(cards("7H"))
    t = Move.parse("take to 4h-6h")
    assert t.seq == tuple(cards("4H 6H")) and not t.cards


@pytest.mark.parametrize(("text", "message"), [
    ("add 7H to 4H6H", "meld's rank"),
    ("take 7H to 4H-6H", "no card from the hand"),
    ("take to 4H-5S", "is not a sequence"),
    ("take to 4H-5H", "at least 3"),
    ("add to 4H-6H", "name the cards"),
])
def test_bad_sequence_notation_is_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        Move.parse(text)


# ------------------------------------------------------------------ move ids

def test_sequence_ids_are_appended_after_the_classic_table() -> None:
    assert N_CLASSIC_ACTIONS == 3674 == SEQ_MELD_BASE
    assert SEQ_MELD_BASE < SEQ_ADD_BASE < SEQ_TAKE_BASE < SEQ_LONG_ADD_BASE < WILD_SEQ_MELD_BASE == 5774
    assert N_ACTIONS == 13396  # the blocks of sequences holding a wild card (Hollywood) follow, then declare and
    # layout (MAC)
    assert (SEQ_ADD_BASE, SEQ_TAKE_BASE, SEQ_LONG_ADD_BASE) == (3814, 4514, 4634)
    assert ACTIONS[3673][1] != SEQ_TARGET  # the last classic id is unchanged (add of wild cards)
    assert action_of(Move.parse("draw")) == 0 and action_of(Move.parse("discard 2C")) == 9
    ids = {action_of(Move.parse(t)) for t in ("meld 4C 5C 6C", "meld 8D 9D TD JD QD KD AD",
                                              "add 7H to 4H-6H", "add 4S to 5S-7S",
                                              "take to 4H-6H")}
    assert len(ids) == 5 and all(i >= N_CLASSIC_ACTIONS for i in ids)
    assert action_of(Move.parse("meld 4C 5C 6C")) == SEQ_MELD_BASE
    assert action_name(action_of(Move.parse("add 7H to 4H-6H"))) == "add to the sequence 4H-6H, making it 4H-7H"
    assert "take the pile" in action_name(action_of(Move.parse("take to 4H-6H")))


@pytest.mark.parametrize(("text", "message"), [
    ("meld 4H 5H 7H", "without a gap"),
    ("meld 4H 5S 6H", "one suit"),
    ("meld 2H 3H 4H", "no wild card"),
    ("meld 4H 5H 6H 7H 8H 9H TH JH", "3 to 7 cards"),
    ("add 8H to 4H-6H", "without a gap"),
    ("add 7S to 4H-6H", "add cards of that suit"),
    ("add 7H 8H 9H TH 5H to 4H-6H", "each rank once"),
])
def test_sequence_shapes_without_an_id_are_refused(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        action_of(Move.parse(text))


# ------------------------------------------------------------------ geometry

def test_sequence_geometry() -> None:
    assert span_of(cards("6H 4H 5H")) == (2, 2, 4)
    assert span_of(cards("4H 4H 5H")) is None
    assert sequence_problem(cards("6H 4H 5H")) is None
    assert extension_problem((2, 2, 4), cards("7H"), 7) is None
    problems = [
        (sequence_problem(cards("4H 2H 6H")), "sequence_no_wild", "wild"),
        (extension_problem((2, 2, 8), cards("JH"), 7), "sequence_full", "full sequence canasta"),
        (extension_problem((2, 2, 7), cards("JH TH"), 7), "sequence_too_many", "at most 7"),
        (extension_problem((2, 2, 4), cards("6H"), 7), "sequence_rank_twice", "each rank once"),
        (extension_problem((2, 2, 4), cards("7S"), 7), "sequence_wrong_suit", "sequence of ♥"),
        (sequence_problem(cards("3H 4H 5H")), "sequence_twos_threes", "twos and threes"),
        (sequence_problem(cards("4H 6H")), "sequence_gap", "without a gap"),
    ]
    for problem, code, words in problems:
        assert problem is not None and problem.code == code and words in problem.text and str(problem) == problem.text
    hand = [0] * 53
    for c in cards("4S 5S 6S 7S 9S"):
        hand[c] += 1
    assert spans_in_hand(hand, 3, 7) == [(3, 2, 4), (3, 2, 5), (3, 3, 5)]


# ------------------------------------------------------------------ engine

def test_sequences_are_offered_and_melded_where_the_rules_allow_them() -> None:
    hand = "4H 5H 6H 7H KC KD KH"
    d = make_deal(CLASSIC_SEQ, [hand], stock="9S")
    play(d, "draw")
    legal = legal_strs(d)
    assert {"meld 4H 5H 6H", "meld 4H 5H 6H 7H", "meld 5H 6H 7H"} <= legal
    play(d, "meld KC KD KH", "meld 4H 5H 6H")
    seq = next(m for m in d.melds[0] if m.target == SEQ_TARGET)
    assert seq.span == (2, 2, 4)
    assert "add 7H to 4H-6H" in legal_strs(d)
    play(d, "add 7H to 4H-6H")
    assert seq.span == (2, 2, 5) and d.view(0).melds[0][-1].rank_name == "4H-7H"
    # classic has no sequences: the same cards are refused as a meld of mixed ranks
    c = make_deal("classic", [hand], stock="9S")
    play(c, "draw")
    assert not any(m.startswith("meld 4H") for m in legal_strs(c))
    with pytest.raises(IllegalMove, match="one rank"):
        c.apply("meld 4H 5H 6H")


def test_a_sequence_of_seven_is_a_canasta_and_takes_no_more_cards() -> None:
    d = make_deal(CLASSIC_SEQ, ["4D 5D 6D 7D 8D 9D TD JD AC AD AS"], stock="9S QC")
    play(d, "draw", "meld 4D 5D 6D 7D 8D 9D TD")
    assert d.canastas[0] == 1
    assert not any("to 4D-TD" in m for m in legal_strs(d))
    with pytest.raises(IllegalMove, match="full sequence canasta"):
        d.apply("add JD to 4D-TD")


def test_several_sequences_of_one_suit_and_identical_ones() -> None:
    r = Rules.parse("samba")
    d = make_deal(r, ["4H 5H 6H 4H 5H 6H 9H TH JH AC AD AS"], stock="8S 8C")
    play(d, "draw", "meld 4H 5H 6H", "meld 4H 5H 6H", "meld 9H TH JH")
    seqs = [m for m in d.melds[0] if m.target == SEQ_TARGET]
    assert [m.span for m in seqs] == [(2, 2, 4), (2, 2, 4), (2, 7, 9)]
    assert d.hand_sizes[0] == 8


def test_an_unopened_side_may_open_with_sequences() -> None:
    # 50 needed: 4H..8H is 30, 9S..JS 30 - no meld of a rank reaches it, two sequences do
    d = make_deal(CLASSIC_SEQ, ["4H 5H 6H 7H 8H 9S TS JS QC KD AC"], stock="4C")
    play(d, "draw")
    assert "meld 4H 5H 6H 7H 8H" in legal_strs(d)
    play(d, "meld 4H 5H 6H 7H 8H")
    assert not d.opened[0]
    play(d, "meld 9S TS JS")
    assert d.opened[0] and d.open_total == 60


def test_sequence_meld_that_leaves_the_minimum_unreachable_is_refused() -> None:
    d = make_deal(CLASSIC_SEQ, ["4H 5H 6H 9S 8D 7C QS JD TC 5S KD"], stock="4C")
    play(d, "draw")
    assert "meld 4H 5H 6H" not in legal_strs(d)  # 15 + at most 0 more < 50
    with pytest.raises(IllegalMove, match="initial meld of 50"):
        d.apply("meld 4H 5H 6H")


# ------------------------------------------------------------------ scoring

def test_classify_and_score_sequences() -> None:
    info = classify_meld(SAMBA, cards("8D 9D TD JD QD KD AD"))
    assert (info.kind, info.canasta, info.natural, info.rank) == ("sequence", True, True, 6)
    assert classify_meld(SAMBA, cards("4S 6S 5S")).kind == "sequence"
    with pytest.raises(ScoringError, match="one rank"):
        classify_meld(Rules.preset("classic"), cards("4S 5S 6S"))
    with pytest.raises(ScoringError, match="no sequence"):
        classify_meld(SAMBA, cards("4S 5S 7S"))
    with pytest.raises(ScoringError, match="3 to 7"):
        classify_meld(SAMBA, cards("4S 5S 6S 7S 8S 9S TS JS"))
    side = SideResult(melds=[cards("8D 9D TD JD QD KD AD"), cards("KC KD KH KS KC KD 2C"), cards("4S 5S 6S")],
                      went_out=True)
    s = score_side(SAMBA, side)
    assert s.breakdown["canastas"] == 1500 + 300 and s.breakdown["sequence_canastas"] == 1
    assert s.breakdown["melded_cards"] == 80 + 60 + 20 + 15
    assert s.total == 1800 + 175 + 200


def test_sequence_options_are_validated() -> None:
    assert Rules.parse("classic(sequences=true,sequence_max=6)").sequence_max == 6
    with pytest.raises(RulesError, match="sequence_min"):
        Rules.parse("samba(sequence_min=2)")
    with pytest.raises(RulesError, match="sequence_max"):
        Rules.parse("samba(sequence_max=8)")
    r = Rules.parse("samba(sequence_canasta_bonus=1000)")
    assert Rules.parse(r.spec()) == r


def test_short_sequences_can_be_penalised() -> None:
    r = Rules.parse("samba(short_sequence_penalty=1000)")
    side = SideResult(melds=[cards("4S 5S 6S 7S"), cards("8D 9D TD JD QD"), cards("KC KD KH")])
    s = score_side(r, side)
    assert s.breakdown["penalties"] == -1000 and s.total == 20 + 50 + 30 - 1000
    s0 = score_side(Rules.parse("samba(short_sequence_penalty=1000,short_sequence_below=7)"), side)
    assert s0.breakdown["penalties"] == -2000
    assert score_side(SAMBA, side).breakdown["penalties"] == 0
    with pytest.raises(RulesError, match="short_sequence_below"):
        Rules.parse("samba(short_sequence_below=2)")
    assert "costs its side 1000" in r.describe()


def test_no_pile_for_the_initial_meld() -> None:
    spec = "samba(no_pile_for_initial_meld=true)"
    d2 = make_deal("samba", ["QC QD 5C 5D 9C 9D 8C 8D 6C 6D 4C 4D TC TD JC", None,
                             "QS QH KC KD KH AC AD AH"], stock="KS AS  KH AH")
    play(d2, "draw", "discard KS")
    play(d2, "draw", "discard KH")
    assert d2.turn == 2 and "take KC KD" in legal_strs(d2)
    d3 = make_deal(spec, ["QC QD 5C 5D 9C 9D 8C 8D 6C 6D 4C 4D TC TD JC", None,
                          "QS QH KC KD KH AC AD AH"], stock="KS AS  KH AH")
    play(d3, "draw", "discard KS")
    play(d3, "draw", "discard KH")
    assert not any(m.startswith("take") for m in legal_strs(d3))
    with pytest.raises(IllegalMove, match="cannot be taken for it"):
        d3.apply("take KC KD")
