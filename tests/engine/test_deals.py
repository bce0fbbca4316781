"""Seeded deals: the documented algorithm, pinned by golden vectors (docs/record-format.md, "Seeds")."""

from __future__ import annotations

import hashlib
import random
import struct
from collections import Counter

import pytest

from truco.engine import Match, RecordError, SeededDeals, load, replay
from truco.engine.cards import DECKS, card_name
from truco.engine.deals import DEALS, Draws, derived_key, seed_bytes

#: seed -> (first dealer, the first three deals as "vira hand0 hand1 hand2 hand3"), 4 players, dirty deck.
#: The same vectors are in docs/record-format.md.
GOLDEN = {
    0: (2, ["KS 3C6S5S AHAC4C KC2D2H QD3HJS", "JH QSJD3D 2D7C4C 2HKS2C 6CJS5D", "KD 3C6C3H 3DASJD KH7SJH 5C2D4C"]),
    1: (1, ["3D 6DKD2D QS2HAC 7DKSAS 7H3H4H", "AS 5DJHJD 4CQH6C QDAD3C 3H2D2C", "KC 3C4DAC 7H5S2S 6D5H2D KD7SQC"]),
    2**64 + 1: (
        0,
        ["5D 5C2D7C 4S4D4H KH6SQC 3D6D7H", "3H AD6DKC 7H7S3D 3C4H5S JH2SKS", "6C 6DKCJS QCJD4D AD3D5C 2SACJH"],
    ),
    "0123456789abcdef" * 4: (
        1,
        ["2D 5DKC7H 7C7D6H 2H4CKS 4D2S5S", "3C 2H2D2S QS2CJH QDAS7H 5D3DKS", "7C 5H7HJD 3C7SAS 3H2SQD 7DJSAC"],
    ),
}
#: seed 7 with "players": 2 and "deck": "clean": first dealer 0
GOLDEN_TWO_CLEAN = ["2C KDQD3H JSKHAC", "2H 3CKCKD 2DJSQD", "3S 2HJCKH AH3H3D"]


def written(deals: SeededDeals, hands: int = 3) -> list[str]:
    out = []
    for k in range(hands):
        d = deals.get(k)
        assert d is not None
        out.append(" ".join([card_name(d.vira), *("".join(map(card_name, h)) for h in d.hands)]))
    return out


@pytest.mark.parametrize("seed", list(GOLDEN))
def test_golden_vectors(seed):
    first, deals = GOLDEN[seed]
    got = SeededDeals(seed)
    assert got.first_dealer == first
    assert written(got) == deals


def test_golden_vector_two_players_clean_deck():
    got = SeededDeals(7, "clean", 2)
    assert got.first_dealer == 0
    assert written(got) == GOLDEN_TWO_CLEAN


def reference_deal(seed_as_bytes: bytes, number: int, deck: tuple[int, ...], players: int) -> list[int]:
    """The algorithm as docs/record-format.md words it, written again from that text."""
    root = hashlib.blake2b(seed_as_bytes, digest_size=32).digest()
    key = hashlib.blake2b(b"deals", key=root, digest_size=32).digest()
    words: list[int] = []
    block = 0

    def uniform(n: int) -> int:
        nonlocal block
        while True:
            if not words:
                digest = hashlib.blake2b(f"{number}/{block}".encode(), key=key, digest_size=64).digest()
                words.extend(struct.unpack(">16I", digest))
                block += 1
            w = words.pop(0)
            if w < 2**32 - 2**32 % n:
                return w % n

    cards = list(deck)
    for i in range(3 * players + 1):
        j = i + uniform(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[: 3 * players + 1]


@pytest.mark.parametrize("seed", [0, 1, 255, 2**200 + 3, "ff", "00ff"])
def test_the_documented_algorithm(seed):
    deals = SeededDeals(seed)
    for k in range(20):
        d = deals.get(k)
        assert d is not None
        assert [*(c for h in d.hands for c in h), d.vira] == reference_deal(seed_bytes(seed), k, DECKS["dirty"], 4)


def test_seeds_integers_of_any_size_and_hex_strings():
    assert seed_bytes(0) == b"\x00" and seed_bytes(255) == b"\xff" and seed_bytes(256) == b"\x01\x00"
    assert seed_bytes("ABcd") == b"\xab\xcd"
    assert written(SeededDeals(255)) == written(SeededDeals("ff")) == written(SeededDeals("FF"))
    assert written(SeededDeals("00ff")) != written(SeededDeals("ff"))  # leading zero bytes count
    assert written(SeededDeals(2**256 - 1)) == written(SeededDeals("ff" * 32))
    for bad in (-1, "", "f", "0x1f", "zz", " ff", 1.0, True, None, b"\x01"):
        with pytest.raises(ValueError):
            seed_bytes(bad)


def test_records_take_any_seed_and_refuse_others():
    for seed in (5, 2**100, "0123456789abcdef" * 4):
        match, _ = load({"seed": seed})
        deals = SeededDeals(seed)
        assert match.first_dealer == deals.first_dealer and match.dealt == deals.get(0).hands  # type: ignore[union-attr]
    for bad in (-3, "xyz", "abc", 1.5, None, [1]):
        with pytest.raises(RecordError, match="seed"):
            replay({"seed": bad})


def test_no_library_generator_is_used(monkeypatch):
    before = written(SeededDeals(123))

    def refuse(*_args, **_kwargs):
        raise AssertionError("a seeded deal used random")

    for name in ("random", "randrange", "sample", "shuffle", "getrandbits", "seed", "__init__"):
        monkeypatch.setattr(random.Random, name, refuse)
    assert written(SeededDeals(123)) == before
    Match(seed=123)


def test_draws_are_uniform_and_rejection_sampled():
    # 2**32 % 40 == 16: words 2**32 - 16 and above are skipped, so no value is favoured.
    key = derived_key(9, DEALS)
    counts = Counter(Draws(key, k).below(40) for k in range(20_000))
    expected = 20_000 / 40
    chi2 = sum((counts[v] - expected) ** 2 / expected for v in range(40))
    assert set(counts) == set(range(40)) and chi2 < 80  # 39 degrees of freedom: p < 1e-4 to fail

    # a word at the rejection limit is skipped, the next one used
    d = Draws(key, 0)
    d.words, d.at = (2**32 - 16, 2**32 - 1, 45), 0
    assert d.below(40) == 5 and d.at == 3


def test_every_card_position_is_uniform():
    # over many hands, seat 0's first card is each card of the deck about equally often
    deals = SeededDeals("beef")
    counts = Counter(deals.get(k).hands[0][0] for k in range(8_000))  # type: ignore[union-attr]
    expected = 8_000 / 40
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in range(40))
    assert chi2 < 80


def test_a_deal_depends_only_on_the_seed_and_hand_number():
    a, b = SeededDeals(42), SeededDeals(42)
    assert b.get(5) == a.get(5)  # b dealt hand 5 first
    assert written(a, 6) == written(b, 6)
