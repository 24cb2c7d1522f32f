"""Bot levels ``easy``, ``medium`` and ``hard``: heuristic players of increasing skill.

All three are built on :class:`~canasta.agents.heuristic.HeuristicAgent` and decide
from the seat's :class:`~canasta.engine.deal.PlayerView` and the legal move ids only.

* ``medium`` **is** the heuristic player (``heuristic`` stays registered as well,
  same player, same default weights :data:`~canasta.agents.heuristic.DEFAULT_WEIGHTS`).
* ``easy`` plays the heuristic with :data:`EASY_WEIGHTS` (it forgets to watch what it
  feeds the next player, spends wild cards freely and ignores the penalty for aces or sevens
  held at the end, MAC A.12) and, with probability
  ``EASY_NOISE`` per decision that has a choice, a random legal move.
* ``hard`` (:class:`HardAgent`) adds to the heuristic:

  - **card memory** (:class:`~canasta.agents.memory.CardMemory`): the discard pile's
    contents, the cards each opponent picked up with the pile, every discard, every meld;
  - **the pile war**: the chance that the next player can take a discard is computed
    from the unseen cards (hypergeometric, RULES.md §1.7: a natural pair, or a natural
    and a wild card, or the top card on a meld of his side when the pile is not frozen),
    lowered for ranks he has discarded himself; a discard costs that chance times the
    pile's worth to him. A wild card freezes a pile worth guarding, a black three stops
    it for one turn (§1.8). The pile is taken on its known contents. Where each player has a foot
    (``Rules.has_foot``, Hand and Foot) a discard costs what it costs the heuristic instead, threes first, with
    pairs kept (``foot_keep_pair``) and no reserve after the foot (``foot_reserve``); where special hands are
    played (``Rules.special_hands``, MAC A.11) pairs are kept (``special_keep_pair``) and the war's price is
    lower (``special_feed``), as the groups make those hands;
  - **the initial meld** (§1.6): it spends wild cards on it only up to a limit that
    shrinks while there is a pile to win and grows with the rounds played and once
    the opponents could go out;
  - **going out and partner cooperation** (§1.9): it estimates what each side would
    score if the deal ended now, asks "may I go out?" (or answers the partner's
    question with yes) when that locks in a lead, and otherwise plays on, unless an
    opponent is about to go out.

Every number of ``hard`` is a field of :class:`HardWeights` (documented there and in
docs/bots.md); ``HardAgent(seed, weights=...)`` plays other weights, for tuning by
simulation with :mod:`canasta.play.arena`.

The levels named for the player (:data:`PLAYER_LEVELS`), weakest first, are these bots under the names a
person chooses from (``canasta play --bots club``, the browser lobby): ``beginner`` (``easy``), ``casual``
(``medium``), ``club`` (``hard``) and ``expert`` (the information-set search, :mod:`canasta.agents.ismcts`).
Their Elo ratings from the arena are in docs/bots.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from canasta.agents.hard import HardAgent, chance_words
from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.heuristic_weights import DEFAULT_WEIGHTS, HeuristicWeights
from canasta.agents.level_weights import (
    BASE_PREFIX,
    DEFAULT_HARD,
    EASY_NOISE,
    EASY_WEIGHTS,
    HARD_BASE,
    HARD_OPTIONS,
    MEDIUM_OPTIONS,
    HardWeights,
    hard_weights,
    replace_weights,
)
from canasta.agents.unseen import Unseen, p_at_least
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import NO, YES


@mypyc_attr(native_class=False)  # compiled (setup.py) over the Python class HeuristicAgent: a Python class too
class EasyAgent(HeuristicAgent):
    """The ``easy`` level: the heuristic with :data:`EASY_WEIGHTS`, and a random move with probability
    ``noise`` in decisions that offer a choice (from its own seeded generator).

    Args:
        seed: seeds the noise. noise: probability of a random move (0..1).

    Raises:
        ValueError: ``noise`` outside 0..1.
    """

    def __init__(self, seed: int | None = None, noise: float = EASY_NOISE):
        super().__init__(seed, EASY_WEIGHTS)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise}")
        self.name = "easy"
        self.noise = noise
        self.rng = random.Random(seed)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal``: the heuristic's choice, or a random one with probability ``noise``.

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        if len(legal) > 1 and self.rng.random() < self.noise:
            kinds = {DECODED_ACTIONS[action].kind for action in legal}
            if not ({YES, NO} & kinds):
                return legal[int(self.rng.random() * len(legal))]
        return super().select(view, legal)


@mypyc_attr(native_class=False)  # compiled (setup.py) over the Python class HeuristicAgent: a Python class too
class MediumAgent(HeuristicAgent):
    """The ``medium`` level: exactly the heuristic player, with its default weights unless others are given
    (``medium(reserve=4)``)."""

    def __init__(self, seed: int | None = None, weights: HeuristicWeights = DEFAULT_WEIGHTS):
        super().__init__(seed, weights)
        self.name = "medium"


LEVELS = ("easy", "medium", "hard")
"""The heuristic levels, weakest first."""

PLAYER_LEVELS: dict[str, str] = {"beginner": "easy", "casual": "medium", "club": "hard", "expert": "expert"}
"""The levels named for the player, weakest first -> the bot spec each one plays (``expert`` is the search
player itself, 200 ms per searched decision). ``beginner``, ``casual`` and ``club`` each beat the one below
by a clear margin; ``expert``'s lead over ``club`` is above zero in the arena, over few deals (docs/bots.md)."""

__all__ = [
    "BASE_PREFIX", "DEFAULT_HARD", "EASY_NOISE", "EASY_WEIGHTS", "HARD_BASE", "HARD_OPTIONS", "LEVELS",
    "MEDIUM_OPTIONS", "PLAYER_LEVELS", "EasyAgent", "HardAgent", "HardWeights", "MediumAgent", "Unseen", "chance_words",
    "hard_weights", "p_at_least", "replace_weights",
]
