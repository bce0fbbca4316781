"""The PettingZoo environment: PettingZoo's own API test, rewards, and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test

from truco.engine import RulesError, view
from truco.research.encoding import NUM_ACTIONS, OBSERVATION_SIZE, action_mask, observation
from truco.research.pettingzoo import env, raw_env


# PettingZoo's test warns about the Dict observation space that its own action-masked classic games use.
@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize(
    "rules",
    [None, {"players": 2}, {"profile": "mineiro", "players": 2, "canga": True}, {"answer": "next", "deck": "clean"}],
)
def test_pettingzoo_api_test(rules):
    api_test(env(rules=rules, seed=1), num_cycles=300)


def play_out(e, seed: int) -> dict[str, float]:
    """A random match; each agent's total reward."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["observation"].shape == (OBSERVATION_SIZE,) and obs["observation"].dtype == np.float32
        assert obs["action_mask"].shape == (NUM_ACTIONS,) and obs["action_mask"].any()
        assert not obs["action_mask"].flags.writeable  # shared between steps: nobody may change it
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_match_rewards_are_plus_and_minus_one_by_team():
    totals = play_out(env(seed=3), seed=3)
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0, 1.0]
    assert totals["player_0"] == totals["player_2"] and totals["player_1"] == totals["player_3"]


def test_hand_rewards_add_up_to_the_score_difference():
    e = env(rules={"players": 2}, reward="hand")
    totals = play_out(e, seed=5)
    score = e.unwrapped.match.score
    assert totals["player_0"] == score[0] - score[1] == -totals["player_1"]


def test_same_seed_same_match():
    a, b = env(rules={"players": 2}), env(rules={"players": 2})
    assert play_out(a, 9) == play_out(b, 9)
    assert a.unwrapped.match.actions == b.unwrapped.match.actions


def test_illegal_action_is_refused_and_changes_nothing():
    e = env(rules={"players": 2}, seed=1)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(e.unwrapped.match.actions)
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.unwrapped.match.actions == before


def test_bad_options_are_refused():
    with pytest.raises(RulesError):
        env(rules={"players": 3})
    with pytest.raises(ValueError, match="reward"):
        env(reward="points")
    with pytest.raises(ValueError, match="seed"):
        env(seed=-1)
    e = env(rules={"players": 2}, seed=1)
    with pytest.raises(ValueError, match="seed"):
        e.reset(seed=-1)


def test_a_numpy_seed_is_the_same_seed():
    a, b = env(rules={"players": 2}), env(rules={"players": 2})
    assert play_out(a, 7) == play_out(b, np.int64(7))
    assert a.unwrapped.match.actions == b.unwrapped.match.actions


def test_every_call_but_reset_waits_for_reset():
    e = env(rules={"players": 2}, render_mode="ansi")
    for call in (lambda: e.step(0), lambda: e.observe("player_0"), e.render, e.agent_iter):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    e.reset(seed=1)
    assert e.render().startswith("p")


def test_last_observes_through_a_subclass_own_observe():
    class Masked(raw_env):
        def observe(self, agent):
            return {
                "observation": np.zeros(OBSERVATION_SIZE, np.float32),
                "action_mask": super().observe(agent)["action_mask"],
            }

    plain, masked = raw_env(rules={"players": 2}), Masked(rules={"players": 2})
    plain.reset(seed=3)
    masked.reset(seed=3)
    assert plain.last()[0]["observation"].any()
    assert not masked.last()[0]["observation"].any()
    assert (masked.last()[0]["action_mask"] == plain.last()[0]["action_mask"]).all()


class PettingZooDeadStep(raw_env):
    """The environment with PettingZoo's own step for an agent that is done."""

    _was_dead_step = AECEnv._was_dead_step

    def step(self, action):
        if action is None and (self.terminations[self.agent_selection] or self.truncations[self.agent_selection]):
            self._was_dead_step(action)
        else:
            super().step(action)


def protocol_state(e) -> tuple:
    """Everything a step of an agent that is done may change."""
    dicts = (e.rewards, e._cumulative_rewards, e.terminations, e.truncations, e.infos)
    return (
        e.agent_selection,
        list(e.agents),
        [[(k, v, type(v)) for k, v in d.items()] for d in dicts],
        getattr(e, "_skip_agent_selection", "unset"),
    )


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("reward", ["match", "hand"])
def test_the_steps_of_agents_that_are_done_are_pettingzoos(players, reward):
    ours = raw_env(rules={"players": players}, reward=reward)
    theirs = PettingZooDeadStep(rules={"players": players}, reward=reward)
    for seed in range(3):
        rng = np.random.default_rng(seed)
        ours.reset(seed=seed)
        theirs.reset(seed=seed)
        dead_steps = 0
        for agent, other in zip(ours.agent_iter(), theirs.agent_iter(), strict=True):
            assert agent == other
            assert protocol_state(ours) == protocol_state(theirs)
            obs, _, terminated, truncated, _ = ours.last()
            if terminated or truncated:
                dead_steps += 1
                with pytest.raises(ValueError, match="only valid action is None"):
                    ours.step(0)
                ours.step(None)
                theirs.step(None)
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                ours.step(action)
                theirs.step(action)
        assert dead_steps == players
        assert protocol_state(ours) == protocol_state(theirs)


@pytest.mark.parametrize(
    "rules",
    [{"players": 2}, None, {"profile": "mineiro", "players": 2, "canga": True}, {"answer": "next", "deck": "clean"}],
)
def test_every_observation_is_the_seats_view_and_stays_what_it_was(rules):
    """What ``last()`` hands out is ``observation`` and ``action_mask`` of the acting seat's view (the
    environment writes it by its own faster path: the engine's ``seat_vector``, an index array of each
    length), and an observation a caller keeps never changes as the environment goes on."""
    e = env(rules=rules)
    kept = []
    for seed in range(4):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            v = view(e.match, e._seat[agent])
            assert np.array_equal(obs["observation"], observation(v))
            assert np.array_equal(obs["action_mask"], action_mask(v))
            kept.append((obs["observation"], obs["observation"].copy()))
            if terminated or truncated:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len({len(x.nonzero()[0]) for x, _ in kept}) > 5  # index arrays of many lengths
    assert all(np.array_equal(x, copy) for x, copy in kept)
