"""Text from clients is clean before it is stored or sent: valid Unicode, NFC, no
control characters, within its length; anything else is refused with a clear error,
at every entry point, and the table goes on."""

from __future__ import annotations

import json

import pytest
import websockets
from tests.server.helpers import Player, four_players, run, spectate

from truco.server.text import Problem, TextError, check_strings, clean_text

LONE = "oi \ud800"
DECOMPOSED = "Jose\u0301"  # J o s e + combining acute: "José" in NFD


def test_clean_text():
    assert clean_text("  José  ", "t", 10) == "José"
    assert clean_text(DECOMPOSED, "t", 10) == "José" and len(clean_text(DECOMPOSED, "t", 10)) == 4
    assert clean_text("👨‍👩‍👧 oi", "t", 10) == "👨‍👩‍👧 oi"  # joiners inside emoji stay
    assert clean_text("", "t", 10, allow_empty=True) == ""
    cases = {
        LONE: Problem.INVALID,
        "\udfff": Problem.INVALID,
        "a\nb": Problem.CONTROL,
        "a\x00b": Problem.CONTROL,
        "\x1b[31mred": Problem.CONTROL,
        "abc\u202edcba": Problem.CONTROL,
        "   ": Problem.EMPTY,
        "x" * 11: Problem.TOO_LONG,
        5: Problem.NOT_TEXT,
        None: Problem.NOT_TEXT,
    }
    for raw, problem in cases.items():
        with pytest.raises(TextError) as refused:
            clean_text(raw, "chat", 10)
        assert refused.value.problem is problem and str(refused.value).startswith("chat: ")


def test_lone_surrogates_anywhere_in_a_message():
    check_strings({"type": "chat", "text": "olá", "list": ["a", {"b": "c"}], "n": 1})
    for bad in ({"text": LONE}, {"\ud800": 1}, {"a": [1, {"b": "\udc00"}]}, "\ud800"):
        with pytest.raises(TextError) as refused:
            check_strings(bad)
        assert refused.value.problem is Problem.INVALID


def as_json(obj: object) -> dict:
    """A JSON body as a client may write it (escapes for what UTF-8 cannot carry)."""
    return {"content": json.dumps(obj), "headers": {"content-type": "application/json"}}


def test_every_http_entry_point(server):
    async def body():
        async with Player(server, "Texto").http as http:
            for nickname in (LONE, "a\tb", "a\x07b", "x" * 21, "", "\u202eabc"):
                r = await http.post("/api/guest", **as_json({"nickname": nickname}))
                assert r.status_code == 400, nickname
                assert r.json()["error"]["code"] in ("bad_request", "bad_text")
            r = await http.post("/api/guest", json={"nickname": DECOMPOSED})
            assert r.status_code == 200 and r.json()["nickname"] == "José"
            http.headers["authorization"] = f"Bearer {r.json()['token']}"
            r = await http.post("/api/tables", **as_json({"rules": {"profile": "\ud800"}}))
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_text"
            r = await http.post("/api/quick", **as_json({"bot": "\udfff"}))
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_text"
            assert (await http.get("/api/options")).status_code == 200

    run(body())


def test_every_websocket_entry_point(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        a, b = socks[0], socks[1]
        table_id = players[0].held["table_id"]

        async def refused(frame: dict, code: str) -> dict:
            await a.send(frame)
            msg = await a.until(lambda m: m["type"] == "error")
            assert msg["code"] == code, (frame, msg)
            return msg

        # the line: valid JSON, a lone surrogate
        msg = await refused({"type": "chat", "id": "p", "text": LONE}, "bad_text")
        assert "inválido" in msg["message"]
        await refused({"type": "chat", "id": "q", "text": "linha\nquebrada"}, "bad_text")
        await refused({"type": "chat", "id": "r", "text": "\x1b[2J"}, "bad_text")
        assert (await a.command("chat", text="x" * 201))["code"] == "chat_too_long"
        msg = await refused({"type": "chat", "id": "\ud800", "text": "oi"}, "bad_text")
        assert msg["id"] is None  # an id that cannot be sent back is not echoed
        await refused({"type": "act", "id": "s", "action": {"type": "play", "card": "\ud800"}}, "bad_text")
        await refused({"type": "report", "id": "t", "seat": 1, "reason": LONE}, "bad_text")
        await refused({"type": "report", "id": "u", "seat": 1, "reason": "a\x00b"}, "bad_text")

        # NFC before it is stored and sent
        assert (await a.command("chat", text="Ola\u0301"))["type"] == "ack"
        line = await b.until(lambda m: m["type"] == "step" and any(e["type"] == "chat" for e in m["events"]))
        assert next(e for e in line["events"] if e["type"] == "chat")["text"] == "Olá"
        assert (await a.command("report", seat=1, reason=DECOMPOSED))["type"] == "ack"

        # hello: a lone surrogate or a non-ASCII secret is a clear refusal, not a silent failure
        for hello, code, close in (
            ({"type": "hello", "seat_secret": "\ud800"}, "bad_text", 4001),
            ({"type": "hello", "token": players[0].token, "seat_secret": "é" * 32}, "bad_secret", 4003),
        ):
            ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}")
            await ws.send(json.dumps(hello))
            assert json.loads(await ws.recv())["code"] == code
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == close
        watcher = await spectate(server, table_id, invite="ü")
        await watcher.close()

        # every connection still gets frames: the table goes on
        for s in socks:
            await s.send({"type": "ping", "id": "alive"})
            assert (await s.until(lambda m: m["type"] == "pong"))["id"] == "alive"
        assert (await b.command("chat", text="ainda aqui"))["type"] == "ack"
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())
