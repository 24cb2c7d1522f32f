"""The first ``expert`` player, ``expert-v1``: determinized rollouts with the ``hard`` player as rollout policy.

(``expert`` is now the information-set search of :mod:`canasta.agents.ismcts`, which extends
:class:`ExpertAgent`; this flat search stays registered as ``expert-v1`` for comparison and gives the
terminal's hints.)

At a decision that matters (RULES.md §1.4, §1.7, §1.9):

* **draw or take** (every way of taking the pile on offer),
* **which discard** (the ``candidates`` best discards by ``hard``'s own ranking),
* **going out** (asking "may I go out?" or playing on), and **answering** the partner,

the expert samples worlds consistent with what it knows
(:func:`~canasta.agents.determinize.sample_deal`: its view and its
:class:`~canasta.agents.memory.CardMemory`, never a hidden card), plays each
candidate move in each world and then the rest of the deal with ``hard`` at
every seat, and keeps the candidate whose mean deal margin (own side's score
minus the best other side's, points, §1.11) is highest. All candidates are
tried in the same worlds (common random numbers), so their difference is
measured far more precisely than their values. Every other decision (melding
one meld after another, a single legal move) is left to ``hard``, at once.

Budget per searched decision: ``iterations`` rollouts (one rollout = one
candidate in one world; the worlds are ``iterations // candidates``), or ``ms``
milliseconds of search (at least one world). With ``iterations`` the player is
deterministic for a fixed seed: each decision's worlds are drawn from a
generator seeded by the seed and the position (:func:`position_seed`: the
seat's view and its legal moves), so the same position gives the same worlds
however many decisions came before. With ``ms`` the number of worlds depends on
the machine's speed.

Advice (:meth:`ExpertAgent.advise`, the ``hint`` of terminal play) searches the
same way but names the candidate with the best mean margin over the worlds
(not ``hard``'s choice kept unless beaten by more than the noise, as the player
does), leaves the player's state untouched (its card memory is copied), and
reports each candidate's estimate with its uncertainty (:class:`Advice`,
worded by :func:`advice_text`).

Specs: ``expert`` (200 ms), ``expert(ms=200)``, ``expert(iterations=500)``,
``expert(iterations=200,candidates=3)``.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields

from canasta.agents.determinize import DeterminizeError, sample_deal
from canasta.agents.hard import HardAgent
from canasta.agents.memory import CardMemory, PublicState
from canasta.agents.protocol import view_or_forced, without_layout
from canasta.engine.deal import Deal, IllegalMove, PlayerView
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import ASK, DISCARD, NO, TAKE, YES, Move
from canasta.util.rulewords import in_words

DEFAULT_MS = 200.0
"""Time budget per searched decision when neither ``ms`` nor ``iterations`` is given."""
MAX_ROLLOUT_MOVES = 5000
"""Safeguard: a rollout longer than this is cut and scored as it stands."""


SEARCHED_WORDS = {
    ASK: "ask to go out (§1.9)",
    YES: "yes: your partner may go out this turn (§1.9)",
    NO: "no: your side plays on (§1.9)",
}
"""The reason a hint gives for asking and answering where it shows simulated figures."""


def _seed(*parts: object) -> int:
    """A 64-bit seed from ``parts`` (stable across runs and machines: sha256 of their text)."""
    text = "canasta-expert:" + ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def position_seed(seed: int, view: PlayerView, legal: Sequence[int]) -> int:
    """The seed of the worlds searched at a position: from ``seed``, the seat's view (every field; the
    rules by their spec) and the legal ids, and nothing else (not how many decisions came before)."""
    parts = [view.rules.spec()]
    parts.extend(repr(getattr(view, field.name)) for field in fields(view) if field.name != "rules")
    parts.append(repr(sorted(legal)))
    return _seed(seed, "|".join(parts))


@dataclass(frozen=True)
class Estimate:
    """One candidate move's result over the searched worlds."""

    action: int
    mean: float
    """Mean deal margin (own side's score minus the best other side's, points, §1.11)."""
    error: float
    """Standard error of ``mean`` (points): the spread of the margins over the square root of the worlds."""


