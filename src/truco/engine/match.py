"""The match: the one place that knows the rules.

>>> from truco.engine import Match, Rules
>>> m = Match(Rules(), seed=1)
>>> m.to_act()
[2]
>>> events = m.apply(m.legal_actions(2)[0])
>>> type(events[0]).__name__, m.to_act()
('CardPlayed', [3])

Inside, cards are small integers and each hand precomputes its strength
table, so ``legal_actions`` and ``apply`` stay cheap enough to be the inner
loop of a search bot. Actions are precomputed ``Action`` tuples.
"""

from __future__ import annotations

from typing import NamedTuple

from truco.engine.actions import (
    ACCEPT,
    ACCEPT_ACTIONS,
    COVER_ACTIONS,
    PLAY,
    PLAY_ACTIONS,
    RAISE,
    RAISE_ACTIONS,
    RUN,
    RUN_ACTIONS,
    Action,
)
from truco.engine.cards import COVERED_STRENGTH, Card, card_name, strength_table
from truco.engine.deals import DealSource, SeededDeals
from truco.engine.events import (
    Answered,
    CardPlayed,
    ElevenDecided,
    Event,
    HandEnded,
    HandStarted,
    MatchEnded,
    RaiseAccepted,
    RaiseAsked,
    TrickEnded,
)
from truco.engine.rules import TARGET_SCORE, Rules

# Kinds of hand.
NORMAL = "normal"
ELEVEN = "mao_de_onze"
IRON = "mao_de_ferro"

# Phases.
DECIDING = "deciding"  # the team on 11 decides whether to play
PLAYING = "playing"  # the turn seat plays a card or raises
ANSWERING = "answering"  # the asked team answers a raise
NO_DEAL = "no_deal"  # the deals ran out before the match ended
OVER = "over"

_TIE = None


class IllegalAction(ValueError):
    """An action the rules forbid now. The match is unchanged."""


class HandResult(NamedTuple):
    dealer: int
    #: the team that scored, None when nobody did
    winner: int | None
    #: what the rules award for the hand, before the 12-point cap
    points: int
    #: each completed trick's winning team, None for a tie
    tricks: tuple[int | None, ...]
    reason: str


class Play(NamedTuple):
    """A card on the table. ``card`` is the real card even when covered: it
    never leaves the engine except through a view that may know it."""

    seat: int
    card: Card
    covered: bool
    strength: int


def hand_winner(tricks: list[int | None]) -> tuple[bool, int | None]:
    """(settled, winning team) of a hand from its trick winners, per §6.

    >>> hand_winner([0, 0]), hand_winner([None, 1]), hand_winner([1, 0, None])
    ((True, 0), (True, 1), (True, 1))
    >>> hand_winner([None, None, None]), hand_winner([0, 1])
    ((True, None), (False, None))
    """
    first = tricks[0]
    if first is _TIE:
        for t in tricks[1:]:
            if t is not _TIE:
                return True, t
        return len(tricks) == 3, None
    if len(tricks) >= 2:
        second = tricks[1]
        if second is _TIE or second == first:
            return True, first
        if len(tricks) == 3:
            third = tricks[2]
            return True, first if third is _TIE else third
    return False, None


