"""The bot targets of issue 12, measured by the arena in duplicate pairs.

    python bench/bots.py [--pairs 1000] [--jobs 2] [--seed 2026] [--only panel,levels,variants,signals] [--json FILE]

1. ``panel``: ``search`` (medium) against every member of the sparring panel:
   ≥ 65% with the lower bound of the 95% interval above 60% (against
   ``search1``: ≥ 60%, lower bound above 55%; against ``random``: ≥ 97%).
2. ``levels``: ``hard`` beats ``medium`` and ``medium`` beats ``easy``, each
   ≥ 55%; ``easy`` beats ``random`` ≥ 95%.
3. ``variants``: in 1v1 (``players: 2``) and in Mineiro, ``search`` beats
   ``heuristic`` ≥ 65%.
4. ``signals``: at tables with partner signals, ``search`` using them beats
   ``search`` ignoring them (never signalling, never reading) ≥ 55%. Played in
   blocks of 100 pairs (seeds ``seed``, ``seed + 1``, ...), each block's figures
   and the running total printed as it ends, so a stopped run still tells.
5. Decision time (CPU of one core): ``medium`` p95 ≤ 150 ms and p99 ≤ 400 ms,
   ``hard`` p95 ≤ 400 ms (from the runs above).

Each run prints the arena's report, then one line per target with PASS or FAIL.
The panel's table is also what ``truco arena search panel --matches 2P`` prints.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from truco.arena import (
    PANEL_HEADER,
    PairSpec,
    Signals,
    confidence_interval,
    panel_row,
    panel_title,
    report,
    run,
    run_panel,
    scores_by_pair,
)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def check(name: str, rate: float, low: float, want: float, want_low: float | None = None) -> None:
    line = f"target {name}: {rate:.1%} (≥ {want:.0%}) {verdict(rate >= want)}"
    if want_low is not None:
        line += f"; lower bound {low:.1%} (> {want_low:.0%}) {verdict(low > want_low)}"
    print(line)


def times(summary: dict[str, Any], bot: str, p95: float, p99: float | None = None) -> None:
    t = summary["decision_ms"].get(bot)
    if not t or not t["n"]:
        return
    line = f"target {bot} p95 ≤ {p95:.0f} ms: {t['p95']} ms {verdict(t['p95'] <= p95)}"
    if p99 is not None:
        line += f"; p99 ≤ {p99:.0f} ms: {t['p99']} ms {verdict(t['p99'] <= p99)}"
    print(line)


def panel(pairs: int, jobs: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    print(panel_title("search", "paulista", seed), PANEL_HEADER, sep="\n", flush=True)
    result = run_panel("search", pairs, jobs, seed, progress=False, on_row=lambda r: print(panel_row(r), flush=True))
    print(f"({time.perf_counter() - start:.0f} s)")
    for row in result["rows"]:
        want, want_low = {"search1": (0.60, 0.55), "random": (0.97, None)}.get(row["opponent"], (0.65, 0.60))
        check(f"search beats {row['opponent']}", row["win_rate_a"], row["ci95"][0], want, want_low)
        times({"decision_ms": row["decision_ms"]}, "search:medium", 150, 400)
    return result


def duel(a: str, b: str, rules: Any, pairs: int, jobs: int, seed: int, want: float) -> dict[str, Any]:
    start = time.perf_counter()
    s = run(PairSpec(a, b, rules, seed), pairs, jobs)
    print(report(s), f"\n({time.perf_counter() - start:.0f} s)", flush=True)
    check(f"{a} beats {b} ({json.dumps(rules)})", s["win_rate_a"], s["ci95"][0], want)
    times(s, "search:medium", 150, 400)
    times(s, "search:hard", 400)
    return s


def signals(pairs: int, jobs: int, seed: int, block: int = 100) -> dict[str, Any]:
    """``search`` with signals (team A) against ``search`` ignoring them, in blocks of ``block`` pairs."""
    start = time.perf_counter()
    scores: list[float] = []
    blocks = []
    for k in range((pairs + block - 1) // block):
        n = min(block, pairs - k * block)
        s = run(PairSpec("search", "search", "paulista", seed + k, signals=Signals.A), n, jobs, progress=False)
        print(report(s), flush=True)
        scores += scores_by_pair(s["games"]).values()
        mean, low, high = confidence_interval(scores)
        print(f"after {len(scores)} pairs: search with signals won {mean:.1%} [{low:.1%}, {high:.1%}]"
              f" ({time.perf_counter() - start:.0f} s)", flush=True)  # fmt: skip
        blocks.append(s)
    mean, low, _ = confidence_interval(scores)
    check("search with signals beats search ignoring them", mean, low, 0.55)
    return {"pairs": len(scores), "win_rate_a": mean, "blocks": blocks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", default="panel,levels,variants,signals")
    parser.add_argument("--json", help="write every run's summary to this file")
    args = parser.parse_args()
    only = set(args.only.split(","))
    results: dict[str, Any] = {}
    if "panel" in only:
        results["panel"] = panel(args.pairs, args.jobs, args.seed)
    if "levels" in only:
        for a, b, want in (("search:hard", "search:medium", 0.55), ("search:medium", "search:easy", 0.55),
                           ("search:easy", "random", 0.95)):  # fmt: skip
            results[f"{a} vs {b}"] = duel(a, b, "paulista", args.pairs, args.jobs, args.seed, want)
    if "variants" in only:
        for rules in ({"players": 2}, "mineiro"):
            results[f"variant {json.dumps(rules)}"] = duel("search", "heuristic", rules, args.pairs, args.jobs,
                                                       args.seed, 0.65)  # fmt: skip
    if "signals" in only:
        results["signals"] = signals(args.pairs, args.jobs, args.seed)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
