"""The Agent protocol, the optional ``observe`` hook and the registry of computer players by spec.

A bot spec is a name, optionally with options in parentheses:
``random``, ``heuristic``, ``hard``, ``expert(ms=200)``, ``expert(iterations=500,seed_offset=3)``.
:func:`make_agent` reads it with :func:`parse_spec` and calls the factory registered
under the name with the seed and the options as keyword arguments.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

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


class RandomAgent:
    """Uniform choice among the legal moves, from its own seeded generator."""

    needs_view = False

    def __init__(self, seed: int | None = None):
        self.name = "random"
        self.rng = random.Random(seed)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        return legal[int(self.rng.random() * len(legal))]


Factory = Callable[..., Agent]
"""Builds an agent: ``factory(seed, **options)``."""

_REGISTRY: dict[str, Factory] = {"random": RandomAgent}
_OPTIONS: dict[str, tuple[str, ...]] = {}


def register(name: str, factory: Factory, options: Sequence[str] | None = None) -> None:
    """Add an agent factory under ``name``.

    A factory takes the seed (``int | None``) as first argument and, if the bot has
    options, keyword arguments for them (``expert(ms=200)`` calls ``factory(seed, ms=200)``).
    ``options`` names the options a factory taking ``**options`` accepts (by default: the
    factory's keyword arguments after the seed).
    """
    _REGISTRY[name] = factory
    if options is not None:
        _OPTIONS[name] = tuple(options)


def _load_builtin() -> None:
    from canasta.agents import levels  # noqa: F401  (they register themselves)


def agent_names() -> list[str]:
    """Names accepted by :func:`make_agent` (without options)."""
    _load_builtin()
    return sorted(_REGISTRY)


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its lower-case name and options.

    ``"expert(ms=200, iterations=50)"`` -> ``("expert", {"ms": 200, "iterations": 50})``.
    Values are read as int, float, true/false, else kept as text.

    Raises:
        ValueError: empty name, unbalanced parentheses, or an option not written ``key=value``.
    """
    text = spec.strip()
    opts: dict[str, Any] = {}
    name = text
    if "(" in text or ")" in text:
        if not (text.endswith(")") and text.count("(") == 1 and text.count(")") == 1):
            raise ValueError(f"bot spec '{spec}' is not of the form name(key=value,...), "
                             "e.g. expert(ms=200)")
        name, inner = text[:-1].split("(", 1)
        for part in inner.split(","):
            part = part.strip()
            if not part:
                continue
            if "=" not in part:
                raise ValueError(f"bot option '{part}' in '{spec}' needs a value: write key=value, "
                                 "e.g. expert(iterations=500)")
            k, v = part.split("=", 1)
            key = k.strip().lower().replace("-", "_")
            if not key.isidentifier():
                raise ValueError(f"bot option name '{k.strip()}' in '{spec}' is not a word")
            opts[key] = _value(v.strip())
    name = name.strip().lower()
    if not name:
        raise ValueError(f"bot spec '{spec}' has no name; bots are: {', '.join(agent_names())}")
    return name, opts


def bot_options(name: str) -> list[str]:
    """Option names the bot ``name`` accepts (its factory's keyword arguments after the seed)."""
    _load_builtin()
    if name in _OPTIONS:
        return list(_OPTIONS[name])
    factory = _REGISTRY[name]
    try:
        params = list(inspect.signature(factory).parameters.values())[1:]
    except (TypeError, ValueError):
        return []
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def check_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Parse ``spec`` and check that the bot exists and takes those options.

    Raises:
        ValueError: unknown bot (the message lists the bots) or option (the message
            lists the bot's options), or a malformed spec.
    """
    names = agent_names()
    name, opts = parse_spec(spec)
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot '{spec.strip()}'; bots are: {', '.join(names)}")
    allowed = bot_options(name)
    for k in opts:
        if k not in allowed:
            what = f"its options are: {', '.join(allowed)}" if allowed else "it takes no options"
            raise ValueError(f"bot '{name}' has no option '{k}'; {what}")
    return name, opts


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build the agent of ``spec`` (e.g. ``random``, ``hard``, ``expert(ms=200)``) with ``seed``.

    Raises:
        ValueError: unknown name or option, or a bad option value; the message says what is allowed.
    """
    name, opts = check_spec(spec)
    try:
        return _REGISTRY[name](seed, **opts)
    except TypeError as e:
        raise ValueError(f"bad options for bot '{name}': {e}") from None


def seat_seed(seed: int | None, seat: int) -> int | None:
    """The seed of the bot at ``seat`` in a game seeded ``seed`` (None: an unseeded bot)."""
    return None if seed is None else seed * 1009 + seat


def make_seat_agents(specs: Mapping[int, str], seed: int | None, fallback: str | None = None) -> dict[int, Agent]:
    """Build the bots of a table's seats, each with its own seed derived from the game's (:func:`seat_seed`).

    Terminal play (``canasta play``) and the web tables seat their bots with it.

    Args:
        specs: seat -> bot spec (``hard``, ``expert(ms=100)``...).
        seed: the game's seed (None: unseeded bots).
        fallback: a spec to use where a seat's spec is unknown (None: refuse it).

    Raises:
        ValueError: an unknown bot or option and no ``fallback`` (the message lists what is allowed).
    """
    out: dict[int, Agent] = {}
    for seat, spec in specs.items():
        try:
            out[seat] = make_agent(spec, seat_seed(seed, seat))
        except ValueError:
            if fallback is None:
                raise
            out[seat] = make_agent(fallback, seat_seed(seed, seat))
    return out


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
    for seat, a in sorted(items, key=lambda x: x[0]):
        fn = getattr(a, "observe", None)
        if callable(fn):
            out.append((seat, fn))
    return out


def observe_all(obs: Sequence[tuple[int, Callable[..., None]]], deal: Deal, seat: int,
                move: Move | None) -> None:
    """Call every observer with its own seat's view of ``deal``, the seat that moved and the move.

    ``seat == -1`` and ``move is None`` announce a new deal. ``obs`` comes from :func:`observers`.
    """
    for s, fn in obs:
        fn(deal.view(s), seat, move)
