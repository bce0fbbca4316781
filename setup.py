"""Build: a regular install compiles the engine's inner loop (with the search bots' rollouts, hand-strength
measure and pricing of their bets, the research layout's integer work and the PettingZoo environment's protocol
every turn) with mypyc, as black and mypy ship;
an editable install (``pip install -e .``, for development) stays pure Python. Both run the same
source, and CI runs the engine's tests on both.

``TRUCO_MYPYC=0`` forces pure Python (e.g. on a machine without a C compiler); ``TRUCO_MYPYC=1``
forces the compiled build.
"""

import os
import sys

from setuptools import setup

COMPILED = [
    "src/truco/engine/actions.py",
    "src/truco/engine/cards.py",
    "src/truco/engine/deals.py",
    "src/truco/engine/determinize.py",
    "src/truco/engine/events.py",
    "src/truco/engine/match.py",
    "src/truco/engine/rules.py",
    "src/truco/engine/states.py",
    "src/truco/engine/views.py",
    # the search bots' inner loop: their rollouts and hand-strength measure, and the pricing of their bets
    "src/truco/bots/betting.py",
    "src/truco/bots/knowledge.py",
    "src/truco/bots/nested.py",
    "src/truco/bots/quick.py",
    # an environment step's plain-integer work: no numpy nor OpenSpiel in it, so it builds without them
    "src/truco/research/layout.py",
    # and PettingZoo's protocol every turn (a native class, the environment's first base): it imports numpy, which
    # need not be installed to build it (pyproject.toml: mypy then reads numpy as untyped)
    "src/truco/research/turns.py",
]


def compile_engine() -> bool:
    flag = os.environ.get("TRUCO_MYPYC")
    if flag is not None:
        return flag == "1"
    return "bdist_wheel" in sys.argv


ext_modules = []
if compile_engine():
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
