"""Helpers of the engine tests: cards by name, explicit deals and quick plays.

Most tests use ``first_dealer=3`` so that seat 0 leads the first hand and the
play goes 0, 1, 2, 3 (team 0 is seats 0 and 2, team 1 seats 1 and 3).

>>> cards("4C 3D")
(3, 36)
"""

from __future__ import annotations

from truco.engine import Action, Deal, Event, ExplicitDeals, Match, Rules, event_to_json, parse_card, view


def cards(names: str) -> tuple[int, ...]:
    return tuple(parse_card(n) for n in names.split())


def deal(vira: str, *hands: str) -> Deal:
    """``deal("4D", "3C 3D 4C", ...)``: the vira, then one hand per seat, seat 0 first."""
    return Deal(parse_card(vira), tuple(cards(h) for h in hands))


def new_match(*deals: Deal, rules: Rules | None = None, first_dealer: int = 3, score=(0, 0)) -> Match:
    return Match(rules or Rules(), deals=ExplicitDeals(list(deals)), first_dealer=first_dealer, score=score)


def play(m: Match, names: str) -> list[Event]:
    """The seat whose turn it is plays each named card in turn; ``~`` before a name plays it covered."""
    events: list[Event] = []
    for name in names.split():
        covered = name.startswith("~")
        events += m.apply(Action.play(m.turn, parse_card(name.lstrip("~")), covered=covered))
    return events


def ask(m: Match) -> list[Event]:
    """The seat whose turn it is asks for the next value."""
    return m.apply(Action.raise_(m.turn))


def answer(m: Match, seat: int, word: str) -> list[Event]:
    """``word`` is "accept", "run" or "raise"."""
    return m.apply(Action(seat, word))


def snapshot(m: Match) -> tuple:
    """Everything any audience can see of a match, to check it did not change."""
    views = [view(m).to_json()] + [view(m, s).to_json() for s in range(m.players)]
    views += [view(m, team=t).to_json() for t in (0, 1)]
    return views, list(m.score), len(m.actions), m.to_act(), [tuple(r) for r in m.results], m.winner


def event_cards(events: list[Event]) -> set[str]:
    """Every card named by a list of events, as record names."""
    return {str(e.get(k)) for e in map(event_to_json, events) for k in ("card", "vira") if e.get(k) is not None}
