"""The search bots' inner loop: the quick players that roll a draw's hand out (``greedy``, ``search1``'s;
``low_leads``, ``search``'s; ``rollout``)
and our hand-strength measure in a draw (``seat_chance``).

A regular install compiles this module with mypyc, with ``truco.bots.knowledge`` (``setup.py``): the
search bots spend most of their time here.

>>> from truco.engine import Match
>>> m = Match(seed=3)
>>> 0.0 <= seat_chance(m, 0) <= 1.0
True
>>> rollout(m.copy(), m.strength, [], [], []) in (0, 1, None)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from truco.bots.knowledge import Knowledge
from truco.engine import ACCEPT, PLAY, Action, Match, Phase, view
from truco.engine.cards import COVERED_STRENGTH
from truco.engine.events import CardPlayed, Event, HandEnded, TrickEnded


def seat_chance(match: Match, seat: int) -> float:
    """Our hand-strength measure from ``seat``'s point of view in a draw."""
    return Knowledge(view(match, seat)).win_chance()


#: A quick player: (seat, legal, table, strength, won, opponents_after, team_of) -> the card play it makes
QuickPlayer = Callable[
    [int, Sequence[Action], list[tuple[int, int]], tuple[int, ...], list[int | None], int, Callable[[int], int]], Action
]


def rollout(
    g: Match,
    strength: tuple[int, ...],
    table: list[tuple[int, int]],
    won: list[int | None],
    events: list[Event],
    player: QuickPlayer | None = None,
) -> int | None:
    """Play the hand out with a quick ``player`` (``greedy`` unless told) from the trick ``table`` (seat,
    strength) and the tricks ``won``, after ``events``; the winning team (None: nobody)."""
    play = greedy if player is None else player
    players = g.players
    while True:
        for e in events:
            if isinstance(e, HandEnded):
                return e.winner
            if isinstance(e, TrickEnded):
                table = []
                won.append(e.winner)
            elif isinstance(e, CardPlayed):
                table.append((e.seat, COVERED_STRENGTH if e.covered or e.card is None else strength[e.card]))
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        if g.phase != Phase.PLAYING:
            action = next(a for a in legal if a.type == ACCEPT)
        else:
            action = play(seat, legal, table, strength, won, (players - len(table)) // 2, g.team_of)
        events = g.apply(action)


def greedy(
    seat: int,
    legal: Sequence[Action],
    table: list[tuple[int, int]],
    strength: tuple[int, ...],
    won: list[int | None],
    opponents_after: int,
    team_of: Callable[[int], int],
) -> Action:
    """A quick card choice in the spirit of the heuristic bot, from the cards on the table and one's own."""
    # (strength, play) of the open plays, weakest first (in legal order among equals)
    opened = sorted(
        [(strength[a.card], a) for a in legal if a.type == PLAY and not a.covered and a.card is not None],
        key=itemgetter(0),
    )
    team = team_of(seat)
    if not table:
        if not won and len(opened) > 1 and opened[-1][0] >= 10 and opened[-2][0] >= 7:
            return opened[-2][1]
        if won and won[0] == team and opened[-1][0] < 7:
            return opened[0][1]
        return opened[-1][1]
    best = max(s for _, s in table)
    top = [p for p, s in table if s == best]
    if best >= 0 and all(team_of(p) == team for p in top):
        return opened[0][1]
    beaters = [(s, a) for s, a in opened if s > best]
    if beaters:
        if not opponents_after:
            return beaters[0][1]
        return next((a for s, a in beaters if s >= 7), beaters[-1][1])
    if won and won[0] == team and best >= 0:
        tying = [a for s, a in opened if s == best]
        if tying:
            return tying[0]
    return opened[0][1]


def low_leads(
    seat: int,
    legal: Sequence[Action],
    table: list[tuple[int, int]],
    strength: tuple[int, ...],
    won: list[int | None],
    opponents_after: int,
    team_of: Callable[[int], int],
) -> Action:
    """``greedy``, but as ``search`` itself plays: it leads the first trick, and the next one after its team won
    the first, with its weakest card (the partner may still take the trick, and the strong cards are kept for
    the tricks that decide), and where taking the trick wins the hand (its team won the first) with an opponent
    still to play and the trick not its partner's, it takes it with its strongest card. Played against
    ``greedy``, that first lead alone wins 52.9 % of hands, ``low_leads`` 53.2 % (``bench/card_play.py``)."""
    team = team_of(seat)
    opened = [a for a in legal if a.type == PLAY and not a.covered and a.card is not None]
    if not table:
        if not won or won[0] == team:
            return min(opened, key=lambda a: strength[a.card] if a.card is not None else 0)
    elif won and won[0] == team and opponents_after:
        best = max(s for _, s in table)
        if best < 0 or any(team_of(p) != team for p, s in table if s == best):
            beaters = [a for a in opened if a.card is not None and strength[a.card] > best]
            if beaters:
                return max(beaters, key=lambda a: strength[a.card] if a.card is not None else 0)
    return greedy(seat, legal, table, strength, won, opponents_after, team_of)
