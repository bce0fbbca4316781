"""Fair tables: a secret nobody can guess, a mão de ferro played by slot only, and
stored history that a client's bad text once slipped into.

Some tests write rows into a stopped server's database (what an older server
stored, or a match brought to a mão de ferro), then start the server on it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import websockets
from sqlalchemy import func, select
from tests.server.helpers import Player, Server, four_players, play_randomly, run, spectate

from truco.engine import IRON, Match, Rules, view
from truco.engine.signals import signal_table
from truco.server.identity import TABLE_SECRET_BITS
from truco.server.store import Store, event_row, events, tables


def table_row(store: Store, table_id: str) -> dict[str, Any]:
    return dict(store.rows(select(tables).where(tables.c.id == table_id))[0])


def append_rows(store: Store, table_id: str, rows: list[tuple[str, dict[str, Any]]]) -> None:
    """Append event rows after the table's last, as the server stores them."""
    top = store.scalar(select(func.max(events.c.seq)).where(events.c.table_id == table_id)) or 0
    store.write([event_row(table_id, top + 1 + i, kind, data) for i, (kind, data) in enumerate(rows)])


async def seated(make_server, **spec: Any) -> tuple[Server, list[Player], str]:
    """A server and a started four-person table, its sockets closed."""
    server = make_server()
    players, socks = await four_players(server, **spec)
    for s in socks:
        await s.close()
    return server, players, players[0].held["table_id"]


