"""Slow, obviously correct reference answers (oracles) for the engine's fast plans.

* :mod:`oracles.going_out`: can the player to act end this turn by going out (RULES.md §1.9), by an
  exhaustive search over the engine's own legal moves, and can his side still reach its initial-meld
  minimum this turn (§1.6).
* :mod:`oracles.positions`: seeded random positions per preset with hands small enough to search.
"""
