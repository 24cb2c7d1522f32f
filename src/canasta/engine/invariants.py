"""The deal's invariants: every card in exactly one place, counts in step (a check for tests and debugging).
"""

from __future__ import annotations

from canasta.cards.deck import (
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    N_TYPES,
    card_str,
    deck_counts,
)
from canasta.cards.sequences import held_bits, span_cards
from canasta.engine.movegen.wild_sequences import meld_hole
from canasta.engine.state import DealState
from canasta.moves.notation import (
    SEQ_TARGET,
    WILD_TARGET,
)


def check_invariants(state: DealState) -> None:
    """Raise AssertionError unless every card is in exactly one place and counts agree, and a deal that is not
    over has a legal move for the player to act (a deal with none could never end: the web's CI met one,
    2026-11-27). The legal moves cached on the deal are left as they were."""
    expected = deck_counts(state.rules.packs, state.rules.jokers)
    got = state.card_census()
    if got != expected:
        diff = {card_str(c): got[c] - expected[c] for c in range(N_TYPES) if got[c] != expected[c]}
        raise AssertionError(f"conservation broken: {diff}")
    for s in range(state.n):
        h = state.hands[s]
        if sum(h) != state.hand_sizes[s]:
            raise AssertionError("hand size out of step")
        for r in range(14):
            have = sum(h[r * 4 : r * 4 + 4]) if r < 13 else h[JOKER]
            if have != state.rank_counts[s][r]:
                raise AssertionError("rank counts out of step")
        if (any(IS_RED_THREE[c] for c in range(N_TYPES) if h[c]) and not state.rules.red3_hand_penalty
                and not state.rules.threes_by_colour):  # MAC: checked below with every three
            raise AssertionError("a red three stayed in a hand")  # MAC: the last stock card may (A.10)
        if state.rules.threes_by_colour and not state.over and any(h[c] for c in range(4, 8)) and not (
                state.rules.straight_three and sum(h[4:8]) == 1
                and (not state.opened[state.side_of[s]] or s != state.turn)):
            raise AssertionError("a three stayed in a hand: every three is laid out (MAC A.3), but the one kept for "
                                 "the Straight, until the player's first turn after his side melded")
        if state.rules.sequences and state.natural_bits[s] != held_bits(h):
            raise AssertionError("naturals held (bits) out of step")
        if any(not IS_BLACK_THREE[c] for c in state.black3_removed[s]):
            raise AssertionError("a card other than a black three was removed from play")
    cap, wcap = state.rules.meld_cap, state.rules.wild_meld_cap
    for side in range(state.teams):
        if sum(1 for m in state.melds[side] if m.is_canasta) != state.canastas[side]:
            raise AssertionError("canasta count out of step")
        if sum(1 for m in state.melds[side] if m.is_canasta and m.target == SEQ_TARGET) != state.seq_canastas[side]:
            raise AssertionError("sequence canasta count out of step")
        for m in state.melds[side]:
            if m.size > (wcap if m.target == WILD_TARGET else cap):
                raise AssertionError(f"a meld of {m.size} cards is over the variant's limit")
            if m.target == SEQ_TARGET and (
                sorted(c for c in m.cards if not IS_WILD[c])
                != sorted(c for c in span_cards(m.span) if c >> 2 != meld_hole(m))
                or m.size != m.span[2] - m.span[1] + 1
                or m.wild > state.rules.sequence_wild_max
                or (m.wild and m.nat < state.rules.min_naturals)
                or m.size > max(state.rules.sequence_max, state.rules.sequence_out_max)
            ):
                raise AssertionError(f"sequence meld {m.cards} does not match its span {m.span}")
        for t, i in enumerate(state.meld_index[side]):
            if i >= 0 and state.melds[side][i].target != t:
                raise AssertionError("meld table out of step")
        if state.seqs[side] != [m for m in state.melds[side] if m.target == SEQ_TARGET]:
            raise AssertionError("list of sequences out of step")
    if not state.over:
        cached = state._legal
        legal = state.legal_actions()
        state._legal = cached
        if not legal:
            raise AssertionError(f"the deal is not over and seat {state.to_act} has no legal move")
