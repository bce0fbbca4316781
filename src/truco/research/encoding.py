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

from truco.engine import ACCEPT, OPTIONS, PLAY, PROFILES, RAISE, RUN, Action, Rules, View, card_name

PLAY_SLOT, COVER_SLOT, RAISE_ID, ACCEPT_ID, RUN_ID, ELEVEN_PLAY, ELEVEN_RUN, BLIND_SLOT = 0, 3, 6, 7, 8, 9, 10, 11
NUM_ACTIONS = 14
ACTION_NAMES: tuple[str, ...] = (
    *(f"play_{i}" for i in range(3)),
    *(f"cover_{i}" for i in range(3)),
    "raise",
    "accept",
    "run",
    "eleven_play",
    "eleven_run",
    *(f"blind_{i}" for i in range(3)),
)


def action_id(view: View, action: Action) -> int:
    """The id of one of ``view.legal`` in the fixed action space."""
    for i, legal in legal_actions(view).items():
        if legal == action:
            return i
    raise ValueError(f"{action} is not one of the view's legal actions")


#: The id of each action but a play, by (type, whether the team on 11 is deciding).
_NOT_PLAY_IDS = {
    (RAISE, False): RAISE_ID,
    (ACCEPT, False): ACCEPT_ID,
    (RUN, False): RUN_ID,
    (ACCEPT, True): ELEVEN_PLAY,
    (RUN, True): ELEVEN_RUN,
}


def legal_actions(view: View) -> dict[int, Action]:
    """The seat's legal actions by id, in id order (empty when it may not act)."""
    legal = view.legal
    if not legal:
        return {}
    slots, deciding = sorted(view.hand), view.phase == "deciding"
    ids = []
    for a in legal:  # one loop, no call per action: an environment step asks this once
        if a.type == PLAY:
            card = a.card
            if card is None:  # a blind play names its slot
                ids.append((BLIND_SLOT + a.slot, a))  # type: ignore[operator]
            else:
                ids.append(((COVER_SLOT if a.covered else PLAY_SLOT) + slots.index(card), a))
        else:
            ids.append((_NOT_PLAY_IDS[a.type, deciding], a))
    ids.sort()
    return dict(ids)


def action_mask(view: View) -> np.ndarray:
    """1 for each legal action id, 0 elsewhere (int8, as PettingZoo's masks; read-only, see ``mask``)."""
    return mask(tuple(legal_actions(view)))


_MASKS: dict[tuple[int, ...], np.ndarray] = {}


def mask(ids: tuple[int, ...]) -> np.ndarray:
    """The mask with 1 at each of ``ids``: made once per set of ids and shared, so read-only
    (a mask is never changed after it is made: one kept by a learner stays what it was)."""
    known = _MASKS.get(ids)
    if known is None:
        known = np.zeros(NUM_ACTIONS, np.int8)
        known[list(ids)] = 1
        known.flags.writeable = False
        _MASKS[ids] = known
    return known


# -- the observation tensor ---------------------------------------------------

KINDS = ("normal", "mao_de_onze", "mao_de_ferro")
PHASES = ("deciding", "playing", "answering", "no_deal", "over")
SEATS = 4
#: (name, size) of each part of the flat vector. Seats are relative to the
#: observing seat (0 = itself, then in seat-number order), teams too (0 = its own).
LAYOUT: tuple[tuple[str, int], ...] = (
    ("profile", len(PROFILES)),
    ("options", sum(len(values) for values in OPTIONS.values())),
    ("seat", SEATS),
    ("score", 2 * 13),
    ("dealer", SEATS),
    ("kind", len(KINDS)),
    ("phase", len(PHASES)),
    ("vira", 40),
    ("manilha", 10),
    ("value", 13),
    ("hand", 40),
    ("blind", 4),
    ("partner_hand", 40),
    ("own_covered", 40),
    ("hand_sizes", SEATS * 4),
    ("tricks", 3 * SEATS * (SEATS + 40 + 1)),
    ("trick_winners", 3 * 3),
    ("turn", SEATS),
    ("to_act", SEATS),
    ("pending", 13 + 2 + 1),
    ("raise_team", 2),
    ("eleven_team", 2),
    ("canga", 1),
    ("winner", 2),
)
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in LAYOUT:
    OFFSETS[_name] = _at
    _at += _size
OBSERVATION_SIZE = _at
_OPTION_OFFSETS: dict[str, int] = {}
_at = 0
for _name, _values in OPTIONS.items():
    _OPTION_OFFSETS[_name] = _at
    _at += len(_values)
