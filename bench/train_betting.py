"""Train the ``trained`` bot's betting by self-play: external-sampling Monte Carlo CFR.

    nice -n 10 python bench/train_betting.py [--deals N] [--minutes M] [--seed 12] [--out FILE]

The game trained is one hand of the engine (``Match``, default Paulista rules, 4 players for most deals and
2 for the rest) from a score drawn at random, every seat's card play fixed to the heuristic's (it does not
depend on the stake, so each deal's cards are played once), every raise, answer and raise-back left to the
policy. A hand pays each team what it changes in its chance of winning the match (``knowledge.equity``), so
the policy learns that a doze at 10 to 10 is the match. Each seat's decisions are grouped by
``truco.bots.trained.infoset`` (stake, tricks, place in the trick, the partner's answer, score, a bucket of its
hand's strength from its own view). Where both opponents answer a raise, the hand trained has them answer one
after the other, the second knowing the first's answer (accept: it accepts too), which the engine seals until
both have answered; the bot answers as the search bot there (``TrainedBot.answer``). Each iteration draws a
deal and a score and walks the hand once for each team with every choice of that team explored and the other
team's sampled from its current strategy (regret matching). The output is the average strategy, weighted by
iteration (linear averaging), of every information set reached at least ``--min-visits`` times:
``src/truco/bots/betting_policy.json.gz`` by default.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from random import Random

from truco.bots.heuristic import HeuristicBot
from truco.bots.knowledge import Knowledge, equity
from truco.bots.trained import POLICY_FILE, bucket, choices, infoset
from truco.engine import ACCEPT, PLAY, RAISE, Action, Match, Phase, Rules, view
from truco.engine.events import HandEnded

#: Deals of the shipped table: what 20 CPU minutes reached on the 2-core machine.
DEALS = 300_621
#: Share of the deals played by 4 players (the rest by 2).
FOUR_PLAYERS = 0.75


class Trainer:
    """Regrets and average strategies per information set."""

    def __init__(self) -> None:
        self.regret: dict[int, list[float]] = {}
        self.average: dict[int, list[float]] = {}
        self.visits: dict[int, int] = {}
        self.iteration = 0

    def strategy(self, key: int, n: int) -> list[float]:
        """Regret matching: the current strategy at ``key``."""
        r = self.regret.get(key)
        if r is None:
            return [1.0 / n] * n
        positive = [max(0.0, x) for x in r[:n]]
        total = sum(positive)
        return [x / total for x in positive] if total > 0 else [1.0 / n] * n

    def policy(self, min_visits: int) -> dict[int, list[float]]:
        """The average strategy of every information set reached at least ``min_visits`` times."""
        out = {}
        for key, s in self.average.items():
            total = sum(s)
            if total > 0 and self.visits.get(key, 0) >= min_visits:
                out[key] = [round(x / total, 3) for x in s]
        return out


class Hand:
    """One deal: the hand's card plays (fixed) and the seats' strength buckets, from a score."""

    def __init__(self, rules: Rules, seed: int, score: tuple[int, int]) -> None:
        self.start = Match(rules, seed=seed, score=score)
        self.score = score
        self.special = rules.special_score
        self.plays: list[Action] = []
        self.buckets: dict[tuple[int, int], int] = {}
        g = self.start.copy()
        card_player = HeuristicBot(seed)
        self.snapshots: list[Match] = []
        while True:
            seat = g.to_act()[0]
            self.snapshots.append(g.copy())
            action = card_player.play(Knowledge(view(g, seat)))
            self.plays.append(action)
            if any(isinstance(e, HandEnded) for e in g.apply(action)):
                break

    def strength(self, seat: int, k: int) -> int:
        """The bucket of ``seat`` before the ``k``-th card of the hand (its cards and the table are those
        whatever the betting)."""
        key = (seat, k)
        if key not in self.buckets:
            self.buckets[key] = bucket(view(self.snapshots[k], seat))
        return self.buckets[key]

    def payoff(self, ended: HandEnded, team: int) -> float:
        """What the hand changed in ``team``'s chance of winning the match."""
        mine, theirs = self.score[team], self.score[1 - team]
        before = equity(mine, theirs, self.special)
        if ended.winner is None:
            return 0.0
        if ended.winner == team:
            return equity(mine + ended.points, theirs, self.special) - before
        return equity(mine, theirs + ended.points, self.special) - before


