"""Options: reading the text of one option (``players=2``, ``min_meld_table=15/0:50/1500:90``) into the
value of its field, the names of every option and the aliases that set several fields, and applying
options to rules (RULES.md §2: every field of the rules is an option).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from canasta.cards.deck import ACE
from canasta.rules.errors import RulesError
from canasta.rules.hand_foot_table import JOKERS_PER_DECK, deck_count, decks_text
from canasta.rules.rule_fields import RuleFields
from canasta.rules.tables import (
    ALTERNATE_VALUES,
    BELOW_ZERO,
    CANASTA_KINDS,
    MAX_NUMBER_DIGITS,
    MAX_OPTION_CHARS,
    MELD_RANKS,
    MIN_MELD_TABLES,
    OPENING_REQUIREMENTS,
    PILE_TAKE_MODES,
    RED3_TABLES,
    SET_KINDS,
    STANDARD_VALUES,
    TILE_VALUES,
)
from canasta.rules.validation import validate
from canasta.util.jsontypes import quoted
from canasta.util.suggest import did_you_mean

R = TypeVar("R", bound=RuleFields)
"""The class of the rules being built (:class:`canasta.rules.fields.Rules`)."""

_FIELDS = {f.name: f for f in dataclasses.fields(RuleFields) if f.name not in ("name", "options")}

_ENUMS: dict[str, tuple[str, ...]] = {
    "stock_end": ("forced_take", "reshuffle", "end", "pile_continuation", "reshuffle_below_top"),
    "red3_negative_if": ("no_meld", "no_canasta", "lost_hand", "never", "few_canastas"),
    "direction": ("clockwise", "counterclockwise"),
    "tie": ("another_deal", "shared"),
    "extra_cards_from": ("stock", "packet"),
    "extra_cards_when": ("initial_meld", "first_canasta", "hand_empty"),
    "dowry": ("none", "rank", "number"),
    "special_hands": ("none", "cla", "pagat"),
    "opening_requires": ("none", "clean_triple", "clean_triple_or_wild_meld"),
    "min_meld_mode": ("by_score", "by_hand_number"),
    "talon_source": ("stock", "predealt"),
    "empty_pile_forbidden": ("none", "swad", "aces_sevens"),
    "special_book_bonuses": ("none", "sevens", "landoware"),
    "foot_pickup": ("run_or_walk", "walk_only", "next_turn_instead_of_draw"),
}

# Options that are not fields but set several fields at once.
_ALIASES = ("wild_canasta", "special_canastas", "book_closure", "pile_take_requires_down", "go_out_discard",
            "target_score", "minimum_mode", "stock_exhausted", "ace_value", "decks", "initial_upcard",
            "black_three_meld")

BOOK_CLOSURES = {"closed_at_7": {"canasta_max": 7, "several_melds_per_rank": True, "book_naturals_only": False},
                 "any": {"canasta_max": 0, "several_melds_per_rank": False, "book_naturals_only": False},
                 "naturals_only": {"canasta_max": 0, "several_melds_per_rank": False, "book_naturals_only": True}}
"""Hand and Foot's ``book_closure`` (RULES_AMERICAN.md B.6): closed_at_7 (a book takes no more cards, a new meld
of its rank may start beside it [GS, BK]), any (a book stays open and grows [TW, NW, JC]) or naturals_only (a book
stays open to natural cards only [CH]), as the fields it sets."""

GO_OUT_DISCARDS = {"required": {"going_out_needs_discard": True, "going_out_by_melding": False},
                   "optional": {"going_out_needs_discard": False, "going_out_by_melding": False},
                   "forbidden": {"going_out_needs_discard": False, "going_out_by_melding": True}}
"""Hand and Foot's ``go_out_discard`` (RULES_AMERICAN.md B.10) as the fields it sets: required (going out ends with a
discard [NW, GS, CH]), optional (melding every card goes out too [BGA]) or forbidden (going out only by melding every
last card, no final discard [TV])."""

HF_SCORE_MINIMUMS = ((BELOW_ZERO, 50), (2500, 90), (5000, 120), (7500, 150))
"""Hand and Foot's ``minimum_mode=by_score`` (RULES_AMERICAN.md B.8 [CH]): the minimum count by the side's
cumulative score, 50 below 2,500 (a negative score too), 90 from 2,500, 120 from 5,000, 150 from 7,500."""

STOCK_EXHAUSTED = {"end": "end", "reshuffle": "reshuffle_below_top"}
"""Hand and Foot's ``stock_exhausted`` (RULES_AMERICAN.md B.11) as the value of ``stock_end``: end (the deal ends
[BGA]) or reshuffle (the pile below its top card is shuffled into a new stock [GS, JC])."""


def alias_text(rules: RuleFields, name: str) -> str:
    """The value of alias option ``name`` that ``rules`` plays, for ``canasta rules --options``, or '' for the
    aliases with no one value (wild_canasta, special_canastas) and a book closure that is neither of
    :data:`BOOK_CLOSURES`."""
    if name == "book_closure":
        now = {"canasta_max": rules.canasta_max, "several_melds_per_rank": rules.several_melds_per_rank,
               "book_naturals_only": rules.book_naturals_only}
        return next((k for k, v in BOOK_CLOSURES.items() if v == now), "")
    if name == "pile_take_requires_down":
        return "true" if rules.no_pile_for_initial_meld else "false"
    if name == "go_out_discard":
        if rules.going_out_by_melding:
            return "forbidden"
        return "required" if rules.going_out_needs_discard else "optional"
    if name == "target_score":
        return "none" if rules.rounds else str(rules.target)
    if name == "minimum_mode":
        return "by_round" if rules.round_minimums else "by_score"
    if name == "stock_exhausted":
        return next((k for k, v in STOCK_EXHAUSTED.items() if v == rules.stock_end), "")
    if name == "ace_value":
        return str(rules.card_values[ACE * 4])
    if name == "decks":
        return decks_text(rules.packs, rules.jokers, rules.players)
    if name == "initial_upcard":
        return "true" if rules.upcard else "false"
    if name == "black_three_meld":
        return "foot_book" if rules.black3_foot_book else ("never" if not rules.black3_meld else "")
    return ""


ALIAS_FIELDS: dict[str, str] = {
    "wild_canasta": "wild_melds", "special_canastas": "wild_melds, twos_canasta_bonus, aces_canasta_bonus",
    "book_closure": "canasta_max, several_melds_per_rank, book_naturals_only",
    "pile_take_requires_down": "no_pile_for_initial_meld",
    "go_out_discard": "going_out_needs_discard, going_out_by_melding", "target_score": "rounds, target",
    "minimum_mode": "round_minimums, min_meld_table, min_meld_mode", "stock_exhausted": "stock_end",
    "ace_value": "card_values", "decks": "packs, jokers", "initial_upcard": "upcard",
    "black_three_meld": "black3_foot_book",
}
"""The fields each alias option sets (Hand and Foot's named options of RULES_AMERICAN.md B.14 that generic fields
already play)."""


def option_text(name: str, value: Any) -> str:
    """The text of option ``name`` given as a Python value (or text).

    Raises:
        RulesError: an int of more than :data:`MAX_NUMBER_DIGITS` digits, or a text (spaces around
            it removed) longer than :data:`MAX_OPTION_CHARS` or holding a character that is not printable.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10**MAX_NUMBER_DIGITS:
        raise RulesError(f"option {name} takes a whole number of at most {MAX_NUMBER_DIGITS} digits")
    if isinstance(value, (set, frozenset)):
        text = "|".join(sorted(str(v) for v in value))
    else:
        text = str(value)
    text = text.strip()
    if len(text) > MAX_OPTION_CHARS:
        raise RulesError(f"option {name}: a value has at most {MAX_OPTION_CHARS} characters, not {len(text)}")
    if not text.isprintable():
        raise RulesError(f"option {name}: the value {quoted(text)} holds a character that is not printable")
    return text


