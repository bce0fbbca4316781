"""The observation says what the view says: each part of the vector, read back by ``LAYOUT``, is the view's
field it encodes, in random positions under random rule options; and the action ids name the view's legal
actions by slot. (The same-information test shows that nothing else gets in.) The environment's fast path,
which has the engine write a seat's view straight into the observation's index list, gives exactly what
the view gives."""

from __future__ import annotations

from random import Random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from truco.engine import OPTIONS, PLAY, PROFILES, Match, Rules, View, view
from truco.research.encoding import (
    LAYOUT,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    action_mask,
    blank,
    fixed_ones,
    legal_actions,
    mask,
    observation,
    seat_ones,
    vector,
)
from truco.research.layout import ones as encoding_ones

options = st.fixed_dictionaries(
    {"profile": st.sampled_from(list(PROFILES))},
    optional={name: st.sampled_from(values) for name, values in OPTIONS.items()},
)
SIZES = dict(LAYOUT)
STARTS = {name: sum(size for _, size in LAYOUT[:k]) for k, (name, _) in enumerate(LAYOUT)}


def part(x: np.ndarray, name: str) -> list[int]:
    """The indices of the 1s in one part of the vector, counted from the part's start."""
    return np.flatnonzero(x[STARTS[name] : STARTS[name] + SIZES[name]]).tolist()


def relative(v: View, seat: int) -> int:
    assert v.seat is not None
    return (seat - v.seat) % v.players


def check(v: View) -> None:
    x = observation(v)
    assert x.shape == (OBSERVATION_SIZE,) and x.dtype == np.float32 and set(np.unique(x)) <= {0.0, 1.0}
    team = v.team
    assert team is not None
    assert part(x, "seat") == [v.seat]
    assert part(x, "score") == sorted([v.score[team], 13 + v.score[1 - team]])
    assert part(x, "dealer") == [relative(v, v.dealer)]
    assert part(x, "vira") == ([] if v.vira is None else [v.vira])
    assert part(x, "manilha") == ([] if v.manilha is None else [v.manilha])
    assert part(x, "value") == [v.value]
    assert part(x, "hand") == sorted(v.hand)
    assert part(x, "blind") == [v.blind]
    assert part(x, "partner_hand") == sorted(c for cards in v.known_hands.values() for c in cards)
    assert part(x, "own_covered") == sorted(v.own_covered)
    assert part(x, "hand_sizes") == sorted(4 * relative(v, s) + n for s, n in enumerate(v.hand_sizes))
    plays = [p for t in (*v.tricks, v.trick) for p in t]
    assert len(part(x, "tricks")) == 2 * len(plays)
    covered = sum(1 for _, card in plays if card is None)
    assert sum(1 for i in part(x, "tricks") if i % 45 == 44) == covered  # a covered play's card is "covered"
    assert len(part(x, "trick_winners")) == len(v.trick_winners)
    assert part(x, "turn") == ([] if v.turn is None else [relative(v, v.turn)])
    assert part(x, "to_act") == sorted(relative(v, s) for s in v.to_act)
    assert (part(x, "pending") == []) == (v.pending is None)
    assert part(x, "winner") == ([] if v.winner is None else [int(v.winner != team)])


def check_actions(v: View) -> None:
    ids = legal_actions(v)
    assert list(ids) == sorted(ids) and set(ids) <= set(range(NUM_ACTIONS))
    assert sorted(ids.values()) == sorted(v.legal)
    slots = sorted(v.hand)
    for i, a in ids.items():
        if a.type == PLAY and a.card is not None:  # open plays 0-2, covered 3-5, by the card's slot
            assert i == (3 if a.covered else 0) + slots.index(a.card)


@settings(max_examples=200, deadline=None)
@given(spec=options, seed=st.integers(0, 2**32), score=st.tuples(st.integers(0, 11), st.integers(0, 11)))
def test_each_part_of_the_observation_is_its_field_of_the_view(spec, seed, score):
    rules = Rules.parse(spec)
    rng = Random(seed)
    m = Match(rules, seed=seed, score=score)
    for _ in range(60):
        for seat in range(m.players):
            check(view(m, seat))
            check_actions(view(m, seat))
        seats = m.to_act()
        if not seats:
            break
        m.apply(rng.choice(m.legal_actions(rng.choice(seats))))


def check_fast_path(m: Match, seat: int) -> None:
    v = view(m, seat)
    on, legal, ids, bits = seat_ones(m, seat)
    assert sorted([*on, *fixed_ones(m.rules, seat)]) == sorted(encoding_ones(v))
    assert np.array_equal(vector(on, blank(m.rules, seat)), observation(v))
    assert legal == v.legal and dict(sorted(zip(ids, legal, strict=True))) == legal_actions(v)
    assert np.array_equal(mask(bits), action_mask(v))


@settings(max_examples=200, deadline=None)
@given(spec=options, seed=st.integers(0, 2**32), score=st.tuples(st.integers(0, 11), st.integers(0, 11)))
def test_the_fast_path_gives_what_the_view_gives(spec, seed, score):
    """Every seat, after every action of a random match from a random score (mão de onze and de ferro,
    covered cards, canga, raises, a partner's hand shown), under random rule options."""
    rules = Rules.parse(spec)
    rng = Random(seed)
    m = Match(rules, seed=seed, score=score)
    for _ in range(60):
        for seat in range(m.players):
            check_fast_path(m, seat)
        seats = m.to_act()
        if not seats:
            break
        m.apply(rng.choice(m.legal_actions(rng.choice(seats))))
