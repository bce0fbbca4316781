"""What the search bot's bets and card plays are worth in real play: at its decisions the live match is forked,
every option is played out to the end of the hand by the real bots (with the true cards), and each is scored by
its team's match equity after the hand; beside it, what the bot believed each option was worth.

    python bench/counterfactual.py [--matches 100] [--only search1,tight] [--cards] [--level hard] [--raises 1]

For each opponent (a panel member, or ``search`` at medium): the search bot (medium, or ``--level``) in seats 0
and 2, the opponent (medium) in seats 1 and 3, matches from seed 0. Forked and priced: every mão de onze we
decide (play or flee: ``eleven_prices``), every answer of ours to a raise (run, accept with the raise we may ask
once the trick is over, raise back: ``SearchBot.answer``) and a share of our chances to raise (``--raises``, a
third by default; raise now, or the best of playing on and waiting: ``wants_raise``). At ``hard``, the raises its
model prices above playing on are told apart by its second opinion (``truco.bots.nested``): those it kept and
those it struck ("vetoed"), each beside the model's price. The tables bin the decisions by the margin the bot
believed and give the mean real margin in each bin: where the two agree near 0 the decisions sit at the right
boundary, and what is left to gain is telling the cases apart (the draws and their weights), not moving the
boundary. With ``--cards``, at half of our card plays every other legal card (open or covered) is played out
instead and compared with the card chosen, by the rank of each in the hand (0: the weakest).

Each fork is one continuation of the true deal by bots that draw at random, so a single margin is noisy; the bin
means over hundreds of decisions are what it is for (their standard error is printed). It reaches only as far as
the hand: match equity after it stands for the rest of the match.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import statistics
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

from truco.bots import PANEL, Bot, make_bot
from truco.bots.betting import Ladder, match_equity
from truco.bots.heuristic import pick
from truco.bots.search import PartnerAnswer, SearchBot, partner_answering
from truco.bots.search1 import RAISE_MARGIN
from truco.engine import ACCEPT, PLAY, RAISE, RUN, Action, Match, View, view
from truco.engine.cards import strength_table

#: The bins of believed margins (match equity).
EDGES = (-1.0, -0.08, -0.04, -0.02, 0.0, 0.02, 0.04, 0.08, 1.0)
#: The share of card plays forked.
CARD_SHARE = 1 / 2
#: The opponent that is no panel member: the search bot itself, at medium.
SEARCH = "search"


class PricedSearch(SearchBot):
    """The search bot, keeping the prices of the options of its last answer or raise chance (``priced``)."""

    def __init__(self, seed: int, level: str = "medium") -> None:
        super().__init__(seed, level)
        self.priced: dict[str, float] = {}
        self.played_on: Action | None = None
        self._ladder: Ladder | None = None
        self._wait: float | None = None
        self._draws: list[Match] = []

    def weighed_draws(
        self, view: View, n: int, weigh: Callable[[list[Match]], list[float]]
    ) -> tuple[list[Match], list[float]]:
        self._draws, weights = super().weighed_draws(view, n, weigh)
        return self._draws, weights

    def ladder(self, view: View, draws: list[Match], weights: list[float], wins: list[int | None]) -> Ladder:
        self._ladder = super().ladder(view, draws, weights, wins)
        return self._ladder

    def wait(self, *args, **kwargs) -> float:  # type: ignore[no-untyped-def]
        self._wait = super().wait(*args, **kwargs)
        return self._wait

    def eleven_prices(self, view: View) -> tuple[float, float]:
        play, flee = super().eleven_prices(view)
        self.priced = {ACCEPT: play, RUN: flee}
        return play, flee

    def answer(self, view: View) -> Action:
        self._wait = None
        action = super().answer(view)
        assert self._ladder is not None
        asked = (view.pending or {}).get("value", view.value)
        self.priced = dict(self._ladder.answers(view.value, asked))
        if self._wait is not None:
            self.priced[ACCEPT] = max(self.priced[ACCEPT], self._wait)
        partner = partner_answering(view)
        if partner is not None:
            self.priced[RUN] = PartnerAnswer(view, partner).passed(self._ladder, self._draws)
        self.forget()
        return action

    def wants_raise(
        self, view: View, draws: list[Match], weights: list[float], wins: list[int | None], play: Action
    ) -> bool:
        self._wait, self.played_on, self.priced = None, play, {}
        wanted = super().wants_raise(view, draws, weights, wins, play)
        if self._wait is not None and self._ladder is not None:
            asked = self._ladder.higher(view.value)
            assert asked is not None
            now = self._ladder.ask(view.value, asked)
            self.priced = {RAISE: now, PLAY: max(self._ladder.accept(view.value), self._wait)}
        self.forget()
        return wanted

    def forget(self) -> None:
        """Drop the decision's draws and ladder (the bots are copied at every fork)."""
        self._ladder, self._draws = None, []


