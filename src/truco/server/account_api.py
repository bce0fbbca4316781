"""HTTP endpoints for accounts and sessions (see ``docs/protocol.md``, "Accounts").

The session token travels only in the ``truco_token`` cookie (HttpOnly,
SameSite=Lax, Secure over HTTPS and on loopback, where browsers accept it) or in an
``Authorization: Bearer`` header; it never appears in a response body, so page
scripts cannot read it.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.accounts import HASHER, SESSION_PREFIX, check_name, check_password
from truco.server.edge import client_of, hub_of, read_object, token_of
from truco.server.errors import CommandError
from truco.server.identity import COOKIE
from truco.server.names import name_key

SESSION_AGE = 365 * 86400
LOOPBACK = ("localhost", "127.0.0.1", "::1")


async def signed_in(request: Request) -> tuple[dict[str, Any], str]:
    """The account holder behind this request's session, and the session token."""
    token = token_of(request)
    if token is None or not token.startswith(SESSION_PREFIX):
        raise CommandError("not_signed_in", "Entre na sua conta primeiro.")
    player = await hub_of(request).player(token)
    if player is None:
        raise CommandError("not_signed_in", "Sessão encerrada: entre de novo.")
    if await hub_of(request).banned(player["nickname"], "server"):
        raise CommandError("banned", "Este nome foi banido do servidor.")
    return player, token


def agent_of(request: Request) -> str:
    return request.headers.get("user-agent", "")[:200]


def with_session(request: Request, body: dict[str, Any], token: str, status: int = 200) -> Response:
    response = JSONResponse(body, status_code=status)
    secure = request.url.scheme == "https" or request.url.hostname in LOOPBACK
    response.set_cookie(COOKIE, token, max_age=SESSION_AGE, httponly=True, samesite="lax", secure=secure)
    return response


async def session_response(request: Request, player_id: str, session: str) -> Response:
    """``{"player_id", "name"}`` of a session just opened, with its cookie."""
    player = await hub_of(request).player(session)
    assert player is not None, "a session just opened names its player"
    return with_session(request, {"player_id": player_id, "name": player["nickname"]}, session)


def without_session(request: Request, body: dict[str, Any]) -> Response:
    response = JSONResponse(body)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return response


async def hashed(password: str) -> str:
    return await asyncio.to_thread(HASHER.hash, password)


# -- endpoints ---------------------------------------------------------------------


async def register(request: Request) -> Response:
    """Claim a name. With a guest's token, the guest keeps its id and history."""
    hub = hub_of(request)
    data = await read_object(request)
    name, password = check_name(data.get("name")), check_password(data.get("password"))
    if await hub.banned(name, "server"):
        raise CommandError("banned", "Este nome foi banido do servidor.")
    token = token_of(request)
    guest = await hub.player(token) if token and not token.startswith(SESSION_PREFIX) else None
    pid, session = await hub.store.run(hub.accounts.register, name, await hashed(password), guest, agent_of(request))
    return with_session(request, {"player_id": pid, "name": name, "claimed": guest is not None}, session, 201)


async def login(request: Request) -> Response:
    hub = hub_of(request)
    data = await read_object(request)
    name, password = check_name(data.get("name")), data.get("password")
    if not isinstance(password, str) or len(password) > 1000:
        raise CommandError("bad_request", "password must be a string")
    now = time.monotonic()
    keys = (f"name:{name_key(name)}", f"client:{client_of(request)}")
    throttles = (hub.login_names, hub.login_clients)
    wait = max(t.wait(k, now) for t, k in zip(throttles, keys, strict=True))
    if wait > 0:
        raise CommandError("rate_limited", "Tentativas demais: espere um pouco.", retry_after=math.ceil(wait))
    pid = await hub.store.run(hub.accounts.verify, name, password)
    if pid is None:
        for t, k in zip(throttles, keys, strict=True):
            t.fail(k, time.monotonic())
        raise CommandError("bad_password", "Nome ou senha incorretos.")
    hub.login_names.succeed(keys[0])
    session = await hub.store.run(hub.accounts.login, pid, agent_of(request))
    return await session_response(request, pid, session)


async def logout(request: Request) -> Response:
    """End this session, or with ``{"all": true}`` every session of the account
    (``POST /api/logout`` with a session; ``truco.server.api.logout`` hands it over)."""
    hub = hub_of(request)
    player, token = await signed_in(request)
    data = await read_object(request)
    if data.get("all", False) is True:
        ended = await hub.store.run(hub.accounts.logout_all, player["id"])
    else:
        await hub.store.run(hub.accounts.logout, token)
        ended = 1
    return without_session(request, {"ended": ended})


async def list_sessions(request: Request) -> Response:
    hub = hub_of(request)
    player, token = await signed_in(request)
    return JSONResponse({"sessions": await hub.store.run(hub.accounts.list_sessions, player["id"], token)})


async def change_password(request: Request) -> Response:
    """``{"old", "new"}``: every other session ends."""
    hub = hub_of(request)
    player, token = await signed_in(request)
    data = await read_object(request)
    old, new = data.get("old"), check_password(data.get("new"))
    if not isinstance(old, str):
        raise CommandError("bad_request", "old must be the current password")
    await hub.store.run(hub.accounts.change_password, player["id"], old, new, token)
    return JSONResponse({"ok": True})


async def delete_account(request: Request) -> Response:
    """``{"password"}``: the account goes; its matches stay under an anonymous name."""
    hub = hub_of(request)
    player, _token = await signed_in(request)
    data = await read_object(request)
    password = data.get("password")
    if not isinstance(password, str):
        raise CommandError("bad_request", "password must be the current password")
    anonymous = await hub.store.run(hub.accounts.delete, player["id"], password)
    return without_session(request, {"deleted": True, "anonymous_name": anonymous})


async def reset_password(request: Request) -> Response:
    """``{"token", "password"}`` from a link of ``truco admin reset-password``: once, before it expires."""
    hub = hub_of(request)
    data = await read_object(request)
    token, password = data.get("token"), check_password(data.get("password"))
    if not isinstance(token, str) or len(token) > 100:
        raise CommandError("bad_request", "token must be the token of a reset link")
    pid, session = await hub.store.run(hub.accounts.reset, token, await hashed(password), agent_of(request))
    return await session_response(request, pid, session)


routes: list[BaseRoute] = [
    Route("/api/accounts", register, methods=["POST"]),
    Route("/api/login", login, methods=["POST"]),
    Route("/api/sessions", list_sessions),
    Route("/api/password", change_password, methods=["POST"]),
    Route("/api/password/reset", reset_password, methods=["POST"]),
    Route("/api/account/delete", delete_account, methods=["POST"]),
]
