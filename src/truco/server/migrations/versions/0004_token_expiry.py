"""Tokens that expire when idle and can be revoked: when a player was last seen, and the generation
of their tokens.

Revision ID: 0004_token_expiry
Revises: 0003_name_keys
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_token_expiry"
down_revision = "0003_name_keys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("last_seen", sa.Float))
        batch.add_column(sa.Column("token_generation", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("token_generation")
        batch.drop_column("last_seen")
