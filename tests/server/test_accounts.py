"""Accounts over a real server: claiming a guest's name, sessions on several devices,
password changes, the login rate limit, one-time reset links, and deleting an account."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time

import httpx
import pytest
import websockets
from tests.server.helpers import TIMEOUT, Player, play_randomly, run

PASSWORD = "senha-secreta-1"


def session_of(response: httpx.Response) -> str:
    """The session token from the response's Set-Cookie (the cookie is Secure, so httpx
    would not send it back over plain HTTP: the tests send it as a bearer token)."""
    cookie = response.headers["set-cookie"]
    return cookie.split(";")[0].split("=", 1)[1]


def device(server, token: str | None = None) -> httpx.Client:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=server.url, headers=headers, timeout=TIMEOUT)


def register(server, name: str, password: str = PASSWORD, token: str | None = None) -> str:
    r = device(server, token).post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return session_of(r)


def login(server, name: str, password: str = PASSWORD) -> httpx.Response:
    return device(server).post("/api/login", json={"name": name, "password": password})


def me(server, token: str) -> httpx.Response:
    return device(server, token).get("/api/me")


def admin(server, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "truco", "admin", *args, "--db", server.db_url]
    return subprocess.run(cmd, capture_output=True, text=True)


async def finished_match_against_bots(server, nickname: str) -> tuple[Player, str]:
    """A guest who played one match to its end against three bots: (the guest, the table id)."""
    guest = await Player(server, nickname).register()
    r = await guest.post("/api/quick", {"level": "easy"})
    guest.held = r.json()
    sock = await guest.connect()
    await sock.until(lambda m: m.get("view") is not None)
    await play_randomly([sock], random.Random(1))
    await sock.close()
    return guest, guest.held["table_id"]


def test_a_guest_claims_its_name_and_keeps_its_history(server):
    async def body():
        guest, table_id = await finished_match_against_bots(server, "Zé Claim")
        r = await guest.post("/api/accounts", {"name": "Zé Claim", "password": PASSWORD})
        assert r.status_code == 201, r.text
        assert r.json()["claimed"] is True
        cookie = r.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "secure" in cookie
        assert "token" not in r.json(), "the session token never reaches page scripts"
        session = session_of(r)
        history = device(server, session).get("/api/history").json()["matches"]
        assert [m["table_id"] for m in history] == [table_id]
        assert me(server, session).json()["account"] is True
        assert (await guest.http.get("/api/me")).status_code == 401, "the guest token died with the claim"
        await guest.aclose()
        # the name is taken for accounts and for guests, by the same folded key
        assert device(server).post("/api/accounts", json={"name": "ZE CLAIM", "password": PASSWORD}).status_code == 409
        assert device(server).post("/api/guest", json={"nickname": "zé claim"}).status_code == 409

    run(body())


def test_bad_account_requests_change_nothing(server):
    c = device(server)
    for bad in ({"name": "x"}, {"name": "", "password": PASSWORD}, {"name": "ok", "password": "short"}, [1]):
        r = c.post("/api/accounts", json=bad)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    assert c.post("/api/accounts", content=b"{not json").status_code == 400
    assert login(server, "ok").status_code == 401
    assert c.post("/api/logout").status_code == 401
    assert c.post("/api/password", json={"old": PASSWORD, "new": "x" * 10}).status_code == 401


def test_login_elsewhere_then_logout_one_and_all(server):
    phone = register(server, "Dois Aparelhos")
    r = login(server, "dois aparelhos")
    assert r.status_code == 200 and r.json()["name"] == "Dois Aparelhos"
    laptop = session_of(r)
    assert me(server, phone).json()["player_id"] == me(server, laptop).json()["player_id"]
    listed = device(server, laptop).get("/api/sessions").json()["sessions"]
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1

    r = device(server, phone).post("/api/logout")
    assert r.status_code == 200 and 'truco_token=""' in r.headers["set-cookie"]
    assert me(server, phone).status_code == 401
    assert me(server, laptop).status_code == 200

    tablet = session_of(login(server, "Dois Aparelhos"))
    assert device(server, laptop).post("/api/logout", json={"all": True}).json() == {"ended": 2}
    assert me(server, laptop).status_code == 401 and me(server, tablet).status_code == 401


def test_password_change_ends_the_other_sessions(server):
    here = register(server, "Troca Senha")
    there = session_of(login(server, "Troca Senha"))
    c = device(server, here)
    assert c.post("/api/password", json={"old": "errada-123", "new": "nova-senha-2"}).status_code == 401
    assert c.post("/api/password", json={"old": PASSWORD, "new": "curta"}).status_code == 400
    assert me(server, there).status_code == 200, "a refused change ends nothing"
    assert c.post("/api/password", json={"old": PASSWORD, "new": "nova-senha-2"}).status_code == 200
    assert me(server, here).status_code == 200 and me(server, there).status_code == 401
    assert login(server, "Troca Senha").status_code == 401
    assert login(server, "Troca Senha", "nova-senha-2").status_code == 200


def test_wrong_passwords_meet_growing_delays_per_name(make_server):
    server = make_server()
    register(server, "Alvo")
    for _ in range(5):
        assert login(server, "Alvo", "errada-000").status_code == 401
    assert login(server, "Alvo", "errada-000").status_code == 401  # the 6th failure: 1 s of lock
    r = login(server, "Alvo")
    assert r.status_code == 429, "even the right password waits"
    assert r.json()["error"]["code"] == "rate_limited" and r.headers["retry-after"] == "1"
    time.sleep(1.1)
    assert login(server, "Alvo", "errada-000").status_code == 401  # the 7th: 2 s
    r = login(server, "alvo")
    assert r.status_code == 429 and r.headers["retry-after"] == "2"
    time.sleep(1.1)
    assert login(server, "Alvo").status_code == 429, "the delay grew"
    time.sleep(1.0)
    assert login(server, "Alvo").status_code == 200
    assert login(server, "Alvo", "errada-000").status_code == 401, "a success forgets the failures"


def test_one_client_trying_many_names_is_slowed_too(make_server):
    server = make_server()
    register(server, "Outro")
    for i in range(21):  # 20 free failures, the 21st locks the client
        assert login(server, f"Ninguém {i}", "errada-000").status_code == 401
    r = login(server, "Outro")
    assert r.status_code == 429 and r.headers["retry-after"] == "1"


def test_a_reset_link_works_once_and_expires(server):
    old = register(server, "Esqueci")
    out = admin(server, "reset-password", "Esqueci", "--base-url", server.url)
    assert out.returncode == 0, out.stderr
    link = out.stdout.strip()
    assert link.startswith(f"{server.url}/reset#")
    token = link.split("#", 1)[1]
    c = device(server)
    r = c.post("/api/password/reset", json={"token": token, "password": "recuperada-1"})
    assert r.status_code == 200 and r.json()["name"] == "Esqueci"
    assert me(server, session_of(r)).status_code == 200
    assert me(server, old).status_code == 401, "a reset ends every older session"
    again = c.post("/api/password/reset", json={"token": token, "password": "outra-senha-2"})
    assert again.status_code == 410 and again.json()["error"]["code"] == "reset_invalid"
    assert login(server, "Esqueci", "recuperada-1").status_code == 200

    short = admin(server, "reset-password", "Esqueci", "--ttl", "1").stdout.strip().split("#", 1)[1]
    time.sleep(1.2)
    assert c.post("/api/password/reset", json={"token": short, "password": "tarde-demais"}).status_code == 410
    assert login(server, "Esqueci", "recuperada-1").status_code == 200
    assert c.post("/api/password/reset", json={"token": "inventado", "password": "x" * 9}).status_code == 410

    missing = admin(server, "reset-password", "Não Existe")
    assert missing.returncode == 1 and "Não Existe" in missing.stderr


def test_deleting_an_account_keeps_its_matches_under_an_anonymous_name(server):
    async def body():
        guest, table_id = await finished_match_against_bots(server, "Apagável")
        session = session_of(await guest.post("/api/accounts", {"name": "Apagável", "password": PASSWORD}))
        await guest.aclose()
        other = session_of(login(server, "Apagável"))
        c = device(server, session)
        assert c.post("/api/account/delete", json={"password": "errada-000"}).status_code == 401
        assert me(server, session).status_code == 200
        r = c.post("/api/account/delete", json={"password": PASSWORD})
        assert r.status_code == 200
        anonymous = r.json()["anonymous_name"]
        assert anonymous.startswith("Anônimo ")
        assert me(server, session).status_code == 401 and me(server, other).status_code == 401
        assert login(server, "Apagável").status_code == 401
        replay = device(server).get(f"/api/tables/{table_id}/replay").json()
        names = [s["nickname"] for s in replay["table"]["seats"] if s["kind"] == "human"]
        assert names == [anonymous], "the match stays, under the anonymous name"
        assert device(server).get("/api/players/Apagável").status_code == 404
        # the name is free again
        assert device(server).post("/api/guest", json={"nickname": "Apagável"}).status_code == 200

    run(body())


@pytest.mark.postgres
def test_accounts_on_postgres(make_server, fresh_postgres):
    server = make_server(db_url=fresh_postgres)
    first = register(server, "Postgres")
    second = session_of(login(server, "POSTGRES"))
    assert device(server).post("/api/accounts", json={"name": "postgres", "password": PASSWORD}).status_code == 409
    assert device(server, first).post("/api/logout", json={"all": True}).json() == {"ended": 2}
    assert me(server, second).status_code == 401


def database_at_0001(url: str) -> str:
    """A database as the server left it before accounts: the first schema, one guest with one
    finished match. Returns the guest's token."""
    import json

    from alembic import command
    from alembic.config import Config as AlembicConfig
    from itsdangerous import URLSafeSerializer

    from truco.server.store import MIGRATIONS, Store

    store = Store(url)
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    now = time.time()
    config = {"rules": {"profile": "paulista"}, "timer": 0, "signals": True, "public": True}
    table = {"id": "old1", "created_at": now, "config": json.dumps(config), "seed": 7, "invite": "i", "public": True}
    table.update(status="over", finished_at=now, winner=0, score="[12, 3]")
    seat = {"table_id": "old1", "seat": 0, "kind": "human", "player_id": "guest1", "nickname": "Antigo", "secret": "s"}
    seat.update(bot_kind=None, bot_level=None)
    bot = {**seat, "kind": "bot", "player_id": None, "nickname": None, "secret": None, "bot_kind": "heuristic"}
    bots = [{**bot, "seat": i, "bot_level": "easy"} for i in (1, 2, 3)]
    with store.engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO settings (key, value) VALUES ('secret', 'old-secret')")
    guest = {"id": "guest1", "nickname": "Antigo", "nickname_key": "antigo", "created_at": now}
    store.write([("players", guest), ("tables", table), ("seats", seat), *(("seats", b) for b in bots)])
    store.engine.dispose()
    # a token as the server of that time signed it: the player id alone
    return URLSafeSerializer("old-secret", salt="truco-guest").dumps("guest1")


