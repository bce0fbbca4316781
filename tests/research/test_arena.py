"""OpenSpiel's IS-MCTS in our arena."""

from __future__ import annotations

from truco.arena import PairSpec, parse_team, play_game


def test_ismcts_plays_a_match_in_the_arena():
    assert parse_team("openspiel-ismcts:easy") == (("openspiel-ismcts", "easy"),)
    result = play_game(PairSpec("openspiel-ismcts:easy", "random", {"players": 2}, 3), 0, 0)
    assert result["score_a"] == 12 or result["score_b"] == 12
    assert result["times"]["openspiel-ismcts:easy"]
