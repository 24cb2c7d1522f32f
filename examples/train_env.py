"""Train a tiny policy on Canasta with REINFORCE: NumPy only, on a CPU, in about a minute.

The learner plays seat 0 of two-player classic Canasta against the random bot,
through the Gymnasium wrapper (``canasta.env.gym_wrapper.CanastaGymEnv``). Its
policy is linear: one weight row per move id, scored against the observation
vector, softmax over the legal moves (the ``action_mask``). After each deal it
follows the REINFORCE gradient of the deal's reward (its score minus the
opponent's, in thousands of points) with a running-mean baseline.

Run::

    python examples/train_env.py                 # about a minute
    python examples/train_env.py --seconds 10    # a quick look

It prints the learner's mean reward per deal before training (a uniform policy,
i.e. random play) and after, each on the same evaluation deals. Needs
``pip install 'canasta[env]'``; downloads nothing.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from canasta.env.gym_wrapper import CanastaGymEnv
from canasta.moves.actions import N_ACTIONS


class LinearSoftmaxPolicy:
    """Softmax over the legal move ids of ``W[id] . features(observation)``.

    Args:
        obs_size: length of the observation vector.
        n_actions: number of move ids.
    """

    def __init__(self, obs_size: int, n_actions: int):
        self.W = np.zeros((n_actions, obs_size + 1), dtype=np.float32)

    @staticmethod
    def features(obs: np.ndarray) -> np.ndarray:
        """The observation scaled to small numbers, plus a constant 1 (a bias per move id)."""
        return np.append(obs / 10.0, np.float32(1.0)).astype(np.float32)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """Probability of each legal move id (same order as ``legal``)."""
        logits = self.W[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()


def play_deal(env: CanastaGymEnv, policy: LinearSoftmaxPolicy, rng: np.random.Generator, seed: int,
              trace: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] | None = None) -> float:
    """Play one deal with the policy (sampling); return the learner's reward in thousands of points.

    If ``trace`` is a list, each decision is appended as (features, legal ids, index chosen, probabilities).
    """
    obs, _ = env.reset(seed=seed)
    total = 0.0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        x = policy.features(obs["observation"])
        p = policy.probabilities(x, legal)
        k = int(rng.choice(len(legal), p=p))
        if trace is not None:
            trace.append((x, legal, k, p))
        obs, reward, terminated, truncated, _ = env.step(int(legal[k]))
        total += reward
        if terminated or truncated:
            return total / 1000.0


def evaluate(env: CanastaGymEnv, policy: LinearSoftmaxPolicy, deals: int, seed: int) -> tuple[float, float]:
    """Mean reward per deal (thousands of points) and its standard error, over ``deals`` fixed deals."""
    rng = np.random.default_rng(seed)
    r = np.array([play_deal(env, policy, rng, seed + i) for i in range(deals)])
    return float(r.mean()), float(r.std(ddof=1) / np.sqrt(len(r)))


def train(seconds: float, lr: float, eval_deals: int, seed: int) -> None:
    """Train for about ``seconds`` and print the evaluation before and after."""
    env = CanastaGymEnv(variant="classic(players=2)", seat=0, opponents="random")
    policy = LinearSoftmaxPolicy(env.raw.layout.size, N_ACTIONS)
    before = evaluate(env, policy, eval_deals, seed=10_000)
    print(f"before training: mean reward {before[0]:+.3f} (+-{before[1]:.3f}) thousand points per deal")
    rng = np.random.default_rng(seed)
    baseline = 0.0
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        trace: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
        ret = play_deal(env, policy, rng, seed=seed + deals, trace=trace)
        advantage = ret - baseline
        baseline += 0.02 * (ret - baseline)
        step = lr * advantage / max(1, len(trace))
        for x, legal, k, p in trace:  # grad of log softmax: (onehot(k) - p) outer x, on legal rows
            g = -p
            g[k] += 1.0
            policy.W[legal] += (step * g)[:, None] * x[None, :]
        deals += 1
        if deals % 1000 == 0:
            print(f"  {deals} deals, {time.perf_counter() - start:.0f}s, running mean reward {baseline:+.3f}")
    after = evaluate(env, policy, eval_deals, seed=10_000)
    print(f"trained on {deals} deals in {time.perf_counter() - start:.0f}s")
    print(f"after training:  mean reward {after[0]:+.3f} (+-{after[1]:.3f}) thousand points per deal")


def main() -> None:
    """Command line: --seconds, --lr, --eval-deals, --seed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=40.0, help="training time (default 40)")
    ap.add_argument("--lr", type=float, default=1.0, help="learning rate (default 1.0)")
    ap.add_argument("--eval-deals", type=int, default=100, help="deals in each evaluation (default 100)")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    train(a.seconds, a.lr, a.eval_deals, a.seed)


if __name__ == "__main__":
    main()
