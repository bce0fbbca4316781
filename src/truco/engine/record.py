"""The game record format (``docs/record-format.md``) and its replay.

>>> rec = {"first_dealer": 0, "seed": 5, "actions": []}
>>> replay(rec)["to_act"]
[1]
"""

from __future__ import annotations

from typing import Any

from truco.engine.actions import ACTION_TYPES, PLAY, Action
from truco.engine.cards import DECKS, card_name, parse_card
from truco.engine.deals import Deal, ExplicitDeals, SeededDeals, seed_bytes
from truco.engine.match import IllegalAction, Match
from truco.engine.rules import Rules, RulesError


class RecordError(ValueError):
    """The input is not a readable record (replay exit status 2)."""


def _seat(value: Any, players: int, where: str) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise RecordError(f"{where}: {value!r} is not a seat of a table of {players} (0..{players - 1})")
    return value


def _card(value: Any, deck: str, where: str) -> int:
    try:
        card = parse_card(value)
    except ValueError as e:
        raise RecordError(f"{where}: {e}") from None
    if card not in DECKS[deck]:
        raise RecordError(f"{where}: {value} is not in the {deck} deck")
    return card


def parse_deal(obj: Any, rules: Rules, where: str) -> Deal:
    if not isinstance(obj, dict) or "vira" not in obj or "hands" not in obj:
        raise RecordError(f'{where}: a deal is {{"vira": CARD, "hands": [[CARD, CARD, CARD], ...]}}')
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != rules.players:
        raise RecordError(f"{where}: a deal needs {rules.players} hands, one per seat")
    for i, h in enumerate(hands):
        if not isinstance(h, list) or len(h) != 3:
            raise RecordError(f"{where}: hand {i} must have exactly 3 cards")
    vira = _card(obj["vira"], rules.deck, f"{where}.vira")
    cards = tuple(tuple(_card(c, rules.deck, f"{where}.hands[{i}]") for c in h) for i, h in enumerate(hands))
    every = [vira, *(c for h in cards for c in h)]
    if len(set(every)) != len(every):
        repeated = sorted({card_name(c) for c in every if every.count(c) > 1})
        raise RecordError(f"{where}: card dealt twice: {', '.join(repeated)}")
    return Deal(vira, cards)


def parse_action(obj: Any, rules: Rules, where: str) -> Action:
    if not isinstance(obj, dict):
        raise RecordError(f'{where}: an action is an object {{"seat": N, "type": T, ...}}')
    seat = _seat(obj.get("seat"), rules.players, f"{where}.seat")
    kind = obj.get("type")
    if kind not in ACTION_TYPES:
        raise RecordError(f"{where}: unknown action type {kind!r} (known: {', '.join(ACTION_TYPES)})")
    if kind != PLAY:
        return Action(seat, kind)
    covered = obj.get("covered", False)
    if not isinstance(covered, bool):
        raise RecordError(f"{where}.covered must be true or false")
    if "slot" in obj and "card" not in obj:
        slot = obj["slot"]
        if type(slot) is not int or not 0 <= slot < 3:
            raise RecordError(f"{where}.slot must be 0, 1 or 2")
        return Action(seat, PLAY, None, covered, slot)
    return Action(seat, PLAY, _card(obj.get("card"), rules.deck, f"{where}.card"), covered)


def load(record: Any) -> tuple[Match, list[Action]]:
    """A new match at the record's start, and its actions, parsed but not applied."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    unknown = set(record) - {"rules", "first_dealer", "score", "deals", "seed", "actions"}
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(sorted(unknown))}")
    try:
        rules = Rules.parse(record.get("rules"))
    except (RulesError, TypeError) as e:
        raise RecordError(f"rules: {e}") from None
    score = record.get("score", [0, 0])
    if not (isinstance(score, list) and len(score) == 2 and all(type(s) is int and 0 <= s < 12 for s in score)):
        raise RecordError("score must be [team0, team1], each 0..11")
    if ("deals" in record) == ("seed" in record):
        raise RecordError('a record has either "deals" or "seed"')
    if "seed" in record:
        try:
            seed_bytes(record["seed"])
        except ValueError as e:
            raise RecordError(f"seed: {e}") from None
        deals: Any = SeededDeals(record["seed"], rules.deck, rules.players)
    else:
        if not isinstance(record["deals"], list):
            raise RecordError("deals must be a list")
        deals = ExplicitDeals([parse_deal(d, rules, f"deals[{i}]") for i, d in enumerate(record["deals"])])
    first = record.get("first_dealer")
    if first is None and "seed" not in record:
        raise RecordError("first_dealer is required with explicit deals")
    if first is not None:
        first = _seat(first, rules.players, "first_dealer")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    parsed = [parse_action(a, rules, f"actions[{i}]") for i, a in enumerate(actions)]
    return Match(rules, deals=deals, first_dealer=first, score=(score[0], score[1])), parsed


def summary(match: Match) -> dict[str, Any]:
    """The replay output for a match as it stands."""
    return {
        "score": list(match.score),
        "winner": match.winner,
        "hands": [
            {"dealer": r.dealer, "winner": r.winner, "points": r.points, "tricks": list(r.tricks)}
            for r in match.results
        ],
        "to_act": sorted(match.to_act()),
    }


def replay(record: Any) -> dict[str, Any]:
    """Apply a record's actions in order; stop at the first illegal one and
    report it under ``"error"``. Raises ``RecordError`` for an unreadable record."""
    match, actions = load(record)
    for i, action in enumerate(actions):
        try:
            match.apply(action)
        except IllegalAction as e:
            return {**summary(match), "error": {"action": i, "message": str(e)}}
    return summary(match)


def to_record(match: Match, *, hidden: bool = True) -> dict[str, Any]:
    """The record of a match as played. With ``hidden=False`` it holds no
    hidden information: each deal keeps only its vira, and covered plays lose
    their card, so only cards shown to every player remain. Such a record tells
    what happened but cannot be replayed."""
    rules = match.rules.to_json()
    out: dict[str, Any] = {
        "rules": rules if len(rules) > 1 else rules["profile"],
        "first_dealer": match.first_dealer,
        "score": list(match.start_score),
    }
    dealt = [match.deals.get(k) for k in range(match.hand_number + 1)]
    if hidden:
        out["deals"] = [
            {"vira": card_name(d.vira), "hands": [[card_name(c) for c in h] for h in d.hands]} for d in dealt if d
        ]
        out["actions"] = [a.to_json() for a in match.actions]
    else:
        out["deals"] = [{"vira": card_name(d.vira)} for d in dealt if d]
        out["actions"] = [
            {"seat": a.seat, "type": PLAY, "covered": True} if a.covered else a.to_json() for a in match.actions
        ]
    return out