@pytest.mark.parametrize("db", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_migrating_from_the_first_schema_keeps_guests_and_their_history(make_server, tmp_path, request, db):
    url = request.getfixturevalue("fresh_postgres") if db == "postgres" else f"sqlite:///{tmp_path / 'old.sqlite3'}"
    token = database_at_0001(url)
    server = make_server(db_url=url)
    guest = device(server, token)
    assert guest.get("/api/me").json()["nickname"] == "Antigo"
    assert [m["table_id"] for m in guest.get("/api/history").json()["matches"]] == ["old1"]
    r = guest.post("/api/accounts", json={"name": "Antigo", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["player_id"] == "guest1"
    assert [m["table_id"] for m in device(server, session_of(r)).get("/api/history").json()["matches"]] == ["old1"]


def test_follow_see_who_is_online_and_invite(server):
    async def body():
        me = device(server, register(server, "Seguidor"))
        friend_token = register(server, "Seguido")
        friend = device(server, friend_token)
        assert me.post("/api/follows", json={"name": "seguido"}).json() == {"following": "Seguido"}
        assert me.post("/api/follows", json={"name": "Seguido"}).status_code == 200, "following twice is following"
        assert me.post("/api/follows", json={"name": "Seguidor"}).status_code == 400
        assert me.post("/api/follows", json={"name": "Fantasma"}).status_code == 404
        register(server, "Sumido")  # makes no request after registering
        assert me.post("/api/follows", json={"name": "Sumido"}).status_code == 200
        assert friend.get("/api/me").status_code == 200
        listed = me.get("/api/follows").json()
        assert listed["following"] == [
            {"name": "Seguido", "online": True, "table": None},
            {"name": "Sumido", "online": False, "table": None},
        ]

        held = me.post(
            "/api/tables", json={"seats": [{"type": "me"}, {"type": "open"}, {"type": "bot"}, {"type": "bot"}]}
        )
        table_id = held.json()["table_id"]
        assert friend.post("/api/invites", json={"name": "Seguidor", "table_id": table_id}).status_code == 404
        r = me.post("/api/invites", json={"name": "Seguido", "table_id": table_id})
        assert r.json() == {"invited": "Seguido", "table_id": table_id}
        [invite] = friend.get("/api/follows").json()["invites"]
        assert invite["sender"] == "Seguidor" and invite["table_id"] == table_id
        code = invite["link"].split("invite=")[1]
        assert friend.post(f"/api/tables/{table_id}/join", json={"invite": code}).json()["seat"] == 1

        assert me.delete("/api/follows/Seguido").status_code == 200
        assert [f["name"] for f in me.get("/api/follows").json()["following"]] == ["Sumido"]

    run(body())


def test_admin_revoke_takes_an_id_stored_beginning_with_a_dash_after_two_dashes(tmp_path):
    """New ids never begin with "-" (``identity.new_id``); one stored before that is revoked with ``--``."""
    from truco.server.store import Store

    db = f"sqlite:///{tmp_path / 'truco.db'}"
    store = Store(db)
    store.migrate()
    store.write([("players", {"id": "-dash1", "nickname": "Traço", "nickname_key": "traco", "created_at": 0.0})])
    cmd = [sys.executable, "-m", "truco", "admin", "revoke", "--db", db]
    out = subprocess.run([*cmd, "--", "-dash1"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("-dash1\tTraço"), out.stderr


def test_admin_revoke_refuses_a_players_tokens_at_once_over_http_and_websocket(server):
    async def refused_at_the_table(player: Player) -> dict:
        ws = await websockets.connect(f"{server.ws_url}/ws/tables/{player.held['table_id']}", ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "token": player.token, "seat_secret": player.held["seat_secret"]}))
        error = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), TIMEOUT)
        assert ws.close_code == 4001
        return error

    async def body():
        stolen = await Player(server, "Token Roubado").register()
        namesake = await Player(server, "Token Roubado").register()
        await stolen.create(timer=0)
        sock = await stolen.connect()  # the token works, and the server has just read its player
        assert (await stolen.http.get("/api/me")).status_code == 200
        player_id = (await stolen.http.get("/api/me")).json()["player_id"]

        out = admin(server, "revoke", player_id)
        assert out.returncode == 0 and player_id in out.stdout
        assert (await stolen.http.get("/api/me")).status_code == 401
        assert (await refused_at_the_table(stolen))["code"] == "bad_token"
        assert (await namesake.http.get("/api/me")).status_code == 200  # revoked by id: only that player
        # the connection opened with it ends too, within the server's heartbeat (2 s)
        await sock.until(lambda m: m.get("code") == "bad_token", timeout=10)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await sock.until(lambda m: False, timeout=10)
        assert closed.value.rcvd.code == 4001

        session = register(server, "Conta Roubada")
        assert me(server, session).status_code == 200
        out = admin(server, "revoke", "CONTA ROUBADA")  # by name: every player named alike
        assert out.returncode == 0 and "1 session(s) ended" in out.stdout
        assert me(server, session).status_code == 401
        assert admin(server, "revoke", "Ninguém Assim").returncode == 1
        for p in (stolen, namesake):
            await p.aclose()

    run(body())
