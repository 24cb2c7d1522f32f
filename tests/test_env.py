"""Tests of the environment API (canasta.env): PettingZoo AEC, Gymnasium wrapper, observation.

Every preset and table size passes PettingZoo's ``api_test`` and ``seed_test``;
observations never depend on hidden cards; masks match the engine's legal
moves; rewards, illegal moves, truncation, seeding and the options behave as
docs/env.md says.
"""

from __future__ import annotations

import dataclasses
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from canasta.cards.deck import N_TYPES, card_str, counts_of, is_red_three  # noqa: E402
from canasta.engine.deal import IllegalMove, MeldView  # noqa: E402
from canasta.env import EnvConfigError, canasta_v0  # noqa: E402
from canasta.env.actions import action_name, action_table  # noqa: E402
from canasta.env.gym_wrapper import CanastaGymEnv  # noqa: E402
from canasta.env.observation import ObservationLayout, PublicMemory, build_observation  # noqa: E402
from canasta.moves.actions import ACTIONS, N_ACTIONS  # noqa: E402
from canasta.moves.notation import SEQ_TARGET, TAKE  # noqa: E402
from canasta.rules.fields import Rules  # noqa: E402
from helpers import cards, make_deal, play, table_specs  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs" / "env.md"


# every preset at every table size it accepts
CONFIGS = table_specs(("players=2", "players=3", "players=4", "players=6,teams=2", "players=6,teams=3"))


def _play(env: Any, seed: int, steps: int = 100_000, rng_seed: int = 0) -> dict[str, float]:
    """Play one episode with random masked agents; return each agent's summed reward."""
    rng = random.Random(rng_seed)
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(steps):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return total


# ------------------------------------------------------------- PettingZoo tests