@dataclass(frozen=True)
class Advice:
    """What :meth:`ExpertAgent.advise` found at a position.

    ``estimates`` are best first, every one over the same ``worlds`` (empty when nothing was searched:
    one candidate, or no world could be sampled); ``action`` is the first one's, else ``hard``'s move.
    ``gap`` is the mean paired difference between the best and the next best (points, over the same
    worlds) and ``gap_error`` its standard error; both 0 without two estimates.
    """

    action: int
    estimates: tuple[Estimate, ...] = ()
    worlds: int = 0
    gap: float = 0.0
    gap_error: float = 0.0


def about(points: float) -> int:
    """``points`` rounded as the hints show them: to tens, or to units below 10 (so a small gap is not 0).

    >>> about(123.4), about(-7.6), about(4.9)
    (120, -8, 5)
    """
    if abs(points) < 9.5:
        return round(points)
    return int(math.floor(points / 10 + 0.5)) * 10


def advice_text(advice: Advice, name: Callable[[int], str]) -> str:
    """The searched figures of ``advice`` in a player's words ('' when nothing was searched).

    ``name(action)`` writes a move (``draw``, ``take 8C 8S``). Points are rounded to tens (to units below
    10, :func:`about`) and the uncertainty is one standard error, written ``(± 60)``: the true average
    lies within it about two times in three, within twice it about 19 times in 20. The gap to the next
    best move is their paired difference over the same simulated deals, and is worded by how it
    compares with its standard error: more than twice it, "better than"; more than once, "probably
    better than"; else "too close to call" (or, when the two moves gave the same margin in every
    simulated deal, "did exactly as well"). From a single simulated deal (the sampler gave up after it)
    no uncertainty is shown, only that one deal is too few to be sure. For example::

        in 40 simulated deals: about +290 points per deal (± 60), better than the next best move,
        draw, by about 100 (± 30)
    """
    est = advice.estimates
    if not est:
        return ""
    best = est[0]
    worlds = advice.worlds
    if worlds < 2:  # no spread to measure (the sampler gave up after one world)
        text = f"in 1 simulated deal: about {about(best.mean):+d} points"
        if len(est) > 1:
            text += f"; the next best move, {name(est[1].action)}, about {about(est[1].mean):+d}"
        return text + " (one deal is too few to be sure)"
    text = (f"in {worlds} simulated deals: about {about(best.mean):+d} "
            f"points per deal (± {max(1, about(best.error))})")
    if len(est) < 2:
        return text
    nxt = est[1]
    other = f"the next best move, {name(nxt.action)}"
    gap, err = advice.gap, advice.gap_error
    if gap == 0 and err == 0:
        return text + f"; {other}, did exactly as well in every one"
    shown = f"by about {max(1, about(gap))} (± {max(1, about(err))})"
    if gap > 2 * err:
        return text + f", better than {other}, {shown}"
    if gap > err:
        return text + f", probably better than {other}, {shown}"
    return (text + f"; {other}, about {about(nxt.mean):+d}: too close to call "
            f"(difference {about(gap)} ± {max(1, about(err))})")


