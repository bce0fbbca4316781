"""Copies and determinizations (issue 7): what search bots stand on."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from truco.engine import OPTIONS, PROFILES, Match, Rules, view
from truco.engine.determinize import sample

ANY_RULES = st.builds(
    lambda profile, options: Rules.parse({"profile": profile, **options}),
    st.sampled_from(sorted(PROFILES)),
    st.fixed_dictionaries({name: st.sampled_from(values) for name, values in OPTIONS.items()}),
)


def test_a_fresh_match_can_be_copied_and_the_copy_plays_on_alone():
    m = Match(seed=3)
    c = m.copy()
    seat = c.to_act()[0]
    c.apply(c.legal_actions(seat)[0])
    assert len(c.actions) == 1 and m.actions == []
    assert view(m).to_json() == view(Match(seed=3)).to_json()


@settings(max_examples=60, deadline=None)
@given(ANY_RULES, st.integers(0, 2**32), st.tuples(st.integers(0, 11), st.integers(0, 11)), st.integers(0, 2**32))
def test_a_determinization_agrees_with_the_view_it_was_drawn_from(rules, seed, score, rng_seed):
    rng = Random(rng_seed)
    m = Match(rules, seed=seed, score=score)
    for _ in range(60):
        if m.is_over:
            break
        seat = rng.choice(m.to_act())
        mine = view(m, seat)
        guess = sample(mine, rng)
        # The seat cannot tell the guess from the real match...
        assert view(guess, seat).to_json() == mine.to_json()
        assert guess.to_act() == m.to_act()
        # ...and the guess is a whole, consistent deal.
        cards = [c for h in guess.hands for c in h] + [guess.vira]
        cards += [p.card for t in (*guess.tricks, guess.trick) for p in t]
        assert len(cards) == len(set(cards))
        # It plays on like a match.
        other = rng.choice(guess.to_act())
        guess.apply(rng.choice(guess.legal_actions(other)))
        m.apply(rng.choice(m.legal_actions(seat)))
