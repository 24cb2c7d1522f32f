"""The ``learned`` player (:class:`LearnedAgent`): the shipped network's choice among the legal moves."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np

from canasta.agents.learned.features import move_features, state_features
from canasta.agents.learned.model import WEIGHTS_PATH, PolicyValueNet
from canasta.agents.memory import CardMemory, PublicState
from canasta.agents.protocol import view_or_forced, without_layout
from canasta.engine.deal import PlayerView
from canasta.moves.notation import Move


@lru_cache(maxsize=4)
def load_net(path: str = str(WEIGHTS_PATH)) -> PolicyValueNet:
    """The network at ``path`` (default: the shipped weights), read once per process.

    Raises:
        ValueError: the file cannot be read or does not fit this version's features.
    """
    return PolicyValueNet.load(path)


class LearnedAgent:
    """A player that scores every legal move with a small policy network trained to play like ``hard``
    (docs/bots.md, "Learned player"), from its seat's view and its card memory (the same
    :class:`~canasta.agents.memory.CardMemory` as ``hard``, fed by ``observe``/``observe_public``).

    Args:
        seed: seeds the generator used when ``temperature > 0`` (at 0 the player is deterministic: the legal move
            with the highest logit, the lowest id on a tie).
        temperature: 0 plays the best move; above 0 samples the softmax of logits / temperature.
        net: the network (default: the shipped weights, :func:`load_net`).

    Raises:
        ValueError: a negative temperature, or shipped weights that cannot be read.
    """

    needs_view = True
    needs_view_when_forced = False

    def __init__(self, seed: int | None = None, temperature: float = 0.0, net: PolicyValueNet | None = None):
        if not isinstance(temperature, (int, float)) or temperature < 0 or math.isnan(temperature):
            raise ValueError(f"the learned player's temperature must be a number >= 0, not {temperature!r}")
        self.name = "learned"
        self.temperature = float(temperature)
        self.net = net if net is not None else load_net()
        self.memory = CardMemory()
        self._rng = random.Random(seed)

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        """Record a public event (the Agent ``observe`` hook): see :class:`~canasta.agents.memory.CardMemory`."""
        self.memory.observe(view, seat, move)

    def observe_public(self, facts: PublicState, own_view: Callable[[], PlayerView], seat: int,
                       move: Move | None) -> None:
        """Record a public event from the public facts after it (the hook the game loops prefer)."""
        self.memory.observe_public(facts, own_view, seat, move)

    def logits(self, view: PlayerView, legal: Sequence[int]) -> list[float]:
        """The network's logit of each id of ``legal`` (the memory must be in step with ``view``)."""
        state, reading = state_features(view, self.memory)
        return [float(x) for x in self.net.logits(state, move_features(reading, legal))]

    def value(self, view: PlayerView) -> float:
        """The network's estimate of the side's deal margin in points (own side minus the best other side)."""
        self.memory.sync(view)
        state, _reading = state_features(view, self.memory)
        return 1000.0 * self.net.value(state)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal``: the highest logit (temperature 0) or a sample of the softmax.

        Raises:
            ValueError: ``legal`` is empty, or ``view`` is None when there is a choice.
        """
        checked = view_or_forced(view, legal, "the learned player")
        if isinstance(checked, int):
            return checked
        legal = without_layout(legal)  # holding on to the three kept for the Straight (MAC A.3)
        self.memory.sync(checked)
        scores = self.logits(checked, legal)
        if self.temperature <= 0:
            best = max(range(len(legal)), key=lambda i: (scores[i], -legal[i]))
            return legal[best]
        z = np.asarray(scores, dtype=np.float64) / self.temperature
        p = np.exp(z - z.max())
        p /= p.sum()
        u = self._rng.random()
        acc = 0.0
        for i, pi in enumerate(p):
            acc += float(pi)
            if u < acc:
                return legal[i]
        return legal[-1]
