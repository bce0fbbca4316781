"""Bots: players that see only a seat's view.

A bot is made once per seat with ``make_bot(kind, level, seed)`` and
asked ``bot.act(view)`` whenever its seat may act; it returns one of
``view.legal``. Given its seed, a bot always answers the same views the same way.
At a table with signals, ``gestures_of(bot, view)`` are the partner signals it makes now.

>>> from truco.engine import Match, view
>>> m = Match(seed=1)
>>> bot = make_bot("random", seed=7)
>>> seat = m.to_act()[0]
>>> bot.act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

from random import Random
from typing import Protocol, runtime_checkable

from truco.engine import Action, View

#: Every bot, with what a person reads about it (Brazilian Portuguese): the sparring panel and the
#: personalities a person can seat at a table.
DESCRIPTIONS: dict[str, str] = {
    "random": "Joga qualquer lance permitido, ao acaso.",
    "heuristic": "Jogador de clube: regras de bom senso, conta as cartas e blefa pouco.",
    "search": "Pensa cada lance simulando as cartas que não vê e lê os pedidos de cada adversário.",
    "search1": "O bot de busca antigo, sempre no nível médio: a régua de comparação.",
    "trained": "Joga as cartas como o de busca e aposta por uma estratégia treinada jogando contra si mesmo.",
    "tight": "Só pede truco com jogo forte, nunca blefa e corre sem manilha nem vaza ganha.",
    "loose": "Blefa muito e aceita quase tudo.",
    "station": "Nunca pede truco e aceita todo pedido.",
    "maniac": "Pede truco em toda chance e nunca corre.",
    "timid": "Nunca pede truco e corre de todo pedido sem duas cartas fortes.",
    "trapper": "Esconde o jogo forte até a última vaza ou até ser trucado, e blefa com mão fraca.",
    "chameleon": "Muda de estilo a cada duas mãos: ora só pede truco com jogo forte, ora blefa e aceita quase tudo.",
    "desperado": "Atrás no placar, blefa e aceita quase tudo; empatado ou na frente, só pede truco com jogo forte.",
    "malandro": (
        "Estuda os adversários durante a partida: blefa contra quem corre muito, aceita quase tudo de quem pede "
        "demais ou foi pego blefando e, com os outros, só pede truco com jogo forte."
    ),
}
BOT_KINDS = tuple(DESCRIPTIONS)
#: The opponents ``truco arena A panel`` plays A against.
PANEL = (
    *("random", "heuristic", "search1"),
    *("tight", "loose", "station", "maniac", "timid", "trapper", "chameleon", "desperado", "malandro"),
)
LEVELS = ("easy", "medium", "hard")


class Bot(Protocol):
    name: str

    def act(self, view: View) -> Action:
        """One of ``view.legal``, chosen from the view alone."""


@runtime_checkable
class Signaller(Protocol):
    """A bot that makes partner signals at tables with signals (seed 001)."""

    def signal(self, view: View) -> tuple[str, ...]:
        """The gestures to make now for the partner, from ``view.signals`` (none: nothing to tell)."""


def gestures_of(bot: Bot, view: View) -> tuple[str, ...]:
    """What ``bot`` signals now: nothing at a table without signals, or if it makes none."""
    if view.signals is None or not isinstance(bot, Signaller):
        return ()
    return tuple(bot.signal(view))


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
    if kind == "trained":
        from truco.bots.trained import TrainedBot

        return TrainedBot(seed, level)
    if kind == "search1":
        from truco.bots.search1 import Search1Bot

        return Search1Bot(seed)
    if kind in DESCRIPTIONS:
        from truco.bots.styles import make_style

        return make_style(kind, seed, level)
    raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})")