def walk(t: Trainer, hand: Hand, g: Match, k: int, team: int, rng: Random) -> float:
    """The value to ``team`` (the one exploring) of the hand from ``g`` (which it changes) before its
    ``k``-th card."""
    while True:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        types = {a.type for a in legal}
        if g.phase is Phase.ANSWERING:
            if g.any_accept:  # the first answer (sealed in the engine) accepted: the second's is moot
                forced: Action | None = next(a for a in legal if a.type == ACCEPT)
            else:
                forced = None
        else:
            forced = hand.plays[k] if RAISE not in types else None
        if forced is None:
            break
        events = g.apply(forced)
        if forced.type == PLAY:
            k += 1
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        if ended is not None:
            return hand.payoff(ended, team)
    seen = view(g, seat)
    key = infoset(seen, hand.strength(seat, k))
    assert key is not None
    kinds = [c for c in choices(seen) if c == "play" or c in types]
    sigma = t.strategy(key, len(kinds))

    def child(kind: str, h: Match) -> float:
        action = hand.plays[k] if kind == "play" else next(a for a in legal if a.type == kind)
        events = h.apply(action)
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        if ended is not None:
            return hand.payoff(ended, team)
        return walk(t, hand, h, k + (kind == "play"), team, rng)

    full = len(choices(seen))
    if g.team_of(seat) == team:
        values = [child(c, g.copy() if i < len(kinds) - 1 else g) for i, c in enumerate(kinds)]
        ev = sum(s * v for s, v in zip(sigma, values, strict=True))
        regret = t.regret.setdefault(key, [0.0] * full)
        for i, v in enumerate(values):
            regret[i] += v - ev
        return ev
    average = t.average.setdefault(key, [0.0] * full)
    for i, s in enumerate(sigma):
        average[i] += t.iteration * s
    t.visits[key] = t.visits.get(key, 0) + 1
    u, i = rng.random(), 0
    while i < len(kinds) - 1 and u >= sigma[i]:
        u -= sigma[i]
        i += 1
    return child(kinds[i], g)


def train(deals: int | None, minutes: float | None, seed: int, report_every: int = 5000) -> Trainer:
    """Run iterations until ``deals`` deals or ``minutes`` of CPU have passed (None: no limit). Given ``deals``
    and ``seed`` (and no time limit reached), the result is always the same."""
    rng = Random(seed)
    rules = {4: Rules(), 2: Rules(players=2)}
    t = Trainer()
    start = time.process_time()
    while (deals is None or t.iteration < deals) and (minutes is None or time.process_time() - start < minutes * 60):
        t.iteration += 1
        players = 4 if rng.random() < FOUR_PLAYERS else 2
        score = (rng.randrange(11), rng.randrange(11))
        hand = Hand(rules[players], rng.getrandbits(48), score)
        for team in (0, 1):
            walk(t, hand, hand.start.copy(), 0, team, rng)
        if t.iteration % report_every == 0:
            elapsed = time.process_time() - start
            print(f"{t.iteration} deals, {len(t.average)} information sets, {elapsed:.0f} s", flush=True)
    return t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEALS, help="stop after this many deals")
    parser.add_argument("--minutes", type=float, help="stop after this many CPU minutes")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--min-visits", type=int, default=20)
    parser.add_argument("--out", default=str(POLICY_FILE))
    args = parser.parse_args()
    t = train(args.deals, args.minutes, args.seed)
    policy = t.policy(args.min_visits)
    data = {
        "method": "external-sampling MCCFR, linear averaging",
        "deals": t.iteration,
        "seed": args.seed,
        "policy": {str(k): p for k, p in sorted(policy.items())},
    }
    with gzip.open(args.out, "wt", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
    print(f"{t.iteration} deals: {len(policy)} of {len(t.average)} information sets written to {args.out}")


if __name__ == "__main__":
    main()
