"""Suggestions for a misspelt word ("did you mean ...?"): a move's verb, a command, an option, a variant."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_matches(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The choices closest to ``word`` (case-insensitive, :func:`difflib.get_close_matches`, cutoff 0.6),
    best first."""
    return difflib.get_close_matches(word.lower(), [c.lower() for c in choices], n=n, cutoff=0.6)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'meld'?)`` for the closest choices to ``word``, or '' when none is close."""
    found = close_matches(word, choices)
    if not found:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in found) + "?)"
