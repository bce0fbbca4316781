"""Alembic environment: the server passes its open connection in ``config.attributes``."""

from alembic import context
from sqlalchemy import create_engine

from truco.server.store import metadata

connection = context.config.attributes.get("connection")


def run(conn: object) -> None:
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    run(connection)
else:
    with create_engine(context.config.get_main_option("sqlalchemy.url")).begin() as conn:
        run(conn)
