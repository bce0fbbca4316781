"""The ranked queue: one matchmaker per mode, pure and driven by the clock it is given.

A ticket is one person, or two friends who queue as a team. The oldest ticket is
served first: the matchmaker looks for enough tickets around its rating to fill a
table, inside every member's window. A window is ``base`` rating points wide and
grows by ``growth`` points per second of waiting, up to ``cap``. Among the groups
that fit, the one with the smallest spread of ratings wins. Four people who came
alone are split into the two teams that minimise the difference of the teams'
totals plus the largest gap between partners; friends always sit together. After
``bot_offer_after`` seconds a ticket is offered an unranked match with bots
instead (it keeps its place until it takes the offer or leaves).

>>> mm = Matchmaker(players=2)
>>> mm.join(Ticket(("a",), (1500,), since=0.0))
>>> mm.join(Ticket(("b",), (1800,), since=0.0))
>>> mm.form(now=0.0)
[]
>>> [table.teams for table in mm.form(now=20.0)]
[(('a',), ('b',))]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import NamedTuple

#: how many of the nearest tickets are tried around the oldest one
NEAREST = 10


@dataclass(frozen=True)
class Window:
    base: float = 100.0
    growth: float = 10.0
    cap: float = 800.0

    def width(self, waited: float) -> float:
        return min(self.cap, self.base + self.growth * max(0.0, waited))


class Ticket(NamedTuple):
    players: tuple[str, ...]
    ratings: tuple[int, ...]
    since: float

    @property
    def rating(self) -> float:
        return sum(self.ratings) / len(self.ratings)


class Table(NamedTuple):
    """A table the matchmaker formed: team 0's players and team 1's, and the tickets it took."""

    teams: tuple[tuple[str, ...], tuple[str, ...]]
    tickets: tuple[Ticket, ...]


@dataclass
class Matchmaker:
    """The queue of one mode: ``players`` at a table (2 or 4)."""

    players: int
    window: Window = field(default_factory=Window)
    #: seconds of waiting before an unranked match with bots is offered
    bot_offer_after: float = 90.0
    tickets: list[Ticket] = field(default_factory=list)

    def join(self, ticket: Ticket) -> None:
        if len(ticket.players) > self.players // 2:
            raise ValueError(f"a team here has at most {self.players // 2} players")
        if any(p in t.players for t in self.tickets for p in ticket.players):
            raise ValueError("already in the queue")
        self.tickets.append(ticket)

    def leave(self, player: str) -> Ticket | None:
        """Take out the ticket holding ``player`` (and so its partner); return it."""
        for t in self.tickets:
            if player in t.players:
                self.tickets.remove(t)
                return t
        return None

    def ticket_of(self, player: str) -> Ticket | None:
        return next((t for t in self.tickets if player in t.players), None)

    def offer_bots(self, ticket: Ticket, now: float) -> bool:
        return now - ticket.since >= self.bot_offer_after

    def form(self, now: float) -> list[Table]:
        """Every table that can be formed now, the longest waiters first."""
        formed = []
        for anchor in sorted(self.tickets, key=lambda t: t.since):
            if anchor not in self.tickets:
                continue
            group = self._group(anchor, now)
            if group is not None:
                for t in group:
                    self.tickets.remove(t)
                formed.append(Table(self._split(group), group))
        return formed

    def _fits(self, group: tuple[Ticket, ...], now: float) -> bool:
        ratings = [r for t in group for r in t.ratings]
        spread = max(ratings) - min(ratings)
        return all(spread <= self.window.width(now - t.since) for t in group)

    def _group(self, anchor: Ticket, now: float) -> tuple[Ticket, ...] | None:
        others = sorted((t for t in self.tickets if t is not anchor), key=lambda t: abs(t.rating - anchor.rating))
        others = others[:NEAREST]
        best: tuple[float, tuple[Ticket, ...]] | None = None
        for k in range(1, self.players):
            for combo in combinations(others, k):
                group = (anchor, *combo)
                if sum(len(t.players) for t in group) != self.players or not self._fits(group, now):
                    continue
                ratings = [r for t in group for r in t.ratings]
                spread = max(ratings) - min(ratings)
                if best is None or spread < best[0]:
                    best = (spread, group)
        return None if best is None else best[1]

    def _split(self, group: tuple[Ticket, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if self.players == 2:
            return group[0].players, group[1].players
        pairs = [t for t in group if len(t.players) == 2]
        solos = [(p, r) for t in group if len(t.players) == 1 for p, r in zip(t.players, t.ratings, strict=True)]
        if len(pairs) == 2:
            return pairs[0].players, pairs[1].players
        if len(pairs) == 1:
            return pairs[0].players, tuple(p for p, _ in solos)
        return balanced(solos)


def balanced(solos: list[tuple[str, int]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two teams of two from four (player, rating): the smallest difference of totals plus
    largest gap between partners.

    >>> balanced([("a", 1600), ("b", 1550), ("c", 1500), ("d", 1450)])
    (('a', 'd'), ('b', 'c'))
    """
    first = solos[0]
    best: tuple[float, tuple[tuple[str, ...], tuple[str, ...]]] | None = None
    for partner in solos[1:]:
        team0 = [first, partner]
        team1 = [s for s in solos if s not in team0]
        totals = abs(sum(r for _, r in team0) - sum(r for _, r in team1))
        gap = max(abs(team0[0][1] - team0[1][1]), abs(team1[0][1] - team1[1][1]))
        cost = totals + gap
        if best is None or cost < best[0]:
            best = (cost, (tuple(p for p, _ in team0), tuple(p for p, _ in team1)))
    assert best is not None
    return best[1]
