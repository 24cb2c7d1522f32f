"""Information-set Monte Carlo tree search (ISMCTS) for Canasta: the ``expert`` player.

Modules, each with one job:

* :mod:`~canasta.agents.ismcts.tree`: nodes over the searching seat's information sets, UCB with
  availability counts, and the final pick against ``hard``'s choice;
* :mod:`~canasta.agents.ismcts.sampler`: hidden cards consistent with the seat's view and card memory;
* :mod:`~canasta.agents.ismcts.stages`: a turn as grouped options (draw or take; meld plan; discard;
  answer) played out in one sampled world;
* :mod:`~canasta.agents.ismcts.search`: the iteration loop and its budgets;
* :mod:`~canasta.agents.ismcts.agent`: :class:`IsmctsAgent`, the player.

May import the other agents modules (``hard``, ``expert``, ``determinize``, ``memory``), the engine and the layers
below; never ``formats``, ``play`` or a front end.
"""

from canasta.agents.ismcts.agent import IsmctsAgent

__all__ = ["IsmctsAgent"]
