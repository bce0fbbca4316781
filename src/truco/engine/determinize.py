"""Determinization: a full match drawn at random consistently with one seat's view.

Search bots cannot see hidden cards, so they play out many guesses of them.
``sample`` deals every card the seat cannot know (other hands, cards others
played covered, and its own hand in a mão de ferro) uniformly from the cards it
has not seen, and rebuilds the match around them. The hands after this one are
dealt at random from the same generator.

>>> from random import Random
>>> from truco.engine import Match, view
>>> m = Match(seed=5)
>>> me = view(m, 1)
>>> guess = sample(me, Random(0))
>>> guess.hands[1] == list(me.hand) and guess.to_act() == m.to_act()
True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from random import Random

from truco.engine.actions import COVER_ACTIONS, PLAY_ACTIONS, Action
from truco.engine.cards import COVERED_STRENGTH, DECKS, Card, strength_table
from truco.engine.deals import RandomDeals, random_sample
from truco.engine.match import ANSWERING, ELEVEN, NO_DEAL, OVER, PLAYING, Blank, Match
from truco.engine.states import Kind, Phase
from truco.engine.views import SeenPlay, View

#: Where a view keeps its phase and kind, read by position: a view rebuilt by hand from JSON holds plain strings
#: there, which a compiled module's typed read of ``view.phase`` would refuse.
PHASE_FIELD, KIND_FIELD = View._fields.index("phase"), View._fields.index("kind")


def sample(
    view: View,
    rng: Random,
    holds: Mapping[int, Collection[Card]] | None = None,
    lacks: Mapping[int, Collection[Card]] | None = None,
) -> Match:
    """A match consistent with a seat's ``view``, its hidden cards drawn with ``rng``.

    ``holds`` and ``lacks`` add what the seat believes beyond its view (e.g. from its partner's
    signals): seat -> unseen cards that seat holds in its hand / does not hold. The draw is then
    uniform among the deals that agree with them.
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a determinization is drawn for a seat's view")
    fields: tuple[object, ...] = view
    phase, kind = Phase(str(fields[PHASE_FIELD])), Kind(str(fields[KIND_FIELD]))  # by value
    if phase in (NO_DEAL, OVER):
        raise ValueError(f"nothing to determinize in phase {phase!r}")
    rules = view.rules
    n = view.players
    vira = view.vira
    assert vira is not None  # a hand is being played
    known = set(view.hand)
    known.add(vira)
    known.update(view.own_covered)
    for cards in view.known_hands.values():
        known.update(cards)
    for trick in view.tricks:
        known.update(c for _, c in trick if c is not None)
    known.update(c for _, c in view.trick if c is not None)
    pool = [c for c in DECKS[rules.deck] if c not in known]

    # How many hidden cards each seat needs: its hand, then its covered plays.
    hidden_plays = [s for t in (*view.tricks, view.trick) for s, c in t if c is None and s != seat]
    needs = 0
    for s in range(n):
        if s == seat:
            if view.blind:
                needs += view.blind
        elif s not in view.known_hands:
            needs += view.hand_sizes[s]
    believed: dict[int, list[Card]] = {}
    if holds or lacks:
        # The seats with beliefs draw first: the cards each holds are set aside before anybody draws,
        # then each draws the rest of its hand from what it does not lack; the other seats as usual.
        seats = [s for s in sorted({*(holds or {}), *(lacks or {})}) if s != seat and s not in view.known_hands]
        held: dict[int, list[Card]] = {}
        for s in seats:
            held[s] = [c for c in (holds or {}).get(s, ()) if c in pool][: view.hand_sizes[s]]
            pool = [c for c in pool if c not in held[s]]
        for s in seats:
            size = view.hand_sizes[s]
            lacked = set((lacks or {}).get(s, ()))
            allowed = [c for c in pool if c not in lacked]
            extra = random_sample(rng, allowed, min(len(allowed), size - len(held[s])))
            if len(held[s]) + len(extra) < size:  # what it lacks cannot all be left out
                extra += random_sample(rng, [c for c in pool if c not in extra], size - len(held[s]) - len(extra))
            believed[s] = held[s] + extra
            pool = [c for c in pool if c not in believed[s]]
            needs -= size
    drawn = random_sample(rng, pool, needs + len(hidden_plays))

    hands: list[list[Card]] = []
    at = 0
    for s in range(n):
        if s == seat and not view.blind:
            hands.append(list(view.hand))
        elif s in view.known_hands:
            hands.append(list(view.known_hands[s]))
        elif s in believed:
            hands.append(believed[s])
        else:
            size = view.hand_sizes[s]
            hands.append(drawn[at : at + size])
            at += size
    covered = iter(drawn[at:])
    own_covered = iter(view.own_covered)

    def rebuild(plays: tuple[SeenPlay, ...]) -> list[Action]:
        out = []
        for s, c in plays:
            if c is not None:
                out.append(PLAY_ACTIONS[s][c])
            else:
                out.append(COVER_ACTIONS[s][next(own_covered) if s == seat else next(covered)])
        return out

    tricks = [tuple(rebuild(t)) for t in view.tricks]
    current = rebuild(view.trick)
    strength = strength_table(vira, rules.manilhas, rules.deck)

    m: Match = Blank()
    m._read_rules(rules)
    m.deals = RandomDeals(rng, rules.deck, n)
    m.first_dealer = view.dealer
    m.start_score = view.score
    m.score = list(view.score)
    m.winner = None
    m.results = []
    m.actions = []
    m.hand_number = view.hand_number
    m.dealer = view.dealer
    m.vira = vira
    m.strength = strength
    m.kind = kind
    m.phase = phase
    m.hands = hands
    m.dealt = ()
    m.value = view.value
    m.level = rules.ladder.index(view.value) if view.value in rules.ladder and kind != ELEVEN else 0
    m.raise_team = -1 if view.raise_team is None else view.raise_team
    m.canga = view.canga
    m.eleven_team = -1 if view.eleven_team is None else view.eleven_team
    m.trick = current
    m.best, m.best_seat, m.tied = -2, -1, False
    for play in current:
        power = COVERED_STRENGTH if play.covered or play.card is None else strength[play.card]
        if power > m.best:
            m.best, m.best_seat, m.tied = power, play.seat, False
        elif power == m.best and (play.seat ^ m.best_seat) & 1:
            m.tied = True
    m.tricks = tricks
    m.trick_winners = list(view.trick_winners)
    pending = view.pending
    if phase == ANSWERING and pending is not None:
        m.asked_level = rules.ladder.index(pending["value"])
        m.asking_team = pending["team"]
        m.any_accept = pending["accepted"]
    else:
        m.asked_level, m.asking_team, m.any_accept = 0, -1, False
    m.waiting = [] if m.phase is PLAYING else list(view.to_act)
    # Where one of two answerers has answered, its answer is sealed: known only to itself (as ``accepted``);
    # to its partner, a draw where it ran.
    m.sealed = -1
    if m.phase is ANSWERING and rules.answer == "both" and len(m.waiting) == 1:
        partner = m.partner_of(m.waiting[0])
        m.sealed = -1 if partner is None else partner
    m.turn = -1 if view.turn is None else view.turn
    m._legal_seat = -1
    m._legal = ()
    return m
