"""``search`` at ``hard`` (``truco.bots.nested``): our raises meet, in each draw, the answer a ``medium``
search gives from the answering seat's view of that draw."""

from __future__ import annotations

from tests.bots.puzzles import parse_move

from truco.bots import make_bot
from truco.bots.betting import AnswerModel, match_equity
from truco.bots.nested import HardBot, NestedLadder
from truco.engine import RAISE, ExplicitDeals, Match, Rules, view
from truco.engine.cards import parse_card
from truco.engine.deals import Deal


def built(vira: str, hands: tuple[str, str, str, str], moves: str = "") -> Match:
    """The hand dealt open (``tests.bots.puzzles``' notation), ``moves`` played."""
    deal = Deal(parse_card(vira), tuple(tuple(parse_card(c) for c in h.split()) for h in hands))
    match = Match(Rules(), deals=ExplicitDeals([deal]), first_dealer=3)
    for what in moves.split():
        match.apply(parse_move(match.to_act()[0], what))
    return match


def ladder(replies: list[tuple[float, float]], wins: list[float]) -> NestedLadder:
    rules = Rules()
    n = len(wins)
    return NestedLadder(rules, (0, 0), [1.0] * n, wins, [0.5] * n, AnswerModel(), 1, 3, replies)


def test_a_raise_everybody_runs_from_is_worth_the_points_they_give_up():
    nested = ladder([(0.0, 0.0)] * 4, [0.0, 0.0, 1.0, 0.5])
    assert nested.ask(1, 3) == match_equity(nested.rules, 1, 0)


def test_a_raise_everybody_accepts_is_worth_playing_the_hand_at_its_value():
    nested = ladder([(1.0, 0.0)] * 4, [0.0, 0.0, 1.0, 0.5])
    assert nested.ask(1, 3) == nested.accept(3)


def test_a_raise_they_raise_back_is_answered_over_the_draws_where_they_do():
    """Raised back in the two draws we lose: we run from the seis there (giving the truco's three)."""
    nested = ladder([(1.0, 1.0), (1.0, 1.0), (1.0, 0.0), (1.0, 0.0)], [0.0, 0.0, 1.0, 1.0])
    rules = nested.rules
    run, won = match_equity(rules, 0, 3), match_equity(rules, 3, 0)
    assert abs(nested.ask(1, 3) - (2 * run + 2 * won) / 4) < 1e-9


def test_other_rungs_are_priced_by_the_answerer_model():
    nested = ladder([(0.0, 0.0)] * 2, [1.0, 0.0])
    plain = NestedLadder(nested.rules, (0, 0), [1.0] * 2, [1.0, 0.0], [0.5] * 2, AnswerModel())
    assert nested.ask(3, 6) == plain.ask(3, 6)


def test_the_answerer_with_two_manilhas_stays_and_the_one_with_nothing_runs():
    """Seat 0 raises after winning the first trick with the zap. Seat 1 holding copas and espadilha does not
    run; where both opponents hold nothing, seat 1 runs."""
    bot = HardBot(seed=0)
    strong = built("7D", ("QC 3D 5C", "4S QH QS", "KD 5S 6H", "4D 6D JS"), "QC 4S KD 4D")
    weak = built("7D", ("QC 3D 5C", "4S 5H 6S", "KD 5S 6H", "4D 6D JS"), "QC 4S KD 4D")
    for match in (strong, weak):
        assert match.to_act() == [0] and any(a.type == RAISE for a in view(match, 0).legal)
    assert bot.reply(strong, view(strong, 0))[0] == 1.0
    assert bot.reply(weak, view(weak, 0)) == (0.0, 0.0)


def test_hard_is_the_nested_search():
    assert isinstance(make_bot("search", "hard", seed=3), HardBot)
