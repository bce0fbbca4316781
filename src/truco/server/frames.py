"""What each audience of a table is sent (``docs/protocol.md``, "WebSocket"), built from the
engine's view for that audience: a seat sees what its player may know, spectators what everybody may.

A version's events come from ``TableState._apply`` with the recipients each may reach
(``truco.server.state.sees``); the frames here filter them per recipient and add the
recipient's own view. ``Frames`` keeps the last steps of a live table, so that a client
that reconnects gets the steps it missed instead of a snapshot; ``replay_steps`` builds
the same per-audience steps from a stored table's log.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from truco.server.conn import dumps
from truco.server.state import Events, Key, TableState, sees


def events_for(evs: Events, key: Key) -> list[dict[str, Any]]:
    """The events of one version that recipient ``key`` may see."""
    return [e for e, to in evs if sees(to, key)]


class Frames:
    """The frames of one live table: its steps per recipient (the last ``history`` kept),
    snapshots, welcomes and presence."""

    def __init__(self, state: TableState, history: int) -> None:
        self.state = state
        #: (version, the step's frame for each recipient that got one)
        self.history: deque[tuple[int, dict[Key, str]]] = deque(maxlen=history)

    def step(self, v: int, evs: Events, changed: bool, spectators: bool) -> dict[Key, str]:
        """The frame of version ``v`` for each seat held by a person (absent ones too, so that they
        get the gap when they return) and, when some watch, for the spectators; kept in the history."""
        keys: list[Key] = [s.seat for s in self.state.seats if s.kind == "human"]
        if spectators:
            keys.append(None)
        frames = {key: dumps(self._step(v, evs, changed, key)) for key in keys}
        self.history.append((v, frames))
        return frames

    def _step(self, v: int, evs: Events, changed: bool, key: Key) -> dict[str, Any]:
        frame: dict[str, Any] = {"type": "step", "v": v, "events": events_for(evs, key)}
        if changed:
            frame["view"] = self.state.view_json(key)
            frame["clock"] = self.state.clock()
        return frame

    def gap(self, last: Any, key: Key) -> list[str] | None:
        """The frames after version ``last`` for ``key``, or None when a snapshot is needed."""
        v = self.state.version
        if type(last) is not int or not 0 <= last <= v:
            return None
        if last == v:
            return []
        want = v - last
        if want > len(self.history):
            return None
        frames = [f.get(key) for _, f in list(self.history)[-want:]]
        if any(f is None for f in frames):
            return None
        return frames  # type: ignore[return-value]

    def snapshot(self, key: Key) -> dict[str, Any]:
        """The whole table as ``key`` may see it now."""
        state = self.state
        muted = state.seats[key].muted if key is not None else set()
        m = state.match
        signals: dict[str, Any] = {"enabled": state.signals, "hand": m.hand_number if m else None, "table": None}
        if state.signal_log is not None and m is not None and key is not None and not m.is_over:
            # the team's table and this hand's gestures so far (the own team's with their meaning)
            signals.update(state.signal_log.seen_by(m, state.teams[key]).to_json())
        return {
            "type": "snapshot",
            "v": state.version,
            "table": state.summary(),
            "view": state.view_json(key),
            "clock": state.clock(),
            "signals": signals,
            "chat": [c for c in state.chat if c["seat"] not in muted],
            "muted": sorted(muted),
            "you": None if key is None else {"seat": key, "team": state.teams[key]},
        }

    def welcome(self, key: Key) -> dict[str, Any]:
        return {
            "type": "welcome",
            "table_id": self.state.id,
            "seat": key,
            "audience": "spectator" if key is None else "seat",
            "version": self.state.version,
            "server_time": time.time(),
        }

    def presence(self) -> str:
        return dumps({"type": "presence", "seats": [s.info() for s in self.state.seats]})


def replay_steps(state: TableState, rows: list[dict[str, Any]], key: Key = None) -> list[dict[str, Any]]:
    """Every version of a stored table as ``key`` saw it (a spectator by default; a seat sees its own
    cards as it held them, and nothing the engine's view for that seat hides), rebuilt from its rows
    by ``state`` (a fresh copy of the table: ``TableState.walk``)."""
    steps = []
    for row, _, evs, changed in state.walk(rows):
        step: dict[str, Any] = {"v": state.version, "at": row["at"], "events": events_for(evs, key)}
        if changed:
            step["view"] = state.view_json(key)
        steps.append(step)
    return steps
