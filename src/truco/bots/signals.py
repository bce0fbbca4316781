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

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random

from truco.bots.knowledge import Knowledge, partner_of
from truco.engine import View
from truco.engine.cards import SUITS, Card, suit

#: Hands of the match in which the opponents gestured before their gestures are read as their manilha counts.
SIGNALLING_HANDS = 2
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

    def draw(
        self, rng: Random, trusted: Collection[Card]
    ) -> tuple[dict[int, Sequence[Card]], dict[int, Sequence[Card]]]:
        """The constraints of one determinization, where the partner's silence is trusted on the manilhas
        ``trusted``."""
        holds: dict[int, Sequence[Card]] = {}
        lacks: dict[int, Sequence[Card]] = {}
        belief = self.belief
        if belief is not None:
            holds[belief.partner] = belief.holds
            lacks[belief.partner] = [c for c in belief.lacks if c in trusted]
        if self.counts is not None:
            order = rng.sample(self.free, len(self.free))
            for s, n in self.counts.items():
                holds[s], order = order[:n], order[n:]
                lacks[s] = [c for c in self.free if c not in holds[s]]
        return holds, lacks
