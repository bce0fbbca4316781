"""Limits per client: rates of guests, tables, joins and connections; WebSocket origins;
waiting tables that expire; invites kept out of the log."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import httpx
import pytest
import websockets
from tests.server.helpers import Player, four_players, play_randomly, run, spectate

OTHER = {"x-forwarded-for": "10.0.0.2"}
TIGHT = json.dumps({"guest": [3, 6], "table": [2, 6], "join": [2, 6], "connect": [3, 6]})


def test_rates_per_client(make_server):
    server = make_server("--rate-limits", TIGHT)

    async def body():
        async with httpx.AsyncClient(base_url=server.url) as http:
            codes = [(await http.post("/api/guest", json={"nickname": f"G{i}"})).status_code for i in range(4)]
            assert codes == [200, 200, 200, 429]
            r = await http.post("/api/guest", json={"nickname": "G9"})
            assert r.json()["error"]["code"] == "rate_limited"
        me = Player(server, "Mesa")
        me.http.headers["x-forwarded-for"] = "10.0.0.2"  # another client (uvicorn trusts a proxy on loopback)
        await me.register()
        assert (await me.post("/api/quick")).status_code == 200
        assert (await me.post("/api/tables", {"seats": [{"type": "me"}] + [{"type": "open"}] * 3})).status_code == 200
        r = await me.post("/api/quick")
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        table_id = (await me.http.get("/api/me")).json()["seats"][-1]["table_id"]
        joiner = Player(server, "Junta")
        joiner.http.headers["x-forwarded-for"] = "10.0.0.3"
        await joiner.register()
        joins = [(await joiner.post(f"/api/tables/{table_id}/join", {"seat": seat})).status_code for seat in (1, 2, 3)]
        assert joins[:2] == [200, 200] and joins[2] == 429, "a second join of one's own seat counts too"
        opened = []
        for _ in range(3):
            ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}", additional_headers=OTHER)
            await ws.send(json.dumps({"type": "hello"}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "welcome"
            opened.append(ws)
        ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}", additional_headers=OTHER)
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == "rate_limited"
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
        assert closed.value.rcvd.code == 1008
        for w in opened:
            await w.close()
        for p in (me, joiner):
            await p.aclose()

    run(body())


def test_a_page_of_another_site_cannot_open_a_table(server):
    async def body():
        me = await Player(server, "Origem").register()
        me.held = (await me.post("/api/quick")).json()
        url = f"{server.ws_url}/ws/tables/{me.held['table_id']}"
        async with websockets.connect(url, origin="http://evil.example") as ws:
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == "bad_origin"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 10)
            assert closed.value.rcvd.code == 4003
        async with websockets.connect(url, origin=server.url) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "welcome"
        await me.aclose()

    run(body())


def test_the_origins_a_site_configures_are_the_only_ones_allowed(make_server):
    server = make_server("--origin", "https://truco.example", "--origin", "https://www.truco.example")

    async def body():
        me = await Player(server, "Origens").register()
        me.held = (await me.post("/api/quick")).json()
        url = f"{server.ws_url}/ws/tables/{me.held['table_id']}"
        for origin in ("https://www.truco.example", "https://truco.example"):
            async with websockets.connect(url, origin=origin) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "welcome", origin
        # its own address is not one of the configured origins
        for origin in (server.url, "https://truco.example.evil"):
            async with websockets.connect(url, origin=origin) as ws:
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == "bad_origin", origin
        await me.aclose()

    run(body())


def test_waiting_tables_expire_and_are_not_restored(make_server):
    first = make_server("--waiting-ttl", "2")

    async def body():
        host = await Player(first, "Espera").register()
        held = await host.create(seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        kept = await Player(first, "Fica").register()
        kept_held = await kept.create(seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        sock = await kept.connect()
        listed = {t["id"] for t in (await host.http.get("/api/tables")).json()["tables"]}
        assert {held["table_id"], kept_held["table_id"]} <= listed
        await asyncio.sleep(5)
        listed = {t["id"] for t in (await host.http.get("/api/tables")).json()["tables"]}
        assert held["table_id"] not in listed and kept_held["table_id"] in listed
        assert (await host.http.get(f"/api/tables/{held['table_id']}")).json()["status"] == "expired"
        guest = await Player(first, "Tarde").register()
        r = await guest.post(f"/api/tables/{held['table_id']}/join", {})
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_waiting"
        await sock.close()
        first.kill()
        second = make_server("--waiting-ttl", "2", db_url=first.db_url, port=first.port)
        listed = {t["id"] for t in (await host.http.get("/api/tables")).json()["tables"]}
        assert held["table_id"] not in listed
        for p in (host, kept, guest):
            await p.aclose()
        second.stop()

    run(body())


def test_invites_stay_out_of_the_access_log(make_server, tmp_path, monkeypatch):
    log = tmp_path / "access.log"
    monkeypatch.setenv("TRUCO_TEST_SERVER_LOG", str(log))
    server = make_server("--log-level", "info")

    async def body():
        host = await Player(server, "Sigilo").register()
        held = await host.create(public=False, seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        code = held["invite"].split("invite=")[1]
        codes.append(code)
        assert (await host.http.get(held["invite"])).status_code == 200
        assert (await host.http.get(f"/api/tables/{held['table_id']}?invite={code}")).status_code == 200
        await host.aclose()

    codes: list[str] = []
    run(body())
    server.stop()
    text = log.read_text()
    assert "/api/tables/" in text and "invite=" in text, "the requests were logged"
    assert codes[0] not in text


def test_tokens_expire_when_idle_and_can_be_revoked(make_server):
    server = make_server("--token-idle", "3")

    async def body():
        idle = await Player(server, "Sumido").register()
        active = await Player(server, "Presente").register()
        for _ in range(3):
            await asyncio.sleep(1.2)
            assert (await active.http.get("/api/me")).status_code == 200, "use keeps a token alive"
        await asyncio.sleep(0.5)
        r = await idle.http.get("/api/me")
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"

        assert (await active.post("/api/logout")).status_code == 200
        r = await active.http.get("/api/me")
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token", "revoked"
        for p in (idle, active):
            await p.aclose()

    run(body())


def test_replays_per_client(make_server):
    server = make_server("--bot-pause", "0.01", "--rate-limits", json.dumps({"replay": [3, 6]}))

    async def body():
        players, socks = await four_players(server, timer=0)
        await play_randomly(socks, random.Random(2))
        table_id = players[0].held["table_id"]
        codes = [(await players[1].http.get(f"/api/tables/{table_id}/replay")).status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        r = await players[1].http.get(f"/api/tables/{table_id}/record")
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def queued_frames(server) -> float:
    metrics = httpx.get(server.url + "/metrics").text
    return float(next(line.split()[1] for line in metrics.splitlines() if line.startswith("truco_frames_queued ")))


def test_a_client_that_stops_reading_is_dropped_at_once(make_server, tmp_path, monkeypatch):
    """Its writer blocks once the socket's buffers are full: the connection is dropped after
    ``--write-timeout`` seconds, not after 4,096 frames have piled up in the server's memory;
    the server says so in its log."""
    log = tmp_path / "server.log"
    monkeypatch.setenv("TRUCO_TEST_SERVER_LOG", str(log))
    server = make_server("--frame-rate", "100000", "--frame-burst", "100000", "--write-timeout", "2")

    async def body():
        me = await Player(server, "Parado").register()
        await me.create(timer=0, seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        watcher = await spectate(server, me.held["table_id"])
        stalled = await me.connect()
        await watcher.until(lambda m: m["type"] == "presence" and m["seats"][0]["connected"])
        # from now on `stalled` reads nothing; each ping it sends queues a pong for it
        cid = "p" * 64
        while queued_frames(server) < 200:  # until its writer is blocked: the socket buffers are full
            for _ in range(500):
                await stalled.send({"type": "ping", "id": cid})
        blocked = asyncio.get_running_loop().time()
        left = None
        while left is None and asyncio.get_running_loop().time() - blocked < 15:
            with contextlib.suppress(websockets.ConnectionClosed):
                await stalled.send({"type": "ping", "id": cid})  # a few more frames: far from 4,096
            with contextlib.suppress(TimeoutError):
                left = await watcher.until(lambda m: m["type"] == "presence" and not m["seats"][0]["connected"], 0.1)
        assert left is not None, "the stalled client still holds its seat"
        assert queued_frames(server) == 0
        await watcher.close()
        await me.aclose()

    run(body())
    assert "the client stopped reading; dropped" in log.read_text()


def test_connections_racing_a_table_that_expires_are_all_answered(make_server):
    """A table stopped by the sweeper while connections attach to it (the attach awaits the
    player's lookups): every connection gets its welcome or a clear close, none hangs."""
    server = make_server("--waiting-ttl", "1")

    async def body():
        host = await Player(server, "Anfitrião").register()
        watchers = [await Player(server, f"Olho {i}").register() for i in range(12)]
        table_id = (await host.create(seats=[{"type": "me"}] + [{"type": "open"}] * 3))["table_id"]
        url = f"{server.ws_url}/ws/tables/{table_id}"
        expired_at: list[float] = []
        hanging: list[str] = []
        answered = 0

        async def answer(ws) -> None:
            """Read until the welcome or the connection's close."""
            with contextlib.suppress(websockets.ConnectionClosed):
                while json.loads(await ws.recv())["type"] != "welcome":
                    pass

        async def connect_again_and_again(watcher: Player) -> None:
            nonlocal answered
            loop = asyncio.get_running_loop()
            while not expired_at or loop.time() - expired_at[0] < 1.0:
                async with websockets.connect(url, ping_interval=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": watcher.token}))
                    try:
                        await asyncio.wait_for(answer(ws), 10)
                        answered += 1
                    except TimeoutError:
                        hanging.append(watcher.nickname)
                        return

        async def expiry() -> None:
            while (await host.http.get(f"/api/tables/{table_id}")).json()["status"] != "expired":
                await asyncio.sleep(0.05)
            expired_at.append(asyncio.get_running_loop().time())

        await asyncio.gather(expiry(), *(connect_again_and_again(w) for w in watchers))
        assert not hanging, f"no welcome nor close for {hanging} ({answered} answered)"
        for p in (host, *watchers):
            await p.aclose()

    run(body())
