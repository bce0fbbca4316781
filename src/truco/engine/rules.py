"""The rules of a table: a profile (``paulista`` or ``mineiro``) and named options.

Every option's first value is the game help's rule (seed 000); the others come
from the house rules of the other seeds (see ``docs/rules.md``).

>>> Rules().ladder
(1, 3, 6, 9, 12)
>>> Rules.parse({"profile": "mineiro", "players": 2}).manilhas
'fixed'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

#: option -> allowed values, the default first.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "players": (4, 2),
    "manilhas": ("vira", "fixed"),
    "deck": ("dirty", "clean"),
    "covered": ("from_second_trick", "not_when_leading"),
    "canga": (False, True),
    "answer": ("both", "next"),
    "eleven_decision": ("either", "first"),
    "truco_in_eleven": ("forbidden", "loses_match"),
    "all_tied": ("nobody", "dealer_team"),
    "rotation": ("clockwise", "counterclockwise"),
    "tied_trick_leader": ("first_tied_card", "trick_leader"),
}

#: What each profile changes from the option defaults, and its scoring.
PROFILES: dict[str, dict[str, Any]] = {
    "paulista": {"options": {}, "ladder": (1, 3, 6, 9, 12), "special_score": 11, "flee_points": 1, "special_value": 3},
    "mineiro": {
        "options": {"manilhas": "fixed"},
        "ladder": (2, 4, 6, 10, 12),
        "special_score": 10,
        "flee_points": 2,
        "special_value": 4,
    },
}

TARGET_SCORE = 12


class RulesError(ValueError):
    """A rules object names an unknown profile or option, or an impossible value."""


def _check_option(name: str, value: object) -> None:
    allowed = OPTIONS[name]
    if not any(value == a and type(value) is type(a) for a in allowed):
        raise RulesError(f"option {name!r} cannot be {value!r} (allowed: {', '.join(map(repr, allowed))})")


@dataclass(frozen=True, slots=True)
class Rules:
    """A table's rules. Build with ``Rules()`` (the game help) or ``Rules.parse``."""

    profile: str = "paulista"
    players: int = 4
    manilhas: str = "vira"
    deck: str = "dirty"
    covered: str = "from_second_trick"
    canga: bool = False
    answer: str = "both"
    eleven_decision: str = "either"
    truco_in_eleven: str = "forbidden"
    all_tied: str = "nobody"
    rotation: str = "clockwise"
    tied_trick_leader: str = "first_tied_card"
    #: hand values from the start of a hand: truco, seis, nove, doze (or Mineiro's).
    ladder: tuple[int, ...] = field(init=False)
    #: the score that makes a mão de onze (10 in Mineiro).
    special_score: int = field(init=False)
    flee_points: int = field(init=False)
    special_value: int = field(init=False)

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise RulesError(f"unknown profile {self.profile!r} (known: {', '.join(PROFILES)})")
        for name in OPTIONS:
            _check_option(name, getattr(self, name))
        profile = PROFILES[self.profile]
        for key in ("ladder", "special_score", "flee_points", "special_value"):
            object.__setattr__(self, key, profile[key])

    @classmethod
    def parse(cls, spec: str | dict[str, Any] | None) -> Rules:
        """Rules from a record's ``"rules"``: a profile name or ``{"profile": ..., option: value}``."""
        if spec is None:
            return cls()
        if isinstance(spec, str):
            spec = {"profile": spec}
        if not isinstance(spec, dict):
            raise RulesError(f"rules must be a profile name or an object, not {spec!r}")
        spec = dict(spec)
        profile = spec.pop("profile", "paulista")
        if profile not in PROFILES:
            raise RulesError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
        for name, value in spec.items():
            if name not in OPTIONS:
                raise RulesError(f"unknown rule option {name!r} (known: {', '.join(OPTIONS)})")
            _check_option(name, value)
        return cls(profile=profile, **{**PROFILES[profile]["options"], **spec})

    def to_json(self) -> dict[str, Any]:
        """The rules as a record's ``"rules"`` object, naming only what differs from the profile."""
        return dict(_rules_json(self))

    @property
    def base_value(self) -> int:
        return self.ladder[0]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its record form (a view travels to a bot in another process); the
        mypyc-compiled class cannot be rebuilt field by field, being frozen."""
        return (Rules.parse, (self.to_json(),))


@cache
def _rules_json(rules: Rules) -> dict[str, Any]:
    # Every view embeds its rules, and a server builds several views per action.
    defaults = Rules.parse(rules.profile)
    data = asdict(rules)
    out: dict[str, Any] = {"profile": rules.profile}
    out.update({k: data[k] for k in OPTIONS if data[k] != getattr(defaults, k)})
    return out
