"""Positions of Modern American Canasta and Hand and Foot for the display tests (terminal and browser): what the
table shows of the turn card, the talons, dead ranks, canastas by kind, the feet and the round's minimum
(RULES_AMERICAN.md A.2, A.6, A.8, B.8, B.9)."""

from __future__ import annotations

from canasta.cards.deck import N_TYPES, RANKS, deck_counts, parse_cards
from canasta.engine.deal import Deal
from canasta.engine.position import MeldPart
from canasta.rules.fields import Rules
from helpers import mac_rules, make_deal, play

MAC_OPENER = "KC KD KH KS KC KD KH AC AD AH 9C 8D 6H"
"""Seat 0 (the first to play) opens with a natural canasta of kings and three aces: 70 + 60 >= 125 (A.7)."""


def mac_opened() -> Deal:
    """A MAC deal after its first turn: seat 0 opened from his hand with a canasta of kings (kings are dead, A.6)
    and three aces, discarded, and his talon of 4 cards waits face down (A.2); seat 1 to draw, 42 stock cards
    above the turn card; the other side would earn 3 cards by opening now."""
    d = make_deal(mac_rules(), [MAC_OPENER], upcard="", stock="6S 4C 4D 4H 4S 5C")
    play(d, "draw", "meld KC KD KH KS KC KD KH", "meld AC AD AH", "discard 6S")
    return d


HF = Rules.preset("hand-and-foot")


def _rank(r: str) -> int:
    return RANKS.index(r)


def hf_in_foot(contract: bool = False) -> Deal:
    """A Hand and Foot position: seat 0 has picked up his foot (8 cards in hand), the three others still have
    theirs (11 face down); side 0 holds a clean book of kings and a dirty book of queens (with ``contract`` also
    a clean book of jacks and a dirty book of tens: the contract of B.10 is met), side 1 a meld of fives. Seat 0
    to play."""
    hands = [parse_cards("4C 5C 6C 8C 9C TC JC 4D"), parse_cards("5H 6H 7H"), parse_cards("6S 7S 8S"),
             parse_cards("7D 8D 9D")]
    melds = [[MeldPart(_rank("K"), tuple(parse_cards("KH KS KD KC KH KS KD"))),
              MeldPart(_rank("Q"), tuple(parse_cards("QH QS QD QC QH 2C JK")))]
            + ([MeldPart(_rank("J"), tuple(parse_cards("JH JS JD JC JH JS JD"))),
                MeldPart(_rank("T"), tuple(parse_cards("TH TS TD TC TH TS 2D")))] if contract else []),
             [MeldPart(_rank("5"), tuple(parse_cards("5S 5D 5S")))]]
    left = deck_counts(HF.packs, HF.jokers)
    named = [c for h in hands for c in h] + [c for side in melds for m in side for c in m.cards] + parse_cards("9S")
    for c in named:
        left[c] -= 1
    rest = [c for c in range(N_TYPES) if not 1 <= c >> 2 <= 1 for _ in range(left[c])]  # no three in a foot
    threes = [c for c in range(N_TYPES) if c >> 2 == 1 for _ in range(left[c])]
    feet = [[], rest[:11], rest[11:22], rest[22:33]]
    stock = threes + rest[33:]
    return Deal.from_position(HF, hands=hands, stock=stock, pile=parse_cards("9S"), melds=melds, packets=feet,
                              phase="play", drew=2, opened=[True, True])
