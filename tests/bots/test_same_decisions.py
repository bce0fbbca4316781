"""The search bots' decisions, pinned: a few arena games of ``search`` (medium and hard) against ``search1``
played from fixed seeds must give exactly the records they gave when these digests were taken (SHA-256 of the
record, first 16 hex digits).

The digests were recorded from the code before its speed-ups (the compiled bots, the library's draws compiled),
so every speed-up provably changes no decision. A change that means to change a decision (a better bet, a new
method at ``hard``) records the new digests here, and says so: ``hard``'s were recorded again when it stopped
solving its draws with open cards for four times the draws; ``medium``'s first game when the bot began to price
its gambles by the share of the match's hands it had won (its edge); every game but ``hard``'s short one when
medium and hard began to draw more where the inference thins the draws (``weighed_draws``), and three of
them again when plays within one effective draw of the best began to count as equally good; the signals game
again when the prior trust in the partner's silence rose from 0.90 to 0.98; five of them when a run with the
partner yet to answer began to pass the answer to it (``PartnerAnswer``); all eight when accepting a raise began
to count the raise it lets us ask after the trick; six of them when the rollouts began to lead the weakest card
(``low_leads``) and the inference stopped reading leads; ``hard``'s two when it went back to ``medium``'s draws
and began to ask a nested search's answers before each raise (``truco.bots.nested``); the signals game when a
bot began to tell its partner only the zap (``truco.bots.signals.told_manilhas``); four of them when the engine
began to seal the first of two answers to a raise until the second is given (both answer at the same time), so
that the second to answer no longer reads the first's; all but the 1v1 game when ``medium`` and ``hard`` went from
96 draws a decision to 192; ``hard``'s short one when its nested answers began to veto its raises back too.
``search1`` is the yardstick: its code never changes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from truco.arena import PairSpec, Signals, play_game

#: (case, spec, pair, game, digest)
GAMES = [
    ("medium", PairSpec("search", "search1", "paulista", 7), 0, 0, "5201cb2f7fbe7ffc"),
    ("medium, other seats", PairSpec("search", "search1", "paulista", 7), 0, 1, "1526f2623608d4e7"),
    ("medium, long", PairSpec("search", "search1", "paulista", 31), 0, 0, "e8c60143f2c1de50"),
    ("hard", PairSpec("search:hard", "search1", "paulista", 7), 1, 0, "8f0dde77fe480f1b"),
    ("hard, long", PairSpec("search:hard", "search1", "paulista", 37), 3, 1, "2a2e7c5ff54b2e7b"),
    ("signals", PairSpec("search", "search1", "paulista", 11, signals=Signals.BOTH), 2, 0, "a712d99e46f7906f"),
    ("1v1", PairSpec("search", "search1", {"profile": "paulista", "players": 2}, 13), 0, 0, "50c04d2de847ae7c"),
    ("mineiro", PairSpec("search", "search1", "mineiro", 17), 0, 1, "97b810cac166df17"),
]


@pytest.mark.parametrize(("spec", "pair", "game", "digest"), [g[1:] for g in GAMES], ids=[g[0] for g in GAMES])
def test_search_decides_as_recorded(tmp_path: Path, spec: PairSpec, pair: int, game: int, digest: str) -> None:
    spec = PairSpec(spec.a, spec.b, spec.rules, spec.seed, records=str(tmp_path), signals=spec.signals)
    play_game(spec, pair, game)
    record = (tmp_path / f"pair-{pair:05d}-game-{game}.json").read_bytes()
    assert hashlib.sha256(record).hexdigest()[:16] == digest
