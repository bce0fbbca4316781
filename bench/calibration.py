"""How well the search bot reads an opponent's raises: at every answer it gives, its chance of winning the hand
over its weighted draws (what it believes) against the chance with the true cards (what is so).

    python bench/calibration.py [--matches 100] [--only search1,tight]

For each opponent: the search bot (medium) and its partner in seats 0 and 2, the opponent (medium) in seats 1 and 3,
matches from seed 0. At each answer of seat 0 to a raise, the draws it weighed are rolled out after accepting
(``SearchBot.outcomes``), and so is the true deal (the live match, the same quick player): ``believed`` is the
weighted share of draws it wins, ``true`` the true deal's outcome. Their means over many answers agree when the
inference is right (the true deal is one draw of the posterior). The same draws are weighed again as if the
opponent raised above each strength of ``THRESHOLDS`` (the model's raise threshold), and the threshold whose
believed mean meets the true mean is printed with the opponent's raises per hand. Then the same over the answers
where it stayed in (accepted or raised back), with ``played``: the hand's result as the table played it, later
raises and the opponents' real card play included. Last, how far the beliefs tell the answers apart (``skill``,
``skill_score``): 1 where each answer's belief is its true outcome, 0 for a belief that is the same at every answer;
``read`` for the beliefs as weighed, ``unread`` for the same draws counted alike (the seat's own cards and the cards
down, no reading of the raise or the plays), so the difference is what the reading adds.

"True" is the outcome with the true cards as the quick player plays them out at the accepted value, not the hand's
result: later raises, and card play better than the quick player's, are not in it. So a threshold that meets it is
no better threshold by itself: fitting the model's threshold to it (``search1`` believed far less) lost matches
(``docs/benchmarks.md``, 2 December 2026). It tells where the inference and the truth part, not what to do there.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from truco.bots import PANEL, make_bot
from truco.bots.heuristic import pick
from truco.bots.search import SearchBot
from truco.engine import ACCEPT, RUN, Action, Match, View, view

#: The raise thresholds the draws are weighed again with.
THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.76, 0.82, 0.88, 0.94)


@dataclass
class Answer:
    believed: float
    true: float
    #: believed over the same draws counted alike (no reading)
    unread: float
    #: believed, the draws weighed as if the opponent raised above each of ``THRESHOLDS``
    at_threshold: list[float]
    #: whether the bot accepted (or raised back), the hand it answered in and its team
    stayed: bool
    hand: int
    team: int
    #: the hand's result for the bot's team, once played (1 won, 0.5 nobody scored, 0 lost)
    played: float | None = None


class WatchedSearch(SearchBot):
    """The search bot, its answers scored against the live match it plays (``truth``)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, "medium")
        self.truth: Match | None = None
        self.answers: list[Answer] = []
        self._draws: list[Match] = []
        self._weights: list[float] = []

    def weighed_draws(
        self, view: View, n: int, weigh: Callable[[list[Match]], list[float]]
    ) -> tuple[list[Match], list[float]]:
        self._draws, self._weights = super().weighed_draws(view, n, weigh)
        return self._draws, self._weights

    def answer(self, view: View) -> Action:
        action = super().answer(view)
        assert self.truth is not None
        team = view.teams[view.seat or 0]
        accept = pick(view.legal, ACCEPT)

        def share(outcomes: list[int | None], weights: list[float]) -> float:
            won = [0.5 if w is None else float(w == team) for w in outcomes]
            return sum(w * x for w, x in zip(weights, won, strict=True)) / sum(weights)

        outcomes = self.outcomes(view, accept, self._draws)
        fitted = self.model.raise_threshold
        at_threshold = []
        for threshold in THRESHOLDS:
            self.model.raise_threshold = constant(threshold)  # type: ignore[method-assign]
            at_threshold.append(share(outcomes, self.answer_weights(view, self._draws)))
        self.model.raise_threshold = fitted  # type: ignore[method-assign]
        true = share(self.outcomes(view, accept, [self.truth]), [1.0])
        stayed = action.type != RUN
        believed, unread = share(outcomes, self._weights), share(outcomes, [1.0] * len(outcomes))
        self.answers.append(Answer(believed, true, unread, at_threshold, stayed, view.hand_number, team))
        return action


def constant(value: float) -> Callable[[], float]:
    """A model's ``raise_threshold`` pinned at ``value``."""
    return lambda: value


