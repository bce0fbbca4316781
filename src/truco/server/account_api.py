"""HTTP endpoints for accounts and sessions (see ``docs/protocol.md``, "Accounts").

The session token travels only in the ``truco_token`` cookie (HttpOnly,
SameSite=Lax, Secure over HTTPS and on loopback, where browsers accept it) or in an
``Authorization: Bearer`` header; it never appears in a response body, so page
scripts cannot read it.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from truco.server.accounts import HASHER, SESSION_PREFIX, check_name, check_password
from truco.server.identity import COOKIE, nickname_key
from truco.server.table import CommandError

#: the status of each error code these endpoints raise (others default to 400)
STATUS = {
    "bad_request": 400,
    "no_token": 401,
    "bad_token": 401,
    "not_signed_in": 401,
    "bad_password": 401,
    "banned": 403,
    "not_found": 404,
    "name_taken": 409,
    "already_queued": 409,
    "already_playing": 409,
    "not_waiting": 409,
    "reset_invalid": 410,
    "rate_limited": 429,
}
SESSION_AGE = 365 * 86400
LOOPBACK = ("localhost", "127.0.0.1", "::1")


def error_response(e: CommandError) -> JSONResponse:
    headers = {}
    if "retry_after" in e.extra:
        headers["retry-after"] = str(e.extra["retry_after"])
    body = {"error": {"code": e.code, "message": str(e), **e.extra}}
    return JSONResponse(body, status_code=STATUS.get(e.code, 400), headers=headers)


def endpoint(fn: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    async def run(request: Request) -> Response:
        try:
            return await fn(request)
        except CommandError as e:
            return error_response(e)

    run.__name__ = fn.__name__
    return run


def hub_of(request: Request) -> Any:
    return request.app.state.hub


def token_of(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.cookies.get(COOKIE)


async def json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > hub_of(request).config.max_frame:
        raise CommandError("bad_request", "body too large")
    try:
        data = json.loads(raw) if raw.strip() else {}
    except ValueError:
        raise CommandError("bad_request", "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise CommandError("bad_request", "the body must be a JSON object")
    return data


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


def without_session(request: Request, body: dict[str, Any]) -> Response:
    response = JSONResponse(body)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return response


async def hashed(password: str) -> str:
    return await asyncio.to_thread(HASHER.hash, password)


# -- endpoints ---------------------------------------------------------------------


@endpoint
async def register(request: Request) -> Response:
    """Claim a name. With a guest's token, the guest keeps its id and history."""
    hub = hub_of(request)
    data = await json_body(request)
    name, password = check_name(data.get("name")), check_password(data.get("password"))
    if await hub.banned(name, "server"):
        raise CommandError("banned", "Este nome foi banido do servidor.")
    token = token_of(request)
    guest = await hub.player(token) if token and not token.startswith(SESSION_PREFIX) else None
    pid, session = await hub.store.run(hub.accounts.register, name, await hashed(password), guest, agent_of(request))
    hub.forget_player(pid)
    return with_session(request, {"player_id": pid, "name": name, "claimed": guest is not None}, session, 201)


@endpoint
async def login(request: Request) -> Response:
    hub = hub_of(request)
    data = await json_body(request)
    name, password = check_name(data.get("name")), data.get("password")
    if not isinstance(password, str) or len(password) > 1000:
        raise CommandError("bad_request", "password must be a string")
    now = time.monotonic()
    keys = (f"name:{nickname_key(name)}", f"client:{request.client.host if request.client else '?'}")
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
    player = await hub.player(session)
    return with_session(request, {"player_id": pid, "name": player["nickname"]}, session)


@endpoint
async def logout(request: Request) -> Response:
    """End this session, or with ``{"all": true}`` every session of the account."""
    hub = hub_of(request)
    player, token = await signed_in(request)
    data = await json_body(request)
    if data.get("all", False) is True:
        ended = await hub.store.run(hub.accounts.logout_all, player["id"])
    else:
        await hub.store.run(hub.accounts.logout, token)
        ended = 1
    return without_session(request, {"ended": ended})


@endpoint
async def list_sessions(request: Request) -> Response:
    hub = hub_of(request)
    player, token = await signed_in(request)
    return JSONResponse({"sessions": await hub.store.run(hub.accounts.list_sessions, player["id"], token)})


@endpoint
async def change_password(request: Request) -> Response:
    """``{"old", "new"}``: every other session ends."""
    hub = hub_of(request)
    player, token = await signed_in(request)
    data = await json_body(request)
    old, new = data.get("old"), check_password(data.get("new"))
    if not isinstance(old, str):
        raise CommandError("bad_request", "old must be the current password")
    await hub.store.run(hub.accounts.change_password, player["id"], old, new, token)
    return JSONResponse({"ok": True})


@endpoint
async def delete_account(request: Request) -> Response:
    """``{"password"}``: the account goes; its matches stay under an anonymous name."""
    hub = hub_of(request)
    player, _token = await signed_in(request)
    data = await json_body(request)
    password = data.get("password")
    if not isinstance(password, str):
        raise CommandError("bad_request", "password must be the current password")
    anonymous = await hub.store.run(hub.accounts.delete, player["id"], password)
    hub.forget_player(player["id"])
    return without_session(request, {"deleted": True, "anonymous_name": anonymous})


@endpoint
async def reset_password(request: Request) -> Response:
    """``{"token", "password"}`` from a link of ``truco admin reset-password``: once, before it expires."""
    hub = hub_of(request)
    data = await json_body(request)
    token, password = data.get("token"), check_password(data.get("password"))
    if not isinstance(token, str) or len(token) > 100:
        raise CommandError("bad_request", "token must be the token of a reset link")
    pid, session = await hub.store.run(hub.accounts.reset, token, await hashed(password), agent_of(request))
    player = await hub.player(session)
    return with_session(request, {"player_id": pid, "name": player["nickname"]}, session)


routes = [
    Route("/api/accounts", register, methods=["POST"]),
    Route("/api/login", login, methods=["POST"]),
    Route("/api/logout", logout, methods=["POST"]),
    Route("/api/sessions", list_sessions),
    Route("/api/password", change_password, methods=["POST"]),
    Route("/api/password/reset", reset_password, methods=["POST"]),
    Route("/api/account/delete", delete_account, methods=["POST"]),
]
