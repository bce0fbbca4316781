"""Betting by match equity: what a score is worth, and what a raise, an answer or a wait is worth from it.

**Match equity** (``match_equity``) is the chance of winning the match from a
score, when each later hand is an even fight (or, with ``edge``, one the team
wins with that chance). It is computed once per table's rules (and edge) by
dynamic programming over the scores; what kind of hand a score deals
(a normal hand, a mão de onze, a mão de ferro) is asked of the engine, and the
points at stake come from the rules: a normal hand ends at one of the ladder's
values (``HAND_VALUES``: how often hands end at each rung), a mão de onze is
played for ``special_value`` or fled for ``flee_points`` by the team on the
special score, whichever is worth more with the hand it holds, a mão de ferro is
played blind for the base value. So a raise at 10×3 weighs what it does at
10×3, and a raise where winning the hand already wins the match is worth nothing.

**The ladder** (``Ladder``): the value of asking a raise, and of answering one,
over the sampled draws of a decision. In each draw we know who wins the hand
(``wins``: 1, 0, or 0.5 for nobody) and how strong the opponents feel
(``strengths``); a model of their answers (``AnswerModel``) gives the chance
that they run, accept or raise back in that draw, and we answer their raise
back with whichever of run, accept or raise is worth most over the draws where
they would make it. Each rung up the ladder is priced the same way.

>>> from truco.engine import Rules
>>> rules = Rules()
>>> round(match_equity(rules, 0, 0), 3)
0.5
>>> match_equity(rules, 11, 0) > match_equity(rules, 6, 6) > match_equity(rules, 0, 11)
True
>>> match_equity(rules, 12, 3), match_equity(rules, 3, 12)
(1.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from truco.engine import ACCEPT, ELEVEN, IRON, RAISE, RUN, Match, Rules
from truco.engine.rules import TARGET_SCORE

#: How often a normal hand ends at each rung of the ladder (the points its winner scores: a hand run
#: from counts the rung below the one asked), as our bots' matches against the panel end them.
HAND_VALUES = (0.5, 0.33, 0.1, 0.04, 0.03)
#: The team deciding a mão de onze sees its hand: its chance of winning it, spread evenly over these.
ELEVEN_CHANCES = tuple((i + 0.5) / 10 for i in range(10))
#: The softness of an answerer's step: 0.5 at its threshold, 0.88 at 0.1 above it.
SOFTNESS = 0.05


@cache
def _table(rules: Rules, edge: float = 0.5) -> dict[tuple[int, int], float]:
    """Match equity of team 0 at every score below the target, by dynamic programming from the top, when
    team 0 wins each later hand's fight with chance ``edge``."""
    table: dict[tuple[int, int], float] = {}

    def at(mine: int, theirs: int) -> float:
        if mine >= TARGET_SCORE:
            return 1.0
        if theirs >= TARGET_SCORE:
            return 0.0
        return table[mine, theirs]

    def even(mine: int, theirs: int, points: int) -> float:
        return edge * at(mine + points, theirs) + (1 - edge) * at(mine, theirs + points)

    special = rules.special_value
    flee = rules.flee_points
    for total in range(2 * TARGET_SCORE - 2, -1, -1):
        for mine in range(max(0, total - TARGET_SCORE + 1), min(total, TARGET_SCORE - 1) + 1):
            theirs = total - mine
            kind = Match(rules, seed=0, score=(mine, theirs)).kind
            if kind is IRON:
                value = even(mine, theirs, rules.base_value)
            elif kind is ELEVEN:
                ours = mine >= rules.special_score
                value = 0.0
                for p in ELEVEN_CHANCES:
                    win, lose = (p, 1 - p) if ours else (1 - p, p)
                    play = win * at(mine + special, theirs) + lose * at(mine, theirs + special)
                    fled = at(mine, theirs + flee) if ours else at(mine + flee, theirs)
                    value += (max if ours else min)(play, fled) / len(ELEVEN_CHANCES)
            else:
                value = sum(share * even(mine, theirs, v) for share, v in zip(HAND_VALUES, rules.ladder, strict=True))
            table[mine, theirs] = value
    return table


#: The rules last asked about and their table: a search decision asks about one table's rules thousands of
#: times, and hashing them each time (for ``_table``'s cache) was a tenth of its time.
#: (One entry, read once per call: threads that share it each get a table of the rules they asked about.)
_last: list[tuple[Rules | None, float, dict[tuple[int, int], float]]] = [(None, 0.5, {})]


def match_equity(rules: Rules, mine: int, theirs: int, edge: float = 0.5) -> float:
    """The chance that a team on ``mine`` points wins the match against one on ``theirs``, if it wins each
    later hand's fight with chance ``edge``."""
    if mine >= TARGET_SCORE:
        return 1.0
    if theirs >= TARGET_SCORE:
        return 0.0
    last = _last[0]
    if last[0] is not rules or last[1] != edge:
        last = _last[0] = (rules, edge, _table(rules, edge))
    return last[2][mine, theirs]


