"""The table of computer players by spec name, and the spec strings that name them.

A bot spec is a name, optionally with options in parentheses:
``random``, ``heuristic``, ``hard``, ``expert(ms=200)``, ``expert(iterations=500,seed_offset=3)``.
:func:`make_agent` reads it with :func:`parse_spec` and calls the factory the table
holds under the name with the seed and the options as keyword arguments.

The built-in players are rows of a table written here (this module imports the bots; the bots
import only :mod:`canasta.agents.protocol`); :func:`register` adds more at run time.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from canasta.agents.expert import ExpertAgent
from canasta.agents.hard import HardAgent
from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.ismcts import IsmctsAgent
from canasta.agents.ismcts.search import DEFAULT_INFER, DEFAULT_MIX
from canasta.agents.level_weights import (
    DEFAULT_WEIGHTS,
    EASY_NOISE,
    HARD_OPTIONS,
    MEDIUM_OPTIONS,
    hard_weights,
    replace_weights,
)
from canasta.agents.levels import PLAYER_LEVELS, EasyAgent, MediumAgent
from canasta.agents.protocol import Agent, Factory
from canasta.agents.random_player import RandomAgent


def _expert(seed: int | None, ms: float | None = None, iterations: int | None = None, candidates: int = 3,
            bias: float = 0.0, z: float = 1.0, pile: int = 8, explore: float = 0.7, depth: int = 1,
            horizon: int | None = None, mix: float = DEFAULT_MIX, infer: int = DEFAULT_INFER) -> Agent:
    return IsmctsAgent(seed, ms=ms, iterations=iterations, candidates=candidates, bias=bias, z=z, pile=pile,
                       explore=explore, depth=depth, horizon=horizon, mix=mix, infer=infer)


def _expert_v1(seed: int | None, ms: float | None = None, iterations: int | None = None, candidates: int = 3,
               bias: float = 0.0, z: float = 1.0, pile: int = 8) -> Agent:
    return ExpertAgent(seed, ms=ms, iterations=iterations, candidates=candidates, bias=bias, z=z, pile=pile)


def _easy(seed: int | None, noise: float = EASY_NOISE) -> Agent:
    return EasyAgent(seed, noise)


def _medium(seed: int | None, **options: Any) -> Agent:
    return MediumAgent(seed, replace_weights(DEFAULT_WEIGHTS, options))


def _hard(seed: int | None, **options: Any) -> Agent:
    return HardAgent(seed, hard_weights(**options))


def _heuristic(seed: int | None) -> Agent:
    return HeuristicAgent(seed)


def _learned(seed: int | None, temperature: float = 0.0) -> Agent:
    """The ``learned`` player (:mod:`canasta.agents.learned`), imported only when asked for: it needs NumPy."""
    try:
        from canasta.agents.learned.agent import LearnedAgent
    except ImportError as e:
        raise ValueError(f"the learned player needs NumPy ({e}): pip install 'canasta[bots]'") from None
    return LearnedAgent(seed, temperature=temperature)


def _level(level: str, spec: str) -> Factory:
    """The factory of the player level ``level``: the bot of ``spec``, named ``level`` (no options)."""

    def build(seed: int | None) -> Agent:
        agent = make_agent(spec, seed)
        agent.name = level
        return agent

    return build


_REGISTRY: dict[str, Factory] = {
    "random": RandomAgent,
    "heuristic": _heuristic,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
    "expert": _expert,
    "learned": _learned,
    "expert-v1": _expert_v1,
}
"""Spec name -> factory ``factory(seed, **options)``."""
_REGISTRY.update({level: _level(level, spec) for level, spec in PLAYER_LEVELS.items() if level not in _REGISTRY})
_OPTIONS: dict[str, tuple[str, ...]] = {"medium": MEDIUM_OPTIONS, "hard": HARD_OPTIONS}
"""Option names of the factories that take ``**options`` (the others: their keyword arguments)."""


def register(name: str, factory: Factory, options: Sequence[str] | None = None) -> None:
    """Add an agent factory under ``name`` (or replace the one there).

    A factory takes the seed (``int | None``) as first argument and, if the bot has
    options, keyword arguments for them (``expert(ms=200)`` calls ``factory(seed, ms=200)``).
    ``options`` names the options a factory taking ``**options`` accepts (by default: the
    factory's keyword arguments after the seed).
    """
    _REGISTRY[name] = factory
    if options is not None:
        _OPTIONS[name] = tuple(options)


def agent_names() -> list[str]:
    """Names accepted by :func:`make_agent` (without options), sorted."""
    return sorted(_REGISTRY)


def _value(text: str) -> Any:
    """An option's value: int, float, true/false (yes/no, on/off), else the text itself."""
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


def _parse_options(spec: str, inner: str) -> dict[str, Any]:
    """The ``key=value`` options between the parentheses of ``spec`` (``inner``), keys lower-case."""
    options: dict[str, Any] = {}
    for part in inner.split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise ValueError(f"bot option '{part}' in '{spec}' needs a value: write key=value, "
                             "e.g. expert(iterations=500)")
        key_text, value_text = part.split("=", 1)
        key = key_text.strip().lower().replace("-", "_")
        if not key.isidentifier():
            raise ValueError(f"bot option name '{key_text.strip()}' in '{spec}' is not a word")
        options[key] = _value(value_text.strip())
    return options


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its lower-case name and options.

    ``"expert(ms=200, iterations=50)"`` -> ``("expert", {"ms": 200, "iterations": 50})``.
    Values are read as int, float, true/false, else kept as text.

    >>> parse_spec("Expert(ms=200, bias=2.5)")
    ('expert', {'ms': 200, 'bias': 2.5})

    Raises:
        ValueError: empty name, unbalanced parentheses, or an option not written ``key=value``.
    """
    text = spec.strip()
    options: dict[str, Any] = {}
    name = text
    if "(" in text or ")" in text:
        if not (text.endswith(")") and text.count("(") == 1 and text.count(")") == 1):
            raise ValueError(f"bot spec '{spec}' is not of the form name(key=value,...), "
                             "e.g. expert(ms=200)")
        name, inner = text[:-1].split("(", 1)
        options = _parse_options(spec, inner)
    name = name.strip().lower()
    if not name:
        raise ValueError(f"bot spec '{spec}' has no name; bots are: {', '.join(agent_names())}")
    return name, options


def bot_options(name: str) -> list[str]:
    """Option names the bot ``name`` accepts (its factory's keyword arguments after the seed).

    Raises:
        KeyError: no bot ``name``.
    """
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
    name, options = parse_spec(spec)
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot '{spec.strip()}'; bots are: {', '.join(agent_names())}")
    allowed = bot_options(name)
    for key in options:
        if key not in allowed:
            what = f"its options are: {', '.join(allowed)}" if allowed else "it takes no options"
            raise ValueError(f"bot '{name}' has no option '{key}'; {what}")
    return name, options


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build the agent of ``spec`` (e.g. ``random``, ``hard``, ``expert(ms=200)``) with ``seed``.

    >>> make_agent("hard", seed=1).name
    'hard'
    >>> make_agent("easy(noise=0.5)").noise
    0.5
    >>> make_agent("hard(speed=2)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bot 'hard' has no option 'speed'; its options are: pile_card, ...

    Raises:
        ValueError: unknown name or option, or a bad option value; the message says what is allowed.
    """
    name, options = check_spec(spec)
    try:
        return _REGISTRY[name](seed, **options)
    except TypeError as e:
        raise ValueError(f"bad options for bot '{name}': {e}") from None


def agent_factory(spec: str) -> Callable[[int | None], Agent]:
    """A function building the agent of ``spec`` for a seed, the spec parsed and checked once (for callers that
    build the same bot over and over, e.g. the environment's bots at every reset): ``agent_factory(spec)(seed)``
    is ``make_agent(spec, seed)``.

    Raises:
        ValueError: as :func:`make_agent` for an unknown name or option or a malformed spec (at once); a bad
            option value when the agent is built.
    """
    name, options = check_spec(spec)
    factory = _REGISTRY[name]

    def build(seed: int | None) -> Agent:
        try:
            return factory(seed, **options)
        except TypeError as e:
            raise ValueError(f"bad options for bot '{name}': {e}") from None

    return build


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
