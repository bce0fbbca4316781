"""A whole match of four WebSocket players, then its history, replay and record."""

from __future__ import annotations

import random

from tests.server.helpers import four_players, play_randomly, run, spectate


def test_four_players_play_a_whole_match(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        table_id = players[0].held["table_id"]
        watcher = await spectate(server, table_id)
        await play_randomly(socks, random.Random(1))
        final = {s.version for s in socks}
        assert len(final) == 1, "every seat saw every version"
        await watcher.until(lambda m: m.get("v") == socks[0].version)
        for s in socks:
            assert s.view["phase"] == "over" and max(s.view["score"]) == 12
            ended = [e for f in s.frames if f["type"] == "step" for e in f["events"] if e["type"] == "match_ended"]
            assert len(ended) == 1
        winner = socks[0].view["winner"]

        for i, p in enumerate(players):
            matches = (await p.http.get("/api/history")).json()["matches"]
            assert [(m["table_id"], m["seat"], m["won"]) for m in matches] == [(table_id, i, (i & 1) == winner)]

        stats = (await players[0].http.get("/api/stats")).json()
        assert stats["tables"] >= 1 and stats["command_ms"]["n"] >= socks[0].version // 2

        r = await players[0].http.get(f"/api/tables/{table_id}/replay")  # httpx takes gzip
        assert r.headers["content-encoding"] == "gzip" and "immutable" in r.headers["cache-control"]
        replay = r.json()
        plain = await players[0].http.get(f"/api/tables/{table_id}/replay", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.json() == replay
        steps = replay["steps"]
        assert [s["v"] for s in steps] == list(range(1, socks[0].version + 1))
        assert steps[-1]["view"] == watcher.view, "the replay ends as the spectator saw the match"
        assert all(s["view"]["hand"] == [] for s in steps if "view" in s)

        r = await players[1].http.get(f"/api/tables/{table_id}/record")
        assert r.headers["content-disposition"].startswith("attachment")
        record = r.json()
        assert all(set(d) == {"vira"} for d in record["deals"]), "no dealt hand in a public record"
        assert all("card" not in a for a in record["actions"] if a.get("covered"))
        for s in [*socks, watcher]:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_quick_play_and_lobby(server):
    async def body():
        from tests.server.helpers import Player

        me = await Player(server, "Rápido").register()
        r = await me.post("/api/quick")
        assert r.status_code == 200
        me.held = r.json()
        sock = await me.connect()
        snap = await sock.until(lambda m: m["type"] == "snapshot")
        kinds = [s["kind"] for s in snap["table"]["seats"]]
        assert kinds == ["human", "bot", "bot", "bot"]

        open_table = await me.create(seats=[{"type": "me"}, {"type": "open"}, {"type": "bot"}, {"type": "open"}])
        lobby = (await me.http.get("/api/tables")).json()["tables"]
        assert open_table["table_id"] in [t["id"] for t in lobby]
        private = await me.create(
            public=False, seats=[{"type": "me"}, {"type": "open"}, {"type": "open"}, {"type": "open"}]
        )
        lobby = (await me.http.get("/api/tables")).json()["tables"]
        assert private["table_id"] not in [t["id"] for t in lobby]
        other = await Player(server, "Outro").register()
        r = await other.post(f"/api/tables/{private['table_id']}/join", {})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"
        code = private["invite"].split("invite=")[1]
        r = await other.post(f"/api/tables/{private['table_id']}/join", {"invite": code})
        assert r.status_code == 200 and r.json()["seat"] == 1
        me_info = (await me.http.get("/api/me")).json()
        assert {h["table_id"] for h in me_info["seats"]} >= {open_table["table_id"], private["table_id"]}
        await sock.close()
        await me.aclose()
        await other.aclose()

    run(body())


def test_rematch_reseats_the_same_players(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        await play_randomly(socks, random.Random(2))
        ack = await socks[2].command("rematch")
        assert ack["type"] == "ack"
        news = []
        for i, s in enumerate(socks):
            step = await s.seen_or_until(
                lambda m: m["type"] == "step" and any(e["type"] == "rematch" for e in m["events"])
            )
            (event,) = [e for e in step["events"] if e["type"] == "rematch"]
            news.append(event)
            players[i].held = {"table_id": event["table_id"], "seat_secret": event["seat_secret"]}
        assert len({e["table_id"] for e in news}) == 1
        again = await socks[0].command("rematch")
        assert again["code"] == "duplicate_command"
        fresh = [await p.connect() for p in players]
        for i, s in enumerate(fresh):
            snap = await s.until(lambda m: m["type"] == "snapshot")
            assert snap["you"]["seat"] == i and snap["table"]["seats"][i]["nickname"] == f"P{i}"
        for s in [*socks, *fresh]:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())


def test_the_web_client_is_served(server):
    async def body():
        import httpx

        async with httpx.AsyncClient(base_url=server.url) as http:
            for path in ("/", "/t/abc?invite=x", "/r/abc"):
                r = await http.get(path)
                assert r.status_code == 200 and "text/html" in r.headers["content-type"], path
            options = (await http.get("/api/options")).json()
            assert "random" in options["bots"]["kinds"] and options["defaults"]["timer"] == 20

    run(body())


def test_a_two_player_table_plays_to_the_end(server):
    async def body():
        from tests.server.helpers import Player

        me = await Player(server, "Mano").register()
        await me.create(
            rules={"profile": "mineiro", "players": 2}, seats=[{"type": "me"}, {"type": "bot", "kind": "random"}]
        )
        sock = await me.connect()
        snap = await sock.until(lambda m: m["type"] == "snapshot")
        assert snap["table"]["signals"] is False and snap["table"]["ladder"] == [2, 4, 6, 10, 12]
        await play_randomly([sock], random.Random(7))
        assert max(sock.view["score"]) == 12
        await sock.close()
        await me.aclose()

    run(body())
