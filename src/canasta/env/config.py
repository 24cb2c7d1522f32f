"""The environment's configuration: the variant plus the environment's own options.

:func:`make_config` reads what a user passes to ``canasta_v0.env(...)`` or
:class:`~canasta.env.gym_wrapper.CanastaGymEnv`: a variant (a preset name, a
variant string such as ``classic(players=2)``, an OpenSpiel-style game string
such as ``canasta(variant=classic,players=4)``, or a :class:`~canasta.rules.fields.Rules`
value), rule options as keywords (``players=2``, ``stock_end="reshuffle"``,
every option of ``canasta rules --options``) and the environment options of
:data:`ENV_OPTIONS`. It returns a frozen :class:`EnvConfig` or raises
:class:`EnvConfigError` saying what is wrong and what is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from canasta.rules.fields import Rules, RulesError

EPISODES = ("deal", "game")
REWARDS = ("deal", "game", "win_loss")
ILLEGAL = ("raise", "penalize", "terminate")
ENV_OPTIONS = ("episode", "reward", "reward_scale", "max_steps", "dealer", "illegal", "illegal_reward")
"""Keywords read by the environment itself; every other keyword is a rule option."""
MAX_STEPS_PER_DEAL = 10_000
"""Default truncation guard of an episode of one deal (random play takes about 100-300 steps)."""
MAX_STEPS_PER_GAME = 200_000
"""Default truncation guard of an episode of a whole game."""


class EnvConfigError(ValueError):
    """An environment option or the variant is not valid; the message says what is allowed."""


@dataclass(frozen=True)
class EnvConfig:
    """Everything that stays fixed across ``reset()``.

    Attributes:
        rules: the variant.
        episode: ``deal`` (an episode is one deal) or ``game`` (deals to the target,
            the dealer rotating, RULES.md §1.12).
        reward: ``deal`` (at the end of each deal, the side's deal score minus the
            best other side's, in points times ``reward_scale``), ``game`` (at the
            end of the episode only, the same difference of cumulative totals) or
            ``win_loss`` (+1 for the side strictly ahead at the end of the episode,
            -1 for a side behind, 0 for sides tied on top; not scaled).
        reward_scale: factor applied to point rewards (1.0 = points).
        max_steps: moves after which the episode is truncated (reward 0).
        dealer: seat of the (first) dealer, or -1 to draw it at random on each reset. With players
            sitting out (5 players), a deal seat 0..3 of the (first) deal (see :mod:`canasta.engine.seating`).
        illegal: what an illegal move does: ``raise`` (IllegalMove, the PettingZoo
            default for a bug in the caller), ``penalize`` (the move is refused, the
            agent gets ``illegal_reward`` and moves again) or ``terminate`` (the
            episode ends, the agent gets ``illegal_reward``, the others 0).
        illegal_reward: reward of an illegal move under ``penalize``/``terminate``.
    """

    rules: Rules
    episode: str = "deal"
    reward: str = "deal"
    reward_scale: float = 1.0
    max_steps: int = MAX_STEPS_PER_DEAL
    dealer: int = 0
    illegal: str = "raise"
    illegal_reward: float = -1.0


def resolve_rules(variant: str | Rules, options: Mapping[str, Any]) -> Rules:
    """The rules of ``variant`` with the rule ``options`` given as keywords.

    Raises:
        EnvConfigError: unknown variant or option, bad value, or an option given
            both in the variant string and as a keyword.
    """
    try:
        if isinstance(variant, Rules):
            base = variant
        elif isinstance(variant, str):
            base = Rules.parse(variant)
        else:
            raise EnvConfigError(
                f"variant must be a variant string such as 'classic(players=2)' or a Rules value, "
                f"not {type(variant).__name__}"
            )
        if not options:
            return base
        merged: dict[str, Any] = dict(base.options)
        for key, value in options.items():
            k = key.lower().replace("-", "_")
            if k in merged:
                raise EnvConfigError(
                    f"option {k} is given both in the variant ({base.spec()}) and as a keyword; give it once"
                )
            merged[k] = value
        return Rules.preset(base.name, **merged)
    except RulesError as e:
        raise EnvConfigError(f"{e}; environment options are: {', '.join(ENV_OPTIONS)}") from None


def shown(value: Any, limit: int = 40) -> str:
    """``value`` for a one-line message: its repr cut to ``limit`` characters (a huge int by its size,
    since its repr may fail or run to thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails is still named
        text = f"a {type(value).__name__}"
    return text[:limit] + ("..." if len(text) > limit else "")


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    """``value`` (a text, any case) if it is one of ``allowed``; else EnvConfigError naming ``name``."""
    text = value.strip().lower() if isinstance(value, str) else None
    if text not in allowed:
        raise EnvConfigError(f"{name} must be one of {', '.join(allowed)}, not {shown(value)}")
    assert text is not None
    return text


def _number(name: str, value: Any) -> float:
    """A finite float from an int, a float or a numeric text (not true/false); else EnvConfigError."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise EnvConfigError(f"{name} must be a number, not {shown(value)}")
    try:
        number = float(value)
    except (ValueError, OverflowError):
        raise EnvConfigError(f"{name} must be a finite number, not {shown(value)}") from None
    if not math.isfinite(number):
        raise EnvConfigError(f"{name} must be a finite number, not {shown(value)}")
    return number


def make_config(
    variant: str | Rules = "classic",
    *,
    episode: str = "deal",
    reward: str = "deal",
    reward_scale: float = 1.0,
    max_steps: int | None = None,
    dealer: int | str = 0,
    illegal: str = "raise",
    illegal_reward: float = -1.0,
    **rule_options: Any,
) -> EnvConfig:
    """Check and gather the configuration of an environment (see :class:`EnvConfig`).

    ``dealer`` is a seat number or ``"random"``; ``max_steps`` None gives
    :data:`MAX_STEPS_PER_DEAL` or :data:`MAX_STEPS_PER_GAME`.

    Raises:
        EnvConfigError: a bad variant, rule option or environment option (a wrong type, true/false
            for a number, a number out of range or not finite); one line naming the option.
    """
    rules = resolve_rules(variant, rule_options)
    ep = _choice("episode", episode, EPISODES)
    rw = _choice("reward", reward, REWARDS)
    ill = _choice("illegal", illegal, ILLEGAL)
    scale = _number("reward_scale", reward_scale)
    pen = _number("illegal_reward", illegal_reward)
    if max_steps is None:
        steps = MAX_STEPS_PER_DEAL if ep == "deal" else MAX_STEPS_PER_GAME
    elif isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise EnvConfigError(f"max_steps must be a positive whole number or None, not {shown(max_steps)}")
    else:
        steps = max_steps
    if isinstance(dealer, str) and dealer.strip().lower() == "random":
        seat = -1
    elif isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < rules.deal_players:
        seat = dealer
    else:
        raise EnvConfigError(f"dealer must be a seat 0..{rules.deal_players - 1} or 'random', not {shown(dealer)}")
    return EnvConfig(rules, ep, rw, scale, steps, seat, ill, pen)


def side_rewards(config: EnvConfig, totals: Sequence[int]) -> list[float]:
    """The reward of each side for ``totals`` (one score per side, points) under ``config.reward``: ``win_loss``
    +1 for the side strictly ahead, 0 for sides tied ahead, -1 for the others; otherwise each side's total minus
    the best other side's, times ``config.reward_scale`` (the raw and the vectorised environments' rewards)."""
    if config.reward == "win_loss":
        best = max(totals)
        leaders = sum(1 for t in totals if t == best)
        return [(1.0 if leaders == 1 else 0.0) if t == best else -1.0 for t in totals]
    out = []
    for i, t in enumerate(totals):
        other = max(o for j, o in enumerate(totals) if j != i)
        out.append((t - other) * config.reward_scale)
    return out
