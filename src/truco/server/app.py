"""The ASGI application: the lobby's HTTP API, the tables' WebSocket, the static client.

Every message shape is in ``docs/protocol.md``. The endpoints live in their own
modules, each exposing its ``routes``; adding a module is adding it to ``ENDPOINTS``.
Every HTTP error is answered as JSON by the app-level handlers of ``truco.server.errors``.
"""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from types import ModuleType

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from truco.server import account_api, api, friends, ops, pages, profiles, ranked_api, sockets
from truco.server.config import Config
from truco.server.errors import HANDLERS
from truco.server.hub import Hub
from truco.server.limits import RedactInvites

#: the modules of endpoints, each with its ``routes``
ENDPOINTS: tuple[ModuleType, ...] = (pages, api, account_api, ranked_api, profiles, friends, sockets, ops)


def create_app(config: Config | None = None) -> Starlette:
    """The server as an ASGI app; the hub starts (migrations, restored tables) in the lifespan."""
    config = config or Config()
    hub = Hub(config)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        logging.getLogger("uvicorn.access").addFilter(RedactInvites())
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

    routes: list[BaseRoute] = [route for module in ENDPOINTS for route in module.routes]
    if config.static_dir.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=config.static_dir), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={**HANDLERS, 404: pages.not_found})
    app.state.hub = hub
    return app


def serve(
    config: Config, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info", json_logs: bool = False
) -> None:
    """Run the server until interrupted; with ``json_logs``, every log line is a JSON object."""
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    from truco.server.ops import json_log_config

    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        ws_max_size=config.max_frame,
        ws_per_message_deflate=False,
        log_level=log_level,
        log_config=json_log_config(log_level) if json_logs else LOGGING_CONFIG,
        timeout_graceful_shutdown=3,
        # people arrive in bursts (a restart reconnects everyone at once)
        backlog=4096,
    )