def read_bool(name: str, text: str) -> bool:
    """The value of boolean option ``name`` from ``text`` (true/yes/on/1 or false/no/off/0, any case).

    Raises:
        RulesError: ``text`` is none of these, naming the option and what it takes.
    """
    t = text.strip().lower()
    if t in ("true", "yes", "on", "1"):
        return True
    if t in ("false", "no", "off", "0"):
        return False
    raise RulesError(f"option {name} takes true or false, not '{text}'")


def _whole(text: str) -> int:
    """``int(text)`` for at most :data:`MAX_NUMBER_DIGITS` ASCII digits (and a sign); else ValueError."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_NUMBER_DIGITS:
        raise ValueError(text)
    return int(t)


def read_int(name: str, text: str) -> int:
    """The value of whole-number option ``name`` from ``text``.

    Raises:
        RulesError: ``text`` is not a whole number of at most :data:`MAX_NUMBER_DIGITS` digits.
    """
    try:
        return _whole(text)
    except ValueError:
        raise RulesError(f"option {name} takes a whole number of at most {MAX_NUMBER_DIGITS} digits, "
                         f"not '{text}'") from None


def _table(name: str, text: str) -> tuple[tuple[int, int], ...]:
    t = text.strip().lower()
    if t in MIN_MELD_TABLES:
        return MIN_MELD_TABLES[t]
    # custom: "15/0:50/1500:90/3000:120" - the first entry is the minimum below zero
    parts = t.split("/")
    try:
        rows: list[tuple[int, int]] = [(BELOW_ZERO, _whole(parts[0]))]
        for p in parts[1:]:
            a, b = p.split(":")
            rows.append((_whole(a), _whole(b)))
    except ValueError:
        raise RulesError(
            f"option {name} takes a table name ({', '.join(MIN_MELD_TABLES)}) or "
            f"'NEG/SCORE:MIN/...' such as 15/0:50/1500:90/3000:120, not '{text}'"
        ) from None
    if [r[0] for r in rows] != sorted(r[0] for r in rows):
        raise RulesError(f"option {name}: thresholds must ascend in '{text}'")
    return tuple(rows)


_INT_LISTS: dict[str, str] = {
    "mixed_canasta_bonus_by_wilds": "bonuses for 1, 2, 3 wild cards such as 400/300/200, or none",
    "concealed_scale": "four bonuses (first turn, first turn using partner's melds, later, later using "
                       "partner's melds) such as 1000/500/500/200, or none",
    "black3_removed_values": "totals by count such as 0/5/10/15/100",
    "three_colour_values": "totals by count of one colour such as 0/100/300/500/1000",
    "talon_sizes": "cards for the first, second ... side to open such as 4/3, or none",
    "round_minimums": "minimum counts by deal such as 50/90/120/150, or none",
    "round_draws": "cards drawn by deal such as 3/3/4/5, or none",
}
"""Options written as numbers joined by '/' (besides red3_values), with the form shown in messages."""


def _int_list(name: str, text: str, form: str) -> tuple[int, ...]:
    """Read ``a/b/c`` (or ``none`` / nothing for an empty table)."""
    t = text.strip().lower()
    if t in ("", "none"):
        return ()
    try:
        return tuple(_whole(part) for part in t.split("/"))
    except ValueError:
        raise RulesError(f"option {name} takes {form}, not '{text}'") from None


def _colon_pairs(name: str, text: str, form: str, keys: str, value: Callable[[str], Any]) -> tuple[Any, ...]:
    """Read ``NUMBER:VALUE/NUMBER:VALUE`` (or ``none`` / nothing: no pairs), lower-cased, as
    (number, ``value(VALUE)``) pairs with the numbers ascending.

    Raises:
        RulesError: a part is not ``NUMBER:VALUE`` or ``value`` raises ValueError (the message says the
            option takes ``form``), or the numbers do not ascend (``keys`` names them in the message).
    """
    t = text.strip().lower()
    if t in ("", "none"):
        return ()
    try:
        rows = tuple((_whole(a), value(b.strip())) for a, b in (p.split(":") for p in t.split("/")))
    except ValueError:
        raise RulesError(f"option {name} takes {form}, or none, not '{text}'") from None
    if [r[0] for r in rows] != sorted({r[0] for r in rows}):
        raise RulesError(f"option {name}: {keys} must ascend in '{text}'")
    return rows


def _pairs(name: str, text: str) -> tuple[tuple[int, int], ...]:
    """Read ``count:bonus/count:bonus`` (or ``none``), e.g. canasta_count_bonuses=5:500/7:2000."""
    return _colon_pairs(name, text, "CANASTAS:BONUS pairs joined by '/' such as 5:500/7:2000",
                        "the canasta counts", _whole)


def _requirement(text: str) -> str:
    """``text`` if it names an opening requirement (``OPENING_REQUIREMENTS``), else ValueError."""
    if text not in OPENING_REQUIREMENTS:
        raise ValueError(text)
    return text


def _requirements(name: str, text: str) -> tuple[tuple[int, str], ...]:
    """Read ``score:requirement/...`` (or ``none``), e.g. min_meld_canasta_from=5000:canasta."""
    form = (f"SCORE:REQUIREMENT pairs joined by '/' with a requirement from {', '.join(OPENING_REQUIREMENTS)}, "
            "such as 5000:canasta or 7000:canasta/9000:natural_canasta")
    return _colon_pairs(name, text, form, "the scores", _requirement)


_RANK_FIELDS = ("pile_blocking_rank", "discard_blocked_rank", "red3_needs_canasta_of", "never_wild_rank",
                "opening_only_wild_rank")


def _rank(name: str, text: str) -> str:
    """Read a rank option: 4..9, 10 or T, J, Q, K, A, or none/'' for no rank."""
    t = text.strip().upper()
    if t in ("", "NONE"):
        return ""
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in MELD_RANKS:
        raise RulesError(f"option {name} takes a rank 4..10, J, Q, K or A (or none), not '{text}'")
    return t


def _rank_bonuses(name: str, text: str) -> tuple[tuple[str, int], ...]:
    """Read ``RANK:POINTS/...`` such as 7:1000 (or none)."""
    t = text.strip()
    if t.lower() in ("", "none"):
        return ()
    rows: list[tuple[str, int]] = []
    for part in t.split("/"):
        if ":" not in part:
            raise RulesError(f"option {name} takes RANK:POINTS pairs joined by '/' such as 7:1000, "
                             f"or none, not '{text}'")
        a, b = part.split(":", 1)
        rows.append((_rank(name, a), read_int(name, b)))
    if len({r for r, _ in rows}) != len(rows) or any(not r for r, _ in rows):
        raise RulesError(f"option {name}: each rank once, not '{text}'")
    return tuple(rows)


def _canasta_kinds(name: str, text: str, kinds: tuple[str, ...] = CANASTA_KINDS,
                   kind_rank: bool = False) -> tuple[str, ...]:
    """Read kinds of canasta joined by '/' (or none): one of ``kinds``, a rank (``7``), and where
    ``kind_rank`` also ``natural-7`` / ``mixed-7``.

    Raises:
        RulesError: a part is none of these; the message lists what is allowed.
    """
    t = text.strip().lower()
    if t in ("", "none"):
        return ()
    form = (f"option {name} takes kinds of canasta joined by '/' from {', '.join(kinds)}, a rank such as 7"
            + (", or natural-7 / mixed-7" if kind_rank else "") + f", or none, not '{text}'")
    out: list[str] = []
    for part in t.split("/"):
        p = part.strip()
        if p in kinds:
            out.append(p)
            continue
        kind, dash, rank = p.partition("-") if kind_rank else (p, "", "")
        try:
            r = _rank(name, rank if dash else p)
        except RulesError:
            r = ""
        if not r or (dash and kind not in ("natural", "mixed")):
            raise RulesError(form)
        out.append(f"{kind}-{r}" if dash else r)
    return tuple(out)

def _convert(name: str, text: str) -> Any:
    """Convert an option's text to the type of field ``name``."""
    if name in _RANK_FIELDS:
        return _rank(name, text)
    if name in ("rank_canasta_bonuses", "rank_canasta_mixed_bonuses", "rank_hand_penalties"):
        return _rank_bonuses(name, text)
    if name == "red3_set_needs_canasta":
        return _canasta_kinds(name, text, SET_KINDS, kind_rank=True)
    if name == "going_out_canastas":
        return _canasta_kinds(name, text)
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
        if t == "tiles":
            return TILE_VALUES
        raise RulesError(f"option card_values takes standard, alternate or tiles, not '{text}'")
    if name == "red3_values":
        t = text.strip().lower()
        if t in RED3_TABLES:
            return RED3_TABLES[t]
        return _int_list(name, text, f"{', '.join(RED3_TABLES)} or totals by count such as 0/100/200/300/800")
    if name in _INT_LISTS:
        return _int_list(name, text, _INT_LISTS[name])
    if name in ("canasta_count_bonuses", "natural_canasta_count_bonuses"):
        return _pairs(name, text)
    if name == "min_meld_canasta_from":
        return _requirements(name, text)
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
            return (_whole(a), _whole(b))
        except ValueError:
            raise RulesError(f"option {name} takes NATURAL/MIXED such as 1500/700, not '{text}'") from None
    default = _FIELDS[name].default
    if isinstance(default, bool):
        return read_bool(name, text)
    if isinstance(default, int):
        return read_int(name, text)
    return text


