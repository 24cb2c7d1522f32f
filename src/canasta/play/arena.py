"""Duplicate tournaments between bots (``canasta arena``): win rates, score margins, Elo.

Format (every unit of play is repeated with the bots swapped, so the cards cancel out):

* **Shuffles.** Shuffle ``i`` (``0 <= i < n``) is seeded from ``(seed, i)`` alone, and
  its first dealer is seat ``i % players``. Every pair of bots plays the same shuffles.
* **Duplicate plays.** For a pair (A, B) and a variant with two sides, shuffle ``i`` is
  played twice: A on side 0 and B on side 1, then swapped. With ``k >= 3`` sides it is
  played ``2k`` times: A alone on side ``j`` (B on the others) for every ``j``, then B
  alone on side ``j`` (A on the others). A side is every seat ``s`` with
  ``s % teams == side`` (partners play the same bot; RULES.md §1.2, §3.1).
* **Unit.** ``unit="deal"`` plays one deal from a 0-0 score (minimum count 50, §1.6);
  ``unit="game"`` plays a whole game to the target (§1.12) from the shuffle's seed
  (deal ``d`` of both games is dealt the same deck).
* **Margin and win.** In one play, A's *margin* is the mean score of A's sides minus the
  mean score of B's sides (points; per deal, or final totals for games). A *wins* the
  play if its margin is positive; a tie counts half.

Statistics (:class:`PairStats`, :class:`BotStats`):

* mean margin: per shuffle, the mean of A's margins over its duplicate plays;
  the interval is ``mean ± 1.96·sd/√n`` over the ``n`` shuffles (normal
  approximation; the pairing of a shuffle's plays is what cancels the cards);
* win rate: wins (ties half) over plays, with the 95% Wilson score interval over
  the plays. It treats the plays as independent; the two plays of a shuffle are
  usually negatively correlated (good cards help whoever holds them), so the
  interval is on the wide side;
* shuffle win rate (pairs only): the duplicate score of a shuffle, as in duplicate
  bridge: A wins shuffle ``i`` when its mean margin over the shuffle's plays is
  positive (a tie counts half), so the same cards were worth more to A than to B.
  Shuffles won over shuffles, with the 95% Wilson interval over the shuffles. The
  cards cancel out here; in the per-play win rate they do not (a deal where the
  weaker bot is dealt all four red threes counts against the stronger one);
* Elo (three bots or more): a Bradley–Terry model fitted by maximum likelihood
  (minorize–maximize) to every pair's wins and plays, with one virtual play per
  pair split half-half so that a clean sweep stays finite; shown as
  ``1500 + 400·log10(strength)`` with the mean rating anchored at 1500, and a
  95% interval from the inverse Fisher information (normal approximation).

Results depend only on ``(variant, bots, n, unit, seed)``: every random choice
derives from the seed and the shuffle index, never from process state, so any
number of jobs, or the Ray backend (:mod:`canasta.play.arena_ray`), gives exactly the
same figures (bots with a time budget, such as ``expert(ms=200)``, excepted: how
far they search depends on the machine's speed).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from canasta.agents.protocol import Agent
from canasta.agents.registry import check_spec, make_agent
from canasta.engine.game import Game
from canasta.play.match import play_deal, play_game
from canasta.play.simulate import derive_seed, side_labels
from canasta.rules.fields import Rules

UNITS = ("deal", "game")
"""Units of play: one deal from a 0-0 score, or a whole game."""
Z95 = 1.959963984540054
"""Two-sided 95% quantile of the normal distribution."""

Progress = Callable[[int, int], None]
"""Callback ``progress(tasks_done, tasks_total)``; a task is one shuffle of one pair."""


# ---------------------------------------------------------------- playing


@dataclass(frozen=True)
class Task:
    """One shuffle of one pair: everything a worker needs to play its duplicate plays.

    Attributes:
        variant: the rules' variant string. a, b: the two bot specs. pair: index of the pair.
        index: the shuffle's number. seed: the tournament seed. unit: "deal" or "game".
    """

    variant: str
    a: str
    b: str
    pair: int
    index: int
    seed: int
    unit: str


@dataclass(frozen=True)
class PlayResult:
    """One play of a shuffle.

    Attributes:
        a_sides: the sides A played. scores: each side's points (the deal's score, or the
            game's final total). margin: A's mean side score minus B's, in points.
        win: 1 if A's margin is positive, 0.5 if zero, else 0.
    """

    a_sides: tuple[int, ...]
    scores: tuple[int, ...]
    margin: float
    win: float


@dataclass(frozen=True)
class ShuffleResult:
    """The duplicate plays of one shuffle for one pair, and decision times.

    Attributes:
        pair, index: which task. plays: its plays in order.
        times_a, times_b: seconds of every ``select`` call of A and of B (not part of the
            reproducible result; they depend on the machine).
    """

    pair: int
    index: int
    plays: tuple[PlayResult, ...]
    times_a: tuple[float, ...] = field(default=(), compare=False, repr=False)
    times_b: tuple[float, ...] = field(default=(), compare=False, repr=False)

    @property
    def margin(self) -> float:
        """A's mean margin over the plays, in points."""
        return sum(p.margin for p in self.plays) / len(self.plays)

    @property
    def win(self) -> float:
        """A's share of the plays won (ties half)."""
        return sum(p.win for p in self.plays) / len(self.plays)

    @property
    def shuffle_win(self) -> float:
        """1 if A's mean margin over the plays is positive, 0.5 if zero, else 0 (duplicate scoring)."""
        m = self.margin
        return 1.0 if m > 0 else 0.5 if m == 0 else 0.0


