"""``search`` at ``hard`` (``truco.bots.nested``): our raises priced also against the answers a ``medium`` search
gives from the answering seats' views of some draws, trusted as far as they predicted the opponents' answers."""

from __future__ import annotations

from tests.bots.puzzles import parse_move

from truco.bots import make_bot
from truco.bots.betting import AnswerModel, match_equity
from truco.bots.heuristic import pick
from truco.bots.nested import HardBot, NestedLadder, NestedTrust
from truco.engine import RAISE, RUN, ExplicitDeals, Match, Rules, view
from truco.engine.cards import parse_card
from truco.engine.deals import Deal

#: Seat 0 won the first trick with the zap and leads the second; seat 1 (first to answer) holds copas and espadilha.
STRONG = ("QC 3D 5C", "4S QH QS", "KD 5S 6H", "4D 6D JS")
#: The same, both opponents holding nothing.
WEAK = ("QC 3D 5C", "4S 5H 6S", "KD 5S 6H", "4D 6D JS")


def built(hands: tuple[str, str, str, str], moves: str = "QC 4S KD 4D") -> Match:
    """The hand dealt open (``tests.bots.puzzles``' notation, vira 7D; the next hand deals it again), ``moves``
    played."""
    deal = Deal(parse_card("7D"), tuple(tuple(parse_card(c) for c in h.split()) for h in hands))
    match = Match(Rules(), deals=ExplicitDeals([deal, deal]), first_dealer=3)
    for what in moves.split():
        match.apply(parse_move(match.to_act()[0], what))
    return match


def ladder(replies: list[tuple[float, float]], wins: list[float]) -> NestedLadder:
    n = len(wins)
    return NestedLadder(Rules(), (0, 0), [1.0] * n, wins, [0.5] * n, AnswerModel(), 0.5, 1, 3, replies)


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
    bot = HardBot(seed=0)
    strong, weak = built(STRONG), built(WEAK)
    for match in (strong, weak):
        assert match.to_act() == [0] and any(a.type == RAISE for a in view(match, 0).legal)
    assert bot.reply(strong, view(strong, 0))[0] == 1.0
    assert bot.reply(weak, view(weak, 0)) == (0.0, 0.0)


def test_trust_goes_to_whichever_predicted_their_answers():
    """Even at first; after answers that the nested search foresaw and the model did not, the nested price
    leads, and the other way round."""
    trust = NestedTrust()
    assert trust.share() == 0.5
    for _ in range(3):
        trust.predicted = (0.2, 0.7)
        trust.answered(stayed=False)
    assert trust.share() > 0.9
    for _ in range(6):
        trust.predicted = (0.2, 0.7)
        trust.answered(stayed=True)
    assert trust.share() < 0.1


def test_hard_reads_the_answers_to_its_raises_into_its_trust():
    """Our truco, which the nested search said they would run from and the model that they would accept:
    once both opponents have run, the nested price leads."""
    match = built(WEAK)
    bot = HardBot(seed=4)
    bot.act(view(match, 0))
    match.apply(pick(tuple(match.legal_actions(0)), RAISE))
    bot.model.our_raise = (1, 3)  # as ``SearchBot.act`` remembers the raise it asked
    bot.trust.predicted = (0.2, 0.7)
    while match.phase == "answering":
        match.apply(pick(tuple(match.legal_actions(match.to_act()[0])), RUN))
    while match.to_act() != [0]:  # the next hand, up to our turn
        match.apply(match.legal_actions(match.to_act()[0])[0])
    bot.act(view(match, 0))
    assert bot.trust.share() > 0.5


def test_hard_is_the_nested_search():
    assert isinstance(make_bot("search", "hard", seed=3), HardBot)
