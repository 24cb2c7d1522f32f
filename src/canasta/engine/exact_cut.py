"""The cut of Hand and Foot's exact-cut bonus (RULES_AMERICAN.md B.3, ``exact_cut_bonus``; docs/variants/
hand-and-foot.md, "Decisions"): at the table each player takes from the shuffled deck what he judges to be the
cards of his hand and foot (22 for 11 and 11) and counts them; a player who took exactly that many earns the
bonus for his side [OP, TW, CH; simpler-lifestyle.com, ourpastimes.com].

The engine deals, so it plays the cut: each player's grab misses by a whole number of cards from
-:data:`CUT_SPREAD` to +:data:`CUT_SPREAD`, each equally likely (1 chance in 7 to be exact), drawn from a
generator seeded by the deal's shuffled deck. The same deal (from its seed, its record or its deck) has the same
cut, and the deal's own generator (its later reshuffles) is untouched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

CUT_SPREAD = 3
"""The largest miss, in cards, of a player's grab for his hand and foot."""


def exact_cutters(deck: Sequence[int], players: int) -> tuple[int, ...]:
    """The seats (0..``players``-1, in seat order) whose grab was exactly their hand and foot, for a deal dealt
    from ``deck`` (card types, the shuffled order, :attr:`DealState.deck`); empty for an empty deck (a position
    built by hand, with no deal)."""
    if not deck:
        return ()
    rng = random.Random(bytes(deck))  # card types are 0..52: one byte each
    misses = [rng.randint(-CUT_SPREAD, CUT_SPREAD) for _ in range(players)]
    return tuple(seat for seat, miss in enumerate(misses) if miss == 0)
