"""The game help (seed 000), section by section: one or more tests per section §1–§10.

Hands are built from explicit deals so that every case is exact. Unless a test
says otherwise the first dealer is seat 3, so seat 0 leads and play goes
0, 1, 2, 3; team 0 is seats 0 and 2, team 1 seats 1 and 3. With the vira 4♦
the manilhas are the 5s, and no test deal holds a 5 unless it is about manilhas.
"""

from __future__ import annotations

import itertools

import pytest
from engine_helpers import answer, ask, cards, deal, event_cards, new_match, play, snapshot

from truco.engine import (
    Action,
    Deal,
    IllegalAction,
    Match,
    Rules,
    SeededDeals,
    card_name,
    parse_card,
    replay,
    to_record,
    view,
)
from truco.engine.events import (
    Answered,
    CardPlayed,
    HandEnded,
    HandStarted,
    MatchEnded,
    RaiseAccepted,
    RaiseAsked,
    TrickEnded,
)
from truco.engine.views import seat_vector

RANKS = "4567QJKA23"
ALL_CARDS = [r + s for r in RANKS for s in "DSHC"]

#: Team 0 holds the strongest cards and wins the first two tricks.
STRONG_TEAM_0 = deal("4D", "3C 2C AC", "6C 6D 7C", "3S 2S AS", "6S 6H 7S")


def complete_deal(vira: str, *firsts: str) -> Deal:
    """A deal whose seats hold the given cards first, completed with unused 6s, Qs, Js and 7s."""
    used = {vira, *" ".join(firsts).split()}
    spare = iter(c for c in (r + s for r in "6QJ7" for s in "DSHC") if c not in used)
    return deal(vira, *(" ".join(f.split() + [next(spare) for _ in range(3 - len(f.split()))]) for f in firsts))


def trick_winner(events) -> TrickEnded:
    (ended,) = [e for e in events if isinstance(e, TrickEnded)]
    return ended


def hand_ended(events) -> HandEnded:
    (ended,) = [e for e in events if isinstance(e, HandEnded)]
    return ended


def refused(m: Match, action: Action, words: str = "") -> str:
    """Apply an illegal action: it raises IllegalAction and changes nothing."""
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(action)
    assert snapshot(m) == before
    assert words.lower() in str(err.value).lower()
    return str(err.value)


# §1 Visão geral ---------------------------------------------------------------


