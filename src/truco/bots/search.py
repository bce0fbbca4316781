"""The search bot: determinized Monte Carlo (as ``search1``) that reads its opponents.

Every decision draws full matches consistent with the seat's view, rolls each
candidate out in every draw and scores the outcome by the chance of winning
the match from the score it leaves (see ``truco.bots.search1``). What it adds:

- **Opponent modelling within a match** (``OpponentModel``, kept in the bot
  object, so it travels with it): from the views it gets, the bot counts the
  opponents' raises per hand, how often they accept or run from its own raises,
  and the strength of the open cards they showed in the hands they raised.
- **Inference from raises** weighted by that model: after their raise, the
  draws count as a mixture of those where they raise for value (their hand
  above the model's threshold) and, with the share of their raises that were
  bluffs, of the others. A player that raised only to show manilhas is
  believed; one that raises every hand or shows junk after raising is called.
  A player that throws its cards at random raises at random too: in the
  share of its plays made at random (``play_noise``, below) its raise tells
  nothing, and every draw counts alike.
- **Inference from card plays** (``play_likelihood``): a draw counts less for
  every play of the other seats in this hand that our quick player would not
  have made with its cards (a low card thrown while holding a winner, a covered
  card that is not the seat's weakest). A lead tells nothing: the rules of
  thumb lead their strongest card, the search bots their weakest. ``hard``
  also reads each seat's style (``OpponentModel.style_share``): second to
  play, the search bots throw their weakest card where the quick player takes
  the trick, and third, over their partner's trick, their strongest where it
  throws its weakest; in the share of such plays the seat made as the search
  bots make them (read from whether it played over the trick's best card), its
  play there is read as theirs.
- **Rollouts played as the search bots play** (``truco.bots.quick.low_leads``):
  the quick player leads the first trick, and the next after its team won the
  first, with its weakest card, as ``search`` itself does nine times in ten
  (``bench/card_choices.py``), and takes a trick that wins the hand with its
  strongest card; ``greedy``, which led the strongest, priced every hand for
  leads the search bots never make.
- **Sloppy play noticed** (``last_play_blunder``, ``play_noise``): the last
  card of a trick has one sound choice (nobody plays after it), and the cards
  a player shows later tell whether it kept a weaker one. From how often the
  opponents threw such a card the model reads the share of their plays made at
  random: in that share the rollouts play their cards at random
  (``NoisyPlayer``), their plays tell that much less, and the edge below rises.
- **Betting by match equity** (``truco.bots.betting``): every raise, answer
  and mão de onze is scored by the chance of winning the match from the score
  it leaves (a table the engine's scoring gives), so a raise that cannot
  change the match is never worth it. A raise is priced up the ladder (they
  run, accept or raise back, and we answer that) and against waiting: playing
  the card and raising after the trick, with what it will show, or answering
  their raise if they raise first. An answer weighs run, accept and raise back
  the same way; accepting passes the right to raise to us, so it is priced with
  the raise we may ask once the trick is over (a strong hand accepts and asks
  later, rather than raising back and letting them run for less).
- **Answering as a team**: where both partners answer a raise (the rules'
  ``answer: both``), the team runs only if both run. The two answer at the
  same time (the engine tells neither the other's answer before its own), so
  a run passes the answer to the partner, priced by how it answers with each
  draw's cards (``PartnerAnswer``): with a middling hand a player leaves the
  decision to the partner, who sees its own cards.
- **Gambles priced against the edge shown**: match equity counts each later
  hand as won with our share of this match's hands so far (from even, with a
  prior of a few even hands; never below even): a team that wins most hands
  against a far weaker player has the match by playing the hands, and raising
  to a doze there risks it for little.
- **Raises priced against the observed answers**: the answerer model's
  caution is fitted to how often they accepted our raises, and its raise-back
  strength to how often they raised back: against a player that always
  accepts it raises only for value; against one that runs, it bluffs more.
- **Levels by method**: ``easy`` plays its cards on a few draws and bets by the
  heuristic's easy rules of thumb, reading no card play; ``medium`` searches
  its bets and reads plays too; ``hard`` searches as ``medium`` and asks a
  second opinion before each raise it would make (``truco.bots.nested``): in
  the heaviest draws, a small ``medium`` search in each answering seat answers
  the raise from that seat's view, fed what the opponents saw of our raises,
  and the raise is not made if it is worth less than playing on against those
  answers (a raise that cannot lose stays); a raise back, likewise, if it is
  worth less than the best other answer; and the last to answer a raise of players that raise only with
  strength, it stays in only if accepting is worth ``LAST_MARGIN`` more than running (in real play, accepts
  priced just above running lost: ``bench/counterfactual.py``). (Four times ``medium``'s draws gained nothing;
  so did solving each draw with every card open, which priced hands for players that do not exist.)

>>> from truco.engine import Match, view
>>> m = Match(seed=4)
>>> seat = m.to_act()[0]
>>> SearchBot(seed=1, level="easy").act(view(m, seat)) in view(m, seat).legal
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from random import Random

from truco.bots.betting import AnswerModel, Ladder, match_equity
from truco.bots.heuristic import HeuristicBot, pick
from truco.bots.knowledge import Knowledge, own_team, partner_of, raise_changes_nothing
from truco.bots.nested import nested_price
from truco.bots.quick import QuickPlayer, greedy, low_leads, seat_chance
from truco.bots.search1 import (
    PRUNE,
    RAISE_MARGIN,
    RAISE_STEP,
    RAISE_STRENGTH,
    Search1Bot,
    candidate_plays,
    won_share,
)
from truco.bots.signals import OpponentSignals, PartnerModel, SignalConstraints, gestures_to_make
from truco.engine import ACCEPT, PLAY, RAISE, RUN, Action, Kind, Match, Phase, View
from truco.engine.actions import PLAY_ACTIONS
from truco.engine.cards import COVERED_STRENGTH, strength_table
from truco.engine.determinize import sample
from truco.engine.events import Event, HandEnded, TrickEnded

#: Plays whose share of won draws is this close to the best, or one effective draw's worth, count as equally good.
TIE = 0.01
#: Draws per decision, per level (``medium`` had 96 until 5 December 2026: twice as many won 61.1 % against
#: ``search1`` where 96 won 59.2 %, on the same deals, within its time).
DRAWS = {"easy": 8, "medium": 192, "hard": 192}
#: ``hard``'s second opinion on a raise (``truco.bots.nested``): the heaviest draws it asks in, and the draws of
#: the nested search that answers there (it answers on twice as many).
NESTED_OUTER, NESTED_DRAWS = 48, 8
#: ``hard``, the last to answer a value raiser's raise: how much more than running accepting must be worth
#: (``bench/counterfactual.py``: accepts priced up to 0.08 above running were worth less than running).
LAST_MARGIN = 0.03
#: While the weights of a decision's draws leave fewer than this share of them that count (the effective sample
#: size, (Σw)²/Σw²), as many again are drawn, up to ``MAX_BATCHES`` times the level's draws.
ESS_SHARE, MAX_BATCHES = 0.5, 4
#: The prior bluff rate of a raise, and how many observations it is worth.
BLUFF_PRIOR, PRIOR_WEIGHT = 0.08, 3.0
#: A raiser whose strongest open card in the hand is below this (an A) showed a weak hand.
SHOWN_STRONG = 7
#: Raises per hand up to which a player raises only with strength (the panel's value raisers: the rules of
#: thumb and `tight` about 0.5, `search1` 0.75, `search` 0.6; the bluffers raise 1.3 to 1.5 times a hand), and
#: how fast its threshold falls for each raise per hand above that; hands of evidence the default is worth.
HONEST_RATE, RATE_SLOPE, RATE_PRIOR = 0.8, 1.2, 4.0
#: The answerer model's threshold shifts we try, to fit how often they accepted our raises.
SHIFTS = (-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3)
#: How much more than the break-even chance an answerer wants before it accepts a raise (a raise is a
#: sign of strength).
CAUTION = 0.06
#: The strength above which an answerer raises back; the share of accepted raises that it raises back
#: at, and how fast the strength falls for a player that raises back more often.
RERAISE_STRENGTH, RERAISE_PRIOR, RERAISE_SLOPE = 0.85, 0.15, 1.2
#: How our partner answers a raise (``PartnerAnswer``): it stays 0.39 above its call threshold, with softness
#: 0.15: fitted to the answers of ``search`` before it read its partner's, to its own raises (520 games, seed
#: 2026: it stayed in half of its answers 0.39 above its call threshold, in a quarter at 0.22).
PARTNER_ANSWERS = AnswerModel(caution=0.39, softness=0.15)
#: Even a draw where they would not accept explains an acceptance this much (some accept anything).
ACCEPT_FLOOR = 0.15
#: Our raises they must have answered before the fit moves the answerer model.
MIN_ANSWERS = 3
#: Our chance in a later hand's fight (``match_equity``'s ``edge``): the share of this match's hands we won,
#: with ``EDGE_PRIOR`` even hands of prior, never below even, at most ``EDGE_MAX``, in steps of ``EDGE_STEP``.
EDGE_PRIOR, EDGE_MAX, EDGE_STEP = 4.0, 0.8, 0.05
#: How the opponents' blunders (a trick's last card that sound card play never throws: ``last_play_blunder``)
#: raise our edge: ``BLUNDER_EDGE`` per unit of the share of their plays made at random (``play_noise``), their
#: blunder rate counted with ``BLUNDER_PRIOR`` chances to blunder that they did not take.
BLUNDER_EDGE, BLUNDER_PRIOR = 0.3, 2.0
#: Blunder rates of players that play soundly, and at random (``bench/blunders.py``, 150 hands each): 0 to 0.02
#: for `heuristic` and the betting styles, 0.08 for `search1` (where its rollouts cannot tell two low cards apart
#: it may keep the weaker), 0.42 for `random`.
SOUND_BLUNDERS, RANDOM_BLUNDERS = 0.2, 0.45
#: How likely a seat made a card play other than the one our quick player would make with a draw's
#: cards (open), or covered a card other than its weakest: the inference from card plays.
OFF_PLAY, OFF_COVER = 0.35, 0.25
#: ``hard``: in the first two tricks the search bots, second to play on an open lead, throw their weakest card
#: nine times in ten where the quick player takes the trick, and third to play, their partner's card holding the
#: trick, play their strongest card half the time where it throws its weakest (``docs/benchmarks.md``); the rules
#: of thumb play as the quick player. The shares of a seat's such plays made as the search bots make them that
#: ``hard`` weighs (``OpponentModel.style_share``), alike at first.
STYLE_SHARES = tuple(i / 10 for i in range(11))
#: The places in a trick where the search bots' card play parts from the quick player's (second and third to play).
SECOND, THIRD = 1, 2


@dataclass
class OpponentModel:
    """What the opponents showed in this match, from this seat's views."""

    hands: int = 0
    #: raises the opponents asked
    raises: int = 0
    #: their raises after which we saw their open cards, and how many of those showed a weak hand
    shown: int = 0
    weak: int = 0
    #: answers to our raises, and the accepts the answerer model predicted for them at each of ``SHIFTS``
    accepted: int = 0
    ran: int = 0
    #: of the accepted, how many raised back
    reraised: int = 0
    #: hands that ended with points for us, and for them
    won: int = 0
    lost: int = 0
    #: the opponents' open plays made while their partner held the trick, and those that overtook it
    chances: int = 0
    blunders: int = 0
    predicted: list[float] = field(default_factory=lambda: [0.0] * len(SHIFTS))
    # -- the hand being played
    hand: int = -1
    score: tuple[int, int] = (0, 0)
    raised_here: set[int] = field(default_factory=set)
    #: (trick, seat) of the plays of this hand already looked at for blunders
    judged_here: set[tuple[int, int]] = field(default_factory=set)
    #: by (seat, place in the trick: ``SECOND`` or ``THIRD``), the log-likelihood of its plays there
    #: (``judge_styles``) at each of ``STYLE_SHARES``; and the (trick, seat) of those of this hand already counted
    styles: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    styles_judged_here: set[tuple[int, int]] = field(default_factory=set)
    shown_here: int = -1
    #: (value before, value asked) of our raise still unanswered, and its predicted accepts per shift
    our_raise: tuple[int, int] | None = None
    our_prediction: tuple[float, ...] = ()

    def bluff_rate(self) -> float:
        """How often a raise of theirs is a bluff: the share of weak hands they showed after raising."""
        return min(0.9, (self.weak + BLUFF_PRIOR * PRIOR_WEIGHT) / (self.shown + PRIOR_WEIGHT))

    def raise_threshold(self) -> float:
        """The hand strength above which they raise: ours, lower for a team that raises more often."""
        rate = (self.raises + HONEST_RATE * RATE_PRIOR) / (self.hands + RATE_PRIOR)
        return max(0.3, RAISE_STRENGTH - RATE_SLOPE * max(0.0, rate - HONEST_RATE))

    def edge(self) -> float:
        """Our chance in a later hand's fight: an even chance, moved towards the share of hands we won; a team
        that wins most hands (a far weaker opponent) has more to lose than to gain from a gamble."""
        share = (self.won + 0.5 * EDGE_PRIOR) / (self.won + self.lost + EDGE_PRIOR)
        blundering = 0.5 + BLUNDER_EDGE * self.play_noise()
        return round(round(min(EDGE_MAX, max(0.5, share, blundering)) / EDGE_STEP) * EDGE_STEP, 2)

    def play_noise(self) -> float:
        """The share of their card plays made at random, from how often the trick's last card was one sound
        play never makes (``last_play_blunder``): 0 up to ``SOUND_BLUNDERS`` of their chances (the search bots'
        near-ties make a few such plays), 1 from ``RANDOM_BLUNDERS`` (a card thrown at random)."""
        rate = self.blunders / (self.chances + BLUNDER_PRIOR)
        return min(1.0, max(0.0, (rate - SOUND_BLUNDERS) / (RANDOM_BLUNDERS - SOUND_BLUNDERS)))

    def style_share(self, seat: int, place: int) -> float:
        """How likely ``seat``, at ``place`` in one of the first two tricks (``SECOND``: on an open lead of an
        opponent; ``THIRD``: its partner's card holding the trick), plays as the search bots do there rather than
        as the quick player: the mean of ``STYLE_SHARES`` weighed by how well each explains its plays there."""
        logs = self.styles.get((seat, place))
        if logs is None:
            return sum(STYLE_SHARES) / len(STYLE_SHARES)
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        return sum(w * r for w, r in zip(weights, STYLE_SHARES, strict=True)) / sum(weights)

    def answer_shift(self) -> float:
        """The shift of the answerer model's threshold that best predicts how often they accepted."""
        if self.accepted + self.ran < MIN_ANSWERS:
            return 0.0
        errors = [(abs(p - self.accepted), abs(s)) for p, s in zip(self.predicted, SHIFTS, strict=True)]
        return SHIFTS[errors.index(min(errors))]

    def answerer(self) -> AnswerModel:
        """How they answer our raises: a sensible answerer, its caution shifted to fit how often they
        accepted, raising back above a strength that falls as they raise back more often than the prior."""
        rate = (self.reraised + RERAISE_PRIOR * PRIOR_WEIGHT) / (self.accepted + PRIOR_WEIGHT)
        reraise = RERAISE_STRENGTH - RERAISE_SLOPE * (rate - RERAISE_PRIOR)
        return AnswerModel(caution=CAUTION + self.answer_shift(), reraise=reraise)

    def answered(self, accepted: bool) -> None:
        if accepted:
            self.accepted += 1
        else:
            self.ran += 1
        if self.our_prediction:
            self.predicted = [a + b for a, b in zip(self.predicted, self.our_prediction, strict=True)]
        self.our_raise = None

    def raised(self, view: View) -> None:
        """Note that this seat raised in ``view``, to count how they answer it."""
        ladder = view.rules.ladder
        below = view.pending["value"] if view.pending else view.value
        self.our_raise = (view.value, ladder[ladder.index(below) + 1])

    def observe(self, view: View) -> None:
        """Update from a view of this seat (called before every decision)."""
        team = own_team(view)
        if view.hand_number != self.hand:
            self.close_hand(view, team)
        elif self.our_raise is not None and (view.value >= self.our_raise[1] or view.phase == Phase.ANSWERING):
            self.reraised += view.phase == Phase.ANSWERING
            self.answered(True)  # they accepted, or raised back
        pending = view.pending
        if pending and pending.get("team") != team:
            self.count_raise(pending["value"])
        if view.raise_team == team and view.value > view.rules.base_value:
            self.count_raise(view.value)  # they raised and we accepted
        if view.vira is not None:
            self.judge_plays(view, team)
            self.judge_styles(view)
        if self.raised_here and view.vira is not None:
            strength = strength_table(view.vira, view.rules.manilhas, view.rules.deck)
            for trick in (*view.tricks, view.trick):
                for s, c in trick:
                    if c is not None and view.teams[s] != team:
                        self.shown_here = max(self.shown_here, strength[c])

    def judge_plays(self, view: View, team: int) -> None:
        """Judge the opponents' open plays of this hand that closed a trick (``last_play_blunder``), each once
        it can be judged."""
        assert view.vira is not None
        strength = strength_table(view.vira, view.rules.manilhas, view.rules.deck)
        tricks = (*view.tricks, view.trick)
        for i, trick in enumerate(tricks):
            if len(trick) < view.players or view.teams[trick[-1][0]] == team or (i, trick[-1][0]) in self.judged_here:
                continue
            seat, card = trick[-1]
            shown = [strength[c] for s, c in trick[:-1] if c is not None]
            if card is None or not shown:
                continue
            best = max(shown)
            holders = {view.teams[s] for s, c in trick[:-1] if c is not None and strength[c] == best}
            if len(holders) > 1:  # tied on the table: the last card's choice has more to it
                continue
            later = [strength[c] for t in tricks[i + 1 :] for s, c in t if s == seat and c is not None]
            blunder = last_play_blunder(strength[card], best, team not in holders, later)
            if blunder is not None:
                self.judged_here.add((i, seat))
                self.chances += 1
                self.blunders += blunder

    def judge_styles(self, view: View) -> None:
        """Count the other seats' plays second and third to play in the first two tricks of this hand (see
        ``style_share``), each once: whether it played over the trick's best card, against the chance that a hand
        like its own (drawn from the cards this seat has not seen and those it played since) holds a card over it
        (the quick player second to play takes the trick with one, the search bots third to play overtake their
        partner with one) or only such cards (the search bots second to play throw their weakest, the quick
        player third to play throws its weakest)."""
        if view.players < 4:
            return
        knowledge = Knowledge(view)
        strength = knowledge.strength
        tricks = (*view.tricks, view.trick)
        for i, trick in enumerate(tricks[:2]):
            for place in (SECOND, THIRD):
                if (
                    len(trick) <= place
                    or trick[place][0] == view.seat
                    or (i, trick[place][0]) in self.styles_judged_here
                ):
                    continue
                seat, card = trick[place]
                self.styles_judged_here.add((i, seat))
                before = [COVERED_STRENGTH if c is None else strength[c] for _, c in trick[:place]]
                if not lead_holds(before):
                    continue
                best = before[0]
                own = [strength[c] for t in tricks[i:] for s, c in t if s == seat and c is not None]
                pool = [*knowledge.unseen_strengths, *own]
                held = view.hand_sizes[seat] + sum(s == seat for t in tricks[i:] for s, _ in t)
                over = sum(x > best for x in pool)
                total = math.comb(len(pool), held)
                every, some = math.comb(over, held) / total, 1 - math.comb(len(pool) - over, held) / total
                styled, quick = (every, some) if place == SECOND else (some, every)
                played_over = card is not None and strength[card] > best
                logs = self.styles.setdefault((seat, place), [0.0] * len(STYLE_SHARES))
                for j, share in enumerate(STYLE_SHARES):
                    chance = share * styled + (1 - share) * quick
                    logs[j] += math.log(max(1e-9, chance if played_over else 1 - chance))

    def count_raise(self, value: int) -> None:
        if value not in self.raised_here:
            self.raised_here.add(value)
            self.raises += 1

    def close_hand(self, view: View, team: int) -> None:
        if self.raised_here and self.shown_here >= 0:
            self.shown += 1
            self.weak += self.shown_here < SHOWN_STRONG
        gained = view.score[team] - self.score[team]
        if self.hand >= 0:
            self.won += gained > 0
            self.lost += view.score[1 - team] > self.score[1 - team]
        ran = self.our_raise is not None and gained == self.our_raise[0]
        if ran and view.score[1 - team] == self.score[1 - team]:
            self.answered(False)
        self.hand = view.hand_number
        self.hands += 1
        self.raised_here = set()
        self.judged_here = set()
        self.styles_judged_here = set()
        self.shown_here = -1
        self.our_raise = None
        self.score = view.score


