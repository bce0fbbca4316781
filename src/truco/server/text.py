"""Text from clients, made clean before it is stored or sent.

JSON lets a client send a lone surrogate (``"\\ud800"``): valid JSON, but no
UTF-8 can carry it, so a frame holding it cannot be sent to anyone. Every frame
and HTTP body is checked for them as it arrives (``check_strings``), and every
text a person writes for others (nickname, chat, report reason) goes through
``clean_text``: valid Unicode, NFC, no control characters, within its length.

>>> clean_text("  Ola\\u0301 ", "text", 10)  # o + combining acute -> ó
'Olá'
>>> clean_text("oi \\ud800", "text", 10)
Traceback (most recent call last):
...
truco.server.text.TextError: text: o texto tem um caractere inválido (Unicode mal formado)
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum

#: Characters that reorder the text around them on screen (bidi embeddings, overrides, isolates).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class Problem(StrEnum):
    NOT_TEXT = "not_text"
    INVALID = "invalid_unicode"
    CONTROL = "control_character"
    EMPTY = "empty"
    TOO_LONG = "too_long"


class TextError(ValueError):
    """A text refused: the message says which and why, for the person who sent it."""

    def __init__(self, problem: Problem, message: str) -> None:
        super().__init__(message)
        self.problem = problem


def is_valid_unicode(text: str) -> bool:
    """Whether ``text`` can be encoded as UTF-8 (it holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_strings(obj: object, where: str = "message") -> None:
    """Raise ``TextError`` if any string of a JSON value (keys included) is not valid Unicode."""
    if isinstance(obj, str):
        if not is_valid_unicode(obj):
            raise TextError(Problem.INVALID, f"{where}: o texto tem um caractere inválido (Unicode mal formado)")
    elif isinstance(obj, dict):
        for key, value in obj.items():
            check_strings(key, where)
            check_strings(value, f"{where}.{key}" if is_valid_unicode(str(key)) else where)
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            check_strings(value, f"{where}[{i}]")


def clean_text(raw: object, what: str, limit: int, *, allow_empty: bool = False) -> str:
    """``raw`` as valid Unicode in NFC, trimmed, of 1..``limit`` characters (0 with
    ``allow_empty``), without control characters; else ``TextError`` naming ``what``."""
    if not isinstance(raw, str):
        raise TextError(Problem.NOT_TEXT, f"{what}: é preciso um texto")
    check_strings(raw, what)
    text = unicodedata.normalize("NFC", raw).strip()
    if any(unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS for ch in text):
        raise TextError(
            Problem.CONTROL, f"{what}: o texto não pode ter caracteres de controle (quebra de linha, tabulação...)"
        )
    if not text and not allow_empty:
        raise TextError(Problem.EMPTY, f"{what}: o texto não pode ser vazio")
    if len(text) > limit:
        raise TextError(Problem.TOO_LONG, f"{what}: texto longo demais (máximo {limit} caracteres)")
    return text
