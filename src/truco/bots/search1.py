"""``search1``: the search bot as it was before issue 12, kept unchanged as the yardstick
(it always plays at the medium level, whatever level it is given).

The search bot: determinization and Monte Carlo rollouts.

For each decision it draws many full matches consistent with its view
(``truco.engine.determinize.sample``), plays each candidate action in a copy
of every draw, rolls the hand out to its end with a quick greedy policy, and
scores the outcome by the chance of winning the match from the score it
leaves (``knowledge.equity``). The same draws serve every candidate, so the
comparison is fair.

Raises are priced on the same draws. When the opponents have raised, each
draw is weighted by how likely their raise was with the cards it gives them
(a raise is strong or a bluff at some rate), which is how it calls bluffs;
when it may raise, it prices each draw's opponents' answer with a model of a
sensible answerer, so it raises for value and bluffs where a fold is likely.

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> Search1Bot(seed=1).act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

import math
from random import Random

from truco.bots.heuristic import pick
from truco.bots.knowledge import Knowledge, call_threshold, equity, own_team
from truco.bots.quick import QuickPlayer, greedy, rollout, seat_chance
from truco.engine import ACCEPT, PLAY, RAISE, RUN, Action, Kind, Match, Phase, View
from truco.engine.cards import COVERED_STRENGTH, strength_table
from truco.engine.determinize import sample

#: Draws per decision, per level: more draws, stronger and slower.
DRAWS = {"easy": 24, "medium": 96, "hard": 300}
#: How often a raise is a bluff, in our model of an opponent that raises.
BLUFF_PRIOR = 0.08
#: Below this win chance (our measure, in their seat) a truco is probably a bluff; each later raise needs more.
RAISE_STRENGTH = 0.76
RAISE_STEP = 0.05
#: A card play this far behind the best after a third of the draws is not rolled out further.
PRUNE = 0.15
#: A raise must gain this much match equity to be worth showing strength.
RAISE_MARGIN = 0.004


class Search1Bot:
    """Monte Carlo over determinizations of the view."""

    name = "search1"

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        self.rng = Random(seed)
        self.draws = DRAWS["medium"]

    def act(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.blind:  # mão de ferro: every face-down card is alike to everybody
            return self.rng.choice([a for a in legal if a.type == PLAY])
        if view.phase == Phase.DECIDING:
            return self.decide_eleven(view)
        if view.phase == Phase.ANSWERING:
            return self.answer(view)
        return self.play(view)

    # -- drawing and rolling out ---------------------------------------------

    def outcomes(self, view: View, first: Action | None, draws: list[Match]) -> list[int | None]:
        """The winning team of the hand (None: nobody) in each draw, after ``first``, rolled out by
        ``rollout_player``."""
        strength = strength_table(view.vira, view.rules.manilhas, view.rules.deck)
        table = [(s, COVERED_STRENGTH if c is None else strength[c]) for s, c in view.trick]
        player = self.rollout_player(view)
        out = []
        for draw in draws:
            g = draw.copy()
            events = g.apply(first) if first is not None else []
            out.append(rollout(g, strength, table[:], list(view.trick_winners), events, player))
        return out

    def rollout_player(self, view: View) -> QuickPlayer:
        """Who plays every seat's cards in the rollouts: the quick player (``greedy``)."""
        return greedy

    def sample(self, view: View, n: int) -> list[Match]:
        return [sample(view, self.rng) for _ in range(n)]

    # -- decisions --------------------------------------------------------

    def decide_eleven(self, view: View) -> Action:
        draws = self.sample(view, self.draws)
        team = own_team(view)
        wins = self.outcomes(view, pick(view.legal, ACCEPT), draws)
        p = sum(w == team for w in wins) / len(wins)
        rules = view.rules
        mine, theirs = view.score[team], view.score[1 - team]
        special = rules.special_score
        play = p * equity(mine + rules.special_value, theirs, special) + (1 - p) * equity(
            mine, theirs + rules.special_value, special
        )
        return pick(view.legal, ACCEPT if play >= equity(mine, theirs + rules.flee_points, special) else RUN)

    def answer(self, view: View) -> Action:
        team = own_team(view)
        pending = view.pending or {}
        asked, current = pending.get("value", view.value), view.value
        draws = self.sample(view, 2 * self.draws)  # weighting leaves fewer effective draws: take more
        step = view.rules.ladder.index(asked)
        weights = [raise_likelihood(d, pending.get("team", 1 - team), view.turn, step) for d in draws]
        wins = self.outcomes(view, pick(view.legal, ACCEPT), draws)
        total = sum(weights)
        p = sum(w for w, win in zip(weights, wins, strict=True) if win == team) / total
        mine, theirs = view.score[team], view.score[1 - team]
        special = view.rules.special_score
        if any(a.type == RAISE for a in view.legal):
            ladder = view.rules.ladder
            higher = ladder[ladder.index(asked) + 1]
            # Raising back: they answer with what our draws give them.
            ev_raise = 0.0
            for d, w, win in zip(draws, weights, wins, strict=True):
                q = accept_chance(d, 1 - team, mine, theirs, asked, higher)
                won = equity(mine + higher, theirs, special) if win == team else equity(mine, theirs + higher, special)
                ev_raise += w * (q * won + (1 - q) * equity(mine + asked, theirs, special))
            ev_raise /= total
            ev_accept = p * equity(mine + asked, theirs, special) + (1 - p) * equity(mine, theirs + asked, special)
            if ev_raise > ev_accept + RAISE_MARGIN and p > 0.5:
                return pick(view.legal, RAISE)
        return pick(view.legal, RUN if p < call_threshold(mine, theirs, current, asked, special) else ACCEPT)

    def play(self, view: View) -> Action:
        team = own_team(view)
        legal = view.legal
        candidates = candidate_plays(view)
        draws = self.sample(view, self.draws)
        # After our acceptance of their raise, the draws where they raise with strength count more.
        if view.value > view.rules.base_value and view.raise_team == team:
            step = view.rules.ladder.index(view.value) if view.value in view.rules.ladder else 1
            weights = [raise_likelihood(d, 1 - team, None, step) for d in draws]
        else:
            weights = [1.0] * len(draws)
        # Successive halving: a candidate far behind on the first third of the draws is dropped.
        first = len(draws) // 3
        wins = {a: self.outcomes(view, a, draws[:first]) for a in candidates}
        if len(candidates) > 1:
            early = {a: won_share(w, weights[:first], team) for a, w in wins.items()}
            top = max(early.values())
            wins = {a: w for a, w in wins.items() if early[a] >= top - PRUNE}
        for a, w in wins.items():
            w.extend(self.outcomes(view, a, draws[first:]))
        best = max(wins, key=lambda a: won_share(wins[a], weights, team))
        best_wins = wins[best]
        may_raise = view.kind == Kind.NORMAL and any(a.type == RAISE for a in legal)
        if may_raise and self.raise_gain(view, draws, weights, best_wins) > RAISE_MARGIN:
            return pick(legal, RAISE)
        return best

    def raise_gain(self, view: View, draws: list[Match], weights: list[float], wins: list[int | None]) -> float:
        """Match equity gained by raising now rather than playing on (they answer as our model says)."""
        team = own_team(view)
        mine, theirs = view.score[team], view.score[1 - team]
        special = view.rules.special_score
        ladder = view.rules.ladder
        current = view.value
        asked = ladder[ladder.index(current) + 1]
        gain = 0.0
        for d, w, win in zip(draws, weights, wins, strict=True):
            q = accept_chance(d, 1 - team, theirs, mine, current, asked)
            if win == team:
                keep, raised = equity(mine + current, theirs, special), equity(mine + asked, theirs, special)
            elif win is None:
                keep = raised = equity(mine, theirs, special)
            else:
                keep, raised = equity(mine, theirs + current, special), equity(mine, theirs + asked, special)
            gain += w * (q * raised + (1 - q) * equity(mine + current, theirs, special) - keep)
        return gain / sum(weights)


