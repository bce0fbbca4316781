"""Perft counts derived by hand (issue 7), and the ``truco perft`` command."""

from __future__ import annotations

import json
import subprocess
import sys

from truco.engine import Action, Match, load
from truco.engine.perft import divide, perft


def deal(vira: str, *hands: str) -> dict:
    return {"vira": vira, "hands": [h.split() for h in hands]}


DEALS = [
    deal("7D", "4C 5C 6C", "4H 5H 6H", "4S 5S 6S", "KC KH KS"),
    deal("7S", "AC AH AS", "2C 2H 2S", "3C 3H 3S", "JC JH JS"),
    deal("2D", "QC QH QS", "5D 6D KD", "JD AD 3D", "4D 7C 7H"),
]


def match(score=(0, 0), actions=()) -> Match:
    m, parsed = load({"first_dealer": 0, "score": list(score), "deals": DEALS, "actions": list(actions)})
    for a in parsed:
        m.apply(a)
    return m


def test_normal_first_trick():
    # Seat 1 leads: 3 cards or truco (4). After a card, seat 2 has 3 cards or truco;
    # after truco, each opponent accepts, runs or raises (6).
    # Depth 2: 3 x 4 + 6 = 18. Depth 3: each card leads to 3 x 4 + 6 = 18 -> 54;
    # truco leads to 24 (see the pending raise below): 78.
    assert [perft(match(), d) for d in range(4)] == [1, 4, 18, 78]


def test_pending_raise_with_both_answerers():
    # Seat 1 asked truco; seats 2 and 0 answer at once: 2 seats x 3 answers = 6.
    # After an accept or a run the partner answers (3); after a seis the asking team
    # answers it, both seats (6): 2 x (3 + 3 + 6) = 24.
    # Depth 3, per first answerer: accept then (accept 3 cards | run 3 cards | seis 6) = 12;
    # run then (accept 3 | run: hand over, next hand's leader has 3 cards + truco = 4 | seis 6) = 13;
    # seis then each of seats 1, 3 (accept 3 | run 3 | nove 6) = 24. Total 2 x 49 = 98.
    m = match(actions=[{"seat": 1, "type": "raise"}])
    assert sorted(m.to_act()) == [0, 2]
    assert [perft(m, d) for d in range(4)] == [1, 6, 24, 98]


def test_mao_de_onze_decision():
    # Team 0 on 11 decides: seats 2 and 0, accept or run (4). Accept: seat 1 leads, 3
    # cards, no truco (3); run: the partner decides (2) -> 2 x 5 = 10. Depth 3: accept then
    # two cards 3 x 3 = 9; run+accept 3; run+run: fled, the next hand is again a mão de onze
    # for team 0 (11 x 6): 4 -> 2 x 16 = 32.
    m = match(score=(11, 5))
    assert sorted(m.to_act()) == [0, 2]
    assert [perft(m, d) for d in range(4)] == [1, 4, 10, 32]


def test_mao_de_ferro():
    # Blind, no covered card, no truco: one branch per card: 3, 9, 27.
    m = match(score=(11, 11))
    assert m.kind == "mao_de_ferro"
    assert [perft(m, d) for d in range(4)] == [1, 3, 9, 27]


def test_covered_card_doubles_the_plays_from_the_second_trick():
    # Trick 1: 4C KC beat by... seat 1 4H, seat 2 4S, seat 3 KC, seat 0 4C: K wins (team 1).
    actions = [{"seat": s, "type": "play", "card": c} for s, c in ((1, "4H"), (2, "4S"), (3, "KC"), (0, "4C"))]
    m = match(actions=actions)
    assert m.to_act() == [3]
    # Seat 3 leads trick 2 with KH KS: open or covered (4) or truco: 5.
    assert perft(m, 1) == 5


def test_divide_sums_to_perft():
    m = match()
    assert sum(c for _, c in divide(m, 3)) == perft(m, 3)
    assert {a for a, _ in divide(m, 1)} == set(m.legal_actions())
    assert Action.raise_(1) in {a for a, _ in divide(m, 1)}


def test_nobody_to_act_counts_zero():
    m, _ = load({"first_dealer": 0, "deals": DEALS[:1], "actions": []})
    m.apply(Action.raise_(1))
    m.apply(Action.run(2))
    m.apply(Action.run(0))  # hand over, no second deal
    assert m.to_act() == []
    assert [perft(m, d) for d in range(3)] == [1, 0, 0]


def test_perft_command(tmp_path):
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"first_dealer": 0, "deals": DEALS, "actions": []}))
    out = subprocess.run(
        [sys.executable, "-m", "truco", "perft", str(record), "--depth", "3", "--divide"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert out[-4:-1] == ["1 4", "2 18", "3 78"]
    assert "nodes per second" in out[-1]
    divided = [line for line in out if line.startswith("seat")]
    assert sum(int(line.rsplit(" ", 1)[1]) for line in divided) == 78