class SearchBot(Search1Bot):
    """Monte Carlo over determinizations, weighted by what the opponents showed."""

    name = "search"

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        super().__init__(seed, level)
        self.draws = DRAWS[level]
        self.model = OpponentModel()
        self.partner_model = PartnerModel()
        self.opponent_signals = OpponentSignals()
        #: easy bets by the rules of thumb of the heuristic's easy level and reads no card play; the
        #: others search the bets
        self.rules_of_thumb = HeuristicBot(seed, "easy") if level == "easy" else None
        self.infer = level != "easy"
        #: hard: the nested search that answers our raises in the draws, its opponent model fed what the
        #: opponents saw of our team in this match
        self.answerer: SearchBot | None = None
        if level == "hard":
            self.answerer = SearchBot(seed + 1, "medium")
            self.answerer.draws = NESTED_DRAWS

    def act(self, view: View) -> Action:
        if self.answerer is not None:
            them = next(s for s, t in enumerate(view.teams) if t != own_team(view))
            self.answerer.model.observe(view._replace(seat=them, team=view.teams[them], hand=(), legal=()))
        self.model.observe(view)
        self.model.score = view.score
        self.partner_model.observe(view)
        self.opponent_signals.observe(view)
        if raise_changes_nothing(view):
            view = view._replace(legal=tuple(a for a in view.legal if a.type != RAISE))
        if self.rules_of_thumb is not None and view.phase in (Phase.DECIDING, Phase.ANSWERING) and len(view.legal) > 1:
            return self.rules_of_thumb.act(view)
        action = super().act(view)
        if action.type == RAISE:
            self.model.raised(view)
        return action

    # -- the partner's signals (at tables with signals) ---------------------------

    def signal(self, view: View) -> tuple[str, ...]:
        """The gestures to make for the partner now (``truco.bots.signals``)."""
        return gestures_to_make(view)

    def sample(self, view: View, n: int) -> list[Match]:
        """Draws that agree with the signals (``SignalConstraints``): the manilhas the partner told of are
        in its hand and, as far as its silence is trusted, the ones it did not tell of are not; where the
        opponents signal, as each draw reads their gestures (``OpponentSignals``)."""
        if view.signals is None:
            return super().sample(view, n)
        constraints = SignalConstraints(view, self.opponent_signals.reading(view))
        rng, model = self.rng, self.partner_model
        return [sample(view, rng, *constraints.draw(rng, model.trusted(view, rng))) for _ in range(n)]

    def rollout_player(self, view: View) -> QuickPlayer:
        """The quick player, but the opponents play a card at random in the share of their plays the model
        says they make so (``play_noise``): against a player that throws its cards anyhow, a hand is worth
        more than against sound play."""
        noise = self.model.play_noise()
        return low_leads if noise <= 0 else NoisyPlayer(own_team(view), noise, self.rng)

    # -- the opponents, as the model sees them ----------------------------------

    def raise_weights(self, draws: list[Match], team: int, seat: int | None, step: int) -> list[float]:
        """How much each draw counts after the raising ``team`` asked the ``step``-th value: a mixture of
        the draws where they raise for value (their hand above the model's threshold) and, with the share
        of their raises that were bluffs, of the others; in the share of their plays made at random
        (``play_noise``), every draw alike."""
        threshold = self.model.raise_threshold() + RAISE_STEP * max(0, step - 1)
        strong = [logistic(raiser_chance(d, team, seat) - threshold) for d in draws]
        weak = [1 - x for x in strong]
        bluff = self.model.bluff_rate()
        total_strong, total_weak = sum(strong) or 1.0, sum(weak) or 1.0
        noise, even = self.model.play_noise(), 1 / len(draws)
        return [
            (1 - noise) * ((1 - bluff) * s / total_strong + bluff * w / total_weak) + noise * even
            for s, w in zip(strong, weak, strict=True)
        ]

    def ladder(self, view: View, draws: list[Match], weights: list[float], wins: list[int | None]) -> Ladder:
        """The raises of this hand priced over ``draws``: who wins each (``wins``), how strong the opponents
        feel in it, and how they answer raises (the model's answerer)."""
        team = own_team(view)
        outcome = [0.5 if w is None else float(w == team) for w in wins]
        strengths = [team_chance(d, 1 - team) for d in draws]
        score = (view.score[team], view.score[1 - team])
        return Ladder(view.rules, score, weights, outcome, strengths, self.model.answerer(), self.model.edge())

    def predict_answers(self, ladder: Ladder, current: int, asked: int) -> None:
        """Remember how often each of the model's answerers would accept our raise over the draws, to
        score them once they answer."""
        total = sum(ladder.weights)
        self.model.our_prediction = tuple(
            sum(
                w * AnswerModel(caution=CAUTION + shift).answers(ladder.rules, ladder.score, current, asked, p)[0]
                for w, p in zip(ladder.weights, ladder.strengths, strict=True)
            )
            / total
            for shift in SHIFTS
        )

    def history_weights(self, view: View, draws: list[Match]) -> list[float]:
        """How well each draw explains the last raise of the hand and its acceptance: after we accepted
        their raise, draws where they raise with those cards count more; after they accepted ours, draws
        where they accept with those cards."""
        team = own_team(view)
        ladder = view.rules.ladder
        if view.value <= view.rules.base_value or view.value not in ladder:
            return [1.0] * len(draws)
        step = ladder.index(view.value)
        if view.raise_team == team:
            return self.raise_weights(draws, 1 - team, None, step)
        below = ladder[step - 1] if step > 0 else view.rules.base_value
        score = (view.score[team], view.score[1 - team])
        answerer = self.model.answerer()
        return [
            ACCEPT_FLOOR
            + (1 - ACCEPT_FLOOR) * answerer.answers(view.rules, score, below, view.value, team_chance(d, 1 - team))[0]
            for d in draws
        ]

    # -- decisions --------------------------------------------------------

    def answer(self, view: View) -> Action:
        """Run, accept or raise back, whichever is worth most in match equity over the draws weighted by how
        well they explain the raise (and the hand's card plays); a raise back is priced up the ladder.

        Where both partners answer (the rules' ``answer: both``), a run passes the answer to the partner (the
        team runs only if both do): it is priced by how the partner answers with each draw's cards. Both answer
        at the same time, so the partner's answer, given already or not, is never known here."""
        pending = view.pending or {}
        asked, current = pending.get("value", view.value), view.value
        weigh = partial(self.answer_weights, view)
        draws, weights = self.weighed_draws(view, 2 * self.draws, weigh)  # a raise leaves fewer that count: take more
        wins = self.outcomes(view, pick(view.legal, ACCEPT), draws)
        ladder = self.ladder(view, draws, weights, wins)
        options = ladder.answers(current, asked)
        if ladder.higher(asked) is not None:  # accepting, we may raise once the trick is over
            options[ACCEPT] = max(
                options[ACCEPT], self.wait(view, ladder, draws, pick(view.legal, ACCEPT), asked, None)
            )
        partner = partner_answering(view)
        if partner is not None:
            options[RUN] = PartnerAnswer(view, partner).passed(ladder, draws)
        legal = {a.type for a in view.legal}
        choice = max((o for o in options if o in legal), key=options.__getitem__)
        higher = ladder.higher(asked)
        if choice == RAISE and higher is not None and self.answerer is not None:
            # hard: not if the nested answers price the raise back below the best other answer
            second = nested_price(view, ladder, draws, self.answerer, asked, higher, NESTED_OUTER)
            if second is not None and second < max(options[o] for o in options if o in legal and o != RAISE):
                choice = max((o for o in options if o in legal and o != RAISE), key=options.__getitem__)
        if choice == ACCEPT and self.stays_only_with_margin(view) and options[ACCEPT] < options[RUN] + LAST_MARGIN:
            choice = RUN
        if choice == RAISE:
            assert higher is not None
            self.predict_answers(ladder, asked, higher)
        return pick(view.legal, choice)

    def stays_only_with_margin(self, view: View) -> bool:
        """``hard``, the last to answer a raise of players that raise only with strength (the model has not
        lowered their threshold): it accepts only with a margin over running."""
        pending = view.pending or {}
        last = len(pending.get("waiting", ())) == 1
        return self.answerer is not None and last and self.model.raise_threshold() >= RAISE_STRENGTH

    def answer_weights(self, view: View, draws: list[Match]) -> list[float]:
        """How well each draw explains the raise pending in ``view`` and the hand's card plays."""
        pending = view.pending or {}
        step = view.rules.ladder.index(pending.get("value", view.value))
        weights = self.raise_weights(draws, pending.get("team", 1 - own_team(view)), view.turn, step)
        return self.with_plays(view, draws, weights)

    def play(self, view: View) -> Action:
        team = own_team(view)
        legal = view.legal
        candidates = candidate_plays(view)
        draws, weights = self.weighed_draws(
            view, self.draws, lambda d: self.with_plays(view, d, self.history_weights(view, d))
        )
        first = len(draws) // 3
        wins = {a: self.outcomes(view, a, draws[:first]) for a in candidates}
        if len(candidates) > 1:
            early = {a: won_share(w, weights[:first], team) for a, w in wins.items()}
            top = max(early.values())
            wins = {a: w for a, w in wins.items() if early[a] >= top - PRUNE}
        for a, w in wins.items():
            w.extend(self.outcomes(view, a, draws[first:]))
        shares = {a: won_share(w, weights, team) for a, w in wins.items()}
        top = max(shares.values())
        # Among plays as good as the best, give away the weakest card, covered if it may be: keep the
        # strength for later and show the opponents nothing.
        strength = strength_table(view.vira, view.rules.manilhas, view.rules.deck)
        tie = max(TIE, 1 / max(1.0, effective_size(weights)))
        best = min((a for a in shares if shares[a] >= top - tie), key=lambda a: (strength[a.card or 0], not a.covered))
        may_raise = view.kind == Kind.NORMAL and any(a.type == RAISE for a in legal)
        if may_raise and self.wants_raise(view, draws, weights, wins[best], best):
            return pick(legal, RAISE)
        return best

    def wants_raise(
        self, view: View, draws: list[Match], weights: list[float], wins: list[int | None], play: Action
    ) -> bool:
        """Whether raising now is worth more than playing ``play`` without raising (``wins``: the hand's
        winner in each draw after it), where playing on keeps the chance to raise once this trick is over."""
        if self.rules_of_thumb is not None:
            return self.rules_of_thumb.wants_raise(Knowledge(view))
        ladder = self.ladder(view, draws, weights, wins)
        current = view.value
        asked = ladder.higher(current)
        if asked is None:
            return False
        now = ladder.ask(current, asked)
        threshold = self.model.raise_threshold() if view.raise_team is None else None
        waiting = self.wait(view, ladder, draws, play, current, threshold)
        playing_on = max(ladder.accept(current), waiting)
        if now <= playing_on + RAISE_MARGIN:
            return False
        if self.answerer is not None:  # hard: not if the nested answers price it below playing on
            second = nested_price(view, ladder, draws, self.answerer, current, asked, NESTED_OUTER)
            if second is not None and second < playing_on:
                return False
        self.predict_answers(ladder, current, asked)
        return True

    def wait(
        self, view: View, ladder: Ladder, draws: list[Match], action: Action, current: int, threshold: float | None
    ) -> float:
        """Taking ``action`` (a card play, or accepting their raise) and playing the trick on at ``current``
        without raising, then raising once the trick is over if that is worth more then: the draws are split
        by who wins the trick (which we shall see), and in each part the raise is priced against the
        opponents' strength after the trick (which they will feel). With a ``threshold`` (nobody has raised
        yet), they may raise first with a strength above it, and we answer."""
        team = own_team(view)
        asked = ladder.higher(current)
        assert asked is not None
        parts: dict[int | None, tuple[list[float], list[float]]] = {}
        after = list(ladder.strengths)
        for i, (d, w) in enumerate(zip(draws, ladder.weights, strict=True)):
            g = d.copy()
            over, winner = play_trick(g, g.apply(action), self.rollout_player(view))
            loud = 0.0
            if over:  # the hand ends with this trick: no later raise
                winner = -1
            else:
                after[i] = team_chance(g, 1 - team)
                if threshold is not None:
                    loud = logistic(after[i] - threshold)
            quiet_part, loud_part = parts.setdefault(winner, ([0.0] * len(draws), [0.0] * len(draws)))
            quiet_part[i], loud_part[i] = w * (1 - loud), w * loud
        later = replace(ladder, strengths=after)
        value = 0.0
        for winner, (quiet_weights, loud_weights) in parts.items():
            if sum(quiet_weights) > 0:
                keep = later.accept(current, quiet_weights)
                if winner != -1:
                    keep = max(keep, later.ask(current, asked, quiet_weights))
                value += sum(quiet_weights) * keep
            if sum(loud_weights) > 0:
                value += sum(loud_weights) * max(later.answers(current, asked, loud_weights).values())
        return value / sum(ladder.weights)

    def decide_eleven(self, view: View) -> Action:
        """Play the mão de onze when the hand's chance over the draws (our partner's cards are known) is
        worth more match equity at its value than fleeing."""
        play, flee = self.eleven_prices(view)
        return pick(view.legal, ACCEPT if play >= flee else RUN)

    def eleven_prices(self, view: View) -> tuple[float, float]:
        """The match equity of playing the mão de onze and of fleeing it."""
        draws = self.sample(view, self.draws)
        team = own_team(view)
        wins = self.outcomes(view, pick(view.legal, ACCEPT), draws)
        p = sum(1.0 if w == team else 0.5 if w is None else 0.0 for w in wins) / len(wins)
        rules = view.rules
        mine, theirs = view.score[team], view.score[1 - team]
        edge = self.model.edge()
        play = p * match_equity(rules, mine + rules.special_value, theirs, edge) + (1 - p) * match_equity(
            rules, mine, theirs + rules.special_value, edge
        )
        flee = match_equity(rules, mine, theirs + rules.flee_points, edge)
        return play, flee

    def weighed_draws(
        self, view: View, n: int, weigh: Callable[[list[Match]], list[float]]
    ) -> tuple[list[Match], list[float]]:
        """``n`` draws and their weights (``weigh``), and ``n`` more at a time while the weights leave fewer than
        ``ESS_SHARE`` of ``n`` that count, up to ``MAX_BATCHES`` times ``n``: after a raise and a few card plays
        only some of the draws still count, and the decision's price is the noisier for it."""
        draws = self.sample(view, n)
        weights = weigh(draws)
        while effective_size(weights) < ESS_SHARE * n and len(draws) < MAX_BATCHES * n:
            more = self.sample(view, n)
            draws += more
            weights += weigh(more)
        return draws, weights

    def with_plays(self, view: View, draws: list[Match], weights: list[float]) -> list[float]:
        """``weights`` times how well each draw explains the card plays of the hand (see ``play_likelihood``)."""
        if not self.infer or not any(s != view.seat for t in (*view.tricks, view.trick) for s, _ in t):
            return weights
        seat = view.seat or 0
        noise = self.model.play_noise()
        styles: list[tuple[float, float]] = []
        if self.answerer is not None:  # hard: each seat's plays read as the search bots' in the share it plays so
            styles = [
                (self.model.style_share(s, SECOND), self.model.style_share(s, THIRD)) for s in range(view.players)
            ]
        return [w * play_likelihood(d, seat, noise, styles) for w, d in zip(weights, draws, strict=True)]