def assignments(teams: int) -> list[tuple[int, ...]]:
    """Which bot plays each side in the duplicate plays of a shuffle: 0 = A, 1 = B.

    Two sides: ``[(0, 1), (1, 0)]``. ``k >= 3`` sides: A alone on each side, then B alone on each side.
    """
    if teams == 2:
        return [(0, 1), (1, 0)]
    alone_a = [tuple(0 if s == j else 1 for s in range(teams)) for j in range(teams)]
    alone_b = [tuple(1 if s == j else 0 for s in range(teams)) for j in range(teams)]
    return alone_a + alone_b


class _Timed:
    """Wraps an agent and records the seconds of each ``select`` call."""

    def __init__(self, agent: Agent, sink: list[float]):
        self.agent = agent
        self.name = agent.name
        self.needs_view = agent.needs_view
        self.sink = sink
        obs = getattr(agent, "observe", None)
        if callable(obs):
            self.observe = obs

    def select(self, view: Any, legal: Sequence[int]) -> int:
        t = time.perf_counter()
        a = self.agent.select(view, legal)
        self.sink.append(time.perf_counter() - t)
        return a


_RULES_CACHE: dict[str, Rules] = {}


def _rules(variant: str) -> Rules:
    r = _RULES_CACHE.get(variant)
    if r is None:
        r = _RULES_CACHE[variant] = Rules.parse(variant)
    return r


def play_margin(scores: Sequence[int], a_sides: Sequence[int]) -> float:
    """A's margin in one play: mean score of A's sides minus mean score of the other sides (points)."""
    a = [scores[s] for s in a_sides]
    b = [scores[s] for s in range(len(scores)) if s not in a_sides]
    return sum(a) / len(a) - sum(b) / len(b)


def run_task(task: Task) -> ShuffleResult:
    """Play the duplicate plays of one shuffle for one pair (see the module docstring).

    Raises:
        RuntimeError: a bot chose an illegal move or a runaway deal (from :mod:`canasta.play.match`).
    """
    rules = _rules(task.variant)
    players, teams = rules.players, rules.teams
    shuffle_seed = derive_seed(task.seed, task.index)
    dealer = task.index % players
    plays = []
    times: tuple[list[float], list[float]] = ([], [])
    specs = (task.a, task.b)
    for j, assign in enumerate(assignments(teams)):
        agents: list[Agent] = []
        for seat in range(players):
            who = assign[seat % teams]
            agent = make_agent(specs[who], derive_seed(task.seed, task.index, j, seat))
            agents.append(_Timed(agent, times[who]))  # type: ignore[arg-type]
        if task.unit == "game":
            game = play_game(rules, agents, shuffle_seed, first_dealer=dealer)
            scores = tuple(game.totals)
        else:
            game = Game(rules, seed=shuffle_seed, first_dealer=dealer)
            game.new_deal()
            play_deal(game, agents)
            scores = tuple(s.total for s in game.finish_deal())
        a_sides = tuple(s for s in range(teams) if assign[s] == 0)
        m = play_margin(scores, a_sides)
        plays.append(PlayResult(a_sides, scores, m, 1.0 if m > 0 else 0.5 if m == 0 else 0.0))
    return ShuffleResult(task.pair, task.index, tuple(plays), tuple(times[0]), tuple(times[1]))


def _run_chunk(tasks: Sequence[Task]) -> list[ShuffleResult]:
    return [run_task(t) for t in tasks]


# ------------------------------------------------------------- statistics


