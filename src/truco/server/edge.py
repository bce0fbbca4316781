"""What every endpoint asks of a request: the hub, the caller's token and identity, its JSON body."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import HTTPConnection, Request

from truco.server.errors import CommandError
from truco.server.hub import Hub
from truco.server.identity import COOKIE


def hub_of(conn: HTTPConnection) -> Hub:
    hub: Hub = conn.app.state.hub
    return hub


def token_of(conn: HTTPConnection) -> str | None:
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return conn.cookies.get(COOKIE)


async def read_json(request: Request) -> Any:
    """The request's JSON body (None when empty). Raises ``CommandError`` for a bad body."""
    limit = hub_of(request).config.max_frame
    raw = await request.body()
    if len(raw) > limit:
        raise CommandError("bad_request", "body too large")
    if not raw.strip():
        return None
    try:
        return json.loads(raw)
    except ValueError:
        raise CommandError("bad_request", "the body is not valid JSON") from None


async def read_object(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object ({} when empty)."""
    data = await read_json(request) or {}
    if not isinstance(data, dict):
        raise CommandError("bad_request", "the body must be a JSON object")
    return data


async def who(request: Request) -> dict[str, Any]:
    """The player calling, or a ``CommandError`` (no token, a bad one, a banned nickname)."""
    hub = hub_of(request)
    token = token_of(request)
    if token is None:
        raise CommandError("no_token", "Escolha um apelido primeiro (POST /api/guest).")
    player = await hub.player(token)
    if player is None:
        raise CommandError("bad_token", "Identidade inválida: escolha um apelido de novo.")
    if await hub.banned(player["nickname"], "server"):
        raise CommandError("banned", "Este apelido foi banido do servidor.")
    return player


async def who_maybe(request: Request) -> dict[str, Any] | None:
    """The player calling, or None for an anonymous visitor or a wrong token."""
    token = token_of(request)
    return await hub_of(request).player(token) if token else None
