"""Actions a seat may take. Every action of the game is one precomputed ``Action``.

>>> Action.play(0, parse_card("4C"))
Action(seat=0, type='play', card=3, covered=False, slot=None)
>>> str(Action.play(2, parse_card("3H"), covered=True))
'seat 2 plays 3H covered'
"""

from __future__ import annotations

from typing import NamedTuple

from truco.engine.cards import Card, card_name, parse_card

PLAY = "play"
RAISE = "raise"
ACCEPT = "accept"
RUN = "run"
ACTION_TYPES = (PLAY, RAISE, ACCEPT, RUN)

__all__ = ["ACCEPT", "ACTION_TYPES", "PLAY", "RAISE", "RUN", "Action", "parse_card"]


class Action(NamedTuple):
    """One seat's action.

    ``play`` carries the card (or, in a mão de ferro where a seat cannot see its
    own cards, the ``slot``: the position of the face-down card in its hand);
    ``raise`` asks for the next value, on one's turn or as the answer to a
    pending raise; ``accept`` and ``run`` answer a raise or decide a mão de onze.
    """

    seat: int
    type: str
    card: Card | None = None
    covered: bool = False
    slot: int | None = None

    @staticmethod
    def play(seat: int, card: Card, covered: bool = False) -> Action:
        return (COVER_ACTIONS if covered else PLAY_ACTIONS)[seat][card]

    @staticmethod
    def play_blind(seat: int, slot: int) -> Action:
        return Action(seat, PLAY, None, False, slot)

    @staticmethod
    def raise_(seat: int) -> Action:
        return RAISE_ACTIONS[seat]

    @staticmethod
    def accept(seat: int) -> Action:
        return ACCEPT_ACTIONS[seat]

    @staticmethod
    def run(seat: int) -> Action:
        return RUN_ACTIONS[seat]

    def __str__(self) -> str:
        if self.type != PLAY:
            return f"seat {self.seat} {self.type}s"
        what = f"face-down card {self.slot}" if self.card is None else card_name(self.card)
        return f"seat {self.seat} plays {what}" + (" covered" if self.covered else "")

    def to_json(self) -> dict[str, object]:
        """The record form: ``{"seat": 0, "type": "play", "card": "4C"}``."""
        out: dict[str, object] = {"seat": self.seat, "type": self.type}
        if self.type == PLAY:
            if self.card is None:
                out["slot"] = self.slot
            else:
                out["card"] = card_name(self.card)
            if self.covered:
                out["covered"] = True
        return out


SEATS = range(4)
PLAY_ACTIONS = tuple(tuple(Action(s, PLAY, c) for c in range(40)) for s in SEATS)
COVER_ACTIONS = tuple(tuple(Action(s, PLAY, c, True) for c in range(40)) for s in SEATS)
RAISE_ACTIONS = tuple(Action(s, RAISE) for s in SEATS)
ACCEPT_ACTIONS = tuple(Action(s, ACCEPT) for s in SEATS)
RUN_ACTIONS = tuple(Action(s, RUN) for s in SEATS)
