"""Modern American Canasta's melds in the engine (RULES_AMERICAN.md A.6; rule check 2 of A.16): at most two wild
cards, and the rule of five: the melds of the side's initial meld may hold 2 naturals or more with 1 or 2 wild cards,
later a wild card joins only a meld of 5 naturals and new melds start clean (docs/variants/modern-american.md)."""

from __future__ import annotations

import pickle

import pytest

from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.errors import IllegalMove
from canasta.moves.notation import Move
from canasta.rules.fields import Rules
from helpers import is_legal as legal
from helpers import mac_rules as mac
from helpers import make_deal, play

OPENING = "QC QD 2C AC AD 2D 2H KC KD KH 2S JK 9C"  # QQ2 40 + AA22 80 + KKK2J 30+20+50


@pytest.mark.parametrize(("meld", "ok"), [
    ("meld QC QD 2C", True), ("meld AC AD 2D 2H", True), ("meld KC KD KH 2S", True), ("meld KC KD KH 2S 2H", True),
    ("meld QC 2C 2D", False), ("meld QC QD 2C 2D 2H", False), ("meld 7C 7D 2C", False), ("meld 7C 7D 7H", True),
])
def test_check_2_in_the_opening(meld: str, ok: bool) -> None:
    d = make_deal(mac(), ["QC QD 2C AC AD 2D 2H KC KD KH 2S 7D 7H"], upcard="", stock="7C")
    play(d, "draw")
    assert legal(d, meld) == ok


def test_the_opening_turn_may_mix_several_melds() -> None:
    d = make_deal(mac(), [OPENING], upcard="", stock="9D")
    play(d, "draw", "meld QC QD 2C", "meld AC AD 2D 2H")
    assert not legal(d, "meld KC KD KH 2S JK")  # the kings must stay a clean triple (A.7)
    play(d, "meld KC KD KH", "discard 9D")
    assert d.opened[0]


PARTNER = "QC QD QH QS QC 2C 2D 8C 8D 8H 8S 8C 5C"
OPENER = "AC AD AH KC KD KH JC JD JH 9C 9D 9H 4C"  # 60 + 30 + 30 + 30 = 150


def after_opening(**opts: str) -> Deal:
    """Seat 0 opened with naturals; seat 2 (his partner) has drawn: the side's later turns."""
    d = make_deal(mac(**opts), [OPENER, "", PARTNER], upcard="", stock="6C")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld JC JD JH", "meld 9C 9D 9H", "discard 6C")
    play(d, "draw")  # seat 1
    play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")))
    play(d, "draw")
    assert d.turn == 2 and d.opened[0]
    return d


@pytest.mark.parametrize(("meld", "ok"), [
    ("meld QC QD QH 2C", False), ("meld QC QD QH QS 2C", False), ("meld QC QD QH QS QC 2C 2D", True),
    ("meld 8C 8D 8H 8S", True), ("add 2C to A", False),
])
def test_check_2_after_the_opening(meld: str, ok: bool) -> None:
    assert legal(after_opening(), meld) == ok


def test_a_wild_card_joins_only_a_meld_of_five_naturals() -> None:
    d = after_opening()
    play(d, "meld 8C 8D 8H 8S")
    assert not legal(d, "add 2C to 8")
    play(d, "add 8C to 8")
    assert legal(d, "add 2C to 8")
    assert not legal(d, "add 2C to A")  # the opener's natural aces: 3 naturals


def test_the_rule_of_five_where_melds_have_no_cap() -> None:
    """The option elsewhere, with no canasta_max: a wild card joins a meld of 5 naturals or more, however many (the
    additions' cache once keyed 6 naturals as 3, the wild-card limit, and refused it: in the tile game a player who
    took the pile with a canasta of kings to complete then had no legal move)."""
    d = make_deal(Rules.parse("classic(rule_of_five=true)"),
                  ["KC KD KH AC AD AH 5C 6D 7H 8S 9C", "", "KS KC KD 2C 4C 5D 6H 7C 8D 9H TS"],
                  upcard="", stock="4D 4H 4S")
    play(d, "draw", "meld KC KD KH", "meld AC AD AH", "discard 5C", "draw")
    play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")), "draw")
    assert d.turn == 2 and d.meld_limits.five == 5
    play(d, "add KS to K")
    assert not legal(d, "add 2C to K")  # 4 naturals
    play(d, "add KC to K")
    assert legal(d, "add 2C to K")  # 5
    play(d, "add KD to K")
    assert legal(d, "add 2C to K")  # 6: refused before


def test_without_the_rule_of_five() -> None:
    d = after_opening(rule_of_five="false")
    assert legal(d, "meld QC QD QH 2C")


def test_limits_survive_copies_and_pickles() -> None:
    d = after_opening()
    assert d.meld_limits.five == 5
    back = pickle.loads(pickle.dumps(d.meld_limits))
    assert back.five == 5 and back.before.five == 0 and back.after is back
    first = pickle.loads(pickle.dumps(d.meld_limits.before))
    assert first.five == 0 and first.after.five == 5
    assert not legal(d.clone(), "meld QC QD QH 2C")