@dataclass
class Tally:
    """Margins (believed, real) by kind of decision."""

    margins: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    cards: dict[tuple[int, int, int, int], list[float]] = field(default_factory=lambda: defaultdict(list))


def equity(match: Match, team: int) -> float:
    """``team``'s match equity at ``match``'s score (even later hands)."""
    if match.is_over:
        return float(match.score[team] > match.score[1 - team])
    return match_equity(match.rules, match.score[team], match.score[1 - team])


def snapshot(bots: dict[int, Bot]) -> dict[int, Bot]:
    """Copies of ``bots`` as they are (less the draws of their last decision)."""
    for bot in bots.values():
        if isinstance(bot, PricedSearch):
            bot.forget()
    return copy.deepcopy(bots)


def played_out(match: Match, bots: dict[int, Bot], action: Action, team: int) -> float:
    """``team``'s match equity once the hand is played out after ``action`` by copies of ``bots``."""
    g, copies, hand = match.copy(), copy.deepcopy(bots), match.hand_number
    g.apply(action)
    while not g.is_over and g.hand_number == hand:
        seat = g.to_act()[0]
        g.apply(copies[seat].act(view(g, seat)))
    return equity(g, team)


def observe_bets(
    match: Match, bots: dict[int, Bot], seat: int, v: View, rng: Random, tally: Tally, raises: float
) -> Action:
    """Seat ``seat``'s action, its answer or raise chance (a share ``raises`` of them) forked and tallied."""
    bot = bots[seat]
    assert isinstance(bot, PricedSearch)
    before = snapshot(bots)
    kinds = {a.type for a in v.legal}
    team = v.teams[seat]
    if v.phase == "deciding" and {RUN, ACCEPT} <= kinds:
        action = bot.act(v)
        real = {k: played_out(match, before, pick(v.legal, k), team) for k in (RUN, ACCEPT)}
        tally.margins["mão de onze: play - flee"].append(
            (bot.priced[ACCEPT] - bot.priced[RUN], real[ACCEPT] - real[RUN])
        )
        return action
    if v.phase == "answering" and {RUN, ACCEPT} <= kinds:
        action = bot.act(v)
        real = {k: played_out(match, before, pick(v.legal, k), team) for k in (RUN, ACCEPT, RAISE) if k in kinds}
        waiting = "both" if len((v.pending or {}).get("waiting", ())) > 1 else "last"
        tally.margins[f"answer ({waiting}): accept - run"].append(
            (bot.priced[ACCEPT] - bot.priced[RUN], real[ACCEPT] - real[RUN])
        )
        if RAISE in real and RAISE in bot.priced:
            tally.margins["answer: raise back - accept"].append(
                (bot.priced[RAISE] - bot.priced[ACCEPT], real[RAISE] - real[ACCEPT])
            )
        return action
    if v.phase == "playing" and v.kind == "normal" and RAISE in kinds and rng.random() < raises:
        bot.priced = {}
        action = bot.act(v)
        if bot.priced and bot.played_on is not None:
            raised = played_out(match, before, pick(v.legal, RAISE), team)
            believed = bot.priced[RAISE] - bot.priced[PLAY]
            tally.margins[raise_kind(bot, believed, action)].append(
                (believed, raised - played_out(match, before, bot.played_on, team))
            )
        return action
    return bot.act(v)


def raise_kind(bot: SearchBot, believed: float, action: Action) -> str:
    """The table a raise chance goes to: at ``hard``, a raise its model wanted is one its second opinion kept or
    struck."""
    if bot.answerer is None or believed <= RAISE_MARGIN:
        return "raise now - play on"
    return "raise now - play on, hard " + ("kept" if action.type == RAISE else "vetoed")


