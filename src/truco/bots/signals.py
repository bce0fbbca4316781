"""A bot and its partner's signals (seed 001), from the seat's view alone (``View.signals``).

**Sending** (``told_manilhas``). As soon as it holds its cards, a bot tells its partner the zap,
if it holds it, by its team's table of the hand: the opponents see every gesture made, and a team
that tells every manilha tells them how many it holds. A ``search`` team that read that count won
63 % against one that signalled every manilha, 51 % against one that signalled the zap alone
(where the next player alone answers a raise, 56.5 % and 45 %: docs/benchmarks.md, "The gestures
the opponents see"). Without the zap it makes no gesture: its silence says "not the zap". When
the partners already see each other's cards (the team on 11), it says nothing.

**Reading** (``partner_belief``): a manilha the partner signalled that nobody has shown is in
the partner's hand; a manilha it did not signal and nobody has shown is not, if its silence is to
be trusted. ``PartnerModel`` learns how far, from the manilhas the partner shows, apart for the
manilhas a bot tells (trusted from the start) and the others (a bot keeps them quiet, a person
may tell them all).

**The opponents' gestures**: an opponent's gesture tells us nothing of its meaning, but it tells
that it was made. Once the opponents have gestured in the match (before, their silence may be that
of players who never signal), ``OpponentSignals`` reads them as a ``Telling``: a gesture per manilha
(a person telling them all shows how many it holds), a gesture for the zap alone (as our bots), or
nothing readable; it learns which from the manilhas they play open, hand after hand, and each draw
reads them by one, in the share the match gives it.

>>> from truco.engine import Match, card_name, view
>>> from truco.engine.signals import SignalLog
>>> m, log = Match(seed=1), SignalLog(1)
>>> card_name(m.vira), [card_name(c) for c in m.hands[0]]  # vira Q: seat 0 holds the zap (JC)
('QH', ['6H', 'KH', 'JC'])
>>> gestures_to_make(view(m, 0, signals=log)), log.table(0, 0)["bochecha"]
(('bochecha',), 'C')
>>> _ = log.add(m, 0, "bochecha")
>>> [card_name(c) for c in partner_belief(view(m, 2, signals=log)).holds]
['JC']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from random import Random

from truco.bots.knowledge import Knowledge, partner_of
from truco.engine import View
from truco.engine.cards import SUITS, Card, suit

#: What kind of signaller the partner may be, before the match shows it: the share of its manilhas it
#: signals (every one, about half, none), and the prior belief in each. Of the manilhas a bot tells
#: (``told_manilhas``): the table's gestures are there to tell manilhas (seed 001), so its silence is
#: trusted in 98 % of the draws until it shows one it kept quiet about (then in a quarter of them, or half if
#: it ever signalled).
TOLD_RATES = {1.0: 0.97, 0.5: 0.02, 0.0: 0.01}
#: Of the other manilhas: a bot keeps them quiet, a person may tell them; trusted in a quarter of the draws
#: until the partner tells of one (then in nine tenths) or shows one it kept quiet about (then hardly).
QUIET_RATES = {1.0: 0.2, 0.5: 0.1, 0.0: 0.7}


def told_manilhas(view: View) -> tuple[Card, ...]:
    """The manilhas a bot tells its partner of: the zap (see the module's docstring)."""
    return view.manilhas[:1]


def gestures_to_make(view: View, manilhas: Sequence[Card] | None = None) -> tuple[str, ...]:
    """The gestures this seat makes now: one per manilha it tells of (``manilhas``, ``told_manilhas`` unless
    given) that it holds and has not signalled yet, strongest first."""
    signals = view.signals
    partner = partner_of(view)
    if signals is None or view.vira is None or partner is None or partner in view.known_hands:
        return ()
    gesture_of = {meaning: gesture for gesture, meaning in signals.table.items()}
    made = {s.gesture for s in signals.made if s.seat == view.seat}
    told = told_manilhas(view) if manilhas is None else manilhas
    wanted = (gesture_of[SUITS[suit(c)]] for c in told if c in view.hand)
    return tuple(g for g in wanted if g not in made)


def signalled_manilhas(view: View) -> tuple[Card, ...]:
    """The manilhas the partner signalled in this hand (by its team's table: the meaning this seat reads)."""
    signals = view.signals
    partner = partner_of(view)
    if signals is None or view.vira is None or partner is None:
        return ()
    suits = {s.suit for s in signals.made if s.seat == partner and s.suit is not None}
    return tuple(c for c in view.manilhas if SUITS[suit(c)] in suits)


@dataclass(frozen=True)
class PartnerBelief:
    """What the partner's signals say of its hidden cards, beyond the view."""

    partner: int
    #: unseen manilhas it signalled: in its hand
    holds: tuple[Card, ...]
    #: unseen manilhas it did not signal: not in its hand, if its silence is trusted
    lacks: tuple[Card, ...]


def partner_belief(view: View) -> PartnerBelief | None:
    """The belief from the partner's signals, or None where there are none to read (no signals at
    this table, no partner, or its cards are known)."""
    partner = partner_of(view)
    if view.signals is None or view.vira is None or partner is None or partner in view.known_hands:
        return None
    unseen = set(Knowledge(view).unseen)
    signalled = set(signalled_manilhas(view))
    holds = tuple(c for c in view.manilhas if c in unseen and c in signalled)
    lacks = tuple(c for c in view.manilhas if c in unseen and c not in signalled)
    return PartnerBelief(partner, holds, lacks)


def partner_cards(view: View) -> tuple[Card, ...]:
    """The partner's cards this seat knows: its whole hand where the mão de onze shows it, else the
    manilhas it signalled that nobody has shown (what ``Knowledge.win_chance`` takes as ``extra``)."""
    partner = partner_of(view)
    if partner is None:
        return ()
    if partner in view.known_hands:
        return view.known_hands[partner]
    belief = partner_belief(view)
    return belief.holds if belief is not None else ()


@dataclass
class Silences:
    """A partner's record with one kind of manilha: those it told of, and those it showed open having kept
    quiet about them."""

    told: int = 0
    kept: int = 0

    def trust(self, prior: Mapping[float, float], telling: bool) -> float:
        """The share of such manilhas the partner signals, as far as the match has shown it (the posterior mean
        over ``prior``; ``telling``: it told of one in the hand under way): the share of the draws that take
        its silence to mean "not in its hand"."""
        weights = {
            rate: belief * rate**self.told * (1 - rate) ** self.kept
            for rate, belief in prior.items()
            if rate > 0 or not (self.told or telling)
        }
        return sum(rate * w for rate, w in weights.items()) / sum(weights.values())


@dataclass
class PartnerModel:
    """How far the partner's silence can be trusted, from the match so far, apart for the manilhas a bot tells
    (``told_manilhas``) and the others: the manilhas it told of, and those it showed open without having told
    of them. A partner that signals as a bot does is soon trusted fully on the first and hardly on the
    others; one that tells every manilha (a person, say) on both; one that showed a manilha it had kept quiet
    about, on neither."""

    usual: Silences = field(default_factory=Silences)
    others: Silences = field(default_factory=Silences)
    #: the hand being watched, its manilhas a bot tells and its others, and the partner's manilhas shown open
    #: in it and those it signalled
    hand: int = -1
    telling: frozenset[Card] = frozenset()
    quiet: frozenset[Card] = frozenset()
    shown: frozenset[Card] = frozenset()
    told: frozenset[Card] = frozenset()

    def silence_trust(self) -> tuple[float, float]:
        """The trust in the partner's silence (``Silences.trust``) on the manilhas a bot tells, and on the
        others."""
        return (
            self.usual.trust(TOLD_RATES, bool(self.told & self.telling)),
            self.others.trust(QUIET_RATES, bool(self.told & self.quiet)),
        )

    def trusted(self, view: View, rng: Random) -> frozenset[Card]:
        """For one draw: the manilhas whose silence it trusts, each kind in the share ``silence_trust`` gives."""
        usual, others = self.silence_trust()
        trust_usual, trust_others = rng.random() < usual, rng.random() < others
        told = told_manilhas(view)
        return frozenset(c for c in view.manilhas if (trust_usual if c in told else trust_others))

    def observe(self, view: View) -> None:
        """Update from a view of this seat at a table with signals (called before every decision)."""
        partner = partner_of(view)
        if view.signals is None or partner is None or view.vira is None:
            return
        if view.hand_number != self.hand:
            for record, cards in ((self.usual, self.telling), (self.others, self.quiet)):
                record.told += len(self.told & cards)
                record.kept += len((self.shown - self.told) & cards)
            self.hand, self.shown, self.told = view.hand_number, frozenset(), frozenset()
            self.telling = frozenset(told_manilhas(view))
            self.quiet = frozenset(view.manilhas) - self.telling
        played = {c for t in (*view.tricks, view.trick) for s, c in t if s == partner and c is not None}
        self.shown = frozenset(played.intersection(view.manilhas))
        self.told = self.told | frozenset(signalled_manilhas(view))


class Telling(Enum):
    """What an opponent team's gestures may stand for: we see that a gesture was made, not what it means."""

    #: a gesture for every manilha it holds (as a person may): its gestures count them
    EVERY = "every"
    #: a gesture when it holds the zap, none else (as our bots, ``told_manilhas``)
    ZAP = "zap"
    #: nothing that we can read
    OTHER = "other"


#: The belief in each once the opponents have gestured in the match, before their open
#: cards show which.
TELLING_PRIOR = {Telling.EVERY: 0.45, Telling.ZAP: 0.45, Telling.OTHER: 0.1}
#: The chance that a hand's gestures and open manilhas disagree with what the gestures stand for (a slip).
SLIP = 0.02
#: The chance of a hand's gestures and open manilhas where they stand for nothing we read.
UNREAD = 0.5


@dataclass(frozen=True)
class HandGestures:
    """The opponents' gestures of one hand and the manilhas they played open, as this seat saw them."""

    zap: Card
    #: each opponent's gestures
    gestures: Mapping[int, int]
    #: the manilhas each opponent played open
    shown: Mapping[int, frozenset[Card]]
    #: the manilhas neither seen by this seat nor signalled by its partner: those the opponents may hide
    free: tuple[Card, ...]

    def agrees(self, telling: Telling) -> bool:
        """Whether the gestures and the open manilhas can be those of opponents signalling so."""
        if telling is Telling.EVERY:
            left = [n - len(self.shown[s]) for s, n in self.gestures.items()]
            return min(left) >= 0 and sum(left) <= len(self.free)
        if telling is Telling.ZAP:
            gesturers = [s for s, n in self.gestures.items() if n]
            return (
                len(gesturers) <= 1
                and all(n <= 1 for n in self.gestures.values())
                and all(self.zap in self.shown[s] or self.zap in self.free for s in gesturers)
                and not any(self.zap in self.shown[s] for s in self.gestures if s not in gesturers)
            )
        return True

    def told(self) -> bool:
        """Whether the hand tells anything of what the gestures stand for (a gesture, or a manilha shown)."""
        return any(self.gestures.values()) or any(self.shown.values())


def hand_gestures(view: View) -> HandGestures:
    """The opponents' gestures and open manilhas of the hand under way, from a view at a table with signals."""
    assert view.signals is not None and view.vira is not None
    opponents = [s for s, t in enumerate(view.teams) if t != view.team]
    gestures = {s: sum(1 for g in view.signals.made if g.seat == s) for s in opponents}
    played = [(s, c) for t in (*view.tricks, view.trick) for s, c in t if c in view.manilhas]
    shown = {s: frozenset(c for p, c in played if p == s) for s in opponents}
    belief = partner_belief(view)
    told = belief.holds if belief is not None else ()
    free = tuple(c for c in Knowledge(view).unseen if c in view.manilhas and c not in told)
    return HandGestures(view.manilhas[0], gestures, shown, free)


@dataclass(frozen=True)
class OpponentReading:
    """What the opponents' gestures of the hand under way say: the share of the draws that read them as
    standing for each ``Telling`` (those that agree with the hand so far), and the hand itself."""

    shares: Mapping[Telling, float]
    hand: HandGestures


@dataclass
class OpponentSignals:
    """What the opponents' gestures stand for, from the match so far: the hands in which they made some, and
    for each ``Telling`` the hands whose gestures and open manilhas agreed with it and those that did not."""

    hands: set[int] = field(default_factory=set)
    agreed: dict[Telling, int] = field(default_factory=lambda: dict.fromkeys(Telling, 0))
    disagreed: dict[Telling, int] = field(default_factory=lambda: dict.fromkeys(Telling, 0))
    #: the hand being watched and the last of it seen (None where the opponents are on 11)
    hand: int = -1
    last: HandGestures | None = None

    def observe(self, view: View) -> None:
        """Update from a view of this seat (called before every decision)."""
        if view.signals is None or view.vira is None:
            return
        if view.hand_number != self.hand:
            if self.last is not None and self.last.told():
                for telling in Telling:
                    tally = self.agreed if self.last.agrees(telling) else self.disagreed
                    tally[telling] += 1
            self.hand = view.hand_number
        # the team on 11 sees both hands and signals nothing: its gestures tell nothing then
        self.last = hand_gestures(view) if view.eleven_team in (None, view.team) else None
        if any(view.teams[s.seat] != view.team for s in view.signals.made):
            self.hands.add(view.hand_number)

    def belief(self) -> dict[Telling, float]:
        """The belief in each ``Telling`` from the hands of the match so far."""
        weights: dict[Telling, float] = {}
        for telling, prior in TELLING_PRIOR.items():
            agreed, disagreed = self.agreed[telling], self.disagreed[telling]
            if telling is Telling.OTHER:  # every hand agrees with it
                weights[telling] = prior * UNREAD**agreed
            else:
                weights[telling] = prior * (1 - SLIP) ** agreed * SLIP**disagreed
        total = sum(weights.values())
        return {telling: w / total for telling, w in weights.items()}

    def reading(self, view: View) -> OpponentReading | None:
        """How the draws read the opponents' gestures of this hand, or None where they are not read (they
        have not gestured in the match yet, they are on 11, or no reading agrees with this hand)."""
        if view.signals is None or view.vira is None or not self.hands:
            return None
        if view.eleven_team not in (None, view.team):
            return None
        hand = hand_gestures(view)
        agreeing = {t: p for t, p in self.belief().items() if hand.agrees(t)}
        if set(agreeing) == {Telling.OTHER}:
            return None
        total = sum(agreeing.values())
        return OpponentReading({t: p / total for t, p in agreeing.items()}, hand)


Constraints = dict[int, Sequence[Card]]


class SignalConstraints:
    """What the determinizations of one decision take from the signals (the ``holds`` and ``lacks`` of
    ``determinize.sample``): the partner's signalled manilhas, and the others it lacks where its silence
    is trusted; and, as each draw reads the opponents' gestures (``OpponentReading``), the zap in the hand of
    the opponent that gestured and in neither's if none did, or each opponent's unseen manilhas by its count,
    dealt at random from those nobody else is known to hold."""

    def __init__(self, view: View, reading: OpponentReading | None) -> None:
        self.belief = partner_belief(view)
        self.reading = reading

    def draw(self, rng: Random, trusted: Collection[Card]) -> tuple[Constraints, Constraints]:
        """The constraints of one determinization, where the partner's silence is trusted on the manilhas
        ``trusted``."""
        holds: Constraints = {}
        lacks: Constraints = {}
        belief = self.belief
        if belief is not None:
            holds[belief.partner] = belief.holds
            lacks[belief.partner] = [c for c in belief.lacks if c in trusted]
        if self.reading is not None:
            tellings, shares = zip(*self.reading.shares.items(), strict=True)
            telling = rng.choices(tellings, shares)[0]
            read = READINGS.get(telling)
            if read is not None:
                read(self.reading.hand, rng, holds, lacks)
        return holds, lacks


def read_counts(hand: HandGestures, rng: Random, holds: Constraints, lacks: Constraints) -> None:
    """Each opponent holds as many of the free manilhas as it gestured and has not shown, the rest none."""
    order = rng.sample(hand.free, len(hand.free))
    for s, n in hand.gestures.items():
        left = n - len(hand.shown[s])
        holds[s], order = order[:left], order[left:]
        lacks[s] = [c for c in hand.free if c not in holds[s]]


def read_zap(hand: HandGestures, rng: Random, holds: Constraints, lacks: Constraints) -> None:
    """The opponent that gestured holds the zap, one that did not lacks it."""
    if hand.zap not in hand.free:
        return
    for s, n in hand.gestures.items():
        (holds if n else lacks)[s] = [hand.zap]


READINGS = {Telling.EVERY: read_counts, Telling.ZAP: read_zap}