def test_aces_after_the_opening_and_sevens_never() -> None:
    # the opener's natural aces (3) later: no wild card even with 5 naturals; a mixed aces meld of the opening
    # takes more under the rule of five (T's reading, the spec's default); sevens never
    rules = mac()
    d = make_deal(rules, ["AC AD 2C KC KD KH QC QD QH 4C 7C 7D 7H", "", "AH AS AC 2D 2H 7S 7C 5C 6C 8C 9C TC JC"],
                  upcard="", stock="6D")
    play(d, "draw", "meld AC AD 2C", "meld KC KD KH", "meld QC QD QH", "meld 7C 7D 7H", "discard 6D")
    assert d.opened[0]
    play(d, "draw")
    play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")))
    play(d, "draw")  # seat 2, the partner
    assert not legal(d, "add 2D to 7")
    assert not legal(d, "add 2D to A")  # the mixed aces meld holds 2 naturals: the rule of five
    play(d, "add AH AS AC to A")
    assert legal(d, "add 2D to A")  # 5 naturals and 1 wild card: one more
    assert d.explain(Move.parse("add 2D to 7"))


def test_natural_aces_after_the_opening() -> None:
    d = after_opening()
    assert d.meld_limits.natural_only == 12 and d.meld_limits.never_wild == 5
    assert not legal(d, "add 2C to A")
    assert d.meld_limits.capacity(5, 0, 12) == 0 and d.meld_limits.capacity(5, 1, 12) == 1


def test_the_score_keeper_refuses_wild_sevens() -> None:
    from canasta.cards.deck import parse_cards
    from canasta.scoring.deal_score import score_side
    from canasta.scoring.errors import ScoringError
    from canasta.scoring.sides import SideResult
    with pytest.raises(ScoringError, match="never holds a wild card"):
        score_side(mac(), SideResult(melds=[parse_cards("7C 7D 7H 2C")]))


@pytest.mark.parametrize("dead", [True, False])
def test_check_5_dead_ranks(dead: bool) -> None:
    # A.16 check 5 with two packs: NS complete a (mixed) canasta of jacks; the rank is dead: EW may not take a pile
    # topped by a jack with their pair (which would open their side: 150), and the plans see no jack meldable
    d = make_deal(mac(dead_ranks=str(dead).lower()),
                  ["AC AD AH KC KD KH JC JD JH JS JC 4C 5C", "", "2C 2D JS 9C 9D 9H 8C 8D 8H 6C 6D 6H 4D",
                   "JD JH AS AS AC QC QD QH TC TD TH 5D 5H"], upcard="", stock="6S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld JC JD JH JS JC", "discard 6S")
    play(d, "draw")
    play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")))
    play(d, "draw", "add 2C 2D to J")
    assert d.dead_mask() == (1 << 9 if dead else 0)  # jacks (rank index 9)
    play(d, "discard JS")  # a dead card is a safe discard on a pile
    assert legal(d, "take JD JH") != dead
    if dead:
        assert d.melds_by_rank(1)[9] == [7, 0]  # a full meld for the plans


def test_dead_rank_explained() -> None:
    d = make_deal(mac(), ["AC AD AH KC KD KH JC JD JH JS JC 4C 5C", "", "2C 2D JS 9C 9D 9H 8C 8D 8H 6C 6D 6H 4D",
                          "JD JH AS AS AC QC QD QH TC TD TH 5D 5H"], upcard="", stock="6S")
    play(d, "draw", "meld AC AD AH", "meld KC KD KH", "meld JC JD JH JS JC", "discard 6S")
    play(d, "draw")
    play(d, next(str(m) for m in d.legal_moves() if str(m).startswith("discard")))
    play(d, "draw", "add 2C 2D to J", "discard JS")
    assert "dead rank" in d.explain(Move.parse("take JD JH"))
    why = explain_refusal(d, Move.parse("take JD JH"))
    assert (why.code, why.params) == ("dead_rank_take", {"rank": "J"})
    play(d, "draw")
    with pytest.raises(IllegalMove, match="dead rank"):
        d.apply("meld JD JH")  # two cards: no meld anyway; the dead rank is said first
    assert explain_refusal(d, Move.parse("meld JD JH")).code == "dead_rank_meld"


def test_random_deals_never_stall_on_dead_ranks() -> None:
    # seed 67 stalled once: a side opening through the pile counted on three tens of a dead rank (the plans now see
    # a dead rank as a full meld wherever they build the turn's melds)
    import random
    for seed in range(60, 75):
        d = Deal(mac(), seed=seed)
        rng = random.Random(seed)
        while not d.over:
            acts = d.legal_actions()
            assert acts, f"seed {seed}: no legal move"
            d.apply_action(rng.choice(acts))
