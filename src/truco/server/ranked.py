"""Ranked play: the queue of each mode, friends who queue as a team, and the tables the
matchmaker forms (see ``docs/protocol.md``, "Ranked play"; the endpoints are in ``ranked_api``).

Only accounts queue (a rating belongs to an account). A client puts its player in
a queue with ``POST /api/queue``, then asks ``GET /api/queue`` every second or two:
``waiting`` (with the window and, after a while, the offer of a match with bots),
then ``matched`` with the seat it holds, exactly like a lobby join.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, NamedTuple

from sqlalchemy import select

from truco.server.errors import CommandError
from truco.server.identity import new_secret
from truco.server.matchmaking import Matchmaker, Ticket, Window
from truco.server.names import name_key
from truco.server.ratings import Mode, ranked_config
from truco.server.state import teams_of
from truco.server.store import accounts

log = logging.getLogger("truco.server")


class Pending(NamedTuple):
    """A friend's request to queue together, waiting for the partner's own request."""

    partner: str
    mode: Mode
    since: float


class RankedQueue:
    """The queues of every mode, served by one task that forms tables every ``tick`` seconds."""

    def __init__(self, hub: Any, window: Window, bot_offer_after: float, tick: float = 1.0) -> None:
        self.hub = hub
        self.tick = tick
        self.queues = {m: Matchmaker(m.rules.players, window, bot_offer_after) for m in Mode}
        self.pending: dict[str, Pending] = {}
        self.matched: dict[str, dict[str, Any]] = {}
        #: the players of tables being opened now
        self.seating: dict[str, Mode] = {}
        self.names: dict[str, str] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="truco-matchmaker")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.form()
            except Exception:
                log.exception("matchmaker: the queues could not be served")

    def mode_of(self, player_id: str) -> Mode | None:
        return next((m for m, q in self.queues.items() if q.ticket_of(player_id)), None)

    async def join(self, player: dict[str, Any], mode: Mode, partner: str | None) -> dict[str, Any]:
        pid = player["id"]
        if self.mode_of(pid) is not None or pid in self.pending or pid in self.seating:
            raise CommandError("already_queued", "Você já está na fila.")
        if any(t.config.get("ranked") and t.status != "over" and t.seat_of(pid) for t in self.hub.tables.values()):
            raise CommandError("already_playing", "Termine sua partida ranqueada antes de entrar na fila de novo.")
        self.matched.pop(pid, None)
        self.names[pid] = player["nickname"]
        now = time.monotonic()
        if partner is None:
            ratings = await self.hub.store.run(self.hub.ratings.ratings_of, [pid], mode)
            self.queues[mode].join(Ticket((pid,), (ratings[pid].display,), now))
            return self.status(pid)
        if mode.team_size != 2:
            raise CommandError("bad_request", "Só se entra em dupla nos modos 2x2.")
        key = name_key(partner)
        found = await self.hub.store.run(
            self.hub.store.scalar, select(accounts.c.player_id).where(accounts.c.name_key == key)
        )
        if found is None or found == pid:
            raise CommandError("not_found", f"{partner}: não há outra conta com este nome.")
        theirs = self.pending.get(found)
        if theirs is not None and theirs.partner == pid and theirs.mode == mode:
            del self.pending[found]
            team = (found, pid)
            ratings = await self.hub.store.run(self.hub.ratings.ratings_of, list(team), mode)
            self.queues[mode].join(Ticket(team, tuple(ratings[p].display for p in team), now))
        else:
            self.pending[pid] = Pending(found, mode, now)
        return self.status(pid)

    def leave(self, player_id: str) -> None:
        """Leave the queue (a friend's team leaves together)."""
        self.pending.pop(player_id, None)
        self.matched.pop(player_id, None)
        for q in self.queues.values():
            q.leave(player_id)

    def status(self, player_id: str) -> dict[str, Any]:
        if player_id in self.matched:
            return {**self.matched[player_id], "status": "matched"}
        if player_id in self.seating:
            return {"status": "matching", "mode": self.seating[player_id].value}
        if player_id in self.pending:
            p = self.pending[player_id]
            return {"status": "waiting_partner", "mode": p.mode.value, "partner": self.names.get(p.partner)}
        mode = self.mode_of(player_id)
        if mode is None:
            return {"status": "idle"}
        q = self.queues[mode]
        ticket = q.ticket_of(player_id)
        assert ticket is not None
        waited = time.monotonic() - ticket.since
        return {
            "status": "waiting",
            "mode": mode.value,
            "waited": round(waited, 1),
            "rating": round(ticket.rating),
            "window": round(q.window.width(waited)),
            "offer_bots": q.offer_bots(ticket, time.monotonic()),
            "bot_offer_after": q.bot_offer_after,
        }

    async def form(self) -> None:
        """Open a table for every group the matchmakers formed; a table that cannot be opened puts its
        tickets back in the queue, in their place."""
        now = time.monotonic()
        for mode, q in self.queues.items():
            for formed in q.form(now):
                people = [p for team in formed.teams for p in team]
                self.seating.update(dict.fromkeys(people, mode))
                try:
                    await self._seat(mode, formed.teams)
                except Exception:
                    log.exception("matchmaker: a %s table could not be opened", mode.value)
                    for ticket in formed.tickets:
                        q.join(ticket)
                finally:
                    for p in people:
                        self.seating.pop(p, None)

    async def _seat(self, mode: Mode, teams: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
        """Open a ranked table with each team in its seats (the engine says which seats are a team's)."""
        seated = teams_of(mode.rules)
        free = {t: [s for s in range(mode.rules.players) if seated[s] == t] for t in (0, 1)}
        rows: list[dict[str, Any]] = []
        for t, team in enumerate(teams):
            for pid, seat in zip(team, free[t], strict=True):
                row = {"seat": seat, "kind": "human", "player_id": pid, "nickname": self.names[pid]}
                rows.append({**row, "secret": new_secret(), "bot_kind": None, "bot_level": None})
        rows.sort(key=lambda r: r["seat"])
        table = await self.hub.open_table(ranked_config(mode), rows)
        for s in table.seats:
            held = table.held(s)
            self.matched[s.player_id] = {**held, "mode": mode.value, "table_status": held["status"]}
