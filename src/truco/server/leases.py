"""One owner per table when several processes share a PostgreSQL database.

A table is run by the process that holds its lease: a ``table_leases`` row with the owner's name,
an epoch, and when it lapses. The owner renews its leases every third of ``ttl``; a lease not
renewed lapses after ``ttl`` seconds (on the database's clock) and may then be taken by another
process, which raises the epoch. Every version a table stores carries a fence (``fence_op``): the
store refuses the transaction unless the lease still has that owner and epoch, with the lease row
locked until the commit (``truco.server.store.check_fence``). So a stale owner that wakes up late
can never append, whatever the clocks say.

Taking a lease always raises the epoch, even from this owner's name (a restarted process):
an earlier incarnation is fenced off too. A lease given up has no owner (``RELEASED``) and lapses
at once; its expiry is then when it was given up.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import ColumnClause

from truco.server.errors import CommandError
from truco.server.metrics import LeaseMove, Metrics
from truco.server.store import Store, storing, table_leases, tables

#: seconds a lease lasts unless renewed (a dead process's tables are free again within it)
LEASE_TTL = 10.0
#: the tables still to be played: a survivor takes over these when their owner dies
LIVE = ("waiting", "playing")
#: the owner of a lease given up
RELEASED = ""

_NOW = {
    "postgresql": "extract(epoch from clock_timestamp())",
    "sqlite": "((julianday('now') - 2440587.5) * 86400.0)",
}


class HeldElsewhere(CommandError):
    """The table is run by another process, whose lease has not lapsed."""

    def __init__(self, table_id: str) -> None:
        super().__init__("table_elsewhere", "Esta mesa está em outro servidor: tente de novo em instantes.")
        self.table_id = table_id


class Leases:
    """The leases this process (``owner``) holds, by table id with their epoch. Blocking methods:
    call them through the store's threads."""

    def __init__(self, store: Store, owner: str, metrics: Metrics, ttl: float = LEASE_TTL) -> None:
        self.store = store
        self.owner = owner
        self.metrics = metrics
        self.ttl = ttl
        self.held: dict[str, int] = {}
        #: the tables taken from another owner (or an earlier incarnation), with when that owner was
        #: last known to run them: their clocks resume from then (``Hub._load``)
        self.last_held: dict[str, float] = {}
        #: leases given up (tables forgotten), lapsed at the next renewal
        self._released: dict[str, int] = {}
        self._now: ColumnClause[Any] = literal_column(_NOW[store.engine.dialect.name])

    def fence_op(self, table_id: str, epoch: int) -> tuple[str, dict[str, Any]]:
        """The store op that refuses a write unless this process still holds ``table_id``'s lease at ``epoch``."""
        return "fence", {"table_id": table_id, "owner": self.owner, "epoch": epoch}

    def acquire(self, table_id: str) -> int:
        """Take the lease of ``table_id`` (free, lapsed, or this owner's); its new epoch.
        Raises ``HeldElsewhere`` while another owner's lease runs. Take it before reading the table's log."""
        c = table_leases.c
        expires = self._now + self.ttl
        try:
            with storing(), self.store.engine.begin() as conn:
                now_and_row = select(self._now, c.owner, c.epoch, c.expires_at).where(c.table_id == table_id)
                row = conn.execute(now_and_row.with_for_update()).first()
                if row is None:
                    epoch, move = 1, LeaseMove.ACQUIRED
                    conn.execute(
                        insert(table_leases).values(table_id=table_id, owner=self.owner, epoch=1, expires_at=expires)
                    )
                else:
                    now, owner, old, expires_at = row
                    if owner != self.owner and expires_at > now:
                        raise HeldElsewhere(table_id)
                    epoch, move = old + 1, LeaseMove.ACQUIRED if owner == self.owner else LeaseMove.TAKEN_OVER
                    self.last_held[table_id] = self._last_run(owner, expires_at)
                    values = {"owner": self.owner, "epoch": epoch, "expires_at": expires}
                    conn.execute(update(table_leases).where(c.table_id == table_id).values(**values))
        except IntegrityError:  # another process inserted the first lease meanwhile
            raise HeldElsewhere(table_id) from None
        self.held[table_id] = epoch
        self._released.pop(table_id, None)
        self.metrics.lease(move)
        return epoch

    def release(self, table_id: str) -> None:
        """Give up the lease of ``table_id`` (its table is forgotten); it lapses at the next ``renew``
        (the row stays, so that the epoch only ever grows)."""
        epoch = self.held.pop(table_id, None)
        if epoch is not None:
            self._released[table_id] = epoch

    def renew(self) -> set[str]:
        """Let the released leases lapse and extend the held ones; the ids of those found lost
        (taken by another process), which are no longer held."""
        c = table_leases.c
        held, released = dict(self.held), dict(self._released)
        with storing(), self.store.engine.begin() as conn:
            for table_id, epoch in released.items():
                given_up = {"expires_at": self._now, "owner": RELEASED}
                conn.execute(update(table_leases).where(self._mine(table_id, epoch)).values(**given_up))
            still: dict[str, int] = {}
            ids = list(held)
            for i in range(0, len(ids), 500):
                renewed = (
                    update(table_leases)
                    .where(c.owner == self.owner, c.table_id.in_(ids[i : i + 500]))
                    .values(expires_at=self._now + self.ttl)
                    .returning(c.table_id, c.epoch)
                )
                still.update((r.table_id, r.epoch) for r in conn.execute(renewed))
        for table_id in released:
            if self._released.get(table_id) == released[table_id]:
                del self._released[table_id]
        self.metrics.lease(LeaseMove.RELEASED, len(released))
        lost = {t for t, epoch in held.items() if still.get(t) != epoch and self.held.get(t) == epoch}
        for table_id in lost:
            del self.held[table_id]
        self.metrics.lease(LeaseMove.LOST, len(lost))
        return lost

    def lapsed(self, limit: int) -> list[tuple[str, float]]:
        """Up to ``limit`` tables still to be played whose lease has lapsed (their owner died or gave
        them up), the longest lapsed first: (table id, when their owner was last known to run it,
        on the database's clock)."""
        c = table_leases.c
        stmt = (
            select(c.table_id, c.owner, c.expires_at)
            .join(tables, tables.c.id == c.table_id)
            .where(tables.c.status.in_(LIVE), c.expires_at <= self._now)
            .order_by(c.expires_at)
            .limit(limit)
        )
        with storing(), self.store.engine.connect() as conn:
            return [(r.table_id, self._last_run(r.owner, r.expires_at)) for r in conn.execute(stmt)]

    def _last_run(self, owner: str, expires_at: float) -> float:
        """When the owner of a lease was last known to run its table: when it gave the lease up,
        or else when it last renewed it."""
        return expires_at if owner == RELEASED else expires_at - self.ttl

    def holder(self, table_id: str) -> str | None:
        """The process that runs ``table_id`` now (its lease has not lapsed), if any."""
        c = table_leases.c
        live = select(c.owner).where(c.table_id == table_id, c.expires_at > self._now, c.owner != RELEASED)
        with storing(), self.store.engine.connect() as conn:
            owner: str | None = conn.execute(live).scalar()
        return owner

    def release_all(self) -> None:
        """Give every lease up at once (the server stops): another process may take the tables now."""
        for table_id in list(self.held):
            self.release(table_id)
        self.renew()

    def _mine(self, table_id: str, epoch: int) -> Any:
        c = table_leases.c
        return (c.table_id == table_id) & (c.owner == self.owner) & (c.epoch == epoch)
