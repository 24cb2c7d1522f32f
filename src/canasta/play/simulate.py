"""Play many games between bots and summarise them (``canasta simulate``).

:func:`simulate` plays ``n`` whole games (RULES.md §1.12) with one bot spec per
side. Game ``i`` is seeded from ``(seed, i)`` alone, and the sides' bots and
the first dealer rotate from game to game, so that no bot keeps the advantage
of a seat or of playing first:

* the bots take the sides in every order: with ``P = teams!`` orders (those
  of ``itertools.permutations``), game ``i`` uses order ``i % P``, and side
  ``k`` is played by ``bot_specs[order[k]]``. With two sides this simply
  alternates; with three it also alternates who discards to whom;
* the first dealer of game ``i`` is seat ``(i // P) % players``, so every order
  of the bots meets every first dealer equally often (with ``i % players`` and
  two sides, the same bot would always play first);
* games are played in *duplicate*: the ``P`` games with the same ``i // P``
  share their seed, hence the same deck for every deal that all of them reach,
  with the bots in other seats. Luck of the cards then cancels out between the
  bots.

The result is the same for any number of worker processes (``jobs``): games
are split into chunks, played in parallel and reassembled in game order.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from canasta.agents import make_agent
from canasta.play.match import play_game
from canasta.rules.fields import Rules

Progress = Callable[[int, int], None]
"""Callback ``progress(games_done, games_total)``."""


def derive_seed(*parts: int) -> int:
    """A 62-bit seed derived deterministically from integers (same on every machine and process)."""
    text = "canasta-sim:" + ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 2


def side_labels(bot_specs: Sequence[str]) -> list[str]:
    """Names that tell repeated bot specs apart: ``["random", "random"]`` -> ``["random", "random#2"]``."""
    seen: dict[str, int] = {}
    out = []
    for spec in bot_specs:
        key = spec.strip()
        seen[key] = seen.get(key, 0) + 1
        out.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return out


def side_order(teams: int, index: int) -> tuple[int, ...]:
    """Which bot spec plays each side in game ``index``: ``order[side]`` indexes the specs.

    Game ``index`` uses the ``index % teams!``-th permutation of ``range(teams)``.
    """
    perms = list(itertools.permutations(range(teams)))
    return perms[index % len(perms)]


@dataclass(frozen=True)
class GameSummary:
    """One simulated game.

    Attributes:
        index: the game's number, from 0.
        seed: the game's seed (derived from the simulation seed and ``index // teams!``).
        first_dealer: seat of the first dealer.
        players: label of the bot playing each side (index = side).
        winner: the side that won.
        totals: final score of each side, in points.
        deal_scores: each deal's score per side, in points.
        canastas: each deal's number of canastas per side.
    """

    index: int
    seed: int
    first_dealer: int
    players: tuple[str, ...]
    winner: int
    totals: tuple[int, ...]
    deal_scores: tuple[tuple[int, ...], ...]
    canastas: tuple[tuple[int, ...], ...]


@dataclass
class SimResult:
    """What :func:`simulate` measured.

    Per-bot figures are keyed by label (a bot spec, ``#2``... for repeats).

    Attributes:
        variant: the rules' variant string. seed: the simulation seed.
        labels: label of each bot spec, in the order given.
        wins: games won by each label. win_rate: wins / games.
        mean_deal_score: mean score per deal of the side the bot played, in points.
        canastas_per_deal: mean canastas per deal of the side the bot played.
        deals_per_game: mean number of deals in a game.
        seconds: wall-clock time of the whole run. games_per_second: games / seconds.
        jobs: worker processes used. summaries: every game, in order.
    """

    variant: str
    seed: int
    labels: list[str]
    wins: dict[str, int]
    win_rate: dict[str, float]
    mean_deal_score: dict[str, float]
    canastas_per_deal: dict[str, float]
    deals_per_game: float
    seconds: float
    games_per_second: float
    jobs: int
    summaries: list[GameSummary] = field(repr=False)

    @property
    def games(self) -> int:
        """Number of games played."""
        return len(self.summaries)

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (without the per-game summaries)."""
        return {
            "variant": self.variant,
            "seed": self.seed,
            "games": self.games,
            "bots": self.labels,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "mean_deal_score": self.mean_deal_score,
            "canastas_per_deal": self.canastas_per_deal,
            "deals_per_game": self.deals_per_game,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "jobs": self.jobs,
        }


@dataclass(frozen=True)
class _Job:
    rules: Rules
    specs: tuple[str, ...]
    labels: tuple[str, ...]
    seed: int
    indices: tuple[int, ...]
    records_dir: str | None


def play_one(rules: Rules, specs: Sequence[str], labels: Sequence[str], seed: int, index: int,
             records_dir: Path | None = None) -> GameSummary:
    """Play game ``index`` of a simulation (see the module docstring for seats and dealer).

    Args:
        rules: the variant. specs: one bot spec per side. labels: their labels.
        seed: the simulation seed. index: the game's number, from 0.
        records_dir: if given, save the game record there as ``game-0001.json`` (index + 1).

    Raises:
        RuntimeError: a runaway game (see :func:`canasta.play.match.play_game`), or records
            were asked for and the ``canasta.formats.records`` module is missing.
    """
    teams, players = rules.teams, rules.players
    orders = math.factorial(teams)
    game_seed = derive_seed(seed, index // orders)
    side_bot = side_order(teams, index)  # side -> index into specs
    agents = [make_agent(specs[side_bot[s % teams]], derive_seed(game_seed, index, s))
              for s in range(players)]
    first_dealer = (index // orders) % players
    game = play_game(rules, agents, game_seed, first_dealer=first_dealer)
    if records_dir is not None:
        _save_record(game, [specs[side_bot[s % teams]] for s in range(players)],
                     [labels[side_bot[s % teams]] for s in range(players)],
                     records_dir / f"game-{index + 1:04d}.json")
    assert game.winner is not None
    deal_scores = tuple(tuple(log.scores) for log in game.logs)
    canastas = tuple(
        tuple(b.get("natural_canastas", 0) + b.get("mixed_canastas", 0) + b.get("wild_canastas", 0)
              + b.get("sequence_canastas", 0) for b in log.breakdowns)
        for log in game.logs
    )
    return GameSummary(index, game_seed, first_dealer, tuple(labels[b] for b in side_bot), game.winner,
                       tuple(game.totals), deal_scores, canastas)


def _save_record(game: Any, specs: list[str], labels: list[str], path: Path) -> None:
    try:
        from canasta.formats import records
    except ImportError as e:
        raise RuntimeError(f"cannot save game records: the canasta.formats.records module is missing ({e})") from e
    seats = [{"name": f"{label} (seat {s + 1})", "kind": "bot", "bot": spec}
             for s, (spec, label) in enumerate(zip(specs, labels, strict=True))]
    records.write_record(path, records.record_from_game(game, seats))


def _run_job(job: _Job) -> list[GameSummary]:
    rd = Path(job.records_dir) if job.records_dir is not None else None
    return [play_one(job.rules, job.specs, job.labels, job.seed, i, rd) for i in job.indices]


def simulate(
    n: int,
    rules: Rules,
    bot_specs: Sequence[str],
    seed: int,
    jobs: int = 1,
    records_dir: Path | str | None = None,
    progress: Progress | None = None,
) -> SimResult:
    """Play ``n`` games between bots, one bot spec per side, and summarise them.

    Args:
        n: number of games (0 or more).
        rules: the variant.
        bot_specs: one bot spec per side (``len == rules.teams``), e.g. ``["heuristic", "random"]``.
        seed: the simulation seed; game ``i`` uses a seed derived from ``(seed, i // teams!)``.
        jobs: worker processes (1: play in this process). The result does not depend on it.
        records_dir: if given, one game record per game is saved there (``game-0001.json``...);
            the directory is created if needed.
        progress: optional callback ``progress(done, total)`` after each chunk of games.

    Returns:
        A :class:`SimResult`; its per-bot figures are keyed by :func:`side_labels`.

    Raises:
        ValueError: ``n`` < 0, ``jobs`` < 1, the number of specs is not ``rules.teams``,
            or a spec names no known bot (the message lists the bots).
        RuntimeError: a runaway game, or records asked for without the records module.
    """
    if n < 0:
        raise ValueError(f"the number of games must be 0 or more, not {n}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    specs = tuple(s.strip() for s in bot_specs)
    if len(specs) != rules.teams:
        raise ValueError(f"{rules.spec()} has {rules.teams} sides: give one bot spec per side, "
                         f"not {len(specs)}")
    for s in specs:
        make_agent(s, 0)  # raises ValueError listing the known bots
    labels = tuple(side_labels(specs))
    rd = None
    if records_dir is not None:
        rd = Path(records_dir)
        rd.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    results: list[GameSummary | None] = [None] * n
    done = 0
    if jobs == 1 or n <= 1:
        for i in range(n):
            results[i] = play_one(rules, specs, labels, seed, i, rd)
            done += 1
            if progress is not None:
                progress(done, n)
    else:
        size = max(1, min(20, n // (jobs * 4)))
        chunks = [tuple(range(a, min(n, a + size))) for a in range(0, n, size)]
        work = [_Job(rules, specs, labels, seed, c, str(rd) if rd is not None else None) for c in chunks]
        with multiprocessing.get_context().Pool(min(jobs, len(chunks))) as pool:
            for part in pool.imap_unordered(_run_job, work):
                for g in part:
                    results[g.index] = g
                done += len(part)
                if progress is not None:
                    progress(done, n)
    seconds = time.perf_counter() - start
    summaries = [g for g in results if g is not None]
    return _summarise(rules, seed, list(labels), summaries, seconds, jobs)


def _summarise(rules: Rules, seed: int, labels: list[str], games: list[GameSummary], seconds: float,
               jobs: int) -> SimResult:
    wins = {lb: 0 for lb in labels}
    score_sum = {lb: 0 for lb in labels}
    canasta_sum = {lb: 0 for lb in labels}
    deals_of = {lb: 0 for lb in labels}
    deals = 0
    for g in games:
        wins[g.players[g.winner]] += 1
        deals += len(g.deal_scores)
        for side, lb in enumerate(g.players):
            deals_of[lb] += len(g.deal_scores)
            score_sum[lb] += sum(d[side] for d in g.deal_scores)
            canasta_sum[lb] += sum(c[side] for c in g.canastas)
    n = len(games)
    return SimResult(
        variant=rules.spec(),
        seed=seed,
        labels=labels,
        wins=wins,
        win_rate={lb: (wins[lb] / n if n else 0.0) for lb in labels},
        mean_deal_score={lb: (score_sum[lb] / deals_of[lb] if deals_of[lb] else 0.0) for lb in labels},
        canastas_per_deal={lb: (canasta_sum[lb] / deals_of[lb] if deals_of[lb] else 0.0) for lb in labels},
        deals_per_game=deals / n if n else 0.0,
        seconds=seconds,
        games_per_second=n / seconds if seconds > 0 else 0.0,
        jobs=jobs,
        summaries=games,
    )