@pytest.mark.parametrize("spec", CONFIGS)
def test_pettingzoo_api_test_passes(spec: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations and empty masks of waiting agents warn
        api_test(canasta_v0.env(variant=spec), num_cycles=120)


@pytest.mark.parametrize("spec", CONFIGS)
def test_pettingzoo_seed_test_passes(spec: str) -> None:
    seed_test(lambda: canasta_v0.env(variant=spec), num_cycles=100)


def test_api_test_passes_for_a_game_episode_and_other_modes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(canasta_v0.env(variant="classic(players=2)", episode="game", reward="win_loss"),
                 num_cycles=400)
        api_test(canasta_v0.env(variant="classic", stock_end="reshuffle", illegal="terminate"),
                 num_cycles=200)


def test_spaces_are_the_same_object_and_fit_the_layout() -> None:
    env = canasta_v0.raw_env(variant="classic(players=6,teams=3)")
    layout = ObservationLayout(6, 3)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.observation_space(agent)["observation"].shape == (layout.size,)
        assert env.action_space(agent).n == N_ACTIONS


# ----------------------------------------------------------------- variants

def test_variant_given_as_string_keywords_or_openspiel_game_string() -> None:
    a = canasta_v0.raw_env(variant="classic", players=2).rules
    b = canasta_v0.raw_env(variant="classic(players=2)").rules
    c = canasta_v0.raw_env(variant="canasta(variant=classic,players=2)").rules
    d = canasta_v0.env(variant=Rules.preset("classic", players=2)).unwrapped.rules
    assert a == b == c == d
    assert a.players == 2
    e = canasta_v0.raw_env(variant="canasta(variant=classic,players=6,teams=3)", stock_end="reshuffle")
    assert (e.rules.players, e.rules.teams, e.rules.stock_end) == (6, 3, "reshuffle")
    assert e.possible_agents == [f"player_{i}" for i in range(6)]


@pytest.mark.parametrize("kwargs, words", [
    ({"variant": "classic(players=2)", "players": 4}, "given both"),
    ({"variant": "classic", "no_such_option": 1}, "environment options are"),
    ({"variant": "nosuchgame"}, "unknown variant"),
    ({"variant": "classic", "episode": "match"}, "episode must be one of"),
    ({"variant": "classic", "reward": "points"}, "reward must be one of"),
    ({"variant": "classic", "max_steps": 0}, "max_steps"),
    ({"variant": "classic", "dealer": 4}, "dealer must be a seat"),
    ({"variant": "classic", "illegal": "ignore"}, "illegal must be one of"),
])
def test_bad_configuration_is_refused_with_a_clear_message(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(EnvConfigError, match=words):
        canasta_v0.env(**kwargs)


def test_configuration_survives_reset() -> None:
    env = canasta_v0.raw_env(variant="classic", players=3, reward="win_loss", max_steps=50)
    for seed in (1, 2, None):
        env.reset(seed=seed)
        assert env.rules.players == 3 and env.config.reward == "win_loss" and env.config.max_steps == 50
        assert env.deal is not None and env.deal.rules == env.rules


# -------------------------------------------------------------- observations

def test_mask_matches_legal_actions_and_only_the_actor_has_moves() -> None:
    env = canasta_v0.raw_env(variant="classic")
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(300):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        deal = env.deal
        assert deal is not None
        assert agent == f"player_{deal.to_act}"
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert np.flatnonzero(mask).tolist() == sorted(deal.legal_actions())
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(deal.legal_actions()))


def _swap_hidden_cards(deck: list[int], players: int, hand_size: int) -> list[int]:
    """The deck with one card swapped between the hands of seats 1 and 2 and two stock-bottom cards swapped.

    Dealer 0: card i of the deal goes to seat (1 + i) % players. Red threes are left
    alone (they are laid out in public).
    """
    out = list(deck)
    dealt = players * hand_size
    seat_of = [(1 + i) % players for i in range(dealt)]
    i1 = next(i for i in range(dealt) if seat_of[i] == 1 and not is_red_three(out[i]))
    i2 = next(i for i in range(dealt) if seat_of[i] == 2 and not is_red_three(out[i]) and out[i] != out[i1])
    out[i1], out[i2] = out[i2], out[i1]
    j1 = len(out) - 1
    j2 = next(j for j in range(len(out) - 2, dealt, -1) if out[j] != out[j1])
    out[j1], out[j2] = out[j2], out[j1]
    return out


def test_observation_does_not_depend_on_hidden_cards() -> None:
    rules = Rules.parse("classic")
    a = canasta_v0.raw_env(variant=rules)
    b = canasta_v0.raw_env(variant=rules)
    a.reset(seed=11)
    assert a.deal is not None
    deck_b = _swap_hidden_cards(list(a.deal.deck), rules.players, rules.hand_size)
    a.reset(options={"deck": list(a.deal.deck), "dealer": 0})
    b.reset(options={"deck": deck_b, "dealer": 0})
    assert a.deal is not None and b.deal is not None
    assert a.deal.hands[1] != b.deal.hands[1]  # the deals really differ
    assert not np.array_equal(a.observe("player_1")["observation"], b.observe("player_1")["observation"])
    rng = random.Random(3)
    same = 0
    while same < 400:
        for seat in (0, 3):  # seats whose own cards are the same in both deals
            agent = f"player_{seat}"
            oa, ob = a.observe(agent), b.observe(agent)
            assert np.array_equal(oa["observation"], ob["observation"]), f"{agent} after {same} moves"
            assert np.array_equal(oa["action_mask"], ob["action_mask"])
        if a.terminations[a.agent_selection] or b.terminations[b.agent_selection]:
            break
        legal_b = b.deal.legal_actions()
        common = [x for x in a.deal.legal_actions()  # moves that keep the public histories equal
                  if x in legal_b and str(a.deal.move_for_action(x)) == str(b.deal.move_for_action(x))]
        if not common:
            break
        action = rng.choice(common)
        a.step(action)
        b.step(action)
        same += 1
    assert same >= 40


def test_public_memory_never_claims_a_card_the_seat_does_not_hold() -> None:
    learned = 0
    for spec in ("classic", "classic(players=2)", "classic(players=6,teams=3,stock_end=reshuffle)"):
        env = canasta_v0.raw_env(variant=spec)
        for seed in range(4):
            env.reset(seed=seed)
            rng = random.Random(seed)
            while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
                deal = env.deal
                mem = env._memory
                assert deal is not None and mem is not None
                pile = counts_of(deal.pile)
                assert all(mem.pile_counts[c] <= pile[c] for c in range(N_TYPES))
                for s in range(env.rules.players):
                    held = list(deal.hands[s])
                    if s == deal.turn:
                        for c in deal.pending:
                            held[c] += 1
                    assert all(mem.known[s][c] <= held[c] for c in range(N_TYPES)), (spec, seed, s)
                    learned += int(mem.known[s].sum())
                env.step(rng.choice(deal.legal_actions()))
    assert learned > 0  # the memory did see piles being taken


def test_known_in_hand_shows_the_taken_pile_to_the_other_seats() -> None:
    env = canasta_v0.raw_env(variant="classic")
    block = env.layout.block("known_in_hand")
    for seed in range(30):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while not env.terminations[env.agent_selection]:
            deal = env.deal
            assert deal is not None
            legal = deal.legal_actions()
            takes = [a for a in legal if ACTIONS[a][0] == TAKE]
            if takes and len(deal.pile) >= 3:  # the first pile taken in the deal
                taker = deal.turn
                below = [c for c in deal.pile[:-1] if not is_red_three(c)]
                env.step(takes[0])
                viewer = (taker + 1) % 4  # the taker sits 3 seats after the viewer: row 2
                rows = env.observe(f"player_{viewer}")["observation"][block.slice].reshape(3, N_TYPES)
                assert rows[2].sum() > 0
                assert all(rows[2][c] <= below.count(c) for c in range(N_TYPES))
                assert not rows[0].any() and not rows[1].any()
                own = env.observe(f"player_{taker}")["observation"][block.slice]
                assert not own.any()  # the taker's own row is not in its observation
                return
            others = [a for a in legal if ACTIONS[a][0] != TAKE] or legal
            env.step(rng.choice(others))
    pytest.fail("no pile of 3 cards was taken in 30 random deals")


def test_observation_within_bounds_and_scaled() -> None:
    env = canasta_v0.raw_env(variant="classic")
    env.reset(seed=2, options={"scores": [1600, -20]})
    obs = env.observe(env.agent_selection)
    assert env.observation_space(env.agent_selection).contains(obs)
    x = obs["observation"]
    seat = int(env.agent_selection.split("_")[1])
    own, other = (0, 1) if seat % 2 == 0 else (1, 0)
    scores = x[env.layout.block("scores").slice]
    minimums = x[env.layout.block("minimums").slice]
    assert scores.tolist() == pytest.approx([[1.6, -0.02][own], [1.6, -0.02][other]])
    assert minimums.tolist() == pytest.approx([[0.9, 0.15][own], [0.9, 0.15][other]])
    assert x[: N_TYPES].sum() == len(env.deal.view(seat).hand)


# ------------------------------------------------------------------ rewards

@pytest.mark.parametrize("spec", ["classic", "classic(players=3)", "classic(players=6,teams=3)"])
def test_deal_reward_is_the_score_difference_with_the_best_other_side(spec: str) -> None:
    env = canasta_v0.env(variant=spec, reward_scale=0.5)
    total = _play(env, seed=4)
    raw = env.unwrapped
    scores = [s.total for s in raw.deal.score()]
    teams = raw.rules.teams
    for agent, r in total.items():
        side = int(agent.split("_")[1]) % teams
        best_other = max(scores[s] for s in range(teams) if s != side)
        assert r == pytest.approx(0.5 * (scores[side] - best_other))


def test_win_loss_reward() -> None:
    env = canasta_v0.env(variant="classic(players=3)", reward="win_loss")
    total = _play(env, seed=9)
    scores = [s.total for s in env.unwrapped.deal.score()]
    best = max(scores)
    for agent, r in total.items():
        sc = scores[int(agent.split("_")[1])]
        assert r == (0.0 if sc == best and scores.count(best) > 1 else 1.0 if sc == best else -1.0)


@pytest.mark.parametrize("reward", ["deal", "game"])
def test_game_episode_plays_deals_to_the_target(reward: str) -> None:
    env = canasta_v0.env(variant="classic(players=2)", episode="game", reward=reward)
    total = _play(env, seed=1)
    game = env.unwrapped.game
    assert game.over and len(game.logs) > 1
    assert [log.dealer for log in game.logs[:2]] == [0, 1]  # the dealer rotates
    diff = game.totals[0] - game.totals[1]
    if reward == "game":
        assert total == {"player_0": diff, "player_1": -diff}
    else:  # per-deal differences add up (2 sides) to the difference of totals
        assert total["player_0"] == pytest.approx(diff)


def test_truncation_after_max_steps() -> None:
    env = canasta_v0.env(variant="classic", max_steps=7)
    env.reset(seed=0)
    moves = 0
    for _ in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term and reward == 0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        moves += 1
    assert moves == 7


# ------------------------------------------------------------ illegal moves

def _illegal_id(env: Any) -> int:
    legal = set(env.unwrapped.deal.legal_actions())
    return next(a for a in range(N_ACTIONS) if a not in legal)


def test_illegal_move_raises_and_changes_nothing() -> None:
    env = canasta_v0.env(variant="classic")
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.observe(agent)
    with pytest.raises(IllegalMove, match="not legal now"):
        env.step(_illegal_id(env))
    assert env.agent_selection == agent
    after = env.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    with pytest.raises(TypeError, match="move id"):
        env.unwrapped.step(1.5)


def test_illegal_move_penalized_or_terminating() -> None:
    env = canasta_v0.env(variant="classic", illegal="penalize", illegal_reward=-3)
    env.reset(seed=3)
    agent = env.agent_selection
    env.step(_illegal_id(env))
    assert env.agent_selection == agent and env.last()[1] == -3
    assert not any(env.terminations.values())
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))  # play on normally

    env = canasta_v0.env(variant="classic", illegal="terminate", illegal_reward=-2)
    env.reset(seed=3)
    agent = env.agent_selection
    env.step(_illegal_id(env))
    assert all(env.terminations.values())
    assert env.unwrapped._cumulative_rewards[agent] == -2
    assert sum(env.unwrapped._cumulative_rewards.values()) == -2


