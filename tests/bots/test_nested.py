"""``hard``'s second opinion on its raises (``truco.bots.nested``): before a raise its model prices above playing
on, it asks a small ``medium`` search in each answering seat of its heaviest draws what it answers there."""

from __future__ import annotations

from random import Random

from truco.bots.betting import AnswerModel, Ladder
from truco.bots.heuristic import pick
from truco.bots.nested import nested_price, reply
from truco.bots.search import NESTED_DRAWS, SearchBot
from truco.engine import ACCEPT, PLAY, RAISE, Action, Match, View, view
from truco.engine.cards import card_name
from truco.engine.determinize import sample


def last_in_the_first_trick() -> View:
    """Match(seed=11), first hand: seat 2 plays last in the first trick, holding 3♠ 5♦ A♥ (vira K♥: the A♥ is a
    manilha), after 6♦, its partner's 5♥ and 4♣: either its 3 or its manilha takes the trick."""
    match = Match(seed=11)
    for seat, card in ((3, 8), (0, 6), (1, 3)):
        match.apply(next(a for a in match.legal_actions(seat) if a.type == PLAY and a.card == card and not a.covered))
    return view(match, 2)


def test_hard_keeps_a_truco_that_searching_answerers_would_only_run_from():
    """``medium``'s model expects a sensible answerer to call a truco here as often as not, so it asks; a searching
    player in their seats runs from it in most draws (one that stays holds what beats us), so the truco wins the
    point the hand already brings and risks three: ``hard`` plays its card and keeps the truco."""
    seen = last_in_the_first_trick()
    assert [card_name(c) for c in seen.hand] == ["3S", "5D", "AH"]
    for seed in (1, 2, 3):
        assert SearchBot(seed).act(seen).type == RAISE
        assert SearchBot(seed, "hard").act(seen).type == PLAY
    answerer = SearchBot(2)
    answerer.draws = NESTED_DRAWS
    rng = Random(3)
    stays = [reply(sample(seen, rng), pick(seen.legal, RAISE), answerer)[0] for _ in range(30)]
    assert sum(stays) / len(stays) < 0.25


class AlwaysAccepts:
    """An answerer (``truco.bots.nested.Answerer``) that accepts every raise, as the panel's ``station`` does."""

    def answer(self, view: View) -> Action:
        return pick(view.legal, ACCEPT)


def test_the_luck_of_the_draws_asked_cancels_out():
    """The second opinion asks in the heaviest draws only; its price is the model's over all the draws plus what
    the nested answers change in those asked. Two ladders alike over all their draws (half the weight won), one
    whose heaviest draws are all won and one whose heaviest are all lost, answered alike in the draws asked (always
    accepted), get prices far closer than the answers' price in the draws asked alone."""
    seen = last_in_the_first_trick()
    rng = Random(5)
    draws = [sample(seen, rng) for _ in range(24)]
    weights = [2.0] * 8 + [1.0] * 16
    lucky, unlucky = [1.0] * 8 + [0.0] * 16, [0.0] * 8 + [1.0] * 16
    prices, asked_only = [], []
    for wins in (lucky, unlucky):
        ladder = Ladder(seen.rules, (0, 0), weights, wins, [0.6] * 24, AnswerModel())
        price = nested_price(seen, ladder, draws, AlwaysAccepts(), 1, 3, 8)
        assert price is not None
        prices.append(price)
        asked_only.append(ladder.played(wins[0], 3))  # accepted in every draw asked: the hand played out at 3
    assert abs(prices[0] - prices[1]) < 0.1 * abs(asked_only[0] - asked_only[1])