def test_s1_four_players_in_two_teams_partners_opposite():
    m = new_match(STRONG_TEAM_0)
    assert m.players == 4 and view(m, 0).hand_sizes == (3, 3, 3, 3)
    assert [m.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [m.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    ask(m)  # the two opponents of seat 0 answer: seats 1 and 3, on either side of it
    assert m.to_act() == [1, 3]


def test_s1_the_partners_cards_count_for_their_team():
    m = new_match(deal("4D", "6D QD JD", "7C QC JC", "3S QS JS", "6H QH KH"))
    assert trick_winner(play(m, "6D 7C 3S 6H")).winner == 0  # seat 2's 3 wins the trick for seat 0 too


def test_s1_objective_is_12_points():
    m = new_match(STRONG_TEAM_0, score=(10, 0))
    ask(m)
    answer(m, 1, "accept")
    answer(m, 3, "accept")
    events = play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert m.score == [12, 0] and m.winner == 0 and m.is_over
    assert events[-1] == MatchEnded(0, (12, 0))


# §2 Baralho ---------------------------------------------------------------------


def test_s2_deck_has_40_cards_without_8_9_10():
    assert sorted(card_name(c) for c in range(40)) == sorted(ALL_CARDS)
    assert len({parse_card(c) for c in ALL_CARDS}) == 40
    for name in ("8C", "9H", "TD", "10S", "JK", "4X", ""):
        with pytest.raises(ValueError):
            parse_card(name)
    for seed in range(20):
        d = SeededDeals(seed).get(0)
        dealt = [d.vira, *itertools.chain(*d.hands)]
        assert len(set(dealt)) == 13 and all(0 <= c < 40 for c in dealt)


@pytest.mark.parametrize(("low", "high"), list(itertools.combinations(RANKS, 2)))
def test_s2_ordinary_order_4_5_6_7_q_j_k_a_2_3(low, high):
    vira = vira_for(low, high)
    m = new_match(complete_deal(vira, low + "D", high + "S", low + "H", high + "C"))
    assert trick_winner(play(m, f"{low}D {high}S {low}H {high}C")).winner == 1
    m = new_match(complete_deal(vira, high + "D", low + "S", high + "H", low + "C"))
    assert trick_winner(play(m, f"{high}D {low}S {high}H {low}C")).winner == 0


def vira_for(*ranks: str) -> str:
    """A vira of another rank that makes a manilha of none of ``ranks``."""
    return next(r for r in RANKS if r not in ranks and RANKS[(RANKS.index(r) + 1) % 10] not in ranks) + "D"


@pytest.mark.parametrize("rank", RANKS)
def test_s2_ordinary_cards_of_one_rank_tie_whatever_the_suit(rank):
    m = new_match(complete_deal(vira_for(rank), rank + "C", rank + "D", rank + "H", rank + "S"))
    assert trick_winner(play(m, f"{rank}C {rank}D {rank}H {rank}S")) == TrickEnded(0, None, 0)
    m = new_match(complete_deal(vira_for(rank, "4"), rank + "D", rank + "C", "4S", "4H"))
    if rank != "4":  # the 4s are the weakest: the two equal cards decide
        assert trick_winner(play(m, f"{rank}D {rank}C 4S 4H")) == TrickEnded(0, None, 0)


# §3 Vira e manilhas -------------------------------------------------------------


class SeededDealsWithVira:
    """Endless deals whose vira is always ``vira``."""

    def __init__(self, vira: str) -> None:
        rest = [c for c in range(40) if c != parse_card(vira)]
        self.deal = Deal(parse_card(vira), tuple(tuple(rest[3 * s : 3 * s + 3]) for s in range(4)))

    def get(self, number: int) -> Deal:
        return self.deal


@pytest.mark.parametrize("vira", ALL_CARDS)
def test_s3_manilha_is_the_rank_above_the_vira_in_a_cycle(vira):
    m = Match(Rules(), deals=SeededDealsWithVira(vira), first_dealer=3)
    assert view(m).to_json()["manilha"] == RANKS[(RANKS.index(vira[0]) + 1) % 10]
    assert view(m).vira == parse_card(vira)


def test_s3_vira_4_makes_manilha_5():
    m = new_match(complete_deal("4S", "5D", "3C", "3H", "3D"))
    assert trick_winner(play(m, "5D 3C 3H 3D")).winner == 0


def test_s3_vira_k_makes_manilha_a():
    m = new_match(complete_deal("KS", "2C", "AD", "3H", "2D"))
    assert trick_winner(play(m, "2C AD 3H 2D")).winner == 1


def test_s3_vira_3_makes_manilha_4():
    m = new_match(complete_deal("3S", "4D", "3C", "3H", "3D"))
    ended = trick_winner(play(m, "4D 3C 3H 3D"))
    assert ended.winner == 0 and ended.leader == 0


def test_s3_the_weakest_manilha_beats_every_ordinary_card():
    m = new_match(complete_deal("6S", "7D", "3C", "2H", "3D"))  # vira 6: manilha 7; 7♦ is the weakest
    assert trick_winner(play(m, "7D 3C 2H 3D")).winner == 0


@pytest.mark.parametrize("suits", list(itertools.permutations("DSHC")))
def test_s3_manilhas_ordered_by_suit_ouros_espadas_copas_paus_never_tie(suits):
    m = new_match(complete_deal("4D", *(f"5{s}" for s in suits)))
    zap = suits.index("C")
    ended = trick_winner(play(m, " ".join(f"5{s}" for s in suits)))
    assert ended.winner == zap % 2 and ended.leader == zap
    # without the zap, copas is the strongest card
    m = new_match(complete_deal("4D", *(f"5{s}" if s != "C" else "3C" for s in suits)))
    assert trick_winner(play(m, " ".join(f"5{s}" if s != "C" else "3C" for s in suits))).leader == suits.index("H")


# §4 Distribuição e ordem de jogo ----------------------------------------------


def test_s4_first_dealer_is_drawn_from_the_seed():
    dealers = set()
    for seed in range(40):
        m = Match(Rules(), seed=seed)
        assert m.dealer == SeededDeals(seed).first_dealer
        assert m.to_act() == [(m.dealer + 1) % 4]
        dealers.add(m.dealer)
    assert dealers == {0, 1, 2, 3}


def test_s4_three_cards_each_then_the_vira():
    m = Match(Rules(), seed=11)
    hands = [view(m, s).hand for s in range(4)]
    assert [len(h) for h in hands] == [3, 3, 3, 3]
    assert len({view(m).vira, *itertools.chain(*hands)}) == 13


def test_s4_dealer_moves_clockwise_each_hand():
    m = Match(Rules(), deals=SeededDeals(5), first_dealer=2)
    started = []
    for _ in range(6):
        ask(m)  # both opponents run: a quick hand
        for s in list(m.to_act()):
            started += answer(m, s, "run")
    assert [r.dealer for r in m.results] == [2, 3, 0, 1, 2, 3]
    assert [e.dealer for e in started if isinstance(e, HandStarted)] == [3, 0, 1, 2, 3, 0]


@pytest.mark.parametrize("dealer", range(4))
def test_s4_seat_after_the_dealer_leads_and_play_goes_clockwise(dealer):
    m = Match(Rules(), deals=SeededDeals(1), first_dealer=dealer)
    order = []
    for _ in range(4):
        (seat,) = m.to_act()
        order.append(seat)
        m.apply(Action.play(seat, view(m, seat).hand[0]))
    assert order == [(dealer + k) % 4 for k in range(1, 5)]


def test_s4_trick_winner_leads_the_next_trick():
    m = new_match(deal("4D", "6D QD JD", "6C 3C QC", "6S QS JS", "6H QH JH"))
    ended = trick_winner(play(m, "6D 3C 6S 6H"))
    assert ended == TrickEnded(0, 1, 1) and m.to_act() == [1]


def test_s4_tied_trick_is_led_by_who_played_the_first_tied_card():
    m = new_match(deal("4D", "6D QD JD", "KC 3C QC", "KS QS JS", "6H QH JH"))
    ended = trick_winner(play(m, "6D KC KS 6H"))
    assert ended == TrickEnded(0, None, 1) and m.to_act() == [1]


# §5 Carta coberta ---------------------------------------------------------------


def test_s5_no_covered_card_in_the_first_trick():
    m = new_match(STRONG_TEAM_0)
    for seat, card in zip(range(4), ("3C", "6C", "3S", "6S"), strict=True):
        assert not any(a.covered for a in m.legal_actions(seat))
        refused(m, Action.play(seat, parse_card(card), covered=True), "second trick")
        play(m, card)


def test_s5_covered_card_allowed_from_the_second_trick_even_when_leading():
    m = new_match(STRONG_TEAM_0)
    play(m, "3C 6C 3S 6S")
    covered = [card_name(a.card) for a in m.legal_actions(0) if a.covered]
    assert covered == ["2C", "AC"]
    play(m, "~2C ~6D")
    assert sorted(card_name(a.card) for a in m.legal_actions(2) if a.covered) == ["2S", "AS"]


def test_s5_covered_card_loses_to_any_open_card():
    # a covered 3 (seat 1) against the weakest open card of the deck, a 4 (seat 0)
    m = new_match(deal("6D", "4C QD 4S", "3C 3D QC", "JS QS KS", "JH QH KH"))
    play(m, "QD QC QS QH")  # tie: seat 0 leads again
    ended = trick_winner(play(m, "4C ~3C ~JS ~JH"))
    assert ended.winner == 0 and ended.leader == 0


def test_s5_a_trick_of_covered_cards_only_ties_and_its_leader_leads_next():
    m = new_match(deal("6D", "4C QD 4S", "3C 3D QC", "JS QS KS", "JH QH KH"))
    play(m, "QD QC QS QH")  # tied: seat 0 played the first tied card
    ended = trick_winner(play(m, "~4C ~3C ~JS ~JH"))
    assert ended == TrickEnded(1, None, 0)
    ended = trick_winner(play(m, "4S 3D KS KH"))
    assert ended.winner == 1
    assert m.results[0].tricks == (None, None, 1) and m.results[0].winner == 1


def test_s5_covered_card_is_never_revealed_not_even_when_the_hand_ends():
    m = new_match(STRONG_TEAM_0, deal("4S", "6D QD JD", "6C QC JC", "6S QS JS", "6H QH JH"))
    events = play(m, "3C 6C 3S 6S")
    events += play(m, "~2C")
    hidden = "2C"
    # during the hand: only its owner knows it, in own_covered
    assert view(m, 0).own_covered == (parse_card(hidden),)
    assert all(view(m, s).own_covered == () for s in (1, 2, 3))
    assert view(m, 0).trick == ((0, None),)
    assert view(m, 0).to_json()["trick"] == [{"seat": 0, "card": None, "covered": True}]
    events += play(m, "6D 2S 6H")  # the hand ends, team 0 won it, the next hand starts
    assert m.results[0].tricks == (0, 0)
    assert hidden not in event_cards(events)
    assert [e for e in events if isinstance(e, CardPlayed) and e.seat == 0][1] == CardPlayed(0, None, True)
    public = to_record(m, hidden=False)
    assert hidden not in str(public) and "AC" not in str(public)  # nor an unplayed card
    assert hidden not in str(replay(to_record(m)))


def test_s5_covered_card_is_none_in_every_view_while_the_trick_is_on_the_table():
    m = new_match(STRONG_TEAM_0)
    play(m, "3C 6C 3S 6S ~2C 6D ~2S")
    for v in [view(m), view(m, team=0), view(m, team=1)] + [view(m, s) for s in range(4)]:
        assert v.trick == ((0, None), (1, parse_card("6D")), (2, None))
        assert "2C" not in str(v.to_json()) or (v.seat == 0 and v.to_json()["own_covered"] == ["2C"])
        assert "2S" not in str(v.to_json()) or (v.seat == 2 and v.to_json()["own_covered"] == ["2S"])


# §6 Vencendo a mão --------------------------------------------------------------


def test_s6_two_tricks_win_the_hand_which_ends_at_the_second_trick():
    m = new_match(STRONG_TEAM_0)
    events = play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert hand_ended(events) == HandEnded(0, 0, 1, (1, 0), "tricks")
    assert m.results[0].tricks == (0, 0) and view(m, 0).hand_sizes == (0, 0, 0, 0)  # no deal after


def test_s6_the_strongest_card_wins_the_trick_for_its_team():
    m = new_match(deal("4D", "6D QD JD", "QC 6C JC", "3S QS JS", "6H QH JH"))
    assert trick_winner(play(m, "6D QC 3S 6H")) == TrickEnded(0, 0, 2)


def test_s6_equal_strongest_cards_of_partners_win_for_their_team_first_of_them_leads():
    m = new_match(deal("4D", "6D QD JD", "KC 6C JC", "QS 6S JS", "KH QH JH"))
    assert trick_winner(play(m, "6D KC QS KH")) == TrickEnded(0, 1, 1)


def test_s6_equal_strongest_cards_of_opponents_tie():
    m = new_match(deal("4D", "6D QD JD", "KC 6C JC", "KS QS JS", "6H QH JH"))
    assert trick_winner(play(m, "6D KC KS 6H")).winner is None


def test_s6_tie_in_first_trick_then_second_decides():
    m = new_match(deal("4D", "KD 6D QD", "KC 3C QC", "4S 6S QS", "4H 6H QH"))
    events = play(m, "KD KC 4S 4H 6D 3C 6S 6H")
    assert hand_ended(events).winner == 1 and m.results[0].tricks == (None, 1)


def test_s6_ties_in_first_and_second_tricks_then_third_decides():
    m = new_match(deal("4D", "KD QD AD", "KC QC 7C", "4S 6S 7S", "4H 6H 7H"))
    events = play(m, "KD KC 4S 4H QD QC 6S 6H AD 7C 7S 7H")
    assert hand_ended(events).winner == 0 and m.results[0].tricks == (None, None, 0)


def test_s6_win_first_then_tie_second_first_wins_at_once():
    m = new_match(deal("4D", "3D KD QD", "4C KC QC", "4S 6S QS", "4H 6H QH"))
    events = play(m, "3D 4C 4S 4H KD KC 6S 6H")
    assert hand_ended(events) == HandEnded(0, 0, 1, (1, 0), "tricks")
    assert m.results[0].tricks == (0, None)


def test_s6_win_first_lose_second_tie_third_first_wins():
    m = new_match(deal("4D", "6D QD 4C", "3C QC JC", "6S 3S KS", "6H QH KH"))
    events = play(m, "6D 3C 6S 6H")  # team 1, seat 1 leads
    events += play(m, "QC 3S QH QD")  # team 0, seat 2 leads
    events += play(m, "KS KH 4C JC")  # tie
    assert hand_ended(events).winner == 1 and m.results[0].tricks == (1, 0, None)


def test_s6_one_trick_each_then_third_decides():
    m = new_match(deal("4D", "6D QD AC", "3C QC JC", "6S 3S KS", "6H QH KH"))
    events = play(m, "6D 3C 6S 6H QC 3S QH QD KS KH AC JC")
    assert hand_ended(events).winner == 0 and m.results[0].tricks == (1, 0, 0)


def test_s6_tie_in_first_trick_and_win_in_second_ends_the_hand_early():
    m = new_match(deal("4D", "KD 3D QD", "KC 6C QC", "4S 6S QS", "4H 6H QH"))
    events = play(m, "KD KC 4S 4H 3D 6C 6S 6H")
    assert hand_ended(events).winner == 0 and len(m.results[0].tricks) == 2


def test_s6_three_tied_tricks_nobody_scores_and_the_next_hand_is_dealt_normally():
    m = new_match(
        deal("4D", "KD QD JD", "KC QC JC", "4S 6S 7S", "4H 6H 7H"),
        deal("4S", "3C 2C AC", "6C 6D 7C", "3S 2S AS", "6S 6H 7S"),
    )
    events = play(m, "KD KC 4S 4H QD QC 6S 6H JD JC 7S 7H")
    assert hand_ended(events) == HandEnded(0, None, 0, (0, 0), "tied")
    assert m.results[0].winner is None and m.results[0].points == 0 and m.score == [0, 0]
    assert events[-1] == HandStarted(1, 0, parse_card("4S"), "normal") and m.to_act() == [1]


# §7 Apostas ---------------------------------------------------------------------


def test_s7_a_hand_starts_worth_1():
    m = new_match(STRONG_TEAM_0)
    assert m.value == 1 and view(m).value == 1
    play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert m.results[0].points == 1


def test_s7_truco_seis_nove_doze_raise_to_3_6_9_12():
    m = new_match(STRONG_TEAM_0)
    assert Rules().ladder == (1, 3, 6, 9, 12)
    asked = []
    seat = 0
    for _ in range(4):
        events = m.apply(Action.raise_(seat))
        asked += [e.value for e in events if isinstance(e, RaiseAsked)]
        seat = m.to_act()[0]
    assert asked == [3, 6, 9, 12]
    answer(m, 0, "accept")
    answer(m, 2, "run")
    assert m.value == 12 and m.to_act() == [0]
    assert Action.raise_(0) not in m.legal_actions(0)


def test_s7_raise_only_on_ones_own_turn_before_playing():
    m = new_match(STRONG_TEAM_0)
    assert Action.raise_(0) in m.legal_actions(0)
    for seat in (1, 2, 3):
        assert not m.legal_actions(seat)
        refused(m, Action.raise_(seat), f"seat {seat} may not act")
    play(m, "3C")
    refused(m, Action.raise_(0), "seat 0 may not act")
    assert Action.raise_(1) in m.legal_actions(1)


@pytest.mark.parametrize("trick", [1, 2])
def test_s7_raise_in_any_trick(trick):
    m = new_match(deal("4D", "6D QD 4C", "3C QC JC", "6S 3S KS", "6H QH KH"))
    play(m, " ".join(["6D", "3C", "6S", "6H", "QC", "3S", "QH", "QD"][: 4 * trick]))
    (seat,) = m.to_act()
    events = ask(m)
    assert events == [RaiseAsked(seat, 3)] and sorted(m.to_act()) == sorted({(seat + 1) % 4, (seat + 3) % 4})


def test_s7_both_opponents_answer_at_the_same_time():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    assert m.to_act() == [1, 3] and m.phase == "answering"
    for seat in (1, 3):
        assert {a.type for a in m.legal_actions(seat)} == {"accept", "run", "raise"}
        assert {a["type"] for a in view(m, seat).to_json()["legal"]} == {"accept", "run", "raise"}
    assert not m.legal_actions(0) and not m.legal_actions(2)
    pending = view(m).pending
    assert (pending["value"], pending["team"], pending["waiting"]) == (3, 0, [1, 3])


@pytest.mark.parametrize("first", ["accept", "run"])
def test_s7_an_answer_is_sealed_until_the_partner_has_answered(first):
    """At the same time: the second to answer (and everyone else) learns the first's answer only once it has
    answered itself; whether it accepted or ran, the table shows the same."""
    worlds = {}
    for said in ("accept", "run"):
        m = new_match(STRONG_TEAM_0)
        ask(m)
        assert answer(m, 3, said) == []
        worlds[said] = m
        assert view(m, 3).pending["accepted"] is (said == "accept")  # the seat knows its own answer
    for audience in ({"seat": 1}, {"seat": 0}, {"seat": 2}, {"team": 0}, {"team": 1}, {}):
        seen = {said: view(m, **audience).to_json() for said, m in worlds.items()}
        assert seen["accept"] == seen["run"], audience
    for seat in (0, 1, 2):
        assert seat_vector(worlds["accept"], seat)[0] == seat_vector(worlds["run"], seat)[0]
    events = answer(worlds[first], 1, "run")
    assert events[:2] == [Answered(3, first), Answered(1, "run")]


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
@pytest.mark.parametrize("words", [("accept", "run"), ("run", "accept"), ("accept", "accept")])
def test_s7_accept_beats_run_in_either_order(order, words):
    m = new_match(STRONG_TEAM_0)
    ask(m)
    events = answer(m, order[0], words[0]) + answer(m, order[1], words[1])
    assert events[-1] == RaiseAccepted(1, 3)
    assert m.value == 3 and m.phase == "playing" and m.to_act() == [0]


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
@pytest.mark.parametrize("first", ["accept", "run"])
def test_s7_raise_beats_accept_and_run_in_either_order(order, first):
    m = new_match(STRONG_TEAM_0)
    ask(m)
    assert answer(m, order[0], first) == []  # sealed until the partner answers
    events = answer(m, order[1], "raise")
    assert events == [Answered(order[0], first), RaiseAccepted(1, 3), RaiseAsked(order[1], 6)]
    assert m.value == 3 and sorted(m.to_act()) == [0, 2]


def test_s7_raise_as_the_first_answer_beats_whatever_the_partner_would_say():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    assert answer(m, 3, "raise") == [RaiseAccepted(1, 3), RaiseAsked(3, 6)]
    assert sorted(m.to_act()) == [0, 2]
    refused(m, Action.accept(1), "seat 1 may not act")


@pytest.mark.parametrize(("raises", "points"), [(1, 1), (2, 3), (3, 6), (4, 9)])
def test_s7_both_opponents_run_scores_previous_value(raises, points):
    m = new_match(STRONG_TEAM_0)
    seat = 0
    for _ in range(raises):
        m.apply(Action.raise_(seat))
        seat = m.to_act()[0]
    asking = (raises - 1) % 2  # team 0 asks truco and nove, team 1 seis and doze
    first, second = m.to_act()
    answer(m, second, "run")
    assert m.phase == "answering" and m.to_act() == [first]
    events = answer(m, first, "run")
    score = (points, 0) if asking == 0 else (0, points)
    assert hand_ended(events) == HandEnded(0, asking, points, score, "run")
    assert m.results[0].points == points


def test_s7_counter_raise_is_answered_by_both_players_of_the_team_that_asked():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    answer(m, 1, "raise")
    pending = view(m).pending
    assert (pending["value"], pending["team"], pending["waiting"]) == (6, 1, [2, 0])  # in play order after seat 1
    answer(m, 2, "run")
    events = answer(m, 0, "accept")
    assert events[-1] == RaiseAccepted(0, 6) and m.value == 6 and m.to_act() == [0]


def test_s7_after_an_acceptance_only_the_accepting_team_may_raise():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    answer(m, 1, "accept")
    answer(m, 3, "run")
    assert Action.raise_(0) not in m.legal_actions(0)
    refused(m, Action.raise_(0), "only team 1 may raise")
    play(m, "3C")
    assert Action.raise_(1) in m.legal_actions(1)
    play(m, "6C")
    refused(m, Action.raise_(2), "only team 1 may raise")
    play(m, "3S")
    assert ask(m) == [RaiseAsked(3, 6)] and m.to_act() == [0, 2]


def test_s7_an_accepted_raise_lets_the_player_whose_turn_it_was_play_on():
    m = new_match(STRONG_TEAM_0)
    play(m, "3C 6C")
    ask(m)  # seat 2 asks
    answer(m, 3, "accept")
    answer(m, 1, "accept")
    assert m.to_act() == [2] and view(m).turn == 2


def test_s7_a_team_with_a_pending_request_cannot_raise_again():
    m = new_match(STRONG_TEAM_0)
    ask(m)
    for seat in (0, 2):
        refused(m, Action.raise_(seat), f"seat {seat} may not act")
    answer(m, 1, "accept")
    refused(m, Action.raise_(0), "seat 0 may not act")


def test_s7_nothing_above_doze():
    m = new_match(STRONG_TEAM_0)
    for seat in (0, 1, 0, 1):
        m.apply(Action.raise_(seat))
    answer(m, 0, "accept")
    answer(m, 2, "accept")
    assert m.value == 12
    play(m, "3C")
    assert Action.raise_(1) not in m.legal_actions(1)
    refused(m, Action.raise_(1), "nothing is above")


# §8 Mão de 11 ------------------------------------------------------------------


def eleven(score=(11, 5), *more: Deal) -> Match:
    return new_match(STRONG_TEAM_0, *more, score=score)


def test_s8_mao_de_onze_when_one_team_has_11():
    for score, team in (((11, 5), 0), ((0, 11), 1), ((11, 10), 0)):
        m = eleven(score)
        assert m.kind == "mao_de_onze" and m.phase == "deciding" and view(m).eleven_team == team
        assert m.to_act() == [s for s in range(4) if s % 2 == team]


def test_s8_partners_see_each_others_cards_opponents_do_not():
    m = eleven()
    assert view(m, 0).known_hands == {2: cards("3S 2S AS")}
    assert view(m, 2).known_hands == {0: cards("3C 2C AC")}
    assert view(m, 0).to_json()["known_hands"] == {"2": ["3S", "2S", "AS"]}
    assert view(m, team=0).known_hands == {0: cards("3C 2C AC"), 2: cards("3S 2S AS")}
    for v in (view(m, 1), view(m, 3), view(m), view(m, team=1)):
        assert v.known_hands == {}


def test_s8_who_saw_the_partners_cards_keeps_knowing_them_for_the_rest_of_the_hand():
    m = eleven()
    answer(m, 0, "accept")
    play(m, "3C 6C 3S")
    assert view(m, 0).known_hands == {2: cards("2S AS")}
    assert view(m, 2).known_hands == {0: cards("2C AC")}
    assert view(m, 1).known_hands == {}


@pytest.mark.parametrize("decider", [0, 2])
def test_s8_mao_de_onze_one_play_is_enough(decider):
    m = eleven()
    events = answer(m, decider, "accept")
    assert [type(e).__name__ for e in events] == ["Answered", "ElevenDecided"]
    assert events[-1].play and m.value == 3 and m.phase == "playing" and m.to_act() == [0]
    refused(m, Action.accept(2 - decider))


@pytest.mark.parametrize("order", [(0, 2), (2, 0)])
def test_s8_mao_de_onze_run_then_play_plays(order):
    m = eleven()
    answer(m, order[0], "run")
    assert m.to_act() == [order[1]] and m.phase == "deciding"
    answer(m, order[1], "accept")
    assert m.value == 3 and m.to_act() == [0]


def test_s8_mao_de_onze_flee_gives_1_to_the_opponents():
    m = eleven((11, 5), deal("4S", "6D QD JD", "6C QC JC", "6S QS JS", "6H QH JH"))
    answer(m, 2, "run")
    events = answer(m, 0, "run")
    assert hand_ended(events) == HandEnded(0, 1, 1, (11, 6), "fled")
    assert m.kind == "mao_de_onze" and m.to_act() == [2, 0]  # team 0 still on 11; seat 1 leads now


def test_s8_mao_de_onze_is_worth_3_and_the_winner_on_11_reaches_12():
    m = eleven()
    answer(m, 0, "accept")
    events = play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert hand_ended(events) == HandEnded(0, 0, 3, (12, 5), "tricks")
    assert m.winner == 0 and m.is_over


def test_s8_mao_de_onze_lost_gives_3_to_the_opponents():
    m = new_match(STRONG_TEAM_0, deal("4S", "6D QD JD", "6C QC JC", "6S QS JS", "6H QH JH"), score=(5, 11))
    answer(m, 3, "accept")
    assert hand_ended(play(m, "3C 6C 3S 6S 2C 6D 2S 6H")) == HandEnded(0, 0, 3, (8, 11), "tricks")


def test_s8_no_raise_in_a_mao_de_onze():
    m = eleven()
    refused(m, Action.raise_(0), "decide the mão de onze")
    answer(m, 0, "accept")
    for card in ("3C", "6C", "3S", "6S"):
        (seat,) = m.to_act()
        assert all(a.type == "play" for a in m.legal_actions(seat))
        assert all(a["type"] == "play" for a in view(m, seat).to_json()["legal"])
        refused(m, Action.raise_(seat), "no raise")
        play(m, card)


# §9 Mão de ferro ---------------------------------------------------------------


def iron(*more: Deal) -> Match:
    return new_match(STRONG_TEAM_0, *more, score=(11, 11))


def test_s9_mao_de_ferro_when_both_teams_have_11():
    m = iron()
    assert m.kind == "mao_de_ferro" and m.phase == "playing" and m.to_act() == [0]
    assert m.value == 1


def test_s9_mao_de_ferro_nobody_sees_their_own_cards_nor_the_partners():
    m = iron()
    for s in range(4):
        v = view(m, s)
        assert v.hand == () and v.blind == 3 and v.known_hands == {} and v.to_json()["hand"] == []
    assert view(m, team=0).known_hands == {} and view(m, team=1).known_hands == {}
    dealt = set(itertools.chain(*STRONG_TEAM_0.hands))
    for v in [view(m, s) for s in range(4)] + [view(m), view(m, team=0)]:
        assert not dealt & {parse_card(c) for c in _cards_in(v.to_json())}


def _cards_in(obj) -> list[str]:
    """Every card name anywhere in a JSON value."""
    if isinstance(obj, dict):
        return [c for v in obj.values() for c in _cards_in(v)]
    if isinstance(obj, list):
        return [c for v in obj for c in _cards_in(v)]
    return [obj] if isinstance(obj, str) and obj in ALL_CARDS else []


def test_s9_mao_de_ferro_plays_by_slot_and_the_card_is_revealed_when_played():
    m = iron()
    assert view(m, 0).legal == tuple(Action.play_blind(0, i) for i in range(3))
    assert view(m, 0).to_json()["legal"][1] == {"seat": 0, "type": "play", "slot": 1}
    events = m.apply(Action.play_blind(0, 1))
    assert events == [CardPlayed(0, parse_card("2C"), False)]
    assert view(m, 0).blind == 2 and view(m, 1).trick == ((0, parse_card("2C")),)
    m.apply(Action.play_blind(1, 2))
    assert view(m).trick[-1] == (1, parse_card("7C"))
    refused(m, Action.play_blind(2, 3), "no face-down card 3")


def test_s9_mao_de_ferro_no_covered_card():
    m = iron()
    play(m, "3C 6C 3S 6S")
    assert not any(a.covered for a in m.legal_actions(0))
    refused(m, Action.play(0, parse_card("2C"), covered=True), "no covered card in a mão de ferro")


def test_s9_mao_de_ferro_no_covered_card_by_slot():
    m = iron()
    play(m, "3C 6C 3S 6S")
    refused(m, Action(0, "play", None, True, 0), "covered")


def test_s9_mao_de_ferro_no_raise():
    m = iron()
    assert all(a.type == "play" for a in m.legal_actions(0))
    refused(m, Action.raise_(0), "no raise")


def test_s9_mao_de_ferro_winner_wins_the_match():
    m = iron()
    events = m.apply(Action.play_blind(0, 0)) + play(m, "6C 3S 6S 2C 6D 2S 6H")
    assert hand_ended(events) == HandEnded(0, 0, 1, (12, 11), "tricks")
    assert m.winner == 0 and events[-1] == MatchEnded(0, (12, 11))


def test_s9_mao_de_ferro_three_ties_give_another_mao_de_ferro():
    m = new_match(
        deal("4D", "KD QD JD", "KC QC JC", "4S 6S 7S", "4H 6H 7H"),
        deal("4S", "3C 2C AC", "6C 6D 7C", "3S 2S AS", "6S 6H 7S"),
        score=(11, 11),
    )
    events = play(m, "KD KC 4S 4H QD QC 6S 6H JD JC 7S 7H")
    assert hand_ended(events).winner is None and m.score == [11, 11]
    assert events[-1] == HandStarted(1, 0, parse_card("4S"), "mao_de_ferro") and m.to_act() == [1]


# §10 Fim de jogo ----------------------------------------------------------------


def test_s10_score_never_passes_12():
    m = new_match(STRONG_TEAM_0, score=(10, 3))
    ask(m)
    answer(m, 1, "accept")
    answer(m, 3, "accept")
    events = play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert m.score == [12, 3] and hand_ended(events).score == (12, 3)


def test_s10_first_team_to_12_wins_and_the_match_is_over():
    m = new_match(STRONG_TEAM_0, deal("4S", "6D QD JD", "6C QC JC", "6S QS JS", "6H QH JH"), score=(3, 10))
    ask(m)
    answer(m, 1, "raise")  # seis: team 0 runs, team 1 scores 3 and reaches 12 (capped from 13)
    answer(m, 0, "run")
    events = answer(m, 2, "run")
    assert hand_ended(events) == HandEnded(0, 1, 3, (3, 12), "run")
    assert events[-1] == MatchEnded(1, (3, 12))
    assert m.is_over and m.phase == "over" and m.winner == 1 and view(m).winner == 1
    assert m.to_act() == [] and not any(m.legal_actions(s) for s in range(4))
    for action in (Action.play(0, parse_card("6D")), Action.raise_(1), Action.accept(2), Action.run(3)):
        refused(m, action, "the match is over")


def test_s10_the_last_trick_of_the_match_is_shown_once():
    m = new_match(STRONG_TEAM_0, score=(11, 11))
    play(m, "3C 6C 3S 6S 2C 6D 2S 6H")
    assert m.is_over
    v = view(m)
    assert len(v.tricks) == 2 and v.trick == ()
