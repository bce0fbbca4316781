"""A bot and its partner's signals (seed 001), from the seat's view alone (``View.signals``).

**Sending.** As soon as it holds its cards, a bot tells its partner every manilha it holds,
strongest first, one gesture each by its team's table of the hand; holding none, it makes no
gesture: its silence says "no manilha". When the partners already see each other's cards (the
team on 11), it says nothing: the opponents would only learn how many manilhas it holds.

**Reading** (``partner_belief``): a manilha the partner signalled that nobody has shown is in
the partner's hand; a manilha it did not signal and nobody has shown is not, if its silence is to
be trusted (a person may not signal at all: ``PartnerModel`` learns how far, from the manilhas
the partner shows).

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

from dataclasses import dataclass

from truco.bots.knowledge import Knowledge, partner_of
from truco.engine import View
from truco.engine.cards import SUITS, Card, suit

#: Prior of the partner's silence: as if it had shown this many manilhas it signalled, and this many it did not.
SIGNALLED_PRIOR, SILENT_PRIOR = 2.0, 1.0


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


@dataclass
class PartnerModel:
    """How far the partner's silence can be trusted: the manilhas it showed open in this match,
    and how many of them it had signalled in their hand."""

    signalled: int = 0
    silent: int = 0
    #: the hand being watched, the partner's manilhas shown open in it and those it signalled
    hand: int = -1
    shown: frozenset[Card] = frozenset()
    told: frozenset[Card] = frozenset()

    def silence_trust(self) -> float:
        """The chance that a manilha the partner did not signal is not in its hand."""
        return (self.signalled + SIGNALLED_PRIOR) / (self.signalled + self.silent + SIGNALLED_PRIOR + SILENT_PRIOR)

    def observe(self, view: View) -> None:
        """Update from a view of this seat at a table with signals (called before every decision)."""
        partner = partner_of(view)
        if view.signals is None or partner is None or view.vira is None:
            return
        if view.hand_number != self.hand:
            self.signalled += len(self.shown & self.told)
            self.silent += len(self.shown - self.told)
            self.hand, self.shown, self.told = view.hand_number, frozenset(), frozenset()
        played = {c for t in (*view.tricks, view.trick) for s, c in t if s == partner and c is not None}
        self.shown = frozenset(played.intersection(view.manilhas))
        self.told = self.told | frozenset(signalled_manilhas(view))
