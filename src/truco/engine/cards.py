"""Cards as small integers, and the strength tables of each hand.

A card is ``rank * 4 + suit``: ranks in the common order ``4 5 6 7 Q J K A 2 3``
(0..9) and suits in the manilha order ``D S H C`` (ouros, espadas, copas, paus).

>>> parse_card("4C")
3
>>> card_name(39)
'3C'
>>> manilha_rank(parse_card("3D"), deck="dirty")  # vira 3 -> manilha 4
0
"""

from __future__ import annotations

from functools import cache

RANKS = "4567QJKA23"
SUITS = "DSHC"
SUIT_SYMBOLS = "♦♠♥♣"
RANK_NAMES_SPANISH = ("4", "5", "6", "7", "10", "11", "12", "1", "2", "3")
SUIT_NAMES = {
    "french": ("ouros", "espadas", "copas", "paus"),
    "spanish": ("oros", "espadas", "copas", "bastos"),
}

Card = int

DIRTY_DECK: tuple[Card, ...] = tuple(range(40))
#: The clean deck keeps Q J K A 2 3 (ranks 4..9).
CLEAN_DECK: tuple[Card, ...] = tuple(c for c in range(40) if c >> 2 >= 4)
DECKS = {"dirty": DIRTY_DECK, "clean": CLEAN_DECK}

#: Strength of a covered card: below every open card.
COVERED_STRENGTH = -1


def rank(card: Card) -> int:
    return card >> 2


def suit(card: Card) -> int:
    return card & 3


def card_name(card: Card) -> str:
    """The record name of a card: rank then suit letter, e.g. ``"7H"``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def parse_card(name: object) -> Card:
    """Parse a record card name; raise ValueError for anything else."""
    if not isinstance(name, str) or len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"not a card: {name!r} (expected a rank of {RANKS} then a suit of {SUITS}, e.g. '4C')")
    return RANKS.index(name[0]) * 4 + SUITS.index(name[1])


#: The weakest manilha's strength: above every ordinary card (ranks 0..9).
MANILHA_STRENGTH = 10

#: Manilha velha: 4♣ > 7♥ > A♠ > 7♦, whatever the vira.
FIXED_MANILHAS: dict[Card, int] = {
    parse_card("4C"): 13,
    parse_card("7H"): 12,
    parse_card("AS"): 11,
    parse_card("7D"): 10,
}


def card_label(card: Card, faces: str = "french") -> str:
    """What a player reads: ``"7♥"`` in French faces, ``"7 de copas"`` in Spanish ones."""
    if faces == "spanish":
        return f"{RANK_NAMES_SPANISH[card >> 2]} de {SUIT_NAMES['spanish'][card & 3]}"
    return RANKS[card >> 2] + SUIT_SYMBOLS[card & 3]


@cache
def manilha_rank(vira: Card, deck: str = "dirty") -> int:
    """The rank just above the vira, cycling over the ranks of the deck in use."""
    ranks = sorted({c >> 2 for c in DECKS[deck]})
    return ranks[(ranks.index(vira >> 2) + 1) % len(ranks)]


@cache
def strength_table(vira: Card, manilhas: str = "vira", deck: str = "dirty") -> tuple[int, ...]:
    """Strength of every card for a hand: ordinary cards by rank (suits tie),
    manilhas above them all and ordered by suit (never tied).

    >>> t = strength_table(parse_card("7D"))  # manilha Q
    >>> t[parse_card("QC")] > t[parse_card("QH")] > t[parse_card("3S")]
    True
    """
    if manilhas == "fixed":
        return tuple(FIXED_MANILHAS.get(c, c >> 2) for c in range(40))
    m = manilha_rank(vira, deck)
    return tuple(MANILHA_STRENGTH + (c & 3) if c >> 2 == m else c >> 2 for c in range(40))


@cache
def manilha_cards(vira: Card, manilhas: str = "vira", deck: str = "dirty") -> tuple[Card, ...]:
    """The manilhas of a hand, strongest first (fixed ones whatever the vira).

    >>> [card_name(c) for c in manilha_cards(parse_card("7D"))]
    ['QC', 'QH', 'QS', 'QD']
    >>> [card_name(c) for c in manilha_cards(-1, "fixed")]
    ['4C', '7H', 'AS', '7D']
    """
    table = strength_table(vira, manilhas, deck)
    return tuple(sorted((c for c in range(40) if table[c] >= MANILHA_STRENGTH), key=lambda c: -table[c]))
