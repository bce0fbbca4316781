"""Ratings per mode with OpenSkill's Weng–Lin Plackett–Luce model, and what each person did in a match.

Why Plackett–Luce: truco is two teams and one winner, never a draw. For two
teams Plackett–Luce gives exactly Bradley–Terry's logistic win probability and
the same update as the full-pairing Bradley–Terry model (the tests check it), so
nothing is lost to the pairwise models; Thurstone–Mosteller's only extra is a
draw margin that truco has no use for. It is the ``openskill`` package's default
and its best-exercised model, and it rates a 2v2 team natively (a team's
strength is the sum of its players').

A rating is shown as one number, ``round(60 * mu)`` (1500 at the start), with a
provisional mark while ``sigma`` is above ``PROVISIONAL_SIGMA``.

>>> r = Rating.initial()
>>> r.display, r.provisional
(1500, True)
>>> [[a.display for a in team] for team in rate([[r], [r]], winner=0, left=set())]
[[1658], [1342]]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from openskill.models import PlackettLuce
from sqlalchemy import delete, insert, select

from truco.engine import Rules
from truco.engine.events import Answered, ElevenDecided, HandEnded, RaiseAccepted, RaiseAsked
from truco.engine.match import Match
from truco.server.store import Store, match_stats, players, rating_changes, ratings

MODEL = PlackettLuce()
SCALE = 60
#: above this uncertainty a rating is provisional (about ten 2v2 matches, fewer in 1v1)
PROVISIONAL_SIGMA = 7.0
#: seconds per turn at a ranked table
RANKED_TIMER = 20


class Mode(StrEnum):
    """A ranked mode: a profile's standard rules at a number of players."""

    PAULISTA_2V2 = "paulista-2v2"
    PAULISTA_1V1 = "paulista-1v1"
    MINEIRO_2V2 = "mineiro-2v2"

    @property
    def rules(self) -> Rules:
        profile, size = self.value.split("-")
        return Rules.parse({"profile": profile, "players": 2 if size == "1v1" else 4})

    @property
    def team_size(self) -> int:
        return self.rules.players // 2


def mode_of(config: dict[str, Any]) -> Mode | None:
    """The ranked mode of a table's config, or None for an unranked table.
    Ranked means: made by the matchmaker, the mode's standard rules, the turn timer on."""
    ranked = config.get("ranked")
    if not isinstance(ranked, str) or ranked not in Mode.__members__.values():
        return None
    mode = Mode(ranked)
    if Rules.parse(config["rules"]) != mode.rules or not config.get("timer"):
        return None
    return mode


def ranked_config(mode: Mode) -> dict[str, Any]:
    return {
        "rules": mode.rules.to_json(),
        "timer": RANKED_TIMER,
        "signals": True,
        "public": True,
        "ranked": mode.value,
    }


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @classmethod
    def initial(cls) -> Rating:
        return cls(MODEL.mu, MODEL.sigma)

    @property
    def display(self) -> int:
        return round(SCALE * self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate leaderboards sort by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"rating": self.display, "provisional": self.provisional, "games": self.games}


def rate(teams: list[list[Rating]], winner: int, left: set[tuple[int, int]]) -> list[list[Rating]]:
    """New ratings after a match between two teams won by ``winner``.
    A player in ``left`` ((team, index) pairs) left the match: for them it is a loss,
    whoever won; the others are rated by the result."""

    def by(win: int) -> list[list[Rating]]:
        model_teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
        ranks = [1.0 if t == win else 2.0 for t in range(len(teams))]
        rated = MODEL.rate(model_teams, ranks=ranks)
        return [
            [Rating(m.mu, m.sigma, r.games + 1) for m, r in zip(t, o, strict=True)]
            for t, o in zip(rated, teams, strict=True)
        ]

    played = by(winner)
    forfeits = {t: by(1 - t) for t in {t for t, _ in left}}
    return [
        [forfeits[t][t][i] if (t, i) in left else played[t][i] for i in range(len(team))]
        for t, team in enumerate(played)
    ]


class SeatStats(NamedTuple):
    won: bool
    trucos_asked: int
    trucos_accepted: int
    trucos_won: int
    onze_played: int
    onze_fled: int
    onze_won: int


