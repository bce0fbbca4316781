"""Limits at the edge, each against a real server: bodies, JSON depth, secrets in any script."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
import websockets
from tests.server.helpers import Player, run


def rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))


def test_a_huge_body_is_refused_while_it_streams(server):
    before = rss_kib(server.proc.pid)
    chunk = b"x" * (1 << 20)

    def body():
        yield b'{"nickname": "'
        for _ in range(64):  # 64 MiB, sent without a length
            yield chunk

    try:
        r = httpx.post(server.url + "/api/guest", content=body(), timeout=30)
    except httpx.TransportError:
        r = None  # the server answered and closed while the client was still sending
    if r is not None:
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    assert rss_kib(server.proc.pid) - before < 16 * 1024, "the body was not kept"
    r = httpx.post(server.url + "/api/guest", content=b"x" * 20_000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"


def test_deep_json_is_bad_input_not_a_crash(server):
    deep = "[" * 7000 + "]" * 7000
    r = httpx.post(server.url + "/api/guest", content=deep)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    r = httpx.post(server.url + "/api/guest", content='{"nickname": ' + "[" * 20 + "]" * 20 + "}")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"

    async def body():
        me = await Player(server, "Fundo").register()
        me.held = (await me.post("/api/quick")).json()
        sock = await me.connect()
        await sock.send(deep)
        error = await sock.until(lambda m: m["type"] == "error")
        assert error["code"] == "bad_json"
        await sock.send({"type": "ping", "id": 1})
        assert (await sock.until(lambda m: m["type"] == "pong"))["id"] == 1, "the connection is still open"
        await sock.close()
        await me.aclose()

    run(body())


@pytest.mark.parametrize("secret", ["ç" * 32, "秘密", "😀"])
def test_a_secret_in_any_script_is_refused_cleanly(server, secret):
    async def body():
        host = await Player(server, "Dona").register()
        held = await host.create(public=False, seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        for hello, code in (({"seat_secret": secret}, "bad_secret"), ({"invite": secret}, "bad_invite")):
            async with websockets.connect(f"{server.ws_url}/ws/tables/{held['table_id']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": host.token, **hello}))
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == code
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 10)
                assert closed.value.rcvd.code == 4003
        guest = await Player(server, "Visita").register()
        r = await guest.post(f"/api/tables/{held['table_id']}/join", {"invite": secret})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"
        r = await guest.http.get(f"/api/tables/{held['table_id']}", params={"invite": secret})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"
        await host.aclose()
        await guest.aclose()

    run(body())
