"""Bots and hints off the event loop: a process pool that chooses moves for web tables.

A bot here keeps no state between decisions that the server must hold: :func:`decide` rebuilds the
deal from what a :class:`BotRequest` carries (variant, seed, deck, dealer, the moves so far), lets a
fresh agent follow it (its card memory, as in terminal play) and asks it for a move. Each worker
process keeps the deals it followed in a small cache (:data:`CACHE_SIZE`), so a table's next decision
applies only the moves since its last one. Hint players are made the same way, only when a hint is
asked. So any process — or any server sharing the store — can choose a table's next bot move.

:class:`BotPool` runs :func:`decide` in a :class:`concurrent.futures.ProcessPoolExecutor` (spawned
processes) with a budget per decision (:data:`BUDGET_SECONDS`): a decision that takes longer is given
up and the caller plays :func:`safe_move` instead, so one table's bot can never hold the event loop
or the other tables. With ``processes=0`` the pool decides in the calling thread (tests). The processes
start with the server (:meth:`BotPool.start`, from the app's lifespan), end when it closes the pool, and end by
themselves when the server process is gone, even killed (:func:`exit_with_parent`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from canasta.agents import Agent, make_agent
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules

log = logging.getLogger("canasta.web")

BUDGET_SECONDS = 2.0
"""Longest wait for one decision of the pool before :func:`safe_move` is played instead."""
START_SECONDS = 120.0
"""Longest wait for the pool's processes to start (spawned, they import the engine and the bots), which is
not counted in a decision's budget."""
CACHE_SIZE = 256
"""Deals a process keeps followed (one per table, bot seat and deal)."""


@dataclass(frozen=True)
class BotRequest:
    """Everything a bot needs to choose a move (plain values: it is sent to another process).

    Attributes:
        key: names the follower (table id and bot/hint), for the cache.
        deal_no: the deal's number in the game (1-based).
        spec: the agent spec (``hard``, ``expert(ms=100)``...).
        agent_seed: the agent's seed.
        rules: the table's variant (``Rules.spec()``); the deal is played with its ``deal_rules()``.
        dealer: the deal seat of the dealer.
        totals: each side's total when the deal began (its minimum counts, §1.6).
        seed, deck: the deal's shuffle seed and deck order (never sent to a client).
        moves: the deal's moves so far, in notation.
        seat: the deal seat to choose for (the one to act).
    """

    key: str
    deal_no: int
    spec: str
    agent_seed: int
    rules: str
    dealer: int
    totals: tuple[int, ...]
    seed: int
    deck: tuple[int, ...]
    moves: tuple[str, ...]
    seat: int


@dataclass
class _Follower:
    deal: Deal
    agent: Agent
    observe: Callable[..., None] | None
    moves: list[str] = field(default_factory=list)


_CACHE: OrderedDict[tuple[str, int, str, int], _Follower] = OrderedDict()
_RULES: dict[str, Rules] = {}


def _follower(req: BotRequest) -> _Follower:
    rules = _RULES.get(req.rules)
    if rules is None:
        rules = _RULES[req.rules] = Rules.parse(req.rules).deal_rules()
    deal = Deal(rules, req.dealer, list(req.totals), seed=req.seed, deck=list(req.deck),
                deal_number=req.deal_no - 1)  # the round's minimum (round_minimums, Hand and Foot)
    agent = make_agent(req.spec, req.agent_seed)
    observe = getattr(agent, "observe", None)
    if not callable(observe):
        observe = None
    else:
        observe(deal.view(req.seat), -1, None)
    return _Follower(deal, agent, observe)


def decide(req: BotRequest) -> str:
    """The move (notation) the agent of ``req.spec`` chooses at ``req.seat`` after ``req.moves``.

    Raises:
        IllegalMove: a move of ``req.moves`` does not apply (a request that does not describe a deal).
    """
    key = (req.key, req.deal_no, req.spec, req.seat)
    f = _CACHE.pop(key, None)
    if f is None or len(f.moves) > len(req.moves) or list(req.moves[: len(f.moves)]) != f.moves:
        f = _follower(req)
    deal = f.deal
    for text in req.moves[len(f.moves):]:
        mover = deal.to_act
        done = deal.apply(text)
        f.moves.append(text)
        if f.observe is not None:
            f.observe(deal.view(req.seat), mover, done)
    _CACHE[key] = f
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    action = f.agent.select(deal.view(req.seat) if f.agent.needs_view else None, deal.legal_actions())
    return str(deal.move_for_action(action))


