"""Playing many deals: a match between agents (:mod:`.match`), simulations that write records
(:mod:`.simulate`), the speed benchmark (:mod:`.bench`) and the arena (:mod:`.arena`) with its
unit of work, one shuffle of one pair (:mod:`.arena_tasks`), and its Ray backend (:mod:`.arena_ray`).
May import the agents, the engine and the layers below."""
