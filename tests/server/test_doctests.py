"""The examples in the server's docstrings (CI collects doctests under src/truco/engine only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "accounts",
    "admin",
    "edge",
    "errors",
    "hub",
    "identity",
    "limits",
    "matchmaking",
    "names",
    "ratings",
    "relay",
    "state",
    "store",
    "table",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"truco.server.{name}")
    failed, attempted = doctest.testmod(module)
    assert attempted and not failed
