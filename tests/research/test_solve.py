"""The written-out game tree is python_truco's own: the same values under the same policy."""

from __future__ import annotations

import pyspiel
import pytest

import truco.research.openspiel  # noqa: F401  (registers python_truco)
from truco.bots import make_bot
from truco.engine import parse_card, view
from truco.research.encoding import ACTION_NAMES
from truco.research.solve import action_ids, bot_policy, extensive_form, variant_action

#: Seven cards and a fixed vira: every deal is the six others, so the tree is tiny.
TINY = {"players": 2, "hand_only": True, "cards": "KD,KC,AD,AC,2D,2C,3D", "vira": "KD", "cover": False}


def uniform_value(state: pyspiel.State) -> float:
    """Seat 0's expected return when both seats play uniformly at random, from OpenSpiel's calls alone."""
    if state.is_terminal():
        return state.returns()[0]
    if state.is_chance_node():
        return sum(p * uniform_value(state.child(o)) for o, p in state.chance_outcomes())
    actions = state.legal_actions()
    return sum(uniform_value(state.child(a)) for a in actions) / len(actions)


@pytest.mark.parametrize("max_raises", [0, 1])
def test_the_tree_has_the_games_values(max_raises):
    """After the same dealer and deal, both games have the same value under the uniform policy."""
    params = {**TINY, "max_raises": max_raises}
    game = pyspiel.load_game("python_truco", params)
    efg = pyspiel.load_efg_game(extensive_form(params).efg)
    root = efg.new_initial_state()
    for dealer, _ in root.chance_outcomes():
        after_dealer = root.child(dealer)
        for deal, _ in after_dealer.chance_outcomes()[::7]:
            theirs = after_dealer.child(deal)
            ours = game.new_initial_state()
            ours.apply_action(int(root.action_to_string(dealer).split()[1]))  # "dealer 0"
            for name in after_dealer.action_to_string(deal).split():
                ours.apply_action(parse_card(name))
            assert uniform_value(ours) == pytest.approx(uniform_value(theirs))


def test_cfr_plus_lowers_nash_conv_and_a_bot_is_a_policy():
    params = {**TINY, "max_raises": 1}
    tree = extensive_form(params)
    game = pyspiel.load_efg_game(tree.efg)
    solver = pyspiel.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = pyspiel.nash_conv(game, solver.average_policy())
    for _ in range(30):
        solver.evaluate_and_update_policy()
    assert pyspiel.nash_conv(game, solver.average_policy()) < first / 2
    policy = bot_policy(tree, game, lambda k: make_bot("random", seed=k), 2)
    assert pyspiel.exploitability(game, policy) > 0


def test_only_one_hand_of_two_players_is_written_out():
    with pytest.raises(ValueError, match="1v1"):
        extensive_form({"players": 4, "hand_only": True})


def test_a_bot_policy_is_what_fresh_bots_choose_from_each_view():
    tree = extensive_form({**TINY, "max_raises": 1})
    game = pyspiel.load_efg_game(tree.efg)
    table = bot_policy(tree, game, lambda k: make_bot("heuristic", seed=k), 2, jobs=2).policy_table()
    ids = action_ids(game)
    for key, info in list(tree.infosets.items())[::7]:
        assert info.table.match is not None
        seen = view(info.table.match, info.player)
        chosen = [variant_action(seen, make_bot("heuristic", seed=k).act(seen), info.actions) for k in range(2)]
        expected = {ids[ACTION_NAMES[a]]: chosen.count(a) / 2 for a in info.actions}
        assert dict(table[key]) == expected
