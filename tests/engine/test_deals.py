"""Seeded deals: the documented algorithm, pinned by golden vectors (docs/record-format.md, "Seeds")."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truco.engine import Match, RecordError, SeededDeals, load, replay
from truco.engine.cards import DECKS, card_name
from truco.engine.deals import DEALS, Draws, derived_key, random_sample, seed_bytes

#: seed -> (first dealer, the first three deals as "vira hand0 hand1 hand2 hand3"), 4 players, dirty deck.
#: The same vectors are in docs/record-format.md.
GOLDEN = {
    0: (1, ["KH 2C4C2D JH6HJC 3DKC2H AD5S7D", "QD 6D3C5C 4D2S5H 6H7S7C 2H5D7H", "7S QS5D4C KS7D4H JH2CJS 2D6S3H"]),
    1: (0, ["QH 6HKHJC AH7H4S KD4CAD ACQC2D", "3D 2C5D4H AC2D7D 5S5C3C KSQC4D", "6S 5S7SJC JD4H3S 3D4DKD QD2H3H"]),
    2**64 + 1: (
        0,
        ["JD KHAH5S 6S4H2C ADQDAS 5D7D5H", "JC 3DKHAD KC7C6S QC5H2D 4HQDJS", "5C 6C5H7S QDQS2C KHKC7H 2D3S4H"],
    ),
    "0123456789abcdef" * 4: (
        1,
        ["2D 2CKS7D 3S7CKD 4H7SJD 5DACKC", "AH 5CJS7D 7S3CJH 6HQH5D AS2C4S", "AH KD7S4H 2D5SQH 4S6SAC 7CJS4C"],
    ),
}
#: seed 7 with "players": 2 and "deck": "clean": first dealer 1
GOLDEN_TWO_CLEAN = ["JH 3D3HJS 2DJC2H", "AH JSACJD AD3SQD", "QD JHAS2D 3DKHAC"]


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


def test_golden_key_and_draws():
    key = derived_key(0, DEALS)
    assert key.hex() == "b241a7280ddca6aac420e00b785e0b416ad6757db43406bb45031c375a8d5409"
    draws = Draws(key, 0)
    assert [draws.below(40) for _ in range(5)] == [35, 36, 31, 20, 15]


def test_golden_vector_two_players_clean_deck():
    got = SeededDeals(7, "clean", 2)
    assert got.first_dealer == 1
    assert written(got) == GOLDEN_TWO_CLEAN


def reference_deal(seed_as_bytes: bytes, number: int, deck: tuple[int, ...], players: int) -> list[int]:
    """The algorithm as docs/record-format.md words it, written again from that text."""
    key = hashlib.blake2b(seed_as_bytes, digest_size=32, person=b"truco deals").digest()
    m = 3 * players + 1
    product = 1
    for i in range(m):
        product *= len(deck) - i
    block = 0
    while True:  # the first 128-bit word under the largest multiple of the product below 2**128
        digest = hashlib.blake2b(f"{number}/{block}".encode(), key=key, digest_size=64).digest()
        words = [int.from_bytes(digest[i : i + 16], "big") for i in (0, 16, 32, 48)]
        usable = [w for w in words if w < 2**128 - 2**128 % product]
        if usable:
            r = usable[0] % product
            break
        block += 1
    cards = list(deck)
    for i in range(m):
        j = i + r % (len(deck) - i)
        r //= len(deck) - i
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:m]


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
    # 2**128 % 40 == 16: words 2**128 - 16 and above are skipped, so no value is favoured.
    key = derived_key(9, DEALS)
    counts = Counter(Draws(key, k).below(40) for k in range(20_000))
    expected = 20_000 / 40
    chi2 = sum((counts[v] - expected) ** 2 / expected for v in range(40))
    assert set(counts) == set(range(40)) and chi2 < 80  # 39 degrees of freedom: p < 1e-4 to fail

    # a word at the rejection limit is skipped, the next one used
    d = Draws(key, 0)
    d.digest = b"".join(w.to_bytes(16, "big") for w in (2**128 - 16, 2**128 - 1, 45, 0))
    d.at = 0
    assert d.below(40) == 5 and d.at == 48


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


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_random_sample_draws_as_the_library_does(seed, n, data):
    """Determinization and its deals draw with ``random_sample`` (compiled with the engine): the very cards of
    ``Random.sample``, and the generator left in the same state, or the search bots' decisions would change."""
    k = data.draw(st.integers(0, n))
    population = list(range(100, 100 + n))
    ours, library = random.Random(seed), random.Random(seed)
    assert random_sample(ours, population, k) == library.sample(population, k)
    assert ours.getstate() == library.getstate()
    assert random_sample(ours, DECKS["dirty"], 13) == library.sample(DECKS["dirty"], 13)
