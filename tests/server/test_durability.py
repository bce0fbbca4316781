"""SIGKILL in the middle of a hand, restart: every table comes back as it was."""

from __future__ import annotations

import random

from tests.server.helpers import Player, four_players, play_randomly, random_action, run


async def kill_and_restore(make_server, db_url: str | None = None) -> None:
    first = make_server("--bot-pause", "0.01", db_url=db_url)
    players, socks = await four_players(first, timer=20)
    rng = random.Random(4)
    await play_randomly(socks, rng, stop=lambda: socks[0].version >= 14)
    # and a table of bots with one person, whose bots are waiting for them
    solo = await Player(first, "Solo").register()
    solo.held = (await solo.post("/api/quick")).json()
    solo_sock = await solo.connect()
    await solo_sock.until(lambda m: m.get("view") is not None and 0 in m["view"]["to_act"])
    ack = await solo_sock.command("act", action=random_action(solo_sock.view, rng))
    assert ack["type"] == "ack"

    top = max(s.version for s in socks)
    for s in socks:
        await s.seen_or_until(lambda m: m.get("v") == top)
    acked = [f["v"] for s in socks for f in s.frames if f["type"] == "ack"]
    before = {i: (s.version, s.view, s.frames[-1]) for i, s in enumerate(socks)}
    clock = next(f["clock"] for f in reversed(socks[0].frames) if f.get("clock"))
    first.kill()

    second = make_server("--bot-pause", "0.01", db_url=first.db_url, port=first.port)
    for i, p in enumerate(players):
        up_to_date = await p.connect(last_version=before[i][0])
        assert up_to_date.welcome["version"] == before[i][0], "no acknowledged version is lost"
        await up_to_date.close()
    again = [await p.connect() for p in players]
    for i, s in enumerate(again):
        snap = await s.until(lambda m: m["type"] == "snapshot")
        assert snap["v"] == before[i][0] >= max(acked), "no acknowledged version is lost"
        assert snap["view"] == before[i][1], "hands, tricks, score and turn as they were"
        assert snap["clock"]["deadline"] >= clock["deadline"], "the time spent down is given back"
        assert snap["table"]["seats"][i]["nickname"] == f"P{i}"
    solo_again = await solo.connect()
    snap = await solo_again.until(lambda m: m["type"] == "snapshot")
    assert snap["v"] >= ack["v"]
    await play_randomly(again, rng)
    assert all(s.view["phase"] == "over" for s in again)
    history = (await players[0].http.get("/api/history")).json()["matches"]
    assert history[0]["table_id"] == players[0].held["table_id"]
    for s in [*socks, *again, solo_sock, solo_again]:
        await s.close()
    for p in [*players, solo]:
        await p.aclose()
    second.kill()


def test_sigkill_and_restart_lose_nothing(make_server):
    run(kill_and_restore(make_server))
