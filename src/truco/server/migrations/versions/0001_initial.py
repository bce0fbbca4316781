"""The first schema: players, tables, seats, the event log, reports, bans, settings.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(40), nullable=False),
        sa.Column("nickname_key", sa.String(40), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("invite", sa.String(32), nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(10), nullable=False, index=True),
        sa.Column("finished_at", sa.Float),
        sa.Column("winner", sa.Integer),
        sa.Column("score", sa.String(10)),
        sa.Column("rematch_of", sa.String(16)),
        sa.Column("rematch_id", sa.String(16)),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("player_id", sa.String(32), index=True),
        sa.Column("nickname", sa.String(40)),
        sa.Column("secret", sa.String(64)),
        sa.Column("bot_kind", sa.String(20)),
        sa.Column("bot_level", sa.String(20)),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("reporter_id", sa.String(32), nullable=False),
        sa.Column("reporter_nickname", sa.String(40), nullable=False),
        sa.Column("target_id", sa.String(32)),
        sa.Column("target_nickname", sa.String(40)),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("messages", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "bans",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("nickname_key", sa.String(40), nullable=False),
        sa.Column("scope", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("nickname_key", "scope", name="uq_bans_nickname_scope"),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("settings", "bans", "reports", "events", "seats", "tables", "players"):
        op.drop_table(name)
