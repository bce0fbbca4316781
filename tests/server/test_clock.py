"""The turn clock, absence takeover and reconnection with a gap."""

from __future__ import annotations

import asyncio
import random

from tests.server.helpers import Player, four_players, play_randomly, run, spectate


def events_of(sock, kind):
    return [e for f in sock.frames if f["type"] == "step" for e in f["events"] if e["type"] == kind]


def test_the_clock_plays_the_last_card_open_and_runs_from_an_unanswered_raise(server):
    async def body():
        players, socks = await four_players(server, timer=2)
        first = socks[0].view["to_act"][0]
        mine = socks[first]
        assert mine.view is not None
        clock = next(f["clock"] for f in reversed(mine.frames) if "clock" in f)
        assert clock["seats"] == [first] and 0 < clock["remaining"] <= 2
        last_card = mine.view["hand"][-1]
        step = await mine.until(lambda m: m["type"] == "step" and any(e["type"] == "auto" for e in m["events"]))
        assert step["events"][0] == {"type": "auto", "seat": first, "reason": "timer"}
        assert step["events"][1] == {"type": "card_played", "seat": first, "card": last_card, "covered": False}

        asker = socks[step["view"]["to_act"][0]]
        await asker.until(lambda m: m.get("v") == step["v"])
        assert (await asker.command("act", action={"type": "raise"}))["type"] == "ack"
        ended = await asker.until(
            lambda m: m["type"] == "step" and any(e["type"] == "hand_ended" for e in m["events"]), timeout=10
        )
        autos = [e for e in ended["events"] if e["type"] == "auto"]
        assert autos and all(e["reason"] == "timer" for e in autos)
        runs = [e for e in events_of(asker, "answered") if e["answer"] == "run"]
        assert len(runs) == 2
        (hand_end,) = [e for e in ended["events"] if e["type"] == "hand_ended"]
        assert hand_end["reason"] == "run" and hand_end["winner"] == asker.view["seat"] & 1
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_a_bot_plays_for_an_absent_player_until_they_return(server):
    async def body():
        me = await Player(server, "Ausente").register()
        r = await me.post("/api/quick")
        me.held = r.json()
        watcher = await spectate(server, me.held["table_id"])
        sock = await me.connect()
        await sock.until(lambda m: m.get("view") is not None and 0 in m["view"]["to_act"])
        await sock.close()
        taken = await watcher.until(
            lambda m: m["type"] == "step" and {"type": "takeover", "seat": 0, "active": True} in m["events"]
        )
        auto = await watcher.until(
            lambda m: m["type"] == "step" and {"type": "auto", "seat": 0, "reason": "takeover"} in m["events"]
        )
        assert auto["v"] > taken["v"]
        back = await me.connect()
        snap = await back.until(lambda m: m["type"] == "snapshot")
        assert snap["table"]["seats"][0]["takeover"] is True, "the bot still plays until the player is back"
        returned = await back.until(lambda m: m["type"] == "step" and m["events"])
        assert returned["events"] == [{"type": "takeover", "seat": 0, "active": False}]
        await watcher.until(lambda m: m.get("v") == returned["v"])
        await back.close()
        await watcher.close()
        await me.aclose()

    run(body())


def test_reconnecting_client_gets_the_missing_steps(make_server):
    # a server of its own, with the usual minute of absence: no bot takes the seat while it is away
    server = make_server("--bot-pause", "0.01")

    async def body():
        me = await Player(server, "Volta").register()
        me.held = (await me.post("/api/quick", {})).json()
        watcher = await spectate(server, me.held["table_id"])
        sock = await me.connect()
        await sock.until(lambda m: m.get("view") is not None and 0 in m["view"]["to_act"])
        ack = await sock.command("act", action=dict(random.choice(sock.view["legal"]), seat=0))
        assert ack["type"] == "ack"
        last = sock.version
        await sock.close()
        # the bots play on while seat 0 is away, until it is its turn again (or the hand ends)
        await watcher.until(lambda m: m.get("view") is not None and m["v"] > last + 1 and 0 in m["view"]["to_act"])
        again = await me.connect(last_version=last)
        while again.version < watcher.version:
            await again.recv()
        assert [f["type"] for f in again.frames[1:]] == ["step"] * (watcher.version - last)
        fresh = await me.connect()
        snap = await fresh.until(lambda m: m["type"] == "snapshot")
        # (a bot may have answered with seat 0 meanwhile: catch up to the snapshot's version)
        await again.seen_or_until(lambda m: m.get("v") == snap["v"])
        assert snap["v"] == again.version and snap["view"] == again.view
        behind = await me.connect(last_version=10**6)
        assert (await behind.recv())["type"] == "snapshot"
        for s in (again, fresh, behind, watcher):
            await s.close()
        await me.aclose()

    run(body())


def test_spectators_see_what_every_player_sees(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        watcher = await spectate(server, players[0].held["table_id"])
        snap = await watcher.until(lambda m: m["type"] == "snapshot")
        assert snap["you"] is None and snap["view"]["hand"] == [] and snap["view"]["legal"] == []
        assert snap["signals"]["table"] is None
        assert (await watcher.command("chat", text="oi"))["code"] == "not_seated"
        await play_randomly(socks, random.Random(5), stop=lambda: socks[0].version > 12)
        for s in [*socks, watcher]:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_a_restart_gives_the_players_their_time_back(make_server):
    async def body():
        first = make_server("--bot-pause", "0.01")
        players, socks = await four_players(first, timer=6)
        before = socks[0].version
        seat = socks[0].view["to_act"][0]
        first.kill()
        await asyncio.sleep(8)  # longer than the timer
        second = make_server("--bot-pause", "0.01", db_url=first.db_url, port=first.port)
        sock = await players[seat].connect()
        snap = await sock.until(lambda m: m["type"] == "snapshot")
        assert snap["v"] == before, "no seat was played by the clock while the server was down"
        assert snap["clock"]["seats"] == [seat] and snap["clock"]["remaining"] > 1.5
        auto = await sock.until(lambda m: m["type"] == "step", timeout=15)
        assert auto["events"][0] == {"type": "auto", "seat": seat, "reason": "timer"}
        await sock.close()
        for p in players:
            await p.aclose()
        second.stop()

    run(body())
