"""How much a hand's card play can gain over the quick player (``truco.bots.quick.greedy``), the card play of
every search rollout: a few changes to its rules, each played by one team against ``greedy`` on the same deals.

    python bench/card_play.py [--deals 20000]

Each deal (``Match(seed=k)``, its first hand, nobody raising) is played twice, the changed player at team 0's
seats and then at team 1's, ``greedy`` at the others; printed is the share of those hands the changed player's
team won (a tie of the hand counts a half). 50 % is no gain. The changes are the common advice a club player
would give, and the lead ``search`` makes in the first trick (its weakest card, as ``low_leads`` plays it in its
rollouts since 3 December 2026) (``CHANGES``), one at a time, and for scale an open card at random; the last line
is the three that gained together, with the strongest card that takes a trick that wins the hand (the set tried
in ``search``'s rollouts: ``docs/benchmarks.md``, 2 December 2026). What they gain tells what a better quick
player could add. The last line is ``low_leads`` itself.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from operator import itemgetter
from random import Random

from truco.bots.quick import QuickPlayer, greedy, low_leads, rollout
from truco.engine import PLAY, Action, Match

#: the random cards of the scale's player
RANDOM = Random(0)
#: strength of an A (the weakest of the strong cards) and of the weakest manilha
STRONG, MANILHA = 7, 10


SCALE = "any card, at random (the scale)"
LEAD_SECOND = "lead the second card holding a manilha"
LEAD_WEAKEST = "after the first trick won, lead the weakest unless a manilha"
CHEAPEST = "second to play, the cheapest card that beats"
STRONGEST = "second to play, the strongest card that beats"
FIRST_LOW = "lead the weakest in the first trick"
COVER = "third to play, cover the partner's weak card"
SUREST = "the strongest card that takes a trick that wins the hand"
#: The lines printed: each a set of changes to ``greedy``'s rules; the last is the set played in ``search``'s
#: rollouts in the arena on 2 December 2026 (``docs/benchmarks.md``).
CHANGES: tuple[frozenset[str], ...] = (
    *(frozenset({change}) for change in (SCALE, LEAD_SECOND, LEAD_WEAKEST, CHEAPEST, STRONGEST, COVER, FIRST_LOW)),
    frozenset({LEAD_SECOND, LEAD_WEAKEST, CHEAPEST, SUREST}),
)


def changed(changes: frozenset[str]) -> QuickPlayer:
    """``greedy`` with ``changes`` to its rules (see ``CHANGES``)."""

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
        ours_first = bool(won) and won[0] == team
        if SCALE in changes:
            return RANDOM.choice(opened)[1]
        if not table:
            if FIRST_LOW in changes and not won:
                return opened[0][1]
            if LEAD_SECOND in changes and not won and len(opened) > 2 and opened[-1][0] >= MANILHA:
                return opened[-2][1]
            if LEAD_WEAKEST in changes and ours_first:
                return opened[0][1] if opened[-1][0] < MANILHA else opened[-1][1]
        elif opponents_after:
            best = max(s for _, s in table)
            beaters = [a for s, a in opened if s > best]
            held = best >= 0 and all(team_of(p) == team for p, s in table if s == best)
            if SUREST in changes and beaters and ours_first and not held:
                return beaters[-1]
            if len(table) == 1 and beaters and {CHEAPEST, STRONGEST} & changes:
                return beaters[0] if CHEAPEST in changes else beaters[-1]
            if COVER in changes and held and best < STRONG:
                over = [a for s, a in opened if s > best and s >= STRONG]
                if over:
                    return over[0]
        return greedy(seat, legal, table, strength, won, opponents_after, team_of)

    return player


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
    print(f"hands won against greedy ({2 * args.deals} hands), and the changes to its rules")
    for changes in CHANGES:
        print(f"{share(changed(changes), args.deals):7.2%}  {'; '.join(sorted(changes))}")
    print(f"{share(low_leads, args.deals):7.2%}  low_leads, the quick player of search's rollouts")


if __name__ == "__main__":
    main()
