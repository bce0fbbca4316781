"""``truco admin``: read abuse reports, ban nicknames and revoke tokens, straight from the database.

A running server sees a ban at the player's next chat line or connection, and a
revocation at the player's next request or connection (it reads the player each time).

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

from sqlalchemy import delete, select, update

from truco.server.accounts import RESET_TTL, Accounts
from truco.server.names import name_key
from truco.server.store import Store, bans, players, reports, sessions

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


def revoke(store: Store, who: str) -> list[dict[str, Any]]:
    """Revoke every token of a player: its guest tokens (its token generation goes up, as at
    ``POST /api/logout``) and its account's sessions. ``who`` is a player id (as in the reports),
    or else a nickname: every player whose name reads alike (``truco.server.names``). Returns the
    players revoked (id, nickname, sessions ended); none when nobody matches.

    >>> store = Store("sqlite://"); store.migrate()
    >>> store.write([("players", {"id": "p1", "nickname": "Zé", "nickname_key": "ze", "created_at": 0.0})])
    >>> revoke(store, "ZE"), revoke(store, "p1")[0]["id"], revoke(store, "nobody")
    ([{'id': 'p1', 'nickname': 'Zé', 'sessions': 0}], 'p1', [])
    """
    with store.engine.begin() as conn:
        found = conn.execute(select(players.c.id, players.c.nickname).where(players.c.id == who)).all()
        if not found:
            alike = players.c.nickname_key == name_key(who)
            found = conn.execute(select(players.c.id, players.c.nickname).where(alike)).all()
        out = []
        for pid, nickname in found:
            bump = update(players).where(players.c.id == pid)
            conn.execute(bump.values(token_generation=players.c.token_generation + 1))
            ended = conn.execute(delete(sessions).where(sessions.c.player_id == pid)).rowcount
            out.append({"id": pid, "nickname": nickname, "sessions": ended})
        return out
