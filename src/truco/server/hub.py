"""The hub: every table of the server, its store, and the lobby's operations.

It creates tables (with their rules, seats, clock, signals and visibility),
restores the unfinished ones at startup, and answers the lobby's questions
(public tables, a player's history, replays and records of finished matches).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import bindparam, select

from truco.bots import BOT_KINDS, LEVELS
from truco.engine import Rules, RulesError, to_record
from truco.server.accounts import SESSION_PREFIX, Accounts, Throttle
from truco.server.config import Config
from truco.server.identity import Signer, new_id, new_secret, new_table_secret, nickname_key
from truco.server.matchmaking import Window
from truco.server.ranked import RankedQueue
from truco.server.ratings import RatingBook, SeatResult, mode_of, seat_stats
from truco.server.store import Store, bans, events, players, seats, tables
from truco.server.table import DEFAULT_BOT, CommandError, Table

MAX_TIMER = 600
_ANY_BAN = select(bans.c.id).where(bans.c.nickname_key == bindparam("key")).limit(1)
_SERVER_BAN = _ANY_BAN.where(bans.c.scope == "server")
PLAYER_CACHE = 100_000
#: seconds after a player's last request during which it counts as online
ONLINE = 120.0

log = logging.getLogger("truco.server")


class Hub:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.store = Store(config.db_url)
        self.tables: dict[str, Table] = {}
        # two, so that a quick bot is not stuck behind a long search
        self.bot_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="truco-bots")
        self.signer: Signer | None = None
        self.stats = Stats()
        self._sweeper: asyncio.Task[None] | None = None
        #: players by id (a nickname never changes), the oldest forgotten first
        self._players: dict[str, dict[str, Any]] = {}
        self.accounts = Accounts(self.store)
        #: when each player last made a request (for friends' "online")
        self.seen: dict[str, float] = {}
        #: invitations to a table from someone a player follows, by invited player (see friends.py)
        self.invites: dict[str, list[Any]] = {}
        self.login_names = Throttle(config.login_free_per_name, config.login_delay, config.login_delay_cap)
        self.ratings = RatingBook(self.store)
        window = Window(config.ranked_window, config.ranked_window_growth, config.ranked_window_cap)
        self.ranked = RankedQueue(self, window, config.ranked_bot_offer)
        #: one match's ratings are read and written at a time
        self._rating_lock = asyncio.Lock()
        self._after_matches: set[asyncio.Task[None]] = set()
        self.login_clients = Throttle(config.login_free_per_client, config.login_delay, config.login_delay_cap)

    async def start(self) -> None:
        await self.store.run(self.store.migrate)
        self.signer = Signer(await self.store.run(self.store.secret))
        self.store.start()
        for row in await self.store.run(self.store.rows, select(tables.c.id).where(tables.c.status != "over")):
            try:
                await self.load(row["id"])
            except Exception:
                # e.g. an engine whose seeded deals changed: one table must not keep the server down
                log.exception("table %s could not be restored", row["id"])
        self._sweeper = asyncio.create_task(self._sweep(), name="truco-sweep")
        self.ranked.start()

    async def _sweep(self, every: float = 60.0) -> None:
        """Forget finished tables nobody watches (they are reloaded from the database when asked for)."""
        while True:
            await asyncio.sleep(every)
            for t in list(self.tables.values()):
                idle = time.time() - t.changed_at > every and t.queue.empty() and not t.connections()
                if t.status == "over" and idle:
                    del self.tables[t.id]
                    await t.stop()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.ranked.stop()
        for t in list(self.tables.values()):
            t.close_all(1012, "server restart")
            await t.stop()
        await self.store.stop()
        self.bot_executor.shutdown(wait=False, cancel_futures=True)

    # -- players -------------------------------------------------------------

    async def new_player(self, nickname: str) -> dict[str, Any]:
        if await self.banned(nickname, "server"):
            raise CommandError("banned", "Este apelido foi banido do servidor.")
        if await self.store.quick(self.accounts.name_taken, nickname):
            raise CommandError("name_taken", "Este nome tem dono: entre na conta ou escolha outro apelido.")
        pid = new_id(12)
        row = {"id": pid, "nickname": nickname, "nickname_key": nickname_key(nickname), "created_at": time.time()}
        await self.store.quick(self.store.write, [("players", row)])
        self._players[pid] = row
        assert self.signer is not None
        return {"player_id": pid, "nickname": nickname, "token": self.signer.token(pid)}

    async def player(self, token: object) -> dict[str, Any] | None:
        """The player a token names, or None for a wrong token: a live session's account,
        or a guest (a guest token dies when its name is claimed or deleted)."""
        if isinstance(token, str) and token.startswith(SESSION_PREFIX):
            account = await self.store.quick(self.accounts.player_of_session, token)
            if account is not None:
                self.seen[account["id"]] = time.monotonic()
            return account
        assert self.signer is not None
        pid = self.signer.player(token)
        if pid is None:
            return None
        self.seen[pid] = time.monotonic()
        if pid not in self._players:
            found = await self.store.quick(self.store.rows, select(players).where(players.c.id == pid))
            if not found:
                return None
            self._players[pid] = dict(found[0])
            if len(self._players) > PLAYER_CACHE:
                self._players.pop(next(iter(self._players)))
        row = self._players[pid]
        return row if row.get("account") is None else None

    def online(self, player_id: str) -> bool:
        """Seen in the last ``ONLINE`` seconds (any request or connection), or at a table now."""
        if time.monotonic() - self.seen.get(player_id, -ONLINE) < ONLINE:
            return True
        return any(s.conn is not None and s.player_id == player_id for t in self.tables.values() for s in t.seats)

    def forget_player(self, player_id: str) -> None:
        """Drop a cached player whose row changed (a claimed or deleted account)."""
        self._players.pop(player_id, None)

    async def banned(self, nickname: str | None, scope: str) -> bool:
        """Whether ``nickname`` is banned from the server, or (``scope="chat"``) from the chat,
        which a server ban includes. Asked of the database each time, so a ban from
        ``truco admin`` takes effect at once."""
        if nickname is None:
            return False
        stmt = _SERVER_BAN if scope == "server" else _ANY_BAN
        return await self.store.quick(self.store.scalar, stmt, {"key": nickname_key(nickname)}) is not None

    # -- tables ---------------------------------------------------------------

    async def load(self, table_id: str) -> Table | None:
        """The table in memory, or rebuilt from the database (None if unknown)."""
        if table_id in self.tables:
            return self.tables[table_id]
        table = await self.store.run(self._read, table_id)
        if table is None:
            return None
        if table_id in self.tables:  # loaded meanwhile
            return self.tables[table_id]
        self.tables[table_id] = table
        table.start()
        return table

    def _read(self, table_id: str) -> Table | None:
        """A table rebuilt from its rows (blocking: call through the store's threads)."""
        row = self.store.rows(select(tables).where(tables.c.id == table_id))
        if not row:
            return None
        seat_rows = self.store.rows(select(seats).where(seats.c.table_id == table_id))
        table = Table(self, dict(row[0]), [dict(r) for r in seat_rows])
        table.rematch_id = row[0]["rematch_id"]
        table.restore(self._events(table_id))
        return table

    def _events(self, table_id: str) -> list[dict[str, Any]]:
        stmt = select(events.c.seq, events.c.kind, events.c.data, events.c.at).where(events.c.table_id == table_id)
        return [dict(r) for r in self.store.rows(stmt.order_by(events.c.seq))]

    async def create(self, player: dict[str, Any], spec: Any) -> dict[str, Any]:
        """A new table from a lobby request (see docs/protocol.md, ``Create``); the creator's seat."""
        config, seat_specs = parse_create(spec)
        me = next(i for i, s in enumerate(seat_specs) if s["type"] == "me")
        rows = []
        for i, s in enumerate(seat_specs):
            row: dict[str, Any] = {"seat": i, "kind": "open", "player_id": None, "nickname": None, "secret": None}
            row.update(bot_kind=s.get("kind"), bot_level=s.get("level"))
            if s["type"] == "me":
                row.update(kind="human", player_id=player["id"], nickname=player["nickname"], secret=new_secret())
            elif s["type"] == "bot":
                row["kind"] = "bot"
            rows.append(row)
        table = await self._new_table(config, rows, rematch_of=None)
        return table.held(table.seats[me])

    async def rematch(self, old: Table) -> Table:
        """A new table like ``old``, with the same players and bots in the same seats."""
        rows = []
        for s in old.seats:
            row = {"seat": s.seat, "kind": s.kind, "bot_kind": s.bot_kind, "bot_level": s.bot_level}
            row.update(player_id=s.player_id, nickname=s.nickname, secret=new_secret() if s.kind == "human" else None)
            rows.append(row)
        # a rematch is never ranked: ranked tables come from the matchmaker
        config = {k: v for k, v in old.config.items() if k != "ranked"}
        return await self._new_table(config, rows, rematch_of=old.id)

    async def open_table(self, config: dict[str, Any], seat_rows: list[dict[str, Any]]) -> Table:
        """A new table with its seats already given (the matchmaker's ranked tables)."""
        return await self._new_table(config, seat_rows, rematch_of=None)

    async def _new_table(
        self, config: dict[str, Any], seat_rows: list[dict[str, Any]], rematch_of: str | None
    ) -> Table:
        tid = new_id(6)
        row = {
            "id": tid,
            "created_at": time.time(),
            "config": json.dumps(config),
            "seed": 0,
            "deal_secret": new_table_secret(),
            "invite": new_id(12),
            "public": config["public"],
            "status": "waiting",
            "rematch_of": rematch_of,
        }
        ops = [("tables", row)] + [("seats", {"table_id": tid, **r}) for r in seat_rows]
        await self.store.quick(self.store.write, ops)
        table = Table(self, row, seat_rows)
        self.tables[tid] = table
        table.start()
        return table

    async def join(self, table: Table, player: dict[str, Any], seat: Any) -> dict[str, Any]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        table.post("join", player["id"], player["nickname"], seat, future)
        return await future

    def lobby(self) -> list[dict[str, Any]]:
        waiting = [t for t in self.tables.values() if t.public and t.status == "waiting"]
        waiting.sort(key=lambda t: -t.created_at)
        return [t.summary() for t in waiting[:50]]

    # -- the end of a match ----------------------------------------------------

    def match_over(self, table: Table) -> None:
        """Called by a table's actor when its match ends: stats and, if ranked, ratings (in the background)."""
        task = asyncio.create_task(self._after_match(table), name=f"after-{table.id}")
        self._after_matches.add(task)
        task.add_done_callback(self._after_matches.discard)

    async def _after_match(self, table: Table) -> None:
        match = table.match
        assert match is not None
        try:
            stats = seat_stats(table.rules, table.deal_secret, list(match.actions))
            people = [
                SeatResult(s.seat, s.player_id, s.nickname or "", match.team_of(s.seat), s.takeover, stats[s.seat])
                for s in table.seats
                if s.kind == "human" and s.player_id is not None
            ]
            async with self._rating_lock:
                changes = await self.store.run(self.ratings.record, table.id, mode_of(table.config), people)
        except Exception:
            log.exception("table %s: stats and ratings not recorded", table.id)
            return
        if changes:
            for conn in table.connections():
                conn.send_json({"type": "ratings", "table_id": table.id, "changes": changes})

    # -- history ----------------------------------------------------------------

    def history(self, player_id: str) -> list[dict[str, Any]]:
        """The finished matches of a player, newest first (blocking)."""
        mine = select(seats.c.table_id, seats.c.seat).where(seats.c.player_id == player_id)
        held = {r["table_id"]: r["seat"] for r in self.store.rows(mine)}
        if not held:
            return []
        over = select(tables).where(tables.c.id.in_(list(held)), tables.c.status == "over")
        finished = self.store.rows(over.order_by(tables.c.finished_at.desc()))
        everyone = self.store.rows(select(seats).where(seats.c.table_id.in_([r["id"] for r in finished])))
        names: dict[str, list[str]] = {}
        for r in sorted(everyone, key=lambda r: r["seat"]):
            name = r["nickname"] if r["kind"] == "human" else f"bot {r['bot_kind']} ({r['bot_level']})"
            names.setdefault(r["table_id"], []).append(name)
        out = []
        for r in finished:
            seat = held[r["id"]]
            out.append(
                {
                    "table_id": r["id"],
                    "finished_at": r["finished_at"],
                    "seat": seat,
                    "team": seat & 1,
                    "score": json.loads(r["score"]),
                    "winner": r["winner"],
                    "won": r["winner"] == seat & 1,
                    "players": names.get(r["id"], []),
                    "rules": json.loads(r["config"])["rules"],
                }
            )
        return out

    def replay(self, table_id: str, seat: int | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """(summary, steps as a spectator saw them, or as ``seat`` did) of a stored table (blocking)."""
        table = self._fresh(table_id)
        if table is None:
            return None
        steps = table.replay_steps(self._events(table_id), seat)
        return table.summary(), steps

    def record(self, table_id: str) -> dict[str, Any] | None:
        """The record of a stored table without hidden information (blocking)."""
        table = self._fresh(table_id)
        if table is None:
            return None
        table.restore(self._events(table_id))
        return None if table.match is None else to_record(table.match, hidden=False)

    def _fresh(self, table_id: str) -> Table | None:
        """An unstarted copy of a stored table before its first version."""
        row = self.store.rows(select(tables).where(tables.c.id == table_id))
        if not row:
            return None
        seat_rows = self.store.rows(select(seats).where(seats.c.table_id == table_id))
        return Table(self, dict(row[0]), [dict(r) for r in seat_rows])


def parse_create(spec: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Check a create request; return the table's config and its seats. Raises ``CommandError``."""

    def bad(message: str) -> CommandError:
        return CommandError("bad_request", message)

    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise bad("the body must be a JSON object")
    unknown = set(spec) - {"rules", "seats", "timer", "signals", "public"}
    if unknown:
        raise bad(f"unknown field(s): {', '.join(sorted(unknown))}")
    rules_spec = spec.get("rules", {})
    try:
        rules = Rules.parse(rules_spec)
    except (RulesError, TypeError) as e:
        raise bad(f"rules: {e}") from None
    n = rules.players
    seat_specs = spec.get("seats", [{"type": "me"}] + [{"type": "bot"}] * (n - 1))
    if not isinstance(seat_specs, list) or len(seat_specs) != n:
        raise bad(f"seats must be a list of {n} seats")
    out = []
    for i, s in enumerate(seat_specs):
        if not isinstance(s, dict) or s.get("type") not in ("me", "open", "bot"):
            raise bad(f'seats[{i}] must be {{"type": "me" | "open" | "bot", ...}}')
        if s["type"] == "bot":
            kind, level = s.get("kind", DEFAULT_BOT), s.get("level", "medium")
            if kind not in BOT_KINDS or level not in LEVELS:
                raise bad(f"seats[{i}]: bots are {', '.join(BOT_KINDS)} at {', '.join(LEVELS)}")
            out.append({"type": "bot", "kind": kind, "level": level})
        else:
            out.append({"type": s["type"]})
    if sum(s["type"] == "me" for s in out) != 1:
        raise bad('exactly one seat must be {"type": "me"}')
    timer = spec.get("timer", 20)
    if type(timer) not in (int, float) or not 0 <= timer <= MAX_TIMER:
        raise bad(f"timer must be a number of seconds from 0 (no clock) to {MAX_TIMER}")
    config = {"rules": rules.to_json(), "timer": timer}
    for flag in ("signals", "public"):
        value = spec.get(flag, True)
        if not isinstance(value, bool):
            raise bad(f"{flag} must be true or false")
        config[flag] = value
    return config, out


class Stats:
    """How fast the server answers: the time from reading a command to having queued its
    step to every audience and its ack, over the last minute.

    >>> s = Stats()
    >>> for ms in range(1, 101):
    ...     s.command(ms / 1000)
    >>> s.percentiles()["p99"]
    100.0
    """

    WINDOW = 60.0

    def __init__(self) -> None:
        self._recent: deque[tuple[float, float]] = deque()

    def command(self, seconds: float) -> None:
        now = time.monotonic()
        self._recent.append((now, seconds * 1000))
        while self._recent and now - self._recent[0][0] > self.WINDOW:
            self._recent.popleft()

    def percentiles(self) -> dict[str, float | int]:
        ms = sorted(m for _, m in self._recent)
        if not ms:
            return {"n": 0}

        def at(q: float) -> float:
            return round(ms[min(len(ms) - 1, int(q * len(ms)))], 2)

        return {"n": len(ms), "p50": at(0.5), "p99": at(0.99), "max": round(ms[-1], 2)}

    def report(self, hub: Hub) -> dict[str, Any]:
        return {
            "tables": len(hub.tables),
            "connections": sum(len(t.connections()) for t in hub.tables.values()),
            "command_ms": self.percentiles(),
        }