@dataclass(frozen=True)
class NoisyPlayer:
    """A ``QuickPlayer``: ``greedy``, but a seat not of ``team`` plays one of its cards at random (open or
    covered, as legal) in a share ``noise`` of its plays."""

    team: int
    noise: float
    rng: Random

    def __call__(
        self,
        seat: int,
        legal: Sequence[Action],
        table: list[tuple[int, int]],
        strength: tuple[int, ...],
        won: list[int | None],
        opponents_after: int,
        team_of: Callable[[int], int],
    ) -> Action:
        if team_of(seat) != self.team and self.rng.random() < self.noise:
            return self.rng.choice([a for a in legal if a.type == PLAY])
        return low_leads(seat, legal, table, strength, won, opponents_after, team_of)


def partner_answering(view: View) -> int | None:
    """Our partner, if it answers the pending raise with us (the rules' ``answer: both``): the team runs only
    if both run."""
    return partner_of(view) if view.rules.answer == "both" else None


@dataclass(frozen=True)
class PartnerAnswer:
    """How our ``partner`` answers the raise pending in ``view`` with a draw's cards, from its own hand-strength
    measure: as ``search`` answers (``PARTNER_ANSWERS``)."""

    view: View
    partner: int

    def accepts(self, draw: Match) -> float:
        """The chance that our partner accepts (or raises back) with its cards in ``draw``."""
        view = self.view
        team = own_team(view)
        asked = (view.pending or {}).get("value", view.value)
        score = (view.score[1 - team], view.score[team])  # the raiser's, ours
        return PARTNER_ANSWERS.answers(view.rules, score, view.value, asked, seat_chance(draw, self.partner))[0]

    def passed(self, ladder: Ladder, draws: list[Match]) -> float:
        """Our run, the partner answering too: in each draw it accepts, and the hand is played at
        the asked value, or runs too, and they score the current one."""
        view = self.view
        asked = (view.pending or {}).get("value", view.value)
        given_up = ladder.equity(0, view.value)
        total = sum(ladder.weights)
        if total <= 0:
            return given_up
        value = 0.0
        for w, win, draw in zip(ladder.weights, ladder.wins, draws, strict=True):
            if w > 0:
                stay = self.accepts(draw)
                value += w * (stay * ladder.played(win, asked) + (1 - stay) * given_up)
        return value / total