def call_threshold(rules: Rules, mine: int, theirs: int, current: int, asked: int) -> float:
    """The chance of winning the hand above which a team on ``mine`` does better to accept a raise from
    ``current`` to ``asked`` than to run."""
    win = match_equity(rules, mine + asked, theirs)
    lose = match_equity(rules, mine, theirs + asked)
    run = match_equity(rules, mine, theirs + current)
    return (run - lose) / (win - lose) if win > lose else 1.0


def logistic(x: float, softness: float = SOFTNESS) -> float:
    return 1 / (1 + math.exp(max(-60.0, min(60.0, -x / softness))))


@dataclass(frozen=True, slots=True)
class AnswerModel:
    """How the opponents answer our raise, from their strength (our hand-strength measure in their seat):
    they accept above the call threshold of their score plus ``caution``, and raise back above
    ``reraise`` (plus ``step`` for each rung above truco); ``softness`` is how gradual each step is."""

    caution: float = 0.06
    reraise: float = 0.85
    step: float = 0.04
    softness: float = SOFTNESS

    def answers(
        self, rules: Rules, score: tuple[int, int], current: int, asked: int, strength: float
    ) -> tuple[float, float]:
        """(chance they accept or raise back, chance they raise back) with ``strength``; ``score`` is (ours,
        theirs)."""
        threshold = call_threshold(rules, score[1], score[0], current, asked) + self.caution
        stay = logistic(strength - threshold, self.softness)
        ladder = rules.ladder
        if asked == ladder[-1]:
            return stay, 0.0
        rung = ladder.index(asked)
        return stay, stay * logistic(strength - self.reraise - self.step * max(0, rung - 1), self.softness)


@dataclass
class Ladder:
    """The raises still possible in a hand, priced over a decision's draws (see the module's help)."""

    rules: Rules
    #: (our score, theirs)
    score: tuple[int, int]
    #: the weight of each draw, who wins its hand (1 us, 0 them, 0.5 nobody), the opponents' strength in it
    weights: Sequence[float]
    wins: Sequence[float]
    strengths: Sequence[float]
    model: AnswerModel
    #: our chance in each later hand's fight (``match_equity``)
    edge: float = 0.5

    def equity(self, mine: int, theirs: int) -> float:
        return match_equity(self.rules, self.score[0] + mine, self.score[1] + theirs, self.edge)

    def played(self, win: float, value: int) -> float:
        """Our match equity once the hand is played out at ``value`` with outcome ``win``."""
        if win == 1.0:
            return self.equity(value, 0)
        if win == 0.0:
            return self.equity(0, value)
        return self.equity(0, 0)

    def higher(self, value: int) -> int | None:
        ladder = self.rules.ladder
        i = ladder.index(value)
        return ladder[i + 1] if i + 1 < len(ladder) else None

    def accept(self, value: int, weights: Sequence[float] | None = None) -> float:
        """Playing the hand out at ``value``."""
        weights = self.weights if weights is None else weights
        total = sum(weights)
        return sum(w * self.played(win, value) for w, win in zip(weights, self.wins, strict=True)) / total

    def ask(self, current: int, asked: int, weights: Sequence[float] | None = None) -> float:
        """We ask ``asked`` (they get ``current`` if they run): they run, accept or raise back, draw by draw."""
        weights = self.weights if weights is None else weights
        total = sum(weights)
        if total <= 0:
            return self.equity(current, 0)
        value = 0.0
        back: list[float] = []
        for w, win, (stay, reraise) in zip(weights, self.wins, self.replies(current, asked), strict=True):
            value += w * ((1 - stay) * self.equity(current, 0) + (stay - reraise) * self.played(win, asked))
            back.append(w * reraise)
        higher, pressed = self.higher(asked), sum(back)
        if higher is not None and pressed > 0:
            value += pressed * max(self.answers(asked, higher, back).values())
        return value / total

    def replies(self, current: int, asked: int) -> Sequence[tuple[float, float]]:
        """(they stay in, they raise back) in each draw, the model's chances, after our raise from ``current`` to
        ``asked``."""
        return [self.model.answers(self.rules, self.score, current, asked, s) for s in self.strengths]

    def answers(self, current: int, asked: int, weights: Sequence[float] | None = None) -> dict[str, float]:
        """What each answer to their raise from ``current`` to ``asked`` is worth over the draws weighted
        ``weights``: "run", "accept" and, below the top of the ladder, "raise"."""
        options = {RUN: self.equity(0, current), ACCEPT: self.accept(asked, weights)}
        higher = self.higher(asked)
        if higher is not None:
            options[RAISE] = self.ask(asked, higher, weights)
        return options
