"""The database: schema, migrations, and a group-committing log of table events.

Any SQLAlchemy URL works (SQLite by default, PostgreSQL tested). The schema is
created and upgraded by alembic (``migrations/``) when the server starts.
Every version of a table is one ``events`` row; ``(table_id, seq)`` is unique,
and a step is broadcast and acknowledged only after its row is committed.

>>> store = Store("sqlite://")
>>> store.migrate()
>>> store.rows(select(events))
[]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

metadata = MetaData()

#: room for the key of a 20-character nickname (a character's prototype may be several characters)
KEY_LENGTH = 200

players = Table(
    "players",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("nickname", String(40), nullable=False),
    #: truco.server.names.name_key(nickname)
    Column("nickname_key", String(KEY_LENGTH), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    #: NULL for a guest, "account" once the name is claimed, "deleted" after the account is deleted
    Column("account", String(8)),
    #: when a token of this player was last used (tokens expire when idle)
    Column("last_seen", Float),
    #: tokens of an older generation are revoked
    Column("token_generation", Integer, nullable=False, server_default="0"),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("created_at", Float, nullable=False),
    #: JSON: {"rules": {...}, "timer": 20, "signals": true, "public": true}
    Column("config", Text, nullable=False),
    #: the 31-bit seed of tables made before ``deal_secret`` (0 since)
    Column("seed", Integer, nullable=False),
    #: the deal secret: 256 bits from ``secrets`` as 64 hex digits; never leaves the server
    Column("deal_secret", String(64)),
    Column("invite", String(32), nullable=False),
    Column("public", Boolean, nullable=False),
    #: waiting, playing, over
    Column("status", String(10), nullable=False, index=True),
    Column("finished_at", Float),
    Column("winner", Integer),
    Column("score", String(10)),
    Column("rematch_of", String(16)),
    Column("rematch_id", String(16)),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    #: human, bot, open
    Column("kind", String(8), nullable=False),
    Column("player_id", String(32), index=True),
    Column("nickname", String(40)),
    Column("secret", String(64)),
    Column("bot_kind", String(20)),
    Column("bot_level", String(20)),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
)

reports = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), nullable=False),
    Column("reporter_id", String(32), nullable=False),
    Column("reporter_nickname", String(40), nullable=False),
    Column("target_id", String(32)),
    Column("target_nickname", String(40)),
    Column("reason", Text, nullable=False),
    #: JSON list of the chat messages concerned
    Column("messages", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

bans = Table(
    "bans",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    #: the nickname banned, as typed (None for bans older than revision 0003_name_keys)
    Column("nickname", String(40)),
    Column("nickname_key", String(KEY_LENGTH), nullable=False),
    #: chat or server
    Column("scope", String(8), nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("nickname_key", "scope", name="uq_bans_nickname_scope"),
)

#: who runs each table when several processes share the database (``truco.server.leases``)
table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", String(16), primary_key=True),
    #: the process that runs the table (``truco serve --node``)
    Column("owner", String(100), nullable=False),
    #: one more each time the lease is taken: a version is stored only with the lease's current epoch
    Column("epoch", Integer, nullable=False),
    #: when the lease lapses unless renewed (seconds since 1970, on the database's clock)
    Column("expires_at", Float, nullable=False),
)

settings = Table(
    "settings",
    metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)

# -- accounts, ratings and friends (migration 0005) -------------------------

#: a claimed name: the player keeps its id (and so its history); ``players.account``
#: says whether an id is a guest (NULL), an account ("account") or a deleted one ("deleted")
accounts = Table(
    "accounts",
    metadata,
    Column("player_id", String(32), primary_key=True),
    Column("name_key", String(KEY_LENGTH), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created_at", Float, nullable=False),
)

#: server-side sessions: only a hash of the token is stored
sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", String(32), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("agent", String(200), nullable=False),
)

password_resets = Table(
    "password_resets",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", String(32), nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float),
)

#: one rating per player and mode (openskill's mu and sigma)
ratings = Table(
    "ratings",
    metadata,
    Column("player_id", String(32), primary_key=True),
    Column("mode", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(32), nullable=False, index=True),
    Column("mode", String(16), nullable=False),
    Column("table_id", String(16), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("left", Boolean, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False, index=True),
    UniqueConstraint("table_id", "player_id", name="uq_rating_changes_table_player"),
)

#: what a person did in one finished match (for profiles)
match_stats = Table(
    "match_stats",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("player_id", String(32), primary_key=True),
    Column("won", Boolean, nullable=False),
    Column("trucos_asked", Integer, nullable=False),
    Column("trucos_accepted", Integer, nullable=False),
    Column("trucos_won", Integer, nullable=False),
    Column("onze_played", Integer, nullable=False),
    Column("onze_fled", Integer, nullable=False),
    Column("onze_won", Integer, nullable=False),
)

follows = Table(
    "follows",
    metadata,
    Column("follower_id", String(32), primary_key=True),
    Column("followee_id", String(32), primary_key=True, index=True),
    Column("created_at", Float, nullable=False),
)

MIGRATIONS = Path(__file__).parent / "migrations"


class StorageError(Exception):
    """The database could not be read or written (full disk, lost server...). Nothing was stored."""


class StaleOwner(StorageError):
    """A write fenced by a table's lease came from an owner that no longer holds it. Nothing was stored."""


