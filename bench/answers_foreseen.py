"""How well the search bot foresees the answers to its raises: at each raise it asks on its turn, the shares of
run, accept and raise back its answerer model expects over the decision's weighted draws (what it priced the raise
with), against the answers the opponents gave, place by place.

    python bench/answers_foreseen.py [--matches 40] [--only search,search1,tight]

For each opponent: the search bot (medium) and its partner (``search``) in seats 0 and 2, the opponent (medium) in
seats 1 and 3, matches from seed 0. Each raise of seat 0 outside an answer (a raise back is not counted) is placed
by its trick and the cards already on the table; the opponents' answer is the team's: a raise back if either
raised back, else accept if either accepted, else run. ``brier`` is the mean squared error of the expected share
of runs against each raise's answer (1 run, 0 not), beside that of the share of runs over all the raises (a
constant forecast): a model that foresees runs scores below the constant; "where run" and "where not" are the mean
expected share of runs over the raises run from and over the others (how far the forecast tells them apart).

Beside the shipped forecast, ``range``: the same answerer, but each opponent's strength in a draw is its chance of
winning the hand against the hands our raising seat may hold as that opponent sees it: ``RANGE_WORLDS`` deals drawn
from its view in the draw (from a random stream of the bench's own, so the bot draws as it would), each counted as
``SearchBot.raise_weights`` counts a raise (the prior threshold and bluff rate) and played out by the rollouts'
quick player; the team's strength is its stronger seat's. It accepts above its call threshold (no caution: the
range already reads the raise) and raises back above ``RANGE_RERAISE``, both moved by the shifts the shipped model
fitted in the match.

Beside them, ``table``: each answering seat answers as the betting table trained by self-play (``truco.bots.trained``)
says from its own view of the draw after our raise (the second one asked only if the first ran); where the table
never reached that information set, as the shipped model. The bot decides as shipped.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import dataclass
from random import Random

import truco.engine as engine
from truco.bots import make_bot
from truco.bots.betting import AnswerModel, Ladder
from truco.bots.heuristic import pick
from truco.bots.knowledge import own_team
from truco.bots.quick import low_leads, rollout
from truco.bots.search import BLUFF_PRIOR, CAUTION, RERAISE_STRENGTH, SearchBot, logistic, raiser_chance
from truco.bots.search1 import RAISE_STEP, RAISE_STRENGTH
from truco.bots.trained import choices, infoset, load_policy
from truco.engine import ACCEPT, RAISE, RUN, Action, Match, Phase, View
from truco.engine.cards import COVERED_STRENGTH
from truco.engine.determinize import sample

#: The answers, in the order the shares are printed.
ANSWERS = ("run", "accept", "raise back")
#: Places with fewer raises than this are left out of the table.
MIN_RAISES = 15
#: Deals drawn from each opponent's view for the range forecast, and the strength above which it raises back.
RANGE_WORLDS, RANGE_RERAISE = 4, 0.8


@dataclass(frozen=True)
class Foreseen:
    """A raise of the watched seat: where (trick, cards on the table) and the shares of ``ANSWERS`` it expected."""

    trick: int
    down: int
    expected: tuple[float, float, float]
    #: the same with the opponents' strength read against our raise's range
    ranged: tuple[float, float, float]
    #: the same with the opponents answering as the trained betting table
    tabled: tuple[float, float, float]


class ForeseeingSearch(SearchBot):
    """The search bot (medium), noting what its answerer model expects at each raise it asks on its turn."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, "medium")
        self.foreseen: list[Foreseen] = []
        #: the range forecast's own stream: the bot's draws stay those it makes as shipped
        self.range_rng = Random(seed)

    def wants_raise(
        self, view: View, draws: list[Match], weights: list[float], wins: list[int | None], play: Action
    ) -> bool:
        raising = super().wants_raise(view, draws, weights, wins, play)
        if raising:
            ladder = self.ladder(view, draws, weights, wins)
            asked = ladder.higher(view.value)
            assert asked is not None
            fitted = ladder.model
            ranged = Ladder(
                ladder.rules,
                ladder.score,
                ladder.weights,
                ladder.wins,
                [self.range_chance(d, own_team(view), view.seat, asked) for d in draws],
                AnswerModel(
                    caution=fitted.caution - CAUTION, reraise=RANGE_RERAISE + fitted.reraise - RERAISE_STRENGTH
                ),
            )
            here = (len(view.tricks), len(view.trick))
            tabled = table_shares(ladder, draws, pick(view.legal, RAISE), view.value, asked)
            self.foreseen.append(
                Foreseen(*here, shares(ladder, view.value, asked), shares(ranged, view.value, asked), tabled)
            )
        return raising

    def range_chance(self, draw: Match, team: int, seat: int | None, asked: int) -> float:
        """The opponents' chance in ``draw`` of winning the hand against the hands our ``seat`` (of ``team``) may hold
        as each of them sees it, after it asked ``asked``: the stronger opponent's."""
        threshold = RAISE_STRENGTH + RAISE_STEP * max(0, draw.rules.ladder.index(asked) - 1)
        best = 0.0
        for opponent in (s for s in range(draw.players) if draw.team_of(s) != team):
            worlds = [sample(engine.view(draw, opponent), self.range_rng) for _ in range(RANGE_WORLDS)]
            strong = [logistic(raiser_chance(w, team, seat) - threshold) for w in worlds]
            total_strong, total_weak = sum(strong) or 1.0, (len(worlds) - sum(strong)) or 1.0
            won = counted = 0.0
            for world, s in zip(worlds, strong, strict=True):
                weight = (1 - BLUFF_PRIOR) * s / total_strong + BLUFF_PRIOR * (1 - s) / total_weak
                table = [
                    (a.seat, COVERED_STRENGTH if a.covered or a.card is None else world.strength[a.card])
                    for a in world.trick
                ]
                winner = rollout(world, world.strength, table, list(world.trick_winners), [], low_leads)
                won += weight * (0.5 if winner is None else float(winner != team))
                counted += weight
            best = max(best, won / counted if counted > 0 else 0.5)
        return best


