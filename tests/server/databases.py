"""Scratch PostgreSQL databases: one per test, dropped after it (the server at TRUCO_TEST_POSTGRES_URL is shared)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url


def admin_engine(url: str) -> Engine:
    """A connection to the server's ``postgres`` database, to create and drop others."""
    return create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")


@contextlib.contextmanager
def scratch_database(url: str) -> Iterator[str]:
    """The URL of a new, empty database on the server of ``url``."""
    name = f"truco_scratch_{uuid.uuid4().hex[:10]}"
    admin = admin_engine(url)
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def drop_database(url: str) -> None:
    """Drop the database of ``url`` now, closing its connections."""
    admin = admin_engine(url)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{make_url(url).database}" WITH (FORCE)'))
    admin.dispose()
