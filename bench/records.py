"""The figures of an arena run so far, from the records it saved (``truco arena ... --records DIR``): a long run
that is stopped, or not over yet, still tells its win rate over the duplicate pairs it finished.

    python bench/records.py DIR [DIR ...] [--paired OTHER [OTHER ...]] [--luck] [--first-raises]

Game 0 of a pair seats A at the even seats (engine team 0), game 1 at the odd ones (``truco.arena.play_game``).
Prints the pairs finished, A's win rate with its 95 % interval over them (``confidence_interval``, as the arena
reports it), points per hand and raises asked per hand by each side. With ``--paired OTHER``, the records of
another run on the same deals (same seed, other bots or another version): how much more A won in DIR than in
OTHER over the pairs both finished, pair by pair, with its 95 % interval: the same deals cancel most of the
luck, so this tells two versions apart in far fewer pairs than their two win rates. Several directories (runs on
other seeds, such as the blocks of 100 pairs of ``bench/bots.py --only signals``) are pooled, and paired with the
``--paired`` directories in the same order.

With ``--luck``, each figure again with **the luck of the deals taken out** (a control variate, as AIVAT does
for poker's chance nodes): once the games part, a pair's two matches meet different deals, and most of what is
left of the noise is which team was dealt the winning cards. A hand's luck for A is whether A's cards win it
when all four play them open (``truco.bots.quick.rollout`` with ``low_leads``, nobody raising; a tie counts a
half), less the share of hands that the team of the hand's first player wins so (over every hand read), times
what the hand's base stake is worth in match equity at its score (``truco.bots.betting.match_equity``). Given
the score, a deal is drawn independently of everything before it, so a match's summed luck has mean zero
whatever the bots: the win rate less β times it estimates the same win rate with less noise, β fitted over the
pairs (least squares; fitting it on the same pairs biases the mean by O(1/n)).

With ``--first-raises``, the
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
from truco.bots.betting import match_equity
from truco.bots.quick import low_leads, rollout
from truco.engine import ACCEPT, ELEVEN, RAISE, RUN, Match
from truco.engine.events import HandEnded
from truco.engine.record import load

#: what names a duplicate pair: its number, or (the run's place, its number) where runs are pooled
Pair = TypeVar("Pair", bound=Hashable)
NAME = re.compile(r"pair-(\d+)-game-([01])\.json")


#: a hand's deal as the luck correction reads it: (the match equity its base stake swings for A, whether A's
#: cards win it played open, whether A's team plays first)
Deal = tuple[float, float, bool]


def dealt(match: Match, a_team: int) -> Deal:
    """The hand just dealt in ``match``, as ``Deal`` reads it."""
    rules, score = match.rules, match.score
    stake = rules.special_value if match.kind is ELEVEN else rules.base_value
    mine, theirs = score[a_team], score[1 - a_team]
    swing = match_equity(rules, mine + stake, theirs) - match_equity(rules, mine, theirs + stake)
    winner = rollout(match.copy(), match.strength, [], [], [], low_leads)
    won = 0.5 if winner is None else float(winner == a_team)
    return swing, won, match.team_of(match.next_seat[match.dealer]) == a_team


def game(path: Path, a_team: int) -> tuple[float, dict[str, int], list[Deal]]:
    """(1 if A won the match, else 0; A's and B's points and raises, and the hands; the hands' deals) of one
    record."""
    match, actions = load(json.loads(path.read_text()))
    tally = {"hands": 0, "points a": 0, "points b": 0, "raises a": 0, "raises b": 0}
    deals = [dealt(match, a_team)]
    for action in actions:
        if action.type == RAISE:
            tally["raises a" if match.team_of(action.seat) == a_team else "raises b"] += 1
        for event in match.apply(action):
            if isinstance(event, HandEnded):
                tally["hands"] += 1
                if event.winner is not None:
                    tally["points a" if event.winner == a_team else "points b"] += event.points
        if not match.is_over and match.hand_number >= len(deals):
            deals.append(dealt(match, a_team))
    return float(match.winner == a_team), tally, deals


def pair_scores(directory: Path) -> tuple[dict[int, float], dict[str, int], dict[int, list[Deal]]]:
    """A's score in each finished pair of ``directory`` (its share of the pair's two matches), the tallies of
    every game saved there, and the deals of each finished pair's two matches."""
    pairs: dict[int, dict[int, float]] = {}
    deals: dict[int, list[Deal]] = {}
    totals = {"hands": 0, "points a": 0, "points b": 0, "raises a": 0, "raises b": 0}
    for path in sorted(directory.iterdir()):
        found = NAME.fullmatch(path.name)
        if found is None:
            continue
        pair, a_team = int(found[1]), int(found[2])
        won, tally, hands = game(path, a_team)
        pairs.setdefault(pair, {})[a_team] = won
        deals.setdefault(pair, []).extend(hands)
        for key, n in tally.items():
            totals[key] += n
    finished = {p: (g[0] + g[1]) / 2 for p, g in pairs.items() if len(g) == 2}
    return finished, totals, {p: deals[p] for p in finished}


