"""Facts about a :class:`~canasta.engine.deal.PlayerView` that front ends show, as plain data (no words).

The terminal (:mod:`canasta.cli.display`) and the browser (:mod:`canasta.web.protocol`) both
show what a variant adds to the table; these pure functions decide *what* is shown, each front
end says it in its own way (Rich text in English; translated texts in the browser).

Rules: a joly discard blocking the pile (``joker_discard_blocks_round``, RULES.md §3.4), a rank
that blocks the pile when on top (``pile_blocking_rank``, Mexican §3.2), the extra cards a side
still receives (``extra_cards``, Mexican §3.2 / Pennies from Heaven §3.5), and what an initial
meld needs (minimum count §1.6 with the opening rules of §3.4 and the canasta of Brazilian §3.2,
:mod:`canasta.engine.constraints.initial_meld`).
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from canasta.cards.deck import JOKER, RANKS
from canasta.engine.constraints.initial_meld import added_requirement, count_requirement
from canasta.engine.deal import PlayerView
from canasta.rules.fields import Rules


def pile_blocked_by_joly(view: PlayerView) -> bool:
    """Whether a discarded joly blocks the pile now (nobody takes it up to turn
    ``view.pile_blocked_until`` included, ``joker_discard_blocks_round``, §3.4)."""
    return view.pile_blocked_until > 0 and view.pile_blocked_until >= view.turn_number


def pile_blocking_rank(view: PlayerView) -> str:
    """The rank on top of the pile that blocks it for everyone (``pile_blocking_rank``, e.g. ``7``
    in Mexican Canasta §3.2), or '' if the top card does not block it."""
    block = view.rules.pile_blocking_rank
    top = view.pile_top
    if block and top is not None and top < JOKER and RANKS[top >> 2] == block:
        return block
    return ""


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
@dataclass(frozen=True)
class ExtraCards:
    """Extra cards the viewing seat's side still receives (``extra_cards``).

    Attributes:
        source: ``stock`` (the side's melder draws them from the stock, Mexican §3.2) or
            ``packet`` (the seat's own face-down packet, Pennies from Heaven §3.5).
        count: number of cards.
        when: ``initial_meld`` or ``first_canasta`` (``Rules.extra_cards_when``).
    """

    source: str
    count: int
    when: str


def extra_cards_due(view: PlayerView) -> ExtraCards | None:
    """What the viewing seat's side still receives, or None (none in the variant, or already received)."""
    rules = view.rules
    if not rules.extra_cards:
        return None
    if rules.extra_cards_from == "stock":
        if rules.extra_cards_once_per_deal and any(view.extra_cards_done):
            return None  # the first player at the table had them (§3.5 escalator)
        if view.extra_cards_done and not view.extra_cards_done[view.side]:
            return ExtraCards("stock", rules.extra_cards, rules.extra_cards_when)
        return None
    if view.packet_sizes and 0 <= view.seat < len(view.packet_sizes) and view.packet_sizes[view.seat]:
        return ExtraCards("packet", view.packet_sizes[view.seat], rules.extra_cards_when)
    return None


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
@dataclass(frozen=True)
class OpeningNeed:
    """What the initial meld of a side needs (the parts of
    :func:`canasta.engine.constraints.initial_meld.opening_need`).

    Attributes:
        requirement: '' (a minimum count), ``canasta`` or ``natural_canasta`` (no count then).
        minimum: the minimum count in points (meaningful when ``requirement`` is '').
        no_wild: the initial meld may hold no wild card (``min_meld_no_wild_below``).
        or_canasta: a complete canasta opens without the count (``opening_canasta_waives_minimum``).
        or_wild_meld: a meld of wild cards opens without the count (``opening_wild_meld_waives_minimum``).
        with_canasta: '' or the canasta (``canasta``, ``natural_canasta``) the initial meld must include,
            completed that turn, on top of the count (``min_meld_canasta_from``, Brazilian §3.2).
    """

    requirement: str
    minimum: int
    no_wild: bool
    or_canasta: bool
    or_wild_meld: bool
    with_canasta: str = ""


def opening_parts(rules: Rules, score: int, minimum: int) -> OpeningNeed:
    """What a side at cumulative ``score`` (points) with minimum count ``minimum`` needs to open (§1.6, §3.4)."""
    req = count_requirement(rules, score)
    return OpeningNeed(req, minimum, not req and not rules.opening_allows_wild(score),
                       not req and rules.opening_canasta_waives_minimum, rules.opening_wild_meld_waives_minimum,
                       added_requirement(rules, score))
