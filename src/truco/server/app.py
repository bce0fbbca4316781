"""The ASGI application: the lobby's HTTP API, the tables' WebSocket, the static client.

Every message shape is in ``docs/protocol.md``. This module only speaks the
protocol: it checks identities and message shapes, and hands everything that
changes a table to that table's actor (``truco.server.table``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from truco.bots import BOT_KINDS, DESCRIPTIONS, LEVELS
from truco.engine import OPTIONS, PROFILES
from truco.server import account_api, friends, profiles, ranked
from truco.server.config import Config
from truco.server.hub import Hub
from truco.server.identity import COOKIE, clean_nickname
from truco.server.signals import GESTURES
from truco.server.table import CommandError, Conn
from truco.server.text import TextError, check_strings

log = logging.getLogger("truco.server")

PLACEHOLDER = """<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Truco</title>
<body><h1>Truco Paulista</h1><p>O servidor está no ar, mas o cliente web não está instalado.
Veja <code>docs/protocol.md</code>.</p></body></html>"""

STATUS = {
    "bad_request": 400,
    "no_token": 401,
    "bad_token": 401,
    "banned": 403,
    "bad_invite": 403,
    "not_found": 404,
    "name_taken": 409,
    "seat_taken": 409,
    "table_full": 409,
    "not_waiting": 409,
    "not_over": 409,
    "not_seated": 403,
}


def error(code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=STATUS.get(code, 400))


async def not_found(request: Request, _exc: Exception) -> Response:
    """An unknown address: a JSON error for the API and the client's files, else the client's page with
    status 404 (the client shows its "page not found" screen, with a way back to the lobby)."""
    if request.url.path.startswith(("/api/", "/static/")):
        return error("not_found", "Endereço desconhecido.")
    page = request.app.state.hub.config.static_dir / "index.html"
    if page.is_file():
        return FileResponse(page, status_code=404, headers={"cache-control": "no-cache"})
    return HTMLResponse(PLACEHOLDER, status_code=404)


def create_app(config: Config | None = None) -> Starlette:
    """The server as an ASGI app; the hub starts (migrations, restored tables) in the lifespan."""
    config = config or Config()
    hub = Hub(config)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        # Full garbage collections over thousands of connections stall every table for
        # hundreds of milliseconds (0.6 s at 1,000 tables): keep what startup made out of them,
        # and collect the oldest generation rarely. Young collections stay small: each one walks
        # every live object of its generations, so a large first threshold (100,000) made each
        # of them a 50-150 ms stall; 700 x 4 keeps them under ~20 ms.
        gc.freeze()
        gc.set_threshold(700, 4, 10_000)
        yield
        await hub.stop()

    # -- helpers --------------------------------------------------------------

    def token_of(request: Request | WebSocket) -> str | None:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return auth[7:].strip()
        return request.cookies.get(COOKIE)

    async def body(request: Request) -> Any:
        raw = await request.body()
        if len(raw) > config.max_frame:
            raise CommandError("bad_request", "body too large")
        if not raw.strip():
            return None
        try:
            data = json.loads(raw)
        except ValueError:
            raise CommandError("bad_request", "the body is not valid JSON") from None
        try:
            check_strings(data, "body")
        except TextError as e:
            raise CommandError("bad_text", str(e)) from None
        return data

    async def who(request: Request) -> dict[str, Any]:
        token = token_of(request)
        if token is None:
            raise CommandError("no_token", "Escolha um apelido primeiro (POST /api/guest).")
        player = await hub.player(token)
        if player is None:
            raise CommandError("bad_token", "Identidade inválida: escolha um apelido de novo.")
        if await hub.banned(player["nickname"], "server"):
            raise CommandError("banned", "Este apelido foi banido do servidor.")
        return player

    async def table_for(request: Request, player: dict[str, Any] | None = None) -> Any:
        table = await hub.load(request.path_params["table_id"])
        if table is None:
            raise CommandError("not_found", "Mesa não encontrada.")
        invite = request.query_params.get("invite")
        seated = player is not None and table.seat_of(player["id"]) is not None
        if not table.public and not seated and invite != table.invite:
            raise CommandError("bad_invite", "Mesa privada: é preciso o link de convite.")
        return table

    def api(fn: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                return await fn(request)
            except CommandError as e:
                return error(e.code, str(e))

        return endpoint

    # -- HTTP API -----------------------------------------------------------------

    @api
    async def guest(request: Request) -> Response:
        data = await body(request)
        nickname = clean_nickname(data.get("nickname") if isinstance(data, dict) else None)
        if nickname is None:
            raise CommandError("bad_request", "nickname: de 1 a 20 caracteres, sem caracteres de controle")
        out = await hub.new_player(nickname)
        response = JSONResponse(out)
        response.set_cookie(COOKIE, out["token"], max_age=365 * 86400, httponly=True, samesite="lax")
        return response

    @api
    async def me(request: Request) -> Response:
        player = await who(request)
        held = [
            t.held(s) for t in hub.tables.values() if t.status != "over" and (s := t.seat_of(player["id"])) is not None
        ]
        account = player.get("account") == "account"
        out = {"player_id": player["id"], "nickname": player["nickname"], "account": account, "seats": held}
        return JSONResponse(out)

    async def options(_request: Request) -> Response:
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

    @api
    async def create(request: Request) -> Response:
        player = await who(request)
        return JSONResponse(await hub.create(player, await body(request)))

    @api
    async def quick(request: Request) -> Response:
        player = await who(request)
        data = await body(request) or {}
        if not isinstance(data, dict):
            raise CommandError("bad_request", "the body must be a JSON object")
        bot = {"type": "bot", **{k: data[k] for k in ("kind", "level") if k in data}}
        if "bot" in data:
            bot["kind"] = data["bot"]
        return JSONResponse(await hub.create(player, {"seats": [{"type": "me"}, bot, bot, bot]}))

    async def stats(_request: Request) -> Response:
        return JSONResponse(hub.stats.report(hub))

    async def lobby(_request: Request) -> Response:
        return JSONResponse({"tables": hub.lobby()})

    @api
    async def table_info(request: Request) -> Response:
        token = token_of(request)
        player = await hub.player(token) if token else None
        return JSONResponse((await table_for(request, player)).summary())

    @api
    async def join(request: Request) -> Response:
        player = await who(request)
        data = await body(request) or {}
        if not isinstance(data, dict):
            raise CommandError("bad_request", "the body must be a JSON object")
        table = await hub.load(request.path_params["table_id"])
        if table is None:
            raise CommandError("not_found", "Mesa não encontrada.")
        invite = data.get("invite", request.query_params.get("invite"))
        if not table.public and table.seat_of(player["id"]) is None and invite != table.invite:
            raise CommandError("bad_invite", "Mesa privada: é preciso o link de convite.")
        return JSONResponse(await hub.join(table, player, data.get("seat")))

    @api
    async def history(request: Request) -> Response:
        player = await who(request)
        return JSONResponse({"matches": await hub.store.run(hub.history, player["id"])})

    async def finished(request: Request) -> Any:
        token = token_of(request)
        player = await hub.player(token) if token else None
        table = await table_for(request, player)
        if table.status != "over":
            raise CommandError("not_over", "A partida ainda não terminou.")
        return table

    @api
    async def replay(request: Request) -> Response:
        table = await finished(request)
        seat = await replay_seat(request, table)
        summary, steps = await hub.store.run(hub.replay, table.id, seat)
        return JSONResponse({"table": summary, "steps": steps, "seat": seat})

    async def replay_seat(request: Request, table: Any) -> int | None:
        """``?as=seat``: the replay of the caller's own seat (their cards as they held them)."""
        if request.query_params.get("as") != "seat":
            return None
        held = table.seat_of((await who(request))["id"])
        if held is None:
            raise CommandError("not_seated", "Só quem jogou esta partida revê as próprias cartas.")
        return int(held.seat)

    @api
    async def record(request: Request) -> Response:
        table = await finished(request)
        rec = await hub.store.run(hub.record, table.id)
        headers = {"content-disposition": f'attachment; filename="truco-{table.id}.json"'}
        return JSONResponse(rec, headers=headers)

    # -- pages --------------------------------------------------------------------

    async def index(_request: Request) -> Response:
        page = config.static_dir / "index.html"
        if page.is_file():
            return FileResponse(page, headers={"cache-control": "no-cache"})
        return HTMLResponse(PLACEHOLDER)

    # -- WebSocket ------------------------------------------------------------------

    async def table_socket(ws: WebSocket) -> None:
        await ws.accept()
        closing: list[tuple[int, str]] = []
        conn = Conn(None, lambda code, reason: closing.append((code, reason)))
        writer = asyncio.create_task(write_frames(ws, conn, closing))
        table = None
        try:
            hello = await hello_of(ws, conn)
            if hello is not None:
                table = await attach(ws, conn, hello)
            if table is not None:
                await read_commands(ws, conn, table)
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None:
                table.post("detach", conn)
            if not conn.closed:
                conn.closed = True
                conn.out.put_nowait(None)
            await writer

    async def write_frames(ws: WebSocket, conn: Conn, closing: list[tuple[int, str]]) -> None:
        with contextlib.suppress(Exception):
            while (text := await conn.out.get()) is not None:
                try:
                    await ws.send_text(text)
                except UnicodeEncodeError:
                    # never from clean input; this connection alone ends, the table goes on
                    log.error("a frame of %d characters is not valid Unicode: connection closed (1011)", len(text))
                    conn.close(1011, "frame not encodable")
                    break
            code, reason = closing[0] if closing else (1000, "")
            await ws.close(code, reason)

    async def receive(ws: WebSocket) -> str | None:
        """The next text frame, or None for a binary one."""
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        return message.get("text")

    def parse(conn: Conn, text: str | None) -> dict[str, Any] | None:
        try:
            msg = json.loads(text) if text is not None else None
        except ValueError:
            msg = None
        if not isinstance(msg, dict):
            conn.error(None, "bad_json", "Each frame must be a JSON object.")
            return None
        try:
            check_strings(msg)
        except TextError as e:
            conn.error(None, "bad_text", str(e))
            return None
        if not isinstance(msg.get("type"), str):
            conn.error(msg.get("id"), "bad_message", 'missing "type"')
            return None
        return msg

    async def hello_of(ws: WebSocket, conn: Conn) -> dict[str, Any] | None:
        try:
            text = await asyncio.wait_for(receive(ws), timeout=10)
        except TimeoutError:
            conn.error(None, "hello_first", "Send hello first.")
            conn.close(4001, "no hello")
            return None
        msg = parse(conn, text)
        if msg is not None and msg["type"] != "hello":
            conn.error(msg.get("id"), "hello_first", "The first message must be hello.")
            msg = None
        if msg is None:
            conn.close(4001, "no hello")
        return msg

    async def attach(ws: WebSocket, conn: Conn, hello: dict[str, Any]) -> Any:
        table = await hub.load(ws.path_params["table_id"])
        if table is None:
            conn.error(None, "not_found", "Mesa não encontrada.")
            conn.close(4004, "no such table")
            return None
        token = hello.get("token") or token_of(ws)
        player = await hub.player(token) if token else None
        if token and player is None:
            conn.error(None, "bad_token", "Identidade inválida.")
            conn.close(4001, "bad token")
            return None
        if player is not None and await hub.banned(player["nickname"], "server"):
            conn.error(None, "banned", "Este apelido foi banido do servidor.")
            conn.close(4003, "banned")
            return None
        conn.player_id = player["id"] if player else None
        table.post("attach", conn, hello.get("seat_secret"), hello.get("last_version"), hello.get("invite"))
        return table

    async def read_commands(ws: WebSocket, conn: Conn, table: Any) -> None:
        tokens, last = float(config.frame_burst), time.monotonic()
        while not conn.closed:
            text = await receive(ws)
            now = time.monotonic()
            tokens = min(float(config.frame_burst), tokens + (now - last) * config.frame_rate)
            last = now
            if tokens < 1:
                conn.error(None, "flood", "Mensagens demais: conexão encerrada.")
                conn.close(1008, "flood")
                return
            tokens -= 1
            msg = parse(conn, text)
            if msg is None:
                continue
            cid = msg.get("id")
            if msg["type"] == "hello":
                conn.error(cid, "already_hello", "hello was already sent")
            elif msg["type"] == "ping":
                conn.send_json({"type": "pong", "id": cid, "server_time": time.time()})
            elif not ((type(cid) is int) or (isinstance(cid, str) and 1 <= len(cid) <= 64)):
                conn.error(None, "bad_message", "every command needs an id: a string of 1..64 characters or an integer")
            else:
                table.post("cmd", conn, msg, now)

    routes = [
        Route("/", index),
        Route("/t/{table_id}", index),
        Route("/r/{table_id}", index),
        Route("/regras", index),
        Route("/reset", index),
        Route("/u/{name}", index),
        Route("/leaderboard", index),
        Route("/account", index),
        Route("/ranked", index),
        *account_api.routes,
        *ranked.routes,
        *profiles.routes,
        *friends.routes,
        Route("/api/guest", guest, methods=["POST"]),
        Route("/api/me", me),
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
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
    ]
    if config.static_dir.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=config.static_dir), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found})
    app.state.hub = hub
    return app


def serve(config: Config, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Run the server until interrupted."""
    import uvicorn

    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        ws_max_size=config.max_frame,
        ws_per_message_deflate=False,
        log_level=log_level,
        timeout_graceful_shutdown=3,
        # people arrive in bursts (a restart reconnects everyone at once)
        backlog=4096,
    )
