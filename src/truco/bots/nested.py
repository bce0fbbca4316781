"""``hard``'s second opinion on its raises: the answers a nested search gives in each draw.

``medium`` prices a raise with a model of a sensible answerer: in every draw they stay in above the call
threshold of their score plus a caution, read from our hand-strength measure in their seat. That model knows
nothing of the hand's plays or of the raise as a sign of strength, and foresees the answers a searching player
gives worse than a constant forecast (``bench/answers_foreseen.py``). So before ``hard`` makes a raise its model
prices above playing on, it plays the raise in the heaviest of its draws and asks a small ``medium`` search in
each answering seat, from that seat's own view of the draw, what it answers there (the team runs only if every
seat asked runs): the raise is dropped if, against those answers, it is worth less than playing on (a raise back,
if it is worth less than accepting or running, whichever is worth more). Its price
there is the model's over all the draws plus what the nested answers change in the draws asked (their price
there less the model's there), so the luck of the cards in the few draws asked cancels out.

The answers count draw by draw (``NestedLadder``): a raise they run from where we would have won the hand,
and call where we lose it, is worth less than playing the hand out:

>>> from truco.bots.betting import AnswerModel
>>> from truco.engine import Rules
>>> common = dict(rules=Rules(), score=(0, 0), weights=[1.0, 1.0], wins=[1.0, 0.0], strengths=[0.5, 0.5])
>>> model = Ladder(**common, model=AnswerModel())
>>> feared = NestedLadder(**common, model=AnswerModel(), current=1, asked=3, found=[(0.0, 0.0), (1.0, 0.0)])
>>> feared.ask(1, 3) < feared.accept(1) < model.ask(1, 3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Protocol

from truco.bots.betting import Ladder
from truco.bots.heuristic import pick
from truco.bots.knowledge import raise_changes_nothing
from truco.engine import RAISE, RUN, Action, Match, Phase, View, view


class Answerer(Protocol):
    """A bot that answers a raise from a seat's view."""

    def answer(self, view: View) -> Action: ...


@dataclass
class NestedLadder(Ladder):
    """A ladder whose raise from ``current`` to ``asked`` meets, in each draw, the answer found there (``found``:
    they stay in, they raise back, per draw); every other raise meets the model's answers."""

    current: int = 0
    asked: int = 0
    found: Sequence[tuple[float, float]] = ()

    def replies(self, current: int, asked: int) -> Sequence[tuple[float, float]]:
        if (current, asked) == (self.current, self.asked):
            return self.found
        return super().replies(current, asked)


def reply(draw: Match, raising: Action, answerer: Answerer) -> tuple[float, float]:
    """(they stay in, they raise back) after ``raising`` in ``draw``, each seat asked answering as ``answerer``
    does from its own view of the draw: the team runs only if every seat asked runs."""
    g = draw.copy()
    g.apply(raising)
    while g.phase == Phase.ANSWERING and g.to_act():
        seen = view(g, g.to_act()[0])
        if raise_changes_nothing(seen):
            seen = seen._replace(legal=tuple(a for a in seen.legal if a.type != RAISE))
        answer = answerer.answer(seen)
        if answer.type != RUN:
            return 1.0, float(answer.type == RAISE)
        g.apply(answer)
    return 0.0, 0.0


def nested_price(
    ours: View, ladder: Ladder, draws: list[Match], answerer: Answerer, current: int, asked: int, outer: int
) -> float | None:
    """Our match equity for raising from ``current`` to ``asked`` now, answered as ``answerer`` answers: the
    model's price over all ``draws`` (``ladder``), plus what the nested answers change in the ``outer`` heaviest
    of them (weighted as ``ladder`` weighs them), each answered as ``answerer`` answers it there; None where they
    run in every one of them (the raise then wins what playing on wins, and more from anyone who calls)."""
    heaviest = sorted(range(len(draws)), key=lambda i: -ladder.weights[i])[:outer]
    raising = pick(ours.legal, RAISE)
    base = {f.name: getattr(ladder, f.name) for f in fields(Ladder)}
    for name in ("weights", "wins", "strengths"):
        base[name] = [base[name][i] for i in heaviest]
    replies = [reply(draws[i], raising, answerer) for i in heaviest]
    if not any(stay for stay, _ in replies):  # they always run: the raise costs nothing against them
        return None
    nested = NestedLadder(**base, current=current, asked=asked, found=replies).ask(current, asked)
    # the luck of the cards in the few draws asked counts in both prices over them, and cancels out
    return ladder.ask(current, asked) + nested - Ladder(**base).ask(current, asked)
