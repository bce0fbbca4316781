"""Table leases: which process runs each table when several share a PostgreSQL database, and the
epoch that fences off the appends of a stale one.

Revision ID: 0006_table_leases
Revises: 0005_accounts_ratings
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_table_leases"
down_revision = "0005_accounts_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_leases")