def effective_size(weights: list[float]) -> float:
    """How many draws weighted ``weights`` count as: (Σw)²/Σw² (0 if none counts)."""
    squares = sum(w * w for w in weights)
    return sum(weights) ** 2 / squares if squares > 0 else 0.0


def raiser_chance(draw: Match, team: int, seat: int | None) -> float:
    """Our hand-strength measure of the raise's asker: ``seat`` if it is of ``team``, else the team's."""
    return seat_chance(draw, seat) if seat is not None and draw.team_of(seat) == team else team_chance(draw, team)


def team_chance(draw: Match, team: int) -> float:
    """Our hand-strength measure of ``team`` in a draw: its stronger seat's."""
    return max(seat_chance(draw, s) for s in range(draw.players) if draw.team_of(s) == team)


def logistic(x: float) -> float:
    """The answerer's and raiser's soft step: 0.5 at the threshold, 0.88 at 0.1 above it."""
    return 1 / (1 + math.exp(-x / 0.05))


def lead_holds(strengths: Sequence[int]) -> bool:
    """Whether the trick's first card (its plays' strengths so far, ``COVERED_STRENGTH`` for a covered card) is
    open and holds the trick alone."""
    return strengths[0] != COVERED_STRENGTH and all(x < strengths[0] for x in strengths[1:])


