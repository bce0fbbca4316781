"""Ranked play over a real server: the queue, ranked 1v1 and 2v2 matches whose rating updates
equal openskill's own computation, leaving a ranked match, friends queueing as a team."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from openskill.models import PlackettLuce
from tests.server.helpers import Player, play_randomly, run

from truco.engine import Match, Rules

PASSWORD = "senha-ranqueada"
MODEL = PlackettLuce()


async def account(server, name: str) -> Player:
    """A player with an account, its session sent as a bearer token (HTTP and the socket's hello)."""
    p = Player(server, name)
    r = await p.post("/api/accounts", {"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    p.token = r.headers["set-cookie"].split(";")[0].split("=", 1)[1]
    p.http.headers["authorization"] = f"Bearer {p.token}"
    return p


async def matched(p: Player, timeout: float = 30.0) -> dict:
    end = asyncio.get_running_loop().time() + timeout
    while True:
        status = (await p.http.get("/api/queue")).json()
        if status["status"] == "matched":
            p.held = status
            return status
        assert status["status"] in ("waiting", "waiting_partner", "matching"), status
        assert asyncio.get_running_loop().time() < end, f"{p.nickname} was never matched"
        await asyncio.sleep(0.2)


async def queue(players: list[Player], mode: str, **body) -> None:
    for p in players:
        r = await p.post("/api/queue", {"mode": mode, **body})
        assert r.status_code == 200, r.text


def ratings_of(server, name: str, mode: str) -> dict:
    return httpx.get(f"{server.url}/api/players/{name}").json()["ratings"][mode]


def expected(before: list[tuple[float, float]], teams: list[list[int]], winner: int, left=()) -> dict[int, tuple]:
    """openskill's own update, seat by seat; a seat in ``left`` is rated as losing."""

    def by(win: int) -> dict[int, tuple]:
        model_teams = [[MODEL.rating(mu=before[s][0], sigma=before[s][1]) for s in team] for team in teams]
        rated = MODEL.rate(model_teams, ranks=[1 if t == win else 2 for t in range(2)])
        return {
            s: (r.mu, r.sigma) for team, new in zip(teams, rated, strict=True) for s, r in zip(team, new, strict=True)
        }

    out = by(winner)
    for s in left:
        team = next(t for t, members in enumerate(teams) if s in members)
        out[s] = by(1 - team)[s]
    return out


async def ranked_match(
    server, players: list[Player], mode: str, rng: random.Random, leaver: int | None = None, by_command: bool = False
):
    """Queue everyone, play the match to its end (``leaver``'s seat leaves at once), return
    (the seats' players, their teams, the winner, the ratings frame and the match's events)."""
    await queue(players, mode)
    helds = [await matched(p) for p in players]
    assert len({h["table_id"] for h in helds}) == 1
    by_seat = sorted(players, key=lambda p: p.held["seat"])
    socks = [await p.connect() for p in by_seat]
    for s in socks:
        await s.until(lambda m: m.get("view") is not None and m["view"]["phase"] != "no_deal")
    table = next(f for f in socks[0].frames if f["type"] == "snapshot")["table"]
    assert table["ranked"] == mode and table["timer"] > 0
    rules = Rules.parse(table["rules"])
    layout = Match(rules, seed=0)
    teams = [[s for s in range(rules.players) if layout.team_of(s) == t] for t in (0, 1)]
    playing = socks
    if leaver is not None:
        if by_command:  # "leave": a bot plays the seat from now on
            assert (await socks[leaver].command("leave"))["type"] == "ack"
        await socks[leaver].close()
        again = await by_seat[leaver].post("/api/queue", {"mode": mode})
        assert again.status_code == 409 and again.json()["error"]["code"] == "already_playing"
        playing = [s for i, s in enumerate(socks) if i != leaver]
    await play_randomly(playing, rng)
    frame = await playing[0].until(lambda m: m["type"] == "ratings")
    events = [e for f in playing[0].frames if f["type"] == "step" for e in f["events"]]
    winner = next(e["winner"] for e in events if e["type"] == "match_ended")
    for s in playing:
        await s.close()
    return by_seat, teams, winner, frame, events


def test_ranked_1v1_twice_equals_openskill(server):
    async def body():
        players = [await account(server, n) for n in ("Rank Um", "Rank Dois")]
        before = {p.nickname: (MODEL.mu, MODEL.sigma) for p in players}
        for game in range(2):
            seats, teams, winner, frame, _ = await ranked_match(server, players, "paulista-1v1", random.Random(game))
            want = expected([before[p.nickname] for p in seats], teams, winner)
            for seat, p in enumerate(seats):
                got = ratings_of(server, p.nickname, "paulista-1v1")
                assert (got["mu"], got["sigma"]) == want[seat]
                assert got["games"] == game + 1
                change = frame["changes"][seat]
                assert change["nickname"] == p.nickname and change["after"] == got["rating"] == round(
                    60 * want[seat][0]
                )
                assert change["delta"] == change["after"] - round(60 * before[p.nickname][0])
                before[p.nickname] = want[seat]
            stored = httpx.get(f"{server.url}/api/tables/{seats[0].held['table_id']}/ratings").json()["changes"]
            assert stored == frame["changes"]
        for p in players:
            await p.aclose()

    run(body())


def test_ranked_2v2_equals_openskill(server):
    async def body():
        players = [await account(server, f"Quarteto {i}") for i in range(4)]
        seats, teams, winner, frame, events = await ranked_match(server, players, "paulista-2v2", random.Random(5))
        want = expected([(MODEL.mu, MODEL.sigma)] * 4, teams, winner)
        for seat, p in enumerate(seats):
            got = ratings_of(server, p.nickname, "paulista-2v2")
            assert (got["mu"], got["sigma"]) == want[seat]
            assert frame["changes"][seat]["after"] == round(60 * want[seat][0])
            assert got["provisional"] is True
            assert (frame["changes"][seat]["delta"] > 0) == (seat in teams[winner])
            # the profile's counts against the events every seat saw
            stats = httpx.get(f"{server.url}/api/players/{p.nickname}").json()["stats"]
            asked = sum(e["type"] == "raise_asked" and e["seat"] == seat for e in events)
            team = next(t for t in (0, 1) if seat in teams[t])
            onze = [e["play"] for e in events if e["type"] == "eleven_decided" and e["team"] == team]
            assert (stats["trucos_asked"], stats["onze_played"], stats["onze_fled"]) == (
                asked,
                sum(onze),
                len(onze) - sum(onze),
            )
            assert stats["wins"] == (seat in teams[winner]) and stats["matches"] == 1
        for p in players:
            await p.aclose()

    run(body())


@pytest.mark.parametrize("by_command", [False, True], ids=["disconnected", "left"])
def test_leaving_a_ranked_match_counts_as_a_loss(server, by_command):
    async def body():
        players = [await account(server, f"{n} {int(by_command)}") for n in ("Fica", "Sai")]
        rng = random.Random(9)
        seats, teams, winner, frame, _ = await ranked_match(server, players, "paulista-1v1", rng, 1, by_command)
        # the leaver's seat was played by the server to the end; it loses whatever the score says
        want = expected([(MODEL.mu, MODEL.sigma)] * 2, teams, winner, left=[1])
        for seat, p in enumerate(seats):
            got = ratings_of(server, p.nickname, "paulista-1v1")
            assert (got["mu"], got["sigma"]) == want[seat]
        assert frame["changes"][1]["left"] is True and frame["changes"][1]["delta"] < 0
        assert frame["changes"][0]["left"] is False
        for p in players:
            await p.aclose()

    run(body())


def test_friends_queue_as_a_team_and_sit_as_partners(server):
    async def body():
        a, b, c, d = [await account(server, f"Amigo {i}") for i in range(4)]
        r = await a.post("/api/queue", {"mode": "mineiro-2v2", "partner": "Amigo 1"})
        assert r.json() == {"status": "waiting_partner", "mode": "mineiro-2v2", "partner": None}
        assert (await b.post("/api/queue", {"mode": "mineiro-2v2", "partner": "amigo 0"})).json()["status"] == "waiting"
        await queue([c, d], "mineiro-2v2")
        helds = {p.nickname: await matched(p) for p in (a, b, c, d)}
        layout = Match(Rules.parse({"profile": "mineiro"}), seed=0)
        team = {n: layout.team_of(h["seat"]) for n, h in helds.items()}
        assert team["Amigo 0"] == team["Amigo 1"] != team["Amigo 2"] == team["Amigo 3"]
        for p in (a, b, c, d):
            await p.aclose()

    run(body())


def test_queue_requests_are_checked(server):
    async def body():
        guest = await Player(server, "Convidado Fila").register()
        assert (await guest.post("/api/queue", {"mode": "paulista-1v1"})).status_code == 401
        p = await account(server, "Fila Sozinho")
        for bad in ({"mode": "truco-9v9"}, {}, {"mode": "paulista-2v2", "partner": 7}):
            assert (await p.post("/api/queue", bad)).status_code == 400
        assert (await p.post("/api/queue", {"mode": "paulista-1v1", "partner": "X"})).status_code == 400
        assert (await p.post("/api/queue", {"mode": "paulista-2v2", "partner": "Ninguém Aqui"})).status_code == 404
        status = (await p.post("/api/queue", {"mode": "paulista-1v1"})).json()
        assert status["status"] == "waiting" and status["rating"] == 1500 and status["window"] >= 100
        assert status["offer_bots"] is False and status["bot_offer_after"] == 90
        assert (await p.post("/api/queue", {"mode": "paulista-2v2"})).status_code == 409
        assert (await p.http.delete("/api/queue")).json() == {"status": "idle"}
        assert (await p.http.get("/api/queue")).json() == {"status": "idle"}
        await guest.aclose()
        await p.aclose()

    run(body())


def test_leaderboards_and_profiles(server):
    async def body():
        players = [await account(server, n) for n in ("Topo", "Base")]
        seats, teams, winner, frame, _ = await ranked_match(server, players, "paulista-1v1", random.Random(11))
        champion, other = (seats[teams[winner][0]], seats[teams[1 - winner][0]])
        board = (await champion.http.get("/api/leaderboard/paulista-1v1")).json()
        names = [e["name"] for e in board["top"]]
        assert names.index(champion.nickname) < names.index(other.nickname)
        assert [e["place"] for e in board["top"]] == list(range(1, len(names) + 1))
        assert board["me"]["name"] == champion.nickname and board["me"]["place"] == names.index(champion.nickname) + 1
        assert board["players"] == len(names) <= 100
        week = (await other.http.get("/api/leaderboard/paulista-1v1?period=week")).json()
        gains = {e["name"]: e["gain"] for e in week["top"]}
        delta = {c["nickname"]: c["delta"] for c in frame["changes"]}
        assert gains[champion.nickname] == delta[champion.nickname] > 0 > gains[other.nickname]
        assert week["me"]["name"] == other.nickname
        month = httpx.get(f"{server.url}/api/leaderboard/paulista-1v1?period=month").json()
        assert month["me"] is None and [e["name"] for e in month["top"]] == [e["name"] for e in week["top"]]
        assert httpx.get(f"{server.url}/api/leaderboard/xadrez").status_code == 404
        assert httpx.get(f"{server.url}/api/leaderboard/mineiro-2v2?period=year").status_code == 400

        page = httpx.get(f"{server.url}/api/players/{champion.nickname.upper()}").json()
        assert page["name"] == champion.nickname and page["online"] is True
        mode = page["ratings"]["paulista-1v1"]
        assert [h["table_id"] for h in mode["history"]] == [champion.held["table_id"]]
        assert mode["history"][-1]["rating"] == mode["rating"]
        assert page["ratings"]["mineiro-2v2"] == {
            "rating": 1500,
            "provisional": True,
            "games": 0,
            "mu": 25.0,
            "sigma": 25 / 3,
            "history": [],
        }
        stats = page["stats"]
        assert stats["matches"] == 1 and stats["wins"] == 1
        assert set(stats) >= {"trucos_asked", "trucos_accepted", "trucos_won", "onze_played", "onze_fled", "onze_won"}
        recent = page["recent"][0]
        assert recent["ranked"] == "paulista-1v1" and recent["delta"] == delta[champion.nickname]
        assert recent["replay"] == f"/r/{champion.held['table_id']}"
        assert httpx.get(f"{server.url}/api/players/Ninguém").status_code == 404
        for p in players:
            await p.aclose()

    run(body())


@pytest.mark.postgres
def test_ranked_match_profiles_and_leaderboards_on_postgres(make_server, fresh_postgres):
    server = make_server("--bot-pause", "0.01", "--absence", "1", db_url=fresh_postgres)

    async def body():
        players = [await account(server, n) for n in ("Pg Um", "Pg Dois")]
        seats, teams, winner, _, _ = await ranked_match(server, players, "paulista-1v1", random.Random(2))
        want = expected([(MODEL.mu, MODEL.sigma)] * 2, teams, winner)
        for seat, p in enumerate(seats):
            got = ratings_of(server, p.nickname, "paulista-1v1")
            assert (got["mu"], got["sigma"]) == want[seat]
        champion = seats[teams[winner][0]].nickname
        for period in ("all", "week", "month"):
            board = httpx.get(f"{server.url}/api/leaderboard/paulista-1v1?period={period}").json()
            assert board["top"][0]["name"] == champion and board["players"] == 2
        assert httpx.get(f"{server.url}/api/players/{champion}").json()["stats"]["wins"] == 1
        for p in players:
            await p.aclose()

    run(body())


def test_a_lonely_player_is_offered_bots_after_the_documented_wait(make_server):
    server = make_server("--bot-pause", "0.01", "--ranked-bot-offer", "1.5")

    async def body():
        p = await account(server, "Solitário")
        assert (await p.post("/api/queue", {"mode": "mineiro-2v2"})).json()["offer_bots"] is False
        await asyncio.sleep(1.6)
        status = (await p.http.get("/api/queue")).json()
        assert status["status"] == "waiting" and status["offer_bots"] is True and status["bot_offer_after"] == 1.5
        assert abs(status["window"] - (100 + 10 * status["waited"])) <= 1, "the window widened with the wait"
        # taking the offer: leave the queue, play an unranked match with bots
        assert (await p.http.delete("/api/queue")).json() == {"status": "idle"}
        held = (await p.post("/api/quick", {})).json()
        summary = (await p.http.get(f"/api/tables/{held['table_id']}")).json()
        assert summary["ranked"] is None
        await p.aclose()

    run(body())
