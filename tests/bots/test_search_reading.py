"""What ``search`` adds to ``search1``: it reads card plays, and bets by rules of thumb at ``easy``."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from tests.bots.puzzles import Puzzle

from truco.bots import make_bot
from truco.bots.heuristic import HeuristicBot
from truco.bots.quick import QuickPlayer, greedy, low_leads
from truco.bots.search import (
    MAX_BATCHES,
    SECOND,
    NoisyPlayer,
    OpponentModel,
    SearchBot,
    effective_size,
    play_likelihood,
    raiser_chance,
)
from truco.engine import ACCEPT, PLAY, Action, Match, view
from truco.engine.cards import COVERED_STRENGTH, parse_card
from truco.engine.determinize import sample


def test_a_draw_where_an_opponent_threw_a_low_card_holding_a_winner_counts_less():
    """Seat 1 answered my 4 of ouros with a 5: a player holding a card that beats my 4 would have won the
    trick, so draws that give seat 1 such a card explain the play worse."""
    seen = Puzzle("probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "play", moves="4D 5C").position()
    rng = Random(1)
    strong, weak = [], []
    for _ in range(300):
        draw = sample(seen, rng)
        beats = any(draw.strength[c] > draw.strength[parse_card("4D")] for c in draw.hands[1])
        (strong if beats else weak).append(play_likelihood(draw, seen.seat))
    assert strong and weak
    assert sum(strong) / len(strong) < sum(weak) / len(weak)


def test_a_lead_tells_nothing_of_the_leaders_other_cards():
    """Seat 0 led its 4 of ouros. The rules of thumb lead their strongest card, the search bots their weakest
    (``search1`` and ``search`` lead the weakest in nine first tricks of ten): a low lead tells nothing of what
    else the leader holds, so every draw explains it alike (read as the quick player's lead, the draws where
    seat 0 holds a stronger card counted 0.35)."""
    seen = Puzzle("probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "play", moves="4D").position()
    rng = Random(1)
    draws = [sample(seen, rng) for _ in range(100)]
    assert any(max(d.strength[c] for c in d.hands[0]) > d.strength[parse_card("4D")] for d in draws)
    assert {play_likelihood(d, seen.seat) for d in draws} == {1.0}


def test_easy_answers_and_raises_by_the_heuristics_rules_of_thumb():
    rules_of_thumb = HeuristicBot(seed=0, level="easy")
    easy = make_bot("search", "easy", seed=0)
    rng = Random(3)
    answered = 0
    for seed in range(200):
        m = Match(seed=seed)
        while not m.is_over and answered < 25:
            seat = m.to_act()[0]
            seen = view(m, seat)
            if seen.phase in ("answering", "deciding") and len(seen.legal) > 1:
                assert easy.act(seen).type == rules_of_thumb.act(seen).type
                answered += 1
            m.apply(rng.choice(seen.legal))
    assert answered == 25


def test_after_a_raise_the_draws_where_the_raiser_is_weak_weigh_the_modelled_bluff_share():
    """The old weighting gave every draw a floor of the bluff rate, so with most hands weak a large share of the
    weight stayed on draws where a raiser that never bluffs holds nothing."""
    seen = Puzzle(
        "probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "accept", moves="4D raise"
    ).position()
    bot = make_bot("search", "medium", seed=0)
    raiser = seen.pending["team"]
    draws = bot.sample(seen, 400)
    weights = bot.raise_weights(draws, raiser, seen.turn, seen.rules.ladder.index(seen.pending["value"]))
    threshold = bot.model.raise_threshold()
    weak = sum(w for w, d in zip(weights, draws, strict=True) if raiser_chance(d, raiser, seen.turn) < threshold - 0.1)
    assert weak / sum(weights) <= bot.model.bluff_rate() + 0.05  # the old weighting: 0.23 here


def test_the_raise_of_an_opponent_that_plays_at_random_tells_less():
    """A player that throws its cards at random raises at random too: in the share of its plays made at random,
    its raise says nothing of its hand. Against a sound player the draws where the raiser is weak weigh about
    the bluff share; against one that blunders at every chance (as `random` does), every draw counts alike."""
    seen = Puzzle(
        "probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "accept", moves="4D raise"
    ).position()
    bot = make_bot("search", "medium", seed=0)
    assert isinstance(bot, SearchBot)
    raiser, step = seen.pending["team"], seen.rules.ladder.index(seen.pending["value"])
    draws = bot.sample(seen, 400)
    sound = bot.raise_weights(draws, raiser, seen.turn, step)
    bot.model.chances, bot.model.blunders = 10, 4
    blundering = bot.raise_weights(draws, raiser, seen.turn, step)
    assert effective_size(sound) < effective_size(blundering) < len(draws)
    bot.model.chances = bot.model.blunders = 10**6
    assert effective_size(bot.raise_weights(draws, raiser, seen.turn, step)) > 0.999 * len(draws)


def test_more_draws_are_taken_while_few_of_them_count():
    """Weights that leave one draw of many counting make the decision draw again, up to its limit; weights that
    leave them all counting do not."""
    assert effective_size([1.0, 1.0, 1.0, 1.0]) == 4.0
    assert effective_size([1.0, 0.0, 0.0, 0.0]) == 1.0
    seen = Puzzle("probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "play", moves="4D 5C").position()
    bot = make_bot("search", "medium", seed=0)
    draws, weights = bot.weighed_draws(seen, 12, lambda d: [1.0] * len(d))
    assert len(draws) == len(weights) == 12
    draws, weights = bot.weighed_draws(seen, 12, lambda d: [1.0] + [0.0] * (len(d) - 1))
    assert len(draws) == len(weights) == MAX_BATCHES * 12


def test_the_card_plays_of_an_opponent_that_overtakes_its_partner_tell_less():
    """Seat 1 answered my 4 of ouros with a 5: read as our quick player's play, the draws where it holds a card
    that beats the 4 count less. An opponent that threw its last card over its partner's winning one at every
    chance (as a random player does) plays at random: its plays tell nothing, and every draw counts alike."""
    seen = Puzzle("probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "play", moves="4D 5C").position()
    bot = make_bot("search", "medium", seed=0)
    assert isinstance(bot, SearchBot)
    draws = bot.sample(seen, 300)
    sound = bot.with_plays(seen, draws, [1.0] * len(draws))
    bot.model.chances, bot.model.blunders = 10, 4  # about one chance in three: a few of its plays at random
    blundering = bot.with_plays(seen, draws, [1.0] * len(draws))
    assert effective_size(sound) < effective_size(blundering) < len(draws)
    bot.model.chances = bot.model.blunders = 10**6
    assert effective_size(bot.with_plays(seen, draws, [1.0] * len(draws))) > 0.999 * len(draws)


def test_the_hand_is_worth_more_against_an_opponent_that_plays_at_random():
    """The rollouts play the opponents' cards as the model says they play them: against an opponent whose last
    cards were as often as not ones sound play never throws, our team wins more of the same draws."""
    seen = Puzzle("probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "play", moves="4D 5C").position()
    bot = make_bot("search", "medium", seed=0)
    assert isinstance(bot, SearchBot)
    draws = bot.sample(seen, 300)
    team = seen.teams[seen.seat]
    sound = bot.outcomes(seen, None, draws).count(team)
    bot.model.chances = bot.model.blunders = 10
    assert isinstance(bot.rollout_player(seen), NoisyPlayer)
    assert bot.outcomes(seen, None, draws).count(team) > sound + 15


def test_accepting_a_truco_counts_the_raise_it_keeps_for_after_the_trick():
    """Zap and espadilha in hand, their truco in the first trick: raising back at once lets them run for 3;
    accepting keeps them in, and the right to ask seis passes to us, to ask once the trick is over. Before
    accepting counted that right (``wait`` with the acceptance), the bot raised back at every seed."""
    seen = Puzzle(
        "probe",
        "",
        "QD",
        ("5C 5D 2S", "JS JC QC", "QS KS 7D", "3C 7H 2C"),
        "accept",
        moves="7H 5C QC raise 3:run",
        score=(1, 0),
        dealer=2,
    ).position()
    for level in ("medium", "hard"):
        assert [make_bot("search", level, seed=s).act(seen).type for s in range(5)] == ["accept"] * 5


def test_the_rollouts_lead_the_weakest_card_as_search_does():
    """``search`` leads its weakest card into the first trick (nine times in ten), and so do its rollouts
    (``low_leads``): the quick player ``greedy`` led its strongest, and so priced every hand for leads the search
    bots never make. In the first trick, once a card is on the table, they play as ``greedy``."""
    bot = make_bot("search", "medium", seed=0)
    assert isinstance(bot, SearchBot)
    differ = 0
    for seed in range(100):
        m = Match(seed=seed)
        seat = m.to_act()[0]
        assert bot.rollout_player(view(m, seat)) is low_leads
        args = (m.legal_actions(seat), [], m.strength, [], 2, m.team_of)
        lead = low_leads(seat, *args)
        assert m.strength[lead.card] == min(m.strength[c] for c in m.hands[seat])
        differ += lead != greedy(seat, *args)
        m.apply(lead)
        follower = m.to_act()[0]
        table = [(seat, m.strength[lead.card])]
        args = (m.legal_actions(follower), table, m.strength, [], 1, m.team_of)
        assert low_leads(follower, *args) == greedy(follower, *args)
    assert differ > 50


def test_hard_reads_a_low_card_second_to_play_as_the_seats_style_says():
    """Seat 1 answered my 4 of ouros with a 5. Read as the quick player (a style share of 0), it held no card over
    the 4 (it would have taken the trick); read as the search bots play second (a share of 1), the 5 was its
    weakest card, whatever else it held."""
    seen = Puzzle("probe", "", "7D", ("4D KS 4H", "5C 6C 7S", "QH 5S 6D", "4S JD KD"), "play", moves="4D 5C").position()
    rng = Random(1)
    lead, card = parse_card("4D"), parse_card("5C")
    for _ in range(200):
        draw = sample(seen, rng)
        held = [draw.strength[c] for c in draw.hands[1]]
        quick = play_likelihood(draw, seen.seat, 0.0, [(0.5, 0.5), (0.0, 0.5), (0.5, 0.5), (0.5, 0.5)])
        styled = play_likelihood(draw, seen.seat, 0.0, [(0.5, 0.5), (1.0, 0.5), (0.5, 0.5), (0.5, 0.5)])
        assert (quick == 1.0) == all(s <= draw.strength[lead] for s in held)
        assert (styled == 1.0) == all(s >= draw.strength[card] for s in held)


def style_shares(player: QuickPlayer, seed: int) -> list[float]:
    """The shares of plays second to play made as the search bots make them that seat 0's opponent model reads in
    seats 1 to 3, after a match whose card plays are all ``player``'s and where nobody raises."""
    model = OpponentModel()
    m = Match(seed=seed)
    while not m.is_over:
        model.observe(view(m, 0))
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        if m.phase != "playing":
            action = next(a for a in legal if a.type == ACCEPT)
        else:
            strength = m.strength
            table = [(a.seat, COVERED_STRENGTH if a.covered or a.card is None else strength[a.card]) for a in m.trick]
            after = (m.players - len(table)) // 2
            action = player(seat, list(legal), table, strength, list(m.trick_winners), after, m.team_of)
        m.apply(action)
    return [model.style_share(s, SECOND) for s in (1, 2, 3)]


def throws_its_weakest(
    seat: int, legal: Sequence[Action], table: object, strength: tuple[int, ...], *rest: object
) -> Action:
    """Second to play, as the search bots: the weakest open card (and everywhere else too)."""
    return min((a for a in legal if a.type == PLAY and not a.covered), key=lambda a: strength[a.card or 0])


def test_hards_opponent_model_learns_which_seats_throw_their_weakest_card_second_to_play():
    """Over a match the model tells seats that take the trick second to play when they can (the quick player)
    from seats that throw their weakest card there (the search bots), from the cards shown alone."""
    takers = [s for seed in range(4) for s in style_shares(greedy, seed)]
    throwers = [s for seed in range(4) for s in style_shares(throws_its_weakest, seed)]
    assert sum(takers) / len(takers) < 0.4 < 0.6 < sum(throwers) / len(throwers)
