"""The figures of an arena run so far, from the records it saved (``truco arena ... --records DIR``): a long run
that is stopped, or not over yet, still tells its win rate over the duplicate pairs it finished.

    python bench/records.py DIR

Game 0 of a pair seats A at the even seats (engine team 0), game 1 at the odd ones (``truco.arena.play_game``).
Prints the pairs finished, A's win rate with its 95 % interval over them (``confidence_interval``, as the arena
reports it), points per hand and raises asked per hand by each side.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from truco.arena import confidence_interval
from truco.engine import RAISE
from truco.engine.events import HandEnded
from truco.engine.record import load

NAME = re.compile(r"pair-(\d+)-game-([01])\.json")


def game(path: Path, a_team: int) -> tuple[float, dict[str, int]]:
    """(1 if A won the match, else 0; A's and B's points and raises, and the hands) of one record."""
    match, actions = load(json.loads(path.read_text()))
    tally = {"hands": 0, "points a": 0, "points b": 0, "raises a": 0, "raises b": 0}
    for action in actions:
        if action.type == RAISE:
            tally["raises a" if match.team_of(action.seat) == a_team else "raises b"] += 1
        for event in match.apply(action):
            if isinstance(event, HandEnded):
                tally["hands"] += 1
                if event.winner is not None:
                    tally["points a" if event.winner == a_team else "points b"] += event.points
    return float(match.winner == a_team), tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    directory = parser.parse_args().records
    pairs: dict[int, dict[int, float]] = {}
    totals = {"hands": 0, "points a": 0, "points b": 0, "raises a": 0, "raises b": 0}
    for path in sorted(directory.iterdir()):
        found = NAME.fullmatch(path.name)
        if found is None:
            continue
        pair, a_team = int(found[1]), int(found[2])
        won, tally = game(path, a_team)
        pairs.setdefault(pair, {})[a_team] = won
        for key, n in tally.items():
            totals[key] += n
    scores = [(g[0] + g[1]) / 2 for g in pairs.values() if len(g) == 2]
    mean, low, high = confidence_interval(scores)
    hands = totals["hands"] or 1
    print(f"{len(scores)} duplicate pairs finished: win rate of A {mean:.1%}   95% CI [{low:.1%}, {high:.1%}]")
    print(
        f"points per hand: A {totals['points a'] / hands:.3f}   B {totals['points b'] / hands:.3f}   ({hands} hands,"
        f" every game saved)"
    )
    print(f"raises asked per hand: A {totals['raises a'] / hands:.3f}   B {totals['raises b'] / hands:.3f}")


if __name__ == "__main__":
    main()
