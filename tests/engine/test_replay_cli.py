"""``truco replay``: the output of issue 2, exit status 0, 1 (illegal action, with
its index) and 2 (unreadable record, RULINGS 3), through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from truco.cli import app

#: Team 0 holds the strongest cards; seat 3 deals so seat 0 leads.
STRONG_TEAM_0 = {
    "vira": "4D",
    "hands": [["3C", "2C", "AC"], ["6C", "6D", "7C"], ["3S", "2S", "AS"], ["6S", "6H", "7S"]],
}
ALL_TIED = {"vira": "4D", "hands": [["KD", "QD", "JD"], ["KC", "QC", "JC"], ["4S", "6S", "7S"], ["4H", "6H", "7H"]]}


def act(seat: int, kind: str, card: str | None = None, **more) -> dict:
    out = {"seat": seat, "type": kind, **more}
    if card:
        out["card"] = card
    return out


def plays(*names: str, first: int = 0) -> list[dict]:
    """Open plays in turn from seat ``first``; the caller knows who wins each trick."""
    return [act((first + i) % 4, "play", n) for i, n in enumerate(names)]


#: Team 0 wins the first hand of STRONG_TEAM_0 in two tricks.
TEAM_0_WINS = plays("3C", "6C", "3S", "6S", "2C", "6D", "2S", "6H")


def record(*actions: dict, deals=(STRONG_TEAM_0,), **more) -> dict:
    return {"first_dealer": 3, "deals": list(deals), "actions": list(actions), **more}


def run(rec, tmp_path, raw: str | None = None):
    """Run ``truco replay FILE``; return (exit code, parsed stdout or None, stderr)."""
    path = tmp_path / "game.json"
    path.write_text(raw if raw is not None else json.dumps(rec), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    out = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, out, result.stderr


# exit status 0 ---------------------------------------------------------------------


def test_replay_prints_score_winner_hands_and_to_act(tmp_path):
    code, out, err = run(record(*TEAM_0_WINS, deals=[STRONG_TEAM_0, ALL_TIED]), tmp_path)
    assert code == 0 and err == ""
    assert out == {
        "score": [1, 0],
        "winner": None,
        "hands": [{"dealer": 3, "winner": 0, "points": 1, "tricks": [0, 0]}],
        "to_act": [1],
    }


def test_replay_to_act_is_empty_when_the_deals_run_out(tmp_path):
    code, out, _ = run(record(*TEAM_0_WINS), tmp_path)
    assert code == 0 and out["to_act"] == [] and out["winner"] is None


def test_replay_to_act_is_sorted_while_two_seats_answer(tmp_path):
    code, out, _ = run(record(act(0, "raise"), act(1, "raise")), tmp_path)  # seats 2 then 0 answer the seis
    assert code == 0 and out["to_act"] == [0, 2] and out["hands"] == []


def test_replay_tied_tricks_are_null_and_a_hand_nobody_scored_has_points_0(tmp_path):
    actions = plays("KD", "KC", "4S", "4H", "QD", "QC", "6S", "6H", "JD", "JC", "7S", "7H")
    code, out, _ = run(record(*actions, deals=[ALL_TIED]), tmp_path)
    assert code == 0
    assert out["hands"] == [{"dealer": 3, "winner": None, "points": 0, "tricks": [None, None, None]}]


def test_replay_reports_the_winner_of_the_match_and_points_before_the_cap(tmp_path):
    actions = [act(0, "raise"), act(1, "accept"), act(3, "run"), *TEAM_0_WINS]
    code, out, _ = run(record(*actions, score=[10, 4]), tmp_path)
    assert code == 0
    assert out == {
        "score": [12, 4],
        "winner": 0,
        "hands": [{"dealer": 3, "winner": 0, "points": 3, "tricks": [0, 0]}],
        "to_act": [],
    }


def test_replay_a_both_run_hand_lists_the_tricks_played_so_far(tmp_path):
    actions = [*plays("3C", "6C", "3S", "6S"), act(0, "raise"), act(3, "run"), act(1, "run")]
    code, out, _ = run(record(*actions), tmp_path)
    assert code == 0 and out["hands"] == [{"dealer": 3, "winner": 0, "points": 1, "tricks": [0]}]


def test_replay_accepts_covered_plays_and_blind_plays_by_slot(tmp_path):
    covered = [*plays("3C", "6C", "3S", "6S"), act(0, "play", "2C", covered=True), *plays("6D", "2S", "6H", first=1)]
    code, out, _ = run(record(*covered), tmp_path)
    assert code == 0 and out["hands"][0]["tricks"] == [0, 0]
    blind = [act(s, "play", slot=0) for s in range(4)] + [act(s, "play", slot=0) for s in range(4)]
    code, out, _ = run(record(*blind, score=[11, 11]), tmp_path)  # 3C 6C 3S 6S, then 2C 6D 2S 6H
    assert code == 0 and out["winner"] == 0 and out["score"] == [12, 11]


def test_replay_a_seeded_record(tmp_path):
    code, out, _ = run({"seed": 7, "actions": []}, tmp_path)
    assert code == 0 and out == {"score": [0, 0], "winner": None, "hands": [], "to_act": [out["to_act"][0]]}


def test_replay_reads_standard_input():
    result = CliRunner().invoke(app, ["replay", "-"], input=json.dumps(record(*TEAM_0_WINS)))
    assert result.exit_code == 0 and json.loads(result.stdout)["score"] == [1, 0]


@pytest.mark.parametrize(
    ("rec", "code"),
    [
        (record(*TEAM_0_WINS), 0),
        (record(act(1, "play", "6C")), 1),
        ({"first_dealer": 3}, 2),
    ],
)
def test_replay_as_a_real_process_exit_status(rec, code, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "truco", "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == code
    if code == 2:
        assert done.stdout == "" and done.stderr.strip()
    else:
        assert set(json.loads(done.stdout)) >= {"score", "winner", "hands", "to_act"}
    piped = subprocess.run(
        [sys.executable, "-m", "truco", "replay", "-"], input=json.dumps(rec), capture_output=True, text=True
    )
    assert (piped.returncode, piped.stdout) == (code, done.stdout)


# exit status 1: illegal actions --------------------------------------------------------

ILLEGAL = {
    "card not in hand": ([], act(0, "play", "6C")),
    "out of turn": ([], act(1, "play", "6C")),
    "covered card in the first trick": ([], act(0, "play", "3C", covered=True)),
    "covered card by the second player in the first trick": (plays("3C"), act(1, "play", "6C", covered=True)),
    "raise out of turn": ([], act(1, "raise")),
    "raise after playing": (plays("3C"), act(0, "raise")),
    "raise by the team that did not accept": ([act(0, "raise"), act(1, "accept"), act(3, "accept")], act(0, "raise")),
    "raise by the team with a pending request": ([act(0, "raise")], act(2, "raise")),
    "raise above doze": ([act(0, "raise"), act(1, "raise"), act(0, "raise"), act(1, "raise")], act(0, "raise")),
    "accept with nothing pending": ([], act(0, "accept")),
    "run with nothing pending": (plays("3C"), act(1, "run")),
    "accept by the team that asked": ([act(0, "raise")], act(2, "accept")),
    "second answer from the same seat": ([act(0, "raise"), act(1, "accept")], act(1, "accept")),
    "second run from the same seat": ([act(0, "raise"), act(3, "run")], act(3, "run")),
    "play while a raise is pending": ([act(0, "raise")], act(0, "play", "3C")),
    "blind play outside a mão de ferro": ([], act(0, "play", slot=0)),
    "play after the deals ran out": (TEAM_0_WINS, act(1, "play", "6C")),
}


@pytest.mark.parametrize("kind", ILLEGAL)
def test_replay_refuses_an_illegal_action_with_its_index(kind, tmp_path):
    before, bad = ILLEGAL[kind]
    legal_code, expected, _ = run(record(*before), tmp_path)
    assert legal_code == 0
    after = [act(0, "play", "3C"), act(1, "accept")]  # never applied
    code, out, err = run(record(*before, bad, *after), tmp_path)
    assert code == 1 and err == ""
    error = out.pop("error")
    assert out == expected  # the state just before the illegal action
    assert error["action"] == len(before) and isinstance(error["message"], str) and len(error["message"]) > 10


@pytest.mark.parametrize(
    ("score", "before", "bad"),
    [
        ([11, 0], [act(0, "accept")], act(0, "raise")),  # no raise in a mão de onze
        ([11, 0], [], act(0, "raise")),  # nor during its decision
        ([11, 0], [], act(0, "play", "3C")),  # the decision comes first
        ([11, 0], [], act(1, "accept")),  # only the team on 11 decides
        ([11, 0], [act(0, "accept")], act(2, "accept")),  # one "play" was enough
        ([11, 11], [], act(0, "raise")),  # no raise in a mão de ferro
        ([11, 11], plays("3C", "6C", "3S", "6S"), act(0, "play", "2C", covered=True)),  # nor covered card
        ([11, 11], plays("3C", "6C", "3S", "6S"), act(0, "play", slot=2)),  # seat 0 holds two cards
    ],
)
def test_replay_refuses_illegal_actions_in_the_special_hands(score, before, bad, tmp_path):
    code, out, _ = run(record(*before, bad, score=score), tmp_path)
    assert code == 1 and out["error"]["action"] == len(before)


def test_replay_refuses_anything_after_the_match_ended(tmp_path):
    won = [act(0, "raise"), act(1, "accept"), act(3, "accept"), *TEAM_0_WINS]
    for bad in (act(1, "play", "6C"), act(0, "raise"), act(1, "accept"), act(2, "run")):
        code, out, _ = run(record(*won, bad, score=[10, 0], deals=[STRONG_TEAM_0, ALL_TIED]), tmp_path)
        assert code == 1 and out["winner"] == 0 and out["to_act"] == []
        assert out["error"]["action"] == len(won) and "over" in out["error"]["message"]


# exit status 2: unreadable records (RULINGS 3) ------------------------------------------

UNREADABLE = {
    "seat outside the table": (record(act(4, "play", "3C")), "4"),
    "negative seat": (record(act(-1, "raise")), "-1"),
    "seat that is not a number": (record(act("0", "raise")), "seat"),
    "unknown action type": (record(act(0, "fold")), "fold"),
    "card that does not exist": (record(act(0, "play", "8C")), "8C"),
    "card with an unknown suit": (record(act(0, "play", "4X")), "4X"),
    "play without a card": (record(act(0, "play")), "card"),
    "covered that is not true or false": (record(act(0, "play", "3C", covered="yes")), "covered"),
    "slot that no hand has": (record(act(0, "play", slot=3), score=[11, 11]), "slot"),
    "card outside the clean deck in an action": (
        record(act(0, "play", "4C"), rules={"deck": "clean"}, deals=[]),
        "4C",
    ),
    "card outside the clean deck in a deal": (record(rules={"deck": "clean"}), "4D"),
    "repeated card in a deal": (record(deals=[{**STRONG_TEAM_0, "vira": "3C"}]), "3C"),
    "three hands in a deal": (record(deals=[{**STRONG_TEAM_0, "hands": STRONG_TEAM_0["hands"][:3]}]), "hands"),
    "two cards in a hand": (
        record(deals=[{**STRONG_TEAM_0, "hands": [["3C", "2C"], *STRONG_TEAM_0["hands"][1:]]}]),
        "3 cards",
    ),
    "deal without a vira": (record(deals=[{"hands": STRONG_TEAM_0["hands"]}]), "vira"),
    "unknown rule option": (record(rules={"profile": "paulista", "flor": True}), "flor"),
    "impossible rule value": (record(rules={"players": 3}), "players"),
    "impossible rule value type": (record(rules={"canga": "yes"}), "canga"),
    "unknown profile": (record(rules="gaucho"), "gaucho"),
    "unknown profile in an object": (record(rules={"profile": "gaucho"}), "gaucho"),
    "both deals and seed": (record(seed=3), "seed"),
    "neither deals nor seed": ({"first_dealer": 0, "actions": []}, "seed"),
    "explicit deals without a first dealer": ({"deals": [STRONG_TEAM_0], "actions": []}, "first_dealer"),
    "first dealer outside the table": (record(first_dealer=4), "first_dealer"),
    "starting score of 12": (record(score=[12, 0]), "score"),
    "unknown record field": (record(players=4), "players"),
    "actions not a list": ({**record(), "actions": {"seat": 0}}, "actions"),
    "not an object": ([1, 2, 3], "object"),
}


@pytest.mark.parametrize("kind", UNREADABLE)
def test_ruling3_an_unreadable_record_exits_2_with_a_message_on_stderr(kind, tmp_path):
    rec, named = UNREADABLE[kind]
    code, out, err = run(rec, tmp_path)
    assert code == 2 and out is None
    assert named in err, err


@pytest.mark.parametrize("raw", ["", "{", "not json", '{"first_dealer": 3,}', "\ufffe\x00"])
def test_replay_input_that_is_not_json_exits_2(raw, tmp_path):
    code, out, err = run(None, tmp_path, raw=raw)
    assert code == 2 and out is None and err.strip()


def test_replay_a_missing_file_exits_2(tmp_path):
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2 and result.stdout == "" and "nowhere.json" in result.stderr


def test_replay_refuses_a_covered_blind_play_in_a_mao_de_ferro(tmp_path):
    before = plays("3C", "6C", "3S", "6S")
    code, out, _ = run(record(*before, act(0, "play", slot=0, covered=True), score=[11, 11]), tmp_path)
    assert code == 1 and out["error"]["action"] == len(before)


def test_replay_refuses_a_public_record(tmp_path):
    from truco.engine import load, to_record

    match, actions = load(record(*TEAM_0_WINS[:4], act(0, "play", "2C", covered=True)))
    for action in actions:
        match.apply(action)
    public = to_record(match, hidden=False)
    assert "2C" not in json.dumps(public)
    code, out, err = run(public, tmp_path)
    assert code == 2 and out is None and "hands" in err


def test_the_examples_of_the_record_format_doc_replay_as_shown(tmp_path):
    doc = (Path(__file__).parents[2] / "docs" / "record-format.md").read_text(encoding="utf-8")
    blocks = [json.loads(textwrap.dedent(b[5:])) for b in doc.split("```")[1::2] if b.startswith("json\n")]
    game, iron, output = blocks[0], blocks[1], blocks[2]
    assert run(game, tmp_path)[:2] == (0, output)
    code, out, _ = run(iron, tmp_path)
    assert code == 0 and out["winner"] == 0
    bad = {**game, "actions": [*game["actions"], act(1, "play", "2D")]}
    assert run(bad, tmp_path)[:2] == (1, blocks[3])
    from truco.engine import load, to_record

    match, actions = load(game)
    for action in actions:
        match.apply(action)
    assert to_record(match, hidden=False) == blocks[4]