def seat_stats(match: Match, actions: list[Any]) -> list[SeatStats]:
    """What each seat did in a finished match, replayed through the engine from ``match``
    (the table's match before its first action: ``TableState.new_match``).

    trucos asked (raises asked), accepted (raises this seat accepted), won (hands in which
    this seat asked a raise and its team won); mãos de onze its team played or fled, and won."""
    n = match.rules.players
    asked, accepted, won_raises = [0] * n, [0] * n, [0] * n
    played, fled, won_onze = [0] * n, [0] * n, [0] * n
    raising = False
    askers: set[int] = set()
    onze_team: int | None = None
    for action in actions:
        for e in match.apply(action):
            if isinstance(e, RaiseAsked):
                asked[e.seat] += 1
                askers.add(e.seat)
                raising = True
            elif isinstance(e, Answered) and raising and e.answer == "accept":
                accepted[e.seat] += 1
            elif isinstance(e, RaiseAccepted):
                raising = False
            elif isinstance(e, ElevenDecided):
                for s in range(n):
                    if match.team_of(s) == e.team:
                        played[s] += e.play
                        fled[s] += not e.play
                onze_team = e.team if e.play else None
            elif isinstance(e, HandEnded):
                for s in askers:
                    won_raises[s] += e.winner == match.team_of(s)
                for s in range(n):
                    won_onze[s] += onze_team is not None and e.winner == onze_team == match.team_of(s)
                raising, askers, onze_team = False, set(), None
    assert match.winner is not None, "seat_stats needs a finished match"
    return [
        SeatStats(
            match.winner == match.team_of(s), asked[s], accepted[s], won_raises[s], played[s], fled[s], won_onze[s]
        )
        for s in range(n)
    ]


class SeatResult(NamedTuple):
    """One person at a finished table."""

    seat: int
    player_id: str
    nickname: str
    team: int
    #: the seat was still played by the server at the end: the person left
    left: bool
    stats: SeatStats


class RatingBook:
    """Ratings, their changes and match stats in the store (blocking: call through ``Store.run``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def current(self, conn: Any, player_ids: list[str], mode: Mode) -> dict[str, Rating]:
        stmt = select(ratings).where(ratings.c.player_id.in_(player_ids), ratings.c.mode == mode.value)
        found = {r.player_id: Rating(r.mu, r.sigma, r.games) for r in conn.execute(stmt)}
        return {pid: found.get(pid, Rating.initial()) for pid in player_ids}

    def ratings_of(self, player_ids: list[str], mode: Mode) -> dict[str, Rating]:
        with self.store.engine.connect() as conn:
            return self.current(conn, player_ids, mode)

    def record(self, table_id: str, mode: Mode | None, people: list[SeatResult]) -> list[dict[str, Any]]:
        """Store every person's stats and, at a ranked table of people only, the new ratings.
        Returns each rated person's change (empty for an unranked table). Once per table."""
        now = time.time()
        with self.store.engine.begin() as conn:
            done = select(match_stats.c.table_id).where(match_stats.c.table_id == table_id).limit(1)
            if conn.execute(done).first() is not None:
                return []
            if people:
                conn.execute(
                    insert(match_stats),
                    [{"table_id": table_id, "player_id": p.player_id, **p.stats._asdict()} for p in people],
                )
            if mode is None or len(people) != mode.rules.players:
                return []
            before = self.current(conn, [p.player_id for p in people], mode)
            teams = [[p for p in people if p.team == t] for t in (0, 1)]
            winner = next(p.team for p in people if p.stats.won)
            left = {(t, i) for t, team in enumerate(teams) for i, p in enumerate(team) if p.left}
            after = rate([[before[p.player_id] for p in team] for team in teams], winner, left)
            changes = []
            for team, new in zip(teams, after, strict=True):
                for p, r in zip(team, new, strict=True):
                    old = before[p.player_id]
                    conn.execute(
                        delete(ratings).where(ratings.c.player_id == p.player_id, ratings.c.mode == mode.value)
                    )
                    row = {"player_id": p.player_id, "mode": mode.value, "mu": r.mu, "sigma": r.sigma, "games": r.games}
                    conn.execute(insert(ratings).values(**row, updated_at=now))
                    change: dict[str, Any] = {"player_id": p.player_id, "mode": mode.value, "table_id": table_id}
                    change.update(seat=p.seat, won=p.stats.won, left=p.left, mu_before=old.mu, sigma_before=old.sigma)
                    conn.execute(insert(rating_changes).values(**change, mu_after=r.mu, sigma_after=r.sigma, at=now))
                    changes.append(
                        {
                            "seat": p.seat,
                            "nickname": p.nickname,
                            "before": old.display,
                            "after": r.display,
                            "delta": r.display - old.display,
                            "provisional": r.provisional,
                            "left": p.left,
                        }
                    )
            return sorted(changes, key=lambda c: c["seat"])

    def changes_of(self, table_id: str) -> list[dict[str, Any]]:
        """The rating changes a ranked table caused, by seat (for the end screen after a reload)."""
        stmt = (
            select(rating_changes, players.c.nickname)
            .join(players, players.c.id == rating_changes.c.player_id)
            .where(rating_changes.c.table_id == table_id)
            .order_by(rating_changes.c.seat)
        )
        out = []
        for r in self.store.rows(stmt):
            old, new = Rating(r["mu_before"], r["sigma_before"]), Rating(r["mu_after"], r["sigma_after"])
            out.append(
                {
                    "seat": r["seat"],
                    "nickname": r["nickname"],
                    "before": old.display,
                    "after": new.display,
                    "delta": new.display - old.display,
                    "provisional": new.provisional,
                    "left": r["left"],
                }
            )
        return out
