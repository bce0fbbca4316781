"""What the PettingZoo environment runs every turn: ``agent_iter``, ``last``, ``observe`` and ``step``, and every
match: ``reset`` and the steps of the agents that are done.

``Turns`` is the first base of ``truco.research.pettingzoo.raw_env`` (PettingZoo's ``AECEnv`` is the
second), in a module of its own so that a regular install compiles it with mypyc along with the
engine (``setup.py``): a native class, so that its methods read the environment's attributes from
a C structure rather than a dictionary. ``raw_env`` (pure Python) makes them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from functools import partial
from struct import Struct
from typing import Any, Final

import numpy as np
from mypy_extensions import mypyc_attr

from truco.engine import Match, Rules
from truco.engine.events import HandEnded
from truco.research.encoding import INDEX, NUM_ACTIONS, mask
from truco.research.layout import SeatViews

# the index type as this module's constant: a compiled module reads a module's attribute, or a name it imported,
# from a dictionary each time
_INDEX: Final = INDEX
#: the mask of each set of legal ids (``mask``), by the ids as the bits of an integer: a list, read by a machine
#: integer (a dictionary's key would be made a Python integer every step)
_MASK_OF: Final[list[Any]] = [None] * (1 << NUM_ACTIONS)
#: the 1 written into an observation, as numpy's own scalar (a Python float is converted every time)
_ONE: Final = np.ones((), np.float32)
_ONE.flags.writeable = False
#: ``struct`` writers of n native indices (``intp``) into a buffer, by n
_PACKERS: Final[list[Callable[..., None]]] = []


def _index_array(env: Turns, on: list[int]) -> Any:
    """``on`` as an index array: written by ``struct`` into the environment's own array of that length (which
    only the step that writes it reads), which costs less than numpy's ``fromiter`` converting each integer,
    or a new array read from packed bytes. Each array's writer is ``pack_into`` with the array (as a
    ``memoryview``: ``struct`` asks for its buffer every call, which a memoryview gives for less than numpy) and
    the offset already bound (``partial``): a call with ``*on`` alone passes ``on`` as the arguments' tuple,
    where one with arguments before it builds a list of them all first."""
    n = len(on)
    arrays, writers = env._index_arrays, env._index_writers
    while len(arrays) <= n:
        while len(_PACKERS) <= len(arrays):
            _PACKERS.append(Struct(f"{len(_PACKERS)}n").pack_into)
        indices: Any = np.zeros(len(arrays), _INDEX)
        writers.append(partial(_PACKERS[len(arrays)], memoryview(indices), 0))
        arrays.append(indices)
    writers[n](*on)
    return arrays[n]


def checked_seed(seed: Any) -> int:
    """``seed`` as the engine's seeds are (a Python integer, not negative), a numpy integer too."""
    checked = operator.index(seed)
    if checked < 0:
        raise ValueError(f"a seed is a non-negative integer, not {checked}")
    return checked


@mypyc_attr(allow_interpreted_subclasses=True)
class Turns:
    """PettingZoo's AEC protocol for one match: its attributes (named as ``AECEnv`` names them) and the
    methods a user's loop calls every turn."""

    rules: Rules
    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    render_mode: str | None
    reward_mode: str
    _hand_rewards: bool
    #: the seed of the matches since the last seeded reset, and how many of them were played
    _seed: int
    _played: int
    #: whether the last step paid a reward (the next one clears ``rewards``)
    _paid: bool
    #: each agent's seat
    _seat: dict[str, int]
    #: each seat's observation before its view is written in: the rules and the seat (read-only)
    _blank: list[Any]
    match: Match | None
    #: an index array of each length, and what writes it (``_index_array``)
    _index_arrays: list[Any]
    _index_writers: list[Callable[..., None]]
    #: the match and what each seat sees of it as it stands (made when first asked for after each action)
    _views: SeatViews | None
    #: whether ``observe`` is this class's own (``raw_env`` says): ``last`` then calls it directly, not as a
    #: method an interpreted subclass may redefine (found by name every time)
    _own_observe: bool
    #: PettingZoo's: the agent to select once the agents that are done have stepped (``_was_dead_step``)
    _skip_agent_selection: str | None

    def _seat_views(self) -> SeatViews:
        return _seat_views(self)

    def reset(self, seed: Any = None, options: dict[str, Any] | None = None) -> None:
        """A new match: from ``seed`` (a non-negative integer, a numpy integer too) when given, else the next
        of the matches since the last seed."""
        if seed is not None:
            self._seed, self._played = checked_seed(seed), 0
        # the k-th match from a seed deals from its own seed (no generator to seed at every reset)
        _start(self, Match(self.rules, seed=self._seed << 64 | self._played))
        self._played += 1

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act next until every agent is done, as PettingZoo's ``AECIterable``."""
        _seat_views(self)
        return self._agents_to_act(max_iter)

    def _agents_to_act(self, max_iter: int) -> Iterator[str]:
        done = 0  # counted up: ``max_iter`` (2**63 by default, as PettingZoo's) is no machine integer
        while self.agents and done < max_iter:
            done += 1
            yield self.agent_selection

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, cumulative reward, termination, truncation and info (``AECEnv.last``)."""
        agent = self.agent_selection
        return (
            (_observation(self, agent) if self._own_observe else self.observe(agent)) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> dict[str, Any]:
        """A new observation of ``agent``'s: nothing the environment does later changes it."""
        return _observation(self, agent)

    def step(self, action: object) -> None:
        """Apply the acting agent's action (an id of the action space; ``None`` once it is done)."""
        views = _seat_views(self)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            _dead_step(self, action)
            return
        match = views.match
        score = match.score[:] if self._hand_rewards else None
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
                    _pay(self, match, event.winner, float(event.score[event.winner] - score[event.winner]))
        if to_act >= 0:
            self.agent_selection = self.possible_agents[to_act]
        else:  # the match is over
            winner = match.winner
            assert winner is not None
            if not self._hand_rewards:
                _pay(self, match, winner, 1.0)
            self.terminations = dict.fromkeys(self.agents, True)
        if self.render_mode is not None and self.render_mode == "human":  # (None is no string to compare)
            self.render()

    def _was_dead_step(self, action: object) -> None:
        """PettingZoo's ``AECEnv._was_dead_step``: the step of an agent that is done (``_dead_step``)."""
        _dead_step(self, action)

    # Provided by the environment (``raw_env``):

    def render(self) -> str | None:
        raise NotImplementedError


