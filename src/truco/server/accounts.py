"""Accounts: claimed names, Argon2id passwords, server-side sessions, one-time reset links.

A guest claims a name with a password and keeps its player id, so its history
stays. A session is a random token sent as an HttpOnly cookie; the database
keeps only its SHA-256, so a stolen database opens no session. Logging out
deletes the row: the token is dead at once, on every endpoint and socket.

>>> t = Throttle(free=2, delay=1.0, cap=8.0)
>>> [t.fail("k", now=0.0) for _ in range(4)]
[0.0, 0.0, 1.0, 2.0]
>>> t.wait("k", now=1.5), t.wait("k", now=2.5)
(0.5, 0.0)
>>> t.succeed("k"); t.wait("k", now=2.5)
0.0
>>> [t.fail("k", now=0.0) for _ in range(3)], t.fail("k", now=7200.0)
([0.0, 0.0, 1.0], 0.0)
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select, update

from truco.server.errors import CommandError
from truco.server.identity import clean_nickname, new_id
from truco.server.names import name_key
from truco.server.store import (
    Store,
    accounts,
    follows,
    password_resets,
    players,
    ratings,
    seats,
    sessions,
)

SESSION_PREFIX = "s."
PASSWORD_MIN, PASSWORD_MAX = 8, 200
#: failing keys a throttle keeps before it forgets the stale ones
MAX_KEYS = 100_000
#: how long a reset link printed by ``truco admin reset-password`` stays valid, by default
RESET_TTL = 3600.0

#: Argon2id with argon2-cffi's defaults (RFC 9106's low-memory profile: t=3, 64 MiB, p=4)
HASHER = PasswordHasher()
#: verified when a name is unknown, so that a wrong name costs as long as a wrong password
_DUMMY_HASH = HASHER.hash(secrets.token_urlsafe(16))


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_password(raw: object) -> str:
    if not isinstance(raw, str) or not PASSWORD_MIN <= len(raw) <= PASSWORD_MAX:
        raise CommandError("bad_request", f"password: de {PASSWORD_MIN} a {PASSWORD_MAX} caracteres")
    return raw


def check_name(raw: object) -> str:
    name = clean_nickname(raw)
    if name is None:
        raise CommandError("bad_request", "name: de 1 a 20 caracteres, sem caracteres de controle")
    return name


@dataclass
class Throttle:
    """Growing delays after failures, per key (a name, a client address).

    The first ``free`` failures cost nothing; each one after that locks the key
    for ``delay`` seconds, doubled at every further failure up to ``cap``.
    A success forgets the key, and so does ``forget`` seconds without a failure
    (the table never grows past the keys that failed lately). Pure: the clock is passed in."""

    free: int
    delay: float
    cap: float
    forget: float = 3600.0
    #: key -> (failures, when the last one was)
    _failures: dict[str, tuple[int, float]] = field(default_factory=dict)
    _until: dict[str, float] = field(default_factory=dict)

    def wait(self, key: str, now: float) -> float:
        """Seconds before ``key`` may try again (0 when it may now)."""
        return max(0.0, self._until.get(key, 0.0) - now)

    def fail(self, key: str, now: float) -> float:
        """Count a failure; return the lock it causes in seconds."""
        n, last = self._failures.get(key, (0, now))
        n = 1 if now - last > self.forget else n + 1
        self._failures[key] = (n, now)
        if len(self._failures) > 2 * MAX_KEYS:
            self._prune(now)
        if n <= self.free:
            return 0.0
        lock = min(self.cap, self.delay * 2.0 ** (n - self.free - 1))
        self._until[key] = now + lock
        return lock

    def succeed(self, key: str) -> None:
        self._failures.pop(key, None)
        self._until.pop(key, None)

    def _prune(self, now: float) -> None:
        for key, (_, last) in list(self._failures.items()):
            if now - last > self.forget:
                self.succeed(key)


class Accounts:
    """Account operations on the store. Every method blocks (run them through ``Store.run``);
    each raises ``CommandError`` for anything the caller must refuse."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- sessions ---------------------------------------------------------------

    def _new_session(self, conn: Any, player_id: str, agent: str) -> str:
        token = SESSION_PREFIX + secrets.token_urlsafe(32)
        row = {"token_hash": digest(token), "player_id": player_id, "created_at": time.time(), "agent": agent[:200]}
        conn.execute(sessions.insert().values(**row))
        return token

    def player_of_session(self, token: str) -> dict[str, Any] | None:
        """The player a live session token names, or None."""
        stmt = select(players).join(sessions, sessions.c.player_id == players.c.id)
        found = self.store.rows(stmt.where(sessions.c.token_hash == digest(token)))
        return dict(found[0]) if found else None

    def logout(self, token: str) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == digest(token)))

    def logout_all(self, player_id: str) -> int:
        with self.store.engine.begin() as conn:
            return conn.execute(delete(sessions).where(sessions.c.player_id == player_id)).rowcount

    def list_sessions(self, player_id: str, token: str) -> list[dict[str, Any]]:
        mine = digest(token)
        stmt = select(sessions).where(sessions.c.player_id == player_id).order_by(sessions.c.created_at)
        return [
            {"created_at": r["created_at"], "agent": r["agent"], "current": r["token_hash"] == mine}
            for r in self.store.rows(stmt)
        ]

    # -- accounts -----------------------------------------------------------------

    def name_taken(self, name: str) -> bool:
        return self.store.scalar(select(accounts.c.player_id).where(accounts.c.name_key == name_key(name))) is not None

    def register(self, name: str, password_hash: str, guest: dict[str, Any] | None, agent: str) -> tuple[str, str]:
        """Claim ``name``: for the guest ``guest`` (keeping its id and history) or a new player.
        Returns (player id, session token)."""
        key = name_key(name)
        now = time.time()
        with self.store.engine.begin() as conn:
            if conn.execute(select(accounts.c.player_id).where(accounts.c.name_key == key)).first() is not None:
                raise CommandError("name_taken", "Este nome já tem dono.")
            if guest is None:
                pid = new_id(12)
                conn.execute(
                    players.insert().values(
                        id=pid, nickname=name, nickname_key=key, created_at=now, last_seen=now, token_generation=0
                    )
                )
            else:
                pid = guest["id"]
            conn.execute(
                update(players).where(players.c.id == pid).values(nickname=name, nickname_key=key, account="account")
            )
            conn.execute(
                accounts.insert().values(player_id=pid, name_key=key, password_hash=password_hash, created_at=now)
            )
            return pid, self._new_session(conn, pid, agent)

    def _account(self, name: str) -> dict[str, Any] | None:
        found = self.store.rows(select(accounts).where(accounts.c.name_key == name_key(name)))
        return dict(found[0]) if found else None

    def verify(self, name: str, password: str) -> str | None:
        """The player id when ``password`` is ``name``'s, else None (as slow for an unknown name)."""
        account = self._account(name)
        try:
            HASHER.verify(account["password_hash"] if account else _DUMMY_HASH, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return None
        if account is None:
            return None
        if HASHER.check_needs_rehash(account["password_hash"]):
            self._set_hash(account["player_id"], HASHER.hash(password))
        return str(account["player_id"])

    def login(self, player_id: str, agent: str) -> str:
        with self.store.engine.begin() as conn:
            return self._new_session(conn, player_id, agent)

    def _set_hash(self, player_id: str, password_hash: str) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(update(accounts).where(accounts.c.player_id == player_id).values(password_hash=password_hash))

    def change_password(self, player_id: str, old: str, new: str, keep_token: str) -> None:
        """Change the password and end every other session."""
        stored = self.store.scalar(select(accounts.c.password_hash).where(accounts.c.player_id == player_id))
        try:
            HASHER.verify(stored, old)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise CommandError("bad_password", "Senha atual incorreta.") from None
        with self.store.engine.begin() as conn:
            conn.execute(
                update(accounts).where(accounts.c.player_id == player_id).values(password_hash=HASHER.hash(new))
            )
            conn.execute(
                delete(sessions).where(sessions.c.player_id == player_id, sessions.c.token_hash != digest(keep_token))
            )

    def delete(self, player_id: str, password: str) -> str:
        """Delete the account: its sessions, ratings and follows go; its matches stay under an
        anonymous name, and its old guest token opens nothing. Returns the anonymous name."""
        stored = self.store.scalar(select(accounts.c.password_hash).where(accounts.c.player_id == player_id))
        try:
            HASHER.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise CommandError("bad_password", "Senha incorreta.") from None
        anonymous = f"Anônimo {secrets.token_hex(3)}"
        with self.store.engine.begin() as conn:
            for stmt in (
                delete(accounts).where(accounts.c.player_id == player_id),
                delete(sessions).where(sessions.c.player_id == player_id),
                delete(password_resets).where(password_resets.c.player_id == player_id),
                delete(ratings).where(ratings.c.player_id == player_id),
                delete(follows).where((follows.c.follower_id == player_id) | (follows.c.followee_id == player_id)),
                update(players)
                .where(players.c.id == player_id)
                .values(nickname=anonymous, nickname_key=name_key(anonymous), account="deleted"),
                update(seats).where(seats.c.player_id == player_id).values(nickname=anonymous),
            ):
                conn.execute(stmt)
        return anonymous

    # -- reset links ------------------------------------------------------------------

    def reset_token(self, name: str, ttl: float = RESET_TTL) -> str:
        """A one-time token to set a new password for ``name``, valid for ``ttl`` seconds."""
        account = self._account(name)
        if account is None:
            raise CommandError("not_found", f"{name}: não há conta com este nome.")
        token = secrets.token_urlsafe(32)
        row = {"token_hash": digest(token), "player_id": account["player_id"], "expires_at": time.time() + ttl}
        self.store.write([("password_resets", row)])
        return token

    def reset(self, token: str, password_hash: str, agent: str) -> tuple[str, str]:
        """Spend a reset token: set the password, end every session, open a new one.
        Returns (player id, session token)."""
        now = time.time()
        with self.store.engine.begin() as conn:
            # the update is the check: only one request can spend an unused, unexpired token
            spent = conn.execute(
                update(password_resets)
                .where(
                    password_resets.c.token_hash == digest(token),
                    password_resets.c.used_at.is_(None),
                    password_resets.c.expires_at > now,
                )
                .values(used_at=now)
            )
            if spent.rowcount != 1:
                raise CommandError("reset_invalid", "Este link de redefinição já foi usado, expirou ou não existe.")
            pid = conn.execute(
                select(password_resets.c.player_id).where(password_resets.c.token_hash == digest(token))
            ).scalar_one()
            conn.execute(update(accounts).where(accounts.c.player_id == pid).values(password_hash=password_hash))
            conn.execute(delete(sessions).where(sessions.c.player_id == pid))
            return pid, self._new_session(conn, pid, agent)
