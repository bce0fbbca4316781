"""Guest identities: nicknames, signed tokens, and the unguessable secrets of seats and invites.

>>> signer = Signer("k")
>>> signer.player(signer.token("p1", 3))
('p1', 3)
>>> signer.player("p1.forged") is None
True
>>> clean_nickname("  Zé  ")
'Zé'
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata

from itsdangerous import BadSignature, URLSafeSerializer

from truco.server.text import TextError, clean_text

COOKIE = "truco_token"
NICKNAME_MAX = 20


class Signer:
    """Signs (player id, generation) into tokens; a token cannot be forged without the server's
    secret. Raising a player's generation revokes every token made before."""

    def __init__(self, secret: str) -> None:
        self._s = URLSafeSerializer(secret, salt="truco-guest")

    def token(self, player_id: str, generation: int) -> str:
        return self._s.dumps([player_id, generation])

    def player(self, token: object) -> tuple[str, int] | None:
        """(player id, generation) of a genuine token (tokens of before generations are generation 0)."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        try:
            value = self._s.loads(token)
        except BadSignature:
            return None
        if isinstance(value, str):
            return value, 0
        if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and type(value[1]) is int:
            return value[0], value[1]
        return None


def clean_nickname(raw: object) -> str | None:
    """The nickname trimmed and in NFC (``truco.server.text``), or None when empty,
    too long, not valid Unicode or holding control or other invisible characters."""
    try:
        name = " ".join(clean_text(raw, "nickname", NICKNAME_MAX).split())
    except TextError:
        return None
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        return None
    return name


def same_secret(given: object, secret: str) -> bool:
    """Whether a client's ``given`` value is ``secret``, compared in constant time; any text
    (non-ASCII included) or other JSON value is simply not equal.

    >>> same_secret("ä" * 8, "abcdefgh"), same_secret(None, "x"), same_secret("x", "x")
    (False, False, True)
    """
    return isinstance(given, str) and hmac.compare_digest(given.encode(), secret.encode())


def new_id(nbytes: int = 6) -> str:
    """A random id for a player or a table, URL-safe; it never begins with "-", so that it can be typed
    on a command line (``truco admin revoke ID``) without being read as an option.

    >>> all(not new_id().startswith("-") for _ in range(1000))
    True
    """
    while (candidate := secrets.token_urlsafe(nbytes)).startswith("-"):
        pass
    return candidate


def new_secret() -> str:
    return secrets.token_urlsafe(24)


#: bits of a table's deal secret
TABLE_SECRET_BITS = 256


def new_table_secret() -> str:
    """A table's deal secret: 256 bits from ``secrets`` as hex, the seed of its deals and signals."""
    return secrets.token_hex(TABLE_SECRET_BITS // 8)
