"""``truco.bots.betting``: match equity from the engine's scoring, and raises priced up the ladder."""

from __future__ import annotations

import copy

import pytest
from tests.bots.puzzles import Puzzle

from truco.bots import make_bot
from truco.bots.betting import AnswerModel, Ladder, call_threshold, match_equity
from truco.bots.search import SearchBot
from truco.engine import ACCEPT, RAISE, RUN, Action, ExplicitDeals, Match, Rules, view
from truco.engine.cards import parse_card
from truco.engine.deals import Deal
from truco.engine.rules import TARGET_SCORE

PAULISTA, MINEIRO = Rules(), Rules.parse("mineiro")


@pytest.mark.parametrize("rules", [PAULISTA, MINEIRO])
def test_match_equity_is_a_chance_that_sums_to_one_over_the_two_teams(rules):
    for mine in range(TARGET_SCORE):
        for theirs in range(TARGET_SCORE):
            e = match_equity(rules, mine, theirs)
            assert 0.0 < e < 1.0
            assert e + match_equity(rules, theirs, mine) == pytest.approx(1.0)


@pytest.mark.parametrize("rules", [PAULISTA, MINEIRO])
def test_more_points_are_never_worth_less(rules):
    """(In Mineiro every hand is worth an even number of points, so one more point may change nothing.)"""
    for mine in range(TARGET_SCORE - 1):
        for theirs in range(TARGET_SCORE):
            assert match_equity(rules, mine + 1, theirs) >= match_equity(rules, mine, theirs) - 1e-12
            if rules is PAULISTA:
                assert match_equity(rules, mine + 1, theirs) > match_equity(rules, mine, theirs)


def test_the_special_hands_come_from_the_rules():
    """A mão de ferro (both on the special score) is a coin toss; the team on the special score may flee its
    mão de onze, so it is worth more than a normal hand from one point fewer would make it; Mineiro's special
    score is 10."""
    assert match_equity(PAULISTA, 11, 11) == pytest.approx(0.5)
    assert match_equity(MINEIRO, 10, 10) == pytest.approx(0.5)
    assert match_equity(MINEIRO, 10, 11) == pytest.approx(0.5)
    # on 11 against 10: playing wins three points at once, fleeing gives one; either way it is far ahead
    assert match_equity(PAULISTA, 11, 10) > 0.6


def test_a_raise_that_wins_the_match_anyway_only_risks():
    """On 10 with a truco accepted and an even hand: a seis adds nothing if we win and loses the match if
    we lose, so asking it is worth less than playing on, whoever answers."""
    ladder = Ladder(PAULISTA, (10, 3), [1.0, 1.0], [1.0, 0.0], [0.5, 0.5], AnswerModel())
    assert ladder.ask(3, 6) < ladder.accept(3)


def test_a_sure_winner_raises_for_free():
    """Every draw is won: whatever they answer, asking is worth at least playing on, and more when some accept."""
    ladder = Ladder(PAULISTA, (0, 0), [1.0] * 3, [1.0] * 3, [0.2, 0.6, 0.9], AnswerModel())
    assert ladder.ask(1, 3) > ladder.accept(1)


def test_a_bluff_into_an_answerer_that_raises_back_when_strong_is_worth_less():
    """Our truco with a losing hand: against an answerer that raises back with its strong hands, we must run
    from the seis and lose three points, not one."""
    weak_hand = Ladder(PAULISTA, (0, 0), [1.0, 1.0], [0.0, 0.0], [0.95, 0.2], AnswerModel())
    never_back = Ladder(PAULISTA, (0, 0), [1.0, 1.0], [0.0, 0.0], [0.95, 0.2], AnswerModel(reraise=2.0))
    assert weak_hand.ask(1, 3) < never_back.ask(1, 3)
    # what we answer their seis with, holding the losing hand: run (three points) rather than play for six
    answers = weak_hand.answers(3, 6, [1.0, 0.0])
    assert max(answers, key=answers.__getitem__) == RUN


def test_a_gamble_is_worth_less_to_the_team_that_wins_most_hands():
    """At 0×4 with a seis accepted and the hand won in three draws of five: against an even opponent, asking
    nove (a doze back ends the match either way) is worth more than playing on; against one we beat in most
    hands, the match is ours by playing the hands, and the gamble is not worth it."""

    def ladder(edge: float) -> Ladder:
        return Ladder(PAULISTA, (0, 4), [1.0] * 5, [1.0, 1.0, 1.0, 0.0, 0.0], [0.5] * 5, AnswerModel(), edge)

    assert ladder(0.5).ask(6, 9) > ladder(0.5).accept(6)
    assert ladder(0.8).ask(6, 9) < ladder(0.8).accept(6)
    assert match_equity(PAULISTA, 0, 4, 0.8) > match_equity(PAULISTA, 0, 4) + 0.3


def test_the_answer_to_a_raise_follows_the_hand():
    """Their truco: with the hand won in most draws, accept or raise back; lost in most, run."""
    strong = Ladder(PAULISTA, (0, 0), [1.0] * 4, [1.0, 1.0, 1.0, 0.0], [0.5] * 4, AnswerModel())
    weak = Ladder(PAULISTA, (0, 0), [1.0] * 4, [0.0, 0.0, 0.0, 1.0], [0.5] * 4, AnswerModel())
    best = strong.answers(1, 3)
    assert max(best, key=best.__getitem__) in (ACCEPT, RAISE)
    best = weak.answers(1, 3)
    assert max(best, key=best.__getitem__) == RUN


