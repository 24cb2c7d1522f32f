"""The end of a deal: what each side had (the scoring input) and its score (RULES.md §1.11).
"""

from __future__ import annotations

from canasta.cards.deck import IS_RED_THREE, N_TYPES, THREE
from canasta.engine.exact_cut import exact_cutters
from canasta.engine.special_hands import declared_cards
from canasta.engine.state import DealState
from canasta.scoring.deal_score import score_deal
from canasta.scoring.sides import CONCEALED_KINDS, SideResult, SideScore


def side_results(state: DealState) -> list[SideResult]:
    """What each side had at the end (or now): the scoring input, one per side (cutthroat: per
    player, by the side he started on, the lone hand marked; the partners' melds are all on
    the partnership's side)."""
    res = [SideResult() for _ in range(state.teams)]
    for side in range(state.teams):
        res[side].melds = [list(m.cards) for m in state.melds[side]]
    b3_all = 4
    for seat in range(state.n):
        s = res[state.home[seat]]
        if state.rules.threes_by_colour:  # every three laid out, scored by colour (MAC A.3, A.12)
            s.red_threes.extend(c for c in state.red3[seat] if IS_RED_THREE[c])
            s.black_threes.extend(c for c in state.red3[seat] if not IS_RED_THREE[c])
        else:
            s.red_threes.extend(state.red3[seat])
        s.black_threes_removed.extend(state.black3_removed[seat])
        h = state.hands[seat]
        held = [c for c in range(N_TYPES) for _ in range(h[c])]
        if state.rules.unplayed_packet_counts:  # a foot never taken counts as cards in hand (RULES_AMERICAN B.12)
            keep_red = bool(state.rules.red3_hand_penalty)  # else its red threes would be laid out when taken
            held.extend(c for c in state.packets[seat] if keep_red or not IS_RED_THREE[c])
        s.hand.extend(held)
        s.player_hands.append(held)  # per player (MAC A.12)
        if state.rank_counts[seat][THREE] >= b3_all and sum(h[c] for c in (4, 7)) >= b3_all:
            s.four_black_threes_held = True
    for side in range(state.teams):
        res[side].ask_failed = state.ask_failed[side]
    if state.rules.exact_cut_bonus:  # Hand and Foot B.3: a player who took exactly his hand and foot
        for seat in exact_cutters(state.deck, state.n):
            res[state.home[seat]].exact_cuts += 1
    if state.lone >= 0:  # cutthroat: one result per player, the partners' combine in scoring (§3.1)
        res[state.home[state.lone]].lone_hand = True
    if state.special_seat >= 0:  # a special hand laid down: the side scores its value alone (MAC A.11)
        res[state.home[state.special_seat]].special_hand = declared_cards(state)
    if state.out_seat >= 0:
        s = res[state.home[state.out_seat]]
        s.went_out = True
        s.concealed = state.concealed
        if state.concealed:
            s.concealed_kind = concealed_kind(state)
    return res


def concealed_kind(state: DealState) -> str:
    """Kind of the concealed going out that ended the deal, one of :data:`CONCEALED_KINDS`
    ('' if the deal did not end so): in the player's first turn or later, alone or adding to
    melds already on the table (his partner's), as S1's scale distinguishes (RULES.md §3.3 b)."""
    if not state.concealed:
        return ""
    first = state.turn_no <= state.n
    return CONCEALED_KINDS[(0 if first else 2) + (1 if state.touched_old else 0)]


def score(state: DealState) -> list[SideScore]:
    """Score of each side for this deal (RULES.md §1.11), via the shared scoring function.

    Raises:
        RuntimeError: the deal is not over.
    """
    if not state.over:
        raise RuntimeError("the deal is not over")
    res = side_results(state)
    scored = score_deal(state.rules, {str(i): r for i, r in enumerate(res)})
    return [scored[str(i)] for i in range(state.teams)]
