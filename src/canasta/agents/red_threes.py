"""The red threes of a side as the bots count them: exactly as the deal's score does (RULES.md §1.3, §1.11;
Samba and Italian §3.2: negative without two canastas; Pennies from Heaven §3.5: negative without a canasta
of sevens; the escalator game's full set, §3.5).

The bots do not re-code the rule: :func:`side_red_threes` asks the scoring layer
(:func:`canasta.scoring.bonuses.red_three_points`).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.deal import PlayerView
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import red_three_points
from canasta.scoring.meld_shape import MeldInfo, canasta_kind_of_meld, classify_meld


def side_red_threes(rules: Rules, melds: Sequence[Sequence[int]], red_threes: Sequence[int], went_out: bool) -> int:
    """Points the red threes ``red_threes`` (card types) of a side with ``melds`` (card types of each meld on the
    table) score at the end of a deal, with their sign (negative where the side's melds do not earn them).

    Args:
        rules: the variant.
        melds: the side's melds, canastas included.
        red_threes: the red threes the side laid out.
        went_out: one of the side's players goes out (it matters where red threes count negative for the side that
            did not, ``red3_negative_if`` "lost_hand").

    Returns:
        The "red_threes" entry of :func:`canasta.scoring.deal_score.score_side`'s breakdown; 0 without red threes.
        In the middle of a turn that melds out, where the side does not yet have what going out asks for (with
        ``went_out``: too few canastas) or already has melds only going out allows (without it: black threes, a
        sequence past ``sequence_max``), it is counted as if the side did not go out, without those melds.
    """
    if not red_threes:
        return 0
    canastas = []
    melded = False
    for meld in melds:
        info = classify_meld(rules, meld)
        if not went_out and not _kept_without_going_out(rules, info, len(meld)):
            continue  # mid-turn, before the side goes out: scored as if it did not (see Returns)
        melded = True
        if info.canasta:
            kind = canasta_kind_of_meld(info)
            canastas.append((kind, info.rank if kind != "sequence" else -1))
    if went_out and sum(1 for kind, _ in canastas if kind != "wild" or rules.wild_canastas_count) < \
            rules.canastas_to_go_out:
        return side_red_threes(rules, melds, red_threes, False)  # too few canastas yet to go out
    return red_three_points(rules, len(red_threes), canastas, melded, went_out)


def _kept_without_going_out(rules: Rules, info: MeldInfo, size: int) -> bool:
    """Whether the scoring takes a meld (``info``, ``size`` cards) from a side that has not gone out (not black
    threes, not a sequence longer than ``sequence_max``, §1.8, §3.2)."""
    if info.kind == "black3":
        return rules.black3_melds_anytime
    return not (info.kind == "sequence" and size > rules.sequence_max)


def view_side_red_threes(view: PlayerView, side: int, went_out: bool) -> int:
    """:func:`side_red_threes` of ``side`` as ``view`` shows it (its melds and the red threes of its seats)."""
    melds = [meld.cards for meld in view.melds[side]]
    return side_red_threes(view.rules, melds, side_red_threes_laid(view, side), went_out)


def side_red_threes_laid(view: PlayerView, side: int) -> list[int]:
    """The red threes (card types) the seats of ``side`` have laid out, as ``view`` shows them."""
    return [card for seat in range(view.rules.players) if view.side_of(seat) == side
            for card in view.red_threes[seat]]
