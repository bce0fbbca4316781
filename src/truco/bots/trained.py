"""``trained``: the search bot's card play with a betting policy trained by self-play.

Every betting decision of a normal hand (raise now or play on; accept, run or
raise back) is read from a table over an abstraction of the seat's
information set (``infoset``): the stake, the tricks so far as the seat's team
saw them, its place in the trick, whether its partner already ran, the score
and a bucket of its hand strength (``Knowledge.win_chance``, from its view
only). The table is the average strategy of external-sampling Monte Carlo CFR
over real deals of the engine, the card play fixed to the heuristic's, paid in
match equity (``bench/train_betting.py`` makes it from scratch; the file ships
as ``betting_policy.json.gz``). Card play, the mão de onze, the answers where
both partners answer (see ``TrainedBot.answer``) and any information set the
training never reached stay the search bot's.

The choice among the table's actions is drawn from a hash of the bot's seed and
the view, so the policy is a function of the two.

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> TrainedBot(seed=1).act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

import gzip
import json
import zlib
from functools import cache
from pathlib import Path

from truco.bots.heuristic import pick
from truco.bots.knowledge import Knowledge
from truco.bots.search import SearchBot, partner_answering
from truco.engine import ACCEPT, NORMAL, RAISE, RUN, Action, Match, Phase, View

#: Where the trained table ships.
POLICY_FILE = Path(__file__).with_name("betting_policy.json.gz")
#: Hand-strength buckets: the seat's win chance, cut into this many equal slices.
BUCKETS = 10
#: A team's score, by what is left to win: far (0-5), close (6-8), near (9-10).
SCORE_CUTS = (6, 9)
#: Actions the average strategy plays less often than this are dropped (they are the training's noise).
PURIFY = 0.05
#: The actions of each kind of decision, in the table's order.
RAISE_CHOICES = ("play", RAISE)
ANSWER_CHOICES = (RUN, ACCEPT, RAISE)


def score_bucket(score: int) -> int:
    """0 far from 12, 1 close, 2 near.

    >>> [score_bucket(s) for s in (0, 5, 6, 8, 9, 10)]
    [0, 0, 1, 1, 2, 2]
    """
    return sum(score >= cut for cut in SCORE_CUTS)


def bucket(view: View) -> int:
    """The seat's hand strength, as a bucket of its team's win chance seen from its view."""
    return min(BUCKETS - 1, int(Knowledge(view).win_chance() * BUCKETS))


def infoset(view: View, strength: int | None = None) -> int | None:
    """The abstract information set of the betting decision in ``view`` as one integer, or None
    when it is no decision of the table (not a normal hand, no raise to make or answer).
    ``strength`` is the seat's ``bucket`` if already known."""
    if view.kind != NORMAL or view.seat is None or view.team is None:
        return None
    answering = view.phase == Phase.ANSWERING
    if not answering and not any(a.type == RAISE for a in view.legal):
        return None
    ladder = view.rules.ladder
    team = view.team
    if answering:
        pending = view.pending or {}
        level = ladder.index(pending["value"])
        # With both opponents answering, the training's second one to answer knows its partner ran (see
        # ``TrainedBot.answer``: the engine tells nobody, and the bot then answers as the search bot).
        second = view.players == 4 and view.rules.answer == "both" and len(pending["waiting"]) == 1
    else:
        level = ladder.index(view.value)
        second = False
    results = 0
    for w in view.trick_winners:
        results = results * 3 + (0 if w == team else 1 if w is None else 2)
    if strength is None:
        strength = bucket(view)
    key = int(answering)
    for digit, radix in (
        (view.players == 4, 2),
        (level, len(ladder)),
        (len(view.trick_winners), 3),
        (results, 9),
        (len(view.trick), 4),
        (second, 2),
        (strength, BUCKETS),
        (score_bucket(view.score[team]) * 3 + score_bucket(view.score[1 - team]), 9),
    ):
        key = key * radix + int(digit)
    return key


def choices(view: View) -> tuple[str, ...]:
    """The table's actions for the decision in ``view``, in the table's order."""
    return ANSWER_CHOICES if view.phase == Phase.ANSWERING else RAISE_CHOICES


@cache
def load_policy(path: Path = POLICY_FILE) -> dict[int, tuple[float, ...]]:
    """The trained table: information set -> probability of each of its ``choices``."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        data = json.load(f)
    return {int(k): tuple(p) for k, p in data["policy"].items()}


def draw(seed: int, view: View, key: int) -> float:
    """A number in [0, 1) that depends only on the bot's seed and the view."""
    text = f"{seed}:{view.hand_number}:{view.score}:{len(view.tricks)}:{len(view.trick)}:{view.value}:{key}"
    return zlib.crc32(text.encode()) / 2**32


def policy_action(policy: dict[int, tuple[float, ...]], seed: int, view: View) -> str | None:
    """The table's action type for the decision in ``view`` (None: not in the table)."""
    key = infoset(view)
    if key is None or key not in policy:
        return None
    probs = policy[key]
    legal = {a.type for a in view.legal}
    kinds = choices(view)
    weights = [p if p >= PURIFY and (k == "play" or k in legal) else 0.0 for k, p in zip(kinds, probs, strict=True)]
    total = sum(weights)
    if total <= 0:
        return None
    u = draw(seed, view, key) * total
    for kind, w in zip(kinds, weights, strict=True):
        if u < w:
            return kind
        u -= w
    return next(k for k, w in zip(kinds, weights, strict=True) if w > 0)


class TrainedBot(SearchBot):
    """The search bot, betting by the table trained by self-play."""

    name = "trained"

    def __init__(self, seed: int = 0, level: str = "medium", policy: Path = POLICY_FILE) -> None:
        super().__init__(seed, level)
        self.seed = seed
        self.policy = load_policy(policy)

    def answer(self, view: View) -> Action:
        """The table's answer where the seat answers alone; the search bot's where its partner answers too.

        Both partners answer at the same time there, neither knowing the other's answer, and the team runs
        only if both run. The training (``bench/train_betting.py``) answers one after the other, the second
        knowing that the first ran, which the engine's simultaneous answers never tell; trained on them
        instead, self-play settled on teams whose two players both accept (either one running changes nothing
        while the other accepts), a doze with nothing included."""
        kind = None if partner_answering(view) is not None else policy_action(self.policy, self.seed, view)
        return super().answer(view) if kind is None else pick(view.legal, kind)

    def wants_raise(
        self, view: View, draws: list[Match], weights: list[float], wins: list[int | None], play: Action
    ) -> bool:
        kind = policy_action(self.policy, self.seed, view)
        return super().wants_raise(view, draws, weights, wins, play) if kind is None else kind == RAISE
