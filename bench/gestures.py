"""What our partner signals tell the opponents: team A's ``search`` gestures as bots do, team B's makes no gesture
and reads A's.

    python bench/gestures.py [--tell bots|every] [--pairs 100] [--seed 4026] [--rules JSON] [--records DIR]
    python bench/gestures.py [--tell bots|every] --readings DIR

Both teams play at a table with signals (the arena's ``--signals both``): each sees that the other made a gesture,
not what it means (seed 001). Team A is ``search`` telling its partner what bots tell
(``truco.bots.signals.told_manilhas``: the zap) or, with ``--tell every``, every manilha it holds (as bots did
until 5 December 2026).
Team B is ``search`` that never gestures: from the first hand in which A gestured it reads A's gestures
(``OpponentSignals``) as a count of each seat's unseen manilhas or as the zap alone, as A's open manilhas show
which, as an observant person can. Below 50 %, A's gestures tell B more than they tell A's partners.

A diagnostic, not a table: it seats its own bots (``every``, ``silent``) through the arena's ``seat_bot``. With
``--records DIR`` the games are saved there, for ``python bench/records.py DIR --paired OTHER``; ``--readings DIR``
replays them (A's gestures made again from the deals, as ``--tell`` says) and prints what one B seat's reading made of
A's gestures: the share of its decisions that read them, and the reading it believed most at each game's end.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import truco.arena as arena
from truco.arena import PairSpec, Signals, report, run
from truco.bots import Bot
from truco.bots.search import SearchBot
from truco.bots.signals import OpponentSignals, gestures_to_make
from truco.engine import View, view
from truco.engine.record import load
from truco.engine.signals import SignalLog


class EveryManilha(SearchBot):
    """``search`` that tells its partner every manilha it holds."""

    name = "every"

    def signal(self, view: View) -> tuple[str, ...]:
        return gestures_to_make(view, view.manilhas)


class Silent(SearchBot):
    """``search`` that makes no gesture (and reads the opponents' counts, as ``search`` does)."""

    name = "silent"

    def signal(self, view: View) -> tuple[str, ...]:
        return ()


OURS = {"every": EveryManilha, "silent": Silent}


def readings(directory: str, tell: str) -> str:
    """What one B seat's reading made of A's gestures in the games saved in ``directory``."""
    decisions = read = 0
    believed: Counter[str] = Counter()
    for path in sorted(Path(directory).glob("pair-*-game-*.json")):
        a_team = int(path.stem.rsplit("-", 1)[1])  # game 0: A at the even seats (truco.arena.play_game)
        match, actions = load(json.loads(path.read_text()))
        log, reader, hand = SignalLog(0), OpponentSignals(), -1
        b_seat = next(s for s in range(match.rules.players) if match.team_of(s) != a_team)
        for action in actions:
            if match.hand_number != hand:  # A's gestures, as the arena has them made when the hand is dealt
                hand = match.hand_number
                for seat in (s for s in range(match.rules.players) if match.team_of(s) == a_team):
                    seen = view(match, seat, signals=log)
                    for gesture in gestures_to_make(seen, seen.manilhas if tell == "every" else None):
                        log.add(match, seat, gesture)
            if b_seat in match.to_act():
                seen = view(match, b_seat, signals=log)
                reader.observe(seen)
                decisions += 1
                read += reader.reading(seen) is not None
            match.apply(action)
        belief = reader.belief()
        believed[max(belief, key=lambda t: belief[t]).value if reader.hands else "no gesture seen"] += 1
    games = sum(believed.values())
    ends = ", ".join(f"{k} {n}" for k, n in believed.most_common())
    return f"{games} games; B read A's gestures at {read / decisions:.0%} of its decisions; believed at the end: {ends}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tell", choices=("bots", "every"), default="bots")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=4026)
    parser.add_argument("--rules", default='"paulista"', help="the table's rules as JSON")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--records")
    parser.add_argument("--readings", metavar="DIR", help="replay the games saved in DIR: what B read of A's gestures")
    args = parser.parse_args()
    if args.readings:
        print(readings(args.readings, args.tell))
        return
    seat_bot = arena.seat_bot

    def bot(kind: str, level: str, seed: int) -> Bot:
        return OURS[kind](seed, level) if kind in OURS else seat_bot(kind, level, seed)

    vars(arena).update(seat_bot=bot, EXTERNAL_BOTS={**arena.EXTERNAL_BOTS, **{k: ("", "") for k in OURS}})
    a = "search" if args.tell == "bots" else "every"
    spec = PairSpec(a, "silent", json.loads(args.rules), args.seed, records=args.records, signals=Signals.BOTH)
    print(report(run(spec, args.pairs, args.jobs, progress=False)))


if __name__ == "__main__":
    main()
