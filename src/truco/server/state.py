"""A table's state, and the one walk over its log.

``TableState`` is what a table is, without its actor: seats, match, version,
chat; ``_apply`` changes it by one stored row and returns the events with the
audience each may reach. Restoring a table, its replay and its record are the
same walk over its rows (``walk``). The actor (``truco.server.table``) adds the
queue, the connections, the timers, the frames (``truco.server.frames``) and the
log (``truco.server.table_log``).
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from truco.bots import Bot
from truco.engine import Match, Phase, Rules, View, event_to_json, parse_action, view
from truco.engine.deals import LegacyDeals
from truco.engine.events import HandStarted
from truco.engine.signals import SignalLog, legacy_signal_table, signal_table
from truco.server.conn import Conn
from truco.server.identity import same_secret
from truco.server.text import is_valid_unicode

#: Who may see an event: None (everybody), or the recipients that may (seat numbers, and None for spectators)
To = frozenset[int | None] | None
#: A frame's recipient: a seat number, or None for spectators.
Key = int | None
#: The events of one version, each with its audience
Events = list[tuple[dict[str, Any], To]]


def sees(to: To, key: Key) -> bool:
    """Whether recipient ``key`` may see an event sent ``to``.

    >>> sees(None, 2), sees(frozenset({0, 2}), 2), sees(frozenset({0, 2}), None), sees(frozenset({1, None}), None)
    (True, True, False, True)
    """
    return to is None or key in to


@cache
def teams_of(rules: Rules) -> tuple[int, ...]:
    """Each seat's team, as the engine seats them.

    >>> teams_of(Rules())
    (0, 1, 0, 1)
    """
    layout = Match(rules, seed=0)
    return tuple(layout.team_of(s) for s in range(rules.players))


def held_seat(table_id: str, invite: str, status: str, seat: int, secret: str | None) -> dict[str, Any]:
    """What a player holds at a table: the seat, its secret, and the table's invitation link."""
    return {
        "table_id": table_id,
        "seat": seat,
        "seat_secret": secret,
        "invite": f"/t/{table_id}?invite={invite}",
        "status": status,
    }


@dataclass
class Seat:
    seat: int
    #: human, bot or open
    kind: str
    player_id: str | None = None
    nickname: str | None = None
    secret: str | None = None
    bot_kind: str | None = None
    bot_level: str | None = None
    conn: Conn | None = None
    #: a bot plays for this absent player
    takeover: bool = False
    bot: Bot | None = None
    #: command id -> the version it made
    commands: dict[Any, int] = field(default_factory=dict)
    muted: set[int] = field(default_factory=set)
    chat_times: deque[float] = field(default_factory=deque)
    #: bumped at each (dis)connection, so a stale absence check does nothing
    presence: int = 0

    def info(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "nickname": self.nickname,
            "bot": {"kind": self.bot_kind, "level": self.bot_level} if self.kind == "bot" else None,
            "connected": self.conn is not None,
            "takeover": self.takeover,
        }


