"""Modern American Canasta's scoring through the one scoring function: the worked examples MAC-1, MAC-2 and MAC-3
of RULES_AMERICAN.md §C.1 (numbers from the spec), the threes by colour, the penalties and the special hands of
A.11 (docs/variants/modern-american.md)."""

from __future__ import annotations

import pytest

from canasta.cards.deck import parse_cards
from canasta.rules.errors import RulesError
from canasta.rules.fields import Rules
from canasta.rules.presets import PRESETS
from canasta.scoring.american import special_hand_possible, special_hand_value, special_hands_of
from canasta.scoring.deal_score import score_deal, score_side
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import mac_rules as mac


def c(text: str) -> list[int]:
    return parse_cards(text)


def test_preset_registered_with_its_aliases() -> None:
    assert "modern-american" in PRESETS
    assert Rules.preset("american") == Rules.preset("mac") == Rules.preset("modern-american") == mac()
    with pytest.raises(RulesError):
        Rules.preset("americano")


def test_minimum_count_by_score() -> None:
    # A.16 check 1: a side at -200 needs 125; at 2,995 125; at 3,000 155; at 5,000 180
    r = mac()
    assert [r.min_meld(s) for s in (-200, 2995, 3000, 5000)] == [125, 125, 155, 180]


def test_mac_1() -> None:
    r = mac()
    ns = SideResult(
        melds=[c("KC KD KH KS KC KD KH"), c("9C 9D 9H 9S 9C 2C JK"), c("7C 7D 7H 7S 7C 7D 7H"), c("QC QD QH")],
        red_threes=c("3H 3D"), black_threes=c("3S"), player_hands=[[], c("5C 5D JH")], went_out=True)
    ew = SideResult(
        melds=[c("TC TD TH TS TC 2D 2H"), c("AC AD AH AS"), c("6C 6D 6H")],
        red_threes=c("3H"), black_threes=c("3C 3S"), player_hands=[c("AC AD AH JC"), c("JK 4C")])
    scores = score_deal(r, {"NS": ns, "EW": ew})
    assert scores["NS"].total == 4035
    assert scores["EW"].total == -3640
    assert scores["NS"].breakdown["threes"] == 400
    assert scores["EW"].breakdown["threes"] == 0  # one canasta: threes count 0
    assert scores["EW"].breakdown["penalties"] == -4000  # incomplete natural aces 2500 + E's three aces 1500


def test_mac_2() -> None:
    r = mac()
    ns = SideResult(
        melds=[c("JK JK JK JK 2C 2D 2H"), c("8C 8D 8H 8S 8C 8D 8H"), c("AC AD AH AS AC 2S 2C")],
        red_threes=c("3H 3D 3H 3D"), player_hands=[[], c("9C 9D")], went_out=True)
    ew = SideResult(
        melds=[c("JC JD JH JS JC JD"), c("5C 5D 5H 2D"), c("7C 7D 7H 7S 7C")],
        black_threes=c("3C 3S 3C"), player_hands=[c("7D 7H 7S KC"), c("QC 4C 2H")])
    scores = score_deal(r, {"NS": ns, "EW": ew})
    assert scores["NS"].total == 4850
    assert scores["NS"].breakdown["canastas"] == 3300  # wild of four jokers 2500, natural 500, mixed aces 300
    assert scores["EW"].total == -4680
    assert scores["EW"].breakdown["melded_cards"] == -120  # no canasta: melded values subtracted


def test_mac_3_special_hand() -> None:
    r = mac()
    garbage = c("8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH")
    ns = SideResult(special_hand=garbage, red_threes=c("3H"), player_hands=[[], c("AC AD AH 9C")])
    ew = SideResult(melds=[c("6C 6D 6H 6S 6C JK 2D"), c("TC TD TH")], red_threes=c("3D"),
                    player_hands=[c("KC KD 9H"), c("4C 4D 5S JS")])
    scores = score_deal(r, {"NS": ns, "EW": ew})
    assert scores["NS"].total == 3000  # its threes and hands (three aces held) ignored
    assert scores["NS"].breakdown["special_hand"] == 3000
    assert scores["EW"].total == 370
    assert score_side(mac(special_hands="pagat"), ns, "NS").total == 2000
    assert 5600 + scores["NS"].total >= r.target  # the game ends with NS ahead


