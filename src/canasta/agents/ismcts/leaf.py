"""The value of a rollout cut short: a static estimate of the deal margin from the position where it stops.

A rollout played to the end of the deal costs most of a search's time. With a ``horizon`` the search
(:mod:`canasta.agents.ismcts.search`) plays only that many turns after the searched option and scores the
position there with :func:`leaf_margin`: a linear function, per side, of what the deal would score if it
ended now (RULES.md §1.11: melded cards, canasta bonuses, red threes, cards left in the hands) and of how
close the side is to going out, each term also weighted by how much of the stock is left. The weights
(:data:`LEAF_WEIGHTS`) were fitted by least squares to the final margins of deals played by ``hard`` at
every seat (``benchmarks/leaf_fit.py``), one set per preset, ``classic``'s for a rule set without its own.

The estimate knows every hand (it reads a sampled world), so it needs no guess at hidden cards.
"""

from __future__ import annotations

from canasta.engine.deal import Deal

FEATURES = ("score", "canastas", "hand_cards", "held", "ready")
"""Per side: the score if the deal ended now (points), its canasta bonuses (points), the points of the
cards left in its hands (<= 0), the cards held (count), 1 when it has the canastas to go out (§1.9).
Each feature enters twice: as it is, and times the share of the deck still in the stock."""

LEAF_WEIGHTS: dict[str, tuple[float, ...]] = {
    # PYTHONPATH=src python benchmarks/leaf_fit.py classic --deals 1000, the others with --deals 300
    "classic": (1.093, -0.1651, -1.587, 82.46, 143.3, -1.652, 3.103, 0.6113, -115.3, -540.2),
    "samba": (1.88, -0.9603, -2.335, 75.5, -710, -3.788, 4.188, 1.903, -109.5, 947.9),
    "hollywood": (1.822, -0.9552, 0.01321, 55.94, -1264, -3.183, 3.638, -6.874, -27.43, 1144),
    "romanian-tiles": (1.014, -0.1203, -2.574, -16.92, 353.8, 1.987, -0.7684, 0.3938, -7.586, -3713),
    "modern-american": (0.9548, 0.01113, 8.307, 133.8, 173, -1.611, 3.504, -20.65, -337.9, -2775),
}
"""Preset name -> weights of the features (:data:`FEATURES`, then the same times the stock share)."""


def side_features(deal: Deal) -> list[list[float]]:
    """The features (:data:`FEATURES`, then each times the stock share) of every side of ``deal``.

    The deal is scored as if it ended now with nobody going out and left as it was.
    """
    was_over, was_out = deal.over, deal.out_seat
    deal.over, deal.out_seat = True, -1
    try:
        scores = deal.score()
    finally:
        deal.over, deal.out_seat = was_over, was_out
    rules = deal.rules
    held = [0] * deal.teams
    for seat in range(deal.n):
        held[deal.side_of[seat]] += sum(deal.hands[seat])
    share = len(deal.stock) / max(1, 54 * rules.packs)
    need = max(1, rules.canastas_to_go_out)
    out = []
    for side, scored in enumerate(scores):
        items = scored.breakdown
        count = sum(value for key, value in items.items()
                    if key.endswith("_canastas") and key != "mixed_sequence_canastas")
        base = [float(scored.total), float(items.get("canastas", 0)), float(items.get("hand_cards", 0)),
                float(held[side]), 1.0 if count >= need else 0.0]
        out.append(base + [value * share for value in base])
    return out


def weights_for(deal: Deal) -> tuple[float, ...]:
    """The leaf weights of ``deal``'s rule set (its preset's, else ``classic``'s)."""
    return LEAF_WEIGHTS.get(deal.rules.name, LEAF_WEIGHTS["classic"])


def leaf_margin(deal: Deal, seat: int) -> float:
    """Estimated final margin of ``seat``'s side (own side's value minus the best other side's, points) from the
    position of ``deal``, which is not over (a deal that is over is scored by :func:`canasta.agents.expert.margin`).
    """
    weights = weights_for(deal)
    values = [sum(w * f for w, f in zip(weights, features, strict=True)) for features in side_features(deal)]
    side = deal.side_of[seat]
    return values[side] - max(value for other, value in enumerate(values) if other != side)
