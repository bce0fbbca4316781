"""Partner signals, chat with its limits, mute, abuse reports and the admin's bans."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest
import websockets
from sqlalchemy import select
from tests.server.helpers import Player, four_players, play_randomly, run, spectate

from truco.bots.signals import told_manilhas
from truco.engine.cards import SUITS, suit
from truco.engine.signals import signal_table
from truco.server.state import TableState
from truco.server.store import Store, events, seats, tables


def admin(server, *args: str) -> str:
    cmd = [sys.executable, "-m", "truco", "admin", *args, "--db", server.db_url]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def step_events(frame):
    return frame["events"] if frame["type"] == "step" else []


def test_bots_make_their_partner_signals_and_read_only_their_teams(server):
    """A person (seat 0) with three bots at a table with signals: at every hand, each bot signals exactly the
    manilhas it was dealt of those a bot tells (the zap: the stored rows say so, read with the deal secret);
    the person sees its partner's with their meaning, the opponents' without; a bot's view carries its own
    team's meanings only. (A match can end in a hand where no bot holds the zap: then another one.)"""

    async def one(seed: int) -> tuple[str, list[dict[str, Any]]]:
        me = await Player(server, f"Sinais{seed}").register()
        bot = {"type": "bot", "kind": "search", "level": "easy"}
        await me.create(timer=0, signals=True, seats=[{"type": "me"}, bot, {"type": "bot"}, bot])
        sock = await me.connect()
        await play_randomly([sock], random.Random(seed))
        await sock.close()
        await me.aclose()
        return me.held["table_id"], sock.frames

    for seed in range(7, 17):
        table_id, frames = run(one(seed))
        if check_bot_signals(Store(server.db_url), table_id, frames):
            return
    raise AssertionError("no bot held a manilha it tells of in ten matches")


def check_bot_signals(store: Store, table_id: str, frames: list[dict[str, Any]]) -> bool:
    """Check one table's bot signals; whether any was made."""
    row = store.rows(select(tables).where(tables.c.id == table_id))[0]
    state = TableState(dict(row), [dict(r) for r in store.rows(select(seats).where(seats.c.table_id == table_id))])
    rows = store.rows(select(events).where(events.c.table_id == table_id).order_by(events.c.seq))
    made: dict[tuple[int, int], set[str]] = {}
    held: dict[tuple[int, int], set[str]] = {}
    for stored, data, _, _ in state.walk([dict(r) for r in rows]):
        m = state.match
        if m is None or m.is_over:
            continue
        if stored["kind"] == "signal":
            assert data["by"] == "bot" and data["seat"] != 0
            for b in (1, 2, 3):
                last = state.bot_view(b).signals.made[-1]
                assert (last.suit is not None) == (m.team_of(b) == m.team_of(data["seat"]))
            if m.kind == "normal":
                meaning = signal_table(row["deal_secret"], m.hand_number, m.team_of(data["seat"]))[data["gesture"]]
                made.setdefault((m.hand_number, data["seat"]), set()).add(meaning)
        if m.kind == "normal" and not m.tricks and not m.trick:
            for b in (1, 2, 3):
                told = told_manilhas(state.bot_view(b))
                held[(m.hand_number, b)] = {SUITS[suit(c)] for c in m.hands[b] if c in told}
    assert {k: v for k, v in held.items() if v} == made
    # what the person saw: the gestures made before it connected in its snapshot, the later ones as events
    seen = [(s["seat"], s["suit"]) for f in frames if f["type"] == "snapshot" for s in f["signals"].get("made", [])]
    seen += [(e["seat"], e.get("suit")) for f in frames for e in step_events(f) if e["type"] == "signal"]
    assert {seat for seat, _ in seen} <= {1, 2, 3}
    assert all((suit is not None) == (seat == 2) for seat, suit in seen)
    assert seen or not made
    return bool(made)


