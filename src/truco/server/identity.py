"""Guest identities: nicknames, signed tokens, and the unguessable secrets of seats and invites.

>>> signer = Signer("k")
>>> signer.player(signer.token("p1"))
'p1'
>>> signer.player("p1.forged") is None
True
>>> clean_nickname("  Zé  ")
'Zé'
"""

from __future__ import annotations

import secrets
import unicodedata

from itsdangerous import BadSignature, URLSafeSerializer

from truco.server.text import TextError, clean_text

COOKIE = "truco_token"
NICKNAME_MAX = 20


class Signer:
    """Signs player ids into tokens; a token cannot be forged without the server's secret."""

    def __init__(self, secret: str) -> None:
        self._s = URLSafeSerializer(secret, salt="truco-guest")

    def token(self, player_id: str) -> str:
        return self._s.dumps(player_id)

    def player(self, token: object) -> str | None:
        if not isinstance(token, str) or len(token) > 200:
            return None
        try:
            value = self._s.loads(token)
        except BadSignature:
            return None
        return value if isinstance(value, str) else None


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


def nickname_key(nickname: str) -> str:
    """What bans compare: case and accents folded."""
    return unicodedata.normalize("NFKD", nickname).encode("ascii", "ignore").decode().casefold().strip()


def new_id(nbytes: int = 6) -> str:
    return secrets.token_urlsafe(nbytes)


def new_secret() -> str:
    return secrets.token_urlsafe(24)


#: bits of a table's deal secret
TABLE_SECRET_BITS = 256


def new_table_secret() -> str:
    """A table's deal secret: 256 bits from ``secrets`` as hex, the seed of its deals and signals."""
    return secrets.token_hex(TABLE_SECRET_BITS // 8)