def last_play_blunder(card: int, best: int, partner_holds: bool, later: list[int]) -> bool | None:
    """Whether the trick's last card (strength ``card``; ``best``, the table's best open card before it, held
    by the player's partner or by us) was one that sound card play never makes, judged by the player's open
    cards seen in later tricks (``later``): None while they do not tell. Nobody plays after the last card, so
    sound play throws its weakest card into its partner's trick (over the partner's card or not: the trick is
    theirs), takes our trick with its weakest card that beats it, or throws its weakest. (Leaving us the trick
    while holding a card that takes it is no blunder: a player may keep its zap hidden for a later trick.)

    >>> last_play_blunder(12, 9, True, [10]), last_play_blunder(3, 9, True, [1])  # its partner's trick: it kept less
    (True, True)
    >>> last_play_blunder(12, 9, True, []), last_play_blunder(12, 9, True, [13])  # over its partner, its weakest
    (None, False)
    >>> last_play_blunder(12, 9, False, [10]), last_play_blunder(5, 9, False, [3])  # a 10 beat us; a 3 was kept
    (True, True)
    >>> last_play_blunder(5, 9, False, [13])  # it kept its zap
    False
    >>> last_play_blunder(10, 9, False, [12]), last_play_blunder(5, 9, False, []), last_play_blunder(3, 9, True, [4])
    (False, None, False)
    """
    if partner_holds:  # whatever it throws, the trick is its team's
        return min(later) < card if later else None
    if not later or card == best:
        return None
    if card > best:
        return any(best < c < card for c in later)
    return min(later) < card


