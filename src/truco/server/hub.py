"""The hub: every table of the server, its store, and the lobby's operations.

It creates tables (with their rules, seats, clock, signals and visibility),
restores the unfinished ones at startup, and answers the lobby's questions
(public tables, a player's history, replays and records of finished matches).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import time
from collections import deque
from functools import partial
from typing import Any, NamedTuple

from sqlalchemy import bindparam, func, select

from truco.bots import BOT_KINDS, LEVELS
from truco.engine import Rules, RulesError, to_record
from truco.server.accounts import SESSION_PREFIX, Accounts, Throttle
from truco.server.bots import BotPool
from truco.server.config import Config
from truco.server.conn import Credential, dumps
from truco.server.errors import CommandError
from truco.server.frames import replay_steps
from truco.server.identity import Signer, new_id, new_secret, new_table_secret
from truco.server.leases import HeldElsewhere, Leases
from truco.server.limits import Limiter
from truco.server.matchmaking import Window
from truco.server.messages import Expire, Join
from truco.server.metrics import Metrics
from truco.server.names import name_key
from truco.server.ranked import RankedQueue
from truco.server.ratings import RatingBook, SeatResult, mode_of, seat_stats
from truco.server.relay import Relay
from truco.server.state import TableState, teams_of
from truco.server.store import StorageError, Store, bans, events, players, seats, sessions, tables
from truco.server.table import DEFAULT_BOT, Table

MAX_TIMER = 600
_ANY_BAN = select(bans.c.id).where(bans.c.nickname_key == bindparam("key")).limit(1)
_SERVER_BAN = _ANY_BAN.where(bans.c.scope == "server")
FINISHED_CACHE = 256
#: the statuses of the tables restored at startup ("over" and "expired" ones are loaded when asked for)
RESTORED = ("waiting", "playing")
#: the setting that holds when the server was last known alive, and how often it is noted
ALIVE = "alive_at"
HEARTBEAT = 2.0
#: seconds after a player's last request during which it counts as online
ONLINE = 120.0
#: the most tables of dead processes one survivor takes over at each renewal of its leases
TAKEOVER_BATCH = 100

log = logging.getLogger("truco.server")


class Hub:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.store = Store(config.db_url, config.db_max_pages)
        self.tables: dict[str, Table] = {}
        self.bots = BotPool(config.bot_workers)
        self.limiter = Limiter(config.rates)
        self.signer: Signer | None = None
        self.stats = Stats()
        self.metrics = Metrics(self._count_tables, self._count_connections, self._count_queued)
        #: the tables this process runs, when several share a PostgreSQL database
        self.leases: Leases | None = None
        if config.node is not None and self.store.engine.dialect.name != "sqlite":
            self.leases = Leases(self.store, config.node, self.metrics, config.lease_ttl)
        #: the relay to the other processes of the site (``truco serve --redis``)
        self.relay: Relay | None = None
        if config.redis_url is not None:
            if self.leases is None:
                raise ValueError("--redis needs a PostgreSQL database (--db postgresql+psycopg://...)")
            self.relay = Relay(self, self.leases, config.redis_url, config.redis_prefix, ONLINE)
        self._renewer: asyncio.Task[None] | None = None
        #: the tables being read from the database, by id
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        #: started and not stopping: ``GET /readyz`` sends people here
        self.accepting = False
        self._sweeper: asyncio.Task[None] | None = None
        self._recovering: set[asyncio.Task[None]] = set()
        self._heart: asyncio.Task[None] | None = None
        #: the JSON of replays and records of finished tables, by (kind, table id), the oldest forgotten first
        self._finished: dict[tuple[str, str, int | None], Encoded] = {}
        self.accounts = Accounts(self.store)
        self.login_names = Throttle(config.login_free_per_name, config.login_delay, config.login_delay_cap)
        self.login_clients = Throttle(config.login_free_per_client, config.login_delay, config.login_delay_cap)
        #: when each player last made a request (for friends' "online")
        self.seen: dict[str, float] = {}
        #: invitations to a table from someone a player follows, by invited player (see friends.py)
        self.invites: dict[str, list[Any]] = {}
        self.ratings = RatingBook(self.store)
        #: one match's ratings are read and written at a time
        self._rating_lock = asyncio.Lock()
        self._after_matches: set[asyncio.Task[None]] = set()
        window = Window(config.ranked_window, config.ranked_window_growth, config.ranked_window_cap)
        self.ranked = RankedQueue(self, window, config.ranked_bot_offer)

    async def start(self) -> None:
        await self.store.run(self.store.migrate)
        self.signer = Signer(await self.store.run(self.store.secret))
        self.store.start()
        self.bots.start()
        alive = await self.store.run(self.store.setting, ALIVE)
        stopped_at = float(alive) if alive is not None else None
        await self.store.run(self._expire_stale, time.time() - self.config.waiting_ttl)
        for row in await self.store.run(self.store.rows, select(tables.c.id).where(tables.c.status.in_(RESTORED))):
            try:
                await self.load(row["id"], stopped_at)
            except HeldElsewhere:
                log.info("table %s is run by another process", row["id"])
            except Exception:
                # e.g. an engine whose seeded deals changed: one table must not keep the server down
                log.exception("table %s could not be restored", row["id"])
        self._sweeper = asyncio.create_task(self._sweep(), name="truco-sweep")
        self._heart = asyncio.create_task(self._heartbeat(), name="truco-heartbeat")
        self.ranked.start()
        if self.leases is not None:
            self._renewer = asyncio.create_task(self._renew(self.leases), name="truco-leases")
        if self.relay is not None:
            await self.relay.start()
        self.accepting = True

    async def _renew(self, leases: Leases) -> None:
        """Renew this process's leases every third of their life; a table whose lease another
        process took is closed here (its players reconnect) and forgotten. Then take over
        the tables whose owner died or gave them up (``_take_over``)."""
        while True:
            await asyncio.sleep(leases.ttl / 3)
            try:
                lost = await self.store.run(leases.renew)
            except StorageError as e:
                log.warning("cannot renew the tables' leases: %s", e)
                continue
            for table_id in lost:
                log.warning("table %s: its lease was taken by another process", table_id)
                table = self.tables.get(table_id)
                if table is not None:
                    table.close_all(1012, "table moved")
                    self.forget(table)
            if self.accepting:
                await self._take_over(leases)

    async def _take_over(self, leases: Leases) -> None:
        """Restore here the tables still to be played whose lease lapsed: their clocks resume with
        the time their players had left when their owner last renewed the lease."""
        try:
            lapsed = await self.store.run(leases.lapsed, TAKEOVER_BATCH)
        except StorageError as e:
            log.warning("cannot look for tables to take over: %s", e)
            return
        for table_id, last_renewed in lapsed:
            if table_id in self.tables:
                continue
            try:
                await self.load(table_id, last_renewed)
            except HeldElsewhere:  # another survivor was quicker
                continue
            except Exception:
                log.exception("table %s could not be taken over", table_id)
            else:
                log.info("table %s taken over", table_id)

    def _count_tables(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for t in self.tables.values():
            counts[t.status] = counts.get(t.status, 0) + 1
        return counts

    def _count_connections(self) -> int:
        return sum(len(t.connections()) for t in self.tables.values())

    def _count_queued(self) -> int:
        return sum(c.out.qsize() for t in self.tables.values() for c in t.connections())

    async def _heartbeat(self) -> None:
        """Note now and then that the server is alive: after a stop, even a SIGKILL, the clocks resume
        with the time their players had left then (at most ``HEARTBEAT`` seconds are lost)."""
        while True:
            try:
                await self.store.quick(self.store.put_setting, ALIVE, repr(time.time()))
                await self._close_revoked()
            except StorageError as e:
                log.warning("cannot note that the server is alive: %s", e)
            await asyncio.sleep(HEARTBEAT)

    async def _close_revoked(self) -> None:
        """Close the table connections whose token or session was revoked since they opened
        (``truco admin revoke``, a logout elsewhere): at most ``HEARTBEAT`` seconds later."""
        conns = [c for t in self.tables.values() for c in t.connections() if c.credential is not None]
        if not conns:
            return
        held = {c.credential for c in conns if c.credential is not None}
        valid = await self.store.run(self._still_valid, held)
        for c in conns:
            if c.credential not in valid:
                c.error(None, "bad_token", "Identidade revogada: entre de novo.")
                c.close(4001, "token revoked")

    def _still_valid(self, held: set[Credential]) -> set[Credential]:
        """Which of ``held`` are still valid: a guest's generation unchanged, an account's session alive (blocking)."""
        guests = sorted({c.player_id for c in held if c.session is None})
        digests = sorted({c.session for c in held if c.session is not None})
        generations: dict[str, int] = {}
        alive: set[str] = set()
        for i in range(0, len(guests), 500):
            stmt = select(players.c.id, players.c.token_generation).where(players.c.id.in_(guests[i : i + 500]))
            generations.update((r["id"], r["token_generation"]) for r in self.store.rows(stmt))
        for i in range(0, len(digests), 500):
            stmt = select(sessions.c.token_hash).where(sessions.c.token_hash.in_(digests[i : i + 500]))
            alive.update(r["token_hash"] for r in self.store.rows(stmt))
        return {
            c
            for c in held
            if (c.session in alive if c.session is not None else generations.get(c.player_id) == c.generation)
        }

    def _expire_stale(self, before: float) -> None:
        """Mark expired, without loading them, the waiting tables unchanged since ``before`` (blocking)."""
        last = select(events.c.table_id, func.max(events.c.at).label("at")).group_by(events.c.table_id).subquery()
        stmt = (
            select(tables.c.id)
            .outerjoin(last, last.c.table_id == tables.c.id)
            .where(tables.c.status == "waiting", func.coalesce(last.c.at, tables.c.created_at) < before)
        )
        stale = [r["id"] for r in self.store.rows(stmt)]
        if stale:
            self.store.write([("update:tables", {"where": {"id": t}, "values": {"status": "expired"}}) for t in stale])
            log.info("%d waiting tables expired while the server was down", len(stale))

    async def _sweep(self) -> None:
        """Forget finished tables nobody watches (they are reloaded from the database when asked for),
        and expire the tables that have waited ``waiting_ttl`` seconds with nobody connected."""
        every = min(60.0, self.config.waiting_ttl / 2)
        while True:
            await asyncio.sleep(every)
            now = time.time()
            for t in list(self.tables.values()):
                alone = now - t.alone_since if t.alone_since is not None else 0.0
                if t.status == "waiting" and alone > self.config.waiting_ttl:
                    t.post(Expire())
                idle = now - t.changed_at > every and t.queue.empty() and not t.connections()
                if t.status in ("over", "expired") and idle:
                    self.forget(t)

    def forget(self, table: Table) -> None:
        """Drop ``table`` from memory (it stays in the database)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            if self.leases is not None:
                self.leases.release(table.id)
        table.halt()
        if table.task is not None and table.task is not asyncio.current_task():
            table.task.cancel()

    async def stop(self) -> None:
        self.accepting = False
        for task in (self._sweeper, self._heart, self._renewer):
            if task is not None:
                task.cancel()
        for task in self._recovering:
            task.cancel()
        self.ranked.stop()
        # The tables stop taking commands, their leases are given up so that another process
        # takes them at once, and only then are their players told to reconnect (1012).
        for t in list(self.tables.values()):
            await t.stop()
        try:
            await self.store.run(self.store.put_setting, ALIVE, repr(time.time()))
        except StorageError as e:
            log.warning("cannot note when the server stopped: %s", e)
        if self.leases is not None:
            try:
                await self.store.run(self.leases.release_all)
            except StorageError as e:
                log.warning("cannot give the tables' leases up (they lapse by themselves): %s", e)
        for t in list(self.tables.values()):
            t.close_all(1012, "server restart")
        if self.relay is not None:
            await self.relay.stop()
        await self.store.stop()
        self.bots.stop()

    # -- players -------------------------------------------------------------

    async def new_player(self, nickname: str) -> dict[str, Any]:
        if await self.banned(nickname, "server"):
            raise CommandError("banned", "Este apelido foi banido do servidor.")
        if await self.store.quick(self.accounts.name_taken, nickname):
            raise CommandError("name_taken", "Este nome tem dono: entre na conta ou escolha outro apelido.")
        pid = new_id(12)
        now = time.time()
        row = {"id": pid, "nickname": nickname, "nickname_key": name_key(nickname), "created_at": now}
        row.update(last_seen=now, token_generation=0)
        await self.store.quick(self.store.write, [("players", row)])
        assert self.signer is not None
        return {"player_id": pid, "nickname": nickname, "token": self.signer.token(pid, 0)}

    async def player(self, token: object) -> dict[str, Any] | None:
        """The player a token names, or None for a wrong, revoked or expired token
        (unused for ``config.token_idle`` seconds): a live session's account, or a guest
        (a guest token dies when its name is claimed or its account deleted). The player's
        row is read each time, so a revocation (``truco admin revoke``, logout) holds at once."""
        if isinstance(token, str) and token.startswith(SESSION_PREFIX):
            account: dict[str, Any] | None = await self.store.quick(self.accounts.player_of_session, token)
            if account is not None:
                self.seen[account["id"]] = time.monotonic()
            return account
        assert self.signer is not None
        signed = self.signer.player(token)
        if signed is None:
            return None
        pid, generation = signed
        found = await self.store.quick(self.store.rows, select(players).where(players.c.id == pid))
        if not found:
            return None
        row = dict(found[0])
        now = time.time()
        seen = row["last_seen"] or row["created_at"]
        if row["token_generation"] != generation or now - seen > self.config.token_idle or row.get("account"):
            return None
        self.seen[pid] = time.monotonic()
        if now - seen > min(3600.0, self.config.token_idle / 10):
            row["last_seen"] = now
            values = {"where": {"id": pid}, "values": {"last_seen": now}}
            await self.store.quick(self.store.write, [("update:players", values)])
        return row

    def online(self, player_id: str) -> bool:
        """Seen in the last ``ONLINE`` seconds (any request or connection, on any process of the site),
        or at a table now."""
        if time.monotonic() - self.seen.get(player_id, -ONLINE) < ONLINE:
            return True
        if self.relay is not None and self.relay.online_elsewhere(player_id):
            return True
        return any(s.conn is not None and s.player_id == player_id for t in self.tables.values() for s in t.seats)

    async def revoke(self, player: dict[str, Any]) -> None:
        """Revoke every token of ``player`` (``POST /api/logout``)."""
        generation = player["token_generation"] + 1
        values = {"where": {"id": player["id"]}, "values": {"token_generation": generation}}
        await self.store.quick(self.store.write, [("update:players", values)])
        player["token_generation"] = generation

    async def banned(self, nickname: str | None, scope: str) -> bool:
        """Whether ``nickname`` is banned from the server, or (``scope="chat"``) from the chat,
        which a server ban includes. Asked of the database each time, so a ban from
        ``truco admin`` takes effect at once."""
        if nickname is None:
            return False
        stmt = _SERVER_BAN if scope == "server" else _ANY_BAN
        return await self.store.quick(self.store.scalar, stmt, {"key": name_key(nickname)}) is not None

    # -- tables ---------------------------------------------------------------

    async def load(self, table_id: str, stopped_at: float | None = None) -> Table | None:
        """The table in memory, or rebuilt from the database (None if unknown). ``stopped_at``:
        when the server that ran it stopped, for a table restored at startup (its clock resumes).
        Requests for a table being loaded wait for that load: one copy, one lease."""
        if table_id in self.tables:
            return self.tables[table_id]
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = asyncio.ensure_future(self._load(table_id, stopped_at))
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str, stopped_at: float | None) -> Table | None:
        table: Table | None = await self.store.run(self._read, table_id)
        if table is None:
            return None
        if table_id in self.tables:  # loaded meanwhile
            return self.tables[table_id]
        taken = self.leases.last_held.pop(table_id, None) if self.leases is not None else None
        if taken is not None:  # its lease says when its last owner was last known to run it
            stopped_at = taken
        if stopped_at is not None:
            table.resume_clock(stopped_at)
        self.tables[table_id] = table
        table.start()
        return table

    def _read(self, table_id: str) -> Table | None:
        """A table rebuilt from its rows (blocking: call through the store's threads)."""
        row = self.store.rows(select(tables).where(tables.c.id == table_id))
        if not row:
            return None
        # the lease is taken before the log is read: no version stored since is missed
        epoch = self.leases.acquire(table_id) if self.leases is not None else None
        seat_rows = self.store.rows(select(seats).where(seats.c.table_id == table_id))
        table = Table(self, dict(row[0]), [dict(r) for r in seat_rows])
        if self.leases is not None and epoch is not None:
            table.log.fence = [self.leases.fence_op(table_id, epoch)]
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
        if self.leases is not None:
            epoch = await self.store.run(self.leases.acquire, tid)
            table.log.fence = [self.leases.fence_op(tid, epoch)]
        self.tables[tid] = table
        table.start()
        return table

    async def join(self, table: Table, player: dict[str, Any], seat: Any) -> dict[str, Any]:
        msg = Join(player["id"], player["nickname"], seat)
        table.post(msg)
        return await msg.future

    def recover(self, table: Table, delay: float = 1.0) -> None:
        """``table`` could not store a version: forget this copy, and rebuild it from its log
        (the last stored version) when the storage works again, retrying with a growing pause."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        task = asyncio.create_task(self._recover(table.id, delay), name=f"recover-{table.id}")
        self._recovering.add(task)
        task.add_done_callback(self._recovering.discard)

    async def _recover(self, table_id: str, delay: float) -> None:
        while table_id not in self.tables:
            await asyncio.sleep(delay)
            try:
                await self.load(table_id)
            except HeldElsewhere:
                log.info("table %s: now run by another process", table_id)
                return
            except StorageError:
                log.warning("table %s: storage still failing; retrying in %.0f s", table_id, delay)
                delay = min(2 * delay, 60.0)

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
            stats = seat_stats(table.new_match(), list(match.actions))
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
            team = teams_of(Rules.parse(json.loads(r["config"])["rules"]))[seat]
            out.append(
                {
                    "table_id": r["id"],
                    "finished_at": r["finished_at"],
                    "seat": seat,
                    "team": team,
                    "score": json.loads(r["score"]),
                    "winner": r["winner"],
                    "won": r["winner"] == team,
                    "players": names.get(r["id"], []),
                    "rules": json.loads(r["config"])["rules"],
                }
            )
        return out

    async def finished(self, kind: str, table_id: str, seat: int | None = None) -> Encoded:
        """The JSON of the replay (as a spectator saw it, or as ``seat`` did) or the record (``kind``)
        of a finished table, plain and gzipped: made once, in the store's threads, then kept (a finished
        table never changes), so that people looping on a replay cost the live tables almost nothing."""
        key = (kind, table_id, seat)
        body = self._finished.get(key)
        if body is None:
            made = partial(self.replay, table_id, seat) if kind == "replay" else partial(self.record, table_id)
            body = await self.store.run(lambda: Encoded.of(made()))
            self._finished[key] = body
            if len(self._finished) > FINISHED_CACHE:
                self._finished.pop(next(iter(self._finished)))
        return body

    def replay(self, table_id: str, seat: int | None = None) -> bytes:
        """{"table": summary, "steps": every version as a spectator saw it (or as ``seat`` did), "seat"}
        of a stored table (blocking)."""
        table = self._fresh(table_id)
        steps = replay_steps(table, self._events(table_id), seat)
        return dumps({"table": table.summary(), "steps": steps, "seat": seat}).encode()

    def record(self, table_id: str) -> bytes:
        """The record of a stored table without hidden information (blocking)."""
        table = self._fresh(table_id)
        table.restore(self._events(table_id))
        return dumps(None if table.match is None else to_record(table.match, hidden=False)).encode()

    def _fresh(self, table_id: str) -> TableState:
        """An unstarted copy of a stored table before its first version."""
        row = self.store.rows(select(tables).where(tables.c.id == table_id))
        seat_rows = self.store.rows(select(seats).where(seats.c.table_id == table_id))
        return TableState(dict(row[0]), [dict(r) for r in seat_rows])


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


class Encoded(NamedTuple):
    """A response body as JSON, and gzipped once for the clients that take it."""

    json: bytes
    gzipped: bytes

    @classmethod
    def of(cls, body: bytes) -> Encoded:
        return cls(body, gzip.compress(body, compresslevel=6, mtime=0))


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
            "connections": hub._count_connections(),
            "command_ms": self.percentiles(),
        }
