"""The :class:`Refusal` type: why something is not allowed, as a stable reason code, its parameters and the
English text. The reason codes and the conventions of their parameters are described in
:mod:`canasta.engine.refusals` (the engine's refusals) and docs/web.md (the list of every code).

It lives here, at the bottom of the layers, so that the card geometry (:mod:`canasta.cards.sequences`) can give
its reasons with their codes, and the engine, the moves and the scoring share the one answer.

>>> refusal("sequence_gap", "the cards of a sequence must follow each other without a gap (§3.2)").code
'sequence_gap'
"""

from __future__ import annotations

from dataclasses import dataclass, field

Params = dict[str, "str | int"]


@dataclass(frozen=True)
class Refusal:
    """Why a move is refused: ``code`` (stable, snake_case), ``params`` (see :mod:`canasta.engine.refusals` for
    their conventions) and ``text``, the English sentence with its RULES.md section (what
    :func:`canasta.engine.explain.explain` returns)."""

    code: str
    text: str
    params: Params = field(default_factory=dict)

    def __str__(self) -> str:
        """The English text (what a player reads in the terminal)."""
        return self.text


def refusal(code: str, text: str, **params: str | int) -> Refusal:
    """A :class:`Refusal` of ``code`` with ``text`` and the keyword ``params``."""
    return Refusal(code, text, dict(params))
