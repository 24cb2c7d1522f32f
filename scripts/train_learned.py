"""Train the ``learned`` player: behaviour cloning of ``hard`` (docs/bots.md, "Learned player").

Usage (from the repository's root, with the ``train`` extra installed: ``pip install -e .[train,bots]``):

    python scripts/train_learned.py --config configs/learned.toml           # the full run (under 2 h, 2 cores)
    python scripts/train_learned.py --config configs/learned-short.toml     # the short run that made the weights

Steps:

1. **Data**: ``hard`` plays itself (every seat) on the config's presets, deal after deal with seeds from the
   config's ``seed``; each decision with more than one legal move is recorded with the features the learned
   player computes (:mod:`canasta.agents.learned.features`, the same code it plays with), the index of
   ``hard``'s move among the legal ones, and the deal's margin for the deciding side (own side's deal score
   minus the best other side's). A share of the deals (``heldout``) is kept apart to measure agreement.
2. **Training** (PyTorch, CPU, ``threads`` threads): cross-entropy of ``hard``'s move over the legal moves'
   logits plus ``value_coef`` × the squared error of the value (margin / 1000), Adam, minibatches of decisions,
   for ``epochs`` epochs or ``max_minutes`` minutes. A progress bar (rich) shows the loss.
3. **Output**: the weights as ``.npz`` (``out``, by default the package's ``weights.npz``), a CSV of the
   learning curve and its plot (PNG), and a JSON summary (agreement with ``hard`` on the held-out decisions,
   per phase) in ``log_dir``.

torch is needed only here, never to play: the learned player evaluates the network with NumPy.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from canasta.agents.hard import HardAgent
from canasta.agents.learned.features import FEATURES_VERSION, MOVE_SIZE, STATE_SIZE, move_features, state_features
from canasta.engine.deal import PlayerView
from canasta.engine.game import Game
from canasta.play.match import play_deal
from canasta.rules.fields import Rules

PHASES = ("draw", "play", "answer")


class Buffer:
    """Recorded decisions: state rows, move rows (all legal moves, concatenated), offsets, labels, values."""

    def __init__(self) -> None:
        self.states: list[np.ndarray] = []
        self.moves: list[np.ndarray] = []
        self.labels: list[int] = []
        self.sides: list[int] = []
        self.phases: list[int] = []
        self.deal_ids: list[int] = []
        self.values: list[float] = []
        self._deal_start = 0

    def add(self, state: np.ndarray, moves: np.ndarray, label: int, side: int, phase: int, deal_id: int) -> None:
        self.states.append(state)
        self.moves.append(moves.astype(np.float16))
        self.labels.append(label)
        self.sides.append(side)
        self.phases.append(phase)
        self.deal_ids.append(deal_id)

    def end_deal(self, margins: Sequence[float]) -> None:
        """Set the value target of the deal's decisions: its side's margin in thousands, clipped to ±4."""
        for i in range(self._deal_start, len(self.labels)):
            self.values.append(max(-4.0, min(4.0, margins[self.sides[i]] / 1000.0)))
        self._deal_start = len(self.labels)


class Recorder(HardAgent):
    """``hard``, recording each decision it has a choice in (with the learned player's features)."""

    def __init__(self, buffer: Buffer, deal_id: list[int]):
        super().__init__(None)
        self.buffer = buffer
        self.deal_id = deal_id

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        if view is None or len(legal) < 2:
            return super().select(view, legal)
        self.memory.sync(view)
        state, reading = state_features(view, self.memory)
        moves = move_features(reading, legal)
        action = super().select(view, legal)
        phase = PHASES.index(view.phase) if view.phase in PHASES else 1
        self.buffer.add(state, moves, list(legal).index(action), view.side, phase, self.deal_id[0])
        return action


def generate(cfg: dict[str, Any], seed: int, progress: Any) -> Buffer:
    """Play ``hard`` against itself on the config's presets and record its decisions (step 1)."""
    data = cfg["data"]
    presets = [(p["spec"], int(p["deals"])) for p in data["presets"]]
    total = sum(n for _spec, n in presets)
    deadline = time.monotonic() + 60 * float(data.get("max_minutes", 1e9))
    buffer = Buffer()
    deal_id = [0]
    task = progress.add_task("self-play deals of hard", total=total)
    # the presets' deals interleaved in a seeded order, so that a time limit cuts each preset alike
    schedule = [index for index, (_spec, deals) in enumerate(presets) for _ in range(deals)]
    random.Random(seed).shuffle(schedule)
    rules = [Rules.parse(spec) for spec, _deals in presets]
    games: list[Game | None] = [None] * len(presets)
    game_seeds = [seed * 1_000_000 + index * 10_000 for index in range(len(presets))]
    for index in schedule:
        if time.monotonic() > deadline:
            break
        game = games[index]
        if game is None or game.winner is not None or len(game.logs) >= 6:
            game = games[index] = Game(rules[index], seed=game_seeds[index])
            game_seeds[index] += 1
        game.new_deal()
        play_deal(game, [Recorder(buffer, deal_id) for _seat in range(rules[index].players)])
        totals = [s.total for s in game.finish_deal()]
        buffer.end_deal([t - max((o for k, o in enumerate(totals) if k != side), default=0)
                         for side, t in enumerate(totals)])
        deal_id[0] += 1
        progress.update(task, advance=1, description=f"self-play deals of hard ({presets[index][0]})")
    return buffer


def pack(buffer: Buffer, heldout: float, seed: int) -> dict[str, Any]:
    """The buffer as arrays, split by deal into training and held-out decisions."""
    counts = np.asarray([len(m) for m in buffer.moves], dtype=np.int64)
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    deals = np.asarray(buffer.deal_ids)
    rng = np.random.default_rng(seed)
    ids = np.unique(deals)
    held = set(rng.choice(ids, size=max(1, int(len(ids) * heldout)), replace=False).tolist())
    is_held = np.asarray([d in held for d in buffer.deal_ids])
    states = np.stack(buffer.states).astype(np.float32)
    buffer.states.clear()  # each list freed once packed: the peak is the moves twice, not everything twice
    moves = np.concatenate(buffer.moves)
    buffer.moves.clear()
    return {
        "states": states,
        "moves": moves,
        "offsets": offsets,
        "labels": np.asarray(buffer.labels, dtype=np.int64),
        "values": np.asarray(buffer.values, dtype=np.float32),
        "phases": np.asarray(buffer.phases, dtype=np.int64),
        "train": np.flatnonzero(~is_held),
        "held": np.flatnonzero(is_held),
        "deals": len(ids),
    }


def build_model(cfg: dict[str, Any]) -> Any:
    """The PyTorch twin of :class:`canasta.agents.learned.model.PolicyValueNet`."""
    import torch
    from torch import nn

    hidden, move_hidden = int(cfg["model"]["hidden"]), int(cfg["model"]["move_hidden"])

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.l1 = nn.Linear(STATE_SIZE, hidden)
            self.l2 = nn.Linear(hidden, hidden)
            self.ms = nn.Linear(hidden, move_hidden)
            self.ma = nn.Linear(MOVE_SIZE, move_hidden, bias=False)
            self.out = nn.Linear(move_hidden, 1)
            self.val = nn.Linear(hidden, 1)

        def forward(self, states: Any, moves: Any) -> tuple[Any, Any]:
            h = torch.relu(self.l2(torch.relu(self.l1(states))))
            z = torch.relu(self.ma(moves) + self.ms(h).unsqueeze(1))
            return self.out(z).squeeze(-1), self.val(h).squeeze(-1)

    return Net()


def batch(data: dict[str, Any], rows: np.ndarray) -> tuple[Any, ...]:
    """Tensors of the decisions ``rows``: states, padded moves, mask of real moves, labels, values."""
    import torch

    offsets = data["offsets"]
    counts = offsets[rows + 1] - offsets[rows]
    width = int(counts.max())
    moves = np.zeros((len(rows), width, MOVE_SIZE), dtype=np.float32)
    mask = np.zeros((len(rows), width), dtype=bool)
    for i, r in enumerate(rows):
        n = counts[i]
        moves[i, :n] = data["moves"][offsets[r]:offsets[r] + n]
        mask[i, :n] = True
    return (torch.from_numpy(data["states"][rows]), torch.from_numpy(moves), torch.from_numpy(mask),
            torch.from_numpy(data["labels"][rows]), torch.from_numpy(data["values"][rows]))


def evaluate(model: Any, data: dict[str, Any], rows: np.ndarray, size: int = 2048) -> dict[str, float]:
    """Agreement with ``hard`` (top-1, overall and per phase), cross-entropy and value error on ``rows``."""
    import torch

    hits = np.zeros(len(rows), dtype=bool)
    loss = verr = 0.0
    with torch.no_grad():
        for start in range(0, len(rows), size):
            part = rows[start:start + size]
            states, moves, mask, labels, values = batch(data, part)
            logits, value = model(states, moves)
            logits = logits.masked_fill(~mask, -1e9)
            loss += float(torch.nn.functional.cross_entropy(logits, labels, reduction="sum"))
            verr += float(((value - values) ** 2).sum())
            hits[start:start + len(part)] = (logits.argmax(1) == labels).numpy()
    out = {"agreement": float(hits.mean()), "loss": loss / len(rows), "value_mse": verr / len(rows)}
    phases = data["phases"][rows]
    for k, name in enumerate(PHASES):
        sel = phases == k
        if sel.any():
            out[f"agreement_{name}"] = float(hits[sel].mean())
            out[f"decisions_{name}"] = int(sel.sum())
    return out


def train(cfg: dict[str, Any], data: dict[str, Any], seed: int, progress: Any, log: list[dict[str, Any]]) -> Any:
    """Behaviour cloning (step 2); appends a row per evaluation to ``log``; returns the model."""
    import torch

    tc = cfg["train"]
    torch.manual_seed(seed)
    model = build_model(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=float(tc["lr"]), weight_decay=float(tc.get("weight_decay", 0)))
    epochs, size = int(tc["epochs"]), int(tc["batch"])
    value_coef = float(tc.get("value_coef", 0.5))
    deadline = time.monotonic() + 60 * float(tc.get("max_minutes", 1e9))
    rng = np.random.default_rng(seed)
    train_rows = data["train"]
    steps_per_epoch = max(1, len(train_rows) // size)
    total = epochs * steps_per_epoch
    every = max(1, int(tc.get("eval_every", steps_per_epoch)))
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=total)
    task = progress.add_task("training", total=total)
    step = 0
    held_sample = data["held"][:20000]
    for _epoch in range(epochs):
        order = rng.permutation(train_rows)
        for start in range(0, steps_per_epoch * size, size):
            states, moves, mask, labels, values = batch(data, order[start:start + size])
            logits, value = model(states, moves)
            logits = logits.masked_fill(~mask, -1e9)
            ce = torch.nn.functional.cross_entropy(logits, labels)
            loss = ce + value_coef * ((value - values) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            progress.update(task, advance=1, description=f"training (loss {ce.item():.3f})")
            if step % every == 0 or step == total or time.monotonic() > deadline:
                model.eval()
                row = {"step": step, "decisions_seen": step * size, "train_loss": ce.item()}
                row.update({f"heldout_{k}": v for k, v in evaluate(model, data, held_sample).items()})
                model.train()
                log.append(row)
            if time.monotonic() > deadline:
                return model
    return model


def export(model: Any, path: Path) -> None:
    """Write the weights as the learned player reads them (:class:`PolicyValueNet`'s names, (in, out) shapes)."""
    def t(x: Any) -> np.ndarray:
        return x.detach().numpy().astype(np.float32)

    arrays = {
        "w1": t(model.l1.weight).T, "b1": t(model.l1.bias), "w2": t(model.l2.weight).T, "b2": t(model.l2.bias),
        "ws": t(model.ms.weight).T, "bm": t(model.ms.bias), "wa": t(model.ma.weight).T,
        "wo": t(model.out.weight).T, "bo": t(model.out.bias), "wv": t(model.val.weight).T, "bv": t(model.val.bias),
        "version": np.asarray(FEATURES_VERSION, dtype=np.int64),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def plot(log: list[dict[str, Any]], path: Path) -> None:
    """The learning curve: training loss, held-out loss and agreement with ``hard`` against decisions seen."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["decisions_seen"] for r in log]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.plot(x, [r["train_loss"] for r in log], label="training loss (minibatch)")
    a.plot(x, [r["heldout_loss"] for r in log], label="held-out loss")
    a.set_xlabel("decisions seen")
    a.set_ylabel("cross-entropy")
    a.legend()
    for key, label in (("heldout_agreement", "all"), ("heldout_agreement_draw", "draw or take"),
                       ("heldout_agreement_play", "meld or discard")):
        b.plot(x, [r.get(key, float("nan")) for r in log], label=label)
    b.set_xlabel("decisions seen")
    b.set_ylabel("agreement with hard (held-out)")
    b.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--config", default="configs/learned.toml", help="TOML config (see configs/)")
    parser.add_argument("--out", help="weights file (overrides run.out)")
    parser.add_argument("--log-dir", help="where the CSV, PNG and JSON go (overrides run.log_dir)")
    args = parser.parse_args(argv)
    try:
        cfg = tomllib.loads(Path(args.config).read_text())
        import torch
    except (OSError, tomllib.TOMLDecodeError) as e:
        print(f"error: cannot read the config {args.config}: {e}", file=sys.stderr)
        return 2
    except ImportError:
        print("error: training needs PyTorch: pip install -e '.[train]'", file=sys.stderr)
        return 2
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    run = cfg["run"]
    seed = int(run["seed"])
    torch.set_num_threads(int(run.get("threads", 1)))
    random.seed(seed)
    out = Path(args.out or run["out"])
    log_dir = Path(args.log_dir or run["log_dir"])
    log_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    log: list[dict[str, Any]] = []
    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns) as progress:
        data = pack(generate(cfg, seed, progress), float(cfg["data"]["heldout"]), seed)
        data_seconds = time.monotonic() - started
        model = train(cfg, data, seed, progress, log)
    model.eval()
    export(model, out)
    final = evaluate(model, data, data["held"])
    with open(log_dir / "learning_curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=sorted({k for r in log for k in r}))
        writer.writeheader()
        writer.writerows(log)
    plot(log, log_dir / "learning_curve.png")
    summary = {"config": args.config, "seed": seed, "deals": data["deals"], "train_decisions": len(data["train"]),
               "heldout_decisions": len(data["held"]), "data_seconds": round(data_seconds),
               "total_seconds": round(time.monotonic() - started), "heldout": final,
               "weights": str(out), "weights_bytes": out.stat().st_size}
    (log_dir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
