"""The ``random`` player: a uniform choice among the legal moves."""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta.engine.deal import PlayerView


class RandomAgent:
    """Uniform choice among the legal moves, from its own seeded generator.

    Args:
        seed: seeds the generator (None: unseeded).
    """

    needs_view = False

    def __init__(self, seed: int | None = None):
        self.name = "random"
        self.rng = random.Random(seed)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal`` uniformly (``view`` is not read)."""
        return legal[int(self.rng.random() * len(legal))]
