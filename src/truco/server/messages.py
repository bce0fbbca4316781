"""The messages a table's actor handles, one at a time (see ``truco.server.table``).

A message that someone waits on (``Request``) carries a future, completed by the
actor when the message is handled: with its result, or with the error that
refused it. A message nobody waits on answers its connection on failure
(``Command``, ``Attach``). ``fail`` is called for every message the actor cannot
handle any more (a storage failure, a stopped table), so nobody waits forever.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from truco.bots import Bot
from truco.engine import Action
from truco.server.conn import Conn
from truco.server.errors import CommandError

T = TypeVar("T")


def _future() -> asyncio.Future[Any]:
    return asyncio.get_running_loop().create_future()


@dataclass
class Message:
    def fail(self, error: CommandError) -> None:
        """The message will not be handled: tell whoever waits (nobody, by default)."""


@dataclass
class Request(Message, Generic[T]):
    future: asyncio.Future[T] = field(default_factory=_future, kw_only=True)

    def done(self, result: T) -> None:
        if not self.future.done():
            self.future.set_result(result)

    def fail(self, error: CommandError) -> None:
        if not self.future.done():
            self.future.set_exception(error)


@dataclass
class Command(Message):
    """A seated player's command (``act``, ``chat``...), read at ``received`` (monotonic)."""

    conn: Conn
    cmd: dict[str, Any]
    received: float

    def fail(self, error: CommandError) -> None:
        self.conn.error(self.cmd.get("id"), error.code, str(error), **error.extra)


@dataclass
class Attach(Request[bool]):
    """A connection that said hello: seated by its secret, or a spectator."""

    conn: Conn
    secret: Any
    last_version: Any
    invite: Any


@dataclass
class Detach(Message):
    conn: Conn


@dataclass
class Join(Request[dict[str, Any]]):
    """Take a seat (``want``: a seat number or None for the first open one); answers the held seat."""

    player_id: str
    nickname: str
    want: Any


@dataclass
class Start(Message):
    """Deal the first hand once every seat is taken."""


@dataclass
class Timeout(Message):
    """The clock set for ``deadline`` ran out."""

    deadline: float


@dataclass
class BotTurn(Message):
    """A bot's pause is over: ask it for its move."""

    seat: int


@dataclass
class BotSignals(Message):
    """A new hand's pause is over: the bot of ``seat`` makes its partner signals for hand ``hand``."""

    seat: int
    hand: int


@dataclass
class BotMove(Message):
    """A bot's answer, computed off the actor for the match at ``version`` (``Table.moves``);
    ``bot`` is the bot's new state; ``action`` is None when the bot failed."""

    seat: int
    version: int
    action: Action | None
    bot: Bot | None


@dataclass
class Expire(Message):
    """The table has waited too long with nobody connected (the hub's sweeper)."""


@dataclass
class Absent(Message):
    """A seat's player has been away for the configured absence (``presence`` as it was then)."""

    seat: int
    presence: int
