"""One owner per table on a shared PostgreSQL: leases, and the fence that refuses a stale owner's append."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy import select
from tests.server.databases import scratch_database
from tests.server.helpers import Player, random_action, run
from tests.server.test_ops import sample

from truco.server.leases import HeldElsewhere, Leases
from truco.server.metrics import Metrics
from truco.server.store import StaleOwner, Store, event_row, events

pytestmark = pytest.mark.postgres


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        Store(url).migrate()
        yield url


def owner(url: str, name: str, ttl: float) -> tuple[Store, Leases]:
    """A store and the leases of one process called ``name``."""
    store = Store(url)
    return store, Leases(store, name, Metrics(dict, int), ttl)


def logged(store: Store, table_id: str) -> list[int]:
    stmt = select(events.c.seq).where(events.c.table_id == table_id).order_by(events.c.seq)
    return [r["seq"] for r in store.rows(stmt)]


def test_a_stale_owner_cannot_append(database):
    a, a_leases = owner(database, "a", ttl=0.5)
    b, b_leases = owner(database, "b", ttl=0.5)
    assert a_leases.acquire("t1") == 1
    with pytest.raises(HeldElsewhere):
        b_leases.acquire("t1")
    a.write([a_leases.fence_op("t1"), event_row("t1", 1, "start", {})])

    time.sleep(0.6)  # a is paused past its lease: it lapses, and b takes the table
    assert b_leases.acquire("t1") == 2
    b.write([b_leases.fence_op("t1"), event_row("t1", 2, "chat", {"text": "b"})])

    stale = ("fence", {"table_id": "t1", "owner": "a", "epoch": 1})
    with pytest.raises(StaleOwner):  # a wakes up and appends the next version: refused
        a.write([stale, event_row("t1", 3, "chat", {"text": "a"})])
    with pytest.raises(StaleOwner):  # its rows of other tables in the same commit go with it
        a.write([stale, event_row("t1", 3, "chat", {"text": "a"}), event_row("t2", 1, "start", {})])
    assert logged(b, "t1") == [1, 2] and logged(b, "t2") == []
    assert a_leases.renew() == {"t1"} and "t1" not in a_leases.held
    assert b_leases.renew() == set()


def test_a_takeover_waits_for_the_append_under_way(database):
    """The fence locks the lease row until the append commits: a takeover at that moment waits,
    then reads the log with the append in it."""
    a, a_leases = owner(database, "a", ttl=0.2)
    b, b_leases = owner(database, "b", ttl=0.2)
    a_leases.acquire("t1")
    time.sleep(0.3)  # lapsed, but nobody took it yet: a's append is still a's to make
    taken: list[tuple[int, list[int]]] = []

    def take_over() -> None:
        taken.append((b_leases.acquire("t1"), logged(b, "t1")))

    with a.engine.begin() as conn:
        Store._apply(conn, [a_leases.fence_op("t1"), event_row("t1", 1, "start", {})])
        thief = threading.Thread(target=take_over)
        thief.start()
        thief.join(1.0)
        assert thief.is_alive(), "the takeover waits for the append's commit"
    thief.join(10)
    assert taken == [(2, [1])]


def test_a_table_moves_to_another_server_when_its_owner_dies(make_server, database):
    """Two servers on one database: a table is run by the one that made it; the other refuses it
    while that one lives, and takes it over, with every acknowledged version, once its lease lapses."""
    first = make_server("--bot-pause", "0.01", "--node", "first", "--lease-ttl", "2", db_url=database)
    second = make_server("--bot-pause", "0.01", "--node", "second", "--lease-ttl", "2", db_url=database)

    async def play() -> None:
        solo = await Player(first, "Solo").register()
        solo.held = (await solo.post("/api/quick")).json()
        table_id = solo.held["table_id"]
        sock = await solo.connect()
        rng = random.Random(15)
        await sock.until(lambda m: m.get("view") is not None and 0 in m["view"]["to_act"])
        ack = await sock.command("act", action=random_action(sock.view, rng))
        assert ack["type"] == "ack"
        elsewhere = httpx.get(f"{second.url}/api/tables/{table_id}")
        assert (elsewhere.status_code, elsewhere.json()["error"]["code"]) == (503, "table_elsewhere")

        first.kill()
        deadline = time.monotonic() + 10
        while httpx.get(f"{second.url}/api/tables/{table_id}").status_code != 200:
            assert time.monotonic() < deadline, "the lease of a dead process lapses within 10 s"
            time.sleep(0.2)
        solo.server = second
        again = await solo.connect()
        snapshot = await again.until(lambda m: m["type"] == "snapshot")
        assert snapshot["v"] >= ack["v"], "no acknowledged version is lost"
        moves = httpx.get(second.url + "/metrics").text
        assert sample(moves, 'truco_lease_moves_total{move="taken_over"}') == 1
        await again.close()

    run(play())
