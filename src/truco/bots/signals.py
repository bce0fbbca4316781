"""A bot and its partner's signals (seed 001), from the seat's view alone (``View.signals``).

**Sending.** As soon as it holds its cards, a bot tells its partner every manilha it holds,
strongest first, one gesture each by its team's table of the hand; holding none, it makes no
gesture: its silence says "no manilha". When the partners already see each other's cards (the
team on 11), it says nothing: the opponents would only learn how many manilhas it holds.

**Reading** (``partner_belief``): a manilha the partner signalled that nobody has shown is in
the partner's hand; a manilha it did not signal and nobody has shown is not, if its silence is to
be trusted (a person may not signal at all: ``PartnerModel`` learns how far, from the manilhas
the partner shows).

**The opponents' gestures**: an opponent's gesture tells us nothing of its meaning, but it tells
that it was made: a team that signals every manilha shows how many it holds. Once the opponents
have gestured in ``SIGNALLING_HANDS`` hands of the match, ``OpponentSignals`` reads each one's count
of this hand (less the manilhas it has shown) as the number of unseen manilhas in its hand.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random

from truco.bots.knowledge import Knowledge, partner_of
from truco.engine import View
from truco.engine.cards import SUITS, Card, suit

#: Hands of the match in which the opponents gestured before their gestures are read as their manilha counts.
SIGNALLING_HANDS = 2
#: What kind of signaller the partner may be, before the match shows it: the share of its manilhas it
#: signals (every one, about half, none), and the prior belief in each. The table's gestures are there to
#: tell manilhas (seed 001), so its silence is trusted in 98 % of the draws until it shows a manilha it
#: kept quiet about (then in a quarter of them, or half if it ever signalled).
SIGNALLING_RATES = {1.0: 0.97, 0.5: 0.02, 0.0: 0.01}


def gestures_to_make(view: View) -> tuple[str, ...]:
    """The gestures this seat makes now: one per manilha it holds and has not signalled yet, strongest first."""
    signals = view.signals
    partner = partner_of(view)
    if signals is None or view.vira is None or partner is None or partner in view.known_hands:
        return ()
    gesture_of = {meaning: gesture for gesture, meaning in signals.table.items()}
    made = {s.gesture for s in signals.made if s.seat == view.seat}
    wanted = (gesture_of[SUITS[suit(c)]] for c in view.manilhas if c in view.hand)
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
class PartnerModel:
    """How far the partner's silence can be trusted, from the match so far: the manilhas it told of,
    those it showed open without having told of them, and whether it ever gestured. A partner that
    signals every manilha (every bot) is soon trusted fully; one that showed a manilha it had kept
    quiet about is not."""

    signalled: int = 0
    silent: int = 0
    #: the hand being watched, the partner's manilhas shown open in it and those it signalled
    hand: int = -1
    shown: frozenset[Card] = frozenset()
    told: frozenset[Card] = frozenset()

    def silence_trust(self) -> float:
        """The share of its manilhas the partner signals, as far as the match has shown it (the posterior
        mean over ``SIGNALLING_RATES``): the draws that take its silence to mean "not in its hand"."""
        weights = {
            rate: prior * rate**self.signalled * (1 - rate) ** self.silent
            for rate, prior in SIGNALLING_RATES.items()
            if rate > 0 or not (self.signalled or self.told)
        }
        return sum(rate * w for rate, w in weights.items()) / sum(weights.values())

    def observe(self, view: View) -> None:
        """Update from a view of this seat at a table with signals (called before every decision)."""
        partner = partner_of(view)
        if view.signals is None or partner is None or view.vira is None:
            return
        if view.hand_number != self.hand:
            self.signalled += len(self.told)
            self.silent += len(self.shown - self.told)
            self.hand, self.shown, self.told = view.hand_number, frozenset(), frozenset()
        played = {c for t in (*view.tricks, view.trick) for s, c in t if s == partner and c is not None}
        self.shown = frozenset(played.intersection(view.manilhas))
        self.told = self.told | frozenset(signalled_manilhas(view))


@dataclass
class OpponentSignals:
    """The opponents' gestures: the hands of the match in which they made some, and whether one of them
    ever showed more manilhas than it had gestured (then it does not signal them all: none is read)."""

    hands: set[int] = field(default_factory=set)
    kept_quiet: bool = False
    #: the hand being watched, and each opponent's gestures in it less the manilhas it showed open
    hand: int = -1
    left: dict[int, int] = field(default_factory=dict)

    def observe(self, view: View) -> None:
        """Update from a view of this seat (called before every decision)."""
        if view.signals is None:
            return
        if view.hand_number != self.hand:
            self.kept_quiet |= any(n < 0 for n in self.left.values())
            self.hand = view.hand_number
        # the team on 11 sees both hands and signals nothing: its gestures tell nothing then
        self.left = unshown_manilhas(view) if view.eleven_team in (None, view.team) else {}
        if any(view.teams[s.seat] != view.team for s in view.signals.made):
            self.hands.add(view.hand_number)

    def counts(self, view: View) -> dict[int, int] | None:
        """Each opponent's unseen manilhas by its gestures of this hand, or None where they are not read
        (the opponents have not shown that they signal every manilha, or they are on 11)."""
        if view.signals is None or self.kept_quiet or len(self.hands) < SIGNALLING_HANDS:
            return None
        if view.eleven_team not in (None, view.team):
            return None
        return {s: max(0, n) for s, n in unshown_manilhas(view).items()}


def unshown_manilhas(view: View) -> dict[int, int]:
    """Each opponent's gestures of this hand less the manilhas it has shown open (below 0: it showed
    more than it told of)."""
    assert view.signals is not None
    left = {s: 0 for s, t in enumerate(view.teams) if t != view.team}
    for trick in (*view.tricks, view.trick):
        for s, c in trick:
            if s in left and c in view.manilhas:
                left[s] -= 1
    for signal in view.signals.made:
        if signal.seat in left:
            left[signal.seat] += 1
    return left


class SignalConstraints:
    """What the determinizations of one decision take from the signals (the ``holds`` and ``lacks`` of
    ``determinize.sample``): the partner's signalled manilhas, and the others it lacks where its silence
    is trusted; with the opponents' ``counts``, the other unseen manilhas dealt at random to them by
    their counts, the rest to nobody."""

    def __init__(self, view: View, counts: Mapping[int, int] | None) -> None:
        self.belief = partner_belief(view)
        free = [c for c in Knowledge(view).unseen if c in view.manilhas]
        if self.belief is not None:
            free = [c for c in free if c not in self.belief.holds]
        self.free = free
        self.counts = counts if counts and sum(counts.values()) <= len(free) else None

    def draw(self, rng: Random, trust_silence: bool) -> tuple[dict[int, Sequence[Card]], dict[int, Sequence[Card]]]:
        """The constraints of one determinization."""
        holds: dict[int, Sequence[Card]] = {}
        lacks: dict[int, Sequence[Card]] = {}
        belief = self.belief
        if belief is not None:
            holds[belief.partner] = belief.holds
            if trust_silence:
                lacks[belief.partner] = belief.lacks
        if self.counts is not None:
            order = rng.sample(self.free, len(self.free))
            for s, n in self.counts.items():
                holds[s], order = order[:n], order[n:]
                lacks[s] = [c for c in self.free if c not in holds[s]]
        return holds, lacks
