"""A rule-based player: the habits of a solid club player, written down.

It knows the manilha, counts the cards played (``Knowledge.unseen``), plays to
its partner (never over a partner's winning card), wins a trick as cheaply as
it can, hides what it throws away under a covered card, raises and answers
from the strength of its hand, the tricks so far and the score, and bluffs at
a controlled rate.

>>> from truco.engine import Match, Rules, view
>>> m = Match(Rules(), seed=5)
>>> bot = HeuristicBot(seed=1)
>>> seat = m.to_act()[0]
>>> bot.act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

from random import Random

from truco.bots.knowledge import Knowledge, call_threshold, equity
from truco.bots.signals import gestures_to_make, partner_cards
from truco.engine import ACCEPT, PLAY, RAISE, RUN, Action, Kind, Phase, View

#: Bluffing rate (raise with a weak hand) and strength thresholds, per level.
STYLE = {
    "easy": {"bluff": 0.02, "raise": 0.9, "reraise": 0.85, "call_bias": 0.0, "edge": 0.5},
    "medium": {"bluff": 0.04, "raise": 0.85, "reraise": 0.8, "call_bias": 0.06, "edge": 0.75},
    "hard": {"bluff": 0.06, "raise": 0.8, "reraise": 0.8, "call_bias": 0.06, "edge": 0.75},
}


class HeuristicBot:
    """Rule-based play from a seat's view."""

    name = "heuristic"

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        self.rng = Random(seed)
        self.style = STYLE[level]

    def act(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        k = Knowledge(view)
        if view.phase == Phase.DECIDING:
            return pick(legal, ACCEPT if self.plays_eleven(k) else RUN)
        if view.phase == Phase.ANSWERING:
            return pick(legal, self.answer(k))
        if view.blind:  # mão de ferro: nobody knows anything, any slot is as good
            return self.rng.choice([a for a in legal if a.type == PLAY])
        if any(a.type == RAISE for a in legal) and self.wants_raise(k):
            return pick(legal, RAISE)
        return self.play(k)

    def signal(self, view: View) -> tuple[str, ...]:
        """At a table with signals: its manilhas, for the partner (``truco.bots.signals``); it counts the
        partner's signalled manilhas in its hand-strength estimate (``partner_cards``)."""
        return gestures_to_make(view)

    # -- betting ----------------------------------------------------------

    def plays_eleven(self, k: Knowledge) -> bool:
        """Play the mão de onze when its expected score beats fleeing."""
        view, rules = k.view, k.rules
        p = k.win_chance(extra=partner_cards(view))
        mine, theirs = view.score[k.team], view.score[1 - k.team]
        special = rules.special_score
        play = p * equity(mine + rules.special_value, theirs, special) + (1 - p) * equity(
            mine, theirs + rules.special_value, special
        )
        return play >= equity(mine, theirs + rules.flee_points, special)

    def wants_raise(self, k: Knowledge) -> bool:
        view = k.view
        if view.kind != Kind.NORMAL:  # a raise in a mão de onze only loses the match
            return False
        mine, theirs = view.score[k.team], view.score[1 - k.team]
        if mine + view.value >= 12:  # this hand already wins the match
            return False
        p = k.win_chance(extra=partner_cards(view))
        step = k.rules.ladder.index(view.value) if view.value in k.rules.ladder else 0
        threshold = 0.5 if theirs + view.value >= 12 else self.style["raise"] + 0.04 * step
        if p >= threshold:
            return True
        # A bluff is more credible once a trick has shown some cards.
        return p < 0.35 and bool(view.tricks) and self.rng.random() < self.style["bluff"]

    def answer(self, k: Knowledge) -> str:
        """Accept, run or raise back, on expected score; a raise is a sign of strength, so discount."""
        view, rules = k.view, k.rules
        asked = view.pending["value"] if view.pending else view.value
        mine, theirs = view.score[k.team], view.score[1 - k.team]
        p = k.win_chance(extra=partner_cards(view)) - self.style["call_bias"]
        if p < call_threshold(mine, theirs, view.value, asked, rules.special_score):
            return RUN
        if p > self.style["reraise"] and self.rng.random() < 0.8 and any(a.type == RAISE for a in view.legal):
            # Raise back only if the bigger stake is worth its risk for a team that trusts its later play.
            ladder, edge = rules.ladder, self.style["edge"]
            higher = ladder[ladder.index(asked) + 1]
            bigger = p * equity(mine + higher, theirs, rules.special_score, edge) + (1 - p) * equity(
                mine, theirs + higher, rules.special_score, edge
            )
            keep = p * equity(mine + asked, theirs, rules.special_score, edge) + (1 - p) * equity(
                mine, theirs + asked, rules.special_score, edge
            )
            if bigger > keep:
                return RAISE
        return ACCEPT

    # -- cards ------------------------------------------------------------

    def play(self, k: Knowledge) -> Action:
        view = k.view
        plays = k.plays()
        hand = k.by_strength([c for c in view.hand if (c, False) in plays])
        strength = k.strength
        best, team = k.table_best()
        weakest = hand[0]
        if not view.trick:
            return self.lead(k, hand, plays)
        if team == k.team:  # the partner wins: never overtake, throw the weakest away
            return throw(plays, weakest)
        beaters = [c for c in hand if strength[c] > best]
        if beaters:
            if k.opponents_after() == 0:
                return plays[(beaters[0], False)]
            solid = [c for c in beaters if k.power(c) >= 0.6]
            return plays[(solid[0] if solid else beaters[-1], False)]
        tying = [c for c in hand if strength[c] == best]
        won = view.trick_winners
        # A tie wins the hand after winning the first trick, and in the first trick keeps a strong card alive.
        if tying and team is None and best >= 0:
            if won and won[0] == k.team:
                return plays[(tying[0], False)]
            if not won and k.power(hand[-1]) >= 0.8 and len(hand) > 1 and hand[-1] != tying[0]:
                return plays[(tying[0], False)]
        return throw(plays, weakest)

    def lead(self, k: Knowledge, hand: list[int], plays: dict[tuple[int, bool], Action]) -> Action:
        view = k.view
        won = view.trick_winners
        strongest = hand[-1]
        if not won:
            # Keep the top card back when the second one can win the first trick too.
            if len(hand) >= 2 and k.power(strongest) >= 0.85 and k.power(hand[-2]) >= 0.55:
                return plays[(hand[-2], False)]
            return plays[(strongest, False)]
        if won[0] == k.team and len(hand) >= 2 and k.power(strongest) < 0.6:
            return throw(plays, hand[0])  # a lost trick costs nothing now: hide the weak card
        return plays[(strongest, False)]


def throw(plays: dict[tuple[int, bool], Action], card: int) -> Action:
    """Give a card away: covered when allowed, so the opponents learn nothing."""
    return plays.get((card, True)) or plays[(card, False)]


def pick(legal: tuple[Action, ...], kind: str) -> Action:
    """The legal action of this type, else the first legal one."""
    return next((a for a in legal if a.type == kind), legal[0])
