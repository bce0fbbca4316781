"""The matchmaker with a dozen players of spread ratings, on a simulated clock:
who waits how long, who sits with whom, who is offered bots."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from truco.server.matchmaking import Matchmaker, Ticket, Window, balanced

PEOPLE = {
    "Ana": 1000,
    "Bia": 1050,
    "Caio": 1400,
    "Duda": 1420,
    "Edu": 1450,
    "Fê": 1480,
    "Gil": 1500,
    "Hugo": 1520,
    "Ivo": 1900,
    "Jane": 1950,
    "Kátia": 2000,
    "Léo": 2400,
}


def simulate(mm: Matchmaker, tickets: list[Ticket], until: int = 300):
    """Tick once a second; return (formed tables with their second, seconds each one waited,
    seconds of waiting at which each still-queued player was offered bots)."""
    formed, waited, offered = [], {}, {}
    for now in range(until + 1):
        for t in tickets:
            if t.since == now:
                mm.join(t)
        for table in mm.form(float(now)):
            assert sorted(p for team in table.teams for p in team) == sorted(
                p for t in table.tickets for p in t.players
            )
            formed.append((now, table.teams))
            for team in table.teams:
                for p in team:
                    since = next(t.since for t in tickets if p in t.players)
                    waited[p] = now - since
                    assert mm.ticket_of(p) is None
        for t in mm.tickets:
            if mm.offer_bots(t, now):
                for p in t.players:
                    offered.setdefault(p, now - t.since)
    return formed, waited, offered


def test_a_dozen_players_of_spread_ratings_in_the_2v2_queue():
    # one arrives every two seconds, in the order above
    tickets = [Ticket((n,), (r,), since=2.0 * i) for i, (n, r) in enumerate(PEOPLE.items())]
    mm = Matchmaker(players=4)
    formed, waited, offered = simulate(mm, tickets)

    # the close middle sits at once, in teams of equal totals (1400 + 1480 = 1420 + 1450 + 10)
    assert formed[0] == (10, (("Caio", "Fê"), ("Duda", "Edu")))
    assert {p: waited[p] for p in ("Caio", "Duda", "Edu", "Fê")} == {"Caio": 6, "Duda": 4, "Edu": 2, "Fê": 0}
    # the next four wait until their windows reach from 1500 to 1950 (450 points: 35 s for Jane)
    assert formed[1] == (53, (("Gil", "Jane"), ("Hugo", "Ivo")))
    assert waited["Jane"] == 35 and waited["Gil"] == 41
    # the far ends never find four within 800 points: at 90 s they are offered bots, and stay queued
    assert len(formed) == 2
    assert offered == {"Ana": 90, "Bia": 90, "Kátia": 90, "Léo": 90}
    assert {p for t in mm.tickets for p in t.players} == {"Ana", "Bia", "Kátia", "Léo"}


def test_friends_stay_partners_and_the_1v1_queue_pairs_neighbours():
    tickets = [Ticket((n,), (r,), since=0.0) for n, r in PEOPLE.items() if n not in ("Gil", "Hugo")]
    tickets.append(Ticket(("Gil", "Hugo"), (1500, 1520), since=0.0))
    formed, _, _ = simulate(Matchmaker(players=4), tickets, until=60)
    teams = [set(team) for _, table in formed for team in table]
    assert {"Gil", "Hugo"} in teams

    solo = [Ticket((n,), (r,), since=float(i)) for i, (n, r) in enumerate(PEOPLE.items())]
    formed, waited, _ = simulate(Matchmaker(players=2), solo, until=120)
    pairs = {frozenset(a + b) for _, (a, b) in formed}
    assert frozenset({"Ana", "Bia"}) in pairs and frozenset({"Ivo", "Jane"}) in pairs
    assert max(waited.values()) <= 60


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(600, 2600), st.integers(0, 60)), min_size=4, max_size=16),
    st.sampled_from([2, 4]),
)
def test_every_table_fits_inside_each_members_window(people, players):
    window = Window()
    tickets = [Ticket((f"p{i}",), (r,), since=float(t)) for i, (r, t) in enumerate(people)]
    since = {t.players[0]: t.since for t in tickets}
    rating = {t.players[0]: t.ratings[0] for t in tickets}
    formed, _, _ = simulate(Matchmaker(players=players, window=window), tickets, until=120)
    for now, teams in formed:
        members = [p for team in teams for p in team]
        assert len(members) == players and all(len(team) == players // 2 for team in teams)
        spread = max(rating[p] for p in members) - min(rating[p] for p in members)
        assert all(spread <= window.width(now - since[p]) for p in members)


def test_four_alone_make_teams_of_close_totals():
    assert balanced([("a", 1600), ("b", 1550), ("c", 1500), ("d", 1450)]) == (("a", "d"), ("b", "c"))
    assert balanced([("a", 1500), ("b", 1500), ("c", 1500), ("d", 1900)]) == (("a", "b"), ("c", "d"))
