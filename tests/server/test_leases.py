"""One owner per table on a shared PostgreSQL: leases, and the fence that refuses a stale owner's append."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets
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
    return store, Leases(store, name, Metrics(dict, int, int), ttl)


def logged(store: Store, table_id: str) -> list[int]:
    stmt = select(events.c.seq).where(events.c.table_id == table_id).order_by(events.c.seq)
    return [r["seq"] for r in store.rows(stmt)]


def test_a_stale_owner_cannot_append(database):
    a, a_leases = owner(database, "a", ttl=0.5)
    b, b_leases = owner(database, "b", ttl=0.5)
    assert a_leases.acquire("t1") == 1
    with pytest.raises(HeldElsewhere):
        b_leases.acquire("t1")
    a.write([a_leases.fence_op("t1", 1), event_row("t1", 1, "start", {})])

    time.sleep(0.6)  # a is paused past its lease: it lapses, and b takes the table
    assert b_leases.acquire("t1") == 2
    b.write([b_leases.fence_op("t1", 2), event_row("t1", 2, "chat", {"text": "b"})])

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
        Store._apply(conn, [a_leases.fence_op("t1", 1), event_row("t1", 1, "start", {})])
        thief = threading.Thread(target=take_over)
        thief.start()
        thief.join(1.0)
        assert thief.is_alive(), "the takeover waits for the append's commit"
    thief.join(10)
    assert taken == [(2, [1])]


def until_metric(server, name: str, value: float, within: float) -> float:
    """Poll ``server``'s /metrics until the sample ``name`` equals ``value``; the seconds it took."""
    start = time.monotonic()
    while True:
        text = httpx.get(server.url + "/metrics").text
        if f"\n{name} " in text and sample(text, name) == value:
            return time.monotonic() - start
        assert time.monotonic() - start < within, f"{name} is not {value} after {within} s"
        time.sleep(0.2)


async def solo_table_with_an_ack(server) -> tuple[Player, dict]:
    """A person and three bots on ``server``; the person's first action, acknowledged."""
    solo = await Player(server, "Solo").register()
    solo.held = (await solo.post("/api/quick")).json()
    sock = await solo.connect()
    await sock.until(lambda m: m.get("view") is not None and 0 in m["view"]["to_act"])
    ack = await sock.command("act", action=random_action(sock.view, random.Random(15)))
    assert ack["type"] == "ack"
    await sock.close()
    return solo, ack


@pytest.mark.parametrize("death", ["kill", "stop"])
def test_a_survivor_takes_over_the_tables_of_a_dead_or_stopped_server(make_server, database, death):
    """Two servers on one database: a table is run by the one that made it, and the other refuses it.
    When that one dies (SIGKILL: its lease lapses within --lease-ttl) or stops (SIGTERM: it gives its
    leases up), the survivor takes the table over unasked, with every acknowledged version."""
    ttl = 2.0
    flags = ("--bot-pause", "0.01", "--lease-ttl", str(ttl))
    first = make_server(*flags, "--node", "first", db_url=database)
    second = make_server(*flags, "--node", "second", db_url=database)

    async def play() -> None:
        solo, ack = await solo_table_with_an_ack(first)
        table_id = solo.held["table_id"]
        elsewhere = httpx.get(f"{second.url}/api/tables/{table_id}")
        assert (elsewhere.status_code, elsewhere.json()["error"]["code"]) == (503, "table_elsewhere")

        first.kill() if death == "kill" else first.stop()
        # a lease lapses within ttl (a stopped server's at once); the survivor looks every ttl / 3
        took = until_metric(second, 'truco_lease_moves_total{move="taken_over"}', 1, within=10)
        print(f"taken over {took:.1f} s after the {death}")
        until_metric(second, 'truco_tables{status="playing"}', 1, within=2)
        solo.server = second
        again = await solo.connect()
        snapshot = await again.until(lambda m: m["type"] == "snapshot")
        assert snapshot["v"] >= ack["v"], "no acknowledged version is lost"
        await again.close()

    run(play())


