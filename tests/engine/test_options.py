"""The house rules of issue 3: one group per option and for the Mineiro profile,
each test naming the seed file the rule comes from, plus RULINGS 8–15, the
options in a record's "rules" and the Spanish card faces."""

from __future__ import annotations

import itertools
import json
from random import Random

import pytest
from engine_helpers import answer, ask, cards, deal, new_match, play, snapshot
from typer.testing import CliRunner

from truco.cli import app
from truco.engine import (
    OPTIONS,
    Action,
    Deal,
    IllegalAction,
    Match,
    Rules,
    RulesError,
    SeededDeals,
    card_label,
    card_name,
    parse_card,
    replay,
    to_record,
    view,
)
from truco.engine.cards import DECKS
from truco.engine.events import ElevenDecided, HandEnded, MatchEnded, RaiseAsked, TrickEnded

STRONG_TEAM_0 = deal("4D", "3C 2C AC", "6C 6D 7C", "3S 2S AS", "6S 6H 7S")
TEAM_0_WINS = "3C 6C 3S 6S 2C 6D 2S 6H"
ALL_TIED = deal("4D", "KD QD JD", "KC QC JC", "4S 6S 7S", "4H 6H 7H")
ALL_TIED_PLAYS = "KD KC 4S 4H QD QC 6S 6H JD JC 7S 7H"


def rules(**options) -> Rules:
    return Rules.parse({"profile": options.pop("profile", "paulista"), **options})


def refused(m: Match, action: Action) -> None:
    before = snapshot(m)
    with pytest.raises(IllegalAction):
        m.apply(action)
    assert snapshot(m) == before


def ended(events) -> HandEnded:
    (e,) = [e for e in events if isinstance(e, HandEnded)]
    return e


def trick_ended(events) -> TrickEnded:
    (e,) = [e for e in events if isinstance(e, TrickEnded)]
    return e


