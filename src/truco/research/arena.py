"""OpenSpiel's information-set MCTS as a truco bot: ``truco arena openspiel-ismcts search``.

The adapter is a bot like ours: it gets a seat's ``View`` and returns one of
``view.legal``. For each decision it builds a ``python_truco`` state from the view
alone (the hidden cards drawn by ``determinize.sample``), and OpenSpiel's
``ISMCTSBot`` searches it, redrawing the hidden cards for every simulation (its
resampler is ``determinize.sample`` again) and evaluating leaves by random rollouts.

It searches the hand in play (the game's ``hand_only`` form: a hand's points
are its returns), as our search bot does; the score enters through the engine
(a mão de onze or de ferro is what the view says). The adapter knows no earlier
public actions of the hand than the view shows, so its information states
start at the view.

>>> from truco.engine import Match, Rules, view
>>> m = Match(Rules.parse({"players": 2}), seed=2)
>>> bot = ISMCTSAdapter(seed=1, level="easy")
>>> seen = view(m, m.to_act()[0])
>>> bot.act(seen) in seen.legal
True
"""

from __future__ import annotations

from functools import cache
from random import Random

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from truco.engine import Action, Rules, View
from truco.engine.determinize import sample
from truco.research.encoding import legal_actions
from truco.research.openspiel import Table, TrucoGame, TrucoState

#: Simulations per decision, by level.
SIMULATIONS = {"easy": 100, "medium": 400, "hard": 1600}
#: UCT's exploration constant, on the scale of a hand's points.
UCT_C = 3.0


@cache
def hand_game(rules: Rules) -> TrucoGame:
    game = pyspiel.load_game("python_truco", {**rules.to_json(), "hand_only": True})
    assert isinstance(game, TrucoGame)
    return game


def state_from_view(seen: View, rng: Random) -> TrucoState:
    """A ``hand_only`` state consistent with a seat's view (hidden cards drawn from ``rng``)."""
    game = hand_game(seen.rules)
    table = Table(game.variant)
    table.match = sample(seen, rng)
    table.dealer, table.score = seen.dealer, seen.score
    table.actions = None
    return TrucoState(game, table)


class ISMCTSAdapter:
    """OpenSpiel's ``ISMCTSBot`` behind our bot interface."""

    name = "openspiel-ismcts"

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        self.rng = Random(seed)
        self.simulations = SIMULATIONS[level]
        self.np_rng = np.random.RandomState(seed % 2**32)

    def act(self, view: View) -> Action:
        choices = legal_actions(view)
        if len(choices) == 1:
            return next(iter(choices.values()))
        state = state_from_view(view, self.rng)
        game = state.get_game()
        evaluator = RandomRolloutEvaluator(1, self.np_rng)
        bot = ISMCTSBot(game, evaluator, UCT_C, self.simulations, random_state=self.np_rng)
        bot.set_resampler(lambda s, player: s.resample(player, self.rng))
        return choices[int(bot.step(state))]


def make_ismcts_bot(level: str, seed: int) -> ISMCTSAdapter:
    return ISMCTSAdapter(seed, level)
