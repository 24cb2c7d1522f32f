"""Positions built by hand for the scripted going-out tests: a deal of a preset, in the play phase of its
first player, with the hand and the side's melds given (the rest of the table as dealt). Card counts are
not conserved (the cards come from nowhere); only the turn's decisions are looked at."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards.deck import IS_WILD, parse_cards
from canasta.engine.apply import meld_cards
from canasta.engine.deal import P_PLAY, Deal
from canasta.engine.state import give_card
from canasta.moves.notation import SEQ_TARGET
from canasta.rules.fields import Rules

MeldSpec = tuple[int, str]
"""A meld: its target (rank index 4..12, 0 for twos, 3 for black threes, 13 wild, 14 a sequence) and cards."""


def position(preset: str | Rules, hand: str, melds: Sequence[MeldSpec] = (), opened: bool = True,
             later_round: bool = True, seed: int = 0) -> Deal:
    """The first player of a deal of ``preset`` (a name, or the rules) holds ``hand`` (after his draw) and his side
    has ``melds`` (made by his partner in an earlier turn)."""
    d = Deal(preset if isinstance(preset, Rules) else Rules.parse(preset), seed=seed)
    if d.phase != P_PLAY:
        d.apply("draw")
    seat = d.turn
    side = d.side_of[seat]
    if later_round:
        d.turn_no = d.n + 1
    d.hands[seat] = [0] * len(d.hands[seat])
    d.rank_counts[seat] = [0] * 14
    d.hand_sizes[seat] = 0
    d.natural_bits[seat] = 0
    for c in parse_cards(hand):
        give_card(d, seat, c)
    d.melds[side] = []
    d.seqs[side] = []
    d.meld_index[side] = [-1] * 14
    d.canastas[side] = 0
    d.seq_canastas[side] = 0
    partner = d.partner_of[seat] if d.partner_of[seat] >= 0 else seat
    for target, cards in melds:
        cs = tuple(parse_cards(cards))
        wild_as: tuple[int, ...] = ()
        if target == SEQ_TARGET and any(IS_WILD[c] for c in cs):
            raise ValueError("sequences with a wild card are not built here")
        meld_cards(d, partner, side, target, cs, new=True, wild_as=wild_as)
    for m in d.melds[side]:
        m.turn = 0
    d.turn_new = []
    d.touched_old = False
    d.opened[side] = opened
    d.open_total = 0
    d.pending = []
    d.must_canasta = -1
    d.packets[seat] = []
    d.extra_done[side] = True
    d._legal = None
    return d
