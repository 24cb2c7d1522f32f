"""Kinds of canasta a side has and the kinds a rule asks for (``going_out_canastas``, Pennies from Heaven
§3.5; ``red3_needs_canasta_of``): whether distinct canastas cover them, and what is missing in words.

A side's canastas are given as (kind, rank index) pairs: kind ``natural``, ``mixed``, ``wild`` (rank -1) or
``sequence`` (rank -1).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards.deck import RANKS


def kinds_met(required: Sequence[str], canastas: Sequence[tuple[str, int]]) -> bool:
    """Whether distinct canastas cover every required kind (``going_out_canastas``).

    Args:
        required: kinds: ``natural``, ``mixed``, ``wild`` or a rank letter such as ``7``.
        canastas: the side's canastas as (kind, rank index) with kind natural / mixed / wild
            (rank -1 for a wild canasta).

    Returns:
        True if each required kind can be given its own canasta (a small matching).
    """
    reqs = list(required)
    if not reqs:
        return True
    if len(canastas) < len(reqs):
        return False

    def fits(req: str, c: tuple[str, int]) -> bool:
        return c[0] == req if req in ("natural", "mixed", "wild") else c[1] == RANKS.index(req)

    def match(i: int, used: int) -> bool:
        if i == len(reqs):
            return True
        return any(not used >> k & 1 and fits(reqs[i], c) and match(i + 1, used | 1 << k)
                   for k, c in enumerate(canastas))

    return match(0, 0)


def missing_kinds(required: Sequence[str], canastas: Sequence[tuple[str, int]]) -> list[str]:
    """The required kinds (``going_out_canastas``) a side still lacks, in words, for messages."""
    words = {"natural": "a natural canasta", "mixed": "a mixed canasta", "wild": "a canasta of wild cards"}
    out = []
    for k in required:
        if not kinds_met([k], canastas):
            out.append(words.get(k, f"a canasta of {k}s"))
    if not out and not kinds_met(required, canastas):
        out.append("one distinct canasta for each of " + ", ".join(words.get(k, k) for k in required))
    return out
