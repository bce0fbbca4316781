"""Each table's deal secret: 256 bits from ``secrets``, as 64 hex digits.

The old 31-bit ``seed`` column stays for tables made before it (their ``deal_secret`` is null).

Revision ID: 0002_table_secret
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_table_secret"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("deal_secret", sa.String(64)))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deal_secret")
