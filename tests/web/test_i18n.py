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


def account_words() -> dict[str, set[str]]:
    """The keys of each language in account_words.js (the account pages keep their words there)."""
    source = (STATIC / "js" / "account_words.js").read_text(encoding="utf-8")
    parts = re.split(r'^  "?([\w-]+)"?: \{$', source, flags=re.M)[1:]
    return {
        lang: set(re.findall(r'^    "?([\w-]+)"?:', body, re.M))
        for lang, body in zip(parts[::2], parts[1::2], strict=True)
    }


def test_every_language_has_every_text():
    pt = table("PT")
    assert len(pt) > 150
    assert table("EN") == pt
    assert table("ES") == pt
    words = account_words()
    assert set(words) == {"pt-BR", "en", "es"} and len(words["pt-BR"]) > 50
    assert words["en"] == words["es"] == words["pt-BR"]
    assert not words["pt-BR"] & pt, "the account pages' words do not replace the client's"


def test_every_text_the_client_asks_for_exists():
    pt = table("PT") | account_words()["pt-BR"]
    asked = set()
    for path in (STATIC / "js").glob("*.js"):
        asked |= set(re.findall(r'\bt\("(\w+)"', path.read_text(encoding="utf-8")))
    asked |= set(re.findall(r'data-i18n(?:-label)?="(\w+)"', (STATIC / "index.html").read_text(encoding="utf-8")))
    assert asked <= pt, f"missing texts: {asked - pt}"
