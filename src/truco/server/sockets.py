"""The tables' WebSocket (docs/protocol.md, "WebSocket"): hello, then commands.

The endpoint checks identities and message shapes and hands everything that
changes a table to that table's actor as typed messages (``truco.server.messages``).
Frames go out through the connection's own writer task (``Conn``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from truco.server.accounts import SESSION_PREFIX, digest
from truco.server.conn import Conn, Credential
from truco.server.edge import MAX_DEPTH, hub_of, limit, origin_allowed, parse_json, token_of
from truco.server.errors import CommandError
from truco.server.messages import Attach, Command, Detach
from truco.server.relay import RemoteTable
from truco.server.table import Table
from truco.server.text import TextError, check_strings

log = logging.getLogger("truco.server")

#: the errors after which a connection looks for its table again: the table moved or is moving
AGAIN = ("table_gone", "table_moving", "table_elsewhere")
#: how often, when the table may be run by another process (each after a growing pause: 5.5 s in all)
RELAY_TRIES = 10


async def table_socket(ws: WebSocket) -> None:
    await ws.accept()
    closing: list[tuple[int, str]] = []
    conn = Conn(None, lambda code, reason: closing.append((code, reason)))
    reader = asyncio.current_task()
    reading = True

    def drop() -> None:
        """The writer gave up: stop reading too (unless this handler is already leaving)."""
        if reading and reader is not None:
            reader.cancel()

    writer = asyncio.create_task(write_frames(ws, conn, closing, drop))
    table = None
    try:
        if not origin_allowed(ws):
            conn.error(None, "bad_origin", "Esta página não pode abrir mesas deste servidor.")
            conn.close(4003, "bad origin")
            return
        limit(ws, "connect")
        hello = await hello_of(ws, conn)
        if hello is not None:
            table = await attach(ws, conn, hello)
        if table is not None:
            await read_commands(ws, conn, table)
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not conn.stalled:  # the server stops
            raise
    except CommandError as e:  # a rate limit
        conn.error(None, e.code, str(e))
        conn.close(1008, e.code)
    except Exception:
        log.exception("WebSocket of table %s failed", ws.path_params.get("table_id"))
        conn.close(1011, "internal error")
    finally:
        reading = False
        if table is not None:
            table.post(Detach(conn))
        if not conn.closed:
            conn.closed = True
            conn.out.put_nowait(None)
        await writer


async def write_frames(ws: WebSocket, conn: Conn, closing: list[tuple[int, str]], drop: Callable[[], None]) -> None:
    """Write the connection's frames in order, then its close. A frame not written within
    ``Config.write_timeout`` (a client that stopped reading) or a socket that cannot be
    written drops the connection at once: nothing more is queued for it, and its reader
    stops (``drop``), so its table hears that it left."""
    timeout = hub_of(ws).config.write_timeout
    table_id = ws.path_params.get("table_id")
    try:
        while (text := await conn.out.get()) is not None:
            try:
                async with asyncio.timeout(timeout):
                    await ws.send_text(text)
            except UnicodeEncodeError:
                # never from clean input; this connection alone ends, the table goes on
                log.error("a frame of %d characters is not valid Unicode: connection closed (1011)", len(text))
                conn.close(1011, "frame not encodable")
                break
    except TimeoutError:
        log.warning("WebSocket of table %s: the client stopped reading; dropped", table_id)
        conn.dead()
        drop()
        return
    except Exception as e:
        log.info("WebSocket of table %s: cannot write (%s): the client is gone", table_id, type(e).__name__)
        conn.dead()
        drop()
        return
    code, reason = closing[0] if closing else (1000, "")
    try:
        async with asyncio.timeout(timeout):
            await ws.close(code, reason)
    except Exception:  # the client left first (the usual way out), or stopped reading
        conn.dead()
        drop()


async def receive(ws: WebSocket) -> str | None:
    """The next text frame, or None for a binary one."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text


def parse(conn: Conn, text: str | None) -> dict[str, Any] | None:
    try:
        msg = parse_json(text) if text is not None else None
    except ValueError:
        msg = None
    if not isinstance(msg, dict):
        conn.error(None, "bad_json", f"Each frame must be a JSON object, nested at most {MAX_DEPTH} levels.")
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


async def attach(ws: WebSocket, conn: Conn, hello: dict[str, Any]) -> Table | RemoteTable | None:
    """Identify the connection and attach it to its table; None (the connection closed) when refused."""
    hub = hub_of(ws)
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
    if player is not None and isinstance(token, str):
        session = digest(token) if token.startswith(SESSION_PREFIX) else None
        generation = None if session else player["token_generation"]
        conn.player_id, conn.credential = player["id"], Credential(player["id"], generation, session)
    table_id = ws.path_params["table_id"]
    tries = RELAY_TRIES if hub.relay is not None else 3
    last = CommandError("table_gone", "A mesa foi recarregada: conecte de novo.")
    for attempt in range(tries):  # a table forgotten, reloaded or moved meanwhile is found again
        try:
            table = await (hub.relay.locate(table_id, conn) if hub.relay is not None else hub.load(table_id))
            if table is None:
                conn.error(None, "not_found", "Mesa não encontrada.")
                conn.close(4004, "no such table")
                return None
            msg = Attach(conn, hello.get("seat_secret"), hello.get("last_version"), hello.get("invite"))
            table.post(msg)
            return table if await msg.future else None
        except CommandError as e:
            if e.code not in (AGAIN if hub.relay is not None else ("table_gone",)):
                conn.error(None, e.code, str(e))
                conn.close(1008 if e.code == "table_elsewhere" else 1011, e.code)
                return None
            last = e
        if hub.relay is not None:
            await asyncio.sleep(0.1 * (attempt + 1))  # the table is changing hands
    if hub.relay is not None:
        conn.error(None, last.code, str(last))
        conn.close(1013, last.code)  # try again later
    else:
        conn.close(1011, "table_gone")
    return None


async def read_commands(ws: WebSocket, conn: Conn, table: Table | RemoteTable) -> None:
    config = hub_of(ws).config
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
            table.post(Command(conn, msg, now))


routes: list[BaseRoute] = [WebSocketRoute("/ws/tables/{table_id}", table_socket)]
