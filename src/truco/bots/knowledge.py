"""What a bot can work out from a seat's view: card strengths, the cards it
has not seen, the state of the trick, a hand-strength estimate and the value
of a score.

Everything here reads a ``View`` (the table's rules included); nothing reads a match.

>>> from truco.engine import Match, Rules, view
>>> v = view(Match(Rules(), seed=3), seat=0)
>>> k = Knowledge(v)
>>> len(k.unseen)  # 40 cards minus the vira and three in hand
36
>>> 0.0 <= k.win_chance() <= 1.0
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cache

from truco.engine import PLAY, Action, View, hand_winner
from truco.engine.cards import COVERED_STRENGTH, DECKS, strength_table
from truco.engine.rules import TARGET_SCORE

#: Chance that an unseen partner card wins a trick my card would lose: a rough prior.
PARTNER_HELP = 0.3


def partner_of(view: View) -> int | None:
    """The partner of the view's seat (None with 2 players), from the teams the engine's view tells.

    >>> from truco.engine import Match, Rules, view
    >>> partner_of(view(Match(seed=1), 1)), partner_of(view(Match(Rules(players=2), seed=1), 1))
    (3, None)
    """
    return next((s for s, t in enumerate(view.teams) if t == view.team and s != view.seat), None)


def own_team(view: View) -> int:
    """The team of the view's seat (a seat's view always names it).

    >>> from truco.engine import Match, view
    >>> own_team(view(Match(seed=1), 1))
    1
    """
    assert view.team is not None, "a spectator's view has no team"
    return view.team


class Knowledge:
    """A seat's reading of its view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules = rules = view.rules
        self.seat = view.seat if view.seat is not None else 0
        self.team = view.team if view.team is not None else 0
        self.players = view.players
        self.partner = partner_of(view)
        #: the seats of this seat's team (the engine's view tells each seat's team)
        self.mates = frozenset(s for s, t in enumerate(view.teams) if t == self.team)
        vira = view.vira if view.vira is not None else 0
        self.strength = strength_table(vira, rules.manilhas, rules.deck)
        seen = {vira, *view.hand, *view.own_covered}
        for cards in view.known_hands.values():
            seen.update(cards)
        for trick in (*view.tricks, view.trick):
            seen.update(c for _, c in trick if c is not None)
        self.seen = seen
        strength = self.strength
        #: the strengths of the unseen cards, weakest first
        self.unseen_strengths = sorted([strength[c] for c in DECKS[rules.deck] if c not in seen])
        self._unseen: list[int] | None = None

    @property
    def unseen(self) -> list[int]:
        """The cards somebody else may hold (or have played covered), weakest first (worked out when first
        asked for: the hand-strength estimate needs only their strengths)."""
        if self._unseen is None:
            seen = self.seen
            self._unseen = sorted((c for c in DECKS[self.rules.deck] if c not in seen), key=self.strength.__getitem__)
        return self._unseen

    # -- cards ------------------------------------------------------------

    def power(self, card: int) -> float:
        """How many unseen cards this card beats, as a fraction (ties count half)."""
        s = self.strength[card]
        strengths = self.unseen_strengths
        below = bisect_left(strengths, s)
        equal = bisect_right(strengths, s) - below
        n = len(strengths)
        return (below + equal / 2) / n if n else 1.0

    def seen_strength(self, card: int | None) -> int:
        return COVERED_STRENGTH if card is None else self.strength[card]

    def by_strength(self, cards: tuple[int, ...] | list[int]) -> list[int]:
        """Weakest first."""
        return sorted(cards, key=self.strength.__getitem__)

    # -- the trick --------------------------------------------------------

    def table_best(self) -> tuple[int, int | None]:
        """(strongest open card on the table, its team or None when teams tie or the table is empty/covered)."""
        plays = self.view.trick
        if not plays:
            return COVERED_STRENGTH, None
        best = max(self.seen_strength(c) for _, c in plays)
        if best == COVERED_STRENGTH:
            return best, None
        teams = {self.team_of(s) for s, c in plays if self.seen_strength(c) == best}
        return best, teams.pop() if len(teams) == 1 else None

    def team_of(self, seat: int) -> int:
        return self.view.teams[seat]

    def after_me(self) -> list[int]:
        """Seats that will play in this trick after this seat."""
        return [s for s in range(self.players) if s != self.seat and s not in {p for p, _ in self.view.trick}]

    def opponents_after(self) -> int:
        return sum(1 for s in self.after_me() if s not in self.mates)

    def partner_after(self) -> bool:
        return self.partner is not None and self.partner in self.after_me()

    # -- the hand ---------------------------------------------------------

    def win_chance(self, extra: tuple[int, ...] = ()) -> float:
        """A quick estimate of the chance that this seat's team wins the hand.

        Each remaining trick is won independently: with my card of power x
        against k opponent cards, x**k, helped by the partner. ``extra`` are
        the partner's known cards (a mão de onze), used as its help.
        """
        view = self.view
        if view.blind or (not view.hand and not view.trick):
            return 0.5
        opponents = self.players // 2
        done = list(view.trick_winners)
        mine = sorted((self.power(c) for c in view.hand), reverse=True)
        # The partner's best card goes with my worst: the team spreads its strength over the tricks.
        partner = sorted(self.power(c) for c in extra)
        chances: list[float] = []
        trick = view.trick
        played_here = any(s == self.seat for s, _ in trick)
        if trick and played_here:
            best, team = self.table_best()
            opp_left = self.opponents_after()
            if team == self.team:
                card = next(c for s, c in trick if self.seen_strength(c) == best and s in self.mates)
                assert card is not None  # the best card is open
                chances.append(self.power(card) ** opp_left)
            else:
                chances.append(PARTNER_HELP / 2 if self.partner_after() else 0.0)
        elif trick:
            best, team = self.table_best()
            k = self.opponents_after()
            beaters = [self.power(c) for c in view.hand if self.strength[c] > best]
            mate = 0.0
            if team == self.team:
                mate = max(
                    self.power(c)
                    for s, c in trick
                    if c is not None and s in self.mates and self.seen_strength(c) == best
                )
            if beaters and max(beaters) > mate:
                chances.append(max(beaters) ** k)
                mine.remove(max(beaters))
            else:
                chances.append(mate**k if team == self.team else (PARTNER_HELP / 2 if self.partner_after() else 0.0))
                mine.pop()
        for i, x in enumerate(mine):
            if len(done) + len(chances) >= 3:
                break
            helper = partner[i] if i < len(partner) else None
            p = x**opponents
            help_ = helper**opponents if helper is not None else (PARTNER_HELP if self.partner is not None else 0.0)
            chances.append(1 - (1 - p) * (1 - help_))
        return _hand_chance(tuple(done), tuple(chances), self.team)

    # -- decisions shared by the bots -------------------------------------

    def plays(self) -> dict[tuple[int, bool], Action]:
        """The legal card plays by (card, covered)."""
        return {(a.card, a.covered): a for a in self.view.legal if a.type == PLAY and a.card is not None}


