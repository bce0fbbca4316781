"""Bots: players that see only a seat's view.

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

BOT_KINDS = ("random",)
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
    if kind == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})")
