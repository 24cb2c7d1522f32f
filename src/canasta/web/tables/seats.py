"""Seats of a web table and the facts the lobby and the table page show of a variant.

:class:`Seat` is a person (with a secret seat token and a one-time invite) or a bot of a level of
:data:`BOT_SPECS`; :func:`new_seats` checks the lobby's choices. :class:`TableError` is every refusal
at a table, with a ``code`` the page translates.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from canasta.engine.constraints.initial_meld import opening_need
from canasta.engine.view_facts import opening_parts
from canasta.rules.fields import Rules, RulesError, preset_names

BOT_SPECS = {
    "beginner": "beginner",
    "casual": "casual",
    "club": "club",
    "expert": "expert(ms=100)",
    "learned": "learned",
    "random": "random",
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "heuristic": "heuristic",
}
"""Bot levels accepted for a seat, with the spec each one plays (:func:`canasta.agents.make_agent`).
``expert`` searches at most 100 ms per decision, so that a table's bots keep the server responsive;
``heuristic`` is ``medium`` under its first name (tables stored with it keep working); ``easy``, ``medium`` and
``hard`` stay accepted (the same bots as ``beginner``, ``casual`` and ``club`` under their first names)."""
BOT_LEVELS = tuple(BOT_SPECS)
"""Every bot level accepted for a seat."""
OFFERED_BOTS = ("beginner", "casual", "club", "expert", "learned", "random")
"""The levels the lobby offers, weakest of the named levels first: the levels named for the player
(:data:`canasta.agents.levels.PLAYER_LEVELS`), the learned player and random play."""
HINT_BOT = "hard"
"""The bot whose choice is shown as a hint (it follows the deal from the person's seat, with card memory)."""
STATUSES = ("waiting", "playing", "finished")
"""A table waits for its host to start it, is played, then is finished (a side has won)."""


@functools.cache
def preset_choices() -> tuple[dict[str, Any], ...]:
    """For the lobby, each preset of :func:`canasta.rules.fields.preset_names`: ``name``, its default
    ``players`` and ``target``, the player counts it accepts (``counts``, 2 to 6, Hand and Foot's individual game
    to 8; 5 = three against two with one sitting out, §3.1), the sides a 6-player table may form (``teams6``: 2, 3,
    and 6 where each plays alone, Hand and Foot's ``teams=individual``), whether 3 players may play cutthroat
    (``cutthroat``), and the sides each count plays by default (``sides``, by count as text: Hand and Foot's 5, 7 and
    8 players are as many sides, RULES_AMERICAN.md B.1)."""
    out = []
    for name in preset_names():
        def ok(options: str, name: str = name) -> Rules | None:
            try:
                return Rules.parse(f"{name}({options})")
            except (RulesError, ValueError):
                return None
        counts = [n for n in range(2, 9) if ok(f"players={n}")]
        sides = {str(n): r.teams for n in counts if (r := ok(f"players={n}")) is not None}
        teams6 = [t for t in (2, 3, 6) if ok(f"players=6,teams={t}")]  # 6: each alone (Hand and Foot, B.1)
        cut = ok("players=3,cutthroat=true")
        base = Rules.parse(name)
        out.append({"name": name, "players": base.players, "target": base.target, "counts": counts,
                    "teams6": teams6, "cutthroat": cut is not None, "sides": sides})
    return tuple(out)


def rules_facts(rules: Rules) -> dict[str, Any]:
    """What the table page needs of the variant: seats and sides, and what the variant adds
    to the table (tile names §3.4, extra cards Mexican/Pennies, blocking rank, melds of twos
    Italian, cutthroat §3.1, players sitting out §3.1; a game of so many deals and the minimum by round, Hand and
    Foot B.8, B.13; the talons, turn card and dead ranks of MAC A.2, A.6; the foot B.9)."""
    return {"spec": rules.spec(), "players": rules.players, "teams": rules.teams,
            "team_size": rules.team_size, "target": rules.target,
            "tile_names": rules.tile_names, "extra_cards": rules.extra_cards,
            "extra_cards_from": rules.extra_cards_from, "extra_cards_when": rules.extra_cards_when,
            "pile_blocking_rank": rules.pile_blocking_rank, "twos_melds": rules.twos_melds,
            "cutthroat": rules.cutthroat, "sitting_out": rules.sitting_out,
            "no_opening_first_round": rules.no_opening_first_round,
            "canastas_to_go_out": rules.canastas_to_go_out, "sequences": rules.sequences,
            "red3_to_go_out": rules.red3_to_go_out, "rounds": rules.rounds,
            "round_minimums": list(rules.round_minimums), "talon_sizes": list(rules.talon_sizes),
            "turn_card_from_bottom": rules.turn_card_from_bottom, "has_foot": rules.has_foot,
            "dead_ranks": rules.dead_ranks}


def opening_dict(rules: Rules, score: int, minimum: int) -> dict[str, Any]:
    """What a side at ``score`` (points) with minimum count ``minimum`` needs for its initial meld
    (:func:`canasta.engine.view_facts.opening_parts`), with the English words of
    :func:`canasta.engine.constraints.initial_meld.opening_need` as ``text`` (the page translates the parts)."""
    need = opening_parts(rules, score, minimum)
    return {"requirement": need.requirement, "minimum": need.minimum, "no_wild": need.no_wild,
            "or_canasta": need.or_canasta, "or_wild_meld": need.or_wild_meld,
            "with_canasta": need.with_canasta, "text": opening_need(rules, score, minimum)}


class TableError(ValueError):
    """An action refused at a table. ``code`` names the reason for translation; the text says it in English.
    ``reason``: for a move the engine refuses (code ``illegal``), the engine's reason as
    ``{"code": ..., "params": {...}}`` (:class:`canasta.engine.refusals.Refusal`, docs/web.md), else None."""

    def __init__(self, code: str, message: str, reason: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.reason = reason



@dataclass
class Seat:
    """One seat: a person or a bot of some level.

    A person's seat has a secret ``token`` (kept in that person's browser only) and, until someone
    claims it, a one-time ``invite`` code (the invite link); claiming the invite gives the token and
    spends the invite (:mod:`.invites`). ``joined``: someone has opened the seat at least once.
    """

    name: str
    kind: str
    bot: str | None
    token: str | None
    joined: bool = False
    invite: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The stored form (with the token and the invite code)."""
        return {"name": self.name, "kind": self.kind, "bot": self.bot, "token": self.token,
                "joined": self.joined, "invite": self.invite}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Seat:
        """Read the stored form."""
        return Seat(str(d["name"]), str(d["kind"]), d.get("bot"), d.get("token"), bool(d.get("joined")),
                    d.get("invite"))


def new_seats(rules: Rules, seats: Sequence[dict[str, Any]]) -> list[Seat]:
    """Check the lobby's seat choices and give each person a token.

    Args:
        rules: the variant (its ``players`` is the number of seats).
        seats: one ``{"kind": "human"|"bot", "bot": level, "name": str}`` per seat (name optional).

    Raises:
        TableError: wrong number of seats, unknown kind or bot level, no person at all, a bad name.
    """
    if len(seats) != rules.players:
        raise TableError("bad_seats", f"{rules.spec()} has {rules.players} seats, {len(seats)} were given")
    out: list[Seat] = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise TableError("bad_seats", f"seat {i + 1} must be an object")
        kind = s.get("kind")
        name = s.get("name") or ""
        if not isinstance(name, str) or len(name) > 30 or not (name == "" or name.isprintable()):
            raise TableError("bad_seats", f"seat {i + 1}: a name has at most 30 printable characters")
        name = " ".join(name.split())
        if kind == "human":
            out.append(Seat(name or f"Player {i + 1}", "human", None, secrets.token_urlsafe(18),
                            invite=secrets.token_urlsafe(12)))
        elif kind == "bot":
            level = s.get("bot")
            if level not in BOT_LEVELS:
                raise TableError("bad_seats", f"seat {i + 1}: bot level must be one of {', '.join(BOT_LEVELS)}")
            out.append(Seat(name or f"Bot {i + 1} ({level})", "bot", str(level), None))
        else:
            raise TableError("bad_seats", f"seat {i + 1}: kind must be 'human' or 'bot'")
    if not any(s.kind == "human" for s in out):
        raise TableError("bad_seats", "at least one seat must be a person")
    return out