def observe_cards(
    match: Match, bots: dict[int, Bot], seat: int, v: View, rng: Random, tally: Tally, raises: float
) -> Action:
    """Seat ``seat``'s action; at a share of its card plays, every other card forked and tallied."""
    plays = [a for a in v.legal if a.type == PLAY]
    if v.phase != "playing" or v.kind != "normal" or len(plays) < 2 or rng.random() >= CARD_SHARE:
        return bots[seat].act(v)
    bot = bots[seat]
    assert isinstance(bot, PricedSearch)
    before = snapshot(bots)
    action = bot.act(v)
    if action.type != PLAY:
        return action
    assert v.vira is not None
    strength = strength_table(v.vira, v.rules.manilhas, v.rules.deck)
    ranks = sorted({strength[a.card or 0] for a in plays})
    team = v.teams[seat]
    chosen = played_out(match, before, action, team)
    rank = ranks.index(strength[action.card or 0])
    for other in plays:
        if other != action:
            key = (
                len(v.tricks),
                len(v.trick),
                rank * 2 + action.covered,
                ranks.index(strength[other.card or 0]) * 2 + other.covered,
            )
            tally.cards[key].append(played_out(match, before, other, team) - chosen)
    return action


def watch(kind: str, matches: int, cards: bool, level: str = "medium", raises: float = 1 / 3) -> Tally:
    tally = Tally()
    rng = Random(0)
    observe = observe_cards if cards else observe_bets
    for seed in range(matches):
        match = Match(seed=seed)
        ours = match.team_of(0)
        bots: dict[int, Bot] = {
            s: PricedSearch(4 * seed + s, level) if match.team_of(s) == ours else make_bot(kind, "medium", 4 * seed + s)
            for s in range(match.players)
        }
        while not match.is_over:
            seat = match.to_act()[0]
            v = view(match, seat)
            if match.team_of(seat) == ours:
                match.apply(observe(match, bots, seat, v, rng, tally, raises))
            else:
                match.apply(bots[seat].act(v))
    return tally


def mean_and_error(xs: list[float]) -> str:
    error = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return f"{statistics.fmean(xs):+.3f} ± {error:.3f}"


def print_margins(tally: Tally) -> None:
    for name, margins in sorted(tally.margins.items()):
        print(f"  {name}: believed margin | decisions | believed mean | real mean ± standard error")
        for lo, hi in itertools.pairwise(EDGES):
            rows = [(b, r) for b, r in margins if lo <= b < hi]
            if rows:
                believed = statistics.fmean(b for b, _ in rows)
                print(
                    f"    {lo:+.2f} … {hi:+.2f} {len(rows):6d} {believed:+.3f} {mean_and_error([r for _, r in rows])}"
                )
        believed = statistics.fmean(b for b, _ in margins)
        print(f"    all           {len(margins):6d} {believed:+.3f} {mean_and_error([r for _, r in margins])}")


def print_cards(tally: Tally) -> None:
    print("  trick, cards down, chosen → other (rank in hand, 0 weakest; c: covered) | plays | other − chosen, real")
    for (trick, down, chosen, other), xs in sorted(tally.cards.items()):
        if len(xs) >= 20:
            label = f"{chosen // 2}{'c' if chosen % 2 else ''} → {other // 2}{'c' if other % 2 else ''}"
            print(f"    trick {trick + 1}, {down} down, {label:9} {len(xs):6d} {mean_and_error(xs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--only", default="search1,tight,heuristic,loose")
    parser.add_argument("--cards", action="store_true", help="fork the card plays instead of the bets")
    parser.add_argument("--level", choices=("medium", "hard"), default="medium", help="the level of our search bot")
    parser.add_argument("--raises", type=float, default=1 / 3, help="the share of our raise chances forked")
    args = parser.parse_args()
    for kind in args.only.split(","):
        if kind not in (*PANEL, SEARCH):
            parser.error(f"unknown opponent {kind!r} (the panel: {', '.join(PANEL)}; or {SEARCH})")
        tally = watch(kind, args.matches, args.cards, args.level, args.raises)
        print(f"search ({args.level}) against {kind} ({args.matches} matches)")
        (print_cards if args.cards else print_margins)(tally)


if __name__ == "__main__":
    main()
