"""``search`` at ``hard``: ``medium``'s search, its answerer model calibrated at each raise it weighs by the
answers a smaller ``medium`` search gives in the answering seats (a one-level nested search).

``medium`` prices a raise with a model of a sensible answerer: in every draw they accept above the call
threshold of their score plus a caution, read from our hand-strength measure in their seat, the caution
fitted to how often they accepted our raises so far. That measure knows nothing of the hand's plays, nor of
the raise as a sign of strength; a player in their seat weighs both. So before it weighs a raise, ``hard``
plays it in some of its draws (``ASKED``) and asks a ``medium`` search on few draws (``NESTED_DRAWS``) for
the answer of each answering seat, from that seat's view of the draw (what it may know, nothing more; the
team runs only if every seat asked runs). The answerer model's caution is then set where it predicts that
share of stays over those draws (``OFFSETS``), and the fit to the answers they gave our raises in the match
moves it from there: a player that answers as a search does is read as one, and one that accepts more (or
less) than a search would is read by what it did. Everything else (the card play, the answers to their
raises, the price of waiting) is ``medium``'s.

(Taking the nested answer draw by draw instead, on all the draws, beat ``medium`` by as much but lost ground
against ``search1``, whose answers are not a search's, at five times the time: ``docs/benchmarks.md``.)

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> HardBot(seed=1).act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

from dataclasses import replace

from truco.bots.betting import AnswerModel, Ladder
from truco.bots.heuristic import pick
from truco.bots.knowledge import own_team, raise_changes_nothing
from truco.bots.search import CAUTION, OpponentModel, SearchBot
from truco.engine import RAISE, RUN, Action, Match, View, view

#: Draws of the nested search in the answerer's seat (it answers on twice as many).
NESTED_DRAWS = 8
#: How many of our draws the nested search answers our raise in.
ASKED = 16
#: The shifts of the answerer model's caution that the nested answers may set.
OFFSETS = tuple(round(-0.3 + 0.05 * i, 2) for i in range(17))


class HardBot(SearchBot):
    """``medium``'s search; its answerer model calibrated to a nested search's answers at every raise."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "medium")
        self.answerer_search = SearchBot(seed + 1, "medium")
        self.answerer_search.draws = NESTED_DRAWS
        #: what the opponents saw of our team in this match (our raises, the cards we showed after them), as
        #: they read it: their search's opponent model
        self.answerer_search.model = self.seen_by_them = OpponentModel()
        #: the caution shift the nested answers set for the raise being weighed
        self.offset = 0.0

    def act(self, view: View) -> Action:
        them = next(s for s, t in enumerate(view.teams) if t != own_team(view))
        self.seen_by_them.observe(view._replace(seat=them, team=view.teams[them], hand=(), legal=()))
        self.offset = 0.0
        return super().act(view)

    def ladder(self, view: View, draws: list[Match], weights: list[float], wins: list[int | None]) -> Ladder:
        """``medium``'s ladder; while we play (we weigh a raise), its answerer calibrated by the nested answers."""
        ladder = super().ladder(view, draws, weights, wins)
        asked = ladder.higher(view.value)
        if view.phase != "playing" or asked is None:
            return ladder
        self.offset = self.calibrate(view, ladder, draws, asked)
        return replace(ladder, model=replace(ladder.model, caution=ladder.model.caution + self.offset))

    def predict_answers(self, ladder: Ladder, current: int, asked: int, caution: float = CAUTION) -> None:
        super().predict_answers(ladder, current, asked, caution + self.offset)

    def calibrate(self, view: View, ladder: Ladder, draws: list[Match], asked: int) -> float:
        """The shift of the answerer model's caution whose share of stays over ``ASKED`` of the draws is the
        nested search's there."""
        chosen = range(0, len(draws), max(1, len(draws) // ASKED))[:ASKED]
        weights = [ladder.weights[i] for i in chosen]
        total = sum(weights)
        if total <= 0:
            return 0.0
        stays = sum(w * self.stays(draws[i], view) for w, i in zip(weights, chosen, strict=True)) / total
        current = view.value

        def predicted(offset: float) -> float:
            model = AnswerModel(caution=CAUTION + offset)
            return (
                sum(
                    w * model.answers(ladder.rules, ladder.score, current, asked, ladder.strengths[i])[0]
                    for w, i in zip(weights, chosen, strict=True)
                )
                / total
            )

        return min(OFFSETS, key=lambda o: (abs(predicted(o) - stays), abs(o)))

    def stays(self, draw: Match, ours: View) -> float:
        """1 if the opponents stay (accept or raise back) after our raise in ``draw``, each of their seats
        answering as a ``medium`` search on few draws answers from that seat's view: the team runs only if
        every seat asked runs."""
        g = draw.copy()
        g.apply(pick(ours.legal, RAISE))
        while g.phase == "answering" and g.to_act():
            seat = g.to_act()[0]
            theirs = view(g, seat)
            if raise_changes_nothing(theirs):
                theirs = theirs._replace(legal=tuple(a for a in theirs.legal if a.type != RAISE))
            answer = self.answerer_search.answer(theirs)
            if answer.type != RUN:
                return 1.0
            g.apply(answer)
        return 0.0
