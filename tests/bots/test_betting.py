"""``truco.bots.betting``: match equity from the engine's scoring, and raises priced up the ladder."""

from __future__ import annotations

import pytest

from truco.bots.betting import AnswerModel, Ladder, call_threshold, match_equity
from truco.engine import ACCEPT, RAISE, RUN, Rules
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
