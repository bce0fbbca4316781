"""Where a match's cards come from: explicit deals (a record) or a seed.

A seed deals through the project's own algorithm (``docs/record-format.md``,
"Seeds"): an unbiased Fisher–Yates shuffle driven by a keyed BLAKE2b hash of
the seed and the hand number, with rejection sampling. It uses no library's
generator, so the same seed deals the same cards on every Python and machine.

>>> deals = SeededDeals(7)
>>> deals.get(0) == SeededDeals("07").get(0)  # 7 and the hex string "07" are one seed
True
>>> len(deals.get(0).hands), len(deals.get(0).hands[0])
(4, 3)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from functools import cache
from random import Random
from typing import Final, NamedTuple, Protocol

from truco.engine.cards import DECKS, Card

#: The purposes a seed draws for, each from its own derived key (at most 10 ASCII characters).
DEALS = "deals"
FIRST_DEALER = "dealer"
SIGNALS = "signals"

_HEX = frozenset("0123456789abcdefABCDEF")
_SPAN: Final = 1 << 128
#: BLAKE2b's constructor as this module's constant (a compiled module reads a plain global from a dictionary)
_blake2b: Final = hashlib.blake2b
#: each purpose's BLAKE2b-256 personalised with ``"truco " + purpose``, before any data: a key is a copy of it
#: fed the seed's bytes (the same bytes as a hasher made with the data, at half the cost)
_PERSONALISED: Final[dict[str, hashlib.blake2b]] = {}


class Deal(NamedTuple):
    vira: Card
    #: three cards per seat, seat 0 first
    hands: tuple[tuple[Card, ...], ...]


class DealSource(Protocol):
    def get(self, number: int) -> Deal | None:
        """The deal of hand ``number`` (0-based), or None when there is none."""


def seed_bytes(seed: object) -> bytes:
    """The bytes a seed stands for: a non-negative integer's big-endian bytes
    (at least one), or the bytes a hex string spells. Raises ValueError otherwise.

    >>> seed_bytes(0), seed_bytes(258), seed_bytes("0102")
    (b'\\x00', b'\\x01\\x02', b'\\x01\\x02')
    """
    if type(seed) is int:
        if seed < 0:
            raise ValueError(f"a seed cannot be negative: {seed}")
        return seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "big")
    if isinstance(seed, str) and seed and len(seed) % 2 == 0 and all(ch in _HEX for ch in seed):
        return bytes.fromhex(seed)
    raise ValueError(f"a seed is a non-negative integer or a hex string of whole bytes, not {seed!r}")


def derived_key(seed: object, purpose: str) -> bytes:
    """The 32-byte key a seed uses for one purpose (deals, the first dealer, signals):
    BLAKE2b-256 of the seed's bytes, personalised with ``"truco " + purpose``."""
    personalised = _PERSONALISED.get(purpose)
    if personalised is None:
        person = ("truco " + purpose).encode("ascii")
        personalised = _PERSONALISED[purpose] = _blake2b(digest_size=32, person=person)
    hasher = personalised.copy()
    hasher.update(seed_bytes(seed))
    return hasher.digest()


def derived_seed(seed: object, purpose: str) -> int:
    """A 64-bit integer for another generator (a bot's, a pause's) that must not
    reveal the seed: the first 8 bytes of the purpose's key, big-endian."""
    return int.from_bytes(derived_key(seed, purpose)[:8], "big")


@cache
def falling_product(size: int, count: int) -> int:
    """size · (size - 1) ··· (size - count + 1): the number of ways to fill ``count`` positions from ``size`` items."""
    product = 1
    for i in range(count):
        product *= size - i
    return product


class Draws:
    """Uniform draws for item ``number`` of a purpose: the words of the blocks
    ``BLAKE2b-512(key=purpose key, "<number>/<block>")``, block 0, 1, ..., each
    read as four big-endian 128-bit words, and rejection sampling.

    >>> d = Draws(derived_key(7, DEALS), 0)
    >>> all(0 <= d.below(40) < 40 for _ in range(100))
    True
    """

    def __init__(self, key: bytes, number: int) -> None:
        self.key = key
        self.number = number
        self.block = 0
        self.digest = b""
        self.at = 64

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (n at most 2**128): the next word below the
        largest multiple of n under 2**128 (the words at or above it are skipped), modulo n."""
        limit = _SPAN - _SPAN % n
        while True:
            if self.at == 64:
                data = f"{self.number}/{self.block}".encode("ascii")
                self.digest = _blake2b(data, key=self.key, digest_size=64).digest()
                self.block += 1
                self.at = 0
            w = int.from_bytes(self.digest[self.at : self.at + 16], "big")
            self.at += 16
            if w < limit:
                return w % n

    def shuffle(self, items: list[Card], count: int) -> None:
        """Fisher–Yates from the front: positions 0..count-1 of ``items`` get a
        uniform draw without replacement of its elements. One draw below
        size·(size-1)···(size-count+1) gives every step's index at once, in mixed radix."""
        size = len(items)
        r = self.below(falling_product(size, count))
        for i in range(count):
            j = i + r % (size - i)
            r //= size - i
            items[i], items[j] = items[j], items[i]


