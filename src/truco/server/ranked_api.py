"""The ranked queue's endpoints and a ranked table's rating changes (``docs/protocol.md``, "Ranked play")."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.account_api import signed_in
from truco.server.edge import hub_of, read_object
from truco.server.errors import CommandError
from truco.server.ratings import Mode
from truco.server.relay import Call


async def join_queue(request: Request) -> Response:
    """``{"mode": "paulista-2v2", "partner": "Name"?}``: queue alone, or with a friend who asks the same."""
    player, _ = await signed_in(request)
    data = await read_object(request)
    if data.get("mode") not in Mode.__members__.values():
        raise CommandError("bad_request", f"mode must be one of {', '.join(Mode)}")
    partner = data.get("partner")
    if partner is not None and not isinstance(partner, str):
        raise CommandError("bad_request", "partner must be a player's name")
    relay = hub_of(request).relay
    if relay is not None:  # the site's one queue, wherever it runs
        asked = {"player_id": player["id"], "nickname": player["nickname"], "mode": data["mode"], "partner": partner}
        return JSONResponse(await relay.queue(Call.QUEUE_JOIN, **asked))
    return JSONResponse(await hub_of(request).ranked.join(player, Mode(data["mode"]), partner))


async def queue_status(request: Request) -> Response:
    player, _ = await signed_in(request)
    relay = hub_of(request).relay
    if relay is not None:
        return JSONResponse(await relay.queue(Call.QUEUE_STATUS, player_id=player["id"]))
    return JSONResponse(hub_of(request).ranked.status(player["id"]))


async def leave_queue(request: Request) -> Response:
    player, _ = await signed_in(request)
    relay = hub_of(request).relay
    if relay is not None:
        return JSONResponse(await relay.queue(Call.QUEUE_LEAVE, player_id=player["id"]))
    hub_of(request).ranked.leave(player["id"])
    return JSONResponse({"status": "idle"})


async def table_ratings(request: Request) -> Response:
    """The rating changes a finished ranked table caused, by seat."""
    hub = hub_of(request)
    changes = await hub.store.run(hub.ratings.changes_of, request.path_params["table_id"])
    return JSONResponse({"table_id": request.path_params["table_id"], "changes": changes})


routes: list[BaseRoute] = [
    Route("/api/queue", join_queue, methods=["POST"]),
    Route("/api/queue", queue_status, methods=["GET"]),
    Route("/api/queue", leave_queue, methods=["DELETE"]),
    Route("/api/tables/{table_id}/ratings", table_ratings),
]
