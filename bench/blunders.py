"""How often each member of the sparring panel throws a trick's last card that sound play never throws, as the
search bot's opponent model judges it (``truco.bots.search.last_play_blunder``): the figures behind
``SOUND_BLUNDERS`` and ``RANDOM_BLUNDERS``.

    python bench/blunders.py [--hands 150] [--only random,search1]

For each opponent: a ``search:easy`` bot in seat 0 (its opponent model is the medium one's; easy only decides
faster), a ``search:easy`` partner, the opponent (medium) in seats 1 and 3, matches from seed 0 up until the bot
has seen ``--hands`` hands. Prints the chances judged, the blunders among them, their rate and the share of plays at
random the model reads from them (``play_noise``).
"""

from __future__ import annotations

import argparse

from truco.bots import PANEL, make_bot
from truco.bots.search import SearchBot
from truco.engine import Match, view


def watch(kind: str, hands: int) -> SearchBot:
    """The seat-0 bot after ``hands`` hands against ``kind``."""
    watcher = SearchBot(seed=1, level="easy")
    seed = 0
    while watcher.model.hands < hands:
        match = Match(seed=seed)
        ours = match.team_of(0)
        bots = {
            s: make_bot("search", "easy", s) if match.team_of(s) == ours else make_bot(kind, "medium", s)
            for s in (1, 2, 3)
        }
        while not match.is_over:
            seat = match.to_act()[0]
            match.apply((watcher if seat == 0 else bots[seat]).act(view(match, seat)))
        seed += 1
    return watcher


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--only", default=",".join(PANEL))
    args = parser.parse_args()
    print(f"{'opponent':<10} {'hands':>5} {'chances':>7} {'blunders':>8} {'rate':>6} {'noise':>6}")
    for kind in args.only.split(","):
        model = watch(kind, args.hands).model
        rate, noise = model.blunders / max(1, model.chances), model.play_noise()
        print(f"{kind:<10} {model.hands:>5} {model.chances:>7} {model.blunders:>8} {rate:>6.3f} {noise:>6.2f}")


if __name__ == "__main__":
    main()