@dataclass
class Watch:
    answers: list[Answer] = field(default_factory=list)
    raises: int = 0
    hands: int = 0


def watch(kind: str, matches: int) -> Watch:
    """Seat 0's answers over ``matches`` matches against ``kind``."""
    seen = Watch()
    for seed in range(matches):
        match = Match(seed=seed)
        watcher = WatchedSearch(seed)
        watcher.truth = match
        bots = {s: make_bot("search", "medium", s) if s == 2 else make_bot(kind, "medium", s) for s in (1, 2, 3)}
        while not match.is_over:
            seat = match.to_act()[0]
            match.apply((watcher if seat == 0 else bots[seat]).act(view(match, seat)))
        for answer in watcher.answers:
            winner = match.results[answer.hand].winner
            answer.played = 0.5 if winner is None else float(winner == answer.team)
        seen.answers += watcher.answers
        seen.raises += watcher.model.raises
        seen.hands += watcher.model.hands
    return seen


def crossing(believed: list[float], true: float) -> float:
    """The threshold at which the believed mean (falling with the threshold) meets the true one, interpolated;
    an end of ``THRESHOLDS`` if it never does.

    >>> crossing([0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.04, 0.03, 0.02], 0.35)
    0.45
    """
    points = list(zip(THRESHOLDS, believed, strict=True))
    for (t0, b0), (t1, b1) in itertools.pairwise(points):
        if b0 >= true >= b1:
            return round(t0 + (t1 - t0) * ((b0 - true) / (b0 - b1) if b0 > b1 else 0.0), 3)
    return THRESHOLDS[0] if true > believed[0] else THRESHOLDS[-1]


def skill_score(beliefs: list[float], truths: list[float]) -> float:
    """How much of the spread of ``truths`` the ``beliefs`` explain: one less their squared error over that of the
    truths' mean (a Brier skill score; below 0, worse than believing the mean every time).

    >>> skill_score([1.0, 0.0], [1.0, 0.0]), skill_score([0.5, 0.5], [1.0, 0.0]), skill_score([0.75, 0.25], [1.0, 0.0])
    (1.0, 0.0, 0.75)
    """
    mean = statistics.fmean(truths)
    spread = sum((t - mean) ** 2 for t in truths)
    error = sum((b - t) ** 2 for b, t in zip(beliefs, truths, strict=True))
    return 1.0 - error / spread if spread > 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--only", default=",".join(k for k in PANEL if k not in ("station", "timid")))
    args = parser.parse_args()
    print(
        f"{'opponent':10} {'answers':>7} {'raises/hand':>11} {'believed':>8} {'true':>6} {'fits':>6}"
        f" {'stayed':>6} {'believed':>8} {'true':>6} {'played':>6} {'skill':>5} {'unread':>6}"
        "  believed at each threshold"
    )
    for kind in args.only.split(","):
        seen = watch(kind, args.matches)
        if not seen.answers:
            print(f"{kind:10} {0:7d}  (it never raised)")
            continue
        believed = statistics.fmean(a.believed for a in seen.answers)
        true = statistics.fmean(a.true for a in seen.answers)
        at = [statistics.fmean(a.at_threshold[i] for a in seen.answers) for i in range(len(THRESHOLDS))]
        rate = seen.raises / max(1, seen.hands)
        stayed = [a for a in seen.answers if a.stayed]
        kept = (
            f"{len(stayed):6d} {statistics.fmean(a.believed for a in stayed):8.3f} "
            f"{statistics.fmean(a.true for a in stayed):6.3f} {statistics.fmean(a.played or 0.0 for a in stayed):6.3f}"
            if stayed
            else f"{0:6d}" + " " * 23
        )
        truths = [a.true for a in seen.answers]
        skills = (
            f" {skill_score([a.believed for a in seen.answers], truths):5.2f}"
            f" {skill_score([a.unread for a in seen.answers], truths):6.2f}"
        )
        print(
            f"{kind:10} {len(seen.answers):7d} {rate:11.2f} {believed:8.3f} {true:6.3f} {crossing(at, true):6.2f} "
            + kept
            + skills
            + "  "
            + " ".join(f"{t}:{b:.3f}" for t, b in zip(THRESHOLDS, at, strict=True))
        )


if __name__ == "__main__":
    main()
