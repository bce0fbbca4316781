"""Properties of random legal play (hypothesis), under the default rules and under
random combinations of every option of issue 3 and both profiles (``players: 2``
and Mineiro included).

Each example plays one match from a random starting score with seeded deals,
choosing among the legal actions of a seat's view, and checks its property after
every action.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from random import Random

from engine_helpers import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from truco.engine import (
    OPTIONS,
    PROFILES,
    Action,
    Event,
    IllegalAction,
    Match,
    Rules,
    SeededDeals,
    card_name,
    event_to_json,
    load,
    replay,
    to_record,
    view,
)
from truco.engine.cards import DECKS
from truco.engine.events import CardPlayed, HandEnded, HandStarted, MatchEnded

DEFAULT = st.just(Rules())
ANY_RULES = st.builds(
    lambda profile, options: Rules.parse({"profile": profile, **options}),
    st.sampled_from(sorted(PROFILES)),
    st.fixed_dictionaries({name: st.sampled_from(values) for name, values in OPTIONS.items()}),
)
#: Starting scores, often near the end so that mãos de onze and de ferro are common.
SCORES = st.one_of(st.tuples(st.integers(0, 11), st.integers(0, 11)), st.tuples(st.integers(9, 11), st.integers(9, 11)))
SEEDS = st.integers(0, 2**32)
#: Stop after this many actions, or play the match to its end (None).
STOPS = st.one_of(st.none(), st.integers(1, 120))

quick = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
broad = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: A safety net: random play ends a match long before this many actions.
MAX_ACTIONS = 5000


def new_match(rules: Rules, seed: int, score: tuple[int, int]) -> tuple[Match, SeededDeals]:
    deals = SeededDeals(seed, rules.deck, rules.players)
    return Match(rules, deals=deals, first_dealer=deals.first_dealer, score=score), deals


def random_play(m: Match, rng: Random, stop: int | None = None) -> Iterator[tuple[Action, list[Event]]]:
    """Apply random legal actions, chosen from the acting seat's view, yielding
    each with its events. Plays are preferred so that hands last and covered
    cards are common."""
    while not m.is_over and m.to_act() and len(m.actions) < (stop or MAX_ACTIONS):
        seat = rng.choice(m.to_act())
        legal = view(m, seat).legal
        assert legal, f"seat {seat} may act but its view has no legal action"
        plays = [a for a in legal if a.type == "play"]
        action = rng.choice(plays if plays and rng.random() < 0.8 else legal)
        yield action, m.apply(action)


def cards_in(obj) -> set[str]:
    """Every card name anywhere in a JSON value."""
    if isinstance(obj, dict):
        return set().union(*map(cards_in, obj.values())) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*map(cards_in, obj)) if obj else set()
    return {obj} if isinstance(obj, str) and len(obj) == 2 and obj in ALL_NAMES else set()


ALL_NAMES = frozenset(card_name(c) for c in range(40))


def audiences(m: Match) -> dict[str, dict]:
    """The JSON view of every seat, both teams and a spectator, without its manilhas once checked: they
    name kinds of card (public: the rules and the vira say which), not cards in play."""
    out = {f"seat {s}": view(m, s).to_json() for s in range(m.players)}
    out |= {f"team {t}": view(m, team=t).to_json() for t in (0, 1)}
    out["spectator"] = view(m).to_json()
    for v in out.values():
        assert v["teams"] == [s % 2 for s in range(m.players)]  # the teams sit alternately
        assert v.pop("manilhas") == public_manilhas(m.rules, v["vira"])
    return out


def public_manilhas(rules: Rules, vira: str | None) -> list[str]:
    """The manilhas, strongest first, as the rules name them from the turned vira."""
    if rules.manilhas == "fixed":
        return ["4C", "7H", "AS", "7D"]
    if vira is None:
        return []
    ranks = "4567QJKA23" if rules.deck == "dirty" else "QJKA23"
    rank = ranks[(ranks.index(vira[0]) + 1) % len(ranks)]
    return [rank + suit for suit in "CHSD"]


class Knowledge:
    """What each audience may know of the current hand, kept from the deals and
    the public events: the vira, its own cards (none in a mão de ferro), the
    partner's in its team's mão de onze, every open card played, its own
    covered cards — nothing else."""

    def __init__(self, m: Match, deals: SeededDeals) -> None:
        self.m = m
        self.deals = deals
        self.start_hand()

    def start_hand(self) -> None:
        m = self.m
        deal = self.deals.get(m.hand_number)
        self.dealt = [{card_name(c) for c in h} for h in deal.hands]
        self.public = {card_name(deal.vira)}
        self.covered: dict[str, int] = {}  # covered card -> its owner
        self.seats = []
        for s in range(m.players):
            known = set(self.public)
            if m.kind != "mao_de_ferro":
                known |= self.dealt[s]
                if m.kind == "mao_de_onze" and m.players == 4 and s % 2 == view(m).eleven_team:
                    known |= self.dealt[(s + 2) % 4]
            self.seats.append(known)
        eleven = view(m).eleven_team if m.kind == "mao_de_onze" and m.players == 4 else None
        self.teams = [set(self.public) | (self.dealt[t] | self.dealt[t + 2] if t == eleven else set()) for t in (0, 1)]

    def update(self, action: Action, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                self.start_hand()
            elif isinstance(e, CardPlayed) and e.card is not None:
                name = card_name(e.card)
                self.public.add(name)
                for known in (*self.seats, *self.teams):
                    known.add(name)
        # a covered card that ended its hand belongs to no current hand any more
        if action.type == "play" and action.covered and not any(isinstance(e, HandStarted) for e in events):
            self.covered[card_name(action.card)] = action.seat

    def allowed(self, audience: str) -> set[str]:
        kind, _, who = audience.partition(" ")
        if kind == "seat":
            return self.seats[int(who)]
        if kind == "team":
            return self.teams[int(who)]
        return self.public


# Every hand uses distinct cards of the deck in use ---------------------------------


def check_distinct_cards(rules: Rules, seed: int, score, rng_seed: int) -> None:
    m, _ = new_match(rules, seed, score)
    deck = {card_name(c) for c in DECKS[rules.deck]}
    for _ in random_play(m, Random(rng_seed)):
        pass
    record = to_record(m)
    assert len(record["deals"]) == m.hand_number + 1
    for d in record["deals"]:
        assert len(d["hands"]) == rules.players and all(len(h) == 3 for h in d["hands"])
        dealt = [d["vira"], *(c for h in d["hands"] for c in h)]
        assert len(set(dealt)) == len(dealt) == 3 * rules.players + 1
        assert set(dealt) <= deck


@quick
@given(SEEDS, SCORES, SEEDS)
def test_property_every_hand_uses_distinct_cards_of_the_deck(seed, score, rng_seed):
    check_distinct_cards(Rules(), seed, score, rng_seed)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_property_every_hand_uses_distinct_cards_of_the_deck_with_options(rules, seed, score, rng_seed):
    check_distinct_cards(rules, seed, score, rng_seed)


# The score never passes 12; the match ends exactly when a team reaches 12 ----------


def check_score(rules: Rules, seed: int, score, rng_seed: int) -> None:
    m, _ = new_match(rules, seed, score)
    before = list(score)
    ended = []
    for _, events in random_play(m, Random(rng_seed)):
        assert all(0 <= s <= 12 for s in m.score)
        assert all(a >= b for a, b in zip(m.score, before, strict=True))
        before = list(m.score)
        ended += [e for e in events if isinstance(e, MatchEnded)]
        assert m.is_over == (12 in m.score) == bool(ended)
        for e in events:
            if isinstance(e, HandEnded):
                assert list(e.score) == m.score
    assert m.is_over, "random play should end the match"
    assert m.score.count(12) == 1 and m.winner == m.score.index(12)
    assert ended == [MatchEnded(m.winner, tuple(m.score))]
    assert m.to_act() == [] and not any(m.legal_actions(s) for s in range(m.players))


@quick
@given(SEEDS, SCORES, SEEDS)
def test_property_score_never_passes_12_and_the_match_ends_exactly_at_12(seed, score, rng_seed):
    check_score(Rules(), seed, score, rng_seed)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_property_score_never_passes_12_and_the_match_ends_exactly_at_12_with_options(rules, seed, score, rng_seed):
    check_score(rules, seed, score, rng_seed)


# A view holds only what its audience may know; covered cards are nowhere -------------


def check_views(rules: Rules, seed: int, score, rng_seed: int) -> None:
    m, deals = new_match(rules, seed, score)
    knowledge = Knowledge(m, deals)
    check_views_now(m, knowledge)
    for action, events in random_play(m, Random(rng_seed)):
        knowledge.update(action, events)
        check_views_now(m, knowledge)


def check_views_now(m: Match, knowledge: Knowledge) -> None:
    for audience, v in audiences(m).items():
        seen = cards_in(v)
        assert seen <= knowledge.allowed(audience), f"{audience} sees {seen - knowledge.allowed(audience)}"
        if audience.startswith("seat"):
            seat = int(audience[5:])
            remaining = knowledge.dealt[seat] - knowledge.public - set(knowledge.covered)
            if m.kind == "mao_de_ferro":
                assert v["hand"] == [] and v["blind"] == len(remaining)
                assert all("card" not in a for a in v["legal"])
            else:
                assert set(v["hand"]) == remaining and v["blind"] == 0
            assert set(v["own_covered"]) == {c for c, s in knowledge.covered.items() if s == seat}


def check_covered(rules: Rules, seed: int, score, rng_seed: int) -> None:
    m, deals = new_match(rules, seed, score)
    knowledge = Knowledge(m, deals)
    covered_plays = 0
    for action, events in random_play(m, Random(rng_seed)):
        # the events of the hand the card was covered in, up to its end
        hand_events = events[: next((i for i, e in enumerate(events) if isinstance(e, HandEnded)), len(events)) + 1]
        named = {str(e.get("card")) for e in map(event_to_json, hand_events)} | {
            str(e.get("vira")) for e in map(event_to_json, hand_events)
        }
        if action.type == "play" and action.covered:
            covered_plays += 1
            assert events[0] == CardPlayed(action.seat, None, True)
        hidden = dict(knowledge.covered)
        if action.type == "play" and action.covered:
            hidden[card_name(action.card)] = action.seat
        assert not named & set(hidden), f"an event names a covered card: {named & set(hidden)}"
        knowledge.update(action, events)
        if any(isinstance(e, HandStarted) for e in events):
            continue
        for audience, v in audiences(m).items():
            for card, owner in knowledge.covered.items():
                if audience == f"seat {owner}":
                    assert card not in cards_in({k: x for k, x in v.items() if k != "own_covered"})
                else:
                    assert card not in cards_in(v), f"{audience} sees the covered {card}"
            on_table = [*v["tricks"], v["trick"]]
            covered_on_table = sum(p["covered"] for t in on_table for p in t)
            assert covered_on_table == sum(p["card"] is None for t in on_table for p in t)
            assert covered_on_table == len(knowledge.covered)
    public = to_record(m, hidden=False)
    assert all("hands" not in d for d in public["deals"])
    covered_actions = [a for a in public["actions"] if a.get("covered")]
    assert len(covered_actions) == sum(a.covered for a in m.actions)
    assert all("card" not in a and "slot" not in a for a in covered_actions)


@quick
@given(SEEDS, SCORES, SEEDS)
def test_property_a_view_holds_only_what_its_audience_may_know(seed, score, rng_seed):
    check_views(Rules(), seed, score, rng_seed)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_property_a_view_holds_only_what_its_audience_may_know_with_options(rules, seed, score, rng_seed):
    check_views(rules, seed, score, rng_seed)


@quick
@given(SEEDS, SCORES, SEEDS)
def test_property_a_covered_card_is_in_no_view_no_event_and_no_public_record(seed, score, rng_seed):
    check_covered(Rules(), seed, score, rng_seed)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_property_a_covered_card_is_in_no_view_no_event_and_no_public_record_with_options(rules, seed, score, rng_seed):
    check_covered(rules, seed, score, rng_seed)


# Replaying the record of a match gives the same match --------------------------------


def check_replay(rules: Rules, seed: int, score, rng_seed: int, stop: int | None) -> None:
    m, _ = new_match(rules, seed, score)
    for _ in random_play(m, Random(rng_seed), stop):
        pass
    record = json.loads(json.dumps(to_record(m)))
    again, actions = load(record)
    for action in actions:
        again.apply(action)
    assert again.actions == m.actions and again.results == m.results
    assert (again.score, again.winner, again.phase, again.to_act()) == (m.score, m.winner, m.phase, m.to_act())
    assert audiences(again) == audiences(m)
    assert to_record(again) == record
    out = replay(record)
    assert "error" not in out
    assert out["score"] == m.score and out["winner"] == m.winner and out["to_act"] == sorted(m.to_act())
    assert [(h["dealer"], h["winner"], h["points"], tuple(h["tricks"])) for h in out["hands"]] == [
        (r.dealer, r.winner, r.points, r.tricks) for r in m.results
    ]


@quick
@given(SEEDS, SCORES, SEEDS, STOPS)
def test_property_replaying_the_record_of_a_match_gives_the_same_match(seed, score, rng_seed, stop):
    check_replay(Rules(), seed, score, rng_seed, stop)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS, STOPS)
def test_property_replaying_the_record_of_a_match_gives_the_same_match_with_options(rules, seed, score, rng_seed, stop):
    check_replay(rules, seed, score, rng_seed, stop)


# Every illegal action is refused and changes nothing -----------------------------------


def random_action(m: Match, rng: Random) -> Action:
    """Any action at all: any seat (a few outside the table), type, card and flags."""
    seat = rng.choice([*range(m.players), *m.to_act(), *m.to_act(), -1, m.players])
    kind = rng.choice(["play", "play", "play", "raise", "accept", "run"])
    card = rng.randrange(40) if kind == "play" or rng.random() < 0.1 else None
    covered = rng.random() < 0.3
    slot = rng.randrange(4) if kind == "play" and rng.random() < 0.3 else None
    if slot is not None:
        card = None
    return Action(seat, kind, card, covered, slot)


def is_legal(m: Match, action: Action) -> bool:
    if not 0 <= action.seat < m.players:
        return False
    if action.slot is not None:
        return action in view(m, action.seat).legal
    return action in m.legal_actions(action.seat)


def check_illegal(rules: Rules, seed: int, score, rng_seed: int) -> None:
    m, _ = new_match(rules, seed, score)
    rng = Random(rng_seed)
    refused = 0

    def try_illegal() -> None:
        nonlocal refused
        before = snapshot(m)
        for _ in range(3):
            action = random_action(m, rng)
            if is_legal(m, action):
                continue
            try:
                m.apply(action)
            except IllegalAction as e:
                assert str(e), "an illegal action needs a message"
            else:
                raise AssertionError(f"{action} was applied, but it is not among the legal actions")
            assert snapshot(m) == before, f"refusing {action} changed the match"
            refused += 1

    try_illegal()
    for _ in random_play(m, rng):
        try_illegal()
        check_legal_actions_apply(m)
    try_illegal()  # the match is over: everything is illegal
    assert refused


def check_legal_actions_apply(m: Match) -> None:
    """A seat's view lists exactly its legal actions, and each of them is accepted."""
    for seat in range(m.players):
        v = view(m, seat)
        legal = list(m.legal_actions(seat))
        if m.kind == "mao_de_ferro":
            plays = [a for a in legal if a.type == "play"]
            assert [a for a in v.legal if a.type == "play"] == [Action.play_blind(seat, i) for i in range(len(plays))]
            assert [a for a in v.legal if a.type != "play"] == [a for a in legal if a.type != "play"]
        else:
            assert list(v.legal) == legal
        assert bool(v.legal) == (seat in m.to_act())
        for action in v.legal:
            m.copy().apply(action)