def mean_ci(xs: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation interval ``mean ± z·sd/√n`` (sample sd, n - 1).

    Returns ``(mean, low, high)``; with fewer than 2 values the interval is ``(nan, nan)``.

    Raises:
        ValueError: ``xs`` is empty.
    """
    n = len(xs)
    if n == 0:
        raise ValueError("no values to average")
    m = sum(xs) / n
    if n < 2:
        return m, math.nan, math.nan
    half = z * statistics.stdev(xs) / math.sqrt(n)
    return m, m - half, m + half


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Proportion ``wins / n`` and its Wilson score interval (``wins`` may hold halves for ties).

    Returns ``(p, low, high)``.

    Raises:
        ValueError: ``n`` < 1 or ``wins`` outside ``0..n``.
    """
    if n < 1:
        raise ValueError("no plays")
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be within 0..{n}, not {wins}")
    p = wins / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    lo = 0.0 if wins == 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if wins == n else min(1.0, max(p, centre + half))
    return p, lo, hi


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """Inverse of a small square matrix (Gauss–Jordan with partial pivoting)."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-300:
            raise ValueError("singular matrix")
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        m[col] = [x / p for x in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [row[n:] for row in m]


def bradley_terry_elo(wins: list[list[float]], plays: list[list[float]], prior: float = 1.0,
                      anchor: float = 1500.0, iterations: int = 10000) -> list[tuple[float, float, float]]:
    """Elo ratings from pairwise results by maximum-likelihood Bradley–Terry.

    Args:
        wins: ``wins[i][j]`` plays of i against j that i won (ties counted half).
        plays: ``plays[i][j]`` plays between i and j (symmetric).
        prior: virtual plays added to every pair that played, split half-half (keeps sweeps finite).
        anchor: the mean rating.
        iterations: most minorize–maximize steps.

    Returns:
        ``(elo, low, high)`` per bot; the interval is ±1.96 standard errors from the inverse
        Fisher information (constrained to a zero mean), ``nan`` where it cannot be computed.
    """
    k = len(wins)
    w = [[wins[i][j] + (prior / 2 if plays[i][j] > 0 else 0.0) for j in range(k)] for i in range(k)]
    n = [[plays[i][j] + (prior if plays[i][j] > 0 else 0.0) for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            den = sum(n[i][j] / (p[i] + p[j]) for j in range(k) if j != i and n[i][j] > 0)
            wi = sum(w[i][j] for j in range(k) if j != i)
            new.append(wi / den if den > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        done = max(abs(a - b) for a, b in zip(new, p, strict=True)) < 1e-12
        p = new
        if done:
            break
    theta = [math.log(x) for x in p]
    scale = 400.0 / math.log(10.0)
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and n[i][j] > 0:
                pi = p[i] / (p[i] + p[j])
                v = n[i][j] * pi * (1 - pi)
                info[i][j] -= v
                info[i][i] += v
    try:
        inv = _inverse([[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)])
        var = [inv[i][i] - 1.0 / k for i in range(k)]
    except ValueError:
        var = [math.nan] * k
    out = []
    for i in range(k):
        r = anchor + scale * theta[i]
        se = scale * math.sqrt(var[i]) if var[i] == var[i] and var[i] >= 0 else math.nan
        out.append((r, r - Z95 * se, r + Z95 * se))
    return out


@dataclass(frozen=True)
class PairStats:
    """Results of A against B.

    Attributes:
        a, b: labels. shuffles: shuffles played. plays: plays (2 or 2k per shuffle).
        wins: A's wins (ties half). win_rate, win_low, win_high: A's win rate and 95% Wilson interval.
        margin, margin_low, margin_high: A's mean margin per shuffle (points) and 95% interval.
        shuffle_wins: shuffles A won on their duplicate score (ties half, see the module docstring).
        shuffle_rate, shuffle_low, shuffle_high: A's shuffle win rate and its 95% Wilson interval.
    """

    a: str
    b: str
    shuffles: int
    plays: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    margin: float
    margin_low: float
    margin_high: float
    shuffle_wins: float = math.nan
    shuffle_rate: float = math.nan
    shuffle_low: float = math.nan
    shuffle_high: float = math.nan

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict (nan as null)."""
        return {"a": self.a, "b": self.b, "shuffles": self.shuffles, "plays": self.plays, "wins": self.wins,
                "win_rate": self.win_rate, "win_rate_ci": [_num(self.win_low), _num(self.win_high)],
                "mean_margin": self.margin, "margin_ci": [_num(self.margin_low), _num(self.margin_high)],
                "shuffle_wins": _num(self.shuffle_wins), "shuffle_win_rate": _num(self.shuffle_rate),
                "shuffle_win_rate_ci": [_num(self.shuffle_low), _num(self.shuffle_high)]}


@dataclass(frozen=True)
class BotStats:
    """One bot against the field (every other bot it met).

    Attributes:
        label: the bot's label. plays: plays it took part in. wins: plays won (ties half).
        win_rate, win_low, win_high: win rate against the field and 95% Wilson interval.
        margin, margin_low, margin_high: mean margin per shuffle against the field (points), 95% interval.
        elo, elo_low, elo_high: Elo and 95% interval (nan with fewer than three bots).
        decision_ms_median, decision_ms_mean: time of one ``select`` call, milliseconds (nan if none).
    """

    label: str
    plays: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    margin: float
    margin_low: float
    margin_high: float
    elo: float = math.nan
    elo_low: float = math.nan
    elo_high: float = math.nan
    decision_ms_median: float = math.nan
    decision_ms_mean: float = math.nan

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict (nan as null)."""
        return {"plays": self.plays, "wins": self.wins, "win_rate": self.win_rate,
                "win_rate_ci": [_num(self.win_low), _num(self.win_high)], "mean_margin": self.margin,
                "margin_ci": [_num(self.margin_low), _num(self.margin_high)], "elo": _num(self.elo),
                "elo_ci": [_num(self.elo_low), _num(self.elo_high)],
                "decision_ms_median": _num(self.decision_ms_median),
                "decision_ms_mean": _num(self.decision_ms_mean)}


def _num(x: float) -> float | None:
    return None if x != x else x


@dataclass
class ArenaResult:
    """What :func:`run_arena` measured.

    Attributes:
        variant, seed, unit, shuffles: the tournament's settings. specs, labels: the bots.
        pairs: one :class:`PairStats` per pair (i < j, A = bot i). bots: one :class:`BotStats` per label.
        results: every shuffle of every pair, in task order. seconds, jobs, backend: how it ran.
    """

    variant: str
    seed: int
    unit: str
    shuffles: int
    specs: list[str]
    labels: list[str]
    pairs: list[PairStats]
    bots: dict[str, BotStats]
    results: list[ShuffleResult] = field(repr=False)
    seconds: float = 0.0
    jobs: int = 1
    backend: str = "local"

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (without per-shuffle results)."""
        return {
            "variant": self.variant, "seed": self.seed, "unit": self.unit, "shuffles": self.shuffles,
            "bots": {lb: self.bots[lb].to_json() for lb in self.labels},
            "order": self.labels, "specs": self.specs,
            "pairs": [p.to_json() for p in self.pairs],
            "seconds": self.seconds, "jobs": self.jobs, "backend": self.backend,
        }


def pair_list(k: int) -> list[tuple[int, int]]:
    """Every pair ``(i, j)`` with ``i < j`` of ``k`` bots, in order."""
    return [(i, j) for i in range(k) for j in range(i + 1, k)]


def summarise(variant: str, seed: int, unit: str, n: int, specs: Sequence[str],
              results: Sequence[ShuffleResult]) -> ArenaResult:
    """Turn the shuffles' results into pair, field and Elo figures (see the module docstring)."""
    labels = side_labels(specs)
    k = len(labels)
    pairs = pair_list(k)
    by_pair: list[list[ShuffleResult]] = [[] for _ in pairs]
    for r in results:
        by_pair[r.pair].append(r)
    wins = [[0.0] * k for _ in range(k)]
    nplays = [[0.0] * k for _ in range(k)]
    field_margins: list[list[float]] = [[] for _ in range(k)]
    times: list[list[float]] = [[] for _ in range(k)]
    pstats = []
    for (i, j), rs in zip(pairs, by_pair, strict=True):
        rs.sort(key=lambda r: r.index)
        w = sum(p.win for r in rs for p in r.plays)
        npl = sum(len(r.plays) for r in rs)
        wins[i][j] += w
        wins[j][i] += npl - w
        nplays[i][j] += npl
        nplays[j][i] += npl
        margins = [r.margin for r in rs]
        field_margins[i].extend(margins)
        field_margins[j].extend(-m for m in margins)
        for r in rs:
            times[i].extend(r.times_a)
            times[j].extend(r.times_b)
        sw = sum(r.shuffle_win for r in rs)
        if npl:
            p, lo, hi = wilson(w, npl)
            m, mlo, mhi = mean_ci(margins)
            sp, slo, shi = wilson(sw, len(rs))
        else:
            p = lo = hi = m = mlo = mhi = sw = sp = slo = shi = math.nan
        pstats.append(PairStats(labels[i], labels[j], len(rs), npl, w, p, lo, hi, m, mlo, mhi, sw, sp, slo, shi))
    elo = bradley_terry_elo(wins, nplays) if k >= 3 else [(math.nan,) * 3] * k
    bots = {}
    for i, lb in enumerate(labels):
        npl = int(sum(nplays[i]))
        w = sum(wins[i][j] for j in range(k) if j != i)
        p, lo, hi = wilson(w, npl) if npl else (math.nan,) * 3
        m, mlo, mhi = mean_ci(field_margins[i]) if field_margins[i] else (math.nan,) * 3
        ts = times[i]
        med = statistics.median(ts) * 1000 if ts else math.nan
        mean = sum(ts) / len(ts) * 1000 if ts else math.nan
        bots[lb] = BotStats(lb, npl, w, p, lo, hi, m, mlo, mhi, elo[i][0], elo[i][1], elo[i][2], med, mean)
    return ArenaResult(variant, seed, unit, n, list(specs), labels, pstats, bots, list(results))


# ------------------------------------------------------------------ running


def make_tasks(rules: Rules, specs: Sequence[str], n: int, seed: int, unit: str) -> list[Task]:
    """Every task of a tournament, in the fixed order pair by pair, shuffle by shuffle."""
    variant = rules.spec()
    return [Task(variant, specs[i], specs[j], p, idx, seed, unit)
            for p, (i, j) in enumerate(pair_list(len(specs))) for idx in range(n)]


def run_local(tasks: Sequence[Task], jobs: int = 1, progress: Progress | None = None) -> list[ShuffleResult]:
    """Play ``tasks`` in this process (``jobs == 1``) or in ``jobs`` worker processes; results in task order."""
    total = len(tasks)
    out: list[ShuffleResult] = []
    if jobs <= 1 or total <= 1:
        for t in tasks:
            out.append(run_task(t))
            if progress is not None:
                progress(len(out), total)
        return out
    size = max(1, min(8, total // (jobs * 4)))
    chunks = [tasks[a:a + size] for a in range(0, total, size)]
    done = 0
    with multiprocessing.get_context().Pool(min(jobs, len(chunks))) as pool:
        for part in pool.imap_unordered(_run_chunk, chunks):
            out.extend(part)
            done += len(part)
            if progress is not None:
                progress(done, total)
    order = {(t.pair, t.index): k for k, t in enumerate(tasks)}
    out.sort(key=lambda r: order[(r.pair, r.index)])
    return out


def run_arena(rules: Rules, specs: Sequence[str], n: int, seed: int = 0, unit: str = "deal", jobs: int = 1,
              backend: str = "local", address: str | None = None,
              progress: Progress | None = None) -> ArenaResult:
    """Play a duplicate round robin between ``specs`` and summarise it.

    Args:
        rules: the variant. specs: two bot specs or more (``hard``, ``expert(iterations=200)``...).
        n: shuffles per pair (each played 2 or 2k times; see the module docstring).
        seed: the tournament seed. unit: "deal" or "game".
        jobs: worker processes (local backend) or parallel tasks (Ray). The figures do not depend on it.
        backend: "local" or "ray" (:mod:`canasta.play.arena_ray`). address: Ray cluster address (None: local Ray).
        progress: optional callback after each finished task.

    Returns:
        An :class:`ArenaResult`.

    Raises:
        ValueError: fewer than two bots, ``n`` < 1, ``jobs`` < 1, unknown unit or backend, an unknown bot
            or option (the message lists what is allowed).
        RuntimeError: the Ray backend is asked for but Ray is not installed or does not start.
    """
    if len(specs) < 2:
        raise ValueError("an arena needs at least two bots")
    if n < 1:
        raise ValueError(f"the number of shuffles must be at least 1, not {n}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if unit not in UNITS:
        raise ValueError(f"unit must be one of {', '.join(UNITS)}, not '{unit}'")
    clean = [s.strip() for s in specs]
    for s in clean:
        check_spec(s)
    tasks = make_tasks(rules, clean, n, seed, unit)
    start = time.perf_counter()
    if backend == "local":
        results = run_local(tasks, jobs, progress)
    elif backend == "ray":
        from canasta.play.arena_ray import run_ray

        results = run_ray(tasks, jobs=jobs, address=address, progress=progress)
    else:
        raise ValueError(f"backend must be 'local' or 'ray', not '{backend}'")
    res = summarise(rules.spec(), seed, unit, n, clean, results)
    res.seconds = time.perf_counter() - start
    res.jobs = jobs
    res.backend = backend
    return res
