"""The quick players of the search rollouts: ``thrifty`` spares the strong cards ``greedy`` spends."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from truco.bots.quick import QuickPlayer, greedy, rollout, thrifty
from truco.engine import Action, Match
from truco.engine.actions import PLAY_ACTIONS
from truco.engine.cards import card_name, parse_card

#: the deal whose vira sets the cards' strengths in these positions
MATCH = Match(seed=0)
#: every card by strength, weakest first: 0–3 the weakest rank, 4–7 the next, ..., -5 the strongest plain card
#: (-4 to -1 the manilhas, the zap last)
RANKED = [card_name(c) for c in sorted(range(40), key=lambda c: MATCH.strength[c])]


def choices(hand: list[str], table: list[tuple[int, str]], won: list[int | None]) -> tuple[str, str]:
    """(greedy's card, thrifty's card) for seat 0 holding ``hand`` with ``table`` (seat, card) on the table."""
    legal = [PLAY_ACTIONS[0][parse_card(c)] for c in hand]
    on_table = [(s, MATCH.strength[parse_card(c)]) for s, c in table]
    after = (4 - len(table)) // 2
    picks = []
    for player in (greedy, thrifty):
        action = player(0, legal, on_table, MATCH.strength, list(won), after, MATCH.team_of)
        assert action.card is not None
        picks.append(card_name(action.card))
    return picks[0], picks[1]


def test_leading_the_first_trick_holding_a_manilha_it_leads_its_second_card():
    zap, weakest, second = RANKED[-1], RANKED[0], RANKED[4]
    assert choices([zap, weakest, second], [], []) == (zap, second)


def test_leading_after_its_team_won_the_first_trick_without_a_manilha_it_leads_its_weakest():
    strongest_plain, weakest = RANKED[-5], RANKED[0]
    assert choices([strongest_plain, weakest], [], [0]) == (strongest_plain, weakest)


def test_second_to_play_it_beats_with_its_cheapest_card():
    low, cheap, strongest_plain = RANKED[0], RANKED[8], RANKED[-5]
    assert choices([cheap, strongest_plain], [(3, low)], []) == (strongest_plain, cheap)


def against_greedy(ours: int) -> QuickPlayer:
    """``thrifty`` at team ``ours``'s seats, ``greedy`` at the others."""

    def player(
        seat: int,
        legal: Sequence[Action],
        table: list[tuple[int, int]],
        strength: tuple[int, ...],
        won: list[int | None],
        opponents_after: int,
        team_of: Callable[[int], int],
    ) -> Action:
        chosen = thrifty if team_of(seat) == ours else greedy
        return chosen(seat, legal, table, strength, won, opponents_after, team_of)

    return player


def test_thrifty_wins_more_hands_than_greedy_on_the_same_deals():
    """Each deal twice, thrifty at one team's seats and then at the other's: 51.2 % of 2,000 hands here
    (``bench/card_play.py``: 51.4 % over 40,000)."""
    won = 0.0
    for seed in range(1000):
        for ours in (0, 1):
            match = Match(seed=seed)
            winner = rollout(match, match.strength, [], [], [], against_greedy(ours))
            won += 0.5 if winner is None else float(winner == ours)
    assert won / 2000 > 0.505
