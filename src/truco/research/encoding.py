"""One fixed action space and one observation encoding, both read from a seat's ``View``.

Every research interface (PettingZoo, OpenSpiel, the arena adapter) speaks
through these functions, so that what a learner sees is exactly what the
engine's view lets that seat know, whatever the door.

The 14 actions (``ACTION_NAMES``):

====  ==================  ===========================================================
id    name                meaning
====  ==================  ===========================================================
0-2   ``play_0..2``       play open the card in slot i (slots: own cards by card id)
3-5   ``cover_0..2``      play the card in slot i covered (face down)
6     ``raise``           ask truco / seis / nove / doze (on one's turn or as an answer)
7     ``accept``          accept a pending raise
8     ``run``             run from a pending raise (the hand is lost at its value)
9     ``eleven_play``     the team on 11 plays its mão de onze
10    ``eleven_run``      the team on 11 flees its mão de onze
11-13 ``blind_0..2``      mão de ferro: play the face-down card in slot i
====  ==================  ===========================================================

>>> from truco.engine import Match, view
>>> m = Match(seed=3)
>>> v = view(m, m.to_act()[0])
>>> sorted(legal_actions(v))  # the leader may play any of its three cards open, or ask truco
[0, 1, 2, 6]
>>> legal_actions(v)[0]  # slot 0 is its lowest card id
Action(seat=2, type='play', card=9, covered=False, slot=None)
>>> observation(v).shape == (OBSERVATION_SIZE,)
True
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from truco.engine import Action, Rules, View, card_name
from truco.engine.events import Answered, CardPlayed, Event, HandEnded, RaiseAsked
from truco.research.layout import (
    ACTION_NAMES,
    COVER_SLOT,
    LAYOUT,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    PLAY_SLOT,
    RAISE_ID,
    SEATS,
    fixed_ones,
    legal_actions,
    ones,
    seat_ones,
)

__all__ = [  # the action space and the layout live in truco.research.layout, read through here
    "ACTION_NAMES", "COVER_SLOT", "HISTORY_LENGTH", "INDEX", "INFO_STATE_SIZE", "LAYOUT", "MASKS", "NUM_ACTIONS",
    "OBSERVATION_SIZE", "PLAY_SLOT", "PUBLIC_KINDS", "RAISE_ID", "PublicAction", "action_id", "action_mask", "blank",
    "fixed_ones", "hand_history",
    "information_state", "information_state_string", "legal_actions", "mask", "observation", "observation_string",
    "seat_ones", "vector",
]  # fmt: skip


def action_id(view: View, action: Action) -> int:
    """The id of one of ``view.legal`` in the fixed action space."""
    for i, legal in legal_actions(view).items():
        if legal == action:
            return i
    raise ValueError(f"{action} is not one of the view's legal actions")


def action_mask(view: View) -> np.ndarray:
    """1 for each legal action id, 0 elsewhere (int8, as PettingZoo's masks; read-only, see ``mask``)."""
    return mask(sum(1 << i for i in legal_actions(view)))


#: every mask made, by its ids as the bits of an integer (``mask``)
MASKS: dict[int, np.ndarray] = {}


def mask(bits: int) -> np.ndarray:
    """The mask with 1 at each id whose bit is set in ``bits``: made once per set of ids and shared,
    so read-only (a mask is never changed after it is made: one kept by a learner stays what it was)."""
    known = MASKS.get(bits)
    if known is None:
        known = np.array([bits >> i & 1 for i in range(NUM_ACTIONS)], np.int8)
        known.flags.writeable = False
        MASKS[bits] = known
    return known


# -- the observation tensor ---------------------------------------------------


def observation(view: View, out: np.ndarray | None = None) -> np.ndarray:
    """The seat's view as a flat float32 vector of ``OBSERVATION_SIZE`` (layout: ``LAYOUT``)."""
    on = ones(view)
    if out is None:
        return vector(on)
    out.fill(0)
    out[np.fromiter(on, np.intp, len(on))] = 1.0
    return out


#: the dtype of an index array (a dtype, not a type: numpy need not look it up each call)
INDEX = np.dtype(np.intp)


def vector(on: list[int], base: np.ndarray | None = None) -> np.ndarray:
    """A new observation: ``base`` (zeros, or ``blank``) with a 1 at each index of ``on``."""
    x = np.zeros(OBSERVATION_SIZE, np.float32) if base is None else base.copy()
    x[np.fromiter(on, INDEX, len(on))] = 1.0
    return x


def blank(rules: Rules, seat: int) -> np.ndarray:
    """The observation's 1s that never change in a match (``fixed_ones``: the rules and the seat), 0
    elsewhere: read-only, a base for ``vector`` with ``seat_ones``."""
    x = vector(list(fixed_ones(rules, seat)))
    x.flags.writeable = False
    return x


def _cards(cards: tuple[int, ...] | list[int]) -> str:
    return "".join(card_name(c) for c in sorted(cards)) or "-"


def observation_string(view: View) -> str:
    """The seat's view in one short line: the same information as ``observation``.

    >>> from truco.engine import Match, view
    >>> observation_string(view(Match(seed=3), 1))
    'p1 s0-0 d1 normal playing vQS =1 h6DQCJC b0 k- c- z3333 t[] w[] n- a2 q- r- e- g0 x-'
    """

    def seen(trick: tuple[tuple[int, int | None], ...]) -> str:
        return ",".join(f"{s}{'??' if c is None else card_name(c)}" for s, c in trick)

    v = view
    winners = v.trick_winners
    pending = "-" if v.pending is None else f"{v.pending['value']}/{v.pending['team']}/{int(v.pending['accepted'])}"
    known = ";".join(f"{s}:{_cards(cs)}" for s, cs in sorted(v.known_hands.items())) or "-"
    return " ".join(
        (
            f"p{v.seat} s{v.score[0]}-{v.score[1]} d{v.dealer} {v.kind} {v.phase}",
            f"v{'-' if v.vira is None else card_name(v.vira)} ={v.value} h{_cards(v.hand)} b{v.blind}",
            f"k{known} c{_cards(v.own_covered)} z{''.join(map(str, v.hand_sizes))}",
            f"t[{' '.join(seen(t) for t in v.tricks)}] w[{''.join('-' if w is None else str(w) for w in winners)}]",
            f"n{seen(v.trick) or '-'} a{''.join(map(str, v.to_act)) or '-'} q{pending}",
            f"r{'-' if v.raise_team is None else v.raise_team} e{'-' if v.eleven_team is None else v.eleven_team}",
            f"g{int(v.canga)} x{'-' if v.winner is None else v.winner}",
        )
    )


# -- the public record of a hand ------------------------------------------------

#: What every seat sees of an action: who, and what kind (never a covered card).
PUBLIC_KINDS = ("play", "cover", "raise", "accept", "run")


class PublicAction(NamedTuple):
    seat: int
    kind: str

    @staticmethod
    def of(event: Event) -> PublicAction | None:
        """The action behind one of the engine's public events (None for an event that is no seat's action).

        >>> from truco.engine.events import Answered, CardPlayed
        >>> PublicAction.of(CardPlayed(2, None, True)), PublicAction.of(Answered(1, "run"))
        (PublicAction(seat=2, kind='cover'), PublicAction(seat=1, kind='run'))
        """
        if isinstance(event, CardPlayed):
            return PublicAction(event.seat, "cover" if event.covered else "play")
        if isinstance(event, RaiseAsked):
            return PublicAction(event.seat, "raise")
        if isinstance(event, Answered):
            return PublicAction(event.seat, event.answer)
        return None

    def __str__(self) -> str:
        return f"{self.seat}{self.kind[0] if self.kind != 'raise' else 'R'}"


def hand_history(history: list[PublicAction], events: list[Event]) -> list[PublicAction]:
    """This hand's public actions (``history``) after an action that caused ``events``; a new hand starts
    afresh. Read from the events, as every seat sees them: the first of two answers to a raise comes with the
    second (the engine seals it until then)."""
    for event in events:
        if isinstance(event, HandEnded):
            history = []
        else:
            seen = PublicAction.of(event)
            if seen is not None:
                history = [*history, seen]
    return history


#: Public actions of one hand kept in the information-state tensor (a hand of four
#: seats has at most 12 plays, 4 raises with 2 answers each and 2 mão de onze decisions).
HISTORY_LENGTH = 32
INFO_STATE_SIZE = OBSERVATION_SIZE + HISTORY_LENGTH * (SEATS + len(PUBLIC_KINDS))


def information_state(view: View, history: list[PublicAction], out: np.ndarray | None = None) -> np.ndarray:
    """The observation, then this hand's public actions in order (seat relative, kind)."""
    x = np.zeros(INFO_STATE_SIZE, np.float32) if out is None else out
    observation(view, x[:OBSERVATION_SIZE])
    x[OBSERVATION_SIZE:] = 0
    seat, n = view.seat or 0, view.players
    width = SEATS + len(PUBLIC_KINDS)
    for k, p in enumerate(history[:HISTORY_LENGTH]):
        at = OBSERVATION_SIZE + k * width
        x[at + (p.seat - seat) % n] = 1
        x[at + SEATS + PUBLIC_KINDS.index(p.kind)] = 1
    return x


def information_state_string(view: View, history: list[PublicAction]) -> str:
    """The observation string and this hand's public actions: all the seat has seen of the hand."""
    return f"{observation_string(view)} |{' '.join(map(str, history))}"
