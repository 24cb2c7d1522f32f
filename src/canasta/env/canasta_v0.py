"""``canasta_v0``: Canasta as a PettingZoo AEC environment.

Usage::

    from canasta.env import canasta_v0

    env = canasta_v0.env(variant="classic", players=2)      # or "classic(players=2)",
    env.reset(seed=42)                                       # or "canasta(variant=classic,players=2)"
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are ``player_0`` .. ``player_{n-1}``, one per seat; seat ``s`` plays for
side ``s % teams``. The agent to act is the engine's ``Deal.to_act`` (the
partner when answering "may I go out?"), so agents do not simply take turns.
With 5 players (``classic(players=5)``, RULES.md §3.1) agents are the five table
seats; four play each deal (:mod:`canasta.engine.seating`), the one sitting out is never
selected during it, observes zeros and gets his side's reward.
Actions are the engine's dense move ids (:data:`canasta.moves.actions.ACTIONS`,
``Discrete(N_ACTIONS)``); each observation is a dict with a float32
``observation`` vector of what the seat may know (layout in docs/env.md and
:class:`~canasta.env.observation.ObservationLayout`; kept up to date move by move by
:mod:`canasta.env.tracker`) and an int8 ``action_mask`` (all zeros for an agent that is not
to act; kept entry by entry); ``legal_ids(agent)`` lists the legal ids. Options are
described in :class:`~canasta.env.config.EnvConfig`; ``reset(options=...)``
also takes ``deck`` (a stacked deck for the first deal), ``dealer`` and
``scores`` (cumulative score of each side at the start); other keys are ignored.

Version history: v0 -- first release (observations and masks kept incrementally since issue 17: the same
layout and values, hence the same version).

Rules: RULES.md §1 (the deal and its scoring, §1.11; the game, §1.12).
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
except ImportError as _e:  # pragma: no cover - depends on the installation
    raise ImportError(
        "the Canasta environment needs numpy, gymnasium and pettingzoo: pip install 'canasta[env]'"
    ) from _e

from canasta.cards.deck import N_TYPES
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.engine.seating import OUT_ORDER, Seating, seating
from canasta.env.config import EnvConfig, EnvConfigError, make_config, shown, side_rewards
from canasta.env.observation import ObservationLayout, PublicMemory
from canasta.env.render import public_table
from canasta.env.tracker import MaskTracker, ObservationTracker
from canasta.env.wrappers import BoundsChecked, OrderEnforced
from canasta.moves.actions import N_ACTIONS
from canasta.rules.fields import Rules

__all__ = ["env", "raw_env"]

Obs = dict[str, np.ndarray]


def env(**kwargs: Any) -> AECEnv:
    """The Canasta AEC environment with PettingZoo's standard wrappers.

    Keywords are those of :class:`raw_env`. The result is ``raw_env`` wrapped in
    ``AssertOutOfBoundsWrapper`` (an action outside ``Discrete(N_ACTIONS)`` is an
    AssertionError) and ``OrderEnforcingWrapper`` (calls before ``reset()`` are
    refused), as PettingZoo's classic games are. Illegal moves are handled by the
    ``illegal`` option of the raw environment (PettingZoo's
    ``TerminateIllegalWrapper`` behaviour is ``illegal="terminate"``).

    Raises:
        EnvConfigError: a bad variant or option.
    """
    e: AECEnv = raw_env(**kwargs)
    e = BoundsChecked(e)  # PettingZoo's wrappers, their cost taken away (canasta.env.wrappers)
    e = OrderEnforced(e)
    return e


def _action_id(action: Any) -> int:
    """The move id in ``action`` (a Python or NumPy integer), or raise a clear TypeError."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    if isinstance(action, np.ndarray) and action.size == 1 and np.issubdtype(action.dtype, np.integer):
        return int(action.reshape(()))
    raise TypeError(f"an action is a move id, a whole number 0..{N_ACTIONS - 1}, not {action!r}")



MAX_SCORE = 10**9
"""Largest cumulative score (in points, either sign) accepted in ``reset(options={"scores": ...})``."""


