"""Engine speed on one core: random legal play, copies, determinizations, perft.

    python bench/engine.py [--matches 2000] [--repeat 7]

It also measures what the hashed shuffle of seeded deals (``SeededDeals``, the
deals of every table and record) costs random play against ``RandomDeals``
(``random.Random``, for simulations), the two taking turns in one run.

The workload of issue 7: full matches from 0-0 with a new random deal each
hand; at each step a seat is drawn uniformly among those that may act, then an
action uniformly among that seat's legal actions. Each figure is the best of
``--repeat`` runs (the machine is a shared VM whose speed varies from run to
run); the median is printed beside it. Times are the process's CPU time
(``time.process_time``), which other work on the machine disturbs less than
the wall clock.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from random import Random

from truco.engine import Match, RandomDeals, Rules, SeededDeals, view
from truco.engine.determinize import sample
from truco.engine.perft import perft

PROFILES = {
    "paulista (default)": Rules(),
    "players: 2": Rules.parse({"players": 2}),
    "mineiro": Rules.parse("mineiro"),
    "every option changed": Rules.parse(
        {
            "manilhas": "fixed",
            "covered": "not_when_leading",
            "canga": True,
            "answer": "next",
            "eleven_decision": "first",
            "truco_in_eleven": "loses_match",
            "all_tied": "dealer_team",
            "rotation": "counterclockwise",
            "tied_trick_leader": "trick_leader",
        }
    ),
}


def random_matches(rules: Rules, matches: int, seed: int, hashed: bool = False) -> tuple[int, int, float]:
    """Play ``matches`` random matches; return (hands, actions, seconds). Deals come
    from ``Random`` or, with ``hashed``, from a new seed's hashed shuffle per match."""
    rng = Random(seed)
    rnd = rng.random
    hands = actions = 0
    start = time.process_time()
    for i in range(matches):
        deals = SeededDeals(seed * matches + i) if hashed else RandomDeals(rng, rules.deck, rules.players)
        m = Match(rules, deals=deals, first_dealer=0)
        while m.winner is None:
            seats = m.to_act()
            legal = m.legal_actions(seats[int(rnd() * len(seats))])
            m.apply(legal[int(rnd() * len(legal))])
            actions += 1
        hands += len(m.results)
    return hands, actions, time.process_time() - start


def mid_hand_positions(count: int, seed: int) -> list[Match]:
    """Positions in the second trick of random hands, for copies and determinizations."""
    rng = Random(seed)
    out = []
    while len(out) < count:
        m = Match(Rules(), seed=rng.randrange(10**9))
        while not m.tricks and m.phase != "over":
            m.apply(rng.choice(m.legal_actions()))
        if m.phase == "playing" and m.tricks:
            out.append(m)
    return out


def per_call(fn: Callable[[], object], calls: int, repeat: int) -> tuple[float, float]:
    """(best, median) seconds per call."""
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(calls):
            fn()
        runs.append((time.process_time() - start) / calls)
    return min(runs), statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches per run of the random workload")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure (best and median shown)")
    args = parser.parse_args()

    print(f"random legal play, {args.matches} matches per run, best (median) of {args.repeat} runs")
    for name, rules in PROFILES.items():
        runs = [random_matches(rules, args.matches, seed) for seed in range(args.repeat)]
        hands_s = [h / t for h, _, t in runs]
        actions_s = [a / t for _, a, t in runs]
        per_hand = sum(a for _, a, _ in runs) / sum(h for h, _, _ in runs)
        print(
            f"  {name:22} {max(hands_s):>9,.0f} ({statistics.median(hands_s):,.0f}) hands/s"
            f"  {max(actions_s):>10,.0f} ({statistics.median(actions_s):,.0f}) actions/s"
            f"  {per_hand:.1f} actions/hand"
        )

    # Seeded (hashed) deals against Random deals: short runs in adjacent pairs, in alternating
    # order, so that both see the same load; the cost is the median of the pairs' ratios.
    rules = PROFILES["paulista (default)"]
    pairs = 4 * args.repeat
    rates: dict[bool, list[float]] = {False: [], True: []}
    ratios = []
    for seed in range(pairs):
        pair = {}
        for hashed in (False, True) if seed % 2 == 0 else (True, False):
            hands, _, seconds = random_matches(rules, args.matches // 4, seed, hashed)
            pair[hashed] = hands / seconds
            rates[hashed].append(pair[hashed])
        ratios.append(pair[True] / pair[False])
    print(
        f"deals of random play, default rules, {pairs} adjacent pairs of {args.matches // 4} matches, a new seed"
        f" per match: Random {statistics.median(rates[False]):,.0f} hands/s, hashed"
        f" {statistics.median(rates[True]):,.0f} hands/s (medians): the hashed shuffle costs"
        f" {(1 - statistics.median(ratios)) * 100:.1f} % (median of the pairs)"
    )

    positions = mid_hand_positions(200, 1)
    views = [view(m, m.to_act()[0]) for m in positions]
    rng = Random(2)
    it = iter(range(10**9))
    best, median = per_call(lambda: positions[next(it) % 200].copy(), 20000, args.repeat)
    print(f"copy of a mid-hand match:   {best * 1e6:.2f} µs ({median * 1e6:.2f})")
    best, median = per_call(lambda: sample(views[next(it) % 200], rng), 20000, args.repeat)
    print(f"one determinization:        {best * 1e6:.2f} µs ({median * 1e6:.2f})")

    starts = [Match(Rules(), seed=s) for s in range(20)]
    runs = []
    for _ in range(args.repeat):
        start = time.process_time()
        nodes = sum(perft(m, 6) for m in starts)
        runs.append(nodes / (time.process_time() - start))
    best, median = max(runs), statistics.median(runs)
    print(f"perft depth 6 from the start of 20 hands: {nodes:,} leaves, {best:,.0f} ({median:,.0f}) leaves/s")


if __name__ == "__main__":
    main()
