"""Nickname keys in every script (truco.server.names): wider keys, recomputed; bans keep the name typed.

The keys of revision 0001 kept only ASCII letters, so every name in another script had the
empty key: bans with the empty key (which banned all of those names) are removed.

Revision ID: 0003_name_keys
Revises: 0002_table_secret
"""

import sqlalchemy as sa
from alembic import op

from truco.server.names import name_key

revision = "0003_name_keys"
down_revision = "0002_table_secret"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.alter_column("nickname_key", type_=sa.String(200), existing_type=sa.String(40), existing_nullable=False)
    with op.batch_alter_table("bans") as batch:
        batch.alter_column("nickname_key", type_=sa.String(200), existing_type=sa.String(40), existing_nullable=False)
        batch.add_column(sa.Column("nickname", sa.String(40)))
    conn = op.get_bind()
    players = sa.table(
        "players", sa.column("id", sa.String), sa.column("nickname", sa.String), sa.column("nickname_key", sa.String)
    )
    for pid, nickname in conn.execute(sa.select(players.c.id, players.c.nickname)).all():
        conn.execute(players.update().where(players.c.id == pid).values(nickname_key=name_key(nickname)))
    bans = sa.table("bans", sa.column("id", sa.Integer), sa.column("nickname_key", sa.String))
    conn.execute(bans.delete().where(bans.c.nickname_key == ""))
    for bid, old in conn.execute(sa.select(bans.c.id, bans.c.nickname_key)).all():
        # an old key is the ASCII folding of the name: its new key is the one of that folding
        conn.execute(bans.update().where(bans.c.id == bid).values(nickname_key=name_key(old)))


def downgrade() -> None:
    with op.batch_alter_table("bans") as batch:
        batch.drop_column("nickname")
