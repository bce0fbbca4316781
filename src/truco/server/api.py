"""The lobby's HTTP API (docs/protocol.md, "HTTP"). Errors are raised as ``CommandError``
and answered as JSON by the app's handlers (``truco.server.errors``)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from truco.bots import BOT_KINDS, DESCRIPTIONS, LEVELS
from truco.engine import OPTIONS, PROFILES
from truco.engine.signals import GESTURES
from truco.server import account_api
from truco.server.accounts import SESSION_PREFIX
from truco.server.edge import hub_of, limit, read_json, read_object, token_of, who, who_maybe
from truco.server.errors import CommandError
from truco.server.hub import Encoded
from truco.server.identity import COOKIE, clean_nickname
from truco.server.leases import HeldElsewhere
from truco.server.relay import Call
from truco.server.table import Table


async def guest(request: Request) -> Response:
    limit(request, "guest")
    data = await read_json(request)
    nickname = clean_nickname(data.get("nickname") if isinstance(data, dict) else None)
    if nickname is None:
        raise CommandError("bad_request", "nickname: de 1 a 20 caracteres, sem caracteres de controle")
    out = await hub_of(request).new_player(nickname)
    response = JSONResponse(out)
    response.set_cookie(COOKIE, out["token"], max_age=365 * 86400, httponly=True, samesite="lax")
    return response


async def logout(request: Request) -> Response:
    """Revoke every token of the caller (on every device) and clear the cookie; an account's
    session is ended by ``account_api.logout``."""
    token = token_of(request)
    if token is not None and token.startswith(SESSION_PREFIX):
        return await account_api.logout(request)
    await hub_of(request).revoke(await who(request))
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE)
    return response


async def me(request: Request) -> Response:
    player = await who(request)
    hub = hub_of(request)
    if hub.relay is not None:  # the tables of every process of the site
        held = await hub.relay.seats_of(player["id"])
    else:
        tables = hub.tables.values()
        held = [t.held(s) for t in tables if t.status != "over" and (s := t.seat_of(player["id"])) is not None]
    account = player.get("account") == "account"
    return JSONResponse({"player_id": player["id"], "nickname": player["nickname"], "account": account, "seats": held})


async def options(request: Request) -> Response:
    config = hub_of(request).config
    return JSONResponse(
        {
            "profiles": list(PROFILES),
            "options": {k: list(v) for k, v in OPTIONS.items()},
            "bots": {"kinds": list(BOT_KINDS), "levels": list(LEVELS), "descriptions": DESCRIPTIONS},
            "defaults": {"timer": 20, "signals": True, "public": True},
            "gestures": list(GESTURES),
            "limits": {
                "chat_length": config.chat_length,
                "chat_burst": config.chat_burst,
                "chat_window": config.chat_window,
            },
        }
    )


async def create(request: Request) -> Response:
    player = await who(request)
    limit(request, "table")
    return JSONResponse(await hub_of(request).create(player, await read_json(request)))


async def quick(request: Request) -> Response:
    player = await who(request)
    limit(request, "table")
    data = await read_object(request)
    bot: dict[str, Any] = {"type": "bot", **{k: data[k] for k in ("kind", "level") if k in data}}
    if "bot" in data:
        bot["kind"] = data["bot"]
    return JSONResponse(await hub_of(request).create(player, {"seats": [{"type": "me"}, bot, bot, bot]}))


async def stats(request: Request) -> Response:
    hub = hub_of(request)
    return JSONResponse(hub.stats.report(hub))


async def lobby(request: Request) -> Response:
    hub = hub_of(request)
    return JSONResponse({"tables": await hub.relay.lobby() if hub.relay is not None else hub.lobby()})


async def visible_table(request: Request, invite: object, player: dict[str, Any] | None) -> Table:
    """The table of the path, if the caller may see it: public, seated there, or holding the invite.
    Raises ``HeldElsewhere`` when another process runs it."""
    table = await hub_of(request).load(request.path_params["table_id"])
    if table is None:
        raise CommandError("not_found", "Mesa não encontrada.")
    if not table.visible_to(player["id"] if player else None, invite):
        raise CommandError("bad_invite", "Mesa privada: é preciso o link de convite.")
    return table


async def table_info(request: Request) -> Response:
    player = await who_maybe(request)
    invite = request.query_params.get("invite")
    try:
        return JSONResponse((await visible_table(request, invite, player)).summary())
    except HeldElsewhere as e:
        return await relayed(request, e, Call.INFO, player, invite=invite)


async def join(request: Request) -> Response:
    player = await who(request)
    limit(request, "join")
    data = await read_object(request)
    invite = data.get("invite", request.query_params.get("invite"))
    try:
        table = await visible_table(request, invite, player)
    except HeldElsewhere as e:
        return await relayed(request, e, Call.JOIN, player, invite=invite, seat=data.get("seat"))
    return JSONResponse(await hub_of(request).join(table, player, data.get("seat")))


async def relayed(
    request: Request, elsewhere: HeldElsewhere, what: Call, player: dict[str, Any] | None, **args: Any
) -> Response:
    """A table request answered by the process that runs the table (``truco.server.relay``)."""
    relay = hub_of(request).relay
    if relay is None:
        raise elsewhere
    who_asks = {"player_id": player["id"], "nickname": player["nickname"]} if player else {}
    return JSONResponse(await relay.call(elsewhere.table_id, what, **who_asks, **args))


async def history(request: Request) -> Response:
    player = await who(request)
    hub = hub_of(request)
    return JSONResponse({"matches": await hub.store.run(hub.history, player["id"])})


async def finished(request: Request) -> Table:
    table = await visible_table(request, request.query_params.get("invite"), await who_maybe(request))
    if table.status != "over":
        raise CommandError("not_over", "A partida ainda não terminou.")
    return table


async def replay(request: Request) -> Response:
    limit(request, "replay")
    table = await finished(request)
    seat = await replay_seat(request, table)
    body = await hub_of(request).finished("replay", table.id, seat)
    return encoded(request, body, private=seat is not None or not table.public)


def encoded(request: Request, body: Encoded, private: bool, headers: dict[str, str] | None = None) -> Response:
    """A finished match's JSON, gzipped when the client takes it; it never changes, so clients and
    caches may keep it (a private table's, or a seat's own replay, only in that person's browser)."""
    headers = {**(headers or {}), "cache-control": f"{'private' if private else 'public'}, max-age=86400, immutable"}
    headers["vary"] = "accept-encoding"
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["content-encoding"] = "gzip"
        return Response(body.gzipped, media_type="application/json", headers=headers)
    return Response(body.json, media_type="application/json", headers=headers)


async def replay_seat(request: Request, table: Table) -> int | None:
    """``?as=seat``: the replay of the caller's own seat (their cards as they held them)."""
    if request.query_params.get("as") != "seat":
        return None
    held = table.seat_of((await who(request))["id"])
    if held is None:
        raise CommandError("not_seated", "Só quem jogou esta partida revê as próprias cartas.")
    return held.seat


async def record(request: Request) -> Response:
    limit(request, "replay")
    table = await finished(request)
    headers = {"content-disposition": f'attachment; filename="truco-{table.id}.json"'}
    body = await hub_of(request).finished("record", table.id)
    return encoded(request, body, private=not table.public, headers=headers)


routes: list[BaseRoute] = [
    Route("/api/guest", guest, methods=["POST"]),
    Route("/api/me", me),
    Route("/api/logout", logout, methods=["POST"]),
    Route("/api/options", options),
    Route("/api/tables", create, methods=["POST"]),
    Route("/api/tables", lobby, methods=["GET"]),
    Route("/api/quick", quick, methods=["POST"]),
    Route("/api/history", history),
    Route("/api/stats", stats),
    Route("/api/tables/{table_id}", table_info),
    Route("/api/tables/{table_id}/join", join, methods=["POST"]),
    Route("/api/tables/{table_id}/replay", replay),
    Route("/api/tables/{table_id}/record", record),
]