@contextlib.contextmanager
def storing() -> Iterator[None]:
    """Database and file-system errors as ``StorageError``."""
    try:
        yield
    except (SQLAlchemyError, OSError) as e:
        raise StorageError(str(e).splitlines()[0] if str(e) else type(e).__name__) from e


def make_engine(url: str, max_pages: int | None = None) -> Engine:
    """An engine for ``url``; SQLite gets WAL (durable across a killed process) and a busy timeout,
    and with ``max_pages`` a size limit: past it, every write fails as on a full disk."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
                # checkpoints run in the background (Store.start), not inside a commit that acks many tables
                cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.execute("PRAGMA synchronous=NORMAL")
            if max_pages is not None:
                cur.execute(f"PRAGMA max_page_count={int(max_pages)}")
            cur.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)


class Store:
    """The database of one server. Blocking calls run in a small thread pool;
    ``append`` batches the event rows of every table into one commit."""

    def __init__(self, url: str, max_pages: int | None = None) -> None:
        self.url = url
        self.engine = make_engine(url, max_pages)
        self.executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="truco-db")
        self._pending: list[tuple[list[tuple[str, dict[str, Any]]], asyncio.Future[None]]] = []
        self._wakeup: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        #: SQLite commits take well under a millisecond: done in the event loop, they
        #: avoid handing the GIL back and forth with a thread (which costs far more under load)
        self.inline = self.engine.dialect.name == "sqlite"
        self._checkpointer: asyncio.Task[None] | None = None

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    # -- blocking helpers (call through ``run`` from async code) ------------

    def scalar(self, stmt: Any, params: dict[str, Any] | None = None) -> Any:
        with storing(), self.engine.connect() as conn:
            return conn.execute(stmt, params).scalar()

    def rows(self, stmt: Any) -> list[Any]:
        with storing(), self.engine.connect() as conn:
            return list(conn.execute(stmt).mappings())

    def write(self, ops: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Run ``ops`` in one transaction: ("events"|"seats"|..., row) inserts,
        ("update:<table>", {"where": {...}, "values": {...}}), or ("fence", {"table_id", "owner", "epoch"}):
        the whole transaction is refused (``StaleOwner``) unless that lease is still held with that epoch."""
        with storing(), self.engine.begin() as conn:
            self._apply(conn, ops)

    @staticmethod
    def _apply(conn: Any, ops: Sequence[tuple[str, dict[str, Any]]]) -> None:
        inserts: dict[str, list[dict[str, Any]]] = {}
        fences = [row for name, row in ops if name == "fence"]
        if fences:
            check_fences(conn, fences)
        for name, row in ops:
            if name == "fence":
                continue
            if name.startswith("update:"):
                table = metadata.tables[name[7:]]
                stmt = update(table)
                for key, value in row["where"].items():
                    stmt = stmt.where(table.c[key] == value)
                conn.execute(stmt.values(**row["values"]))
            else:
                inserts.setdefault(name, []).append(row)
        for name, batch in inserts.items():
            conn.execute(insert(metadata.tables[name]), batch)

    def setting(self, key: str) -> str | None:
        return self.scalar(select(settings.c.value).where(settings.c.key == key))  # type: ignore[no-any-return]

    def put_setting(self, key: str, value: str) -> None:
        with storing(), self.engine.begin() as conn:
            if conn.execute(update(settings).where(settings.c.key == key).values(value=value)).rowcount == 0:
                conn.execute(insert(settings).values(key=key, value=value))

    def secret(self) -> str:
        """The server's signing secret, made once and kept in the database."""
        import secrets

        with self.engine.begin() as conn:
            value = conn.execute(select(settings.c.value).where(settings.c.key == "secret")).scalar()
            if value is None:
                value = secrets.token_urlsafe(32)
                conn.execute(insert(settings).values(key="secret", value=value))
            return value

    # -- async -------------------------------------------------------------

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the store's threads: for long reads (history, replays, restoring a table)."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def quick(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` for a short query or write: in the event loop with SQLite (see ``inline``)."""
        return fn(*args) if self.inline else await self.run(fn, *args)

    def start(self) -> None:
        self._wakeup = asyncio.Event()
        self._writer = asyncio.create_task(self._write_loop(), name="truco-db-writer")
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = asyncio.create_task(self._checkpoint_loop(), name="truco-db-checkpoint")

    async def _checkpoint_loop(self, every: float = 2.0) -> None:
        """Fold the SQLite write-ahead log into the database now and then; a passive
        checkpoint never blocks the writer."""
        while True:
            await asyncio.sleep(every)
            await asyncio.get_running_loop().run_in_executor(None, self._checkpoint)

    def _checkpoint(self) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    async def stop(self) -> None:
        for task in (self._writer, self._checkpointer):
            if task:
                task.cancel()
        self.executor.shutdown(wait=True)
        self.engine.dispose()

    async def append(self, ops: list[tuple[str, dict[str, Any]]]) -> None:
        """Commit ``ops`` (see ``write``); returns once they are durable.
        Calls arriving while a commit runs share the next one."""
        assert self._wakeup is not None, "Store.start() first"
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((ops, future))
        self._wakeup.set()
        await future

    async def _write(self, ops: list[tuple[str, dict[str, Any]]]) -> None:
        if self.inline:
            self.write(ops)
        else:
            await self.run(self.write, ops)

    async def _write_loop(self) -> None:
        assert self._wakeup is not None
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await self._write([op for ops, _ in batch for op in ops])
            except Exception:
                # One bad batch must not lose the others: retry each alone.
                for ops, future in batch:
                    try:
                        await self._write(ops)
                        future.set_result(None)
                    except Exception as e:
                        future.set_exception(e)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)


def check_fences(conn: Any, leases: list[dict[str, Any]]) -> None:
    """Refuse the transaction unless each of ``leases`` (table_id, owner, epoch) is its table's current
    lease, read in one statement. The lease rows stay locked until the transaction ends, so a takeover
    (which changes the row) waits for this append to commit, and then reads the log with it; or it
    came first, and this append is refused."""
    c = table_leases.c
    wanted = {lease["table_id"]: (lease["owner"], lease["epoch"]) for lease in leases}
    rows = select(c.table_id, c.owner, c.epoch).where(c.table_id.in_(list(wanted))).order_by(c.table_id)
    current = {r.table_id: (r.owner, r.epoch) for r in conn.execute(rows.with_for_update())}
    for table_id, (owner, epoch) in wanted.items():
        if current.get(table_id) != (owner, epoch):
            raise StaleOwner(f"table {table_id}: the lease of {owner}, epoch {epoch}, is no longer held")


def event_row(table_id: str, seq: int, kind: str, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return "events", {"table_id": table_id, "seq": seq, "kind": kind, "data": json.dumps(data), "at": time.time()}
