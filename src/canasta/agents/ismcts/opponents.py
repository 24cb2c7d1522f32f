"""Who the other sides play like: ``hard`` or the heuristic (``medium``), inferred from the discards they make.

The search (:mod:`canasta.agents.ismcts.search`) plays the other sides' seats in its rollouts with ``hard`` or,
in a share :attr:`~canasta.agents.ismcts.search.Settings.mix` of its worlds, with the heuristic. The expert is
not told who it plays; :class:`OpponentModel` sets that share from what it sees at the table.

At each discard of a seat of another side (RULES.md §1.4; a public move), the model samples :data:`WORLDS`
deals consistent with the expert's view just before it (:func:`canasta.agents.determinize.sample_deal`, its card
memory as it was), keeps those where that seat holds the card discarded, and asks both models what they would
play there. Over the ``n`` kept worlds, ``h`` picks of ``hard`` and ``m`` of the heuristic match the discard;
the log-likelihood ratio ``log((m + ½) / (n + 1)) − log((h + ½) / (n + 1))`` is added to the evidence, and the
share is the prior's odds times ``exp(evidence)`` as a probability, clipped to [:data:`LOW`, :data:`HIGH`].
Each inference draws its worlds from a generator seeded by the seed and the move, so the same game gives the same
shares (deterministic for a fixed seed and iteration budget).
"""

from __future__ import annotations

import math
import random

from canasta.agents.determinize import DeterminizeError, sample_deal
from canasta.agents.hard import HardAgent
from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.memory import CardMemory
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import DISCARD, Move

WORLDS = 8
"""Deals sampled per observed discard."""
SMOOTH = 0.5
"""Matches added to each model's count (a model that never matches is not ruled out by a few worlds)."""
LOW, HIGH = 0.05, 0.95
"""Bounds of the inferred share: neither model is ever dropped entirely."""


class OpponentModel:
    """The evidence, from the other sides' discards, that they play like the heuristic rather than ``hard``.

    Args:
        seed: seeds each inference's worlds (with the move).
        prior: the share before any evidence (0 to 1).
    """

    def __init__(self, seed: int | None, prior: float):
        self.seed = seed
        self.prior = prior
        self.evidence = 0.0
        """Summed log-likelihood ratio, heuristic over ``hard`` (natural log)."""
        self.inferred = 0
        """Discards that gave evidence."""
        self.view: PlayerView | None = None
        """The expert's view after the last move (the position before the next one)."""
        self._hard = HardAgent(None)
        self._light = HeuristicAgent(None)

    def share(self) -> float:
        """The share of the search's worlds whose other sides play the heuristic (0 to 1)."""
        if self.prior <= 0 or self.prior >= 1:
            return self.prior
        odds = math.log(self.prior / (1 - self.prior)) + self.evidence
        odds = max(-30.0, min(30.0, odds))
        return min(HIGH, max(LOW, 1 / (1 + math.exp(-odds))))

    def before(self, memory: CardMemory, seat: int, move: Move | None) -> None:
        """Weigh ``seat``'s ``move`` (not yet seen by ``memory``) if it is a discard by another side's seat."""
        view = self.view
        if (view is None or move is None or move.kind != DISCARD or not move.cards or view.phase != "play"
                or view.to_act != seat or view.side_of(seat) == view.side_of(view.seat)):
            return
        card = move.cards[0]
        rng = random.Random(f"{self.seed}:{view.turn_number}:{seat}:{card}:{view.stock_size}")
        kept = hard_hits = light_hits = 0
        for _ in range(WORLDS):
            try:
                deal = sample_deal(view, memory, rng)
            except DeterminizeError:
                return
            if deal.actor != seat or not deal.hands[seat][card]:
                continue
            legal = deal.legal_actions()
            wanted = [a for a in legal if DECODED_ACTIONS[a].kind == DISCARD and DECODED_ACTIONS[a].card == card]
            if not wanted or len(legal) < 2:
                continue
            seen = deal.view(seat)
            copy = memory.copy()
            copy.exact = True
            self._hard.memory = copy
            kept += 1
            hard_hits += self._hard.select(seen, legal) == wanted[0]
            light_hits += self._light.select(seen, legal) == wanted[0]
        if kept:
            self.inferred += 1
            self.evidence += (math.log((light_hits + SMOOTH) / (kept + 2 * SMOOTH))
                              - math.log((hard_hits + SMOOTH) / (kept + 2 * SMOOTH)))
