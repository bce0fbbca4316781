"""Same information, whatever the door: two worlds that give a seat the same view give it the
same observation tensor (from its view, and from the environment's fast path), observation string,
information-state tensor and string, and legal actions.

The second world is drawn with ``truco.engine.determinize.sample`` from the seat's view: every
card the seat cannot see is redrawn, so anything hidden that leaked into an encoding would show.
"""

from __future__ import annotations

from random import Random

import numpy as np
import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st

from truco.engine import OPTIONS, PROFILES, Match, Rules, view
from truco.engine.determinize import sample
from truco.research.encoding import (
    ACTION_NAMES,
    RAISE_ID,
    PublicAction,
    action_mask,
    hand_history,
    information_state,
    information_state_string,
    observation,
    observation_string,
    seat_ones,
)
from truco.research.openspiel import TrucoState

options = st.fixed_dictionaries(
    {"profile": st.sampled_from(list(PROFILES))},
    optional={name: st.sampled_from(values) for name, values in OPTIONS.items()},
)


def position(rules: Rules, seed: int, score: tuple[int, int], steps: int) -> tuple[Match, list[PublicAction]]:
    """A match from ``score`` after up to ``steps`` random actions, with its hand's public actions."""
    rng = Random(seed)
    m = Match(rules, seed=seed, score=score)
    public: list[PublicAction] = []
    for _ in range(steps):
        seats = m.to_act()
        if not seats:
            break
        action = rng.choice(m.legal_actions(rng.choice(seats)))
        public = hand_history(public, m.apply(action))
    return m, public


@settings(max_examples=300, deadline=None)
@given(
    spec=options,
    seed=st.integers(0, 2**32),
    score=st.tuples(st.integers(0, 11), st.integers(0, 11)),
    steps=st.integers(0, 40),
    seat_pick=st.integers(0, 3),
)
def test_same_view_same_encodings(spec, seed, score, steps, seat_pick):
    rules = Rules.parse(spec)
    m, public = position(rules, seed, score, steps)
    if m.is_over:
        return
    seat = seat_pick % rules.players
    mine = view(m, seat)
    other = sample(mine, Random(seed + 1))
    theirs = view(other, seat)
    assert np.array_equal(observation(mine), observation(theirs))
    assert observation_string(mine) == observation_string(theirs)
    assert np.array_equal(information_state(mine, public), information_state(theirs, public))
    assert information_state_string(mine, public) == information_state_string(theirs, public)
    assert np.array_equal(action_mask(mine), action_mask(theirs))
    # the environment's fast path, which has the engine write the seat's view straight into the index list
    on, legal, ids, bits = seat_ones(m, seat)
    other_on, other_legal, other_ids, other_bits = seat_ones(other, seat)
    assert sorted(on) == sorted(other_on) and (legal, ids, bits) == (other_legal, other_ids, other_bits)


@settings(max_examples=60, deadline=None)
@given(spec=options, seed=st.integers(0, 2**32), steps=st.integers(0, 30), hand_only=st.booleans())
def test_same_view_same_openspiel_strings(spec, seed, steps, hand_only):
    """The same through OpenSpiel's own calls, on a state and on its resampling for the current player."""
    game = pyspiel.load_game("python_truco", {**spec, "hand_only": hand_only})
    rng = Random(seed)
    state = game.new_initial_state()
    for _ in range(steps + 3 * game.num_players() + 2):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    if state.is_chance_node() or state.is_terminal():
        return
    player = state.current_player()
    other = state.resample_from_infostate(player, lambda: rng.random())
    assert isinstance(other, TrucoState)
    assert state.information_state_string(player) == other.information_state_string(player)
    assert state.information_state_tensor(player) == other.information_state_tensor(player)
    assert state.observation_string(player) == other.observation_string(player)
    assert state.observation_tensor(player) == other.observation_tensor(player)
    assert state.legal_actions() == other.legal_actions()


def test_a_hidden_card_changes_nothing_but_another_seat_sees_it():
    """The oracle is not blind: the same redraw does change what another seat holds."""
    m, _ = position(Rules.parse({"players": 2}), 7, (0, 0), 0)
    other = sample(view(m, 0), Random(3))
    assert observation_string(view(m, 0)) == observation_string(view(other, 0))
    assert observation_string(view(m, 1)) != observation_string(view(other, 1))


def test_the_second_to_answer_learns_nothing_of_the_first_answer():
    """Both opponents answer a raise at the same time: until the second has answered, its information state is
    the same whether the first accepted or ran (its public actions come from the engine's events)."""
    game = pyspiel.load_game("python_truco")
    rng = Random(5)
    state = game.new_initial_state()
    while state.is_chance_node() or RAISE_ID not in state.legal_actions():
        state.apply_action(
            rng.choice(state.chance_outcomes())[0] if state.is_chance_node() else state.legal_actions()[0]
        )
    state.apply_action(RAISE_ID)
    first = state.current_player()
    worlds = []
    for answer in ("accept", "run"):
        world = state.clone()
        world.apply_action(ACTION_NAMES.index(answer))
        worlds.append(world)
    second = worlds[0].current_player()
    assert second != first and worlds[1].current_player() == second
    accepted, ran = worlds
    assert accepted.information_state_string(second) == ran.information_state_string(second)
    assert accepted.information_state_tensor(second) == ran.information_state_tensor(second)
    assert accepted.information_state_string(first) != ran.information_state_string(first)  # it knows its own