def test_penalties_stack() -> None:
    # A.12: an incomplete sevens meld plus three sevens held by one player: -4,000 (and the cards' values)
    side = SideResult(melds=[c("KC KD KH KS KC KD KH"), c("7C 7D 7H")], player_hands=[c("7S 7C 7D"), []])
    assert score_side(mac(), side).breakdown["penalties"] == -4000


def test_held_penalty_is_per_player() -> None:
    split = SideResult(melds=[c("KC KD KH")], player_hands=[c("AC AD"), c("AH")])
    assert score_side(mac(), split).breakdown["penalties"] == 0
    both = SideResult(melds=[c("KC KD KH")], player_hands=[c("AC AD AH"), c("AS AC AD 7H 7S 7D")])
    assert score_side(mac(), both).breakdown["penalties"] == -4500
    with pytest.raises(ScoringError, match="player_hands"):
        score_side(mac(), SideResult(melds=[c("KC KD KH")], hand=c("AC AD AH")))


def test_incomplete_wild_meld_and_jokers_option() -> None:
    side = SideResult(melds=[c("KC KD KH KS KC KD KH"), c("JK JK JK JK 2C")])
    assert score_side(mac(), side).breakdown["penalties"] == -2000
    assert score_side(mac(incomplete_wild_all_jokers_penalty="2500"), side).breakdown["penalties"] == -2500
    mixed_aces = SideResult(melds=[c("KC KD KH KS KC KD KH"), c("AC AD 2C")])
    assert score_side(mac(), mixed_aces).breakdown["penalties"] == 0  # a mixed aces meld is not penalised


def test_threes_by_colour_sign() -> None:
    threes = {"red_threes": c("3H 3D 3H"), "black_threes": c("3S")}
    none = SideResult(melds=[c("KC KD KH")], **threes)  # type: ignore[arg-type]
    one = SideResult(melds=[c("KC KD KH KS KC KD KH")], **threes)  # type: ignore[arg-type]
    two = SideResult(melds=[c("KC KD KH KS KC KD KH"), c("8C 8D 8H 8S 8C 8D 8H")], **threes)  # type: ignore[arg-type]
    assert [score_side(mac(), s).breakdown["threes"] for s in (none, one, two)] == [-600, 0, 600]


def test_three_left_in_hand_costs_five() -> None:
    side = SideResult(melds=[c("KC KD KH KS KC KD KH")], hand=c("3H 3S"))
    assert score_side(mac(), side).breakdown["hand_cards"] == -10


def test_black_threes_only_where_scored_by_colour() -> None:
    with pytest.raises(ScoringError, match="threes by colour"):
        score_side(Rules.preset("classic"), SideResult(melds=[c("KC KD KH")], black_threes=c("3S")))


SPECIAL_HANDS = [
    ("6C 6D 7C 7D 8C 8D 9C 9D JC JD QC QD KC KD", "pairs"),
    ("AC AD 7C 7D 8C 8D 9C 9D JC JD QC QD 2C 2D", "wild_pairs"),
    ("AC AD 7C 7D 8C 8D 9C 9D JC JD JK JK 2C 2D", "miami_pairs"),
    ("8C 8D JK JK QC QD QH KC KD KH 4C 4D 4H 4S", "zip_code"),
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC JK", "straight"),
    ("8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH", "garbage"),
    ("8C 8D 8H 8S 8C QC QD QH QS 5C 5D 5H 2C 2D", "blast_off"),
    ("8C 8D 8H QC QD QH 5C 5D 5H KC KD KH JK JK", "triples"),
    ("8C 8D 8H 8S QC QD QH QS 5C 5D 5H 5S 2C 2D", "quads"),
    ("8C 8D 8H 8S 8C QC QD QH QS QC 2C 2D 2H 2S", "dream_plus_4"),
    ("8C 8D 8H 8S 8C QC QD QH QS JK 2D 2H 2S JK", "dream_plus_5"),
]


