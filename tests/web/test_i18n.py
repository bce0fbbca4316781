"""Every text of the client exists in Brazilian Portuguese, English and Spanish (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "truco" / "web" / "static"


def table(name: str) -> set[str]:
    """The keys of one language's table in i18n.js."""
    source = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
    start = source.index(f"const {name} = {{")
    return set(re.findall(r"^  (\w+):", source[start : source.index("\n};", start)], re.M))


def test_every_language_has_every_text():
    pt = table("PT")
    assert len(pt) > 150
    assert table("EN") == pt
    assert table("ES") == pt


def test_every_text_the_client_asks_for_exists():
    pt = table("PT")
    asked = set()
    for path in (STATIC / "js").glob("*.js"):
        asked |= set(re.findall(r'\bt\("(\w+)"', path.read_text(encoding="utf-8")))
    asked |= set(re.findall(r'data-i18n(?:-label)?="(\w+)"', (STATIC / "index.html").read_text(encoding="utf-8")))
    assert asked <= pt, f"missing texts: {asked - pt}"
