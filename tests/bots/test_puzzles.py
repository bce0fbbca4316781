"""The hand-written puzzles: ``search`` at medium and hard picks the right action in every one, for five seeds."""

from __future__ import annotations

import pytest
from tests.bots.puzzles import PUZZLES

from truco.bots import make_bot

SEEDS = range(5)


def test_there_are_at_least_forty_puzzles_with_distinct_names():
    assert len(PUZZLES) >= 40
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_search_solves_the_puzzle(puzzle, level):
    seen = puzzle.position()
    assert any(puzzle.is_right(a) for a in seen.legal), "the right action must be legal"
    assert not all(puzzle.is_right(a) for a in seen.legal), "a puzzle must have a wrong action"
    for seed in SEEDS:
        action = make_bot("search", level, seed=seed).act(seen)
        assert puzzle.is_right(action), f"{puzzle.name} ({level}, seed {seed}): {action}; {puzzle.reason}"
