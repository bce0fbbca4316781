"""Bots: players that see only a seat's view.

A bot is made once per seat with ``make_bot(kind, level, seed)`` and
asked ``bot.act(view)`` whenever its seat may act; it returns one of
``view.legal``. Given its seed, a bot always answers the same views the same way.

>>> from truco.engine import Match, view
>>> m = Match(seed=1)
>>> bot = make_bot("random", seed=7)
>>> seat = m.to_act()[0]
>>> bot.act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

from random import Random
from typing import Protocol

from truco.engine import Action, View

BOT_KINDS = ("random", "heuristic", "search")
LEVELS = ("easy", "medium", "hard")


class Bot(Protocol):
    name: str

    def act(self, view: View) -> Action:
        """One of ``view.legal``, chosen from the view alone."""


class RandomBot:
    """Uniform over the legal actions: the baseline."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    def act(self, view: View) -> Action:
        return self.rng.choice(view.legal)


def make_bot(kind: str = "random", level: str = "medium", seed: int = 0) -> Bot:
    """A bot of ``kind`` at ``level``; it reads the table's rules from the views it gets."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        from truco.bots.heuristic import HeuristicBot

        return HeuristicBot(seed, level)
    if kind == "search":
        from truco.bots.search import SearchBot

        return SearchBot(seed, level)
    raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})")
