"""``search`` at ``hard``: ``medium``'s search, with the opponents' answers to our raises found by asking a
smaller ``medium`` search in their seat (a one-level nested search).

``medium`` prices a raise with a model of a sensible answerer: in every draw they accept above the call
threshold of their score plus a caution, read from our hand-strength measure in their seat. That
measure knows nothing of the hand's plays, of the raise as a sign of strength, nor of the price of
raising back; a ``medium`` player in their seat weighs all of them. So ``hard`` plays the raise in each
draw and asks a ``medium`` search on few draws (``NESTED_DRAWS``) for the answer of the seat that answers
first, from that seat's view of the draw (what it may know, nothing more): whether it runs, accepts or
raises back there is what the raise meets in that draw. Everything else (the card play, the answers to
their raises, the price of waiting) is ``medium``'s.

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> HardBot(seed=1).act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from truco.bots.betting import Ladder
from truco.bots.heuristic import pick
from truco.bots.knowledge import raise_changes_nothing
from truco.bots.search import OpponentModel, SearchBot, seat_team
from truco.engine import RAISE, RUN, Action, Match, View, view

#: Draws of the nested search in the answerer's seat (it answers on twice as many).
NESTED_DRAWS = 16


@dataclass
class NestedLadder(Ladder):
    """A ladder whose first raise (``current`` to ``asked``) meets, in each draw, the answer found there:
    ``replies`` holds (accept or raise back, raise back) per draw, each 0 or 1."""

    current: int = 0
    asked: int = 0
    replies: Sequence[tuple[float, float]] = ()

    def ask(self, current: int, asked: int, weights: Sequence[float] | None = None) -> float:
        if (current, asked) != (self.current, self.asked):
            return super().ask(current, asked, weights)
        weights = self.weights if weights is None else weights
        total = sum(weights)
        if total <= 0:
            return self.equity(current, 0)
        value = 0.0
        back: list[float] = []
        for w, win, (stay, reraise) in zip(weights, self.wins, self.replies, strict=True):
            value += w * ((1 - stay) * self.equity(current, 0) + (stay - reraise) * self.played(win, asked))
            back.append(w * reraise)
        higher, pressed = self.higher(asked), sum(back)
        if higher is not None and pressed > 0:
            value += pressed * max(self.answers(asked, higher, back).values())
        return value / total


class HardBot(SearchBot):
    """``medium``'s search; our raises priced against a nested search's answers in each draw."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "medium")
        self.answerer_search = SearchBot(seed + 1, "medium")
        self.answerer_search.draws = NESTED_DRAWS
        #: what the opponents saw of our team in this match (our raises, the cards we showed after them), as
        #: they read it: their search's opponent model
        self.answerer_search.model = self.seen_by_them = OpponentModel()

    def act(self, view: View) -> Action:
        them = next(s for s, t in enumerate(view.teams) if t != seat_team(view))
        self.seen_by_them.observe(view._replace(seat=them, team=view.teams[them], hand=(), legal=()))
        return super().act(view)

    def raise_price(self, view: View, ladder: Ladder, draws: list[Match], current: int, asked: int) -> float:
        replies = [self.reply(draw, view) for draw in draws]
        nested = NestedLadder(
            ladder.rules,
            ladder.score,
            ladder.weights,
            ladder.wins,
            ladder.strengths,
            ladder.model,
            current,
            asked,
            replies,
        )
        return nested.ask(current, asked)

    def reply(self, draw: Match, ours: View) -> tuple[float, float]:
        """(they stay, they raise back) after our raise in ``draw``, each seat of theirs answering as a
        ``medium`` search on few draws answers it from that seat's view: the team runs only if every seat
        asked runs."""
        g = draw.copy()
        g.apply(pick(ours.legal, RAISE))
        while g.phase == "answering" and g.to_act():
            seat = g.to_act()[0]
            theirs = view(g, seat)
            if raise_changes_nothing(theirs):
                theirs = theirs._replace(legal=tuple(a for a in theirs.legal if a.type != RAISE))
            answer = self.answerer_search.answer(theirs)
            if answer.type != RUN:
                return 1.0, float(answer.type == RAISE)
            g.apply(answer)
        return 0.0, 0.0
