"""The bot targets of issue 4, measured by the arena in duplicate pairs.

    python bench/bots.py [--random-pairs 500] [--search-pairs 1000] [--jobs 2] [--seed 2026] [--json FILE]

1. ``heuristic`` against ``random``: target ≥ 97% of matches won.
2. ``search`` (medium) against ``heuristic``: target ≥ 65% of matches won, the
   lower bound of the 95% interval (over pairs) above 60%, over ≥ 1,000 pairs.
3. The decision-time budget of the default level (search, medium) in run 2:
   p95 ≤ 150 ms and p99 ≤ 400 ms, CPU time of one core per decision.

Each run prints the arena's report, then one line per target with PASS or FAIL.
The same figures come from ``truco arena heuristic random --matches 1000 --seed S --jobs J``
and ``truco arena search heuristic --matches 2000 --seed S --jobs J``.
"""

from __future__ import annotations

import argparse
import json
import time

from truco.arena import PairSpec, report, run


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-pairs", type=int, default=500)
    parser.add_argument("--search-pairs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", help="write both runs' summaries to this file")
    args = parser.parse_args()

    results = {}
    if args.random_pairs:
        start = time.perf_counter()
        s = run(PairSpec("heuristic", "random", "paulista", args.seed), args.random_pairs, args.jobs)
        print(report(s), f"\n({time.perf_counter() - start:.0f} s)")
        print(f"target heuristic beats random in ≥ 97% of matches: {s['win_rate_a']:.1%} "
              f"{verdict(s['win_rate_a'] >= 0.97)}\n")  # fmt: skip
        results["heuristic_vs_random"] = s
    if args.search_pairs:
        start = time.perf_counter()
        s = run(PairSpec("search", "heuristic", "paulista", args.seed), args.search_pairs, args.jobs)
        print(report(s), f"\n({time.perf_counter() - start:.0f} s)")
        low = s["ci95"][0]
        print(f"target search beats heuristic in ≥ 65% of matches: {s['win_rate_a']:.1%} "
              f"{verdict(s['win_rate_a'] >= 0.65)}")  # fmt: skip
        print(f"target lower bound of the 95% interval > 60%: {low:.1%} {verdict(low > 0.60)}")
        print(f"target ≥ 1,000 duplicate pairs: {s['pairs']} {verdict(s['pairs'] >= 1000)}")
        t = s["decision_ms"]["search:medium"]
        print(f"target search (medium) p95 ≤ 150 ms: {t['p95']} ms {verdict(t['p95'] <= 150)}; "
              f"p99 ≤ 400 ms: {t['p99']} ms {verdict(t['p99'] <= 400)}")  # fmt: skip
        results["search_vs_heuristic"] = s
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
