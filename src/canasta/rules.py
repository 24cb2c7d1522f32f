"""Rules: an immutable description of a variant, built from a preset and options.

A variant is named by a string ``name(option=value,...)`` such as ``classic``,
``classic(players=2)`` or ``classic(players=6,teams=3,stock_end=reshuffle)``.
:meth:`Rules.parse` reads such a string and :meth:`Rules.preset` builds the same
from Python keywords. Every field of :class:`Rules` is also an option (its name
in snake_case), so the engine and the scoring read behaviour from fields and
never from the variant's name.

Unknown presets, unknown options, badly typed values and impossible
combinations raise :class:`RulesError` with a message that names the culprit and
lists what is allowed.

Rules: RULES.md §1 (classic), §2 (the options where sources disagree) and §3.1
(2, 3 and 6 players).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import JOKER, N_TYPES

BELOW_ZERO = -(10**9)
"""Threshold used in minimum-count tables for 'any negative score'."""

STANDARD_VALUES: tuple[int, ...] = tuple(
    50 if c == JOKER else (20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)[c >> 2]
    for c in range(N_TYPES)
)
"""Card values of RULES.md §1.1: joker 50, 2 and A 20, K..8 10, 7..4 5, black 3 5.

Red threes have a value here (5) only so that the table is total; they are never
scored as cards (they score through ``red3_values``).
"""

ALTERNATE_VALUES: tuple[int, ...] = tuple(
    50 if c == JOKER else (20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 20)[c >> 2]
    for c in range(N_TYPES)
)
"""S3's alternative scale (RULES.md §1.1): 4..9 = 5, 10..K = 10."""

MIN_MELD_TABLES: dict[str, tuple[tuple[int, int], ...]] = {
    "standard": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120)),
    "s4_7000": ((BELOW_ZERO, 15), (0, 50), (1500, 70), (3000, 90), (5000, 120)),
    "six_two_teams": ((BELOW_ZERO, 15), (0, 50), (1500, 90), (3000, 120), (7500, 150)),
}
"""Named minimum-count tables (RULES.md §1.6 and §2 row 13, §3.1)."""

RED3_TABLES: dict[str, tuple[int, ...]] = {
    "standard": (0, 100, 200, 300, 800),
    "six_red": (0, 100, 200, 300, 400, 1000, 1200),
}
"""Red-three bonus by number held (index = count), RULES.md §1.11 and §3.1."""

PILE_TAKE_MODES = ("natural_pair", "natural_wild", "add_to_meld")


class RulesError(ValueError):
    """A variant string, preset name, option or combination of options is not valid."""


