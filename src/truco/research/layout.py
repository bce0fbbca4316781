"""The fixed action space and the observation's layout, as plain integers: no numpy here.

``truco.research.encoding`` turns these into arrays. This module is what a step of an
environment runs most (the ids of a view's legal actions, the index of every 1 of an
observation, ``SeatViews``: a step's work but the arrays), so a regular install compiles it with
mypyc along with the engine (``setup.py``).
"""

from __future__ import annotations

from typing import Final

from truco.engine import ACCEPT, OPTIONS, PLAY, PROFILES, RAISE, Action, Card, Kind, Match, Phase, Rules, View
from truco.engine.events import Event
from truco.engine.views import VECTOR, seat_vector

# the engine's action types and phase as this module's constants: a compiled module reads another's plain
# global from a dictionary each time
_PLAY: Final = PLAY
_RAISE: Final = RAISE
_ACCEPT: Final = ACCEPT
_DECIDING: Final = Phase.DECIDING

PLAY_SLOT: Final = 0
COVER_SLOT: Final = 3
RAISE_ID: Final = 6
ACCEPT_ID: Final = 7
RUN_ID: Final = 8
ELEVEN_PLAY: Final = 9
ELEVEN_RUN: Final = 10
BLIND_SLOT: Final = 11
NUM_ACTIONS: Final = 14
ACTION_NAMES: Final[tuple[str, ...]] = (
    *(f"play_{i}" for i in range(3)),
    *(f"cover_{i}" for i in range(3)),
    "raise",
    "accept",
    "run",
    "eleven_play",
    "eleven_run",
    *(f"blind_{i}" for i in range(3)),
)


def legal_actions(view: View) -> dict[int, Action]:
    """The seat's legal actions by id, in id order (empty when it may not act)."""
    ids, _ = _ids(view.legal, sorted(view.hand), view.phase == Phase.DECIDING)
    return dict(sorted(zip(ids, view.legal, strict=True)))  # no two ids are equal: no action is compared


def _ids(legal: tuple[Action, ...], slots: list[Card], deciding: bool) -> tuple[list[int], int]:
    """The id of each of ``legal``, and the ids as the bits of an integer: plays by the card's slot
    (``slots``: the hand in card order; blind, their own slot), the answers to a mão de onze apart from
    the answers to a raise."""
    ids: list[int] = []
    bits = 0
    if not legal:
        return ids, bits
    for a in legal:  # one loop, no call per action: an environment step asks this once
        _seat, kind, card, covered, slot = a
        if kind == _PLAY:  # by the card's slot, or its own slot when blind
            i = BLIND_SLOT + (slot or 0) if card is None else (COVER_SLOT if covered else PLAY_SLOT) + slots.index(card)
        elif kind == _RAISE:
            i = RAISE_ID
        elif kind == _ACCEPT:  # to play a mão de onze, or a raise
            i = ELEVEN_PLAY if deciding else ACCEPT_ID
        else:  # to flee a mão de onze, or run from a raise
            i = ELEVEN_RUN if deciding else RUN_ID
        ids.append(i)
        bits |= 1 << i
    return ids, bits


#: What a seat sees of a match now, as an environment step reads it (``seat_ones``): the index of every
#: 1 in the view's part of its observation (``fixed_ones`` give the rest), its legal actions (as its view
#: names them), the id of each, and the ids as the bits of an integer (its mask). A plain tuple: one is
#: made every step, and a named tuple costs a Python call to make.
Seen = tuple[list[int], tuple[Action, ...], list[int], int]


def seat_ones(match: Match, seat: int) -> Seen:
    """What ``seat`` sees of ``match`` now, without building a ``View``: the engine writes the view
    straight into the index list (``seat_vector``). What an environment step runs; the tests check
    it against the view in random positions (with ``fixed_ones``, ``on`` is ``ones(view)``)."""
    on, phase, hand, legal = seat_vector(match, seat)
    ids, bits = _ids(legal, hand, phase is _DECIDING)
    return on, legal, ids, bits


