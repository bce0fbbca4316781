"""Accounts, sessions, password resets, ratings per mode, match stats and follows.

Existing guests keep their ids and history: ``players.account`` is NULL for them.

Revision ID: 0005_accounts_ratings
Revises: 0004_token_expiry
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_accounts_ratings"
down_revision = "0004_token_expiry"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("account", sa.String(8)))
    op.create_table(
        "accounts",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("name_key", sa.String(200), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
    )
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("mode", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), nullable=False, index=True),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(16), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False, index=True),
        sa.UniqueConstraint("table_id", "player_id", name="uq_rating_changes_table_player"),
    )
    op.create_table(
        "match_stats",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("trucos_asked", sa.Integer, nullable=False),
        sa.Column("trucos_accepted", sa.Integer, nullable=False),
        sa.Column("trucos_won", sa.Integer, nullable=False),
        sa.Column("onze_played", sa.Integer, nullable=False),
        sa.Column("onze_fled", sa.Integer, nullable=False),
        sa.Column("onze_won", sa.Integer, nullable=False),
    )
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.String(32), primary_key=True),
        sa.Column("followee_id", sa.String(32), primary_key=True, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("follows", "match_stats", "rating_changes", "ratings", "password_resets", "sessions", "accounts"):
        op.drop_table(name)
    with op.batch_alter_table("players") as batch:
        batch.drop_column("account")
