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

from canasta.cards.deck import RANKS, card_str, is_red_three
from canasta.rules.fields import Rules
from canasta.scoring.american import (
    check_threes,
    held_penalty,
    melds_penalty,
    score_special_hand,
    threes_points,
    with_player_hands,
)
from canasta.scoring.bonuses import (
    black_threes_removed_points,
    canasta_bonus,
    concealed_points,
    hand_value,
    meld_value,
    premium_points,
    red_three_points,
    short_sequence_penalty,
    variant_penalties,
)
from canasta.scoring.canasta_kinds import kinds_met, missing_kinds
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import MeldInfo, canasta_kind_of_meld, classify_meld
from canasta.scoring.sides import BLACK3_SET, SideResult, SideScore


@dataclasses.dataclass
class _MeldTally:
    """What a side's melds add up to, read once by :func:`_tally_melds` for :func:`score_side`.

    Attributes:
        bonus: canasta bonuses in points; melded: card values of the melds in points.
        counts: canastas by kind (natural, mixed, wild, sequence, mixed_sequence), and natural_counted
            (natural canastas that count for the premiums).
        canastas: canastas that count for going out and the premiums.
        kinds: (kind, rank index) of each canasta, for :mod:`canasta.scoring.canasta_kinds`.
        black3_melded: black threes melded.
        infos: what each meld is, in the order of the side's melds.
    """

    bonus: int = 0
    melded: int = 0
    counts: dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(
        ("natural", "mixed", "wild", "sequence", "mixed_sequence", "natural_counted"), 0))
    canastas: int = 0
    kinds: list[tuple[str, int]] = dataclasses.field(default_factory=list)
    black3_melded: int = 0
    infos: list[MeldInfo] = dataclasses.field(default_factory=list)


def _meld_info(rules: Rules, side: SideResult, cards: Sequence[int], name: str) -> MeldInfo:
    """What one meld of the side is, refused where the rules forbid it on the table at the end of a deal: a
    meld shape the rules forbid, a sequence past ``sequence_max`` without going out (§3.2), black threes
    melded without going out (§1.8) or a set of more than four (§3.5).

    Raises:
        ScoringError: names the side and the meld.
    """
    try:
        info = classify_meld(rules, cards)
    except ScoringError as e:
        raise ScoringError(f"side {name}: {e}") from None
    if info.kind == "sequence" and len(cards) > rules.sequence_max and not side.went_out:
        raise ScoringError(f"side {name}: meld [{' '.join(card_str(c) for c in cards)}] is a sequence of "
                           f"{len(cards)} cards; a sequence holds at most {rules.sequence_max} cards, more (up to "
                           f"{rules.sequence_out_max}) only when extended by the player going out (§3.2)")
    if info.kind == "black3" and not rules.black3_meld:
        raise ScoringError(f"side {name}: meld [{' '.join(card_str(c) for c in cards)}]: black threes are never "
                           f"melded in {rules.name} (black3_meld=false)")
    if info.kind == "black3" and rules.black3_melds_anytime and len(cards) > BLACK3_SET:
        raise ScoringError(f"side {name}: meld [{' '.join(card_str(c) for c in cards)}]: a set of black "
                           "threes has three or four cards (§3.5)")
    if info.kind == "black3" and not side.went_out and not rules.black3_melds_anytime:
        raise ScoringError(
            f"side {name}: meld [{' '.join(card_str(c) for c in cards)}]: black threes are "
            "melded only by the player going out (§1.8)"
        )
    return info


