"""Refusals reveal nothing: whether an action a seat sends is refused, and the
message, depend only on what that seat knows (its view).

Two worlds that give a seat the same view (the real match and a determinization
drawn from that view) must answer every action the seat could send the same way.
"""

from __future__ import annotations

import json
import pickle
from random import Random

from engine_helpers import deal, new_match
from hypothesis import HealthCheck, given, settings
from test_properties import ANY_RULES, SCORES, SEEDS, random_play

from truco.engine import PLAY, Action, IllegalAction, Match, Rules, View, parse_card, view
from truco.engine.determinize import sample
from truco.engine.match import IRON, NO_DEAL, OVER


def every_action(seat: int) -> list[Action]:
    """Everything a seat could send: each of the 40 cards open and covered, each slot
    open and covered, a raise, an acceptance, a run."""
    out = [Action.play(seat, c, covered) for c in range(40) for covered in (False, True)]
    out += [Action(seat, PLAY, None, covered, slot) for slot in range(4) for covered in (False, True)]
    return [*out, Action.raise_(seat), Action.accept(seat), Action.run(seat)]


def answer(m: Match, action: Action) -> str | None:
    """How the engine answers ``action`` sent by its seat: None when applied, else the refusal."""
    world = m.copy()
    try:
        world.check_sent(action)
        world.apply(action)
    except IllegalAction as e:
        return str(e)
    return None


def check_same_view_same_answer(m: Match, rng: Random) -> int:
    """Compare every seat's answers in ``m`` and in a world drawn from its view; return the count."""
    if m.phase in (NO_DEAL, OVER):
        return 0
    compared = 0
    for seat in range(m.players):
        other = sample(view(m, seat), rng)
        assert view(other, seat) == view(m, seat)
        for action in every_action(seat):
            got, alt = answer(m, action), answer(other, action)
            assert got == alt, f"{action}: {got!r} here, {alt!r} in a world {seat} cannot tell apart"
            compared += 1
    return compared


def check_positions(rules: Rules, seed: int, score: tuple[int, int], rng_seed: int) -> None:
    m = Match(rules, seed=seed, score=score)
    rng = Random(rng_seed)
    compared = check_same_view_same_answer(m, rng)
    for i, _ in enumerate(random_play(m, rng, stop=60)):
        if i % 3 == 0:
            compared += check_same_view_same_answer(m, rng)
    assert compared


refusals = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@refusals
@given(SEEDS, SCORES, SEEDS)
def test_property_same_view_same_answer(seed, score, rng_seed):
    check_positions(Rules(), seed, score, rng_seed)


@refusals
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_property_same_view_same_answer_with_options(rules, seed, score, rng_seed):
    check_positions(rules, seed, score, rng_seed)


def iron_match() -> Match:
    """A mão de ferro: seat 0 leads, holding 3C 2C AC, and cannot see them."""
    return new_match(
        deal("4D", "3C 2C AC", "6C 6D 7C", "3S 2S AS", "6S 6H 7S"),
        deal("KS", "4C 5D QH", "7D AH 2D", "JS 3H 6C", "KC QD 4S"),
        score=(11, 11),
    )


def test_a_mao_de_ferro_gives_one_answer_for_every_card_named():
    m = iron_match()
    assert m.kind is IRON and m.to_act() == [0]
    answers = {answer(m, Action.play(0, c, covered)) for c in range(40) for covered in (False, True)}
    assert answers == {"in a mão de ferro nobody sees their own cards: a card is played by slot (0, 1 or 2)"}
    # the seat plays by slot; a record may still name the card
    assert answer(m, Action(0, PLAY, None, False, 0)) is None
    m.apply(Action.play(0, parse_card("2C")))  # as the engine's own record writes it
    assert m.trick[0].card == parse_card("2C")


def test_a_mao_de_ferro_refused_the_same_for_seats_not_to_act():
    m = iron_match()
    for seat in (1, 2, 3):
        answers = {answer(m, Action.play(seat, c)) for c in range(40)}
        assert len(answers) == 1


def roundtrip(v: View) -> View:
    return View.from_json(json.loads(json.dumps(v.to_json())))


def state(m: Match) -> tuple:
    views = [view(m, s).to_json() for s in range(m.players)] + [view(m).to_json()]
    return views, [list(h) for h in m.hands], m.to_act(), m.legal_actions(), m.phase, m.kind


@settings(max_examples=40, deadline=None)
@given(ANY_RULES, SEEDS, SCORES, SEEDS)
def test_a_view_through_json_determinizes_exactly_as_the_original(rules, seed, score, rng_seed):
    m = Match(rules, seed=seed, score=score)
    rng = Random(rng_seed)
    for _ in random_play(m, rng, stop=40):
        if m.phase in (NO_DEAL, OVER):
            break
        seat = rng.choice(m.to_act())
        v = view(m, seat)
        assert roundtrip(v) == v
        # a view holding plain strings, as one rebuilt by hand from JSON
        plain = v._replace(phase=v.phase.value, kind=v.kind.value)  # type: ignore[arg-type]
        draws = rng.getrandbits(32)
        guess = sample(v, Random(draws))
        assert state(sample(roundtrip(v), Random(draws))) == state(guess)
        assert state(sample(plain, Random(draws))) == state(guess)
        assert guess.legal_actions(seat) == m.legal_actions(seat) or m.kind is IRON


@settings(max_examples=20, deadline=None)
@given(ANY_RULES, SEEDS)
def test_a_view_pickles_for_a_bot_in_another_process(rules, seed):
    """The server's bots run in worker processes: a view (its rules included) survives pickling,
    also from the mypyc-compiled engine, whose frozen ``Rules`` cannot be rebuilt field by field."""
    v = view(Match(rules, seed=seed), 0)
    assert pickle.loads(pickle.dumps(v)) == v
    assert pickle.loads(pickle.dumps(rules)) == rules
