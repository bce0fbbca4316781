"""What operators and orchestrators ask of a server (see ``docs/deploy.md``).

- ``GET /healthz``: the process is alive and its event loop answers (200).
- ``GET /readyz``: it takes tables: started, not stopping, and its database (and, on a site of many
  processes, its Redis) answers within ``READY_TIMEOUT`` seconds (200); otherwise 503 with the reason.
- ``GET /metrics``: Prometheus' text format (``truco.server.metrics``).

``JsonFormatter`` writes one JSON object per log line (``truco serve --log-format json``).

>>> import logging
>>> record = logging.LogRecord("truco.server", logging.WARNING, "x.py", 1, "table %s lost", ("ab12",), None)
>>> json.loads(JsonFormatter().format(record))["message"]
'table ab12 lost'
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.edge import hub_of
from truco.server.metrics import CONTENT_TYPE

#: seconds the database has to answer a readiness probe
READY_TIMEOUT = 2.0


async def healthz(_request: Request) -> Response:
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    hub = hub_of(request)
    if not hub.accepting:
        return JSONResponse({"status": "not_ready", "reason": "stopping"}, status_code=503)
    try:
        await asyncio.wait_for(hub.store.quick(hub.store.scalar, text("SELECT 1")), READY_TIMEOUT)
    except Exception as e:  # any failure to answer means: send no one here
        reason = f"database: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
        return JSONResponse({"status": "not_ready", "reason": reason}, status_code=503)
    if hub.relay is not None:
        try:
            await asyncio.wait_for(hub.relay.redis.ping(), READY_TIMEOUT)
        except Exception as e:  # without Redis, this process cannot reach the other processes' tables
            reason = f"redis: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
            return JSONResponse({"status": "not_ready", "reason": reason}, status_code=503)
    return JSONResponse({"status": "ready"})


async def metrics(request: Request) -> Response:
    return Response(hub_of(request).metrics.exposition(), media_type=CONTENT_TYPE)


routes: list[BaseRoute] = [
    Route("/healthz", healthz),
    Route("/readyz", readyz),
    Route("/metrics", metrics),
]


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON: time, level, logger, message (and the exception, if any)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def json_log_config(level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for uvicorn's and the server's loggers, every line JSON on stderr."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"stderr": handler},
        "root": {"handlers": ["stderr"], "level": level.upper()},
        "loggers": {
            name: {"handlers": [], "level": level.upper(), "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
    }
