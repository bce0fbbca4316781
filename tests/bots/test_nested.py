"""``search`` at ``hard`` (``truco.bots.nested``): the answerer model of our raises calibrated at each raise by the
answers a ``medium`` search gives from the answering seats' views of some of the draws."""

from __future__ import annotations

from tests.bots.puzzles import parse_move

from truco.bots import make_bot
from truco.bots.heuristic import pick
from truco.bots.nested import OFFSETS, HardBot
from truco.bots.search import CAUTION
from truco.engine import RAISE, ExplicitDeals, Match, Rules, view
from truco.engine.cards import parse_card
from truco.engine.deals import Deal

#: Seat 0 won the first trick with the zap and leads the second; seat 1 (first to answer) holds copas and espadilha.
STRONG = ("QC 3D 5C", "4S QH QS", "KD 5S 6H", "4D 6D JS")
#: The same, both opponents holding nothing.
WEAK = ("QC 3D 5C", "4S 5H 6S", "KD 5S 6H", "4D 6D JS")
FIRST_TRICK = "QC 4S KD 4D"


def built(hands: tuple[str, str, str, str], moves: str = FIRST_TRICK) -> Match:
    """The hand dealt open (``tests.bots.puzzles``' notation, vira 7D), ``moves`` played."""
    deal = Deal(parse_card("7D"), tuple(tuple(parse_card(c) for c in h.split()) for h in hands))
    match = Match(Rules(), deals=ExplicitDeals([deal]), first_dealer=3)
    for what in moves.split():
        match.apply(parse_move(match.to_act()[0], what))
    return match


def test_the_answerer_with_two_manilhas_stays_and_the_one_with_nothing_runs():
    bot = HardBot(seed=0)
    strong, weak = built(STRONG), built(WEAK)
    for match in (strong, weak):
        assert match.to_act() == [0] and any(a.type == RAISE for a in view(match, 0).legal)
    assert bot.stays(strong, view(strong, 0)) == 1.0
    assert bot.stays(weak, view(weak, 0)) == 0.0


def test_the_answerer_model_is_calibrated_while_we_weigh_a_raise_and_only_then():
    """While playing, the ladder's answerer caution is medium's plus the offset the nested answers set; while
    answering their raise it is medium's."""
    match = built(WEAK)
    seen = view(match, 0)
    bot = HardBot(seed=2)
    draws = bot.sample(seen, 96)
    wins = bot.outcomes(seen, None, draws)
    ladder = bot.ladder(seen, draws, [1.0] * len(draws), wins)
    assert bot.offset in OFFSETS
    assert ladder.model.caution == CAUTION + bot.offset
    match.apply(pick(tuple(match.legal_actions(0)), RAISE))
    answering = view(match, match.to_act()[0])
    plain = bot.ladder(answering, draws, [1.0] * len(draws), wins)
    assert plain.model.caution == CAUTION


def test_the_prediction_of_their_answer_is_made_with_the_calibrated_answerer():
    """After hard raises, the accepts it remembers (to fit the model to their answers) are those of the
    calibrated answerer's shifts: with a higher caution, fewer accepts."""
    match = built(STRONG)
    seen = view(match, 0)
    bot = HardBot(seed=1)
    draws = bot.sample(seen, 96)
    ladder = bot.ladder(seen, draws, [1.0] * len(draws), bot.outcomes(seen, None, draws))
    bot.offset = 0.0
    bot.predict_answers(ladder, 1, 3)
    medium = bot.model.our_prediction
    bot.offset = 0.2
    bot.predict_answers(ladder, 1, 3)
    assert all(c < m for c, m in zip(bot.model.our_prediction, medium, strict=True))


def test_hard_is_the_nested_search_and_acts_legally():
    bot = make_bot("search", "hard", seed=3)
    assert isinstance(bot, HardBot)
    match = built(STRONG)
    assert bot.act(view(match, 0)) in view(match, 0).legal
    match.apply(pick(tuple(match.legal_actions(0)), RAISE))
    seat = match.to_act()[0]
    assert bot.act(view(match, seat)) in view(match, seat).legal
