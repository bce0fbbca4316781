"""The web client's pages (the static client of ``truco.web``, or a placeholder without it)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.edge import hub_of
from truco.server.errors import error_response

PLACEHOLDER = """<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Truco</title>
<body><h1>Truco Paulista</h1><p>O servidor está no ar, mas o cliente web não está instalado.
Veja <code>docs/protocol.md</code>.</p></body></html>"""


async def index(request: Request) -> Response:
    page = hub_of(request).config.static_dir / "index.html"
    if page.is_file():
        return FileResponse(page, headers={"cache-control": "no-cache"})
    return HTMLResponse(PLACEHOLDER)


async def not_found(request: Request, _exc: Exception) -> Response:
    """An unknown address: a JSON error for the API and the client's files, else the client's page with
    status 404 (the client shows its "page not found" screen, with a way back to the lobby)."""
    if request.url.path.startswith(("/api/", "/static/")):
        return error_response("not_found", "Endereço desconhecido.")
    page = hub_of(request).config.static_dir / "index.html"
    if page.is_file():
        return FileResponse(page, status_code=404, headers={"cache-control": "no-cache"})
    return HTMLResponse(PLACEHOLDER, status_code=404)


routes: list[BaseRoute] = [
    Route("/", index),
    Route("/regras", index),
    Route("/t/{table_id}", index),
    Route("/r/{table_id}", index),
    Route("/u/{name}", index),
    Route("/account", index),
    Route("/reset", index),
    Route("/ranked", index),
    Route("/leaderboard", index),
]
