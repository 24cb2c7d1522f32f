"""The constraints that decide whether a move may be offered: the initial meld's minimum count
(:mod:`.initial_meld`, exact plan :mod:`.initial_meld_search`), going out (:mod:`.going_out_search`, its exact
"no" bounds :mod:`.out_bounds`),
and the fast bounds and meld plans they are tested against (:mod:`.bounds`, :mod:`.meld_plans`,
:mod:`.canasta_in_opening`). May import the engine's state and the layers below the engine."""