def shares(ladder: Ladder, current: int, asked: int) -> tuple[float, float, float]:
    """The shares of run, accept and raise back that ``ladder``'s answerer expects for a raise from ``current`` to
    ``asked``, over its weighted draws."""
    totals = [0.0, 0.0, 0.0]
    for w, strength in zip(ladder.weights, ladder.strengths, strict=True):
        stay, back = ladder.model.answers(ladder.rules, ladder.score, current, asked, strength)
        for i, x in enumerate((1 - stay, stay - back, back)):
            totals[i] += w * x
    weight = sum(ladder.weights)
    return (totals[0] / weight, totals[1] / weight, totals[2] / weight)


def table_answer(g: Match) -> tuple[float, float, float] | None:
    """The trained table's shares of run, accept and raise back for the seat to answer in ``g`` (its legal answers
    only), or None where the table never reached its information set."""
    seat = g.to_act()[0]
    seen = engine.view(g, seat)
    key = infoset(seen)
    probs = load_policy().get(key) if key is not None else None
    if probs is None:
        return None
    legal = {a.type for a in seen.legal}
    kept = {k: p for k, p in zip(choices(seen), probs, strict=True) if k in legal}
    total = sum(kept.values())
    if total <= 0:
        return None
    return kept.get(RUN, 0.0) / total, kept.get(ACCEPT, 0.0) / total, kept.get(RAISE, 0.0) / total


def table_shares(
    ladder: Ladder, draws: list[Match], raising: Action, current: int, asked: int
) -> tuple[float, float, float]:
    """The shares of run, accept and raise back over ``ladder``'s weighted draws when each answering seat answers
    as the trained table says (the second asked only if the first ran), as the shipped model where the table is
    silent."""
    totals = [0.0, 0.0, 0.0]
    for w, strength, draw in zip(ladder.weights, ladder.strengths, draws, strict=True):
        g = draw.copy()
        g.apply(raising)
        run, accept, back = 1.0, 0.0, 0.0
        while g.phase == Phase.ANSWERING and g.to_act() and run > 0:
            answer = table_answer(g)
            if answer is None:
                stay, reraise = ladder.model.answers(ladder.rules, ladder.score, current, asked, strength)
                answer = (1 - stay, stay - reraise, reraise)
            accept, back = accept + run * answer[1], back + run * answer[2]
            run *= answer[0]
            g.apply(pick(g.legal_actions(g.to_act()[0]), RUN))
        for i, x in enumerate((run, accept, back)):
            totals[i] += w * x
    weight = sum(ladder.weights)
    return (totals[0] / weight, totals[1] / weight, totals[2] / weight)