def luck(deals: Mapping[Pair, list[Deal]]) -> dict[Pair, float]:
    """A's luck in each pair: the summed luck of its two matches' deals, halved as the pair's score is (see the
    module's help), against the share of hands the first player's team wins with open cards over all of them."""
    hands = [deal for pair in deals.values() for deal in pair]
    first = statistics.fmean(won if a_first else 1 - won for _, won, a_first in hands)
    return {
        p: sum(swing * (won - (first if a_first else 1 - first)) for swing, won, a_first in pair) / 2
        for p, pair in deals.items()
    }


def without_luck(scores: Mapping[Pair, float], lucks: Mapping[Pair, float]) -> tuple[float, float, float]:
    """(mean, half-width of the 95 % interval, β) of ``scores`` less β times ``lucks`` (each pair's), β fitted by
    least squares.

    >>> mean, half, beta = without_luck({0: 1.0, 1: 0.0, 2: 1.0, 3: 0.5}, {0: 0.4, 1: -0.6, 2: 0.6, 3: -0.1})
    >>> round(beta, 2), round(mean, 3)
    (0.88, 0.559)
    """
    pairs = list(scores)
    ys, xs = [scores[p] for p in pairs], [lucks[p] for p in pairs]
    beta = statistics.covariance(xs, ys) / statistics.variance(xs)
    left = [y - beta * x for y, x in zip(ys, xs, strict=True)]
    return statistics.fmean(left), 1.96 * statistics.stdev(left) / len(left) ** 0.5, beta


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


def pooled(
    directories: list[Path],
) -> tuple[dict[tuple[int, int], float], dict[str, int], dict[tuple[int, int], list[Deal]]]:
    """``pair_scores`` of several runs pooled: the pairs keyed by (the run's place in ``directories``, pair)."""
    pairs: dict[tuple[int, int], float] = {}
    deals: dict[tuple[int, int], list[Deal]] = {}
    totals: dict[str, int] = {}
    for i, directory in enumerate(directories):
        scores, tally, hands = pair_scores(directory)
        pairs.update({(i, p): score for p, score in scores.items()})
        deals.update({(i, p): dealt for p, dealt in hands.items()})
        for key, n in tally.items():
            totals[key] = totals.get(key, 0) + n
    return pairs, totals, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, nargs="+")
    parser.add_argument("--paired", type=Path, nargs="+", help="the records of another run on the same deals")
    parser.add_argument("--luck", action="store_true", help="each figure again with the luck of the deals out")
    parser.add_argument("--first-raises", action="store_true", help="the hands by their first raise")
    args = parser.parse_args()
    pairs, totals, deals = pooled(args.records)
    mean, low, high = confidence_interval(list(pairs.values()))
    hands = totals["hands"] or 1
    print(f"{len(pairs)} duplicate pairs finished: win rate of A {mean:.1%}   95% CI [{low:.1%}, {high:.1%}]")
    lucks = luck(deals) if args.luck else {}
    if args.luck:
        mean, half, beta = without_luck(pairs, lucks)
        print(f"  the luck of the deals out: {mean:.1%} ± {half:.1%} (β {beta:.2f})")
    print(
        f"points per hand: A {totals['points a'] / hands:.3f}   B {totals['points b'] / hands:.3f}   ({hands} hands,"
        f" every game saved)"
    )
    print(f"raises asked per hand: A {totals['raises a'] / hands:.3f}   B {totals['raises b'] / hands:.3f}")
    if args.paired is not None:
        if len(args.paired) != len(args.records):
            parser.error("--paired takes as many directories as the records, in the same order")
        others, _, other_deals = pooled(args.paired)
        n, difference, half = paired_difference(pairs, others)
        other = " ".join(str(p) for p in args.paired)
        print(f"A's win rate less in {other}, pair by pair over {n} pairs: {difference:+.1%} ± {half:.1%}")
        if args.luck:
            other_lucks = luck(other_deals)
            both = [p for p in pairs if p in others]
            difference, half, beta = without_luck(
                {p: pairs[p] - others[p] for p in both}, {p: lucks[p] - other_lucks[p] for p in both}
            )
            print(f"  the luck of the deals out: {difference:+.1%} ± {half:.1%} (β {beta:.2f})")
    if args.first_raises:
        for directory in args.records:
            print_first_raises(*first_raises(directory))


if __name__ == "__main__":
    main()