def test_each_table_has_its_own_256_bit_secret(make_server):
    async def body():
        server, players, first = await seated(make_server, timer=0)
        second = (await players[0].post("/api/quick")).json()["table_id"]
        store = Store(server.db_url)
        secrets_ = [table_row(store, t)["deal_secret"] for t in (first, second)]
        assert TABLE_SECRET_BITS >= 256
        assert all(len(s) == TABLE_SECRET_BITS // 4 and int(s, 16) >= 0 for s in secrets_)
        assert secrets_[0] != secrets_[1]
        for p in players:
            await p.aclose()

    run(body())


def test_signal_tables_golden_vectors():
    """As docs/record-format.md ("Seeds") gives them, for seed 0."""
    order = ("piscar", "sobrancelha", "bochecha", "lingua")
    tables_ = {(h, t): "".join(signal_table(0, h, t)[g] for g in order) for h in (0, 1) for t in (0, 1)}
    assert tables_ == {(0, 0): "DSHC", (0, 1): "DCHS", (1, 0): "SDHC", (1, 1): "HCSD"}
    assert all(signal_table("ab" * 32, h, 0) != signal_table("ab" * 32, h, 1) for h in range(200))


def to_iron(rules: Rules, secret: str) -> list[dict[str, Any]]:
    """Actions that bring a match dealt from ``secret`` to the start of a mão de ferro: nobody raises
    (a hand is worth 1), and a team on 11 flees its mão de onze (the other scores 1) until 11-11."""
    rng = random.Random(0)
    m = Match(rules, seed=secret)
    while m.kind is not IRON:
        assert not m.is_over
        seat = m.to_act()[0]
        legal = view(m, seat).legal
        plays = [a for a in legal if a.type == "play"]
        m.apply(rng.choice(plays) if plays else next(a for a in legal if a.type == "run"))
    return [a.to_json() for a in m.actions]


def test_a_mao_de_ferro_is_played_by_slot_only_and_every_card_named_gets_one_answer(make_server):
    async def body():
        server, players, table_id = await seated(make_server, timer=0, signals=False)
        store = Store(server.db_url)
        rules = Rules.parse(json.loads(table_row(store, table_id)["config"])["rules"])
        actions = to_iron(rules, table_row(store, table_id)["deal_secret"])
        rows = [("act", {"seat": a["seat"], "action": a, "by": "player", "deadline": None}) for a in actions]
        server.stop()
        append_rows(store, table_id, rows)
        make_server(db_url=server.db_url, port=server.port)

        socks = [await p.connect() for p in players]
        for s in socks:
            await s.until(lambda m: m["type"] == "snapshot")
        assert socks[0].view["kind"] == "mao_de_ferro"
        turn = socks[0].view["to_act"][0]
        mover = socks[turn]
        assert mover.view["hand"] == [] and mover.view["blind"] == 3
        answers = set()
        named = [(rank + suit, covered) for rank in "4567QJKA23" for suit in "DSHC" for covered in (False, True)]
        for i, (card, covered) in enumerate(named):
            if i and i % 35 == 0:  # a fresh connection, under the flood limit
                await mover.close()
                socks[turn] = mover = await players[turn].connect()
            refused = await mover.command("act", action={"type": "play", "card": card, "covered": covered})
            answers.add((refused["type"], refused.get("code"), refused.get("message")))
        assert answers == {
            ("error", "illegal", "in a mão de ferro nobody sees their own cards: a card is played by slot (0, 1 or 2)")
        }
        assert (await mover.command("act", action={"type": "play", "slot": 3}))["code"] == "bad_message"
        assert (await mover.command("act", action={"type": "play", "slot": 1}))["type"] == "ack"
        await play_randomly(socks, random.Random(1))
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_a_table_restored_with_a_bad_chat_line_in_its_log_goes_on(make_server):
    """What an older server stored for ``{"type":"chat","text":"oi \\ud800"}`` is not replayed."""

    async def body():
        server, players, table_id = await seated(make_server, timer=0)
        server.stop()
        store = Store(server.db_url)
        line = {"seat": 0, "cmd": "p", "text": "oi \ud800", "nickname": "P0"}
        append_rows(store, table_id, [("chat", line), ("chat", {**line, "cmd": "q", "text": "oi"})])
        make_server(db_url=server.db_url, port=server.port)

        socks = [await p.connect() for p in players]
        for s in socks:
            snap = await s.until(lambda m: m["type"] == "snapshot")
            assert [c["text"] for c in snap["chat"]] == ["oi"]
        watcher = await spectate(server, table_id)
        await watcher.until(lambda m: m["type"] == "snapshot")
        await play_randomly(socks, random.Random(2))
        replay = await players[0].http.get(f"/api/tables/{table_id}/replay")
        assert replay.status_code == 200
        chats = [e["text"] for step in replay.json()["steps"] for e in step["events"] if e["type"] == "chat"]
        assert chats == ["oi"]
        assert (await players[0].http.get(f"/api/tables/{table_id}/record")).status_code == 200
        for s in [*socks, watcher]:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_a_frame_that_cannot_be_encoded_closes_only_its_connection(make_server, tmp_path, monkeypatch):
    log = tmp_path / "server.log"
    monkeypatch.setenv("TRUCO_TEST_SERVER_LOG", str(log))

    async def body():
        server = make_server()
        creator = await Player(server, "Dona").register()
        held = await creator.create(timer=0, seats=[{"type": "me"}] + [{"type": "open"}] * 3)
        table_id = held["table_id"]
        server.stop()
        # a seat taken under a name no UTF-8 can carry (crafted: no client can send it any more)
        store = Store(server.db_url)
        append_rows(store, table_id, [("join", {"seat": 1, "player_id": "x", "nickname": "\ud800", "secret": "s"})])
        make_server(db_url=server.db_url, port=server.port)

        ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}")
        await ws.send(json.dumps({"type": "hello"}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()  # the snapshot names the seat
        assert closed.value.rcvd.code == 1011
        # the table goes on: a person joins it; the server goes on
        joiner = await Player(server, "Zé").register()
        assert (await joiner.join(table_id, seat=2))["seat"] == 2
        assert (await joiner.http.get("/api/options")).status_code == 200
        for p in (creator, joiner):
            await p.aclose()

    run(body())
    assert "connection closed (1011)" in log.read_text()
