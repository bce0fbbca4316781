"""``truco admin``: read abuse reports and ban nicknames, straight from the database.

A running server sees a ban at the player's next chat line or connection.

>>> store = Store("sqlite://"); store.migrate()
>>> ban(store, "Zé", "chat")
True
>>> ban(store, "ZE", "chat"), list_bans(store)
(False, [{'nickname': 'Zé', 'nickname_key': 'ze', 'scope': 'chat'}])
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import delete, select

from truco.server.accounts import RESET_TTL, Accounts
from truco.server.names import name_key
from truco.server.store import Store, bans, reports

SCOPES = ("chat", "server")


def list_reports(store: Store) -> list[dict[str, Any]]:
    """Every report, oldest first, with the chat messages concerned."""
    rows = store.rows(select(reports).order_by(reports.c.id))
    return [{**r, "messages": json.loads(r["messages"])} for r in rows]


def ban(store: Store, nickname: str, scope: str) -> bool:
    """Ban ``nickname`` and every name that reads alike (``truco.server.names``) from chat or the server;
    False if already banned."""
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}")
    key = name_key(nickname)
    if store.scalar(select(bans.c.id).where(bans.c.nickname_key == key, bans.c.scope == scope)) is not None:
        return False
    store.write([("bans", {"nickname": nickname, "nickname_key": key, "scope": scope, "created_at": time.time()})])
    return True


def unban(store: Store, nickname: str, scope: str) -> bool:
    with store.engine.begin() as conn:
        result = conn.execute(delete(bans).where(bans.c.nickname_key == name_key(nickname), bans.c.scope == scope))
        return result.rowcount > 0


def list_bans(store: Store) -> list[dict[str, Any]]:
    return [dict(r) for r in store.rows(select(bans.c.nickname, bans.c.nickname_key, bans.c.scope).order_by(bans.c.id))]


def reset_link(store: Store, name: str, base_url: str, ttl: float = RESET_TTL) -> str:
    """A one-time link that sets a new password for ``name``'s account, valid for ``ttl`` seconds.
    Raises ``CommandError`` when there is no such account."""
    token = Accounts(store).reset_token(name, ttl)
    return f"{base_url.rstrip('/')}/reset#{token}"