# ------------------------------------------------------------------ seeding

def test_seeded_episodes_are_reproducible_and_seeds_differ() -> None:
    def trace(seed: int) -> list[bytes]:
        env = canasta_v0.env(variant="classic(players=2)")
        env.reset(seed=seed)
        rng = random.Random(0)
        out = []
        for _ in range(60):
            obs, _, term, *_ = env.last()
            if term:
                break
            out.append(obs["observation"].tobytes())
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        return out

    assert trace(21) == trace(21)
    assert trace(21) != trace(22)
    env = canasta_v0.raw_env(variant="classic")
    env.reset(seed=8)
    first = env.deal.deck
    env.reset()
    assert env.deal.deck != first  # unseeded reset continues the generator
    env.reset(seed=8)
    assert env.deal.deck == first


def test_reset_options_deck_dealer_scores() -> None:
    env = canasta_v0.raw_env(variant="classic")
    env.reset(seed=1)
    deck = list(env.deal.deck)
    env.reset(seed=99, options={"deck": deck, "dealer": 2, "scores": [3000, 0], "ignored": 1})
    assert list(env.deal.deck) == deck and env.deal.dealer == 2
    assert env.deal.minimum == [120, 50]
    assert env.agent_selection == "player_3"
    with pytest.raises(ValueError, match="one score per side"):
        env.reset(options={"scores": [1, 2, 3]})
    with pytest.raises(ValueError, match="deck"):
        env.reset(options={"deck": deck[:-1]})
    with pytest.raises(ValueError, match="dealer"):
        env.reset(options={"dealer": 7})
    assert list(env.deal.deck) == deck and env.deal.dealer == 2  # a refused reset changes nothing
    env.reset()
    again = canasta_v0.raw_env(variant="classic")
    again.reset(seed=99, options={"deck": deck})
    again.reset()
    assert env.deal.deck == again.deal.deck  # nor does it use up the generator


