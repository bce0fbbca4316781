"""Perft: the number of sequences of exactly ``depth`` legal actions.

Every legal (seat, action) pair is a branch: a card played open and the same
card covered are two, the two answers to a raise are separate branches in
either order. It checks legal-action generation exhaustively, and times it.

>>> from truco.engine import Match
>>> m = Match(seed=1)
>>> [perft(m, d) for d in range(3)]  # first trick: 3 cards or truco, then...
[1, 4, 18]
"""

from __future__ import annotations

from truco.engine.actions import Action
from truco.engine.match import Match


def perft(match: Match, depth: int) -> int:
    """Count the action sequences of length ``depth`` from ``match`` (left unchanged)."""
    if depth == 0:
        return 1
    actions = match.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = match.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def divide(match: Match, depth: int) -> list[tuple[Action, int]]:
    """The perft count under each first action."""
    out = []
    for action in match.legal_actions():
        child = match.copy()
        child.apply(action)
        out.append((action, perft(child, depth - 1)))
    return out
