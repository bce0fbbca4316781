"""Both partners answer a raise (the rules' ``answer: both``), at the same time: the team runs only if both run,
so a run passes the answer to the partner, whose answer nobody learns before giving their own."""

from __future__ import annotations

from tests.bots.puzzles import parse_move

from truco.bots.search import SearchBot, partner_answering
from truco.engine import ACCEPT, RUN, ExplicitDeals, Match, Rules, View, view
from truco.engine.cards import parse_card
from truco.engine.deals import Deal

PAULISTA = Rules()


def truco_at_six_all(hand: str, then: str = "", rules: Rules = PAULISTA, seat_2: str = "4S JD 4C") -> View:
    """Seat 3 asks truco in the first trick at 6×6, after seat 0 (holding ``hand``) led its last card, seat 1
    threw the 5♣ and seat 2 (holding ``seat_2``) the 4♠ (vira 7♦); ``then`` follows. The view of the seat to act."""
    hands = (hand, "5C 6C 7S", seat_2, "5S 6D 7C")
    deal = Deal(parse_card("7D"), tuple(tuple(parse_card(c) for c in h.split()) for h in hands))
    match = Match(rules, deals=ExplicitDeals([deal]), first_dealer=3, score=(6, 6))
    for token in f"{hand.split()[-1]} 5C 4S raise {then}".split():
        seat_text, _, what = token.rpartition(":")
        match.apply(parse_move(int(seat_text) if seat_text else match.to_act()[0], what))
    return view(match, match.to_act()[0])


#: Hands without a manilha, seat 0's last card led: from nothing to two 3s.
HANDS = ("4D 5H 6H", "2D JS KH", "3D AS KH", "2D 3S KH", "3H 3S KD")


def test_the_first_to_answer_runs_more_readily_where_its_partner_answers_after_it():
    """Where both partners answer (``answer: both``), seat 0's run leaves the answer to seat 2, who sees its own
    cards and accepts when they are strong; where seat 0 alone answers (``answer: next``), running gives the hand
    up. With the same cards and draws, seat 0 runs more often where its partner answers after it."""
    both, alone = PAULISTA, Rules(answer="next")
    assert truco_at_six_all(HANDS[0], rules=both).pending["waiting"] == [0, 2]
    assert truco_at_six_all(HANDS[0], rules=alone).pending["waiting"] == [0]
    runs = {both: 0, alone: 0}
    for rules in runs:
        for hand in HANDS:
            seen = truco_at_six_all(hand, rules=rules)
            runs[rules] += sum(SearchBot(seed=seed).act(seen).type == RUN for seed in range(4))
    assert runs[both] > runs[alone]


def test_the_second_to_answer_decides_the_same_whatever_its_partner_said():
    """Both answer at the same time: seat 2, answering after seat 0, sees the same whether seat 0 accepted or ran,
    decides the same, and prices its run as passing the answer to seat 0."""
    for hand in HANDS:
        seen = {said: truco_at_six_all(hand, then=f"0:{said}") for said in ("accept", "run")}
        assert seen["accept"] == seen["run"]
        pending = {"value": 3, "team": 1, "waiting": [2], "accepted": False}
        assert seen["run"].seat == 2 and seen["run"].pending == pending
        assert partner_answering(seen["run"]) == 0
        actions = {said: [SearchBot(seed=seed).act(v) for seed in range(3)] for said, v in seen.items()}
        assert actions["accept"] == actions["run"]


def test_only_partners_that_both_answer_pass_the_answer():
    """With one answerer (``answer: next``) or no partner (1v1), a run gives the hand up."""
    assert partner_answering(view(Match(seed=1), 1)) == 3
    assert partner_answering(view(Match(Rules(answer="next"), seed=1), 1)) is None
    assert partner_answering(view(Match(Rules(players=2), seed=1), 1)) is None


def test_hard_last_to_answer_a_value_raiser_stays_in_only_with_a_margin():
    """Seat 2, the last to answer seat 3's truco in the first trick at 6×6, holds the weakest manilha (Q♦) and a 3:
    accepting is priced just above running. ``medium`` accepts; ``hard``, answering players that raise only with
    strength, asks accepting to be worth ``LAST_MARGIN`` more and runs (in real play such accepts lost:
    ``bench/counterfactual.py``). Against a team that raised twice a hand it stays in (it even raises back)."""
    seen = truco_at_six_all(HANDS[0], then="0:run", seat_2="4S QD 3C")
    assert seen.seat == 2 and seen.pending["waiting"] == [2]
    for seed in (1, 2, 3):
        medium, hard, against_bluffers = SearchBot(seed), SearchBot(seed, "hard"), SearchBot(seed, "hard")
        for bot in (medium, hard, against_bluffers):
            bot.model.hands = 8  # eight hands played before this one
        against_bluffers.model.raises = 16
        assert medium.act(seen).type == ACCEPT
        assert hard.act(seen).type == RUN
        assert against_bluffers.act(seen).type != RUN