def test_the_call_threshold_rises_with_the_stake_at_stake_late_in_a_match():
    """At 0×0 a truco is accepted with about a third of a chance; trailing 6×9, losing three points ends
    more matches than it saves, so the threshold is higher."""
    assert 0.25 < call_threshold(PAULISTA, 0, 0, 1, 3) < 0.4
    assert call_threshold(PAULISTA, 6, 9, 1, 3) > call_threshold(PAULISTA, 0, 0, 1, 3)


def against(kind: str, hands: int) -> SearchBot:
    """A ``search`` bot in seat 0 after ``hands`` hands against ``kind`` in the opponents' seats (its partner
    is the heuristic), over as many matches as it takes."""
    bot = SearchBot(seed=1)
    seed = 0
    while bot.model.hands < hands:
        m = Match(seed=seed)
        others = {s: make_bot(kind if m.team_of(s) != m.team_of(0) else "heuristic", "medium", s) for s in (1, 2, 3)}
        while not m.is_over:
            seat = m.to_act()[0]
            m.apply((bot if seat == 0 else others[seat]).act(view(m, seat)))
        seed += 1
    return bot


#: Hands without a manilha, a 3 or a 2 among them, the first card thrown: not strong, not nothing.
MEDIUM_HANDS = ("2D JS KH", "3D 6S KH", "3D AS KH")


def answers_to_a_truco(bot_for_seed, hands=MEDIUM_HANDS) -> list[str]:
    """What seat 0 answers to seat 3's truco in the first trick at 6×6, holding each of ``hands``."""
    out = []
    for hand in hands:
        position = Puzzle(
            "probe",
            "",
            "7D",
            (hand, "5C 6C 7S", "4S JD 4C", "5S 6D 7C"),
            "accept",
            moves="KH 5C 4S raise",
            score=(6, 6),
        ).position()
        out += [bot_for_seed(seed).act(position).type for seed in range(5)]
    return out


def reseeded(bot: SearchBot, seed: int) -> SearchBot:
    """A copy of ``bot`` (what it learnt included) drawing its samples from ``seed``."""
    twin = copy.deepcopy(bot)
    twin.rng.seed(seed)
    return twin


def test_a_maniacs_truco_is_called_more_often_with_a_medium_hand():
    """Against a player that raised at every chance and raised back every raise, a truco means less: with
    the same medium hands, the bot that has played him accepts it more often than one that has not."""
    fresh = answers_to_a_truco(lambda seed: SearchBot(seed=seed))
    seen = against("maniac", 6)
    assert seen.model.raise_threshold() < SearchBot().model.raise_threshold()
    played = answers_to_a_truco(lambda seed: reseeded(seen, seed))
    assert played.count(RUN) < fresh.count(RUN)


def test_the_hands_won_against_a_far_weaker_opponent_make_the_bot_value_the_match_above_even():
    """The share of a match's hands won moves the bot's chance in later hands above even (so a gamble for
    the match weighs less); before any hand it counts every hand as an even fight."""
    assert SearchBot().model.edge() == 0.5
    assert against("random", 6).model.edge() > 0.5


def after_first_trick(last: str, then: tuple[str, ...]) -> SearchBot:
    """A fresh bot in seat 0 that saw the first trick, its 4♣, their 3♦, its partner's 4♠ and ``last`` thrown by
    seat 3 (vira 7♦: the Qs are the manilhas, Q♣ the zap), and the cards ``then`` played in the second trick
    before its turn."""
    hands = (("4C", "5H", "6S"), ("3D", "5D", "6C"), ("4S", "JD", "KH"), ("QC", "5S", "7C"))
    deal = Deal(parse_card("7D"), tuple(tuple(parse_card(c) for c in h) for h in hands))
    m = Match(PAULISTA, deals=ExplicitDeals([deal]), first_dealer=3)
    for seat, card in enumerate(("4C", "3D", "4S", last)):
        m.apply(Action.play(seat, parse_card(card)))
    for card in then:
        m.apply(Action.play(m.to_act()[0], parse_card(card)))
    bot = SearchBot()
    bot.model.observe(view(m, 0))
    return bot


def test_an_opponent_that_throws_its_zap_into_its_partners_trick_and_keeps_a_weaker_card_shows_weak_play():
    """Seat 3 closes the trick that its partner's 3 already holds: whatever it throws, the trick is theirs, so
    sound card play throws its weakest card. Throwing the zap and keeping the 5 (seen when it leads the next
    trick with it) is a blunder; throwing the 5, then playing the 7, is sound. Only the blunder moves the edge."""
    blunder, sound = after_first_trick("QC", ("5S",)).model, after_first_trick("5S", ("5D", "JD", "7C")).model
    assert (blunder.chances, blunder.blunders) == (1, 1)
    assert (sound.chances, sound.blunders) == (1, 0)
    assert after_first_trick("QC", ()).model.chances == 0, "judged once a later card shows what it kept"
    assert blunder.edge() > sound.edge() == 0.5
