"""The English chrome check: which strings of the English catalogue (elicit_gen/i18n/locales/
elicit_gen.pot, every message elicit-gen writes into a form) are left in a text a form showed.

A message is split at its ``{placeholders}``; each fragment that still holds an English word
(two letters or more, other than the names of keys, formats and protocols a Chinese form shows
as they are: Enter, Esc, YYYY-MM-DD, URL, ...) must not occur in a zh-CN form's text, as a whole
word sequence (case-sensitive)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "elicit_gen" / "i18n" / "locales" / "elicit_gen.pot"

#: Words a localised form shows in Latin letters on purpose: key names, format patterns,
#: protocol and unit names, example addresses (a zh-CN catalogue keeps them).
_ALLOWED_WORDS = """
    Enter Esc Escape Tab Shift Ctrl Space Backspace Up Down PgUp PgDn Home End Alt F1
    Y N y n s b q YYYY MM DD hh mm ss T Z UTC URI URL HTTPS HTTP http https JSON ID MCP IDN IP DNS
    name example com page none
"""
ALLOWED = frozenset(_ALLOWED_WORDS.split())
_PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")
_WORD = re.compile(r"[A-Za-z]{2,}")


@cache
def catalogue() -> tuple[str, ...]:
    """Every English message (plural messages: both forms)."""
    from babel.messages.pofile import read_po

    with POT.open("rb") as handle:
        messages = read_po(handle)
    out: list[str] = []
    for message in messages:
        if message.id:
            out.extend(message.id if isinstance(message.id, tuple) else [message.id])
    return tuple(out)


@cache
def fragments() -> tuple[str, ...]:
    """The fragments of the catalogue's messages that hold an English word."""
    found: set[str] = set()
    for message in catalogue():
        for piece in _PLACEHOLDER.split(message):
            piece = piece.strip(" .,:;!?()[]\"'-/\n")
            if any(w not in ALLOWED for w in _WORD.findall(piece)):
                found.add(piece)
    return tuple(sorted(found, key=len, reverse=True))


def english_chrome(text: str) -> list[str]:
    """The English catalogue fragments that occur in ``text`` (as whole words)."""
    return [
        piece
        for piece in fragments()
        if re.search(r"(?<![A-Za-z])" + re.escape(piece) + r"(?![A-Za-z])", text)
    ]
