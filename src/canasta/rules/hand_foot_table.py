"""The table of Hand and Foot (RULES_AMERICAN.md B.1; docs/variants/hand-and-foot.md): who plays with whom
(option ``teams``: 2x2, 2x3, 3x2 or individual) and how many decks (option ``decks``: players + 1, one per
player, or a number), read into the generic fields ``players``, ``teams``, ``packs`` and ``jokers``.

A side is the seats ``s`` with the same ``s % teams`` (:meth:`~canasta.rules.rule_fields.RuleFields.side_of`), so
``teams=2`` with 6 players seats two sides of three alternately (A B A B A B) and ``teams=3`` three sides of two
(A B C A B C); ``individual`` is one side per player.
"""

from __future__ import annotations

from collections.abc import Mapping

from canasta.rules.errors import RulesError
from canasta.rules.tables import MAX_PACKS
from canasta.util.jsontypes import quoted

TEAM_FORMS: dict[str, tuple[int, int]] = {"2x2": (4, 2), "2x3": (6, 2), "3x2": (6, 3)}
"""The partnership forms of B.1 as (players, sides): 2x2 two sides of two, 2x3 two sides of three, 3x2 three
sides of two [NW, JC, FAM]."""

MAX_HF_PLAYERS = 8
"""The most players of a Hand and Foot table: the individual game of B.1 seats 2 to 8 (7 and 8 only each for
himself; the partnership forms are :data:`TEAM_FORMS`)."""

JOKERS_PER_DECK = 2
"""Standard 54-card packs: 2 jokers each (B.1)."""


def _number(name: str, text: str) -> int:
    """The whole number (at most 2 digits) of option ``name`` written ``text``.

    Raises:
        RulesError: ``text`` is not one.
    """
    t = text.strip()
    if not (t.isascii() and t.isdigit() and len(t) <= 2):
        raise RulesError(f"option {name} takes a number, not {quoted(text)}")
    return int(t)


def _team_form(text: str) -> str:
    """``text`` lower-cased with '×' written 'x' and spaces removed."""
    return text.strip().lower().replace("×", "x").replace(" ", "")


def hand_foot_players(opts: Mapping[str, str]) -> tuple[int, int]:
    """(players, sides) from the options ``players`` and ``teams`` of a Hand and Foot variant string.

    ``teams`` is 2x2 (the default), 2x3, 3x2, individual or a number of sides; ``players`` alone picks 2x2 for
    4, 2x3 for 6 and the individual game for 2, 3, 5, 7 or 8.

    Raises:
        RulesError: the table is none of those, or has more than :data:`MAX_HF_PLAYERS` players.
    """
    given = _number("players", opts["players"]) if "players" in opts else 0
    form = _team_form(opts.get("teams", ""))
    if form in TEAM_FORMS:
        players, teams = TEAM_FORMS[form]
        if given and given != players:
            raise RulesError(f"teams={form} is {players} players in {teams} sides: players={players}, not {given}")
    elif form == "individual":
        players = given or 4
        teams = players
    elif form and not (form.isascii() and form.isdigit()):
        raise RulesError(f"option teams takes 2x2, 2x3, 3x2, individual or a number of sides, "
                         f"not {quoted(opts['teams'])}")
    else:
        players = given or 4
        teams = _number("teams", form) if form else (2 if players in (4, 6) else players)
    if players > MAX_HF_PLAYERS or players < 2:
        raise RulesError(f"hand-and-foot is played by 2 to {MAX_HF_PLAYERS} players, not {players}")
    if (players, teams) not in TEAM_FORMS.values() and teams != players:
        raise RulesError(f"hand-and-foot is played in sides of teams=2x2, 2x3 or 3x2, or each for himself "
                         f"(teams=individual, 2 to {MAX_HF_PLAYERS} players), not {players} players in {teams} sides")
    return players, teams


def deck_count(name: str, text: str, players: int) -> int:
    """The number of 54-card decks of option ``decks`` (B.1): ``players+1`` (default [PW, NW, JC]), ``players``
    (one per player [drwingnut, GS, CH]) or a number (6 for 4 players [TV]), for ``players`` at the table.

    Raises:
        RulesError: ``text`` is none of these, or the number is not 1 to :data:`MAX_PACKS`.
    """
    t = text.strip().lower().replace(" ", "")
    if t == "players+1":
        n = players + 1
    elif t == "players":
        n = players
    else:
        if not (t.isascii() and t.isdigit() and len(t) <= 2):
            raise RulesError(f"option {name} takes players+1, players or a number of decks such as 6, "
                             f"not {quoted(text)}")
        n = int(t)
    if not 1 <= n <= MAX_PACKS:
        raise RulesError(f"option {name}: 1 to {MAX_PACKS} decks, not {n}")
    return n


def decks_text(packs: int, jokers: int, players: int) -> str:
    """The value of option ``decks`` that ``packs`` and ``jokers`` play for ``players`` (``canasta rules
    --options``): players+1, players, a number, or '' where the jokers are not 2 a deck."""
    if jokers != JOKERS_PER_DECK * packs:
        return ""
    return {players + 1: "players+1", players: "players"}.get(packs, str(packs))
