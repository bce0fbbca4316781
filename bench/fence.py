"""What the lease's fence costs an append on PostgreSQL (issue 15).

Commits one version at a time, alternating a plain append (the event row) and a fenced one
(the lease row locked and checked, then the event row, in one transaction), and prints the
median and p90 of each, in milliseconds; then the same with ``--batch`` versions of different
tables per commit, as the group commit makes them under load.

    python bench/fence.py --url postgresql+psycopg://postgres:truco@127.0.0.1/truco_test --commits 500

It writes rows under fresh table ids (``bench-…``) into the given database and deletes them after.
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid

from sqlalchemy import delete

from truco.server.leases import Leases
from truco.server.metrics import Metrics
from truco.server.store import Store, event_row, events, table_leases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="a PostgreSQL SQLAlchemy URL")
    parser.add_argument("--commits", type=int, default=500, help="commits of each kind")
    parser.add_argument("--batch", type=int, default=20, help="versions per commit in the batched run")
    args = parser.parse_args()

    store = Store(args.url)
    store.migrate()
    leases = Leases(store, f"bench-{uuid.uuid4().hex[:8]}", Metrics(dict, int))
    ids = [f"b{uuid.uuid4().hex[:12]}" for _ in range(args.batch)]
    epochs = {table_id: leases.acquire(table_id) for table_id in ids}
    try:
        for batch in (1, args.batch):
            plain: list[float] = []
            fenced: list[float] = []
            for seq in range(1, 2 * args.commits + 1):
                fence = seq % 2 == 0
                ops = []
                for table_id in ids[:batch]:
                    if fence:
                        ops.append(leases.fence_op(table_id, epochs[table_id]))
                    ops.append(event_row(table_id, seq + (batch > 1) * 10**6, "chat", {"text": "x"}))
                start = time.perf_counter()
                store.write(ops)
                (fenced if fence else plain).append((time.perf_counter() - start) * 1000)
            for name, ms in (("plain", plain), ("fenced", fenced)):
                ms.sort()
                p50, p90 = statistics.median(ms), ms[int(0.9 * len(ms))]
                print(f"{batch:3d} version(s)/commit  {name:6s}  median {p50:.2f} ms  p90 {p90:.2f} ms  (n={len(ms)})")
    finally:
        with store.engine.begin() as conn:
            conn.execute(delete(events).where(events.c.table_id.in_(ids)))
            conn.execute(delete(table_leases).where(table_leases.c.table_id.in_(ids)))
        store.engine.dispose()


if __name__ == "__main__":
    main()
