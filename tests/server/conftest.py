"""Fixtures: real servers on loopback ports (see ``helpers.py``)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from tests.server.helpers import Server

from truco.server.store import Store, metadata

#: every test client comes from one address: only the tests of the limits themselves are limited
UNLIMITED = ("--rate-limits", json.dumps({k: [10**6, 10**6] for k in ("guest", "table", "join", "connect", "replay")}))


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers on fresh SQLite files (or a given URL); all are stopped after the test."""
    started: list[Server] = []

    def make(*args: str, db_url: str | None = None, port: int | None = None) -> Server:
        url = db_url or f"sqlite:///{tmp_path / f'truco{len(started)}.sqlite3'}"
        server = Server(url, *UNLIMITED, *args, port=port).start()
        started.append(server)
        return server

    yield make
    for s in started:
        s.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One shared server for a test module: fast bots, one second of absence."""
    db = tmp_path_factory.mktemp("db") / "truco.sqlite3"
    s = Server(f"sqlite:///{db}", *UNLIMITED, "--bot-pause", "0.01", "--absence", "1").start()
    yield s
    s.stop()


@pytest.fixture
def postgres_url() -> str:
    url = os.environ.get("TRUCO_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("TRUCO_TEST_POSTGRES_URL is not set")
    return url


@pytest.fixture
def fresh_postgres(postgres_url: str) -> str:
    """The PostgreSQL database emptied: no table, no migration applied."""
    store = Store(postgres_url)
    with store.engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    store.engine.dispose()
    return postgres_url
