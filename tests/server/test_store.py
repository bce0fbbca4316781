"""The database: migrations match the schema, the event log refuses a version twice."""

from __future__ import annotations

import asyncio

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from truco.server.store import StorageError, Store, event_row, metadata


def test_the_migrations_build_exactly_the_schema(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    store.migrate()
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []


def test_a_version_is_stored_once(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    store.migrate()

    async def body():
        store.start()
        await asyncio.gather(*(store.append([event_row("t", seq, "chat", {"n": seq})]) for seq in range(1, 51)))
        with pytest.raises(StorageError) as refused:
            await store.append([event_row("t", 7, "chat", {"again": True})])
        assert isinstance(refused.value.__cause__, IntegrityError)
        await store.append([event_row("t", 51, "chat", {})])
        await store.stop()

    asyncio.run(body())
    assert [r["seq"] for r in store.rows(metadata.tables["events"].select())] == list(range(1, 52))
