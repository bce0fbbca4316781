"""What one audience may know of a match: a seat, a team, or a spectator.

Bots, clients, spectators and replays only ever get a ``View``. A covered
card is ``None`` in every view's tricks (its owner finds it in ``own_covered``),
and a mão de ferro hides a seat's own cards even from that seat.

>>> from truco.engine import Match
>>> m = Match(seed=3)
>>> v = view(m, seat=0)
>>> len(v.hand), v.hand_sizes
(3, (3, 3, 3, 3))
>>> view(m).hand  # a spectator holds nothing
()
>>> v.teams  # each seat's team, as the engine seats them
(0, 1, 0, 1)

A view is immutable (a named tuple: cheap to build, as every bot decision and
every environment step builds one).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from truco.engine.actions import PLAY, Action
from truco.engine.cards import DECKS, RANKS, Card, card_name, manilha_cards, manilha_rank, parse_card
from truco.engine.match import ANSWERING, ELEVEN, IRON, Match, Play
from truco.engine.record import parse_action
from truco.engine.rules import Rules
from truco.engine.signals import SignalLog, TeamSignals
from truco.engine.states import Kind, Phase

#: A card on the table as an audience sees it: (seat, card or None if covered).
SeenPlay = tuple[int, Card | None]

#: The manilha rank each vira makes, by deck (-1: not a card of that deck).
_MANILHA_RANKS: Final = {
    deck: tuple(manilha_rank(vira, deck) if vira in cards else -1 for vira in range(40))
    for deck, cards in DECKS.items()
}


class View(NamedTuple):
    #: "seat", "team" or "spectator"
    audience: str
    #: the table's rules are public
    rules: Rules
    seat: int | None
    team: int | None
    players: int
    #: each seat's team, by seat
    teams: tuple[int, ...]
    score: tuple[int, int]
    hand_number: int
    dealer: int
    kind: Kind
    phase: Phase
    vira: Card | None
    #: the manilha rank (0..9 in 4 5 6 7 Q J K A 2 3), None with fixed manilhas
    manilha: int | None
    #: the manilhas, strongest first: fixed ones always, the vira's once it is turned
    manilhas: tuple[Card, ...]
    value: int
    #: this seat's cards; in a mão de ferro they are face down: see ``blind``
    hand: tuple[Card, ...]
    #: how many face-down cards this seat holds in a mão de ferro (0 otherwise)
    blind: int
    #: cards of other seats this audience knows (the partner's in a mão de onze)
    known_hands: dict[int, tuple[Card, ...]]
    #: cards this seat played covered in this hand (only it knows them)
    own_covered: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[tuple[SeenPlay, ...], ...]
    trick_winners: tuple[int | None, ...]
    trick: tuple[SeenPlay, ...]
    #: whose turn it is to play (also while others answer that seat's raise)
    turn: int | None
    to_act: tuple[int, ...]
    #: the pending raise: value asked, asking team, seats yet to answer
    pending: dict[str, Any] | None
    #: the team that alone may raise after an acceptance (None: either)
    raise_team: int | None
    eleven_team: int | None
    canga: bool
    winner: int | None
    #: this seat's legal actions (blind plays by slot in a mão de ferro)
    legal: tuple[Action, ...] = ()
    #: at a table with signals, what this seat's team knows of the hand's signals (None elsewhere)
    signals: TeamSignals | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON object, cards by record name."""
        return {
            "audience": self.audience,
            "rules": self.rules.to_json(),
            "seat": self.seat,
            "team": self.team,
            "players": self.players,
            "teams": list(self.teams),
            "score": list(self.score),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "kind": self.kind.value,
            "phase": self.phase.value,
            "vira": None if self.vira is None else card_name(self.vira),
            "manilha": None if self.manilha is None else RANKS[self.manilha],
            "manilhas": [card_name(c) for c in self.manilhas],
            "value": self.value,
            "hand": [card_name(c) for c in self.hand],
            "blind": self.blind,
            "known_hands": {str(s): [card_name(c) for c in cs] for s, cs in self.known_hands.items()},
            "own_covered": [card_name(c) for c in self.own_covered],
            "hand_sizes": list(self.hand_sizes),
            "tricks": [_plays_to_json(t) for t in self.tricks],
            "trick_winners": list(self.trick_winners),
            "trick": _plays_to_json(self.trick),
            "turn": self.turn,
            "to_act": list(self.to_act),
            "pending": self.pending,
            "raise_team": self.raise_team,
            "eleven_team": self.eleven_team,
            "canga": self.canga,
            "winner": self.winner,
            "legal": [a.to_json() for a in self.legal],
            "signals": None if self.signals is None else self.signals.to_json(),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> View:
        """The view that ``to_json`` wrote: how a bot in another process reads one.

        >>> from truco.engine import Match
        >>> v = view(Match(seed=3), seat=0)
        >>> View.from_json(v.to_json()) == v
        True
        """
        rules = Rules.parse(obj["rules"])
        cards, seen = _cards_from_json, _plays_from_json
        return cls(
            audience=obj["audience"],
            rules=rules,
            seat=obj["seat"],
            team=obj["team"],
            players=obj["players"],
            teams=tuple(obj["teams"]),
            score=(obj["score"][0], obj["score"][1]),
            hand_number=obj["hand_number"],
            dealer=obj["dealer"],
            kind=Kind(obj["kind"]),
            phase=Phase(obj["phase"]),
            vira=None if obj["vira"] is None else parse_card(obj["vira"]),
            manilha=None if obj["manilha"] is None else RANKS.index(obj["manilha"]),
            manilhas=cards(obj["manilhas"]),
            value=obj["value"],
            hand=cards(obj["hand"]),
            blind=obj["blind"],
            known_hands={int(s): cards(cs) for s, cs in obj["known_hands"].items()},
            own_covered=cards(obj["own_covered"]),
            hand_sizes=tuple(obj["hand_sizes"]),
            tricks=tuple(seen(t) for t in obj["tricks"]),
            trick_winners=tuple(obj["trick_winners"]),
            trick=seen(obj["trick"]),
            turn=obj["turn"],
            to_act=tuple(obj["to_act"]),
            pending=obj["pending"],
            raise_team=obj["raise_team"],
            eleven_team=obj["eleven_team"],
            canga=obj["canga"],
            winner=obj["winner"],
            legal=tuple(parse_action(a, rules, "legal") for a in obj["legal"]),
            signals=None if obj["signals"] is None else TeamSignals.from_json(obj["signals"]),
        )


def _plays_to_json(plays: tuple[SeenPlay, ...]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": None if c is None else card_name(c), "covered": c is None} for s, c in plays]


def _cards_from_json(names: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(n) for n in names)


def _plays_from_json(plays: list[dict[str, Any]]) -> tuple[SeenPlay, ...]:
    return tuple((p["seat"], None if p["covered"] else parse_card(p["card"])) for p in plays)


def _seen(plays: tuple[Play, ...] | list[Play]) -> tuple[SeenPlay, ...]:
    return tuple([(p.seat, None if p.covered else p.card) for p in plays])


def _legal(m: Match, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions as it may name them: blind plays by slot in a mão de ferro."""
    legal = m.legal_actions(seat)
    if m.kind is _IRON and legal:  # (the module's constant: read every environment step)
        return tuple([Action.play_blind(seat, i) if a.type == PLAY else a for i, a in enumerate(legal)])
    return legal


def _eleven_shown(m: Match, team: int | None) -> bool:
    """Whether ``team`` saw both its hands: the team on 11 at the decision keeps knowing them."""
    return m.kind is ELEVEN and m.players == 4 and team == m.eleven_team


def view(match: Match, seat: int | None = None, team: int | None = None, signals: SignalLog | None = None) -> View:
    """The view of ``seat``, of ``team`` (what every member knows), or, with
    neither, of a spectator (what every player knows). At a table with signals,
    ``signals`` (the table's log) gives a seat or a team what its team knows of them."""
    if seat is not None and team is not None:
        raise ValueError("a view is of a seat or of a team, not both")
    m = match
    rules = m.rules
    if seat is not None:
        audience, team = "seat", m.team_of(seat)
    elif team is not None:
        audience = "team"
    else:
        audience = "spectator"
    iron = m.kind is IRON
    vira = m.vira
    playing = vira >= 0
    hand: tuple[Card, ...] = ()
    blind = 0
    known: dict[int, tuple[Card, ...]] = {}
    own_covered: tuple[Card, ...] = ()
    legal: tuple[Action, ...] = ()
    eleven_shown = _eleven_shown(m, team)
    if seat is not None:
        if playing:
            if iron:
                blind = len(m.hands[seat])
            else:
                hand = tuple(m.hands[seat])
            own_covered = tuple([p.card for t in (*m.tricks, m.trick) for p in t if p.covered and p.seat == seat])  # type: ignore[misc]
            partner = m.partner_of(seat)
            if eleven_shown and partner is not None:
                known[partner] = tuple(m.hands[partner])
        legal = _legal(m, seat)
    elif audience == "team" and eleven_shown:
        known = {s: tuple(m.hands[s]) for s in range(m.players) if m.team_of(s) == team}
    pending = None
    if m.phase is ANSWERING:
        pending = {
            "value": rules.ladder[m.asked_level],
            "team": m.asking_team,
            "waiting": list(m.waiting),
            # the answers of both opponents are given at the same time (§7): until the partner has answered,
            # an acceptance is known only to the seat that gave it
            "accepted": m.any_accept and m.sealed == seat,
        }
    fixed = rules.manilhas == "fixed"
    # positional, in the order of View's fields: a named tuple built from keywords costs a dict per view
    return View(
        audience,
        rules,
        seat,
        team,
        m.players,  # players
        tuple([m.team_of(s) for s in range(m.players)]),  # teams
        (m.score[0], m.score[1]),  # score
        m.hand_number,  # hand_number
        m.dealer,  # dealer
        m.kind,  # kind
        m.phase,  # phase
        vira if playing else None,  # vira
        _MANILHA_RANKS[rules.deck][vira] if playing and not fixed else None,  # manilha
        manilha_cards(vira, rules.manilhas, rules.deck) if playing or fixed else (),  # manilhas
        m.value,  # value
        hand,
        blind,
        known,  # known_hands
        own_covered,
        tuple([len(h) for h in m.hands]),  # hand_sizes
        tuple([_seen(t) for t in m.tricks]),  # tricks
        tuple(m.trick_winners),  # trick_winners
        _seen(m.trick),  # trick
        m.turn if playing else None,  # turn
        tuple(m.to_act()),  # to_act
        pending,
        None if m.raise_team < 0 else m.raise_team,  # raise_team
        None if m.eleven_team < 0 else m.eleven_team,  # eleven_team
        m.canga,  # canga
        m.winner,  # winner
        legal,
        None if signals is None or team is None or not playing else signals.seen_by(m, team),  # signals
    )


# -- a seat's view as a one-hot vector ------------------------------------------------------------

#: The parts of a seat's view as a one-hot vector (``seat_vector``) in order, with their sizes. Seats are
#: counted from the seat (0: itself, then in seat-number order), teams from its team (0: its own). The
#: parts set every step come first: their indices stay below 257, Python's cached integers.
VECTOR: Final[tuple[tuple[str, int], ...]] = (
    ("score", 2 * 13),  # its team's, then the other's
    ("dealer", 4),
    ("kind", len(Kind)),  # in the order of ``Kind``
    ("phase", len(Phase)),  # in the order of ``Phase``
    ("vira", 40),
    ("manilha", 10),  # the manilha rank (none with fixed manilhas)
    ("value", 13),
    ("hand", 40),
    ("blind", 4),
    ("hand_sizes", 4 * 4),  # 4 * seat + cards held
    ("trick_winners", 3 * 3),  # each finished trick: 3 * trick + 0 (its team), 1 (the other) or 2 (tied)
    ("turn", 4),
    ("to_act", 4),
    ("pending", 13 + 2 + 1),  # the value asked, the asking team, whether anyone accepted
    ("raise_team", 2),
    ("eleven_team", 2),
    ("canga", 1),
    ("winner", 2),
    ("partner_hand", 40),  # ``known_hands``
    ("own_covered", 40),
    ("tricks", 3 * 4 * (4 + 40 + 1)),  # each play of each trick: its seat, its card or 40 (covered)
)


def _starts(parts: tuple[tuple[str, int], ...]) -> dict[str, int]:
    at, out = 0, {}
    for name, size in parts:
        out[name] = at
        at += size
    return out


_AT: Final = _starts(VECTOR)
_SCORE: Final = _AT["score"]
_DEALER: Final = _AT["dealer"]
_KIND: Final = _AT["kind"]
_PHASE: Final = _AT["phase"]
_VIRA: Final = _AT["vira"]
_MANILHA: Final = _AT["manilha"]
_VALUE: Final = _AT["value"]
_HAND: Final = _AT["hand"]
_BLIND: Final = _AT["blind"]
_PARTNER: Final = _AT["partner_hand"]
_COVERED: Final = _AT["own_covered"]
_SIZES: Final = _AT["hand_sizes"]
_TRICKS: Final = _AT["tricks"]
_WINNERS: Final = _AT["trick_winners"]
_TURN: Final = _AT["turn"]
_TO_ACT: Final = _AT["to_act"]
_PENDING: Final = _AT["pending"]
_RAISE_TEAM: Final = _AT["raise_team"]
_ELEVEN_TEAM: Final = _AT["eleven_team"]
_CANGA: Final = _AT["canga"]
_WINNER: Final = _AT["winner"]
_KIND_INDEX: Final = {k: i for i, k in enumerate(Kind)}
_PHASE_INDEX: Final = {p: i for i, p in enumerate(Phase)}
#: each seat counted from the viewer: ``_RELATIVE[players][viewer][seat]``
_RELATIVE: Final = {n: tuple(tuple((s - v) % n for s in range(n)) for v in range(n)) for n in (2, 4)}
#: the kind and phase ``seat_vector`` reads every step, as this module's constants (a compiled module reads a
#: name it imported from a dictionary each time)
_IRON: Final = IRON
_ANSWERING: Final = ANSWERING
#: where each play's part starts: ``_PLAY_AT[trick][position in it]``
_PLAY_AT: Final = tuple(tuple(_TRICKS + (k * 4 + p) * 45 for p in range(4)) for k in range(3))
#: every index of ``VECTOR`` as a Python integer, made once: the tricks' indices (all above 256, which Python
#: keeps no cached integer for) are appended from here, not made (and freed) anew every time
_INDICES: Final[tuple[Any, ...]] = tuple(range(sum(size for _, size in VECTOR)))


def seat_vector(match: Match, seat: int) -> tuple[list[int], Phase, list[Card], tuple[Action, ...]]:
    """The index of every 1 of ``seat``'s view as a one-hot vector (``VECTOR``), and the view's phase,
    hand (in card order: its slots) and legal actions.

    The same information as ``view(match, seat)`` (the tests read each part back against the view's
    field), without building a ``View``: for a learning environment, which needs one every step.

    >>> m = Match(seed=3)
    >>> out, phase, hand, legal = seat_vector(m, 1)
    >>> out[:2] == [m.score[1], 13 + m.score[0]], hand == sorted(view(m, 1).hand)
    (True, True)
    """
    m = match
    rel = _RELATIVE[m.players][seat]
    team = m.team_of(seat)
    score, phase, vira, rules, hands = m.score, m.phase, m.vira, m.rules, m.hands
    out = [
        _SCORE + score[team],
        _SCORE + 13 + score[1 - team],
        _DEALER + rel[m.dealer],
        _KIND + _KIND_INDEX[m.kind],
        _PHASE + _PHASE_INDEX[phase],
        _VALUE + m.value,
    ]
    hand: list[Card] = []
    blind = 0
    if vira >= 0:  # a hand was dealt
        out.append(_VIRA + vira)
        if rules.manilhas != "fixed":
            out.append(_MANILHA + _MANILHA_RANKS[rules.deck][vira])
        out.append(_TURN + rel[m.turn])
        if m.kind is _IRON:
            blind = len(hands[seat])
        else:
            hand = sorted(hands[seat])
            for c in hand:
                out.append(_HAND + c)
        partner = m.partner_of(seat)
        if partner is not None and _eleven_shown(m, team):
            for c in hands[partner]:
                out.append(_PARTNER + c)
    out.append(_BLIND + blind)
    for s, held in enumerate(hands):
        out.append(_SIZES + 4 * rel[s] + len(held))
    tricks = m.tricks
    for k, trick in enumerate(tricks):
        _plays(out, _PLAY_AT[k], trick, rel, seat)
    if len(tricks) < 3:
        _plays(out, _PLAY_AT[len(tricks)], tuple(m.trick), rel, seat)
    for k, w in enumerate(m.trick_winners):
        out.append(_WINNERS + 3 * k + (2 if w is None else int(w != team)))
    for s in m.to_act():
        out.append(_TO_ACT + rel[s])
    if phase is _ANSWERING:
        out.append(_PENDING + rules.ladder[m.asked_level])
        out.append(_PENDING + 13 + int(m.asking_team != team))
        if m.any_accept and m.sealed == seat:
            out.append(_PENDING + 15)
    if m.raise_team >= 0:
        out.append(_RAISE_TEAM + int(m.raise_team != team))
    if m.eleven_team >= 0:
        out.append(_ELEVEN_TEAM + int(m.eleven_team != team))
    if m.canga:
        out.append(_CANGA)
    if m.winner is not None:
        out.append(_WINNER + int(m.winner != team))
    return out, phase, hand, _legal(m, seat)


def _plays(out: list[Any], starts: tuple[int, ...], trick: tuple[Play, ...], rel: tuple[int, ...], seat: int) -> None:
    """``seat_vector``'s part for one trick's plays (a covered card is 40 but to its own seat). ``out`` is a list
    of anything to the compiled engine, so that an index taken from ``_INDICES`` is appended as it is."""
    for p, (s, _type, card, covered, _slot) in enumerate(trick):
        start = starts[p]
        out.append(_INDICES[start + rel[s]])
        if covered:
            out.append(_INDICES[start + 4 + 40])
            if s == seat and card is not None:  # (a play on the table always names its card)
                out.append(_INDICES[_COVERED + card])
        elif card is not None:
            out.append(_INDICES[start + 4 + card])