def test_signals_reach_the_partner_with_their_meaning_and_the_rest_without(server):
    async def body():
        players, socks = await four_players(server, timer=0, signals=True)
        watcher = await spectate(server, players[0].held["table_id"])
        snaps = [next(f for f in s.frames if f["type"] == "snapshot") for s in socks]
        tables = [snap["signals"]["table"] for snap in snaps]
        assert tables[0] == tables[2] and tables[1] == tables[3] and tables[0] != tables[1]
        assert sorted(tables[0].values()) == ["C", "D", "H", "S"]

        ack = await socks[0].command("signal", gesture="piscar")
        assert ack["type"] == "ack"
        for i, s in enumerate([*socks, watcher]):
            step = await s.seen_or_until(lambda m: m.get("v") == ack["v"])
            expected = {"type": "signal", "seat": 0, "gesture": "piscar"}
            if i in (0, 2):
                expected["suit"] = tables[0]["piscar"]
            assert step["events"] == [expected]
        assert (await socks[1].command("signal", gesture="assobiar"))["code"] == "bad_message"

        await play_randomly(socks, random.Random(3), stop=lambda: socks[0].view["hand_number"] >= 2)
        top = max(s.version for s in socks)
        for s in socks:
            await s.seen_or_until(lambda m: m.get("v") == top)
        got = [[e for f in s.frames for e in step_events(f) if e["type"] == "signal_table"] for s in socks]
        started = [e for f in socks[0].frames for e in step_events(f) if e["type"] == "hand_started"]
        assert got[0] == got[2] and got[1] == got[3], "partners share their team's table"
        assert len(got[0]) == len(got[1]) == len(started)
        assert all(e0["table"] != e1["table"] for e0, e1 in zip(got[0], got[1], strict=True))
        assert not any(e["type"] == "signal_table" for f in watcher.frames for e in step_events(f))
        for s in [*socks, watcher]:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_tables_without_signals_refuse_them(server):
    async def body():
        players, socks = await four_players(server, timer=0, signals=False)
        assert (await socks[0].command("signal", gesture="piscar"))["code"] == "signals_off"
        snap = next(f for f in socks[0].frames if f["type"] == "snapshot")
        assert snap["signals"] == {"enabled": False, "hand": 0, "table": None}
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_chat_limits_mute_report_and_bans(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        a, b, c, d = socks
        markup = "<b>oi</b> & <script>x</script>"
        ack = await a.command("chat", text=markup)
        for s in socks:
            step = await s.seen_or_until(lambda m: m.get("v") == ack["v"])
            assert step["events"][0]["text"] == markup, "text is relayed as is, for the client to show as text"
        assert (await a.command("chat", text="x" * 201))["code"] == "chat_too_long"
        assert (await a.command("chat", text="   "))["code"] == "bad_message"

        muted = await b.command("mute", seat=0, muted=True)
        assert (await b.seen_or_until(lambda m: m.get("v") == muted["v"]))["events"] == [
            {"type": "mute", "seat": 0, "muted": True}
        ]
        assert (await c.seen_or_until(lambda m: m.get("v") == muted["v"]))["events"] == []
        rude = await a.command("chat", text="seus pato")
        assert (await b.seen_or_until(lambda m: m.get("v") == rude["v"]))["events"] == [], "muted: an empty step"
        assert (await c.seen_or_until(lambda m: m.get("v") == rude["v"]))["events"][0]["text"] == "seus pato"

        for _ in range(5):
            assert (await c.command("chat", text="rápido"))["type"] == "ack"
        assert (await c.command("chat", text="demais"))["code"] == "chat_rate"

        assert (await d.command("report", seat=0, reason="ofensa"))["type"] == "ack"
        reports = [json.loads(line) for line in admin(server, "reports").splitlines()]
        mine = [r for r in reports if r["table_id"] == players[0].held["table_id"]]
        assert mine[0]["target_nickname"] == "P0" and mine[0]["reason"] == "ofensa"
        assert [m["text"] for m in mine[0]["messages"]] == [markup, "seus pato"]

        admin(server, "ban", "p0", "--scope", "chat")
        assert (await a.command("chat", text="e agora?"))["code"] == "chat_banned"
        assert (await b.command("chat", text="eu posso"))["type"] == "ack"
        admin(server, "ban", "P0", "--scope", "chat", "--lift")
        assert (await a.command("chat", text="voltei"))["type"] == "ack"
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


@pytest.mark.parametrize("nickname", ["Banido"])
def test_a_server_ban_keeps_the_nickname_out(server, nickname):
    async def body():
        before = await Player(server, nickname).register()
        before.held = (await before.post("/api/quick")).json()
        admin(server, "ban", nickname.upper(), "--scope", "server")
        r = await Player(server, nickname.lower()).http.post("/api/guest", json={"nickname": nickname.lower()})
        assert r.status_code == 403 and r.json()["error"]["code"] == "banned"
        assert (await before.http.get("/api/me")).status_code == 403
        async with websockets.connect(f"{server.ws_url}/ws/tables/{before.held['table_id']}") as ws:
            await ws.send(
                json.dumps({"type": "hello", "token": before.token, "seat_secret": before.held["seat_secret"]})
            )
            assert json.loads(await ws.recv())["code"] == "banned"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 4003
        await before.aclose()

    run(body())
