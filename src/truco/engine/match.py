"""The match: the one place that knows the rules.

>>> from truco.engine import Match, Rules
>>> m = Match(Rules(), seed=1)
>>> m.to_act()  # seed 1 draws seat 0 to deal first: seat 1 leads
[1]
>>> events = m.apply(m.legal_actions(1)[0])
>>> type(events[0]).__name__, m.to_act()
('CardPlayed', [2])

Inside, cards are small integers and each hand precomputes its strength
table, so ``legal_actions`` and ``apply`` stay cheap enough to be the inner
loop of a search bot. Actions are precomputed ``Action`` tuples.
"""

from __future__ import annotations

from typing import Final, NamedTuple

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
from truco.engine.states import Kind, Phase

NORMAL: Final = Kind.NORMAL
ELEVEN: Final = Kind.ELEVEN
IRON: Final = Kind.IRON
DECIDING: Final = Phase.DECIDING
PLAYING: Final = Phase.PLAYING
ANSWERING: Final = Phase.ANSWERING
NO_DEAL: Final = Phase.NO_DEAL
OVER: Final = Phase.OVER

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


#: A card on the table is the play ``Action`` itself. Its ``card`` is the real
#: card even when covered: it never leaves the engine except through a view
#: that may know it.
Play = Action

# Events are immutable: the common ones are built once and shared.
_CARD_PLAYED = tuple(tuple(CardPlayed(s, c, False) for c in range(40)) for s in range(4))
_COVERED_PLAYED = tuple(CardPlayed(s, None, True) for s in range(4))
_TRICK_ENDED = tuple({w: tuple(TrickEnded(k, w, s) for s in range(4)) for w in (0, 1, None)} for k in range(3))
_ANSWERED = tuple({ACCEPT: Answered(s, ACCEPT), RUN: Answered(s, RUN)} for s in range(4))


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

    # the table
    rules: Rules
    players: int
    next_seat: tuple[int, ...]
    deals: DealSource
    first_dealer: int
    start_score: tuple[int, int]
    score: list[int]
    winner: int | None
    results: list[HandResult]
    actions: list[Action]
    # the hand
    hand_number: int
    dealer: int
    vira: Card
    strength: tuple[int, ...]
    kind: Kind
    phase: Phase
    hands: list[list[Card]]
    dealt: tuple[tuple[Card, ...], ...]
    turn: int
    value: int
    level: int
    raise_team: int  # -1: either team may raise
    canga: bool
    eleven_team: int  # -1: not a mão de onze
    # the tricks: plays of the current one, its strongest card so far, finished ones
    trick: list[Action]
    best: int
    best_seat: int
    tied: bool
    tricks: list[tuple[Action, ...]]
    trick_winners: list[int | None]
    # a pending raise or mão de onze decision
    asked_level: int
    asking_team: int
    waiting: list[int]
    #: whether the request is accepted so far: with both opponents answering, the first answer is
    #: sealed (``sealed``, its seat; -1: none) until the partner's: the two answer at the same time (§7)
    any_accept: bool
    sealed: int
    # rule options read in the inner loop
    _cover_from_second: bool
    _top_level: int
    _trick_leader_leads_ties: bool
    _canga_rule: bool
    _dealer_wins_ties: bool
    _eleven_penalty: bool
    # the legal actions computed since the last change, and whose they are
    _legal_seat: int
    _legal: tuple[Action, ...]

    __slots__ = tuple(__annotations__)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | str | None = None,
        deals: DealSource | None = None,
        first_dealer: int | None = None,
        score: tuple[int, int] = (0, 0),
    ) -> None:
        rules = rules or Rules()
        self._read_rules(rules)
        n = rules.players
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
        self.start_score = (score[0], score[1])
        self.score = list(score)
        self.winner: int | None = None
        self.results: list[HandResult] = []
        self.actions: list[Action] = []
        self.hand_number = -1
        self.dealer = self.next_seat.index(first_dealer)  # _start_hand moves it on
        self._start_hand([])

    def _read_rules(self, rules: Rules) -> None:
        """Set the rules, and the options the inner loop reads, as plain values."""
        self.rules = rules
        self.players = n = rules.players
        step = 1 if rules.rotation == "clockwise" else -1
        self.next_seat = tuple((s + step) % n for s in range(n))
        self._cover_from_second = rules.covered == "from_second_trick"
        self._top_level = len(rules.ladder) - 1
        self._trick_leader_leads_ties = rules.tied_trick_leader == "trick_leader"
        self._canga_rule = rules.canga
        self._dealer_wins_ties = rules.all_tied == "dealer_team"
        self._eleven_penalty = rules.truco_in_eleven == "loses_match"

    # -- reading ----------------------------------------------------------

    def to_act(self) -> list[int]:
        """The seats that may act now, in order of play; [] when the match is over."""
        phase = self.phase
        if phase is PLAYING:
            return [self.turn]
        if phase is ANSWERING or phase is DECIDING:
            return self.waiting[:]
        return []

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action of ``seat``, or of every seat that may act."""
        if seat is None:
            return tuple(a for s in self.to_act() for a in self.legal_actions(s))
        if seat == self._legal_seat:
            return self._legal
        phase = self.phase
        acts: list[Action]
        if phase is PLAYING:
            if seat != self.turn:
                return ()
            hand = self.hands[seat]
            plays = PLAY_ACTIONS[seat]
            if self.canga:
                strength = self.strength
                best = max([strength[c] for c in hand])
                acts = [plays[c] for c in hand if strength[c] == best]
            else:
                acts = [plays[c] for c in hand]
                if self.kind is not IRON and (self.tricks if self._cover_from_second else self.trick):
                    covers = COVER_ACTIONS[seat]
                    acts += [covers[c] for c in hand]
            kind = self.kind
            if kind is NORMAL:
                if self.level < self._top_level and (self.raise_team < 0 or self.raise_team == seat & 1):
                    acts.append(RAISE_ACTIONS[seat])
            elif kind is ELEVEN and self._eleven_penalty and seat & 1 == self.eleven_team:
                # The penalty option lets the team on 11 ask, and lose the match for it.
                acts.append(RAISE_ACTIONS[seat])
        elif phase is ANSWERING:
            if seat not in self.waiting:
                return ()
            if self.asked_level < self._top_level:
                acts = [ACCEPT_ACTIONS[seat], RUN_ACTIONS[seat], RAISE_ACTIONS[seat]]
            else:
                acts = [ACCEPT_ACTIONS[seat], RUN_ACTIONS[seat]]
        elif phase is DECIDING and seat in self.waiting:
            acts = [ACCEPT_ACTIONS[seat], RUN_ACTIONS[seat]]
        else:
            return ()
        self._legal_seat = seat
        self._legal = legal = tuple(acts)
        return legal

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

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
        try:
            seat = action.seat
        except TypeError:  # the mypyc-compiled engine checks a field's type as it reads it
            raise IllegalAction(f"not an action: {action!r}") from None
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} at a table of {self.players}")
        if action.slot is not None:
            action = self._unblind(action)
        legal = self._legal if seat == self._legal_seat else self.legal_actions(seat)
        try:
            # Apply the legal entry itself: an equal action of other types (13.0 for 13) must not leak in.
            action = legal[legal.index(action)]
        except ValueError:
            raise IllegalAction(self._why_illegal(action)) from None
        self._legal_seat = -1
        self.actions.append(action)
        events: list[Event] = []
        kind = action.type
        if kind == PLAY:
            self._play(action, events)
        elif self.phase is DECIDING:
            self._decide(seat, kind == ACCEPT, events)
        elif kind == RAISE:
            self._raise(seat, events)
        else:
            self._answer(seat, kind == ACCEPT, events)
        return events

    def check_sent(self, action: Action) -> None:
        """Raise ``IllegalAction`` if ``action`` names what its seat cannot know.

        An action a seat sends (rather than one a record holds) may use only
        its view: in a mão de ferro nobody sees their own cards, so a play
        names a slot, never a card, and every card named gets the same answer.
        Use before ``apply`` for what a player sends.
        """
        if action.type == PLAY and action.card is not None and self.kind is IRON and self.phase is not OVER:
            raise IllegalAction("in a mão de ferro nobody sees their own cards: a card is played by slot (0, 1 or 2)")

    def _unblind(self, action: Action) -> Action:
        hand = self.hands[action.seat] if 0 <= action.seat < self.players else []
        if self.phase is not PLAYING or self.kind is not IRON or type(action.slot) is not int:
            raise IllegalAction("a face-down card is played by slot only in a mão de ferro")
        if not 0 <= action.slot < len(hand):
            raise IllegalAction(f"seat {action.seat} has no face-down card {action.slot}")
        if action.covered:
            raise IllegalAction("no covered card in a mão de ferro")
        return PLAY_ACTIONS[action.seat][hand[action.slot]]

    def _play(self, play: Action, events: list[Event]) -> None:
        seat, _kind, maybe_card, covered, _slot = play
        card: Card = maybe_card  # type: ignore[assignment]  # a legal play always names its card
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(play)
        if covered:
            strength = COVERED_STRENGTH
            events.append(_COVERED_PLAYED[seat])
        else:
            strength = self.strength[card]
            events.append(_CARD_PLAYED[seat][card])
        # The strongest card so far; equal cards of the other team tie the trick.
        if strength > self.best:
            self.best = strength
            self.best_seat = seat
            self.tied = False
        elif strength == self.best and (seat ^ self.best_seat) & 1:
            self.tied = True
        if len(trick) < self.players:
            self.turn = self.next_seat[seat]
            return
        if self.best == COVERED_STRENGTH:
            winner = _TIE
            leader = trick[0].seat
        elif self.tied:
            winner = _TIE
            leader = trick[0].seat if self._trick_leader_leads_ties else self.best_seat
        else:
            leader = self.best_seat
            winner = leader & 1
        tricks = self.tricks
        tricks.append(tuple(trick))
        winners = self.trick_winners
        winners.append(winner)
        events.append(_TRICK_ENDED[len(tricks) - 1][winner][leader])
        self.trick = []
        self.best = -2
        self.tied = False
        settled, team = hand_winner(winners) if len(winners) > 1 else (False, _TIE)
        if settled:
            if team is _TIE and self._dealer_wins_ties:
                team = self.dealer & 1
            if team is _TIE:
                self._end_hand(None, 0, "tied", events)
            else:
                self._end_hand(team, self.value, "tricks", events)
            return
        self.turn = leader
        if winner is _TIE and len(tricks) == 1 and self._canga_rule and self.kind is not IRON:
            self.canga = True

    def _raise(self, seat: int, events: list[Event]) -> None:
        team = seat & 1
        ladder = self.rules.ladder
        if self.kind is ELEVEN:
            events.append(RaiseAsked(seat, ladder[1]))
            self._end_hand(1 - team, TARGET_SCORE, "penalty", events)
            return
        if self.phase is ANSWERING:
            # A raise as the answer accepts the request it answers; the partner's sealed answer is told.
            self._unseal(events)
            self.level = self.asked_level
            self.value = ladder[self.level]
            events.append(RaiseAccepted(team, self.value))
        self.asked_level = self.level + 1
        self.asking_team = team
        self.raise_team = team
        self.any_accept = False
        self.sealed = -1
        nxt = self.next_seat
        if self.players == 2 or self.rules.answer == "next":
            self.waiting = [nxt[seat]]
        else:
            self.waiting = [nxt[seat], nxt[nxt[nxt[seat]]]]
        self.phase = ANSWERING
        events.append(RaiseAsked(seat, ladder[self.asked_level]))

    def _answer(self, seat: int, accept: bool, events: list[Event]) -> None:
        self.waiting.remove(seat)
        if self.waiting:  # the partner has yet to answer: this answer is told when it has (§7)
            self.sealed = seat
            self.any_accept = accept
            return
        self._unseal(events)
        events.append(_ANSWERED[seat][ACCEPT if accept else RUN])
        if accept:
            self.any_accept = True
        if self.any_accept:
            self.level = self.asked_level
            self.value = self.rules.ladder[self.level]
            self.raise_team = 1 - self.asking_team
            self.phase = PLAYING
            events.append(RaiseAccepted(self.raise_team, self.value))
        else:
            self._end_hand(self.asking_team, self.value, "run", events)

    def _unseal(self, events: list[Event]) -> None:
        """Tell the sealed answer of a request being settled."""
        if self.sealed >= 0:
            events.append(_ANSWERED[self.sealed][ACCEPT if self.any_accept else RUN])
            self.sealed = -1

    def _decide(self, seat: int, play: bool, events: list[Event]) -> None:
        events.append(_ANSWERED[seat][ACCEPT if play else RUN])
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
        self.best = -2
        self.best_seat = -1
        self.tied = False
        self.tricks = []
        self.trick_winners = []
        self.waiting = []
        self.canga = False
        self.level = 0
        self.asked_level = 0
        self.asking_team = -1
        self.raise_team = -1
        self.any_accept = False
        self.sealed = -1
        self.eleven_team = -1
        self._legal_seat = -1
        self._legal = ()
        self.kind = NORMAL
        deal = self.deals.get(self.hand_number)
        if deal is None:
            self.phase = NO_DEAL
            self.hands = [[] for _ in range(self.players)]
            self.dealt = ()
            self.vira = -1
            self.strength = ()
            self.turn = -1
            self.value = 0
            return
        rules = self.rules
        self.dealt = hands = deal.hands
        self.hands = list(map(list, hands))
        self.vira = vira = deal.vira
        self.strength = strength_table(vira, rules.manilhas, rules.deck)
        self.turn = leader = self.next_seat[dealer]
        self.value = rules.ladder[0]
        self.phase = PLAYING
        special = rules.special_score
        on_special = (self.score[0] >= special, self.score[1] >= special)
        if on_special[0] and on_special[1]:
            self.kind = IRON
        elif on_special[0] or on_special[1]:
            self.kind = ELEVEN
            self.eleven_team = team = on_special.index(True)
            order = [leader]
            while len(order) < self.players:
                order.append(self.next_seat[order[-1]])
            deciders = [s for s in order if s & 1 == team]
            self.waiting = deciders[:1] if rules.eleven_decision == "first" else deciders
            self.phase = DECIDING
        events.append(self.hand_started())

    def hand_started(self) -> HandStarted:
        """The event that opened the hand being played: the first one of a new
        match, which ``Match()`` has no way to return."""
        return HandStarted(self.hand_number, self.dealer, self.vira, self.kind)

    # -- search support ---------------------------------------------------

    def copy(self) -> Match:
        """An independent copy, cheap enough for search (the deal source is shared)."""
        new: Match = Blank()
        new.rules = self.rules
        new.players = self.players
        new.next_seat = self.next_seat
        new.deals = self.deals
        new.first_dealer = self.first_dealer
        new.start_score = self.start_score
        new.score = self.score[:]
        new.winner = self.winner
        new.results = self.results[:]
        new.actions = self.actions[:]
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.vira = self.vira
        new.strength = self.strength
        new.kind = self.kind
        new.phase = self.phase
        new.hands = [h[:] for h in self.hands]
        new.dealt = self.dealt
        new.turn = self.turn
        new.value = self.value
        new.level = self.level
        new.raise_team = self.raise_team
        new.canga = self.canga
        new.eleven_team = self.eleven_team
        new.trick = self.trick[:]
        new.best = self.best
        new.best_seat = self.best_seat
        new.tied = self.tied
        new.tricks = self.tricks[:]
        new.trick_winners = self.trick_winners[:]
        new.asked_level = self.asked_level
        new.asking_team = self.asking_team
        new.waiting = self.waiting[:]
        new.any_accept = self.any_accept
        new.sealed = self.sealed
        new._cover_from_second = self._cover_from_second
        new._top_level = self._top_level
        new._trick_leader_leads_ties = self._trick_leader_leads_ties
        new._canga_rule = self._canga_rule
        new._dealer_wins_ties = self._dealer_wins_ties
        new._eleven_penalty = self._eleven_penalty
        new._legal_seat = self._legal_seat
        new._legal = self._legal
        return new

    # -- explaining -------------------------------------------------------

    def _why_illegal(self, action: Action) -> str:
        seat, kind = action.seat, action.type  # apply has checked the seat
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


class Blank(Match):
    """A match with no state yet, filled in field by field by ``Match.copy`` and
    by determinization. (A subclass, because a mypyc-compiled ``Match`` cannot be
    made without running ``__init__``.)"""

    __slots__ = ()

    def __init__(self) -> None:
        pass
