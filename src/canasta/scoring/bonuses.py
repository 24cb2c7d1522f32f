"""What melds, red threes, going out and the cards left in hand are worth: canasta bonuses, card values,
red threes (signed), going out concealed, premiums, black threes removed and penalties (RULES.md §1.5,
§1.9, §1.11, §3.2-§3.5).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards.deck import JOKER, THREE, card_str, is_black_three, is_red_three
from canasta.rules.fields import Rules
from canasta.scoring.canasta_kinds import kinds_met
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import MeldInfo, classify_meld
from canasta.scoring.rank_kinds import rank_canasta_bonus, rank_hand_penalty, red3_bonus
from canasta.scoring.sides import BLACK3_SET, CONCEALED_KINDS, SideResult

SEVENS = 5
"""Rank index of the sevens (ranks 2..A from 0)."""
CLEAN_SEVENS_BOOK = 1500
"""Bonus of a clean (natural) book of sevens where ``special_book_bonuses=sevens`` (RULES_AMERICAN.md B.6
[drwingnut])."""
WILD_BOOK_LANDOWARE = 2500
"""Bonus of a wild book where ``special_book_bonuses=landoware`` (RULES_AMERICAN.md B.6 [landoware])."""


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
        if rules.special_book_bonuses == "landoware":
            return WILD_BOOK_LANDOWARE  # Hand and Foot's wild book (RULES_AMERICAN.md B.6 [landoware])
        jokers = sum(1 for c in cards if c == JOKER)
        if rules.twos_canasta_bonus and jokers == 0:
            return rules.twos_canasta_bonus
        if rules.jokers4_canasta_bonus and jokers >= 4:
            return rules.jokers4_canasta_bonus
        return rules.wild_canasta_bonus
    if rules.special_book_bonuses in ("sevens", "landoware") and info.rank == SEVENS and info.natural:
        return CLEAN_SEVENS_BOOK  # Hand and Foot's clean book of sevens (RULES_AMERICAN.md B.6)
    by_rank = rank_canasta_bonus(rules, info.rank, info.natural)  # e.g. sevens (§3.2 Mexican, §3.5)
    if by_rank is not None:
        return by_rank
    if info.rank == 12 and rules.aces_canasta_bonus[0]:
        return rules.aces_canasta_bonus[0] if info.natural else rules.aces_canasta_bonus[1]
    return rules.natural_canasta_bonus if info.natural else rules.mixed_bonus(info.wilds)


def meld_value(rules: Rules, info: MeldInfo, cards: Sequence[int]) -> int:
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

    >>> from canasta.cards.deck import parse_cards
    >>> classic = Rules.preset("classic")
    >>> meld_points(classic, parse_cards("KH KS KD"))
    30
    >>> meld_points(classic, parse_cards("KH KS KD KC KH KS 2C"))  # a mixed canasta: 300 + 80
    380

    Raises:
        ScoringError: ``cards`` are not a meld the rules allow.
    """
    info = classify_meld(rules, cards)
    return meld_value(rules, info, cards) + canasta_bonus(rules, info, cards)


def hand_value(rules: Rules, cards: Sequence[int]) -> int:
    """Points the cards left in a hand cost (positive number), black threes at their penalty, red threes at
    ``red3_hand_penalty`` where they are kept in hands (Hand and Foot, RULES_AMERICAN.md B.7); four
    black threes or more cost ``black3_side_set_total`` together where it is set (§3.4: 1600)."""
    vals = rules.card_values
    pen = rules.black3_hand_penalty
    total = sum(pen if (c >> 2 == THREE and c != JOKER) else vals[c] for c in cards)
    if rules.red3_hand_penalty:  # red threes kept in hands (and feet): each costs the penalty (RULES_AMERICAN B.7)
        total += sum(rules.red3_hand_penalty - pen for c in cards if is_red_three(c))
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


def concealed_points(rules: Rules, side: SideResult, name: str) -> int:
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


def short_sequence_penalty(rules: Rules, infos: Sequence[MeldInfo], melds: Sequence[Sequence[int]]) -> int:
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


def variant_penalties(rules: Rules, side: SideResult, name: str) -> int:
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


def black_threes_removed_points(rules: Rules, side: SideResult, name: str) -> int:
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


def red_three_points(rules: Rules, count: int, canastas: Sequence[tuple[str, int]], melded: bool,
                     went_out: bool) -> int:
    """Points (signed) of ``count`` red threes laid out by a side, as :func:`score_side` counts them
    (RULES.md §1.11, §3.1, §3.2 Samba and Italian, §3.5).

    The bonus is :func:`canasta.scoring.rank_kinds.red3_bonus` (``red3_values``, the full set paid only
    with the canastas ``red3_set_needs_canasta`` names); it counts against the side where
    ``red3_negative_if`` says so: ``no_meld`` (not ``melded``), ``no_canasta``, ``lost_hand`` (not
    ``went_out``), ``few_canastas`` (fewer canastas than ``canastas_to_go_out``, Samba, Italian) or
    ``never``, and where ``red3_needs_canasta_of`` names a rank the side has no canasta of (Pennies §3.5).

    Args:
        count: red threes the side laid out.
        canastas: the side's canastas as (kind, rank index) pairs, kind ``natural``, ``mixed``, ``wild``
            (a canasta of wild cards or of twos, rank -1) or ``sequence`` (rank -1). Canastas of wild cards
            count towards ``few_canastas`` and ``no_canasta`` only where ``wild_canastas_count``.
        melded: the side has melds on the table.
        went_out: one of the side's players went out.

    >>> samba = Rules.preset("samba")
    >>> red_three_points(samba, 2, [("natural", 11), ("mixed", 9)], True, False)
    200
    >>> red_three_points(samba, 2, [("natural", 11)], True, True)
    -200
    """
    counted = sum(1 for kind, _ in canastas if kind != "wild" or rules.wild_canastas_count)
    points = red3_bonus(rules, count, canastas)
    negative = {
        "no_meld": not melded,
        "no_canasta": counted == 0,
        "lost_hand": not went_out,
        "never": False,
        "few_canastas": counted < rules.canastas_to_go_out,
    }[rules.red3_negative_if]
    if rules.red3_needs_canasta_of and not kinds_met([rules.red3_needs_canasta_of], canastas):
        negative = True  # no canasta of that rank (Pennies from Heaven §3.5)
    return -points if negative else points


def premium_points(rules: Rules, canastas: int, natural_canastas: int, black3_melded: int) -> int:
    """Premiums in points for the number of canastas (``canasta_count_bonuses``, Spanish §3.3 b; Italian's
    ``natural_canasta_count_bonuses``, §3.2) and for melding four black threes (``black3_all_melded_bonus``).

    Args:
        canastas: canastas that count (``wild_canastas_count``); natural_canastas: those of them natural;
        black3_melded: black threes the side melded.
    """
    premiums = rules.canasta_count_bonus(canastas) + sum(
        b for at_least, b in rules.natural_canasta_count_bonuses if natural_canastas >= at_least)
    if black3_melded >= BLACK3_SET:
        premiums += rules.black3_all_melded_bonus
    return premiums
