"""Tests of the vectorised environment (canasta.env.vector.CanastaVectorEnv): Gymnasium's vector API, shapes,
next-step autoreset, determinism with seeds, and the example of docs/env.md (run as written)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.vector import AutoresetMode  # noqa: E402

from canasta.env import EnvConfigError  # noqa: E402
from canasta.env.gym_wrapper import CanastaGymEnv  # noqa: E402
from canasta.env.vector import CanastaVectorEnv  # noqa: E402
from canasta.moves.actions import N_ACTIONS  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs" / "env.md"


def _random_actions(envs: CanastaVectorEnv, rng: random.Random) -> list[int]:
    return [ids[rng.randrange(len(ids))] if ids else 0 for ids in envs.legal_ids()]


def test_spaces_shapes_and_masks() -> None:
    envs = CanastaVectorEnv(3, variant="classic(players=2)")
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=1)
    size = envs.envs[0].raw.layout.size
    assert obs["observation"].shape == (3, size) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (3, N_ACTIONS) and obs["action_mask"].dtype == np.int8
    assert envs.observation_space.contains(obs)
    assert envs.action_space.shape == (3,)
    for i, ids in enumerate(envs.legal_ids()):
        assert sorted(ids) == [int(a) for a in np.flatnonzero(obs["action_mask"][i])]
        assert ids
    obs, rewards, terminated, truncated, info = envs.step(_random_actions(envs, random.Random(0)))
    assert rewards.shape == terminated.shape == truncated.shape == (3,)
    assert envs.observation_space.contains(obs)


def test_the_same_as_the_single_environment_step_by_step() -> None:
    """Sub-environment i, reset with seed + i, gives what a CanastaGymEnv reset with that seed gives."""
    envs = CanastaVectorEnv(2, variant="classic(players=2)")
    singles = [CanastaGymEnv(variant="classic(players=2)") for _ in range(2)]
    obs, _ = envs.reset(seed=10)
    sobs = [e.reset(seed=10 + i)[0] for i, e in enumerate(singles)]
    rng = random.Random(4)
    for _ in range(150):
        for i in range(2):
            assert np.array_equal(obs["observation"][i], sobs[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], sobs[i]["action_mask"])
        acts = _random_actions(envs, rng)
        obs, rewards, terminated, truncated, _ = envs.step(acts)
        for i, e in enumerate(singles):
            o, r, te, tr, _ = e.step(acts[i])
            assert (r, te, tr) == (rewards[i], terminated[i], truncated[i])
            sobs[i] = o
        if terminated.any() or truncated.any():
            break
    else:
        pytest.fail("no episode ended in 150 steps")


def _same_trajectories(variant: str, seed: int, steps: int, n: int = 3, illegal_every: int = 0,
                       **kwargs: object) -> int:
    """Step a vector of ``n`` and ``n`` single environments (reset with ``seed + i``, and without a seed after each
    episode, as the vector's autoreset does) with the same random ids, and check that every observation, mask,
    legal list, reward, end and deal score is the same; every ``illegal_every``-th step (if not 0) the learner
    of sub-environment 0 plays an illegal id. Returns the number of episodes that ended."""
    envs = CanastaVectorEnv(n, variant=variant, copy=False, **kwargs)
    singles = [CanastaGymEnv(variant=variant, **kwargs) for _ in range(n)]
    obs, _ = envs.reset(seed=seed)
    got = [e.reset(seed=seed + i) for i, e in enumerate(singles)]
    again = [False] * n
    rng = random.Random(seed)
    ends = 0
    for step in range(steps):
        ids = envs.legal_ids()
        for i, (o, info) in enumerate(got):
            assert np.array_equal(obs["observation"][i], o["observation"]), (variant, seed, step, i)
            assert np.array_equal(obs["action_mask"][i], o["action_mask"]), (variant, seed, step, i)
            assert ids[i] == info["legal_ids"] == singles[i].legal_ids()
        acts = [x[rng.randrange(len(x))] if x else 0 for x in ids]
        if illegal_every and step % illegal_every == illegal_every - 1 and ids[0]:
            acts[0] = next(a for a in range(N_ACTIONS) if a not in ids[0])
        obs, rewards, terminated, truncated, infos = envs.step(acts)
        for i, e in enumerate(singles):
            if again[i]:
                got[i] = e.reset()
                again[i] = False
                assert (rewards[i], terminated[i], truncated[i]) == (0.0, False, False)
                continue
            o, r, te, tr, info = e.step(acts[i])
            got[i] = (o, info)
            assert (r, te, tr) == (rewards[i], terminated[i], truncated[i]), (variant, seed, step, i)
            if te or tr:
                again[i] = True
                ends += 1
                has = "deal_scores" in infos and bool(infos["_deal_scores"][i])
                assert has == ("deal_scores" in info)
                if has:
                    assert list(infos["deal_scores"][i]) == info["deal_scores"]
    return ends


SAME_AS_SINGLE = ["classic(players=2)", "classic(players=3)", "classic", "classic(players=6)", "bolivia",
                  "brazilian", "chilean", "cuban", "hand-and-foot", "hollywood", "italian", "mexican",
                  "modern-american", "pennies-from-heaven", "romanian-tiles", "samba", "spanish", "uruguay",
                  "escalator", "free-canasta"]


@pytest.mark.parametrize("variant", SAME_AS_SINGLE)
def test_trajectories_equal_the_single_environments(variant: str) -> None:
    """Property: in every preset (and table sizes of classic), from several seeds, the vector's sub-environment
    i plays exactly what CanastaGymEnv reset with seed + i plays (observation for observation, mask for mask,
    reward for reward), across the autoreset; with illegal ids (penalized) now and then."""
    ends = 0
    for seed in (0, 17, 101):
        ends += _same_trajectories(variant, seed, 70, illegal_every=9 if seed == 17 else 0, max_steps=120)
    assert ends > 0


@pytest.mark.parametrize("kwargs", [
    {"illegal": "terminate"}, {"reward": "win_loss"}, {"reward_scale": 0.001, "seat": 1},
    {"opponents": ["random", "easy", "random"]},
    {"episode": "game", "max_steps": 400}, {"variant": "classic(players=5)"},
    {"variant": "classic(players=5)", "episode": "game", "max_steps": 300},
])
def test_trajectories_equal_with_other_options(kwargs: dict[str, object]) -> None:
    """The same with other options: illegal ids ending the episode, win/loss and scaled rewards, another seat,
    mixed bots, game episodes and five players (stepped through CanastaGymEnv)."""
    options = dict(kwargs)
    variant = str(options.pop("variant", "classic"))
    for seed in (3, 40):
        _same_trajectories(variant, seed, 120, illegal_every=25, **options)


def test_next_step_autoreset() -> None:
    envs = CanastaVectorEnv(2, variant="classic(players=2)", max_steps=12)
    envs.reset(seed=5)
    rng = random.Random(1)
    ended = None
    for _ in range(40):
        obs, rewards, terminated, truncated, info = envs.step(_random_actions(envs, rng))
        if (terminated | truncated).any():
            ended = np.flatnonzero(terminated | truncated)
            break
    assert ended is not None
    for i in ended:
        assert not obs["action_mask"][i].any() and envs.legal_ids()[i] == []  # the episode is over
    obs, rewards, terminated, truncated, info = envs.step(_random_actions(envs, rng))
    for i in ended:  # reset at this step: its action ignored, reward 0, a fresh episode waiting for a move
        assert rewards[i] == 0.0 and not terminated[i] and not truncated[i]
        assert obs["action_mask"][i].any() and envs.legal_ids()[i]
        assert envs.envs[i].raw._steps < 12


def test_deal_scores_reported_at_the_end_of_a_deal() -> None:
    envs = CanastaVectorEnv(2, variant="classic(players=2)")
    envs.reset(seed=0)
    rng = random.Random(2)
    for _ in range(2000):
        _, rewards, terminated, _, info = envs.step(_random_actions(envs, rng))
        if terminated.any():
            i = int(np.flatnonzero(terminated)[0])
            assert info["_deal_scores"][i]
            scores = info["deal_scores"][i]
            assert len(scores) == 2
            assert rewards[i] == scores[0] - scores[1]  # seat 0's side minus the other (reward="deal")
            return
    pytest.fail("no deal ended")


def test_seeds_make_runs_reproducible_and_differ() -> None:
    def run(seed: int) -> list[float]:
        envs = CanastaVectorEnv(3, variant="classic")
        obs, _ = envs.reset(seed=seed)
        rng = random.Random(0)
        out = [float(obs["observation"].sum())]
        for _ in range(60):
            obs, r, _, _, _ = envs.step(_random_actions(envs, rng))
            out += [float(obs["observation"].sum()), float(r.sum())]
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_copy_false_returns_the_batch_arrays_themselves() -> None:
    envs = CanastaVectorEnv(2, variant="classic(players=2)", copy=False)
    a, _ = envs.reset(seed=0)
    b, *_ = envs.step(_random_actions(envs, random.Random(0)))
    assert a["observation"] is b["observation"] and a["action_mask"] is b["action_mask"]
    c = CanastaVectorEnv(2, variant="classic(players=2)")
    x, _ = c.reset(seed=0)
    y, *_ = c.step(_random_actions(c, random.Random(0)))
    assert x["observation"] is not y["observation"]


def test_bad_arguments_are_refused_with_a_clear_message() -> None:
    with pytest.raises(EnvConfigError, match="num_envs"):
        CanastaVectorEnv(0)
    with pytest.raises(EnvConfigError, match="seat"):
        CanastaVectorEnv(2, seat=7)
    envs = CanastaVectorEnv(2, variant="classic(players=2)")
    envs.reset(seed=0)
    with pytest.raises(ValueError, match="one action per sub-environment"):
        envs.step([0])
    with pytest.raises(ValueError, match="one seed per sub-environment"):
        envs.reset(seed=[1, 2, 3])


def test_five_players_and_a_game_episode() -> None:
    envs = CanastaVectorEnv(2, variant="classic(players=5)", episode="game", max_steps=300)
    obs, _ = envs.reset(seed=2)
    rng = random.Random(3)
    for _ in range(100):
        obs, *_ = envs.step(_random_actions(envs, rng))
        assert envs.observation_space.contains(obs)


def test_the_docs_example_runs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    m = re.search(r"## Vectorised environment.*?```python\n(.*?)```", text, re.S)
    assert m, "docs/env.md has no vectorised example"
    scope: dict[str, object] = {}
    exec(compile(m.group(1), "docs/env.md", "exec"), scope)  # noqa: S102 - our own documentation
    assert scope["steps"] == 8 * 100
