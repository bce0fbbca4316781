"""The web client's pages (the static client of ``truco.web``, or a placeholder without it)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from truco.server.edge import hub_of

PLACEHOLDER = """<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Truco</title>
<body><h1>Truco Paulista</h1><p>O servidor está no ar, mas o cliente web não está instalado.
Veja <code>docs/protocol.md</code>.</p></body></html>"""


async def index(request: Request) -> Response:
    page = hub_of(request).config.static_dir / "index.html"
    if page.is_file():
        return FileResponse(page, headers={"cache-control": "no-cache"})
    return HTMLResponse(PLACEHOLDER)


routes: list[BaseRoute] = [
    Route("/", index),
    Route("/t/{table_id}", index),
    Route("/r/{table_id}", index),
]
