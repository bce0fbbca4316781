"""The bot interface: bots read only views, always answer legally under every rule option, and repeat
themselves given a seed."""

from __future__ import annotations

import pickle
from random import Random

import pytest

from truco.bots import BOT_KINDS, make_bot
from truco.engine import OPTIONS, Match, Rules, View, view
from truco.engine.cards import strength_table
from truco.engine.determinize import sample

#: The game help, every other value of every option, and both profiles in 1v1.
VARIANTS = [
    {},
    *({name: value} for name, values in OPTIONS.items() for value in values[1:]),
    {"profile": "mineiro"},
    {"profile": "mineiro", "players": 2, "deck": "clean"},
    {"players": 2, "canga": True, "covered": "not_when_leading"},
]
#: Starting scores that reach the special hands: normal, mão de onze, mão de ferro.
SCORES = [(0, 0), (11, 4), (7, 11), (11, 11), (10, 10)]


def positions(rules: Rules, seed: int, count: int):
    """Views of seats to act at random moments of random matches (random play leads there)."""
    rng = Random(seed)
    for i in range(count):
        top = rules.special_score
        score = SCORES[i % len(SCORES)]
        score = (min(score[0], top), min(score[1], top)) if i % len(SCORES) < 4 else score
        match = Match(rules, seed=rng.randrange(10**6), score=score)
        for _ in range(rng.randrange(0, 40)):
            if match.is_over:
                break
            match.apply(rng.choice(match.legal_actions()))
        if not match.is_over:
            seat = rng.choice(match.to_act())
            yield match, view(match, seat)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_bots_answer_legally_in_random_positions(options):
    rules = Rules.parse(options)
    for i, (_, seen) in enumerate(positions(rules, hash(str(options)) % 1000, 12)):
        for kind in BOT_KINDS:
            bot = make_bot(kind, "easy", seed=i)
            assert bot.act(seen) in seen.legal, (kind, options, seen)


@pytest.mark.parametrize("options", VARIANTS[:: max(1, len(VARIANTS) // 6)], ids=str)
def test_whole_matches_between_bots_end(options):
    rules = Rules.parse(options)
    for seed in range(2):
        match = Match(rules, seed=seed, score=(9, 9))
        bots = [make_bot(("heuristic", "search", "random")[(s + seed) % 3], "easy", seed=s) for s in range(4)]
        while not match.is_over:
            seat = match.to_act()[0]
            seen = view(match, seat)
            action = bots[seat].act(seen)
            assert action in seen.legal
            match.apply(action)


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_bots_decide_from_the_view_alone(kind):
    """Two matches that differ only in what the seat cannot see give the same view, and the same choice."""
    rules = Rules()
    for i, (_, seen) in enumerate(positions(rules, 7, 30)):
        other = sample(seen, Random(i))  # the same view over different hidden cards
        seen_again = view(other, seen.seat)
        assert isinstance(seen_again, View)
        assert seen_again == seen
        assert make_bot(kind, "easy", seed=i).act(seen) == make_bot(kind, "easy", seed=i).act(seen_again)


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_bots_are_reproducible_from_a_seed(kind):
    def play(seed: int) -> list:
        match = Match(Rules(), seed=11)
        bots = [make_bot(kind, "easy", seed=seed + s) for s in range(4)]
        while not match.is_over:
            seat = match.to_act()[0]
            match.apply(bots[seat].act(view(match, seat)))
        return match.actions

    assert play(1) == play(1)


def test_mao_de_onze_uses_the_partners_cards():
    """A team on 11 holding both top manilhas between the partners always plays."""
    checked = 0
    for seed in range(400):
        match = Match(Rules(), seed=seed, score=(11, 3))
        seen = view(match, match.to_act()[0])
        assert seen.phase == "deciding"
        partner_cards = next(iter(seen.known_hands.values()))
        assert len(partner_cards) == 3
        strength = strength_table(seen.vira)
        top = sorted((strength[c] for c in (*seen.hand, *partner_cards)), reverse=True)
        if top[:2] == [13, 12]:  # zap and copas
            checked += 1
            for kind in ("heuristic", "search"):
                assert make_bot(kind, "easy", seed=seed).act(seen).type == "accept"
    assert checked


def test_unknown_bot_or_level():
    with pytest.raises(ValueError):
        make_bot("oracle")
    with pytest.raises(ValueError):
        make_bot("search", "impossible")


def play_match(bots: dict[int, object], seed: int) -> Match:
    match = Match(Rules(), seed=seed)
    while not match.is_over:
        seat = match.to_act()[0]
        match.apply(bots[seat].act(view(match, seat)))
    return match


@pytest.mark.parametrize("style", ["maniac", "station", "timid"])
def test_search_reads_its_opponents_from_its_views(style):
    """The opponent model counts what the views show: a maniac raises every hand, a station accepts every
    raise, a timid player runs from most."""
    search = make_bot("search", "easy", seed=1)
    opponent = make_bot(style, seed=2)
    models = []
    for seed in range(4):
        search = make_bot("search", "easy", seed=seed)
        play_match({0: search, 1: opponent, 2: make_bot("search", "easy", seed=9), 3: opponent}, seed)
        models.append(search.model)
    hands = sum(m.hands for m in models)
    raises, accepted, ran = (sum(getattr(m, k) for m in models) for k in ("raises", "accepted", "ran"))
    assert hands >= 6
    if style == "maniac":
        assert raises >= 0.8 * hands and models[-1].raise_threshold() < 0.6
    elif style == "station":
        assert raises == 0 and accepted >= 3 and ran == 0
    else:
        assert raises == 0 and ran > accepted


def test_a_bot_pickles_with_what_it_learnt():
    bot = make_bot("search", "easy", seed=3)
    play_match({0: bot, 1: make_bot("maniac"), 2: make_bot("search", "easy", seed=4), 3: make_bot("maniac")}, 5)
    again = pickle.loads(pickle.dumps(bot))
    assert again.model == bot.model and again.model.raises > 0
    seen = next(v for _, v in positions(Rules(), 3, 5))
    assert again.act(seen) == bot.act(seen)