class SeatViews:
    """A match and what a seat sees of it now (``seat_ones``), made when first asked for after each
    action: an environment step's work but the arrays, here so that it is compiled."""

    def __init__(self, match: Match) -> None:
        self.match = match
        #: the seat last asked about (-1: none since the last action) and what it sees: an environment
        #: asks about the seat to act, once or twice an action
        self._seat = -1
        self._seen: Seen = ([], (), [], 0)

    def seen(self, seat: int) -> Seen:
        if seat != self._seat:
            self._seen = seat_ones(self.match, seat)
            self._seat = seat
        return self._seen

    def act(self, seat: int, action: object) -> tuple[list[Event], int]:
        """Apply ``seat``'s legal action with id ``action``: the events, and the next seat to act (-1:
        none). ``ValueError``, and nothing changes, when ``action`` is no legal action's id."""
        _, legal, ids, _ = self.seen(seat)
        try:
            chosen = legal[ids.index(action)]  # type: ignore[arg-type]  # any id may be asked for
        except ValueError:
            raise ValueError(f"action {action} is not legal for seat {seat} now (legal: {sorted(ids)})") from None
        self._seat = -1
        match = self.match
        events = match.apply(chosen)
        to_act = match.to_act()
        return events, to_act[0] if to_act else -1


# -- the observation ------------------------------------------------------------

SEATS: Final = 4
#: (name, size) of each part of the flat vector: the seat's view as the engine lays it out as a
#: one-hot vector (``truco.engine.views.VECTOR``: seats relative to the observing seat, 0 = itself, then
#: in seat-number order; teams too, 0 = its own), then the rules and the seat.
LAYOUT: Final[tuple[tuple[str, int], ...]] = (
    *VECTOR,
    ("profile", len(PROFILES)),
    ("options", sum(len(values) for values in OPTIONS.values())),
    ("seat", SEATS),
)


def _offsets(sizes: list[tuple[str, int]]) -> dict[str, int]:
    """Where each part starts, the parts laid end to end."""
    at, out = 0, {}
    for name, size in sizes:
        out[name] = at
        at += size
    return out


OFFSETS: Final = _offsets(list(LAYOUT))
OBSERVATION_SIZE: Final = sum(size for _, size in LAYOUT)
_OPTION_OFFSETS: Final = _offsets([(name, len(values)) for name, values in OPTIONS.items()])
_PROFILE_INDEX: Final = {p: i for i, p in enumerate(PROFILES)}
# The offsets as plain names: the observation is built once per environment step.
_SCORE: Final = OFFSETS["score"]
_DEALER: Final = OFFSETS["dealer"]
_KIND: Final = OFFSETS["kind"]
_PHASE: Final = OFFSETS["phase"]
_VIRA: Final = OFFSETS["vira"]
_MANILHA: Final = OFFSETS["manilha"]
_VALUE: Final = OFFSETS["value"]
_HAND: Final = OFFSETS["hand"]
_BLIND: Final = OFFSETS["blind"]
_PARTNER: Final = OFFSETS["partner_hand"]
_COVERED: Final = OFFSETS["own_covered"]
_SIZES: Final = OFFSETS["hand_sizes"]
_TRICKS: Final = OFFSETS["tricks"]
_WINNERS: Final = OFFSETS["trick_winners"]
_TURN: Final = OFFSETS["turn"]
_TO_ACT: Final = OFFSETS["to_act"]
_PENDING: Final = OFFSETS["pending"]
_RAISE_TEAM: Final = OFFSETS["raise_team"]
_ELEVEN_TEAM: Final = OFFSETS["eleven_team"]
_CANGA: Final = OFFSETS["canga"]
_WINNER: Final = OFFSETS["winner"]
_KIND_INDEX: Final = {k: i for i, k in enumerate(Kind)}
_PHASE_INDEX: Final = {p: i for i, p in enumerate(Phase)}
_PLAY_WIDTH: Final = SEATS + 41