def run_cli(record: dict, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    return result.exit_code, result.stdout, result.stderr


# players: 2 (seeds 003 and 004; RULINGS 8, 9, 10) -------------------------------------

TWO = rules(players=2)
#: seat 0 holds the stronger cards
DUEL = deal("4D", "3C 2C AC", "6C 6D 7C")


def test_seed003_players_2_seats_0_and_1_each_dealt_three_cards():
    m = Match(TWO, seed=4)
    assert m.players == 2 and view(m, 0).hand_sizes == (3, 3)
    assert len({view(m).vira, *view(m, 0).hand, *view(m, 1).hand}) == 7
    assert {SeededDeals(seed, players=2).first_dealer for seed in range(30)} == {0, 1}
    d = SeededDeals(4, players=2).get(0)
    assert len(d.hands) == 2 and all(len(h) == 3 for h in d.hands)


def test_seed004_players_2_one_against_one():
    m = new_match(DUEL, rules=TWO, first_dealer=1)
    assert m.to_act() == [0]
    events = play(m, "3C 6C 2C 6D")
    assert ended(events) == HandEnded(0, 0, 1, (1, 0), "tricks")
    m = new_match(deal("4D", "KD QD JD", "KC 6C 7C"), rules=TWO, first_dealer=1)
    assert trick_ended(play(m, "KD KC")) == TrickEnded(0, None, 0)


def test_ruling8_players_2_dealer_alternates_and_the_non_dealer_leads():
    m = Match(TWO, deals=SeededDeals(3, players=2), first_dealer=0)
    leaders = []
    for _ in range(4):
        leaders.append(m.to_act()[0])
        ask(m)
        answer(m, m.to_act()[0], "run")
    assert [r.dealer for r in m.results] == [0, 1, 0, 1] and leaders == [1, 0, 1, 0]


def test_ruling8_players_2_first_dealer_must_be_0_or_1(tmp_path):
    with pytest.raises(ValueError):
        Match(TWO, deals=SeededDeals(3, players=2), first_dealer=2)
    record = {"rules": {"players": 2}, "first_dealer": 2, "seed": 1}
    code, out, err = run_cli(record, tmp_path)
    assert code == 2 and out == "" and "first_dealer" in err
    record = {"rules": {"players": 2}, "first_dealer": 1, "deals": [{"vira": "4D", "hands": [["3C"] * 3] * 4}]}
    assert run_cli(record, tmp_path)[0] == 2


@pytest.mark.parametrize("word", ["accept", "run"])
def test_ruling9_players_2_the_single_opponents_answer_settles_a_raise(word):
    m = new_match(DUEL, rules=TWO, first_dealer=1)
    ask(m)
    assert m.to_act() == [1]
    events = answer(m, 1, word)
    if word == "run":
        assert ended(events) == HandEnded(0, 0, 1, (1, 0), "run")
    else:
        assert m.value == 3 and m.to_act() == [0]


def test_ruling9_players_2_a_single_run_flees_the_mao_de_onze_and_no_partner_cards_are_shown():
    m = new_match(DUEL, DUEL, rules=TWO, first_dealer=1, score=(3, 11))
    assert m.kind == "mao_de_onze" and m.to_act() == [1]
    assert view(m, 1).known_hands == {} and view(m, team=1).known_hands == {}
    events = answer(m, 1, "run")
    assert ended(events) == HandEnded(0, 0, 1, (4, 11), "fled")
    m = new_match(DUEL, rules=TWO, first_dealer=1, score=(11, 3))
    answer(m, 0, "accept")
    assert ended(play(m, "3C 6C 2C 6D")) == HandEnded(0, 0, 3, (12, 3), "tricks")


def test_seed003_players_2_mao_de_ferro_is_blind_for_both():
    m = new_match(DUEL, rules=TWO, first_dealer=1, score=(11, 11))
    assert m.kind == "mao_de_ferro"
    assert view(m, 0).hand == view(m, 1).hand == () and view(m, 0).blind == view(m, 1).blind == 3
    m.apply(Action.play_blind(0, 0))
    m.apply(Action.play_blind(1, 0))
    m.apply(Action.play_blind(0, 0))
    events = m.apply(Action.play_blind(1, 0))
    assert ended(events) == HandEnded(0, 0, 1, (12, 11), "tricks") and m.winner == 0


@pytest.mark.parametrize(
    "option",
    [
        ("answer", "next"),
        ("eleven_decision", "first"),
        ("rotation", "counterclockwise"),
        ("tied_trick_leader", "trick_leader"),
    ],
)
def test_ruling10_options_that_mean_nothing_with_2_players_change_nothing(option):
    variant = rules(players=2, **dict([option]))
    for seed in range(12):
        base = Match(TWO, seed=seed, score=(seed % 12, 11 - seed % 5))
        other = Match(variant, seed=seed, score=(seed % 12, 11 - seed % 5))
        rng = Random(seed)
        while not base.is_over:
            seat = rng.choice(base.to_act())
            action = rng.choice(view(base, seat).legal)
            assert base.to_act() == other.to_act()
            assert base.apply(action) == other.apply(action)
        assert other.is_over and base.results == other.results


# manilhas: fixed (seed 003, manilha velha) ------------------------------------------------

FIXED = rules(manilhas="fixed")


@pytest.mark.parametrize("order", list(itertools.permutations(["4C", "7H", "AS", "7D"])))
def test_seed003_fixed_manilhas_zap_copas_espadilha_ouros(order):
    hands = [
        f"{c} {f1} {f2}"
        for c, (f1, f2) in zip(order, [("QD", "QS"), ("QH", "QC"), ("JD", "JS"), ("JH", "JC")], strict=True)
    ]
    m = new_match(deal("3D", *hands), rules=FIXED)
    ended_trick = trick_ended(play(m, " ".join(order)))
    assert ended_trick.leader == order.index("4C") and ended_trick.winner == order.index("4C") % 2


@pytest.mark.parametrize(("stronger", "weaker"), [("4C", "7H"), ("7H", "AS"), ("AS", "7D"), ("7D", "3C")])
def test_seed003_fixed_manilhas_in_order_and_above_every_3(stronger, weaker):
    m = new_match(deal("3D", f"{weaker} QD QS", f"{stronger} QH QC", "4D JD JS", "4H JH JC"), rules=FIXED)
    assert trick_ended(play(m, f"{weaker} {stronger} 4D 4H")) == TrickEnded(0, 1, 1)


def test_seed003_fixed_manilhas_whatever_the_vira():
    for vira in ("3S", "6S", "KS", "QD"):  # would make manilhas of the 4s, 7s, aces and Js
        m = new_match(deal(vira, "4D QH QS", "5S QC KC", "AH JD JS", "KH JH JC"), rules=FIXED)
        assert view(m).manilha is None and view(m).to_json()["manilha"] is None
        # 4♦ is the weakest card, A♥ an ordinary ace above the K
        assert trick_ended(play(m, "4D 5S AH KH")) == TrickEnded(0, 0, 2)


def test_seed003_fixed_manilhas_the_other_4s_7s_and_aces_are_ordinary():
    m = new_match(deal("3D", "7S QH QS", "7C QC KC", "AH JD JS", "AD JH JC"), rules=FIXED)
    assert trick_ended(play(m, "7S 7C AH AD")) == TrickEnded(0, None, 2)  # ordinary aces tie
    m = new_match(deal("3D", "4H QH QS", "4S QC KC", "6H JD JS", "6S JH JC"), rules=FIXED)
    assert trick_ended(play(m, "4H 4S 6H 6S")).winner is None


# deck: clean (seed 004) -----------------------------------------------------------------

CLEAN = rules(deck="clean")


def test_seed004_clean_deck_has_24_cards():
    assert sorted(card_name(c) for c in DECKS["clean"]) == sorted(r + s for r in "QJKA23" for s in "DSHC")
    for seed in range(20):
        m = Match(CLEAN, seed=seed)
        seen = {view(m).vira, *(c for s in range(4) for c in view(m, s).hand)}
        assert len(seen) == 13 and {card_name(c)[0] for c in seen} <= set("QJKA23")


class SameDeal:
    """Every hand dealt with this vira, the other cards the weakest of the clean deck."""

    def __init__(self, vira: str) -> None:
        rest = [c for c in DECKS["clean"] if c != parse_card(vira)]
        self.deal = Deal(parse_card(vira), tuple(tuple(rest[3 * s : 3 * s + 3]) for s in range(4)))

    def get(self, number: int) -> Deal:
        return self.deal


@pytest.mark.parametrize(("vira", "manilha"), [("3D", "Q"), ("QD", "J"), ("KD", "A"), ("2D", "3")])
def test_seed004_clean_deck_manilha_cycle_runs_over_its_six_ranks(vira, manilha):
    m = Match(CLEAN, deals=SameDeal(vira), first_dealer=3)
    assert view(m).to_json()["manilha"] == manilha


def test_seed004_clean_deck_vira_3_makes_the_queens_manilhas():
    m = new_match(deal("3D", "QD KD KS", "3C AD AS", "QC JD JS", "2H JH JC"), rules=CLEAN)
    assert trick_ended(play(m, "QD 3C QC 2H")) == TrickEnded(0, 0, 2)  # Q♣ beats Q♦ and every 3


def test_seed004_clean_deck_refuses_cards_it_does_not_hold(tmp_path):
    record = {
        "rules": {"deck": "clean"},
        "first_dealer": 3,
        "deals": [{"vira": "3D", "hands": [["4C", "QD", "KD"]] * 4}],
    }
    code, _, err = run_cli(record, tmp_path)
    assert code == 2 and "4C" in err and "clean" in err


def test_ruling14_clean_deck_with_fixed_manilhas_only_the_espadilha_is_a_manilha():
    both = rules(deck="clean", manilhas="fixed")
    m = new_match(deal("3D", "AS KD KS", "3C QD QS", "AH JD JS", "3H JH JC"), rules=both)
    assert trick_ended(play(m, "AS 3C AH 3H")) == TrickEnded(0, 0, 0)
    m = new_match(deal("3D", "AD KD KS", "2C QD QS", "AH JD JS", "KH JH JC"), rules=both)
    assert trick_ended(play(m, "AD 2C AH KH")).winner == 1  # A♦ and A♥ are ordinary aces
    for seed in range(10):
        dealt = SeededDeals(seed, "clean").get(0)
        assert not {parse_card(c) for c in ("4C", "7H", "7D")} & {dealt.vira, *itertools.chain(*dealt.hands)}


# covered: not_when_leading (seed 001) ------------------------------------------------------

NOT_LEADING = rules(covered="not_when_leading")


def test_seed001_covered_card_allowed_in_the_first_trick_except_for_its_first_player():
    m = new_match(STRONG_TEAM_0, rules=NOT_LEADING)
    assert not any(a.covered for a in m.legal_actions(0))
    refused(m, Action.play(0, parse_card("3C"), covered=True))
    play(m, "3C")
    assert {card_name(a.card) for a in m.legal_actions(1) if a.covered} == {"6C", "6D", "7C"}
    ended_trick = trick_ended(play(m, "~7C ~2S ~6S"))
    assert ended_trick == TrickEnded(0, 0, 0)  # the only open card wins


def test_seed001_covered_card_never_by_the_first_player_of_any_trick():
    m = new_match(STRONG_TEAM_0, rules=NOT_LEADING)
    play(m, "3C 6C 3S 6S")
    assert not any(a.covered for a in m.legal_actions(0))
    refused(m, Action.play(0, parse_card("2C"), covered=True))
    play(m, "AC")
    assert any(a.covered for a in m.legal_actions(1))


# canga (seed 003; RULINGS 15) -----------------------------------------------------------

CANGA = rules(canga=True)
#: the first trick ties (K against K); the 5s are the manilhas
CANGA_DEAL = deal("4D", "KD 5D 6D", "KC 2C 6C", "4S AS QS", "4H QH 7H")


def test_seed003_canga_forces_strongest_open_card():
    m = new_match(CANGA_DEAL, rules=CANGA)
    play(m, "KD KC 4S 4H")
    assert view(m).canga and view(m, 0).to_json()["canga"] is True
    assert [a for a in m.legal_actions(0) if a.type == "play"] == [Action.play(0, parse_card("5D"))]
    refused(m, Action.play(0, parse_card("6D")))
    refused(m, Action.play(0, parse_card("5D"), covered=True))
    play(m, "5D")
    assert [card_name(a.card) for a in m.legal_actions(1) if a.type == "play"] == ["2C"]
    play(m, "2C")
    assert [card_name(a.card) for a in m.legal_actions(2) if a.type == "play"] == ["AS"]
    play(m, "AS")
    assert [card_name(a.card) for a in m.legal_actions(3) if a.type == "play"] == ["QH"]


def test_seed003_no_canga_unless_the_first_trick_ties():
    m = new_match(STRONG_TEAM_0, rules=CANGA)
    play(m, "3C 6C 3S 6S")
    assert not view(m).canga and len([a for a in m.legal_actions(0) if a.type == "play"]) == 4  # 2 open + 2 covered
    m = new_match(CANGA_DEAL, rules=rules())  # the game help has no canga
    play(m, "KD KC 4S 4H")
    assert not view(m).canga and len([a for a in m.legal_actions(0) if a.type == "play"]) == 4


def test_ruling15_canga_either_of_two_equally_strongest_cards():
    m = new_match(deal("4D", "KD 3D 3S", "KC 2C 6C", "4S AS QS", "4H QH 7H"), rules=CANGA)
    play(m, "KD KC 4S 4H")
    assert {card_name(a.card) for a in m.legal_actions(0) if a.type == "play"} == {"3D", "3S"}
    play(m, "3S")


def test_seed003_no_canga_in_a_mao_de_ferro():
    m = new_match(CANGA_DEAL, rules=CANGA, score=(11, 11))
    play(m, "KD KC 4S 4H")
    assert not view(m).canga and view(m, 0).legal == (Action.play_blind(0, 0), Action.play_blind(0, 1))


def test_seed003_canga_in_a_mao_de_onze_and_one_against_one():
    m = new_match(CANGA_DEAL, rules=CANGA, score=(11, 0))
    answer(m, 0, "accept")
    play(m, "KD KC 4S 4H")
    assert [card_name(a.card) for a in m.legal_actions(0)] == ["5D"]
    m = new_match(deal("4D", "KD 5D 6D", "KC 2C 6C"), rules=rules(canga=True, players=2), first_dealer=1)
    play(m, "KD KC")
    assert [card_name(a.card) for a in m.legal_actions(0) if a.type == "play"] == ["5D"]


# answer: next (seed 002; RULINGS 13) ------------------------------------------------------

NEXT = rules(answer="next")


def test_seed002_only_the_next_player_answers_a_raise():
    m = new_match(STRONG_TEAM_0, rules=NEXT)
    ask(m)
    assert m.to_act() == [1]
    refused(m, Action.accept(3))
    events = answer(m, 1, "run")
    assert ended(events) == HandEnded(0, 0, 1, (1, 0), "run")


def test_seed002_a_single_accept_settles_and_a_counter_raise_goes_to_the_next_player():
    m = new_match(STRONG_TEAM_0, rules=NEXT)
    play(m, "3C")
    ask(m)  # seat 1 asks: seat 2 answers
    assert m.to_act() == [2]
    answer(m, 2, "raise")  # seis from seat 2: seat 3 answers
    assert m.to_act() == [3] and m.value == 3
    answer(m, 3, "accept")
    assert m.value == 6 and m.to_act() == [1]


def test_ruling13_answer_next_follows_the_direction_of_play():
    m = new_match(STRONG_TEAM_0, rules=rules(answer="next", rotation="counterclockwise"), first_dealer=1)
    assert m.to_act() == [0]
    ask(m)
    assert m.to_act() == [3]


# eleven_decision: first (seed 002) ---------------------------------------------------------

FIRST = rules(eleven_decision="first")


@pytest.mark.parametrize(("score", "decider", "partner"), [((11, 0), 0, 2), ((0, 11), 1, 3)])
def test_seed002_only_the_first_player_of_the_team_on_11_decides(score, decider, partner):
    m = new_match(STRONG_TEAM_0, deal("4S", "6D QD JD", "6C QC JC", "6S QS JS", "6H QH JH"), rules=FIRST, score=score)
    assert m.to_act() == [decider]
    refused(m, Action.accept(partner))
    events = answer(m, decider, "run")
    assert ElevenDecided(decider % 2, False) in events
    assert ended(events).reason == "fled" and ended(events).winner == 1 - decider % 2


def test_seed002_the_first_player_decides_to_play():
    m = new_match(STRONG_TEAM_0, rules=FIRST, score=(11, 0), first_dealer=0)  # seat 1 leads: seat 2 decides
    assert m.to_act() == [2]
    answer(m, 2, "accept")
    assert m.value == 3 and m.to_act() == [1]


# truco_in_eleven: loses_match (seed 001; RULINGS 11) ---------------------------------------

PENALTY = rules(truco_in_eleven="loses_match")


def test_seed001_truco_in_a_mao_de_onze_loses_the_match():
    m = new_match(STRONG_TEAM_0, rules=PENALTY, score=(11, 4))
    refused(m, Action.raise_(0))  # not during the decision
    answer(m, 2, "accept")
    assert Action.raise_(0) in m.legal_actions(0)
    events = ask(m)
    assert events[0] == RaiseAsked(0, 3)
    assert ended(events) == HandEnded(0, 1, 12, (11, 12), "penalty")
    assert events[-1] == MatchEnded(1, (11, 12)) and m.winner == 1
    out = replay(to_record(m))
    assert out["hands"] == [{"dealer": 3, "winner": 1, "points": 12, "tricks": []}] and out["score"] == [11, 12]


def test_ruling11_the_other_team_still_may_not_raise_in_a_mao_de_onze():
    m = new_match(STRONG_TEAM_0, rules=PENALTY, score=(4, 11))
    answer(m, 1, "accept")
    assert Action.raise_(0) not in m.legal_actions(0)
    refused(m, Action.raise_(0))
    play(m, "3C")
    events = ask(m)  # seat 1, of the team on 11, asks later in the hand
    assert ended(events) == HandEnded(0, 0, 12, (12, 11), "penalty")


def test_ruling11_no_raise_in_a_mao_de_ferro_even_with_the_penalty_option():
    m = new_match(STRONG_TEAM_0, rules=PENALTY, score=(11, 11))
    refused(m, Action.raise_(0))


# all_tied: dealer_team (seed 004; RULINGS 12) ----------------------------------------------

DEALER_TEAM = rules(all_tied="dealer_team")


def test_seed004_three_tied_tricks_go_to_the_dealers_team():
    m = new_match(ALL_TIED, rules=DEALER_TEAM, first_dealer=3)
    assert ended(play(m, ALL_TIED_PLAYS)) == HandEnded(0, 1, 1, (0, 1), "tricks")
    m = new_match(deal("4D", "KD QD JD", "KC QC JC", "4S 6S 7S", "4H 6H 7H"), rules=DEALER_TEAM, first_dealer=2)
    assert m.to_act() == [3]
    assert ended(play(m, "4H KD KC 4S QD QC 6S 6H JD JC 7S 7H")).winner == 0


def test_ruling12_dealer_team_in_the_mao_de_onze():
    m = new_match(ALL_TIED, rules=DEALER_TEAM, first_dealer=3, score=(11, 5))
    answer(m, 0, "accept")
    assert ended(play(m, ALL_TIED_PLAYS)) == HandEnded(0, 1, 3, (11, 8), "tricks")


def test_ruling12_dealer_team_wins_the_match_in_the_mao_de_ferro():
    m = new_match(ALL_TIED, rules=DEALER_TEAM, first_dealer=3, score=(11, 11))
    events = play(m, ALL_TIED_PLAYS)
    assert ended(events) == HandEnded(0, 1, 1, (11, 12), "tricks") and m.winner == 1


def test_seed004_dealer_team_option_leaves_other_ties_alone():
    m = new_match(deal("4D", "3D KD QD", "4C KC QC", "4S 6S QS", "4H 6H QH"), rules=DEALER_TEAM)
    assert ended(play(m, "3D 4C 4S 4H KD KC 6S 6H")).winner == 0  # won first, tied second


# rotation: counterclockwise (seed 002) ------------------------------------------------------

CCW = rules(rotation="counterclockwise")


def test_seed002_counterclockwise_play_goes_to_the_right():
    m = new_match(STRONG_TEAM_0, rules=CCW, first_dealer=1)
    order = []
    for card in ["3C", "6S", "3S", "6C"]:
        order += m.to_act()
        play(m, card)
    assert order == [0, 3, 2, 1]


def test_seed002_counterclockwise_the_deal_moves_to_the_right():
    m = Match(CCW, deals=SeededDeals(2), first_dealer=1)
    for _ in range(4):
        ask(m)
        for s in list(m.to_act()):
            answer(m, s, "run")
    assert [r.dealer for r in m.results] == [1, 0, 3, 2]


def test_seed002_counterclockwise_both_opponents_still_answer():
    m = new_match(STRONG_TEAM_0, rules=CCW, first_dealer=1)
    ask(m)
    assert sorted(m.to_act()) == [1, 3]


def test_seed002_counterclockwise_tied_trick_and_mao_de_onze_order():
    m = new_match(deal("4D", "KD QD JD", "4C QC JC", "4S QS JS", "KH QH JH"), rules=CCW, first_dealer=1)
    assert trick_ended(play(m, "KD KH 4S 4C")) == TrickEnded(0, None, 0)
    first = rules(rotation="counterclockwise", eleven_decision="first")
    m = new_match(STRONG_TEAM_0, rules=first, first_dealer=0, score=(0, 11))
    assert m.to_act() == [3]  # dealer 0: seat 3 leads; team 1 on 11 decides by its first player
    m = new_match(STRONG_TEAM_0, rules=first, score=(0, 11))
    assert m.to_act() == [1]  # dealer 3: seat 2 leads, then seat 1


# tied_trick_leader: trick_leader (seed 003) ---------------------------------------------------


def test_seed003_tied_trick_is_led_next_by_its_leader():
    tied = deal("4D", "6D QD JD", "QC 6C JC", "KS 6S JS", "KH QH JH")
    m = new_match(tied, rules=rules(tied_trick_leader="trick_leader"))
    assert trick_ended(play(m, "6D QC KS KH")) == TrickEnded(0, None, 0) and m.to_act() == [0]
    m = new_match(tied)
    assert trick_ended(play(m, "6D QC KS KH")) == TrickEnded(0, None, 2)


def test_seed003_trick_leader_option_leaves_won_tricks_alone():
    m = new_match(STRONG_TEAM_0, rules=rules(tied_trick_leader="trick_leader"))
    play(m, "3C 6C")
    assert trick_ended(play(m, "3S 6S")) == TrickEnded(0, 0, 0)


# Mineiro (seed 003) ------------------------------------------------------------------------

MINEIRO = Rules.parse("mineiro")


def test_seed003_mineiro_fixed_manilhas_and_a_hand_worth_2():
    assert MINEIRO.manilhas == "fixed" and MINEIRO.ladder == (2, 4, 6, 10, 12)
    m = new_match(deal("3D", "7D QD QS", "3C QH QC", "4C JD JS", "3H JH JC"), rules=MINEIRO)
    assert m.value == 2 and view(m).value == 2
    assert trick_ended(play(m, "7D 3C 4C 3H")) == TrickEnded(0, 0, 2)


@pytest.mark.parametrize(
    ("raises", "asked", "points"), [(1, [4], 2), (2, [4, 6], 4), (3, [4, 6, 10], 6), (4, [4, 6, 10, 12], 10)]
)
def test_seed003_mineiro_ladder_2_4_6_10_12_running_scores_the_previous_value(raises, asked, points):
    m = new_match(STRONG_TEAM_0, rules=MINEIRO)
    seen = []
    seat = 0
    for _ in range(raises):
        seen += [e.value for e in m.apply(Action.raise_(seat)) if isinstance(e, RaiseAsked)]
        seat = m.to_act()[0]
    assert seen == asked
    for s in list(m.to_act()):
        events = answer(m, s, "run")
    assert ended(events).points == points and ended(events).winner == (raises - 1) % 2


def test_seed003_mineiro_accepted_doze_is_worth_12():
    m = new_match(STRONG_TEAM_0, rules=MINEIRO)
    for seat in (0, 1, 0, 1):
        m.apply(Action.raise_(seat))
    answer(m, 0, "accept")
    answer(m, 2, "accept")
    assert m.value == 12
    assert ended(play(m, TEAM_0_WINS)) == HandEnded(0, 0, 12, (12, 0), "tricks")


def test_seed003_mineiro_special_hand_at_10_flee_gives_2():
    m = new_match(STRONG_TEAM_0, STRONG_TEAM_0, rules=MINEIRO, score=(10, 3))
    assert m.kind == "mao_de_onze" and m.to_act() == [0, 2]
    assert view(m, 0).known_hands == {2: cards("3S 2S AS")}
    answer(m, 0, "run")
    assert ended(answer(m, 2, "run")) == HandEnded(0, 1, 2, (10, 5), "fled")


def test_seed003_mineiro_special_hand_worth_4_and_no_raises():
    m = new_match(STRONG_TEAM_0, rules=MINEIRO, score=(10, 3))
    answer(m, 2, "accept")
    assert m.value == 4
    refused(m, Action.raise_(0))
    assert ended(play(m, TEAM_0_WINS)) == HandEnded(0, 0, 4, (12, 3), "tricks")
    m = new_match(STRONG_TEAM_0, rules=MINEIRO, score=(3, 10))
    answer(m, 1, "accept")
    assert ended(play(m, TEAM_0_WINS)) == HandEnded(0, 0, 4, (7, 10), "tricks")


def test_seed003_mineiro_a_team_on_11_also_plays_the_special_hand():
    m = new_match(STRONG_TEAM_0, rules=MINEIRO, score=(9, 11))
    assert m.kind == "mao_de_onze" and m.to_act() == [1, 3]


@pytest.mark.parametrize("score", [(10, 10), (11, 10), (10, 11), (11, 11)])
def test_seed003_mineiro_blind_hand_when_both_reach_10_worth_2_winner_wins_the_match(score):
    m = new_match(STRONG_TEAM_0, rules=MINEIRO, score=score)
    assert m.kind == "mao_de_ferro" and m.value == 2 and view(m, 0).hand == () and view(m, 0).blind == 3
    refused(m, Action.raise_(0))
    events = play(m, TEAM_0_WINS)
    assert ended(events) == HandEnded(0, 0, 2, (12, score[1]), "tricks") and m.winner == 0


def test_seed003_mineiro_one_against_one():
    m = Match(Rules.parse({"profile": "mineiro", "players": 2}), seed=9)
    assert m.players == 2 and m.value == 2 and m.rules.manilhas == "fixed"


def test_seed003_mineiro_combines_with_options():
    assert Rules.parse({"profile": "mineiro", "manilhas": "vira"}).manilhas == "vira"
    assert Rules.parse({"profile": "mineiro", "deck": "clean"}).ladder == (2, 4, 6, 10, 12)
    assert Rules.parse({"profile": "mineiro", "players": 2}).to_json() == {"profile": "mineiro", "players": 2}


# the options in a record's "rules" ------------------------------------------------------------


@pytest.mark.parametrize(("name", "value"), [(name, value) for name, values in OPTIONS.items() for value in values])
@pytest.mark.parametrize("profile", ["paulista", "mineiro"])
def test_replay_accepts_every_option_in_rules(name, value, profile, tmp_path):
    record = {"rules": {"profile": profile, name: value}, "seed": 5, "actions": []}
    code, out, _ = run_cli(record, tmp_path)
    assert code == 0 and json.loads(out)["score"] == [0, 0]
    m = Match(Rules.parse(record["rules"]), seed=5)
    rng = Random(1)
    while not m.is_over:
        seat = rng.choice(m.to_act())
        m.apply(rng.choice(view(m, seat).legal))
    rec = to_record(m)
    assert Rules.parse(rec["rules"]) == m.rules
    assert replay(rec)["score"] == m.score


@pytest.mark.parametrize("name", OPTIONS)
def test_replay_an_impossible_option_value_exits_2_naming_the_option(name, tmp_path):
    for bad in ("nonsense", 3, None, [4]):
        code, out, err = run_cli({"rules": {name: bad}, "seed": 5}, tmp_path)
        assert code == 2 and out == "" and name in err
        with pytest.raises(RulesError, match=name):
            Rules.parse({name: bad})


def test_replay_an_unknown_option_or_profile_exits_2_naming_it(tmp_path):
    for rules_obj, named in (({"flor": True}, "flor"), ({"profile": "gaucho"}, "gaucho"), ("truco_cego", "truco_cego")):
        code, out, err = run_cli({"rules": rules_obj, "seed": 5}, tmp_path)
        assert code == 2 and out == "" and named in err


# Card faces (seed 001) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "french", "spanish"),
    [
        ("QH", "Q♥", "10 de copas"),
        ("JC", "J♣", "11 de bastos"),
        ("KD", "K♦", "12 de oros"),
        ("AS", "A♠", "1 de espadas"),
        ("7D", "7♦", "7 de oros"),
        ("4C", "4♣", "4 de bastos"),
        ("3H", "3♥", "3 de copas"),
    ],
)
def test_seed001_spanish_faces_are_names_only(card, french, spanish):
    assert card_label(parse_card(card)) == french == card_label(parse_card(card), faces="french")
    assert card_label(parse_card(card), faces="spanish") == spanish


def test_seed001_records_keep_the_french_letters(tmp_path):
    record = {"first_dealer": 3, "deals": [{"vira": "10D", "hands": [["3C", "2C", "AC"]] * 4}]}
    assert run_cli(record, tmp_path)[0] == 2
    assert len({card_label(c, faces="spanish") for c in range(40)}) == 40
