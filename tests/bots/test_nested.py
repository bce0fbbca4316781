"""``hard``'s second opinion on its raises (``truco.bots.nested``): before a raise its model prices above playing
on, it asks a small ``medium`` search in each answering seat of its heaviest draws what it answers there."""

from __future__ import annotations

from random import Random

from truco.bots.heuristic import pick
from truco.bots.nested import reply
from truco.bots.search import NESTED_DRAWS, SearchBot
from truco.engine import PLAY, RAISE, Match, View, view
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