def _tally_melds(rules: Rules, side: SideResult, name: str) -> _MeldTally:
    """Read every meld of the side: card values, canasta bonuses, canastas by kind (RULES.md §1.5, §1.11).

    Raises:
        ScoringError: a meld :func:`_meld_info` refuses, or two melds of one rank (§1.5).
    """
    tally = _MeldTally()
    counts = tally.counts
    by_target: dict[int, list[tuple[Sequence[int], bool]]] = {}  # melds of a rank (or of wild cards): one per side
    for cards in side.melds:
        info = _meld_info(rules, side, cards, name)
        tally.infos.append(info)
        if info.kind != "sequence":
            by_target.setdefault(info.rank, []).append((cards, info.canasta))
        tally.melded += meld_value(rules, info, cards)
        if info.kind == "black3":
            tally.black3_melded += len(cards)
        if not info.canasta:
            continue
        free = info.kind in ("wild", "twos")
        if not free or rules.wild_canastas_count:
            tally.canastas += 1
            counts["natural_counted"] += 1 if info.natural and not free else 0
        if info.kind != "twos" or side.went_out or not rules.twos_canasta_bonus_needs_going_out:
            tally.bonus += canasta_bonus(rules, info, cards)
        kind = canasta_kind_of_meld(info)
        counts[kind] += 1
        if kind == "sequence" and not info.natural:
            counts["mixed_sequence"] += 1
        tally.kinds.append((kind, info.rank if kind != "sequence" else -1))
    _check_one_meld_per_rank(rules, by_target, name)
    return tally


def _check_side(rules: Rules, side: SideResult, tally: _MeldTally, name: str) -> None:
    """Refuse red threes in a hand or listed wrongly, and a going out the side could not make (§1.3, §1.9,
    §3.2, §3.5).

    Raises:
        ScoringError: names the side and what is wrong.
    """
    check_threes(rules, side, name)
    for c in side.hand:
        if is_red_three(c) and not rules.threes_by_colour and not rules.red3_hand_penalty:  # MAC A.1, A.10; H&F B.7
            raise ScoringError(f"side {name}: a red three in the hand; red threes are laid out (§1.3)")
    if side.red_threes and rules.red3_hand_penalty:
        raise ScoringError(f"side {name}: red threes laid out, but in {rules.name} they stay in the hand and count "
                           f"-{rules.red3_hand_penalty} each there (red3_hand_penalty, RULES_AMERICAN.md B.7)")
    for c in side.red_threes:
        if not is_red_three(c):
            raise ScoringError(f"side {name}: {card_str(c)} listed among red threes is not a red three")
    if side.went_out and not rules.going_out_allowed:
        raise ScoringError(f"side {name}: went_out is set, but nobody goes out in this variant (§3.5)")
    if side.concealed and not side.went_out:
        raise ScoringError(f"side {name}: concealed is set but went_out is not")
    if side.went_out and tally.canastas < rules.canastas_to_go_out:
        raise ScoringError(
            f"side {name} went out with {tally.canastas} canasta(s); going out needs "
            f"{rules.canastas_to_go_out} (§1.9)"
        )
    _check_going_out_needs(rules, side, tally.kinds, name)
    if side.went_out and tally.counts["sequence"] < rules.sequence_canastas_to_go_out:
        raise ScoringError(
            f"side {name} went out with {tally.counts['sequence']} sequence canasta(s); going out needs "
            f"{rules.sequence_canastas_to_go_out} (§3.2)"
        )


