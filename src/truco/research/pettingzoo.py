"""Truco as a PettingZoo AEC environment.

Agents are ``player_0`` .. ``player_{n-1}`` (the engine's seats). Each
observation is ``{"observation": float32[OBSERVATION_SIZE], "action_mask": int8[14]}``,
built from the engine's view of that seat only (``truco.research.encoding``).
Rewards are +1 to each seat of the team that wins the match and -1 to the
others; with ``reward="hand"`` every hand pays the points it scored instead (+ to
the team that scored them, - to the other; the last hand pays only up to 12).

>>> e = env(rules={"players": 2}, seed=1)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["action_mask"].tolist()
[1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from truco.engine import Match, Rules, view
from truco.engine.events import HandEnded
from truco.research.encoding import (
    INDEX,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    blank,
    mask,
    observation_string,
)
from truco.research.layout import SeatViews

REWARDS = ("match", "hand")


def env(rules: Any = None, seed: int | None = None, render_mode: str | None = None, reward: str = "match") -> AECEnv:
    """The environment. It enforces the order of calls itself (``reset`` first; ``step`` refuses
    illegal actions), so it needs no PettingZoo wrapper: the generic ``OrderEnforcingWrapper``
    forwards every attribute read through ``__getattr__``, which cost more than a step of the
    match itself (``docs/research.md``, Speed)."""
    return raw_env(rules=rules, seed=seed, render_mode=render_mode, reward=reward)


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """A match to 12 under any rules of the engine (``Rules.parse``), 1v1 or 2v2."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "truco_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self, rules: Any = None, seed: int | None = None, render_mode: str | None = None, reward: str = "match"
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.rules = Rules.parse(rules)
        self.render_mode = render_mode
        self.reward_mode = reward
        self._hand_rewards = reward == "hand"
        self.possible_agents = [f"player_{s}" for s in range(self.rules.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._seeds = Random(seed)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        #: each seat's observation before its view is written in: the rules and the seat
        self._blank = [blank(self.rules, s) for s in range(self.rules.players)]
        self.match: Match | None = None
        #: the match and what each seat sees of it as it stands (``Seen``: made when first asked for after
        #: each action)
        self._views: SeatViews | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Random(seed)
        self.match = Match(self.rules, seed=self._seeds.getrandbits(64))
        self._views = SeatViews(self.match)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        #: whether the last step paid a reward (the next one clears ``rewards``)
        self._paid = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.match.to_act()[0]]

    def _seat_views(self) -> SeatViews:
        if self._views is None:
            raise RuntimeError("call reset() before step(), observe(), render() or agent_iter()")
        return self._views

    def _match(self) -> Match:
        return self._seat_views().match

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act next until every agent is done, as PettingZoo's ``AECIterable`` (a generator:
        resuming one costs less than a method call)."""
        self._match()
        return self._agents_to_act(max_iter)

    def _agents_to_act(self, max_iter: int) -> Iterator[str]:
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        on, _, _, bits = (self._views or self._seat_views()).seen(seat)
        x = self._blank[seat].copy()  # ``vector(on, self._blank[seat])``, without a call
        x[np.fromiter(on, INDEX, len(on))] = 1.0
        return {"observation": x, "action_mask": mask(bits)}

    def step(self, action: int | None) -> None:
        views = self._views or self._seat_views()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        score = views.match.score[:] if self._hand_rewards else None
        try:
            events, to_act = views.act(self._seat[agent], action)
        except ValueError as refused:
            raise ValueError(f"{agent}: {refused}") from None
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # most steps pay nothing: their rewards stay the zeros the last payment was cleared to
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        if score is not None:
            for event in events:
                if isinstance(event, HandEnded) and event.winner is not None:
                    # the points scored: a hand worth more than the team lacks for 12 pays only what it lacked
                    self._pay(event.winner, float(event.score[event.winner] - score[event.winner]))
        if to_act >= 0:
            self.agent_selection = self.possible_agents[to_act]
        else:  # the match is over
            winner = views.match.winner
            assert winner is not None
            if self.reward_mode == "match":
                self._pay(winner, 1.0)
            self.terminations = dict.fromkeys(self.agents, True)
        if self._paid:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _pay(self, team: int, amount: float) -> None:
        assert self.match is not None
        self._paid = True
        for agent in self.agents:
            won = self.match.team_of(self._seat[agent]) == team
            self.rewards[agent] += amount if won else -amount

    def render(self) -> str | None:
        """The current seat's view in one line (``observation_string``)."""
        self._match()
        if self.render_mode is None:
            return None
        line = observation_string(view(self._match(), self._seat[self.agent_selection]))
        if self.render_mode == "human":
            print(line)
            return None
        return line

    def close(self) -> None:
        pass
