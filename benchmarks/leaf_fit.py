"""Fit the leaf weights of the expert's cut rollouts (``canasta.agents.ismcts.leaf.LEAF_WEIGHTS``).

Plays deals with ``hard`` at seat 0's side and ``--opponents`` (a bot spec, default ``hard``) at every other
seat, logs the leaf features (seat 0's side minus the best other side) at the start of every turn, and fits the
deal's final margin on them by least squares. Prints, per preset, the weights (a line to paste into
``LEAF_WEIGHTS``) and how well the fit and the bare "score if it ended now" predict the final margin (R², on the
second half of the deals, fitted on the first half), overall and by how many turns were left.

    PYTHONPATH=src python benchmarks/leaf_fit.py classic samba --deals 300
    PYTHONPATH=src python benchmarks/leaf_fit.py classic --deals 4000 --opponents medium   # docs/bots.md, ninth round
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from canasta.agents.base import make_agent
from canasta.agents.expert import margin
from canasta.agents.ismcts.leaf import side_features
from canasta.engine.deal import Deal
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.play.match import play_deal
from canasta.rules.fields import Rules


def log_deal(rules: Rules, seed: int, opponents: str = "hard") -> tuple[list[list[float]], list[float], list[int]]:
    """One deal of ``hard`` at seat 0's side and ``opponents`` (a bot spec) at the other sides' seats: the feature
    differences at each turn's start (seat 0's side minus the best other), the final margin of seat 0's side
    (repeated) and the turns left."""
    game = Game(rules, seed=seed)
    game.new_deal()
    rows: list[list[float]] = []
    turns: list[int] = []
    seen = [-1]

    def on_move(deal: Deal, seat: int, move: Move) -> None:
        if deal.over or deal.turn_no == seen[0]:
            return
        seen[0] = deal.turn_no
        feats = side_features(deal)
        other = max(range(1, len(feats)), key=lambda side: feats[side][0])
        rows.append([a - b for a, b in zip(feats[0], feats[other], strict=True)])
        turns.append(deal.turn_no)

    players = [make_agent("hard" if rules.side_of(seat) == rules.side_of(0) else opponents, seat)
               for seat in range(rules.players)]
    deal = play_deal(game, players, on_move)
    final = margin(deal, 0)
    last = deal.turn_no
    return rows, [final] * len(rows), [last - turn for turn in turns]


def r2(pred: np.ndarray, y: np.ndarray) -> float:
    """Share of the variance of ``y`` that ``pred`` explains."""
    return 1.0 - float(np.mean((y - pred) ** 2) / np.var(y))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="+")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--opponents", default="hard", help="bot spec at the seats of the other sides")
    args = parser.parse_args()
    for name in args.presets:
        rules = Rules.preset(name)
        begun = time.process_time()
        x: list[list[float]] = []
        y: list[float] = []
        left: list[int] = []
        split = 0
        for seed in range(args.deals):
            rows, finals, turns = log_deal(rules, seed, args.opponents)
            x += rows
            y += finals
            left += turns
            if seed == args.deals // 2 - 1:
                split = len(x)
        xa, ya, la = np.array(x), np.array(y), np.array(left)
        w, *_ = np.linalg.lstsq(xa[:split], ya[:split], rcond=None)
        test = slice(split, None)
        fit, bare = xa[test] @ w, xa[test][:, 0]
        print(f"{name}: {len(x)} positions, {args.deals} deals, {time.process_time() - begun:.0f} s CPU; "
              f"R² fit {r2(fit, ya[test]):.3f}, bare score {r2(bare, ya[test]):.3f}")
        for lo, hi in ((0, 4), (4, 8), (8, 16), (16, 1000)):
            mask = (la[test] >= lo) & (la[test] < hi)
            if mask.sum() > 20:
                print(f"  {lo}-{hi} turns left ({mask.sum()}): fit {r2(fit[mask], ya[test][mask]):.3f}, "
                      f"bare {r2(bare[mask], ya[test][mask]):.3f}")
        w_all, *_ = np.linalg.lstsq(xa, ya, rcond=None)
        print(f'    "{name}": ({", ".join(f"{v:.4g}" for v in w_all)}),')


if __name__ == "__main__":
    main()
