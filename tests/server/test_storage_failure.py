"""A database that cannot store (here a really full SQLite database): every request is answered,
the table stays at its last stored version, its players are told, and play resumes once there is room."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time

import websockets
from sqlalchemy import text
from tests.server.helpers import Player, four_players, random_action, run

from truco.server.store import Store

#: room the server gets above the schema, in pages of 4 KiB
ROOM = 200


def test_a_full_disk_answers_everyone_and_loses_nothing(make_server, tmp_path):
    path = tmp_path / "full.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    pages = store.scalar(text("PRAGMA page_count"))
    store.engine.dispose()
    server = make_server("--bot-pause", "0.01", "--db-max-pages", str(pages + ROOM), db_url=f"sqlite:///{path}")

    async def body():
        players, socks = await four_players(server, timer=0)
        host = await Player(server, "Anfitrião").register()
        waiting = await host.create(rules={"players": 2}, seats=[{"type": "me"}, {"type": "open"}])
        late = await Player(server, "Atrasado").register()
        rng = random.Random(3)
        acked = socks[0].version

        # the disk fills up (up to the server's limit: the same "database or disk is full" error)
        await asyncio.to_thread(fill_to, path, pages + ROOM)

        failure = None
        for n in range(500):  # partner signals: each one a stored version, and the match goes on
            reply = await socks[n % 4].command("signal", gesture="piscar")
            if reply["type"] == "error":
                failure = reply
                break
            acked = reply["v"]
        assert failure is not None and failure["code"] == "storage_failure", failure
        for s in socks:  # every player is told, and the connection closes with 1011
            await s.seen_or_until(lambda m: m.get("code") == "storage_failure")
            try:
                while True:
                    await s.recv(10)
            except websockets.ConnectionClosed as e:
                assert e.rcvd.code == 1011

        # an HTTP request that must store gets a JSON answer at once, not a hang nor a plain-text 500
        start = time.monotonic()
        r = await late.post(f"/api/tables/{waiting['table_id']}/join", {"invite": waiting["invite"].split("=")[1]})
        assert time.monotonic() - start < 10
        assert r.status_code == 503 and r.json()["error"]["code"] == "storage_failure", r.text

        # the process stays up; the table is as last stored
        again = [await p.connect() for p in players]
        for s in again:
            snap = await s.until(lambda m: m["type"] == "snapshot")
            assert snap["v"] == acked
        # room again: play resumes
        db = sqlite3.connect(path)
        db.execute("DROP TABLE padding")
        db.commit()
        db.close()
        mover = next(s for s in again if s.view["legal"])
        mover.name += "-again"  # fresh command ids
        reply = await mover.command("act", action=random_action(mover.view, rng))
        assert reply["type"] == "ack" and reply["v"] == acked + 1, reply
        r = await late.post(f"/api/tables/{waiting['table_id']}/join", {"invite": waiting["invite"].split("=")[1]})
        assert r.status_code == 200, r.text
        for s in [*socks, *again]:
            await s.close()
        for p in [*players, host, late]:
            await p.aclose()

    run(body())


def fill_to(path: str, limit: int) -> None:
    """Take every free page of the database up to ``limit`` pages, as a full disk would."""
    db = sqlite3.connect(path, timeout=30)
    db.execute(f"PRAGMA max_page_count={limit}")
    db.execute("CREATE TABLE IF NOT EXISTS padding (blob BLOB)")
    size = 1 << 16
    while size:
        try:
            db.execute("INSERT INTO padding VALUES (zeroblob(?))", (size,))
            db.commit()
        except sqlite3.OperationalError as e:
            assert "full" in str(e), e
            db.rollback()
            size //= 2
    db.close()
