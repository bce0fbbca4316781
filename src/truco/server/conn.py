"""One WebSocket as a table sees it: frames queued for the connection's own writer task."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, NamedTuple


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class Credential(NamedTuple):
    """What a connection was let in with: a guest's token of some generation, or an account's
    session (the digest of its token), so that the connection ends when it is revoked."""

    player_id: str
    generation: int | None
    session: str | None


class Conn:
    """Frames are queued and written by the connection's own writer task, so a slow client
    never blocks the table; a client too slow to keep up (``MAX_QUEUE`` frames behind) is closed."""

    MAX_QUEUE = 4096

    def __init__(self, player_id: str | None, close: Callable[[int, str], None]) -> None:
        self.player_id = player_id
        self.credential: Credential | None = None
        self.seat: int | None = None
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        #: its writer gave up (the client stopped reading, or the socket broke)
        self.stalled = False
        self._close = close

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.out.qsize() >= self.MAX_QUEUE:
            self.close(1008, "too slow")
            return
        self.out.put_nowait(text)

    def send_json(self, obj: dict[str, Any]) -> None:
        self.send(dumps(obj))

    def error(self, cid: Any, code: str, message: str, **extra: Any) -> None:
        self.send_json({"type": "error", "id": cid, "code": code, "message": message, **extra})

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)
            self._close(code, reason)

    def dead(self) -> None:
        """The socket cannot be written any more: nothing more is queued for it."""
        self.closed = True
        self.stalled = True
        while not self.out.empty():
            self.out.get_nowait()
