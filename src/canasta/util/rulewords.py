"""Rule references in words for players: ``(§1.7)`` becomes ``(rule: taking the discard pile)``.

The engine's refusals, the notation's errors and the advisers' reasons cite the sections of
RULES.md (``§1.7``, ``§3.2 Cuban``) so that developers find the rule behind each message. A player
has no RULES.md: every message a player sees goes through :func:`in_words`, which names the rule
instead (the section titles of docs/rules/classic.md and the variants' names). The meaning of the
message is untouched; only the references change.

Where it is applied: :class:`canasta.engine.deal.IllegalMove` and :class:`canasta.moves.notation.MoveError`
rewrite their own messages, and the adviser's hints and warnings
(:meth:`canasta.agents.expert.ExpertAgent.hint`, ``warning``) are rewritten before they are returned.
"""

from __future__ import annotations

import re

SECTION_WORDS = {
    "1": "the rules of play",
    "1.1": "the cards",
    "1.2": "the deal",
    "1.3": "red threes",
    "1.4": "a turn",
    "1.5": "melds",
    "1.6": "the initial meld",
    "1.7": "taking the discard pile",
    "1.8": "black threes",
    "1.9": "going out",
    "1.10": "the stock running out",
    "1.11": "scoring a deal",
    "1.12": "the end of the game",
    "2": "the options",
    "3": "the variants",
    "3.1": "the number of players",
    "3.2": "this variant",
    "3.3": "this variant",
    "3.4": "the tile game",
    "3.5": "this variant",
}
"""The rule each section of RULES.md is about, as a player reads it."""

_TOKEN = r"(?:RULES\.md )?§(\d+(?:\.\d+)?)(?: [a-b]\b)?(?: row \d+)?(?: ([A-Z][a-z]+))?"
_TOKEN_RE = re.compile(_TOKEN)
_GROUP_RE = re.compile(r"\((" + _TOKEN + r"(?:, " + _TOKEN + r")*)\)")


def _words(m: re.Match[str]) -> str:
    section, variant = m.group(1), m.group(2)
    if variant:
        return f"{variant} Canasta"
    return SECTION_WORDS.get(section, SECTION_WORDS.get(section.split(".")[0], "the rules"))


def _group(m: re.Match[str]) -> str:
    names: list[str] = []
    for t in _TOKEN_RE.finditer(m.group(1)):
        w = _words(t)
        if w not in names:
            names.append(w)
    return f"({'rule' if len(names) == 1 else 'rules'}: {'; '.join(names)})"


def in_words(text: str) -> str:
    """``text`` with every RULES.md section reference replaced by the rule's name in words.

    ``(§1.7)`` -> ``(rule: taking the discard pile)``; ``(§1.4, §1.9)`` -> ``(rules: a turn; going
    out)``; ``(§3.2 Cuban)`` -> ``(rule: Cuban Canasta)``; a reference inside other words
    (``(option x, §1.6)``) -> ``(option x, rule: the initial meld)``.
    """
    if "§" not in text:
        return text
    text = _GROUP_RE.sub(_group, text)
    text = re.sub(r"\b([A-Z][a-z]+) §3\.\d+\b", r"rule: \1 Canasta", text)
    return _TOKEN_RE.sub(lambda m: "rule: " + _words(m), text)
