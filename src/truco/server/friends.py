"""Friends: follow an account, see who of them is online, invite them to your table
(see ``docs/protocol.md``, "Friends"). Invitations live in memory for ``INVITE_TTL`` seconds."""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from sqlalchemy import delete, select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.account_api import signed_in
from truco.server.edge import hub_of, read_object
from truco.server.errors import CommandError
from truco.server.profiles import account_of
from truco.server.store import Store, follows, players

INVITE_TTL = 600.0


class Invite(NamedTuple):
    sender: str
    table_id: str
    link: str
    at: float


def following(store: Store, player_id: str) -> list[dict[str, Any]]:
    stmt = (
        select(players.c.id, players.c.nickname)
        .join(follows, follows.c.followee_id == players.c.id)
        .where(follows.c.follower_id == player_id)
        .order_by(players.c.nickname)
    )
    return [dict(r) for r in store.rows(stmt)]


def follow(store: Store, player_id: str, name: str) -> dict[str, Any]:
    target = account_of(store, name)
    if target is None:
        raise CommandError("not_found", f"{name}: não há conta com este nome.")
    if target["id"] == player_id:
        raise CommandError("bad_request", "Você não pode seguir a si mesmo.")
    with store.engine.begin() as conn:
        key = (follows.c.follower_id == player_id) & (follows.c.followee_id == target["id"])
        if conn.execute(select(follows.c.created_at).where(key)).first() is None:
            conn.execute(
                follows.insert().values(follower_id=player_id, followee_id=target["id"], created_at=time.time())
            )
    return target


def unfollow(store: Store, player_id: str, name: str) -> None:
    target = account_of(store, name)
    if target is None:
        raise CommandError("not_found", f"{name}: não há conta com este nome.")
    with store.engine.begin() as conn:
        conn.execute(delete(follows).where(follows.c.follower_id == player_id, follows.c.followee_id == target["id"]))


def at_table(hub: Any, player_id: str) -> str | None:
    """The unfinished table where the player sits and is connected, if any."""
    return next(
        (
            t.id
            for t in hub.tables.values()
            for s in t.seats
            if s.player_id == player_id and s.conn and t.status != "over"
        ),
        None,
    )


# -- endpoints -------------------------------------------------------------------------


async def list_follows(request: Request) -> Response:
    """Who I follow, who of them is online and where, and the invitations I received."""
    hub = hub_of(request)
    me, _ = await signed_in(request)
    people = await hub.store.run(following, hub.store, me["id"])
    now = time.time()
    invites = [i for i in hub.invites.get(me["id"], []) if now - i.at < INVITE_TTL]
    hub.invites[me["id"]] = invites
    return JSONResponse(
        {
            "following": [
                {"name": p["nickname"], "online": hub.online(p["id"]), "table": at_table(hub, p["id"])} for p in people
            ],
            "invites": [i._asdict() for i in invites],
        }
    )


async def add_follow(request: Request) -> Response:
    """``{"name"}``: follow an account."""
    hub = hub_of(request)
    me, _ = await signed_in(request)
    name = (await read_object(request)).get("name")
    if not isinstance(name, str):
        raise CommandError("bad_request", "name must be an account's name")
    target = await hub.store.run(follow, hub.store, me["id"], name)
    return JSONResponse({"following": target["nickname"]})


async def remove_follow(request: Request) -> Response:
    hub = hub_of(request)
    me, _ = await signed_in(request)
    await hub.store.run(unfollow, hub.store, me["id"], request.path_params["name"])
    return JSONResponse({"following": None})


async def invite(request: Request) -> Response:
    """``{"name", "table_id"}``: invite someone I follow to the waiting table where I sit."""
    hub = hub_of(request)
    me, _ = await signed_in(request)
    data = await read_object(request)
    name, table_id = data.get("name"), data.get("table_id")
    if not isinstance(name, str) or not isinstance(table_id, str):
        raise CommandError("bad_request", "name and table_id must be strings")
    table = await hub.load(table_id)
    seat = table.seat_of(me["id"]) if table is not None else None
    if table is None or seat is None:
        raise CommandError("not_found", "Você não está sentado nesta mesa.")
    if table.status != "waiting":
        raise CommandError("not_waiting", "A partida desta mesa já começou.")
    target = await hub.store.run(account_of, hub.store, name)
    people = await hub.store.run(following, hub.store, me["id"])
    if target is None or target["id"] not in {p["id"] for p in people}:
        raise CommandError("not_found", f"{name}: você só convida quem segue.")
    sent = Invite(me["nickname"], table.id, table.held(seat)["invite"], time.time())
    hub.invites.setdefault(target["id"], []).append(sent)
    return JSONResponse({"invited": target["nickname"], "table_id": table.id})


routes: list[BaseRoute] = [
    Route("/api/follows", list_follows, methods=["GET"]),
    Route("/api/follows", add_follow, methods=["POST"]),
    Route("/api/follows/{name}", remove_follow, methods=["DELETE"]),
    Route("/api/invites", invite, methods=["POST"]),
]
