"""Partner signals (seed 001): four gestures whose meaning — gesture → manilha suit — is drawn per hand and per team.

A team's table for a hand comes from the table's secret (``signal_table``). Whoever runs a
table with signals (the server, the arena) keeps the gestures made in the hand being played in
a ``SignalLog``; each seat reads them through its view (``view(match, seat, signals=log)``),
as ``TeamSignals``: its own team's table, and every gesture made, with the meaning of its own
team's only. An opponent sees that a gesture was made, never what it means.

>>> a, b = signal_table(7, 0, 0), signal_table(7, 0, 1)
>>> sorted(a) == sorted(GESTURES) and sorted(a.values()) == list("CDHS") and a != b
True
>>> from truco.engine import Match
>>> m = Match(seed=7)
>>> log = SignalLog(7)
>>> log.add(m, 0, "piscar").suit == a["piscar"]
True
>>> log.seen_by(m, 0).made[0].suit == a["piscar"], log.seen_by(m, 1).made[0].suit
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from truco.engine.deals import SIGNALS, Draws, derived_key
from truco.engine.match import Match

GESTURES = ("piscar", "sobrancelha", "bochecha", "lingua")


def signal_table(secret: int | str, hand: int, team: int) -> dict[str, str]:
    """The table of ``team`` for ``hand``: gesture -> manilha suit (D S H C).
    Drawn from the table's secret with its own derived key (``Draws`` for the
    purpose "signals", item ``hand``), so a restarted server draws the same and
    neither table tells anything of the deals. Team 0 gets the first shuffle of
    the suits; team 1 the next one that differs from it."""
    draws = Draws(derived_key(secret, SIGNALS), hand)

    def shuffled() -> list[int]:
        order = [0, 1, 2, 3]
        draws.shuffle(order, 3)
        return order

    own = other = shuffled()
    while other == own:
        other = shuffled()
    return {g: "DSHC"[i] for g, i in zip(GESTURES, own if team == 0 else other, strict=True)}


def legacy_signal_table(seed: int | str, hand: int, team: int) -> dict[str, str]:
    """``signal_table`` as drawn for tables stored before deal secrets (migration 0002), from
    ``Random`` and their old seed: team 0 gets a random order of the suits, team 1 the next
    one that differs from it. Never for new tables.

    >>> legacy_signal_table(7, 0, 0) != legacy_signal_table(7, 0, 1)
    True
    """
    rng = Random(f"signals/{seed}/{hand}")
    own = rng.sample("DSHC", 4)
    other = own
    while other == own:
        other = rng.sample("DSHC", 4)
    return dict(zip(GESTURES, own if team == 0 else other, strict=True))


#: How a table draws its teams' tables: (secret, hand, team) -> gesture -> suit
TableDraw = Callable[[int | str, int, int], dict[str, str]]


@dataclass(frozen=True, slots=True)
class Signal:
    """One gesture made, as an audience sees it."""

    seat: int
    gesture: str
    #: the manilha suit it means (D S H C): known to the sender's team only
    suit: str | None


@dataclass(frozen=True, slots=True)
class TeamSignals:
    """What a team knows of the signals of the hand being played."""

    hand: int
    #: the team's own table: gesture -> manilha suit
    table: dict[str, str]
    #: the gestures made in this hand, in order (the opponents' without their meaning)
    made: tuple[Signal, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "table": dict(self.table),
            "made": [{"seat": s.seat, "gesture": s.gesture, "suit": s.suit} for s in self.made],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> TeamSignals:
        made = tuple(Signal(s["seat"], s["gesture"], s["suit"]) for s in obj["made"])
        return cls(hand=obj["hand"], table=dict(obj["table"]), made=made)


class SignalLog:
    """The gestures made in the hand being played at a table with signals (its secret draws the
    tables, with ``draw``: ``legacy_signal_table`` for a table stored before deal secrets)."""

    def __init__(self, secret: int | str, draw: TableDraw = signal_table) -> None:
        self.secret = secret
        self.draw = draw
        self.hand = -1
        #: (seat, gesture) in the order made
        self.made: list[tuple[int, str]] = []
        self._tables: dict[tuple[int, int], dict[str, str]] = {}

    def table(self, hand: int, team: int) -> dict[str, str]:
        key = (hand, team)
        if key not in self._tables:
            if len(self._tables) > 4:
                self._tables.clear()
            self._tables[key] = self.draw(self.secret, hand, team)
        return self._tables[key]

    def _current(self, match: Match) -> list[tuple[int, str]]:
        if match.hand_number != self.hand:
            self.hand, self.made = match.hand_number, []
        return self.made

    def add(self, match: Match, seat: int, gesture: str) -> Signal:
        """Record that ``seat`` made ``gesture`` in the hand being played; the signal with its meaning."""
        if gesture not in GESTURES:
            raise ValueError(f"gesture must be one of {', '.join(GESTURES)}, not {gesture!r}")
        self._current(match).append((seat, gesture))
        return Signal(seat, gesture, self.table(match.hand_number, match.team_of(seat))[gesture])

    def seen_by(self, match: Match, team: int) -> TeamSignals:
        """What ``team`` knows of this hand's signals."""
        hand = match.hand_number
        own = self.table(hand, team)
        made = tuple(Signal(s, g, own[g] if match.team_of(s) == team else None) for s, g in self._current(match))
        return TeamSignals(hand, own, made)