#: Each seat relative to the observer (0 = itself, then in seat-number order): ``_RELATIVE[n][observer][seat]``.
_RELATIVE: Final = {n: tuple(tuple((s - seat) % n for s in range(n)) for seat in range(n)) for n in (2, 4)}
#: The tricks part's index of each (trick, position in it) play.
_PLAY_AT: Final = tuple(tuple(_TRICKS + (k * SEATS + p) * _PLAY_WIDTH for p in range(SEATS)) for k in range(3))

#: ``fixed_ones``'s indices by the identity of the rules, each with the rules they were made for (which keeps
#: them alive: no other rules can take their id while they are here). Hashing and comparing ``Rules``
#: (a dataclass of every option) cost more than the rest of an observation.
_FIXED: Final[dict[int, tuple[Rules, tuple[tuple[int, ...], ...]]]] = {}


def fixed_ones(rules: Rules, seat: int) -> tuple[int, ...]:
    """The indices set by what never changes in a match: the rules and the observer's seat."""
    known = _FIXED.get(id(rules))
    if known is None or known[0] is not rules:
        at = OFFSETS["options"]
        options = [at + _OPTION_OFFSETS[n] + values.index(getattr(rules, n)) for n, values in OPTIONS.items()]
        profile = OFFSETS["profile"] + _PROFILE_INDEX[rules.profile]
        if len(_FIXED) >= 256:  # the rules of matches long over
            _FIXED.clear()
        known = _FIXED[id(rules)] = (rules, tuple((profile, *options, OFFSETS["seat"] + s) for s in range(SEATS)))
    return known[1][seat]


def ones(view: View) -> list[int]:
    """The index of every 1 in the seat's observation (layout: ``LAYOUT``); every other value is 0."""
    seat, team = view.seat, view.team
    if seat is None or team is None:
        raise ValueError("an observation is of a seat's view")
    rel = _RELATIVE[view.players][seat]
    score = view.score
    on = [
        *fixed_ones(view.rules, seat),
        _SCORE + score[team],
        _SCORE + 13 + score[1 - team],
        _DEALER + rel[view.dealer],
        _KIND + _KIND_INDEX[view.kind],
        _PHASE + _PHASE_INDEX[view.phase],
        _VALUE + view.value,
        _BLIND + view.blind,
    ]
    vira, manilha = view.vira, view.manilha
    if vira is not None:
        on.append(_VIRA + vira)
    if manilha is not None:
        on.append(_MANILHA + manilha)
    for c in view.hand:
        on.append(_HAND + c)
    for cards in view.known_hands.values():
        for c in cards:
            on.append(_PARTNER + c)
    for c in view.own_covered:
        on.append(_COVERED + c)
    for r, size in zip(rel, view.hand_sizes, strict=True):
        on.append(_SIZES + 4 * r + size)
    tricks = view.tricks
    for k, trick in enumerate((*tricks, view.trick) if len(tricks) < 3 else tricks):
        at = _PLAY_AT[k]
        for p, (s, card) in enumerate(trick):
            play = at[p]
            on.append(play + rel[s])
            on.append(play + SEATS + (40 if card is None else card))
    for k, w in enumerate(view.trick_winners):
        on.append(_WINNERS + 3 * k + (2 if w is None else int(w != team)))
    turn = view.turn
    if turn is not None:
        on.append(_TURN + rel[turn])
    for s in view.to_act:
        on.append(_TO_ACT + rel[s])
    pending = view.pending
    if pending is not None:
        on.append(_PENDING + pending["value"])
        on.append(_PENDING + 13 + int(pending["team"] != team))
        if pending["accepted"]:
            on.append(_PENDING + 15)
    if view.raise_team is not None:
        on.append(_RAISE_TEAM + int(view.raise_team != team))
    if view.eleven_team is not None:
        on.append(_ELEVEN_TEAM + int(view.eleven_team != team))
    if view.canga:
        on.append(_CANGA)
    if view.winner is not None:
        on.append(_WINNER + int(view.winner != team))
    return on
