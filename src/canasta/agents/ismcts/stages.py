"""A turn split into stages of grouped options, played out in one sampled world.

The searching seat's turn (RULES.md §1.4) is searched as at most three choices, so that the tree stays small:

* **draw**: draw from the stock or one of the ways of taking the pile on offer (§1.7), each an option;
* **plan** (the turn's first play decision): ``hard``'s meld, standing for every meld and addition ``hard``
  would make this turn one after another, or *holding* the cards back: discarding at once (``hard``'s best
  discard, and the others of the discard stage);
* **discard**: ``hard``'s discard, the next best discards by its ranking (when the pile holds at least
  ``pile`` cards: feeding a big pile is what a discard risks, §1.7), and asking "may I go out?" (§1.9);
* **answer**: yes or no to the partner's "may I go out?" (§1.9), searched on its own.

Option keys are action ids (:data:`canasta.moves.actions.DECODED_ACTIONS`). Every seat other than the
searching one, and the searching seat outside these choices, plays ``hard`` (one
:class:`~canasta.agents.hard.HardAgent` per seat sharing one exact card memory, as in
:mod:`canasta.agents.expert`'s rollouts).
"""

from __future__ import annotations

import time

from canasta.agents.hard_play import HardPlayer
from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.memory import CardMemory
from canasta.engine.deal import Deal
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import ASK, DISCARD, TAKE

DRAW, PLAN, DISCARD_STAGE, ANSWER, END = range(5)
"""The stages of the searching seat's turn, and END: the turn is over (a rollout follows)."""
MAX_MOVES = 5000
"""Safeguard: a rollout longer than this is cut and scored as it stands."""
ENDING = (DISCARD, ASK)


class World:
    """One sampled deal being played out: the deal, the searching seat, the shared memory and the players.

    Args:
        deal: the sampled deal (it is changed by play).
        seat: the searching seat.
        memory: a copy of the seat's card memory (made exact: it follows every move played here).
        agents: one player per seat: ``hard`` (its memory is set to ``memory``) at the searching seat, ``hard``
            or the heuristic elsewhere (:attr:`canasta.agents.ismcts.search.Settings.mix`).
    """

    __slots__ = ("deal", "seat", "memory", "agents")

    def __init__(self, deal: Deal, seat: int, memory: CardMemory, agents: list[HeuristicAgent]):
        self.deal = deal
        self.seat = seat
        self.memory = memory
        self.agents = agents
        for agent in agents:
            if isinstance(agent, HardPlayer):
                agent.memory = memory

    def own_player(self) -> HardPlayer:
        """The searching seat's rollout player (always ``hard``).

        Raises:
            TypeError: it is not a ``hard`` player (a caller's mistake).
        """
        agent = self.agents[self.seat]
        if not isinstance(agent, HardPlayer):
            raise TypeError("the searching seat's rollout player must be hard")
        return agent

    def hard_choice(self) -> int:
        """The move ``hard`` makes for the seat to act (the only legal move if there is one)."""
        deal = self.deal
        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        actor = deal.actor
        return self.agents[actor].select(deal.view(actor), legal)

    def play(self, action: int) -> None:
        """Apply ``action`` for the seat to act and let the memory see it.

        Raises:
            IllegalMove: ``action`` is not legal here.
        """
        actor = self.deal.actor
        self.memory.observe(None, actor, self.deal.apply_action(action))

    def seat_in(self, phase: str) -> bool:
        """Whether the searching seat is to act in ``phase`` (``draw``, ``play`` or ``answer``)."""
        deal = self.deal
        return not deal.over and deal.actor == self.seat and deal.view(self.seat).phase == phase

    def rollout(self, stop: float | None = None, until_turn: int | None = None) -> bool:
        """Play the deal to its end with ``hard`` at every seat (cut after :data:`MAX_MOVES` moves), or with
        ``until_turn`` only until that turn begins (the deal's ``turn_no``; the caller scores the position there).

        With ``stop`` (a :func:`time.perf_counter` time), give up once it has passed (checked after every
        moves) and return False: the caller drops the iteration. Else return True.
        """
        steps = 0
        last = until_turn if until_turn is not None else 1 << 30
        while not self.deal.over and steps < MAX_MOVES and self.deal.turn_no < last:
            self.play(self.hard_choice())
            steps += 1
            if stop is not None and time.perf_counter() > stop:
                return False
        return True


def options(world: World, stage: int, candidates: int, pile: int) -> list[int]:
    """The option keys (action ids) of ``stage`` in ``world``, the default (``hard``'s choice) first; [] if the
    stage does not arise (the turn is over, or the seat is not to act in that stage).

    At the play stages: ``hard``'s move (a meld stands for ``hard``'s whole meld plan, see :func:`advance`),
    ``hard``'s best discard when ``hard`` would meld first (holding the cards back), the next best discards by
    its ranking when the pile holds at least ``pile`` cards (``candidates`` in all), and asking to go out."""
    deal = world.deal
    if stage == END or deal.over or deal.actor != world.seat:
        return []
    phase = deal.view(world.seat).phase
    if stage in (DRAW, ANSWER):
        if phase != ("draw" if stage == DRAW else "answer"):
            return []
        choice = world.hard_choice()
        return [choice] + [action for action in deal.legal_actions() if action != choice]
    if phase != "play":
        return []
    legal = deal.legal_actions()
    choice = world.hard_choice()
    out = [choice]
    if any(DECODED_ACTIONS[action].kind == DISCARD for action in legal):
        order = world.own_player().discard_order(deal.view(world.seat), legal)
        wanted = order[:candidates] if deal.pile_size >= pile else order[:1]
        out.extend(action for action in wanted if action not in out)
    out.extend(action for action in legal if DECODED_ACTIONS[action].kind == ASK and action not in out)
    return out


def advance(world: World, stage: int, key: int) -> int:
    """Play option ``key`` of ``stage`` in ``world``; return the next stage of the searching seat's turn.

    A meld or addition at a play stage is ``hard``'s plan: it is played, then every further meld ``hard``
    makes this turn, up to the discard (the next stage)."""
    world.play(key)
    if stage == DRAW:
        return PLAN if world.seat_in("play") else END
    if stage in (PLAN, DISCARD_STAGE) and DECODED_ACTIONS[key].kind not in ENDING:
        while world.seat_in("play"):
            choice = world.hard_choice()
            if DECODED_ACTIONS[choice].kind in ENDING:
                return DISCARD_STAGE
            world.play(choice)
    return END


def root_stage(phase: str, kinds: set[int], planned: bool) -> int:
    """The stage a decision of the searching seat starts in, from its view's ``phase``, the kinds of its
    legal moves and whether this turn's meld plan is already chosen (END: nothing to search)."""
    if phase == "answer":
        return ANSWER
    if phase == "draw":
        return DRAW if TAKE in kinds else END
    if phase == "play":
        return DISCARD_STAGE if planned else PLAN
    return END
