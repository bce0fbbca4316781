"""The figures of an arena run so far, from the records it saved (``truco arena ... --records DIR``): a long run
that is stopped, or not over yet, still tells its win rate over the duplicate pairs it finished.

    python bench/records.py DIR [DIR ...] [--paired OTHER [OTHER ...]] [--first-raises]

Game 0 of a pair seats A at the even seats (engine team 0), game 1 at the odd ones (``truco.arena.play_game``).
Prints the pairs finished, A's win rate with its 95 % interval over them (``confidence_interval``, as the arena
reports it), points per hand and raises asked per hand by each side. With ``--paired OTHER``, the records of
another run on the same deals (same seed, other bots or another version): how much more A won in DIR than in
OTHER over the pairs both finished, pair by pair, with its 95 % interval: the same deals cancel most of the
luck, so this tells two versions apart in far fewer pairs than their two win rates. Several directories (runs on
other seeds, such as the blocks of 100 pairs of ``bench/bots.py --only signals``) are pooled, and paired with the
``--paired`` directories in the same order. With ``--first-raises``, the
hands by their first raise: who asked it (A or B), where (trick, cards already on the table), how the other side
answered, and what the hand netted the asker.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
from collections import Counter
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import TypeVar

from truco.arena import confidence_interval
from truco.engine import ACCEPT, RAISE, RUN
from truco.engine.events import HandEnded
from truco.engine.record import load

#: what names a duplicate pair: its number, or (the run's place, its number) where runs are pooled
Pair = TypeVar("Pair", bound=Hashable)
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


def pair_scores(directory: Path) -> tuple[dict[int, float], dict[str, int]]:
    """A's score in each finished pair of ``directory`` (its share of the pair's two matches), and the tallies of
    every game saved there."""
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
    return {p: (g[0] + g[1]) / 2 for p, g in pairs.items() if len(g) == 2}, totals


def first_raises(directory: Path) -> tuple[Counter[tuple[str, int, int, str]], Counter[tuple[str, int, int, str]]]:
    """Hands by their first raise (asker "A" or "B", trick, cards on the table, the answer: "run", "accept" or
    "raise back"), and the points the asker netted over them."""
    hands: Counter[tuple[str, int, int, str]] = Counter()
    net: Counter[tuple[str, int, int, str]] = Counter()
    for path in sorted(directory.iterdir()):
        found = NAME.fullmatch(path.name)
        if found is None:
            continue
        a_team = int(found[2])
        match, actions = load(json.loads(path.read_text()))
        asker: tuple[str, int, int, int] | None = None  # side, trick, cards on the table, team
        answer = "run"
        for action in actions:
            team = match.team_of(action.seat)
            if asker is None and action.type == RAISE and match.phase != "answering":
                asker = ("A" if team == a_team else "B", len(match.tricks), len(match.trick), team)
                answer = "run"
            elif asker is not None and answer == "run" and match.phase == "answering" and team != asker[3]:
                answer = {ACCEPT: "accept", RAISE: "raise back", RUN: "run"}[action.type]
            for event in match.apply(action):
                if isinstance(event, HandEnded):
                    if asker is not None and event.reason != "fled":
                        key = (*asker[:3], answer)
                        hands[key] += 1
                        net[key] += (
                            0 if event.winner is None else event.points * (1 if event.winner == asker[3] else -1)
                        )
                    asker = None
    return hands, net


def print_first_raises(hands: Counter[tuple[str, int, int, str]], net: Counter[tuple[str, int, int, str]]) -> None:
    """The commonest places of a hand's first raise, with how the other side answered it and what it netted."""
    places: Counter[tuple[str, int, int]] = Counter()
    for key, n in hands.items():
        places[key[:3]] += n
    print("the hand's first raise: asker, trick, cards on the table; hands; answered run / accept / raise back; nets")
    for place, n in places.most_common(12):
        answers = " / ".join(f"{hands[(*place, a)] / n:4.0%}" for a in ("run", "accept", "raise back"))
        points = sum(net[(*place, a)] for a in ("run", "accept", "raise back"))
        print(
            f"  {place[0]}, trick {place[1] + 1}, {place[2]} card(s) down: {n:6d}  {answers}  {points / n:+.2f} a hand"
        )


def paired_difference(scores: Mapping[Pair, float], other: Mapping[Pair, float]) -> tuple[int, float, float]:
    """(pairs, mean, half-width of the 95 % interval) of A's score in ``scores`` less its score in ``other``,
    over the pairs finished in both.

    >>> paired_difference({0: 1.0, 1: 0.5, 2: 0.5}, {0: 0.5, 1: 0.5, 2: 0.0, 3: 1.0})
    (3, 0.3333333333333333, 0.32666666666666666)
    """
    differences = [scores[p] - other[p] for p in scores if p in other]
    if len(differences) < 2:
        return len(differences), sum(differences), float("inf")
    n = len(differences)
    return n, statistics.fmean(differences), 1.96 * statistics.stdev(differences) / n**0.5


def pooled(directories: list[Path]) -> tuple[dict[tuple[int, int], float], dict[str, int]]:
    """``pair_scores`` of several runs pooled: the pairs keyed by (the run's place in ``directories``, pair)."""
    pairs: dict[tuple[int, int], float] = {}
    totals: dict[str, int] = {}
    for i, directory in enumerate(directories):
        scores, tally = pair_scores(directory)
        pairs.update({(i, p): score for p, score in scores.items()})
        for key, n in tally.items():
            totals[key] = totals.get(key, 0) + n
    return pairs, totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, nargs="+")
    parser.add_argument("--paired", type=Path, nargs="+", help="the records of another run on the same deals")
    parser.add_argument("--first-raises", action="store_true", help="the hands by their first raise")
    args = parser.parse_args()
    pairs, totals = pooled(args.records)
    mean, low, high = confidence_interval(list(pairs.values()))
    hands = totals["hands"] or 1
    print(f"{len(pairs)} duplicate pairs finished: win rate of A {mean:.1%}   95% CI [{low:.1%}, {high:.1%}]")
    print(
        f"points per hand: A {totals['points a'] / hands:.3f}   B {totals['points b'] / hands:.3f}   ({hands} hands,"
        f" every game saved)"
    )
    print(f"raises asked per hand: A {totals['raises a'] / hands:.3f}   B {totals['raises b'] / hands:.3f}")
    if args.paired is not None:
        if len(args.paired) != len(args.records):
            parser.error("--paired takes as many directories as the records, in the same order")
        n, difference, half = paired_difference(pairs, pooled(args.paired)[0])
        other = " ".join(str(p) for p in args.paired)
        print(f"A's win rate less in {other}, pair by pair over {n} pairs: {difference:+.1%} ± {half:.1%}")
    if args.first_raises:
        for directory in args.records:
            print_first_raises(*first_raises(directory))


if __name__ == "__main__":
    main()