@quick
@given(SEEDS, SCORES, SEEDS)
def test_property_every_illegal_action_is_refused_and_every_legal_one_accepted(seed, score, rng_seed):
    check_illegal(Rules(), seed, score, rng_seed)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_property_every_illegal_action_is_refused_and_every_legal_one_accepted_with_options(
    rules, seed, score, rng_seed
):
    check_illegal(rules, seed, score, rng_seed)


def test_property_strategies_cover_every_option_value():
    """The random rules reach every value of every option and both profiles."""
    seen = {name: set() for name in OPTIONS}
    profiles = set()

    @settings(max_examples=200, deadline=None)
    @given(ANY_RULES)
    def collect(rules: Rules) -> None:
        profiles.add(rules.profile)
        for name in OPTIONS:
            seen[name].add(getattr(rules, name))

    collect()
    assert profiles == set(PROFILES)
    assert all(seen[name] == set(values) for name, values in OPTIONS.items())


# A copy is independent of its match -----------------------------------------------------------


def check_copy(rules: Rules, seed: int, score, rng_seed: int, stop: int | None) -> None:
    m, _ = new_match(rules, seed, score)
    for _ in random_play(m, Random(rng_seed), stop):
        pass
    before = snapshot(m)
    twin = m.copy()
    assert snapshot(twin) == before
    for _ in random_play(twin, Random(rng_seed + 1)):
        pass
    assert snapshot(m) == before, "playing a copy changed its match"
    fresh, actions = load(to_record(m))
    for action in actions:
        fresh.apply(action)
    assert snapshot(fresh) == before
    for _ in random_play(m, Random(rng_seed + 1)):
        pass
    assert snapshot(m) == snapshot(twin) and m.results == twin.results and m.actions == twin.actions


@quick
@given(SEEDS, SCORES, SEEDS, STOPS)
def test_property_a_copy_plays_on_independently_and_the_same(seed, score, rng_seed, stop):
    check_copy(Rules(), seed, score, rng_seed, stop)


@broad
@given(ANY_RULES, SEEDS, SCORES, SEEDS, STOPS)
def test_property_a_copy_plays_on_independently_and_the_same_with_options(rules, seed, score, rng_seed, stop):
    check_copy(rules, seed, score, rng_seed, stop)
