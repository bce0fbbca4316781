"""The kinds of hand and the phases of a match, compared by value.

A view rebuilt from JSON (a bot in another process) names them by their
strings: ``Kind(text)`` and ``Phase(text)`` give back the engine's members.

>>> Phase("playing") is Phase.PLAYING, Kind.IRON == "mao_de_ferro"
(True, True)
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """The kind of a hand."""

    NORMAL = "normal"
    ELEVEN = "mao_de_onze"
    IRON = "mao_de_ferro"


class Phase(StrEnum):
    """What the match waits for."""

    DECIDING = "deciding"  # the team on 11 decides whether to play
    PLAYING = "playing"  # the turn seat plays a card or raises
    ANSWERING = "answering"  # the asked team answers a raise
    NO_DEAL = "no_deal"  # the deals ran out before the match ended
    OVER = "over"