# A ``Turns`` is always an interpreted subclass's (``raw_env``): a method it calls on itself goes through mypyc's
# glue (looked up by name, in case the subclass redefines it), whereas a module's function is a native call. So
# what the methods above share is functions here.


def _seat_views(env: Turns) -> SeatViews:
    views = env._views
    if views is None:
        raise RuntimeError("call reset() before step(), observe(), render() or agent_iter()")
    return views


def _observation(env: Turns, agent: str) -> dict[str, Any]:
    """A new observation of ``agent``'s (``Turns.observe``)."""
    seat = env._seat[agent]
    on, _, _, bits = _seat_views(env).seen(seat)
    x = env._blank[seat].copy()
    x[_index_array(env, on)] = _ONE
    action_mask = _MASK_OF[bits]
    if action_mask is None:  # a set of legal ids not seen here before
        action_mask = _MASK_OF[bits] = mask(bits)
    return {"observation": x, "action_mask": action_mask}


def _pay(env: Turns, match: Match, team: int, amount: float) -> None:
    """``amount`` to each agent of ``team``, ``-amount`` to the others, in this step's rewards and in the
    cumulative rewards (which add up each step's rewards, cleared when the step began)."""
    env._paid = True
    for agent in env.agents:
        paid = amount if match.team_of(env._seat[agent]) == team else -amount
        env.rewards[agent] += paid
        env._cumulative_rewards[agent] += paid


def _dead_step(env: Turns, action: object) -> None:
    """What PettingZoo's ``AECEnv._was_dead_step`` does (``tests/research/test_pettingzoo.py`` compares the
    two), natively: PettingZoo's, interpreted, cost a 1v1 match's two about 1.5 µs (``docs/research.md``,
    Speed). The agent to select is removed; the next agent that is done steps next, and once none is left
    the agent set aside when the first one did; the rewards are cleared."""
    if action is not None:
        raise ValueError("when an agent is dead, the only valid action is None")
    agent = env.agent_selection
    assert env.terminations[agent] or env.truncations[agent], "only an agent that is done steps without an action"
    del env.terminations[agent]
    del env.truncations[agent]
    del env.rewards[agent]
    del env._cumulative_rewards[agent]
    del env.infos[agent]
    env.agents.remove(agent)
    done = [a for a in env.agents if env.terminations[a] or env.truncations[a]]
    set_aside: str | None = getattr(env, "_skip_agent_selection", None)
    if done:
        if set_aside is None:
            env._skip_agent_selection = env.agent_selection
        env.agent_selection = done[0]
    else:
        if set_aside is not None:
            env.agent_selection = set_aside
        env._skip_agent_selection = None
    zero: Any = 0  # PettingZoo clears the rewards to the integer 0
    env.rewards = dict.fromkeys(env.rewards, zero)


def _start(env: Turns, match: Match) -> None:
    """Start ``match``: every agent in it, no rewards yet, nobody done, its first seat to act (``reset``'s
    work after making the match)."""
    env.match = match
    env._views = SeatViews(match)
    env.agents = agents = env.possible_agents[:]
    env.rewards = dict.fromkeys(agents, 0.0)
    env._paid = False
    env._cumulative_rewards = dict.fromkeys(agents, 0.0)
    env.terminations = dict.fromkeys(agents, False)
    env.truncations = dict.fromkeys(agents, False)
    env.infos = {a: {} for a in agents}
    env.agent_selection = env.possible_agents[match.to_act()[0]]
