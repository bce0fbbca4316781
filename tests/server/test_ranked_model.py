"""Why Plackett–Luce (docs/protocol.md, "Ratings"): for two teams its update is Bradley–Terry's (full
pairing), so the choice loses nothing to the pairwise models; and ``rate`` is openskill's own update."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryFull, PlackettLuce

from truco.server.ratings import Rating, rate

player = st.tuples(st.floats(5, 45), st.floats(1, 9))


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([1, 2]).flatmap(lambda n: st.lists(player, min_size=2 * n, max_size=2 * n)), st.booleans())
def test_two_teams_plackett_luce_is_bradley_terry(players, first_wins):
    n = len(players) // 2
    ranks = [1.0, 2.0] if first_wins else [2.0, 1.0]
    results = []
    for model in (PlackettLuce(), BradleyTerryFull()):
        teams = [[model.rating(mu=m, sigma=s) for m, s in players[t * n : (t + 1) * n]] for t in (0, 1)]
        results.append([x for team in model.rate(teams, ranks=ranks) for r in team for x in (r.mu, r.sigma)])
    assert results[0] == pytest.approx(results[1], rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.lists(player, min_size=4, max_size=4), st.sampled_from([0, 1]), st.sets(st.sampled_from([0, 1, 2, 3])))
def test_rate_is_openskills_update_and_a_leaver_always_loses(players, winner, leavers):
    model = PlackettLuce()
    teams = [[Rating(m, s, 3) for m, s in players[:2]], [Rating(m, s, 3) for m, s in players[2:]]]
    left = {(i // 2, i % 2) for i in leavers}
    got = rate(teams, winner, left)

    def by(win):
        mt = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
        return model.rate(mt, ranks=[1.0 if t == win else 2.0 for t in (0, 1)])

    for t in (0, 1):
        for i in (0, 1):
            want = by(1 - t if (t, i) in left else winner)[t][i]
            assert (got[t][i].mu, got[t][i].sigma, got[t][i].games) == (want.mu, want.sigma, 4)
            if (t, i) in left:
                assert got[t][i].mu < teams[t][i].mu, "leaving never gains"
