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
from canasta.moves.notation import WILD_TARGET
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


# ------------------------------------------------- Modern American Canasta and Hand and Foot (RULES_AMERICAN.md)

@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
@dataclass(frozen=True)
class TurnCard:
    """The turn card of Modern American Canasta (``turn_card_from_bottom``, RULES_AMERICAN.md A.2): a stock card
    lying crosswise, face down; talons are earned only before it is drawn.

    Attributes:
        from_bottom: its place in the stock, counted from the bottom (9 by default).
        above: stock cards still above it (0: it is the next card drawn); 0 once drawn.
        drawn: it has left the stock: no talon is earned any more.
        talons: per side, the cards of the talon it would earn by opening from its hand now (0: none, it has
            opened or the turn card is drawn); sizes by the sides that opened before it (``talon_sizes``).
    """

    from_bottom: int
    above: int
    drawn: bool
    talons: tuple[int, ...]


def turn_card(view: PlayerView) -> TurnCard | None:
    """Where the turn card is (A.2), or None where the rules have no talon (``talon_sizes`` empty)."""
    rules = view.rules
    place = rules.turn_card_from_bottom
    if not rules.talon_sizes:
        return None
    drawn = view.stock_size < place
    opened = sum(1 for o in view.opened if o)
    sizes = rules.talon_sizes
    talons = tuple(0 if drawn or view.opened[s] or opened >= len(sizes) else sizes[opened]
                   for s in range(len(view.opened)))
    return TurnCard(place, 0 if drawn else view.stock_size - place, drawn, talons)


def talons_waiting(view: PlayerView) -> tuple[int, ...]:
    """Per seat, the cards of a talon earned and waiting face down for his next turn (A.2: they join his hand
    before his draw; their faces stay hidden), or () where the rules have no talon."""
    if not view.rules.talon_sizes:
        return ()
    return tuple(view.packet_sizes) if view.packet_sizes else (0,) * len(view.hand_sizes)


def feet_waiting(view: PlayerView) -> tuple[int, ...]:
    """Per seat, the cards of his foot still face down (0: he has picked it up, B.9), or () where the rules
    have no foot (``has_foot``: Hand and Foot)."""
    if not view.rules.has_foot:
        return ()
    return tuple(view.packet_sizes) if view.packet_sizes else (0,) * len(view.hand_sizes)


def dead_ranks(view: PlayerView) -> tuple[str, ...]:
    """Ranks closed by a canasta of either side, lowest first (``dead_ranks``, MAC A.6: nobody starts or extends
    a meld of one, nor takes a pile topped by one), read from the melds on the table; () elsewhere."""
    if not view.rules.dead_ranks:
        return ()
    ranks = {m.target for side in view.melds for m in side if m.canasta and m.span is None and 2 <= m.target <= 12}
    return tuple(RANKS[r] for r in sorted(ranks))


CANASTA_KINDS = ("natural", "mixed", "wild", "sevens", "aces")
"""Kinds of :func:`canasta_counts`: natural (Hand and Foot's clean book), mixed (dirty book), of wild cards,
and, where the rules price them apart (MAC A.8), of sevens and of aces (counted also as natural or mixed)."""


def shows_kinds(rules: Rules) -> bool:
    """Whether a table shows each side's canastas by kind (:func:`canasta_counts`): where going out needs kinds
    of canasta (``going_out_canastas``: Hand and Foot's contract B.10, Pennies §3.5) or sevens and aces are priced
    apart (``incomplete_sevens_penalty``, ``incomplete_aces_penalty``: MAC A.8)."""
    return bool(rules.going_out_canastas or rules.incomplete_sevens_penalty or rules.incomplete_aces_penalty)


def canasta_counts(view: PlayerView, side: int) -> dict[str, int]:
    """``side``'s canastas (books) by kind (:data:`CANASTA_KINDS`), rank canastas split natural / mixed,
    canastas of wild cards apart; ``sevens`` and ``aces`` only where the rules penalise them incomplete
    (``incomplete_sevens_penalty``, ``incomplete_aces_penalty``: MAC A.8). Sequence canastas are not counted."""
    rules = view.rules
    out = {"natural": 0, "mixed": 0, "wild": 0}
    if rules.incomplete_sevens_penalty:
        out["sevens"] = 0
    if rules.incomplete_aces_penalty:
        out["aces"] = 0
    for m in view.melds[side]:
        if not m.canasta or m.span is not None:
            continue
        if m.target == WILD_TARGET:
            out["wild"] += 1
            continue
        out["natural" if m.natural else "mixed"] += 1
        rank = RANKS[m.target] if 0 <= m.target < len(RANKS) else ""
        if rank == "7" and "sevens" in out:
            out["sevens"] += 1
        elif rank == "A" and "aces" in out:
            out["aces"] += 1
    return out


def round_minimum(rules: Rules, deal_number: int) -> tuple[int, int, int] | None:
    """(round from 1, rounds, minimum count in points) of the deal ``deal_number`` (1-based) where the rules
    set the minimum by round (``round_minimums``, Hand and Foot B.8: 50/90/120/150); None elsewhere.
    ``rounds`` is 0 where the game ends at a target score."""
    if not rules.round_minimums:
        return None
    n = max(deal_number, 1)
    return n, rules.rounds, rules.min_meld(0, n - 1)
