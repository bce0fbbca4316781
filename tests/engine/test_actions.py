"""Actions built by hand through the Python API with values of the wrong type.

``Action`` is a NamedTuple, so ``Action(0, "play", 13.0)`` equals the legal
``Action(0, "play", 13)`` and ``Action(True, "raise")`` equals
``Action(1, "raise")``. ``Match.apply`` must either refuse such an action with
``IllegalAction``, leaving the match unchanged, or apply it as the well-formed
action it equals; it must never crash half-way nor let a float or a bool leak
into events, views and records.
"""

from __future__ import annotations

import json

import pytest
from engine_helpers import snapshot

from truco.engine import Action, IllegalAction, Match, Rules, event_to_json, load, to_record, view


def apply_or_refuse(m: Match, odd: Action, proper: Action) -> None:
    before = snapshot(m)
    try:
        events = m.apply(odd)
    except IllegalAction:
        assert snapshot(m) == before
        return
    twin = Match(Rules(), seed=1)
    assert [json.dumps(event_to_json(e)) for e in events] == [json.dumps(event_to_json(e)) for e in twin.apply(proper)]
    assert snapshot(m) == snapshot(twin)
    again, actions = load(json.loads(json.dumps(to_record(m))))
    for action in actions:
        again.apply(action)
    assert snapshot(again) == snapshot(m)


def test_a_card_given_as_a_float_is_refused_or_applied_as_the_card():
    m = Match(Rules(), seed=1)
    seat = m.turn
    card = view(m, seat).hand[0]
    apply_or_refuse(m, Action(seat, "play", float(card)), Action.play(seat, card))


def test_a_seat_given_as_a_float_is_refused_or_applied_as_the_seat():
    m = Match(Rules(), seed=1)
    seat = m.turn
    apply_or_refuse(m, Action(float(seat), "raise"), Action.raise_(seat))


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_given_as_a_bool_is_refused_or_applied_as_the_seat(seat):
    m = Match(Rules(), seed=1)  # seat 2 leads
    while m.turn != seat:
        m.apply(Action.play(m.turn, view(m, m.turn).hand[0]))
    before = snapshot(m)
    try:
        events = m.apply(Action(bool(seat), "raise"))
    except IllegalAction:
        assert snapshot(m) == before
        return
    assert all(type(e.seat) is int for e in events)
    assert all(type(s) is int for s in view(m).to_json()["pending"]["waiting"])
    load(json.loads(json.dumps(to_record(m))))  # the record of the match stays readable


def test_covered_given_as_an_int_is_refused_or_applied_as_a_bool():
    m = Match(Rules(), seed=1)
    seat = m.turn
    card = view(m, seat).hand[0]
    apply_or_refuse(m, Action(seat, "play", card, 0), Action.play(seat, card))
