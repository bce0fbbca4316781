"""The search bot: determinized Monte Carlo (as ``search1``) that reads its opponents.

Every decision draws full matches consistent with the seat's view, rolls each
candidate out in every draw and scores the outcome by the chance of winning
the match from the score it leaves (see ``truco.bots.search1``). What it adds:

- **Opponent modelling within a match** (``OpponentModel``, kept in the bot
  object, so it travels with it): from the views it gets, the bot counts the
  opponents' raises per hand, how often they accept or run from its own raises,
  and the strength of the open cards they showed in the hands they raised.
- **Inference from raises** weighted by that model: each draw counts by how
  likely the opponents' raise was with the cards it gives them. A player that
  raised only to show manilhas is believed; one that raises every hand or shows
  junk after raising is called.
- **Raises priced against the observed answers**: against a player that always
  accepts, it raises only for value; against one that runs, it bluffs more.
- **Levels** by the number of draws: ``easy`` few, ``hard`` many.

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> SearchBot(seed=1, level="easy").act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cache

from truco.bots.heuristic import pick
from truco.bots.knowledge import call_threshold, equity
from truco.bots.search1 import (
    PRUNE,
    RAISE_MARGIN,
    RAISE_STEP,
    RAISE_STRENGTH,
    Search1Bot,
    accept_chance,
    candidate_plays,
    seat_chance,
    won_share,
)
from truco.engine import ACCEPT, RAISE, RUN, Action, Match, View
from truco.engine.cards import strength_table

#: Plays whose share of won draws is this close to the best count as equally good.
TIE = 0.01
#: Draws per decision, per level.
DRAWS = {"easy": 16, "medium": 96, "hard": 240}
#: The prior bluff rate of a raise, and how many observations it is worth.
BLUFF_PRIOR, PRIOR_WEIGHT = 0.08, 3.0
#: A raiser whose strongest open card in the hand is below this (an A) showed a weak hand.
SHOWN_STRONG = 7
#: Hands of evidence the default raise threshold is worth.
RATE_PRIOR = 4.0
#: How many of our raises' answers weigh as much as the answerer model.
ANSWER_PRIOR = 4.0


@dataclass
class OpponentModel:
    """What the opponents showed in this match, from this seat's views."""

    hands: int = 0
    #: raises the opponents asked
    raises: int = 0
    #: their raises after which we saw their open cards, and how many of those showed a weak hand
    shown: int = 0
    weak: int = 0
    #: answers to our raises
    accepted: int = 0
    ran: int = 0
    # -- the hand being played
    hand: int = -1
    score: tuple[int, int] = (0, 0)
    raised_here: set[int] = field(default_factory=set)
    shown_here: int = -1
    #: (value before, value asked) of our raise still unanswered
    our_raise: tuple[int, int] | None = None

    def bluff_rate(self) -> float:
        """How often a raise of theirs is a bluff: the share of weak hands they showed after raising."""
        return min(0.9, (self.weak + BLUFF_PRIOR * PRIOR_WEIGHT) / (self.shown + PRIOR_WEIGHT))

    def raise_threshold(self) -> float:
        """The hand strength above which they raise, read from how often they raise: a team that
        raises in a share r of its hands raises with the strongest share r of the hands."""
        default = 1 - strength_quantile(RAISE_STRENGTH)  # the share of hands above our default threshold
        rate = (self.raises + default * RATE_PRIOR) / (self.hands + RATE_PRIOR)
        return strength_at(1 - min(rate, 1.0))

    def accept_rate(self) -> tuple[float, float]:
        """(observed share of our raises they accepted, weight of that observation against the model)."""
        n = self.accepted + self.ran
        return (self.accepted + 0.5) / (n + 1), n / (n + ANSWER_PRIOR)

    def observe(self, view: View) -> None:
        """Update from a view of this seat (called before every decision)."""
        team = (view.seat or 0) & 1
        if view.hand_number != self.hand:
            self.close_hand(view, team)
        elif self.our_raise is not None and (view.value >= self.our_raise[1] or view.phase == "answering"):
            self.accepted += 1  # they accepted, or raised back
            self.our_raise = None
        pending = view.pending
        if pending and pending.get("team") != team:
            self.count_raise(pending["value"])
        if view.raise_team == team and view.value > view.rules.base_value:
            self.count_raise(view.value)  # they raised and we accepted
        if self.raised_here and view.vira is not None:
            strength = strength_table(view.vira, view.rules.manilhas, view.rules.deck)
            for trick in (*view.tricks, view.trick):
                for s, c in trick:
                    if c is not None and s & 1 != team:
                        self.shown_here = max(self.shown_here, strength[c])

    def count_raise(self, value: int) -> None:
        if value not in self.raised_here:
            self.raised_here.add(value)
            self.raises += 1

    def close_hand(self, view: View, team: int) -> None:
        if self.raised_here and self.shown_here >= 0:
            self.shown += 1
            self.weak += self.shown_here < SHOWN_STRONG
        if self.our_raise is not None:
            gained = view.score[team] - self.score[team]
            if gained == self.our_raise[0] and view.score[1 - team] == self.score[1 - team]:
                self.ran += 1
        self.hand = view.hand_number
        self.hands += 1
        self.raised_here = set()
        self.shown_here = -1
        self.our_raise = None
        self.score = view.score


