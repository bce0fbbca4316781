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
down, no reading of the raise or the plays), so the difference is what the reading adds. ``cards`` and ``unread``
after it: the same at the bot's card plays once another seat has played a card in the hand (the believed chance of
winning the hand after the card it plays), with ``raises`` between them, the draws weighed by the hand's raises and
answers but not its card plays: what each part of the reading adds there.

``--nested`` also weighs, at each answer to a raise one step up made on the raiser's turn, ``NESTED_DRAWS`` draws by
whether the raiser's own bot (a copy of it as it is then, its model of us included, a random stream of its own for
each draw) raises with that draw's cards, and prints that reading's skill beside the shipped one's over the same
draws: no reading of that raise can know more of the raiser's way of raising than its own bot.

"True" is the outcome with the true cards as the quick player plays them out at the accepted value, not the hand's
result: later raises, and card play better than the quick player's, are not in it. So a threshold that meets it is
no better threshold by itself: fitting the model's threshold to it (``search1`` believed far less) lost matches
(``docs/benchmarks.md``, 2 December 2026). It tells where the inference and the truth part, not what to do there.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from random import Random

import truco.engine as engine
from truco.bots import PANEL, Bot, make_bot
from truco.bots.heuristic import pick
from truco.bots.search import SearchBot
from truco.engine import ACCEPT, PLAY, RAISE, RUN, Action, Match, Phase, View

#: The raise thresholds the draws are weighed again with.
THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.76, 0.82, 0.88, 0.94)
#: Draws weighed by the raiser's own bot (``--nested``), and how much a draw where it does not raise still counts.
NESTED_DRAWS, NESTED_FLOOR = 64, 0.03


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
    #: believed, the raise read by the raiser's own bot over ``NESTED_DRAWS`` draws, and as shipped over the same
    #: draws (``--nested``; None where it is not read so)
    nested: tuple[float, float] | None = None


@dataclass
class CardPlay:
    believed: float
    true: float
    unread: float
    #: believed over the draws weighed only by the hand's raises and answers, not by its card plays
    raises_only: float


class WatchedSearch(SearchBot):
    """The search bot, its answers and card plays scored against the live match it plays (``truth``); the other
    seats' bots (``seats``) read its opponents' raises with ``nested``."""

    def __init__(self, seed: int, seats: Mapping[int, Bot] | None = None, nested: bool = False) -> None:
        super().__init__(seed, "medium")
        self.truth: Match | None = None
        self.seats = seats or {}
        self.nested = nested
        self.answers: list[Answer] = []
        self.plays: list[CardPlay] = []
        self._draws: list[Match] = []
        self._weights: list[float] = []
        self._raiser_says: list[float] | None = None

    def raise_weights(self, draws: list[Match], team: int, seat: int | None, step: int) -> list[float]:
        if self._raiser_says is not None:
            return self._raiser_says
        return super().raise_weights(draws, team, seat, step)

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
        outcomes = self.outcomes(view, accept, self._draws)
        fitted = self.model.raise_threshold
        at_threshold = []
        for threshold in THRESHOLDS:
            self.model.raise_threshold = constant(threshold)  # type: ignore[method-assign]
            at_threshold.append(share(outcomes, self.answer_weights(view, self._draws), team))
        self.model.raise_threshold = fitted  # type: ignore[method-assign]
        true = share(self.outcomes(view, accept, [self.truth]), [1.0], team)
        stayed = action.type != RUN
        believed, unread = share(outcomes, self._weights, team), share(outcomes, [1.0] * len(outcomes), team)
        answer = Answer(believed, true, unread, at_threshold, stayed, view.hand_number, team)
        if self.nested:
            answer.nested = self.nested_belief(view, team)
        self.answers.append(answer)
        return action

    def nested_belief(self, view: View, team: int) -> tuple[float, float] | None:
        """The believed chance after accepting, over draws weighed by whether the raiser's own bot raises with
        their cards (and by the rest of the shipped reading), and over the same draws as shipped; None unless the
        raise pending is one step up, asked on the raiser's turn."""
        pending = view.pending or {}
        ladder, raiser = view.rules.ladder, view.turn
        asked = pending.get("value", view.value)
        if (
            raiser is None
            or raiser not in self.seats
            or pending.get("accepted")
            or view.value not in ladder
            or asked not in ladder
            or ladder.index(asked) != ladder.index(view.value) + 1
        ):
            return None
        before = view._replace(phase=Phase.PLAYING, pending=None, to_act=(raiser,), legal=())
        draws, says = [], []
        for i, draw in enumerate(self.sample(before, NESTED_DRAWS)):
            seen = engine.view(draw, raiser)
            raise_ = next((a for a in seen.legal if a.type == RAISE), None)
            if raise_ is None:
                return None
            bot = copy.deepcopy(self.seats[raiser])
            bot.rng = Random(i)  # type: ignore[attr-defined]
            says.append(NESTED_FLOOR + (1 - NESTED_FLOOR) * (bot.act(seen).type == RAISE))
            draw.apply(raise_)
            draws.append(draw)
        outcomes = self.outcomes(view, pick(view.legal, ACCEPT), draws)
        shipped = share(outcomes, self.answer_weights(view, draws), team)
        self._raiser_says = says
        nested = share(outcomes, self.answer_weights(view, draws), team)
        self._raiser_says = None
        return nested, shipped

    def play(self, view: View) -> Action:
        action = super().play(view)
        if action.type == PLAY and any(s != view.seat for t in (*view.tricks, view.trick) for s, _ in t):
            assert self.truth is not None
            team = view.teams[view.seat or 0]
            outcomes = self.outcomes(view, action, self._draws)
            true = share(self.outcomes(view, action, [self.truth]), [1.0], team)
            flat = [1.0] * len(outcomes)
            raises = self.history_weights(view, self._draws)
            believed, unread = share(outcomes, self._weights, team), share(outcomes, flat, team)
            self.plays.append(CardPlay(believed, true, unread, share(outcomes, raises, team)))
        return action


