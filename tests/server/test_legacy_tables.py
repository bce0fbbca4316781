"""Tables stored before migration ``0002_table_secret`` (no deal secret: deals and signals from
``random.Random`` and the old 31-bit seed) restore, replay and record exactly as they were played.

The database (``data/legacy_tables.sql``) and what its players saw (``data/legacy_tables.json``)
were made by the server of commit 460329d^ (``data/make_legacy_tables.py``); today's server
migrates that database at startup, as an upgrade does.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from tests.server.helpers import Player, Server, play_randomly, run

from truco.server.identity import Signer

DATA = Path(__file__).parent / "data"
SAW: dict[str, Any] = json.loads((DATA / "legacy_tables.json").read_text())


def legacy_server(tmp_path: Path, make_server: Any) -> tuple[Server, Signer]:
    db = tmp_path / "legacy.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.executescript((DATA / "legacy_tables.sql").read_text())
        secret = conn.execute("SELECT value FROM settings WHERE key = 'secret'").fetchone()[0]
    server = make_server("--absence", "600", "--token-idle", str(10**10), db_url=f"sqlite:///{db}")
    return server, Signer(secret)


def as_player(server: Server, signer: Signer, player_id: str, table_id: str, seat: int) -> Player:
    """A player of the old database, with a token of its (unchanged) generation 0."""
    with sqlite3.connect(server.db_url.removeprefix("sqlite:///")) as conn:
        secret = conn.execute("SELECT secret FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)).fetchone()
    player = Player(server, f"P{seat}")
    player.token = signer.token(player_id, 0)
    player.http.headers["authorization"] = f"Bearer {player.token}"
    player.held = {"table_id": table_id, "seat_secret": secret[0]}
    return player


def without_new_fields(view: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    """``view`` limited to the fields the old server sent (today's views say more)."""
    return {k: v for k, v in view.items() if k in old}


def test_an_unfinished_old_table_is_restored_with_its_cards_and_signals_and_plays_on(tmp_path, make_server):
    saw = SAW["unfinished_four"]
    server, signer = legacy_server(tmp_path, make_server)
    table_id = saw["table_id"]

    async def scenario() -> None:
        players = [as_player(server, signer, p["player_id"], table_id, i) for i, p in enumerate(saw["players"])]
        socks = [await p.connect() for p in players]
        for sock, old in zip(socks, saw["seats"], strict=True):
            snapshot = await sock.seen_or_until(lambda m: m["type"] == "snapshot")
            assert snapshot["v"] == saw["version"]
            assert without_new_fields(snapshot["view"], old["view"]) == old["view"]
            current = old["signal_tables"][-1]
            assert snapshot["signals"]["hand"] == current["hand"]
            assert snapshot["signals"]["table"] == current["table"]
        await play_randomly(socks, random.Random(4))  # the rest of the match: every stored card is where it was
        assert all(s.view is not None and s.view["phase"] == "over" for s in socks)
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(scenario())


def test_finished_old_tables_replay_and_record_as_they_were_played(tmp_path, make_server):
    server, signer = legacy_server(tmp_path, make_server)

    async def scenario() -> None:
        for name in ("finished_four", "finished_two"):
            saw = SAW[name]
            table_id = saw["table_id"]
            first = as_player(server, signer, saw["players"][0]["player_id"], table_id, 0)
            replay = (await first.http.get(f"/api/tables/{table_id}/replay")).json()
            old_steps = saw["replay"]["steps"]
            # the same events; the first of two answers to a raise is told today with its partner's, a step
            # later (both answer at the same time)
            assert [e for s in replay["steps"] for e in s["events"]] == [e for s in old_steps for e in s["events"]]
            for new, old in zip(replay["steps"], old_steps, strict=True):
                if "view" in old:
                    assert without_new_fields(new["view"], old["view"]) == old["view"]
            record = (await first.http.get(f"/api/tables/{table_id}/record")).json()
            assert record == saw["record"]
            # each seat's own replay: its cards as it held them, and its team's signal tables
            for seat, (p, old) in enumerate(zip(saw["players"], saw["seats"], strict=True)):
                player = as_player(server, signer, p["player_id"], table_id, seat)
                mine = (await player.http.get(f"/api/tables/{table_id}/replay", params={"as": "seat"})).json()
                events = [e for s in mine["steps"] for e in s["events"]]
                hand0 = old["first_signals"]["table"]
                told = [{"type": "signal_table", "hand": 0, "table": hand0}] if hand0 else []
                assert [e for e in events if e["type"] == "signal_table"] == told + old["signal_tables"]
                assert [e for e in events if e["type"] == "signal"] == old["signals"]
                last_view = next(s["view"] for s in reversed(mine["steps"]) if "view" in s)
                assert without_new_fields(last_view, old["view"]) == old["view"]
                await player.aclose()
            await first.aclose()

    run(scenario())
