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

from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from truco.engine import Match, Rules, view
from truco.research.encoding import NUM_ACTIONS, OBSERVATION_SIZE, blank, observation_string
from truco.research.turns import Turns, checked_seed

REWARDS = ("match", "hand")


def env(rules: Any = None, seed: int | None = None, render_mode: str | None = None, reward: str = "match") -> AECEnv:
    """The environment. It enforces the order of calls itself (``reset`` first; ``step`` refuses
    illegal actions), so it needs no PettingZoo wrapper: the generic ``OrderEnforcingWrapper``
    forwards every attribute read through ``__getattr__``, which cost more than a step of the
    match itself (``docs/research.md``, Speed)."""
    return raw_env(rules=rules, seed=seed, render_mode=render_mode, reward=reward)


class raw_env(Turns, AECEnv):  # PettingZoo's name for the unwrapped environment
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
        self._seed = Random().getrandbits(64) if seed is None else checked_seed(seed)
        self._played = 0
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self._blank = [blank(self.rules, s) for s in range(self.rules.players)]
        self._index_arrays = []
        self._index_writers = []
        self._own_observe = type(self).observe is Turns.observe
        self.match = None
        self._views = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def _match(self) -> Match:
        return self._seat_views().match

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
