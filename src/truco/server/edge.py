"""What every endpoint asks of a request: the hub, the caller's token and identity, its JSON body.

JSON from a client, over HTTP or WebSocket, is read by ``parse_json``: at most
``MAX_DEPTH`` levels of nesting.

>>> parse_json('{"a": [1, {"b": 2}]}')
{'a': [1, {'b': 2}]}
>>> parse_json("[" * 40 + "]" * 40)
Traceback (most recent call last):
ValueError: JSON nested deeper than 16 levels
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import HTTPConnection, Request

from truco.server.errors import CommandError
from truco.server.hub import Hub
from truco.server.identity import COOKIE
from truco.server.text import TextError, check_strings


def hub_of(conn: HTTPConnection) -> Hub:
    hub: Hub = conn.app.state.hub
    return hub


def client_of(conn: HTTPConnection) -> str:
    """The client's address (behind a proxy on loopback, the one it forwards)."""
    return conn.client.host if conn.client else "unknown"


def limit(conn: HTTPConnection, kind: str) -> None:
    """Count one ``kind`` of action against the client's rate limit (``truco.server.limits``)."""
    if not hub_of(conn).limiter.allow(kind, client_of(conn)):
        raise CommandError("rate_limited", "Muitas tentativas seguidas: espere um pouco e tente de novo.")


def origin_allowed(conn: HTTPConnection) -> bool:
    """Whether the page that opens a WebSocket may: no ``Origin`` (not a browser), the server's own
    origin, or one of the configured ones."""
    origin = conn.headers.get("origin")
    if origin is None:
        return True
    allowed = hub_of(conn).config.origins
    if allowed:
        return origin in allowed
    host = conn.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


def token_of(conn: HTTPConnection) -> str | None:
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return conn.cookies.get(COOKIE)


#: the deepest nesting of JSON a client may send (the protocol needs 3)
MAX_DEPTH = 16


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


def parse_json(text: str | bytes) -> Any:
    """A client's JSON; ``ValueError`` when it is not JSON or nested deeper than ``MAX_DEPTH``."""
    try:
        value = json.loads(text)
    except RecursionError:
        value = None
    else:
        if depth(value) <= MAX_DEPTH:
            return value
    raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels")


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) as soon as it is announced or read past ``limit`` bytes."""
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > limit:
        raise CommandError("too_large", f"The body is larger than {limit} bytes.")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise CommandError("too_large", f"The body is larger than {limit} bytes.")
    return bytes(body)


async def read_json(request: Request) -> Any:
    """The request's JSON body (None when empty). Raises ``CommandError`` for a bad body."""
    raw = await read_body(request, hub_of(request).config.max_frame)
    if not raw.strip():
        return None
    try:
        data = parse_json(raw)
    except ValueError as e:
        message = str(e) if "deeper" in str(e) else "the body is not valid JSON"
        raise CommandError("bad_request", message) from None
    try:
        check_strings(data, "body")
    except TextError as e:
        raise CommandError("bad_text", str(e)) from None
    return data


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