def test_render_shows_the_table_but_no_hand() -> None:
    env = canasta_v0.raw_env(variant="classic", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "pile:" in text and "side 1" in text
    view = env.deal.view(0)
    assert all(card_str(c) not in text for c in view.hand if c != view.pile_top)


# ------------------------------------------------------------------ gym wrapper

def test_gym_wrapper_passes_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(CanastaGymEnv(variant="classic(players=2)", seat=1))


def test_gym_wrapper_plays_an_episode_against_bots() -> None:
    env = CanastaGymEnv(variant="classic", seat=2, opponents=["random", "random", "random"])
    obs, info = env.reset(seed=6)
    assert env.observation_space.contains(obs)
    total = 0.0
    rng = np.random.default_rng(0)
    steps = 0
    while True:
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        assert env.raw.agent_selection == "player_2"
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if terminated or truncated:
            break
    assert terminated and steps > 5
    scores = info["deal_scores"]
    assert total == scores[0] - scores[1]  # seat 2 plays for side 0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_gym_wrapper_refuses_bad_opponents_and_seat() -> None:
    with pytest.raises(EnvConfigError, match="one per other seat"):
        CanastaGymEnv(variant="classic", opponents=["random"])
    with pytest.raises(EnvConfigError, match="unknown bot"):
        CanastaGymEnv(variant="classic(players=2)", opponents="nobody")
    with pytest.raises(EnvConfigError, match="seat must be"):
        CanastaGymEnv(variant="classic(players=2)", seat=2)


def test_gym_registration() -> None:
    import gymnasium

    env = gymnasium.make("canasta/Canasta-v0", variant="classic(players=2)")
    obs, _ = env.reset(seed=0)
    assert obs["observation"].shape == (ObservationLayout(2, 2).size,)


# --------------------------------------------------------------------- docs

def test_docs_list_the_layout_and_the_move_ids() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert ObservationLayout(4, 2).markdown() in text
    samba = ObservationLayout(4, 2, meld_counts=True, sequences=True)
    assert samba.markdown(only=("meld_counts", "sequences")) in text
    assert action_table() in text
    assert action_name(0) == "draw"
    assert action_name(9) == "discard 2C"


# ------------------------------------------------------- blocks of the Samba family (§3.2)

def test_samba_appends_meld_counts_and_sequences_and_classic_keeps_its_layout() -> None:
    classic = ObservationLayout.for_rules(Rules.preset("classic"))
    assert classic.blocks == ObservationLayout(4, 2).blocks and classic.size == 467
    samba = ObservationLayout.for_rules(Rules.preset("samba"))
    assert samba.blocks[:len(classic.blocks)] == classic.blocks  # appended, nothing moved
    assert [b.name for b in samba.blocks[len(classic.blocks):]] == ["meld_counts", "sequences"]
    assert samba.block("meld_counts").size == 2 * 14 and samba.block("sequences").size == 2 * (4 * 11 + 3)
    assert samba.size == 467 + 28 + 94
    env = canasta_v0.raw_env(variant="samba")
    assert env.layout.size == samba.size
    env.reset(seed=1)
    assert env.observe(env.agent_selection)["observation"].shape == (samba.size,)
    assert env.observation_space("player_0")["observation"].shape == (samba.size,)
    # the five-player table observes a four-player deal; the flags follow the rules
    assert ObservationLayout.for_rules(Rules.parse("classic(players=5)")).size == 467
    assert ObservationLayout.for_rules(Rules.preset("escalator")).block("sequences").offset == 467


def test_sequence_block_gives_the_cards_each_side_s_sequences_cover() -> None:
    samba = Rules.preset("samba")
    layout = ObservationLayout.for_rules(samba)
    d = make_deal(samba, ["4H 5H 6H AC AD AH QC QD 9C 9D 8C 8D 6C 6D 5C",
                          "7H 4S 5S 6S 7S 8S 9S TS JS QS KS 4D 5D 6D 7D",
                          "8H 9H 9S 8S 5H 6S 4D 4C TC TD JC JD QH KC KD"], stock="KH KS  7C 7D  QS JH")
    play(d, "draw", "meld 4H 5H 6H", "meld AC AD AH", "discard KH", "draw", "discard 7H", "take to 4H-6H")
    seq = layout.block("sequences")
    per = 4 * 11 + 3
    hearts = 2 * 11  # suit H, then ranks 4..A
    for viewer, rel in ((2, 0), (1, 1)):  # side 0 is relative side 0 for seat 2, relative side 1 for seat 1
        obs = build_observation(d.view(viewer), PublicMemory(4, None, 0), layout)[seq.slice]
        own = obs[rel * per:(rel + 1) * per]
        assert list(own[hearts:hearts + 11]) == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]  # 4H 5H 6H 7H
        assert own[:hearts].sum() == own[hearts + 11:44].sum() == 0
        assert list(own[44:]) == [1, 0, 0]  # one sequence, no canasta, no wild card
        assert obs[(1 - rel) * per:(2 - rel) * per].sum() == 0
        counts = build_observation(d.view(viewer), PublicMemory(4, None, 0), layout)[layout.block("meld_counts").slice]
        assert counts[rel * 14 + 12] == 1 and counts.sum() == 1  # the aces; the sequence has no target slot
    # classic observes no such block
    assert "sequences" not in [b.name for b in ObservationLayout.for_rules(Rules.preset("classic")).blocks]


