"""Bad input of every kind: a clear error for that client, nothing changes, the others are undisturbed."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from tests.server.helpers import Player, four_players, run


async def raw(server, table_id: str):
    return await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}", max_size=None)


async def refused(ws, first, code: str, close_code: int) -> None:
    await ws.send(first if isinstance(first, str | bytes) else json.dumps(first))
    assert json.loads(await ws.recv())["code"] == code
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd.code == close_code


def test_bad_websocket_input_changes_nothing(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        table_id = players[0].held["table_id"]
        start = socks[0].version
        turn = socks[0].view["to_act"][0]
        mover, idle = socks[turn], socks[(turn + 1) % 4]

        # identity: no hello, wrong token, wrong secret, another player's secret
        await refused(await raw(server, table_id), "{oops", "bad_json", 4001)
        await refused(await raw(server, table_id), {"type": "act", "id": 1}, "hello_first", 4001)
        await refused(await raw(server, table_id), {"type": "hello", "token": "forged.token"}, "bad_token", 4001)
        hello = {"type": "hello", "token": players[1].token, "seat_secret": "x" * 32}
        await refused(await raw(server, table_id), hello, "bad_secret", 4003)
        thief = await Player(server, "Ladrão").register()
        hello = {"type": "hello", "token": thief.token, "seat_secret": players[1].held["seat_secret"]}
        await refused(await raw(server, table_id), hello, "bad_token", 4003)
        await refused(await raw(server, "nosuchtable"), {"type": "hello"}, "not_found", 4004)

        # malformed frames and commands on a seated connection
        async def expect(frame, code):
            await idle.send(frame)
            msg = await idle.until(lambda m: m["type"] == "error")
            assert msg["code"] == code, (frame, msg)
            return msg

        await expect("{not json", "bad_json")
        await expect("[1, 2]", "bad_json")
        await expect(b"\x00\x01", "bad_json")
        await expect({"id": 1}, "bad_message")
        await expect({"type": "dance", "id": "d1"}, "unknown_type")
        await expect({"type": "act"}, "bad_message")
        await expect({"type": "act", "id": ["x"]}, "bad_message")
        await expect({"type": "act", "id": "a1"}, "bad_message")
        await expect({"type": "act", "id": "a2", "action": {"type": "fly"}}, "bad_message")
        await expect({"type": "act", "id": "a3", "action": {"type": "play", "card": "9Z"}}, "bad_message")
        await expect({"type": "hello", "id": "h"}, "already_hello")
        card = idle.view["hand"][0]
        msg = await expect({"type": "act", "id": "a4", "action": {"type": "play", "card": card}}, "illegal")
        assert "may not act now" in msg["message"]
        await expect({"type": "mute", "id": "m1", "seat": 9, "muted": True}, "bad_message")
        await expect({"type": "report", "id": "r1", "seat": "x"}, "bad_message")
        await expect({"type": "rematch", "id": "re1"}, "not_over")

        async def expect_mover(action, code):
            await mover.send({"type": "act", "id": f"m{id(action)}", "action": action})
            msg = await mover.until(lambda m: m["type"] in ("error", "ack"))
            assert msg.get("code") == code, (action, msg)

        not_held = next(c for c in ("4D", "4S", "4H", "4C", "5D") if c not in mover.view["hand"])
        await expect_mover({"type": "play", "card": not_held}, "illegal")
        await expect_mover({"type": "play", "card": mover.view["hand"][0], "covered": True}, "illegal")
        await expect_mover({"type": "play", "card": mover.view["hand"][0], "seat": (turn + 1) % 4}, "illegal")
        await expect_mover({"type": "accept"}, "illegal")
        assert all(s.version == start for s in socks), "nothing changed"

        # a good command, then the same id again
        good = {"type": "act", "id": "once", "action": {"type": "play", "card": mover.view["hand"][0]}}
        await mover.send(good)
        ack = await mover.until(lambda m: m.get("id") == "once")
        assert ack == {"type": "ack", "id": "once", "v": start + 1}
        await mover.send(good)
        dup = await mover.until(lambda m: m.get("id") == "once")
        assert dup["code"] == "duplicate_command" and dup["v"] == start + 1

        # a huge frame closes that connection only; so does a flood
        big = await players[3].connect(seat=False)
        await big.send(json.dumps({"type": "ping", "id": "p", "pad": "x" * 40000}))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await big.until(lambda m: False)
        assert closed.value.rcvd.code == 1009
        flood = await players[3].connect(seat=False)
        for i in range(200):
            try:
                await flood.send({"type": "ping", "id": i})
            except websockets.ConnectionClosed:
                break
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await flood.until(lambda m: m["type"] == "error" and m["code"] == "flood")
            await flood.until(lambda m: False)
        assert closed.value.rcvd.code == 1008

        # the others were not disturbed: same versions, still playing
        for s in socks:
            await s.seen_or_until(lambda m: m.get("v") == start + 1)
            assert not [f for f in s.frames if f["type"] == "error" and s is not idle and s is not mover]
        nxt = socks[socks[0].view["to_act"][0]]
        ack = await nxt.command("act", action={"type": "play", "card": nxt.view["hand"][0]})
        assert ack["v"] == start + 2
        for s in socks:
            await s.close()
        for p in [*players, thief]:
            await p.aclose()

    run(body())


def test_bad_http_input_gets_clear_errors(server):
    async def body():
        async with httpx.AsyncClient(base_url=server.url) as http:
            r = await http.post("/api/guest", content=b"{nope")
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
            for nickname in ("", "x" * 21, "a\x00b", 42):
                r = await http.post("/api/guest", json={"nickname": nickname})
                assert r.status_code == 400, nickname
            assert (await http.post("/api/tables", json={})).json()["error"]["code"] == "no_token"
            r = await http.post("/api/tables", json={}, headers={"authorization": "Bearer forged"})
            assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
            assert (await http.get("/api/tables/nosuch")).status_code == 404
        me = await Player(server, "Teste").register()
        for spec in (
            {"rules": {"profile": "carioca"}},
            {"rules": {"players": 3}},
            {"rules": {"canga": "sim"}},
            {"seats": [{"type": "me"}]},
            {"seats": [{"type": "bot"}] * 4},
            {"seats": [{"type": "me"}, {"type": "bot", "kind": "genius"}, {"type": "open"}, {"type": "open"}]},
            {"timer": -1},
            {"timer": "20"},
            {"public": "yes"},
            {"colour": "blue"},
            [1, 2],
        ):
            r = await me.post("/api/tables", spec)
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", spec
        r = await me.http.post("/api/tables", content=b"x" * 20000)
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        held = await me.create(seats=[{"type": "me"}, {"type": "open"}, {"type": "bot"}, {"type": "bot"}])
        other = await Player(server, "Outro").register()
        r = await other.post(f"/api/tables/{held['table_id']}/join", {"seat": 0})
        assert r.json()["error"]["code"] == "seat_taken"
        r = await other.post(f"/api/tables/{held['table_id']}/join", {"seat": "um"})
        assert r.json()["error"]["code"] == "bad_request"
        r = await other.post(f"/api/tables/{held['table_id']}/replay")
        assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
        r = await other.http.get(f"/api/tables/{held['table_id']}/record")
        assert r.json()["error"]["code"] == "not_over"
        await asyncio.gather(me.aclose(), other.aclose())

    run(body())
