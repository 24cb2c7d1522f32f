"""Find the deals a bot loses in duplicate arena plays, with the score breakdowns.

Plays the same shuffles as ``canasta arena A B --deals N --seed S`` (one deal per play, from a
0-0 score; see :mod:`canasta.play.arena`) and prints, for every play that A does not win, the
shuffle's index, A's sides, each side's total and breakdown, who went out and after how many
moves, so the reasons of the losses can be read and counted.

Usage (from the repository root)::

    PYTHONPATH=src python benchmarks/arena_losses.py hard random --deals 400 --seed 1 [--json]

At the end it prints the win rate (ties half, as the arena counts them), a count of the
losses by a rough reason: the opponents held more red threes, went out first, made more
canasta bonuses, or A was caught with cards in hand; and, over every play (won or lost), who
went out (A, B or nobody), the mean number of moves and A's mean lead per breakdown item
(A's side minus B's, points), which says where A's margin comes from:

    PYTHONPATH=src python benchmarks/arena_losses.py 'expert(ms=200)' medium --deals 30 --seed 5 --quiet
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from typing import Any

from canasta.agents.base import make_agent
from canasta.engine.game import Game
from canasta.play.arena_tasks import assignments, play_margin
from canasta.play.match import play_deal
from canasta.play.simulate import derive_seed
from canasta.rules.fields import Rules


def play_shuffle(rules: Rules, specs: tuple[str, str], seed: int, index: int) -> list[dict[str, Any]]:
    """The duplicate plays of shuffle ``index``, each as a dict with scores, breakdowns and A's margin."""
    players, teams = rules.players, rules.teams
    out = []
    for j, assign in enumerate(assignments(teams)):
        agents = [make_agent(specs[assign[seat % teams]], derive_seed(seed, index, j, seat))
                  for seat in range(players)]
        game = Game(rules, seed=derive_seed(seed, index), first_dealer=index % players)
        game.new_deal()
        deal = play_deal(game, agents)
        scored = game.finish_deal()
        scores = tuple(s.total for s in scored)
        a_sides = tuple(s for s in range(teams) if assign[s] == 0)
        m = play_margin(scores, a_sides)
        out.append({
            "index": index, "play": j, "a_sides": a_sides, "scores": scores, "margin": m,
            "win": 1.0 if m > 0 else 0.5 if m == 0 else 0.0,
            "breakdowns": [s.breakdown for s in scored],
            "out_seat": deal.out_seat, "moves": len(game.logs[-1].moves),
        })
    return out


def is_count(item: str) -> bool:
    """Whether a breakdown item counts canastas (``natural_canastas``, ``sequence_canastas``, ...: every key ending in
    ``_canastas``, :class:`canasta.scoring.sides.SideScore`) rather than giving points."""
    return item.endswith("_canastas")


def first_sides(p: dict[str, Any], teams: int) -> tuple[int, int]:
    """A's first side in play ``p`` and the first side that is not A's."""
    return p["a_sides"][0], next(s for s in range(teams) if s not in p["a_sides"])


def reason(p: dict[str, Any], teams: int) -> str:
    """A rough reason why A lost play ``p``: the breakdown item that differs most against A."""
    a, b = first_sides(p, teams)
    ba, bb = p["breakdowns"][a], p["breakdowns"][b]
    diffs = {k: bb.get(k, 0) - ba.get(k, 0) for k in set(ba) | set(bb) if not is_count(k)}
    k = max(diffs, key=lambda x: diffs[x])
    return k


def who_went_out(p: dict[str, Any], rules: Rules) -> str:
    """``A``, ``B`` or ``nobody``: who went out in play ``p`` (of a deal of ``rules``)."""
    out = p["out_seat"]
    return "nobody" if out is None or out < 0 else ("A" if rules.side_of(out) in p["a_sides"] else "B")


def lead_by_item(plays: list[dict[str, Any]], teams: int) -> dict[str, float]:
    """A's mean lead per breakdown item over ``plays`` (A's first side minus the first other side: points, or
    canastas for the items that count them, :func:`is_count`)."""
    sums: defaultdict[str, float] = defaultdict(float)
    for p in plays:
        a, b = first_sides(p, teams)
        for k in set(p["breakdowns"][a]) | set(p["breakdowns"][b]):
            sums[k] += p["breakdowns"][a].get(k, 0) - p["breakdowns"][b].get(k, 0)
    return {k: round(v / max(1, len(plays)), 1) for k, v in sorted(sums.items()) if v}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--json", action="store_true", help="print the lost plays as JSON lines")
    ap.add_argument("--quiet", action="store_true", help="print only the summary")
    args = ap.parse_args(argv)
    rules = Rules.parse(args.variant)
    wins = 0.0
    reasons: Counter[str] = Counter()
    outs: Counter[str] = Counter()
    every: list[dict[str, Any]] = []
    for i in range(args.deals):
        for p in play_shuffle(rules, (args.a, args.b), args.seed, i):
            wins += p["win"]
            every.append(p)
            who = who_went_out(p, rules)
            outs[who] += 1
            if p["win"] == 1.0:
                continue
            why = reason(p, rules.teams)
            reasons[why] += 1
            if args.quiet:
                continue
            if args.json:
                print(json.dumps(p | {"reason": why}))
                continue
            a = p["a_sides"][0]
            print(f"shuffle {i} play {p['play']}: A side {a} margin {p['margin']:+.0f} scores {p['scores']} "
                  f"out: {who} after {p['moves']} moves; reason {why}")
            for s, bd in enumerate(p["breakdowns"]):
                items = " ".join(f"{k}={v}" for k, v in bd.items() if v)
                print(f"    side {s}{' (A)' if s in p['a_sides'] else ''}: {items}")
    plays = len(every)
    print(f"{args.a} vs {args.b}: {wins:g}/{plays} = {100 * wins / plays:.1f}%  losses by reason: "
          f"{dict(reasons.most_common())}", file=sys.stderr)
    moves = sum(p["moves"] for p in every) / max(1, plays)
    print(f"every play: went out {dict(outs.most_common())}, {moves:.1f} moves; A's lead per item "
          f"{lead_by_item(every, rules.teams)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
