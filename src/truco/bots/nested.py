"""``search`` at ``hard``: ``medium``'s search, its raises also priced against the answers a smaller ``medium``
search gives in the answering seats (a one-level nested search), trusted as far as it predicted their answers.

``medium`` prices a raise with a model of a sensible answerer: in every draw they accept above the call
threshold of their score plus a caution, read from our hand-strength measure in their seat. That measure
knows nothing of the hand's plays, nor of the raise as a sign of strength; a search in their seat weighs
both. So ``hard`` also plays the raise in some of its draws (``ASKED``) and asks a ``medium`` search on few
draws (``NESTED_DRAWS``) for the answer of each answering seat, from that seat's view of the draw (what it
may know, nothing more; the team runs only if every seat asked runs): priced over those draws, with what
they do there (``NestedLadder``), that is the raise's other price. The two prices are mixed by how well each
predicted the answers the opponents gave our raises in this match (``NestedTrust``): against players who
answer as a search does the nested price takes over, against others the model (fitted to their answers).
Everything else (the card play, the answers to their raises, the price of waiting) is ``medium``'s.

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> HardBot(seed=1).act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from truco.bots.betting import Ladder
from truco.bots.heuristic import pick
from truco.bots.knowledge import own_team, raise_changes_nothing
from truco.bots.search import OpponentModel, SearchBot
from truco.engine import RAISE, RUN, Action, Match, View, view

#: Draws of the nested search in the answerer's seat (it answers on twice as many).
NESTED_DRAWS = 8
#: How many of our draws the nested search answers our raise in.
ASKED = 16
#: A predicted chance of their staying is read as at least this and at most one minus it.
CLIP = 0.05


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


@dataclass
class NestedTrust:
    """How far the nested answers are trusted over the answerer model: the log-likelihoods of the answers the
    opponents gave our raises, as each predicted them (their chance of staying)."""

    nested: float = 0.0
    model: float = 0.0
    #: (nested, model) chance of staying predicted for the raise we are weighing or asked
    predicted: tuple[float, float] = (0.5, 0.5)

    def share(self) -> float:
        """The nested price's share in the mix: the posterior of the nested answers (even at first)."""
        return 1 / (1 + math.exp(max(-60.0, min(60.0, self.model - self.nested))))

    def answered(self, stayed: bool) -> None:
        for which, p in zip(("nested", "model"), self.predicted, strict=True):
            p = min(1 - CLIP, max(CLIP, p))
            setattr(self, which, getattr(self, which) + math.log(p if stayed else 1 - p))


class HardBot(SearchBot):
    """``medium``'s search; its raises priced also against a nested search's answers, as far as trusted."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "medium")
        self.answerer_search = SearchBot(seed + 1, "medium")
        self.answerer_search.draws = NESTED_DRAWS
        #: what the opponents saw of our team in this match (our raises, the cards we showed after them), as
        #: they read it: their search's opponent model
        self.answerer_search.model = self.seen_by_them = OpponentModel()
        self.trust = NestedTrust()

    def act(self, view: View) -> Action:
        them = next(s for s, t in enumerate(view.teams) if t != own_team(view))
        self.seen_by_them.observe(view._replace(seat=them, team=view.teams[them], hand=(), legal=()))
        model = self.model
        before = model.accepted, model.ran
        model.observe(view)  # as ``SearchBot.act`` does (observing a view twice counts it once)
        if (model.accepted, model.ran) != before:
            self.trust.answered(model.accepted > before[0])
        self.trust.predicted = (0.5, 0.5)  # a raise back (``answer``) is priced by the model alone
        return super().act(view)

    def raise_price(self, view: View, ladder: Ladder, draws: list[Match], asked: int) -> float:
        """The model's price and the nested answers' price over ``ASKED`` of the draws, mixed by trust."""
        chosen = range(0, len(draws), max(1, len(draws) // ASKED))[:ASKED]
        weights = [ladder.weights[i] for i in chosen]
        total = sum(weights)
        current = view.value
        model_price = super().raise_price(view, ladder, draws, asked)
        if total <= 0:
            return model_price
        replies = [self.reply(draws[i], view) for i in chosen]
        nested = NestedLadder(
            ladder.rules,
            ladder.score,
            weights,
            [ladder.wins[i] for i in chosen],
            [ladder.strengths[i] for i in chosen],
            ladder.model,
            ladder.edge,
            current,
            asked,
            replies,
        )
        model_stays = sum(
            w * ladder.model.answers(ladder.rules, ladder.score, current, asked, p)[0]
            for w, p in zip(ladder.weights, ladder.strengths, strict=True)
        ) / sum(ladder.weights)
        nested_stays = sum(w * stay for w, (stay, _) in zip(weights, replies, strict=True)) / total
        self.trust.predicted = (nested_stays, model_stays)
        share = self.trust.share()
        return share * nested.ask(current, asked) + (1 - share) * model_price

    def reply(self, draw: Match, ours: View) -> tuple[float, float]:
        """(they stay, they raise back) after our raise in ``draw``, each seat of theirs answering as a
        ``medium`` search on few draws answers from that seat's view: the team runs only if every seat
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
