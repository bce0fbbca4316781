"""The ``trained`` bot: its table loads, its betting is legal, deterministic and right where it is clear, and
the training script makes a table it can use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from random import Random

import pytest
from tests.bots.puzzles import PUZZLES

from truco.bots import make_bot
from truco.bots.trained import ANSWER_CHOICES, POLICY_FILE, RAISE_CHOICES, TrainedBot, infoset, load_policy
from truco.engine import ACCEPT, NORMAL, RAISE, RUN, Match, Phase, Rules, view

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(5)
#: The puzzles that ask for a bet in a normal hand: raise, accept, run or raise back.
BETTING = [p for p in PUZZLES if p.position().kind == NORMAL and set(p.right.split("|")) <= {ACCEPT, RUN, RAISE}]


def test_the_shipped_table_is_a_small_set_of_distributions():
    assert POLICY_FILE.stat().st_size < 20 * 2**20
    policy = load_policy()
    assert len(policy) > 1000
    for probs in policy.values():
        assert len(probs) in (len(RAISE_CHOICES), len(ANSWER_CHOICES))
        assert all(p >= 0 for p in probs) and abs(sum(probs) - 1) < 0.01


def betting_views(players: int, matches: int = 6) -> list:
    """Views of betting decisions (a raise may be asked or answered) from matches of random play."""
    out = []
    for seed in range(matches):
        rng = Random(seed)
        m = Match(Rules(players=players), seed=seed)
        while not m.is_over:
            seat = m.to_act()[0]
            seen = view(m, seat)
            if infoset(seen) is not None:
                out.append(seen)
            m.apply(rng.choice(seen.legal))
    return out


@pytest.mark.parametrize("players", [4, 2])
def test_trained_betting_is_legal_deterministic_and_read_from_the_table(players):
    views = betting_views(players)
    assert len(views) > 50
    policy = load_policy()
    assert sum(infoset(v) in policy for v in views) > len(views) / 2
    for i, seen in enumerate(views[:40]):
        a, b = TrainedBot(seed=i), TrainedBot(seed=i)
        action = a.act(seen)
        assert action in seen.legal
        assert b.act(seen) == action


@pytest.mark.parametrize("puzzle", BETTING, ids=lambda p: p.name)
def test_trained_betting_does_the_clearly_right_thing(puzzle):
    seen = puzzle.position()
    for seed in SEEDS:
        action = make_bot("trained", seed=seed).act(seen)
        assert puzzle.is_right(action), f"{puzzle.name} (seed {seed}): {action}; {puzzle.reason}"


def test_the_training_script_makes_a_table_the_bot_plays_by(tmp_path):
    out = tmp_path / "policy.json.gz"
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "train_betting.py"), "--deals", "40", "--min-visits", "1",
         "--out", str(out)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    policy = load_policy(out)
    assert policy
    seen = next(v for v in betting_views(4, 1) if v.phase == Phase.PLAYING and infoset(v) in policy)
    assert TrainedBot(seed=1, policy=out).act(seen) in seen.legal
