"""No frame and no HTTP answer to anyone holds a card its audience may not know,
nor the table's secret.

Several matches are played by four WebSocket players and a spectator each; every
frame they receive is recorded, and the HTTP answers about the table during and
after the match. The hidden match is then rebuilt from the server's database and
each frame is checked against the engine's view of that audience at that version:
the view must be exactly the engine's, and every card anywhere in the frame must
be in that view or already shown to everyone. A finished match's answers (replay,
record, history) hold only cards shown to everyone: no deal, no covered card.
Nothing holds the deal secret, in any spelling.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from sqlalchemy import select
from tests.server.helpers import Player, four_players, play_randomly, run, spectate

from truco.engine import Match, Rules, to_record, view
from truco.engine.cards import card_name
from truco.engine.events import CardPlayed, HandStarted
from truco.engine.record import parse_action
from truco.engine.signals import signal_table
from truco.server.store import Store, events, tables

CARDS = {card_name(c) for c in range(40)}


def cards_in(obj: Any) -> set[str]:
    """Every card name in a JSON value, but a view's manilhas: they name kinds of card, which the rules and
    the vira say (tests/engine/test_properties.py checks them), not cards in play."""
    if isinstance(obj, str):
        return {obj} & CARDS
    if isinstance(obj, dict):
        return set().union(*(cards_in(v) for k, v in obj.items() if k != "manilhas")) if obj else set()
    if isinstance(obj, list):
        return set().union(*map(cards_in, obj)) if obj else set()
    return set()


def secret_spellings(secret: str) -> list[str]:
    return [secret.lower(), secret.upper(), str(int(secret, 16))]


def check_table(
    store: Store,
    table_id: str,
    frames_of: dict[int | None, list[dict[str, Any]]],
    answers: list[Any] | None = None,
) -> int:
    """Check every recorded frame and HTTP answer of one table; return how many were checked."""
    row = store.rows(select(tables).where(tables.c.id == table_id))[0]
    spellings = secret_spellings(row["deal_secret"])
    for text in [json.dumps(f, ensure_ascii=False) for fs in frames_of.values() for f in fs] + [
        json.dumps(a, ensure_ascii=False) for a in answers or []
    ]:
        assert not any(s in text for s in spellings), "the deal secret was sent"
    config = json.loads(row["config"])
    rules = Rules.parse(config["rules"])
    stored = store.rows(select(events).where(events.c.table_id == table_id).order_by(events.c.seq))
    by_version: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for key, frames in frames_of.items():
        for f in frames:
            if f["type"] in ("step", "snapshot"):
                by_version.setdefault(f["v"], []).append((key, f))
    match: Match | None = None
    public: set[str] = set()
    checked = 0
    for r in stored:
        data = json.loads(r["data"])
        shown: list[Any] = []
        if r["kind"] == "start":
            match = Match(rules, seed=row["deal_secret"])
            shown = [HandStarted(0, match.dealer, match.vira, match.kind)]
        elif r["kind"] == "act":
            assert match is not None
            shown = match.apply(parse_action(data["action"], rules, "action"))
        for e in shown:
            if isinstance(e, HandStarted):
                public.add(card_name(e.vira))
            elif isinstance(e, CardPlayed) and e.card is not None:
                public.add(card_name(e.card))
        for key, frame in by_version.get(r["seq"], []):
            checked += 1
            if match is None:
                assert frame.get("view") is None
                continue
            truth = view(match, key).to_json()
            if frame.get("view") is not None:
                assert frame["view"] == truth, (key, r["seq"])
            leaked = cards_in(frame) - cards_in(truth) - public
            assert not leaked, f"version {r['seq']}: {leaked} sent to {'spectators' if key is None else key}"
            for e in frame.get("events", []):
                if e["type"] == "signal":
                    assert ("suit" in e) == (key is not None and key & 1 == e["seat"] & 1)
                if e["type"] == "signal_table":
                    assert key is not None and e["table"] == signal_table(row["deal_secret"], e["hand"], key & 1)
            if frame["type"] == "snapshot" and frame["signals"]["table"] is not None:
                assert key is not None and frame["signals"]["table"] == signal_table(
                    row["deal_secret"], match.hand_number, key & 1
                )
    for answer in answers or []:
        leaked = cards_in(answer) - public
        assert not leaked, f"{leaked} in an HTTP answer"
        checked += 1
    return checked


async def http_answers(player: Player, table_id: str, over: bool) -> list[Any]:
    """What HTTP tells about a table, during the match or after it."""
    paths = ["/api/tables", f"/api/tables/{table_id}", "/api/me", "/api/history", "/api/stats"]
    if over:
        paths += [f"/api/tables/{table_id}/replay", f"/api/tables/{table_id}/record"]
    out = []
    for path in paths:
        r = await player.http.get(path)
        assert r.status_code == 200, (path, r.text)
        out.append(r.json())
    return out


RULES = [{}, {"profile": "mineiro"}, {"covered": "not_when_leading", "canga": True, "truco_in_eleven": "loses_match"}]


def test_no_frame_reveals_a_hidden_card(make_server, tmp_path, monkeypatch):
    log = tmp_path / "server.log"
    monkeypatch.setenv("TRUCO_TEST_SERVER_LOG", str(log))
    server = make_server("--bot-pause", "0.01", "--log-level", "info")
    Played = tuple[str, dict[int | None, list[dict[str, Any]]], list[Any]]

    async def one(rules: dict[str, Any], seed: int) -> Played:
        players, socks = await four_players(server, timer=0, signals=True, rules=rules)
        table_id = players[0].held["table_id"]
        watcher = await spectate(server, table_id)
        answers = await http_answers(players[1], table_id, over=False)
        await play_randomly(socks, random.Random(seed), signals=0.1)
        await watcher.until(lambda m: m.get("v") == socks[0].version)
        answers += await http_answers(players[seed % 4], table_id, over=True)
        for s in [*socks, watcher]:
            await s.close()
        for p in players:
            await p.aclose()
        frames: dict[int | None, list[dict[str, Any]]] = {i: s.frames for i, s in enumerate(socks)}
        frames[None] = watcher.frames
        return table_id, frames, answers

    async def with_bots(kind: str, seed: int) -> Played:
        """One person (seat 0) and three of the server's bots, and a spectator."""
        me = await Player(server, f"Só{seed}").register()
        bot = {"type": "bot", "kind": kind}
        await me.create(timer=0, signals=True, seats=[{"type": "me"}, bot, bot, bot])
        sock = await me.connect()
        watcher = await spectate(server, me.held["table_id"])
        await play_randomly([sock], random.Random(seed), signals=0.1)
        await watcher.until(lambda m: m.get("v") == sock.version)
        answers = await http_answers(me, me.held["table_id"], over=True)
        await sock.close()
        await watcher.close()
        await me.aclose()
        return me.held["table_id"], {0: sock.frames, None: watcher.frames}, answers

    async def body():
        people = [one(RULES[i % len(RULES)], i) for i in range(9)]
        bots = [with_bots(kind, 100 + i) for i, kind in enumerate(["random", "heuristic", "heuristic"])]
        return await asyncio.gather(*people, *bots)

    played = run(body())
    store = Store(server.db_url)
    total = sum(check_table(store, table_id, frames, answers) for table_id, frames, answers in played)
    assert total > 9 * 5 * 10
    logged = log.read_text()
    assert "GET /api/tables" in logged  # the server logged every request
    for table_id, _, _ in played:
        secret = store.rows(select(tables).where(tables.c.id == table_id))[0]["deal_secret"]
        assert not any(s in logged for s in secret_spellings(secret)), "the deal secret was logged"

    # the check itself catches a leak: slip an opponent's card into one frame...
    table_id, frames, answers = played[0]
    snapshot = next(f for f in frames[0] if f["type"] == "snapshot")
    opponent = next(f for f in frames[1] if f["type"] == "snapshot")["view"]["hand"]
    forged = {**frames, 0: [{**snapshot, "events": [{"type": "card_played", "card": opponent[0]}]}]}
    with pytest.raises(AssertionError, match="sent to 0"):
        check_table(store, table_id, forged)
    # ...a finished match's deal into its public record...
    record = match_record(store, table_id)
    with pytest.raises(AssertionError, match="HTTP answer"):
        check_table(store, table_id, frames, [*answers, record])
    # ...or the secret, in any spelling, anywhere
    secret = store.rows(select(tables).where(tables.c.id == table_id))[0]["deal_secret"]
    for spelling in secret_spellings(secret):
        with pytest.raises(AssertionError, match="deal secret"):
            check_table(store, table_id, frames, [{"table": {"id": table_id, "note": f"x{spelling}y"}}])


def match_record(store: Store, table_id: str) -> dict[str, Any]:
    """The full record of a stored match, hidden cards included (what the server never sends)."""
    row = store.rows(select(tables).where(tables.c.id == table_id))[0]
    rules = Rules.parse(json.loads(row["config"])["rules"])
    match = Match(rules, seed=row["deal_secret"])
    stored = store.rows(select(events).where(events.c.table_id == table_id).order_by(events.c.seq))
    for r in stored:
        if r["kind"] == "act":
            match.apply(parse_action(json.loads(r["data"])["action"], rules, "action"))
    return to_record(match)