def seeded_deal(key: bytes, number: int, deck: str = "dirty", players: int = 4) -> Deal:
    """Hand ``number``'s deal: the deck in card order, the first ``3 * players + 1``
    positions shuffled; seat s gets positions 3s, 3s+1, 3s+2 and the vira is the last."""
    c = list(DECKS[deck])
    m = 3 * players + 1
    Draws(key, number).shuffle(c, m)
    if players == 4:  # unrolled, as in random_deal
        return Deal(c[12], ((c[0], c[1], c[2]), (c[3], c[4], c[5]), (c[6], c[7], c[8]), (c[9], c[10], c[11])))
    return Deal(c[m - 1], tuple(tuple(c[3 * s : 3 * s + 3]) for s in range(players)))


def random_sample(rng: Random, population: Sequence[Card], k: int) -> list[Card]:
    """``rng.sample(population, k)``: the same cards from the same state of ``rng``, which it leaves as that
    would, by CPython's algorithm (a uniform draw below n takes ``n.bit_length()`` random bits until they
    fall below n; a short population is drawn without replacement from a pool, a long one by redrawing
    repeats), compiled with the engine: a search bot's draws and rollouts deal through it.

    >>> random_sample(Random(3), range(40), 13) == Random(3).sample(range(40), 13)
    True
    """
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    small = 21
    if k > 5:
        small += 4 ** math.ceil(math.log(k * 3, 4))
    getrandbits = rng.getrandbits
    result: list[Card] = []
    if n <= small:
        pool = list(population)
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
    else:
        bits = n.bit_length()
        selected: set[int] = set()
        for _ in range(k):
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            result.append(population[j])
    return result


def random_deal(rng: Random, deck: str = "dirty", players: int = 4) -> Deal:
    """Three cards per seat then the vira, uniformly drawn from the deck with ``rng``."""
    c = random_sample(rng, DECKS[deck], 3 * players + 1)
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
    """Endless deals from a seed: hand k's cards depend only on the seed and k,
    never on how the match was played, nor on the Python that runs it."""

    def __init__(self, seed: int | str, deck: str = "dirty", players: int = 4) -> None:
        self.seed = seed
        self.deck = deck
        self.players = players
        self._key = derived_key(seed, DEALS)
        self._first_dealer = -1
        self._cache: list[Deal] = []

    @property
    def first_dealer(self) -> int:
        """The first dealer, drawn (sorteado) with its own key when first asked for."""
        if self._first_dealer < 0:
            self._first_dealer = Draws(derived_key(self.seed, FIRST_DEALER), 0).below(self.players)
        return self._first_dealer

    def get(self, number: int) -> Deal | None:
        while len(self._cache) <= number:
            self._cache.append(seeded_deal(self._key, len(self._cache), self.deck, self.players))
        return self._cache[number]


class LegacyDeals:
    """The deals of tables stored before the keyed algorithm (the server's migration
    ``0002_table_secret``), so that they replay as they were played: ``Random(seed)``
    draws the first dealer, then each hand in turn is a ``random_deal`` of the same
    generator. Never for new deals: ``Random``'s draws are not those of a keyed hash.

    >>> d = LegacyDeals(5)
    >>> d.first_dealer == Random(5).randrange(4) and d.get(1) == LegacyDeals(5).get(1)
    True
    """

    def __init__(self, seed: int, deck: str = "dirty", players: int = 4) -> None:
        self.seed = seed
        self.deck = deck
        self.players = players
        self._rng = Random(seed)
        self.first_dealer = self._rng.randrange(players)
        self._cache: list[Deal] = []

    def get(self, number: int) -> Deal | None:
        while len(self._cache) <= number:
            self._cache.append(random_deal(self._rng, self.deck, self.players))
        return self._cache[number]


class RandomDeals:
    """Fresh deals from ``Random`` with no memory, for benchmarks and simulations
    (determinization) only: a table or a record always deals from a seed."""

    def __init__(self, rng: Random, deck: str = "dirty", players: int = 4) -> None:
        self.rng = rng
        self.deck = deck
        self.players = players

    def get(self, number: int) -> Deal | None:
        return random_deal(self.rng, self.deck, self.players)
