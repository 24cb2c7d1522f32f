"""What every computer player is: the :class:`Agent` protocol, the optional ``observe`` hook and the
helpers a player's ``select`` and the game loops share.

This module imports no bot: the bots import it, and :mod:`canasta.agents.registry` imports the bots.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from canasta.engine.deal import PlayerView
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
        The only legal id when there is one (nothing to decide), else ``view``.

    Raises:
        ValueError: ``legal`` is empty, or ``view`` is None when there is a choice (``who``, e.g.
            "the hard player", needs the seat's view).
    """
    if not legal:
        raise ValueError("no legal move to choose from")
    if len(legal) == 1:
        return legal[0]
    if view is None:
        raise ValueError(f"{who} needs the seat's view")
    return view


def observers(agents: Sequence[Agent] | Mapping[int, Agent]) -> list[tuple[int, Callable[..., None]]]:
    """The ``(seat, observe)`` pairs of the agents that define ``observe`` (seat order)."""
    items: Iterable[tuple[int, Agent]] = (agents.items() if isinstance(agents, Mapping)
                                          else enumerate(agents))
    out = []
    for seat, agent in sorted(items, key=lambda pair: pair[0]):
        observe = getattr(agent, "observe", None)
        if callable(observe):
            out.append((seat, observe))
    return out


def observe_all(obs: Sequence[tuple[int, Callable[..., None]]], deal: Deal, seat: int,
                move: Move | None) -> None:
    """Call every observer with its own seat's view of ``deal``, the seat that moved and the move.

    ``seat == -1`` and ``move is None`` announce a new deal. ``obs`` comes from :func:`observers`.
    """
    for observer_seat, observe in obs:
        observe(deal.view(observer_seat), seat, move)
