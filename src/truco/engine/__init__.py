"""The rules engine of Truco Paulista: pure, deterministic, no I/O.

>>> from truco.engine import Match, Rules, view
>>> m = Match(Rules(), seed=42)
>>> seat = m.to_act()[0]
>>> v = view(m, seat)
>>> m.apply(v.legal[0])[0].seat == seat
True
"""

from truco.engine.actions import ACCEPT, PLAY, RAISE, RUN, Action
from truco.engine.cards import Card, card_label, card_name, parse_card
from truco.engine.deals import Deal, ExplicitDeals, RandomDeals, SeededDeals
from truco.engine.events import Event, event_to_json
from truco.engine.match import ELEVEN, IRON, NORMAL, HandResult, IllegalAction, Match, hand_winner
from truco.engine.record import RecordError, load, parse_action, replay, to_record
from truco.engine.rules import OPTIONS, PROFILES, Rules, RulesError
from truco.engine.states import Kind, Phase
from truco.engine.views import View, view

__all__ = [
    "ACCEPT", "ELEVEN", "IRON", "NORMAL", "OPTIONS", "PLAY", "PROFILES", "RAISE", "RUN",
    "Action", "Card", "Deal", "Event", "ExplicitDeals", "HandResult", "IllegalAction", "Kind", "Match", "Phase",
    "RandomDeals", "RecordError", "Rules", "RulesError", "SeededDeals", "View",
    "card_label", "card_name", "event_to_json", "hand_winner", "load", "parse_action", "parse_card", "replay",
    "to_record", "view",
]  # fmt: skip
