"""Partner signals (seed 001): four gestures whose meaning is drawn per hand and per team.

>>> a, b = signal_table(7, 0, 0), signal_table(7, 0, 1)
>>> sorted(a) == sorted(GESTURES) and sorted(a.values()) == list("CDHS") and a != b
True
"""

from __future__ import annotations

from random import Random

GESTURES = ("piscar", "sobrancelha", "bochecha", "lingua")


def signal_table(seed: int, hand: int, team: int) -> dict[str, str]:
    """The table of ``team`` for ``hand``: gesture -> manilha suit (D S H C).
    Drawn from the table's seed, so a restarted server draws the same; the
    two teams' tables always differ."""
    rng = Random(f"signals/{seed}/{hand}")
    own = rng.sample("DSHC", 4)
    other = own
    while other == own:
        other = rng.sample("DSHC", 4)
    return dict(zip(GESTURES, own if team == 0 else other, strict=True))
