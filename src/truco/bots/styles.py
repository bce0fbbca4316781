"""The sparring panel's betting styles: the heuristic bot's sound card play,
each with its own way of raising and answering raises.

They are the opponents ``truco arena A panel`` measures a bot against, and
the personalities a person can seat at a table.

>>> from truco.engine import Match, view
>>> m = Match(seed=5)
>>> seat = m.to_act()[0]
>>> all(make_style(name).act(view(m, seat)) in view(m, seat).legal for name in (*STYLES, *CHANGING, 'malandro'))
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from truco.bots.heuristic import HeuristicBot
from truco.bots.knowledge import Knowledge, call_threshold, own_team
from truco.bots.search import HONEST_RATE, RATE_PRIOR, OpponentModel
from truco.engine import ACCEPT, RAISE, RUN, Action, Kind, View

#: A card this strong or stronger is a "strong card": a 3 or a manilha.
STRONG = 9
#: The weakest manilha's strength.
MANILHA = 10


@dataclass(frozen=True, slots=True)
class Style:
    #: raise with a win chance at least this (None: never raises for value; 0: at every chance)
    raise_at: float | None
    #: chance of a bluff (a raise with a weaker hand) at each chance to raise
    bluff: float
    #: how it answers a raise: "tight", "loose", "always", "never_run", "two_strong", "trap"
    answers: str
    #: plays every mão de onze
    plays_every_eleven: bool = False
    #: bluffs only with a win chance below this
    bluff_under: float = 1.0
    #: raises for value only in the last trick (hides a strong hand until then)
    slow_play: bool = False


STYLES: dict[str, Style] = {
    "tight": Style(raise_at=0.8, bluff=0.0, answers="tight"),
    "loose": Style(raise_at=0.6, bluff=0.35, answers="loose"),
    "station": Style(raise_at=None, bluff=0.0, answers="always"),
    "maniac": Style(raise_at=0.0, bluff=0.0, answers="never_run", plays_every_eleven=True),
    "timid": Style(raise_at=None, bluff=0.0, answers="two_strong"),
    "trapper": Style(raise_at=0.8, bluff=0.25, answers="trap", bluff_under=0.35, slow_play=True),
}


def chameleon(view: View) -> str:
    """``tight`` for two hands, then ``loose`` for two, and so on: what a player learnt of its raises and
    answers in one spell is wrong in the next."""
    return ("tight", "loose")[max(0, view.hand_number) // 2 % 2]


def desperado(view: View) -> str:
    """``loose`` while its team is behind in the score, ``tight`` level or ahead: the human who gambles to
    catch up and sits on a lead."""
    team = own_team(view)
    return "loose" if view.score[team] < view.score[1 - team] else "tight"


#: Players whose style changes as the match goes on: the style each takes in a view.
CHANGING: dict[str, Callable[[View], str]] = {"chameleon": chameleon, "desperado": desperado}

#: ``malandro``: the share of its raises the opponents must run from before it bluffs, and accept before it
#: raises for value on a middling hand; the raises per hand above which (value raisers make at most
#: ``HONEST_RATE``, bluffers 1.3 to 1.5) and the bluff rate shown (``OpponentModel.bluff_rate``) above which it
#: answers loose.
BLUFF_WHEN_RUN, VALUE_WHEN_ACCEPTED, LOOSE_OVER_RATE, LOOSE_OVER_BLUFFS = 0.6, 0.6, 1.0, 0.3
#: ``malandro`` bluffs this often at each chance to raise, to see how they answer, until they answered this many.
PROBE, PROBE_ANSWERS = 0.15, 3


def malandro(model: OpponentModel) -> Style:
    """The betting of a player who reads its opponents over the match (``model``, from its own views): it
    bluffs against a team that runs from most raises, raises middling hands against one that accepts most,
    answers loose against a team that raises often or was caught bluffing, and plays ``tight`` otherwise,
    with a bluff now and then until it has seen them answer a few of its raises. It counts their answers from
    a prior of two, one accepted and one run from, and their raises from ``RATE_PRIOR`` hands at a value
    raiser's rate.

    >>> malandro(OpponentModel()) == Style(raise_at=STYLES["tight"].raise_at, bluff=PROBE, answers="tight")
    True
    >>> malandro(OpponentModel(ran=8)).bluff, malandro(OpponentModel(hands=8, raises=12)).answers
    (0.35, 'loose')
    """
    answered = model.accepted + model.ran
    runs = (model.ran + 1) / (answered + 2)
    rate = (model.raises + RATE_PRIOR * HONEST_RATE) / (model.hands + RATE_PRIOR)
    loose = rate > LOOSE_OVER_RATE or model.bluff_rate() > LOOSE_OVER_BLUFFS
    return Style(
        raise_at=STYLES["loose" if 1 - runs >= VALUE_WHEN_ACCEPTED else "tight"].raise_at,
        bluff=STYLES["loose"].bluff if runs >= BLUFF_WHEN_RUN else PROBE if answered < PROBE_ANSWERS else 0.0,
        answers="loose" if loose else "tight",
    )


def own_cards(view: View) -> list[int]:
    """The cards this seat held in this hand: in hand, played open and played covered."""
    played = [c for t in (*view.tricks, view.trick) for s, c in t if s == view.seat and c is not None]
    return [*view.hand, *played, *view.own_covered]


class StyleBot(HeuristicBot):
    """The heuristic bot's card play with a betting ``Style``, or with the style ``CHANGING`` gives it in each view."""

    def __init__(self, name: str, seed: int = 0, level: str = "medium") -> None:
        super().__init__(seed, level)
        self.name = name
        self.change = CHANGING.get(name)
        #: what ``malandro`` saw of its opponents in this match
        self.model = OpponentModel() if name == "malandro" else None
        # a changing player's style is set at each view
        self.bet = STYLES["tight" if self.change or self.model else name]

    def act(self, view: View) -> Action:
        if self.change is not None:
            self.bet = STYLES[self.change(view)]
        if self.model is None:
            return super().act(view)
        self.model.observe(view)
        self.bet = malandro(self.model)
        action = super().act(view)
        if action.type == RAISE:
            self.model.raised(view)
        return action

    def plays_eleven(self, k: Knowledge) -> bool:
        return self.bet.plays_every_eleven or super().plays_eleven(k)

    def wants_raise(self, k: Knowledge) -> bool:
        bet = self.bet
        if k.view.kind != Kind.NORMAL:  # a raise in a mão de onze only loses the match
            return False
        if bet.raise_at == 0.0:
            return True
        if bet.raise_at is not None and not (bet.slow_play and len(k.view.tricks) < 2):
            step = k.rules.ladder.index(k.view.value) if k.view.value in k.rules.ladder else 0
            if k.win_chance() >= bet.raise_at + 0.04 * step:
                return True
        return bet.bluff > 0 and self.rng.random() < bet.bluff and k.win_chance() < bet.bluff_under

    def answer(self, k: Knowledge) -> str:
        view = k.view
        can_raise = any(a.type == RAISE for a in view.legal)
        how = self.bet.answers
        if how == "always":
            return ACCEPT
        if how == "never_run":
            return RAISE if can_raise else ACCEPT
        cards = own_cards(view)
        if how == "two_strong":
            return ACCEPT if sum(k.strength[c] >= STRONG for c in cards) >= 2 else RUN
        p = k.win_chance()
        asked = view.pending["value"] if view.pending else view.value
        mine, theirs = view.score[k.team], view.score[1 - k.team]
        if how == "trap":  # springs the trap with a strong hand, else answers on the numbers
            if p > 0.75 and can_raise:
                return RAISE
            return RUN if p < call_threshold(mine, theirs, view.value, asked, k.rules.special_score) else ACCEPT
        if how == "loose":
            if p > 0.75 and can_raise and self.rng.random() < 0.5:
                return RAISE
            return RUN if p < 0.15 else ACCEPT
        # tight: runs without a manilha or a won trick, else answers on the numbers
        team_won = k.team in view.trick_winners
        if not team_won and not any(k.strength[c] >= MANILHA for c in cards):
            return RUN
        if p < call_threshold(mine, theirs, view.value, asked, k.rules.special_score):
            return RUN
        return RAISE if p > 0.9 and can_raise else ACCEPT


def make_style(name: str, seed: int = 0, level: str = "medium") -> StyleBot:
    return StyleBot(name, seed, level)