def test_meld_counts_and_a_wild_card_in_a_sequence() -> None:
    holly = Rules.preset("hollywood")
    layout = ObservationLayout.for_rules(holly)
    view = make_deal(holly, ["4C 5D 6H 8S 9C TD JH QS KC AD 4H 5S 6C 8D 9H"]).view(0)
    kings = MeldView(11, tuple(cards("KC KD KH KS KC KD KH")), True, True)
    kings2 = MeldView(11, tuple(cards("KS KS KC")), False, True)
    mixed = MeldView(SEQ_TARGET, tuple(cards("4D 5D JK 7D 8D 9D TD")), True, False, (1, 2, 8))
    view = dataclasses.replace(view, melds=((kings, kings2, mixed), ()))
    obs = build_observation(view, PublicMemory(4, None, 0), layout)
    counts = obs[layout.block("meld_counts").slice]
    assert counts[11] == 2 and counts.sum() == 2  # two melds of kings (the melds block sums their cards)
    melds = obs[layout.block("melds").slice]
    assert list(melds[11 * 4:11 * 4 + 4]) == [10, 0, 1, 1]
    seq = obs[layout.block("sequences").slice]
    assert list(seq[11:11 + 11]) == [1] * 7 + [0] * 4 and seq[:11].sum() == seq[22:44].sum() == 0  # 4D..TD
    assert list(seq[44:47]) == [1, 1, 1] and seq[47:].sum() == 0
    low, high = layout.bounds(holly)
    assert (obs >= low).all() and (obs <= high).all()


# ------------------------------------------------------- Hand and Foot: the feet (RULES_AMERICAN.md B.9)

def test_hand_and_foot_appends_the_feet_and_plays_an_episode() -> None:
    rules = Rules.preset("hand-and-foot")
    layout = ObservationLayout.for_rules(rules)
    classic = ObservationLayout.for_rules(Rules.preset("classic"))
    assert layout.blocks[:len(classic.blocks)] == classic.blocks  # appended, nothing moved
    assert [b.name for b in layout.blocks[len(classic.blocks):]] == ["meld_counts", "feet"]
    assert layout.markdown(only=("meld_counts", "feet")) in DOCS.read_text(encoding="utf-8")
    env = canasta_v0.raw_env(variant="hand-and-foot")
    env.reset(seed=3)
    feet = layout.block("feet")
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        seat = int(agent.split("_")[1])
        deal = env.deal
        want = [len(deal.packets[(seat + k) % 4]) for k in range(4)]
        assert list(obs["observation"][feet.slice]) == want
        env.step(None if term or trunc else env.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    assert steps > 50
