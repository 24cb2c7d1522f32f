"""The errors the game raises at its users, in a leaf module every layer may import.

:class:`IllegalMove` is raised by the engine (:mod:`canasta.engine`) and by the card geometry of sequences
(:mod:`canasta.cards.sequences`) when a move breaks a rule; it is also importable as ``canasta.IllegalMove``,
``canasta.engine.IllegalMove`` and ``canasta.engine.deal.IllegalMove``. It imports only
:mod:`canasta.util.rulewords` (itself a leaf) to put section references in words.

Example:
    >>> from canasta.errors import IllegalMove
    >>> str(IllegalMove("you must draw first"))
    'you must draw first'
"""

from __future__ import annotations

from canasta.util.rulewords import in_words

__all__ = ["IllegalMove"]


class IllegalMove(ValueError):
    """A move that the rules forbid now. The message says which rule, in a player's words (section
    references such as ``(§1.7)`` are rewritten by :func:`canasta.util.rulewords.in_words`)."""

    def __init__(self, message: object = "") -> None:
        super().__init__(in_words(str(message)))
