"""Seeded random positions per preset with hands small enough for the exhaustive oracles.

A deal is played from its shuffle by a seeded random player that prefers melding (so hands shrink), asks
now and then (answers at random), and otherwise picks a random legal move. Every play-phase position of the
turn's player holding at most ``max_cards`` cards (with the pile set aside, if any) is yielded, right after
the draw or the take and in the middle of the turn alike, as a clone the caller may change.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from canasta.engine.deal import P_PLAY, Deal
from canasta.moves.actions import ACTIONS, NO_ID, YES_ID
from canasta.moves.notation import ADD, ASK, DISCARD, MELD, TAKE
from canasta.rules.fields import Rules

PRESETS = (
    "classic", "classic(players=2)", "classic(players=3)", "classic(players=6)",
    "classic(players=3,cutthroat=true)", "samba", "bolivia", "brazilian", "chilean", "cuban", "italian",
    "hollywood", "mexican", "uruguay", "spanish", "romanian-tiles", "free-canasta", "pennies-from-heaven",
)
"""Presets where a player may go out (escalator ends with the stock: going_out_allowed is false)."""
OPENING_PRESETS = PRESETS + ("escalator",)
"""Presets for the initial-meld oracle (going out plays no part in it: escalator too)."""


def positions(preset: str, count: int, seed: int = 0, max_cards: int = 7, max_steps: int = 3000,
              keep: float = 0.5) -> Iterator[Deal]:
    """``count`` play-phase positions of ``preset`` (each yielded position is a clone)."""
    rules = Rules.parse(preset)
    rng = random.Random(f"{preset}/{seed}")
    made = 0
    deal_no = 0
    while made < count:
        deal_no += 1
        d = Deal(rules, dealer=rng.randrange(rules.players), seed=rng.randrange(1 << 30))
        steps = 0
        while not d.over and steps < max_steps and made < count:
            steps += 1
            acts = d.legal_actions()
            if not acts:
                break
            if d.phase == P_PLAY and d.actor == d.turn:
                size = d.hand_sizes[d.turn] + len(d.pending)
                near = d.canastas[d.side_of[d.turn]] >= 1  # going out within reach: kept more often
                if size <= max_cards and rng.random() < (keep if near else keep / 5):
                    made += 1
                    yield d.clone()
            a = _choose(d, acts, rng)
            d.apply_action(a)


def _choose(d: Deal, acts: list[int], rng: random.Random) -> int:
    if YES_ID in acts:
        return YES_ID if rng.random() < 0.7 else NO_ID
    kinds = [ACTIONS[a][0] for a in acts]
    takes = [a for a, k in zip(acts, kinds, strict=True) if k == TAKE]
    if takes and rng.random() < 0.6:
        return rng.choice(takes)
    asks = [a for a, k in zip(acts, kinds, strict=True) if k == ASK]
    if asks and rng.random() < 0.15:
        return asks[0]
    melds = [a for a, k in zip(acts, kinds, strict=True) if k in (MELD, ADD)]
    if melds and rng.random() < 0.85:
        return rng.choice(melds)
    discards = [a for a, k in zip(acts, kinds, strict=True) if k == DISCARD]
    if discards and rng.random() < 0.9:
        return rng.choice(discards)
    return rng.choice(acts)


SCORES = (0, 800, 1600, 2500, 3200, 5000, 7200, 9100)
"""Cumulative scores for :func:`first_turns` with ``scored``: every step of the minimum tables (§1.6, §3)."""


def first_turns(preset: str, count: int, seed: int = 0, scored: bool = False) -> Iterator[Deal]:
    """``count`` positions right after the first player's draw of a fresh deal (an unopened side with a full
    hand: for the initial-meld oracle); with ``scored``, each side starts the deal with a score drawn from
    :data:`SCORES`, so that the minimum (and its other requirements) varies. Where nobody melds in the first round
    (``no_opening_first_round``, the tile game §3.4), the first player's draw of the second round instead."""
    rules = Rules.parse(preset)
    rng = random.Random(f"first/{preset}/{seed}" + ("/scored" if scored else ""))
    sides = len(Deal(rules, seed=0).scores)
    for _ in range(count):
        scores = [rng.choice(SCORES) for _ in range(sides)] if scored else None
        d = Deal(rules, dealer=rng.randrange(rules.players), seed=rng.randrange(1 << 30), scores=scores)
        while not d.over and not (d.phase == P_PLAY and d.actor == d.turn
                                  and not (rules.no_opening_first_round and d.first_round())):
            d.apply_action(d.legal_actions()[0])
        if not d.over:
            yield d


def pending_turns(preset: str, count: int, seed: int = 0, max_steps: int = 3000) -> Iterator[Deal]:
    """Up to ``count`` positions right after a player of an unopened side took the pile (the pile set aside until
    the initial meld is made, §1.6-§1.7: the take's own meld already counted), one per deal at most, from deals
    played by the seeded random player of :func:`positions` (it takes the pile when it may, 6 times in 10).
    Presets whose unopened sides never take the pile that way yield nothing (at most ``50 * count`` deals)."""
    rules = Rules.parse(preset)
    rng = random.Random(f"pending/{preset}/{seed}")
    made = 0
    for _ in range(50 * count):
        if made >= count:
            return
        d = Deal(rules, dealer=rng.randrange(rules.players), seed=rng.randrange(1 << 30))
        for _ in range(max_steps):
            acts = d.legal_actions()
            if d.over or not acts:
                break
            if (d.phase == P_PLAY and d.actor == d.turn and d.pending and not d.answer
                    and not d.opened[d.side_of[d.turn]]):
                made += 1
                yield d.clone()
                break
            d.apply_action(_choose(d, acts, rng))


def mid_turns(preset: str, count: int, seed: int = 0) -> Iterator[Deal]:
    """Positions in the middle of an unopened side's first turn: :func:`first_turns` (with scores drawn for odd
    ``seed``), then one to three random melds or additions the engine offers, none of which reaches the minimum
    yet. Of ``count`` first turns, those whose first meld already opens (or that offer none) are left out."""
    from canasta.moves.notation import ADD, MELD

    rng = random.Random(f"mid/{preset}/{seed}")
    for d in first_turns(preset, count, seed=seed, scored=bool(seed % 2)):
        side = d.side_of[d.turn]
        if d.opened[side]:
            continue
        for _ in range(rng.randint(1, 3)):
            melds = [a for a in d.legal_actions() if ACTIONS[a][0] in (MELD, ADD)]
            if not melds:
                break
            c = d.clone()
            c.apply_action(rng.choice(melds))
            if (c.over or c.phase != P_PLAY or c.turn != d.turn or c.opened[side] or c._opening_met(side)
                    or c.pending or c.answer):
                break
            d = c
        if d.open_total:
            yield d
