"""Profiles and leaderboards (see ``docs/protocol.md``, "Profiles and leaderboards").

A profile belongs to an account: its rating in every mode with the history the
client draws as a chart, its matches and wins, its trucos asked, accepted and
won, its mãos de onze played, fled and won, and its recent matches. A mode's
leaderboard ranks accounts by the conservative estimate ``mu - 3 sigma`` (so a
provisional rating, still uncertain, sits lower); the weekly and monthly ones
rank the rating points gained in the last 7 or 30 days.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import func, select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.accounts import SESSION_PREFIX
from truco.server.edge import hub_of, token_of
from truco.server.errors import CommandError
from truco.server.names import name_key
from truco.server.ratings import SCALE, Mode, Rating
from truco.server.store import Store, accounts, match_stats, players, rating_changes, ratings

TOP = 100
PERIODS = {"all": None, "week": 7 * 86400, "month": 30 * 86400}
RECENT = 20
STAT_FIELDS = ("trucos_asked", "trucos_accepted", "trucos_won", "onze_played", "onze_fled", "onze_won")


def account_of(store: Store, name: str) -> dict[str, Any] | None:
    stmt = select(players).join(accounts, accounts.c.player_id == players.c.id)
    found = store.rows(stmt.where(accounts.c.name_key == name_key(name)))
    return dict(found[0]) if found else None


def profile(hub: Any, name: str) -> dict[str, Any] | None:
    """Everything the profile page shows (blocking)."""
    store: Store = hub.store
    player = account_of(store, name)
    if player is None:
        return None
    pid = player["id"]
    rows = {r["mode"]: r for r in store.rows(select(ratings).where(ratings.c.player_id == pid))}
    changes = store.rows(
        select(rating_changes)
        .where(rating_changes.c.player_id == pid)
        .order_by(rating_changes.c.at, rating_changes.c.id)
    )
    out_ratings = {}
    for mode in Mode:
        r = rows.get(mode.value)
        rating = Rating(r["mu"], r["sigma"], r["games"]) if r else Rating.initial()
        history = [
            {"at": c["at"], "rating": Rating(c["mu_after"], c["sigma_after"]).display, "table_id": c["table_id"]}
            for c in changes
            if c["mode"] == mode.value
        ]
        out_ratings[mode.value] = {**rating.to_json(), "mu": rating.mu, "sigma": rating.sigma, "history": history}
    sums = [func.coalesce(func.sum(match_stats.c[f]), 0) for f in STAT_FIELDS]
    totals = store.rows(select(*sums).where(match_stats.c.player_id == pid))[0]
    matches = hub.history(pid)
    ranked = {c["table_id"]: c for c in changes}
    recent = []
    for m in matches[:RECENT]:
        change = ranked.get(m["table_id"])
        entry = {**m, "replay": f"/r/{m['table_id']}", "ranked": change["mode"] if change else None}
        if change:
            entry["delta"] = Rating(change["mu_after"], 0).display - Rating(change["mu_before"], 0).display
        recent.append(entry)
    return {
        "name": player["nickname"],
        "since": player["created_at"],
        "online": hub.online(pid),
        "ratings": out_ratings,
        "stats": {
            "matches": len(matches),
            "wins": sum(m["won"] for m in matches),
            **{f: int(v) for f, v in zip(STAT_FIELDS, totals.values(), strict=True)},
        },
        "recent": recent,
    }


def leaderboard(store: Store, mode: Mode, period: str, me: str | None) -> dict[str, Any]:
    """The top of a mode and the place of ``me`` (a player id), all time or over a period (blocking)."""
    seconds = PERIODS[period]
    if seconds is None:
        score = (ratings.c.mu - 3 * ratings.c.sigma).label("score")
        stmt = (
            select(players.c.id, players.c.nickname, ratings.c.mu, ratings.c.sigma, ratings.c.games, score)
            .join(accounts, accounts.c.player_id == ratings.c.player_id)
            .join(players, players.c.id == ratings.c.player_id)
            .where(ratings.c.mode == mode.value)
        )
    else:
        gain = func.sum(rating_changes.c.mu_after - rating_changes.c.mu_before).label("score")
        stmt = (
            select(players.c.id, players.c.nickname, func.count().label("games"), gain)
            .join(accounts, accounts.c.player_id == rating_changes.c.player_id)
            .join(players, players.c.id == rating_changes.c.player_id)
            .where(rating_changes.c.mode == mode.value, rating_changes.c.at >= time.time() - seconds)
            .group_by(players.c.id, players.c.nickname)
        )
    ordered = store.rows(stmt.order_by(stmt.selected_columns.score.desc(), players.c.nickname))

    def entry(place: int, r: Any) -> dict[str, Any]:
        out = {"place": place, "name": r["nickname"], "games": r["games"]}
        if seconds is None:
            out.update(Rating(r["mu"], r["sigma"], r["games"]).to_json())
        else:
            out["gain"] = round(SCALE * r["score"])
        return out

    top = [entry(i + 1, r) for i, r in enumerate(ordered[:TOP])]
    mine = next((entry(i + 1, r) for i, r in enumerate(ordered) if r["id"] == me), None)
    return {"mode": mode.value, "period": period, "players": len(ordered), "top": top, "me": mine}


# -- endpoints -------------------------------------------------------------------------


async def player_page(request: Request) -> Response:
    hub = hub_of(request)
    out = await hub.store.run(profile, hub, request.path_params["name"])
    if out is None:
        raise CommandError("not_found", "Não há conta com este nome.")
    return JSONResponse(out)


async def leaderboard_page(request: Request) -> Response:
    hub = hub_of(request)
    mode, period = request.path_params["mode"], request.query_params.get("period", "all")
    if mode not in Mode.__members__.values():
        raise CommandError("not_found", f"mode must be one of {', '.join(Mode)}")
    if period not in PERIODS:
        raise CommandError("bad_request", f"period must be one of {', '.join(PERIODS)}")
    token = token_of(request)
    me = await hub.player(token) if token and token.startswith(SESSION_PREFIX) else None
    out = await hub.store.run(leaderboard, hub.store, Mode(mode), period, me["id"] if me else None)
    return JSONResponse(out)


routes: list[BaseRoute] = [
    Route("/api/players/{name}", player_page),
    Route("/api/leaderboard/{mode}", leaderboard_page),
]