def won_share(wins: list[int | None], weights: list[float], team: int) -> float:
    """The weighted share of the draws that ``team`` wins."""
    return sum(w for w, win in zip(weights, wins, strict=False) if win == team) / sum(weights)


def candidate_plays(view: View) -> list[Action]:
    """The card plays worth comparing: every open card, and the weakest card covered (covering a
    stronger one only throws it away)."""
    plays = [a for a in view.legal if a.type == PLAY]
    opened = [a for a in plays if not a.covered]
    covered = [a for a in plays if a.covered]
    if covered:
        strength = Knowledge(view).strength
        by_card = {a.card: a for a in covered if a.card is not None}
        opened.append(by_card[min(by_card, key=strength.__getitem__)])
    return opened


def raise_likelihood(draw: Match, team: int, seat: int | None, step: int) -> float:
    """How likely the raising team would ask the ``step``-th value of the ladder with this draw's cards:
    strong hands raise (higher raises, stronger hands), others bluff sometimes."""
    if seat is not None and draw.team_of(seat) == team:
        seats = [seat]
    else:
        seats = [s for s in range(draw.players) if draw.team_of(s) == team]
    p = max(seat_chance(draw, s) for s in seats)
    threshold = RAISE_STRENGTH + RAISE_STEP * max(0, step - 1)
    return BLUFF_PRIOR + (1 - BLUFF_PRIOR) / (1 + math.exp(-(p - threshold) / 0.05))


def accept_chance(draw: Match, team: int, mine: int, theirs: int, current: int, asked: int) -> float:
    """How likely ``team`` (on ``mine`` against ``theirs``) accepts a raise from ``current`` to ``asked``
    with this draw's cards: a sensible answerer discounts for the raise, and is not exact."""
    threshold = call_threshold(mine, theirs, current, asked) + 0.06
    p = max(seat_chance(draw, s) for s in range(draw.players) if draw.team_of(s) == team)
    return 1 / (1 + math.exp(-(p - threshold) / 0.05))
