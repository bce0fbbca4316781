"""What the partner's whole hand is worth to ``search``: the signals target's pairs with team A shown more.

    python bench/partner_hand.py [--pairs 100] [--seed 2026] [--phase all|answering] [--records DIR]

The pairs of ``bench/bots.py --only signals`` (team A signals, team B neither makes nor sees a gesture; blocks of
100 pairs on seeds ``seed``, ``seed + 1``, ...), but every view of team A's seats also shows the partner's whole
hand (``View.known_hands``, as the team on 11 sees it): as if every card were signalled. So no reading of the
signals, which tell only the manilhas, can give more than this. With ``--phase answering`` the hand is shown only
where the seat answers a raise (a raise back included); elsewhere A reads its partner's gestures as usual. (Shown
from the hand's start, the partner's hand would stop the gestures: a seat that sees its partner's cards makes
none, so only the phases that come after the gestures can be chosen.)

A diagnostic, not a table: it replaces the arena's ``view`` for the signalling team. With ``--records DIR`` each
block's games are saved under ``DIR/SEED``; ``python bench/records.py DIR/2026 ... --paired OTHER/2026 ...``
pairs them deal by deal with a run of the same blocks (``truco arena search search --signals a --matches 200
--seed SEED --records OTHER/SEED``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import truco.arena as arena
from truco.arena import PairSpec, Signals, confidence_interval, report, run, scores_by_pair
from truco.engine import Match, View
from truco.engine import view as plain_view
from truco.engine.signals import SignalLog


def showing_partner(phase: str | None) -> Any:
    """The arena's ``view``, but a seat at a table with signals (team A's) sees its partner's whole hand, in
    ``phase`` only if given."""

    def view(match: Match, seat: int, signals: SignalLog | None = None) -> View:
        seen = plain_view(match, seat, signals=signals)
        partner = match.partner_of(seat)
        if signals is None or partner is None or partner in seen.known_hands or phase not in (None, seen.phase):
            return seen
        return seen._replace(known_hands={**seen.known_hands, partner: tuple(match.hands[partner])})

    return view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--phase", choices=("all", "answering"), default="all")
    parser.add_argument("--records", type=Path)
    args = parser.parse_args()
    vars(arena)["view"] = showing_partner(None if args.phase == "all" else args.phase)  # what play_game calls
    scores: list[float] = []
    for k in range((args.pairs + 99) // 100):
        seed, n = args.seed + k, min(100, args.pairs - 100 * k)
        records = None
        if args.records is not None:
            (args.records / str(seed)).mkdir(parents=True, exist_ok=True)
            records = str(args.records / str(seed))
        spec = PairSpec("search", "search", "paulista", seed, records=records, signals=Signals.A)
        summary = run(spec, n, 1, progress=False)  # one process: the arena's workers would not see the view
        print(report(summary), flush=True)
        scores += scores_by_pair(summary["games"]).values()
        mean, low, high = confidence_interval(scores)
        print(f"after {len(scores)} pairs: search seeing its partner's hand ({args.phase}) won {mean:.1%}"
              f" [{low:.1%}, {high:.1%}]", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