def share(outcomes: list[int | None], weights: list[float], team: int) -> float:
    """The weighted share of ``outcomes`` (a hand's winning team, None for nobody) that ``team`` wins, a hand nobody
    wins counted half.

    >>> share([0, 1, None], [1.0, 1.0, 2.0], 0)
    0.5
    """
    won = [0.5 if w is None else float(w == team) for w in outcomes]
    return sum(w * x for w, x in zip(weights, won, strict=True)) / sum(weights)


def constant(value: float) -> Callable[[], float]:
    """A model's ``raise_threshold`` pinned at ``value``."""
    return lambda: value


@dataclass
class Watch:
    answers: list[Answer] = field(default_factory=list)
    plays: list[CardPlay] = field(default_factory=list)
    raises: int = 0
    hands: int = 0


def watch(kind: str, matches: int, nested: bool = False) -> Watch:
    """Seat 0's answers and card plays over ``matches`` matches against ``kind``."""
    seen = Watch()
    for seed in range(matches):
        match = Match(seed=seed)
        bots = {s: make_bot("search", "medium", s) if s == 2 else make_bot(kind, "medium", s) for s in (1, 2, 3)}
        watcher = WatchedSearch(seed, {s: bots[s] for s in (1, 3)}, nested)
        watcher.truth = match
        while not match.is_over:
            seat = match.to_act()[0]
            match.apply((watcher if seat == 0 else bots[seat]).act(engine.view(match, seat)))
        for answer in watcher.answers:
            winner = match.results[answer.hand].winner
            answer.played = 0.5 if winner is None else float(winner == answer.team)
        seen.answers += watcher.answers
        seen.plays += watcher.plays
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
    parser.add_argument("--nested", action="store_true", help="also read raises by the raiser's own bot")
    args = parser.parse_args()
    print(
        f"{'opponent':10} {'answers':>7} {'raises/hand':>11} {'believed':>8} {'true':>6} {'fits':>6}"
        f" {'stayed':>6} {'believed':>8} {'true':>6} {'played':>6} {'skill':>5} {'unread':>6}"
        f" {'cards':>5} {'skill':>5} {'raises':>6} {'unread':>6}  believed at each threshold"
    )
    for kind in args.only.split(","):
        seen = watch(kind, args.matches, args.nested)
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
        plays = [p.true for p in seen.plays]
        cards = (
            f" {len(plays):5d} {skill_score([p.believed for p in seen.plays], plays):5.2f}"
            f" {skill_score([p.raises_only for p in seen.plays], plays):6.2f}"
            f" {skill_score([p.unread for p in seen.plays], plays):6.2f}"
        )
        print(
            f"{kind:10} {len(seen.answers):7d} {rate:11.2f} {believed:8.3f} {true:6.3f} {crossing(at, true):6.2f} "
            + kept
            + skills
            + cards
            + "  "
            + " ".join(f"{t}:{b:.3f}" for t, b in zip(THRESHOLDS, at, strict=True))
        )
        if args.nested:
            print(nested_line(seen.answers))


def nested_line(answers: list[Answer]) -> str:
    """The raises read by the raiser's own bot beside the shipped reading, over the answers read both ways."""
    read = [(a.nested, a.true) for a in answers if a.nested is not None]
    if not read:
        return "           (no raise one step up on the raiser's turn)"
    truths = [true for _, true in read]
    nested, shipped = [n for (n, _), _ in read], [s for (_, s), _ in read]
    return (
        f"           {len(read)} answers, {NESTED_DRAWS} draws read by the raiser's own bot: believed"
        f" {statistics.fmean(nested):.3f} (as shipped {statistics.fmean(shipped):.3f}), true"
        f" {statistics.fmean(truths):.3f}; skill {skill_score(nested, truths):.2f} (as shipped"
        f" {skill_score(shipped, truths):.2f})"
    )


if __name__ == "__main__":
    main()