def raise_changes_nothing(view: View) -> bool:
    """Whether no raise can change the match for this seat's team: winning the hand at the value it is
    played for already wins the match, so a higher value would only give the opponents more if they win.

    >>> from truco.engine import Match, view
    >>> raise_changes_nothing(view(Match(seed=1, score=(10, 3)), 0)), raise_changes_nothing(view(Match(seed=1), 0))
    (False, False)
    """
    if view.team is None:
        return False
    at_stake = view.pending["value"] if view.pending else view.value
    return view.score[view.team] + at_stake >= TARGET_SCORE


def _hand_chance(done: tuple[int | None, ...], chances: tuple[float, ...], team: int) -> float:
    """Chance that ``team`` wins the hand, given the decided tricks and the win chances of the rest (no ties)."""
    if done:
        settled, winner = hand_winner(list(done))
        if settled:
            return 0.5 if winner is None else float(winner == team)
    if not chances:
        return 0.5
    q, rest = chances[0], chances[1:]
    return q * _hand_chance((*done, team), rest, team) + (1 - q) * _hand_chance((*done, 1 - team), rest, team)


@cache
def equity(mine: int, theirs: int, special_score: int = 11, edge: float = 0.5) -> float:
    """Chance that a team on ``mine`` points wins against one on ``theirs``,
    when it wins each later hand with chance ``edge`` (its belief in its own
    play) and a hand is worth 1, 3 or more points (a rough model of real
    hands, enough to weigh a score).

    >>> equity(11, 0) > equity(6, 6) > equity(0, 11)
    True
    """
    if mine >= TARGET_SCORE:
        return 1.0
    if theirs >= TARGET_SCORE:
        return 0.0
    special = mine >= special_score or theirs >= special_score
    steps = {3: 1.0} if special else {1: 0.62, 3: 0.28, 6: 0.07, 12: 0.03}
    return sum(
        p
        * (
            edge * equity(mine + pts, theirs, special_score, edge)
            + (1 - edge) * equity(mine, theirs + pts, special_score, edge)
        )
        for pts, p in steps.items()
    )


def call_threshold(mine: int, theirs: int, current: int, asked: int, special_score: int = 11) -> float:
    """The chance of winning the hand above which accepting a raise to ``asked``
    is worth more than running (which gives the askers ``current``).

    >>> round(call_threshold(0, 0, 1, 3), 2)
    0.35
    """
    win = equity(mine + asked, theirs, special_score)
    lose = equity(mine, theirs + asked, special_score)
    run = equity(mine, theirs + current, special_score)
    return (run - lose) / (win - lose) if win > lose else 0.0
