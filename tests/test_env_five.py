"""The environment with five players, one sitting out each deal (``classic(players=5)``, RULES.md §3.1).

Agents are the five table seats; the four of the deal's seating (:mod:`canasta.engine.seating`) play it, the one
sitting out is never selected during it, observes zeros and receives his side's reward. PettingZoo's
``api_test`` and ``seed_test`` pass for deal and game episodes; the Gymnasium wrapper seats a learner at
any of the five seats (docs/env.md).
"""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from canasta.engine.seating import seating  # noqa: E402
from canasta.env import EnvConfigError, canasta_v0  # noqa: E402
from canasta.env.gym_wrapper import CanastaGymEnv  # noqa: E402
from canasta.env.observation import ObservationLayout  # noqa: E402

FIVE = "classic(players=5)"


def _side_rewards(scores: list[int]) -> list[float]:
    return [float(scores[0] - scores[1]), float(scores[1] - scores[0])]


def test_pettingzoo_api_test_passes_for_deal_and_game_episodes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations and empty masks of waiting agents warn
        api_test(canasta_v0.env(variant=FIVE), num_cycles=150)
        api_test(canasta_v0.env(variant=FIVE, episode="game", target=1500), num_cycles=1500)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: canasta_v0.env(variant=FIVE), num_cycles=100)
    seed_test(lambda: canasta_v0.env(variant=FIVE, episode="game"), num_cycles=100)


def test_agents_are_the_five_seats_and_observations_the_deals_four() -> None:
    env = canasta_v0.raw_env(variant=FIVE)
    assert env.possible_agents == [f"player_{s}" for s in range(5)]
    size = ObservationLayout(4, 2).size
    for agent in env.possible_agents:
        assert env.observation_space(agent)["observation"].shape == (size,)
    with pytest.raises(EnvConfigError, match=r"dealer must be a seat 0\.\.3"):
        canasta_v0.env(variant=FIVE, dealer=4)


def _play_game(seed: int) -> tuple[canasta_v0.raw_env, list[str | None], dict[str, float]]:
    """A game episode with random masked agents, checking the one sitting out at every step; returns
    the env, who sat out each deal and the summed rewards."""
    env = canasta_v0.raw_env(variant=FIVE, episode="game", target=3000)
    env.reset(seed=seed)
    rng = random.Random(seed)
    out: list[str | None] = [env.sitting_out]
    total = {a: 0.0 for a in env.possible_agents}
    deals = 1
    for agent in env.agent_iter(200_000):
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        game = env.game
        assert game is not None
        if len(game.logs) > deals:  # a new deal: rewards of the last one were handed out
            deals = len(game.logs)
            out.append(env.sitting_out)
        away = env.sitting_out
        assert away is not None and agent != away  # never asked to act while sitting out
        seen = env.observe(away)
        assert not seen["observation"].any() and not seen["action_mask"].any()
        assert env.table_seat(env.deal.to_act) == int(agent.split("_")[1])
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return env, out, total


def test_a_game_episode_rotates_who_sits_out_and_rewards_his_side() -> None:
    env, out, total = _play_game(3)
    game = env.game
    assert game is not None and game.over and len(game.logs) >= 3
    assert out[:3] == ["player_4", "player_0", "player_2"]  # seat index 4, then 0, then 2 (canasta.engine.seating)
    for k, name in enumerate(out):
        assert name == f"player_{seating(env.rules, k, 0).sitting_out}"
    diff = float(game.totals[0] - game.totals[1])  # per-deal differences add up to the totals' difference
    for agent, r in total.items():
        assert r == pytest.approx(diff if int(agent.split("_")[1]) % 2 == 0 else -diff)


def test_deal_episodes_seat_each_of_the_three_out_and_reward_every_agent() -> None:
    seen = set()
    for seed in range(12):
        env = canasta_v0.env(variant=FIVE)
        env.reset(seed=seed)
        raw = env.unwrapped
        away = raw.sitting_out
        seen.add(away)
        rng = random.Random(seed)
        total = {a: 0.0 for a in raw.possible_agents}
        for agent in env.agent_iter(20_000):
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            assert agent != away or term or trunc
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        side = _side_rewards([s.total for s in raw.deal.score()])
        assert total == {a: side[s % 2] for s, a in enumerate(raw.possible_agents)}
    assert seen == {"player_0", "player_2", "player_4"}


@pytest.mark.parametrize("seat", [0, 1, 4])
def test_gym_wrapper_seats_the_learner_at_any_of_the_five(seat: int) -> None:
    env = CanastaGymEnv(variant=FIVE, seat=seat, opponents="random", episode="game", target=1500)
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    total = 0.0
    while True:
        assert env.raw.agent_selection == f"player_{seat}"
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        if terminated or truncated:
            break
    game = env.raw.game
    assert terminated and game is not None and game.over
    diff = float(game.totals[0] - game.totals[1])
    assert total == pytest.approx(diff if seat % 2 == 0 else -diff)


def test_gym_wrapper_passes_check_env_with_five() -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(CanastaGymEnv(variant=FIVE, seat=4))