@pytest.mark.parametrize(("cards", "key"), SPECIAL_HANDS)
def test_the_eleven_special_hands(cards: str, key: str) -> None:
    assert key in special_hands_of(c(cards))
    assert special_hand_value(mac(), c(cards))[0] == key
    assert special_hand_possible(rank_counts(c(cards)))  # the engine's quick test lets each one through


def rank_counts(cards: list[int]) -> list[int]:
    counts = [0] * 14
    for card in cards:
        counts[card >> 2] += 1
    return counts


def test_quick_special_hand_test_never_rules_out_a_special_hand() -> None:
    """special_hand_possible (asked by the engine before ``declare``'s full check) is a necessary condition:
    on random 14-card hands, and on hands one card away from each special hand, it is True wherever the
    recogniser finds a special hand, and False on most random hands."""
    import random

    rng = random.Random(5)
    deck = [card for card in range(53) for _ in range(2 if card < 52 else 4)]
    examples = [c(cards) for cards, _ in SPECIAL_HANDS]
    ruled_out = 0
    for i in range(4000):
        if i % 2:
            cards = rng.sample(deck, 14)
        else:  # a special hand with one card changed
            cards = rng.choice(examples)[:]
            cards[rng.randrange(14)] = rng.choice(deck)
        possible = special_hand_possible(rank_counts(cards))
        assert possible or not special_hands_of(cards), cards
        ruled_out += not possible
    assert ruled_out > 2000


@pytest.mark.parametrize("cards", [
    "6C 6D 7C 7D 8C 8D 9C 9D JC JD QC QD KC",  # 13 cards
    "AC AD 7C 7D 8C 8D 9C 9D JC JD QC QD 2C JK",  # wild pair not matching
    "8C 8D 8H 3S QC QD QH QS 5C 5D 5H KC KD KH",  # a three outside the Straight
    "8C 8D 8H QC QD QH 5C 5D 5H KC KD KH 2C JK",  # triples with an unmatched wild pair
])
def test_not_special_hands(cards: str) -> None:
    with pytest.raises(ScoringError, match="no special hand"):
        special_hand_value(mac(), c(cards))


def test_special_hand_sets() -> None:
    blast_off = c("8C 8D 8H 8S 8C QC QD QH QS 5C 5D 5H 2C 2D")
    with pytest.raises(ScoringError, match="no special hand"):
        special_hand_value(mac(special_hands="pagat"), blast_off)
    with pytest.raises(ScoringError, match="no special hand"):
        special_hand_value(mac(special_hands="none"), blast_off)
    with pytest.raises(RulesError, match="special_hands"):
        mac(special_hands="vegas")


def test_special_hand_after_melding_refused() -> None:
    side = SideResult(special_hand=c("8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH"), melds=[c("KC KD KH")])
    with pytest.raises(ScoringError, match="not melded"):
        score_side(mac(), side)


def test_hand_and_player_hands_must_agree() -> None:
    with pytest.raises(ScoringError, match="different cards"):
        score_side(mac(), SideResult(melds=[c("KC KD KH")], hand=c("4C"), player_hands=[c("5C")]))


def test_fields_are_options() -> None:
    r = Rules.preset("classic", upcard=False, threes_by_colour=True, three_colour_values="0/100/300/500/1000",
                     held_aces_penalty=1500, special_hands="cla")
    assert r.three_colour_values == (0, 100, 300, 500, 1000)
    assert "Special hands" in r.describe()
    with pytest.raises(RulesError, match="three_colour_values"):
        Rules.preset("classic", three_colour_values="100/300")


MAC_SCORING_ON_CLASSIC = ("classic(upcard=false,threes_by_colour=true,three_colour_values=0/100/300/500/1000,"
                          "incomplete_aces_penalty=2500,incomplete_sevens_penalty=2500,held_aces_penalty=1500,"
                          "held_sevens_penalty=1500,special_hands=cla)")