class TableState:
    """A table as stored: rebuilt from its rows, changed one version at a time by ``_apply``."""

    def __init__(self, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        self.id: str = row["id"]
        self.config: dict[str, Any] = json.loads(row["config"])
        self.rules = Rules.parse(self.config["rules"])
        #: the seed of the deals and signals: never sent, logged or recorded
        self.deal_secret: int | str = row["deal_secret"] if row.get("deal_secret") is not None else row["seed"]
        #: a table stored before deal secrets (migration 0002) deals and draws its signals as it did then
        self.legacy = row.get("deal_secret") is None
        #: each seat's team (the engine's seating)
        self.teams = teams_of(self.rules)
        self.invite: str = row["invite"]
        self.public: bool = bool(row["public"])
        #: waiting, playing, over, or expired (a waiting table nobody came back to)
        self.status: str = "expired" if row.get("status") == "expired" else "waiting"
        self.created_at: float = row["created_at"]
        self.rematch_id: str | None = row.get("rematch_id")
        self.seats = [Seat(**{k: r[k] for k in ("seat", "kind", "bot_kind", "bot_level")}) for r in seat_rows]
        self.seats.sort(key=lambda s: s.seat)
        for s, r in zip(self.seats, sorted(seat_rows, key=lambda r: r["seat"]), strict=True):
            if s.kind == "human":
                s.player_id, s.nickname, s.secret = r["player_id"], r["nickname"], r["secret"]
        self.match: Match | None = None
        self.version = 0
        #: how many versions changed the match (a bot's answer for an older one is dropped)
        self.moves = 0
        #: the version that last changed the match (a refused command from before it is ``stale``)
        self.moved_at = 0
        self.deadline: float | None = None
        self.chat: deque[dict[str, Any]] = deque(maxlen=50)
        #: the gestures of the hand being played, at a table with signals
        self.signal_log = None
        if self.signals:
            # a table stored before deal secrets (migration 0002) draws its tables as it did then
            self.signal_log = SignalLog(self.deal_secret, legacy_signal_table if self.legacy else signal_table)

    # -- reading -----------------------------------------------------------

    @property
    def signals(self) -> bool:
        return bool(self.config["signals"]) and self.rules.players == 4

    def team(self, team: int) -> To:
        """The seats of ``team``."""
        return frozenset(s for s, t in enumerate(self.teams) if t == team)

    def not_team(self, team: int) -> To:
        """Everybody but the seats of ``team`` (spectators included)."""
        return frozenset([*(s for s, t in enumerate(self.teams) if t != team), None])

    def all_but(self, seats: frozenset[int]) -> To:
        """Everybody but ``seats`` (spectators included)."""
        return frozenset([*(s for s in range(len(self.teams)) if s not in seats), None])

    def new_match(self) -> Match:
        """The table's match before its first action, dealt from its secret; a table stored before
        deal secrets deals from its old seed as it did then (``LegacyDeals``)."""
        if self.legacy:
            deals = LegacyDeals(int(self.deal_secret), self.rules.deck, self.rules.players)
            return Match(self.rules, deals=deals, first_dealer=deals.first_dealer)
        return Match(self.rules, seed=self.deal_secret)

    def signal_table(self, hand: int, team: int) -> dict[str, str]:
        """The gestures' meaning for ``team`` in ``hand`` (at a table with signals)."""
        assert self.signal_log is not None
        return self.signal_log.table(hand, team)

    def summary(self) -> dict[str, Any]:
        m = self.match
        return {
            "id": self.id,
            "status": self.status,
            "rules": self.rules.to_json(),
            "ladder": list(self.rules.ladder),
            "timer": self.config["timer"],
            "signals": self.signals,
            "public": self.public,
            "created_at": self.created_at,
            "seats": [s.info() for s in self.seats],
            "score": list(m.score) if m else [0, 0],
            "rematch": self.rematch_id,
            "ranked": self.config.get("ranked"),
        }

    def held(self, seat: Seat) -> dict[str, Any]:
        return held_seat(self.id, self.invite, self.status, seat.seat, seat.secret)

    def seat_of(self, player_id: str | None) -> Seat | None:
        return next((s for s in self.seats if player_id and s.player_id == player_id), None)

    def visible_to(self, player_id: str | None, invite: object) -> bool:
        """Whether a player (or anyone, for None) may see this table: public, seated here, or holding the invite."""
        return self.public or self.seat_of(player_id) is not None or same_secret(invite, self.invite)

    def clock(self) -> dict[str, Any] | None:
        m = self.match
        if self.deadline is None or m is None or m.is_over or not m.to_act():
            return None
        return {"seats": m.to_act(), "deadline": self.deadline, "remaining": max(0.0, self.deadline - time.time())}

    def view_json(self, key: Key) -> dict[str, Any] | None:
        """The match as ``key`` sees it, for a frame (its signals come as events: see ``snapshot``)."""
        return None if self.match is None else view(self.match, key).to_json()

    def bot_view(self, seat: int) -> View:
        """What the bot of ``seat`` decides from: its view, with its team's signals at a table with them."""
        assert self.match is not None
        return view(self.match, seat, signals=self.signal_log)

    # -- changing: one version per call -------------------------------------

    def _apply(self, kind: str, data: dict[str, Any], at: float) -> tuple[Events, bool]:
        """Change the table by one stored row; return the events with their
        audiences, and whether the match changed. Raises ``IllegalAction``
        (only for "act") before changing anything."""
        evs: list[tuple[dict[str, Any], To]] = []
        changed = False
        if kind == "act":
            assert self.match is not None
            seat = data["seat"]
            action = parse_action(data["action"], self.rules, "action")
            engine_events = self.match.apply(action)
            if data["by"] in ("timer", "takeover"):
                evs.append(({"type": "auto", "seat": seat, "reason": data["by"]}, None))
            for e in engine_events:
                evs.append((event_to_json(e), None))
                if isinstance(e, HandStarted):
                    evs += self._signal_tables()
            if self.match.is_over:
                self.status = "over"
            changed = True
        elif kind == "join":
            s = self.seats[data["seat"]]
            s.kind, s.player_id, s.nickname, s.secret = "human", data["player_id"], data["nickname"], data["secret"]
            evs.append(({"type": "seat_taken", "seat": s.seat, "nickname": s.nickname}, None))
        elif kind == "start":
            self.match = m = self.new_match()
            self.status = "playing"
            evs.append(({"type": "match_started", "first_dealer": m.first_dealer}, None))
            evs.append((event_to_json(m.hand_started()), None))
            evs += self._signal_tables()
            changed = True
        elif kind == "signal":
            seat, team = data["seat"], self.teams[data["seat"]]
            assert self.match is not None and self.signal_log is not None
            signal = self.signal_log.add(self.match, seat, data["gesture"])
            base = {"type": "signal", "seat": seat, "gesture": data["gesture"]}
            evs += [({**base, "suit": signal.suit}, self.team(team)), (base, self.not_team(team))]
        elif kind == "chat" and not is_valid_unicode(data["text"]):
            # stored before text was checked: it could reach nobody, so it is not replayed
            pass
        elif kind == "chat":
            seat = data["seat"]
            msg = {"id": self.version + 1, "seat": seat, "nickname": data["nickname"], "text": data["text"], "at": at}
            self.chat.append(msg)
            muters = frozenset(s.seat for s in self.seats if seat in s.muted)
            evs.append(({"type": "chat", **msg}, self.all_but(muters)))
        elif kind == "mute":
            muted = self.seats[data["seat"]].muted
            if data["muted"]:
                muted.add(data["target"])
            else:
                muted.discard(data["target"])
            evs.append(({"type": "mute", "seat": data["target"], "muted": data["muted"]}, frozenset({data["seat"]})))
        elif kind == "takeover":
            self.seats[data["seat"]].takeover = data["active"]
            event = {"type": "takeover", "seat": data["seat"], "active": data["active"]}
            if data.get("left"):  # the person left the table on purpose
                event["left"] = True
            evs.append((event, None))
        elif kind == "rematch":
            self.rematch_id = data["table_id"]
            secrets_ = data.get("secrets", {})
            humans = frozenset(int(s) for s in secrets_)
            evs.append(({"type": "rematch", "table_id": self.rematch_id}, self.all_but(humans)))
            for s, secret in secrets_.items():
                event = {"type": "rematch", "table_id": self.rematch_id, "seat_secret": secret}
                evs.append((event, frozenset({int(s)})))
        else:
            raise ValueError(f"unknown row kind {kind!r}")
        if changed:
            self.moves += 1
            self.moved_at = self.version + 1
        if data.get("cmd") is not None:  # a player's command: its id is spent
            self.seats[data["seat"]].commands[data["cmd"]] = self.version + 1
        self.version += 1
        return evs, changed

    def _signal_tables(self) -> Events:
        m = self.match
        if self.signal_log is None or m is None or m.is_over:
            return []
        return [
            (
                {
                    "type": "signal_table",
                    "hand": m.hand_number,
                    "table": self.signal_table(m.hand_number, t),
                },
                self.team(t),
            )
            for t in (0, 1)
        ]

    def _next_deadline(self, before: tuple[str, list[int]] | None) -> float | None:
        """The clock after a change: kept while the partner of one who answered
        still answers the same question, restarted whenever anyone else must act."""
        timer: float = self.config["timer"]
        m = self.match
        if not timer or m is None or m.is_over or not m.to_act():
            return None
        now = m.phase, m.to_act()
        if (
            before is not None
            and self.deadline is not None
            and now[0] == before[0] in (Phase.ANSWERING, Phase.DECIDING)
            and set(now[1]) < set(before[1])
        ):
            return self.deadline
        return time.time() + timer

    def walk(self, rows: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], dict[str, Any], Events, bool]]:
        """Rebuild the table from its stored rows, in order: for each, (row, its data, the events
        with their audiences, whether the match changed). The one walk over a table's log, for
        restoring a table, its replay and its record."""
        for row in rows:
            data = json.loads(row["data"])
            evs, changed = self._apply(row["kind"], data, row["at"])
            if row["seq"] != self.version:
                raise RuntimeError(f"table {self.id}: stored version {row['seq']} where {self.version} was expected")
            yield row, data, evs, changed

    def restore(self, rows: list[dict[str, Any]]) -> None:
        """Rebuild the table from its stored rows, with its clock's deadline."""
        for row, data, _, _ in self.walk(rows):
            if row["kind"] in ("act", "start"):
                self.deadline = data.get("deadline")

    def resume_clock(self, stopped_at: float) -> None:
        """After a restart: the clock gets back the time its player had left when the server stopped."""
        if self.deadline is not None:
            left = min(max(0.0, self.deadline - stopped_at), float(self.config["timer"]))
            self.deadline = time.time() + left
