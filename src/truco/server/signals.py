"""Partner signals (seed 001): four gestures whose meaning is drawn per hand and per team.

>>> a, b = signal_table(7, 0, 0), signal_table(7, 0, 1)
>>> sorted(a) == sorted(GESTURES) and sorted(a.values()) == list("CDHS") and a != b
True
"""

from __future__ import annotations

from random import Random

from truco.engine.deals import SIGNALS, Draws, derived_key

GESTURES = ("piscar", "sobrancelha", "bochecha", "lingua")


def signal_table(secret: int | str, hand: int, team: int) -> dict[str, str]:
    """The table of ``team`` for ``hand``: gesture -> manilha suit (D S H C).
    Drawn from the table's secret with its own derived key (``Draws`` for the
    purpose "signals", item ``hand``), so a restarted server draws the same and
    neither table tells anything of the deals. Team 0 gets the first shuffle of
    the suits; team 1 the next one that differs from it."""
    draws = Draws(derived_key(secret, SIGNALS), hand)

    def shuffled() -> list[int]:
        order = [0, 1, 2, 3]
        draws.shuffle(order, 3)
        return order

    own = other = shuffled()
    while other == own:
        other = shuffled()
    return {g: "DSHC"[i] for g, i in zip(GESTURES, own if team == 0 else other, strict=True)}


def legacy_signal_table(seed: int | str, hand: int, team: int) -> dict[str, str]:
    """``signal_table`` as drawn for tables stored before deal secrets (migration 0002), from
    ``Random`` and their old seed: team 0 gets a random order of the suits, team 1 the next
    one that differs from it. Never for new tables.

    >>> legacy_signal_table(7, 0, 0) != legacy_signal_table(7, 0, 1)
    True
    """
    rng = Random(f"signals/{seed}/{hand}")
    own = rng.sample("DSHC", 4)
    other = own
    while other == own:
        other = rng.sample("DSHC", 4)
    return dict(zip(GESTURES, own if team == 0 else other, strict=True))
