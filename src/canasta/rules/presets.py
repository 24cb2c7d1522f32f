"""Presets: the fields of each named variant (classic, samba, the Romanian tiles...) and the builders
that apply the player-count defaults of RULES.md §3.1, the preset's fields and the options given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from canasta.rules.american import MODERN_AMERICAN_FIELDS
from canasta.rules.errors import RulesError
from canasta.rules.hand_foot_table import JOKERS_PER_DECK, hand_foot_players
from canasta.rules.options import apply_options, read_bool, read_int
from canasta.rules.rule_fields import RuleFields
from canasta.rules.tables import MIN_MELD_TABLES, RED3_TABLES, TILE_VALUES

R = TypeVar("R", bound=RuleFields)


class PresetBuilder(Protocol):
    """Builds the rules of one preset: from ``default`` (the rules' class with every field at its
    default) and the option texts by name, validated rules of the class of ``default``.

    Raises:
        RulesError: an option is unknown or badly written, or the combination is impossible.
    """

    def __call__(self, default: R, opts: Mapping[str, str]) -> R: ...

def _players_defaults(opts: Mapping[str, str], variant: str = "classic") -> dict[str, Any]:
    """Field defaults for the player count and teams of RULES.md §3.1 (``variant`` names the preset in messages)."""
    players = read_int("players", opts.get("players", "4"))
    teams_text = opts.get("teams")
    if players == 4:
        d: dict[str, Any] = {"players": 4, "teams": 2}
    elif players == 2:
        d = {"players": 2, "teams": 2, "hand_size": 15, "draw": 2, "canastas_to_go_out": 2}
    elif players == 3:
        d = {"players": 3, "teams": 3, "hand_size": 13, "target": 7500}
        if read_bool("cutthroat", opts.get("cutthroat", "false")):  # §3.1 cutthroat [R, H]
            d.update(cutthroat=True, draw=2, canastas_to_go_out=2, stock_end="end")
    elif players == 5:  # §3.1: 3 against 2, one of the three sits out each deal [S0 l.190, S4 l.49, H]
        d = {"players": 5, "teams": 2, "sitting_out": 1}
    elif players == 6:
        teams = read_int("teams", teams_text) if teams_text else 2
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
            f"{variant} is played by 2, 3, 4, 5 or 6 players, not {players}"
        )
    if teams_text is not None and players != 6:
        teams = read_int("teams", teams_text)
        if teams != d["teams"]:
            raise RulesError(
                f"{players} players play as {d['teams']} sides; teams={teams} is only for 6 players"
            )
    return d


def _family(name: str, fields: Mapping[str, Any], players: tuple[int, ...] = (), source: str = "") -> PresetBuilder:
    """A preset builder: classic with the player-count defaults of §3.1, then ``fields``, then the options.

    ``players``: the player counts the preset allows (empty: those of §3.1), ``source`` the seed line
    that says so (quoted when another count is refused)."""

    def build(default: R, opts: Mapping[str, str]) -> R:
        if players:
            n = read_int("players", opts.get("players", "4"))
            if n not in players:
                counts = ", ".join(map(str, players[:-1])) + f" or {players[-1]}"
                raise RulesError(f"{name} is played by {counts} players ({source}), not {n}")
        base = dataclasses.replace(default, name=name, **_players_defaults(opts, name))
        return apply_options(dataclasses.replace(base, **fields), name, opts)

    build.__doc__ = f"Build the {name} preset from option texts."
    return build


URUGUAY_FIELDS: dict[str, Any] = {
    "wild_melds": True, "wild_canasta_bonus": 2000, "wild_meld_max": 7, "pile_always_frozen": True,
}
"""Uruguay Canasta, RULES.md §3.3 a [R, S4 l.77]: 3-7 wild cards may form a meld, a wild canasta
scores 2000, the pile is always frozen (docs/variants/uruguay.md)."""

FREE_FIELDS: dict[str, Any] = {
    "wild_melds": True, "wild_canasta_bonus": 1000, "mixed_canasta_bonus_by_wilds": (400, 300, 200),
}
"""Free Canasta, RULES.md §3.5 [S4 l.53]: a canasta of free (wild) cards 1000; a mixed canasta
400/300/200 with 1/2/3 wild cards (docs/variants/free-canasta.md)."""

SPANISH_FIELDS: dict[str, Any] = {
    "red3_negative_if": "no_canasta", "stock_end": "forced_take", "last_red3_may_meld": True,
    "direction": "counterclockwise", "canasta_count_bonuses": ((5, 500), (7, 2000)),
    "black3_all_melded_bonus": 500, "black3_all_in_hand_penalty": 500,
    "concealed_scale": (1000, 500, 500, 200), "concealed_waives_minimum_with_pile": True,
    "concealed_allows_pile_take": True, "ask_requires_going_out": False, "ask_fail_penalty": 100,
}
"""The Spanish/Uruguayan ruleset of seed 001 (S1), RULES.md §3.3 b (docs/variants/spanish.md)."""

CUBAN_FIELDS: dict[str, Any] = {
    "hand_size": 13, "target": 7500, "min_meld_table": MIN_MELD_TABLES["cuban"],
    "pile_always_frozen": True, "canasta_max": 7, "wild_melds": True, "wild_canasta_bonus": 2000,
    "twos_canasta_bonus": 4000, "jokers4_canasta_bonus": 3000, "red3_values": RED3_TABLES["cuban"],
    "red3_negative_if": "no_canasta", "black3_no_discard_first_round": True,
    "black3_from_pile_removed": True, "black3_removed_values": (0, 5, 10, 15, 100),
    "canastas_to_go_out": 1, "going_out_bonus": 100, "concealed_bonus": 0,
}
"""Cuban Canasta, RULES.md §3.2 [R, S0 l.283-291 and 321-337, S4 l.73] (docs/variants/cuban.md)."""


TILES_FIELDS: dict[str, Any] = {
    "jokers": 2, "hand_size": 14, "draw": 1, "first_player_extra_card": True, "dowry": "number",
    "no_opening_first_round": True, "direction": "counterclockwise", "card_values": TILE_VALUES,
    "min_meld_table": MIN_MELD_TABLES["tiles"], "min_meld_no_wild_below": 1500,
    "min_meld_canasta_from": ((5000, "canasta"),), "opening_canasta_waives_minimum": True,
    "opening_wild_meld_waives_minimum": True, "pile_take_modes": frozenset({"natural_pair"}),
    "partner_take_needs_canasta_same_round": True, "joker_discard_blocks_round": True,
    "wild_melds": True, "wild_canasta_bonus": 2000, "aces_canasta_bonus": (1000, 500),
    "canasta_beyond_seven_flat": 50, "never_opened_penalty_factor": 2,
    "melds_negative_without_canasta": True, "black3_hand_penalty": 100, "black3_side_set_total": 1600,
    "black3_set_leaves_play": True, "black3_removed_values": (0, 0),
    "red3_negative_if": "never", "canastas_to_go_out": 2, "going_out_bonus": 100, "concealed_bonus": 0,
    "stock_end": "end", "target": 10000, "win_requires_going_out": True, "tile_names": True,
}
"""Romanian tile Canasta, RULES.md §3.4 [S2, S3] (docs/variants/romanian-tiles.md): 106 tiles
(2 packs and 2 jolys), 14 tiles and 15 to the first player, the surpriza, no opening in the first
round, opening thresholds 50 (no wild cards) / 90 / 120 / a canasta, pile taken with a pair only,
ace and joker canastas, the flat 50 beyond seven, the penalties, 10,000 and going out to win."""

MEXICAN_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 13, "draw": 1, "extra_cards": 13, "extra_cards_from": "stock",
    "extra_cards_when": "initial_meld", "pile_blocking_rank": "7", "rank_canasta_bonuses": (("7", 1000),),
    "canastas_to_go_out": 2, "red3_to_go_out": 2,
}
"""Mexican Canasta ("Mexicana"), RULES.md §3.2 [R, S0 l.401-413, S4 l.75] (docs/variants/mexican.md)."""

PENNIES_FIELDS: dict[str, Any] = {
    "packs": 4, "jokers": 8, "hand_size": 13, "draw": 2, "extra_cards": 11, "extra_cards_from": "packet",
    "extra_cards_when": "first_canasta", "discard_blocked_rank": "7", "canasta_max": 7,
    "red3_values": (0, 100, 200, 300, 400, 500, 600, 700, 1000), "red3_needs_canasta_of": "7",
    "wild_melds": True, "wild_canasta_bonus": 1000, "rank_canasta_bonuses": (("7", 1500),),
    "going_out_canastas": ("7", "wild", "natural", "mixed"), "canastas_to_go_out": 4, "target": 20000,
}
"""Pennies from Heaven, RULES.md §3.5 [S4 l.91] (docs/variants/pennies-from-heaven.md)."""


ITALIAN_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "wild_limit": 2, "pile_always_frozen": True,
    "canastas_to_go_out": 2, "going_out_bonus": 300, "concealed_bonus": 0,
    "red3_values": RED3_TABLES["italian"], "red3_negative_if": "few_canastas",
    "min_meld_table": MIN_MELD_TABLES["italian"], "min_meld_naturals_only": True, "dowry": "rank",
    "red3_before_upcard": True, "twos_melds": True, "twos_canasta_bonus": 3000, "twos_canasta_mixed_bonus": 2000,
    "twos_canasta_bonus_needs_going_out": True, "wild_canastas_count": False,
    "canasta_count_bonuses": ((5, 1000), (10, 2000)), "canasta_count_bonus_cumulative": True,
    "natural_canasta_count_bonuses": ((5, 1000),), "target": 12000,
    "sequences": True, "sequence_min": 3, "sequence_max": 7, "sequence_canasta_bonus": 1500,
    "several_melds_per_rank": True,
}
"""Italian Canasta (Samba-based: Samba's sequences and several canastas of a rank), RULES.md §3.2 Italian column and the
dowry note [R, S0, S4 l.83] (docs/variants/italian.md)."""


def _fixed_table(name: str, fields: Mapping[str, Any], players: int, teams: int) -> PresetBuilder:
    """A preset builder for a game played by one table only: ``players`` in ``teams`` sides."""

    def build(default: R, opts: Mapping[str, str]) -> R:
        for k, want in (("players", players), ("teams", teams)):
            if k in opts and read_int(k, opts[k]) != want:
                raise RulesError(f"{name} is played by {players} players in {teams} sides: {k}={want} only")
        base = dataclasses.replace(default, name=name, players=players, teams=teams, **fields)
        return apply_options(base, name, opts)

    build.__doc__ = f"Build the {name} preset from option texts."
    return build


SAMBA_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "wild_limit": 2,
    "pile_take_modes": frozenset({"natural_pair", "add_to_meld"}), "pile_add_below": 7,
    "sequences": True, "sequence_min": 3, "sequence_max": 7, "sequence_canasta_bonus": 1500,
    "several_melds_per_rank": True, "red3_values": RED3_TABLES["samba"], "red3_negative_if": "few_canastas",
    "min_meld_table": MIN_MELD_TABLES["samba"], "canastas_to_go_out": 2, "going_out_bonus": 200,
    "concealed_bonus": 0, "target": 10000,
}
"""Samba, RULES.md §3.2 [H, S0 l.213-251, S4 l.81] (docs/variants/samba.md)."""

BOLIVIA_FIELDS: dict[str, Any] = {
    **SAMBA_FIELDS, "wild_melds": True, "wild_meld_min": 3, "wild_canasta_bonus": 2500,
    "sequence_canastas_to_go_out": 1, "black3_hand_penalty": 100, "target": 15000,
    "min_meld_table": MIN_MELD_TABLES["bolivia"],
}
"""Bolivia, RULES.md §3.2 [H, S0 l.253-263, S4 l.87] (docs/variants/bolivia.md): Samba with melds of
3+ wild cards (7 = a "Bolivia", 2500), going out with at least one escalera (sequence canasta), a
black three left in a hand -100, minimum 150 from 7000, game to 15,000."""

BRAZILIAN_FIELDS: dict[str, Any] = {
    **BOLIVIA_FIELDS, "wild_canasta_bonus": 2000, "sequence_canastas_to_go_out": 0, "target": 10000,
    "min_meld_table": MIN_MELD_TABLES["brazilian"],
    "min_meld_canasta_from": ((7000, "canasta"), (9000, "natural_canasta")),
    "no_pile_for_initial_meld": True, "short_sequence_penalty": 1000, "short_sequence_below": 5,
    "sequence_out_max": 11, "must_ask_to_go_out": True, "ask_requires_going_out": False,
    "red3_values": RED3_TABLES["six_red"],
    "red3_negative_if": "no_canasta",
}
"""Brazilian, RULES.md §3.2 [H, R, S0 l.265-303, S4 l.89] (docs/variants/brazilian.md): Bolivia with a wild
canasta of 2000, any 2 canastas to go out (after asking the partner), no pile for the initial meld, an
initial meld with a canasta from 7000 (natural from 9000, 200 points from 8000 to 8995), sequences extended
at both ends when going out, -1000 for a sequence under 5 cards, red threes 100 each to 4, 1000 for 5, 1200
for 6, positive with a canasta; game to 10,000."""

HOLLYWOOD_FIELDS: dict[str, Any] = {
    **SAMBA_FIELDS, "min_naturals": 3, "sequence_wild_max": 1, "mixed_sequence_canasta_bonus": 1000,
    "sequence_canasta_bonus": 1500, "wild_melds": True, "wild_meld_min": 3, "wild_canasta_bonus": 2000,
    "canasta_max": 7, "wild_pair_takes_wild": True,
}
"""Hollywood, RULES.md §3.2 [R, S0 l.387-399, S4 l.85] (docs/variants/hollywood.md): Samba with at least
3 naturals in every meld, one wild card allowed in a sequence (a mixed sequence canasta 1000, natural
1500), melds of wild cards (a wild canasta 2000, S0), no meld past 7 cards, and a pile topped by a two
or a joker taken with a pair of the same wild card (only a black three blocks)."""

CHILEAN_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "sequences": True, "sequence_canasta_bonus": 1500, "wild_melds": True,
    "wild_canasta_bonus": 2000, "red3_values": RED3_TABLES["six_red"],
}
"""Chilean, RULES.md §3.2 [S0 l.305-317, S4 l.79, R] (docs/variants/chilean.md): classic with 162 cards,
sequences (a sequence canasta 1500), melds of wild cards (a wild canasta 2000); draw 1, 1 canasta (of
any kind) to go out, game to 5000 as in classic; red threes by the 162-card table of §3.1."""


ESCALATOR_FIELDS: dict[str, Any] = {
    "packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "wild_limit": 2,
    "pile_take_modes": frozenset({"natural_pair", "add_to_meld"}), "stock_end": "forced_take",
    "going_out_allowed": False, "going_out_bonus": 0, "concealed_bonus": 0,
    "black3_melds_anytime": True, "black3_hand_penalty": 200,
    "sequences": True, "sequence_min": 7, "sequence_max": 7, "sequence_canasta_bonus": 500,
    "wild_melds": True, "wild_meld_min": 3, "wild_canasta_bonus": 2000,
    "extra_cards": 11, "extra_cards_from": "stock", "extra_cards_when": "first_canasta",
    "extra_cards_once_per_deal": True,
    "red3_values": (0, 100, 200, 300, 400, 500, 2000), "red3_negative_if": "no_meld",
    "red3_set_needs_canasta": ("wild", "sequence", "natural-7"),
    "rank_canasta_bonuses": (("7", 1500),), "rank_canasta_mixed_bonuses": (("7", 1000),),
    "rank_hand_penalties": (("7", 500),), "target": 10000,
}
"""The "escalator" game, RULES.md §3.5 [S4 l.55-69] (docs/variants/escalator.md): 162 cards, 15 cards,
draw 2; the pile with a natural pair or onto a meld; at most 2 wild cards in a meld; nobody goes out (the
deal ends when the stock runs out); black-three sets at any time, -200 for one in hand; escalators (seven
cards of a suit in a row, laid down whole) 500; the first canasta at the table brings the top 11 stock
cards; canastas of sevens 1500 / 1000, a seven in hand -500; a Bolivia (wild canasta) 2000; red threes
100 each, six 2000 with a Bolivia, an escalator or a natural canasta of sevens; game to 10,000."""


# Hand and Foot (RULES_AMERICAN.md part B)
HAND_AND_FOOT_FIELDS: dict[str, Any] = {
    "packs": 5, "jokers": 10, "hand_size": 11, "draw": 2,
    "extra_cards": 11, "extra_cards_from": "packet", "extra_cards_when": "hand_empty",
    "unplayed_packet_counts": True,
    "pile_always_frozen": True, "pile_take_modes": frozenset({"natural_pair"}), "pile_take_count": 7,
    "canasta_max": 7, "several_melds_per_rank": True, "wild_limit": 3, "naturals_exceed_wilds": True,
    "round_minimums": (50, 90, 120, 150), "rounds": 4, "tie": "shared",
    "going_out_canastas": ("natural", "natural", "mixed", "mixed"), "canastas_to_go_out": 4,
    "natural_canasta_bonus": 500, "mixed_canasta_bonus": 300, "going_out_bonus": 100, "concealed_bonus": 0,
    "red3_hand_penalty": 500, "red3_values": (0, 100), "red3_negative_if": "no_meld",
    "black3_hand_penalty": 5, "black3_meld": False, "going_out_needs_discard": True,
    "stock_end": "end",
}
"""Hand and Foot, RULES_AMERICAN.md part B (docs/variants/hand-and-foot.md): 4 players in two sides, 5 packs
and 10 jokers, a hand and a foot of 11 each, draw 2, the pile always frozen and taken 7 cards at a time with a
natural pair, books (canastas) closed at 7 cards with naturals outnumbering wild cards (at most 3), the round
minimums 50/90/120/150 over 4 deals, going out with 2 clean and 2 dirty books after taking the foot."""


def _hand_and_foot(default: R, opts: Mapping[str, str]) -> R:
    """Build the hand-and-foot preset from option texts: the table of ``teams``/``players`` (2x2 by default,
    :func:`~canasta.rules.hand_foot_table.hand_foot_players`), a deck per player plus one (option ``decks``), then
    :data:`HAND_AND_FOOT_FIELDS` and the other options (RULES_AMERICAN.md B.1)."""
    players, teams = hand_foot_players(opts)
    packs = players + 1
    fields = {**HAND_AND_FOOT_FIELDS, "packs": packs, "jokers": JOKERS_PER_DECK * packs}
    base = dataclasses.replace(default, name="hand-and-foot", players=players, teams=teams, **fields)
    return apply_options(base, "hand-and-foot", opts)


def _samba_family(name: str, fields: Mapping[str, Any]) -> PresetBuilder:
    """A builder for the three-pack partnership games: 4 players in 2 sides, or 6 in 2 sides of 3 [S0 l.215]."""

    def build(default: R, opts: Mapping[str, str]) -> R:
        players = read_int("players", opts.get("players", "4"))
        if players not in (4, 6):
            raise RulesError(f"{name} is played by 4 or 6 players in two sides: players=4 or players=6")
        if "teams" in opts and read_int("teams", opts["teams"]) != 2:
            raise RulesError(f"{name} is played in two sides: teams=2 only")
        base = dataclasses.replace(default, name=name, players=players, teams=2, **fields)
        return apply_options(base, name, opts)

    build.__doc__ = f"Build the {name} preset from option texts."
    return build


PRESETS: dict[str, PresetBuilder] = {
    "classic": _family("classic", {}),
    "uruguay": _family("uruguay", URUGUAY_FIELDS),
    "free-canasta": _family("free-canasta", FREE_FIELDS),
    "spanish": _family("spanish", SPANISH_FIELDS),
    "cuban": _fixed_table("cuban", CUBAN_FIELDS, 4, 2),
    "romanian-tiles": _family("romanian-tiles", TILES_FIELDS, (2, 3, 4), "S2 l.17"),
    "mexican": _fixed_table("mexican", MEXICAN_FIELDS, 4, 2),
    "pennies-from-heaven": _fixed_table("pennies-from-heaven", PENNIES_FIELDS, 6, 2),
    "italian": _fixed_table("italian", ITALIAN_FIELDS, 4, 2),
    "samba": _samba_family("samba", SAMBA_FIELDS),
    "bolivia": _samba_family("bolivia", BOLIVIA_FIELDS),
    "chilean": _family("chilean", CHILEAN_FIELDS),
    "brazilian": _samba_family("brazilian", BRAZILIAN_FIELDS),
    "escalator": _samba_family("escalator", ESCALATOR_FIELDS),
    "hollywood": _samba_family("hollywood", HOLLYWOOD_FIELDS),
    "hand-and-foot": _hand_and_foot,
    "modern-american": _fixed_table("modern-american", MODERN_AMERICAN_FIELDS, 4, 2),
}
"""Preset builders by name; each takes the option texts and returns validated rules."""

PRESET_ALIASES: dict[str, str] = {"american": "modern-american", "mac": "modern-american"}
"""Other names of presets (RULES_AMERICAN.md part A: Modern American Canasta)."""

UNREGISTERED_PRESETS: dict[str, PresetBuilder] = {"modern-american": PRESETS["modern-american"]}
"""The builder of Modern American Canasta under its former name for the tests written before it was registered."""


def preset_names() -> list[str]:
    """Names of all presets."""
    return sorted(PRESETS)