@dataclass(frozen=True)
class Rules:
    """The rules of one variant: every switch the engine and the scoring read.

    Build with :meth:`preset` or :meth:`parse`, not directly, so that player-count
    defaults are applied and the combination is validated. All point amounts are
    in points; all counts are numbers of cards.
    """

    name: str = "classic"
    """Preset name."""
    players: int = 4
    """Number of players at the table (RULES.md §3.1)."""
    teams: int = 2
    """Number of sides; seat ``s`` plays for side ``s % teams`` (partners sit apart)."""
    packs: int = 2
    """French 52-card packs shuffled together (RULES.md §1.1, §3.1)."""
    jokers: int = 4
    """Jokers added to the packs."""
    hand_size: int = 11
    """Cards dealt to each player (RULES.md §1.2, §2 row 14)."""
    draw: int = 1
    """Cards drawn from the stock in a turn (2 in the 2-player game)."""
    canastas_to_go_out: int = 1
    """Canastas a side needs before one of its players may go out (§1.9, §3.1)."""
    target: int = 5000
    """Score that ends the game at the end of a deal (§1.12, §2 row 15)."""
    min_meld_table: tuple[tuple[int, int], ...] = MIN_MELD_TABLES["standard"]
    """Minimum count of the initial meld: (from cumulative score, minimum) ascending (§1.6)."""
    card_values: tuple[int, ...] = STANDARD_VALUES
    """Value in points of each of the 53 card types (§1.1)."""
    min_naturals: int = 2
    """Natural cards a meld of a rank needs at least (§1.5)."""
    wild_limit: int = 3
    """Wild cards a meld of a rank may hold at most (§1.5)."""
    no_wild_majority: bool = False
    """Wild cards may never outnumber naturals in a meld (§1.5 option, §2 row 4)."""
    pile_take_modes: frozenset[str] = frozenset(PILE_TAKE_MODES)
    """Ways to take an unfrozen pile (§1.7, §2 rows 1-2)."""
    own_canasta_rank_blocks_pile: bool = False
    """A pile topped by the rank of one of the side's canastas cannot be taken (§2 row 1, S4)."""
    one_card_pile_rule: bool = True
    """A player holding one card may not take a pile of one card (§1.7, §2 row 11)."""
    black3_freezes: bool = False
    """A discarded black three freezes the pile (Bicycle; §1.8, §2 row 9)."""
    upcard_black3_turns: bool = True
    """A black three turned as upcard is covered by another card (§1.2, §2 row 8)."""
    stock_end: str = "forced_take"
    """When the stock runs out: forced_take (P, B, S1), reshuffle (S0) or end (S2, S3, S4) (§1.10)."""
    last_red3_may_meld: bool = False
    """A red three as last stock card: the drawer may still meld, not discard (B, S1) (§2 row 6)."""
    red3_values: tuple[int, ...] = RED3_TABLES["standard"]
    """Red-three bonus of a side by the number it laid out (§1.11, §3.1)."""
    red3_negative_if: str = "no_meld"
    """When red threes count against a side: no_meld, no_canasta or lost_hand (§2 row 7)."""
    natural_canasta_bonus: int = 500
    """Bonus of a natural canasta (§1.5)."""
    mixed_canasta_bonus: int = 300
    """Bonus of a mixed canasta (§1.5)."""
    going_out_bonus: int = 100
    """Bonus for going out (§1.11)."""
    concealed_bonus: int = 100
    """Extra bonus for going out concealed, on top of going_out_bonus (§1.9, §2 row 3)."""
    concealed_allows_pile_take: bool = True
    """Going out concealed is possible in a turn that took the pile (§1.9)."""
    concealed_waives_minimum_with_pile: bool = False
    """Going out concealed waives the minimum count even after taking the pile (§1.6, §2 row 12)."""
    black3_hand_penalty: int = 5
    """Points lost for each black three left in a hand (§1.8, §2 row 20)."""
    wild_melds: bool = False
    """Melds made only of wild cards are allowed (§2 row 18, option wild_canasta)."""
    wild_canasta_bonus: int = 2000
    """Bonus of a canasta of wild cards where wild_melds is on (S3: 2000)."""
    twos_canasta_bonus: int = 0
    """Bonus of a canasta of twos only, 0 = as any wild canasta (S3 special canastas: 3000)."""
    aces_canasta_bonus: tuple[int, int] = (0, 0)
    """(natural, mixed) bonus of a canasta of aces, 0 = as any canasta (S3: 1500, 700)."""
    pile_visible: bool = False
    """Players may look through the whole discard pile (S0; §2 row 17)."""
    direction: str = "clockwise"
    """Direction of deal and play (§1.2, §2 row 16); it changes only who sits left of whom."""
    tie: str = "another_deal"
    """If the leading sides tie at or above the target: another_deal or shared (§1.12)."""
    options: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The options given when the rules were built, as (name, text) pairs, for :meth:`spec`."""

    # ------------------------------------------------------------------ building

    @classmethod
    def preset(cls, name: str = "classic", **options: Any) -> Rules:
        """Build the rules of preset ``name`` with ``options`` overriding its fields.

        ``players`` and ``teams`` select the player-count defaults of RULES.md
        §3.1 before the other options apply. Values may be Python values or the
        text accepted in variant strings.

        Raises:
            RulesError: unknown preset or option, bad value, impossible combination.
        """
        key = name.strip().lower()
        if key not in PRESETS:
            raise RulesError(
                f"unknown variant '{name}'; known variants: {', '.join(sorted(PRESETS))}"
            )
        texts = {k: _to_text(v) for k, v in options.items()}
        return PRESETS[key](texts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read a variant string such as ``classic(players=6,teams=3)``.

        Raises:
            RulesError: the string is malformed, or :meth:`preset` refuses it.
        """
        m = re.fullmatch(r"\s*([A-Za-z][\w-]*)\s*(?:\((.*)\))?\s*", text)
        if not m:
            raise RulesError(
                f"cannot read variant '{text}': write a name, optionally followed by "
                "(option=value,...), e.g. classic(players=2)"
            )
        name, body = m.group(1), m.group(2)
        opts: dict[str, str] = {}
        if body and body.strip():
            for part in body.split(","):
                if "=" not in part:
                    raise RulesError(
                        f"option '{part.strip()}' in '{text}' has no value: write option=value"
                    )
                k, v = part.split("=", 1)
                k = k.strip().lower().replace("-", "_")
                if k in opts:
                    raise RulesError(f"option '{k}' is given twice in '{text}'")
                opts[k] = v.strip()
        if name.lower() == "canasta":  # OpenSpiel-style game string: canasta(variant=...)
            variant = opts.pop("variant", "classic")
            return cls.preset(variant, **opts)
        return cls.preset(name, **opts)

    def spec(self) -> str:
        """The variant string that rebuilds these rules, e.g. ``classic(players=2)``."""
        if not self.options:
            return self.name
        return f"{self.name}({','.join(f'{k}={v}' for k, v in self.options)})"

    def __str__(self) -> str:
        return self.spec()

    # ------------------------------------------------------------- derived facts

    @property
    def deck_size(self) -> int:
        """Number of cards in the deck."""
        return 52 * self.packs + self.jokers

    @property
    def team_size(self) -> int:
        """Players per side."""
        return self.players // self.teams

    def side_of(self, seat: int) -> int:
        """Side (0-based) that ``seat`` plays for."""
        return seat % self.teams

    def min_meld(self, score: int) -> int:
        """Minimum count of the initial meld for a side whose cumulative score is ``score`` (§1.6)."""
        need = self.min_meld_table[0][1]
        for threshold, minimum in self.min_meld_table:
            if score >= threshold:
                need = minimum
        return need

    def red3_bonus(self, count: int) -> int:
        """Bonus in points for ``count`` red threes laid out by one side (before any sign)."""
        table = self.red3_values
        if count < len(table):
            return table[count]
        return table[-1] + (count - len(table) + 1) * (table[1] - table[0])

    def describe(self) -> str:
        """The rules in force, as text for a person (used by ``canasta rules``)."""
        return describe(self)


