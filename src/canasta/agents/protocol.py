"""What every computer player is: the :class:`Agent` protocol, the optional ``observe`` hook and the
helpers a player's ``select`` and the game loops share.

This module imports no bot: the bots import it, and :mod:`canasta.agents.registry` imports the bots.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from canasta.agents.heuristic_weights import DEFAULT_WEIGHTS
from canasta.agents.special_plan import keeps_straight_three
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECLARE_ID, LAYOUT_ID
from canasta.moves.notation import Move

if TYPE_CHECKING:
    from canasta.engine.deal import Deal


class Agent(Protocol):
    """A computer player.

    ``select`` receives the seat's view (or None when ``needs_view`` is False,
    which spares building it) and the ids of the legal moves, and returns one of
    those ids. Agents never see the full state.

    An agent may also define ``observe(view, seat, move)`` (see :func:`observe_all`):
    the game loops that support it (``canasta.play.match``, the arena, terminal play)
    call it for every seat's agent once when a deal is dealt (``seat == -1``,
    ``move is None``) and after every move, with the observer's own view after the
    move, the seat that moved and the move as applied. Every field of a
    :class:`~canasta.moves.notation.Move` is public at the table (a ``draw`` carries no
    card), so this gives an agent the public history without any hidden card.
    Agents without ``observe`` keep working unchanged.

    An agent whose ``select`` returns the only legal move without reading the view may set
    ``needs_view_when_forced = False``: the loops of :mod:`canasta.play.match` then pass None instead of building
    a view when there is one legal move. Without the attribute the view is always built (``needs_view``).

    An agent that needs only the public facts after a move, not its whole view, may define
    ``observe_public(facts, own_view, seat, move)`` instead (see :class:`PublicFacts`): the loops then build
    one :class:`PublicFacts` per move for all such agents rather than a view per agent, and ``own_view()``
    builds the observer's own view where it needs one (a new deal, a deal joined in the middle).
    """

    name: str
    needs_view: bool

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id from ``legal`` (never empty)."""
        ...


Factory = Callable[..., Agent]
"""Builds an agent: ``factory(seed, **options)``."""

def view_or_forced(view: PlayerView | None, legal: Sequence[int], who: str) -> PlayerView | int:
    """The checks at the top of a view-reading agent's ``select``.

    Returns:
        The only legal id when there is one (nothing to decide), ``declare`` where it is legal (a special hand
        laid down, worth 2000 to 8500 points or the game: more than play could bring, MAC A.11), ``layout`` where
        the seat lays out the three it holds back for the Straight (MAC A.3,
        :func:`canasta.agents.special_plan.keeps_straight_three` with the default weights), else ``view`` (the
        caller then chooses among :func:`without_layout` of ``legal``).

    Raises:
        ValueError: ``legal`` is empty, or ``view`` is None when there is a choice (``who``, e.g.
            "the hard player", needs the seat's view).
    """
    if not legal:
        raise ValueError("no legal move to choose from")
    if len(legal) == 1:
        return legal[0]
    if DECLARE_ID in legal:
        return DECLARE_ID
    if view is None:
        raise ValueError(f"{who} needs the seat's view")
    if LAYOUT_ID in legal and not keeps_straight_three(view, DEFAULT_WEIGHTS):
        return LAYOUT_ID
    return view


def without_layout(legal: Sequence[int]) -> Sequence[int]:
    """``legal`` without ``layout`` (the three held back for the Straight laid out, MAC A.3): what a view-reading
    agent chooses among once :func:`view_or_forced` returned the view (the seat holds on to its three)."""
    return legal if LAYOUT_ID not in legal else [a for a in legal if a != LAYOUT_ID]