def option_names() -> list[str]:
    """Every option a variant string accepts, sorted."""
    return sorted(list(_FIELDS) + list(_ALIASES))


def apply_options(base: R, name: str, opts: Mapping[str, str]) -> R:
    """Apply option texts to ``base`` (players/teams already handled), validate, return."""
    changes: dict[str, Any] = {}
    for k, v in opts.items():
        if k in ("players", "teams"):
            continue
        if k == "wild_canasta":
            changes["wild_melds"] = read_bool(k, v)
            continue
        if k == "book_closure":
            closure = BOOK_CLOSURES.get(v.strip().lower())
            if closure is None:
                raise RulesError(f"option book_closure takes {', '.join(BOOK_CLOSURES)}, not {quoted(v)}")
            changes.update(closure)
            continue
        if k == "pile_take_requires_down":  # B.5 [GS]: the pile only for a side that is down
            changes["no_pile_for_initial_meld"] = read_bool(k, v)
            continue
        if k == "go_out_discard":
            t = v.strip().lower()
            if t not in GO_OUT_DISCARDS:
                raise RulesError(f"option go_out_discard takes {', '.join(GO_OUT_DISCARDS)}, not {quoted(v)}")
            changes.update(GO_OUT_DISCARDS[t])
            continue
        if k in ("minimum_mode", "stock_exhausted", "ace_value"):
            continue  # applied below, over the fields they set

        if k == "target_score":  # B.13 [CH, Grandma Sue]: to a target instead of a number of deals
            if "rounds" in opts:
                raise RulesError("target_score and rounds are two ways to end the game: give one of them")
            target = read_int(k, v)
            if target <= 0:
                raise RulesError(f"option target_score takes a score above 0 such as 10000, not {quoted(v)}")
            changes.update(rounds=0, target=target)
            continue
        if k == "decks":  # B.1: 54-card packs, players + 1 [PW, NW, JC], one per player [drwingnut, GS, CH], 6 [TV]
            if "packs" in opts or "jokers" in opts:
                raise RulesError("decks and packs/jokers are two ways to give the deck: give one of them")
            n = deck_count(k, v, base.players)
            changes.update(packs=n, jokers=JOKERS_PER_DECK * n)
            continue
        if k == "initial_upcard":  # B.3 [JC]: false, no upcard starts the pile
            changes["upcard"] = read_bool(k, v)
            continue
        if k == "black_three_meld":  # B.7 [JC]: black threes from the foot as a dirty book
            t = v.strip().lower()
            if t not in ("never", "foot_book"):
                raise RulesError(f"option black_three_meld takes never or foot_book, not {quoted(v)}")
            changes["black3_foot_book"] = t == "foot_book"
            continue
        if k == "special_canastas":
            if read_bool(k, v):
                changes["wild_melds"] = True
                changes["twos_canasta_bonus"] = 3000
                changes["aces_canasta_bonus"] = (1500, 700)
            continue
        if k not in _FIELDS:
            raise RulesError(  # the 100-odd names are listed by 'canasta rules --options', not here
                f"unknown option {quoted(k)} for variant {name}{did_you_mean(k[:40], option_names())}; "
                "'canasta rules --options' lists every option with its value"
            )
        changes[k] = _convert(k, v)
    _hand_foot_aliases(base, opts, changes)
    order = [(k, v) for k, v in opts.items()]
    rules = dataclasses.replace(base, **changes, options=tuple(order))
    validate(rules)
    return rules




