"""What the rule options cost the default profile (issue 3: at most 10%).

    python bench/options_cost.py [--matches 300] [--rounds 4]

Builds, in a temporary folder, a copy of the engine with every option check of
the inner loop replaced by the game help's rule, then plays the same random
workload as ``bench/engine.py`` (default rules) with both engines in turns and
prints the best hands per second of each. If a replacement no longer matches
the source, the script stops: update its table with the engine.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import tempfile
import time
from pathlib import Path
from random import Random

SRC = Path(__file__).resolve().parent.parent / "src"

#: option check in match.py -> the default rule, hard-wired
DEFAULTS_ONLY = [
    ("(self.tricks if self._cover_from_second else self.trick)", "self.tricks"),
    ("            if self.canga:\n                strength", "            if False:\n                strength"),
    ('if self.players == 2 or self.rules.answer == "next":', "if False:"),
    ("leader = trick[0].seat if self._trick_leader_leads_ties else self.best_seat", "leader = self.best_seat"),
    ("if team is _TIE and self._dealer_wins_ties:", "if False:"),
    ("if winner is _TIE and len(tricks) == 1 and self._canga_rule and self.kind is not IRON:", "if False:"),
    ("elif kind is ELEVEN and self._eleven_penalty and seat & 1 == self.eleven_team:", "elif False:"),
    ('deciders[:1] if rules.eleven_decision == "first" else deciders', "deciders"),
]


def load_engine(src: Path):
    for name in [m for m in sys.modules if m == "truco" or m.startswith("truco.")]:
        del sys.modules[name]
    sys.path.insert(0, str(src))
    try:
        return importlib.import_module("truco.engine")
    finally:
        sys.path.pop(0)


def hands_per_second(engine, matches: int, seed: int) -> float:
    rules = engine.Rules()
    rng = Random(seed)
    rnd = rng.random
    hands = 0
    start = time.perf_counter()
    for _ in range(matches):
        m = engine.Match(rules, deals=engine.RandomDeals(rng), first_dealer=0)
        while m.winner is None:
            seats = m.to_act()
            legal = m.legal_actions(seats[int(rnd() * len(seats))])
            m.apply(legal[int(rnd() * len(legal))])
        hands += len(m.results)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=4, help="rounds of three runs per engine")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        stripped = Path(tmp)
        shutil.copytree(SRC / "truco", stripped / "truco")
        match_py = stripped / "truco" / "engine" / "match.py"
        source = match_py.read_text()
        for check, default in DEFAULTS_ONLY:
            if check not in source:
                sys.exit(f"bench/options_cost.py is out of date: {check!r} is no longer in match.py")
            source = source.replace(check, default)
        match_py.write_text(source)
        best = {"with options": 0.0, "defaults only": 0.0}
        for _ in range(args.rounds):
            for name, src in (("with options", SRC), ("defaults only", stripped)):
                engine = load_engine(src)
                best[name] = max(best[name], *(hands_per_second(engine, args.matches, s) for s in range(3)))
    ratio = best["with options"] / best["defaults only"]
    print(f"default rules, best of {3 * args.rounds} runs of {args.matches} random matches:")
    print(f"  engine with every option     {best['with options']:>9,.0f} hands/s")
    print(f"  engine with the defaults only {best['defaults only']:>8,.0f} hands/s")
    print(f"  the options cost the default profile {max(0.0, 1 - ratio):.1%} of its speed (ratio {ratio:.3f})")


if __name__ == "__main__":
    main()