def _whole(x: Any) -> bool:
    """``x`` is a whole number (a Python or NumPy int, not true/false)."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)

class raw_env(AECEnv, EzPickle):
    """Canasta as a PettingZoo AEC environment, without wrappers.

    Args:
        variant: preset name, variant string (``classic(players=2)``), OpenSpiel-style
            game string (``canasta(variant=classic,players=4)``) or a Rules value.
        episode, reward, reward_scale, max_steps, dealer, illegal, illegal_reward:
            environment options, see :class:`~canasta.env.config.EnvConfig`.
        render_mode: None, ``"ansi"`` (``render()`` returns the text) or ``"human"`` (prints it).
        **rule_options: rule options by name (``players=2``, ``stock_end="reshuffle"``, ...).

    Attributes:
        config: the :class:`~canasta.env.config.EnvConfig` (fixed across resets).
        rules: the variant. layout: the observation layout.
        deal: the current :class:`~canasta.engine.deal.Deal` -- the full state, for research
            tools (search, analysis); agents must use only their observation.
        game: the :class:`~canasta.engine.game.Game` when ``episode="game"``, else None.

    Raises:
        EnvConfigError: a bad variant or option (the message lists what is allowed).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"], "name": "canasta_v0", "is_parallelizable": False, "render_fps": 1,
    }

    def __init__(self, variant: str | Rules = "classic", render_mode: str | None = None, **kwargs: Any):
        EzPickle.__init__(self, variant, render_mode, **kwargs)
        super().__init__()
        self.config: EnvConfig = make_config(variant, **kwargs)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvConfigError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        rules = self.rules = self.config.rules
        table = rules.deal_rules()  # the four who play a deal where one of five sits out (§3.1)
        self.layout = ObservationLayout.for_rules(rules)
        self.possible_agents = [f"player_{s}" for s in range(rules.players)]
        self.agents = self.possible_agents[:]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        first = seating(rules, 0, 0)  # until reset: the seating of a first deal
        self._seats: tuple[int, ...] = first.seats  # table seat of each deal seat
        self._deal_seat = [first.deal_seat(t) for t in range(rules.players)]  # deal seat of each table seat, -1 out
        low, high = self.layout.bounds(table)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.deal: Deal | None = None
        self.game: Game | None = None
        self._memory: PublicMemory | None = None
        self._totals: list[int] = [0] * rules.teams
        self._steps = 0
        self._tracker = ObservationTracker(self.layout)
        self._masks = MaskTracker()
        self._zero_obs = np.zeros(self.layout.size, dtype=np.float32)
        self._ended = True  # no deal yet, or the episode is over: nobody is to act
        self._paid = False  # rewards were handed out in the last step (to clear at the next)
        self._stale = False  # the mask lags behind moves played by _advance(mask=False)
        self._pile_visible = self.rules.deal_rules().pile_visible
        self._max_steps = self.config.max_steps
        self._agent_of = [self.possible_agents[t] for t in self._seats]  # agent playing each deal seat
        self.infos: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: ``Discrete(N_ACTIONS)`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------- reset

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: shuffle and deal (the first deal of a game for ``episode="game"``).

        ``seed`` reseeds the environment's generator, from which each deal's seed
        (and a random dealer) is drawn, so the same seed and actions give the same
        episode. ``options`` may hold ``deck`` (list of card types, first dealt
        first, for the first deal), ``dealer`` (seat) and ``scores`` (one cumulative
        score per side, points); other keys are ignored.

        Raises:
            EnvConfigError: (a ValueError) a ``dealer`` that is not a seat, ``scores`` that are not one
                whole number per side of at most :data:`MAX_SCORE` points, a ``deck`` that is not a
                list of whole numbers; one line naming the option. Nothing changes.
            ValueError: a deck of whole numbers that is not the variant's deck.
        """
        rng = random.Random(seed) if seed is not None else self._rng
        # (a new generator is kept only if the reset succeeds: only the environment's own needs its state saved,
        # and saving it copies 625 numbers)
        saved = rng.getstate() if seed is None else None
        try:
            game, deal, totals, sit = self._new_episode(rng, options or {})
        except (ValueError, TypeError):
            if saved is not None:
                rng.setstate(saved)  # a refused reset changes nothing
            raise
        self._rng = rng
        self.game = game
        self._totals = totals
        self._start_deal(deal, sit)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._ended = False
        self._paid = False
        assert self.deal is not None
        self._masks.set(self.deal.legal_actions())
        self.agent_selection = self.possible_agents[self._seats[self.deal.to_act]]

    def _new_episode(self, rng: random.Random,
                     opts: dict[str, Any]) -> tuple[Game | None, Deal, list[int], Seating]:
        """The game (or None), first deal, start totals and first deal's seating of a new episode, drawn
        from ``rng``. With players sitting out, a deal episode is seated as a deal of a game drawn at
        random among the rotation's (:data:`canasta.engine.seating.OUT_ORDER`), so each of the side of three sits
        out equally often; ``dealer`` is a deal seat.

        Raises:
            ValueError: a bad ``deck``, ``dealer`` or ``scores`` in ``opts``.
        """
        rules = self.rules
        seats = rules.deal_players
        dealer = opts.get("dealer", self.config.dealer)
        if dealer == -1 or dealer == "random":
            dealer = rng.randrange(seats)
        if isinstance(dealer, bool) or not isinstance(dealer, (int, np.integer)) or not 0 <= dealer < seats:
            raise EnvConfigError(f"options['dealer'] must be a seat 0..{seats - 1}, not {shown(dealer)}")
        scores = opts.get("scores") or [0] * rules.teams
        if (not isinstance(scores, (list, tuple)) or len(scores) != rules.teams
                or not all(_whole(x) and abs(x) <= MAX_SCORE for x in scores)):
            raise EnvConfigError(f"options['scores'] must give one score per side ({rules.teams}), whole numbers "
                                 f"of at most {MAX_SCORE} points, not {shown(scores)}")
        totals = [int(s) for s in scores]
        deck = opts.get("deck")
        if deck is not None and (not isinstance(deck, (list, tuple))
                                 or not all(_whole(c) and 0 <= c < N_TYPES for c in deck)):
            raise EnvConfigError(f"options['deck'] must be a list of card types 0..{N_TYPES - 1}, not {shown(deck)}")
        deck = None if deck is None else [int(c) for c in deck]
        if self.config.episode == "game":
            game = Game(rules, seed=rng.getrandbits(62), first_dealer=int(dealer))
            game.totals = totals[:]
            return game, game.new_deal(deck=deck), totals, game.seating
        sit = seating(rules, rng.randrange(len(OUT_ORDER)) if rules.sitting_out else 0, int(dealer))
        deal = Deal(rules.deal_rules(), dealer=int(dealer), scores=totals, seed=rng.getrandbits(62), deck=deck)
        return None, deal, totals, sit

    def _start_deal(self, deal: Deal, sit: Seating) -> None:
        self.deal = deal
        self._seats = sit.seats
        self._deal_seat = [sit.deal_seat(t) for t in range(self.rules.players)]
        self._agent_of = [self.possible_agents[t] for t in self._seats]
        top = deal.pile[-1] if deal.pile else None  # public: the upcard on the table
        rules = deal.rules
        self._memory = PublicMemory(deal.n, top, len(deal.pile), black3_removed=rules.black3_from_pile_removed,
                                    pile_cards=deal.pile if rules.pile_visible else None)
        self._tracker.start(deal, self._memory)
        self._masks.set(deal.legal_actions())
        self._stale = False

    def table_seat(self, deal_seat: int) -> int:
        """The table seat (agent ``player_<table seat>``) playing ``deal_seat`` of the current deal: the
        same seat unless players sit out (5 players, :mod:`canasta.engine.seating`)."""
        return self._seats[deal_seat]

    @property
    def sitting_out(self) -> str | None:
        """The agent sitting out the current deal (5 players, §3.1), else None."""
        out = [a for a, d in zip(self.possible_agents, self._deal_seat, strict=True) if d < 0]
        return out[0] if out else None

    # ---------------------------------------------------------------- observe

    def observe(self, agent: str) -> Obs:
        """The observation dict of ``agent``: ``observation`` (float32) and ``action_mask`` (int8), new arrays.

        The vector holds what the seat's ``PlayerView`` and the public memory say (layout in docs/env.md),
        gathered from a table vector kept up to date move by move (:mod:`canasta.env.tracker`); the mask is
        kept entry by entry. The mask is all zeros unless ``agent`` is to act.
        """
        deal = self.deal
        assert deal is not None, "call reset() first"
        seat = self._deal_seat[self._seat_of[agent]]
        if seat < 0:  # sitting out this deal (5 players): he sees nothing of it (§3.1)
            obs = self._zero_obs.copy()
        else:
            obs = self._tracker.observe(seat)
        if seat == deal.to_act and not self._ended:
            if self._stale:
                self._sync_mask()
            mask = self._masks.mask.copy()
        else:
            mask = np.zeros(N_ACTIONS, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def legal_ids(self, agent: str | None = None) -> list[int]:
        """The legal move ids of ``agent`` (default: ``agent_selection``), ascending: the ids set in its
        ``action_mask``, in the engine's order; [] unless it is to act. A new list (changing it changes nothing)."""
        deal = self.deal
        if deal is None or self._ended:
            return []
        if agent is not None and self._deal_seat[self._seat_of[agent]] != deal.to_act:
            return []
        if self._stale:
            self._sync_mask()
        return list(self._masks.legal)

    # ------------------------------------------------------------------- step

    def step(self, action: Any) -> None:
        """Play ``action`` (a move id) for ``agent_selection``.

        A terminated or truncated agent must pass None (PettingZoo's dead step).
        An illegal id raises :class:`~canasta.engine.deal.IllegalMove` (the reason in a
        player's words; nothing changes) unless ``illegal`` is ``penalize`` or
        ``terminate``.

        Raises:
            IllegalMove: illegal move with ``illegal="raise"``.
            TypeError: ``action`` is not a whole number.
        """
        self._play(action, True)

    def _play(self, action: Any, mask: bool) -> None:
        """:meth:`step`; with ``mask`` False the mask of whoever acts next is brought up to date only when read
        (the Gymnasium wrapper's learner move, after which its bots move: they read no mask)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        assert deal is not None
        a = action if type(action) is int else _action_id(action)
        seat = self._deal_seat[self._seat_of[agent]]  # the agent to act plays this deal
        if self._stale:
            self._sync_mask()
        legal = 0 <= a < N_ACTIONS and self._masks.view[a] == 1
        if not legal and self.config.illegal == "raise":
            try:
                deal.apply_action(a)  # raises with the reason; the state is unchanged
            except IllegalMove as e:
                raise IllegalMove(f"{agent} (seat {seat}): move id {a} is not legal now: {e}") from None
        self._cumulative_rewards[agent] = 0.0
        if not legal:
            if self._paid:
                self._clear_rewards()
            self._illegal(agent)
            return
        self._advance(seat, a, mask)

    def _sync_mask(self) -> None:
        """Bring the mask up to date after moves played with ``_advance(..., mask=False)``."""
        self._stale = False
        deal = self.deal
        if deal is not None and not self._ended and not deal.over:
            self._masks.set(deal.legal_actions())

    def _advance(self, seat: int, a: int, mask: bool = True) -> None:
        """Play legal move id ``a`` for deal seat ``seat`` (the one to act) and follow it: the public memory,
        the observations, the rewards at the end of a deal, the next deal of a game, the end of the episode,
        ``agent_selection``; the mask too unless ``mask`` is False (then it is brought up to date when next
        read). The Gymnasium wrapper plays its bots' moves with it (mask=False).

        Raises:
            IllegalMove: ``a`` is not legal (nothing changes).
        """
        deal = self.deal
        memory = self._memory
        assert deal is not None and memory is not None
        if self._paid:  # rewards are handed out only at the end of a deal or for an illegal id
            self._clear_rewards()
            self._paid = False
        move = deal.apply_action(a)
        if self.game is not None:
            self.game.logs[-1].moves.append(str(move))
        pile = deal.pile  # public: the pile's top card and size, as every view shows them
        memory.after_move(seat, move, pile[-1] if pile else None, len(pile), pending=len(deal.pending),
                          pile_cards=pile if self._pile_visible else None)
        self._tracker.after_move(seat, move)
        steps = self._steps = self._steps + 1
        over = deal.over
        if over:
            self._end_of_deal(deal)
        elif steps >= self._max_steps:
            self.truncations = {a: True for a in self.agents}
        now = self.deal
        if now is not None and not now.over:
            self.agent_selection = self._agent_of[now.actor]
            if now is deal:  # (a new deal of a game has set its mask)
                if mask:
                    self._masks.set(deal.legal_actions())
                else:
                    self._stale = True
        if self._paid:
            self._accumulate_rewards()
        if (over or steps >= self._max_steps) and (
                any(self.terminations.values()) or any(self.truncations.values())):
            self._end_episode()
        if self.render_mode is not None and self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str) -> None:
        """Penalize (``illegal="penalize"``) or end the episode (``"terminate"``) after an illegal id."""
        mode = self.config.illegal
        self.rewards[agent] = self.config.illegal_reward
        self._paid = True
        if mode == "terminate":
            self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if mode == "terminate":
            self._end_episode()

    def _end_episode(self) -> None:
        """The episode is over (terminated or truncated): nobody is to act, the masks are empty."""
        self._ended = True
        self._stale = False
        self._masks.clear()
        self._deads_step_first()

    def _end_of_deal(self, deal: Deal) -> None:
        """Score the finished deal, hand out rewards, end the episode or deal the next deal."""
        cfg = self.config
        scores = [s.total for s in deal.score()]
        game = self.game
        if game is not None:
            game.finish_deal()
            self._totals = game.totals[:]
            done = game.over
        else:
            self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
            done = True
        side_r = [0.0] * self.rules.teams
        if cfg.reward == "deal":
            side_r = side_rewards(cfg, scores)
        elif done:
            side_r = side_rewards(cfg, self._totals)
        for a in self.agents:
            self.rewards[a] = side_r[self.rules.side_of(self._seat_of[a])]  # also the one sitting out
        self._paid = True
        info = {"deal_scores": scores, "totals": self._totals[:], "out_seat": deal.out_seat}
        self.infos = {a: dict(info) for a in self.agents}
        if done:
            self.terminations = {a: True for a in self.agents}
        elif self._steps >= cfg.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            assert game is not None
            deal = game.new_deal()
            self._start_deal(deal, game.seating)

    # ----------------------------------------------------------------- others

    def render(self) -> str | None:
        """The table as a spectator sees it (no hand): returned for ``ansi``, printed for ``human``."""
        if self.render_mode is None or self.deal is None:
            return None
        text = public_table(self.deal.view(self.deal.to_act))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
