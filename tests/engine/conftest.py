"""Lets the engine tests import their shared helpers (``engine_helpers``)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