def exit_with_parent() -> None:
    """Run when each pool process starts (the executor's ``initializer``): a daemon thread ends the process as
    soon as the process that started it is gone, killed included (``multiprocessing.parent_process()``'s
    sentinel). Without it a server process killed by a signal (a worker of ``--workers`` restarted by its
    supervisor, a test) would leave its bot process, and with it the ``multiprocessing`` resource tracker,
    running for ever: they wait on a queue whose other end they hold themselves."""
    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - a pool process always has a parent
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)
    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def ready() -> bool:
    """Run first in each pool process: by the time it returns, what :func:`decide` uses is imported."""
    make_agent("hard", 0)  # the hint bot, and what the bots share (the engine, the agents' registry)
    return True


def safe_move(legal: Sequence[str]) -> str | None:
    """A move that keeps the game going when no bot answered in time: draw, pass, "no", the first take,
    else a discard of the first card listed (legal moves sorted), else the first legal move."""
    for first in ("draw", "pass", "no", "take"):
        for move in legal:
            if move == first or move.startswith(first + " "):
                return move
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        return discards[0]
    return legal[0] if legal else None


class BotPool:
    """Chooses bot moves and hints in worker processes, each decision within a budget.

    Args:
        processes: worker processes (0: decide in the calling thread, for tests).
        budget: seconds one decision may take before it is given up (:func:`safe_move` is used).
    """

    def __init__(self, processes: int = 1, budget: float = BUDGET_SECONDS):
        self.processes = processes
        self.budget = budget
        self.timeouts = 0
        self._executor: ProcessPoolExecutor | None = None
        self._started: list[Future[bool]] = []
        self._closed = False

    def start(self) -> None:
        """Start the worker processes (if ``processes`` > 0, not started yet and not closed): the server's
        lifespan calls it at start-up, and :meth:`choose` when it was not called. Nothing is started by
        making the pool, so an app that is built but never served leaves no process behind."""
        if self.processes <= 0 or self._executor is not None or self._closed:
            return
        self._executor = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=exit_with_parent)
        # started now, each importing what a decision needs: the first decision's budget is its own, not
        # the seconds a spawned process takes to start on a loaded machine (a hint refused as no_hint)
        self._started = [self._executor.submit(ready) for _ in range(self.processes)]

    async def _wait_started(self) -> bool:
        """Wait (up to :data:`START_SECONDS`) for the processes started with the pool; False if they failed."""
        if all(f.done() for f in self._started):
            return all(not f.cancelled() and f.exception() is None for f in self._started)
        try:
            await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(f) for f in self._started)), START_SECONDS)
        except Exception:
            log.exception("the bot processes did not start")
            return False
        return True

    async def choose(self, req: BotRequest) -> str | None:
        """The chosen move, or None when the decision failed or ran over the budget (logged)."""
        self.start()
        if self._executor is None:
            try:
                return decide(req)
            except Exception:
                log.exception("bot %s failed at %s", req.spec, req.key)
                return None
        if not await self._wait_started():
            return None
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.run_in_executor(self._executor, decide, req)
        try:
            return str(await asyncio.wait_for(fut, self.budget))
        except TimeoutError:
            self.timeouts += 1
            log.warning("bot %s at %s ran over its %.1f s budget", req.spec, req.key, self.budget)
        except Exception:
            log.exception("bot %s failed at %s", req.spec, req.key)
        return None

    def close(self) -> None:
        """Stop the worker processes (pending decisions are dropped): each has a second to finish its decision,
        then is terminated (killed if it still runs a second later), so none outlives the server. A closed pool
        decides in the calling thread."""
        self._closed = True
        if self._executor is not None:
            # ProcessPoolExecutor has no public list of its processes; without it the ones left would linger
            processes = list((getattr(self._executor, "_processes", None) or {}).values())
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            for proc in processes:
                proc.join(timeout=1.0)
                if proc.is_alive():
                    proc.terminate()
                    proc.join(timeout=1.0)
                if proc.is_alive():  # a loaded machine may take longer to end it: no process outlives the pool
                    proc.kill()
                    proc.join()
