"""The one error of the scoring layer: a deal that cannot be scored (a meld the rules forbid, an
impossible table...)."""


class ScoringError(ValueError):
    """A deal cannot be scored: a meld the rules forbid, an impossible table, ...

    The message names the side, the meld and the rule.
    """
