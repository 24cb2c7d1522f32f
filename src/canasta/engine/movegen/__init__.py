"""Move generation, one module per kind of move: melds of a rank and of wild cards
(:mod:`.rank_melds`, :mod:`.twos`), sequences (:mod:`.sequences`, :mod:`.wild_sequences`).
May import the engine's state and constraints and the layers below the engine."""
