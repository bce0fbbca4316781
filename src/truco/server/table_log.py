"""Where a live table's versions are stored: its log in the store (``truco.server.store``).

Each version is one append, durable before anyone hears of it: the version's row, the
table's new status when it changed (with the result when the match ended), and any row
the version changes (a seat taken, a rematch). When several processes share a PostgreSQL
database, every append carries the table's fence (``truco.server.leases``): an owner that
lost the table can never append. A stored table is rebuilt from this log by
``TableState.walk``.
"""

from __future__ import annotations

import time
from typing import Any

from truco.server.conn import dumps
from truco.server.state import TableState
from truco.server.store import Store, event_row

#: a store operation (``Store.write``)
Op = tuple[str, dict[str, Any]]


class TableLog:
    def __init__(self, store: Store, table_id: str) -> None:
        self.store = store
        self.table_id = table_id
        #: the op that refuses this copy's writes once another process holds the table (none on SQLite)
        self.fence: list[Op] = []

    async def version(self, state: TableState, kind: str, data: dict[str, Any], was: str, extra: list[Op]) -> None:
        """Store ``state``'s new version, made by a row ``kind`` of ``data`` from status ``was``.
        Raises ``StorageError`` when it could not be stored (memory is then ahead of the log)."""
        ops = [*self.fence, event_row(self.table_id, state.version, kind, data), *extra]
        if state.status != was:
            values: dict[str, Any] = {"status": state.status}
            if state.status == "over" and state.match is not None:
                values.update(finished_at=time.time(), winner=state.match.winner, score=dumps(state.match.score))
            ops.append(("update:tables", {"where": {"id": self.table_id}, "values": values}))
        await self.store.append(ops)

    async def expire(self) -> None:
        """The waiting table is closed for good (it is not restored at startup)."""
        values = {"where": {"id": self.table_id}, "values": {"status": "expired"}}
        await self.store.append([*self.fence, ("update:tables", values)])

    async def report(self, row: dict[str, Any]) -> None:
        """Keep a player's report of another (read by ``truco admin reports``)."""
        await self.store.quick(self.store.write, [("reports", row)])


def seat_taken(table_id: str, seat: int, values: dict[str, Any]) -> Op:
    """The op that gives ``seat`` to a person (``values``: player, nickname, secret, kind)."""
    return ("update:seats", {"where": {"table_id": table_id, "seat": seat}, "values": values})


def rematch_made(table_id: str, rematch_id: str) -> Op:
    return ("update:tables", {"where": {"id": table_id}, "values": {"rematch_id": rematch_id}})
