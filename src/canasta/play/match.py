"""Play a whole game between computer players (one agent per seat).

:func:`play_game` is the loop every front end that lets bots play uses
(``canasta simulate``, tests, the arena): it deals through
:class:`~canasta.engine.game.Game` (so every move is logged and the game can be saved
as a record), asks the agent of the seat to act for a move id, applies it, and
scores each deal until a side reaches the target (RULES.md §1.12).
:func:`play_deal` plays the current deal of a game (one shuffle to its end).

Agents that define ``observe(view, seat, move)`` (see :class:`canasta.agents.base.Agent`)
are told of the new deal and of every move, each with its own seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta.agents.protocol import Agent, observe_all, observers
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.play.dead_end import DeadEnd, dead_end
from canasta.rules.fields import Rules

MAX_MOVES_PER_DEAL = 20000
"""Safeguard: a deal that has not ended after this many moves is a runaway (an engine or agent bug)."""

OnMove = Callable[[Deal, int, Move], None]
"""Callback ``on_move(deal, seat, move)`` called after each move, with the seat that moved."""


def play_game(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int | None,
    first_dealer: int = 0,
    on_move: OnMove | None = None,
    check: bool = False,
    max_deals: int = 200,
) -> Game:
    """Play a whole game (deals until a side reaches ``rules.target``) with one agent per seat.

    Args:
        rules: the variant.
        agents: one agent per seat (``len(agents) == rules.players``); seat ``s``
            plays for side ``s % rules.teams``. An agent whose ``needs_view`` is
            true receives ``deal.view(seat)``, otherwise None (None too for a
            forced move where its ``needs_view_when_forced`` is False).
        seed: seed of the game (it seeds every deal's shuffle); None for a random game.
        first_dealer: seat of the first deal's dealer (the dealer then rotates, §1.2).
        on_move: optional callback ``on_move(deal, seat, move)`` after every move.
        check: call ``deal.check_invariants()`` after the deal is dealt and after every move.
        max_deals: safeguard against a game that never ends.

    Returns:
        The finished :class:`~canasta.engine.game.Game` (``winner``, ``totals`` and ``logs``
        with every deal's seed, moves and scores).

    Raises:
        ValueError: the number of agents is not the number of players.
        RuntimeError: an agent chose a move id that is not legal (names the agent,
            seat and reason), a deal ran past :data:`MAX_MOVES_PER_DEAL` moves, or
            the game was not over after ``max_deals`` deals.
        DeadEnd: a :class:`RuntimeError`: the player to act has no legal move, an error of the engine
            (:mod:`canasta.play.dead_end`).
        AssertionError: with ``check=True``, an engine invariant broke.

    Example: four heuristic bots play a short game of classic (to 1500 points):

    >>> from canasta.agents.base import make_agent
    >>> rules = Rules.parse("classic(target=1500)")
    >>> agents = [make_agent("heuristic", seat) for seat in range(rules.players)]
    >>> game = play_game(rules, agents, seed=1)
    >>> game.over, max(game.totals) >= rules.target
    (True, True)
    >>> game.totals[game.winner] == max(game.totals)
    True
    """
    if len(agents) != rules.players:
        raise ValueError(f"{rules.spec()} needs {rules.players} agents (one per seat), got {len(agents)}")
    game = Game(rules, seed=seed, first_dealer=first_dealer)
    while not game.over:
        if len(game.logs) >= max_deals:
            raise RuntimeError(
                f"the game did not end after {max_deals} deals (totals {game.totals}, "
                f"target {rules.target}); raise max_deals or check the agents"
            )
        game.new_deal()
        play_deal(game, agents, on_move=on_move, check=check)
        game.finish_deal()
    return game


def play_deal(game: Game, agents: Sequence[Agent], on_move: OnMove | None = None, check: bool = False) -> Deal:
    """Play the game's current deal (just dealt with ``game.new_deal()``) to its end, without scoring it.

    Args:
        game: a game whose ``deal`` is in progress; every move is logged in ``game.logs[-1]``.
        agents: one agent per (table) seat; agents with ``observe`` are told of the deal and of every move.
        on_move: optional callback ``on_move(deal, seat, move)`` after every move.
        check: call ``deal.check_invariants()`` before the first move and after every move.

    Returns:
        The finished deal (call ``game.finish_deal()`` to score it).

    Raises:
        RuntimeError: no deal in progress, an agent chose an illegal id, or a runaway deal.
        DeadEnd: a :class:`RuntimeError`: the player to act has no legal move (an error of the engine).
        AssertionError: with ``check=True``, an engine invariant broke.

    Example: one deal of classic between random bots, then scored:

    >>> from canasta.agents.base import make_agent
    >>> game = Game(Rules.preset("classic"), seed=7)
    >>> _ = game.new_deal()
    >>> deal = play_deal(game, [make_agent("random", seat) for seat in range(4)])
    >>> deal.over, len(game.logs[-1].moves) > 0
    (True, True)
    >>> len(game.finish_deal())  # one score per side
    2
    """
    deal = game.deal
    if deal is None:
        raise RuntimeError("no deal in progress: call game.new_deal() first")
    if check:
        deal.check_invariants()
    agents = [agents[table_seat] for table_seat in game.seating.seats]  # by deal seat; sitting out: nothing (§3.1)
    watchers = observers(agents)
    if watchers:
        observe_all(watchers, deal, -1, None)
    # a view for each decision of an agent that reads it; none for a forced move where the agent says it reads none
    forced_view = [getattr(agent, "needs_view_when_forced", True) for agent in agents]
    moves = 0
    while not deal.over:
        seat = deal.to_act
        agent = agents[seat]
        legal = deal.legal_actions()
        if not legal:
            raise DeadEnd(dead_end(deal))
        view = deal.view(seat) if agent.needs_view and (len(legal) > 1 or forced_view[seat]) else None
        action = agent.select(view, legal)
        try:
            move = game.apply_action(action)
        except IllegalMove as error:
            raise RuntimeError(
                f"bot '{agent.name}' at seat {seat + 1} chose move id {action}, which is not legal: {error}"
            ) from error
        if watchers:
            observe_all(watchers, deal, seat, move)
        if on_move is not None:
            on_move(deal, seat, move)
        if check:
            deal.check_invariants()
        moves += 1
        if moves >= MAX_MOVES_PER_DEAL:
            raise RuntimeError(
                f"deal {len(game.logs)} did not end after {MAX_MOVES_PER_DEAL} moves"
            )
    return deal
