"""Where a match's cards come from: explicit deals (a record) or a seed.

>>> deals = SeededDeals(7)
>>> deals.get(0) == SeededDeals(7).get(0)  # the same seed deals the same cards
True
>>> len(deals.get(0).hands), len(deals.get(0).hands[0])
(4, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import NamedTuple, Protocol

from truco.engine.cards import DECKS, Card


class Deal(NamedTuple):
    vira: Card
    #: three cards per seat, seat 0 first
    hands: tuple[tuple[Card, ...], ...]


class DealSource(Protocol):
    def get(self, number: int) -> Deal | None:
        """The deal of hand ``number`` (0-based), or None when there is none."""


def random_deal(rng: Random, deck: str = "dirty", players: int = 4) -> Deal:
    """Three cards per seat then the vira, uniformly drawn from the deck."""
    c = rng.sample(DECKS[deck], 3 * players + 1)
    if players == 4:  # unrolled: dealing is a tenth of a random hand's cost
        return Deal(c[12], ((c[0], c[1], c[2]), (c[3], c[4], c[5]), (c[6], c[7], c[8]), (c[9], c[10], c[11])))
    return Deal(c[-1], tuple(tuple(c[3 * s : 3 * s + 3]) for s in range(players)))


class ExplicitDeals:
    """The deals of a record, in order; none after the last."""

    def __init__(self, deals: Sequence[Deal]) -> None:
        self.deals = list(deals)

    def get(self, number: int) -> Deal | None:
        return self.deals[number] if number < len(self.deals) else None


class SeededDeals:
    """Endless deals drawn from ``Random(seed)``: hand k's cards depend only on
    the seed and k, never on how the match was played."""

    def __init__(self, seed: int | str, deck: str = "dirty", players: int = 4) -> None:
        self.seed = seed
        self.deck = deck
        self.players = players
        self._rng = Random(seed)
        #: the first dealer, drawn (sorteado) from the seed before any deal
        self.first_dealer = self._rng.randrange(players)
        self._cache: list[Deal] = []

    def get(self, number: int) -> Deal | None:
        while len(self._cache) <= number:
            self._cache.append(random_deal(self._rng, self.deck, self.players))
        return self._cache[number]


class RandomDeals:
    """Fresh random deals with no memory: for benchmarks and simulations."""

    def __init__(self, rng: Random, deck: str = "dirty", players: int = 4) -> None:
        self.rng = rng
        self.deck = deck
        self.players = players

    def get(self, number: int) -> Deal | None:
        return random_deal(self.rng, self.deck, self.players)
