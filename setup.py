"""Optional: compile the engine's inner loop with mypyc, as black and mypy ship.

    pip install mypy && TRUCO_MYPYC=1 pip install --no-build-isolation .

The same source runs as pure Python by default (``pip install -e .``).
"""

import os

from setuptools import setup

COMPILED = [
    "src/truco/engine/actions.py",
    "src/truco/engine/cards.py",
    "src/truco/engine/deals.py",
    "src/truco/engine/events.py",
    "src/truco/engine/match.py",
    "src/truco/engine/rules.py",
]

ext_modules = []
if os.environ.get("TRUCO_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
