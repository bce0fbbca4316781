"""How much a hand's card play can gain over the quick player (``truco.bots.quick.greedy``), the card play of
every search rollout: a few changes to its rules, each played by one team against ``greedy`` on the same deals.

    python bench/card_play.py [--deals 20000]

Each deal (``Match(seed=k)``, its first hand, nobody raising) is played twice, the changed player at team 0's
seats and then at team 1's, ``greedy`` at the others; printed is the share of those hands the changed player's
team won (a tie of the hand counts a half). 50 % is no gain. The changes are the common advice a club player
would give (``CHANGES``), and for scale an open card at random; the last line is ``truco.bots.quick.thrifty``,
the quick player of ``search``'s rollouts since 2 December 2026: the three changes that gained, and where taking
the trick wins the hand its strongest card that takes it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from operator import itemgetter
from random import Random

from truco.bots.quick import MANILHA, QuickPlayer, greedy, rollout, thrifty
from truco.engine import PLAY, Action, Match

#: the random cards of the scale's player
RANDOM = Random(0)
#: strength of an A (the weakest of the strong cards)
STRONG = 7


def changed(change: str) -> QuickPlayer:
    """``greedy`` with one rule changed (see ``CHANGES``)."""

    def player(
        seat: int,
        legal: Sequence[Action],
        table: list[tuple[int, int]],
        strength: tuple[int, ...],
        won: list[int | None],
        opponents_after: int,
        team_of: Callable[[int], int],
    ) -> Action:
        opened = sorted(
            [(strength[a.card], a) for a in legal if a.type == PLAY and not a.covered and a.card is not None],
            key=itemgetter(0),
        )
        team = team_of(seat)
        if change == "any card, at random (the scale)":
            return RANDOM.choice(opened)[1]
        if not table:
            first = not won and len(opened) > 2
            if change == "lead the second card holding a manilha" and first and opened[-1][0] >= MANILHA:
                return opened[-2][1]
            if change == "after the first trick won, lead the weakest unless a manilha" and won and won[0] == team:
                return opened[0][1] if opened[-1][0] < MANILHA else opened[-1][1]
        elif len(table) == 1 and opponents_after and change.startswith("second to play"):
            beaters = [a for s, a in opened if s > table[0][1]]
            if beaters:
                return beaters[0] if change == "second to play, the cheapest card that beats" else beaters[-1]
        elif change == "third to play, cover the partner's weak card" and opponents_after:
            best = max(s for _, s in table)
            if best < STRONG and all(team_of(p) == team for p, s in table if s == best):
                over = [a for s, a in opened if s > best and s >= STRONG]
                if over:
                    return over[0]
        return greedy(seat, legal, table, strength, won, opponents_after, team_of)

    return player


CHANGES = (
    "any card, at random (the scale)",
    "lead the second card holding a manilha",
    "after the first trick won, lead the weakest unless a manilha",
    "second to play, the cheapest card that beats",
    "second to play, the strongest card that beats",
    "third to play, cover the partner's weak card",
)


def against_greedy(player: QuickPlayer, ours: int) -> QuickPlayer:
    """``player`` at the seats of team ``ours``, ``greedy`` at the others."""

    def seat_player(
        seat: int,
        legal: Sequence[Action],
        table: list[tuple[int, int]],
        strength: tuple[int, ...],
        won: list[int | None],
        opponents_after: int,
        team_of: Callable[[int], int],
    ) -> Action:
        chosen = player if team_of(seat) == ours else greedy
        return chosen(seat, legal, table, strength, won, opponents_after, team_of)

    return seat_player


def share(player: QuickPlayer, deals: int) -> float:
    """The share of hands ``player``'s team wins against ``greedy`` over ``deals`` deals, each played both ways."""
    won = 0.0
    for seed in range(deals):
        for ours in (0, 1):
            match = Match(seed=seed)
            winner = rollout(match, match.strength, [], [], [], against_greedy(player, ours))
            won += 0.5 if winner is None else float(winner == ours)
    return won / (2 * deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    args = parser.parse_args()
    print(f"{'change':64} hands won against greedy ({2 * args.deals} hands)")
    for change in CHANGES:
        print(f"{change:64} {share(changed(change), args.deals):.2%}")
    print(f"{'thrifty (the search rollouts)':64} {share(thrifty, args.deals):.2%}")


if __name__ == "__main__":
    main()
