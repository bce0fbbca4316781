"""Truco as an OpenSpiel game: ``import truco.research.openspiel`` registers ``python_truco``.

>>> import pyspiel
>>> import truco.research.openspiel
>>> game = pyspiel.load_game("python_truco", {"players": 2, "hand_only": True})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the first dealer is drawn
(True, 2)

Chance deals: the first dealer, then each hand card by card (three to each
seat in seat order, then the vira), uniformly from the cards left in the deck.
Actions are the 14 of ``truco.research.encoding``. Observations and
information states come from an observer built on the engine's view of the
seat: the observation is the view alone; the information state adds the
public actions of the hand so far (who played, covered, raised, accepted or
ran, in order), which makes it perfect-recall within a hand. Earlier hands enter
the information state only through what the view shows (the score).

Game parameters: every rule option of the engine (``profile``, ``players``,
``manilhas``, ``deck`` ...; ``Rules.parse`` checks them), and

- ``hand_only`` (false): one hand from 0-0; returns are the hand's points
  (+ to the team that scored, - to the other);
- ``max_raises`` (-1: no limit): the raises allowed per hand (``1``: no raise
  above truco); a research restriction that only removes the raise action;
- ``cover`` (true): false removes covered plays (another restriction);
- ``cards`` (""): deal only from these cards (record names, comma-separated),
  e.g. a tiny deck that a solver can traverse; empty means the rules' deck;
- ``vira`` (""): every hand's vira is this card (one of the deck), and only the
  hands are dealt.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np
import pyspiel

from truco.engine import Action, Deal, ExplicitDeals, Match, Phase, Rules, card_name, parse_card, view
from truco.engine.cards import DECKS
from truco.engine.determinize import sample
from truco.engine.events import HandEnded
from truco.research.encoding import (
    ACTION_NAMES,
    COVER_SLOT,
    INFO_STATE_SIZE,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    RAISE_ID,
    PublicAction,
    hand_history,
    information_state,
    information_state_string,
    legal_actions,
    observation,
    observation_string,
)

#: Game parameters with their defaults; rule options default to the game help's rules.
_RULE_DEFAULTS: dict[str, Any] = {
    "profile": "paulista",
    "players": 4,
    "manilhas": "",
    "deck": "dirty",
    "covered": "from_second_trick",
    "canga": False,
    "answer": "both",
    "eleven_decision": "either",
    "truco_in_eleven": "forbidden",
    "all_tied": "nobody",
    "rotation": "clockwise",
    "tied_trick_leader": "first_tied_card",
}
PARAMETERS: dict[str, Any] = {
    **_RULE_DEFAULTS,
    "hand_only": False,
    "max_raises": -1,
    "cover": True,
    "cards": "",
    "vira": "",
}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_truco",
    long_name="Truco Paulista (truco.engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)

#: OpenSpiel's player ids for the end of the game and for chance (pyspiel has no type hints)
TERMINAL: int = pyspiel.PlayerId.TERMINAL
CHANCE: int = pyspiel.PlayerId.CHANCE


def rules_of(params: dict[str, Any]) -> Rules:
    """The engine's rules named by a game's parameters (an empty ``manilhas`` means the profile's)."""
    spec = {k: params[k] for k in _RULE_DEFAULTS if k in params}
    if not spec.get("manilhas"):
        spec.pop("manilhas", None)
    return Rules.parse(spec)


@dataclass(frozen=True)
class Variant:
    """What a game's parameters fix: the engine's rules and the research restrictions."""

    rules: Rules
    #: the cards deals are drawn from
    deck: tuple[int, ...]
    hand_only: bool
    max_raises: int
    cover: bool
    #: the fixed vira, or None: drawn with the hands
    vira: int | None = None

    @staticmethod
    def of(params: dict[str, Any]) -> Variant:
        rules = rules_of(params)
        deck = DECKS[rules.deck]
        if params["cards"]:
            cards = tuple(sorted(parse_card(c.strip()) for c in params["cards"].split(",")))
            if not set(cards) <= set(deck) or len(set(cards)) != len(cards):
                raise ValueError(f"cards must be distinct cards of the {rules.deck} deck: {params['cards']!r}")
            if len(cards) < 3 * rules.players + 1:
                raise ValueError(f"{len(cards)} cards cannot deal {rules.players} hands and a vira")
            deck = cards
        vira = None
        if params["vira"]:
            vira = parse_card(params["vira"])
            if vira not in deck:
                raise ValueError(f"the vira {params['vira']} is not one of the cards dealt from")
            deck = tuple(c for c in deck if c != vira)
        flags = bool(params["hand_only"]), int(params["max_raises"]), bool(params["cover"])
        return Variant(rules, deck, *flags, vira)


class TrucoGame(pyspiel.Game):
    """``python_truco``: a match to 12 (or one hand) under any rules of the engine."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**PARAMETERS, **(params or {})}
        self.variant = variant = Variant.of(params)
        top = max(variant.rules.ladder)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=40,
            num_players=variant.rules.players,
            min_utility=-float(top) if variant.hand_only else -1.0,
            max_utility=float(top) if variant.hand_only else 1.0,
            utility_sum=0.0,
            # a hand has at most 12 plays, 4 raises, 8 answers and 2 decisions; a match, in practice, < 200 hands
            max_game_length=26 if variant.hand_only else 26 * 200,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> TrucoState:
        return TrucoState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TrucoObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TrucoObserver(perfect_recall)


class Table:
    """The game in progress, apart from OpenSpiel: the engine's ``Match`` of the current
    hand, the deal being drawn, and the hand's public actions."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.match: Match | None = None
        #: the dealer of the hand being dealt (None until drawn)
        self.dealer: int | None = None
        self.score: tuple[int, int] = (0, 0)
        #: cards dealt so far for the next hand
        self.dealing: list[int] = []
        #: the public actions of the hand in play
        self.public: list[PublicAction] = []
        self.hands_played = 0
        #: every action applied (None for a resampled table, which has no history)
        self.actions: list[int] | None = []

    def is_over(self) -> bool:
        m = self.match
        return m is not None and (m.is_over or (self.variant.hand_only and self.hands_played > 0))

    def is_chance(self) -> bool:
        return not self.is_over() and (self.match is None or self.match.phase == Phase.NO_DEAL)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            n = self.variant.rules.players
            return [(s, 1.0 / n) for s in range(n)]
        left = [c for c in self.variant.deck if c not in self.dealing]
        return [(c, 1.0 / len(left)) for c in left]

    def choices(self, seat: int) -> dict[int, Action]:
        """The seat's legal actions by id, less those the variant's restrictions remove."""
        assert self.match is not None
        choices = legal_actions(view(self.match, seat))
        variant = self.variant
        if 0 <= variant.max_raises <= sum(p.kind == "raise" for p in self.public):
            choices.pop(RAISE_ID, None)
        if not variant.cover:
            for slot in range(3):
                choices.pop(COVER_SLOT + slot, None)
        return choices

    def apply(self, action: int) -> None:
        if self.actions is not None:
            self.actions.append(action)
        if self.is_chance():
            self._deal(action)
            return
        assert self.match is not None
        chosen = self.choices(self.match.to_act()[0])[action]
        events = self.match.apply(chosen)
        self.hands_played += sum(isinstance(e, HandEnded) for e in events)
        self.public = hand_history(self.public, events)

    def _deal(self, outcome: int) -> None:
        rules = self.variant.rules
        if self.dealer is None:
            self.dealer = outcome
            return
        self.dealing.append(outcome)
        n = rules.players
        if len(self.dealing) == 3 * n and self.variant.vira is not None:
            self.dealing.append(self.variant.vira)
        if len(self.dealing) < 3 * n + 1:
            return
        c = self.dealing
        deal = Deal(c[-1], tuple(tuple(c[3 * s : 3 * s + 3]) for s in range(n)))
        if self.match is not None:  # the next hand: its dealer and score come from the engine
            self.dealer = self.match.dealer
            self.score = (self.match.score[0], self.match.score[1])
        self.match = Match(rules, deals=ExplicitDeals([deal]), first_dealer=self.dealer, score=self.score)
        self.dealing = []

    def returns(self) -> list[float]:
        m = self.match
        n = self.variant.rules.players
        if m is None or not self.is_over():
            return [0.0] * n
        if self.variant.hand_only:
            result = m.results[0]
            if result.winner is None:
                return [0.0] * n
            return [float(result.points if m.team_of(s) == result.winner else -result.points) for s in range(n)]
        return [1.0 if m.team_of(s) == m.winner else -1.0 for s in range(n)]

    def resample(self, seat: int, rng: Random) -> Table:
        """This table with every card ``seat`` cannot see drawn at random (later hands dealt from ``rng``)."""
        assert self.match is not None
        new = self.copy()
        new.match = sample(view(self.match, seat), rng)
        new.actions = None
        return new

    def copy(self) -> Table:
        new = Table(self.variant)
        new.match = None if self.match is None else self.match.copy()
        new.dealer, new.score, new.hands_played = self.dealer, self.score, self.hands_played
        new.dealing = self.dealing[:]
        new.public = self.public[:]
        new.actions = None if self.actions is None else self.actions[:]
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()  # OpenSpiel clones a Python state by deep-copying its attributes

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (and so serialized by OpenSpiel) as its variant and actions, replayed on load:
        # the engine's objects are not meant to be pickled.
        if self.actions is None:
            raise TypeError("a resampled table has no history to serialize")
        return _replayed, (self.variant, self.actions)

    def __str__(self) -> str:
        if self.match is None or self.is_chance():
            return f"dealing: dealer {self.dealer} cards {' '.join(map(card_name, self.dealing))}"
        return f"{observation_string(view(self.match))} |{' '.join(map(str, self.public))}"


def _replayed(variant: Variant, actions: list[int]) -> Table:
    table = Table(variant)
    for action in actions:
        table.apply(action)
    return table


class TrucoState(pyspiel.State):
    """OpenSpiel's state: a ``Table`` behind OpenSpiel's interface."""

    def __init__(self, game: TrucoGame, table: Table | None = None) -> None:
        super().__init__(game)
        self.table = table or Table(game.variant)

    def current_player(self) -> int:
        t = self.table
        if t.is_over():
            return TERMINAL
        if t.is_chance():
            return CHANCE
        assert t.match is not None
        return t.match.to_act()[0]

    def is_terminal(self) -> bool:
        return self.table.is_over()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self.table.choices(player))

    def _apply_action(self, action: int) -> None:
        self.table.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"dealer {action}" if self.table.dealer is None else f"deal {card_name(action)}"
        return ACTION_NAMES[action]

    def returns(self) -> list[float]:
        return self.table.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrucoState:
        """A state the seat cannot tell from this one: the hidden cards redrawn (``determinize.sample``)."""
        return self.resample(player_id, Random(int(probability_sampler() * 2**53)))

    def resample(self, seat: int, rng: Random) -> TrucoState:
        return TrucoState(self.get_game(), self.table.resample(seat, rng))

    def __str__(self) -> str:
        return str(self.table)


class TrucoObserver:
    """Observations from the engine's view of a seat (``truco.research.encoding``)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = INFO_STATE_SIZE if perfect_recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TrucoState, player: int) -> None:
        table = state.table
        if table.match is None:
            self.tensor.fill(0)
            return
        seen = view(table.match, player)
        if self.perfect_recall:
            information_state(seen, table.public, self.tensor)
        else:
            observation(seen, self.tensor)

    def string_from(self, state: TrucoState, player: int) -> str:
        table = state.table
        if table.match is None:
            return f"p{player} dealing"
        seen = view(table.match, player)
        if self.perfect_recall:
            return information_state_string(seen, table.public)
        return observation_string(seen)


pyspiel.register_game(_GAME_TYPE, TrucoGame)