del _at, _name, _size, _values
_PROFILE_INDEX = {p: i for i, p in enumerate(PROFILES)}
# The offsets as plain names: the observation is built once per environment step.
(_SCORE, _DEALER, _KIND, _PHASE, _VIRA, _MANILHA, _VALUE, _HAND, _BLIND, _PARTNER, _COVERED, _SIZES, _TRICKS,
 _WINNERS, _TURN, _TO_ACT, _PENDING, _RAISE_TEAM, _ELEVEN_TEAM, _CANGA, _WINNER) = (OFFSETS[name] for name in (
    "score", "dealer", "kind", "phase", "vira", "manilha", "value", "hand", "blind", "partner_hand", "own_covered",
    "hand_sizes", "tricks", "trick_winners", "turn", "to_act", "pending", "raise_team", "eleven_team", "canga",
    "winner"))  # fmt: skip
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_PLAY_WIDTH = SEATS + 41


#: Each seat relative to the observer (0 = itself, then in seat-number order): ``_RELATIVE[n][observer][seat]``.
_RELATIVE = {n: tuple(tuple((s - seat) % n for s in range(n)) for seat in range(n)) for n in (2, 4)}
#: The tricks part's index of each (trick, position in it, relative seat) and of each (trick, position) card.
_PLAY_AT = tuple(tuple(_TRICKS + (k * SEATS + p) * _PLAY_WIDTH for p in range(SEATS)) for k in range(3))


#: ``_fixed``'s indices by the identity of the rules, each with the rules they were made for (which keeps
#: them alive: no other rules can take their id while they are here). Hashing and comparing ``Rules``
#: (a dataclass of every option) cost more than the rest of an observation.
_FIXED: dict[int, tuple[Rules, tuple[tuple[int, ...], ...]]] = {}


def _fixed(rules: Rules, seat: int) -> tuple[int, ...]:
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


def observation(view: View, out: np.ndarray | None = None) -> np.ndarray:
    """The seat's view as a flat float32 vector of ``OBSERVATION_SIZE`` (layout: ``LAYOUT``)."""
    seat, team = view.seat, view.team
    if seat is None or team is None:
        raise ValueError("an observation is of a seat's view")
    rel = _RELATIVE[view.players][seat]
    score = view.score
    on = [
        *_fixed(view.rules, seat),
        _SCORE + score[team],
        _SCORE + 13 + score[1 - team],
        _DEALER + rel[view.dealer],
        _KIND + _KIND_INDEX[view.kind],
        _PHASE + _PHASE_INDEX[view.phase],
        _VALUE + view.value,
        _BLIND + view.blind,
    ]
    add = on.append
    if view.vira is not None:
        add(_VIRA + view.vira)
    if view.manilha is not None:
        add(_MANILHA + view.manilha)
    on += [_HAND + c for c in view.hand]
    if view.known_hands:
        for cards in view.known_hands.values():
            on += [_PARTNER + c for c in cards]
    if view.own_covered:
        on += [_COVERED + c for c in view.own_covered]
    on += [_SIZES + 4 * r + size for r, size in zip(rel, view.hand_sizes, strict=True)]
    tricks = view.tricks
    for k, trick in enumerate((*tricks, view.trick) if len(tricks) < 3 else tricks):
        at = _PLAY_AT[k]
        for p, (s, c) in enumerate(trick):
            play = at[p]
            add(play + rel[s])
            add(play + SEATS + (40 if c is None else c))
    on += [_WINNERS + 3 * k + (2 if w is None else int(w != team)) for k, w in enumerate(view.trick_winners)]
    if view.turn is not None:
        add(_TURN + rel[view.turn])
    on += [_TO_ACT + rel[s] for s in view.to_act]
    pending = view.pending
    if pending is not None:
        add(_PENDING + pending["value"])
        add(_PENDING + 13 + int(pending["team"] != team))
        if pending["accepted"]:
            add(_PENDING + 15)
    if view.raise_team is not None:
        add(_RAISE_TEAM + int(view.raise_team != team))
    if view.eleven_team is not None:
        add(_ELEVEN_TEAM + int(view.eleven_team != team))
    if view.canga:
        add(_CANGA)
    if view.winner is not None:
        add(_WINNER + int(view.winner != team))
    if out is None:
        x = np.zeros(OBSERVATION_SIZE, np.float32)
    else:
        x = out
        x.fill(0)
    x[np.fromiter(on, np.intp, len(on))] = 1.0
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
    def of(action: Action) -> PublicAction:
        if action.type == PLAY:
            return PublicAction(action.seat, "cover" if action.covered else "play")
        return PublicAction(action.seat, action.type)

    def __str__(self) -> str:
        return f"{self.seat}{self.kind[0] if self.kind != 'raise' else 'R'}"


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