def score_side(rules: Rules, side: SideResult, name: str = "side") -> SideScore:
    """Score one side's deal (RULES.md §1.11, with the variant fields of §3.2, §3.3, §3.5).

    Raises:
        ScoringError: a meld the rules forbid, black threes melded without going
            out, a concealed going out without going out (or without its kind where
            the variant scores kinds), a red three in a hand, black threes removed
            in a variant that does not remove them, four black threes held that the
            hand does not show, a negative count.
    """
    side = with_player_hands(side, name)
    if side.special_hand:  # Modern American Canasta: the hand's value only (RULES_AMERICAN.md A.11)
        return score_special_hand(rules, side, name)
    tally = _tally_melds(rules, side, name)
    _check_side(rules, side, tally, name)
    counts, canastas, melded = tally.counts, tally.canastas, tally.melded
    red3 = red_three_points(rules, len(side.red_threes), tally.kinds, bool(side.melds), side.went_out)
    threes = threes_points(rules, side, canastas) if rules.threes_by_colour else 0  # by colour (MAC A.12)
    if rules.threes_by_colour:
        red3 = 0
    going_out = rules.going_out_bonus if side.went_out else 0
    concealed = concealed_points(rules, side, name)
    hand = -hand_value(rules, side.hand) * (rules.never_opened_penalty_factor if not side.melds else 1)
    if rules.melds_negative_without_canasta and canastas == 0:
        melded = -melded  # melded but no canasta: the melds count against the side (§3.4, S2 l.187-188)
    if side.penalties < 0:
        raise ScoringError(f"side {name}: penalties are points to subtract, written as a positive number")
    penalties = -side.penalties - variant_penalties(rules, side, name) - short_sequence_penalty(
        rules, tally.infos, side.melds)
    penalties -= melds_penalty(rules, side, tally.infos) + held_penalty(rules, side, name)  # MAC A.12
    premiums = premium_points(rules, canastas, counts["natural_counted"], tally.black3_melded)
    black3 = black_threes_removed_points(rules, side, name)
    cut = _exact_cut_points(rules, side, name)
    breakdown = {
        "canastas": tally.bonus,
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
    if rules.threes_by_colour:
        breakdown["threes"] = threes
    if rules.sequences:
        breakdown["sequence_canastas"] = counts["sequence"]
    if rules.sequence_wild_max:
        breakdown["mixed_sequence_canastas"] = counts["mixed_sequence"]  # of the sequence canastas (Hollywood)
    if rules.exact_cut_bonus:
        breakdown["exact_cut"] = cut
    total = tally.bonus + red3 + going_out + concealed + melded + hand + penalties + premiums + black3 + threes + cut
    return SideScore(total, breakdown)


def _exact_cut_points(rules: Rules, side: SideResult, name: str) -> int:
    """``exact_cut_bonus`` for each player of ``side`` who cut exactly his hand and foot (RULES_AMERICAN.md B.3).

    Raises:
        ScoringError: a negative count, more than the side's players, or exact cuts where the rules give none.
    """
    if side.exact_cuts < 0 or side.exact_cuts > rules.team_size:
        raise ScoringError(f"side {name}: exact_cuts counts players of the side, 0 to {rules.team_size}, "
                           f"not {side.exact_cuts}")
    if side.exact_cuts and not rules.exact_cut_bonus:
        raise ScoringError(f"side {name}: exact_cuts is given, but {rules.spec()} has no exact-cut bonus "
                           "(exact_cut_bonus=100 gives one)")
    return rules.exact_cut_bonus * side.exact_cuts


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


def score_deal(rules: Rules, sides: Mapping[str, SideResult]) -> dict[str, SideScore]:
    """Score every side of one finished deal.

    Args:
        rules: the variant.
        sides: what each side (each player in a 3-player game) had, by name. Cutthroat
            (RULES.md §3.1): where one entry is the ``lone_hand``, the other entries are one
            partnership: their melds, hands, going out and penalties are scored together, and
            each partner receives that total plus (or minus) his own red threes [H, R].

    >>> from canasta.cards.deck import parse_cards
    >>> classic = Rules.preset("classic")
    >>> us = SideResult(melds=[parse_cards("KH KS KD KC KH KS KD")], red_threes=parse_cards("3H"),
    ...                 hand=[], went_out=True)
    >>> them = SideResult(melds=[parse_cards("5H 5S 5D")], hand=parse_cards("AS JK"))
    >>> scores = score_deal(classic, {"us": us, "them": them})
    >>> scores["us"].total, scores["them"].total
    (770, -55)
    >>> scores["us"].breakdown["canastas"], scores["us"].breakdown["going_out"]
    (500, 100)

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
