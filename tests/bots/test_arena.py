"""The arena: duplicate pairs see the same deals with the teams swapped, and the statistics are right."""

from __future__ import annotations

import json
import math

from typer.testing import CliRunner

from truco.arena import PairSpec, confidence_interval, parse_team, percentiles, play_pair, summarize
from truco.bots import PANEL
from truco.cli import app
from truco.engine import load


def test_both_games_of_a_pair_see_the_same_deals_with_seats_swapped(tmp_path):
    spec = PairSpec("heuristic", "random", {"profile": "paulista"}, seed=5, records=str(tmp_path))
    first, second = play_pair(spec, 3)
    common = min(len(first["deals"]), len(second["deals"]))
    assert common >= 1 and first["deals"][:common] == second["deals"][:common]
    records = [json.loads((tmp_path / f"pair-00003-game-{g}.json").read_text()) for g in (0, 1)]
    assert records[0]["first_dealer"] == records[1]["first_dealer"]
    assert records[0]["deals"][:common] == records[1]["deals"][:common]
    # A (heuristic) acts at the even seats in game 0 and at the odd seats in game 1: the same cards, other team.
    for record in records:
        match, actions = load(record)
        for action in actions:
            match.apply(action)
        assert match.is_over
    assert (first["score_a"], first["score_b"]) != (None, None)


def test_pairs_depend_only_on_the_seed_and_the_pair_number():
    spec = PairSpec("heuristic", "heuristic", "paulista", seed=9)

    def outcome(pair: int) -> list[dict]:
        return [{k: v for k, v in g.items() if k not in ("times", "wall")} for g in play_pair(spec, pair)]

    assert outcome(1) == outcome(1)
    assert play_pair(spec, 1)[0]["deals"][0] != play_pair(spec, 2)[0]["deals"][0]


def test_confidence_interval_on_known_scores():
    mean, low, high = confidence_interval([1.0] * 60 + [0.0] * 40)
    half = 1.96 * math.sqrt(0.6 * 0.4 * 100 / 99 / 100)
    assert math.isclose(mean, 0.6)
    assert math.isclose(low, 0.6 - half) and math.isclose(high, 0.6 + half)
    assert confidence_interval([0.5, 0.5, 0.5]) == (0.5, 0.5, 0.5)
    assert confidence_interval([1.0, 0.0])[1:] == (0.0, 1.0)  # clipped to [0, 1]


def test_percentiles_nearest_rank():
    p = percentiles([float(i) for i in range(1, 101)])
    assert (p["p50"], p["p95"], p["p99"], p["max"], p["n"]) == (50, 95, 99, 100, 100)


def test_summary_counts_pairs_as_the_independent_units():
    def game(pair: int, game: int, a_wins: bool) -> dict:
        raises = {"a": {"asked": 2, "accepted": 1, "run": 1}, "b": {"asked": 0, "accepted": 0, "run": 0}}
        return {"pair": pair, "game": game, "winner_team_of_a": a_wins, "hands": 5, "points_a": 10,
                "points_b": 5, "raises": raises, "signals": {"a": 3, "b": 0}, "times": {"x": [1.0, 2.0]}}  # fmt: skip

    games = [game(0, 0, True), game(0, 1, True), game(1, 0, True), game(1, 1, False)]
    s = summarize(games)
    assert (s["pairs"], s["matches"], s["wins_a"], s["win_rate_a"]) == (2, 4, 3, 0.75)
    assert s["ci95"] == [round(x, 4) for x in confidence_interval([1.0, 0.5])[1:]]
    assert s["points_per_hand"] == {"a": 2.0, "b": 1.0}
    assert s["raises"]["a"]["accepted_rate"] == 0.5 and s["raises"]["a"]["asked_per_hand"] == 0.4
    assert s["decision_ms"]["x"]["n"] == 8
    assert s["signals_per_hand"] == {"a": 0.6, "b": 0.0}


def test_team_specs():
    assert parse_team("search+heuristic:easy") == (("search", "medium"), ("heuristic", "easy"))
    assert parse_team("random", "hard") == (("random", "hard"),)


def test_arena_command(tmp_path):
    out = tmp_path / "run.json"
    result = CliRunner().invoke(
        app,
        ["arena", "heuristic", "random+heuristic", "--matches", "4", "--seed", "2", "--jobs", "2",
         "--rules", '{"players": 4, "canga": true}', "--json", str(out), "--records", str(tmp_path / "r")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "win rate of A" in result.output and "decision time" in result.output
    data = json.loads(out.read_text())
    assert data["matches"] == 4 and data["pairs"] == 2 and len(data["games"]) == 4
    assert len(list((tmp_path / "r").glob("*.json"))) == 4
    bad = CliRunner().invoke(app, ["arena", "oracle", "random"])
    assert bad.exit_code == 2


def test_a_run_from_a_later_pair_plays_the_games_of_the_longer_run(tmp_path):
    def games(directory):
        return {p.name: json.loads(p.read_text()) for p in directory.glob("*.json")}

    whole = CliRunner().invoke(app, ["arena", "heuristic", "random", "--matches", "6", "--seed", "5",
                                     "--records", str(tmp_path / "whole")])  # fmt: skip
    later = CliRunner().invoke(app, ["arena", "heuristic", "random", "--matches", "2", "--seed", "5",
                                     "--first-pair", "2", "--records", str(tmp_path / "later")])  # fmt: skip
    assert whole.exit_code == later.exit_code == 0, whole.output + later.output
    assert "2 matches in 1 duplicate pairs (pairs 2–2)" in later.output
    assert set(games(tmp_path / "later")) == {"pair-00002-game-0.json", "pair-00002-game-1.json"}
    assert games(tmp_path / "later").items() <= games(tmp_path / "whole").items()
    bad = CliRunner().invoke(app, ["arena", "heuristic", "random", "--first-pair", "-1"])
    assert bad.exit_code == 2 and "--first-pair" in bad.output


def test_arena_against_the_panel_prints_one_row_per_opponent_and_writes_json(tmp_path):
    out = tmp_path / "panel.json"
    result = CliRunner().invoke(app, ["arena", "heuristic", "panel", "--matches", "2", "--seed", "3",
                                      "--json", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["a"] == "heuristic"
    assert [r["opponent"] for r in data["rows"]] == list(PANEL)
    for row in data["rows"]:
        assert row["pairs"] == 1 and 0 <= row["win_rate_a"] <= 1
        low, high = row["ci95"]
        assert 0 <= low <= row["win_rate_a"] <= high <= 1
        assert set(row["raises"]["a"]) == {"asked_per_hand", "accepted_rate", "run_rate"}
    lines = result.output.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("opponent"))
    assert [line.split()[0] for line in lines[header + 1 : header + 1 + len(PANEL)]] == list(PANEL)
    assert "95% CI" in lines[header] and "raises/hand A" in lines[header]