def answers_to(actions: list[Action], replay: Match, seat: int) -> list[str]:
    """The answers of the opponents' team to each raise ``seat`` asked on its turn, replaying ``actions`` from the
    match's start (``replay``)."""
    team = replay.team_of(seat)
    answers: list[str] = []
    open_raise = False  # our raise is being answered
    for action in actions:
        answering = replay.phase == Phase.ANSWERING
        if action.seat == seat and action.type == RAISE and not answering:
            answers.append("run")
            open_raise = True
        elif open_raise and answering and replay.team_of(action.seat) != team:
            if action.type == RAISE:
                answers[-1] = "raise back"
            elif action.type == ACCEPT and answers[-1] == "run":
                answers[-1] = "accept"
        elif not answering:
            open_raise = False
        replay.apply(action)
    return answers


def watch(kind: str, matches: int) -> list[tuple[Foreseen, str]]:
    """Seat 0's raises and the answers they got over ``matches`` matches against ``kind``."""
    seen: list[tuple[Foreseen, str]] = []
    for seed in range(matches):
        match = Match(seed=seed)
        bots = {s: make_bot("search", "medium", s) if s == 2 else make_bot(kind, "medium", s) for s in (1, 2, 3)}
        watcher = ForeseeingSearch(seed)
        while not match.is_over:
            seat = match.to_act()[0]
            match.apply((watcher if seat == 0 else bots[seat]).act(engine.view(match, seat)))
        answers = answers_to(match.actions, Match(seed=seed), 0)
        assert len(answers) == len(watcher.foreseen), (len(answers), len(watcher.foreseen))
        seen += zip(watcher.foreseen, answers, strict=True)
    return seen


def report(kind: str, seen: list[tuple[Foreseen, str]]) -> None:
    runs = [float(answer == "run") for _, answer in seen]
    base = statistics.fmean(runs)
    constant = statistics.fmean((base - r) ** 2 for r in runs)
    print(f"{kind}: {len(seen)} raises, run from {base:.0%}; brier of a constant forecast {constant:.3f}")
    forecasts = {
        "shipped": [f.expected[0] for f, _ in seen],
        "range": [f.ranged[0] for f, _ in seen],
        "table": [f.tabled[0] for f, _ in seen],
    }
    for name, forecast in forecasts.items():
        brier = statistics.fmean((x - r) ** 2 for x, r in zip(forecast, runs, strict=True))
        run = statistics.fmean(x for x, r in zip(forecast, runs, strict=True) if r) if base > 0 else float("nan")
        kept = statistics.fmean(x for x, r in zip(forecast, runs, strict=True) if not r) if base < 1 else float("nan")
        print(f"  {name:8} brier {brier:.3f}   expected runs where run {run:4.0%}, where not {kept:4.0%}")
    places: dict[tuple[int, int], list[tuple[Foreseen, str]]] = defaultdict(list)
    for f, answer in seen:
        places[f.trick, f.down].append((f, answer))
    print("  trick, cards down: raises | answered run / accept / raise back | shipped expects | range | table")
    for (trick, down), rows in sorted(places.items()):
        if len(rows) < MIN_RAISES:
            continue
        answered = " / ".join(f"{sum(a == name for _, a in rows) / len(rows):4.0%}" for name in ANSWERS)
        expected = " / ".join(f"{statistics.fmean(f.expected[i] for f, _ in rows):4.0%}" for i in range(3))
        ranged = " / ".join(f"{statistics.fmean(f.ranged[i] for f, _ in rows):4.0%}" for i in range(3))
        tabled = " / ".join(f"{statistics.fmean(f.tabled[i] for f, _ in rows):4.0%}" for i in range(3))
        print(f"  {trick + 1}, {down}: {len(rows):5d} | {answered} | {expected} | {ranged} | {tabled}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--only", default="search,search1,tight")
    args = parser.parse_args()
    for kind in args.only.split(","):
        report(kind, watch(kind, args.matches))


if __name__ == "__main__":
    main()
