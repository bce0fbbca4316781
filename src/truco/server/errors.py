"""Errors that reach a client, and the app-level handlers that turn every HTTP error into JSON.

Every HTTP error has the body ``{"error": {"code": ..., "message": ...}}`` (docs/protocol.md).

>>> CommandError("not_found", "Mesa não encontrada.").status
404
>>> CommandError("whatever", "x").status
400
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from truco.server.store import StorageError

log = logging.getLogger("truco.server")

#: the HTTP status of each error code (400 when not listed)
STATUS = {
    "bad_request": 400,
    "bad_json": 400,
    "no_token": 401,
    "bad_token": 401,
    "banned": 403,
    "bad_invite": 403,
    "bad_origin": 403,
    "not_seated": 403,
    "not_signed_in": 401,
    "bad_password": 401,
    "not_found": 404,
    "method_not_allowed": 405,
    "seat_taken": 409,
    "table_full": 409,
    "not_waiting": 409,
    "not_over": 409,
    "name_taken": 409,
    "already_queued": 409,
    "already_playing": 409,
    "reset_invalid": 410,
    "too_large": 413,
    "rate_limited": 429,
    "internal": 500,
    "storage_failure": 503,
    "table_gone": 503,
    "table_elsewhere": 503,
    "table_moving": 503,
    "relay_timeout": 504,
}

HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}

STORAGE_MESSAGE = "O servidor não conseguiu guardar a jogada; nada mudou. Tente de novo em instantes."


class CommandError(Exception):
    """A request or command refused: ``code`` and a message for the player. Nothing changed."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.extra = extra

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)


def storage_failure() -> CommandError:
    return CommandError("storage_failure", STORAGE_MESSAGE)


def error_response(code: str, message: str, status: int | None = None, **extra: Any) -> JSONResponse:
    body = {"error": {"code": code, "message": message, **extra}}
    headers = {"retry-after": str(extra["retry_after"])} if "retry_after" in extra else None
    return JSONResponse(body, status_code=status or STATUS.get(code, 400), headers=headers)


async def on_command_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, CommandError)
    return error_response(exc.code, str(exc), exc.status, **exc.extra)


async def on_http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = HTTP_CODES.get(exc.status_code, "bad_request" if exc.status_code < 500 else "internal")
    return error_response(code, str(exc.detail), exc.status_code)


async def on_storage_error(request: Request, exc: Exception) -> Response:
    log.error("%s %s: storage failure: %s", request.method, request.url.path, exc)
    return error_response("storage_failure", STORAGE_MESSAGE)


async def on_server_error(request: Request, exc: Exception) -> Response:
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return error_response("internal", "Erro interno do servidor.", 500)


HANDLERS: dict[Any, Any] = {
    CommandError: on_command_error,
    HTTPException: on_http_error,
    StorageError: on_storage_error,
    Exception: on_server_error,
}
