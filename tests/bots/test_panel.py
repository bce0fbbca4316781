"""The sparring panel: each betting style does what its description says, in positions built for it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.bots.puzzles import Puzzle
from tests.bots.test_bots import play_match

from truco.bots import BOT_KINDS, DESCRIPTIONS, PANEL, make_bot
from truco.bots.search import OpponentModel
from truco.engine import ACCEPT, PLAY, RAISE, RUN

SEEDS = range(40)
OTHERS = ("5D 7C JS", "4D KD AS", "5C 6H 6D")

#: Seat 0 to lead the first trick, raising allowed.
STRONG_LEAD = Puzzle("strong", "", "7D", ("QC QH 3S", *OTHERS), "")
JUNK_LEAD = Puzzle("junk", "", "7D", ("4C 5H 6S", *OTHERS), "")
JUNK_AFTER_A_TRICK = Puzzle("junk-later", "", "7D", ("4C 5H 6S", "5D 7C JS", "3D KD AS", "4D 6H 6C"), "",
                            moves="4C 5D 3D 4D KD 6H")  # fmt: skip


#: Seat 0 answers a truco after seat 3 raised in the first trick (nobody won a trick yet).
def answering(hand: str) -> Puzzle:
    return Puzzle("answer", "", "7D", (hand, "5D 7C JS", "4D KD AS", "5C 6H 6D"), "", moves="5D 4D raise", dealer=0)


def actions(kind: str, puzzle: Puzzle) -> set[str]:
    seen = puzzle.position()
    return {make_bot(kind, seed=s).act(seen).type for s in SEEDS}


def test_every_bot_has_a_portuguese_description_and_the_panel_is_made_of_bots():
    assert set(PANEL) <= set(BOT_KINDS) and set(DESCRIPTIONS) == set(BOT_KINDS)
    assert all(d.endswith(".") and d[0].isupper() for d in DESCRIPTIONS.values())


def test_tight_raises_only_strong_never_bluffs_runs_without_a_manilha_or_a_won_trick():
    assert actions("tight", STRONG_LEAD) == {RAISE}
    assert RAISE not in actions("tight", JUNK_LEAD) | actions("tight", JUNK_AFTER_A_TRICK)
    assert actions("tight", answering("3C 3H 2S")) == {RUN}  # two 3s and a 2, but no manilha
    assert RUN not in actions("tight", answering("QC QH 2S"))


def test_loose_bluffs_often_and_accepts_most():
    bluffs = [make_bot("loose", seed=s).act(JUNK_LEAD.position()).type for s in SEEDS]
    assert 0.15 <= bluffs.count(RAISE) / len(bluffs) <= 0.6
    assert RUN not in actions("loose", answering("2C KH 6S"))


def test_station_never_raises_always_accepts():
    assert actions("station", STRONG_LEAD) == {PLAY}
    assert actions("station", answering("4C 5H 6S")) == {ACCEPT}


def test_maniac_raises_at_every_chance_never_runs():
    assert actions("maniac", JUNK_LEAD) == {RAISE}
    assert RUN not in actions("maniac", answering("4C 5H 6S"))


def test_timid_never_raises_runs_without_two_strong_cards():
    assert actions("timid", STRONG_LEAD) == {PLAY}
    assert actions("timid", answering("QC 5H 6S")) == {RUN}  # the zap alone is one strong card
    assert actions("timid", answering("QC 3H 6S")) == {ACCEPT}


#: Seat 0 in the last trick with the zap, one trick won by each team, seat 3 having led a 6.
ZAP_LAST = Puzzle("zap-last", "", "7D", ("QC 4H 5S", "5D 7C JS", "3D KD AS", "4D 6H 2C"), "",
                  moves="4H 5D 3D 4D KD 2C 5S 7C 6H")  # fmt: skip


def test_trapper_hides_a_strong_hand_until_the_last_trick_springs_the_trap_and_bluffs_with_junk():
    assert actions("trapper", STRONG_LEAD) == {PLAY}
    assert actions("trapper", ZAP_LAST) == {RAISE}
    assert actions("trapper", answering("QC QH 3S")) == {RAISE}
    assert actions("trapper", answering("4C 5H 6S")) == {RUN}
    assert actions("trapper", Puzzle("middling", "", "7D", ("2C KH 6S", *OTHERS), "")) == {PLAY}
    bluffs = [make_bot("trapper", seed=s).act(JUNK_LEAD.position()).type for s in SEEDS]
    assert 0.1 <= bluffs.count(RAISE) / len(bluffs) <= 0.5


def test_chameleon_is_tight_and_loose_by_turns_two_hands_each():
    def acts(hand_number: int, puzzle: Puzzle) -> list[str]:
        seen = puzzle.position()._replace(hand_number=hand_number)
        return [make_bot("chameleon", seed=s).act(seen).type for s in SEEDS]

    assert RAISE not in acts(0, JUNK_LEAD) and set(acts(1, answering("3C 3H 2S"))) == {RUN}
    assert 0.15 <= acts(2, JUNK_LEAD).count(RAISE) / len(SEEDS) <= 0.6 and RUN not in acts(3, answering("2C KH 6S"))
    assert RAISE not in acts(4, JUNK_LEAD)


def test_desperado_is_loose_while_behind_and_tight_level_or_ahead():
    def acts(score: tuple[int, int], puzzle: Puzzle) -> list[str]:
        return [make_bot("desperado", seed=s).act(replace(puzzle, score=score).position()).type for s in SEEDS]

    assert 0.15 <= acts((3, 6), JUNK_LEAD).count(RAISE) / len(SEEDS) <= 0.6
    assert RUN not in acts((3, 6), answering("2C KH 6S"))
    assert RAISE not in acts((6, 6), JUNK_LEAD) + acts((8, 2), JUNK_LEAD)
    assert set(acts((6, 3), answering("3C 3H 2S"))) == {RUN}


def test_malandro_bluffs_against_runners_answers_loose_against_raisers_and_is_tight_otherwise():
    def acts(puzzle: Puzzle, **seen: int) -> list[str]:
        bots = [make_bot("malandro", seed=s) for s in SEEDS]
        for bot in bots:
            bot.model = OpponentModel(**seen)
        return [bot.act(puzzle.position()).type for bot in bots]

    assert 0 < acts(JUNK_LEAD).count(RAISE) / len(SEEDS) < 0.3  # nothing seen yet: a probing bluff now and then
    assert set(acts(answering("3C 3H 2S"))) == {RUN}  # and tight answers
    assert 0.15 <= acts(JUNK_LEAD, ran=8).count(RAISE) / len(SEEDS) <= 0.6  # they ran from 8 raises of 8
    assert RAISE not in acts(JUNK_LEAD, accepted=8)
    assert RUN not in acts(answering("2C KH 6S"), hands=8, raises=12)  # 1.5 raises a hand
    assert RUN not in acts(answering("2C KH 6S"), shown=4, weak=3)  # 3 of 4 raises shown were bluffs
    assert set(acts(answering("3C 3H 2S"), hands=8, raises=4)) == {RUN}


@pytest.mark.parametrize(("opponent", "reading"), [("timid", "bluff"), ("maniac", "loose"), ("tight", "tight")])
def test_malandro_reads_its_opponents_over_a_match(opponent, reading):
    """Over a few matches a player who runs from raises draws its bluffs, one who raises at every chance its
    loose answers; against a tight player it stays tight."""
    bots = {0: make_bot("malandro", seed=1), 1: make_bot(opponent, seed=3), 2: make_bot("malandro", seed=2)}
    malandro = bots[0]
    for seed in (7, 8, 9):  # the same players, three matches
        play_match({**bots, 3: make_bot(opponent, seed=4)}, seed)
    bet = malandro.bet
    assert (bet.bluff > 0, bet.answers == "loose") == (reading == "bluff", reading == "loose")
