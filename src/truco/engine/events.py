"""What ``Match.apply`` returns: public events, the same for every audience.

No event holds a hidden card: a covered card is a ``CardPlayed`` with
``card=None``, and the cards dealt reach each seat only through its view.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from truco.engine.cards import Card, card_name
from truco.engine.states import Kind


class HandStarted(NamedTuple):
    number: int
    dealer: int
    vira: Card
    kind: Kind


class CardPlayed(NamedTuple):
    seat: int
    #: None when covered: a covered card is never revealed.
    card: Card | None
    covered: bool


class TrickEnded(NamedTuple):
    number: int
    #: the winning team, None for a tie
    winner: int | None
    #: who leads the next trick
    leader: int


class RaiseAsked(NamedTuple):
    seat: int
    #: the value asked for (truco 3, seis 6, nove 9, doze 12)
    value: int


class Answered(NamedTuple):
    """One seat's answer to a raise or to a mão de onze: "accept" or "run"."""

    seat: int
    answer: str


class RaiseAccepted(NamedTuple):
    team: int
    value: int


class ElevenDecided(NamedTuple):
    team: int
    play: bool


class HandEnded(NamedTuple):
    number: int
    winner: int | None
    points: int
    score: tuple[int, int]
    #: "tricks", "run" (both ran from a raise), "fled" (mão de onze), "tied", "penalty"
    reason: str


class MatchEnded(NamedTuple):
    winner: int
    score: tuple[int, int]


Event = (
    HandStarted
    | CardPlayed
    | TrickEnded
    | RaiseAsked
    | Answered
    | RaiseAccepted
    | ElevenDecided
    | HandEnded
    | MatchEnded
)


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON object for an event, its type in snake case and cards by record name."""
    out: dict[str, Any] = {"type": _SNAKE[type(event)]}
    for key, value in event._asdict().items():
        out[key] = card_name(value) if key in ("card", "vira") and value is not None else value
    return out


_SNAKE = {
    HandStarted: "hand_started",
    CardPlayed: "card_played",
    TrickEnded: "trick_ended",
    RaiseAsked: "raise_asked",
    Answered: "answered",
    RaiseAccepted: "raise_accepted",
    ElevenDecided: "eleven_decided",
    HandEnded: "hand_ended",
    MatchEnded: "match_ended",
}