class SearchBot(Search1Bot):
    """Monte Carlo over determinizations, weighted by what the opponents showed."""

    name = "search"

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        super().__init__(seed, level)
        self.draws = DRAWS[level]
        self.model = OpponentModel()

    def act(self, view: View) -> Action:
        self.model.observe(view)
        self.model.score = view.score
        action = super().act(view)
        if action.type == RAISE:
            ladder = view.rules.ladder
            below = view.pending["value"] if view.pending else view.value
            self.model.our_raise = (view.value, ladder[ladder.index(below) + 1])
        return action

    # -- the opponents, as the model sees them ----------------------------------

    def raise_weight(self, draw: Match, team: int, seat: int | None, step: int) -> float:
        """How likely the raising ``team`` asked the ``step``-th value with this draw's cards."""
        seats = [seat] if seat is not None and seat & 1 == team else [s for s in range(draw.players) if s & 1 == team]
        p = max(seat_chance(draw, s) for s in seats)
        bluff = self.model.bluff_rate()
        threshold = self.model.raise_threshold() + RAISE_STEP * max(0, step - 1)
        return bluff + (1 - bluff) / (1 + math.exp(-(p - threshold) / 0.05))

    def accept_weight(self, draw: Match, team: int, mine: int, theirs: int, current: int, asked: int) -> float:
        """How likely ``team`` accepts our raise with this draw's cards: the sensible-answerer model,
        moved toward the share of our raises they accepted so far."""
        q = accept_chance(draw, team, mine, theirs, current, asked)
        observed, weight = self.model.accept_rate()
        return weight * observed + (1 - weight) * q

    # -- decisions --------------------------------------------------------

    def answer(self, view: View) -> Action:
        team = view.seat & 1
        pending = view.pending or {}
        asked, current = pending.get("value", view.value), view.value
        draws = self.sample(view, 2 * self.draws)  # weighting leaves fewer effective draws: take more
        step = view.rules.ladder.index(asked)
        weights = [self.raise_weight(d, pending.get("team", 1 - team), view.turn, step) for d in draws]
        wins = self.outcomes(view, pick(view.legal, ACCEPT), draws)
        total = sum(weights)
        p = sum(w for w, win in zip(weights, wins, strict=True) if win == team) / total
        mine, theirs = view.score[team], view.score[1 - team]
        special = view.rules.special_score
        if any(a.type == RAISE for a in view.legal) and p > 0.5:
            ladder = view.rules.ladder
            higher = ladder[ladder.index(asked) + 1]
            ev_raise = 0.0
            for d, w, win in zip(draws, weights, wins, strict=True):
                q = self.accept_weight(d, 1 - team, theirs, mine, asked, higher)
                won = equity(mine + higher, theirs, special) if win == team else equity(mine, theirs + higher, special)
                ev_raise += w * (q * won + (1 - q) * equity(mine + asked, theirs, special))
            ev_raise /= total
            ev_accept = p * equity(mine + asked, theirs, special) + (1 - p) * equity(mine, theirs + asked, special)
            if ev_raise > ev_accept + RAISE_MARGIN:
                return pick(view.legal, RAISE)
        if pending.get("accepted"):  # the partner accepted: running changes nothing
            return pick(view.legal, ACCEPT)
        return pick(view.legal, RUN if p < call_threshold(mine, theirs, current, asked, special) else ACCEPT)

    def play(self, view: View) -> Action:
        team = view.seat & 1
        legal = view.legal
        candidates = candidate_plays(view)
        draws = self.sample(view, self.draws)
        # After our acceptance of their raise, the draws where they raise with strength count more.
        if view.value > view.rules.base_value and view.raise_team == team:
            step = view.rules.ladder.index(view.value) if view.value in view.rules.ladder else 1
            weights = [self.raise_weight(d, 1 - team, None, step) for d in draws]
        else:
            weights = [1.0] * len(draws)
        first = len(draws) // 3
        wins = {a: self.outcomes(view, a, draws[:first]) for a in candidates}
        if len(candidates) > 1:
            early = {a: won_share(w, weights[:first], team) for a, w in wins.items()}
            top = max(early.values())
            wins = {a: w for a, w in wins.items() if early[a] >= top - PRUNE}
        for a, w in wins.items():
            w.extend(self.outcomes(view, a, draws[first:]))
        shares = {a: won_share(w, weights, team) for a, w in wins.items()}
        top = max(shares.values())
        # Among plays as good as the best, give away the weakest card, covered if it may be: keep the
        # strength for later and show the opponents nothing.
        strength = strength_table(view.vira, view.rules.manilhas, view.rules.deck)
        best = min((a for a in shares if shares[a] >= top - TIE), key=lambda a: (strength[a.card], not a.covered))
        may_raise = view.kind == "normal" and any(a.type == RAISE for a in legal)
        if may_raise and self.raise_gain(view, draws, weights, wins[best]) > RAISE_MARGIN:
            return pick(legal, RAISE)
        return best

    def raise_gain(self, view: View, draws: list[Match], weights: list[float], wins: list[int | None]) -> float:
        """Match equity gained by raising now rather than playing on (they answer as the model says)."""
        team = view.seat & 1
        mine, theirs = view.score[team], view.score[1 - team]
        special = view.rules.special_score
        ladder = view.rules.ladder
        current = view.value
        asked = ladder[ladder.index(current) + 1]
        gain = 0.0
        for d, w, win in zip(draws, weights, wins, strict=True):
            q = self.accept_weight(d, 1 - team, theirs, mine, current, asked)
            if win == team:
                keep, raised = equity(mine + current, theirs, special), equity(mine + asked, theirs, special)
            elif win is None:
                keep = raised = equity(mine, theirs, special)
            else:
                keep, raised = equity(mine, theirs + current, special), equity(mine, theirs + asked, special)
            gain += w * (q * raised + (1 - q) * equity(mine + current, theirs, special) - keep)
        return gain / sum(weights)


@cache
def team_strengths() -> tuple[float, ...]:
    """Our strength measure of a team at the start of a hand (its better seat), over fixed random deals, sorted."""
    out = []
    for i in range(400):
        m = Match(seed=f"strengths/{i}")
        out.append(max(seat_chance(m, s) for s in (0, 2)))
    return tuple(sorted(out))


def strength_quantile(p: float) -> float:
    """The share of hands whose team strength is below ``p``."""
    table = team_strengths()
    return bisect_left(table, p) / len(table)


def strength_at(q: float) -> float:
    """The team strength below which a share ``q`` of hands fall."""
    table = team_strengths()
    return table[min(len(table) - 1, max(0, int(q * len(table))))]
