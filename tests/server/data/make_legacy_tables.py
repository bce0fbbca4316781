"""Make ``legacy_tables.sql`` and ``legacy_tables.json``: tables stored by the server as it was
before migration ``0002_table_secret`` (deals from ``random.Random(seed)``), for
``tests/server/test_legacy_tables.py``.

Run it with the code of commit 460329d^ (the last one that dealt with ``Random``)::

    git archive 460329d^ | tar -x -C /tmp/truco-old
    cd /tmp/truco-old && PYTHONPATH=$PWD/src:$PWD python PATH/TO/make_legacy_tables.py PATH/TO/tests/server/data

It plays, with that code's own test helpers, three tables against a real server of then:
a finished four-seat match with signals, an unfinished one (stopped in its second hand),
and a finished two-seat match on the clean deck; then writes the database as SQL and
what the players and spectators saw (the expected results) as JSON.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.server.helpers import Player, Server, Socket, four_players, play_randomly


def seen(sock: Socket) -> dict[str, Any]:
    """What one seat saw: its last view, and the signal tables and signals its team was told."""
    told = [f for f in sock.frames if f["type"] in ("step", "snapshot")]
    events = [e for f in told if f["type"] == "step" for e in f["events"]]
    snapshot = next(f for f in told if f["type"] == "snapshot")
    return {
        "view": sock.view,
        "first_signals": snapshot["signals"],
        "signal_tables": [e for e in events if e["type"] == "signal_table"],
        "signals": [e for e in events if e["type"] == "signal"],
    }


async def finished_four(server: Server, out: dict[str, Any]) -> None:
    players, socks = await four_players(server, timer=0, signals=True)
    await play_randomly(socks, random.Random(1), signals=0.2)
    await finish(server, players, socks, out, "finished_four")


async def unfinished_four(server: Server, out: dict[str, Any]) -> None:
    players, socks = await four_players(server, timer=0, signals=True)

    def second_hand_begun() -> bool:
        view = socks[0].view
        return view is not None and view["hand_number"] >= 1 and len(view["trick"]) >= 2

    await play_randomly(socks, random.Random(2), stop=second_hand_begun, signals=0.2)
    await asyncio.sleep(0.5)  # the last frames reach every seat
    for s in socks:
        while True:
            try:
                await s.recv(0.3)
            except TimeoutError:
                break
    await finish(server, players, socks, out, "unfinished_four")


async def finished_two(server: Server, out: dict[str, Any]) -> None:
    players = [await Player(server, f"D{i}").register() for i in range(2)]
    seats = [{"type": "me"}, {"type": "open"}]
    held = await players[0].create(rules={"players": 2, "deck": "clean"}, timer=0, seats=seats)
    await players[1].join(held["table_id"], seat=1, invite=held["invite"].split("invite=")[1])
    socks = [await p.connect() for p in players]
    for s in socks:
        await s.until(lambda m: m.get("view") is not None and m["view"]["phase"] != "no_deal")
    await play_randomly(socks, random.Random(3))
    await finish(server, players, socks, out, "finished_two")


async def finish(server: Server, players: list[Player], socks: list[Socket], out: dict[str, Any], name: str) -> None:
    table_id = players[0].held["table_id"]
    entry: dict[str, Any] = {
        "table_id": table_id,
        "players": [{"player_id": (await p.http.get("/api/me")).json()["player_id"]} for p in players],
        "seats": [seen(s) for s in socks],
        "version": socks[0].version,
    }
    if socks[0].view and socks[0].view["phase"] == "over":
        entry["replay"] = (await players[0].http.get(f"/api/tables/{table_id}/replay")).json()
        entry["record"] = (await players[0].http.get(f"/api/tables/{table_id}/record")).json()
    for s in socks:
        await s.close()
    for p in players:
        await p.aclose()
    out[name] = entry


async def main(target: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "old.db"
        server = Server(f"sqlite:///{db}", "--bot-pause", "0", "--absence", "600").start()
        out: dict[str, Any] = {}
        try:
            await finished_four(server, out)
            await unfinished_four(server, out)
            await finished_two(server, out)
        finally:
            server.stop()
        with sqlite3.connect(db) as conn:
            dump = "\n".join(conn.iterdump())
    (target / "legacy_tables.sql").write_text(dump + "\n")
    (target / "legacy_tables.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]).resolve()))
