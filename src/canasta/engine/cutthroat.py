"""Cutthroat Canasta (3 players): the alliance formed during a deal (RULES.md §3.1).

Three players each play for himself (each seat is its own side) until one of them
first takes the discard pile: he becomes the *lone hand* and the other two a
partnership for the rest of the deal [R, H; S0 l.178-180]. A player who goes out
before anyone took the pile is the lone hand [R, H]. If nobody took the pile and
nobody went out, everyone scores alone [R, H].

Forming the alliance (:func:`form_alliance`) is the only place where a seat changes
side: the two partners' melds combine into the side of the lower seat ("combining
their melds" [H]; "can combine their melds" [R]), where both have a meld of a rank
the two become one meld. The engine keeps reading ``Deal.side_of[seat]`` as before,
so its hot paths do not change; ``Deal.home`` keeps each seat's own side (for his
score, his minimum count and his red threes) and ``Deal.lone`` the lone hand.

Decisions (docs/variants/cutthroat.md): a combined meld keeps every card, even if it
then holds more wild cards than one meld may (it takes no further wild card while
it is over the limit); the temporary partners do not ask each other "may I go out?".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.moves.notation import SEQ_TARGET

if TYPE_CHECKING:
    from canasta.engine.state import DealState


def form_alliance(deal: DealState, lone: int) -> None:
    """Make ``lone`` the lone hand and join the two other seats of ``deal`` in one side.

    The partners' melds, canastas, "opened" state and failed asks combine on the
    side of the lower of the two seats; the other side is left empty. Nothing is
    moved between hands, so the cards are conserved.

    Args:
        deal: a cutthroat deal (``rules.cutthroat``) in which no alliance is formed yet.
        lone: seat of the lone hand (0..2).

    Raises:
        ValueError: an alliance exists already, or ``lone`` is not a seat.
    """
    if deal.lone >= 0:
        raise ValueError(f"the lone hand is already seat {deal.lone}")
    if not 0 <= lone < deal.n:
        raise ValueError(f"lone hand must be a seat 0..{deal.n - 1}, not {lone}")
    partners = [s for s in range(deal.n) if s != lone]
    keep = deal.home[partners[0]]
    for seat in partners[1:]:
        gone = deal.home[seat]
        _merge_melds(deal, keep, gone)
        deal.opened[keep] = deal.opened[keep] or deal.opened[gone]
        deal.opened[gone] = False
        deal.ask_failed[keep] += deal.ask_failed[gone]
        deal.ask_failed[gone] = 0
    deal.side_of = tuple(keep if s in partners else deal.home[s] for s in range(deal.n))
    deal.lone = lone
    deal._legal = None


def _merge_melds(deal: DealState, keep: int, gone: int) -> None:
    """Move side ``gone``'s melds onto side ``keep`` (one meld per rank: same ranks join)."""
    kept = deal.melds[keep]
    meld_index = deal.meld_index[keep]
    for m in deal.melds[gone]:
        if m.target == SEQ_TARGET:  # sequences stand apart, several per side (§3.2): no index by rank
            kept.append(m)
            continue
        mi = meld_index[m.target]
        if mi >= 0:
            k = kept[mi]
            k.cards.extend(m.cards)
            k.nat += m.nat
            k.wild += m.wild
        else:
            meld_index[m.target] = len(kept)
            kept.append(m)
    deal.melds[gone] = []
    deal.seqs[keep] = [m for m in kept if m.target == SEQ_TARGET]
    deal.seqs[gone] = []
    deal.meld_index[gone] = [-1] * 14
    deal.canastas[keep] = sum(1 for m in kept if m.is_canasta)
    deal.canastas[gone] = 0