class PublicFacts:
    """The public facts of a deal after a move, the same for every seat (what every player at the table sees):
    the fields of :class:`~canasta.engine.view.PlayerView` with the same names and values, without any hand.

    Attributes:
        dealer, turn_number: the deal's dealer and the engine's turn number.
        scores, minimums: the sides' scores before the deal and their initial meld minimums (points, §1.6).
        hand_sizes: cards in each seat's hand.
        pile_top, pile_size: the top of the discard pile (a card type, None when empty) and its size.
        pile_cards: the whole pile, bottom first, where the rules show it (``rules.pile_visible``), else None.
        stock_size: cards left in the stock.
        pending_pile: pile cards set aside while the player makes his initial meld (§1.6).
    """

    __slots__ = ("dealer", "turn_number", "scores", "minimums", "hand_sizes", "pile_top", "pile_size", "pile_cards",
                 "stock_size", "pending_pile")

    def __init__(self, deal: Deal):
        pile = deal.pile
        self.dealer = deal.dealer
        self.turn_number = deal.turn_no
        self.scores = tuple(deal.scores)
        self.minimums = tuple(deal.minimum)
        self.hand_sizes = tuple(deal.hand_sizes)
        self.pile_top: int | None = pile[-1] if pile else None
        self.pile_size = len(pile)
        self.pile_cards: tuple[int, ...] | None = tuple(pile) if deal.rules.pile_visible else None
        self.stock_size = len(deal.stock)
        self.pending_pile = len(deal.pending)


class PublicHook:
    """An agent's ``observe_public`` hook as :func:`observers` lists it (called by :func:`observe_all` with one
    :class:`PublicFacts` per move); called directly with a view, it passes the view as the facts (a
    :class:`~canasta.engine.view.PlayerView` has the same fields)."""

    __slots__ = ("hook", "_deal", "_seat", "_own")

    def __init__(self, hook: Callable[..., None]):
        self.hook = hook
        self._deal: Deal | None = None
        self._seat = -1
        self._own: Callable[[], PlayerView] | None = None

    def own_view(self, deal: Deal, seat: int) -> Callable[[], PlayerView]:
        """A function building ``seat``'s view of ``deal`` when called (the same one while the deal and the seat
        stay the same)."""
        own = self._own
        if own is None or self._deal is not deal or self._seat != seat:
            own = self._own = _own_view(deal, seat)
            self._deal = deal
            self._seat = seat
        return own

    def __call__(self, view: PlayerView, seat: int, move: Move | None) -> None:
        self.hook(view, lambda: view, seat, move)


def observers(agents: Sequence[Agent] | Mapping[int, Agent]) -> list[tuple[int, Callable[..., None]]]:
    """The ``(seat, observe)`` pairs of the agents that define ``observe`` or ``observe_public`` (seat order;
    ``observe_public`` wrapped in a :class:`PublicHook`)."""
    items: Iterable[tuple[int, Agent]] = (agents.items() if isinstance(agents, Mapping)
                                          else enumerate(agents))
    out: list[tuple[int, Callable[..., None]]] = []
    for seat, agent in sorted(items, key=lambda pair: pair[0]):
        public = getattr(agent, "observe_public", None)
        observe = getattr(agent, "observe", None)
        if callable(public):
            out.append((seat, PublicHook(public)))
        elif callable(observe):
            out.append((seat, observe))
    return out


def observe_all(obs: Sequence[tuple[int, Callable[..., None]]], deal: Deal, seat: int,
                move: Move | None) -> None:
    """Call every observer with its own seat's view of ``deal``, the seat that moved and the move; a
    :class:`PublicHook` with the deal's :class:`PublicFacts` (built once for all of them) and a function
    building its own view.

    ``seat == -1`` and ``move is None`` announce a new deal. ``obs`` comes from :func:`observers`.
    """
    facts: PublicFacts | None = None
    for observer_seat, observe in obs:
        if type(observe) is PublicHook:
            if facts is None:
                facts = PublicFacts(deal)
            observe.hook(facts, observe.own_view(deal, observer_seat), seat, move)
        else:
            observe(deal.view(observer_seat), seat, move)


def _own_view(deal: Deal, seat: int) -> Callable[[], PlayerView]:
    """A function building ``seat``'s view of ``deal`` when called."""
    return lambda: deal.view(seat)
