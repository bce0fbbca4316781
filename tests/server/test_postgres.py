"""The same server on a real PostgreSQL (CI exports TRUCO_TEST_POSTGRES_URL; skipped without it)."""

from __future__ import annotations

import pytest
from tests.server.helpers import run
from tests.server.test_durability import kill_and_restore

pytestmark = pytest.mark.postgres


def test_postgres_keeps_every_table_across_a_sigkill(make_server, fresh_postgres):
    run(kill_and_restore(make_server, db_url=fresh_postgres))
