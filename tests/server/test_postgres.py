"""The same server on a real PostgreSQL (CI exports TRUCO_TEST_POSTGRES_URL; skipped without it)."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from tests.server.helpers import run
from tests.server.test_durability import kill_and_restore

from truco.server.store import Store, metadata

pytestmark = pytest.mark.postgres


@pytest.fixture
def fresh_postgres(postgres_url: str) -> str:
    store = Store(postgres_url)
    with store.engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    store.engine.dispose()
    return postgres_url


def test_postgres_keeps_every_table_across_a_sigkill(make_server, fresh_postgres):
    run(kill_and_restore(make_server, db_url=fresh_postgres))
