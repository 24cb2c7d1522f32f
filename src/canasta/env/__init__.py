"""Environment API for game-AI research: PettingZoo AEC and Gymnasium adapters.

* :mod:`canasta.env.canasta_v0` -- ``canasta_v0.env(variant="classic", players=2, ...)``, a
  PettingZoo AEC environment (``canasta_v0.raw_env`` without wrappers);
* :mod:`canasta.env.gym_wrapper` -- ``CanastaGymEnv``, one learning seat against bots (registered
  with Gymnasium as ``canasta/Canasta-v0`` on import);
* :mod:`canasta.env.vector` -- ``CanastaVectorEnv``, N of those stepped in one call (Gymnasium's vector API);
* :mod:`canasta.env.observation` -- the observation layout, the public memory and the reference builder;
* :mod:`canasta.env.tracker` -- observations and masks kept up to date move by move.

Needs the optional dependencies: ``pip install 'canasta[env]'`` (numpy, gymnasium, pettingzoo).
See docs/env.md for the observation layout and the move-id table. May import the agents, the engine and
the layers below; never the command line or the web server.
"""

from canasta.env import canasta_v0
from canasta.env.config import EnvConfig, EnvConfigError, make_config
from canasta.env.gym_wrapper import CanastaGymEnv  # also registers canasta/Canasta-v0 with Gymnasium
from canasta.env.vector import CanastaVectorEnv

__all__ = ["CanastaGymEnv", "CanastaVectorEnv", "EnvConfig", "EnvConfigError", "canasta_v0", "make_config"]