@pytest.mark.parametrize("seed", range(3))
def test_engine_deals_scored_with_the_mac_fields(seed: int) -> None:
    # the engine gives the scoring each player's hand (player_hands), so the held penalties are per player;
    # the MAC scoring fields are options of any preset and the engine's deals score under them
    import random

    from canasta.engine.deal import Deal
    from canasta.engine.results import side_results
    rules = Rules.parse(MAC_SCORING_ON_CLASSIC)
    deal = Deal(rules, seed=seed)
    rng = random.Random(seed)
    while not deal.over:
        deal.apply_action(rng.choice(deal.legal_actions()))
        deal.check_invariants()
    results = side_results(deal)
    for res in results:
        assert len(res.player_hands) == rules.team_size
        assert sorted(res.hand) == sorted(c for h in res.player_hands for c in h)
    scores = deal.score()
    for side, res in enumerate(results):
        assert scores[side].total == score_side(rules, res).total
        held = sum(1500 for h in res.player_hands for rank in (12, 5) if sum(1 for x in h if x >> 2 == rank
                                                                            and x != 52) >= 3)
        incomplete = 0
        for m in res.melds:
            wild = [x for x in m if x == 52 or x >> 2 == 0]
            ranks = {x >> 2 for x in m if x not in wild}
            if len(m) < 7 and (ranks == {5} or (ranks == {12} and not wild)):  # any sevens, natural aces
                incomplete += 2500
        assert scores[side].breakdown["penalties"] == -(held + incomplete)


def test_the_score_keeper_reads_the_american_fields() -> None:
    """MAC-3 entered as the score keeper's JSON (docs/formats.md): black threes, each player's hand and a special
    hand are read, and score as SideResult does."""
    from canasta.formats.score_sheet import ScoreSheetError, read_side

    ns = read_side({"special_hand": "8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH".split(), "red_threes": ["3H"],
                    "player_hands": [[], ["AC", "AD", "AH", "9C"]]}, "deal 1, side NS")
    ew = read_side({"melds": [["6C", "6D", "6H", "6S", "6C", "JK", "2D"], ["TC", "TD", "TH"]], "red_threes": ["3D"],
                    "player_hands": [["KC", "KD", "9H"], ["4C", "4D", "5S", "JS"]]}, "deal 1, side EW")
    scores = score_deal(mac(), {"NS": ns, "EW": ew})
    assert (scores["NS"].total, scores["EW"].total) == (3000, 370)
    side = read_side({"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"]], "black_threes": ["3C", "3S"]}, "NS")
    assert side.black_threes == c("3C 3S")
    with pytest.raises(ScoreSheetError, match="player_hands must be a list|'player_hands' must be a list"):
        read_side({"player_hands": "AC AD"}, "deal 1, side NS")
    with pytest.raises(ScoreSheetError, match="special_hand"):
        read_side({"special_hand": ["ZZ"]}, "deal 1, side NS")


def test_the_web_score_keeper_reads_the_american_fields_as_typed() -> None:
    """The score keeper page sends cards as typed text ("3C 3S"); each player's hand is one such text."""
    from canasta.web.sheet import score_entry

    entry = {"NS": {"mode": "melds", "melds": "KC KD KH KS KC KD KH", "black_threes": "3C 3S",
                    "player_hands": ["AC AD AH", "7C"]},
             "EW": {"mode": "melds", "melds": "QC QD QH", "special_hand": ""}}
    scores = score_entry(mac(), ["NS", "EW"], entry)
    expected = score_deal(mac(), {"NS": SideResult(melds=[c("KC KD KH KS KC KD KH")], black_threes=c("3C 3S"),
                                                   player_hands=[c("AC AD AH"), c("7C")]),
                                  "EW": SideResult(melds=[c("QC QD QH")])})
    assert scores["NS"]["score"] == expected["NS"].total and scores["EW"]["score"] == expected["EW"].total
    assert scores["NS"]["breakdown"]["penalties"] < 0  # three aces held by one player (A.12)