def _hand_foot_aliases(base: RuleFields, opts: Mapping[str, str], changes: dict[str, Any]) -> None:
    """Apply Hand and Foot's named options ``minimum_mode`` (B.8), ``stock_exhausted`` (B.11) and ``ace_value`` (B.2)
    of ``opts`` to ``changes``, over the fields they set (given there or in ``base``). ``minimum_mode=by_score`` on
    rules with minimums by deal (``round_minimums``) reads :data:`HF_SCORE_MINIMUMS` (or the ``min_meld_table``
    given); on rules already by score it keeps their table.

    Raises:
        RulesError: a value they do not take, or ``minimum_mode=by_score`` with ``round_minimums`` given.
    """
    if "minimum_mode" in opts:
        t = opts["minimum_mode"].strip().lower()
        if t not in ("by_round", "by_score"):
            raise RulesError(f"option minimum_mode takes by_round or by_score, not {quoted(opts['minimum_mode'])}")
        if t == "by_score":
            if "round_minimums" in opts:
                raise RulesError("minimum_mode=by_score reads the minimum count from the side's score, "
                                 "round_minimums by deal: give one of them")
            if base.round_minimums:  # from the minimums by deal: CH's table, unless one is given
                changes.setdefault("min_meld_table", HF_SCORE_MINIMUMS)
            changes.update(round_minimums=(), min_meld_mode="by_score")
        elif not changes.get("round_minimums", base.round_minimums):
            raise RulesError("minimum_mode=by_round needs round_minimums (such as 50/90/120/150)")
    if "stock_exhausted" in opts:
        t = opts["stock_exhausted"].strip().lower()
        if t not in STOCK_EXHAUSTED:
            raise RulesError(f"option stock_exhausted takes end or reshuffle, not {quoted(opts['stock_exhausted'])}")
        changes["stock_end"] = STOCK_EXHAUSTED[t]
    if "ace_value" in opts:
        value = read_int("ace_value", opts["ace_value"])
        if not 0 <= value <= 1000:
            raise RulesError(f"option ace_value takes the points of an ace, 0 to 1000, such as 15, not {value}")
        values = list(changes.get("card_values", base.card_values))
        values[ACE * 4:ACE * 4 + 4] = [value] * 4
        changes["card_values"] = tuple(values)
