"""The OpenSpiel game: loading, OpenSpiel's own consistency checks, chance, returns, bad parameters."""

from __future__ import annotations

import random

import pyspiel
import pytest

import truco.research.openspiel  # noqa: F401  (registers python_truco)


def test_load_game_by_name():
    game = pyspiel.load_game("python_truco")
    assert game.num_players() == 4 and game.num_distinct_actions() == 14
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "hand_only": True},
        {"hand_only": True, "answer": "next", "covered": "not_when_leading"},
        {"players": 2, "profile": "mineiro", "canga": True},
        {},
    ],
)
def test_random_sim_test(params):
    pyspiel.random_sim_test(pyspiel.load_game("python_truco", params), num_sims=3, serialize=True, verbose=False)


def test_the_deal_is_chance_card_by_card():
    game = pyspiel.load_game("python_truco", {"players": 2, "hand_only": True, "deck": "clean"})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(0)
    for dealt in range(7):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 24 - dealt and sum(p for _, p in outcomes) == pytest.approx(1)
        state.apply_action(outcomes[0][0])
    assert not state.is_chance_node() and state.current_player() in (0, 1)


def test_hand_only_returns_the_hand_points():
    game = pyspiel.load_game("python_truco", {"players": 2, "hand_only": True})
    rng = random.Random(4)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        points = state.table.match.results[0].points
        assert sorted(state.returns()) in ([-points, points], [0.0, 0.0])


def test_restrictions_remove_actions():
    game = pyspiel.load_game("python_truco", {"players": 2, "hand_only": True, "max_raises": 0, "cover": False})
    rng = random.Random(1)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            assert all(a < 3 for a in state.legal_actions())  # open plays only
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_small_deck():
    game = pyspiel.load_game("python_truco", {"players": 2, "hand_only": True, "cards": "KD,KS,AD,AS,2D,2S,3D,3S"})
    state = game.new_initial_state()
    state.apply_action(0)
    assert len(state.chance_outcomes()) == 8


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3},
        {"cards": "4C,4C,5D,6D,7D,QD,JD,KD,AD,2D,3D,3C,3S"},
        {"cards": "4C,5D"},
        {"deck": "clean", "cards": "4C"},
    ],
)
def test_bad_parameters_are_refused(params):
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game("python_truco", params)
