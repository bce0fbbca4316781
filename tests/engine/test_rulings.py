"""Issue 2's "Decided here" points and RULINGS.md 1–7 (8–15 are in ``test_options.py``).

Each test names its ruling; the record and replay rulings (1–3) are also
checked through ``truco replay`` in ``test_replay_cli.py``.
"""

from __future__ import annotations

import pytest
from engine_helpers import answer, ask, deal, new_match, play, snapshot

from truco.engine import Action, IllegalAction, parse_card, replay, to_record
from truco.engine.events import Answered, HandEnded, HandStarted, RaiseAccepted, RaiseAsked, TrickEnded

STRONG_TEAM_0 = deal("4D", "3C 2C AC", "6C 6D 7C", "3S 2S AS", "6S 6H 7S")
ALL_TIED = deal("4D", "KD QD JD", "KC QC JC", "4S 6S 7S", "4H 6H 7H")
ALL_TIED_PLAYS = "KD KC 4S 4H QD QC 6S 6H JD JC 7S 7H"


def refused(m, action):
    before = snapshot(m)
    with pytest.raises(IllegalAction):
        m.apply(action)
    assert snapshot(m) == before


# Decided here -------------------------------------------------------------------


def test_decided_unique_strongest_card_wins_and_its_player_leads_next():
    m = new_match(deal("4D", "6D QD JD", "QC 6C JC", "3S QS JS", "6H QH JH"))
    assert play(m, "6D QC 3S 6H")[-1] == TrickEnded(0, 0, 2) and m.to_act() == [2]


def test_decided_equal_strongest_cards_of_one_team_win_first_of_them_leads():
    m = new_match(deal("4D", "6D QD JD", "KC 6C JC", "QS 6S JS", "KH QH JH"))
    assert play(m, "6D KC QS KH")[-1] == TrickEnded(0, 1, 1) and m.to_act() == [1]


def test_decided_tied_trick_led_by_who_played_the_first_tied_card():
    m = new_match(deal("4D", "6D QD JD", "QC 6C JC", "KS 6S JS", "KH QH JH"))
    assert play(m, "6D QC KS KH")[-1] == TrickEnded(0, None, 2) and m.to_act() == [2]


def test_decided_all_covered_trick_led_next_by_its_leader():
    m = new_match(deal("6D", "4C QD 4S", "3C 3D QC", "JS QS KS", "JH QH KH"))
    play(m, "QD QC QS QH")
    assert play(m, "~4C ~3C ~JS ~JH")[-1] == TrickEnded(1, None, 0) and m.to_act() == [0]


def test_decided_raise_in_any_trick_on_ones_turn_before_playing():
    m = new_match(deal("4D", "6D QD 4C", "3C QC JC", "6S 3S KS", "6H QH KH"))
    play(m, "6D 3C 6S 6H QC 3S QH QD")  # one trick each: seat 2 leads the third
    assert ask(m) == [RaiseAsked(2, 3)]


def test_decided_no_raise_once_the_hand_is_worth_12():
    m = new_match(STRONG_TEAM_0)
    for seat in (0, 1, 0, 1):
        m.apply(Action.raise_(seat))
    answer(m, 0, "accept")
    answer(m, 2, "accept")
    play(m, "3C")
    assert Action.raise_(1) not in m.legal_actions(1)


def test_decided_either_team_may_ask_before_any_acceptance():
    m = new_match(STRONG_TEAM_0)
    assert Action.raise_(0) in m.legal_actions(0)
    play(m, "3C")
    assert Action.raise_(1) in m.legal_actions(1)


def test_decided_after_acceptance_only_the_accepting_team_may_ask():
    m = new_match(STRONG_TEAM_0)
    play(m, "3C")
    ask(m)  # seat 1 asks, team 0 accepts
    answer(m, 2, "accept")
    answer(m, 0, "run")
    assert Action.raise_(1) not in m.legal_actions(1)
    play(m, "6C")
    assert Action.raise_(2) in m.legal_actions(2)


def test_decided_accepted_raise_the_player_whose_turn_it_was_plays_on():
    m = new_match(STRONG_TEAM_0)
    play(m, "3C 6C 3S")
    ask(m)
    answer(m, 2, "accept")
    answer(m, 0, "accept")
    assert m.to_act() == [3] and m.phase == "playing"