def play_likelihood(draw: Match, seat: int, noise: float = 0.0, styles: Sequence[tuple[float, float]] = ()) -> float:
    """How likely the other seats' card plays of this hand were with this draw's cards, if they play as our
    quick player does (``greedy``): a play it would not make, or a covered card that is not the seat's
    weakest, counts ``OFF_PLAY`` / ``OFF_COVER``, moved towards 1 by the share ``noise`` of plays made at
    random. ``seat`` is ours (its plays tell nothing), and an open lead tells nothing either (some lead their
    strongest card, others their weakest). With ``styles`` (by seat, its shares at ``SECOND`` and ``THIRD``:
    ``OpponentModel.style_share``), a seat in the first two tricks plays in that share as the search bots do:
    second to play on an open lead, its weakest card; third to play, its partner's card holding the trick, its
    strongest; and as ``greedy`` in the rest."""
    off_play, off_cover = OFF_PLAY + noise * (1 - OFF_PLAY), OFF_COVER + noise * (1 - OFF_COVER)
    strength = draw.strength
    tricks = [*draw.tricks, draw.trick]
    held = [list(h) for h in draw.hands]
    players = draw.players
    likelihood = 1.0
    for i in range(len(tricks) - 1, -1, -1):
        plays = tricks[i]
        for a in plays:
            assert a.card is not None  # a card played is on record, face down or not
            held[a.seat].append(a.card)
        won = draw.trick_winners[:i]
        table: list[tuple[int, int]] = []
        for a in plays:
            card = a.card
            assert card is not None
            if a.seat != seat and len(held[a.seat]) > 1:
                cards = held[a.seat]
                if a.covered:
                    if strength[card] > min(strength[c] for c in cards):
                        likelihood *= off_cover
                elif table:  # a lead tells little: some lead their strongest, others their weakest
                    legal = [PLAY_ACTIONS[a.seat][c] for c in cards]
                    chosen = greedy(a.seat, legal, table, strength, won, (players - len(table)) // 2, draw.team_of)
                    assert chosen.card is not None
                    fit = 1.0 if strength[chosen.card] == strength[card] else off_play
                    if styles and i < 2 and len(table) in (SECOND, THIRD) and lead_holds([s for _, s in table]):
                        share = styles[a.seat][len(table) - 1]
                        mine = sorted(strength[c] for c in cards)
                        styled = mine[0] if len(table) == SECOND else mine[-1]
                        fit = share * (1.0 if strength[card] == styled else off_play) + (1 - share) * fit
                    likelihood *= fit
            table.append((a.seat, COVERED_STRENGTH if a.covered else strength[card]))
    return likelihood


def play_trick(g: Match, events: list[Event], player: QuickPlayer) -> tuple[bool, int | None]:
    """Play the trick of ``g`` on to its end with the quick ``player``, after ``events``: whether the hand
    ended, and the team that won the trick (None: tied)."""
    strength = g.strength
    while True:
        for e in events:
            if isinstance(e, HandEnded):
                return True, e.winner
        for e in events:
            if isinstance(e, TrickEnded):
                return False, e.winner
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        if g.phase != Phase.PLAYING:
            action = pick(tuple(legal), ACCEPT)
        else:
            table = [(a.seat, COVERED_STRENGTH if a.covered or a.card is None else strength[a.card]) for a in g.trick]
            won = list(g.trick_winners)
            action = player(seat, list(legal), table, strength, won, (g.players - len(table)) // 2, g.team_of)
        events = g.apply(action)