# ---------------------------------------------------------------------- options

_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.name not in ("name", "options")}

_ENUMS: dict[str, tuple[str, ...]] = {
    "stock_end": ("forced_take", "reshuffle", "end"),
    "red3_negative_if": ("no_meld", "no_canasta", "lost_hand"),
    "direction": ("clockwise", "counterclockwise"),
    "tie": ("another_deal", "shared"),
}

# Options that are not fields but set several fields at once.
_ALIASES = ("wild_canasta", "special_canastas")


def _to_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (set, frozenset)):
        return "|".join(sorted(value))
    return str(value)


def _bool(name: str, text: str) -> bool:
    t = text.strip().lower()
    if t in ("true", "yes", "on", "1"):
        return True
    if t in ("false", "no", "off", "0"):
        return False
    raise RulesError(f"option {name} takes true or false, not '{text}'")


def _int(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError(f"option {name} takes a whole number, not '{text}'") from None


def _table(name: str, text: str) -> tuple[tuple[int, int], ...]:
    t = text.strip().lower()
    if t in MIN_MELD_TABLES:
        return MIN_MELD_TABLES[t]
    # custom: "15/0:50/1500:90/3000:120" - the first entry is the minimum below zero
    parts = t.split("/")
    try:
        rows: list[tuple[int, int]] = [(BELOW_ZERO, int(parts[0]))]
        for p in parts[1:]:
            a, b = p.split(":")
            rows.append((int(a), int(b)))
    except ValueError:
        raise RulesError(
            f"option {name} takes a table name ({', '.join(MIN_MELD_TABLES)}) or "
            f"'NEG/SCORE:MIN/...' such as 15/0:50/1500:90/3000:120, not '{text}'"
        ) from None
    if [r[0] for r in rows] != sorted(r[0] for r in rows):
        raise RulesError(f"option {name}: thresholds must ascend in '{text}'")
    return tuple(rows)


def _convert(name: str, text: str) -> Any:
    """Convert an option's text to the type of field ``name``."""
    if name in _ENUMS:
        t = text.strip().lower()
        if t not in _ENUMS[name]:
            raise RulesError(f"option {name} takes one of {', '.join(_ENUMS[name])}, not '{text}'")
        return t
    if name == "min_meld_table":
        return _table(name, text)
    if name == "card_values":
        t = text.strip().lower()
        if t == "standard":
            return STANDARD_VALUES
        if t == "alternate":
            return ALTERNATE_VALUES
        raise RulesError(f"option card_values takes standard or alternate, not '{text}'")
    if name == "red3_values":
        t = text.strip().lower()
        if t in RED3_TABLES:
            return RED3_TABLES[t]
        try:
            vals = tuple(int(x) for x in t.split("/"))
        except ValueError:
            raise RulesError(
                f"option red3_values takes {', '.join(RED3_TABLES)} or totals by count "
                f"such as 0/100/200/300/800, not '{text}'"
            ) from None
        return vals
    if name == "pile_take_modes":
        modes = frozenset(m.strip().lower() for m in text.split("|") if m.strip())
        bad = modes - set(PILE_TAKE_MODES)
        if bad or not modes:
            raise RulesError(
                f"option pile_take_modes takes modes joined by '|' from "
                f"{', '.join(PILE_TAKE_MODES)}, not '{text}'"
            )
        return modes
    if name == "aces_canasta_bonus":
        try:
            a, b = text.split("/")
            return (int(a), int(b))
        except ValueError:
            raise RulesError(f"option {name} takes NATURAL/MIXED such as 1500/700, not '{text}'") from None
    default = _FIELDS[name].default
    if isinstance(default, bool):
        return _bool(name, text)
    if isinstance(default, int):
        return _int(name, text)
    return text


def option_names() -> list[str]:
    """Every option a variant string accepts, sorted."""
    return sorted(list(_FIELDS) + list(_ALIASES))


def _apply(base: Rules, name: str, opts: Mapping[str, str]) -> Rules:
    """Apply option texts to ``base`` (players/teams already handled), validate, return."""
    changes: dict[str, Any] = {}
    for k, v in opts.items():
        if k in ("players", "teams"):
            continue
        if k == "wild_canasta":
            changes["wild_melds"] = _bool(k, v)
            continue
        if k == "special_canastas":
            if _bool(k, v):
                changes["wild_melds"] = True
                changes["twos_canasta_bonus"] = 3000
                changes["aces_canasta_bonus"] = (1500, 700)
            continue
        if k not in _FIELDS:
            raise RulesError(
                f"unknown option '{k}' for variant {name}; options are: {', '.join(option_names())}"
            )
        changes[k] = _convert(k, v)
    order = [(k, v) for k, v in opts.items()]
    rules = dataclasses.replace(base, **changes, options=tuple(order))
    validate(rules)
    return rules


def validate(r: Rules) -> None:
    """Refuse impossible combinations of fields.

    Raises:
        RulesError: names the fields that do not fit together.
    """
    if r.players < 2 or r.players > 6:
        raise RulesError(f"players must be 2 to 6, not {r.players}")
    if r.teams < 1 or r.players % r.teams:
        raise RulesError(f"{r.players} players cannot form {r.teams} equal sides")
    if r.teams < 2:
        raise RulesError("there must be at least 2 sides")
    if r.draw < 1 or r.draw > 3:
        raise RulesError(f"draw must be 1 to 3 cards, not {r.draw}")
    if r.hand_size < 3:
        raise RulesError(f"hand_size must be at least 3, not {r.hand_size}")
    if r.players * r.hand_size + 20 > r.deck_size:
        raise RulesError(
            f"{r.players} hands of {r.hand_size} cards leave too small a stock in a "
            f"{r.deck_size}-card deck ({r.packs} packs, {r.jokers} jokers)"
        )
    if r.packs < 1 or r.jokers < 0:
        raise RulesError("packs must be at least 1 and jokers at least 0")
    if r.min_naturals < 1 or r.wild_limit < 0:
        raise RulesError("min_naturals must be at least 1 and wild_limit at least 0")
    if r.canastas_to_go_out < 0:
        raise RulesError("canastas_to_go_out cannot be negative")
    if r.target <= 0:
        raise RulesError(f"target must be positive, not {r.target}")
    if len(r.card_values) != N_TYPES:
        raise RulesError("card_values must give 53 values")
    if len(r.red3_values) < 2 or r.red3_values[0] != 0:
        raise RulesError("red3_values must start with 0 for no red three and give at least one more")


# ---------------------------------------------------------------------- presets

def _players_defaults(opts: Mapping[str, str]) -> dict[str, Any]:
    """Field defaults for the player count and teams of RULES.md §3.1."""
    players = _int("players", opts.get("players", "4"))
    teams_text = opts.get("teams")
    if players == 4:
        d: dict[str, Any] = {"players": 4, "teams": 2}
    elif players == 2:
        d = {"players": 2, "teams": 2, "hand_size": 15, "draw": 2, "canastas_to_go_out": 2}
    elif players == 3:
        d = {"players": 3, "teams": 3, "hand_size": 13, "target": 7500}
    elif players == 6:
        teams = _int("teams", teams_text) if teams_text else 2
        if teams not in (2, 3):
            raise RulesError("6 players play in 2 teams of 3 or 3 teams of 2: teams=2 or teams=3")
        d = {"players": 6, "teams": teams, "packs": 3, "jokers": 6, "hand_size": 13,
             "canastas_to_go_out": 2, "red3_values": RED3_TABLES["six_red"]}
        if teams == 2:
            d.update(target=10000, min_meld_table=MIN_MELD_TABLES["six_two_teams"])
        else:
            d.update(target=7500)
    else:
        raise RulesError(
            f"classic is played by 2, 3, 4 or 6 players, not {players}"
        )
    if teams_text is not None and players != 6:
        teams = _int("teams", teams_text)
        if teams != d["teams"]:
            raise RulesError(
                f"{players} players play as {d['teams']} sides; teams={teams} is only for 6 players"
            )
    return d


def _classic(opts: Mapping[str, str]) -> Rules:
    base = dataclasses.replace(Rules(), **_players_defaults(opts))
    return _apply(base, "classic", opts)


PRESETS = {"classic": _classic}
"""Preset builders by name; each takes the option texts and returns validated rules."""


def preset_names() -> list[str]:
    """Names of all presets."""
    return sorted(PRESETS)


# ----------------------------------------------------------------- description

def _yn(b: bool) -> str:
    return "yes" if b else "no"


def describe(r: Rules) -> str:
    """Text for a person listing the rules in force (``canasta rules``)."""
    from .cards import card_str

    lines: list[str] = []
    add = lines.append
    add(f"Variant: {r.spec()}")
    team = "each for himself" if r.team_size == 1 else f"{r.teams} sides of {r.team_size}"
    add(f"Players: {r.players}, {team}; play goes {r.direction}.")
    add(f"Deck: {r.deck_size} cards ({r.packs} packs and {r.jokers} jokers); wild cards: jokers and twos.")
    add(f"Deal: {r.hand_size} cards each; draw {r.draw} card{'s' if r.draw > 1 else ''} a turn, discard 1.")
    upc = "a wild card or any three" if r.upcard_black3_turns else "a wild card or a red three"
    add(f"Upcard: if it is {upc}, more cards are turned onto it; a wild card or red three there freezes the pile.")
    vals: dict[int, list[str]] = {}
    for c in [JOKER] + [rank * 4 for rank in (0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)]:
        vals.setdefault(r.card_values[c], []).append("JK" if c == JOKER else card_str(c)[0])
    add("Card values: " + ", ".join(f"{' '.join(k)} = {v}" for v, k in sorted(vals.items(), reverse=True))
        + f"; black three 5 in a meld, {r.black3_hand_penalty} lost when left in a hand.")
    wl = (f"at least {r.min_naturals} naturals and at most {r.wild_limit} wild cards")
    if r.no_wild_majority:
        wl += ", never more wild cards than naturals"
    add(f"Melds: 3 or more cards of one rank 4..A, {wl}; one meld per rank per side.")
    if r.wild_melds:
        add(f"Melds of wild cards only are allowed; a wild canasta scores {r.wild_canasta_bonus}"
            + (f", of twos only {r.twos_canasta_bonus}" if r.twos_canasta_bonus else "") + ".")
    add(f"Canastas: 7+ cards; natural {r.natural_canasta_bonus}, mixed {r.mixed_canasta_bonus}"
        + (f"; aces natural {r.aces_canasta_bonus[0]}, mixed {r.aces_canasta_bonus[1]}"
           if r.aces_canasta_bonus[0] else "") + ", plus the card values.")
    table = ", ".join(
        ("below 0" if t == BELOW_ZERO else f"from {t}") + f": {m}" for t, m in r.min_meld_table
    )
    add(f"Initial meld minimum (card values only, by the side's score): {table}.")
    modes = {"natural_pair": "a natural pair", "natural_wild": "a natural and a wild card",
             "add_to_meld": "adding the top card to a meld of the side"}
    add("Taking an unfrozen pile: " + "; ".join(modes[m] for m in PILE_TAKE_MODES if m in r.pile_take_modes)
        + ". A frozen pile (side not yet melded, or a wild card or red three in it): a natural pair only.")
    if r.own_canasta_rank_blocks_pile:
        add("A pile topped by the rank of one of the side's canastas cannot be taken.")
    add(f"A pile topped by a wild card or black three cannot be taken. One-card rule: {_yn(r.one_card_pile_rule)}.")
    add("A discarded black three " + ("freezes the pile." if r.black3_freezes else "stops only the next player."))
    add(f"Going out: needs {r.canastas_to_go_out} canasta{'s' if r.canastas_to_go_out != 1 else ''}; "
        f"bonus {r.going_out_bonus}, concealed +{r.concealed_bonus}; a player may ask his partner first "
        "and must obey the answer.")
    add(f"Red threes: {', '.join(f'{i}: {v}' for i, v in enumerate(r.red3_values) if i)}; "
        f"negative if the side has {r.red3_negative_if.replace('_', ' ')}.")
    se = {"forced_take": "players must take the pile when its top card fits their melds; the deal "
                         "ends when one does not take it",
          "reshuffle": "the discard pile is shuffled into a new stock",
          "end": "the deal ends after the turn of the player who drew the last card"}[r.stock_end]
    add(f"Stock exhausted: {se}. Last card a red three: "
        + ("he may meld but not discard." if r.last_red3_may_meld else "he may neither meld nor discard."))
    add(f"Game: to {r.target}; a tie on top " + ("plays another deal." if r.tie == "another_deal" else "is shared."))
    if r.pile_visible:
        add("Players may look through the discard pile.")
    return "\n".join(lines)
