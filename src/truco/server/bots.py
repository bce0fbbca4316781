"""Bots think in worker processes, off every table's actor.

A table sends its bot object and the seat's view (both small and picklable) to the pool;
the answer comes back to the table as a ``BotMove`` message carrying the action and the
bot's new state, tagged with the match version it was computed for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from truco.bots import Bot
from truco.engine import Action, View
from truco.server.messages import BotMove

if TYPE_CHECKING:
    from truco.server.table import Table

log = logging.getLogger("truco.server")


def think(bot: Bot, seen: View) -> tuple[Action | None, Bot]:
    """In a worker: the bot's action for ``seen`` (None if it failed) and its new state."""
    try:
        return bot.act(seen), bot
    except Exception:
        logging.getLogger("truco.server").exception("a %s bot failed", getattr(bot, "name", "?"))
        return None, bot


def ready() -> None:
    """In a worker, at start: import the bots before the first table needs them."""
    import truco.bots.heuristic
    import truco.bots.search  # noqa: F401


def pool_size() -> int:
    """One worker per core the server may use, leaving the event loop its own when there are several."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, cores - 1) if cores > 2 else cores


class BotPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or pool_size()
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawned, not forked: the server's threads and sockets are not copied into the workers
            self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    def start(self) -> None:
        """Start the workers now, so that the first bot move does not wait for them."""
        for _ in range(self.workers):
            self._pool().submit(ready)

    def think(self, table: Table, seat: int, version: int, bot: Bot, seen: View) -> None:
        """Ask ``bot`` for its move; ``table`` receives a ``BotMove`` when it is ready."""
        loop = asyncio.get_running_loop()

        def answered(done: Future[tuple[Action | None, Bot]]) -> None:
            try:
                action, new_bot = done.result()
            except CancelledError:
                return  # the server is stopping
            except BrokenProcessPool:
                log.error("the bots' worker pool broke; starting a new one")
                self._executor = None
                action, new_bot = None, bot
            except Exception:
                log.exception("table %s: the bot of seat %d could not be asked", table.id, seat)
                action, new_bot = None, bot
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(table.post, BotMove(seat, version, action, new_bot))

        try:
            self._pool().submit(think, bot, seen).add_done_callback(answered)
        except (BrokenProcessPool, RuntimeError):
            self._executor = None
            self._pool().submit(think, bot, seen).add_done_callback(answered)

    def stop(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