def test_decided_both_run_the_asking_team_scores_the_value_before_the_request():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    answer(m, 1, "raise")  # team 1 asks seis; the hand is worth 3 now
    answer(m, 0, "run")
    events = answer(m, 2, "run")
    assert HandEnded(0, 1, 3, (0, 3), "run") in events


# Record and replay ---------------------------------------------------------------


def test_ruling1_points_are_the_hand_value_before_the_cap():
    m = new_match(STRONG_TEAM_0, score=(10, 0))
    ask(m)
    answer(m, 1, "accept")
    answer(m, 3, "accept")
    events = play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert HandEnded(0, 0, 3, (12, 0), "tricks") in events
    out = replay(to_record(m))
    assert out["score"] == [12, 0] and out["hands"][0]["points"] == 3 and out["winner"] == 0


def test_ruling2_mao_de_ferro_is_worth_1_and_its_winner_reaches_12():
    m = new_match(STRONG_TEAM_0, score=(11, 11))
    assert m.value == 1
    play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    out = replay(to_record(m))
    assert out["score"] == [12, 11] and out["winner"] == 0
    assert out["hands"] == [{"dealer": 3, "winner": 0, "points": 1, "tricks": [0, 0]}]


# Answers and decisions -------------------------------------------------------------


@pytest.mark.parametrize("first", ["accept", "run"])
def test_ruling4_after_one_answer_the_partner_still_answers_and_may_raise(first):
    m = new_match(STRONG_TEAM_0)
    ask(m)
    assert answer(m, 3, first) == []  # sealed: told once the partner has answered (§7: at the same time)
    assert m.to_act() == [1] and m.phase == "answering"
    assert {a.type for a in m.legal_actions(1)} == {"accept", "run", "raise"}
    assert answer(m, 1, "raise") == [Answered(3, first), RaiseAccepted(1, 3), RaiseAsked(1, 6)]


def test_ruling5_raise_as_answer_accepts_and_the_team_that_asked_answers_it():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    events = answer(m, 1, "raise")
    assert events == [RaiseAccepted(1, 3), RaiseAsked(1, 6)] and m.value == 3
    refused(m, Action.accept(3))  # the raiser's partner no longer answers
    refused(m, Action.run(3))
    assert sorted(m.to_act()) == [0, 2]
    answer(m, 0, "run")
    events = answer(m, 2, "run")
    assert HandEnded(0, 1, 3, (0, 3), "run") in events  # the truco was accepted by team 1: it scores 3


def test_ruling6_a_pending_doze_cannot_be_answered_with_a_raise():
    m = new_match(STRONG_TEAM_0)
    for seat in (0, 1, 0, 1):
        m.apply(Action.raise_(seat))
    assert m.to_act() == [2, 0]
    for seat in (0, 2):
        assert sorted(a.type for a in m.legal_actions(seat)) == ["accept", "run"]
        refused(m, Action.raise_(seat))


def test_ruling7_mao_de_onze_decision_comes_before_any_card_and_only_the_team_on_11_acts():
    m = new_match(STRONG_TEAM_0, score=(3, 11))
    assert m.phase == "deciding" and m.to_act() == [1, 3]
    refused(m, Action.play(0, parse_card("3C")))  # seat 0 would lead, but the decision comes first
    for seat in (0, 2):
        assert not m.legal_actions(seat)
        refused(m, Action.accept(seat))
        refused(m, Action.run(seat))
    refused(m, Action.play(1, parse_card("6C")))  # the team on 11 does not play before deciding either


def test_ruling7_three_ties_in_a_mao_de_onze_nobody_scores_and_another_mao_de_onze_follows():
    m = new_match(ALL_TIED, STRONG_TEAM_0, score=(11, 4))
    answer(m, 0, "accept")
    events = play(m, ALL_TIED_PLAYS)
    assert HandEnded(0, None, 0, (11, 4), "tied") in events
    assert events[-1] == HandStarted(1, 0, 0, "mao_de_onze")  # the next dealer: seat 0; vira 4D
    assert m.to_act() == [2, 0] and m.phase == "deciding"
