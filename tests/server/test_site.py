"""One site on three ``truco serve`` processes sharing a real PostgreSQL and a real Redis (issue 15).

Clients reach whichever process they like; the table's owner answers through the Redis relay.
The processes are killed (SIGKILL) or restarted one after another (SIGTERM), and no acknowledged
action is lost, nobody is played for, and the matches go on."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import select
from tests.server.databases import scratch_database
from tests.server.helpers import TIMEOUT, Player, Server, Socket, random_action, run, spectate
from tests.server.test_ops import sample
from tests.server.test_ranked import account, matched, queue

from truco.server.store import Store, events, table_leases

pytestmark = pytest.mark.postgres

#: a short lease, so that a dead owner's tables move within seconds (the issue asks within 10)
TTL = "2"


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("TRUCO_TEST_REDIS_URL")
    if not url:
        warnings.warn(
            "TRUCO_TEST_REDIS_URL is not set: the tests of one site on many processes are skipped", stacklevel=1
        )
        pytest.skip("TRUCO_TEST_REDIS_URL is not set")
    return url


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        Store(url).migrate()
        yield url


@pytest.fixture
def site(database: str, redis_url: str, make_server: Callable[..., Server]) -> Callable[..., list[Server]]:
    """``n`` processes of one site (their own Redis prefix), named n0, n1, ... (stopped before
    their database is dropped)."""
    prefix = f"test-{uuid.uuid4().hex[:8]}"

    def start(n: int, *flags: str) -> list[Server]:
        common = ("--bot-pause", "0.05", "--lease-ttl", TTL, "--redis", redis_url, "--redis-prefix", prefix, *flags)
        return [make_server(*common, "--node", f"n{i}", db_url=database) for i in range(n)]

    return start


def owner_of(database: str, table_id: str) -> str | None:
    """The process whose lease on ``table_id`` runs now, from the database."""
    store = Store(database)
    try:
        c = table_leases.c
        row = store.rows(select(c.owner, c.expires_at).where(c.table_id == table_id))
    finally:
        store.engine.dispose()
    return row[0]["owner"] if row and row[0]["expires_at"] > time.time() and row[0]["owner"] else None


def epoch_of(database: str, table_id: str) -> int:
    store = Store(database)
    try:
        return int(store.scalar(select(table_leases.c.epoch).where(table_leases.c.table_id == table_id)))
    finally:
        store.engine.dispose()


def logged(database: str, table_ids: list[str]) -> dict[tuple[str, int], dict[str, Any]]:
    """Every stored version of these tables: (table, version) -> its data."""
    store = Store(database)
    try:
        stmt = select(events.c.table_id, events.c.seq, events.c.data, events.c.at)
        rows = store.rows(stmt.where(events.c.table_id.in_(table_ids)))
        return {(r["table_id"], r["seq"]): {**json.loads(r["data"]), "stored_at": r["at"]} for r in rows}
    finally:
        store.engine.dispose()


class Seated:
    """A person at a table who plays through any process: when the connection drops (its process
    or the table's owner stopped), it reconnects through the next process, with its last version."""

    def __init__(
        self, player: Player, servers: list[Server], at: int, rng: random.Random, think: float, calm: bool
    ) -> None:
        self.player, self.servers, self.at, self.rng, self.think, self.calm = player, servers, at, rng, think, calm
        self.sock: Socket | None = None
        #: (command id, version) of every acknowledged action
        self.acks: list[tuple[str, int]] = []
        self.reconnects = 0
        self._n = 0

    @property
    def name(self) -> str:
        return self.player.nickname

    async def connect(self, within: float = TIMEOUT) -> Socket:
        """Connect through the process at ``at`` (else the next ones), until one welcomes it."""
        last = self.sock.version if self.sock is not None else None
        end = time.monotonic() + within
        while True:
            server = self.servers[self.at % len(self.servers)]
            self.player.server = server
            try:
                sock = await self.player.connect(last_version=last)
                if self.sock is not None:  # a client keeps what it saw: the gap's frames follow
                    sock.frames, sock.view = self.sock.frames, self.sock.view
                self.sock = sock
                return sock
            except (OSError, websockets.WebSocketException, TimeoutError, AssertionError):
                assert time.monotonic() < end, f"{self.name} could not reconnect within {within} s"
                self.at += 1
                await asyncio.sleep(0.2)

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        """A random legal action; a calm player never raises (its matches last longer)."""
        calm = [a for a in view["legal"] if a["type"] != "raise"] if self.calm else []
        return random_action({"legal": calm or view["legal"]}, self.rng)

    async def play(self, done: Callable[[], bool] = lambda: False) -> None:
        """Random legal actions from its own view until the match is over (or ``done()``)."""
        while not done():
            sock = self.sock
            assert sock is not None
            try:
                if sock.view is not None and sock.view["phase"] == "over":
                    return
                if sock.view and sock.view["legal"]:
                    await asyncio.sleep(self.think * self.rng.random())
                    self._n += 1
                    cid = f"{self.name}-{self._n}"
                    await sock.send({"type": "act", "id": cid, "action": self.choose(sock.view)})
                    answer = await sock.until(lambda m, cid=cid: m.get("id") == cid)
                    if answer["type"] == "ack":
                        self.acks.append((cid, answer["v"]))
                    elif answer["code"] in ("relay_timeout", "table_gone", "storage_failure"):
                        await sock.until(lambda m: False, timeout=TIMEOUT)  # the server closes it
                else:
                    try:
                        await sock.until(lambda m: m["type"] in ("step", "snapshot") and "view" in m, timeout=1.0)
                    except TimeoutError:
                        continue  # nothing new: is it done meanwhile? (a dead connection raises ConnectionClosed)
            except (websockets.ConnectionClosed, TimeoutError):
                self.reconnects += 1
                self.at += 1
                await self.connect()


async def seat_four(
    servers: list[Server], table_on: int, seats_on: list[int], think: float, seed: int, calm: bool = False
) -> list[Seated]:
    """A table made through process ``table_on`` (so run there), its four seats joined and
    connected through the processes ``seats_on``."""
    rng = random.Random(seed)
    through = [table_on, *seats_on[1:]]
    players = [await Player(servers[at], f"S{seed}p{i}").register() for i, at in enumerate(through)]
    held = await players[0].create(seats=[{"type": "me"}] + [{"type": "open"}] * 3, public=False)
    invite = held["invite"].split("invite=")[1]
    for i in (1, 2, 3):
        await players[i].join(held["table_id"], seat=i, invite=invite)
    seated = [
        Seated(p, servers, at, random.Random(rng.random()), think, calm)
        for p, at in zip(players, seats_on, strict=True)
    ]
    for s in seated:
        await s.connect()
    return seated


async def leave(seated: list[Seated]) -> None:
    for s in seated:
        if s.sock is not None:
            await s.sock.close()
        await s.player.aclose()


def check_log(database: str, seated: list[Seated]) -> dict[tuple[str, int], dict[str, Any]]:
    """Every acknowledged action is stored as the version its ack named; nobody was played for."""
    table_ids = sorted({s.player.held["table_id"] for s in seated})
    log = logged(database, table_ids)
    for s in seated:
        table_id = s.player.held["table_id"]
        for cid, v in s.acks:
            assert log.get((table_id, v), {}).get("cmd") == cid, f"acknowledged {cid} (v{v}) is not stored"
    played_for = [(k, d) for k, d in log.items() if d.get("by") in ("timer", "takeover") or "active" in d]
    assert not played_for, f"people were played for: {played_for[:3]} in {sorted(log.items())[-6:]}"
    return log


def test_four_clients_on_three_processes_finish_a_match(site, database):
    """The table runs on n0; its players joined and connected through n0, n1, n2 and n1: the
    joins and every command reach n0 through Redis, and each seat gets its own frames back."""
    servers = site(3)

    async def play() -> None:
        seated = await seat_four(servers, table_on=0, seats_on=[0, 1, 2, 1], think=0.0, seed=1)
        assert owner_of(database, seated[0].player.held["table_id"]) == "n0"
        await asyncio.gather(*(s.play() for s in seated))
        finals = {s.sock.version for s in seated if s.sock}
        assert len(finals) == 1 and all(s.sock and s.sock.view and s.sock.view["phase"] == "over" for s in seated)
        assert all(s.reconnects == 0 for s in seated)
        check_log(database, seated)
        owner_metrics = httpx.get(servers[0].url + "/metrics").text
        assert sample(owner_metrics, 'truco_relay_messages_total{direction="published"}') > 0
        for i, s in enumerate(seated):  # each connection got its own seat's frames, and only those
            views = [f["view"] for f in s.sock.frames if f.get("view") is not None] if s.sock else []
            assert views and all(v["seat"] == i for v in views)
        await leave(seated)

    run(play())


def test_the_owner_killed_mid_hand_another_process_takes_the_table_and_the_match_ends(site, database):
    """SIGKILL of the owner in the middle of a hand: another process owns the table within 10 s, with
    every acknowledged action; the clients reconnect and finish the match."""
    servers = site(3)

    async def play() -> None:
        # calm players (no raises) until the kill, so that the match is still on, in the middle of a hand
        seated = await seat_four(servers, table_on=0, seats_on=[1, 2, 1, 0], think=0.05, seed=2, calm=True)
        table_id = seated[0].player.held["table_id"]
        enough = lambda: sum(len(s.acks) for s in seated) >= 6  # noqa: E731
        await asyncio.gather(*(s.play(enough) for s in seated))
        sock = seated[0].sock
        assert sock and sock.view and sock.view["phase"] not in ("over", "no_deal"), "mid-hand"
        for s in seated:
            s.calm = False  # raises from now on: the match ends sooner
        servers[0].kill()
        killed = time.monotonic()
        new_owner = None
        while new_owner in (None, "n0"):
            assert time.monotonic() - killed < 10, "nobody took the table over within 10 s"
            await asyncio.sleep(0.2)
            new_owner = owner_of(database, table_id)
        print(f"n0 killed: {new_owner} owns the table after {time.monotonic() - killed:.1f} s")
        check_log(database, seated)
        # the clock gives back the time the handover took: the deadline moved later, not earlier
        before = next(f["clock"]["deadline"] for f in reversed(sock.frames) if f.get("clock"))
        invite = seated[0].player.held["invite"].split("invite=")[1]
        watcher = await spectate(servers[1], table_id, invite=invite)
        after = (await watcher.seen_or_until(lambda m: m["type"] == "snapshot"))["clock"]["deadline"]
        assert after > before, (before, after)
        await watcher.close()
        await asyncio.gather(*(s.play() for s in seated))
        assert all(s.sock and s.sock.view and s.sock.view["phase"] == "over" for s in seated)
        check_log(database, seated)
        await leave(seated)

    run(play())


def test_a_rolling_restart_loses_no_acknowledged_action_and_plays_for_nobody(site, database):
    """20 matches on three processes, each process restarted (SIGTERM, then started again) in turn:
    every acknowledged action is stored, no clock ran out and no bot played for anyone, and the
    tables changed hands without stopping."""
    servers = site(3, "--absence", "15")

    async def play() -> None:
        tables = [
            seat_four(servers, i % 3, [i % 3, (i + 1) % 3, (i + 2) % 3, i % 3], 0.6, 100 + i, calm=True)
            for i in range(20)
        ]
        seated = [s for four in await asyncio.gather(*tables) for s in four]
        restarted = False
        playing = asyncio.gather(*(s.play(lambda: restarted) for s in seated))
        for server in servers:
            await asyncio.sleep(1.0)
            await asyncio.to_thread(server.stop)
            await asyncio.to_thread(server.start)
        await asyncio.sleep(1.0)
        restarted = True
        await asyncio.wait_for(playing, TIMEOUT)
        log = check_log(database, seated)
        assert sum(len(s.acks) for s in seated) > 60
        assert sum(s.reconnects for s in seated) >= 20, "the restarts moved connections"
        moved = [epoch_of(database, s.player.held["table_id"]) > 1 for s in seated[::4]]
        over = [s.sock is not None and s.sock.view is not None and s.sock.view["phase"] == "over" for s in seated[::4]]
        print(f"{len(log)} versions; {sum(s.reconnects for s in seated)} reconnections; {sum(over)} matches over")
        assert all(moved), "every table changed hands at least once"
        assert sum(over) <= 5, "most matches were still being played when the last process restarted"
        await leave(seated)

    run(play())


def test_the_lobby_and_the_tables_are_one_across_processes(site):
    """A public table made through one process is listed, and can be looked at, through another;
    a wrong seat secret sent through the other is refused as on the owner; and the other lists
    the creator's seat there."""
    servers = site(2)

    async def look() -> None:
        assert all(httpx.get(s.url + "/readyz").json() == {"status": "ready"} for s in servers)  # PG and Redis
        ana = await Player(servers[0], "Ana").register()
        held = await ana.create(seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        bia = await Player(servers[1], "Bia").register()
        lobby = (await bia.http.get("/api/tables")).json()["tables"]
        assert held["table_id"] in [t["id"] for t in lobby]
        info = await bia.http.get(f"/api/tables/{held['table_id']}")
        assert info.status_code == 200 and info.json()["seats"][0]["nickname"] == "Ana"
        # a refusal is answered through the relay too: the error, then the close
        ws = await websockets.connect(f"{servers[1].ws_url}/ws/tables/{held['table_id']}")
        await ws.send(json.dumps({"type": "hello", "token": bia.token, "seat_secret": "not-a-secret"}))
        refused = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        assert (refused["type"], refused["code"]) == ("error", "bad_secret")
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
        # the seats a player holds, asked of any process
        me = (await bia.http.get("/api/me", headers={"authorization": f"Bearer {ana.token}"})).json()
        assert [s["table_id"] for s in me["seats"]] == [held["table_id"]]
        assert me["seats"][0]["seat_secret"] == held["seat_secret"]
        await ana.aclose()
        await bia.aclose()

    run(look())


def test_the_ranked_queue_and_who_is_online_are_one_across_processes(site):
    """Two accounts queue through two processes and are matched at one table: the queue runs on one
    process of the site (the holder of its lease) and the other relays to it; the player who queued
    through the other process plays there through the relay."""
    servers = site(2)

    async def queue_up() -> None:
        ana, bia = await account(servers[0], "Ana Fila"), await account(servers[1], "Bia Fila")
        await queue([ana, bia], "paulista-1v1")
        held = [await matched(ana), await matched(bia)]
        assert held[0]["table_id"] == held[1]["table_id"] and held[0]["seat"] != held[1]["seat"]
        sock = await bia.connect()
        assert sock.welcome is not None and sock.welcome["seat"] == held[1]["seat"]
        await sock.close()
        assert (await bia.http.delete("/api/queue")).json() == {"status": "idle"}
        # who is online is one too: Ana, seen by the first process alone, is online in a profile read
        # through the second (each process tells the others every second whom it saw)
        end = time.monotonic() + 10
        while not (await bia.http.get("/api/players/Ana Fila")).json()["online"]:
            assert time.monotonic() < end, "the second process never saw Ana online"
            await asyncio.sleep(0.3)
        await ana.aclose()
        await bia.aclose()

    run(queue_up())