class Match:
    """A match to 12 under some rules.

    Create it with a seed (the first dealer and every deal are drawn from it) or
    with a ``deals`` source and a ``first_dealer``. ``to_act()`` says who may act,
    ``legal_actions(seat)`` what, and ``apply(action)`` changes the match and
    returns the public events it caused, or raises ``IllegalAction``.
    """

    __slots__ = (
        "actions",
        "any_accept",
        "asked_level",
        "asking_team",
        "canga",
        "dealer",
        "deals",
        "dealt",
        "eleven_team",
        "first_dealer",
        "hand_number",
        "hands",
        "kind",
        "level",
        "next_seat",
        "phase",
        "players",
        "raise_team",
        "results",
        "rules",
        "score",
        "start_score",
        "strength",
        "trick",
        "trick_winners",
        "tricks",
        "turn",
        "value",
        "vira",
        "waiting",
        "winner",
    )  # fmt: skip

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | str | None = None,
        deals: DealSource | None = None,
        first_dealer: int | None = None,
        score: tuple[int, int] = (0, 0),
    ) -> None:
        self.rules = rules = rules or Rules()
        self.players = n = rules.players
        step = 1 if rules.rotation == "clockwise" else -1
        self.next_seat = tuple((s + step) % n for s in range(n))
        if deals is None:
            if seed is None:
                raise ValueError("a match needs a seed or deals")
            deals = SeededDeals(seed, rules.deck, n)
        if first_dealer is None:
            if not isinstance(deals, SeededDeals):
                raise ValueError("explicit deals need a first_dealer")
            first_dealer = deals.first_dealer
        if not 0 <= first_dealer < n:
            raise ValueError(f"first_dealer must be a seat 0..{n - 1}")
        if any(not 0 <= s < TARGET_SCORE for s in score):
            raise ValueError("a starting score must be 0..11 for each team")
        self.deals = deals
        self.first_dealer = first_dealer
        self.start_score = tuple(score)
        self.score = list(score)
        self.winner: int | None = None
        self.results: list[HandResult] = []
        self.actions: list[Action] = []
        self.hand_number = -1
        self.dealer = self.next_seat.index(first_dealer)  # _start_hand moves it on
        self._start_hand([])

    # -- reading ----------------------------------------------------------

    def to_act(self) -> list[int]:
        """The seats that may act now, in order of play; [] when the match is over."""
        phase = self.phase
        if phase == PLAYING:
            return [self.turn]
        if phase in (ANSWERING, DECIDING):
            return list(self.waiting)
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat``, or of every seat that may act."""
        if seat is None:
            return [a for s in self.to_act() for a in self.legal_actions(s)]
        phase = self.phase
        if phase == PLAYING:
            if seat != self.turn:
                return []
            hand = self.hands[seat]
            if self.canga:
                strength = self.strength
                best = max([strength[c] for c in hand])
                plays = PLAY_ACTIONS[seat]
                acts = [plays[c] for c in hand if strength[c] == best]
            else:
                plays = PLAY_ACTIONS[seat]
                acts = [plays[c] for c in hand]
                if self.kind != IRON and (self.tricks if self.rules.covered == "from_second_trick" else self.trick):
                    covers = COVER_ACTIONS[seat]
                    acts += [covers[c] for c in hand]
            if self._may_raise(seat & 1):
                acts.append(RAISE_ACTIONS[seat])
            return acts
        if phase == ANSWERING:
            if seat not in self.waiting:
                return []
            if self.asked_level + 1 < len(self.rules.ladder):
                return [ACCEPT_ACTIONS[seat], RUN_ACTIONS[seat], RAISE_ACTIONS[seat]]
            return [ACCEPT_ACTIONS[seat], RUN_ACTIONS[seat]]
        if phase == DECIDING and seat in self.waiting:
            return [ACCEPT_ACTIONS[seat], RUN_ACTIONS[seat]]
        return []

    def _may_raise(self, team: int) -> bool:
        kind = self.kind
        if kind == NORMAL:
            return self.level + 1 < len(self.rules.ladder) and (self.raise_team < 0 or self.raise_team == team)
        # The penalty option lets the team on 11 ask, and lose the match for it.
        return kind == ELEVEN and team == self.eleven_team and self.rules.truco_in_eleven == "loses_match"

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def team_of(self, seat: int) -> int:
        return seat & 1

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    # -- changing ---------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return the events it caused.

        Raises ``IllegalAction`` (leaving the match unchanged) when the rules
        forbid it now.
        """
        seat = action.seat
        if action.slot is not None:
            action = self._unblind(action)
        if action not in self.legal_actions(seat):
            raise IllegalAction(self._why_illegal(action))
        self.actions.append(action)
        events: list[Event] = []
        kind = action.type
        if kind == PLAY:
            self._play(seat, action.card, action.covered, events)
        elif self.phase == DECIDING:
            self._decide(seat, kind == ACCEPT, events)
        elif kind == RAISE:
            self._raise(seat, events)
        else:
            self._answer(seat, kind == ACCEPT, events)
        return events

    def _unblind(self, action: Action) -> Action:
        hand = self.hands[action.seat] if 0 <= action.seat < self.players else []
        if self.phase != PLAYING or self.kind != IRON or not isinstance(action.slot, int):
            raise IllegalAction("a face-down card is played by slot only in a mão de ferro")
        if not 0 <= action.slot < len(hand):
            raise IllegalAction(f"seat {action.seat} has no face-down card {action.slot}")
        return PLAY_ACTIONS[action.seat][hand[action.slot]]

    def _play(self, seat: int, card: Card, covered: bool, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(Play(seat, card, covered, COVERED_STRENGTH if covered else self.strength[card]))
        events.append(CardPlayed(seat, None if covered else card, covered))
        if len(trick) < self.players:
            self.turn = self.next_seat[seat]
            return
        best = max([p.strength for p in trick])
        top = [p for p in trick if p.strength == best]
        leader = top[0].seat
        if best == COVERED_STRENGTH:
            winner = _TIE
            leader = trick[0].seat
        elif all(p.seat & 1 == leader & 1 for p in top):
            winner = leader & 1
        else:
            winner = _TIE
            if self.rules.tied_trick_leader == "trick_leader":
                leader = trick[0].seat
        self.tricks.append(tuple(trick))
        self.trick_winners.append(winner)
        events.append(TrickEnded(len(self.tricks) - 1, winner, leader))
        settled, hand_winner_team = hand_winner(self.trick_winners)
        if settled:
            if hand_winner_team is _TIE and self.rules.all_tied == "dealer_team":
                hand_winner_team = self.dealer & 1
            if hand_winner_team is _TIE:
                self._end_hand(None, 0, "tied", events)
            else:
                self._end_hand(hand_winner_team, self.value, "tricks", events)
            return
        self.trick = []
        self.turn = leader
        if winner is _TIE and len(self.tricks) == 1 and self.rules.canga and self.kind != IRON:
            self.canga = True

    def _raise(self, seat: int, events: list[Event]) -> None:
        team = seat & 1
        if self.kind == ELEVEN:
            events.append(RaiseAsked(seat, self.rules.ladder[1]))
            self._end_hand(1 - team, TARGET_SCORE, "penalty", events)
            return
        if self.phase == ANSWERING:
            # A raise as the answer accepts the request it answers.
            self.level = self.asked_level
            self.value = self.rules.ladder[self.level]
            events.append(RaiseAccepted(team, self.value))
        self.asked_level = self.level + 1
        self.asking_team = team
        self.raise_team = team
        self.any_accept = False
        self.waiting = self._answerers(seat)
        self.phase = ANSWERING
        events.append(RaiseAsked(seat, self.rules.ladder[self.asked_level]))

    def _answerers(self, seat: int) -> list[int]:
        nxt = self.next_seat
        if self.players == 2 or self.rules.answer == "next":
            return [nxt[seat]]
        return [nxt[seat], nxt[nxt[nxt[seat]]]]

    def _answer(self, seat: int, accept: bool, events: list[Event]) -> None:
        self.waiting.remove(seat)
        events.append(Answered(seat, ACCEPT if accept else RUN))
        if accept:
            self.any_accept = True
        if self.waiting:
            return
        if self.any_accept:
            self.level = self.asked_level
            self.value = self.rules.ladder[self.level]
            self.raise_team = 1 - self.asking_team
            self.phase = PLAYING
            events.append(RaiseAccepted(self.raise_team, self.value))
        else:
            self._end_hand(self.asking_team, self.value, "run", events)

    def _decide(self, seat: int, play: bool, events: list[Event]) -> None:
        events.append(Answered(seat, ACCEPT if play else RUN))
        self.waiting.remove(seat)
        team = self.eleven_team
        if play:
            self.waiting = []
            self.value = self.rules.special_value
            self.phase = PLAYING
            events.append(ElevenDecided(team, True))
        elif not self.waiting:
            events.append(ElevenDecided(team, False))
            self._end_hand(1 - team, self.rules.flee_points, "fled", events)

    def _end_hand(self, winner: int | None, points: int, reason: str, events: list[Event]) -> None:
        score = self.score
        if winner is not None:
            score[winner] = min(TARGET_SCORE, score[winner] + points)
        else:
            points = 0
        self.results.append(HandResult(self.dealer, winner, points, tuple(self.trick_winners), reason))
        events.append(HandEnded(self.hand_number, winner, points, (score[0], score[1]), reason))
        if winner is not None and score[winner] >= TARGET_SCORE:
            self.winner = winner
            self.phase = OVER
            self.waiting = []
            events.append(MatchEnded(winner, (score[0], score[1])))
            return
        self._start_hand(events)

    def _start_hand(self, events: list[Event]) -> None:
        self.hand_number += 1
        self.dealer = dealer = self.next_seat[self.dealer]
        self.trick = []
        self.tricks = []
        self.trick_winners = []
        self.waiting = []
        self.canga = False
        self.level = 0
        self.asked_level = 0
        self.asking_team = -1
        self.raise_team = -1
        self.any_accept = False
        self.eleven_team = -1
        deal = self.deals.get(self.hand_number)
        if deal is None:
            self.phase = NO_DEAL
            self.kind = NORMAL
            self.hands = [[] for _ in range(self.players)]
            self.dealt = ()
            self.vira = -1
            self.strength = ()
            self.turn = -1
            self.value = 0
            return
        rules = self.rules
        self.dealt = deal.hands
        self.hands = [list(h) for h in deal.hands]
        self.vira = deal.vira
        self.strength = strength_table(deal.vira, rules.manilhas, rules.deck)
        self.turn = leader = self.next_seat[dealer]
        self.value = rules.base_value
        self.phase = PLAYING
        special = [s >= rules.special_score for s in self.score]
        if all(special):
            self.kind = IRON
        elif any(special):
            self.kind = ELEVEN
            self.eleven_team = team = special.index(True)
            order = [leader]
            while len(order) < self.players:
                order.append(self.next_seat[order[-1]])
            deciders = [s for s in order if s & 1 == team]
            self.waiting = deciders[:1] if rules.eleven_decision == "first" else deciders
            self.phase = DECIDING
        else:
            self.kind = NORMAL
        events.append(HandStarted(self.hand_number, dealer, deal.vira, self.kind))

    # -- search support ---------------------------------------------------

    def copy(self) -> Match:
        """An independent copy, cheap enough for search (the deal source is shared)."""
        new = Match.__new__(Match)
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        new.score = self.score[:]
        new.results = self.results[:]
        new.actions = self.actions[:]
        new.hands = [h[:] for h in self.hands]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.trick_winners = self.trick_winners[:]
        new.waiting = self.waiting[:]
        return new

    # -- explaining -------------------------------------------------------

    def _why_illegal(self, action: Action) -> str:
        seat, kind = action.seat, action.type
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r} at a table of {self.players}"
        if self.phase == OVER:
            return "the match is over"
        if self.phase == NO_DEAL:
            return f"there is no deal for hand {self.hand_number}"
        if seat not in self.to_act():
            waiting = ", ".join(map(str, self.to_act()))
            return f"seat {seat} may not act now (waiting for seat {waiting})"
        if self.phase == DECIDING:
            if kind in (ACCEPT, RUN):
                return f"{action} is not a valid decision"
            return f"seat {seat} must first decide the mão de onze: accept (play) or run (flee)"
        if self.phase == ANSWERING:
            if kind == PLAY:
                return f"seat {seat} must first answer the raise: accept, run or raise"
            if kind == RAISE:
                return "nothing is above doze: a doze is accepted or run from"
            return f"{action} is not a valid answer"
        if kind in (ACCEPT, RUN):
            return f"there is nothing for seat {seat} to {kind}"
        if kind == RAISE:
            if self.kind != NORMAL:
                return f"no raise may be asked in a {self.kind.replace('_', ' ')}"
            if self.level + 1 >= len(self.rules.ladder):
                return f"the hand is already worth {self.value}: nothing is above it"
            return f"after team {self.raise_team} accepted, only team {self.raise_team} may raise"
        if kind != PLAY or not isinstance(action.card, int) or not 0 <= action.card < 40:
            return f"{action!r} is not an action of the game"
        if action.card not in self.hands[seat]:
            return f"seat {seat} does not hold {card_name(action.card)}"
        if action.covered:
            if self.kind == IRON:
                return "no covered card in a mão de ferro"
            if self.canga:
                return "in a canga hand every card is played open"
            if self.rules.covered == "from_second_trick":
                return "a covered card is allowed only from the second trick on"
            return "the first player of a trick may not play covered"
        if self.canga:
            return "in a canga hand each player must play their strongest card"
        return f"{action} is not legal now"


_SHARED = tuple(
    name
    for name in Match.__slots__
    if name not in ("score", "results", "actions", "hands", "trick", "tricks", "trick_winners", "waiting")
)