class ExpertAgent:
    """Search player (see the module docstring).

    Args:
        seed: seeds the sampled worlds (with the decision number).
        ms: time budget per searched decision, milliseconds (default 200 when no budget is given).
        iterations: rollouts per searched decision instead of a time budget (deterministic).
        candidates: discards searched (the best by ``hard``'s ranking), 1..12; with 1 the discard
            is ``hard``'s and only drawing/taking, going out and answering are searched.
        pile: discards are searched only when the discard pile holds at least this many cards
            (feeding a big pile is what a discard risks, §1.7).
        bias: points another candidate must gain over ``hard``'s own choice to replace it.
        z: standard errors (of the paired differences) it must gain on top of ``bias``.

    Raises:
        ValueError: both or neither budget positive, or ``candidates``/``bias`` out of range.
    """

    needs_view = True
    needs_view_when_forced = False
    """With one legal move it returns it without reading the view (the loops then pass None)."""

    def __init__(self, seed: int | None = None, ms: float | None = None, iterations: int | None = None,
                 candidates: int = 3, bias: float = 0.0, z: float = 1.0, pile: int = 8):
        if ms is not None and iterations is not None:
            raise ValueError("give the expert a time budget (ms=...) or an iteration budget (iterations=...), "
                             "not both")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations}")
        if ms is not None and not ms > 0:
            raise ValueError(f"ms must be a positive number of milliseconds, not {ms}")
        if not isinstance(candidates, int) or not 1 <= candidates <= 12:
            raise ValueError(f"candidates must be a whole number from 1 to 12, not {candidates}")
        if not 0 <= bias <= 1000:
            raise ValueError(f"bias must be 0 to 1000 points, not {bias}")
        if not 0 <= z <= 10:
            raise ValueError(f"z must be 0 to 10, not {z}")
        if not isinstance(pile, int) or pile < 0:
            raise ValueError(f"pile must be a whole number of cards, 0 or more, not {pile}")
        self.ms = float(ms) if ms is not None else (None if iterations is not None else DEFAULT_MS)
        self.iterations = iterations
        self.candidates = candidates
        self.bias = float(bias)
        self.z = float(z)
        self.pile = pile
        self.seed = seed if seed is not None else 0
        budget = f"iterations={iterations}" if iterations is not None else f"ms={self.ms:g}"
        self.name = f"expert({budget})"
        self.policy = HardAgent(seed)
        self._rollout: list[HardAgent] = []
        self.decisions = 0
        self.last: dict[int, tuple[float, int]] = {}
        """After a searched decision: candidate id -> (mean margin, rollouts)."""

    @property
    def memory(self) -> CardMemory:
        """The card memory (shared with the policy)."""
        return self.policy.memory

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        """Record a public event (the Agent ``observe`` hook)."""
        self.policy.observe(view, seat, move)

    def observe_public(self, facts: PublicState, own_view: Callable[[], PlayerView], seat: int,
                       move: Move | None) -> None:
        """Record a public event from the public facts after it (the Agent ``observe_public`` hook)."""
        self.policy.observe_public(facts, own_view, seat, move)

    # ------------------------------------------------------------- advice

    def explain(self, view: PlayerView, legal: Sequence[int], action: int) -> str:
        """One line on why ``action`` is chosen (the policy's reason, and the search's figures if it searched)."""
        self.memory.sync(view)
        with self._scratch_memory():
            why = self.policy.explain(view, legal, action)
        got = self.last.get(action)
        others = [figures for other, figures in self.last.items() if other != action]
        if got is not None and others:
            best_other = max(figures[0] for figures in others)
            why += f" (in {got[1]} simulated deals it averaged about {about(got[0]):+d} points per deal"
            if got[0] >= best_other:
                why += f", better than every other move tried by about {about(got[0] - best_other)})"
            else:  # the player keeps hard's choice unless another is better by more than the noise
                why += (f"; another move averaged about {about(best_other):+d}, but not by more than "
                        "the noise of the simulation)")
        return why

    def warning(self, view: PlayerView, legal: Sequence[int], action: int) -> str | None:
        """A warning if ``action`` throws points away (see :meth:`HardAgent.warning`), else None.

        Like :meth:`advise`, it changes no state (the coach's warnings do not change later hints)."""
        self.memory.sync(view)
        with self._scratch_memory():
            warning = self.policy.warning(view, legal, action)
        return None if warning is None else in_words(warning)

    # ------------------------------------------------------------- choosing

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal``: ``hard``'s choice, or the best candidate after search.

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        begun = self._begin(view, legal)
        if isinstance(begun, int):
            return begun
        view, choice = begun
        legal = without_layout(legal)  # holding on to the three kept for the Straight (MAC A.3)
        candidate_ids = self.candidate_moves(view, legal, choice)
        if len(candidate_ids) < 2:
            return choice
        self.decisions += 1
        rng = random.Random(position_seed(self.seed, view, legal))
        return self.search(view, legal, candidate_ids, choice, rng)

    def _begin(self, view: PlayerView | None, legal: Sequence[int]) -> int | tuple[PlayerView, int]:
        """The start of every decision (:meth:`select` here and in the search player): the only legal move when
        there is one (no view needed), else the view and ``hard``'s choice (its memory updated); the last
        search's figures are cleared.

        Raises:
            ValueError: ``view`` is None where it is needed, or ``legal`` is empty.
        """
        checked = view_or_forced(view, legal, "the expert")
        if isinstance(checked, int):
            return checked
        self.last = {}
        return checked, self.policy.select(checked, legal)

    def advise(self, view: PlayerView, legal: Sequence[int]) -> Advice:
        """The advice at a position (the ``hint``): the candidate with the best mean margin over the
        sampled worlds, with every candidate's estimate (see :class:`Advice`).

        A pure function of the seed, the position and the public history the player observed: the
        worlds come from :func:`position_seed`, and the card memory is copied for the search (``hard``
        remembers since when it saw an opponent close to going out, at its own decisions: advice asked
        earlier must not change it). The budget is the player's; ``self.last`` is left as it was.

        Raises:
            ValueError: ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return Advice(legal[0])
        with self._scratch_memory():
            choice = self.policy.select(view, legal)
            candidate_ids = self.candidate_moves(view, legal, choice)
            if len(candidate_ids) < 2:
                return Advice(choice)
            rng = random.Random(position_seed(self.seed, view, legal))
            values = self.simulate(view, legal, candidate_ids, rng)
        return summarize(choice, candidate_ids, values)

    def hint(self, view: PlayerView, legal: Sequence[int], name: Callable[[int], str]) -> tuple[int, str]:
        """The advised move and one line on why: ``hard``'s reason for it, then the searched figures
        (:func:`advice_text`; ``name`` writes a move). Like :meth:`advise`, it changes no state.

        Raises:
            ValueError: ``legal`` is empty.
        """
        advice = self.advise(view, legal)
        kind = DECODED_ACTIONS[advice.action].kind
        if advice.estimates and kind in SEARCHED_WORDS:
            # hard's reason for these quotes its own estimate of the deal ending now, which the
            # simulated deals (melding before going out, playing on) can contradict: say what the move does
            why = SEARCHED_WORDS[kind]
        else:
            with self._scratch_memory():
                why = self.policy.explain(view, legal, advice.action)
        figures = advice_text(advice, name)
        return advice.action, in_words(why + (f"; {figures}" if figures else ""))

    @contextmanager
    def _scratch_memory(self) -> Iterator[None]:
        """Run the block on a copy of the card memory (advice must not change the player's state)."""
        own = self.policy.memory
        self.policy.memory = own.copy()
        try:
            yield
        finally:
            self.policy.memory = own

    def candidate_moves(self, view: PlayerView, legal: Sequence[int], choice: int) -> list[int]:
        """The moves worth searching at this decision (``choice`` first); one move means no search."""
        kinds = [DECODED_ACTIONS[action].kind for action in legal]
        if view.phase == "answer":
            answers = [action for action in legal if action != choice and DECODED_ACTIONS[action].kind in (YES, NO)]
            return [choice, *answers]
        if view.phase == "draw":
            if TAKE not in kinds:
                return [choice]
            return [choice] + [action for action in legal if action != choice]
        out = [choice]
        if ASK in kinds or DECODED_ACTIONS[choice].kind == DISCARD:
            if self.candidates > 1 and view.pile_size >= self.pile:
                for action in self.policy.discard_order(view, legal)[: self.candidates]:
                    if action not in out:
                        out.append(action)
            for action in legal:
                if DECODED_ACTIONS[action].kind == ASK and action not in out:
                    out.append(action)
        return out

    def search(self, view: PlayerView, legal: Sequence[int], candidate_ids: list[int], choice: int,
               rng: random.Random) -> int:
        """Evaluate ``candidate_ids`` (``choice`` first) by rollouts in sampled worlds; return the best.

        Another candidate replaces ``hard``'s ``choice`` only if its mean margin over the same
        worlds beats the choice's by more than ``bias`` points plus ``z`` standard errors of
        the paired differences (so noise alone does not overrule the policy).
        """
        values = self.simulate(view, legal, candidate_ids, rng)
        base = values[0]
        best, best_score = choice, 0.0
        for i, candidate in enumerate(candidate_ids):
            margins = [value for value in values[i] if value is not None]
            if margins:
                self.last[candidate] = (sum(margins) / len(margins), len(margins))
            if i == 0:
                continue
            diffs = [value - base_value for value, base_value in zip(values[i], base, strict=True)
                     if value is not None and base_value is not None]
            if len(diffs) < 2:
                continue
            mean = sum(diffs) / len(diffs)
            spread = statistics.stdev(diffs)
            score = mean - self.bias - self.z * spread / math.sqrt(len(diffs))
            if score > best_score:
                best, best_score = candidate, score
        return best

    def simulate(self, view: PlayerView, legal: Sequence[int], candidate_ids: list[int],
                 rng: random.Random) -> list[list[float | None]]:
        """Margins of each of ``candidate_ids`` in the same sampled worlds (``values[i][w]``: candidate ``i`` in
        world ``w``, None where it is not legal there); as many worlds as the budget allows, none if
        the view and memory cannot be sampled (:class:`DeterminizeError`)."""
        values: list[list[float | None]] = [[] for _ in candidate_ids]
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms is not None else None
        most_worlds = max(2, (self.iterations or 0) // len(candidate_ids))
        worlds = 0
        while True:
            try:
                world = sample_deal(view, self.memory, rng, legal)
            except DeterminizeError:
                break
            world_seed = rng.getrandbits(62)
            for i, candidate in enumerate(candidate_ids):
                values[i].append(self.rollout(world, view.seat, candidate, world_seed))
            worlds += 1
            if deadline is not None:
                if time.perf_counter() >= deadline and worlds >= 2:
                    break
            elif worlds >= most_worlds:
                break
        return values

    def rollout(self, world: Deal, seat: int, action: int, world_seed: int) -> float | None:
        """Play ``action`` in a copy of ``world``, then the deal to its end with ``hard`` everywhere.

        Returns the deal margin of ``seat``'s side (points), or None if ``action`` is not legal there.
        """
        deal = world.clone(rng=random.Random(world_seed))  # the world's own generator is never copied
        memory = self.memory.copy()
        memory.exact = True
        players = deal.n
        while len(self._rollout) < players:
            self._rollout.append(HardAgent(self.seed))
        agents = self._rollout
        for player in range(players):
            agents[player].memory = memory
        try:
            move = deal.apply_action(action)
        except IllegalMove:
            return None
        memory.observe(None, seat, move)
        steps = 0
        while not deal.over and steps < MAX_ROLLOUT_MOVES:
            actor = deal.actor
            legal = deal.legal_actions()
            chosen = legal[0] if len(legal) == 1 else agents[actor].select(deal.view(actor), legal)
            memory.observe(None, actor, deal.apply_action(chosen))
            steps += 1
        return margin(deal, seat)


def summarize(choice: int, candidate_ids: Sequence[int], values: Sequence[Sequence[float | None]]) -> Advice:
    """The :class:`Advice` of margins ``values`` (as :meth:`ExpertAgent.simulate` returns them) of
    ``candidate_ids``.

    Only the worlds where every candidate is legal count, so that every estimate and the gap are over
    the same deals. The advised move is the best mean; ties go to the earlier candidate (``hard``'s
    ``choice`` is first). With no such world, the advice is ``choice`` with no estimate.
    """
    common = ([world for world in range(len(values[0])) if all(row[world] is not None for row in values)]
              if values else [])
    if not common:
        return Advice(choice)
    worlds = len(common)
    rows = [[value for value in (row[world] for world in common) if value is not None] for row in values]
    means = [sum(row) / worlds for row in rows]
    errors = [statistics.stdev(row) / math.sqrt(worlds) if worlds > 1 else 0.0 for row in rows]
    order = sorted(range(len(candidate_ids)), key=lambda i: (-means[i], i))
    estimates = tuple(Estimate(candidate_ids[i], means[i], errors[i]) for i in order)
    gap = gap_error = 0.0
    if len(order) > 1:
        diffs = [first - second for first, second in zip(rows[order[0]], rows[order[1]], strict=True)]
        gap = sum(diffs) / worlds
        gap_error = statistics.stdev(diffs) / math.sqrt(worlds) if worlds > 1 else 0.0
    return Advice(estimates[0].action, estimates, worlds, gap, gap_error)


def margin(deal: Deal, seat: int) -> float:
    """Deal margin of ``seat``'s side: its score minus the best other side's (points, §1.11).

    A deal cut short (not over) is scored as if it ended now.
    """
    if not deal.over:
        deal.over = True
        deal.out_seat = -1
    scores = [score.total for score in deal.score()]
    side = deal.side_of[seat]
    return scores[side] - max(total for other, total in enumerate(scores) if other != side)

