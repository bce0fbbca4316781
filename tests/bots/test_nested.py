"""``hard``'s second opinion on its raises (``truco.bots.nested``): before a raise its model prices above playing
on, it asks a small ``medium`` search in each answering seat of its heaviest draws what it answers there."""

from __future__ import annotations

from random import Random

from tests.bots.puzzles import parse_move

from truco.bots.betting import AnswerModel, Ladder
from truco.bots.heuristic import pick
from truco.bots.nested import nested_price, reply
from truco.bots.search import NESTED_DRAWS, SECOND, STYLE_SHARES, SearchBot
from truco.engine import ACCEPT, PLAY, RAISE, Action, ExplicitDeals, Match, View, view
from truco.engine.cards import card_name, parse_card
from truco.engine.deals import Deal
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


def truco_before_the_raiser_played() -> View:
    """At 4×6, seat 1 leads the 4♦, seat 2 throws the 5♣ and seat 3 asks truco before playing (it holds the
    espadilha, K♠, and a 3; vira J♥): the view of seat 0, first to answer, holding A♦ K♦ 3♥ (the K♦ a manilha)."""
    hands = ("AD KD 3H", "4D JC 6H", "6S 5C 3S", "5D KS 3C")
    deal = Deal(parse_card("JH"), tuple(tuple(parse_card(c) for c in h.split()) for h in hands))
    match = Match(deals=ExplicitDeals([deal]), first_dealer=0, score=(4, 6))
    for seat, what in ((1, "4D"), (2, "5C"), (3, RAISE)):
        match.apply(parse_move(seat, what))
    return view(match, 0)


def test_hard_does_not_raise_back_what_searching_raisers_would_keep_raising():
    """``medium``'s model prices a seis against this truco above accepting: it expects the raisers to run from it
    often enough. A searching player in the raiser's seat, which asked truco with the cards the draws give it,
    stays in the seis in the draws asked (or raises again), where our hand is far from sure to win: ``hard``'s
    nested answers price the raise back below accepting, and it accepts. (Its partner's 5♣ is read as the quick
    player's, as ``medium`` reads it: a partner that took every trick it could second to play. Read as the search
    bots' weakest card, the partner is stronger, and ``hard`` raises back.)"""
    seen = truco_before_the_raiser_played()
    assert seen.pending is not None and seen.pending["waiting"][0] == 0
    for seed in (1, 2, 3):
        assert SearchBot(seed).act(seen).type == RAISE
        hard = SearchBot(seed, "hard")
        hard.model.styles[2, SECOND] = [0.0] + [-50.0] * (len(STYLE_SHARES) - 1)
        assert hard.act(seen).type == ACCEPT


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
