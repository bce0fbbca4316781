"""Nickname keys: what bans (and unique names) compare, in every script.

A key is the nickname folded as people read it: Unicode compatibility forms and
case folded (NFKC, casefold), spaces, punctuation, invisible characters and
the Arabic tatweel dropped, accents on Latin letters dropped, and every character replaced by its
prototype in the confusables data of Unicode TS #39 (the skeleton), so that
names that look alike get the same key and names that differ keep different ones.

>>> name_key("Malandro") == name_key("Mаlandro") == name_key("M a l a n d r o") == name_key("MALANDRÖ")
True
>>> name_key("张三") == name_key("李四")
False
>>> name_key("Иван") != "" and name_key("😀😀") != name_key("😀")
True
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables

#: the package wraps right-to-left characters in LEFT-TO-RIGHT MARKs for display
_LRM = "\u200e"
#: categories dropped from a key: separators, punctuation, controls and invisible formatting
_DROPPED = ("Z", "P", "C")
#: letters that only stretch a word: the Arabic tatweel
_STRETCH = "\u0640"


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character -> its prototype (TS #39 ``confusables.txt``, via confusable-homoglyphs).

    The package lists, for a prototype, all of its look-alikes, and for any other
    character, its prototype alone; a pair listing only each other maps to the lower one.
    """
    data = {k.replace(_LRM, ""): v for k, v in confusables.confusables_data.items()}
    out: dict[str, str] = {}
    for char, entries in data.items():
        if len(char) != 1 or len(entries) != 1:
            continue
        target = entries[0]["c"].replace(_LRM, "")
        back = data.get(target, [])
        if len(back) == 1 and back[0]["c"].replace(_LRM, "") == char:
            target = min(char, target)
        if target != char:
            out[char] = target
    return out


def skeleton(text: str) -> str:
    """The TS #39 skeleton: NFD, each character by its prototype, NFD again."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)))


def _unaccented(text: str) -> str:
    """``text`` (in NFD) without the combining marks that follow an ASCII letter."""
    out: list[str] = []
    for c in text:
        if unicodedata.category(c) == "Mn" and out and out[-1].isascii():
            continue
        out.append(c)
    return "".join(out)


def name_key(nickname: str) -> str:
    """The key of a nickname: equal for names that read alike (see the module's doc); never empty
    for a non-empty name (a name of punctuation alone keeps its punctuation)."""
    folded = unicodedata.normalize("NFKC", nickname).casefold()
    kept = "".join(c for c in folded if unicodedata.category(c)[0] not in _DROPPED and c not in _STRETCH)
    kept = kept or folded.strip() or folded
    return unicodedata.normalize("NFC", skeleton(_unaccented(unicodedata.normalize("NFD", kept))).casefold())
