"""Playing many deals: a match between agents (:mod:`.match`), simulations that write records
(:mod:`.simulate`), the speed benchmark (:mod:`.bench`) and the arena with its local and Ray backends
(:mod:`.arena`, :mod:`.arena_ray`). May import the agents, the engine and the layers below."""