def test_requests_that_load_a_table_at_once_share_one_copy_and_its_lease(database):
    """Several requests for a table not in memory (after a takeover, or a finished table forgotten)
    load it once: the copy kept holds the lease's current epoch, so its next version is stored."""
    from sqlalchemy import select

    from truco.server.config import Config
    from truco.server.hub import Hub
    from truco.server.store import table_leases

    async def go() -> None:
        hub = Hub(Config(db_url=database, node="solo", bot_workers=1))
        await hub.start()
        try:
            ana = await hub.player((await hub.new_player("Ana"))["token"])
            held = await hub.create(ana, {"seats": [{"type": "me"}] + [{"type": "open"}] * 3})
            table_id = held["table_id"]
            hub.forget(hub.tables[table_id])
            copies = await asyncio.gather(*(hub.load(table_id) for _ in range(4)))
            assert all(c is copies[0] for c in copies)
            epoch = hub.store.scalar(select(table_leases.c.epoch).where(table_leases.c.table_id == table_id))
            assert copies[0].log.fence[0][1]["epoch"] == epoch
            bia = await hub.player((await hub.new_player("Bia"))["token"])
            assert (await hub.join(copies[0], bia, None))["seat"] == 1, "the kept copy stores its versions"
        finally:
            await hub.stop()

    run(go())


def test_a_server_that_wakes_up_after_its_table_moved_cannot_store_a_version(make_server, database):
    """The owner freezes (SIGSTOP) past its lease; a survivor takes the table over. A command sent to the
    frozen owner meanwhile is never acknowledged when it wakes up (whichever comes first: its renewal
    finds the lease lost and closes the table, or the fence refuses the append), and the log holds
    nothing from it. The fence alone is tested in ``test_a_stale_owner_cannot_append``."""
    flags = ("--bot-pause", "0.01", "--lease-ttl", "2")
    first = make_server(*flags, "--node", "first", db_url=database)
    second = make_server(*flags, "--node", "second", db_url=database)
    assert first.proc is not None

    async def play() -> None:
        solo = await Player(first, "Solo").register()
        # no clock: on a loaded machine a 20 s clock can run out on the new owner and play for seat 0 (and the
        # bots after it), versions that are not the stale owner's; no signals: the bots' gestures are versions
        # of their own, which on a loaded machine can be stored after the frame read below
        await solo.create(seats=[{"type": "me"}] + [{"type": "bot"}] * 3, timer=0, signals=False)
        sock = await solo.connect()
        # seat 0 alone to act (not a raise its bot partner answers too): no bot moves on either server
        await sock.until(lambda m: m.get("view") is not None and m["view"]["to_act"] == [0])
        before = sock.version
        first.proc.send_signal(signal.SIGSTOP)
        try:
            until_metric(second, 'truco_lease_moves_total{move="taken_over"}', 1, within=10)
            await sock.send({"type": "act", "id": "late", "action": random_action(sock.view, random.Random(1))})
        finally:
            first.proc.send_signal(signal.SIGCONT)
        with contextlib.suppress(websockets.ConnectionClosed):
            answer = await sock.until(lambda m: m.get("id") == "late")
            assert answer["type"] == "error" and answer["code"] == "storage_failure"
        assert not any(f["type"] == "ack" for f in sock.frames)

        solo.server = second
        again = await solo.connect()
        snapshot = await again.until(lambda m: m["type"] == "snapshot")
        assert snapshot["v"] == before, "nothing from the stale owner was stored"
        ack = await again.command("act", action=random_action(snapshot["view"], random.Random(1)))
        assert ack["type"] == "ack" and ack["v"] == before + 1
        await again.close()

    run(play())


def test_a_lease_taken_over_says_when_its_last_owner_last_ran_the_table(database):
    """The clock of a table taken over resumes from when its last owner was last known to run it:
    when it gave the lease up (a stop), or else when it last renewed it (a death)."""
    _, a_leases = owner(database, "a", ttl=0.5)
    _, b_leases = owner(database, "b", ttl=0.5)
    a_leases.acquire("given")
    a_leases.acquire("dead")
    time.sleep(0.2)
    gave_up = time.time()
    a_leases.release("given")
    a_leases.renew()  # "given" is given up now; "dead" renewed now, for the last time
    time.sleep(0.6)  # a dies: "dead" lapses
    b_leases.acquire("given")
    b_leases.acquire("dead")
    assert abs(b_leases.last_held["given"] - gave_up) < 0.15
    assert abs(b_leases.last_held["dead"] - gave_up) < 0.15
