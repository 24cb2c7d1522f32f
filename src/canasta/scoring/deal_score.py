"""Scoring: pure functions that score a finished deal for any variant.

The engine and the score keeper (``canasta score``) both call
:func:`score_deal`, so a deal played by the engine and the same table typed
into the score keeper give the same numbers (DESIGN.md, "Layers").

Rules: RULES.md §1.11 (scoring a deal), §1.6 (minimum count), §1.12 (end of the
game), §1.5 (canastas), §1.8 (black threes), §3.1 (red threes with 162 cards),
and the variant fields of §3.2 (Cuban: wild canastas by kind, red threes,
black threes removed), §3.3 (Uruguay: wild canasta; Spanish: premiums, the
concealed scale, penalties) and §3.5 (Free Canasta: mixed canastas by wild cards).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from canasta.cards.deck import IS_WILD, JOKER, RANKS, THREE, TWO, card_str, is_black_three, is_red_three
from canasta.cards.sequences import sequence_layouts, wild_sequence_problem
from canasta.engine.extra_cards import kinds_met, missing_kinds
from canasta.rules.fields import Rules
from canasta.scoring.rank_kinds import rank_canasta_bonus, rank_hand_penalty, red3_bonus

CONCEALED_KINDS = ("first_turn", "first_turn_with_partner", "later", "later_with_partner")
"""Kinds of a concealed going out, in the order of ``Rules.concealed_scale`` (S1, RULES.md §3.3 b):
in the player's first turn ("de mano") or later ("en el curso del juego"), alone or using the
melds his partner had on the table ("apoyándose en las cartas expuestas por el compañero")."""
BLACK3_SET = 4
"""Black threes that make "all four" for the Spanish premium and penalty (S1 l.204, 239)."""


class ScoringError(ValueError):
    """A deal cannot be scored: a meld the rules forbid, an impossible table, ...

    The message names the side, the meld and the rule.
    """


@dataclass(frozen=True)
class MeldInfo:
    """What a meld is, read from its cards.

    Attributes:
        kind: ``"group"`` (one rank with wild cards), ``"black3"`` (black threes
            melded when going out), ``"wild"`` (wild cards only) or ``"sequence"``
            (cards of one suit in a row, where ``rules.sequences``, §3.2).
        rank: rank index of a group (0..12), the lowest rank of a sequence, -1 otherwise.
        naturals: natural cards in it; wilds: wild cards in it.
        canasta: 7 cards or more; natural: no wild card in a group.
    """

    kind: str
    rank: int
    naturals: int
    wilds: int
    canasta: bool
    natural: bool


def classify_meld(rules: Rules, cards: Sequence[int]) -> MeldInfo:
    """Read what a meld is and check that the rules allow it (RULES.md §1.5, §1.8).

    Raises:
        ScoringError: the cards do not form a meld these rules allow; says why.
    """
    shown = " ".join(card_str(c) for c in cards)
    if len(cards) < 3:
        raise ScoringError(f"meld [{shown}] has fewer than 3 cards")
    if any(is_red_three(c) for c in cards):
        raise ScoringError(f"meld [{shown}] holds a red three; red threes are never melded (§1.3)")
    wild = [c for c in cards if c == JOKER or c >> 2 == TWO]
    nat = [c for c in cards if not (c == JOKER or c >> 2 == TWO)]
    n_w = len(wild)
    if not nat and rules.twos_melds and any(c != JOKER for c in wild):
        return _twos_meld(rules, cards, shown)
    if not nat:
        if not rules.wild_melds:
            twos = (f"; a meld of twos needs at least {rules.min_naturals} twos (§3.2)" if rules.twos_melds else "")
            raise ScoringError(f"meld [{shown}] is made only of wild cards, which these rules forbid (§1.5){twos}")
        if n_w < rules.wild_meld_min:
            raise ScoringError(f"meld [{shown}] has {n_w} wild cards; a meld of wild cards needs at least "
                               f"{rules.wild_meld_min} (option wild_meld_min)")
        if n_w > rules.wild_meld_cap:
            raise ScoringError(f"meld [{shown}] has {n_w} wild cards; a meld of wild cards holds at most "
                               f"{rules.wild_meld_cap} (§3.3 a, §3.2)")
        return MeldInfo("wild", -1, 0, n_w, len(cards) >= 7, False)
    if len(cards) > rules.meld_cap:
        raise ScoringError(f"meld [{shown}] has {len(cards)} cards; a meld holds at most {rules.meld_cap} "
                           "in this variant (§3.2 Cuban)")
    ranks = {c >> 2 for c in nat}
    if len(ranks) > 1:
        return _classify_sequence(rules, cards, shown)
    rank = ranks.pop()
    if rank == THREE:
        if n_w:
            raise ScoringError(f"meld [{shown}]: black threes are melded without wild cards (§1.8)")
        if not all(is_black_three(c) for c in nat):
            raise ScoringError(f"meld [{shown}] holds a red three (§1.3)")
        return MeldInfo("black3", THREE, len(nat), 0, False, False)
    if len(nat) < rules.min_naturals:
        raise ScoringError(
            f"meld [{shown}] has {len(nat)} natural card(s); a meld needs at least {rules.min_naturals} (§1.5)"
        )
    limit = rules.wild_limit
    if rules.cutthroat and len(nat) >= 2 * rules.min_naturals:
        limit *= 2  # two partners' melds of a rank combined when the alliance formed (§3.1 cutthroat)
    if n_w > limit:
        raise ScoringError(f"meld [{shown}] has {n_w} wild cards; at most {rules.wild_limit} are allowed (§1.5)"
                           + (f", {2 * rules.wild_limit} in two partners' melds combined (cutthroat)"
                              if rules.cutthroat else ""))
    if rules.no_wild_majority and n_w > len(nat):
        raise ScoringError(f"meld [{shown}] has more wild cards than naturals (option no_wild_majority)")
    return MeldInfo("group", rank, len(nat), n_w, len(cards) >= 7, n_w == 0)


def _twos_meld(rules: Rules, cards: Sequence[int], shown: str) -> MeldInfo:
    """A meld of twos (``twos_melds``, Italian §3.2): twos are its naturals, jokers its wild cards.

    Raises:
        ScoringError: too few twos, too many jokers or cards.
    """
    jokers = sum(1 for c in cards if c == JOKER)
    twos = len(cards) - jokers
    if twos < rules.min_naturals:
        raise ScoringError(f"meld [{shown}] has {twos} two(s); a meld of twos needs at least {rules.min_naturals}")
    if jokers > rules.wild_limit or (rules.no_wild_majority and jokers > twos):
        raise ScoringError(f"meld [{shown}] has {jokers} jokers; a meld of twos takes at most {rules.wild_limit}")
    if len(cards) > rules.meld_cap:
        raise ScoringError(f"meld [{shown}] has {len(cards)} cards; a meld holds at most {rules.meld_cap}")
    return MeldInfo("twos", TWO, twos, jokers, len(cards) >= 7, jokers == 0)
def _classify_sequence(rules: Rules, cards: Sequence[int], shown: str) -> MeldInfo:
    """A meld of several ranks: a sequence where the rules have them (RULES.md §3.2), else an error.

    Raises:
        ScoringError: no sequences in these rules, or the cards are not one sequence of allowed length.
    """
    if not rules.sequences:
        raise ScoringError(f"meld [{shown}] mixes ranks; a meld is of one rank (§1.5): {rules.name} has no "
                           "sequences")
    bad = wild_sequence_problem(cards, rules.sequence_wild_max)
    if bad:
        raise ScoringError(f"meld [{shown}] mixes ranks but is no sequence: {bad}")
    longest = max(rules.sequence_max, rules.sequence_out_max)
    if not rules.sequence_min <= len(cards) <= longest:
        raise ScoringError(f"meld [{shown}] is a sequence of {len(cards)} cards; sequences hold "
                           f"{rules.sequence_min} to {longest} cards (§3.2)")
    layouts = sequence_layouts(cards, rules.sequence_wild_max)
    if not layouts:
        raise ScoringError(f"meld [{shown}]: its wild card has no place in a sequence from 4 to A (§3.2)")
    wilds = sum(1 for c in cards if IS_WILD[c])
    if wilds and len(cards) - wilds < rules.min_naturals:
        raise ScoringError(f"meld [{shown}] has {len(cards) - wilds} natural cards; a sequence with a wild card "
                           f"needs at least {rules.min_naturals} (§3.2)")
    # where the wild card stands does not change the score: the lowest place read is reported
    low = min(sp[1] for sp, _ in layouts)
    return MeldInfo("sequence", low, len(cards) - wilds, wilds, len(cards) >= 7, wilds == 0)


def canasta_bonus(rules: Rules, info: MeldInfo, cards: Sequence[int]) -> int:
    """Bonus in points of a meld that is a canasta (0 for a meld that is not).

    Wild canastas: twos only ``twos_canasta_bonus``, four jokers or more ``jokers4_canasta_bonus``
    (each where non-zero), else ``wild_canasta_bonus``; mixed canastas by their wild cards
    (``Rules.mixed_bonus``); aces ``aces_canasta_bonus`` where set (§1.5, §2 row 18, §3.2, §3.5).
    """
    if not info.canasta:
        return 0
    if info.kind == "twos":  # Italian: seven twos, twos with jokers (§3.2)
        return rules.twos_canasta_bonus if info.natural else rules.twos_canasta_mixed_bonus
    if info.kind == "sequence":  # with a wild card: Hollywood's mixed sequence canasta (§3.2)
        return rules.sequence_canasta_bonus if info.natural else rules.mixed_sequence_canasta_bonus
    if info.kind == "wild":
        jokers = sum(1 for c in cards if c == JOKER)
        if rules.twos_canasta_bonus and jokers == 0:
            return rules.twos_canasta_bonus
        if rules.jokers4_canasta_bonus and jokers >= 4:
            return rules.jokers4_canasta_bonus
        return rules.wild_canasta_bonus
    by_rank = rank_canasta_bonus(rules, info.rank, info.natural)  # e.g. sevens (§3.2 Mexican, §3.5)
    if by_rank is not None:
        return by_rank
    if info.rank == 12 and rules.aces_canasta_bonus[0]:
        return rules.aces_canasta_bonus[0] if info.natural else rules.aces_canasta_bonus[1]
    return rules.natural_canasta_bonus if info.natural else rules.mixed_bonus(info.wilds)


@dataclass
class SideResult:
    """What one side had when a deal ended (the score keeper's input for a side).

    Attributes:
        melds: every meld on the table, canastas included, as lists of card types.
        red_threes: the red threes the side laid out.
        hand: every card left in the hands of the side's players.
        went_out: one of the side's players went out.
        concealed: he went out concealed (RULES.md §1.9).
        penalties: points to subtract for irregularities at a real table (>= 0).
        concealed_kind: where ``rules.concealed_scale`` is set (Spanish), which kind of
            concealed going out it was, one of :data:`CONCEALED_KINDS` ('' otherwise).
        black_threes_removed: black threes the side took in piles and removed from play
            (``black3_from_pile_removed``, Cuban §3.2).
        ask_failed: times a player of the side was told "yes" and could not go out
            (``ask_fail_penalty`` each, Spanish §3.3 b).
        four_black_threes_held: one player of the side held four black threes at the end
            (``black3_all_in_hand_penalty``, Spanish §3.3 b).
        lone_hand: see below (cutthroat).
    """

    melds: list[list[int]] = field(default_factory=list)
    red_threes: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    went_out: bool = False
    concealed: bool = False
    penalties: int = 0
    concealed_kind: str = ""
    black_threes_removed: list[int] = field(default_factory=list)
    ask_failed: int = 0
    four_black_threes_held: bool = False
    lone_hand: bool = False
    """Cutthroat (§3.1): this player first took the discard pile, or went out before anyone took it;
    the other players are then one partnership for the deal's scoring."""


BREAKDOWN_ITEMS: tuple[tuple[str, str, bool], ...] = (
    ("canastas", "Canasta bonuses", False),
    ("premiums", "Premiums", True),
    ("red_threes", "Red threes", False),
    ("going_out", "Going out", False),
    ("concealed", "Concealed", True),
    ("black_threes", "Black threes removed", True),
    ("melded_cards", "Melded cards", False),
    ("hand_cards", "Cards left in hand", False),
    ("penalties", "Penalties", True),
)
"""Point items of a breakdown in display order: (key, label for people, shown only when non-zero).

Their values add up to the deal's score; keys a variant does not use are absent from its breakdowns.
"""


@dataclass(frozen=True)
class SideScore:
    """Score of one side for one deal: ``total`` points and a ``breakdown`` by item.

    Breakdown keys (points unless said): ``canastas`` (bonuses), ``natural_canastas``
    and ``mixed_canastas`` and ``wild_canastas`` (counts), ``red_threes``,
    ``going_out``, ``concealed``, ``melded_cards``, ``hand_cards`` (<= 0),
    ``penalties`` (<= 0). Only in variants that have them: ``premiums`` (canasta-count
    premiums and the four-black-threes premium, Spanish §3.3 b) and ``black_threes``
    (black threes removed from taken piles, Cuban §3.2); ``sequence_canastas`` (count,
    where ``rules.sequences``, §3.2); ``mixed_sequence_canastas`` (count of those holding a
    wild card, where ``rules.sequence_wild_max``, Hollywood §3.2).
    """

    total: int
    breakdown: dict[str, int]


def hand_value(rules: Rules, cards: Sequence[int]) -> int:
    """Points the cards left in a hand cost (positive number), black threes at their penalty; four
    black threes or more cost ``black3_side_set_total`` together where it is set (§3.4: 1600)."""
    vals = rules.card_values
    pen = rules.black3_hand_penalty
    total = sum(pen if (c >> 2 == THREE and c != JOKER) else vals[c] for c in cards)
    if rules.rank_hand_penalties:  # e.g. a seven in hand -500 (§3.5 escalator, S4 l.69)
        for c in cards:
            p = rank_hand_penalty(rules, c)
            if p is not None:
                total += p - vals[c]
    if rules.black3_side_set_total:
        b3 = sum(1 for c in cards if c >> 2 == THREE and c != JOKER)
        if b3 >= BLACK3_SET:
            total += rules.black3_side_set_total - BLACK3_SET * pen
    return total


def _meld_value(rules: Rules, info: MeldInfo, cards: Sequence[int]) -> int:
    """Card values of a meld in points; where ``canasta_beyond_seven_flat`` is set, a canasta's
    cards beyond its seven highest-valued ones score that flat total instead (§3.4, S2 l.184-185)."""
    vals = rules.card_values
    if not (rules.canasta_beyond_seven_flat and info.canasta and len(cards) > 7):
        return sum(vals[c] for c in cards)
    return sum(sorted((vals[c] for c in cards), reverse=True)[:7]) + rules.canasta_beyond_seven_flat


def meld_points(rules: Rules, cards: Sequence[int]) -> int:
    """Points a meld on the table scores for its side: its card values plus its canasta bonus, as
    :func:`score_side` counts them (wild, sequence, twos, sevens, aces canastas; the tiles' flat total
    beyond seven).

    Raises:
        ScoringError: ``cards`` are not a meld the rules allow.
    """
    info = classify_meld(rules, cards)
    return _meld_value(rules, info, cards) + canasta_bonus(rules, info, cards)


def score_side(rules: Rules, side: SideResult, name: str = "side") -> SideScore:
    """Score one side's deal (RULES.md §1.11, with the variant fields of §3.2, §3.3, §3.5).

    Raises:
        ScoringError: a meld the rules forbid, black threes melded without going
            out, a concealed going out without going out (or without its kind where
            the variant scores kinds), a red three in a hand, black threes removed
            in a variant that does not remove them, four black threes held that the
            hand does not show, a negative count.
    """
    bonus = 0
    melded = 0
    counts = {"natural": 0, "mixed": 0, "wild": 0, "sequence": 0, "mixed_sequence": 0, "natural_counted": 0}
    canastas = 0
    kinds: list[tuple[str, int]] = []  # (natural/mixed/wild, rank) of each canasta
    black3_melded = 0
    by_target: dict[int, list[tuple[Sequence[int], bool]]] = {}  # melds of a rank (or of wild cards): one per side
    infos: list[MeldInfo] = []  # what each meld is: every rule that looks at a meld's kind reads it here
    for cards in side.melds:
        try:
            info = classify_meld(rules, cards)
        except ScoringError as e:
            raise ScoringError(f"side {name}: {e}") from None
        infos.append(info)
        if info.kind == "sequence" and len(cards) > rules.sequence_max and not side.went_out:
            raise ScoringError(f"side {name}: meld [{' '.join(card_str(c) for c in cards)}] is a sequence of "
                               f"{len(cards)} cards; a sequence holds at most {rules.sequence_max} cards, more (up to "
                               f"{rules.sequence_out_max}) only when extended by the player going out (§3.2)")
        if info.kind != "sequence":
            by_target.setdefault(info.rank, []).append((cards, info.canasta))
        if info.kind == "black3" and rules.black3_melds_anytime and len(cards) > BLACK3_SET:
            raise ScoringError(f"side {name}: meld [{' '.join(card_str(c) for c in cards)}]: a set of black "
                               "threes has three or four cards (§3.5)")
        if info.kind == "black3" and not side.went_out and not rules.black3_melds_anytime:
            raise ScoringError(
                f"side {name}: meld [{' '.join(card_str(c) for c in cards)}]: black threes are "
                "melded only by the player going out (§1.8)"
            )
        melded += _meld_value(rules, info, cards)
        if info.kind == "black3":
            black3_melded += len(cards)
        if info.canasta:
            free = info.kind in ("wild", "twos")
            if not free or rules.wild_canastas_count:
                canastas += 1
                counts["natural_counted"] += 1 if info.natural and not free else 0
            if info.kind != "twos" or side.went_out or not rules.twos_canasta_bonus_needs_going_out:
                bonus += canasta_bonus(rules, info, cards)
            if free:
                kind = "wild"
            elif info.kind == "sequence":
                kind = "sequence"
            else:
                kind = "natural" if info.natural else "mixed"
            counts[kind] += 1
            if kind == "sequence" and not info.natural:
                counts["mixed_sequence"] += 1
            kinds.append((kind, info.rank if kind != "sequence" else -1))
    _check_one_meld_per_rank(rules, by_target, name)
    for c in side.hand:
        if is_red_three(c):
            raise ScoringError(f"side {name}: a red three in the hand; red threes are laid out (§1.3)")
    for c in side.red_threes:
        if not is_red_three(c):
            raise ScoringError(f"side {name}: {card_str(c)} listed among red threes is not a red three")
    if side.went_out and not rules.going_out_allowed:
        raise ScoringError(f"side {name}: went_out is set, but nobody goes out in this variant (§3.5)")
    if side.concealed and not side.went_out:
        raise ScoringError(f"side {name}: concealed is set but went_out is not")
    if side.went_out and canastas < rules.canastas_to_go_out:
        raise ScoringError(
            f"side {name} went out with {canastas} canasta(s); going out needs "
            f"{rules.canastas_to_go_out} (§1.9)"
        )
    _check_going_out_needs(rules, side, kinds, name)
    if side.went_out and counts["sequence"] < rules.sequence_canastas_to_go_out:
        raise ScoringError(
            f"side {name} went out with {counts['sequence']} sequence canasta(s); going out needs "
            f"{rules.sequence_canastas_to_go_out} (§3.2)"
        )
    red3 = red3_bonus(rules, len(side.red_threes), kinds)
    negative = {
        "no_meld": not side.melds,
        "no_canasta": canastas == 0,
        "lost_hand": not side.went_out,
        "never": False,
        "few_canastas": canastas < rules.canastas_to_go_out,
    }[rules.red3_negative_if]
    if rules.red3_needs_canasta_of and not kinds_met([rules.red3_needs_canasta_of], kinds):
        negative = True  # no canasta of that rank (Pennies from Heaven §3.5)
    if negative:
        red3 = -red3
    going_out = rules.going_out_bonus if side.went_out else 0
    concealed = _concealed(rules, side, name)
    hand = -hand_value(rules, side.hand) * (rules.never_opened_penalty_factor if not side.melds else 1)
    if rules.melds_negative_without_canasta and canastas == 0:
        melded = -melded  # melded but no canasta: the melds count against the side (§3.4, S2 l.187-188)
    if side.penalties < 0:
        raise ScoringError(f"side {name}: penalties are points to subtract, written as a positive number")
    penalties = -side.penalties - _variant_penalties(rules, side, name) - _short_sequences(
        rules, infos, side.melds)
    premiums = rules.canasta_count_bonus(canastas) + sum(
        b for at_least, b in rules.natural_canasta_count_bonuses if counts["natural_counted"] >= at_least)
    if black3_melded >= BLACK3_SET:
        premiums += rules.black3_all_melded_bonus
    black3 = _black_threes_removed(rules, side, name)
    breakdown = {
        "canastas": bonus,
        "natural_canastas": counts["natural"],
        "mixed_canastas": counts["mixed"],
        "wild_canastas": counts["wild"],
        "red_threes": red3,
        "going_out": going_out,
        "concealed": concealed,
        "melded_cards": melded,
        "hand_cards": hand,
        "penalties": penalties,
    }
    if rules.canasta_count_bonuses or rules.black3_all_melded_bonus or rules.natural_canasta_count_bonuses:
        breakdown["premiums"] = premiums
    if rules.black3_from_pile_removed:
        breakdown["black_threes"] = black3
    if rules.sequences:
        breakdown["sequence_canastas"] = counts["sequence"]
    if rules.sequence_wild_max:
        breakdown["mixed_sequence_canastas"] = counts["mixed_sequence"]  # of the sequence canastas (Hollywood)
    total = bonus + red3 + going_out + concealed + melded + hand + penalties + premiums + black3
    return SideScore(total, breakdown)


def _check_one_meld_per_rank(rules: Rules, by_target: Mapping[int, Sequence[tuple[Sequence[int], bool]]],
                             name: str) -> None:
    """Refuse a side with two melds of one rank (or two melds of wild cards, of twos, of black threes): a side
    has one meld of each (§1.5); where ``several_melds_per_rank`` (Samba §3.2) it starts another only once
    every meld it has of that rank is a canasta, so at most one of them is not a canasta. A sheet that splits
    a meld in two would otherwise miss (or invent) a canasta.

    Args:
        by_target: per rank index (-1 for melds of wild cards), the side's melds of it and whether each
            is a canasta.

    Raises:
        ScoringError: names the two melds and says to write them as one.
    """
    several = rules.several_melds_per_rank
    for rank, melds in by_target.items():
        clash = [m for m, canasta in melds if not canasta] if several else [m for m, _ in melds]
        if len(clash) < 2:
            continue
        what = "wild cards" if rank < 0 else f"{RANKS[rank]}s"
        shown = " and ".join("[" + " ".join(card_str(c) for c in m) + "]" for m in clash[:2])
        rule = ("a side starts another meld of a rank only once its meld of it is a canasta (§3.2)" if several
                else "a side has one meld of each rank (§1.5)")
        raise ScoringError(f"side {name}: two melds of {what} {shown}; {rule}: write them as one meld")


def _check_going_out_needs(rules: Rules, side: SideResult, kinds: Sequence[tuple[str, int]], name: str) -> None:
    """Refuse a side that went out without the red threes (``red3_to_go_out``, Mexican §3.2) or
    the kinds of canasta (``going_out_canastas``, Pennies from Heaven §3.5) going out needs.

    Raises:
        ScoringError: names what is missing.
    """
    if not side.went_out:
        return
    if len(side.red_threes) < rules.red3_to_go_out:
        raise ScoringError(f"side {name} went out with {len(side.red_threes)} red three(s); going out needs "
                           f"{rules.red3_to_go_out} (§3.2)")
    if not kinds_met(rules.going_out_canastas, kinds):
        raise ScoringError(f"side {name} went out without " + ", ".join(missing_kinds(rules.going_out_canastas, kinds))
                           + " (§3.5)")


def _concealed(rules: Rules, side: SideResult, name: str) -> int:
    """Extra points for going out concealed: ``concealed_bonus``, or where ``concealed_scale`` is set
    the scale's value for ``side.concealed_kind`` minus ``going_out_bonus`` (the scale replaces both,
    RULES.md §3.3 b).

    Raises:
        ScoringError: an unknown kind, a kind without ``concealed``, no kind where the scale needs one,
            or a kind using the partner's melds where the variant does not allow it.
    """
    kind = side.concealed_kind
    if kind and kind not in CONCEALED_KINDS:
        raise ScoringError(f"side {name}: concealed_kind {kind!r} is not one of {', '.join(CONCEALED_KINDS)}")
    if kind and not side.concealed:
        raise ScoringError(f"side {name}: concealed_kind is set but concealed is not")
    if not side.concealed:
        return 0
    scale = rules.concealed_scale
    if not scale:
        if kind.endswith("_with_partner"):
            raise ScoringError(f"side {name}: in {rules.name} a concealed going out may not add to the "
                               "partner's melds (§1.9); set concealed to false")
        return rules.concealed_bonus
    if not kind:
        raise ScoringError(f"side {name}: {rules.name} scores a concealed going out by its kind: give "
                           f"concealed_kind, one of {', '.join(CONCEALED_KINDS)} (§3.3 b)")
    return scale[CONCEALED_KINDS.index(kind)] - rules.going_out_bonus


def _short_sequences(rules: Rules, infos: Sequence[MeldInfo], melds: Sequence[Sequence[int]]) -> int:
    """Points (>= 0) lost for the side's sequences shorter than ``short_sequence_below`` cards
    (``short_sequence_penalty`` each, Brazilian §3.2 [H, R]; S0 l.301 "unfinished ladder").

    Only a meld that :func:`classify_meld` read as a sequence (cards of one suit in a row) is charged: a meld of
    one rank holding a two or a joker (``QH QS QD 2D``) and a meld of wild cards are not sequences, though their
    cards are of several ranks (issue #13).

    Args:
        infos: what each meld of ``melds`` is, in the same order.
    """
    if not rules.short_sequence_penalty:
        return 0
    short = sum(1 for info, cards in zip(infos, melds, strict=True)
                if info.kind == "sequence" and len(cards) < rules.short_sequence_below)
    return short * rules.short_sequence_penalty


def _variant_penalties(rules: Rules, side: SideResult, name: str) -> int:
    """Points (>= 0) lost for a failed "may I go out?" and four black threes held (S1, §3.3 b).

    Raises:
        ScoringError: a negative ask_failed, or four black threes held that the hand does not show.
    """
    if side.ask_failed < 0:
        raise ScoringError(f"side {name}: ask_failed counts failed asks, 0 or more, not {side.ask_failed}")
    lost = side.ask_failed * rules.ask_fail_penalty
    if side.four_black_threes_held:
        held = sum(1 for c in side.hand if is_black_three(c))
        if held < BLACK3_SET:
            raise ScoringError(f"side {name}: four_black_threes_held is set but the hand shows {held} "
                               "black three(s)")
        lost += rules.black3_all_in_hand_penalty
    return lost


def _black_threes_removed(rules: Rules, side: SideResult, name: str) -> int:
    """Bonus for the black threes the side removed from taken piles (``black3_removed_values``, §3.2 Cuban).

    Raises:
        ScoringError: the variant does not remove black threes, or a listed card is not a black three.
    """
    removed = side.black_threes_removed
    if not removed:
        return 0
    if not (rules.black3_from_pile_removed or rules.black3_set_leaves_play):
        raise ScoringError(f"side {name}: black_threes_removed is only for variants where black threes leave "
                           "play (black3_from_pile_removed, Cuban §3.2; black3_set_leaves_play, §3.4)")
    for c in removed:
        if not is_black_three(c):
            raise ScoringError(f"side {name}: {card_str(c)} listed among black_threes_removed is not a black three")
    return rules.black3_removed_bonus(len(removed))


def score_deal(rules: Rules, sides: Mapping[str, SideResult]) -> dict[str, SideScore]:
    """Score every side of one finished deal.

    Args:
        rules: the variant.
        sides: what each side (each player in a 3-player game) had, by name. Cutthroat
            (RULES.md §3.1): where one entry is the ``lone_hand``, the other entries are one
            partnership: their melds, hands, going out and penalties are scored together, and
            each partner receives that total plus (or minus) his own red threes [H, R].

    Raises:
        ScoringError: a side marked concealed that did not go out (or with a concealed_kind but not
            concealed), two sides went out, two lone hands, a lone hand where the rules are not
            cutthroat, or :func:`score_side` refuses a side.
    """
    for name, s in sides.items():  # each entry on its own, before cutthroat partners are combined
        _check_concealed_flags(name, s)
    out = [n for n, s in sides.items() if s.went_out]
    if len(out) > 1:
        raise ScoringError(f"sides {' and '.join(out)} both went out; only one player goes out in a deal")
    lone = [n for n, s in sides.items() if s.lone_hand]
    if len(lone) > 1:
        raise ScoringError(f"sides {' and '.join(lone)} are both marked lone_hand; a cutthroat deal has one")
    if lone:
        return _score_lone_hand(rules, sides, lone[0])
    return {name: score_side(rules, s, name) for name, s in sides.items()}


def _check_concealed_flags(name: str, side: SideResult) -> None:
    """Refuse ``concealed`` on a side that did not go out, and ``concealed_kind`` without ``concealed``.

    Checked for every entry of a deal as given, whatever the number of players or the variant: in
    cutthroat the partner of the temporary alliance who did not go out cannot bring a concealed bonus
    to the partnership (RULES.md §1.9, §3.1).

    Raises:
        ScoringError: one line naming the side.
    """
    if side.concealed and not side.went_out:
        raise ScoringError(f"side {name}: concealed is set but went_out is not; only the player who went out "
                           "can go out concealed (§1.9)")
    if side.concealed_kind and not side.concealed:
        raise ScoringError(f"side {name}: concealed_kind is set but concealed is not")


def _score_lone_hand(rules: Rules, sides: Mapping[str, SideResult], lone: str) -> dict[str, SideScore]:
    """Cutthroat scoring (§3.1): the lone hand alone, each partner the partnership's result with
    his own red threes (plus or minus by whether the partnership melded) [H, R].

    Raises:
        ScoringError: not a cutthroat variant, ``lone`` unknown, or :func:`score_side` refuses.
    """
    if not rules.cutthroat:
        raise ScoringError(f"side {lone}: lone_hand is only for cutthroat (§3.1), not {rules.spec()}")
    partners = [sides[n] for n in sides if n != lone]
    kinds = [p.concealed_kind for p in partners if p.concealed_kind]
    team = SideResult(
        melds=[m for p in partners for m in p.melds],
        hand=[c for p in partners for c in p.hand],
        went_out=any(p.went_out for p in partners),
        concealed=any(p.concealed for p in partners),
        penalties=sum(p.penalties for p in partners),
        concealed_kind=kinds[0] if kinds else "",
        black_threes_removed=[c for p in partners for c in p.black_threes_removed],
        ask_failed=sum(p.ask_failed for p in partners),
        four_black_threes_held=any(p.four_black_threes_held for p in partners),
    )
    out = {}
    for name, s in sides.items():
        own = s if name == lone else dataclasses.replace(team, red_threes=list(s.red_threes))
        out[name] = score_side(rules, own, name)
    return out


def winner(rules: Rules, totals: Mapping[str, int], went_out: str | None = None) -> str | None:
    """The side that has won the game with these cumulative ``totals``, or None.

    A game ends at the end of a deal in which a side reaches ``rules.target``;
    the highest total wins (RULES.md §1.12). A tie on top gives None (another
    deal is played) unless ``rules.tie == "shared"``, where the first tied side
    in order is reported. Where ``rules.win_requires_going_out`` (§3.4, S2 l.53-56)
    the game ends only when ``went_out``, the side that went out in the last deal,
    is at or above the target, and that side wins.
    """
    if rules.win_requires_going_out:
        return went_out if went_out is not None and totals.get(went_out, 0) >= rules.target else None
    if not totals or max(totals.values()) < rules.target:
        return None
    best = max(totals.values())
    leaders = [n for n, t in totals.items() if t == best]
    if len(leaders) > 1 and rules.tie == "another_deal":
        return None
    return leaders[0]
